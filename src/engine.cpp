#include "rocelint/engine.hpp"

#include <algorithm>

#include "rocelint/deadlock.hpp"
#include "rocelint/rule.hpp"

namespace rocelint {

Report analyze(const Fabric& fabric, const Config& config) {
  Report report;
  RuleContext ctx{fabric, config.params};
  std::optional<DeadlockAnalysis> deadlock;
  ctx.deadlock = [&]() -> const DeadlockAnalysis& {
    if (!deadlock) {
      DeadlockOptions options;
      options.transient = config.params.transient;
      options.failures = config.params.failures;
      deadlock = analyzeDeadlock(fabric, config.params, options, config.progress);
    }
    return *deadlock;
  };
  for (const Rule& rule : allRules()) {
    if (config.isDisabled(rule.id)) continue;
    Severity severity = rule.severity;
    if (auto it = config.severity_overrides.find(rule.id); it != config.severity_overrides.end()) {
      severity = it->second;
    } else if (auto fam = config.severity_overrides.find(rule.family()); fam != config.severity_overrides.end()) {
      severity = fam->second;
    }
    FindingSink sink(rule.id, severity, report.findings);
    rule.check(ctx, sink);
  }
  std::sort(report.findings.begin(), report.findings.end(), findingLess);

  Summary& s = report.summary;
  s.files = fabric.files_loaded;
  s.switches = static_cast<int>(fabric.switches.size());
  for (const Switch& sw : fabric.switches) s.ports += static_cast<int>(sw.ports.size());
  s.links = static_cast<int>(fabric.links.size());
  s.hosts = static_cast<int>(fabric.hosts.size());
  for (const char* name : {"error", "warning", "note"}) s.by_severity[name] = 0;
  for (const Finding& f : report.findings) {
    ++s.by_severity[severityName(f.severity)];
    ++s.by_rule[f.rule];
  }
  s.out_of_scope_tables = fabric.out_of_scope_tables;
  s.coverage = fabric.coverage;
  return report;
}

}  // namespace rocelint
