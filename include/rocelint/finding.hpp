#pragma once
// Findings: what rules report and reporters print.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_rules)
#error "layer rule: this library may not include rocelint/finding.hpp (docs/architecture.md#layers)"
#endif

#include <optional>
#include <string>
#include <vector>

#include "rocelint/fix_action.hpp"
#include "rocelint/source.hpp"

namespace rocelint {

enum class Severity { Note = 0, Warning = 1, Error = 2 };

const char* severityName(Severity severity);
/// Parses "error" / "warning" / "note"; nullopt otherwise.
std::optional<Severity> parseSeverity(const std::string& text);

/// A location related to a finding (the other end of a link, a referenced profile, ...).
struct RelatedLocation {
  std::string message;
  SourceRef src;
};

/// One problem found in the fabric.
struct Finding {
  std::string rule;
  Severity severity = Severity::Error;
  std::string message;
  std::string switch_name;
  std::string port;
  std::optional<int> priority;
  SourceRef location;
  std::vector<RelatedLocation> related;
  std::string fix;
  /// What the rule asks to change, in model nouns; the engine words it into `fix` in the format of
  /// the finding's switch (without one, `fix` is the rule's own advice).
  std::optional<FixAction> fix_action;
  /// Stable identity across line shifts (see fingerprint.hpp); empty until assigned.
  std::string fingerprint;
};

/// A finding recorded in a baseline file (or read back from one).
struct BaselineEntry {
  std::string fingerprint;
  std::string rule;
  std::string switch_name;
  std::string port;
  std::optional<int> priority;
  std::string file;  ///< relative to the fabric root
  std::string message;
};

/// Deterministic order: file, line, rule, switch, port, priority, message.
bool findingLess(const Finding& a, const Finding& b);

}  // namespace rocelint
