// The deadlock analysis: routing of every destination group, the BDG, its SCCs and witnesses,
// forwarding loops, the link-failure sweep and the PFC storm blast radius.

#include "rocelint/deadlock.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>

#include "bdg_engine.hpp"
#include "parallel.hpp"
#include "rocelint/fix_action.hpp"
#include "rocelint/qos.hpp"

namespace rocelint {
namespace {

using detail::Classifier;
using detail::FlowPropagator;
using detail::TurnTable;

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::uint64_t sourceMask(const RuleParams& params) {
  std::uint64_t mask = 0;
  for (int d : params.roce_dscps) {
    if (d >= 0 && d < 64) mask |= std::uint64_t{1} << d;
  }
  return mask;
}

/// One routing state's worth of scratch: router, classification, turns, propagation.
class Engine {
 public:
  /// With `shared`, turns go into that table (one per analysis, shared by the routing threads).
  /// With `flood`, the turns of L2 flooding are added to the routed ones (docs/deadlock.md).
  /// With `tunnel`, the standby sides of dual-ToR pairs bounce their standby servers' traffic.
  Engine(const SwitchGraph& graph, const Destinations& dest, std::uint64_t sources, const detail::FloodPlan* flood,
         const detail::TunnelPlan* tunnel, TurnTable* shared = nullptr)
      : graph_(graph),
        dest_(dest),
        flood_(flood),
        tunnel_(tunnel),
        sources_(sources),
        router_(graph, dest),
        cls_(graph),
        own_turns_(shared != nullptr ? nullptr : std::make_unique<TurnTable>(graph)),
        turns_(shared != nullptr ? *shared : *own_turns_),
        prop_(graph, dest, cls_, sources) {
    if (tunnel_ != nullptr) {
      prop_.setTunnelPlan(tunnel_);
      tunnel_router_.emplace(graph, tunnel_->endpoints());
      tunnel_routes_.resize(tunnel_->endpoints().groups.size());
    }
    for (std::size_t s = 0; s < prop_.hostPortsOf().size(); ++s) {
      if (!prop_.hostPortsOf()[s].empty() || graph.hostPorts().empty()) source_switches_.push_back(s);
    }
  }

  /// Routes every group with `down` links failed and records the turns.
  void route(const LinkState& down, bool transient, detail::LoopSink* loops) {
    std::atomic<std::size_t> next{0};
    turns_.clear();
    reachable_ = 0;
    routeShare(down, transient, loops, next);
    addFloodTurns();
    addTunnelTurns(down, transient);
  }
  /// Adds the dual-ToR bounces of the traffic routed so far (after every group): routes toward
  /// each peer's address in the same routing state, then the tunnel plan's turns.
  void addTunnelTurns(const LinkState& down, bool transient) {
    if (tunnel_ == nullptr) return;
    LinkState all_up(graph_.arcCount());
    for (std::size_t e = 0; e < tunnel_routes_.size(); ++e) {
      if (transient) {
        tunnel_router_->steady(e, all_up, before_);
        tunnel_router_->transient(e, before_, down, tunnel_routes_[e]);
      } else {
        tunnel_router_->steady(e, down, tunnel_routes_[e]);
      }
    }
    tunnel_->addTurns(tunnel_routes_, prop_.bounced(), prop_.bouncedHost(), prop_.hostPortsOf(), cls_, turns_);
    // A standby side that can still reach its peer counts as a route: a change that cuts the
    // tunnel off (and so the bounce) loses the standby servers' traffic, it does not fix anything.
    for (const auto& pair : tunnel_->pairs())
      reachable_ += tunnel_routes_[pair.endpoint].kind[pair.sw] != ForwardKind::Drop;
  }
  /// Adds the flood turns that the routed traffic recorded so far makes (after every group).
  void addFloodTurns() {
    if (flood_ != nullptr) flood_->addTurns(prop_.localDeliveries(), prop_.localHostDeliveries(), sources_, turns_);
  }
  /// Routes the groups this engine takes from `next` (shared with other engines' threads).
  void routeShare(const LinkState& down, bool transient, detail::LoopSink* loops, std::atomic<std::size_t>& next) {
    LinkState all_up(graph_.arcCount());
    for (std::size_t g = next.fetch_add(1); g < dest_.groups.size(); g = next.fetch_add(1)) {
      if (transient) {
        router_.steady(g, all_up, before_);
        router_.transient(g, before_, down, routes_);
      } else {
        router_.steady(g, down, routes_);
      }
      if (dest_.groups[g].hosts) {
        for (std::size_t src : source_switches_) reachable_ += routes_.kind[src] != ForwardKind::Drop ? 1 : 0;
      }
      prop_.run(g, routes_, turns_, loops);
    }
  }
  /// (source switch, destination group) pairs with a route, from the last route().
  [[nodiscard]] std::size_t reachable() const { return reachable_; }
  /// Adds what another engine routed (other groups, same shared turn table) to this one.
  void mergeFrom(const Engine& other) {
    prop_.mergeFrom(other.prop_);
    reachable_ += other.reachable_;
  }
  void graph(BufferDependencyGraph& bdg) {
    detail::buildBdg(graph_, turns_, cls_, prop_.hostPortsOf(), bdg);
    detail::strongComponents(bdg);
  }
  [[nodiscard]] const TurnTable& turns() const { return turns_; }
  Classifier& classifier() { return cls_; }
  [[nodiscard]] const FlowPropagator& propagator() const { return prop_; }

