#include "sonic_minigraph.hpp"

#include <fmt/format.h>

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "common/xml_prolog.hpp"
#include "input_limits.hpp"
#include "rocelint/diagnostics.hpp"

namespace rocelint::sonic {
namespace {

constexpr std::string_view kNamespace = "Microsoft.Search.Autopilot.Evolution";

std::string_view localName(std::string_view name) {
  auto colon = name.rfind(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

std::string trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Host names compare case-insensitively, as sonic-cfggen compares them.
bool sameHost(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

std::vector<std::string> splitOn(std::string_view text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t at = text.find(sep, start);
    std::string part = trim(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (!part.empty()) parts.push_back(std::move(part));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return parts;
}

/// Byte offsets -> 1-based line and column.
class Positions {
 public:
  Positions(std::string_view text, const std::string& file) : file_(file) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') starts_.push_back(i + 1);
    }
  }

  [[nodiscard]] SourceRef at(std::ptrdiff_t offset, std::string_view pointer) const {
    auto off = static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0));
    auto it = std::upper_bound(starts_.begin(), starts_.end(), off);
    std::size_t line = static_cast<std::size_t>(it - starts_.begin());
    return SourceRef{file_, static_cast<int>(line), static_cast<int>(off - starts_[line - 1]) + 1, OriginKind::XmlPath,
                     pointer};
  }

  /// Where an element starts (its '<'), with "Parent/Element" as the pointer.
  [[nodiscard]] SourceRef of(const pugi::xml_node& node) const {
    std::string pointer(localName(node.name()));
    if (node.parent() && node.parent().type() == pugi::node_element) {
      pointer = std::string(localName(node.parent().name())) + "/" + pointer;
    }
    return at(node.offset_debug() - 1, pointer);
  }

  [[nodiscard]] const std::string& file() const { return file_.str(); }

 private:
  FileName file_;
  std::vector<std::size_t> starts_;
};

/// Reads the parts of a minigraph rocelint uses, matching elements by local name (the
/// prefixes a:, d3p1:, ... vary from file to file).
class Reader {
 public:
  Reader(std::string_view text, const std::string& file) : pos_(text, file) {}

  Minigraph read(const pugi::xml_node& root) {
    out_.file = pos_.file();
    out_.root = pos_.of(root);
    out_.hostname = required(root, "Hostname", "the device's host name");
    out_.hwsku = text(root, "HwSku");
    for (pugi::xml_node section : root.children()) {
      std::string_view name = localName(section.name());
      if (name == "CpgDec")
        readCpg(section);
      else if (name == "DpgDec")
        readDpg(section);
      else if (name == "PngDec")
        readPng(section);
      else if (name == "DeviceInfos")
        readDeviceInfos(section);
      else if (name == "MetadataDeclaration")
        readMetadata(section);
      else if (name == "LinkMetadataDeclaration")
        readLinkMetadata(section);
    }
    if (!out_.hwsku) {
      for (const auto& device : out_.devices) {
        if (sameHost(device.hostname.value, out_.hostname.value) && device.hwsku) out_.hwsku = device.hwsku;
      }
    }
    detectMultiAsic();
    return std::move(out_);
  }

 private:
  static std::vector<pugi::xml_node> children(const pugi::xml_node& parent, std::string_view name) {
    std::vector<pugi::xml_node> out;
    for (pugi::xml_node c : parent.children()) {
      if (c.type() == pugi::node_element && localName(c.name()) == name) out.push_back(c);
    }
    return out;
  }

  static pugi::xml_node child(const pugi::xml_node& parent, std::string_view name) {
    for (pugi::xml_node c : parent.children()) {
      if (c.type() == pugi::node_element && localName(c.name()) == name) return c;
    }
    return {};
  }

  // Text of the element, or of its first element child (<Address><a:IPPrefix>..</a:IPPrefix></Address>).
  static std::string valueOf(const pugi::xml_node& node) {
    std::string value = trim(node.child_value());
    if (value.empty()) {
      for (pugi::xml_node c : node.children()) {
        if (c.type() == pugi::node_element) return trim(c.child_value());
      }
    }
    return value;
  }

