#include "rocelint/routing.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>

namespace rocelint {

// ---------------------------------------------------------------------------------------------
// IpPrefix

std::optional<IpPrefix> IpPrefix::parse(std::string_view text) {
  IpPrefix p;
  std::string_view addr = text;
  std::optional<int> length;
  if (auto slash = text.find('/'); slash != std::string_view::npos) {
    addr = text.substr(0, slash);
    std::string_view len_text = text.substr(slash + 1);
    int value = 0;
    auto [end, ec] = std::from_chars(len_text.data(), len_text.data() + len_text.size(), value);
    if (ec != std::errc() || end != len_text.data() + len_text.size()) return std::nullopt;
    length = value;
  }
  std::string addr_text(addr);
  p.v6 = addr_text.find(':') != std::string::npos;
  if (p.v6) {
    if (inet_pton(AF_INET6, addr_text.c_str(), p.addr.data()) != 1) return std::nullopt;
  } else {
    if (inet_pton(AF_INET, addr_text.c_str(), p.addr.data()) != 1) return std::nullopt;
  }
  int max_length = p.v6 ? 128 : 32;
  p.length = length.value_or(max_length);
  if (p.length < 0 || p.length > max_length) return std::nullopt;
  return p;
}

IpPrefix IpPrefix::network() const {
  IpPrefix n = *this;
  int bytes = v6 ? 16 : 4;
  for (int i = 0; i < bytes; ++i) {
    int keep = std::clamp(length - 8 * i, 0, 8);
    n.addr[static_cast<std::size_t>(i)] &= static_cast<std::uint8_t>(keep == 0 ? 0 : (0xFF << (8 - keep)) & 0xFF);
  }
  return n;
}

bool IpPrefix::contains(const IpPrefix& other) const {
  if (other.v6 != v6 || other.length < length) return false;
  IpPrefix masked = other;
  masked.length = length;
  return masked.network().addr == network().addr;
}

std::string IpPrefix::str() const {
  char buffer[INET6_ADDRSTRLEN] = {};
  inet_ntop(v6 ? AF_INET6 : AF_INET, addr.data(), buffer, sizeof buffer);
  return fmt::format("{}/{}", buffer, length);
}

// ---------------------------------------------------------------------------------------------
// SwitchGraph

SwitchGraph::SwitchGraph(const Fabric& fabric) : fabric_(&fabric) {
  std::size_t n = fabric.switches.size();
  port_base_.assign(n + 1, 0);
  for (std::size_t s = 0; s < n; ++s) {
    port_base_[s + 1] = port_base_[s] + static_cast<std::uint32_t>(fabric.switches[s].ports.size());
  }
  arc_of_port_.assign(port_base_.back(), kNoArc);
  arcs_.reserve(2 * fabric.links.size());
  configured_up_.reserve(fabric.links.size());
  for (std::size_t l = 0; l < fabric.links.size(); ++l) {
    const Link& link = fabric.links[l];
    auto index = static_cast<std::uint32_t>(l);
    arcs_.push_back({link.a, link.b, index});
    arcs_.push_back({link.b, link.a, index});
    arc_of_port_[globalPort(link.a)] = 2 * index;
    arc_of_port_[globalPort(link.b)] = 2 * index + 1;
    configured_up_.push_back(!fabric.port(link.a).isAdminDown() && !fabric.port(link.b).isAdminDown());
  }
  // Arcs grouped by the switch they leave, in port order (counting sort by global port).
  out_begin_.assign(n + 1, 0);
  for (const Arc& a : arcs_) ++out_begin_[a.from.sw + 1];
  for (std::size_t s = 0; s < n; ++s) out_begin_[s + 1] += out_begin_[s];
  out_.reserve(arcs_.size());
  for (std::uint32_t gp = 0; gp < port_base_.back(); ++gp) {
    if (arc_of_port_[gp] != kNoArc) out_.push_back(arc_of_port_[gp]);
  }
  for (const Host& host : fabric.hosts) {
    if (!fabric.port(host.attachment).isAdminDown()) host_ports_.push_back(globalPort(host.attachment));
  }
  buildFailureUnits(fabric);
  std::sort(host_ports_.begin(), host_ports_.end());
  host_ports_.erase(std::unique(host_ports_.begin(), host_ports_.end()), host_ports_.end());
}

void SwitchGraph::buildFailureUnits(const Fabric& fabric) {
  // Links whose ends are members of the same LAG pair are one unit. Links are ordered (a < b), so
  // every member link of one LAG pair has the same switch at its `a` end.
  std::size_t links = fabric.links.size();
  unit_of_link_.assign(links, 0);
  std::map<std::tuple<std::size_t, std::string, std::size_t, std::string>, std::uint32_t> lag_unit;
  std::uint32_t units = 0;
  for (std::size_t l = 0; l < links; ++l) {
    const Link& link = fabric.links[l];
    const std::string& lag_a = fabric.port(link.a).portchannel;
    const std::string& lag_b = fabric.port(link.b).portchannel;
    if (lag_a.empty() && lag_b.empty()) {
      unit_of_link_[l] = units++;
      continue;
    }
    auto [it, inserted] = lag_unit.try_emplace({link.a.sw, lag_a, link.b.sw, lag_b}, units);
    if (inserted) ++units;
    unit_of_link_[l] = it->second;
  }
  unit_begin_.assign(units + 1, 0);
  for (std::uint32_t u : unit_of_link_) ++unit_begin_[u + 1];
  for (std::uint32_t u = 0; u < units; ++u) unit_begin_[u + 1] += unit_begin_[u];
  unit_links_.assign(links, 0);
  std::vector<std::uint32_t> fill(unit_begin_.begin(), unit_begin_.end() - 1);
  for (std::uint32_t l = 0; l < links; ++l) unit_links_[fill[unit_of_link_[l]]++] = l;
  // min-links: a LAG with fewer members up than either end requires is down, every member with it.
  for (const auto& [key, unit] : lag_unit) {
    auto [b, e] = unitLinks(unit);
    std::uint32_t up = 0;
    for (const std::uint32_t* l = b; l != e; ++l) up += configured_up_[*l] ? 1 : 0;
    bool down = false;
    for (const auto& [sw, lag] :
         {std::pair{std::get<0>(key), std::get<1>(key)}, std::pair{std::get<2>(key), std::get<3>(key)}}) {
      const auto& min_links = fabric.switches[sw].portchannel_min_links;
      if (auto it = min_links.find(lag); it != min_links.end() && up < it->second.value) down = true;
    }
    if (!down) continue;
    for (const std::uint32_t* l = b; l != e; ++l) configured_up_[*l] = false;
  }
}

PortRef SwitchGraph::portOf(std::uint32_t global_port) const {
  auto it = std::upper_bound(port_base_.begin(), port_base_.end(), global_port);
  auto sw = static_cast<std::size_t>(it - port_base_.begin() - 1);
  return {sw, global_port - port_base_[sw]};
}

std::vector<std::size_t> portsOfInterface(const Switch& sw, const std::string& name) {
  std::vector<std::size_t> out;
  if (auto it = sw.port_index.find(name); it != sw.port_index.end()) {
    out.push_back(it->second);
    return out;
  }
  for (std::size_t p = 0; p < sw.ports.size(); ++p) {
    if (sw.ports[p].portchannel == name) out.push_back(p);
  }
  return out;
}

std::string portOrLagName(const Switch& sw, const Port& port) {
  if (port.portchannel.empty()) return port.name;
  std::string members;
  for (std::size_t p : portsOfInterface(sw, port.portchannel))
    members += (members.empty() ? "" : ", ") + sw.ports[p].name;
  return fmt::format("{} ({})", port.portchannel, members);
}

// ---------------------------------------------------------------------------------------------
// Destinations

namespace {

struct PrefixKeyHash {
  std::size_t operator()(const IpPrefix& p) const {
    std::size_t h = static_cast<std::size_t>(p.length) * 1315423911u + (p.v6 ? 7 : 0);
    for (std::uint8_t b : p.addr) h = h * 131 + b;
    return h;
  }
};

// The ports of switch `s` as next hops: an arc toward another switch, else an exit port (hosts).
template <class Hops>
void addNextHopPorts(const SwitchGraph& graph, std::uint32_t s, const std::vector<std::size_t>& ports, Hops& hops) {
  for (std::size_t p : ports) {
    std::uint32_t gp = graph.globalPort({s, p});
    std::uint32_t arc = graph.arcOfPort(gp);
    if (arc != SwitchGraph::kNoArc) {
      hops.arcs.push_back(arc);
    } else {
      hops.exit_ports.push_back(gp);
    }
  }
}

template <class Hops>
void sortUniqueNextHops(Hops& hops) {
  std::sort(hops.arcs.begin(), hops.arcs.end());
  hops.arcs.erase(std::unique(hops.arcs.begin(), hops.arcs.end()), hops.arcs.end());
  std::sort(hops.exit_ports.begin(), hops.exit_ports.end());
  hops.exit_ports.erase(std::unique(hops.exit_ports.begin(), hops.exit_ports.end()), hops.exit_ports.end());
}

StaticNextHops resolveStatic(const SwitchGraph& graph, std::uint32_t s, const StaticRoute& route) {
  const Switch& sw = graph.fabric().switches[s];
  StaticNextHops hops;
  hops.sw = s;
  hops.route = &route;
  auto addPorts = [&](const std::vector<std::size_t>& ports) { addNextHopPorts(graph, s, ports, hops); };
  std::size_t count = std::max(route.nexthops.size(), route.ifnames.size());
  for (std::size_t i = 0; i < count; ++i) {
    std::string ifname = i < route.ifnames.size() ? route.ifnames[i] : "";
    std::string nexthop = i < route.nexthops.size() ? route.nexthops[i] : "";
    if (!ifname.empty()) {
      auto ports = portsOfInterface(sw, ifname);
      if (ports.empty() && ifname.rfind("Vlan", 0) != 0) {
        hops.unresolved.push_back(ifname);
      } else if (ports.empty()) {
        hops.exit_ports.push_back(UINT32_MAX);  // a VLAN: delivered to hosts of this switch
      }
      addPorts(ports);
      continue;
    }
    auto ip = IpPrefix::parse(nexthop);
    if (!ip || nexthop.empty()) {
      if (!nexthop.empty()) hops.unresolved.push_back(nexthop);
      continue;
    }
    bool found = false;
    for (const InterfaceAddress& a : sw.addresses) {
      auto subnet = IpPrefix::parse(a.prefix);
      if (!subnet || a.kind == InterfaceAddress::Kind::Loopback) continue;
      IpPrefix own = *subnet;
      own.length = ip->length;
      if (own == *ip) continue;  // our own address
      if (!subnet->contains(*ip)) continue;
      found = true;
      if (a.kind == InterfaceAddress::Kind::Vlan) {
        hops.exit_ports.push_back(UINT32_MAX);
      } else {
        addPorts(portsOfInterface(sw, a.interface));
      }
      break;
    }
    if (!found) hops.unresolved.push_back(nexthop);
  }
  sortUniqueNextHops(hops);
  return hops;
}

}  // namespace

std::optional<std::uint16_t> sviVlanId(std::string_view name) {
  bool matched = false;
  for (std::string_view prefix : {"Vlan-interface", "Vlanif", "Vlan", "vlan", "irb."}) {
    if (name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix) {
      name.remove_prefix(prefix.size());
      matched = true;
      break;
    }
  }
  if (!matched) return std::nullopt;
  int id = 0;
  for (char c : name) {
    if (c < '0' || c > '9' || id > 4094) return std::nullopt;
    id = id * 10 + (c - '0');
  }
  if (id < 1 || id > 4094) return std::nullopt;
  return static_cast<std::uint16_t>(id);
}

std::vector<std::vector<std::uint16_t>> transitSviVlans(const SwitchGraph& graph) {
  const Fabric& fabric = graph.fabric();
  std::vector<std::vector<std::uint16_t>> transit(fabric.switches.size());
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    for (const InterfaceAddress& a : fabric.switches[s].addresses) {
      if (a.kind != InterfaceAddress::Kind::Vlan) continue;
      auto vid = sviVlanId(a.interface);
      auto prefix = IpPrefix::parse(a.prefix);
      int bits = prefix && prefix->v6 ? 128 : 32;
      if (vid && prefix && prefix->length >= bits - 2 && prefix->length < bits) transit[s].push_back(*vid);
    }
  }
  // Not transit where a host-facing port of the switch carries the VLAN (servers on a /30 VLAN).
  std::vector<std::vector<std::uint16_t>> hosted(fabric.switches.size());
  for (std::uint32_t gp : graph.hostPorts()) {
    PortRef ref = graph.portOf(gp);
    if (transit[ref.sw].empty()) continue;
    const Port& port = fabric.port(ref);
    for (std::uint16_t vid : transit[ref.sw]) {
      if (sviVlanId(port.access_vlan.str()) == vid || (port.trunk_vlans && port.trunk_vlans->value.contains(vid)))
        hosted[ref.sw].push_back(vid);
    }
  }
  for (std::size_t s = 0; s < transit.size(); ++s) {
    auto& list = transit[s];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    std::sort(hosted[s].begin(), hosted[s].end());
    list.erase(
        std::remove_if(list.begin(), list.end(),
                       [&](std::uint16_t v) { return std::binary_search(hosted[s].begin(), hosted[s].end(), v); }),
        list.end());
  }
  return transit;
}

