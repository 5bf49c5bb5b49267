#pragma once
// Pause propagation trees from live state (issue 16): which ports paused which upstreams, per
// priority, over the fabric's links, and the root of each tree: a congestion point (a switch that
// sends pauses while nothing pauses it) or a device behind a host port that pauses its switch.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_analysis)
#error "layer rule: this library may not include rocelint/pause_tree.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "rocelint/model.hpp"
#include "rocelint/state.hpp"

namespace rocelint {

/// One port of the tree that sent pause frames upstream: an edge from its switch to the peer it paused.
struct PauseHop {
  PortRef port;                 ///< the port that sent the pauses
  std::optional<PortRef> peer;  ///< the fabric port it paused; empty: a host or a device outside the fabric
  std::string peer_name;        ///< the host behind `port` when `peer` is empty ("" when none is known)
  Evidence sent;                ///< its PFC TX count, or its peer's PFC RX count where it has none
  std::uint32_t depth = 0;      ///< links the pause crossed from the root up to and including this one
  int parent = -1;              ///< the hop that paused this port's switch; -1: the root paused it
};

/// What a tree's root is.
enum class PauseRootKind : std::uint8_t {
  CongestionPoint,  ///< a switch that sent pauses while none of its ports was paused
  HostPauses,       ///< a host (or device outside the fabric) that paused its switch port
  Unobserved,       ///< the pauses come from a switch without live state: its cause is not seen
  NoRoot,           ///< switches that pause each other with none outside pausing them (a cycle)
};

/// One pause propagation tree on one priority.
struct PauseTree {
  int priority = 0;
  PauseRootKind kind = PauseRootKind::CongestionPoint;
  std::size_t root_switch = 0;  ///< the congestion point; HostPauses: the host's switch; NoRoot: the first
  /// CongestionPoint / NoRoot: the root switch's port that sent most pauses; HostPauses: the port the host
  /// paused; Unobserved: the port of a switch with state that the unobserved switch paused.
  PortRef root_port;
  std::string host;             ///< HostPauses: the device behind root_port ("" when none is named)
  Evidence root_evidence;       ///< the count at root_port (sent, or HostPauses / Unobserved: received)
  std::uint64_t root_sent = 0;  ///< CongestionPoint / NoRoot: pause frames all of the root switch's ports sent
  std::vector<PauseHop> hops;   ///< breadth first from the root, each switch's ports in port order
  std::uint32_t depth = 0;      ///< the longest chain of links the pauses crossed
  std::size_t switches = 0;     ///< fabric switches the tree reached (sending or paused)
  std::size_t ports = 0;        ///< switch ports the tree reached (sending or paused)
  bool delta = true;            ///< every count is an increase between two snapshots
};

/// The pause trees of the fabric's latest snapshot, per priority, in O(ports + links) per priority:
/// a multi-source breadth-first walk from every root at once, so each switch joins the tree of the
/// root nearest to it (the first root in switch and port order on a tie). Switches left over
/// pause each other with no root: they form NoRoot trees. Ordered by priority, then root.
std::vector<PauseTree> pauseTrees(const Fabric& fabric);

/// The trees as one Graphviz digraph `pause_trees` (`rocelint graph` writes it after the
/// buffer-dependency graph when the fabric has any): a cluster per tree, a node per switch or host
/// and priority, the root in red, an edge per hop labelled with its port(s) and pause frames.
void writePauseTreesDot(const Fabric& fabric, const std::vector<PauseTree>& trees, std::ostream& out);

}  // namespace rocelint
