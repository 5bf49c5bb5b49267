#pragma once
// Runs the enabled rules over a fabric and returns sorted findings with a summary.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_engine)
#error "layer rule: this library may not include rocelint/engine.hpp (docs/architecture.md#layers)"
#endif

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rocelint/config.hpp"
#include "rocelint/fabric_view.hpp"
#include "rocelint/finding.hpp"
#include "rocelint/model.hpp"

namespace rocelint {

/// Counts for the report footer / JSON summary.
/// One of the worst PFC storm blast radii (DL analysis), for the summary.
struct StormRadius {
  std::string switch_name;
  std::string port;
  int priority = 0;
  int paused_queues = 0;
  int paused_ports = 0;
  int paused_switches = 0;
};

/// The deadlock analysis in numbers (present when the DL rules ran).
struct DeadlockSummary {
  int destination_groups = 0;
  int bdg_queues = 0;
  int bdg_dependencies = 0;
  int cyclic_components = 0;
  std::vector<StormRadius> worst_storms;  ///< the receivers that would pause the most, worst first
  /// The what-if stopped at its time limit (DL008): how far it got. The run exits 2.
  std::string whatif_stopped;
  /// Switches whose installed routes (live state) the analysis followed; every other switch
  /// (`computed_route_switches`) kept the routes computed from its configuration.
  std::vector<std::string> installed_route_switches;
  int computed_route_switches = 0;
};

struct Summary {
  int files = 0;
  int files_left_out = 0;  ///< not well-formed (CFG006): the run exits 2 whatever else it found
  int switches = 0;
  int ports = 0;
  int links = 0;
  int hosts = 0;
  std::map<std::string, int> by_severity;
  std::map<std::string, int> by_rule;
  std::map<std::string, int> out_of_scope_tables;
  std::vector<ParseCoverage> coverage;  ///< vendor CLI files: QoS-related lines parsed / seen
  /// family -> severity -> count, over reported findings (not suppressed or baselined ones).
  std::map<std::string, std::map<std::string, int>> by_family;
  /// switch -> severity -> count, over reported findings (the HTML report marks the switches).
  std::map<std::string, std::map<std::string, int>> by_switch;
  int suppressed = 0;  ///< findings matched by a suppression of the configuration
  int baselined = 0;   ///< findings matched by the baseline file
  std::optional<DeadlockSummary> deadlock;
  /// The ECN-before-PFC solver left questions unanswered at its time limit (ECN005): how many.
  /// The run exits 2.
  std::string solver_stopped;
};

/// A finding that a suppression of .rocelint.yaml matched: kept and counted, not reported.
struct SuppressedFinding {
  Finding finding;
  std::string reason;
  SourceRef suppression;  ///< where the suppression is written
};

struct Report {
  std::vector<Finding> findings;  ///< reported findings: not suppressed, not in the baseline
  Summary summary;
  std::vector<SuppressedFinding> suppressed;
  std::vector<Finding> baselined;             ///< findings the baseline file accepts
  std::vector<BaselineEntry> stale_baseline;  ///< baseline entries that no longer occur
  std::vector<std::string> rules_run;         ///< ids of the rules that ran (enabled), sorted
  /// What the HTML report draws: one view per fabric (several for a multi-fabric `check DIR`).
  std::vector<FabricView> views;
  /// Source lines around finding locations, filled by addSourceExcerpts (only when a report shows them).
  std::map<ExcerptKey, SourceExcerpt> excerpts;
};

/// Runs every enabled rule and applies the configuration's suppressions; findings are in
/// deterministic order.
Report analyze(const Fabric& fabric, const Config& config);

/// Called as analysis proceeds with a stage name, e.g. "checking PFC rules (priority flow
/// control)"; long analyses (graph building, solving) show up as their family's stage.
using AnalysisProgress = std::function<void(const std::string& stage)>;

/// Same as analyze(fabric, config), reporting each rule family as a stage.
Report analyze(const Fabric& fabric, const Config& config, const AnalysisProgress& progress);

/// Recomputes the finding counts of the summary (severity, rule, family, suppressed,
/// baselined) after findings were moved between the report's lists.
void countFindings(Report& report);

}  // namespace rocelint
