#pragma once
// Loads a fabric from files and directories: detects formats, merges files per switch,
// builds links and hosts.

#include <stdexcept>
#include <string>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint {

/// An input that cannot be read at all (malformed JSON, unreadable file). what() is
/// "file:line:col: message" and the CLI exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Loads every recognised file under the given paths (files or directories).
Fabric loadFabric(const std::vector<std::string>& paths);

}  // namespace rocelint
