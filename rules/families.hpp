#pragma once
// Each rule family registers its rules here; rules/registry.cpp collects them.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "rocelint/rule.hpp"

namespace rocelint::rules {

void registerCfgRules(std::vector<Rule>& rules);
void registerTopoRules(std::vector<Rule>& rules);
void registerPfcRules(std::vector<Rule>& rules);
void registerMapRules(std::vector<Rule>& rules);
void registerEcnRules(std::vector<Rule>& rules);
void registerWdRules(std::vector<Rule>& rules);
void registerBufRules(std::vector<Rule>& rules);
void registerDlRules(std::vector<Rule>& rules);

/// Finding pre-filled with switch, port and location.
Finding at(const Switch& sw, const std::string& port, std::optional<int> priority, const SourceRef& where,
           std::string message, std::string fix);

/// Findings whose cause is one line (a map entry, a profile field) but that repeat on every port
/// using it: reported once per key, on the first port, with the number of ports affected.
class GroupedFindings {
 public:
  void add(const std::string& cause, int priority, const std::string& port, Finding finding);
  void flush(FindingSink& sink);

 private:
  struct Group {
    Finding finding;
    std::vector<std::string> ports;
  };
  std::map<std::pair<std::string, int>, Group> groups_;
};

/// Related location helper.
RelatedLocation related(std::string message, const SourceRef& where);

}  // namespace rocelint::rules
