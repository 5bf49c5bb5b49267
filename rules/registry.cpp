#include <fmt/format.h>

#include <algorithm>

#include "families.hpp"

namespace rocelint {

const std::map<std::string, std::string_view>& ruleDocumentation();  // generated

Finding& FindingSink::add(Finding finding) {
  finding.rule = rule_id_;
  finding.severity = severity_;
  out_.push_back(std::move(finding));
  return out_.back();
}

std::string Rule::family() const {
  auto digit = std::find_if(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
  return std::string(id.begin(), digit);
}

const std::vector<Rule>& allRules() {
  static const std::vector<Rule> rules = [] {
    std::vector<Rule> all;
    rules::registerCfgRules(all);
    rules::registerTopoRules(all);
    rules::registerPfcRules(all);
    rules::registerMapRules(all);
    rules::registerEcnRules(all);
    rules::registerWdRules(all);
    rules::registerBufRules(all);
    rules::registerDlRules(all);
    std::sort(all.begin(), all.end(), [](const Rule& a, const Rule& b) { return a.id < b.id; });
    return all;
  }();
  return rules;
}

const Rule* findRule(const std::string& id) {
  for (const Rule& rule : allRules()) {
    if (rule.id == id) return &rule;
  }
  return nullptr;
}

std::optional<std::string> ruleDocumentation(const std::string& id) {
  const auto& docs = ruleDocumentation();
  auto it = docs.find(id);
  if (it == docs.end()) return std::nullopt;
  return std::string(it->second);
}

namespace rules {

Finding at(const Switch& sw, const std::string& port, std::optional<int> priority, const SourceRef& where,
           std::string message, std::string fix) {
  Finding f;
  f.switch_name = sw.name;
  f.port = port;
  f.priority = priority;
  f.location = where;
  f.message = std::move(message);
  f.fix = std::move(fix);
  return f;
}

void GroupedFindings::add(const std::string& cause, int priority, const std::string& port, Finding finding) {
  auto [it, inserted] = groups_.try_emplace({cause, priority});
  if (inserted) it->second.finding = std::move(finding);
  it->second.ports.push_back(port);
}

void GroupedFindings::flush(FindingSink& sink) {
  for (auto& [key, group] : groups_) {
    if (group.ports.size() > 1) {
      std::string listed;
      for (std::size_t i = 0; i < group.ports.size() && i < 4; ++i) listed += (i ? ", " : "") + group.ports[i];
      group.finding.message +=
          fmt::format(" (on {} ports: {}{})", group.ports.size(), listed, group.ports.size() > 4 ? ", ..." : "");
    }
    sink.add(std::move(group.finding));
  }
  groups_.clear();
}

RelatedLocation related(std::string message, const SourceRef& where) { return RelatedLocation{std::move(message), where}; }

}  // namespace rules
}  // namespace rocelint
