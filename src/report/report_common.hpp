#pragma once
// What the reporters share: one list of findings with their status, so each format is written
// once for `check` and `diff`.

#include <string>
#include <vector>

#include "rocelint/diff.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/rule.hpp"

namespace rocelint::report {

/// Why a finding is in the output.
enum class Status {
  Reported,    ///< check: reported
  Suppressed,  ///< check: matched by a suppression (reason set)
  Introduced,  ///< diff: new in the new version
  Unchanged,   ///< diff: in both versions
  Fixed,       ///< diff: gone in the new version
};

struct Entry {
  const Finding* finding = nullptr;
  Status status = Status::Reported;
  const SuppressedFinding* suppression = nullptr;
};

/// Reported findings, then suppressed ones, each in report order.
inline std::vector<Entry> entriesOf(const Report& report) {
  std::vector<Entry> entries;
  for (const Finding& f : report.findings) entries.push_back({&f, Status::Reported, nullptr});
  for (const SuppressedFinding& s : report.suppressed) entries.push_back({&s.finding, Status::Suppressed, &s});
  return entries;
}

/// Introduced, unchanged, then fixed findings.
inline std::vector<Entry> entriesOf(const DiffReport& diff) {
  std::vector<Entry> entries;
  for (const Finding& f : diff.introduced) entries.push_back({&f, Status::Introduced, nullptr});
  for (const Finding& f : diff.unchanged) entries.push_back({&f, Status::Unchanged, nullptr});
  for (const Finding& f : diff.fixed) entries.push_back({&f, Status::Fixed, nullptr});
  return entries;
}

/// Findings of these statuses can fail a run (and the exit code).
inline bool gates(Status status) { return status == Status::Reported || status == Status::Introduced; }

/// "file:line:col", "file:line" (no column known) or "file" or "<fabric>".
std::string place(const SourceRef& src);

/// "leaf3 Ethernet0 priority 4" (parts that are empty left out; "fabric" when all are).
std::string subject(const Finding& finding);

/// "rocelint: N file(s), N switch(es), N link(s), N host port(s): N error(s), N warning(s), N note(s)".
std::string summaryLine(const Summary& summary);

/// A rule's PascalCase name, as SARIF's rules[].name and the rule catalogue's JSON give it.
std::string ruleName(const Rule& rule);

/// RFC 3986 percent-encoding of a path: everything but unreserved characters and '/'.
std::string uriEncode(const std::string& path);

/// "rocelint diff: N introduced, N fixed, N unchanged".
std::string diffCountsLine(const DiffReport& diff);

}  // namespace rocelint::report
