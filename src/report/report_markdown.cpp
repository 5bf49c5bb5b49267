// Markdown for a pull-request comment (GitHub / GitLab flavoured): short, counts first, details
// collapsed.

#include <fmt/format.h>

#include <map>

#include "report_common.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace rocelint {
namespace {

// Table cells: no pipes, no raw HTML, no line breaks.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '|':
        out += "\\|";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '\n':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

int count(const std::map<std::string, int>& by_severity, const char* name) {
  auto it = by_severity.find(name);
  return it == by_severity.end() ? 0 : it->second;
}

class MarkdownWriter {
 public:
  MarkdownWriter(std::ostream& out, const MarkdownOptions& options) : out_(out), options_(options) {}

  void familyTable(const std::map<std::string, std::map<std::string, int>>& by_family) {
    if (by_family.empty()) return;
    out_ << "| family | errors | warnings | notes |\n|---|---:|---:|---:|\n";
    for (const auto& [family, counts] : by_family) {
      out_ << fmt::format("| {} ({}) | {} | {} | {} |\n", family, familyDescription(family), count(counts, "error"),
                          count(counts, "warning"), count(counts, "note"));
    }
    out_ << '\n';
  }

  // Findings grouped by switch (in order of first appearance), each switch collapsed.
  void bySwitch(const std::vector<const Finding*>& findings, bool open) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<const Finding*>> groups;
    for (const Finding* f : findings) {
      std::string name = f->switch_name.empty() ? "(fabric)" : f->switch_name;
      if (!groups.count(name)) order.push_back(name);
      groups[name].push_back(f);
    }
    for (const std::string& name : order) {
      const auto& list = groups[name];
      out_ << fmt::format("<details{}><summary><b>{}</b>: {} finding(s)</summary>\n\n", open ? " open" : "", cell(name),
                          list.size());
      out_ << "| severity | rule | port | priority | location | message |\n|---|---|---|---|---|---|\n";
      for (const Finding* f : list) {
        if (written_ == options_.max_findings) {
          ++left_out_;
          continue;
        }
        ++written_;
        std::string where = "";
        if (f->location.known()) {
          where = relativePath(f->location.file(), options_.source_root);
          if (f->location.line > 0) where += fmt::format(":{}", f->location.line);
          where = fmt::format("`{}`", where);
        }
        std::string message = cell(f->message);
        if (!f->fix.empty()) message += fmt::format("<br>fix: {}", cell(f->fix));
        out_ << fmt::format("| {} | {} | {} | {} | {} | {} |\n", severityName(f->severity), f->rule, cell(f->port),
                            f->priority ? std::to_string(*f->priority) : "", where, message);
      }
      out_ << "\n</details>\n\n";
    }
  }

  void footer() {
    if (left_out_ > 0) {
      out_ << fmt::format("_{} more finding(s) not listed to keep this comment short; see the full report._\n\n",
                          left_out_);
    }
    out_ << fmt::format("<sub>rocelint {}</sub>\n", ROCELINT_VERSION);
  }

 private:
  std::ostream& out_;
  const MarkdownOptions& options_;
  std::size_t written_ = 0;
  std::size_t left_out_ = 0;
};

std::vector<const Finding*> pointers(const std::vector<Finding>& findings) {
  std::vector<const Finding*> out;
  for (const Finding& f : findings) out.push_back(&f);
  return out;
}

}  // namespace

void writeMarkdown(const Report& report, std::ostream& out, const MarkdownOptions& options) {
  const Summary& s = report.summary;
  bool failing = false;
  for (const Finding& f : report.findings) failing = failing || f.severity >= options.fail_on;
  out << fmt::format("### rocelint: {}\n\n", failing ? "failed" : "passed");
  out << fmt::format("**{}** error(s), **{}** warning(s), **{}** note(s) on {} switch(es), {} link(s), {} file(s).",
                     count(s.by_severity, "error"), count(s.by_severity, "warning"), count(s.by_severity, "note"),
                     s.switches, s.links, s.files);
  if (s.suppressed > 0) out << fmt::format(" {} suppressed by the configuration.", s.suppressed);
  if (s.baselined > 0) out << fmt::format(" {} accepted by the baseline.", s.baselined);
  if (!report.stale_baseline.empty()) {
    out << fmt::format(" {} baseline {} no longer occur{}.", report.stale_baseline.size(),
                       report.stale_baseline.size() == 1 ? "entry" : "entries",
                       report.stale_baseline.size() == 1 ? "s" : "");
  }
  out << "\n\n";
  MarkdownWriter writer(out, options);
  writer.familyTable(s.by_family);
  writer.bySwitch(pointers(report.findings), false);
  if (!report.suppressed.empty()) {
    out << fmt::format("<details><summary>{} suppressed finding(s)</summary>\n\n", report.suppressed.size());
    out << "| rule | where | reason |\n|---|---|---|\n";
    for (const SuppressedFinding& sf : report.suppressed) {
      out << fmt::format("| {} | {} | {} |\n", sf.finding.rule, cell(report::subject(sf.finding)), cell(sf.reason));
    }
    out << "\n</details>\n\n";
  }
  writer.footer();
}

void writeMarkdown(const DiffReport& diff, std::ostream& out, const MarkdownOptions& options) {
  bool failing = false;
  for (const Finding& f : diff.introduced) failing = failing || f.severity >= options.fail_on;
  out << fmt::format("### rocelint diff: {}\n\n", failing ? "failed" : "passed");
  out << fmt::format("**{}** introduced, **{}** fixed, **{}** unchanged.\n\n", diff.introduced.size(),
                     diff.fixed.size(), diff.unchanged.size());
  MarkdownWriter writer(out, options);
  if (!diff.introduced.empty()) {
    out << "#### Introduced\n\n";
    writer.bySwitch(pointers(diff.introduced), true);
  }
  if (!diff.fixed.empty()) {
    out << "#### Fixed\n\n";
    writer.bySwitch(pointers(diff.fixed), false);
  }
  if (!diff.unchanged.empty()) {
    out << fmt::format("<details><summary>{} unchanged finding(s)</summary>\n\n", diff.unchanged.size());
    out << "| severity | rule | where |\n|---|---|---|\n";
    for (const Finding& f : diff.unchanged) {
      out << fmt::format("| {} | {} | {} |\n", severityName(f.severity), f.rule, cell(report::subject(f)));
    }
    out << "\n</details>\n\n";
  }
  writer.footer();
}

}  // namespace rocelint
