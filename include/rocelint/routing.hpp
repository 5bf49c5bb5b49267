#pragma once
// The routing model: which way each switch forwards traffic toward every destination prefix.
// Vendor-neutral; reads only the Fabric model. Semantics: docs/deadlock.md.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_analysis)
#error "layer rule: this library may not include rocelint/routing.hpp (docs/architecture.md#layers)"
#endif

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint {

/// An IPv4 or IPv6 prefix, normalised (host bits cleared).
struct IpPrefix {
  bool v6 = false;
  std::array<std::uint8_t, 16> addr{};
  int length = 0;

  /// Parses "10.0.0.1/31", "10.0.0.1" (host route), "fc00::1/64"; nullopt when malformed.
  static std::optional<IpPrefix> parse(std::string_view text);
  /// The same prefix with host bits cleared.
  [[nodiscard]] IpPrefix network() const;
  /// True when `other` lies inside this prefix (same family, longer or equal length).
  [[nodiscard]] bool contains(const IpPrefix& other) const;
  [[nodiscard]] std::string str() const;
  friend bool operator==(const IpPrefix&, const IpPrefix&) = default;
  friend auto operator<=>(const IpPrefix&, const IpPrefix&) = default;
};

/// One direction of an inter-switch link: traffic leaves `from` and enters `to`.
struct Arc {
  PortRef from;
  PortRef to;
  std::uint32_t link = 0;  ///< index into Fabric::links
};

/// The switch graph: every link in both directions, arcs grouped by the switch they leave.
/// Arc 2*l leaves link l's `a` end, arc 2*l+1 its `b` end, so `id ^ 1` is the reverse arc.
class SwitchGraph {
 public:
  explicit SwitchGraph(const Fabric& fabric);

  [[nodiscard]] const Fabric& fabric() const { return *fabric_; }
  [[nodiscard]] std::size_t arcCount() const { return arcs_.size(); }
  [[nodiscard]] const Arc& arc(std::uint32_t id) const { return arcs_[id]; }
  /// Arcs leaving a switch (ids), in port order.
  [[nodiscard]] std::pair<const std::uint32_t*, const std::uint32_t*> outArcs(std::size_t sw) const {
    return {out_.data() + out_begin_[sw], out_.data() + out_begin_[sw + 1]};
  }
  /// Dense index of a port over the whole fabric.
  [[nodiscard]] std::uint32_t globalPort(PortRef ref) const {
    return port_base_[ref.sw] + static_cast<std::uint32_t>(ref.port);
  }
  [[nodiscard]] PortRef portOf(std::uint32_t global_port) const;
  [[nodiscard]] std::uint32_t portCount() const { return port_base_.back(); }
  /// The arc leaving through a port, or kNoArc when the port is not an inter-switch link end.
  [[nodiscard]] std::uint32_t arcOfPort(std::uint32_t global_port) const { return arc_of_port_[global_port]; }
  /// Whether the link of an arc is admin up at both ends (as configured).
  [[nodiscard]] bool configuredUp(std::uint32_t arc_id) const { return configured_up_[arc_id >> 1]; }
  /// Host-facing ports (a neighbour that is not a switch of the fabric), as global port indices.
  [[nodiscard]] const std::vector<std::uint32_t>& hostPorts() const { return host_ports_; }
  /// Failure units: a LAG's member links between two switches form one unit (one routing
  /// adjacency that fails as a whole), any other link is a unit of its own. Units are numbered in
  /// the order of their first link.
  [[nodiscard]] std::size_t unitCount() const { return unit_begin_.size() - 1; }
  [[nodiscard]] std::uint32_t unitOfLink(std::uint32_t link) const { return unit_of_link_[link]; }
  /// The links (indices into Fabric::links) of a failure unit, in link order.
  [[nodiscard]] std::pair<const std::uint32_t*, const std::uint32_t*> unitLinks(std::uint32_t unit) const {
    return {unit_links_.data() + unit_begin_[unit], unit_links_.data() + unit_begin_[unit + 1]};
  }

  static constexpr std::uint32_t kNoArc = UINT32_MAX;

 private:
  void buildFailureUnits(const Fabric& fabric);

  const Fabric* fabric_;
  std::vector<Arc> arcs_;
  std::vector<std::uint32_t> out_;
  std::vector<std::uint32_t> out_begin_;
  std::vector<std::uint32_t> port_base_;
  std::vector<std::uint32_t> arc_of_port_;
  std::vector<bool> configured_up_;
  std::vector<std::uint32_t> host_ports_;
  std::vector<std::uint32_t> unit_of_link_;
  std::vector<std::uint32_t> unit_begin_;
  std::vector<std::uint32_t> unit_links_;
};

/// The ports of a switch that an interface name stands for: the port itself, or a LAG's members.
std::vector<std::size_t> portsOfInterface(const Switch& sw, const std::string& name);
/// A port as a person names it in a finding: "Ethernet0", or for a LAG member its LAG and every
/// member, "PortChannel1 (Ethernet0, Ethernet8)".
std::string portOrLagName(const Switch& sw, const Port& port);

/// A prefix some switch originates (host subnet, loopback) or a static route names.
struct DestinationPrefix {
  IpPrefix prefix;
  std::string text;  ///< as written in the config
  SourceRef src;
  bool loopback = false;  ///< a switch's own loopback (management), not a host subnet
  /// Per switch of Destinations::installed_switches (same order): its installed route for this
  /// prefix, an index into Destinations::installed.
  std::vector<std::uint32_t> installed;
};

/// What a switch does with traffic toward a destination group.
enum class ForwardKind : std::uint8_t {
  Drop,       ///< no route
  Local,      ///< connected: delivered to a host port of this switch
  Learned,    ///< BGP/shortest-path route toward the origin
  Static,     ///< a static route of this switch
  Flood,      ///< L2 flooding of unknown unicast in a VLAN that spans switch-to-switch links
  Tunnel,     ///< a dual-ToR bounce: the standby side tunnels a server's traffic to its peer
  Installed,  ///< the switch's installed route (live state) replaces the computed one
};

/// Destination prefixes that every switch routes identically (same origin, same static
/// routes, same connected switches): routing is computed once per group.
struct DestinationGroup {
  std::vector<std::uint32_t> origins;                            ///< switches that originate the longest learned prefix
  std::vector<std::pair<std::uint32_t, ForwardKind>> overrides;  ///< switches not using the learned route
  std::vector<std::uint32_t> static_route;  ///< for Static overrides: index into StaticNextHops, same order
  std::vector<std::uint32_t> prefixes;      ///< indices into Destinations::prefixes
  bool hosts = false;                       ///< holds a host subnet or static prefix (not only loopbacks)
  /// Switches with installed routes: (switch, index into Destinations::installed). Every prefix of
  /// the group resolves to the same next hops there; the index is that of the first prefix.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> installed;
};

/// A static route resolved to arcs / exit ports of its switch.
struct StaticNextHops {
  std::uint32_t sw = 0;
  const StaticRoute* route = nullptr;
  std::vector<std::uint32_t> arcs;        ///< toward other switches
  std::vector<std::uint32_t> exit_ports;  ///< toward hosts (global port indices)
  std::vector<std::string> unresolved;    ///< next hops that name no interface subnet or port
};

/// A switch's installed route for a destination prefix (the longest prefix match over its
/// installed table, default VRF), resolved to arcs / exit ports of the switch.
struct InstalledNextHops {
  std::uint32_t sw = 0;
  const InstalledRoute* route = nullptr;  ///< nullptr: no installed route matches (the switch drops)
  std::vector<std::uint32_t> arcs;        ///< toward other switches, sorted
  std::vector<std::uint32_t> exit_ports;  ///< toward hosts (global port indices; UINT32_MAX: a VLAN or connected)
  std::vector<std::string> unresolved;    ///< next hops that lead to no link or interface of the switch
  SourceRef table;                        ///< the route table file as a whole (where a missing route is)
};

/// Every destination of the fabric, grouped.
struct Destinations {
  std::vector<DestinationPrefix> prefixes;
  std::vector<DestinationGroup> groups;
  std::vector<StaticNextHops> statics;
  /// Switches whose installed routes (the latest snapshot with a route table) replace the computed
  /// ones, sorted; every other switch keeps the computed routes (docs/deadlock.md, "Installed routes").
  std::vector<std::uint32_t> installed_switches;
  std::vector<InstalledNextHops> installed;
  std::vector<std::string> ignored;   ///< addresses that could not be parsed, with why
  std::size_t skipped_loopbacks = 0;  ///< loopback prefixes left out (not RoCE destinations)
  std::size_t skipped_links = 0;      ///< switch-to-switch link subnets left out
};

/// Which prefixes besides host subnets are destinations of RoCE traffic
/// (`params.roce_destinations`; docs/deadlock.md, "Destinations").
struct DestinationKinds {
  bool loopbacks = false;  ///< switch loopbacks (and static routes inside them)
  bool links = false;      ///< point-to-point subnets of switch-to-switch links
};

/// The VLAN id of a VLAN interface name: "Vlan1000" (SONiC, EOS, NX-OS), "vlan1000" (NVUE),
/// "Vlanif1000" (Huawei), "Vlan-interface1000" (H3C), "irb.1000" (Junos: the irb unit, which
/// designs number after the VLAN it routes; docs/deadlock.md); nullopt for any other name.
std::optional<std::uint16_t> sviVlanId(std::string_view name);

/// Per switch, sorted, the VLANs whose interface is a transit SVI: a point-to-point prefix (/31,
/// /30; /127, /126) on a VLAN that no host-facing port of the switch carries, i.e. a routed
/// switch-to-switch link built from a trunk and a VLAN interface at each end (docs/deadlock.md,
/// "Transit VLANs"). Their subnets are link subnets, not destinations, and flood nothing.
std::vector<std::vector<std::uint16_t>> transitSviVlans(const SwitchGraph& graph);

/// Collects destination prefixes and groups them (docs/deadlock.md, "Destinations").
Destinations collectDestinations(const SwitchGraph& graph, DestinationKinds kinds = {});

/// Where traffic enters when the fabric has no host-facing port (docs/deadlock.md, "Sources"):
/// per switch 1 or 0, every switch. Empty when the fabric has host ports.
std::vector<std::uint8_t> assumedSources(const SwitchGraph& graph);

/// How routes react to failed links.
enum class RoutingMode : std::uint8_t {
  Steady,     ///< converged routing on the surviving links
  Transient,  ///< right after local repair: only switches next to a failure re-select
};

/// A set of arcs that are down (both directions of each failed link).
class LinkState {
 public:
  explicit LinkState(std::size_t arc_count) : down_(arc_count, false) {}
  [[nodiscard]] bool down(std::uint32_t arc) const { return down_[arc]; }
  void setLinkDown(std::uint32_t link, bool is_down) { down_[2 * link] = down_[2 * link + 1] = is_down; }
  [[nodiscard]] std::size_t size() const { return down_.size(); }

 private:
  std::vector<bool> down_;
};

/// Forwarding of one destination group: per switch, its kind and next-hop arcs.
struct GroupRoutes {
  std::vector<ForwardKind> kind;          ///< per switch
  std::vector<std::uint32_t> nh_begin;    ///< per switch + 1, into nh
  std::vector<std::uint32_t> nh;          ///< arcs
  std::vector<std::uint32_t> exit_begin;  ///< per switch + 1, into exits
  std::vector<std::uint32_t> exits;       ///< host ports (static routes toward hosts)
  std::vector<std::uint16_t> distance;    ///< learned distance in hops (kNoRoute: none)
  /// Per switch: ASNs present on every one of its best paths (AS-path loop prevention).
  std::vector<std::uint32_t> inter_begin;
  std::vector<std::uint32_t> inter;
  /// Per switch: BGP communities (fabric-wide ids) present on every one of its best paths; empty
  /// when no switch has a routing policy.
  std::vector<std::uint32_t> comm_begin;
  std::vector<std::uint32_t> comm;

  /// Set by transient routing (re-selected next hops need not descend in distance).
  bool may_loop = false;

  static constexpr std::uint16_t kNoRoute = UINT16_MAX;

  [[nodiscard]] std::pair<const std::uint32_t*, const std::uint32_t*> nextHops(std::size_t sw) const {
    return {nh.data() + nh_begin[sw], nh.data() + nh_begin[sw + 1]};
  }
};

/// Per arc of the graph: the index of the leaving switch's BGP neighbour that is the session over
/// it (its interface is the arc's port, or its address is the far port's), -1 when none.
std::vector<std::int32_t> arcSessions(const SwitchGraph& graph);

/// A BGP session over a fabric link whose policy rocelint evaluates only in part.
struct PolicyGap {
  std::uint32_t sw = 0;
  std::uint32_t neighbor = 0;  ///< index into the switch's bgp_neighbors
  std::uint32_t port = 0;      ///< the switch's port of (one of) the session's links
  std::string policy;          ///< the policy with the first unmodelled term; empty: the session's policy expression
  std::string what;            ///< the statement not modelled, as written
  SourceRef src;
};

/// The fabric sessions whose import or export policy has a term (or expression) rocelint does not
/// model, in switch and session order; one per session, naming its first such term.
std::vector<PolicyGap> policyGaps(const SwitchGraph& graph);

/// What the policies of one session do to an accepted route's communities.
struct PolicyEffect {
  std::vector<std::uint32_t> added;  ///< fabric-wide ids added on every accepted path
  bool dropped = false;              ///< communities present before may have been replaced or deleted
  void clear() {
    added.clear();
    dropped = false;
  }
};

/// Computes routes for every group; reusable scratch space lives inside.
class Router {
 public:
  Router(const SwitchGraph& graph, const Destinations& destinations);

  /// Whether switches with installed routes forward on them (default) or on the computed routes.
  void useInstalledRoutes(bool use) { use_installed_ = use; }
  /// Converged routes of a group with the given links down.
  void steady(std::size_t group, const LinkState& links, GroupRoutes& out);
  /// Transient routes: `before` are the routes with no failure; switches adjacent to a link
  /// that is down in `links` re-select among their neighbours' pre-failure routes.
  void transient(std::size_t group, const GroupRoutes& before, const LinkState& links, GroupRoutes& out);

 private:
  void applyOverrides(std::size_t group, const LinkState& links, GroupRoutes& out);
  void applyInstalled(std::size_t group, const LinkState& links, GroupRoutes& out);
  /// Whether x may learn y's route over `arc` (from y to x): AS-path loop prevention (unless x allows
  /// its own ASN in) and y's export / x's import policy. Records in `effect` (when not null) the
  /// communities the policies add on every accepted path and whether they may remove some.
  [[nodiscard]] bool accepts(std::size_t x, const std::uint32_t* asn_b, const std::uint32_t* asn_e,
                             const std::uint32_t* comm_b, const std::uint32_t* comm_e, std::size_t y, std::uint32_t arc,
                             bool y_learned, PolicyEffect* effect) const;
  /// Over-approximating evaluation of a policy chain: false only when every path the sets describe
  /// is rejected.
  [[nodiscard]] bool evalAll(std::size_t sw, const std::vector<std::uint32_t>& chain, bool all_of, bool learned,
                             const std::uint32_t* asn_b, const std::uint32_t* asn_e, std::int64_t skip_asn,
                             const std::uint32_t* comm_b, const std::uint32_t* comm_e, PolicyEffect& effect) const;
  [[nodiscard]] bool evalChain(std::size_t sw, const std::uint32_t* chain_b, const std::uint32_t* chain_e, bool learned,
                               const std::uint32_t* asn_b, const std::uint32_t* asn_e, std::int64_t skip_asn,
                               const std::uint32_t* comm_b, const std::uint32_t* comm_e, PolicyEffect& effect) const;

  const SwitchGraph& graph_;
  const Destinations& dest_;
  std::vector<std::int64_t> asn_;  ///< per switch, -1 when none
  std::vector<std::uint32_t> layer_;
  std::vector<std::uint32_t> next_layer_;
  std::vector<std::vector<std::uint32_t>> nh_;     ///< scratch: next hops per switch
  std::vector<std::vector<std::uint32_t>> inter_;  ///< scratch: ASN intersection per switch
  std::vector<std::vector<std::uint32_t>> exits_;  ///< scratch: exit ports per switch
  std::vector<std::vector<std::uint32_t>> comm_;   ///< scratch: community intersection per switch
  PolicyEffect effect_;                            ///< scratch: what the policies of one arc do
  /// Routing policy, only when some switch has one (policies_ false: ASN loop prevention only).
  bool policies_ = false;
  std::vector<std::int32_t> arc_neighbor_;  ///< per arc: index into the leaving switch's bgp_neighbors, -1: none
  std::vector<std::vector<std::uint32_t>> comm_gid_;  ///< per switch: local community id -> fabric-wide id
  bool use_installed_ = true;

 public:
  /// BGP sessions with a policy that no link could be tied to (their policy is not applied).
  std::size_t untied_policy_sessions = 0;
};

/// A switch whose installed route for a destination prefix forwards differently from the route
/// rocelint computes from the configuration (with the links as configured).
struct RouteDifference {
  std::uint32_t sw = 0;
  std::uint32_t prefix = 0;     ///< index into Destinations::prefixes
  std::uint32_t installed = 0;  ///< index into Destinations::installed
  ForwardKind computed = ForwardKind::Drop;
  std::vector<std::uint32_t> computed_arcs;   ///< sorted
  bool computed_delivers = false;             ///< the computed route delivers to hosts of the switch
  const StaticRoute* static_route = nullptr;  ///< the static route the computed route is, if any
  std::int32_t session = -1;  ///< computed: the BGP neighbour (index into bgp_neighbors) over its first next hop
};

/// Compares every installed route with the computed one, per switch with installed routes and
/// destination prefix (docs/deadlock.md, "Installed routes"), in switch and prefix order.
std::vector<RouteDifference> installedRouteDifferences(const SwitchGraph& graph, const Destinations& destinations);

}  // namespace rocelint