 private:
  const SwitchGraph& graph_;
  const Destinations& dest_;
  const detail::FloodPlan* flood_;
  const detail::TunnelPlan* tunnel_;
  std::uint64_t sources_;
  Router router_;
  std::optional<Router> tunnel_router_;
  std::vector<GroupRoutes> tunnel_routes_;
  Classifier cls_;
  std::unique_ptr<TurnTable> own_turns_;
  TurnTable& turns_;
  FlowPropagator prop_;
  GroupRoutes before_;
  GroupRoutes routes_;
  std::vector<std::size_t> source_switches_;
  std::size_t reachable_ = 0;
};

std::string prefixExamples(const Destinations& dest, std::uint32_t group, std::size_t max,
                           std::vector<std::string>* list) {
  const auto& prefixes = dest.groups[group].prefixes;
  std::string text;
  for (std::size_t i = 0; i < prefixes.size() && i < max; ++i) {
    const std::string& p = dest.prefixes[prefixes[i]].text;
    if (list) list->push_back(p);
    text += (text.empty() ? "" : ", ") + p;
  }
  return text;
}

/// Turns a witness (node indices) into hops with their provenance.
CyclicDependency describeCycle(const Fabric& fabric, const SwitchGraph& graph, const Destinations& dest,
                               const BufferDependencyGraph& bdg, const TurnTable& turns, Classifier& cls,
                               const detail::TunnelPlan* tunnel, const std::vector<std::size_t>& nodes) {
  CyclicDependency cycle;
  auto c = static_cast<std::size_t>(bdg.component[nodes.front()]);
  cycle.scc_nodes = bdg.component_size[c];
  std::set<std::size_t> switches;
  for (std::size_t v = 0; v < bdg.keys.size(); ++v) {
    if (static_cast<std::size_t>(bdg.component[v]) == c) switches.insert(graph.portOf(bdg.keys[v] / 8).sw);
  }
  cycle.scc_switches = switches.size();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    std::size_t u = nodes[i];
    std::size_t v = nodes[(i + 1) % nodes.size()];
    // The edge u -> v is the turn at u's switch from u's port to the link that enters v's port.
    std::uint32_t in_port = bdg.keys[u] / 8;
    std::uint32_t out_port = graph.globalPort(graph.arc(graph.arcOfPort(bdg.keys[v] / 8)).to);
    CycleHop hop;
    hop.ingress = graph.portOf(in_port);
    hop.priority = static_cast<int>(bdg.keys[u] % 8);
    hop.egress = graph.portOf(out_port);
    hop.next_priority = static_cast<int>(bdg.keys[v] % 8);
    std::size_t s = hop.ingress.sw;
    std::uint32_t in_arc = graph.arcOfPort(in_port);
    std::size_t row = in_arc == SwitchGraph::kNoArc ? turns.linkPorts(s) : turns.slotOf(in_arc);
    std::size_t col = turns.slotOf(graph.arcOfPort(out_port));
    TurnRecord record = turns.record(s, row, col);
    hop.destinations = record.destinations;
    hop.kind = record.kind;
    prefixExamples(dest, record.example_group, 2, &hop.example_prefixes);
    const Switch& sw = fabric.switches[s];
    const Port& out = sw.ports[hop.egress.port];
    const auto* remark = cls.rewrite(out_port);
    const DestinationGroup& g = dest.groups[record.example_group];
    // A turn no route takes is made by flooding (docs/deadlock.md, "L2 flooding").
    std::uint16_t vid = record.destinations == 0 ? turns.floodVlan(s, row, col) : 0;
    // A turn of a dual-ToR bounce (docs/deadlock.md, "Dual-ToR tunnels"): the encapsulation at the
    // standby side, or the tunnelled packet routed on toward the peer where no route of its own goes.
    int pair_index = tunnel != nullptr ? turns.tunnelPair(s, row, col) : -1;
    const detail::TunnelPlan::Pair* pair =
        pair_index >= 0 ? &tunnel->pairs()[static_cast<std::size_t>(pair_index)] : nullptr;
    bool encap = pair != nullptr && pair->sw == s;
    if (pair != nullptr && (encap || record.destinations == 0) && vid == 0) {
      const Switch& standby = fabric.switches[pair->sw];
      const Switch& peer = fabric.switches[pair->peer];
      hop.kind = ForwardKind::Tunnel;
      hop.tunnel = pair->tunnel->name;
      hop.mux_ports = pair->mux_ports;
      hop.example_prefixes.clear();
      if (encap) {
        hop.src = pair->tunnel->src;
        hop.why = fmt::format(
            "{} is the standby side of {} and tunnels that server traffic to its peer {} ({} to {}) out of {}, {}",
            sw.name, pair->mux_ports, peer.name, pair->tunnel->name, pair->peer_address, portOrLagName(sw, out),
            pair->remap
                ? fmt::format("its encap maps moving priority {} to priority {}", hop.priority, hop.next_priority)
                : fmt::format("the encapsulated packet keeping priority {} (tunnel QoS remap not enabled)",
                              hop.priority));
      } else {
        hop.src = out.neighbor ? out.neighbor->src : out.src;
        hop.why = fmt::format("{} routes {}'s {} traffic on toward {} ({}) out of {}", sw.name, standby.name,
                              pair->tunnel->name, peer.name, pair->peer_address, portOrLagName(sw, out));
      }
      cycle.hops.push_back(std::move(hop));
      continue;
    }
    if (vid != 0) {
      hop.kind = ForwardKind::Flood;
      hop.vlan = fmt::format("Vlan{}", vid);
      hop.example_prefixes.clear();
      hop.src = out.trunk_vlans ? out.trunk_vlans->src : out.access_vlan_src;
      const Port& in = sw.ports[hop.ingress.port];
      hop.why = fmt::format(
          "{} floods lossless unknown unicast (a MAC-table miss, e.g. an aged-out entry whose ARP entry is still "
          "there) from {} out of {}, which carries {}",
          sw.name, in_arc == SwitchGraph::kNoArc ? std::string("its servers") : portOrLagName(sw, in),
          portOrLagName(sw, out), hop.vlan);
    } else if (remark != nullptr && (*remark)[static_cast<std::size_t>(hop.priority)] >= 0 &&
               out.qos.map(MapKind::TcToDscp)) {
      hop.src = out.qos.map(MapKind::TcToDscp)->src;
      hop.why =
          fmt::format("{} rewrites TC {} to DSCP {} leaving {}", out.qos.map(MapKind::TcToDscp)->name, hop.priority,
                      static_cast<int>((*remark)[static_cast<std::size_t>(hop.priority)]), out.name);
    } else if (record.kind == ForwardKind::Installed) {
      for (const auto& [x, idx] : g.installed) {
        if (x != s) continue;
        const InstalledNextHops& hops = dest.installed[idx];
        if (hops.route == nullptr) continue;
        hop.src = hops.route->src;
        hop.why = fmt::format("installed route {} on {} (its route table, not the configuration) leaves by {}",
                              hops.route->prefix, sw.name, portOrLagName(sw, out));
      }
    } else if (record.kind == ForwardKind::Static) {
      for (std::size_t k = 0; k < g.overrides.size(); ++k) {
        if (g.overrides[k].first != s) continue;
        const StaticRoute* route = dest.statics[g.static_route[k]].route;
        hop.src = route->src;
        hop.why = fmt::format("static route {} on {} leaves by {}", route->prefix, sw.name, portOrLagName(sw, out));
      }
    }
    if (hop.why.empty()) {
      hop.src = out.neighbor ? out.neighbor->src : out.src;
      hop.why = fmt::format("{} route toward {} leaves by {}", sw.asn ? "BGP" : "shortest-path",
                            hop.example_prefixes.empty() ? std::string("?") : hop.example_prefixes.front(),
                            portOrLagName(sw, out));
    }
    cycle.hops.push_back(std::move(hop));
  }
  for (std::size_t i = 1; i < cycle.hops.size(); ++i) {
    if (cycle.hops[i].destinations < cycle.hops[cycle.weakest_hop].destinations) cycle.weakest_hop = i;
  }
  return cycle;
}

/// Loops keyed by their arcs (rotated to start at the smallest), with the prefixes they catch.
class LoopCollector {
 public:
  LoopCollector(const SwitchGraph& graph, const Destinations& dest) : graph_(graph), dest_(dest) {}

  /// Called from every routing thread; its own classifier is used under the lock.
  void add(std::size_t group, const std::vector<std::uint32_t>& arcs, const std::vector<std::uint64_t>& dscps) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!cls_) cls_ = std::make_unique<Classifier>(graph_);  // most fabrics never loop
    int priority = -1;
    for (std::uint32_t a : arcs) {
      std::uint32_t gp = graph_.globalPort(graph_.arc(a).to);
      for (std::uint64_t rest = dscps[a]; rest != 0 && priority < 0; rest &= rest - 1) {
        std::uint8_t c = cls_->code(gp, __builtin_ctzll(rest));
        if ((c & Classifier::kLossless) != 0) priority = c & 7;
      }
      if (priority >= 0) break;
    }
    if (priority < 0) return;  // only lossy traffic loops: not a PFC matter
    auto smallest = std::min_element(arcs.begin(), arcs.end());
    std::vector<std::uint32_t> key(smallest, arcs.end());
    key.insert(key.end(), arcs.begin(), smallest);
    auto [it, inserted] = loops_.emplace(key, Entry{group, priority, 0});
    if (!inserted && group < it->second.group) it->second = Entry{group, priority, it->second.prefixes};
    it->second.prefixes += dest_.groups[group].prefixes.size();
  }

  std::vector<ForwardingLoop> finish(const Fabric& fabric) const {
    std::vector<ForwardingLoop> out;
    for (const auto& [arcs, entry] : loops_) {
      ForwardingLoop loop;
      for (std::uint32_t a : arcs) loop.egress.push_back(graph_.arc(a).from);
      loop.example_prefix = prefixExamples(dest_, static_cast<std::uint32_t>(entry.group), 1, nullptr);
      loop.prefixes = entry.prefixes;
      loop.priority = entry.priority;
      // Blame an installed route on the loop if there is one (what the switch does), then a static
      // route (the usual cause), else the first hop.
      const DestinationGroup& g = dest_.groups[entry.group];
      auto installedSrc = [&](std::size_t sw) -> const InstalledRoute* {
        for (const auto& [x, idx] : g.installed) {
          const InstalledNextHops& hops = dest_.installed[idx];
          if (x == sw && hops.route != nullptr && !hops.arcs.empty()) return hops.route;
        }
        return nullptr;
      };
      for (const PortRef& p : loop.egress) {
        if (const InstalledRoute* route = installedSrc(p.sw); route != nullptr && !loop.src.known()) {
          loop.src = route->src;
          loop.installed_route = true;
        }
      }
      for (std::size_t k = 0; k < g.overrides.size() && !loop.src.known(); ++k) {
        for (const PortRef& p : loop.egress) {
          if (g.overrides[k].first == p.sw) {
            loop.src = dest_.statics[g.static_route[k]].route->src;
            loop.static_route = true;
            break;
          }
        }
      }
      if (!loop.src.known()) {
        const Port& first = fabric.port(loop.egress.front());
        loop.src = first.neighbor ? first.neighbor->src : first.src;
      }
      for (const PortRef& p : loop.egress) {
        const Port& port = fabric.port(p);
        SourceRef where = port.neighbor ? port.neighbor->src : port.src;
        for (std::size_t k = 0; k < g.overrides.size(); ++k) {
          if (g.overrides[k].first == p.sw) where = dest_.statics[g.static_route[k]].route->src;
        }
        if (const InstalledRoute* route = installedSrc(p.sw)) where = route->src;
        loop.hop_src.push_back(where);
      }
      out.push_back(std::move(loop));
    }
    return out;
  }

 private:
  struct Entry {
    std::size_t group = 0;
    int priority = 0;
    std::size_t prefixes = 0;
  };
  const SwitchGraph& graph_;
  const Destinations& dest_;
  std::unique_ptr<Classifier> cls_;
  std::mutex mu_;
  std::map<std::vector<std::uint32_t>, Entry> loops_;
};

