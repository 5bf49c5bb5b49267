#pragma once
// Loads a fabric from files and directories: detects formats, merges files per switch,
// builds links and hosts.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_load)
#error "layer rule: this library may not include rocelint/loader.hpp (docs/architecture.md#layers)"
#endif

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

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

}  // namespace rocelint
