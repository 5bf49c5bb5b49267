#pragma once
// Runs the enabled rules over a fabric and returns sorted findings with a summary.

#include <map>
#include <string>
#include <vector>

#include "rocelint/config.hpp"
#include "rocelint/finding.hpp"
#include "rocelint/model.hpp"

namespace rocelint {

/// Counts for the report footer / JSON summary.
struct Summary {
  int files = 0;
  int switches = 0;
  int ports = 0;
  int links = 0;
  int hosts = 0;
  std::map<std::string, int> by_severity;
  std::map<std::string, int> by_rule;
  std::map<std::string, int> out_of_scope_tables;
  std::vector<ParseCoverage> coverage;  ///< vendor CLI files: QoS-related lines parsed / seen
};

struct Report {
  std::vector<Finding> findings;
  Summary summary;
};

/// Runs every enabled rule; findings are in deterministic order.
Report analyze(const Fabric& fabric, const Config& config);

}  // namespace rocelint
