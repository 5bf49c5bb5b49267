// Markdown for a pull-request comment (GitHub / GitLab flavoured): short, counts first, details
// collapsed.

#include <fmt/format.h>

#include <algorithm>
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

// The comment is built in memory against a character budget (MarkdownOptions::max_chars): a row
// is listed only while the whole comment, with room kept for the closing summary, stays inside
// it; a switch none of whose rows fits is not written at all, and what is left out is counted by
// rule at the end. Rule ids link to their pages; locations link to their lines with a link base.
class MarkdownWriter {
 public:
  explicit MarkdownWriter(const MarkdownOptions& options) : options_(options) {}

  std::string& doc() { return doc_; }

  void familyTable(const std::map<std::string, std::map<std::string, int>>& by_family) {
    if (by_family.empty()) return;
    doc_ += "| family | errors | warnings | notes |\n|---|---:|---:|---:|\n";
    for (const auto& [family, counts] : by_family) {
      doc_ += fmt::format("| {} ({}) | {} | {} | {} |\n", family, familyDescription(family), count(counts, "error"),
                          count(counts, "warning"), count(counts, "note"));
    }
    doc_ += '\n';
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
      std::string head = fmt::format("<details{}><summary><b>{}</b>: {} finding(s)</summary>\n\n", open ? " open" : "",
                                     cell(name), list.size()) +
                         "| severity | rule | port | priority | location | message |\n|---|---|---|---|---|---|\n";
      const std::string tail = "\n</details>\n\n";
      std::string rows;
      for (const Finding* f : list) {
        std::string message = cell(f->message);
        if (!f->fix.empty()) message += fmt::format("<br>fix: {}", cell(f->fix));
        std::string row =
            fmt::format("| {} | {} | {} | {} | {} | {} |\n", severityName(f->severity), ruleLink(f->rule),
                        cell(f->port), f->priority ? std::to_string(*f->priority) : "", location(f->location), message);
        if (written_ == options_.max_findings || !fits(head.size() + rows.size() + row.size() + tail.size())) {
          leftOut(f->rule);
          continue;
        }
        ++written_;
        rows += row;
      }
      if (!rows.empty()) doc_ += head + rows + tail;
    }
  }

  // A collapsed table of short rows (suppressed, unchanged findings) under the same budget.
  void shortTable(const std::string& summary, const std::string& header, const std::vector<std::string>& rows) {
    if (rows.empty()) return;
    std::string head = fmt::format("<details><summary>{}</summary>\n\n{}", summary, header);
    const std::string tail = "\n</details>\n\n";
    std::string body;
    std::size_t left = 0;
    for (const std::string& row : rows) {
      if (!fits(head.size() + body.size() + row.size() + tail.size() + 80)) {
        ++left;
        continue;
      }
      body += row;
    }
    if (left > 0) body += fmt::format("| _{} more not listed_ | | |\n", left);
    if (body.size() > static_cast<std::size_t>(left > 0 ? 30 : 0)) doc_ += head + body + tail;
  }

  std::string ruleLink(const std::string& id) const {
    if (findRule(id) == nullptr) return id;
    return fmt::format("[{}]({}/blob/main/docs/rules/{}.md)", id, ROCELINT_HOMEPAGE, id);
  }

  std::string location(const SourceRef& src) const {
    if (!src.known()) return "";
    std::string path = relativePath(src.file(), options_.source_root);
    std::string text = src.line > 0 ? fmt::format("{}:{}", path, src.line) : path;
    if (options_.link_base.empty() || path.empty() || path.front() == '/' || path.rfind("../", 0) == 0)
      return fmt::format("`{}`", cell(text));
    return fmt::format("[{}]({}{}{})", cell(text), options_.link_base, report::uriEncode(path),
                       src.line > 0 ? fmt::format("#L{}", src.line) : "");
  }

  void footer() {
    if (left_out_ > 0) {
      std::vector<std::pair<std::size_t, std::string>> by_rule;
      for (const auto& [rule, n] : left_by_rule_) by_rule.emplace_back(n, rule);
      std::sort(by_rule.begin(), by_rule.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      std::string rules;
      for (std::size_t i = 0; i < by_rule.size() && i < 20; ++i)
        rules += fmt::format("{}{} {}", i == 0 ? "" : ", ", by_rule[i].second, by_rule[i].first);
      if (by_rule.size() > 20) rules += fmt::format(", and {} more rule(s)", by_rule.size() - 20);
      doc_ += fmt::format(
          "_{} more finding(s) not listed to keep this comment short (at most {} findings and {} characters): {}; "
          "see the full report._\n\n",
          left_out_, options_.max_findings, options_.max_chars, rules);
    }
    doc_ += fmt::format("<sub>rocelint {}</sub>\n", ROCELINT_VERSION);
  }

 private:
  // Room kept for the closing summary of what is left out (at most 20 rules) and the version line.
  static constexpr std::size_t kReserve = 1200;

  [[nodiscard]] bool fits(std::size_t more) const { return doc_.size() + more + kReserve <= options_.max_chars; }
  void leftOut(const std::string& rule) {
    ++left_out_;
    ++left_by_rule_[rule];
  }

  const MarkdownOptions& options_;
  std::string doc_;
  std::size_t written_ = 0;
  std::size_t left_out_ = 0;
  std::map<std::string, std::size_t> left_by_rule_;
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
  MarkdownWriter writer(options);
  std::string& doc = writer.doc();
  doc += fmt::format("### rocelint: {}\n\n", failing ? "failed" : "passed");
  doc += fmt::format("**{}** error(s), **{}** warning(s), **{}** note(s) on {} switch(es), {} link(s), {} file(s).",
                     count(s.by_severity, "error"), count(s.by_severity, "warning"), count(s.by_severity, "note"),
                     s.switches, s.links, s.files);
  if (s.suppressed > 0) doc += fmt::format(" {} suppressed (.rocelint.yaml or inline comments).", s.suppressed);
  if (s.baselined > 0) doc += fmt::format(" {} accepted by the baseline.", s.baselined);
  if (!report.stale_baseline.empty()) {
    doc += fmt::format(" {} baseline {} no longer occur{}.", report.stale_baseline.size(),
                       report.stale_baseline.size() == 1 ? "entry" : "entries",
                       report.stale_baseline.size() == 1 ? "s" : "");
  }
  doc += "\n\n";
  writer.familyTable(s.by_family);
  writer.bySwitch(pointers(report.findings), false);
  std::vector<std::string> rows;
  for (const SuppressedFinding& sf : report.suppressed) {
    rows.push_back(fmt::format("| {} | {} | {} |\n", writer.ruleLink(sf.finding.rule),
                               cell(report::subject(sf.finding)), cell(sf.reason)));
  }
  writer.shortTable(fmt::format("{} suppressed finding(s)", report.suppressed.size()),
                    "| rule | where | reason |\n|---|---|---|\n", rows);
  writer.footer();
  out << doc;
}