std::size_t cyclicComponents(const BufferDependencyGraph& bdg) {
  return static_cast<std::size_t>(
      std::count_if(bdg.component_size.begin(), bdg.component_size.end(), [](std::uint32_t n) { return n >= 2; }));
}

/// Reverse reachability in batches of 64 sources over the SCC condensation (Tarjan numbers
/// components sinks-first, so increasing component id is a valid order).
void blastRadius(const SwitchGraph& graph, const BufferDependencyGraph& bdg, Classifier& cls,
                 const FlowPropagator& prop, DeadlockAnalysis& out) {
  std::size_t n = bdg.keys.size();
  if (n == 0) return;
  const auto& local = prop.localDeliveries();
  const auto& local_host = prop.localHostDeliveries();
  // Sources: per (switch with host ports, lossless priority of a host port): the queues that
  // feed that switch's host-facing egress queues of the priority.
  struct Source {
    std::size_t sw;
    int priority;
    PortRef port;
    std::vector<std::size_t> feeders;
  };
  std::vector<Source> sources;
  std::vector<std::vector<std::size_t>> nodes_of_switch(graph.fabric().switches.size());
  for (std::size_t v = 0; v < n; ++v) nodes_of_switch[graph.portOf(bdg.keys[v] / 8).sw].push_back(v);
  const auto& host_ports_of = prop.hostPortsOf();
  for (std::size_t s = 0; s < host_ports_of.size(); ++s) {
    if (host_ports_of[s].empty()) continue;
    for (int p = 0; p < 8; ++p) {
      Source src{s, p, {}, {}};
      bool lossless_host = false;
      for (std::uint32_t hp : host_ports_of[s]) {
        for (int d = 0; d < 64 && !lossless_host; ++d) {
          std::uint8_t c = cls.code(hp, d);
          if ((c & Classifier::kLossless) != 0 && (c & 7) == p) {
            lossless_host = true;
            src.port = graph.portOf(hp);
          }
        }
      }
      if (!lossless_host) continue;
      for (std::size_t v : nodes_of_switch[s]) {
        std::uint32_t gp = bdg.keys[v] / 8;
        if (static_cast<int>(bdg.keys[v] % 8) != p) continue;
        // Another server of the same switch can send to the stuck one; a server never sends to itself.
        bool other_hosts = host_ports_of[s].size() >= 2;
        std::uint64_t delivered =
            local[gp] | (graph.arcOfPort(gp) == SwitchGraph::kNoArc && other_hosts ? local_host[s] : 0);
        for (std::uint64_t rest = delivered; rest != 0; rest &= rest - 1) {
          std::uint8_t c = cls.code(gp, __builtin_ctzll(rest));
          if ((c & Classifier::kLossless) != 0 && (c & 7) == p) {
            src.feeders.push_back(v);
            break;
          }
        }
      }
      if (!src.feeders.empty()) sources.push_back(std::move(src));
    }
  }
  std::size_t comps = bdg.component_size.size();
  std::vector<std::vector<std::size_t>> members(comps);
  for (std::size_t v = 0; v < n; ++v) members[static_cast<std::size_t>(bdg.component[v])].push_back(v);
  std::vector<std::uint64_t> reach(comps);
  for (std::size_t base = 0; base < sources.size(); base += 64) {
    std::fill(reach.begin(), reach.end(), 0);
    std::size_t batch = std::min<std::size_t>(64, sources.size() - base);
    for (std::size_t b = 0; b < batch; ++b) {
      for (std::size_t v : sources[base + b].feeders)
        reach[static_cast<std::size_t>(bdg.component[v])] |= std::uint64_t{1} << b;
    }
    for (std::size_t c = 0; c < comps; ++c) {
      for (std::size_t v : members[c]) {
        for (std::uint32_t t : bdg.successors(v)) {
          auto w = static_cast<std::size_t>(bdg.component[t]);
          if (w != c) reach[c] |= reach[w];
        }
      }
    }
    std::vector<std::size_t> queues(batch), ports(batch), switches(batch);
    std::size_t v = 0;
    while (v < n) {
      std::size_t s = graph.portOf(bdg.keys[v] / 8).sw;
      std::uint64_t sw_bits = 0;
      while (v < n && graph.portOf(bdg.keys[v] / 8).sw == s) {
        std::uint32_t gp = bdg.keys[v] / 8;
        std::uint64_t port_bits = 0;
        while (v < n && bdg.keys[v] / 8 == gp) {
          std::uint64_t bits = reach[static_cast<std::size_t>(bdg.component[v])];
          for (std::uint64_t r = bits; r != 0; r &= r - 1) ++queues[static_cast<std::size_t>(__builtin_ctzll(r))];
          port_bits |= bits;
          ++v;
        }
        for (std::uint64_t r = port_bits; r != 0; r &= r - 1) ++ports[static_cast<std::size_t>(__builtin_ctzll(r))];
        sw_bits |= port_bits;
      }
      for (std::uint64_t r = sw_bits; r != 0; r &= r - 1) ++switches[static_cast<std::size_t>(__builtin_ctzll(r))];
    }
    for (std::size_t b = 0; b < batch; ++b) {
      const Source& src = sources[base + b];
      out.blast.push_back({src.port, src.priority, queues[b], ports[b], switches[b], {}});
    }
  }
  // Worst first; blast[i] is sources[i] until sorted, so sort their indices together.
  std::vector<std::size_t> order(out.blast.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return out.blast[a].paused_ports > out.blast[b].paused_ports; });
  std::vector<BlastRadius> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) sorted.push_back(std::move(out.blast[i]));
  out.blast = std::move(sorted);
  // The worst few list their paused switches: every queue that reaches a feeder along the
  // dependencies is paused (the set the counts above count), found backwards from the feeders.
  std::size_t listed = std::min(kBlastListed, out.blast.size());
  if (listed == 0) return;
  std::vector<std::uint32_t> pred_start(n + 1, 0);
  for (std::size_t v = 0; v < n; ++v) {
    for (std::uint32_t t : bdg.successors(v)) ++pred_start[t + 1];
  }
  for (std::size_t v = 0; v < n; ++v) pred_start[v + 1] += pred_start[v];
  std::vector<std::uint32_t> preds(pred_start[n]);
  std::vector<std::uint32_t> fill(pred_start.begin(), pred_start.end() - 1);
  for (std::size_t v = 0; v < n; ++v) {
    for (std::uint32_t t : bdg.successors(v)) preds[fill[t]++] = static_cast<std::uint32_t>(v);
  }
  std::vector<std::uint8_t> seen(n);
  std::vector<std::uint8_t> paused_switch(graph.fabric().switches.size());
  std::vector<std::size_t> stack;
  for (std::size_t i = 0; i < listed; ++i) {
    std::fill(seen.begin(), seen.end(), 0);
    std::fill(paused_switch.begin(), paused_switch.end(), 0);
    for (std::size_t v : sources[order[i]].feeders) {
      if (seen[v] == 0) {
        seen[v] = 1;
        stack.push_back(v);
      }
    }
    while (!stack.empty()) {
      std::size_t v = stack.back();
      stack.pop_back();
      paused_switch[graph.portOf(bdg.keys[v] / 8).sw] = 1;
      for (std::uint32_t k = pred_start[v]; k < pred_start[v + 1]; ++k) {
        if (seen[preds[k]] == 0) {
          seen[preds[k]] = 1;
          stack.push_back(preds[k]);
        }
      }
    }
    for (std::size_t s = 0; s < paused_switch.size(); ++s) {
      if (paused_switch[s] != 0) out.blast[i].paused_switch_list.push_back(static_cast<std::uint32_t>(s));
    }
  }
}