  [[nodiscard]] std::optional<XmlText> text(const pugi::xml_node& parent, std::string_view name) const {
    pugi::xml_node node = child(parent, name);
    if (!node) return std::nullopt;
    std::string value = valueOf(node);
    if (value.empty()) return std::nullopt;  // <Name/>, i:nil="true"
    return XmlText{std::move(value), pos_.of(node)};
  }

  [[nodiscard]] XmlText required(const pugi::xml_node& parent, std::string_view name, std::string_view expected) const {
    if (auto found = text(parent, name)) return *found;
    SourceRef where = pos_.of(parent);
    throw InputError(fmt::format("{}:{}:{}: <{}> has no <{}>: expected {}", where.file(), where.line, where.column,
                                 localName(parent.name()), name, expected));
  }

  // A type attribute (i:type="a:ToRRouter") without its prefixes.
  static std::string typeAttribute(const pugi::xml_node& node) {
    for (pugi::xml_attribute a : node.attributes()) {
      if (localName(a.name()) == "type") return std::string(localName(a.value()));
    }
    return "";
  }

  void readCpg(const pugi::xml_node& cpg) {
    for (pugi::xml_node sessions : children(cpg, "PeeringSessions")) {
      for (pugi::xml_node s : children(sessions, "BGPSession")) {
        MinigraphBgpSession session;
        session.src = pos_.of(s);
        session.start_router = required(s, "StartRouter", "the host name of the session's first router");
        session.start_peer = required(s, "StartPeer", "the first router's address");
        session.end_router = required(s, "EndRouter", "the host name of the session's second router");
        session.end_peer = required(s, "EndPeer", "the second router's address");
        session.holdtime = text(s, "HoldTime");
        session.keepalive = text(s, "KeepAliveTime");
        out_.sessions.push_back(std::move(session));
      }
    }
    for (pugi::xml_node routers : children(cpg, "Routers")) {
      for (pugi::xml_node r : children(routers, "BGPRouterDeclaration")) {
        out_.routers.push_back({required(r, "Hostname", "the router's host name"), text(r, "ASN")});
      }
    }
  }

  void readDpg(const pugi::xml_node& dpg) {
    for (pugi::xml_node info : children(dpg, "DeviceDataPlaneInfo")) {
      // A minigraph may carry other devices' data planes (a dual ToR's peer, a server).
      auto host = text(info, "Hostname");
      if (host && !sameHost(host->value, out_.hostname.value)) continue;
      for (pugi::xml_node list : children(info, "LoopbackIPInterfaces")) {
        for (pugi::xml_node lo : children(list, "LoopbackIPInterface")) {
          auto prefix = text(lo, "PrefixStr");
          if (!prefix) prefix = required(lo, "Prefix", "the loopback address (PrefixStr or Prefix/IPPrefix)");
          out_.loopbacks.push_back({required(lo, "AttachTo", "the loopback's name"), *prefix, pos_.of(lo)});
        }
      }
      for (pugi::xml_node list : children(info, "IPInterfaces")) {
        for (pugi::xml_node ip : children(list, "IPInterface")) {
          out_.ip_interfaces.push_back({required(ip, "AttachTo", "the interface the address is on"),
                                        required(ip, "Prefix", "an address with prefix length"), pos_.of(ip)});
        }
      }
      for (pugi::xml_node list : children(info, "PortChannelInterfaces")) {
        for (pugi::xml_node pc : children(list, "PortChannel")) {
          out_.portchannels.push_back(
              {required(pc, "Name", "the PortChannel name"), text(pc, "AttachTo"), std::nullopt, pos_.of(pc)});
        }
      }
      for (pugi::xml_node list : children(info, "VlanInterfaces")) {
        for (pugi::xml_node vlan : children(list, "VlanInterface")) {
          out_.vlans.push_back({required(vlan, "Name", "the VLAN interface name"), text(vlan, "AttachTo"),
                                text(vlan, "VlanID"), pos_.of(vlan)});
        }
      }
      for (pugi::xml_node list : children(info, "ManagementIPInterfaces")) {
        for (pugi::xml_node mgmt : children(list, "ManagementIPInterface")) {
          auto on = text(mgmt, "AttachTo");
          auto prefix = text(mgmt, "PrefixStr");
          if (on && prefix) out_.mgmt_addresses.push_back({*on, *prefix, pos_.of(mgmt)});
        }
      }
      for (pugi::xml_node list : children(info, "AclInterfaces")) {
        for (pugi::xml_node acl : children(list, "AclInterface")) {
          if (auto name = text(acl, "InAcl")) out_.acls.push_back(*name);
        }
      }
      for (pugi::xml_node list : children(info, "TunnelInterfaces")) {
        for (pugi::xml_node tunnel : children(list, "TunnelInterface")) {
          std::string name = tunnel.attribute("Name").value();
          if (!name.empty()) out_.tunnels.push_back({name, pos_.of(tunnel)});
        }
      }
    }
  }

