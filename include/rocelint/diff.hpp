#pragma once
// Compares the findings of two versions of a fabric: what a change introduces, fixes, keeps.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_gate)
#error "layer rule: this library may not include rocelint/diff.hpp (docs/architecture.md#layers)"
#endif

#include <vector>

#include "rocelint/engine.hpp"

namespace rocelint {

/// Findings of the new version that the old one lacks (introduced), of the old one that are
/// gone (fixed), and of both (unchanged, as found in the new version).
struct DiffReport {
  Report before;
  Report after;
  std::vector<Finding> introduced;
  std::vector<Finding> fixed;
  std::vector<Finding> unchanged;
};

/// Matches the reported findings of both versions by fingerprint (assign them first); each
/// finding matches at most one of the other side, so a duplicated problem counts.
DiffReport diffReports(Report before, Report after);

}  // namespace rocelint