/// A port and, when it is a LAG member, the other members: a change to one link of a LAG is made
/// on all of them (traffic hashes onto every member).
std::vector<std::size_t> lagMembers(const Switch& sw, std::size_t port) {
  const std::string& lag = sw.ports[port].portchannel;
  if (lag.empty()) return {port};
  return portsOfInterface(sw, lag);
}

DestinationKinds destinationKinds(const RuleParams& params) {
  return {params.roce_destinations_loopbacks, params.roce_destinations_links};
}

struct Rerun {
  std::size_t cycles = 0;
  bool still_cyclic = false;
  std::size_t reachable = 0;
};

/// Runs routing + BDG + SCC on a (modified) fabric: the number of cyclic components, whether
/// any of `keys` is still on a cycle, and how many (source switch, destination) pairs route.
Rerun rerun(const Fabric& fabric, const RuleParams& params, bool transient,
            const std::vector<std::uint32_t>& extra_down, const std::vector<BdgKey>& keys) {
  SwitchGraph graph(fabric);
  Destinations dest = collectDestinations(graph, destinationKinds(params));
  std::optional<detail::FloodPlan> flood;
  if (params.lossless_flooding) flood.emplace(graph);
  detail::TunnelPlan tunnels(graph, dest);
  Engine engine(graph, dest, sourceMask(params), flood && !flood->empty() ? &*flood : nullptr,
                tunnels.empty() ? nullptr : &tunnels);
  LinkState down(graph.arcCount());
  for (std::uint32_t l = 0; l < fabric.links.size(); ++l) {
    if (!graph.configuredUp(2 * l)) down.setLinkDown(l, true);
  }
  for (std::uint32_t l : extra_down) down.setLinkDown(l, true);
  engine.route(down, transient, nullptr);
  BufferDependencyGraph bdg;
  engine.graph(bdg);
  Rerun r;
  for (BdgKey k : keys) {
    long v = bdg.find(k);
    if (v >= 0 && bdg.cyclic(static_cast<std::size_t>(v))) r.still_cyclic = true;
  }
  r.cycles = cyclicComponents(bdg);
  r.reachable = engine.reachable();
  return r;
}

