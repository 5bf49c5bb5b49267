#pragma once
// Internal building blocks of the deadlock analysis (src/bdg.cpp, src/deadlock.cpp).

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "rocelint/deadlock.hpp"
#include "rocelint/routing.hpp"

namespace rocelint::detail {

constexpr std::uint32_t kNoPort = UINT32_MAX;

/// Per port, lazily: the traffic class and lossless-ness of each DSCP on ingress, and the
/// TC -> DSCP rewrite on egress.
class Classifier {
 public:
  static constexpr std::uint8_t kLossless = 0x08;
  static constexpr std::uint8_t kValid = 0x80;

  explicit Classifier(const SwitchGraph& graph);
  /// tc | kLossless | kValid, or 0 when the DSCP has no valid TC.
  std::uint8_t code(std::uint32_t gp, int dscp) {
    if (state_[gp] == 0) compute(gp);
    return table_[gp][static_cast<std::size_t>(dscp)];
  }
  bool remarks(std::uint32_t gp) {
    if (state_[gp] == 0) compute(gp);
    return (state_[gp] & kRemarks) != 0;
  }
  /// Whether a port obeys the pauses it receives for a priority (PortQos::pfcHonoured): only then
  /// does its egress stop when the peer's ingress queue of that priority fills.
  bool honours(std::uint32_t gp, int priority) {
    if (state_[gp] == 0) compute(gp);
    return ((honour_[gp] >> priority) & 1U) != 0;
  }
  /// Whether a pause for `priority` received on a port stops the egress queue that traffic class
  /// `tc` leaves from (TC_TO_QUEUE against MAP_PFC_PRIORITY_TO_QUEUE): a class remarked to another
  /// priority waits in its own TC's queue, which the next hop's pause may not stop (MAP006).
  bool pauseStops(std::uint32_t gp, int priority, int tc) {
    if (state_[gp] == 0) compute(gp);
    return ((stops_[gp][static_cast<std::size_t>(priority)] >> tc) & 1U) != 0;
  }
  /// The egress queue a pause for `priority` received on a port stops (-1: none).
  int pausedQueue(std::uint32_t gp, int priority) {
    if (state_[gp] == 0) compute(gp);
    return paused_[gp][static_cast<std::size_t>(priority)];
  }
  /// TC -> DSCP rewrite of an egress port (-1: unchanged), or nullptr when it has none.
  const std::array<std::int8_t, 8>* rewrite(std::uint32_t gp) { return remarks(gp) ? &remark_[gp] : nullptr; }
  /// The DSCPs a set becomes when it enters on `in_gp` and leaves by `out_gp`.
  std::uint64_t forward(std::uint32_t in_gp, std::uint32_t out_gp, std::uint64_t dscps);

 private:
  static constexpr std::uint8_t kComputed = 1;
  static constexpr std::uint8_t kRemarks = 2;
  void compute(std::uint32_t gp);

