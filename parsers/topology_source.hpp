#pragma once
// Topology sources for fabrics whose configurations do not carry their cabling: LLDP neighbour
// JSON (`lldpctl -f json` / `-f json0`, EOS `show lldp neighbors | json`), containerlab
// `*.clab.yml`, and rocelint's own `topology.yaml` (docs/topology.md). Each is parsed into the
// same `TopologySource`: nodes and links whose every element keeps its file, line and column.
// The loader applies them to the built switches (src/topology.cpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "located_json.hpp"
#include "rocelint/model.hpp"

namespace rocelint::topology {

/// Which kind of file a source is; also the precedence between sources (lower applies first).
enum class SourceKind : std::uint8_t { Lldp, Plan, Containerlab };

/// "LLDP", "topology.yaml", "containerlab".
const char* sourceKindName(SourceKind kind);

/// One end of a link as a source names it: a node and its port in the node's own naming
/// (containerlab interface names are translated per kind, see `containerlabPortName`).
struct Endpoint {
  std::string node;
  std::string port;     ///< may be empty: a host attachment without a NIC name
  std::string written;  ///< as the file writes it ("leaf1:eth1"), for messages
  SourceRef src;
  bool anonymous = false;  ///< LLDP peer without a system name: `node` is its chassis id
};

/// A cable between two endpoints. LLDP gives one per local interface (`a` is the local port).
struct TopologyLink {
  Endpoint a;
  Endpoint b;
  std::optional<Sourced<std::uint32_t>> length_m;    ///< topology.yaml `length`
  std::optional<Sourced<std::uint32_t>> speed_mbps;  ///< topology.yaml `speed`
  SourceRef src;
};

/// A device a source declares: a switch, or a host (containerlab `linux`, topology.yaml `hosts`).
struct TopologyNode {
  std::string name;
  bool host = false;
  std::string kind;  ///< containerlab kind ("nokia_srlinux"), "" elsewhere
  std::optional<Sourced<std::string>> role;
  std::optional<Sourced<std::uint32_t>> asn;
  SourceRef src;
};

struct TopologySource {
  SourceKind kind = SourceKind::Plan;
  std::string file;
  std::string local_switch;  ///< LLDP: the switch whose neighbours these are
  /// LLDP without lldp_loc_chassis: names the file suggests (stem, directory); the first that is a
  /// configured switch becomes `local_switch` when the source is applied.
  std::vector<std::string> local_switch_candidates;
  std::vector<TopologyNode> nodes;
  std::vector<TopologyLink> links;
};

/// True for LLDP neighbour JSON: a root with `lldp` (lldpctl, also wrapped per ASIC) or
/// `lldpNeighbors` (EOS).
bool looksLikeLldp(const json::Node& root);

/// Parses LLDP neighbour JSON. The local switch is `lldp_loc_chassis`'s system name when the file
/// has one, else the first of `candidates` (the loader passes the file stem and the directory
/// name), re-chosen among them when applied. Throws InputError "file:line:col: ..." when the
/// structure is not what lldpctl or EOS write.
TopologySource parseLldp(const json::Node& root, const std::string& file, const std::vector<std::string>& candidates);

/// Endpoints named after the LLDP source's local switch are renamed to `name`.
void setLocalSwitch(TopologySource& source, const std::string& name);

/// True for a containerlab topology: a YAML mapping with `topology:` holding `nodes:` or `links:`.
/// A cheap line scan, never throws.
bool looksLikeContainerlab(std::string_view text);

/// True for rocelint's own topology file: a top-level `rocelint-topology:` key.
bool looksLikePlan(std::string_view text);

/// Parses a containerlab topology (brief and extended link forms; host, mgmt-net, macvlan,
/// vxlan and dummy links have one end in the fabric only and are skipped).
TopologySource parseContainerlab(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// Parses rocelint's topology.yaml strictly: unknown keys, wrong types and bad lengths or speeds
/// are InputErrors with file:line:col.
TopologySource parsePlan(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// The port name a containerlab interface has on a node of `kind`: cEOS `eth1` = `Ethernet1`
/// (`eth1_2` = `Ethernet1/2`), sonic-vs `eth1` = `Ethernet0` (`ethN` = `Ethernet(4(N-1))`), SR Linux
/// `e1-1` = `ethernet-1/1`; other kinds and names already native are kept.
std::string containerlabPortName(std::string_view kind, std::string_view interface);

/// Metres in a length like "3m", "100m", "2km", "1.5m" (rounded up to whole metres), or nullopt.
std::optional<std::uint32_t> parseLength(std::string_view text);

/// Mb/s in a speed like "400G", "100g", "25000M", "100000", or nullopt.
std::optional<std::uint32_t> parseSpeed(std::string_view text);

}  // namespace rocelint::topology