  void readPng(const pugi::xml_node& png) {
    for (pugi::xml_node list : children(png, "DeviceInterfaceLinks")) {
      for (pugi::xml_node l : children(list, "DeviceLinkBase")) {
        MinigraphLink link;
        link.src = pos_.of(l);
        // sonic-cfggen reads ElementType; the i:type attribute says the same where both exist.
        if (auto type = text(l, "ElementType"))
          link.type = type->value;
        else
          link.type = typeAttribute(l);
        if (link.type.empty()) link.type = "DeviceInterfaceLink";
        link.start_device = required(l, "StartDevice", "the link's first device");
        link.start_port = required(l, "StartPort", "the port of the link's first device");
        link.end_device = required(l, "EndDevice", "the link's second device");
        link.end_port = required(l, "EndPort", "the port of the link's second device");
        link.bandwidth = text(l, "Bandwidth");
        out_.links.push_back(std::move(link));
      }
    }
    for (pugi::xml_node list : children(png, "Devices")) {
      for (pugi::xml_node d : children(list, "Device")) {
        MinigraphDevice device;
        device.src = pos_.of(d);
        device.hostname = required(d, "Hostname", "the device's host name");
        device.hwsku = text(d, "HwSku");
        std::string type = typeAttribute(d);
        if (!type.empty())
          device.type = XmlText{type, device.src};
        else
          device.type = text(d, "ElementType");
        device.lo_addr = text(d, "Address");
        device.mgmt_addr = text(d, "ManagementAddress");
        device.deployment_id = text(d, "DeploymentId");
        device.cluster = text(d, "ClusterName");
        out_.devices.push_back(std::move(device));
      }
    }
  }

  void readDeviceInfos(const pugi::xml_node& infos) {
    for (pugi::xml_node info : children(infos, "DeviceInfo")) {
      auto sku = text(info, "HwSku");
      if (sku && out_.hwsku && sku->value != out_.hwsku->value) continue;  // another device's platform
      for (pugi::xml_node list : children(info, "EthernetInterfaces")) {
        for (pugi::xml_node i : children(list, "EthernetInterface")) {
          out_.interfaces.push_back({required(i, "InterfaceName", "the interface's name (its alias)"), text(i, "Speed"),
                                     text(i, "Description"), text(i, "SonicName"), pos_.of(i)});
        }
      }
      for (pugi::xml_node list : children(info, "SystemPorts")) {
        for (pugi::xml_node p : children(list, "SystemPort")) {
          auto name = text(p, "Name");
          if (!name) continue;
          auto host = text(p, "Hostname");
          auto asic = text(p, "AsicName");
          out_.system_ports.push_back({*name, host ? host->value : "", asic ? asic->value : ""});
        }
      }
    }
  }

  // Several ASICs: ASIC devices in PngDec (multi-ASIC pizza boxes and chassis) or system ports on
  // more than one ASIC of this host.
  void detectMultiAsic() {
    for (const auto& d : out_.devices) {
      if (d.type && lower(d.type->value) == "asic") out_.multi_asic = true;
    }
    std::set<std::string> asics;
    for (const auto& p : out_.system_ports) {
      if (sameHost(p.hostname, out_.hostname.value) && !p.asic.empty()) asics.insert(lower(p.asic));
    }
    if (asics.size() > 1) out_.multi_asic = true;
  }