  const SwitchGraph& graph_;
  std::vector<std::array<std::uint8_t, 64>> table_;
  std::vector<std::array<std::int8_t, 8>> remark_;
  std::vector<std::uint8_t> honour_;
  std::vector<std::array<std::uint8_t, 8>> stops_;  ///< per priority: the TCs whose queue its pause stops
  std::vector<std::array<std::int8_t, 8>> paused_;  ///< per priority: the queue its pause stops, -1 none
  std::vector<std::uint8_t> state_;
  std::unordered_map<const QosMap*, std::array<std::uint8_t, 64>> dscp_tc_;
};

/// Which DSCPs take each turn (ingress row -> egress arc) of each switch, over all destination
/// groups. Rows are the switch's link ports in out-arc order plus one row for its host ports.
class TurnTable {
 public:
  explicit TurnTable(const SwitchGraph& graph);
  void clear();
  /// Lets several routing threads record into this one table (cells OR-ed atomically,
  /// signatures under a per-switch lock) instead of each keeping a copy.
  void shareBetweenThreads();
  [[nodiscard]] std::size_t linkPorts(std::size_t sw) const { return link_ports_[sw]; }
  [[nodiscard]] std::uint64_t cell(std::size_t sw, std::size_t row, std::size_t col) const {
    return cells_[cell_base_[sw] + row * link_ports_[sw] + col];
  }
  /// Position of an arc among its switch's out-arcs (= its row/column).
  [[nodiscard]] std::uint32_t slotOf(std::uint32_t arc) const { return arc_slot_[arc]; }
  /// Records one group's turns at a switch: [kind, n_in, (row, dscps)*, n_out, col*].
  void addSignature(std::size_t sw, const std::vector<std::uint64_t>& words, std::uint32_t group,
                    std::uint32_t prefixes);
  /// Destinations behind a turn, an example group and how it is routed.
  [[nodiscard]] TurnRecord record(std::size_t sw, std::size_t row, std::size_t col) const;
  /// Adds another table's turns (built by another thread over other groups).
  void mergeFrom(const TurnTable& other);
  /// True when every DSCP of every turn here is also in `other` (same graph).
  [[nodiscard]] bool cellsWithin(const TurnTable& other) const;
  /// Makes the cells the union of two tables' cells (no records: only for building a BDG).
  void assignUnion(const TurnTable& a, const TurnTable& b);
  /// Records a turn made by flooding unknown unicast in VLAN `vid` (not by a route).
  void addFlood(std::size_t sw, std::size_t row, std::size_t col, std::uint64_t dscps, std::uint16_t vid);
  /// The VLAN whose flooding makes a turn (the lowest, when several do), 0 when none does.
  [[nodiscard]] std::uint16_t floodVlan(std::size_t sw, std::size_t row, std::size_t col) const;

  /// A standby switch's encapsulating turn of a dual-ToR bounce: traffic for a standby server that
  /// entered by `row` leaves, encapsulated, by `col`, with the tunnel's outer DSCP and queue per TC.
  struct EncapTurn {
    std::uint32_t sw = 0;
    std::uint32_t row = 0;
    std::uint32_t col = 0;
    std::uint32_t pair = 0;  ///< index into TunnelPlan::pairs()
    std::uint64_t dscps = 0;
    std::array<std::int8_t, 8> dscp_of_tc{};   ///< -1: the packet's own DSCP
    std::array<std::int8_t, 8> queue_of_tc{};  ///< -1: the egress port's queue of the TC
  };
  void addEncap(const EncapTurn& turn);
  [[nodiscard]] const std::vector<EncapTurn>& encapTurns() const { return encap_; }
  /// Records a turn that tunnelled traffic of pair `pair` takes on its way to the peer (not a route
  /// of any destination group: the tunnel's own).
  void addTunnelTransit(std::size_t sw, std::size_t row, std::size_t col, std::uint64_t dscps, std::uint32_t pair);
  /// The tunnel pair whose traffic takes a turn (encapsulating or in transit), -1 when none does.
  [[nodiscard]] int tunnelPair(std::size_t sw, std::size_t row, std::size_t col) const;

