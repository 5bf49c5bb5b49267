#pragma once
// Which files under a fabric directory are inputs (.rocelint.yaml `paths`).

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_util)
#error "layer rule: this library may not include rocelint/path_filter.hpp (docs/architecture.md#layers)"
#endif

#include <string>
#include <vector>

namespace rocelint {

/// Which files found under a directory argument are read: globs over the path relative to
/// that directory ('*' also matches '/'). Empty include means everything; exclude wins.
struct PathFilter {
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  /// The checked directory's path below the configuration's own directory, '/'-terminated ("" when
  /// the configuration sits in the checked directory): a `.rocelint.yaml` found further up the tree
  /// writes its globs relative to itself, so they match `base` + the relative path.
  std::string base;

  [[nodiscard]] bool accepts(const std::string& relative_path) const;
};

}  // namespace rocelint