  void readMetadata(const pugi::xml_node& declaration) {
    for (pugi::xml_node devices : children(declaration, "Devices")) {
      for (pugi::xml_node device : children(devices, "DeviceMetadata")) {
        auto name = text(device, "Name");
        if (!name || !sameHost(name->value, out_.hostname.value)) continue;
        for (pugi::xml_node props : children(device, "Properties")) {
          for (pugi::xml_node prop : children(props, "DeviceProperty")) {
            auto prop_name = text(prop, "Name");
            auto value = text(prop, "Value");
            if (prop_name && value) out_.properties.emplace_back(prop_name->value, *value);
          }
        }
      }
    }
  }

  void readLinkMetadata(const pugi::xml_node& declaration) {
    for (pugi::xml_node link : children(declaration, "Link")) {
      for (pugi::xml_node meta : children(link, "LinkMetadata")) {
        auto key = text(meta, "Key");
        if (!key) continue;
        MinigraphLinkMetadata entry{*key, {}};
        for (pugi::xml_node props : children(meta, "Properties")) {
          for (pugi::xml_node prop : children(props, "DeviceProperty")) {
            auto name = text(prop, "Name");
            auto value = text(prop, "Value");
            if (name && value) entry.properties.emplace_back(name->value, *value);
          }
        }
        out_.link_metadata.push_back(std::move(entry));
      }
    }
  }

  Positions pos_;
  Minigraph out_;
};

/// Builds the config_db tables of one minigraph.
class Renderer {
 public:
  Renderer(const Minigraph& graph, const PortConfigTable* ports, std::vector<InputNote>& notes)
      : g_(graph), ports_(ports), notes_(notes) {
    for (const auto& i : g_.interfaces) {
      if (i.sonic_name) sonic_names_.emplace(i.name.value, i.sonic_name->value);
    }
    for (const auto& pc : g_.portchannels) portchannel_names_.insert(pc.name.value);
  }

  TableStore run() {
    if (ports_ != nullptr) {
      addPortConfigRows(store_, *ports_);
    } else {
      store_.partial_ports = true;
      notes_.push_back(makeNote(
          InputNote::Kind::UnknownField, g_.hostname.value, "",
          fmt::format("no port_config.ini applies to {} (hwsku {}): its minigraph port names are kept as written "
                      "(aliases such as \"{}\") and ports its other files name differently are checked on their own, "
                      "without neighbours; put the hwsku's port_config.ini in the switch's directory, in a "
                      "directory named after the hwsku, or at the fabric root",
                      g_.hostname.value, g_.hwsku ? g_.hwsku->value : "not given", exampleAlias()),
          g_.root));
      notes_.back().group = "minigraph port names";
    }
    interfaces();
    metadata();
    neighbors();
    bgp();
    addresses();
    portchannels();
    vlans();
    linkMetadata();
    defaults();
    outOfScope();
    return std::move(store_);
  }

 private:
  Entry& entry(const std::string& table, const std::string& key, const SourceRef& src) {
    Entry& e = store_.tables[table][key];
    if (!e.src.known()) e.src = src;
    return e;
  }

  static void set(Entry& e, const std::string& field, const XmlText& text) {
    e.fields[field] = Field{text.value, text.src, false};
  }
  static void set(Entry& e, const std::string& field, const std::optional<XmlText>& text) {
    if (text) set(e, field, *text);
  }

  [[nodiscard]] std::string exampleAlias() const {
    if (!g_.interfaces.empty()) return g_.interfaces.front().name.value;
    for (const auto& link : g_.links) {
      if (sameHost(link.start_device.value, g_.hostname.value)) return link.start_port.value;
      if (sameHost(link.end_device.value, g_.hostname.value)) return link.end_port.value;
    }
    return "none";
  }

  // The SONiC name of a port as the minigraph names it (alias, SONiC name or breakout parent);
  // nullopt when the port table has no such port. Without a port table every name is a port.
  [[nodiscard]] std::optional<std::string> portName(const std::string& alias) const {
    if (ports_ != nullptr) {
      if (const PortConfigRow* row = ports_->findByAliasOrName(alias)) return row->name;
      if (const PortConfigRow* row = ports_->firstBreakoutMember(alias)) return row->name;
      return std::nullopt;
    }
    if (auto it = sonic_names_.find(alias); it != sonic_names_.end()) return it->second;
    return alias;  // the minigraph's own names are the names
  }

