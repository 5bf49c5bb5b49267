#pragma once
// Checks YAML text against the nesting and alias limits before any reader builds a tree of it.

#include <optional>
#include <string>
#include <string_view>

#include "input_limits.hpp"

namespace rocelint::yaml {

/// A limit the text exceeds, at the 1-based position of the collection or alias that exceeds it.
struct LimitFailure {
  int line = 0;
  int column = 0;
  std::string message;
};

/// Reads the text's events once (no tree): collections nested deeper than
/// `limits.max_depth`, aliases that would add more than `limits.max_yaml_alias_nodes` nodes
/// in all, and an alias inside the node its anchor names (a cycle) are failures. A YAML syntax
/// error is not (the caller's own parse reports it), except a stray flow indicator (`,` `]` `}`
/// outside a flow collection) on which yaml-cpp 0.7's own parse would never end ("invalid YAML: ...").
std::optional<LimitFailure> checkLimits(std::string_view text, const limits::ReadLimits& limits = {});

}  // namespace rocelint::yaml
