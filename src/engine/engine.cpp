#include "rocelint/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "rocelint/buffer_solver.hpp"
#include "rocelint/deadlock.hpp"
#include "rocelint/rule.hpp"
#include "rocelint/wording.hpp"

namespace rocelint {
namespace {

// Moves findings that a suppression matches out of the reported list; the first matching
// suppression (in file order) gives the reason.
// `uses` counts, per suppression, the findings it took.
void applySuppressions(Report& report, const std::vector<Suppression>& suppressions, std::vector<int>& uses) {
  uses.assign(suppressions.size(), 0);
  if (suppressions.empty()) return;
  std::vector<Finding> kept;
  for (Finding& f : report.findings) {
    auto match =
        std::find_if(suppressions.begin(), suppressions.end(), [&](const Suppression& s) { return s.matches(f); });
    if (match == suppressions.end()) {
      kept.push_back(std::move(f));
    } else {
      ++uses[static_cast<std::size_t>(match - suppressions.begin())];
      report.suppressed.push_back(SuppressedFinding{std::move(f), match->reason, match->src});
    }
  }
  report.findings = std::move(kept);
}

// The configuration's suppressions, then one per rule of each inline suppression (`owner`: the
// inline suppression of each entry, -1 for the configuration's).
std::vector<Suppression> allSuppressions(const Fabric& fabric, const Config& config, std::vector<int>& owner) {
  std::vector<Suppression> all = config.suppressions;
  owner.assign(all.size(), -1);
  for (std::size_t i = 0; config.inline_suppressions && i < fabric.inline_suppressions.size(); ++i) {
    const InlineSuppression& in = fabric.inline_suppressions[i];
    for (const std::string& rule : in.rules) {
      Suppression s;
      s.rule = rule;
      s.reason = in.reason;
      s.src = in.src;
      s.file = in.src.file();
      s.first_line = in.first_line;
      s.last_line = in.last_line;
      s.json_pointer = in.json_pointer;
      all.push_back(std::move(s));
      owner.push_back(static_cast<int>(i));
    }
  }
  return all;
}

// Words every finding in the configuration format of its switch: its fix action into `fix`, and the
// term placeholders of its message, fix and related locations. A related location is worded in the
// format of the switch whose file it points at (the other end of a link may be another vendor's).
void wordFindings(const Fabric& fabric, std::vector<Finding>& findings) {
  static const Switch kNoSwitch;  // findings of no known switch read in the default wording
  std::unordered_map<std::string, const Switch*> file_owner;
  for (const Switch& sw : fabric.switches) {
    for (const std::string& file : sw.files) file_owner.try_emplace(file, &sw);
  }
  for (Finding& f : findings) {
    const Switch* sw = fabric.findSwitch(f.switch_name);
    const FormatWording& wording = wordingFor(sw != nullptr ? sw->format : FormatId{});
    if (f.fix_action) {
      const Switch& target = sw != nullptr ? *sw : kNoSwitch;
      std::string port = actionPort(*f.fix_action);
      f.fix = wording.fix(*f.fix_action, target, port.empty() ? nullptr : target.findPort(port));
    } else {
      f.fix = wordText(f.fix, wording);
    }
    f.message = wordText(f.message, wording);
    for (RelatedLocation& r : f.related) {
      auto owner = file_owner.find(r.src.file());
      r.message = wordText(r.message, owner == file_owner.end() ? wording : wordingFor(owner->second->format));
    }
  }
}

}  // namespace

Report analyze(const Fabric& fabric, const Config& config) { return analyze(fabric, config, {}); }

Report analyze(const Fabric& fabric, const Config& config, const AnalysisProgress& progress) {
  Report report;
  RuleContext ctx{fabric, config.params};
  std::optional<DeadlockAnalysis> deadlock;
  ctx.deadlock = [&]() -> const DeadlockAnalysis& {
    if (!deadlock) {
      DeadlockOptions options;
      options.transient = config.params.transient;
      options.failures = config.params.failures;
      options.whatif_time_limit_s = config.params.whatif_time_limit_s;
      deadlock = analyzeDeadlock(fabric, config.params, options, progress);
    }
    return *deadlock;
  };
  std::optional<std::vector<SwitchBufferResult>> proofs;
  ctx.buffer_proofs = [&]() -> const std::vector<SwitchBufferResult>& {
    if (!proofs) proofs = solveEcnBeforePfc(fabric, config.params);
    return *proofs;
  };
  // The deadlock analysis is large (routing state, the BDG): once the DL rules are done, keep
  // its summary and free it before the next family runs.
  std::optional<DeadlockSummary> deadlock_summary;
  std::optional<FabricView> view;  // built with the deadlock analysis when the DL rules ran
  auto releaseDeadlock = [&]() {
    if (!deadlock) return;
    DeadlockSummary& d = deadlock_summary.emplace();
    d.destination_groups = static_cast<int>(deadlock->stats.groups);
    d.bdg_queues = static_cast<int>(deadlock->stats.bdg_nodes);
    d.bdg_dependencies = static_cast<int>(deadlock->stats.bdg_edges);
    d.cyclic_components = static_cast<int>(deadlock->cycles.size());
    for (std::uint32_t s : deadlock->destinations->installed_switches)
      d.installed_route_switches.push_back(fabric.switches[s].name);
    d.computed_route_switches =
        static_cast<int>(fabric.switches.size() - deadlock->destinations->installed_switches.size());
    if (const auto& stop = deadlock->whatif_stop) {
      d.whatif_stopped = fmt::format(
          "the link-failure what-if stopped at its time limit of {:g} s after {} of {} single failures{} (DL008)",
          stop->limit_s, stop->singles_examined, stop->singles,
          stop->pairs == 0 ? "" : fmt::format(" and {} of {} pairs", stop->pairs_examined, stop->pairs));
    }
    for (std::size_t i = 0; i < deadlock->blast.size() && i < 3; ++i) {
      const BlastRadius& b = deadlock->blast[i];
      d.worst_storms.push_back({fabric.sw(b.port).name, fabric.port(b.port).name, b.priority,
                                static_cast<int>(b.paused_queues), static_cast<int>(b.paused_ports),
                                static_cast<int>(b.paused_switches)});
    }
    view = buildFabricView(fabric, &*deadlock);
    deadlock.reset();
  };
  std::string family;  // rules are sorted by id, so a family's rules are adjacent
  auto severityOf = [&](const Rule& rule) {
    if (auto it = config.severity_overrides.find(rule.id); it != config.severity_overrides.end()) return it->second;
    if (auto fam = config.severity_overrides.find(rule.family()); fam != config.severity_overrides.end())
      return fam->second;
    return rule.severity;
  };
  for (const Rule& rule : allRules()) {
    if (config.isDisabled(rule.id) || rule.after_suppressions) continue;
    if (rule.family() != "DL") releaseDeadlock();
    if (progress && rule.family() != family) {
      family = rule.family();
      progress(fmt::format("checking {} rules ({})", family, familyDescription(family)));
    }
    report.rules_run.push_back(rule.id);
    FindingSink sink(rule.id, severityOf(rule), report.findings);
    rule.check(ctx, sink);
  }
  releaseDeadlock();
  report.views.push_back(view ? std::move(*view) : buildFabricView(fabric, nullptr));
  wordFindings(fabric, report.findings);
  std::sort(report.findings.begin(), report.findings.end(), findingLess);
  std::vector<int> owner;
  std::vector<Suppression> suppressions = allSuppressions(fabric, config, owner);
  std::vector<int> uses;
  applySuppressions(report, suppressions, uses);
  // The rules that judge the suppressions themselves (an inline one that took nothing).
  std::vector<int> inline_uses(fabric.inline_suppressions.size(), 0);
  for (std::size_t i = 0; i < owner.size(); ++i) {
    if (owner[i] >= 0) inline_uses[static_cast<std::size_t>(owner[i])] += uses[i];
  }
  ctx.inline_suppression_uses = config.inline_suppressions ? &inline_uses : nullptr;
  std::vector<Finding> late;
  for (const Rule& rule : allRules()) {
    if (config.isDisabled(rule.id) || !rule.after_suppressions) continue;
    report.rules_run.push_back(rule.id);
    FindingSink sink(rule.id, severityOf(rule), late);
    rule.check(ctx, sink);
  }
  std::sort(report.rules_run.begin(), report.rules_run.end());
  if (!late.empty()) {
    wordFindings(fabric, late);
    for (Finding& f : late) report.findings.push_back(std::move(f));
    std::sort(report.findings.begin(), report.findings.end(), findingLess);
  }

  Summary& s = report.summary;
  s.files = fabric.files_loaded;
  s.files_left_out = static_cast<int>(std::count_if(fabric.notes.begin(), fabric.notes.end(), [](const InputNote& n) {
    return n.kind == InputNote::Kind::MalformedFile;
  }));
  s.switches = static_cast<int>(fabric.switches.size());
  for (const Switch& sw : fabric.switches) s.ports += static_cast<int>(sw.ports.size());
  s.links = static_cast<int>(fabric.links.size());
  s.hosts = static_cast<int>(fabric.hosts.size());
  s.out_of_scope_tables = fabric.out_of_scope_tables;
  s.coverage = fabric.coverage;
  s.deadlock = std::move(deadlock_summary);
  if (proofs) s.solver_stopped = solverStopped(*proofs, config.params);
  countFindings(report);
  return report;
}

void countFindings(Report& report) {
  Summary& s = report.summary;
  s.by_severity.clear();
  s.by_rule.clear();
  s.by_family.clear();
  s.by_switch.clear();
  for (const char* name : {"error", "warning", "note"}) s.by_severity[name] = 0;
  for (const Finding& f : report.findings) {
    ++s.by_severity[severityName(f.severity)];
    if (!f.switch_name.empty()) ++s.by_switch[f.switch_name][severityName(f.severity)];
    ++s.by_rule[f.rule];
    const Rule* rule = findRule(f.rule);
    ++s.by_family[rule != nullptr ? rule->family() : f.rule][severityName(f.severity)];
  }
  s.suppressed = static_cast<int>(report.suppressed.size());
  s.baselined = static_cast<int>(report.baselined.size());
}

}  // namespace rocelint
