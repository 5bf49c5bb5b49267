#pragma once
// PFC deadlock analysis: buffer-dependency graph (BDG) from routing and classification,
// strongly-connected components, cycle witnesses, forwarding loops, link-failure what-if and
// PFC storm blast radius. Semantics: docs/deadlock.md.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_analysis)
#error "layer rule: this library may not include rocelint/deadlock.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rocelint/model.hpp"
#include "rocelint/params.hpp"
#include "rocelint/routing.hpp"

namespace rocelint {

/// A BDG node key: global port index * 8 + priority (a lossless ingress queue).
using BdgKey = std::uint32_t;
inline BdgKey bdgKey(std::uint32_t global_port, int priority) {
  return global_port * 8 + static_cast<std::uint32_t>(priority);
}

/// The buffer-dependency graph of one routing state, in compressed sparse row form: the
/// successors of node v are targets[row_start[v] .. row_start[v + 1]). Edges carry no data: an
/// edge u -> v is the turn at u's switch from u's port to the port facing v's port.
struct BufferDependencyGraph {
  std::vector<BdgKey> keys;              ///< node index -> key, sorted
  std::vector<std::uint32_t> row_start;  ///< node index -> its first edge; nodeCount() + 1 entries
  std::vector<std::uint32_t> targets;    ///< edge -> target node index
  std::vector<int> component;            ///< strongly-connected component per node
  std::vector<std::uint32_t> component_size;

