#pragma once
// Each rule family registers its rules here; rules/registry.cpp collects them.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "rocelint/fix_action.hpp"
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
void registerStRules(std::vector<Rule>& rules);

/// Where a finding about a switch as a whole points: its metadata (host name) entry, or the first
/// line of its first file.
SourceRef switchLocation(const Switch& sw);

/// Finding pre-filled with switch, port and location; `message` may hold term placeholders
/// (rocelint/fix_action.hpp), `fix` is advice that is the same in every format.
Finding at(const Switch& sw, const std::string& port, std::optional<int> priority, const SourceRef& where,
           std::string message, std::string fix);
/// The same with a fix action, which the engine words in the switch's format.
Finding at(const Switch& sw, const std::string& port, std::optional<int> priority, const SourceRef& where,
           std::string message, FixAction fix);

/// The egress queue of each priority's traffic class at `port`, for actions that enable PFC.
EgressQueues egressQueues(const Switch& sw, const Port& port);

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
