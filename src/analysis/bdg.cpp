// Buffer-dependency graph: flows from host ports along the routing of every destination group,
// the turns they take (ingress port -> egress port per switch, with the DSCPs on them), and the
// lossless-to-lossless dependencies those turns create. See docs/deadlock.md.

#include "bdg_engine.hpp"

#include <fmt/format.h>

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "rocelint/qos.hpp"

namespace rocelint::detail {

namespace {
/// Boost's CSR with 32-bit node and edge indices: the BDG is 4 bytes per edge and per node.
using Csr = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                               boost::no_property, std::uint32_t, std::uint32_t>;
}  // namespace

// ---------------------------------------------------------------------------------------------
// Classifier

Classifier::Classifier(const SwitchGraph& graph)
    : graph_(graph),
      table_(graph.portCount()),
      remark_(graph.portCount()),
      honour_(graph.portCount(), 0),
      stops_(graph.portCount()),
      paused_(graph.portCount()),
      state_(graph.portCount(), 0) {}

void Classifier::compute(std::uint32_t gp) {
  PortRef ref = graph_.portOf(gp);
  const Switch& sw = graph_.fabric().switches[ref.sw];
  const Port& port = sw.ports[ref.port];
  const QosMap* dscp_map = boundMap(sw, port, MapKind::DscpToTc);
  auto cached = dscp_tc_.find(dscp_map);
  if (cached == dscp_tc_.end()) {
    std::array<std::uint8_t, 64> tcs{};
    for (int d = 0; d < 64; ++d) {
      const Sourced<int>* e = dscp_map ? dscp_map->find(d) : nullptr;
      int tc = e ? e->value : 0;
      tcs[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(tc >= 0 && tc <= 7 ? tc : 0xFF);
    }
    cached = dscp_tc_.emplace(dscp_map, tcs).first;
  }
  std::array<bool, 8> lossless{};
  PrioritySet pfc = port.qos.pfcPriorities();
  if (!port.isAdminDown()) {
    for (int tc = 0; tc < 8; ++tc) {
      if (!pfc.test(static_cast<std::size_t>(tc))) continue;
      // Unknown (run-time generated) PGs count as lossless: never under-approximate a cycle.
      lossless[static_cast<std::size_t>(tc)] = isLosslessPg(sw, port, priorityGroupOfTc(sw, port, tc)).value_or(true);
    }
  }
  honour_[gp] = static_cast<std::uint8_t>(port.qos.pfcHonoured().to_ulong());
  std::array<int, 8> queue_of_tc{};
  for (int tc = 0; tc < 8; ++tc) queue_of_tc[static_cast<std::size_t>(tc)] = queueOfTc(sw, port, tc);
  for (int p = 0; p < 8; ++p) {
    std::optional<int> paused = queueOfPfcPriority(sw, port, p);
    std::uint8_t tcs = 0;
    for (int tc = 0; tc < 8; ++tc) {
      if (paused && *paused == queue_of_tc[static_cast<std::size_t>(tc)]) tcs |= static_cast<std::uint8_t>(1U << tc);
    }
    stops_[gp][static_cast<std::size_t>(p)] = tcs;
    paused_[gp][static_cast<std::size_t>(p)] =
        static_cast<std::int8_t>(paused && *paused >= 0 && *paused < 128 ? *paused : -1);
  }
  auto& row = table_[gp];
  for (std::size_t d = 0; d < 64; ++d) {
    std::uint8_t tc = cached->second[d];
    row[d] = tc == 0xFF ? std::uint8_t{0} : static_cast<std::uint8_t>(tc | (lossless[tc] ? kLossless : 0) | kValid);
  }
  const QosMap* remark = boundMap(sw, port, MapKind::TcToDscp);
  std::uint8_t state = kComputed;
  if (remark != nullptr) {
    auto& out = remark_[gp];
    out.fill(-1);
    for (int tc = 0; tc < 8; ++tc) {
      if (const Sourced<int>* e = remark->find(tc); e != nullptr && e->value >= 0 && e->value < 64) {
        out[static_cast<std::size_t>(tc)] = static_cast<std::int8_t>(e->value);
        state |= kRemarks;
      }
    }
  }
  state_[gp] = state;
}

std::uint64_t Classifier::forward(std::uint32_t in_gp, std::uint32_t out_gp, std::uint64_t dscps) {
  const auto* remark = rewrite(out_gp);
  if (remark == nullptr || in_gp == kNoPort) return dscps;
  std::uint64_t out = 0;
  for (std::uint64_t rest = dscps; rest != 0; rest &= rest - 1) {
    int d = __builtin_ctzll(rest);
    std::uint8_t c = code(in_gp, d);
    int to = d;
    if ((c & kValid) != 0) {
      std::int8_t r = (*remark)[c & 7];
      if (r >= 0) to = r;
    }
    out |= std::uint64_t{1} << to;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// TurnTable

TurnTable::TurnTable(const SwitchGraph& graph) : graph_(graph) {
  std::size_t n = graph.fabric().switches.size();
  cell_base_.assign(n + 1, 0);
  link_ports_.assign(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    auto [b, e] = graph.outArcs(s);
    auto l = static_cast<std::size_t>(e - b);
    link_ports_[s] = static_cast<std::uint32_t>(l);
    cell_base_[s + 1] = cell_base_[s] + (l + 1) * l;
  }
  cells_.assign(cell_base_.back(), 0);
  arc_slot_.assign(graph.arcCount(), 0);
  for (std::size_t s = 0; s < n; ++s) {
    auto [b, e] = graph.outArcs(s);
    for (const std::uint32_t* it = b; it != e; ++it) arc_slot_[*it] = static_cast<std::uint32_t>(it - b);
  }
  signatures_.resize(n);
}

void TurnTable::clear() {
  std::fill(cells_.begin(), cells_.end(), 0);
  for (auto& sigs : signatures_) sigs.clear();
  flood_vlan_.clear();
  encap_.clear();
  tunnel_pair_.clear();
}

void TurnTable::shareBetweenThreads() { locks_ = std::make_unique<std::mutex[]>(signatures_.size()); }

void TurnTable::addSignature(std::size_t sw, const std::vector<std::uint64_t>& words, std::uint32_t group,
                             std::uint32_t prefixes) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (std::uint64_t w : words) hash = (hash ^ w) * 1099511628211ULL;
  std::unique_lock<std::mutex> lock;
  if (locks_) lock = std::unique_lock<std::mutex>(locks_[sw]);
  auto& sigs = signatures_[sw];
  auto [first, last] = sigs.index.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    Signature& existing = sigs.list[it->second];
    if (existing.words == words) {
      existing.groups += 1;
      existing.prefixes += prefixes;
      existing.first_group = std::min(existing.first_group, group);
      return;
    }
  }
  // New combination of (ingress sets, egress arcs): expand it into the turn cells once.
  std::size_t l = link_ports_[sw];
  std::size_t n_in = words[1];
  std::size_t out_pos = 2 + 2 * n_in;
  std::size_t n_out = words[out_pos];
  for (std::size_t i = 0; i < n_in; ++i) {
    std::size_t row = words[2 + 2 * i];
    std::uint64_t dscps = words[3 + 2 * i];
    for (std::size_t o = 0; o < n_out; ++o) cells_[cell_base_[sw] + row * l + words[out_pos + 1 + o]] |= dscps;
  }
  sigs.index.emplace(hash, sigs.list.size());
  // An exact-size copy: the caller's buffer keeps its capacity for the next group, and a stored
  // signature does not carry a doubled allocation (thousands of them per core switch).
  sigs.list.push_back({std::vector<std::uint64_t>(words.begin(), words.end()), 1, prefixes, group});
}

void TurnTable::mergeFrom(const TurnTable& other) {
  for (std::size_t i = 0; i < cells_.size(); ++i) cells_[i] |= other.cells_[i];
  encap_.insert(encap_.end(), other.encap_.begin(), other.encap_.end());
  for (const auto& [cell, pair] : other.tunnel_pair_) tunnel_pair_.emplace(cell, pair);
  for (const auto& [cell, vid] : other.flood_vlan_) {
    auto [it, inserted] = flood_vlan_.emplace(cell, vid);
    if (!inserted) it->second = std::min(it->second, vid);
  }
  for (std::size_t sw = 0; sw < signatures_.size(); ++sw) {
    auto& mine = signatures_[sw];
    for (const Signature& sig : other.signatures_[sw].list) {
      std::uint64_t hash = 1469598103934665603ULL;
      for (std::uint64_t w : sig.words) hash = (hash ^ w) * 1099511628211ULL;
      bool merged = false;
      auto [first, last] = mine.index.equal_range(hash);
      for (auto it = first; it != last && !merged; ++it) {
        Signature& existing = mine.list[it->second];
        if (existing.words != sig.words) continue;
        existing.groups += sig.groups;
        existing.prefixes += sig.prefixes;
        existing.first_group = std::min(existing.first_group, sig.first_group);
        merged = true;
      }
      if (!merged) {
        mine.index.emplace(hash, mine.list.size());
        mine.list.push_back(sig);
      }
    }
  }
}

bool TurnTable::cellsWithin(const TurnTable& other) const {
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    if ((cells_[i] & ~other.cells_[i]) != 0) return false;
  }
  return true;
}

void TurnTable::assignUnion(const TurnTable& a, const TurnTable& b) {
  for (std::size_t i = 0; i < cells_.size(); ++i) cells_[i] = a.cells_[i] | b.cells_[i];
  for (auto& sigs : signatures_) sigs.clear();
  flood_vlan_.clear();
}

void TurnTable::addFlood(std::size_t sw, std::size_t row, std::size_t col, std::uint64_t dscps, std::uint16_t vid) {
  if (dscps == 0) return;
  std::size_t cell = cell_base_[sw] + row * link_ports_[sw] + col;
  cells_[cell] |= dscps;
  auto [it, inserted] = flood_vlan_.emplace(cell, vid);
  if (!inserted) it->second = std::min(it->second, vid);
}

void TurnTable::addEncap(const EncapTurn& turn) {
  if (turn.dscps == 0) return;
  encap_.push_back(turn);
  tunnel_pair_.emplace(cell_base_[turn.sw] + turn.row * link_ports_[turn.sw] + turn.col, turn.pair);
}

void TurnTable::addTunnelTransit(std::size_t sw, std::size_t row, std::size_t col, std::uint64_t dscps,
                                 std::uint32_t pair) {
  if (dscps == 0) return;
  std::size_t cell = cell_base_[sw] + row * link_ports_[sw] + col;
  cells_[cell] |= dscps;
  tunnel_pair_.emplace(cell, pair);
}

int TurnTable::tunnelPair(std::size_t sw, std::size_t row, std::size_t col) const {
  auto it = tunnel_pair_.find(cell_base_[sw] + row * link_ports_[sw] + col);
  return it == tunnel_pair_.end() ? -1 : static_cast<int>(it->second);
}

std::uint16_t TurnTable::floodVlan(std::size_t sw, std::size_t row, std::size_t col) const {
  auto it = flood_vlan_.find(cell_base_[sw] + row * link_ports_[sw] + col);
  return it == flood_vlan_.end() ? 0 : it->second;
}

TurnRecord TurnTable::record(std::size_t sw, std::size_t row, std::size_t col) const {
  TurnRecord r;
  bool first = true;
  for (const Signature& sig : signatures_[sw].list) {
    std::size_t n_in = sig.words[1];
    bool has_row = false;
    for (std::size_t i = 0; i < n_in && !has_row; ++i) has_row = sig.words[2 + 2 * i] == row;
    if (!has_row) continue;
    std::size_t out_pos = 2 + 2 * n_in;
    bool has_col = false;
    for (std::size_t o = 0; o < sig.words[out_pos] && !has_col; ++o) has_col = sig.words[out_pos + 1 + o] == col;
    if (!has_col) continue;
    r.destinations += sig.prefixes;
    // The example is the lowest group, whatever order threads recorded the signatures in.
    if (first || sig.first_group < r.example_group) {
      r.example_group = sig.first_group;
      r.kind = static_cast<ForwardKind>(sig.words[0]);
      first = false;
    }
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// FloodPlan

namespace {

bool holds(const std::vector<std::uint16_t>& sorted, std::uint16_t vid) {
  return std::binary_search(sorted.begin(), sorted.end(), vid);
}

}  // namespace

FloodPlan::FloodPlan(const SwitchGraph& graph) : graph_(graph) {
  const Fabric& fabric = graph.fabric();
  std::size_t n = fabric.switches.size();
  // The VLANs lossless traffic can be in: routed into by a VLAN interface, or a server VLAN.
  std::vector<std::vector<std::uint16_t>> routed(n), hosted(n);
  // A transit SVI (a routed point-to-point link over a trunk) routes nothing into its VLAN that
  // RoCE traffic is delivered to: not a flood domain (docs/deadlock.md, "Transit VLANs").
  std::vector<std::vector<std::uint16_t>> transit = transitSviVlans(graph);
  for (std::size_t s = 0; s < n; ++s) {
    for (const InterfaceAddress& a : fabric.switches[s].addresses) {
      if (a.kind != InterfaceAddress::Kind::Vlan) continue;
      if (auto vid = sviVlanId(a.interface); vid && !holds(transit[s], *vid)) routed[s].push_back(*vid);
    }
  }
  for (std::uint32_t gp : graph.hostPorts()) {
    PortRef ref = graph.portOf(gp);
    if (auto vid = sviVlanId(fabric.port(ref).access_vlan.str())) hosted[ref.sw].push_back(*vid);
  }
  for (std::size_t s = 0; s < n; ++s) {
    for (auto* list : {&routed[s], &hosted[s]}) {
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
      domain_vid_.insert(domain_vid_.end(), list->begin(), list->end());
    }
  }
  std::sort(domain_vid_.begin(), domain_vid_.end());
  domain_vid_.erase(std::unique(domain_vid_.begin(), domain_vid_.end()), domain_vid_.end());
  if (domain_vid_.empty()) return;
  // Which of those VLANs a port carries: untagged (access) or tagged (a trunk's allowed list,
  // walked by range so "all" costs the candidate VLANs, not 4,094 ids).
  auto carried = [&](const Port& port, std::vector<std::uint16_t>& out) {
    out.clear();
    if (auto vid = sviVlanId(port.access_vlan.str()); vid && holds(domain_vid_, *vid)) out.push_back(*vid);
    if (port.trunk_vlans) {
      for (const auto& [first, last] : port.trunk_vlans->value.ranges) {
        for (auto it = std::lower_bound(domain_vid_.begin(), domain_vid_.end(), first);
             it != domain_vid_.end() && *it <= last; ++it)
          out.push_back(*it);
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  };
  std::vector<std::uint16_t> mine, theirs;
  std::map<std::uint16_t, Vlan> of_switch;
  for (std::size_t s = 0; s < n; ++s) {
    of_switch.clear();
    auto [b, e] = graph.outArcs(s);
    for (const std::uint32_t* it = b; it != e; ++it) {
      const Arc& arc = graph.arc(*it);
      carried(fabric.port(arc.from), mine);
      if (mine.empty()) continue;
      carried(fabric.port(arc.to), theirs);
      for (std::uint16_t vid : mine) {
        Vlan& v = of_switch[vid];
        v.members.push_back(static_cast<std::uint32_t>(it - b));
        v.bridged.push_back(holds(theirs, vid) ? 1 : 0);
      }
    }
    for (auto& [vid, v] : of_switch) {
      v.sw = static_cast<std::uint32_t>(s);
      v.vid = vid;
      v.domain = static_cast<std::uint32_t>(std::lower_bound(domain_vid_.begin(), domain_vid_.end(), vid) -
                                            domain_vid_.begin());
      v.routed = holds(routed[s], vid);
      v.hosts = holds(hosted[s], vid);
      vlans_.push_back(std::move(v));
    }
  }
}

void FloodPlan::addTurns(const std::vector<std::uint64_t>& local, const std::vector<std::uint64_t>& local_host,
                         std::uint64_t sources, TurnTable& turns) const {
  if (vlans_.empty()) return;
  auto linkPort = [&](std::size_t sw, std::size_t slot) {
    return graph_.globalPort(graph_.arc(graph_.outArcs(sw).first[slot]).from);
  };
  // What a VLAN interface routes into its VLAN: everything some group delivers there.
  auto routedInto = [&](const Vlan& v, std::size_t row) {
    std::size_t l = turns.linkPorts(v.sw);
    return row < l ? local[linkPort(v.sw, row)] : local_host[v.sw];
  };
  // The DSCPs in each VLAN anywhere: what its servers send and what is routed into it. A
  // neighbour floods them onward to this switch (Ethernet floods the whole domain on a miss).
  std::vector<std::uint64_t> in_vlan(domain_vid_.size(), 0);
  for (const Vlan& v : vlans_) {
    if (v.hosts) in_vlan[v.domain] |= sources;
    if (!v.routed) continue;
    for (std::size_t row = 0; row <= turns.linkPorts(v.sw); ++row) in_vlan[v.domain] |= routedInto(v, row);
  }
  for (const Vlan& v : vlans_) {
    std::size_t l = turns.linkPorts(v.sw);
    auto flood = [&](std::size_t row, std::uint64_t dscps, std::uint32_t except) {
      for (std::uint32_t col : v.members) {
        if (col != except) turns.addFlood(v.sw, row, col, dscps, v.vid);
      }
    };
    // Routed into the VLAN here (from any port, the one it came in by included: the packet
    // entered routed, so it is no longer in the VLAN it arrived in).
    if (v.routed) {
      for (std::size_t row = 0; row <= l; ++row) flood(row, routedInto(v, row), UINT32_MAX);
    }
    if (v.hosts) flood(l, sources, UINT32_MAX);  // from its servers
    for (std::size_t i = 0; i < v.members.size(); ++i) {
      if (v.bridged[i] != 0) flood(v.members[i], in_vlan[v.domain], v.members[i]);  // never back out
    }
  }
}

// ---------------------------------------------------------------------------------------------
// TunnelPlan

namespace {

/// The address part of "10.1.0.32" or "192.168.0.2/32" as a host prefix.
std::optional<IpPrefix> hostAddress(const std::string& text) {
  auto prefix = IpPrefix::parse(text.substr(0, text.find('/')));
  if (!prefix) return std::nullopt;
  prefix->length = prefix->v6 ? 128 : 32;
  return prefix;
}

}  // namespace

TunnelPlan::TunnelPlan(const SwitchGraph& graph, const Destinations& dest) : graph_(graph) {
  const Fabric& fabric = graph.fabric();
  by_group_.resize(dest.groups.size());
  if (std::none_of(fabric.switches.begin(), fabric.switches.end(),
                   [](const Switch& sw) { return !sw.mux_ports.empty(); }))
    return;  // no dual-homed servers: nothing bounces
  std::vector<std::uint32_t> group_of_prefix(dest.prefixes.size(), 0);
  for (std::uint32_t g = 0; g < dest.groups.size(); ++g) {
    for (std::uint32_t p : dest.groups[g].prefixes) group_of_prefix[p] = g;
  }
  // A server's traffic is routed as its longest destination prefix (its VLAN's subnet, usually).
  auto groupOf = [&](const IpPrefix& ip) -> int {
    int best = -1;
    int best_length = -1;
    for (std::size_t p = 0; p < dest.prefixes.size(); ++p) {
      const IpPrefix& prefix = dest.prefixes[p].prefix;
      if (prefix.length > best_length && prefix.contains(ip)) {
        best = static_cast<int>(group_of_prefix[p]);
        best_length = prefix.length;
      }
    }
    return best;
  };
  auto stateOf = [](const MuxPort& m) { return m.state ? m.state->value : MuxPort::State::Auto; };
  std::map<std::string, std::uint32_t> endpoint_of;
  for (std::uint32_t s = 0; s < fabric.switches.size(); ++s) {
    const Switch& sw = fabric.switches[s];
    if (sw.mux_ports.empty()) continue;
    const PeerTunnel* tunnel = nullptr;
    for (const PeerTunnel& t : sw.tunnels) {
      if (t.type && t.type->value == "IPINIP" && tunnel == nullptr) tunnel = &t;
    }
    // The peer: DEVICE_METADATA's peer switch and its address (or the only peer written).
    const PeerSwitch* peer_entry = nullptr;
    for (const PeerSwitch& p : sw.peer_switches) {
      if ((sw.peer_switch && sw.peer_switch->value == p.name) || (!sw.peer_switch && sw.peer_switches.size() == 1))
        peer_entry = &p;
    }
    if (tunnel == nullptr || peer_entry == nullptr || !peer_entry->address_ipv4) continue;
    auto peer_ip = hostAddress(peer_entry->address_ipv4->value);
    if (!peer_ip) continue;
    // The peer is the fabric switch of that name, else the one with that loopback.
    int peer = -1;
    if (auto it = fabric.switch_index.find(peer_entry->name); it != fabric.switch_index.end() && it->second != s)
      peer = static_cast<int>(it->second);
    // Longest originated prefix holding the peer's address: where the tunnel is routed to.
    std::vector<std::uint32_t> origins;
    int origin_length = -1;
    for (std::uint32_t o = 0; o < fabric.switches.size(); ++o) {
      for (const InterfaceAddress& a : fabric.switches[o].addresses) {
        auto prefix = IpPrefix::parse(a.prefix);
        if (!prefix || !prefix->network().contains(*peer_ip)) continue;
        if (peer < 0 && o != s && a.kind == InterfaceAddress::Kind::Loopback) peer = static_cast<int>(o);
        if (prefix->length > origin_length) {
          origins.clear();
          origin_length = prefix->length;
        }
        if (prefix->length == origin_length && std::find(origins.begin(), origins.end(), o) == origins.end())
          origins.push_back(o);
      }
    }
    if (peer < 0) continue;  // the tunnel ends outside the fabric
    if (origins.empty()) origins.push_back(static_cast<std::uint32_t>(peer));
    std::sort(origins.begin(), origins.end());
    const Switch& peer_sw = fabric.switches[static_cast<std::size_t>(peer)];
    Pair pair;
    pair.sw = s;
    pair.peer = static_cast<std::uint32_t>(peer);
    pair.tunnel = tunnel;
    pair.peer_address = peer_entry->address_ipv4->value;
    std::vector<int> groups;
    for (const MuxPort& m : sw.mux_ports) {
      // Standby, or left to the run-time state machine while the peer is not pinned to standby.
      MuxPort::State state = stateOf(m);
      if (state == MuxPort::State::Active) continue;
      if (state != MuxPort::State::Standby) {
        const MuxPort* other = nullptr;
        for (const MuxPort& pm : peer_sw.mux_ports) {
          bool same_server = m.server_ipv4 && pm.server_ipv4 && pm.server_ipv4->value == m.server_ipv4->value;
          if (same_server || (other == nullptr && pm.port == m.port)) other = &pm;
        }
        if (other != nullptr && stateOf(*other) == MuxPort::State::Standby) continue;
      }
      int before = static_cast<int>(groups.size());
      for (const auto* address : {&m.server_ipv4, &m.server_ipv6}) {
        if (!*address) continue;
        auto ip = hostAddress((*address)->value);
        int g = ip ? groupOf(*ip) : -1;
        if (g >= 0 && std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
      }
      if (static_cast<int>(groups.size()) == before && !pair.mux_ports.empty()) continue;
      if (pair.mux_ports.empty()) pair.mux_src = m.src;
      pair.mux_ports += (pair.mux_ports.empty() ? "" : ", ") + m.port;
    }
    if (groups.empty()) continue;
    pair.dscp_of_tc.fill(-1);
    pair.queue_of_tc.fill(-1);
    pair.remap = sw.tunnel_qos_remap && sw.tunnel_qos_remap->value;
    if (pair.remap) {
      if (const QosMap* map =
              tunnel->encap_tc_to_dscp ? sw.findMap(MapKind::TcToDscp, tunnel->encap_tc_to_dscp->name) : nullptr) {
        for (const auto& [tc, dscp] : map->entries) {
          if (tc >= 0 && tc < 8 && dscp.value >= 0 && dscp.value < 64)
            pair.dscp_of_tc[static_cast<std::size_t>(tc)] = static_cast<std::int8_t>(dscp.value);
        }
      }
      if (const QosMap* map =
              tunnel->encap_tc_to_queue ? sw.findMap(MapKind::TcToQueue, tunnel->encap_tc_to_queue->name) : nullptr) {
        for (const auto& [tc, queue] : map->entries) {
          if (tc >= 0 && tc < 8 && queue.value >= 0 && queue.value < 128)
            pair.queue_of_tc[static_cast<std::size_t>(tc)] = static_cast<std::int8_t>(queue.value);
        }
      }
    }
    std::string key = peer_ip->str();
    auto [it, inserted] = endpoint_of.emplace(key, static_cast<std::uint32_t>(endpoints_.groups.size()));
    if (inserted) {
      DestinationGroup g;
      g.origins = origins;
      g.prefixes.push_back(static_cast<std::uint32_t>(endpoints_.prefixes.size()));
      endpoints_.prefixes.push_back({*peer_ip, pair.peer_address, peer_entry->address_ipv4->src, true, {}});
      endpoints_.groups.push_back(std::move(g));
    }
    pair.endpoint = it->second;
    auto index = static_cast<std::uint32_t>(pairs_.size());
    for (int g : groups) by_group_[static_cast<std::size_t>(g)].emplace_back(s, index);
    pairs_.push_back(std::move(pair));
  }
}

int TunnelPlan::bounces(std::size_t group, std::size_t sw) const {
  for (const auto& [s, pair] : by_group_[group]) {
    if (s == sw) return static_cast<int>(pair);
  }
  return -1;
}

void TunnelPlan::addTurns(const std::vector<GroupRoutes>& endpoint_routes, const std::vector<std::uint64_t>& bounced,
                          const std::vector<std::uint64_t>& bounced_host,
                          const std::vector<std::vector<std::uint32_t>>& host_ports_of, Classifier& cls,
                          TurnTable& turns) const {
  std::vector<std::uint64_t> in(graph_.arcCount(), 0);  // outer DSCPs on each arc, per pair
  std::vector<std::uint32_t> touched;
  std::vector<std::uint32_t> work;
  for (std::uint32_t pi = 0; pi < pairs_.size(); ++pi) {
    const Pair& pair = pairs_[pi];
    const GroupRoutes& routes = endpoint_routes[pair.endpoint];
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    const std::pair<const std::uint32_t*, const std::uint32_t*> hops = routes.nextHops(pair.sw);
    const std::uint32_t* nb = hops.first;
    const std::uint32_t* ne = hops.second;
    if (nb == ne || routes.kind[pair.sw] == ForwardKind::Drop || routes.kind[pair.sw] == ForwardKind::Local) continue;
    auto send = [&](std::uint32_t arc, std::uint64_t dscps) {
      if ((in[arc] | dscps) == in[arc]) return;
      if (in[arc] == 0) touched.push_back(arc);
      in[arc] |= dscps;
      work.push_back(static_cast<std::uint32_t>(graph_.arc(arc).to.sw));
    };
    // Encapsulation at the standby switch: the outer DSCP is the encap map's for the packet's TC
    // (with the remap), else the packet's own (uniform and pipe both copy it).
    auto [ob, oe] = graph_.outArcs(pair.sw);
    auto l = static_cast<std::uint32_t>(oe - ob);
    auto encap = [&](std::uint32_t row, const std::vector<std::uint32_t>& in_ports, std::uint64_t dscps) {
      if (dscps == 0) return;
      std::uint64_t outer = 0;
      for (std::uint64_t rest = dscps; rest != 0; rest &= rest - 1) {
        int d = __builtin_ctzll(rest);
        for (std::uint32_t gp : in_ports) {
          std::uint8_t c = cls.code(gp, d);
          std::int8_t to = (c & Classifier::kValid) != 0 ? pair.dscp_of_tc[c & 7] : std::int8_t{-1};
          outer |= std::uint64_t{1} << (to >= 0 ? to : d);
        }
      }
      for (const std::uint32_t* nh = nb; nh != ne; ++nh) {
        turns.addEncap({pair.sw, row, turns.slotOf(*nh), pi, dscps, pair.dscp_of_tc, pair.queue_of_tc});
        send(*nh, outer);
      }
    };
    for (std::uint32_t i = 0; i < l; ++i) {
      std::uint32_t gp = graph_.globalPort(graph_.arc(ob[i]).from);
      encap(i, {gp}, bounced[gp]);
    }
    encap(l, host_ports_of[pair.sw], bounced_host[pair.sw]);
    // Every switch on the way routes the outer packet toward the peer's address, as any packet.
    while (!work.empty()) {
      std::uint32_t s = work.back();
      work.pop_back();
      if (routes.kind[s] == ForwardKind::Drop || routes.kind[s] == ForwardKind::Local) continue;
      auto [sb, se] = graph_.outArcs(s);
      auto [hb, he] = routes.nextHops(s);
      for (const std::uint32_t* it = sb; it != se; ++it) {
        std::uint32_t in_arc = *it ^ 1U;
        if (in[in_arc] == 0) continue;
        std::uint32_t in_gp = graph_.globalPort(graph_.arc(in_arc).to);
        for (const std::uint32_t* nh = hb; nh != he; ++nh) {
          turns.addTunnelTransit(s, static_cast<std::size_t>(it - sb), turns.slotOf(*nh), in[in_arc], pi);
          send(*nh, cls.forward(in_gp, graph_.globalPort(graph_.arc(*nh).from), in[in_arc]));
        }
      }
    }
    for (std::uint32_t arc : touched) in[arc] = 0;
    touched.clear();
  }
}

// ---------------------------------------------------------------------------------------------
// FlowPropagator

FlowPropagator::FlowPropagator(const SwitchGraph& graph, const Destinations& dest, Classifier& classifier,
                               std::uint64_t source_dscps)
    : graph_(graph), dest_(dest), cls_(classifier), source_dscps_(source_dscps) {
  std::size_t n = graph.fabric().switches.size();
  in_.assign(graph.arcCount(), 0);
  queued_.assign(n, 0);
  visited_flag_.assign(n, 0);
  host_ports_of_.resize(n);
  for (std::uint32_t gp : graph.hostPorts()) host_ports_of_[graph.portOf(gp).sw].push_back(gp);
  // No host port is known: traffic of unknown origin enters everywhere (docs/deadlock.md, "Sources").
  virtual_source_ = assumedSources(graph);
  color_.assign(n, 0);
  local_.assign(graph.portCount(), 0);
  local_host_.assign(n, 0);
}

void FlowPropagator::mergeFrom(const FlowPropagator& other) {
  for (std::size_t i = 0; i < local_.size(); ++i) local_[i] |= other.local_[i];
  for (std::size_t i = 0; i < local_host_.size(); ++i) local_host_[i] |= other.local_host_[i];
  for (std::size_t i = 0; i < bounced_.size() && i < other.bounced_.size(); ++i) bounced_[i] |= other.bounced_[i];
  for (std::size_t i = 0; i < bounced_host_.size() && i < other.bounced_host_.size(); ++i)
    bounced_host_[i] |= other.bounced_host_[i];
}

void FlowPropagator::clearLocal() {
  std::fill(local_.begin(), local_.end(), 0);
  std::fill(local_host_.begin(), local_host_.end(), 0);
  std::fill(bounced_.begin(), bounced_.end(), 0);
  std::fill(bounced_host_.begin(), bounced_host_.end(), 0);
}

void FlowPropagator::setTunnelPlan(const TunnelPlan* plan) {
  tunnel_ = plan;
  bounced_.assign(plan != nullptr ? graph_.portCount() : 0, 0);
  bounced_host_.assign(plan != nullptr ? graph_.fabric().switches.size() : 0, 0);
}

bool FlowPropagator::isSource(std::size_t sw) const {
  return !host_ports_of_[sw].empty() || (!virtual_source_.empty() && virtual_source_[sw] != 0);
}

void FlowPropagator::push(std::size_t sw, const GroupRoutes& routes) {
  if (queued_[sw]) return;
  queued_[sw] = 1;
  std::size_t level = routes.distance[sw] == GroupRoutes::kNoRoute
                          ? buckets_.size() - 1
                          : std::min<std::size_t>(routes.distance[sw], buckets_.size() - 2);
  buckets_[level].push_back(static_cast<std::uint32_t>(sw));
  top_ = std::max(top_, level);
  if (!visited_flag_[sw]) {
    visited_flag_[sw] = 1;
    visited_.push_back(static_cast<std::uint32_t>(sw));
  }
}

void FlowPropagator::run(std::size_t group, const GroupRoutes& routes, TurnTable& turns, LoopSink* loops) {
  std::size_t max_distance = 0;
  for (std::uint16_t d : routes.distance) {
    if (d != GroupRoutes::kNoRoute) max_distance = std::max<std::size_t>(max_distance, d);
  }
  buckets_.assign(max_distance + 3, {});
  top_ = 0;
  group_ = group;
  std::size_t n = routes.kind.size();
  for (std::size_t s = 0; s < n; ++s) {
    if (isSource(s)) push(s, routes);
  }
  // Highest distance first: with learned routes every switch is processed once.
  while (true) {
    while (top_ > 0 && buckets_[top_].empty()) --top_;
    if (buckets_[top_].empty()) break;
    std::uint32_t s = buckets_[top_].back();
    buckets_[top_].pop_back();
    queued_[s] = 0;
    forward(s, routes);
  }
  // Turns of this group, one signature per switch that forwards traffic.
  const DestinationGroup& g = dest_.groups[group];
  for (std::uint32_t s : visited_) {
    ForwardKind kind = routes.kind[s];
    auto [nb, ne] = routes.nextHops(s);
    if (nb == ne || kind == ForwardKind::Drop || kind == ForwardKind::Local) continue;
    words_.clear();
    words_.push_back(static_cast<std::uint64_t>(kind));
    words_.push_back(0);
    auto [ob, oe] = graph_.outArcs(s);
    std::uint64_t n_in = 0;
    for (const std::uint32_t* it = ob; it != oe; ++it) {
      std::uint64_t dscps = in_[*it ^ 1U];
      if (dscps == 0) continue;
      words_.push_back(static_cast<std::uint64_t>(it - ob));
      words_.push_back(dscps);
      ++n_in;
    }
    if (isSource(s) && !host_ports_of_[s].empty()) {
      words_.push_back(static_cast<std::uint64_t>(oe - ob));  // the host row
      words_.push_back(source_dscps_);
      ++n_in;
    }
    if (n_in == 0) continue;
    words_[1] = n_in;
    words_.push_back(static_cast<std::uint64_t>(ne - nb));
    for (const std::uint32_t* it = nb; it != ne; ++it) words_.push_back(turns.slotOf(*it));
    turns.addSignature(s, words_, static_cast<std::uint32_t>(group), static_cast<std::uint32_t>(g.prefixes.size()));
  }
  // Learned routes strictly descend in distance, so only static routes and transient repair
  // can loop: skip the search when the group has neither.
  if (loops != nullptr && (!dest_.groups[group].overrides.empty() || routes.may_loop)) findLoops(group, routes, *loops);
  // Reset the scratch state touched by this group.
  for (std::uint32_t s : visited_) {
    visited_flag_[s] = 0;
    auto [ob, oe] = graph_.outArcs(s);
    for (const std::uint32_t* it = ob; it != oe; ++it) in_[*it] = 0;
  }
  visited_.clear();
}

void FlowPropagator::forward(std::size_t s, const GroupRoutes& routes) {
  ForwardKind kind = routes.kind[s];
  if (kind == ForwardKind::Drop) return;
  auto [ob, oe] = graph_.outArcs(s);
  bool has_exit = routes.exit_begin[s + 1] > routes.exit_begin[s];
  if (kind == ForwardKind::Local || has_exit) {
    // Delivered to hosts here: remember which ingress queues feed host ports (blast radius).
    for (const std::uint32_t* it = ob; it != oe; ++it) {
      std::uint32_t in_arc = *it ^ 1U;
      if (in_[in_arc] != 0) local_[graph_.globalPort(graph_.arc(in_arc).to)] |= in_[in_arc];
    }
    if (isSource(s)) local_host_[s] |= source_dscps_;
  }
  // The standby side of a dual-ToR pair tunnels its standby servers' traffic to the peer.
  if (kind == ForwardKind::Local && tunnel_ != nullptr && tunnel_->bounces(group_, s) >= 0) {
    for (const std::uint32_t* it = ob; it != oe; ++it) {
      std::uint32_t in_arc = *it ^ 1U;
      if (in_[in_arc] != 0) bounced_[graph_.globalPort(graph_.arc(in_arc).to)] |= in_[in_arc];
    }
    if (!host_ports_of_[s].empty()) bounced_host_[s] |= source_dscps_;
  }
  if (kind == ForwardKind::Local) return;
  auto [nb, ne] = routes.nextHops(s);
  // Everything that arrives here, once (the usual case: no egress rewrite on the next hop).
  std::uint64_t arriving = isSource(s) ? source_dscps_ : 0;
  for (const std::uint32_t* it = ob; it != oe; ++it) arriving |= in_[*it ^ 1U];
  for (const std::uint32_t* nh = nb; nh != ne; ++nh) {
    const Arc& out = graph_.arc(*nh);
    std::uint32_t out_gp = graph_.globalPort(out.from);
    std::uint64_t add = 0;
    if (!cls_.remarks(out_gp)) {
      add = arriving;
    } else {
      for (const std::uint32_t* it = ob; it != oe; ++it) {
        std::uint32_t in_arc = *it ^ 1U;
        if (in_[in_arc] != 0) add |= cls_.forward(graph_.globalPort(graph_.arc(in_arc).to), out_gp, in_[in_arc]);
      }
      if (isSource(s)) {
        if (host_ports_of_[s].empty()) add |= source_dscps_;
        for (std::uint32_t hp : host_ports_of_[s]) add |= cls_.forward(hp, out_gp, source_dscps_);
      }
    }
    std::uint64_t& cur = in_[*nh];
    if ((cur | add) != cur) {
      cur |= add;
      push(out.to.sw, routes);
    }
  }
}

void FlowPropagator::findLoops(std::size_t group, const GroupRoutes& routes, LoopSink& sink) {
  // Iterative DFS over switches along arcs that carry traffic; a back edge closes a loop.
  for (std::uint32_t root : visited_) {
    if (color_[root] != 0) continue;
    stack_.clear();
    stack_.push_back({root, routes.nh_begin[root]});
    color_[root] = 1;
    while (!stack_.empty()) {
      auto& [s, next] = stack_.back();
      if (next == routes.nh_begin[s + 1] || routes.kind[s] == ForwardKind::Local) {
        color_[s] = 2;
        stack_.pop_back();
        continue;
      }
      std::uint32_t arc = routes.nh[next++];
      if (in_[arc] == 0) continue;
      std::uint32_t t = static_cast<std::uint32_t>(graph_.arc(arc).to.sw);
      if (color_[t] == 0) {
        color_[t] = 1;
        stack_.push_back({t, routes.nh_begin[t]});
      } else if (color_[t] == 1) {
        std::vector<std::uint32_t> cycle;
        std::size_t start = stack_.size();
        while (start > 0 && stack_[start - 1].first != t) --start;
        for (std::size_t i = start - 1; i < stack_.size(); ++i) cycle.push_back(routes.nh[stack_[i].second - 1]);
        sink(group, cycle, in_);
      }
    }
  }
  for (std::uint32_t s : visited_) color_[s] = 0;
}

// ---------------------------------------------------------------------------------------------
// BDG construction and strongly-connected components

void buildBdg(const SwitchGraph& graph, const TurnTable& turns, Classifier& cls,
              const std::vector<std::vector<std::uint32_t>>& host_ports_of, BufferDependencyGraph& out) {
  // Every dependency of a switch starts at one of its own ingress queues, and a switch's queues
  // are a contiguous key range: the CSR is filled switch by switch (that switch's edges stable-
  // sorted by source, the order Boost's unsorted multi-pass construction gave), so the fabric-wide
  // edge list never exists (it was 2 x 8 bytes per edge at its peak).
  std::size_t key_count = static_cast<std::size_t>(graph.portCount()) * 8;
  std::vector<std::uint32_t> degree(key_count, 0);  // out-edges per key; later the compact index
  std::vector<std::uint8_t> used(key_count, 0);     // key takes part in a dependency
  std::vector<std::uint32_t> targets;               // target keys, grouped by source key
  std::vector<std::pair<std::uint32_t, std::uint32_t>> local;
  std::size_t n = graph.fabric().switches.size();
  // Dual-ToR encapsulating turns, by switch (docs/deadlock.md, "Dual-ToR tunnels").
  const auto& encap = turns.encapTurns();
  std::vector<std::size_t> encap_order(encap.size());
  std::iota(encap_order.begin(), encap_order.end(), std::size_t{0});
  std::stable_sort(encap_order.begin(), encap_order.end(),
                   [&](std::size_t a, std::size_t b) { return encap[a].sw < encap[b].sw; });
  std::size_t next_encap = 0;
  for (std::size_t s = 0; s < n; ++s) {
    local.clear();
    std::size_t l = turns.linkPorts(s);
    auto [ob, oe] = graph.outArcs(s);
    for (std::size_t row = 0; row <= l; ++row) {
      for (std::size_t col = 0; col < l; ++col) {
        std::uint64_t dscps = turns.cell(s, row, col);
        if (dscps == 0) continue;
        const Arc& out_arc = graph.arc(ob[col]);
        std::uint32_t out_gp = graph.globalPort(out_arc.from);
        std::uint32_t next_gp = graph.globalPort(out_arc.to);
        const auto* remark = cls.rewrite(out_gp);
        auto addFrom = [&](std::uint32_t in_gp) {
          std::uint64_t pairs_seen = 0;
          for (std::uint64_t rest = dscps; rest != 0; rest &= rest - 1) {
            int d = __builtin_ctzll(rest);
            std::uint8_t c = cls.code(in_gp, d);
            if ((c & Classifier::kLossless) == 0) continue;
            int tc = c & 7;
            int d2 = d;
            if (remark != nullptr && (*remark)[static_cast<std::size_t>(tc)] >= 0)
              d2 = (*remark)[static_cast<std::size_t>(tc)];
            std::uint8_t c2 = cls.code(next_gp, d2);
            if ((c2 & Classifier::kLossless) == 0) continue;
            int tc2 = c2 & 7;
            // The next switch pauses tc2 toward this egress port: a port that ignores those pauses
            // keeps sending (a lossy hop, PFC001), so its full queue does not back up to the ingress.
            if (!cls.honours(out_gp, tc2)) continue;
            // The packet waits in the egress queue of its own TC here; only if the pause for tc2
            // stops that queue does it back up (a remark without the matching queue map is a
            // lossy hop for the remarked class, MAP006).
            if (!cls.pauseStops(out_gp, tc2, tc)) continue;
            std::uint64_t bit = std::uint64_t{1} << (tc * 8 + tc2);
            if ((pairs_seen & bit) != 0) continue;
            pairs_seen |= bit;
            local.emplace_back(bdgKey(in_gp, tc), bdgKey(next_gp, tc2));
          }
        };
        if (row < l) {
          addFrom(graph.globalPort(graph.arc(ob[row]).from));  // the in-arc enters through this port
        } else {
          for (std::uint32_t hp : host_ports_of[s]) addFrom(hp);
        }
        (void)oe;
      }
    }
    for (; next_encap < encap_order.size() && encap[encap_order[next_encap]].sw == s; ++next_encap) {
      const TurnTable::EncapTurn& t = encap[encap_order[next_encap]];
      const Arc& out_arc = graph.arc(ob[t.col]);
      std::uint32_t out_gp = graph.globalPort(out_arc.from);
      std::uint32_t next_gp = graph.globalPort(out_arc.to);
      auto addFrom = [&](std::uint32_t in_gp) {
        std::uint64_t pairs_seen = 0;
        for (std::uint64_t rest = t.dscps; rest != 0; rest &= rest - 1) {
          int d = __builtin_ctzll(rest);
          std::uint8_t c = cls.code(in_gp, d);
          if ((c & Classifier::kLossless) == 0) continue;
          int tc = c & 7;
          std::int8_t outer = t.dscp_of_tc[static_cast<std::size_t>(tc)];
          std::uint8_t c2 = cls.code(next_gp, outer >= 0 ? outer : d);
          if ((c2 & Classifier::kLossless) == 0) continue;
          int tc2 = c2 & 7;
          if (!cls.honours(out_gp, tc2)) continue;
          // The encapsulated packet waits in the tunnel's queue for its TC (with the remap), else in
          // the port's: it backs up only if the next hop's pause for tc2 stops that queue.
          std::int8_t queue = t.queue_of_tc[static_cast<std::size_t>(tc)];
          if (queue >= 0 ? cls.pausedQueue(out_gp, tc2) != queue : !cls.pauseStops(out_gp, tc2, tc)) continue;
          std::uint64_t bit = std::uint64_t{1} << (tc * 8 + tc2);
          if ((pairs_seen & bit) != 0) continue;
          pairs_seen |= bit;
          local.emplace_back(bdgKey(in_gp, tc), bdgKey(next_gp, tc2));
        }
      };
      if (t.row < turns.linkPorts(s)) {
        addFrom(graph.globalPort(graph.arc(ob[t.row]).from));
      } else {
        for (std::uint32_t hp : host_ports_of[s]) addFrom(hp);
      }
    }
    std::stable_sort(local.begin(), local.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [a, b] : local) {
      ++degree[a];
      used[a] = 1;
      used[b] = 1;
      targets.push_back(b);
    }
  }
  if (targets.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("buffer-dependency graph: more than 2^32 dependencies");
  }
  // Compact node ids: only queues that take part in a dependency, in key order.
  std::vector<BdgKey> keys;
  std::vector<std::uint32_t> row_start;
  std::uint32_t edge = 0;
  for (std::size_t k = 0; k < key_count; ++k) {
    if (used[k] == 0) continue;
    row_start.push_back(edge);
    edge += degree[k];
    degree[k] = static_cast<std::uint32_t>(keys.size());
    keys.push_back(static_cast<BdgKey>(k));
  }
  row_start.push_back(edge);
  for (std::uint32_t& t : targets) t = degree[t];
  out.keys = std::move(keys);
  out.row_start = std::move(row_start);
  out.targets = std::move(targets);
}

void strongComponents(BufferDependencyGraph& bdg) {
  bdg.component.assign(bdg.keys.size(), 0);
  if (bdg.keys.empty()) {
    bdg.component_size.clear();
    return;
  }
  // Boost's SCC runs on the graph's own arrays, lent to a Boost CSR and given back.
  Csr csr;
  csr.m_forward.m_rowstart = std::move(bdg.row_start);
  csr.m_forward.m_column = std::move(bdg.targets);
  auto count = boost::strong_components(
      csr, boost::make_iterator_property_map(bdg.component.begin(), boost::get(boost::vertex_index, csr)));
  bdg.row_start = std::move(csr.m_forward.m_rowstart);
  bdg.targets = std::move(csr.m_forward.m_column);
  bdg.component_size.assign(static_cast<std::size_t>(count), 0);
  for (int c : bdg.component) ++bdg.component_size[static_cast<std::size_t>(c)];
}

namespace {

/// Shortest cycle through `start` inside its component (BFS), or empty.
std::vector<std::size_t> shortestCycleThrough(const BufferDependencyGraph& bdg, std::size_t start,
                                              std::vector<long>& parent, std::size_t limit) {
  auto c = bdg.component[start];
  std::vector<std::size_t> queue{start};
  std::vector<std::size_t> depth{0};
  parent[start] = static_cast<long>(start);
  long closing = -1;
  for (std::size_t head = 0; head < queue.size() && closing < 0; ++head) {
    std::size_t u = queue[head];
    if (depth[head] + 1 >= limit) break;  // cannot beat the best cycle found so far
    for (std::size_t v : bdg.successors(u)) {
      if (bdg.component[v] != c) continue;
      if (v == start) {
        closing = static_cast<long>(u);
        break;
      }
      if (parent[v] >= 0) continue;
      parent[v] = static_cast<long>(u);
      queue.push_back(v);
      depth.push_back(depth[head] + 1);
    }
  }
  std::vector<std::size_t> cycle;
  if (closing >= 0) {
    for (auto v = static_cast<std::size_t>(closing); v != start; v = static_cast<std::size_t>(parent[v]))
      cycle.push_back(v);
    cycle.push_back(start);
    std::reverse(cycle.begin(), cycle.end());
  }
  for (std::size_t v : queue) parent[v] = -1;
  return cycle;
}

}  // namespace

std::vector<std::vector<std::size_t>> witnessCycles(const BufferDependencyGraph& bdg) {
  // Per component, the shortest cycle through any of its first kWitnessStarts queues (queue
  // order, the first on ties): short, deterministic, and linear in the component's size.
  constexpr std::size_t kWitnessStarts = 32;
  std::vector<std::vector<std::size_t>> cycles;
  std::size_t n = bdg.keys.size();
  std::vector<long> parent(n, -1);
  std::vector<std::vector<std::size_t>> best(bdg.component_size.size());
  std::vector<std::size_t> tried(bdg.component_size.size(), 0);
  std::vector<std::size_t> order;
  for (std::size_t v = 0; v < n; ++v) {
    auto c = static_cast<std::size_t>(bdg.component[v]);
    if (bdg.component_size[c] < 2 || tried[c] >= kWitnessStarts) continue;
    if (tried[c]++ == 0) order.push_back(c);
    if (!best[c].empty() && best[c].size() <= 2) continue;
    std::size_t limit = best[c].empty() ? n + 1 : best[c].size();
    auto cycle = shortestCycleThrough(bdg, v, parent, limit);
    if (!cycle.empty() && (best[c].empty() || cycle.size() < best[c].size())) best[c] = std::move(cycle);
  }
  for (std::size_t c : order) cycles.push_back(std::move(best[c]));
  return cycles;
}

}  // namespace rocelint::detail
