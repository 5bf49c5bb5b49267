#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "report_common.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace rocelint {
namespace {

using ojson = nlohmann::ordered_json;

// docs/schemas/rocelint-output.schema.json describes this version; it is raised when a member is
// removed, renamed or changes type (added members do not raise it).
constexpr int kSchemaVersion = 1;

ojson location(const SourceRef& src) {
  ojson loc;
  loc["file"] = src.file();
  loc["line"] = src.line;
  loc["column"] = src.column;
  loc["pointer"] = originLabel(src);
  return loc;
}

ojson orNull(const std::string& text) { return text.empty() ? ojson() : ojson(text); }

ojson findingJson(const Finding& f) {
  ojson j;
  j["rule"] = f.rule;
  j["severity"] = severityName(f.severity);
  j["message"] = f.message;
  j["switch"] = orNull(f.switch_name);
  j["port"] = orNull(f.port);
  j["priority"] = f.priority ? ojson(*f.priority) : ojson();
  j["location"] = location(f.location);
  j["related"] = ojson::array();
  for (const RelatedLocation& r : f.related) {
    j["related"].push_back({{"message", r.message}, {"location", location(r.src)}});
  }
  j["fix"] = f.fix;
  j["fingerprint"] = f.fingerprint;
  return j;
}

ojson findingsJson(const std::vector<Finding>& findings) {
  ojson list = ojson::array();
  for (const Finding& f : findings) list.push_back(findingJson(f));
  return list;
}

ojson summaryJson(const Summary& s) {
  ojson summary;
  summary["files"] = s.files;
  summary["switches"] = s.switches;
  summary["ports"] = s.ports;
  summary["links"] = s.links;
  summary["host_ports"] = s.hosts;
  summary["by_severity"] = s.by_severity;
  summary["by_rule"] = s.by_rule;
  summary["by_family"] = s.by_family;
  summary["suppressed"] = s.suppressed;
  summary["baselined"] = s.baselined;
  summary["out_of_scope_tables"] = s.out_of_scope_tables;
  if (!s.coverage.empty()) {
    auto& coverage = summary["coverage"] = ojson::array();
    for (const ParseCoverage& c : s.coverage) {
      coverage.push_back({{"file", c.file},
                          {"format", c.format},
                          {"qos_lines", c.qos_lines},
                          {"qos_lines_parsed", c.qos_lines_parsed},
                          {"qos_lines_not_modelled", c.qos_lines_not_modelled},
                          {"qos_lines_unrecognised", c.qos_lines_unrecognised}});
    }
  }
  if (s.deadlock) {
    const DeadlockSummary& d = *s.deadlock;
    ojson storms = ojson::array();
    for (const StormRadius& r : d.worst_storms) {
      storms.push_back({{"switch", r.switch_name},
                        {"port", r.port},
                        {"priority", r.priority},
                        {"paused_queues", r.paused_queues},
                        {"paused_ports", r.paused_ports},
                        {"paused_switches", r.paused_switches}});
    }
    summary["deadlock"] = {{"destination_groups", d.destination_groups},
                           {"bdg_queues", d.bdg_queues},
                           {"bdg_dependencies", d.bdg_dependencies},
                           {"cyclic_components", d.cyclic_components},
                           {"worst_storm_radius", storms}};
    if (!d.installed_route_switches.empty()) {
      summary["deadlock"]["installed_route_switches"] = d.installed_route_switches;
      summary["deadlock"]["computed_route_switches"] = d.computed_route_switches;
    }
  }
  return summary;
}

}  // namespace

void writeJson(const Report& report, std::ostream& out) {
  ojson doc;
  doc["schema_version"] = kSchemaVersion;
  doc["findings"] = findingsJson(report.findings);
  doc["suppressed"] = ojson::array();
  for (const SuppressedFinding& s : report.suppressed) {
    ojson j = findingJson(s.finding);
    j["suppression"] = {{"reason", s.reason}, {"location", location(s.suppression)}};
    doc["suppressed"].push_back(std::move(j));
  }
  doc["stale_baseline"] = ojson::array();
  for (const BaselineEntry& e : report.stale_baseline) {
    doc["stale_baseline"].push_back({{"fingerprint", e.fingerprint},
                                     {"rule", e.rule},
                                     {"switch", orNull(e.switch_name)},
                                     {"port", orNull(e.port)},
                                     {"priority", e.priority ? ojson(*e.priority) : ojson()},
                                     {"file", e.file},
                                     {"message", e.message}});
  }
  doc["summary"] = summaryJson(report.summary);
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void writeJson(const DiffReport& diff, std::ostream& out) {
  ojson doc;
  doc["schema_version"] = kSchemaVersion;
  doc["introduced"] = findingsJson(diff.introduced);
  doc["fixed"] = findingsJson(diff.fixed);
  doc["unchanged"] = findingsJson(diff.unchanged);
  ojson summary;
  summary["introduced"] = diff.introduced.size();
  summary["fixed"] = diff.fixed.size();
  summary["unchanged"] = diff.unchanged.size();
  summary["before"] = summaryJson(diff.before.summary);
  summary["after"] = summaryJson(diff.after.summary);
  doc["summary"] = std::move(summary);
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void writeRulesJson(std::ostream& out) {
  ojson doc;
  doc["schema_version"] = kSchemaVersion;
  doc["rules"] = ojson::array();
  for (const Rule& rule : allRules()) {
    const std::string doc_path = fmt::format("docs/rules/{}.md", rule.id);
    std::string what = ruleDocParagraph(rule.id, "What it checks");
    doc["rules"].push_back({{"id", rule.id},
                            {"name", report::ruleName(rule)},
                            {"severity", severityName(rule.severity)},
                            {"family", rule.family()},
                            {"family_name", familyDescription(rule.family())},
                            {"summary", rule.title},
                            {"description", what.empty() ? rule.title : what},
                            {"doc", doc_path},
                            {"help_uri", fmt::format("{}/blob/main/{}", ROCELINT_HOMEPAGE, doc_path)}});
  }
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace rocelint