  [[nodiscard]] std::size_t nodeCount() const { return keys.size(); }
  [[nodiscard]] std::size_t edgeCount() const { return targets.size(); }
  /// The nodes `node` depends on (its out-edges' targets).
  [[nodiscard]] std::span<const std::uint32_t> successors(std::size_t node) const {
    return {targets.data() + row_start[node], targets.data() + row_start[node + 1]};
  }
  /// Node index of a key, or -1.
  [[nodiscard]] long find(BdgKey key) const;
  /// Whether a node lies on a cycle (its SCC has 2+ nodes, or a self loop).
  [[nodiscard]] bool cyclic(std::size_t node) const;
};

/// What a turn is used by: how many destination groups and one example.
struct TurnRecord {
  std::uint32_t destinations = 0;  ///< destination groups routed through this turn
  std::uint32_t example_group = 0;
  ForwardKind kind = ForwardKind::Learned;
};

/// One hop of a witness cycle: a lossless ingress queue and the turn that feeds the next hop.
struct CycleHop {
  PortRef ingress;
  int priority = 0;
  PortRef egress;         ///< port of the same switch the traffic leaves by
  int next_priority = 0;  ///< priority at the next hop (differs when remarked)
  std::uint32_t destinations = 0;
  std::vector<std::string> example_prefixes;
  ForwardKind kind = ForwardKind::Learned;
  std::string vlan;       ///< Flood: the VLAN whose flooding makes the turn ("Vlan1000")
  std::string tunnel;     ///< Tunnel: the tunnel that carries the bounce ("MuxTunnel0")
  std::string mux_ports;  ///< Tunnel: the standby side's server ports whose traffic it carries ("Ethernet0")
  SourceRef src;          ///< the config line that creates the edge
  std::string why;        ///< "static route 10.1.0.0/24", "BGP route toward ...", "remark TC3 -> DSCP 34"
};

/// A suggested change that removes a cycle, verified by re-running the analysis.
struct CycleFix {
  std::string description;  ///< may hold term placeholders (fix_action.hpp), worded with the finding
  SourceRef where;
};

/// One strongly-connected component of the BDG with a short witness cycle.
struct CyclicDependency {
  std::vector<CycleHop> hops;
  std::size_t scc_nodes = 0;
  std::size_t scc_switches = 0;
  std::size_t weakest_hop = 0;  ///< hop whose turn has the fewest destinations
  std::vector<CycleFix> fixes;
};

/// A forwarding loop that lossless traffic can enter.
struct ForwardingLoop {
  std::vector<PortRef> egress;  ///< per switch of the loop, the port it forwards out of
  std::string example_prefix;
  std::size_t prefixes = 0;
  int priority = 0;
  SourceRef src;                   ///< the static route that closes the loop, else the first hop's link
  std::vector<SourceRef> hop_src;  ///< per hop: its static route, else its link
  bool static_route = false;       ///< a static route on the loop (else routing alone makes it)
  bool installed_route = false;    ///< an installed route (live state) on the loop: `src` is it
};

/// A set of failed links under which the fabric has a cyclic buffer dependency.
struct FailureCounterexample {
  std::vector<std::uint32_t> failed_units;  ///< failure units (SwitchGraph::unitLinks): a link, or a LAG
  std::vector<std::uint32_t> failed_links;  ///< indices into Fabric::links: every link of those units
  CyclicDependency cycle;
  std::size_t cycles = 0;
};

/// Per host-facing lossless ingress queue: what a receiver that stops draining would pause.
struct BlastRadius {
  PortRef port;
  int priority = 0;
  std::size_t paused_queues = 0;
  std::size_t paused_ports = 0;
  std::size_t paused_switches = 0;
  /// The paused switches (indices into Fabric::switches, ascending): listed for the
  /// kBlastListed worst radii only (the HTML report draws them), empty for the rest.
  std::vector<std::uint32_t> paused_switch_list;
};

/// How many of the worst blast radii list their paused switches.
inline constexpr std::size_t kBlastListed = 3;

/// Options for the deadlock analysis (CLI flags and .rocelint.yaml params).
struct DeadlockOptions {
  bool transient = false;  ///< admin-down links are fresh failures; local repair only
  int failures = 0;        ///< what-if: every set of up to this many extra failed links (a LAG counts once)
  std::size_t max_failure_reports = 20;
  /// Verify fix suggestions by re-running the analysis on a changed copy of the fabric (per
  /// cycle and candidate: costly, so only for fabrics and cycle counts up to these limits).
  bool suggest_fixes = true;
  std::size_t max_fix_switches = 512;
  std::size_t max_fix_cycles = 10;
  /// What-if: skip failure sets that provably add no turn to the (acyclic) baseline instead of
  /// re-routing every set in full (docs/deadlock.md); false only to cross-check the two.
  bool incremental_whatif = true;
  /// Worker threads for routing and the what-if sweep (capped by the hardware).
  unsigned threads = 8;
  /// What-if: stop the failure sweep once it has run this long (seconds; 0: no limit). A sweep
  /// that stops says how far it got (DeadlockAnalysis::whatif_stop; docs/reliability.md).
  double whatif_time_limit_s = 0;
};

/// Where a failure sweep stopped at its time limit: the sets it examined form a prefix of the
/// sweep's order (single failures first, then pairs, each in candidate order).
struct WhatIfStop {
  double limit_s = 0;
  std::size_t singles_examined = 0;
  std::size_t singles = 0;
  std::size_t pairs_examined = 0;
  std::size_t pairs = 0;                        ///< 0 when the sweep covers single failures only
  std::vector<std::uint32_t> first_unexamined;  ///< the failure units of the first set not examined
};

/// Timings and sizes, for --verbose and the benchmarks.
struct DeadlockStats {
  std::size_t destinations = 0;
  std::size_t groups = 0;
  std::size_t bdg_nodes = 0;
  std::size_t bdg_edges = 0;
  std::size_t failure_sets = 0;
  std::size_t failure_sets_rerouted = 0;  ///< what-if sets the incremental check could not clear
  double routing_ms = 0;
  double graph_ms = 0;
  double scc_ms = 0;
  double whatif_ms = 0;
};

/// Everything the DL rules and `rocelint graph` need.
struct DeadlockAnalysis {
  std::shared_ptr<const SwitchGraph> graph;
  std::shared_ptr<const Destinations> destinations;
  BufferDependencyGraph bdg;
  std::vector<TurnRecord> turns;
  std::vector<CyclicDependency> cycles;
  std::vector<ForwardingLoop> loops;
  std::vector<FailureCounterexample> failure_cycles;
  std::size_t failure_sets_with_cycle = 0;
  std::optional<WhatIfStop> whatif_stop;  ///< set when the sweep hit its time limit
  std::vector<BlastRadius> blast;         ///< worst first
  /// Switches where traffic was assumed to enter because no port faces a host (1/0 per switch);
  /// empty when the fabric has host ports.
  std::vector<std::uint8_t> assumed_sources;
  /// Fabric BGP sessions whose routing policy is only partly modelled (routes over-approximated).
  std::vector<PolicyGap> policy_gaps;
  DeadlockStats stats;
};

/// Runs the whole analysis. `progress` (may be empty) receives short status lines.
DeadlockAnalysis analyzeDeadlock(const Fabric& fabric, const RuleParams& params, const DeadlockOptions& options,
                                 const std::function<void(const std::string&)>& progress = {});

/// "leaf1:Ethernet0/3" style node name.
std::string bdgNodeName(const Fabric& fabric, const SwitchGraph& graph, BdgKey key);

/// The dot node id of a queue: "switch:port/priority" quoted, with '%', ':' and '/' in the names
/// percent-encoded so that no two queues share an id whatever the switches are called.
std::string dotNodeId(const Fabric& fabric, const SwitchGraph& graph, BdgKey key);

/// Writes the BDG as Graphviz dot, one `subgraph "cluster_<switch>"` per switch: SCC nodes only (default), or only
/// witness cycles, or all.
enum class GraphScope : std::uint8_t { Sccs, Cycles, All };
void writeDot(const Fabric& fabric, const DeadlockAnalysis& analysis, GraphScope scope, std::ostream& out);

}  // namespace rocelint
