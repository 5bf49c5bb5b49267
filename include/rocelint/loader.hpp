#pragma once
// Loads a fabric from files and directories: detects formats, merges files per switch,
// builds links and hosts.

#include <functional>
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

/// Called after each input file is read: (files done, files in total).
using LoadProgress = std::function<void(std::size_t, std::size_t)>;

/// Which files found under a directory argument are read: globs over the path relative to
/// that directory ('*' also matches '/'). Empty include means everything; exclude wins.
struct PathFilter {
  std::vector<std::string> include;
  std::vector<std::string> exclude;

  [[nodiscard]] bool accepts(const std::string& relative_path) const;
};

/// Loads every recognised file under the given paths (files or directories).
Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress = {});
/// Same, reading only the files of directory arguments that the filter accepts.
Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress, const PathFilter& filter);

}  // namespace rocelint