  // Another line card's or ASIC's port: listed as a system port of another host or ASIC, or any
  // unresolved name of a multi-ASIC chassis whose port table holds one ASIC's ports.
  [[nodiscard]] bool otherAsicPort(const std::string& name) const {
    for (const auto& p : g_.system_ports) {
      if (p.name.value == name && !sameHost(p.hostname, g_.hostname.value)) return true;
    }
    return g_.multi_asic;
  }

  // The port a statement names, or nullopt (and a note) when it names none: sonic-cfggen renders
  // the statement anyway and the switch ignores it, so the rest of the minigraph is still read.
  [[nodiscard]] std::optional<std::string> resolvePort(const XmlText& alias, std::string_view what) {
    if (auto name = portName(alias.value)) {
      ensurePort(*name, alias.src);
      return name;
    }
    if (otherAsicPort(alias.value)) {
      notes_.push_back(makeNote(InputNote::Kind::UnknownField, g_.hostname.value, "",
                                fmt::format("{} names port \"{}\", which {} does not list: a port of another ASIC of "
                                            "this multi-ASIC chassis, not checked here",
                                            what, alias.value, ports_->file),
                                alias.src));
      notes_.back().group = "minigraph ports of other ASICs";
      return std::nullopt;
    }
    InputNote note = makeNote(InputNote::Kind::UndefinedPort, g_.hostname.value, alias.value,
                              fmt::format("{} names port \"{}\", which is neither an alias nor a name in {}, so {} "
                                          "ignores it",
                                          what, alias.value, ports_->file, g_.hostname.value),
                              alias.src);
    note.fix = fmt::format("correct the port name, or use the port_config.ini of hwsku {} that lists it",
                           g_.hwsku ? g_.hwsku->value : "of this switch");
    notes_.push_back(std::move(note));
    return std::nullopt;
  }

  // Without a port table, a port the minigraph names gets a PORT row, as DeviceInfos ports do.
  void ensurePort(const std::string& name, const SourceRef& src) {
    if (ports_ == nullptr) entry("PORT", name, src);
  }

  void adminUp(const std::string& port, const SourceRef& why) {
    auto& table = store_.tables["PORT"];
    auto it = table.find(port);
    if (it == table.end()) return;
    // sonic-cfggen: a port with a neighbour, address, LAG or VLAN is admin up.
    it->second.fields["admin_status"] = Field{"up", cfggenDefault(why, "PORT/admin_status"), false};
  }

  void interfaces() {
    for (const auto& i : g_.interfaces) {
      auto name = portName(i.name.value);
      if (!name) continue;  // sonic-cfggen ignores DeviceInfos ports that port_config.ini lacks
      ensurePort(*name, i.src);
      auto& table = store_.tables["PORT"];
      auto it = table.find(*name);
      if (it == table.end()) continue;
      set(it->second, "speed", i.speed);
      set(it->second, "description", i.description);
    }
  }

  [[nodiscard]] const MinigraphRouter* router(const std::string& host) const {
    for (const auto& r : g_.routers) {
      if (sameHost(r.hostname.value, host)) return &r;
    }
    return nullptr;
  }

  void metadata() {
    Entry& e = entry("DEVICE_METADATA", "localhost", g_.root);
    set(e, "hostname", g_.hostname);
    set(e, "hwsku", g_.hwsku);
    for (const auto& d : g_.devices) {
      if (!sameHost(d.hostname.value, g_.hostname.value)) continue;
      set(e, "type", d.type);
      set(e, "deployment_id", d.deployment_id);
    }
    for (const auto& [name, value] : g_.properties) {
      if (name == "DeploymentId") set(e, "deployment_id", value);
    }
    if (const MinigraphRouter* r = router(g_.hostname.value)) set(e, "bgp_asn", r->asn);
  }