/// Candidate changes that would remove a cycle's weakest turn; each is applied to a copy of the
/// fabric and kept only when the re-run shows the cycle gone and no more cycles than before.
std::vector<CycleFix> verifiedFixes(const Fabric& fabric, const SwitchGraph& graph, const Destinations& dest,
                                    const RuleParams& params, bool transient,
                                    const std::vector<std::uint32_t>& extra_down, const CyclicDependency& cycle,
                                    std::size_t cycles_before, Classifier& cls) {
  std::vector<CycleFix> fixes;
  std::vector<BdgKey> keys;
  for (const CycleHop& h : cycle.hops) keys.push_back(bdgKey(graph.globalPort(h.ingress), h.priority));
  // A change counts only if the cycle is gone, no cycle is added, and no host loses a route.
  std::size_t reachable_before = rerun(fabric, params, transient, extra_down, {}).reachable;
  auto worksWith = [&](const Fabric& changed, const RuleParams& with, bool keep_routes) {
    Rerun r = rerun(changed, with, transient, extra_down, keys);
    return !r.still_cyclic && r.cycles < cycles_before && (!keep_routes || r.reachable >= reachable_before);
  };
  auto works = [&](const Fabric& changed, bool keep_routes = true) { return worksWith(changed, params, keep_routes); };
  const CycleHop& weak = cycle.hops[cycle.weakest_hop];
  const CycleHop& next = cycle.hops[(cycle.weakest_hop + 1) % cycle.hops.size()];
  const Switch& sw = fabric.sw(weak.ingress);
  const Port& out = fabric.port(weak.egress);
  const Switch& next_sw = fabric.sw(next.ingress);
  const Port& next_port = fabric.port(next.ingress);

  // 1. A static route creates the turn: without it, does the cycle go away?
  if (weak.kind == ForwardKind::Static) {
    const DestinationGroup* group = nullptr;
    for (const DestinationGroup& g : dest.groups) {
      for (std::uint32_t p : g.prefixes) {
        if (!weak.example_prefixes.empty() && dest.prefixes[p].text == weak.example_prefixes.front()) group = &g;
      }
    }
    for (std::size_t k = 0; group != nullptr && k < group->overrides.size(); ++k) {
      if (group->overrides[k].first != weak.ingress.sw) continue;
      const StaticRoute* route = dest.statics[group->static_route[k]].route;
      Fabric changed = fabric;
      auto& routes = changed.switches[weak.ingress.sw].static_routes;
      routes.erase(std::remove_if(routes.begin(), routes.end(),
                                  [&](const StaticRoute& r) {
                                    return r.prefix == route->prefix && r.src.line == route->src.line;
                                  }),
                   routes.end());
      // The looping route delivers nothing, so losing it is no loss: skip the route check.
      if (works(changed, false)) {
        fixes.push_back({fmt::format("correct or remove the static route {} on {} (without it the cycle is gone)",
                                     route->prefix, sw.name),
                         route->src});
      }
    }
  }
  // 1a. An installed route (live state) creates the turn: with the switch on the routes its
  // configuration gives, is the cycle gone?
  if (weak.kind == ForwardKind::Installed) {
    Fabric changed = fabric;
    for (SwitchState& state : changed.switches[weak.ingress.sw].state) {
      state.has_routes = false;
      state.routes.clear();
    }
    if (works(changed)) {
      fixes.push_back(
          {fmt::format("correct the installed route{} on {} so it forwards as its configuration gives "
                       "(ST004): with {} on its computed routes the cycle is gone",
                       weak.example_prefixes.empty() ? std::string() : " toward " + weak.example_prefixes.front(),
                       sw.name, sw.name),
           weak.src});
    }
  }
  // 1b. Flooding creates the turn: keep the VLAN off the link, or off every switch-to-switch port,
  // or have the switches drop lossless unknown unicast.
  if (weak.kind == ForwardKind::Flood) {
    int vid = std::stoi(weak.vlan.substr(4));
    auto dropVlan = [&](Fabric& changed, PortRef ref) {
      Switch& csw = changed.switches[ref.sw];
      for (std::size_t p : lagMembers(csw, ref.port)) {
        Port& port = csw.ports[p];
        if (port.trunk_vlans) port.trunk_vlans->value.remove(vid, vid);
        if (port.access_vlan == weak.vlan) port.access_vlan = InternedString();
      }
    };
    std::string off = placeholder(Term::VlanOffPort, std::to_string(vid));
    Fabric one = fabric;
    dropVlan(one, weak.egress);
    dropVlan(one, next.ingress);
    if (works(one)) {
      fixes.push_back({fmt::format("keep {} off the switch-to-switch link {} {} - {} {}: remove {} on both ends (a ToR "
                                   "that routes for its servers needs their VLAN only on their ports)",
                                   weak.vlan, sw.name, portOrLagName(sw, out), next_sw.name,
                                   portOrLagName(next_sw, next_port), off),
                       out.trunk_vlans ? out.trunk_vlans->src : out.access_vlan_src});
    } else {
      Fabric all = fabric;
      std::size_t ports = 0;
      for (const Link& link : fabric.links) {
        for (PortRef ref : {link.a, link.b}) {
          const Port& port = fabric.port(ref);
          if ((port.trunk_vlans && port.trunk_vlans->value.contains(vid)) || port.access_vlan == weak.vlan) {
            dropVlan(all, ref);
            ++ports;
          }
        }
      }
      if (works(all)) {
        fixes.push_back({fmt::format("keep {} off every switch-to-switch port ({} ports carry it): remove {} on each "
                                     "(a ToR that routes for its servers needs their VLAN only on their ports)",
                                     weak.vlan, ports, off),
                         out.trunk_vlans ? out.trunk_vlans->src : out.access_vlan_src});
      }
    }
    RuleParams no_flooding = params;
    no_flooding.lossless_flooding = false;
    if (worksWith(fabric, no_flooding, true)) {
      fixes.push_back({fmt::format("or have the switches drop lossless packets whose destination MAC is unknown "
                                   "instead of flooding them in {} (the fix of Guo et al., SIGCOMM 2016), then set "
                                   "params.lossless_flooding: drop",
                                   weak.vlan),
                       out.trunk_vlans ? out.trunk_vlans->src : out.access_vlan_src});
    }
  }
  // 1c. A dual-ToR tunnel bounces the class back up: have the standby side remap what it
  // encapsulates (tunnel QoS remap, SONiC's dual-ToR design) to another priority the next switch
  // keeps lossless, in the queue a pause of that priority stops.
  if (weak.kind == ForwardKind::Tunnel) {
    std::uint32_t gp = graph.globalPort(next.ingress);
    const Port& egress_port = fabric.port(weak.egress);
    for (int q = 0; q < 8; ++q) {
      if (q == weak.next_priority) continue;
      int dscp = -1;
      for (int d = 0; d < 64 && dscp < 0; ++d) {
        std::uint8_t c = cls.code(gp, d);
        if ((c & Classifier::kLossless) != 0 && (c & 7) == q) dscp = d;
      }
      std::optional<int> queue = queueOfPfcPriority(sw, egress_port, q);
      if (dscp < 0 || !queue) continue;
      Fabric changed = fabric;
      Switch& csw = changed.switches[weak.ingress.sw];
      auto tunnel = std::find_if(csw.tunnels.begin(), csw.tunnels.end(),
                                 [&](const PeerTunnel& t) { return t.name == weak.tunnel; });
      if (tunnel == csw.tunnels.end()) break;
      // Start from the tunnel's own encap maps when it has them; the other TCs keep theirs.
      auto encapMap = [&](std::optional<Reference>& ref, MapKind kind, const std::string& name, int value) {
        QosMap map;
        map.name = name;
        if (const QosMap* existing = ref ? csw.findMap(kind, ref->name) : nullptr) map.entries = existing->entries;
        map.entries[weak.priority] = Sourced<int>{value, {}};
        csw.maps[static_cast<std::size_t>(kind)][name] = map;
        ref = Reference{name, {}, false};
      };
      encapMap(tunnel->encap_tc_to_dscp, MapKind::TcToDscp,
               fmt::format("ROCELINT_TUNNEL_TC{}_TO_DSCP{}", weak.priority, dscp), dscp);
      encapMap(tunnel->encap_tc_to_queue, MapKind::TcToQueue,
               fmt::format("ROCELINT_TUNNEL_TC{}_TO_QUEUE{}", weak.priority, *queue), *queue);
      csw.tunnel_qos_remap = Sourced<bool>{true, sw.tunnel_qos_remap ? sw.tunnel_qos_remap->src : SourceRef{}};
      if (!works(changed)) continue;
      PrioritySet used;
      for (const CycleHop& h : cycle.hops) used.set(static_cast<std::size_t>(h.priority));
      used.set(static_cast<std::size_t>(q));
      fixes.push_back({fmt::format("enable tunnel QoS remap on {} with encap maps for {} sending TC {} as DSCP {} "
                                   "(priority {} on {}) in queue {} (the queue a priority {} pause stops); this "
                                   "cycle then needs {} lossless priorities ({})",
                                   sw.name, weak.tunnel, weak.priority, dscp, q, next_sw.name, *queue, q, used.count(),
                                   formatPrioritySet(used)),
                       sw.tunnel_qos_remap ? sw.tunnel_qos_remap->src : tunnel->src});
      break;
    }
  }
  // 2. One ASN per tier (RFC 7938): AS-path loop prevention then rejects bounce paths.
  std::set<std::string> roles;
  for (const CycleHop& h : cycle.hops) {
    if (!fabric.sw(h.ingress).role.empty()) roles.insert(fabric.sw(h.ingress).role);
  }
  for (const std::string& role : roles) {
    std::set<std::uint32_t> asns;
    const Switch* blame = nullptr;
    for (const Switch& s : fabric.switches) {
      if (s.role != role || !s.asn) continue;
      asns.insert(s.asn->value);
    }
    if (asns.size() < 2) continue;
    Fabric changed = fabric;
    for (Switch& s : changed.switches) {
      if (s.role == role && s.asn) s.asn->value = *asns.begin();
    }
    for (const Switch& s : fabric.switches) {
      if (s.role == role && s.asn && s.asn->value != *asns.begin() && blame == nullptr) blame = &s;
    }
    if (works(changed)) {
      fixes.push_back({fmt::format("give every {} the same ASN ({}, RFC 7938) so AS-path loop prevention rejects the "
                                   "paths that bounce through another {}",
                                   role, *asns.begin(), role),
                       blame->asn->src});
    }
  }
  // 3. Tagger-style: on the weakest turn, move the class to another lossless priority of the next hop.
  std::uint32_t next_gp = graph.globalPort(next.ingress);
  std::vector<std::size_t> egress_members = lagMembers(sw, weak.egress.port);
  for (int q = 0; q < 8; ++q) {
    if (q == weak.next_priority) continue;
    int dscp = -1;
    for (int d = 0; d < 64 && dscp < 0; ++d) {
      std::uint8_t c = cls.code(next_gp, d);
      if ((c & Classifier::kLossless) != 0 && (c & 7) == q) dscp = d;
    }
    if (dscp < 0) continue;
    Fabric changed = fabric;
    Switch& csw = changed.switches[weak.egress.sw];
    Port& cport = csw.ports[weak.egress.port];
    QosMap remark;
    remark.name = fmt::format("ROCELINT_TC{}_TO_DSCP{}", weak.priority, dscp);
    if (const QosMap* existing = cport.qos.map(MapKind::TcToDscp)
                                     ? csw.findMap(MapKind::TcToDscp, cport.qos.map(MapKind::TcToDscp)->name)
                                     : nullptr) {
      remark.entries = existing->entries;
    }
    remark.entries[weak.priority] = Sourced<int>{dscp, {}};
    csw.maps[static_cast<std::size_t>(MapKind::TcToDscp)][remark.name] = remark;
    // The class keeps leaving from its TC's queue: unless a pause for q stops that queue, it must
    // move to the queue that one does stop, or the remarked class is neither paused nor protected
    // (MAP006). The queue map is part of the fix.
    const Port& oport = sw.ports[weak.egress.port];
    int old_queue = queueOfTc(sw, oport, weak.priority);
    std::optional<int> paused = queueOfPfcPriority(sw, oport, q);
    if (!paused) continue;
    std::string queue_text;
    QosMap queues;
    if (*paused != old_queue) {
      queues.name = fmt::format("ROCELINT_TC{}_TO_QUEUE{}", weak.priority, *paused);
      if (const QosMap* existing = boundMap(sw, oport, MapKind::TcToQueue)) queues.entries = existing->entries;
      for (int tc = 0; tc < 8; ++tc) {
        if (queues.entries.find(tc) == queues.entries.end())
          queues.entries[tc] = Sourced<int>{queueOfTc(sw, oport, tc), {}};
      }
      queues.entries[weak.priority] = Sourced<int>{*paused, {}};
      csw.maps[static_cast<std::size_t>(MapKind::TcToQueue)][queues.name] = queues;
      queue_text = fmt::format(" and a {} sending TC {} to queue {} (the queue a priority {} pause stops)",
                               placeholder(Term::TcToQueueMap), weak.priority, *paused, q);
    }
    // On a LAG, every member: traffic of the turn hashes onto any of them.
    for (std::size_t p : egress_members) {
      csw.ports[p].qos.maps[static_cast<std::size_t>(MapKind::TcToDscp)] = Reference{remark.name, {}, false};
      if (!queues.name.empty())
        csw.ports[p].qos.maps[static_cast<std::size_t>(MapKind::TcToQueue)] = Reference{queues.name, {}, false};
    }
    if (!works(changed)) continue;
    PrioritySet used;
    for (const CycleHop& h : cycle.hops) used.set(static_cast<std::size_t>(h.priority));
    used.set(static_cast<std::size_t>(q));
    fixes.push_back({fmt::format("remark the turn to another lossless priority (Tagger): a {} on {} {} "
                                 "rewriting TC {} to DSCP {} (priority {} on {}){}; this cycle then needs {} lossless "
                                 "priorities ({})",
                                 placeholder(Term::TcToDscpMap), sw.name, portOrLagName(sw, out), weak.priority, dscp,
                                 q, next_sw.name, queue_text, used.count(), formatPrioritySet(used)),
                     qosLocation(out)});
    break;
  }
  // 4. Last resort: make the class lossy where the weakest turn enters the next switch.
  {
    Fabric changed = fabric;
    bool changes = false;
    for (std::size_t p : lagMembers(next_sw, next.ingress.port)) {
      Port& cport = changed.switches[next.ingress.sw].ports[p];
      if (!cport.qos.pfc_enable) continue;
      cport.qos.pfc_enable->value.reset(static_cast<std::size_t>(weak.next_priority));
      changes = true;
    }
    if (changes && works(changed)) {
      fixes.push_back({fmt::format("last resort: remove priority {} from {} of {} {} (RDMA traffic there "
                                   "loses its lossless guarantee)",
                                   weak.next_priority, placeholder(Term::PfcPriorities), next_sw.name,
                                   portOrLagName(next_sw, next_port)),
                       pfcLocation(next_port)});
    }
  }
  return fixes;
}

}  // namespace

