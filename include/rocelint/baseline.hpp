#pragma once
// Baselines: the findings a team has accepted for now, recorded by fingerprint, so a gate
// fails only on new problems and shows which accepted ones have gone.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_gate)
#error "layer rule: this library may not include rocelint/baseline.hpp (docs/architecture.md#layers)"
#endif

#include <ostream>
#include <string>
#include <vector>

#include "rocelint/engine.hpp"

namespace rocelint {

/// The entries of a baseline file, sorted by fingerprint.
struct Baseline {
  std::vector<BaselineEntry> entries;
};

/// A baseline of every current finding of the report (reported and already baselined; not
/// suppressed ones, which the configuration accepts). Findings need fingerprints; `root` makes
/// their file names relative.
Baseline makeBaseline(const Report& report, const std::string& root);

/// Writes a baseline as JSON (see docs/output.md).
void writeBaseline(const Baseline& baseline, std::ostream& out);

/// Reads a baseline file; a missing file or a malformed one is an InputError naming file:line.
Baseline readBaseline(const std::string& path);

/// Moves the reported findings whose fingerprint the baseline holds into report.baselined (each
/// entry accepts one finding) and lists the entries nothing matched in report.stale_baseline.
void applyBaseline(Report& report, const Baseline& baseline);

}  // namespace rocelint