  void neighbors() {
    for (const auto& link : g_.links) {
      // Serial (console), management and logical (mux cable) links are not data-plane neighbours.
      if (link.type != "DeviceInterfaceLink" && link.type != "UnderlayInterfaceLink") continue;
      bool local_end = sameHost(link.end_device.value, g_.hostname.value);
      bool local_start = sameHost(link.start_device.value, g_.hostname.value);
      if (!local_end && !local_start) continue;
      const XmlText& port = local_end ? link.end_port : link.start_port;
      const XmlText& peer = local_end ? link.start_device : link.end_device;
      const XmlText& peer_port = local_end ? link.start_port : link.end_port;
      auto resolved = resolvePort(port, "link");
      if (!resolved) continue;  // sonic-cfggen drops the neighbour of a port port_config.ini lacks
      const std::string& name = *resolved;
      Entry& e = entry("DEVICE_NEIGHBOR", name, link.src);
      set(e, "name", peer);
      set(e, "port", peer_port);
      adminUp(name, link.src);
      if (link.bandwidth) {
        auto& ports = store_.tables["PORT"];
        if (auto it = ports.find(name); it != ports.end()) set(it->second, "speed", link.bandwidth);
      }
    }
    for (const auto& d : g_.devices) {
      if (sameHost(d.hostname.value, g_.hostname.value)) continue;
      Entry& e = entry("DEVICE_NEIGHBOR_METADATA", d.hostname.value, d.src);
      set(e, "hwsku", d.hwsku);
      set(e, "type", d.type);
      set(e, "lo_addr", d.lo_addr);
      set(e, "mgmt_addr", d.mgmt_addr);
      set(e, "deployment_id", d.deployment_id);
      set(e, "cluster", d.cluster);
    }
  }

  void bgp() {
    for (const auto& s : g_.sessions) {
      bool local_start = sameHost(s.start_router.value, g_.hostname.value);
      if (!local_start && !sameHost(s.end_router.value, g_.hostname.value)) continue;
      const XmlText& peer = local_start ? s.end_peer : s.start_peer;
      const XmlText& local = local_start ? s.start_peer : s.end_peer;
      const XmlText& name = local_start ? s.end_router : s.start_router;
      Entry& e = entry("BGP_NEIGHBOR", peer.value, s.src);
      set(e, "name", name);
      set(e, "local_addr", local);
      set(e, "holdtime", s.holdtime);
      set(e, "keepalive", s.keepalive);
      if (const MinigraphRouter* r = router(name.value)) set(e, "asn", r->asn);
    }
  }

  [[nodiscard]] std::optional<std::string> vlanKey(const std::string& name) const {
    for (const auto& v : g_.vlans) {
      if (v.name.value == name) return v.vlan_id ? "Vlan" + v.vlan_id->value : v.name.value;
    }
    return std::nullopt;
  }

  void addresses() {
    for (const auto& lo : g_.loopbacks) {
      entry("LOOPBACK_INTERFACE", lo.attach_to.value, lo.src);
      entry("LOOPBACK_INTERFACE", lo.attach_to.value + "|" + lo.prefix.value, lo.src);
    }
    for (const auto& ip : g_.ip_interfaces) {
      const std::string& on = ip.attach_to.value;
      std::string table;
      std::string name;
      if (portchannel_names_.count(on) || on.rfind("PortChannel", 0) == 0) {
        table = "PORTCHANNEL_INTERFACE";
        name = on;
      } else if (auto vlan = vlanKey(on)) {
        table = "VLAN_INTERFACE";
        name = *vlan;
      } else if (on.rfind("Vlan", 0) == 0) {
        table = "VLAN_INTERFACE";
        name = on;
      } else {
        table = "INTERFACE";
        auto port = resolvePort(ip.attach_to, "IP interface");
        if (!port) continue;
        name = *port;
        adminUp(name, ip.src);
      }
      entry(table, name, ip.src);
      entry(table, name + "|" + ip.prefix.value, ip.src);
    }
  }

  void portchannels() {
    for (const auto& pc : g_.portchannels) {
      Entry& e = entry("PORTCHANNEL", pc.name.value, pc.src);
      e.fields["admin_status"] = Field{"up", cfggenDefault(pc.src, "PORTCHANNEL/admin_status"), false};
      e.fields["mtu"] = Field{"9100", cfggenDefault(pc.src, "PORTCHANNEL/mtu"), false};
      if (!pc.members) continue;
      for (const auto& member : splitOn(pc.members->value, ';')) {
        auto name = resolvePort(XmlText{member, pc.members->src}, "PortChannel " + pc.name.value);
        if (!name) continue;
        entry("PORTCHANNEL_MEMBER", pc.name.value + "|" + *name, pc.members->src);
        adminUp(*name, pc.members->src);
      }
    }
  }

