#include "topology.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace rocelint {
namespace {

using topology::Endpoint;
using topology::SourceKind;
using topology::TopologyLink;
using topology::TopologySource;

/// Management interfaces carry LLDP too (eth0 towards the out-of-band switch); they are not
/// fabric ports.
bool isManagementPort(const std::string& name) {
  return name == "eth0" || name.rfind("mgmt", 0) == 0 || name.rfind("Management", 0) == 0;
}

/// One end of a link resolved against the configurations.
struct ResolvedEnd {
  const Endpoint* ep = nullptr;
  std::optional<std::size_t> sw;    ///< a configured switch
  std::optional<std::size_t> port;  ///< its port, when it has it
};

class Applier {
 public:
  explicit Applier(Fabric& fabric) : fabric_(fabric) {}

  void apply(TopologySource& source) {
    for (const std::string& candidate : source.local_switch_candidates) {
      if (auto index = resolveSwitch(candidate)) {
        if (fabric_.switches[*index].name != source.local_switch)
          topology::setLocalSwitch(source, fabric_.switches[*index].name);
        break;
      }
    }
    readNodes(source);
    if (source.kind == SourceKind::Lldp && !source.links.empty() && !resolveSwitch(source.local_switch)) {
      conflict(TopologyConflict::Kind::UnconfiguredSwitch, source.local_switch, "",
               fmt::format("{} holds the LLDP neighbours of {}, but no configuration describes {}", source.file,
                           source.local_switch, source.local_switch),
               source.links.front().src);
      return;
    }
    for (const TopologyLink& link : source.links) applyLink(source, link);
  }

 private:
  /// A configured switch by name; an LLDP system name may be a FQDN (spine1.dc1.example.com).
  std::optional<std::size_t> resolveSwitch(const std::string& name) const {
    auto it = fabric_.switch_index.find(name);
    if (it != fabric_.switch_index.end()) return it->second;
    auto dot = name.find('.');
    if (dot != std::string::npos && dot > 0) {
      it = fabric_.switch_index.find(name.substr(0, dot));
      if (it != fabric_.switch_index.end()) return it->second;
    }
    return std::nullopt;
  }

  void conflict(TopologyConflict::Kind kind, std::string sw, std::string port, std::string message, SourceRef src,
                std::string related_message = {}, SourceRef related_src = {}) {
    // Both ends' LLDP files describe one cable: the same disagreement is reported once.
    if (!reported_.insert({sw, port, src.file(), src.line, message}).second) return;
    TopologyConflict c;
    c.kind = kind;
    c.switch_name = std::move(sw);
    c.port = std::move(port);
    c.message = std::move(message);
    c.src = std::move(src);
    c.related_message = std::move(related_message);
    c.related_src = std::move(related_src);
    fabric_.topology_conflicts.push_back(std::move(c));
  }

  void readNodes(const TopologySource& source) {
    const char* what = topology::sourceKindName(source.kind);
    for (const auto& node : source.nodes) {
      auto index = resolveSwitch(node.name);
      if (!index) {
        if (!node.host) {
          conflict(
              TopologyConflict::Kind::UnconfiguredSwitch, node.name, "",
              fmt::format("{} declares switch {}{}, but no configuration describes it; its links count as links to "
                          "a host",
                          what, node.name, node.kind.empty() ? "" : " (kind " + node.kind + ")"),
              node.src);
        }
        continue;
      }
      Switch& sw = fabric_.switches[*index];
      if (node.role) {
        if (sw.role.empty()) {
          sw.role = node.role->value;
        } else if (sw.role != node.role->value) {
          conflict(TopologyConflict::Kind::SwitchAttribute, sw.name, "",
                   fmt::format("{} gives {} the role {}, its configuration says {} (the configuration is kept)", what,
                               sw.name, node.role->value, sw.role),
                   node.role->src, fmt::format("{} metadata", sw.name), sw.metadata_src);
        }
      }
      if (node.asn) {
        if (!sw.asn) {
          sw.asn = node.asn;
        } else if (sw.asn->value != node.asn->value) {
          conflict(TopologyConflict::Kind::SwitchAttribute, sw.name, "",
                   fmt::format("{} gives {} ASN {}, its configuration says {} (the configuration is kept)", what,
                               sw.name, node.asn->value, sw.asn->value),
                   node.asn->src, fmt::format("{} ASN", sw.name), sw.asn->src);
        }
      }
    }
  }

  ResolvedEnd resolve(const Endpoint& ep) const {
    ResolvedEnd end;
    end.ep = &ep;
    end.sw = resolveSwitch(ep.node);
    if (!end.sw) return end;
    const Switch& sw = fabric_.switches[*end.sw];
    const Port* port = sw.findPortByNameOrAlias(ep.port);
    if (port != nullptr && (port->declared || !sw.has_port_table))
      end.port = static_cast<std::size_t>(port - sw.ports.data());
    return end;
  }

  /// Device and port the other end is, in the names a neighbour table would use.
  std::pair<std::string, std::string> peerOf(const ResolvedEnd& other) const {
    if (other.sw && other.port) {
      const Switch& sw = fabric_.switches[*other.sw];
      return {sw.name, sw.ports[*other.port].name};
    }
    return {other.ep->node, other.ep->port};
  }

