#pragma once
// Neighbours read from interface descriptions, for every format alike (docs/topology.md
// "Interface descriptions"): the weakest neighbour source, applied after the neighbour tables,
// LLDP and topology files, to ports that none of them describes.

#include <functional>
#include <optional>
#include <string>

#include "rocelint/model.hpp"

namespace rocelint {

/// What a description says is on the other end, as written: peer name and port ("" none).
struct DescribedPeer {
  std::string device;
  std::string port;
};

/// The peer a description names, in one of the common forms (`peer:port`, `facing_peer:port`,
/// `to-peer-port`, `peer port`, `peer_port`, `P2P_LINK_TO_peer_port`), or nothing when the text is
/// free prose. `is_switch` says whether a name is a fabric switch; it splits the forms whose
/// separator may also occur inside a name (`to-gpu-r1-l1-et-0/0/0`).
std::optional<DescribedPeer> peerFromDescription(const std::string& text,
                                                 const std::function<bool(const std::string&)>& is_switch);

/// The fabric switch a written name means: exact, else case-insensitive, else by first label
/// (`leaf1.example.net` is `LEAF1`).
std::optional<std::size_t> findSwitchByName(const Fabric& fabric, const std::string& name);

/// The port of `sw` a written port name means: by name or alias, else case-insensitive, else with
/// the vendor's abbreviation expanded (`Eth1/1`, `et1` are `Ethernet1/1`, `Ethernet1`).
const Port* findPortByWrittenName(const Switch& sw, const std::string& written);

/// Fills the neighbours of ports without one from their descriptions; a description that names a
/// fabric switch's port also gives that port its neighbour back when it has none of its own.
void neighboursFromDescriptions(Fabric& fabric);

}  // namespace rocelint