  void vlans() {
    for (const auto& v : g_.vlans) {
      std::string key = v.vlan_id ? "Vlan" + v.vlan_id->value : v.name.value;
      Entry& e = entry("VLAN", key, v.src);
      set(e, "vlanid", v.vlan_id);
      if (!v.members) continue;
      for (const auto& member : splitOn(v.members->value, ';')) {
        std::optional<std::string> resolved =
            portchannel_names_.count(member) ? member
                                             : resolvePort(XmlText{member, v.members->src}, "VLAN " + v.name.value);
        if (!resolved) continue;
        const std::string& name = *resolved;
        Entry& m = entry("VLAN_MEMBER", key + "|" + name, v.members->src);
        m.fields["tagging_mode"] = Field{"untagged", cfggenDefault(v.members->src, "VLAN_MEMBER/tagging_mode"), false};
        adminUp(name, v.members->src);
      }
    }
  }

  void linkMetadata() {
    auto& ports = store_.tables["PORT"];
    for (const auto& meta : g_.link_metadata) {
      for (const auto& end : splitOn(meta.key.value, ';')) {
        auto colon = end.find(':');
        if (colon == std::string::npos || !sameHost(end.substr(0, colon), g_.hostname.value)) continue;
        auto name = portName(end.substr(colon + 1));
        if (!name) continue;  // e.g. a MuxTunnel end: not a port
        auto it = ports.find(*name);
        if (it == ports.end()) continue;
        for (const auto& [property, value] : meta.properties) {
          if (property == "AutoNegotiation") {
            it->second.fields["autoneg"] = Field{lower(value.value) == "true" ? "on" : "off", value.src, false};
          } else if (property == "FECDisabled" && lower(value.value) == "true") {
            it->second.fields["fec"] = Field{"none", value.src, false};
          }
        }
      }
    }
  }

  // A value sonic-cfggen renders without the minigraph saying it, sited at the element that implies
  // it; the origin names the rendered field ("TABLE/field").
  static SourceRef cfggenDefault(const SourceRef& at, std::string_view field) {
    return at.withOrigin(OriginKind::Default, field);
  }

  // What sonic-cfggen renders but rocelint does not analyse: rendered by key, so the summary
  // counts it like the same tables of a config_db.
  void outOfScope() {
    for (const auto& mgmt : g_.mgmt_addresses)
      entry("MGMT_INTERFACE", mgmt.attach_to.value + "|" + mgmt.prefix.value, mgmt.src);
    for (const auto& acl : g_.acls) entry("ACL_TABLE", acl.value, acl.src);
    for (const auto& tunnel : g_.tunnels) entry("TUNNEL", tunnel.value, tunnel.src);
    for (const auto& link : g_.links) {
      if (!sameHost(link.end_device.value, g_.hostname.value)) continue;
      if (link.type == "DeviceSerialLink") entry("CONSOLE_PORT", link.end_port.value, link.src);
      if (link.type == "LogicalLink") {
        if (auto port = portName(link.end_port.value)) entry("MUX_CABLE", *port, link.src);
      }
    }
    for (const auto& [name, value] : g_.properties) {
      if (name == "DeploymentId") continue;
      if (lower(name).find("qos") != std::string::npos) {
        // QoS-related but not QoS configuration: the profile name selects the rendered qos.json.
        notes_.push_back(makeNote(InputNote::Kind::UnknownField, g_.hostname.value, "",
                                  fmt::format("minigraph device property {} = \"{}\" is not modelled by rocelint (the "
                                              "QoS it selects is read from the rendered QoS tables)",
                                              name, value.value),
                                  value.src));
        notes_.back().group = "minigraph " + name;
      } else {
        entry("minigraph DeviceProperty", name, value.src);
      }
    }
  }

