#include <fmt/format.h>

#include <algorithm>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint {

const std::map<std::string, std::string_view>& ruleDocumentation();  // generated

Finding& FindingSink::add(Finding finding) {
  finding.rule = rule_id_;
  finding.severity = severity_;
  out_.push_back(std::move(finding));
  return out_.back();
}

Finding& FindingSink::addAtMost(Finding finding, Severity at_most) {
  Finding& added = add(std::move(finding));
  added.severity = std::min(added.severity, at_most);
  return added;
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
    rules::registerStRules(all);
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

std::string ruleShortName(const std::string& id) {
  const auto& docs = ruleDocumentation();
  auto it = docs.find(id);
  if (it == docs.end()) return {};
  std::string_view doc = it->second;
  constexpr std::string_view kMarker = "**Name:** `";
  auto at = doc.find(kMarker);
  if (at == std::string_view::npos) return {};
  auto end = doc.find('`', at + kMarker.size());
  if (end == std::string_view::npos) return {};
  return std::string(doc.substr(at + kMarker.size(), end - at - kMarker.size()));
}

std::string ruleDocParagraph(const std::string& id, const std::string& heading) {
  const auto& docs = ruleDocumentation();
  auto it = docs.find(id);
  if (it == docs.end()) return {};
  std::string_view doc = it->second;
  std::string marker = "\n## " + heading + "\n";
  auto at = doc.find(marker);
  if (at == std::string_view::npos) return {};
  std::string paragraph;
  std::size_t pos = at + marker.size();
  while (pos < doc.size()) {
    auto end = doc.find('\n', pos);
    std::string_view line = doc.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    pos = end == std::string_view::npos ? doc.size() : end + 1;
    if (line.empty() && paragraph.empty()) continue;
    if (line.empty() || line.rfind("#", 0) == 0 || line.rfind("```", 0) == 0) break;
    if (!paragraph.empty()) paragraph += ' ';
    paragraph += line;
  }
  return paragraph;
}

std::string familyDescription(const std::string& family) {
  static const std::map<std::string, std::string> names = {{"BUF", "buffers and watermarks"},
                                                           {"CFG", "configuration input"},
                                                           {"DL", "deadlock"},
                                                           {"ECN", "ECN/WRED marking"},
                                                           {"MAP", "classification and queue mapping"},
                                                           {"PFC", "priority flow control"},
                                                           {"ST", "live-state evidence"},
                                                           {"TOPO", "topology and links"},
                                                           {"WD", "PFC watchdog"}};
  auto it = names.find(family);
  return it == names.end() ? family : it->second;
}

namespace rules {

SourceRef switchLocation(const Switch& sw) {
  if (sw.metadata_src.known()) return sw.metadata_src;
  return SourceRef{sw.files.empty() ? "" : sw.files.front(), 1, 1, OriginKind::None, ""};
}

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

Finding at(const Switch& sw, const std::string& port, std::optional<int> priority, const SourceRef& where,
           std::string message, FixAction fix) {
  Finding f = at(sw, port, priority, where, std::move(message), std::string());
  f.fix_action = std::move(fix);
  return f;
}

EgressQueues egressQueues(const Switch& sw, const Port& port) {
  EgressQueues queues = kUnknownQueues;
  for (int p = 0; p < 8; ++p) queues[static_cast<std::size_t>(p)] = queueOfTc(sw, port, p);
  return queues;
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

RelatedLocation related(std::string message, const SourceRef& where) {
  return RelatedLocation{std::move(message), where};
}

}  // namespace rules
}  // namespace rocelint