long BufferDependencyGraph::find(BdgKey key) const {
  auto it = std::lower_bound(keys.begin(), keys.end(), key);
  return it == keys.end() || *it != key ? -1 : static_cast<long>(it - keys.begin());
}

bool BufferDependencyGraph::cyclic(std::size_t node) const {
  return component_size[static_cast<std::size_t>(component[node])] >= 2;
}

std::string bdgNodeName(const Fabric& fabric, const SwitchGraph& graph, BdgKey key) {
  PortRef ref = graph.portOf(key / 8);
  return fmt::format("{}:{}/{}", fabric.switches[ref.sw].name, fabric.port(ref).name, key % 8);
}

/// Incremental what-if (docs/deadlock.md, "Failure what-if"): the routes of every group with
/// only the configured failures, the groups that use each arc, and the turns they create. A
/// failure set changes only the groups whose routes use a failed arc; of those, a group whose
/// switches merely lose some of several equal next hops (and, under eBGP, keep the ASN set they
/// advertise) forwards on a subset of its old turns. The BDG only grows with turns, and the
/// baseline BDG is acyclic (the sweep runs only then), so a set whose changed groups add no turn
/// cannot create a cycle; one that adds turns is checked on the union of the baseline and the
/// new turns (a superset of its BDG), and only a cycle there is confirmed by a full re-routing.
class SweepBaseline {
 public:
  SweepBaseline(const SwitchGraph& graph, const Destinations& dest, const LinkState& configured, bool transient,
                unsigned threads)
      : graph_(graph),
        dest_(dest),
        transient_(transient),
        routes_(dest.groups.size()),
        before_(transient ? dest.groups.size() : 0),
        groups_of_arc_(graph.arcCount()) {
    std::atomic<std::size_t> next{0};
    util::runWorkers(threads, [&](unsigned /*worker*/) {
      Router router(graph, dest);
      LinkState all_up(graph.arcCount());
      for (std::size_t g = next.fetch_add(1); g < dest.groups.size(); g = next.fetch_add(1)) {
        if (transient) {
          router.steady(g, all_up, before_[g]);
          router.transient(g, before_[g], configured, routes_[g]);
        } else {
          router.steady(g, configured, routes_[g]);
        }
      }
    });
    for (std::uint32_t g = 0; g < routes_.size(); ++g) {
      index(g, routes_[g]);
      if (transient) index(g, before_[g]);
    }
  }

  [[nodiscard]] const std::vector<std::uint32_t>& groupsOf(std::uint32_t arc) const { return groups_of_arc_[arc]; }
  [[nodiscard]] const GroupRoutes& routes(std::size_t g) const { return routes_[g]; }
  [[nodiscard]] const GroupRoutes& before(std::size_t g) const { return before_[g]; }

  /// True when, with `failed` links down (beyond the configured ones), group g provably forwards
  /// on a subset of its baseline next hops without re-routing it (converged routing).
  /// `common` is the caller's scratch space (workers share the baseline).
  [[nodiscard]] bool keepsSteadySubset(std::size_t g, const std::vector<std::uint32_t>& failed, const LinkState& down,
                                       std::vector<std::uint32_t>& common) const {
    if (!dest_.groups[g].overrides.empty()) return false;  // a static route may be withdrawn: re-route
    const GroupRoutes& r = routes_[g];
    for (std::uint32_t l : failed) {
      for (std::uint32_t arc : {2 * l, 2 * l + 1}) {
        std::size_t x = graph_.arc(arc).from.sw;
        auto [b, e] = r.nextHops(x);
        if (std::find(b, e, arc) == e) continue;
        if (r.kind[x] != ForwardKind::Learned) return false;
        // x keeps its distance if a next hop survives, and advertises the same AS path if the
        // ASNs common to its surviving next hops are those common to all of them.
        common.clear();
        bool first = true;
        for (const std::uint32_t* it = b; it != e; ++it) {
          if (down.down(*it)) continue;
          std::size_t y = graph_.arc(*it).to.sw;
          const std::uint32_t* yb = r.inter.data() + r.inter_begin[y];
          const std::uint32_t* ye = r.inter.data() + r.inter_begin[y + 1];
          if (first) {
            common.assign(yb, ye);
            first = false;
            continue;
          }
          std::size_t kept = 0;
          for (std::uint32_t asn : common) {
            if (std::binary_search(yb, ye, asn)) common[kept++] = asn;
          }
          common.resize(kept);
        }
        if (first) return false;  // every next hop failed: x re-routes
        std::int64_t own =
            graph_.fabric().switches[x].asn ? static_cast<std::int64_t>(graph_.fabric().switches[x].asn->value) : -1;
        if (own >= 0) {
          auto asn = static_cast<std::uint32_t>(own);
          auto pos = std::lower_bound(common.begin(), common.end(), asn);
          if (pos == common.end() || *pos != asn) common.insert(pos, asn);
        }
        std::size_t n = r.inter_begin[x + 1] - r.inter_begin[x];
        if (n != common.size() || !std::equal(common.begin(), common.end(), r.inter.data() + r.inter_begin[x]))
          return false;
      }
    }
    return true;
  }

  /// True when `now` forwards like group g's baseline on a subset of its next hops.
  [[nodiscard]] bool isSubset(std::size_t g, const GroupRoutes& now) const {
    const GroupRoutes& r = routes_[g];
    for (std::size_t x = 0; x < r.kind.size(); ++x) {
      if (now.kind[x] != r.kind[x]) return false;
      if (now.exit_begin[x + 1] - now.exit_begin[x] != r.exit_begin[x + 1] - r.exit_begin[x]) return false;
      auto [b, e] = r.nextHops(x);
      auto [nb, ne] = now.nextHops(x);
      for (const std::uint32_t* it = nb; it != ne; ++it) {
        if (std::find(b, e, *it) == e) return false;
      }
    }
    return true;
  }

  [[nodiscard]] bool transient() const { return transient_; }

 private:
  void index(std::uint32_t g, const GroupRoutes& r) {
    for (std::uint32_t a : r.nh) {
      auto& list = groups_of_arc_[a];
      if (list.empty() || list.back() != g) list.push_back(g);
    }
  }

  const SwitchGraph& graph_;
  const Destinations& dest_;
  bool transient_;
  std::vector<GroupRoutes> routes_;
  std::vector<GroupRoutes> before_;
  std::vector<std::vector<std::uint32_t>> groups_of_arc_;
};

/// One what-if worker's scratch space for the incremental check.
class SweepWorker {
 public:
  SweepWorker(const SwitchGraph& graph, const Destinations& dest, const SweepBaseline& base, std::uint64_t sources,
              const detail::FloodPlan* flood)
      : graph_(graph),
        base_(base),
        flood_(flood),
        sources_(sources),
        router_(graph, dest),
        cls_(graph),
        changed_(graph),
        merged_(graph),
        prop_(graph, dest, cls_, sources),
        stamp_(dest.groups.size(), 0) {}

