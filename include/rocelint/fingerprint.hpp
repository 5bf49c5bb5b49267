#pragma once
// Stable finding identities: the same problem keeps its fingerprint when unrelated lines of a
// file move, so baselines, diffs and code-scanning alerts survive edits.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_gate)
#error "layer rule: this library may not include rocelint/fingerprint.hpp (docs/architecture.md#layers)"
#endif

#include <string>

#include "rocelint/engine.hpp"
#include "rocelint/finding.hpp"

namespace rocelint {

/// The path of `file` relative to `root`, '/'-separated ("" root: the current directory).
/// A file outside root keeps its normalised path.
std::string relativePath(const std::string& file, const std::string& root);

/// What a fingerprint takes from a location: the origin text ("default:" before a default's).
std::string originKey(const SourceRef& src);

/// 16 hex digits (FNV-1a 64) over rule id, switch, port, priority, the finding's file relative
/// to the fabric root and its typed origin (originKey). Line, column, line text and message
/// wording are left out.
std::string fingerprintOf(const Finding& finding, const std::string& relative_file);

/// Sets Finding::fingerprint on every finding of the report (reported, suppressed, baselined).
void assignFingerprints(Report& report, const std::string& root);

}  // namespace rocelint