/// Whether a port carries a VLAN, untagged or tagged.
bool carriesVlan(const Port& port, std::uint16_t vid) {
  return sviVlanId(port.access_vlan.str()) == vid || (port.trunk_vlans && port.trunk_vlans->value.contains(vid));
}

/// The ports an interface name of a switch stands for: a port, a LAG's members, or the ports that
/// carry a VLAN interface's VLAN.
std::vector<std::size_t> interfacePorts(const Switch& sw, const std::string& name) {
  std::vector<std::size_t> ports = portsOfInterface(sw, name);
  if (!ports.empty()) return ports;
  if (auto vid = sviVlanId(name)) {
    for (std::size_t p = 0; p < sw.ports.size(); ++p) {
      if (carriesVlan(sw.ports[p], *vid)) ports.push_back(p);
    }
  }
  return ports;
}

/// An interface address as a host address ("10.0.1.1/31" -> 10.0.1.1/32).
std::optional<IpPrefix> hostAddress(std::string_view text) { return IpPrefix::parse(text.substr(0, text.find('/'))); }

/// The switches' interface addresses by host address: who a next hop address belongs to.
using AddressOwners =
    std::unordered_map<IpPrefix, std::vector<std::pair<std::uint32_t, const InterfaceAddress*>>, PrefixKeyHash>;