 private:
  struct Signature {
    std::vector<std::uint64_t> words;
    std::uint32_t groups = 0;
    std::uint32_t prefixes = 0;
    std::uint32_t first_group = 0;
  };
  struct Signatures {
    std::unordered_multimap<std::uint64_t, std::size_t> index;
    std::vector<Signature> list;
    void clear() {
      index.clear();
      list.clear();
    }
  };
  const SwitchGraph& graph_;
  std::vector<std::size_t> cell_base_;
  std::vector<std::uint32_t> link_ports_;
  std::vector<std::uint64_t> cells_;
  std::vector<std::uint32_t> arc_slot_;
  std::vector<Signatures> signatures_;
  std::unique_ptr<std::mutex[]> locks_;                        ///< per switch, when shared between threads
  std::unordered_map<std::size_t, std::uint16_t> flood_vlan_;  ///< cell -> VLAN, for flood turns
  std::vector<EncapTurn> encap_;
  std::unordered_map<std::size_t, std::uint32_t> tunnel_pair_;  ///< cell -> pair, for tunnel turns
};

/// The dual-ToR bounces of the fabric (docs/deadlock.md, "Dual-ToR tunnels"): per switch that is (or
/// may be) the standby side of some server ports, the peer its tunnel ends at, the destination groups
/// of those servers, and what encapsulation does to a packet's DSCP and queue. One pair per standby
/// switch, however many servers it has.
class TunnelPlan {
 public:
  struct Pair {
    std::uint32_t sw = 0;        ///< the standby side
    std::uint32_t peer = 0;      ///< the switch the tunnel ends at
    std::uint32_t endpoint = 0;  ///< the group of endpoints() that routes toward the peer's address
    const PeerTunnel* tunnel = nullptr;
    std::string peer_address;
    std::string mux_ports;  ///< "Ethernet0, Ethernet4": the ports it may be standby for
    SourceRef mux_src;      ///< the first of those ports' mux entry
    bool remap = false;     ///< the encap maps move tunnelled traffic (tunnel QoS remap enabled)
    std::array<std::int8_t, 8> dscp_of_tc{};
    std::array<std::int8_t, 8> queue_of_tc{};
  };
  TunnelPlan(const SwitchGraph& graph, const Destinations& dest);
  [[nodiscard]] bool empty() const { return pairs_.empty(); }
  [[nodiscard]] const std::vector<Pair>& pairs() const { return pairs_; }
  /// One destination group per peer address, routed like any other (not a RoCE destination).
  [[nodiscard]] const Destinations& endpoints() const { return endpoints_; }
  /// The pair whose standby switch `sw` bounces traffic of destination group `group`, or -1.
  [[nodiscard]] int bounces(std::size_t group, std::size_t sw) const;
  /// Adds every pair's bounce to `turns`: what arrived at the standby switch for its standby
  /// servers (`bounced` per global ingress port, `bounced_host` per switch from its own servers)
  /// leaves encapsulated toward the peer by the endpoint routes, and every switch on the way routes
  /// it on until the peer, which decapsulates and delivers it.
  void addTurns(const std::vector<GroupRoutes>& endpoint_routes, const std::vector<std::uint64_t>& bounced,
                const std::vector<std::uint64_t>& bounced_host,
                const std::vector<std::vector<std::uint32_t>>& host_ports_of, Classifier& cls, TurnTable& turns) const;

 private:
  const SwitchGraph& graph_;
  std::vector<Pair> pairs_;
  Destinations endpoints_;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> by_group_;  ///< group -> (switch, pair)
};

/// The L2 flood domains of the fabric (docs/deadlock.md, "L2 flooding"): per switch, the VLANs that
/// some switch-to-switch port of it carries, among the VLANs lossless traffic can be in (a VLAN
/// interface routes into it, or servers are its untagged members).
class FloodPlan {
 public:
  explicit FloodPlan(const SwitchGraph& graph);
  [[nodiscard]] bool empty() const { return vlans_.empty(); }
  /// Adds the flood turns of every VLAN to `turns`: lossless unknown unicast entering the VLAN at a
  /// switch (from its servers, routed into it, or flooded to it by a neighbour) leaves by every
  /// other switch-to-switch port of the VLAN. `local` and `local_host` are the propagator's local
  /// deliveries (FlowPropagator::localDeliveries), `sources` the DSCPs servers send.
  void addTurns(const std::vector<std::uint64_t>& local, const std::vector<std::uint64_t>& local_host,
                std::uint64_t sources, TurnTable& turns) const;

