#pragma once
// What a state parser read from one file, before the loader knows the switch and snapshot it is
// part of (parsers/state/*: one module per live-state format; docs/audit.md).

#include <map>
#include <string>
#include <vector>

#include "rocelint/model.hpp"
#include "rocelint/state.hpp"

namespace rocelint::state {

/// One state file, read.
struct StateReading {
  SwitchState state;                    ///< what the file says (ports, routes); files is left empty
  std::vector<InputNote> notes;         ///< wrong values, unknown objects; switch_name filled in on merge
  std::map<std::string, int> not_read;  ///< tables (or object kinds) not read yet -> entries
};

/// Adds `reading` to the state of `switch_name` in one snapshot: ports and routes merge (a later
/// file's value wins), notes get the switch name.
void merge(StateReading reading, SwitchState& into, const std::string& switch_name, std::vector<InputNote>& notes,
           std::map<std::string, int>& not_read);

/// The count a state dump writes as a string ("203") or a number; nullopt when it is not one.
std::optional<std::uint64_t> parseCount(const std::string& text);

}  // namespace rocelint::state