/// Resolves an installed route of switch `s` to its arcs and exit ports (docs/deadlock.md,
/// "Installed routes"): a next-hop address names the neighbour that owns it on the far end of a
/// link (restricted to the next-hop interface when one is given); otherwise the interface's ports
/// (a LAG's members, a transit VLAN's links) are the next hops; a connected route (no address, the
/// route's prefix is the interface's own subnet) delivers to the switch's hosts.
InstalledNextHops resolveInstalled(const SwitchGraph& graph, std::uint32_t s, const InstalledRoute& route,
                                   const AddressOwners& owners, const std::vector<std::uint16_t>& transit) {
  const Fabric& fabric = graph.fabric();
  const Switch& sw = fabric.switches[s];
  InstalledNextHops hops;
  hops.sw = s;
  hops.route = &route;
  auto addPorts = [&](const std::vector<std::size_t>& ports) { addNextHopPorts(graph, s, ports, hops); };
  auto route_net = IpPrefix::parse(route.prefix);
  auto [ob, oe] = graph.outArcs(s);
  for (const NextHop& hop : route.next_hops) {
    const bool named = !hop.interface.empty();
    std::vector<std::size_t> if_ports = named ? interfacePorts(sw, hop.interface) : std::vector<std::size_t>{};
    auto ip = hop.address.empty() ? std::nullopt : IpPrefix::parse(hop.address);
    bool found = false;
    if (ip) {
      if (auto it = owners.find(*ip); it != owners.end()) {
        for (const auto& [t, addr] : it->second) {
          if (t == s) continue;
          std::vector<std::size_t> far = interfacePorts(fabric.switches[t], addr->interface);
          for (const std::uint32_t* a = ob; a != oe; ++a) {
            const Arc& arc = graph.arc(*a);
            if (arc.to.sw != t || std::find(far.begin(), far.end(), arc.to.port) == far.end()) continue;
            if (named && std::find(if_ports.begin(), if_ports.end(), arc.from.port) == if_ports.end()) continue;
            hops.arcs.push_back(*a);
            found = true;
          }
        }
      }
    }
    if (found) continue;
    if (named && !if_ports.empty()) {
      // A connected route: the prefix is the interface's own subnet; delivered here.
      bool connected = hop.address.empty() && route_net &&
                       std::any_of(sw.addresses.begin(), sw.addresses.end(), [&](const InterfaceAddress& a) {
                         auto subnet = IpPrefix::parse(a.prefix);
                         return a.interface == hop.interface && subnet && subnet->network() == route_net->network();
                       });
      auto vid = sviVlanId(hop.interface);
      bool host_vlan = vid && !std::binary_search(transit.begin(), transit.end(), *vid);
      if (connected || host_vlan) {
        hops.exit_ports.push_back(UINT32_MAX);
      } else {
        addPorts(if_ports);
      }
      continue;
    }
    if (named && (hop.interface.rfind("Loopback", 0) == 0 || hop.interface == "lo")) {
      hops.exit_ports.push_back(UINT32_MAX);  // the switch's own address
      continue;
    }
    if (ip && !named) {
      // An address in one of the switch's own subnets without a neighbour switch that owns it: a host.
      for (const InterfaceAddress& a : sw.addresses) {
        auto subnet = IpPrefix::parse(a.prefix);
        if (!subnet || a.kind == InterfaceAddress::Kind::Loopback || !subnet->contains(*ip)) continue;
        found = true;
        if (a.kind == InterfaceAddress::Kind::Vlan) {
          hops.exit_ports.push_back(UINT32_MAX);
        } else {
          addPorts(portsOfInterface(sw, a.interface));
        }
        break;
      }
      if (found) continue;
    }
    hops.unresolved.push_back(named && !hop.address.empty() ? fmt::format("{} via {}", hop.address, hop.interface)
                              : named                       ? hop.interface
                                                            : hop.address);
  }
  sortUniqueNextHops(hops);
  hops.table = SourceRef(route.src.fileName(), 0, 0, OriginKind::None, "");
  return hops;
}

/// The latest snapshot of a switch that holds a route table, or nullptr.
const SwitchState* latestRoutes(const Switch& sw) {
  for (auto it = sw.state.rbegin(); it != sw.state.rend(); ++it) {
    if (it->has_routes) return &*it;
  }
  return nullptr;
}

