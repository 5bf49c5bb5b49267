// JUnit XML (the Ant/Jenkins/GitLab dialect), written with pugixml.

#include <fmt/format.h>

#include <map>
#include <pugixml.hpp>
#include <tuple>

#include "report_common.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace rocelint {
namespace {

using report::Entry;
using report::Status;

// One testcase: every entry of one (rule, switch, port, priority).
struct Case {
  std::vector<const Entry*> entries;
};
using CaseKey = std::tuple<std::string, std::string, int>;  // switch, port, priority (-1: none)

std::string blockOf(const Finding& f) {
  std::string text =
      fmt::format("{}: {}[{}]: {}\n", report::place(f.location), severityName(f.severity), f.rule, f.message);
  for (const RelatedLocation& r : f.related) text += fmt::format("  {}: note: {}\n", report::place(r.src), r.message);
  if (!f.fix.empty()) text += fmt::format("  fix: {}\n", f.fix);
  return text;
}

const char* statusWord(Status status) {
  switch (status) {
    case Status::Reported:
      return "reported";
    case Status::Suppressed:
      return "suppressed";
    case Status::Introduced:
      return "introduced by this change";
    case Status::Unchanged:
      return "unchanged (present before this change)";
    case Status::Fixed:
      return "fixed by this change";
  }
  return "";
}

struct Counts {
  int tests = 0;
  int failures = 0;
  int skipped = 0;
};

void setCounts(pugi::xml_node node, const Counts& c) {
  node.append_attribute("tests") = c.tests;
  node.append_attribute("failures") = c.failures;
  node.append_attribute("errors") = 0;
  node.append_attribute("skipped") = c.skipped;
}

void write(const std::vector<std::string>& rules_run, const std::vector<Entry>& entries, std::ostream& out,
           const JunitOptions& options) {
  // rule -> ordered cases; the rule list is what ran plus anything a finding names.
  std::map<std::string, std::map<CaseKey, Case>> by_rule;
  for (const std::string& id : rules_run) by_rule[id];
  for (const Entry& e : entries) {
    const Finding& f = *e.finding;
    by_rule[f.rule][{f.switch_name, f.port, f.priority.value_or(-1)}].entries.push_back(&e);
  }
  std::map<std::string, std::vector<std::string>> families;  // family -> rule ids
  for (const auto& [id, cases] : by_rule) {
    const Rule* rule = findRule(id);
    families[rule != nullptr ? rule->family() : id].push_back(id);
  }

  pugi::xml_document doc;
  auto decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  pugi::xml_node suites = doc.append_child("testsuites");
  suites.append_attribute("name") = "rocelint";
  Counts total;
  for (const auto& [family, ids] : families) {
    pugi::xml_node suite = suites.append_child("testsuite");
    suite.append_attribute("name") = fmt::format("rocelint.{}", family).c_str();
    Counts counts;
    for (const std::string& id : ids) {
      const auto& cases = by_rule[id];
      if (cases.empty()) {
        pugi::xml_node tc = suite.append_child("testcase");
        tc.append_attribute("name") = fmt::format("{} no findings", id).c_str();
        tc.append_attribute("classname") = fmt::format("rocelint.{}.{}", family, id).c_str();
        ++counts.tests;
        continue;
      }
      for (const auto& [key, c] : cases) {
        const Finding& first = *c.entries.front()->finding;
        pugi::xml_node tc = suite.append_child("testcase");
        tc.append_attribute("name") = fmt::format("{} {}", id, report::subject(first)).c_str();
        tc.append_attribute("classname") = fmt::format("rocelint.{}.{}", family, id).c_str();
        if (first.location.known()) {
          tc.append_attribute("file") = relativePath(first.location.file(), options.source_root).c_str();
          if (first.location.line > 0) tc.append_attribute("line") = first.location.line;
        }
        ++counts.tests;
        std::string failing_text, other_text;
        const Finding* failing = nullptr;
        int failing_count = 0;
        bool all_suppressed = true;
        for (const Entry* e : c.entries) {
          const Finding& f = *e->finding;
          if (e->status != Status::Suppressed) all_suppressed = false;
          if (report::gates(e->status) && f.severity >= options.fail_on) {
            if (failing == nullptr || f.severity > failing->severity) failing = &f;
            ++failing_count;
            failing_text += blockOf(f);
          } else {
            std::string why = e->status == Status::Suppressed ? fmt::format("suppressed: {}", e->suppression->reason)
                                                              : statusWord(e->status);
            other_text += fmt::format("[{}] {}", why, blockOf(f));
          }
        }
        if (failing != nullptr) {
          pugi::xml_node failure = tc.append_child("failure");
          std::string message = fmt::format("{}: {}", report::place(failing->location), failing->message);
          if (failing_count > 1) message += fmt::format(" (and {} more)", failing_count - 1);
          failure.append_attribute("message") = message.c_str();
          failure.append_attribute("type") = severityName(failing->severity);
          failure.text().set(failing_text.c_str());
          ++counts.failures;
        } else if (all_suppressed) {
          pugi::xml_node skipped = tc.append_child("skipped");
          skipped.append_attribute("message") =
              fmt::format("suppressed: {}", c.entries.front()->suppression->reason).c_str();
          ++counts.skipped;
        }
        if (!other_text.empty()) tc.append_child("system-out").text().set(other_text.c_str());
      }
    }
    setCounts(suite, counts);
    total.tests += counts.tests;
    total.failures += counts.failures;
    total.skipped += counts.skipped;
  }
  setCounts(suites, total);
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
}

}  // namespace

void writeJunit(const Report& report, std::ostream& out, const JunitOptions& options) {
  write(report.rules_run, report::entriesOf(report), out, options);
}

void writeJunit(const DiffReport& diff, std::ostream& out, const JunitOptions& options) {
  write(diff.after.rules_run, report::entriesOf(diff), out, options);
}

}  // namespace rocelint
