#include "rocelint/diff.hpp"

#include <map>

namespace rocelint {

DiffReport diffReports(Report before, Report after) {
  DiffReport diff;
  std::map<std::string, int> old_count;
  for (const Finding& f : before.findings) ++old_count[f.fingerprint];
  for (const Finding& f : after.findings) {
    auto it = old_count.find(f.fingerprint);
    if (it != old_count.end() && it->second > 0) {
      --it->second;
      diff.unchanged.push_back(f);
    } else {
      diff.introduced.push_back(f);
    }
  }
  std::map<std::string, int> new_count;
  for (const Finding& f : after.findings) ++new_count[f.fingerprint];
  for (const Finding& f : before.findings) {
    auto it = new_count.find(f.fingerprint);
    if (it != new_count.end() && it->second > 0) {
      --it->second;
    } else {
      diff.fixed.push_back(f);
    }
  }
  diff.before = std::move(before);
  diff.after = std::move(after);
  return diff;
}

}  // namespace rocelint