  // sonic-cfggen gives every port MTU 9100.
  void defaults() {
    for (auto& [name, e] : store_.tables["PORT"]) {
      e.fields.try_emplace("mtu", Field{"9100", cfggenDefault(e.src, "PORT/mtu"), false});
    }
  }

  const Minigraph& g_;
  const PortConfigTable* ports_;
  std::vector<InputNote>& notes_;
  std::map<std::string, std::string> sonic_names_;  ///< DeviceInfos alias -> SonicName
  std::set<std::string> portchannel_names_;
  TableStore store_;
};

}  // namespace

bool looksLikeMinigraph(std::string_view text) {
  std::size_t root = common::scanXmlProlog(text).root;
  if (root == common::XmlProlog::npos) return false;
  std::string_view rest = text.substr(root);
  if (rest.size() < 2) return false;
  auto name_end = rest.find_first_of(" \t\r\n/>", 1);
  if (name_end == std::string_view::npos) return false;
  if (localName(rest.substr(1, name_end - 1)) != "DeviceMiniGraph") return false;
  std::string_view tag = rest.substr(0, rest.find('>'));
  return tag.find(fmt::format("\"{}\"", kNamespace)) != std::string_view::npos ||
         tag.find(fmt::format("'{}'", kNamespace)) != std::string_view::npos;
}

namespace {

// The first element nested deeper than the nesting depth limit (the root element is level 1).
struct DepthLimit : pugi::xml_tree_walker {
  explicit DepthLimit(int max) : max_depth(max) {}
  int max_depth;
  pugi::xml_node too_deep;
  bool for_each(pugi::xml_node& node) override {
    if (node.type() != pugi::node_element || depth() < max_depth) return true;
    too_deep = node;
    return false;
  }
};

}  // namespace

Minigraph parseMinigraph(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  // Entities are never expanded: a few lines of nested declarations can stand for gigabytes, and
  // pugixml would leave their references in the text as written ("&lol9;" as a host name).
  if (std::size_t entity = common::scanXmlProlog(text).entity_declaration; entity != common::XmlProlog::npos) {
    SourceRef where = Positions(text, file).at(static_cast<std::ptrdiff_t>(entity), "");
    throw InputError(
        fmt::format("{}:{}:{}: an XML entity declaration (<!ENTITY …>): rocelint expands no entity "
                    "(docs/reliability.md): expected a minigraph without a DTD",
                    file, where.line, where.column));
  }
  pugi::xml_document doc;
  pugi::xml_parse_result result = doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!result) {
    SourceRef where = Positions(text, file).at(result.offset, "");
    throw InputError(fmt::format("{}:{}:{}: XML is not well-formed ({}): expected a complete minigraph", file,
                                 where.line, where.column, result.description()));
  }
  // pugixml parses and frees any depth without recursing; the limit keeps every reader of the tree
  // to the depth the other formats allow.
  DepthLimit walker(limits.max_depth);
  doc.traverse(walker);
  if (walker.too_deep) {
    SourceRef where = Positions(text, file).of(walker.too_deep);
    throw InputError(
        fmt::format("{}:{}:{}: XML nesting deeper than {} levels (the nesting depth limit, --max-depth, "
                    "docs/reliability.md): expected a minigraph",
                    file, where.line, where.column, limits.max_depth));
  }
  return Reader(text, file).read(doc.document_element());
}

TableStore renderMinigraph(const Minigraph& graph, const PortConfigTable* ports, std::vector<InputNote>& notes) {
  return Renderer(graph, ports, notes).run();
}

void addPortConfigRows(TableStore& store, const PortConfigTable& ports) {
  // port_config.ini columns that are PORT fields; others (asic_port_name aside) are platform data.
  static const std::set<std::string> fields = {"lanes",        "alias",   "index",          "speed", "fec",
                                               "mtu",          "autoneg", "asic_port_name", "role",  "coreid",
                                               "core_port_id", "num_voq", "subport"};
  auto& table = store.tables["PORT"];
  for (const PortConfigRow& row : ports.rows) {
    Entry& e = table[row.name];
    e.src = row.src;
    for (const auto& [column, value] : row.columns) {
      if (fields.count(column)) e.fields[column] = Field{value.value, value.src, false};
    }
  }
}

}  // namespace rocelint::sonic
