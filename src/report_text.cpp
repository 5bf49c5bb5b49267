#include <fmt/format.h>

#include "rocelint/report.hpp"

namespace rocelint {
namespace {

std::string place(const SourceRef& src) {
  if (!src.known()) return "<fabric>";
  return src.line > 0 ? fmt::format("{}:{}", src.file(), src.line) : src.file();
}

const char* colorOf(Severity severity) {
  switch (severity) {
    case Severity::Error: return "\033[1;31m";
    case Severity::Warning: return "\033[1;35m";
    case Severity::Note: return "\033[1;36m";
  }
  return "";
}

}  // namespace

void writeText(const Report& report, std::ostream& out, const TextOptions& options) {
  const char* bold = options.color ? "\033[1m" : "";
  const char* reset = options.color ? "\033[0m" : "";
  for (const Finding& f : report.findings) {
    out << fmt::format("{}{}:{} {}{}[{}]{}: {}\n", bold, place(f.location), reset, options.color ? colorOf(f.severity) : "",
                       severityName(f.severity), f.rule, reset, f.message);
    for (const RelatedLocation& r : f.related) out << fmt::format("  {}: note: {}\n", place(r.src), r.message);
    if (!f.fix.empty()) out << fmt::format("  fix: {}\n", f.fix);
  }
  const Summary& s = report.summary;
  auto count = [&](const char* name) {
    auto it = s.by_severity.find(name);
    return it == s.by_severity.end() ? 0 : it->second;
  };
  out << fmt::format("rocelint: {} file(s), {} switch(es), {} link(s), {} host port(s): {} error(s), {} warning(s), {} note(s)\n",
                     s.files, s.switches, s.links, s.hosts, count("error"), count("warning"), count("note"));
  if (!s.coverage.empty()) {
    int lines = 0;
    int parsed = 0;
    for (const ParseCoverage& c : s.coverage) lines += c.qos_lines, parsed += c.qos_lines_parsed;
    out << fmt::format("rocelint: parsed {} of {} QoS-related lines in {} vendor CLI file(s)\n", parsed, lines,
                       s.coverage.size());
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

}  // namespace rocelint