/// Installed routes per switch: which route of its table matches each destination prefix
/// (longest prefix match, the default route included), resolved once per route. Fills
/// Destinations::installed_switches, ::installed and each prefix's `installed`; returns per
/// installed entry an id of its forwarding (same arcs and exit ports, same id) for grouping.
std::vector<std::uint32_t> matchInstalledRoutes(const SwitchGraph& graph, Destinations& d,
                                                const std::vector<std::vector<std::uint16_t>>& transit) {
  const Fabric& fabric = graph.fabric();
  std::vector<std::uint32_t> forwarding_id;
  std::vector<const SwitchState*> tables(fabric.switches.size(), nullptr);
  for (std::uint32_t s = 0; s < fabric.switches.size(); ++s) {
    tables[s] = latestRoutes(fabric.switches[s]);
    if (tables[s] != nullptr) d.installed_switches.push_back(s);
  }
  if (d.installed_switches.empty()) return forwarding_id;
  AddressOwners owners;
  for (std::uint32_t s = 0; s < fabric.switches.size(); ++s) {
    for (const InterfaceAddress& a : fabric.switches[s].addresses) {
      if (auto host = hostAddress(a.prefix)) owners[*host].emplace_back(s, &a);
    }
  }
  for (std::uint32_t s : d.installed_switches) {
    const SwitchState& table = *tables[s];
    std::unordered_map<IpPrefix, std::uint32_t, PrefixKeyHash> by_prefix;  // first entry of a prefix wins
    for (std::uint32_t r = 0; r < table.routes.size(); ++r) {
      const InstalledRoute& route = table.routes[r];
      if (!route.vrf.empty() && route.vrf != "default") continue;
      if (auto net = IpPrefix::parse(route.prefix)) by_prefix.emplace(net->network(), r);
    }
    std::vector<std::uint32_t> resolved(table.routes.size(), UINT32_MAX);
    std::uint32_t none = UINT32_MAX;
    std::map<std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>>, std::uint32_t> ids;
    auto add = [&](InstalledNextHops hops) {
      auto key = std::pair{hops.arcs, hops.exit_ports};
      forwarding_id.push_back(ids.emplace(std::move(key), static_cast<std::uint32_t>(ids.size())).first->second);
      d.installed.push_back(std::move(hops));
      return static_cast<std::uint32_t>(d.installed.size() - 1);
    };
    for (DestinationPrefix& prefix : d.prefixes) {
      std::uint32_t match = UINT32_MAX;
      for (int len = prefix.prefix.length; len >= 0 && match == UINT32_MAX; --len) {
        IpPrefix probe = prefix.prefix;
        probe.length = len;
        if (auto it = by_prefix.find(probe.network()); it != by_prefix.end()) match = it->second;
      }
      if (match == UINT32_MAX) {
        if (none == UINT32_MAX) {
          InstalledNextHops hops;
          hops.sw = s;
          if (!table.routes.empty()) {
            hops.table = SourceRef(table.routes.front().src.fileName(), 0, 0, OriginKind::None, "");
          }
          none = add(std::move(hops));
        }
        prefix.installed.push_back(none);
        continue;
      }
      if (resolved[match] == UINT32_MAX)
        resolved[match] = add(resolveInstalled(graph, s, table.routes[match], owners, transit[s]));
      prefix.installed.push_back(resolved[match]);
    }
  }
  return forwarding_id;
}

Destinations collectDestinations(const SwitchGraph& graph, DestinationKinds kinds) {
  const Fabric& fabric = graph.fabric();
  Destinations d;
  // Originated prefixes (host subnets, loopbacks, routed host ports) -> originating switches.
  // Every originated prefix takes part in longest-prefix matching; only the kinds RoCE traffic
  // targets become destinations (atoms).
  std::unordered_map<IpPrefix, std::vector<std::uint32_t>, PrefixKeyHash> originated;
  std::vector<IpPrefix> loopbacks;
  std::map<IpPrefix, std::size_t> atom_index;
  auto addAtom = [&](const IpPrefix& net, const std::string& text, const SourceRef& src, bool loopback) {
    if (auto it = atom_index.find(net); it != atom_index.end()) {
      d.prefixes[it->second].loopback = d.prefixes[it->second].loopback && loopback;
      return;
    }
    atom_index.emplace(net, d.prefixes.size());
    d.prefixes.push_back({net, text, src, loopback, {}});
  };
  std::set<IpPrefix> skipped_loopbacks;
  std::set<IpPrefix> skipped_links;
  std::vector<std::vector<std::uint16_t>> transit = transitSviVlans(graph);
  for (std::uint32_t s = 0; s < fabric.switches.size(); ++s) {
    const Switch& sw = fabric.switches[s];
    for (const InterfaceAddress& a : sw.addresses) {
      bool link_port = false;
      if (a.kind == InterfaceAddress::Kind::Vlan && !transit[s].empty()) {
        auto vid = sviVlanId(a.interface);
        link_port = vid && std::binary_search(transit[s].begin(), transit[s].end(), *vid);
      }
      if (a.kind == InterfaceAddress::Kind::Port || a.kind == InterfaceAddress::Kind::PortChannel) {
        // Switch-to-switch link subnets are not destinations of host traffic.
        for (std::size_t p : portsOfInterface(sw, a.interface)) {
          if (graph.arcOfPort(graph.globalPort({s, p})) != SwitchGraph::kNoArc) link_port = true;
        }
      }
      auto prefix = IpPrefix::parse(a.prefix);
      if (!prefix) {
        d.ignored.push_back(
            fmt::format("{}: address \"{}\" of {} is not an IP prefix", sw.name, a.prefix, a.interface));
        continue;
      }
      IpPrefix net = prefix->network();
      bool loopback = a.kind == InterfaceAddress::Kind::Loopback;
      if (link_port && !kinds.links) {
        skipped_links.insert(net);
        continue;
      }
      auto& origins = originated[net];
      if (std::find(origins.begin(), origins.end(), s) == origins.end()) origins.push_back(s);
      if (loopback) loopbacks.push_back(net);
      if (loopback && !kinds.loopbacks) {
        skipped_loopbacks.insert(net);
        continue;
      }
      addAtom(net, net.str(), a.src, loopback);
    }
  }
  d.skipped_links = skipped_links.size();
  // Static routes: resolved once, and their prefixes are destinations too.
  std::vector<std::pair<IpPrefix, std::uint32_t>> static_prefixes;  // prefix, index into d.statics
  for (std::uint32_t s = 0; s < fabric.switches.size(); ++s) {
    for (const StaticRoute& route : fabric.switches[s].static_routes) {
      // Other VRFs (management, tenants) are not the fabric's default-VRF data plane.
      if (!route.vrf.empty() && route.vrf != "default") continue;
      auto prefix = IpPrefix::parse(route.prefix);
      if (!prefix) {
        d.ignored.push_back(
            fmt::format("{}: static route prefix \"{}\" is not an IP prefix", fabric.switches[s].name, route.prefix));
        continue;
      }
      IpPrefix net = prefix->network();
      static_prefixes.emplace_back(net, static_cast<std::uint32_t>(d.statics.size()));
      d.statics.push_back(resolveStatic(graph, s, route));
      // A static route toward a switch's loopback carries management, not RoCE, traffic.
      bool toward_loopback =
          std::any_of(loopbacks.begin(), loopbacks.end(), [&](const IpPrefix& lo) { return lo.contains(net); });
      if (toward_loopback && !kinds.loopbacks) {
        skipped_loopbacks.insert(net);
        continue;
      }
      addAtom(net, net.str(), route.src, toward_loopback);
    }
  }
  std::vector<std::uint32_t> forwarding_id = matchInstalledRoutes(graph, d, transit);
  // Group atoms by how every switch routes them (installed routes included).
  using Key = std::tuple<std::vector<std::uint32_t>, std::vector<std::pair<std::uint32_t, std::uint32_t>>,
                         std::vector<std::uint32_t>>;
  std::map<Key, std::size_t> group_of;
  for (std::size_t i = 0; i < d.prefixes.size(); ++i) {
    const IpPrefix& atom = d.prefixes[i].prefix;
    std::vector<std::uint32_t> origins;
    int learned_length = -1;
    for (int len = atom.length; len >= 0; --len) {
      IpPrefix probe = atom;
      probe.length = len;
      probe = probe.network();
      if (auto it = originated.find(probe); it != originated.end()) {
        origins = it->second;
        learned_length = len;
        break;
      }
    }
    std::sort(origins.begin(), origins.end());
    // Per switch, the longest static route covering the atom, if it beats the learned route.
    std::map<std::uint32_t, std::pair<int, std::uint32_t>> best_static;  // switch -> (length, static index)
    for (const auto& [net, idx] : static_prefixes) {
      if (!net.contains(atom)) continue;
      std::uint32_t s = d.statics[idx].sw;
      auto [it, inserted] = best_static.emplace(s, std::pair{net.length, idx});
      if (!inserted && net.length > it->second.first) it->second = {net.length, idx};
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> overrides;  // switch, static index
    for (const auto& [s, best] : best_static) {
      bool is_origin = std::binary_search(origins.begin(), origins.end(), s);
      // Longest prefix wins; on equal length connected (distance 0) beats static (1) beats eBGP (20).
      if (best.first > learned_length || (best.first == learned_length && !is_origin))
        overrides.emplace_back(s, best.second);
    }
    std::vector<std::uint32_t> installed_forwarding;
    for (std::uint32_t idx : d.prefixes[i].installed) installed_forwarding.push_back(forwarding_id[idx]);
    Key key{origins, overrides, std::move(installed_forwarding)};
    auto [it, inserted] = group_of.emplace(std::move(key), d.groups.size());
    if (inserted) {
      DestinationGroup g;
      g.origins = origins;
      for (std::size_t k = 0; k < d.installed_switches.size(); ++k)
        g.installed.emplace_back(d.installed_switches[k], d.prefixes[i].installed[k]);
      for (const auto& [s, idx] : overrides) {
        g.overrides.emplace_back(s, ForwardKind::Static);
        g.static_route.push_back(idx);
      }
      d.groups.push_back(std::move(g));
    }
    d.groups[it->second].prefixes.push_back(static_cast<std::uint32_t>(i));
    if (!d.prefixes[i].loopback) d.groups[it->second].hosts = true;
  }
  d.skipped_loopbacks = skipped_loopbacks.size();
  return d;
}

std::vector<std::uint8_t> assumedSources(const SwitchGraph& graph) {
  if (!graph.hostPorts().empty()) return {};
  // No port faces a server (a neighbour that is no fabric switch, a VLAN access port, a routed
  // port with a subnet of its own: src/load/loader.cpp): traffic of unknown origin may enter anywhere.
  return std::vector<std::uint8_t>(graph.fabric().switches.size(), 1);
}

// ---------------------------------------------------------------------------------------------
// Router

Router::Router(const SwitchGraph& graph, const Destinations& destinations) : graph_(graph), dest_(destinations) {
  const Fabric& fabric = graph.fabric();
  asn_.reserve(fabric.switches.size());
  for (const Switch& sw : fabric.switches) asn_.push_back(sw.asn ? static_cast<std::int64_t>(sw.asn->value) : -1);
  nh_.resize(fabric.switches.size());
  inter_.resize(fabric.switches.size());
  exits_.resize(fabric.switches.size());
  comm_.resize(fabric.switches.size());
  for (const Switch& sw : fabric.switches) {
    for (const BgpNeighbor& nb : sw.bgp_neighbors) {
      policies_ = policies_ || !nb.import_policies.empty() || !nb.export_policies.empty() || nb.allowas_in > 0;
    }
  }
  if (!policies_) return;
  // Communities interned fabric-wide, so a path's set stays comparable across switches.
  std::unordered_map<std::string, std::uint32_t> gid;
  comm_gid_.resize(fabric.switches.size());
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    for (const std::string& c : fabric.switches[s].bgp_communities) {
      comm_gid_[s].push_back(gid.emplace(c, static_cast<std::uint32_t>(gid.size())).first->second);
    }
  }
  arc_neighbor_ = arcSessions(graph);
  std::vector<std::vector<std::uint8_t>> used(fabric.switches.size());
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) used[s].assign(fabric.switches[s].bgp_neighbors.size(), 0);
  for (std::uint32_t a = 0; a < graph.arcCount(); ++a) {
    if (arc_neighbor_[a] >= 0) used[graph.arc(a).from.sw][static_cast<std::size_t>(arc_neighbor_[a])] = 1;
  }
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    for (std::size_t i = 0; i < used[s].size(); ++i) {
      const BgpNeighbor& nb = fabric.switches[s].bgp_neighbors[i];
      if (!used[s][i] && (!nb.import_policies.empty() || !nb.export_policies.empty())) ++untied_policy_sessions;
    }
  }
}

