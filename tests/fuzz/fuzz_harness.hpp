#pragma once
// One entry point per parser for fuzzing (tests/fuzz, docs/reliability.md#fuzzing): each runs the
// input through the same code a fabric file, the configuration or a baseline goes through, and
// returns normally when the input is accepted or rejected with a located error. Anything else (a
// crash, a sanitizer report, an exception that is not an input error) is a finding.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rocelint::fuzz {

/// The targets, by name ("config_db", "eos", ...).
const std::vector<std::string>& targets();

/// The file name a target's input is given (its extension picks JSON or text where that matters).
std::string fileNameOf(std::string_view target);

/// True when `target` reaches code: a format target names at least one registered format, the
/// others (json, rocelint_yaml, baseline, check) always do.
bool reachesParser(std::string_view target);

/// Runs one input through `target`. Throws std::invalid_argument for an unknown target name.
void runOne(std::string_view target, const std::uint8_t* data, std::size_t size);

}  // namespace rocelint::fuzz
