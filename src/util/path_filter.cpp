#include "rocelint/path_filter.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <string>

namespace rocelint {

bool PathFilter::accepts(const std::string& relative_path) const {
  std::string path = base + relative_path;
  auto matchesAny = [&](const std::vector<std::string>& globs) {
    return std::any_of(globs.begin(), globs.end(),
                       [&](const std::string& glob) { return fnmatch(glob.c_str(), path.c_str(), 0) == 0; });
  };
  if (!include.empty() && !matchesAny(include)) return false;
  return !matchesAny(exclude);
}

}  // namespace rocelint