std::vector<std::int32_t> arcSessions(const SwitchGraph& graph) {
  // The session of each arc: the leaving switch's neighbour whose interface is the arc's port, or
  // whose address is one of the peer's addresses on the far port.
  const Fabric& fabric = graph.fabric();
  auto hostOf = [](const std::string& prefix) { return prefix.substr(0, prefix.find('/')); };
  std::vector<std::int32_t> session(graph.arcCount(), -1);
  for (std::uint32_t a = 0; a < graph.arcCount(); ++a) {
    const Arc& arc = graph.arc(a);
    const Switch& u = fabric.switches[arc.from.sw];
    const Switch& v = fabric.switches[arc.to.sw];
    const std::string& uport = u.ports[arc.from.port].name;
    const std::string& vport = v.ports[arc.to.port].name;
    for (std::size_t i = 0; i < u.bgp_neighbors.size() && session[a] < 0; ++i) {
      const BgpNeighbor& nb = u.bgp_neighbors[i];
      bool match = !nb.interface.empty() && nb.interface == uport;
      for (const InterfaceAddress& addr : v.addresses) {
        match = match || (!nb.address.empty() && addr.interface == vport && hostOf(addr.prefix) == nb.address);
      }
      if (match) session[a] = static_cast<std::int32_t>(i);
    }
  }
  return session;
}

