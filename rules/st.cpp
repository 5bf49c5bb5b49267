// ST: evidence from a running fabric (issue 16) against its configuration: counters and watchdog
// state read into Switch::state, each finding at the counter and naming the configuration line it
// contradicts as a related location.

#include <fmt/format.h>

#include <map>
#include <set>

#include "families.hpp"
#include "rocelint/qos.hpp"
#include "rocelint/routing.hpp"

namespace rocelint::rules {
namespace {

/// Picks one optional value out of the state of one port in one snapshot.
template <class Pick>
std::optional<Evidence> portEvidence(const Switch& sw, const std::string& port, Pick pick) {
  return evidence(sw.state, [&](const SwitchState& s) -> const std::optional<StateValue>* {
    auto it = s.ports.find(port);
    return it == s.ports.end() ? nullptr : pick(it->second);
  });
}

/// The ports the latest snapshot has state for that the configuration also has, in port order.
template <class Each>
void forEachPortWithState(const Fabric& fabric, Each each) {
  for (const Switch& sw : fabric.switches) {
    if (sw.state.empty()) continue;
    for (const Port& port : sw.ports) {
      if (sw.state.back().ports.count(port.name) != 0) each(sw, port, sw.state.back().ports.at(port.name));
    }
  }
}

/// Where the port's lossless priorities are written (or the port, when nothing makes any lossless).
RelatedLocation losslessPriorities(const Port& port) {
  return related(port.qos.pfc_enable
                     ? fmt::format("{} lossless priorities: {}", port.name, formatPrioritySet(port.qos.pfcPriorities()))
                     : fmt::format("{} has no lossless priority configured", port.name),
                 pfcLocation(port));
}

// ST001: the peer pauses a priority this port neither obeys nor buffers as lossless.
void pausesOnLossyPriority(const RuleContext& ctx, FindingSink& sink) {
  forEachPortWithState(ctx.fabric, [&](const Switch& sw, const Port& port, const PortState&) {
    PrioritySet obeyed = port.qos.pfcHonoured();
    for (int p = 0; p < 8; ++p) {
      if (obeyed.test(static_cast<std::size_t>(p))) continue;
      auto rx = portEvidence(sw, port.name, [p](const PortState& s) { return &s.pfc_rx_frames[std::size_t(p)]; });
      if (!rx || rx->value == 0) continue;
      Finding& f = sink.add(
          at(sw, port.name, p, rx->src,
             fmt::format("{} {} received PFC pause frames on priority {} ({}), a priority it does not treat as "
                         "lossless (its lossless priorities: {}): the peer sends priority {} as lossless traffic that "
                         "this port neither holds "
                         "back nor gives headroom",
                         sw.name, port.name, p, describeEvidence(*rx), formatPrioritySet(port.qos.pfcPriorities()), p),
             fmt::format("make priority {} lossless on {} {} as on its peer (PFC, headroom, lossless queue), or "
                         "stop the peer sending PFC on priority {}",
                         p, sw.name, port.name, p)));
      f.related.push_back(losslessPriorities(port));
    }
  });
}

// ST002: a lossless priority's queue or PG dropped packets.
void dropsOnLosslessPriority(const RuleContext& ctx, FindingSink& sink) {
  forEachPortWithState(ctx.fabric, [&](const Switch& sw, const Port& port, const PortState& latest) {
    PrioritySet lossless = port.qos.pfcPriorities();
    std::set<int> queues_seen;
    std::set<int> pgs_seen;
    for (int p = 0; p < 8; ++p) {
      if (!lossless.test(static_cast<std::size_t>(p))) continue;
      std::optional<int> queue = queueOfPfcPriority(sw, port, p);
      if (queue && queues_seen.insert(*queue).second) {
        auto it = latest.queues.find(*queue);
        bool multicast = it != latest.queues.end() && it->second.multicast;
        auto drops = portEvidence(sw, port.name, [q = *queue](const PortState& s) -> const std::optional<StateValue>* {
          auto qs = s.queues.find(q);
          return qs == s.queues.end() ? nullptr : &qs->second.dropped_packets;
        });
        if (!multicast && drops && drops->value > 0) {
          Finding& f = sink.add(
              at(sw, port.name, p, drops->src,
                 fmt::format("lossless queue {} of {} {} (priority {}) dropped packets ({}): lossless traffic is "
                             "lost, RoCE retransmits",
                             *queue, sw.name, port.name, p, describeEvidence(*drops)),
                 fmt::format("find why queue {} drops (the PFC watchdog dropping a storm, a peer that ignores "
                             "pause on priority {}, too little egress buffer) and correct it",
                             *queue, p)));
          f.related.push_back(losslessPriorities(port));
        }
      }
      int pg = priorityGroupOfTc(sw, port, p);
      if (isLosslessPg(sw, port, pg) != true || !pgs_seen.insert(pg).second) continue;
      auto pg_drops = portEvidence(sw, port.name, [pg](const PortState& s) -> const std::optional<StateValue>* {
        auto it = s.pgs.find(pg);
        return it == s.pgs.end() ? nullptr : &it->second.dropped_packets;
      });
      if (!pg_drops || pg_drops->value == 0) continue;
      Finding& f =
          sink.add(at(sw, port.name, p, pg_drops->src,
                      fmt::format("lossless PG {} of {} {} (priority {}) dropped packets at ingress ({}): its "
                                  "headroom did not absorb what arrived after the pause was sent",
                                  pg, sw.name, port.name, p, describeEvidence(*pg_drops)),
                      fmt::format("give PG {} of {} {} more headroom (xoff) for its cable length and speed, or "
                                  "check that the peer obeys pause on priority {}",
                                  pg, sw.name, port.name, p)));
      if (const PriorityGroup* assigned = port.pgs[pg]; assigned != nullptr && assigned->profile) {
        f.related.push_back(related(fmt::format("PG {} buffer profile", pg), assigned->profile->src));
      } else {
        f.related.push_back(losslessPriorities(port));
      }
    }
  });
}

// ST003: the PFC watchdog found a pause storm.
void watchdogStorms(const RuleContext& ctx, FindingSink& sink) {
  forEachPortWithState(ctx.fabric, [&](const Switch& sw, const Port& port, const PortState& latest) {
    for (const auto& [queue, state] : latest.queues) {
      auto storms = portEvidence(sw, port.name, [q = queue](const PortState& s) -> const std::optional<StateValue>* {
        auto it = s.queues.find(q);
        return it == s.queues.end() ? nullptr : &it->second.wd_storms_detected;
      });
      if (!storms || storms->value == 0) continue;
      std::optional<int> priority;
      for (int p = 0; p < 8 && !priority; ++p) {
        if (queueOfPfcPriority(sw, port, p) == queue) priority = p;
      }
      std::string now = state.wd_status ? fmt::format("; the queue is {} now", state.wd_status->value) : std::string();
      Finding& f = sink.add(at(
          sw, port.name, priority, storms->src,
          fmt::format("the PFC watchdog of {} {} detected pause storms on queue {}{} ({}){}: the device behind {} "
                      "kept pausing it (a stuck NIC, a deadlock) until the watchdog stepped in and applied its action "
                      "to the queue's traffic",
                      sw.name, port.name, queue, priority ? fmt::format(", priority {}", *priority) : std::string(),
                      describeEvidence(*storms), now, port.name),
          fmt::format("find the device on {} {} that sends pause frames without end (its NIC's pause counters) and "
                      "correct it",
                      sw.name, port.name)));
      if (port.watchdog && port.watchdog->src.known()) {
        f.related.push_back(related(fmt::format("{} PFC watchdog configuration", port.name), port.watchdog->src));
      } else {
        f.related.push_back(losslessPriorities(port));
      }
    }
  });
}

/// Where a route sends traffic, by next switch: "sw1 by Ethernet8", "ECMP: spine1 by Ethernet0 and spine2
/// by PortChannel1 (Ethernet4, Ethernet8)", "its own servers", "nowhere".
std::string describeNextHops(const Fabric& fabric, const SwitchGraph& graph, const std::vector<std::uint32_t>& arcs,
                             bool delivers) {
  std::vector<std::pair<std::string, std::vector<std::string>>> by_switch;
  for (std::uint32_t a : arcs) {
    const Arc& arc = graph.arc(a);
    const Switch& from = fabric.sw(arc.from);
    const std::string& next = fabric.switches[arc.to.sw].name;
    std::string port = portOrLagName(from, fabric.port(arc.from));
    auto it = std::find_if(by_switch.begin(), by_switch.end(), [&](const auto& e) { return e.first == next; });
    if (it == by_switch.end()) it = by_switch.insert(by_switch.end(), {next, {}});
    if (std::find(it->second.begin(), it->second.end(), port) == it->second.end()) it->second.push_back(port);
  }
  std::vector<std::string> parts;
  for (const auto& [next, ports] : by_switch) {
    std::string list;
    for (const std::string& p : ports) list += (list.empty() ? "" : " and ") + p;
    parts.push_back(fmt::format("{} by {}", next, list));
  }
  if (delivers) parts.emplace_back("its own servers (connected)");
  if (parts.empty()) return "nowhere (it drops the traffic)";
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return by_switch.size() > 1 ? "ECMP: " + text : text;
}

// ST004: a switch's installed route differs from the route its configuration gives.
void installedRouteDiffers(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  bool any = std::any_of(fabric.switches.begin(), fabric.switches.end(), [](const Switch& sw) {
    return std::any_of(sw.state.begin(), sw.state.end(), [](const SwitchState& s) { return s.has_routes; });
  });
  if (!any) return;
  SwitchGraph graph(fabric);
  Destinations dest =
      collectDestinations(graph, {ctx.params.roce_destinations_loopbacks, ctx.params.roce_destinations_links});
  for (const RouteDifference& diff : installedRouteDifferences(graph, dest)) {
    const Switch& sw = fabric.switches[diff.sw];
    const InstalledNextHops& installed = dest.installed[diff.installed];
    const std::string& prefix = dest.prefixes[diff.prefix].text;
    std::string computed = describeNextHops(fabric, graph, diff.computed_arcs, diff.computed_delivers);
    std::string why;
    switch (diff.computed) {
      case ForwardKind::Local:
        why = "connected";
        break;
      case ForwardKind::Static:
        why = diff.static_route ? fmt::format("static route {}", diff.static_route->prefix) : "static route";
        break;
      case ForwardKind::Learned:
        why = sw.asn ? "BGP" : "shortest path";
        break;
      default:
        why = "no route";
        break;
    }
    std::string config = diff.computed == ForwardKind::Drop
                             ? std::string("its configuration gives it no route")
                             : fmt::format("its configuration routes it to {} ({})", computed, why);
    std::string unresolved;
    for (const std::string& u : installed.unresolved) unresolved += (unresolved.empty() ? "" : ", ") + u;
    if (!unresolved.empty()) {
      unresolved = fmt::format("; next hop{} {} lead{} to no link or interface of {} in the configuration",
                               installed.unresolved.size() == 1 ? "" : "s", unresolved,
                               installed.unresolved.size() == 1 ? "s" : "", sw.name);
    }
    std::string message;
    std::string fix;
    SourceRef where;
    std::string port;
    if (installed.route == nullptr) {
      message = fmt::format(
          "{} has no installed route for {} (no entry of its route table covers it, not even a default route), but "
          "{}: the deadlock analysis follows the route table, where the switch drops the traffic",
          sw.name, prefix, config);
      fix = fmt::format(
          "find why {} has no route for {} (a BGP session down, a route filter, a link nobody noticed failed) and "
          "correct the switch or the configuration so they agree",
          sw.name, prefix);
      where = installed.table.known() ? installed.table : switchLocation(sw);
    } else {
      const InstalledRoute& route = *installed.route;
      std::string kind = route.protocol.empty() ? std::string() : fmt::format(" ({})", route.protocol);
      std::string target = route.blackhole
                               ? std::string("a blackhole (it drops the traffic)")
                               : describeNextHops(fabric, graph, installed.arcs, !installed.exit_ports.empty());
      message = fmt::format(
          "{} forwards {} by its installed route {}{} to {}{}, but {}: the deadlock analysis follows the installed "
          "route",
          sw.name, prefix, route.prefix, kind, target, unresolved, config);
      fix = fmt::format(
          "find why {} installed this route (a static route or route policy the configuration does not show, a "
          "failed link or BGP session) and correct the switch or the configuration so they agree",
          sw.name);
      where = route.src;
    }
    const std::vector<std::uint32_t>& arcs = !installed.arcs.empty() ? installed.arcs : diff.computed_arcs;
    if (!arcs.empty()) port = fabric.port(graph.arc(arcs.front()).from).name;
    Finding& f = sink.add(at(sw, port, std::nullopt, where, message, fix));
    if (diff.static_route != nullptr) {
      f.related.push_back(related(fmt::format("static route {} of the configuration", diff.static_route->prefix),
                                  diff.static_route->src));
    } else if (diff.session >= 0) {
      const BgpNeighbor& nb = sw.bgp_neighbors[static_cast<std::size_t>(diff.session)];
      f.related.push_back(
          related(fmt::format("BGP neighbour {} of the computed route", nb.address.empty() ? nb.interface : nb.address),
                  nb.src));
    }
  }
}

}  // namespace

void registerStRules(std::vector<Rule>& rules) {
  rules.push_back({"ST001", Severity::Warning,
                   "pause frames received on a priority the port does not treat as lossless", pausesOnLossyPriority});
  rules.push_back({"ST002", Severity::Error, "a lossless queue or PG dropped packets", dropsOnLosslessPriority});
  rules.push_back({"ST003", Severity::Warning, "the PFC watchdog detected pause storms", watchdogStorms});
  rules.push_back({"ST004", Severity::Warning, "an installed route differs from the route the configuration gives",
                   installedRouteDiffers});
}

}  // namespace rocelint::rules