  /// True when `n` names the other end. A device outside the fabric (a host) is compared by name
  /// only: its port is a NIC that LLDP may give as a MAC, an ifname or a description.
  bool names(const Neighbor& n, const ResolvedEnd& other) const {
    if (other.sw && other.port) {
      const Switch& peer = fabric_.switches[*other.sw];
      if (resolveSwitch(n.device) != other.sw) return false;
      return peer.findPortByNameOrAlias(n.port) == &peer.ports[*other.port];
    }
    auto shortName = [](const std::string& name) { return name.substr(0, name.find('.')); };
    return n.device == other.ep->node || shortName(n.device) == shortName(other.ep->node);
  }

  std::string origin(std::size_t sw, std::size_t port) const {
    auto it = applied_.find({sw, port});
    if (it == applied_.end()) return "its configuration";
    return fmt::format("{} ({})", topology::sourceKindName(it->second->kind), it->second->file);
  }

  void applyLink(const TopologySource& source, const TopologyLink& link) {
    const char* what = topology::sourceKindName(source.kind);
    if (source.kind == SourceKind::Lldp && (isManagementPort(link.a.port) || isManagementPort(link.b.port))) return;
    std::array<ResolvedEnd, 2> ends = {resolve(link.a), resolve(link.b)};
    bool usable = true;
    for (const ResolvedEnd& end : ends) {
      if (end.sw && !end.port) {
        const Switch& sw = fabric_.switches[*end.sw];
        conflict(TopologyConflict::Kind::UnknownPort, sw.name, end.ep->port,
                 fmt::format(
                     "{} names {} {}, but {} has no port {}{}", what, sw.name, end.ep->port, sw.name, end.ep->port,
                     end.ep->written != end.ep->node + ":" + end.ep->port ? " (written " + end.ep->written + ")" : ""),
                 end.ep->src);
        usable = false;
      }
    }
    if (!usable || (!ends[0].sw && !ends[1].sw)) return;
    // A neighbour already known (from the configuration or an earlier source) must agree.
    for (std::size_t e = 0; e < 2; ++e) {
      const ResolvedEnd& here = ends[e];
      const ResolvedEnd& other = ends[1 - e];
      if (!here.sw) continue;
      const Switch& sw = fabric_.switches[*here.sw];
      const Port& port = sw.ports[*here.port];
      if (!port.neighbor || other.ep->anonymous || names(*port.neighbor, other)) continue;
      auto [device, peer_port] = peerOf(other);
      conflict(TopologyConflict::Kind::Neighbor, sw.name, port.name,
               fmt::format("{} {}: {} says its neighbour is {} {}, but {} says {}{}", sw.name, port.name,
                           origin(*here.sw, *here.port), port.neighbor->device,
                           port.neighbor->port.empty() ? "(no port)" : port.neighbor->port, what, device,
                           peer_port.empty() ? "" : " " + peer_port),
               port.neighbor->src, fmt::format("{}: {} <-> {}", what, link.a.written, link.b.written), here.ep->src);
      usable = false;
    }
    if (!usable) return;
    for (std::size_t e = 0; e < 2; ++e) {
      const ResolvedEnd& here = ends[e];
      if (!here.sw) continue;
      Switch& sw = fabric_.switches[*here.sw];
      Port& port = sw.ports[*here.port];
      if (!port.neighbor) {
        auto [device, peer_port] = peerOf(ends[1 - e]);
        port.neighbor = Neighbor{device, peer_port, here.ep->src};
        sw.has_neighbor_table = true;
        applied_[{*here.sw, *here.port}] = &source;
      }
      applyPhysical(source, link, sw, port);
    }
  }

  void applyPhysical(const TopologySource& source, const TopologyLink& link, Switch& sw, Port& port) {
    const char* what = topology::sourceKindName(source.kind);
    if (link.length_m && !port.cable_length_from_topology) {
      if (port.cable_length_m && port.cable_length_m->value != link.length_m->value) {
        conflict(TopologyConflict::Kind::PortAttribute, sw.name, port.name,
                 fmt::format(
                     "{} {} is configured for a {} m cable, but {} gives its link {} m; headroom is computed for {} m",
                     sw.name, port.name, port.cable_length_m->value, what, link.length_m->value, link.length_m->value),
                 port.cable_length_m->src, fmt::format("{} length of {} <-> {}", what, link.a.written, link.b.written),
                 link.length_m->src);
      }
      port.configured_cable_length_m = port.cable_length_m;
      port.cable_length_m = link.length_m;
      port.cable_length_from_topology = true;
    }
    if (link.speed_mbps) {
      if (!port.speed_mbps) {
        port.speed_mbps = link.speed_mbps;
      } else if (port.speed_mbps->value != link.speed_mbps->value) {
        conflict(TopologyConflict::Kind::PortAttribute, sw.name, port.name,
                 fmt::format("{} {} runs at {} Mb/s, but {} gives its link {} Mb/s (the configured speed is kept)",
                             sw.name, port.name, port.speed_mbps->value, what, link.speed_mbps->value),
                 port.speed_mbps->src, fmt::format("{} speed of {} <-> {}", what, link.a.written, link.b.written),
                 link.speed_mbps->src);
      }
    }
  }

  Fabric& fabric_;
  std::map<std::pair<std::size_t, std::size_t>, const TopologySource*> applied_;
  std::set<std::tuple<std::string, std::string, std::string, int, std::string>> reported_;
};

}  // namespace

void applyTopology(Fabric& fabric, std::vector<topology::TopologySource> sources) {
  std::stable_sort(sources.begin(), sources.end(),
                   [](const TopologySource& a, const TopologySource& b) { return a.kind < b.kind; });
  Applier applier(fabric);
  for (TopologySource& source : sources) applier.apply(source);
}

}  // namespace rocelint
