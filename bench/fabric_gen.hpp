#pragma once
// Synthetic RoCE fabric generator: one SONiC config_db.json per switch, for tests and benchmarks.
//
// Every topology is a FabricSpec (switches, links, hosts, knobs); one writer turns a spec into
// files, streaming one switch at a time. Names, port numbering and the address plan are
// documented in docs/fabricgen.md; tests rely on them.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rocelint::bench {

// ---------------------------------------------------------------------------------------------
// Explicit spec
// ---------------------------------------------------------------------------------------------

/// A static route written to STATIC_ROUTE (SONiC: key = prefix, comma-joined nexthop/ifname).
struct StaticRouteSpec {
  std::string prefix;                 ///< "10.128.0.0/27"
  std::vector<std::string> nexthops;  ///< IPs; empty: the peers' addresses on `ifnames`
  std::vector<std::string> ifnames;   ///< local ports, same order as nexthops (may be empty)
};

/// One switch. Hosts get the ports after the switch's highest-numbered link port.
struct SwitchSpec {
  std::string name;
  std::string role = "LeafRouter";   ///< DEVICE_METADATA type
  std::optional<std::uint32_t> asn;  ///< none: no bgp_asn and no BGP_NEIGHBOR
  int hosts = 0;                     ///< servers, named <switch>-h1..-hN, one port each
  std::vector<StaticRouteSpec> static_routes;
};

/// One end of a link.
struct LinkEnd {
  std::string switch_name;
  std::string port;  ///< "Ethernet8"
};

/// A switch-to-switch link. A failed link keeps both PORT and DEVICE_NEIGHBOR entries but is
/// written with admin_status "down" on both ends.
struct LinkSpec {
  LinkEnd a;
  LinkEnd b;
  bool up = true;
};

/// Per-port QoS bindings that differ from the defaults (AZURE maps, no egress remark).
struct PortQosSpec {
  LinkEnd port;                               ///< which switch port
  std::optional<std::string> dscp_to_tc_map;  ///< a FabricSpec::dscp_to_tc_maps name (or "AZURE")
  std::optional<std::string> tc_to_dscp_map;  ///< a FabricSpec::tc_to_dscp_maps name: egress rewrite
};

/// A whole fabric before it is written.
struct FabricSpec {
  std::vector<SwitchSpec> switches;
  std::vector<LinkSpec> links;
  std::vector<PortQosSpec> port_qos;
  /// Extra named maps (from -> to); each is written on the switches that bind it.
  std::map<std::string, std::map<int, int>> dscp_to_tc_maps;
  std::map<std::string, std::map<int, int>> tc_to_dscp_maps;
};

/// Sizes of a fabric: what `rocelint check` reports as switches, links and host ports.
struct FabricCounts {
  std::int64_t switches = 0;
  std::int64_t links = 0;
  std::int64_t hosts = 0;
  friend bool operator==(const FabricCounts&, const FabricCounts&) = default;
};

/// What writeFabric produced.
struct WriteResult {
  FabricCounts counts;
  int files = 0;
  std::uint64_t bytes = 0;
};

/// Counts of a spec.
FabricCounts countsOf(const FabricSpec& spec);

/// Writes one <switch>.json per switch into `dir` (created), one switch in memory at a time.
/// Throws std::invalid_argument for an inconsistent spec (unknown switch, port used twice,
/// undefined map, too many addresses) before writing anything.
WriteResult writeFabric(const std::string& dir, const FabricSpec& spec);

/// Marks the link with this index down.
void failLink(FabricSpec& spec, std::size_t link_index);
/// Marks the link at this switch port down; throws std::invalid_argument if there is none.
void failLink(FabricSpec& spec, const std::string& switch_name, const std::string& port);

/// The port of switch `from` that faces switch `to` (the first, by link order, if several);
/// throws std::invalid_argument if they are not linked.
std::string portToward(const FabricSpec& spec, const std::string& from, const std::string& to);

/// Index of the link at this switch port, or nullopt.
std::optional<std::size_t> findLink(const FabricSpec& spec, const std::string& switch_name, const std::string& port);

// Addresses the writer assigns (see docs/fabricgen.md); they follow from the order of switches,
// links and hosts in the spec. All throw std::invalid_argument for names the spec lacks.

/// Loopback0 address of a switch, e.g. "10.0.0.1".
std::string loopbackAddress(const FabricSpec& spec, const std::string& switch_name);
/// Address of a switch port (link or host port), without the /31, e.g. "10.64.0.0".
std::string portAddress(const FabricSpec& spec, const std::string& switch_name, const std::string& port);
/// The aligned block holding all host /31s of a switch, e.g. "10.128.0.0/27".
std::string hostBlock(const FabricSpec& spec, const std::string& switch_name);
/// The server's own address of host `host_number` (1-based) of a switch, e.g. "10.128.0.1".
std::string hostAddress(const FabricSpec& spec, const std::string& switch_name, int host_number);
/// The port of a switch that host `host_number` (1-based) attaches to.
std::string hostPort(const FabricSpec& spec, const std::string& switch_name, int host_number);

/// "Ethernet<8*index>": the SONiC name of front-panel port `index` (8 lanes per port).
std::string portName(int index);

// ---------------------------------------------------------------------------------------------
// Named topologies (built on the spec)
// ---------------------------------------------------------------------------------------------

/// eBGP ASN assignment (RFC 7938): Shared = every switch of one upper tier (per pod for
/// aggregation) shares an ASN and leaves/ToRs are distinct; Distinct = one ASN per switch;
/// None = no BGP at all.
enum class AsnDesign { None, Shared, Distinct };

/// 2-tier leaf-spine.
struct FabricShape {
  int spines = 2;
  int leaves = 4;
  int hosts_per_leaf = 2;
};

/// leaf<l> Ethernet<8(s-1)> <-> spine<s> Ethernet<8(l-1)>; hosts after the uplinks.
FabricSpec leafSpine(const FabricShape& shape, AsnDesign asn = AsnDesign::Shared);

/// 3-tier fat-tree of even k >= 2: k pods of k/2 edge + k/2 aggregation switches, (k/2)^2 cores,
/// k/2 hosts per edge switch.
FabricSpec fatTree(int k, AsnDesign asn = AsnDesign::Shared);
/// Counts of fatTree(k) without building it: 5k^2/4 switches, k^3/2 links, k^3/4 hosts.
FabricCounts fatTreeCounts(int k);

/// The 36-port 3-tier Clos: fatTree(36) = 36 pods of 18 leaves + 18 aggregation switches,
/// 324 cores, 18 hosts per leaf: 1,620 switches, 23,328 links, 11,664 hosts.
FabricSpec clos36(AsnDesign asn = AsnDesign::Shared);
FabricCounts clos36Counts();

/// Ring of n >= 3 switches sw1..swN: sw<i> Ethernet0 <-> sw<i+1> Ethernet8 (wrapping). One tier:
/// Shared and Distinct both give every switch its own ASN.
FabricSpec ring(int n, int hosts_per_switch, AsnDesign asn = AsnDesign::Shared);
/// Full mesh of n >= 2 switches sw1..swN: sw<i>'s port toward sw<j> is Ethernet<8(j-1)> for
/// j < i and Ethernet<8(j-2)> for j > i.
FabricSpec mesh(int n, int hosts_per_switch, AsnDesign asn = AsnDesign::Shared);

/// Writes leafSpine(shape) into `dir` (created). Returns the number of files.
int writeLeafSpine(const std::string& dir, const FabricShape& shape);

}  // namespace rocelint::bench