  /// False when the failure set provably creates no cycle; true when it must be re-routed in full.
  bool mayCreateCycle(const std::vector<std::uint32_t>& failed, const LinkState& down,
                      const TurnTable& baseline_turns) {
    ++epoch_;
    changed_.clear();
    // Flood turns follow where routed traffic enters a VLAN, which the changed groups may move;
    // those of the unchanged groups are in the baseline (flood turns are a union over deliveries).
    if (flood_ != nullptr) prop_.clearLocal();
    bool any = false;
    for (std::uint32_t l : failed) {
      for (std::uint32_t arc : {2 * l, 2 * l + 1}) {
        for (std::uint32_t g : base_.groupsOf(arc)) {
          if (stamp_[g] == epoch_) continue;
          stamp_[g] = epoch_;
          if (base_.transient()) {
            router_.transient(g, base_.before(g), down, routes_);
            if (base_.isSubset(g, routes_)) continue;
          } else {
            if (base_.keepsSteadySubset(g, failed, down, common_)) continue;
            router_.steady(g, down, routes_);
            if (base_.isSubset(g, routes_)) continue;
          }
          prop_.run(g, routes_, changed_, nullptr);
          any = true;
        }
      }
    }
    if (any && flood_ != nullptr)
      flood_->addTurns(prop_.localDeliveries(), prop_.localHostDeliveries(), sources_, changed_);
    if (!any || changed_.cellsWithin(baseline_turns)) return false;
    merged_.assignUnion(baseline_turns, changed_);
    detail::buildBdg(graph_, merged_, cls_, prop_.hostPortsOf(), bdg_);
    detail::strongComponents(bdg_);
    return cyclicComponents(bdg_) > 0;
  }

 private:
  const SwitchGraph& graph_;
  const SweepBaseline& base_;
  const detail::FloodPlan* flood_;
  std::uint64_t sources_;
  Router router_;
  Classifier cls_;
  TurnTable changed_;
  TurnTable merged_;
  FlowPropagator prop_;
  GroupRoutes routes_;
  BufferDependencyGraph bdg_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t epoch_ = 0;
  std::vector<std::uint32_t> common_;
};

DeadlockAnalysis analyzeDeadlock(const Fabric& fabric, const RuleParams& params, const DeadlockOptions& options,
                                 const std::function<void(const std::string&)>& progress) {
  auto say = [&](const std::string& text) {
    if (progress) progress(text);
  };
  DeadlockAnalysis out;
  auto start = std::chrono::steady_clock::now();
  auto graph = std::make_shared<SwitchGraph>(fabric);
  auto dest = std::make_shared<Destinations>(collectDestinations(*graph, destinationKinds(params)));
  out.graph = graph;
  out.destinations = dest;
  out.assumed_sources = assumedSources(*graph);
  out.policy_gaps = policyGaps(*graph);
  out.stats.destinations = dest->prefixes.size();
  out.stats.groups = dest->groups.size();
  std::uint64_t sources = sourceMask(params);

  LinkState configured(graph->arcCount());
  for (std::uint32_t l = 0; l < fabric.links.size(); ++l) {
    if (!graph->configuredUp(2 * l)) configured.setLinkDown(l, true);
  }
  // Failure units that are up and may fail in the what-if: a link, or a LAG as a whole (a member
  // failure that leaves the LAG up only removes parallel arcs, which removes turns, never adds one).
  std::vector<std::uint32_t> candidates;
  for (std::uint32_t u = 0; u < graph->unitCount(); ++u) {
    auto [b, e] = graph->unitLinks(u);
    if (std::any_of(b, e, [&](std::uint32_t l) { return graph->configuredUp(2 * l); })) candidates.push_back(u);
  }

  // Not bounded by the groups: each engine takes groups from a shared counter.
  unsigned threads = util::workerCount(SIZE_MAX, std::max(1U, options.threads));
  say(fmt::format("routing {} destination groups on {} thread(s)", dest->groups.size(), threads));
  TurnTable turns(*graph);
  if (threads > 1) turns.shareBetweenThreads();
  std::vector<std::unique_ptr<Engine>> engines;
  std::optional<detail::FloodPlan> flood_plan;
  if (params.lossless_flooding) flood_plan.emplace(*graph);
  const detail::FloodPlan* flood = flood_plan && !flood_plan->empty() ? &*flood_plan : nullptr;
  detail::TunnelPlan tunnel_plan(*graph, *dest);
  const detail::TunnelPlan* tunnel = tunnel_plan.empty() ? nullptr : &tunnel_plan;
  for (unsigned t = 0; t < threads; ++t)
    engines.push_back(std::make_unique<Engine>(*graph, *dest, sources, flood, tunnel, &turns));
  Engine& engine = *engines.front();
  LoopCollector loops(*graph, *dest);
  detail::LoopSink sink = [&](std::size_t g, const std::vector<std::uint32_t>& arcs,
                              const std::vector<std::uint64_t>& dscps) { loops.add(g, arcs, dscps); };
  {
    std::atomic<std::size_t> next{0};
    util::runWorkers(threads, [&](unsigned t) { engines[t]->routeShare(configured, options.transient, &sink, next); });
    for (unsigned t = 1; t < threads; ++t) engine.mergeFrom(*engines[t]);
    engines.resize(1);
    engine.addFloodTurns();
    engine.addTunnelTurns(configured, options.transient);
  }
  out.stats.routing_ms = msSince(start);

  auto t_graph = std::chrono::steady_clock::now();
  say("building the buffer-dependency graph");
  detail::buildBdg(*graph, engine.turns(), engine.classifier(), engine.propagator().hostPortsOf(), out.bdg);
  out.stats.graph_ms = msSince(t_graph);
  auto t_scc = std::chrono::steady_clock::now();
  detail::strongComponents(out.bdg);
  for (const auto& nodes : detail::witnessCycles(out.bdg)) {
    out.cycles.push_back(
        describeCycle(fabric, *graph, *dest, out.bdg, engine.turns(), engine.classifier(), tunnel, nodes));
  }
  out.stats.scc_ms = msSince(t_scc);
  out.stats.bdg_nodes = out.bdg.nodeCount();
  out.stats.bdg_edges = out.bdg.edgeCount();
  out.loops = loops.finish(fabric);
  if (options.suggest_fixes && fabric.switches.size() <= options.max_fix_switches) {
    say("verifying fix suggestions");
    std::size_t before = out.cycles.size();
    for (std::size_t i = 0; i < out.cycles.size() && i < options.max_fix_cycles; ++i) {
      out.cycles[i].fixes = verifiedFixes(fabric, *graph, *dest, params, options.transient, {}, out.cycles[i], before,
                                          engine.classifier());
    }
  }
  blastRadius(*graph, out.bdg, engine.classifier(), engine.propagator(), out);

  if (options.failures > 0 && out.cycles.empty()) {
    auto t_whatif = std::chrono::steady_clock::now();
    // Every set of up to K candidate units, smallest first; a set is reported only when no
    // smaller failing set is inside it.
    std::vector<std::vector<std::uint32_t>> sets;
    for (std::size_t i = 0; i < candidates.size(); ++i) sets.push_back({candidates[i]});
    std::vector<std::vector<std::uint32_t>> pairs;
    if (options.failures >= 2) {
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        for (std::size_t j = i + 1; j < candidates.size(); ++j) pairs.push_back({candidates[i], candidates[j]});
      }
    }
    std::mutex mu;
    std::set<std::uint32_t> failing_singles;
    say("what-if: baseline routes");
    SweepBaseline baseline(*graph, *dest, configured, options.transient, threads);
    std::atomic<std::size_t> rerouted{0};
    // The time limit is checked before each set is taken, so the sets examined are a prefix of
    // `work`: every index below the final `next` was finished, none above it was started.
    const bool limited = options.whatif_time_limit_s > 0;
    const auto deadline = t_whatif + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                         std::chrono::duration<double>(limited ? options.whatif_time_limit_s : 0.0));
    auto sweep = [&](const std::vector<std::vector<std::uint32_t>>& work, std::size_t& examined) {
      std::vector<std::pair<std::size_t, FailureCounterexample>> found;
      std::atomic<std::size_t> next{0};
      util::runWorkers(threads, [&](unsigned /*worker*/) {
        Engine local(*graph, *dest, sources, flood, tunnel);
        SweepWorker incremental(*graph, *dest, baseline, sources, flood);
        BufferDependencyGraph bdg;
        while (true) {
          if (limited && std::chrono::steady_clock::now() >= deadline) break;
          std::size_t i = next.fetch_add(1);
          if (i >= work.size()) break;
          const auto& set = work[i];
          bool superset =
              std::any_of(set.begin(), set.end(), [&](std::uint32_t u) { return failing_singles.count(u) > 0; });
          if (set.size() > 1 && superset) continue;
          std::vector<std::uint32_t> links;
          for (std::uint32_t u : set) {
            auto [b, e] = graph->unitLinks(u);
            links.insert(links.end(), b, e);
          }
          LinkState down = configured;
          for (std::uint32_t l : links) down.setLinkDown(l, true);
          // Tunnel turns follow the peers' routes, which the incremental argument does not track.
          // Installed routes are not re-converged by the incremental argument either.
          if (options.incremental_whatif && tunnel == nullptr && dest->installed_switches.empty() &&
              !incremental.mayCreateCycle(links, down, engine.turns()))
            continue;
          rerouted.fetch_add(1);
          local.route(down, options.transient, nullptr);
          local.graph(bdg);
          std::size_t cyclic = cyclicComponents(bdg);
          if (cyclic == 0) continue;
          auto witnesses = detail::witnessCycles(bdg);
          FailureCounterexample ce;
          ce.failed_units = set;
          ce.failed_links = std::move(links);
          ce.cycles = cyclic;
          ce.cycle =
              describeCycle(fabric, *graph, *dest, bdg, local.turns(), local.classifier(), tunnel, witnesses.front());
          std::lock_guard<std::mutex> lock(mu);
          found.emplace_back(i, std::move(ce));
        }
      });
      std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      examined = std::min(next.load(), work.size());
      return found;
    };
    say(fmt::format("what-if: {} single link failures", sets.size()));
    std::size_t singles_examined = 0;
    for (auto& [i, ce] : sweep(sets, singles_examined)) {
      failing_singles.insert(ce.failed_units.front());
      out.failure_cycles.push_back(std::move(ce));
    }
    out.stats.failure_sets = singles_examined;
    std::size_t pairs_examined = 0;
    if (!pairs.empty() && singles_examined == sets.size()) {
      say(fmt::format("what-if: {} pairs of link failures", pairs.size()));
      for (auto& [i, ce] : sweep(pairs, pairs_examined)) out.failure_cycles.push_back(std::move(ce));
      out.stats.failure_sets += pairs_examined;
    }
    if (singles_examined < sets.size() || pairs_examined < pairs.size()) {
      WhatIfStop& stop = out.whatif_stop.emplace();
      stop.limit_s = options.whatif_time_limit_s;
      stop.singles = sets.size();
      stop.singles_examined = singles_examined;
      stop.pairs = pairs.size();
      stop.pairs_examined = pairs_examined;
      stop.first_unexamined = singles_examined < sets.size() ? sets[singles_examined] : pairs[pairs_examined];
      say(fmt::format("what-if: stopped at its time limit of {} s", options.whatif_time_limit_s));
    }
    out.stats.failure_sets_rerouted = rerouted.load();
    out.failure_sets_with_cycle = out.failure_cycles.size();
    if (out.failure_cycles.size() > options.max_failure_reports) out.failure_cycles.resize(options.max_failure_reports);
    if (options.suggest_fixes && fabric.switches.size() <= options.max_fix_switches) {
      say("verifying fix suggestions");
      for (std::size_t i = 0; i < out.failure_cycles.size() && i < options.max_fix_cycles; ++i) {
        FailureCounterexample& ce = out.failure_cycles[i];
        ce.cycle.fixes = verifiedFixes(fabric, *graph, *dest, params, options.transient, ce.failed_links, ce.cycle,
                                       ce.cycles, engine.classifier());
      }
    }
    out.stats.whatif_ms = msSince(t_whatif);
  }
  return out;
}