std::vector<PolicyGap> policyGaps(const SwitchGraph& graph) {
  const Fabric& fabric = graph.fabric();
  std::vector<PolicyGap> gaps;
  // Tying sessions to arcs costs neighbours x addresses per arc: only when some session has policy.
  bool any = std::any_of(fabric.switches.begin(), fabric.switches.end(), [](const Switch& sw) {
    return std::any_of(sw.bgp_neighbors.begin(), sw.bgp_neighbors.end(), [](const BgpNeighbor& nb) {
      return nb.policy_unmodelled || !nb.import_policies.empty() || !nb.export_policies.empty();
    });
  });
  if (!any) return gaps;
  std::vector<std::int32_t> session = arcSessions(graph);
  std::vector<std::vector<std::uint8_t>> seen(fabric.switches.size());
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) seen[s].assign(fabric.switches[s].bgp_neighbors.size(), 0);
  for (std::uint32_t a = 0; a < graph.arcCount(); ++a) {
    if (session[a] < 0) continue;
    const Arc& arc = graph.arc(a);
    auto i = static_cast<std::size_t>(session[a]);
    if (seen[arc.from.sw][i] != 0) continue;
    seen[arc.from.sw][i] = 1;
    const Switch& sw = fabric.switches[arc.from.sw];
    const BgpNeighbor& nb = sw.bgp_neighbors[i];
    PolicyGap gap{static_cast<std::uint32_t>(arc.from.sw),
                  static_cast<std::uint32_t>(i),
                  static_cast<std::uint32_t>(arc.from.port),
                  "",
                  "",
                  {}};
    if (nb.policy_unmodelled) {
      gap.what = nb.policy_unmodelled_what;
      gap.src = nb.policy_unmodelled_src;
      gaps.push_back(std::move(gap));
      continue;
    }
    auto firstGap = [&](const std::vector<std::uint32_t>& chain) {
      for (std::uint32_t p : chain) {
        if (p >= sw.routing_policies.size()) continue;
        for (const PolicyTerm& t : sw.routing_policies[p].terms) {
          if (!t.unmodelled_match) continue;
          gap.policy = sw.routing_policies[p].name;
          gap.what = t.unmodelled_what;
          gap.src = t.src;
          return true;
        }
      }
      return false;
    };
    if (firstGap(nb.import_policies) || firstGap(nb.export_policies)) gaps.push_back(std::move(gap));
  }
  std::sort(gaps.begin(), gaps.end(), [](const PolicyGap& x, const PolicyGap& y) {
    return std::tie(x.sw, x.neighbor) < std::tie(y.sw, y.neighbor);
  });
  return gaps;
}

namespace {

bool containsAsn(const std::uint32_t* begin, const std::uint32_t* end, std::int64_t asn) {
  return asn >= 0 && std::binary_search(begin, end, static_cast<std::uint32_t>(asn));
}

void flatten(const std::vector<std::vector<std::uint32_t>>& per_switch, std::vector<std::uint32_t>& begin,
             std::vector<std::uint32_t>& flat) {
  begin.assign(per_switch.size() + 1, 0);
  flat.clear();
  for (std::size_t s = 0; s < per_switch.size(); ++s) {
    flat.insert(flat.end(), per_switch[s].begin(), per_switch[s].end());
    begin[s + 1] = static_cast<std::uint32_t>(flat.size());
  }
}

}  // namespace

namespace {

enum class Match : std::uint8_t { Yes, Maybe };

bool anyIn(const std::vector<std::uint32_t>& wanted, const std::uint32_t* b, const std::uint32_t* e,
           std::int64_t skip) {
  for (std::uint32_t w : wanted) {
    if (static_cast<std::int64_t>(w) != skip && std::binary_search(b, e, w)) return true;
  }
  return false;
}

}  // namespace

bool Router::evalAll(std::size_t sw, const std::vector<std::uint32_t>& chain, bool all_of, bool learned,
                     const std::uint32_t* asn_b, const std::uint32_t* asn_e, std::int64_t skip_asn,
                     const std::uint32_t* comm_b, const std::uint32_t* comm_e, PolicyEffect& effect) const {
  const std::uint32_t* b = chain.data();
  const std::uint32_t* e = b + chain.size();
  if (!all_of) return evalChain(sw, b, e, learned, asn_b, asn_e, skip_asn, comm_b, comm_e, effect);
  for (const std::uint32_t* p = b; p != e; ++p) {
    if (!evalChain(sw, p, p + 1, learned, asn_b, asn_e, skip_asn, comm_b, comm_e, effect)) return false;
  }
  return true;
}

bool Router::evalChain(std::size_t sw, const std::uint32_t* chain_b, const std::uint32_t* chain_e, bool learned,
                       const std::uint32_t* asn_b, const std::uint32_t* asn_e, std::int64_t skip_asn,
                       const std::uint32_t* comm_b, const std::uint32_t* comm_e, PolicyEffect& effect) const {
  // The sets hold what is on EVERY path; anything else may be on some. A condition is certain
  // (Yes) only when the sets prove it, otherwise Maybe: a Maybe-reject lets the route through, a
  // Maybe-accept accepts some paths (and what later terms add is no longer on every path).
  const Switch& s = graph_.fabric().switches[sw];
  const std::vector<std::uint32_t>& gid = comm_gid_[sw];
  bool some_accepted = false;
  std::vector<std::uint32_t> wanted;
  std::vector<std::uint32_t> kept;  // the communities still certain after a term replaced or deleted some
  auto apply = [&](const PolicyTerm& t, Match m) {
    if (t.drops_communities) {
      // Replaced or deleted: only what this term sets is certain, and only when it surely applied;
      // what was added before is gone too, and later terms see the reduced set.
      effect.dropped = true;
      kept.clear();
      if (m == Match::Yes && !some_accepted) {
        for (std::uint32_t c : t.add_communities) kept.push_back(gid[c]);
        std::sort(kept.begin(), kept.end());
      }
      effect.added = kept;
      comm_b = kept.data();
      comm_e = kept.data() + kept.size();
      return;
    }
    if (m != Match::Yes || some_accepted) return;
    for (std::uint32_t c : t.add_communities) effect.added.push_back(gid[c]);
  };
  for (const std::uint32_t* pp = chain_b; pp != chain_e; ++pp) {
    std::uint32_t p = *pp;
    if (p >= s.routing_policies.size()) continue;
    const RoutingPolicy& policy = s.routing_policies[p];
    for (const PolicyTerm& t : policy.terms) {
      if (t.match_protocol == PolicyTerm::Protocol::Bgp && !learned) continue;
      if (t.match_protocol == PolicyTerm::Protocol::Other && learned) continue;
      Match m = t.unmodelled_match ? Match::Maybe : Match::Yes;
      // An originated route's protocol (direct, static...) is not known here.
      if (t.match_protocol == PolicyTerm::Protocol::Other) m = Match::Maybe;
      if (!t.match_community_any.empty()) {
        wanted.clear();
        for (std::uint32_t c : t.match_community_any) wanted.push_back(gid[c]);
        if (!anyIn(wanted, comm_b, comm_e, -1)) m = Match::Maybe;
      }
      if (!t.match_as_path_any.empty() && !anyIn(t.match_as_path_any, asn_b, asn_e, skip_asn)) m = Match::Maybe;
      if (t.action == PolicyTerm::Action::Next) {
        apply(t, m);
        continue;
      }
      if (t.action == PolicyTerm::Action::Accept) {
        apply(t, m);
        if (m == Match::Yes) return true;
        some_accepted = true;
        continue;
      }
      if (m == Match::Yes) return some_accepted;  // Reject of every remaining path
    }
    if (policy.default_action == PolicyTerm::Action::Accept) return true;
    if (policy.default_action == PolicyTerm::Action::Reject) return some_accepted;
  }
  return true;  // the protocol default: import accepts, eBGP export advertises active BGP routes
}

