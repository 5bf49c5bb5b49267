#include <fmt/format.h>

#include "report_common.hpp"
#include "rocelint/report.hpp"

namespace rocelint {

namespace report {

std::string place(const SourceRef& src) {
  if (!src.known()) return "<fabric>";
  if (src.line <= 0) return src.file();
  return src.column > 0 ? fmt::format("{}:{}:{}", src.file(), src.line, src.column)
                        : fmt::format("{}:{}", src.file(), src.line);
}

namespace {

int count(const Summary& s, const char* name) {
  auto it = s.by_severity.find(name);
  return it == s.by_severity.end() ? 0 : it->second;
}

}  // namespace

std::string summaryLine(const Summary& s) {
  return fmt::format(
      "rocelint: {} file(s), {} switch(es), {} link(s), {} host port(s): {} error(s), {} warning(s), {} note(s)",
      s.files, s.switches, s.links, s.hosts, count(s, "error"), count(s, "warning"), count(s, "note"));
}

std::string diffCountsLine(const DiffReport& diff) {
  return fmt::format("rocelint diff: {} introduced, {} fixed, {} unchanged", diff.introduced.size(), diff.fixed.size(),
                     diff.unchanged.size());
}

std::string subject(const Finding& finding) {
  std::string out = finding.switch_name;
  if (!finding.port.empty()) out += (out.empty() ? "" : " ") + finding.port;
  if (finding.priority) out += fmt::format("{}priority {}", out.empty() ? "" : " ", *finding.priority);
  return out.empty() ? "fabric" : out;
}

}  // namespace report

namespace {

using report::place;

const char* colorOf(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "\033[1;31m";
    case Severity::Warning:
      return "\033[1;35m";
    case Severity::Note:
      return "\033[1;36m";
  }
  return "";
}

void writeFinding(const Finding& f, std::ostream& out, const TextOptions& options) {
  const char* bold = options.color ? "\033[1m" : "";
  const char* reset = options.color ? "\033[0m" : "";
  out << fmt::format("{}{}:{} {}{}[{}]{}: {}\n", bold, place(f.location), reset,
                     options.color ? colorOf(f.severity) : "", severityName(f.severity), f.rule, reset, f.message);
  for (const RelatedLocation& r : f.related) out << fmt::format("  {}: note: {}\n", place(r.src), r.message);
  if (!f.fix.empty()) out << fmt::format("  fix: {}\n", f.fix);
}

}  // namespace

void writeText(const Report& report, std::ostream& out, const TextOptions& options) {
  for (const Finding& f : report.findings) writeFinding(f, out, options);
  const Summary& s = report.summary;
  out << report::summaryLine(s) << '\n';
  if (s.suppressed > 0) {
    out << fmt::format(
        "rocelint: {} finding(s) suppressed (.rocelint.yaml or inline comments; --no-suppress shows them)\n",
        s.suppressed);
  }
  if (s.baselined > 0) out << fmt::format("rocelint: {} finding(s) accepted by the baseline\n", s.baselined);
  if (!report.stale_baseline.empty()) {
    out << fmt::format("rocelint: {} baseline {} no longer occur{} (rewrite the baseline to drop them):\n",
                       report.stale_baseline.size(), report.stale_baseline.size() == 1 ? "entry" : "entries",
                       report.stale_baseline.size() == 1 ? "s" : "");
    for (const BaselineEntry& e : report.stale_baseline) {
      out << fmt::format("  {} [{}] {}: {}\n", e.file.empty() ? "<fabric>" : e.file, e.rule, e.fingerprint, e.message);
    }
  }
  if (s.deadlock && !s.deadlock->installed_route_switches.empty()) {
    const auto& names = s.deadlock->installed_route_switches;
    std::string list;
    for (std::size_t i = 0; i < names.size() && i < 5; ++i) list += (list.empty() ? "" : ", ") + names[i];
    if (names.size() > 5) list += fmt::format(" and {} more", names.size() - 5);
    int computed = s.deadlock->computed_route_switches;
    out << fmt::format(
        "rocelint: the deadlock analysis follows the installed routes of {} switch{} ({}){}\n", names.size(),
        names.size() == 1 ? "" : "es", list,
        computed == 0
            ? std::string()
            : fmt::format(" and the routes computed from the configuration of the other {} (mixed)", computed));
  }
  if (s.deadlock && !s.deadlock->worst_storms.empty()) {
    const StormRadius& r = s.deadlock->worst_storms.front();
    out << fmt::format(
        "rocelint: worst PFC storm blast radius: a receiver behind {} {} that stops draining priority {} "
        "can pause {} lossless queues across {} switches\n",
        r.switch_name, r.port, r.priority, r.paused_queues, r.paused_switches);
  }
  if (!s.coverage.empty()) {
    int lines = 0;
    int parsed = 0;
    int not_modelled = 0;
    int unrecognised = 0;
    for (const ParseCoverage& c : s.coverage) {
      lines += c.qos_lines, parsed += c.qos_lines_parsed;
      not_modelled += c.qos_lines_not_modelled, unrecognised += c.qos_lines_unrecognised;
    }
    // The rest is said only when there is one: "parsed 65 of 65" needs no breakdown.
    std::string rest = parsed == lines
                           ? ""
                           : fmt::format(" ({} noted as not modelled, {} not recognised)", not_modelled, unrecognised);
    out << fmt::format("rocelint: parsed {} of {} QoS-related lines in {} vendor CLI file(s){}\n", parsed, lines,
                       s.coverage.size(), rest);
  }
  if (!s.out_of_scope_tables.empty()) {
    int entries = 0;
    std::string names;
    for (const auto& [table, n] : s.out_of_scope_tables) {
      entries += n;
      if (names.size() < 60) names += (names.empty() ? "" : ", ") + table;
    }
    out << fmt::format("rocelint: not analysed (outside rocelint's scope): {} table(s), {} entries ({}{})\n",
                       s.out_of_scope_tables.size(), entries, names, names.size() >= 60 ? ", ..." : "");
  }
}

void writeText(const DiffReport& diff, std::ostream& out, const TextOptions& options) {
  if (!diff.introduced.empty()) {
    out << fmt::format("introduced ({}):\n", diff.introduced.size());
    for (const Finding& f : diff.introduced) writeFinding(f, out, options);
  }
  if (!diff.fixed.empty()) {
    out << fmt::format("fixed ({}):\n", diff.fixed.size());
    for (const Finding& f : diff.fixed) writeFinding(f, out, options);
  }
  out << report::diffCountsLine(diff) << '\n';
  if (diff.after.summary.suppressed > 0) {
    out << fmt::format("rocelint: {} finding(s) of the new version suppressed by the configuration\n",
                       diff.after.summary.suppressed);
  }
}

}  // namespace rocelint
