#include <nlohmann/json.hpp>

#include "rocelint/report.hpp"

namespace rocelint {
namespace {

nlohmann::ordered_json location(const SourceRef& src) {
  nlohmann::ordered_json loc;
  loc["file"] = src.file();
  loc["line"] = src.line;
  loc["column"] = src.column;
  loc["pointer"] = src.pointer;
  return loc;
}

}  // namespace

void writeJson(const Report& report, std::ostream& out) {
  nlohmann::ordered_json doc;
  doc["findings"] = nlohmann::ordered_json::array();
  for (const Finding& f : report.findings) {
    nlohmann::ordered_json j;
    j["rule"] = f.rule;
    j["severity"] = severityName(f.severity);
    j["message"] = f.message;
    j["switch"] = f.switch_name.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(f.switch_name);
    j["port"] = f.port.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(f.port);
    j["priority"] = f.priority ? nlohmann::ordered_json(*f.priority) : nlohmann::ordered_json();
    j["location"] = location(f.location);
    j["related"] = nlohmann::ordered_json::array();
    for (const RelatedLocation& r : f.related) {
      j["related"].push_back({{"message", r.message}, {"location", location(r.src)}});
    }
    j["fix"] = f.fix;
    doc["findings"].push_back(std::move(j));
  }
  const Summary& s = report.summary;
  nlohmann::ordered_json summary;
  summary["files"] = s.files;
  summary["switches"] = s.switches;
  summary["ports"] = s.ports;
  summary["links"] = s.links;
  summary["host_ports"] = s.hosts;
  summary["by_severity"] = s.by_severity;
  summary["by_rule"] = s.by_rule;
  summary["out_of_scope_tables"] = s.out_of_scope_tables;
  if (!s.coverage.empty()) {
    auto& coverage = summary["coverage"] = nlohmann::ordered_json::array();
    for (const ParseCoverage& c : s.coverage) {
      coverage.push_back({{"file", c.file}, {"format", c.format}, {"qos_lines", c.qos_lines},
                          {"qos_lines_parsed", c.qos_lines_parsed}});
    }
  }
  doc["summary"] = std::move(summary);
  out << doc.dump(2) << '\n';
}

}  // namespace rocelint