 private:
  struct Vlan {
    std::uint32_t sw = 0;
    std::uint16_t vid = 0;
    std::uint32_t domain = 0;            ///< index into domain ids (one per VLAN id)
    bool routed = false;                 ///< the switch has an interface (SVI) in the VLAN
    bool hosts = false;                  ///< servers of the switch are untagged members
    std::vector<std::uint32_t> members;  ///< slots of the switch's link ports carrying the VLAN
    std::vector<std::uint8_t> bridged;   ///< per member: the peer port carries the VLAN too
  };
  const SwitchGraph& graph_;
  std::vector<Vlan> vlans_;
  std::vector<std::uint16_t> domain_vid_;
};

/// Receives forwarding loops: (group, arcs of the loop, DSCPs per arc).
using LoopSink = std::function<void(std::size_t, const std::vector<std::uint32_t>&, const std::vector<std::uint64_t>&)>;

/// Pushes the source DSCPs of every host port along one group's routes, to a fixpoint.
class FlowPropagator {
 public:
  FlowPropagator(const SwitchGraph& graph, const Destinations& dest, Classifier& classifier,
                 std::uint64_t source_dscps);
  void run(std::size_t group, const GroupRoutes& routes, TurnTable& turns, LoopSink* loops);
  [[nodiscard]] const std::vector<std::vector<std::uint32_t>>& hostPortsOf() const { return host_ports_of_; }
  /// Per global port: DSCPs arriving there that some group delivers to local hosts.
  [[nodiscard]] const std::vector<std::uint64_t>& localDeliveries() const { return local_; }
  [[nodiscard]] const std::vector<std::uint64_t>& localHostDeliveries() const { return local_host_; }
  /// Adds another propagator's local deliveries.
  void mergeFrom(const FlowPropagator& other);
  /// Forgets the local deliveries recorded so far (a what-if set starts from none).
  void clearLocal();
  /// Records, for the plan's standby switches, what arrives for their standby servers.
  void setTunnelPlan(const TunnelPlan* plan);
  /// Per global port: DSCPs arriving there that a standby switch tunnels to its peer.
  [[nodiscard]] const std::vector<std::uint64_t>& bounced() const { return bounced_; }
  /// Per switch: DSCPs its own servers send that it tunnels to its peer.
  [[nodiscard]] const std::vector<std::uint64_t>& bouncedHost() const { return bounced_host_; }

 private:
  [[nodiscard]] bool isSource(std::size_t sw) const;
  void push(std::size_t sw, const GroupRoutes& routes);
  void forward(std::size_t sw, const GroupRoutes& routes);
  void findLoops(std::size_t group, const GroupRoutes& routes, LoopSink& sink);

  const SwitchGraph& graph_;
  const Destinations& dest_;
  Classifier& cls_;
  std::uint64_t source_dscps_;
  /// Per switch, with no host port in the fabric: whether traffic of unknown origin enters there.
  std::vector<std::uint8_t> virtual_source_;
  std::vector<std::uint64_t> in_;
  std::vector<std::uint8_t> queued_;
  std::vector<std::uint8_t> visited_flag_;
  std::vector<std::uint32_t> visited_;
  std::vector<std::vector<std::uint32_t>> buckets_;
  std::size_t top_ = 0;
  std::vector<std::vector<std::uint32_t>> host_ports_of_;
  std::vector<std::uint64_t> words_;
  std::vector<std::uint8_t> color_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> stack_;
  std::vector<std::uint64_t> local_;
  std::vector<std::uint64_t> local_host_;
  const TunnelPlan* tunnel_ = nullptr;
  std::size_t group_ = 0;  ///< the group being propagated
  std::vector<std::uint64_t> bounced_;
  std::vector<std::uint64_t> bounced_host_;
};

/// Builds the BDG (CSR) from the turn table.
void buildBdg(const SwitchGraph& graph, const TurnTable& turns, Classifier& cls,
              const std::vector<std::vector<std::uint32_t>>& host_ports_of, BufferDependencyGraph& out);
/// Fills component / component_size (Boost strong_components, linear time).
void strongComponents(BufferDependencyGraph& bdg);
/// One shortest cycle per non-trivial SCC, as node indices in order.
std::vector<std::vector<std::size_t>> witnessCycles(const BufferDependencyGraph& bdg);

}  // namespace rocelint::detail
