#pragma once
// Loads a fabric from files and directories: detects formats, merges files per switch,
// builds links and hosts.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_load)
#error "layer rule: this library may not include rocelint/loader.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "input_limits.hpp"
#include "rocelint/diagnostics.hpp"
#include "rocelint/model.hpp"
#include "rocelint/path_filter.hpp"

namespace rocelint {

/// Called after each input file is read: (files done, files in total).
using LoadProgress = std::function<void(std::size_t, std::size_t)>;

/// Loads every recognised file under the given paths (files or directories).
Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress = {});
/// Same, reading only the files of directory arguments that the filter accepts.
Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress, const PathFilter& filter);

/// How the directory walk treats what it finds.
struct LoadOptions {
  /// Read files and directories that symbolic links inside the fabric lead to outside of it
  /// (configurations from a pull request must not make rocelint read elsewhere by default).
  bool follow_outside_links = false;
  /// Largest file read (docs/reliability.md); a larger one is left out as CFG006, unread.
  std::uint64_t max_file_bytes = limits::kDefaultMaxFileBytes;
  /// Largest fabric loaded (docs/reliability.md): more is an InputError at the entity that passes.
  std::size_t max_switches = limits::kDefaultMaxSwitches;
  std::size_t max_ports = limits::kDefaultMaxPorts;
  std::size_t max_links = limits::kDefaultMaxLinks;
  /// Nesting depth and YAML alias budget of every fabric file (docs/reliability.md).
  limits::ReadLimits read_limits;
  /// Directories of live state, one snapshot each, oldest first (`--state DIR`, docs/audit.md);
  /// state files among the fabric paths are a snapshot before them.
  std::vector<std::string> state_dirs;
};

/// Same, with walk options.
Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress, const PathFilter& filter,
                  const LoadOptions& options);

/// Whether a directory walk reads a regular file of this name (not hidden, not documentation).
bool readByWalk(const std::filesystem::path& path);

/// What the loader makes of one file, recognised by content as in a fabric: the name of its format
/// ("EOS", "SONiC config_db", ...), or nullopt when it is no input rocelint reads (`why` says what
/// it is instead). A file that looks like an input but cannot be read or parsed (malformed JSON, a
/// file over the size limit) counts as one, with `why` saying so: checking it reports the error.
struct FileRecognition {
  std::optional<std::string> format;
  std::string why;
};
FileRecognition recogniseFile(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace rocelint