namespace {

/// A name as part of a dot node id: '%', ':' and '/' percent-encoded, so "switch:port/priority"
/// stays unambiguous whatever the names hold ("leaf:1" is "leaf%3A1").
std::string idPart(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '%' || c == ':' || c == '/') {
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

/// A dot double-quoted string: quotes and backslashes escaped, line breaks as \n.
std::string dotQuoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out + '"';
}

}  // namespace

std::string dotNodeId(const Fabric& fabric, const SwitchGraph& graph, BdgKey key) {
  PortRef ref = graph.portOf(key / 8);
  return dotQuoted(
      fmt::format("{}:{}/{}", idPart(fabric.switches[ref.sw].name), idPart(fabric.port(ref).name), key % 8));
}

void writeDot(const Fabric& fabric, const DeadlockAnalysis& analysis, GraphScope scope, std::ostream& out) {
  const BufferDependencyGraph& bdg = analysis.bdg;
  const SwitchGraph& graph = *analysis.graph;
  std::set<std::pair<BdgKey, BdgKey>> witness_edges;
  std::set<BdgKey> witness_nodes;
  for (const CyclicDependency& c : analysis.cycles) {
    for (std::size_t i = 0; i < c.hops.size(); ++i) {
      const CycleHop& h = c.hops[i];
      const CycleHop& next = c.hops[(i + 1) % c.hops.size()];
      BdgKey a = bdgKey(graph.globalPort(h.ingress), h.priority);
      BdgKey b = bdgKey(graph.globalPort(next.ingress), next.priority);
      witness_edges.insert({a, b});
      witness_nodes.insert(a);
    }
  }
  auto included = [&](std::size_t v) {
    switch (scope) {
      case GraphScope::All:
        return true;
      case GraphScope::Sccs:
        return bdg.cyclic(v);
      case GraphScope::Cycles:
        return witness_nodes.count(bdg.keys[v]) > 0;
    }
    return false;
  };
  out << "digraph bdg {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n";
  // Keys are sorted by global port, so the queues of one switch are adjacent: one cluster each.
  std::size_t v = 0;
  while (v < bdg.keys.size()) {
    std::size_t sw = graph.portOf(bdg.keys[v] / 8).sw;
    bool open = false;
    for (; v < bdg.keys.size() && graph.portOf(bdg.keys[v] / 8).sw == sw; ++v) {
      if (!included(v)) continue;
      if (!open) {
        const std::string& name = fabric.switches[sw].name;
        out << "  subgraph " << dotQuoted("cluster_" + name) << " {\n    label=" << dotQuoted(name) << ";\n";
        open = true;
      }
      PortRef ref = graph.portOf(bdg.keys[v] / 8);
      int priority = static_cast<int>(bdg.keys[v] % 8);
      bool on_cycle = bdg.cyclic(v);
      out << fmt::format("    {} [label={}, tooltip={}{}];\n", dotNodeId(fabric, graph, bdg.keys[v]),
                         dotQuoted(fmt::format("{}/{}", fabric.port(ref).name, priority)),
                         dotQuoted(fmt::format("{} {} priority {}, scc {}", fabric.switches[sw].name,
                                               fabric.port(ref).name, priority, bdg.component[v])),
                         witness_nodes.count(bdg.keys[v]) ? ", color=red, penwidth=2"
                         : on_cycle                       ? ", color=orange"
                                                          : "");
    }
    if (open) out << "  }\n";
  }
  for (std::size_t u = 0; u < bdg.keys.size(); ++u) {
    if (!included(u)) continue;
    std::string a = dotNodeId(fabric, graph, bdg.keys[u]);
    for (std::size_t w : bdg.successors(u)) {
      if (!included(w)) continue;
      bool witness = witness_edges.count({bdg.keys[u], bdg.keys[w]}) > 0;
      out << fmt::format("  {} -> {}{};\n", a, dotNodeId(fabric, graph, bdg.keys[w]),
                         witness ? " [color=red, penwidth=2]" : "");
    }
  }
  out << "}\n";
}

}  // namespace rocelint