void writeMarkdown(const DiffReport& diff, std::ostream& out, const MarkdownOptions& options) {
  bool failing = false;
  for (const Finding& f : diff.introduced) failing = failing || f.severity >= options.fail_on;
  MarkdownWriter writer(options);
  std::string& doc = writer.doc();
  doc += fmt::format("### rocelint diff: {}\n\n", failing ? "failed" : "passed");
  doc += fmt::format("**{}** introduced, **{}** fixed, **{}** unchanged.\n\n", diff.introduced.size(),
                     diff.fixed.size(), diff.unchanged.size());
  if (!diff.introduced.empty()) {
    doc += "#### Introduced\n\n";
    writer.bySwitch(pointers(diff.introduced), true);
  }
  if (!diff.fixed.empty()) {
    std::size_t before = doc.size();
    doc += "#### Fixed\n\n";
    std::size_t heading = doc.size();
    writer.bySwitch(pointers(diff.fixed), false);
    if (doc.size() == heading) doc.resize(before);  // nothing fitted: no empty section
  }
  std::vector<std::string> rows;
  for (const Finding& f : diff.unchanged) {
    rows.push_back(
        fmt::format("| {} | {} | {} |\n", severityName(f.severity), writer.ruleLink(f.rule), cell(report::subject(f))));
  }
  writer.shortTable(fmt::format("{} unchanged finding(s)", diff.unchanged.size()),
                    "| severity | rule | where |\n|---|---|---|\n", rows);
  writer.footer();
  out << doc;
}

}  // namespace rocelint