bool Router::accepts(std::size_t x, const std::uint32_t* asn_b, const std::uint32_t* asn_e, const std::uint32_t* comm_b,
                     const std::uint32_t* comm_e, std::size_t y, std::uint32_t arc, bool y_learned,
                     PolicyEffect* effect) const {
  const Fabric& fabric = graph_.fabric();
  const BgpNeighbor* exp = nullptr;
  const BgpNeighbor* imp = nullptr;
  if (policies_) {
    if (arc_neighbor_[arc] >= 0) exp = &fabric.switches[y].bgp_neighbors[static_cast<std::size_t>(arc_neighbor_[arc])];
    if (arc_neighbor_[arc ^ 1U] >= 0)
      imp = &fabric.switches[x].bgp_neighbors[static_cast<std::size_t>(arc_neighbor_[arc ^ 1U])];
  }
  bool allow_own = imp != nullptr && imp->allowas_in > 0;
  if (!allow_own && containsAsn(asn_b, asn_e, asn_[x])) return false;
  if (exp == nullptr && imp == nullptr) return true;
  PolicyEffect local;
  PolicyEffect& fx = effect != nullptr ? *effect : local;
  fx.clear();
  // Export sees the path before y prepends its own ASN.
  if (exp != nullptr &&
      !evalAll(y, exp->export_policies, exp->export_all_of, y_learned, asn_b, asn_e, asn_[y], comm_b, comm_e, fx)) {
    return false;
  }
  if (imp == nullptr) return true;
  if (fx.added.empty() && !fx.dropped) {
    return evalAll(x, imp->import_policies, imp->import_all_of, true, asn_b, asn_e, -1, comm_b, comm_e, fx);
  }
  // What x receives: y's communities as the export left them.
  std::vector<std::uint32_t> with;
  if (!fx.dropped) with.assign(comm_b, comm_e);
  with.insert(with.end(), fx.added.begin(), fx.added.end());
  std::sort(with.begin(), with.end());
  with.erase(std::unique(with.begin(), with.end()), with.end());
  return evalAll(x, imp->import_policies, imp->import_all_of, true, asn_b, asn_e, -1, with.data(),
                 with.data() + with.size(), fx);
}

void Router::steady(std::size_t group, const LinkState& links, GroupRoutes& out) {
  const DestinationGroup& g = dest_.groups[group];
  std::size_t n = asn_.size();
  out.kind.assign(n, ForwardKind::Drop);
  out.distance.assign(n, GroupRoutes::kNoRoute);
  out.may_loop = false;
  for (std::size_t s = 0; s < n; ++s) {
    nh_[s].clear();
    inter_[s].clear();
    exits_[s].clear();
    comm_[s].clear();
  }
  layer_.clear();
  for (std::uint32_t o : g.origins) {
    out.kind[o] = ForwardKind::Local;
    out.distance[o] = 0;
    if (asn_[o] >= 0) inter_[o].push_back(static_cast<std::uint32_t>(asn_[o]));
    layer_.push_back(o);
  }
  // Layered BFS: a switch x learns the route from neighbour y when y's best paths do not all
  // carry x's own ASN (eBGP AS-path loop prevention; over-approximates which path y advertises).
  for (std::uint16_t level = 0; !layer_.empty(); ++level) {
    next_layer_.clear();
    for (std::uint32_t y : layer_) {
      auto [b, e] = graph_.outArcs(y);
      for (const std::uint32_t* it = b; it != e; ++it) {
        std::uint32_t toward_y = *it ^ 1U;
        if (links.down(toward_y)) continue;
        std::size_t x = graph_.arc(*it).to.sw;
        if (out.distance[x] <= level) continue;
        const std::uint32_t* cb = comm_[y].data();
        if (!accepts(x, inter_[y].data(), inter_[y].data() + inter_[y].size(), cb, cb + comm_[y].size(), y, *it,
                     out.kind[y] != ForwardKind::Local, policies_ ? &effect_ : nullptr)) {
          continue;
        }
        if (policies_) {
          // Communities on every best path of x: the intersection over the next hops of what each brings.
          std::vector<std::uint32_t> brought;
          if (!effect_.dropped) brought = comm_[y];
          brought.insert(brought.end(), effect_.added.begin(), effect_.added.end());
          std::sort(brought.begin(), brought.end());
          brought.erase(std::unique(brought.begin(), brought.end()), brought.end());
          if (nh_[x].empty()) {
            comm_[x] = std::move(brought);
          } else {
            std::vector<std::uint32_t> both;
            std::set_intersection(comm_[x].begin(), comm_[x].end(), brought.begin(), brought.end(),
                                  std::back_inserter(both));
            comm_[x] = std::move(both);
          }
        }
        if (out.distance[x] == GroupRoutes::kNoRoute) {
          out.distance[x] = static_cast<std::uint16_t>(level + 1);
          next_layer_.push_back(static_cast<std::uint32_t>(x));
        }
        nh_[x].push_back(toward_y);
      }
    }
    for (std::uint32_t x : next_layer_) {
      out.kind[x] = ForwardKind::Learned;
      std::sort(nh_[x].begin(), nh_[x].end());
      // ASNs on every best path: x's own plus those common to all chosen next hops.
      std::vector<std::uint32_t>& common = inter_[x];
      bool first = true;
      for (std::uint32_t a : nh_[x]) {
        const auto& other = inter_[graph_.arc(a).to.sw];
        if (first) {
          common.assign(other.begin(), other.end());
          first = false;
          continue;
        }
        // In-place intersection of two sorted lists (no allocation per switch and group).
        std::size_t kept = 0;
        auto o = other.begin();
        for (std::uint32_t asn : common) {
          while (o != other.end() && *o < asn) ++o;
          if (o != other.end() && *o == asn) common[kept++] = asn;
        }
        common.resize(kept);
      }
      if (asn_[x] >= 0) {
        auto asn = static_cast<std::uint32_t>(asn_[x]);
        auto pos = std::lower_bound(common.begin(), common.end(), asn);
        if (pos == common.end() || *pos != asn) common.insert(pos, asn);
      }
    }
    layer_.swap(next_layer_);
  }
  flatten(inter_, out.inter_begin, out.inter);
  if (policies_) {
    flatten(comm_, out.comm_begin, out.comm);
  } else {
    out.comm_begin.assign(n + 1, 0);
    out.comm.clear();
  }
  applyOverrides(group, links, out);
  applyInstalled(group, links, out);
  flatten(nh_, out.nh_begin, out.nh);
  flatten(exits_, out.exit_begin, out.exits);
}

void Router::applyOverrides(std::size_t group, const LinkState& links, GroupRoutes& out) {
  const DestinationGroup& g = dest_.groups[group];
  for (std::size_t i = 0; i < g.overrides.size(); ++i) {
    std::uint32_t x = g.overrides[i].first;
    const StaticNextHops& hops = dest_.statics[g.static_route[i]];
    std::vector<std::uint32_t> live;
    for (std::uint32_t a : hops.arcs) {
      if (!links.down(a)) live.push_back(a);
    }
    // A static route whose next hops are all down is withdrawn; the learned route applies.
    if (live.empty() && hops.exit_ports.empty()) continue;
    out.kind[x] = ForwardKind::Static;
    nh_[x] = std::move(live);
    exits_[x] = hops.exit_ports;
  }
}

