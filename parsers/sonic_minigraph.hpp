#pragma once
// SONiC minigraph.xml -> the config_db tables sonic-cfggen renders from it (FORMATS.md §2).
// Parsing (phase 1 of the loader) keeps the minigraph's own port names (aliases); rendering
// (phase 2, once the switch's port_config.ini is known) translates them to SONiC names.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input_limits.hpp"
#include "port_config.hpp"
#include "rocelint/model.hpp"
#include "sonic_config_db.hpp"

namespace rocelint::sonic {

/// An element's text as written, with the element's position.
struct XmlText {
  std::string value;
  SourceRef src;
};

/// PngDec/DeviceInterfaceLinks/DeviceLinkBase.
struct MinigraphLink {
  std::string type;  ///< ElementType, else i:type without prefix, else "DeviceInterfaceLink"
  XmlText start_device, start_port, end_device, end_port;
  std::optional<XmlText> bandwidth;  ///< Mb/s
  SourceRef src;
};

/// PngDec/Devices/Device.
struct MinigraphDevice {
  XmlText hostname;
  std::optional<XmlText> hwsku, type, lo_addr, mgmt_addr, deployment_id, cluster;
  SourceRef src;
};

/// CpgDec/PeeringSessions/BGPSession.
struct MinigraphBgpSession {
  XmlText start_router, start_peer, end_router, end_peer;
  std::optional<XmlText> holdtime, keepalive;
  SourceRef src;
};

/// CpgDec/Routers/BGPRouterDeclaration.
struct MinigraphRouter {
  XmlText hostname;
  std::optional<XmlText> asn;
};

/// An address (IPInterface or LoopbackIPInterface) and what it is attached to.
struct MinigraphAddress {
  XmlText attach_to;
  XmlText prefix;
  SourceRef src;
};

/// DpgDec PortChannel or VlanInterface: a name and its ";"-separated members.
struct MinigraphGroup {
  XmlText name;
  std::optional<XmlText> members;
  std::optional<XmlText> vlan_id;  ///< VlanInterface only
  SourceRef src;
};

/// DeviceInfos/DeviceInfo/EthernetInterfaces/EthernetInterface.
struct MinigraphInterface {
  XmlText name;  ///< InterfaceName (an alias)
  std::optional<XmlText> speed, description;
  std::optional<XmlText> sonic_name;  ///< SonicName, where the minigraph gives the SONiC name beside the alias
  SourceRef src;
};

/// DeviceInfo/SystemPorts/SystemPort of a VOQ chassis: a port of some line card and ASIC.
struct MinigraphSystemPort {
  XmlText name;
  std::string hostname;
  std::string asic;
};

/// LinkMetadataDeclaration/Link/LinkMetadata: "devA:portA;devB:portB" and its properties.
struct MinigraphLinkMetadata {
  XmlText key;
  std::vector<std::pair<std::string, XmlText>> properties;
};

/// What rocelint reads from one minigraph, for its own device only (other devices' DpgDec
/// sections are dropped while parsing).
struct Minigraph {
  std::string file;
  SourceRef root;
  XmlText hostname;
  std::optional<XmlText> hwsku;
  /// MetadataDeclaration properties of this device (DeploymentId, QosProfile, NtpResources, ...).
  std::vector<std::pair<std::string, XmlText>> properties;
  std::vector<MinigraphLink> links;
  std::vector<MinigraphDevice> devices;
  std::vector<MinigraphBgpSession> sessions;
  std::vector<MinigraphRouter> routers;
  std::vector<MinigraphAddress> loopbacks, ip_interfaces;
  std::vector<MinigraphGroup> portchannels, vlans;
  std::vector<MinigraphInterface> interfaces;  ///< of the DeviceInfo of this hwsku
  std::vector<MinigraphSystemPort> system_ports;
  /// The chassis has several ASICs (ASIC devices in PngDec, or system ports of several ASICs): a
  /// port table may list only one ASIC's ports.
  bool multi_asic = false;
  std::vector<MinigraphLinkMetadata> link_metadata;
  // Read only to be counted as outside rocelint's scope:
  std::vector<MinigraphAddress> mgmt_addresses;  ///< ManagementIPInterfaces
  std::vector<XmlText> acls;                     ///< AclInterfaces' InAcl names
  std::vector<XmlText> tunnels;                  ///< TunnelInterfaces' Name attributes
};

/// True when the document element is DeviceMiniGraph in namespace
/// Microsoft.Search.Autopilot.Evolution (any prefix). Cheap; does not parse the whole file.
bool looksLikeMinigraph(std::string_view text);

/// Parses a minigraph. Throws InputError "file:line:col: ..." on malformed XML or when an
/// element rocelint needs (Hostname, a link's ends, a session's routers) is missing.
Minigraph parseMinigraph(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// The tables sonic-cfggen renders from the minigraph (DEVICE_METADATA, PORT, DEVICE_NEIGHBOR,
/// DEVICE_NEIGHBOR_METADATA, BGP_NEIGHBOR, LOOPBACK_INTERFACE, INTERFACE, PORTCHANNEL*,
/// VLAN*; ACL_TABLE, MGMT_INTERFACE, CONSOLE_PORT, MUX_CABLE, TUNNEL by key only, so they are
/// counted as out of scope), each field pointing at its XML line. Device properties other than
/// DeploymentId are counted as "minigraph DeviceProperty", except QoS ones, which are notes. Ports
/// are resolved as sonic-cfggen resolves them: with `ports`, by alias or SONiC name, and a breakout
/// parent (`etp1`) as its first member (`etp1a`), which keeps the parent's SONiC name; a port that
/// resolves nowhere is an UndefinedPort note (CFG002) and left out, one of another ASIC of a
/// multi-ASIC chassis an UnknownField note. Without `ports`, DeviceInfos' SonicName translates
/// where given and every other name is kept as written; the PORT rows are then partial
/// (`TableStore::partial_ports`). Never throws for a port name.
TableStore renderMinigraph(const Minigraph& graph, const PortConfigTable* ports, std::vector<InputNote>& notes);

/// Adds the PORT rows of a port_config.ini (lanes, alias, index, speed, ...) to `store`.
void addPortConfigRows(TableStore& store, const PortConfigTable& ports);

}  // namespace rocelint::sonic
