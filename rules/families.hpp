#pragma once
// Each rule family registers its rules here; rules/registry.cpp collects them.

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

/// Finding pre-filled with switch, port and location.
Finding at(const Switch& sw, const std::string& port, std::optional<int> priority, const SourceRef& where,
           std::string message, std::string fix);

/// Related location helper.
RelatedLocation related(std::string message, const SourceRef& where);

}  // namespace rocelint::rules