void Router::applyInstalled(std::size_t group, const LinkState& links, GroupRoutes& out) {
  if (!use_installed_) return;
  for (const auto& [x, idx] : dest_.groups[group].installed) {
    const InstalledNextHops& hops = dest_.installed[idx];
    std::vector<std::uint32_t> live;
    for (std::uint32_t a : hops.arcs) {
      if (!links.down(a)) live.push_back(a);
    }
    // Every installed next hop failed (the what-if): the switch re-converges on the computed route.
    if (live.empty() && !hops.arcs.empty() && hops.exit_ports.empty()) continue;
    if (live.empty() && !hops.exit_ports.empty() && out.kind[x] == ForwardKind::Local) continue;  // connected
    out.kind[x] = live.empty() && hops.exit_ports.empty() ? ForwardKind::Drop : ForwardKind::Installed;
    nh_[x] = std::move(live);
    exits_[x] = hops.exit_ports;
    // An installed route need not lead toward the origin: look for forwarding loops.
    out.may_loop = true;
  }
}

void Router::transient(std::size_t /*group*/, const GroupRoutes& before, const LinkState& links, GroupRoutes& out) {
  std::size_t n = asn_.size();
  out.kind = before.kind;
  out.distance = before.distance;
  out.may_loop = true;
  out.inter_begin = before.inter_begin;
  out.inter = before.inter;
  out.comm_begin = before.comm_begin;
  out.comm = before.comm;
  out.exit_begin = before.exit_begin;
  out.exits = before.exits;
  out.nh_begin.assign(n + 1, 0);
  out.nh.clear();
  for (std::size_t x = 0; x < n; ++x) {
    auto [b, e] = before.nextHops(x);
    bool adjacent = false;
    auto [ob, oe] = graph_.outArcs(x);
    for (const std::uint32_t* it = ob; it != oe; ++it) adjacent = adjacent || links.down(*it);
    if (!adjacent) {
      out.nh.insert(out.nh.end(), b, e);
      out.nh_begin[x + 1] = static_cast<std::uint32_t>(out.nh.size());
      continue;
    }
    std::size_t start = out.nh.size();
    for (const std::uint32_t* it = b; it != e; ++it) {
      if (!links.down(*it)) out.nh.push_back(*it);
    }
    bool has_exit = before.exit_begin[x + 1] > before.exit_begin[x];
    bool needs_reselect = out.nh.size() == start && !has_exit &&
                          (before.kind[x] == ForwardKind::Learned || before.kind[x] == ForwardKind::Static);
    auto acceptsBefore = [&](std::size_t y, std::uint32_t arc) {
      const std::uint32_t* ab = before.inter.data() + before.inter_begin[y];
      const std::uint32_t* ae = before.inter.data() + before.inter_begin[y + 1];
      const std::uint32_t* cb = before.comm.data() + before.comm_begin[y];
      const std::uint32_t* ce = before.comm.data() + before.comm_begin[y + 1];
      return accepts(x, ab, ae, cb, ce, y, arc, before.kind[y] != ForwardKind::Local, nullptr);
    };
    if (needs_reselect) {
      // Local repair: the best of the routes the surviving neighbours advertised before the
      // failure (withdrawals have not propagated), subject to AS-path loop prevention.
      std::uint16_t best = GroupRoutes::kNoRoute;
      for (const std::uint32_t* it = ob; it != oe; ++it) {
        if (links.down(*it)) continue;
        std::size_t y = graph_.arc(*it).to.sw;
        if (before.distance[y] == GroupRoutes::kNoRoute || !acceptsBefore(y, *it ^ 1U)) continue;
        best = std::min(best, before.distance[y]);
      }
      for (const std::uint32_t* it = ob; it != oe && best != GroupRoutes::kNoRoute; ++it) {
        if (links.down(*it)) continue;
        std::size_t y = graph_.arc(*it).to.sw;
        if (before.distance[y] == best && acceptsBefore(y, *it ^ 1U)) out.nh.push_back(*it);
      }
      out.kind[x] = out.nh.size() == start ? ForwardKind::Drop : ForwardKind::Learned;
    }
    out.nh_begin[x + 1] = static_cast<std::uint32_t>(out.nh.size());
  }
}

std::vector<RouteDifference> installedRouteDifferences(const SwitchGraph& graph, const Destinations& destinations) {
  std::vector<RouteDifference> out;
  if (destinations.installed_switches.empty()) return out;
  Router router(graph, destinations);
  router.useInstalledRoutes(false);
  LinkState configured(graph.arcCount());
  for (std::uint32_t l = 0; l < graph.fabric().links.size(); ++l) {
    if (!graph.configuredUp(2 * l)) configured.setLinkDown(l, true);
  }
  std::vector<std::int32_t> sessions = arcSessions(graph);
  GroupRoutes routes;
  for (std::size_t g = 0; g < destinations.groups.size(); ++g) {
    const DestinationGroup& group = destinations.groups[g];
    if (group.installed.empty()) continue;
    router.steady(g, configured, routes);
    for (std::size_t k = 0; k < group.installed.size(); ++k) {
      std::uint32_t x = group.installed[k].first;
      auto [nb, ne] = routes.nextHops(x);
      std::vector<std::uint32_t> arcs(nb, ne);
      std::sort(arcs.begin(), arcs.end());
      bool delivers = routes.kind[x] == ForwardKind::Local || routes.exit_begin[x + 1] > routes.exit_begin[x];
      for (std::uint32_t p : group.prefixes) {
        std::uint32_t idx = destinations.prefixes[p].installed[k];
        const InstalledNextHops& installed = destinations.installed[idx];
        if (installed.arcs == arcs && installed.exit_ports.empty() != delivers) continue;
        RouteDifference diff;
        diff.sw = x;
        diff.prefix = p;
        diff.installed = idx;
        diff.computed = routes.kind[x];
        diff.computed_arcs = arcs;
        diff.computed_delivers = delivers;
        if (routes.kind[x] == ForwardKind::Static) {
          for (std::size_t o = 0; o < group.overrides.size(); ++o) {
            if (group.overrides[o].first == x) diff.static_route = destinations.statics[group.static_route[o]].route;
          }
        }
        if (routes.kind[x] == ForwardKind::Learned && !arcs.empty()) diff.session = sessions[arcs.front()];
        out.push_back(std::move(diff));
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const RouteDifference& a, const RouteDifference& b) {
    return std::tie(a.sw, a.prefix) < std::tie(b.sw, b.prefix);
  });
  return out;
}

}  // namespace rocelint
