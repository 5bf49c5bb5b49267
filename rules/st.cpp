// ST: evidence from a running fabric (issue 16) against its configuration: counters and watchdog
// state read into Switch::state, each finding at the counter and naming the configuration line it
// contradicts as a related location.

#include <fmt/format.h>

#include <map>
#include <set>

#include "families.hpp"
#include "rocelint/pause_tree.hpp"
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
      // A queue still stormed whose storm was detected before the first snapshot counts 0 new storms.
      bool stormed_now = state.wd_status && state.wd_status->value == "stormed";
      if (!stormed_now && (!storms || storms->value == 0)) continue;
      SourceRef where = storms && storms->value > 0 ? storms->src : state.wd_status->src;
      std::string counted = storms ? describeEvidence(*storms) : std::string("no storm count");
      if (storms && storms->value == 0 && storms->delta) counted += ", the storm began before the first snapshot";
      std::optional<int> priority;
      for (int p = 0; p < 8 && !priority; ++p) {
        if (queueOfPfcPriority(sw, port, p) == queue) priority = p;
      }
      std::string now = state.wd_status ? fmt::format("; the queue is {} now", state.wd_status->value) : std::string();
      Finding& f = sink.add(at(
          sw, port.name, priority, where,
          fmt::format("the PFC watchdog of {} {} detected pause storms on queue {}{} ({}){}: the device behind {} "
                      "kept pausing it (a stuck NIC, a deadlock) until the watchdog stepped in and applied its action "
                      "to the queue's traffic",
                      sw.name, port.name, queue, priority ? fmt::format(", priority {}", *priority) : std::string(),
                      counted, now, port.name),
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

// ST005: a lossless PG's headroom watermark came within the margin of its profile's xoff.
void headroomWatermarkNearXoff(const RuleContext& ctx, FindingSink& sink) {
  const int margin = ctx.params.headroom_watermark_margin_pct;
  forEachPortWithState(ctx.fabric, [&](const Switch& sw, const Port& port, const PortState& latest) {
    PrioritySet lossless = port.qos.pfcPriorities();
    std::set<int> pgs_seen;
    for (int p = 0; p < 8; ++p) {
      if (!lossless.test(static_cast<std::size_t>(p))) continue;
      int pg = priorityGroupOfTc(sw, port, p);
      if (pg < 0 || pg > 7 || isLosslessPg(sw, port, pg) != true || !pgs_seen.insert(pg).second) continue;
      const PriorityGroup* assigned = port.pgs[static_cast<std::size_t>(pg)];
      const BufferProfile* profile = assigned != nullptr ? pgProfile(sw, *assigned) : nullptr;
      // A dynamic-headroom profile has no xoff in the configuration: nothing to hold the peak against.
      if (profile == nullptr || !profile->xoff_bytes || profile->xoff_bytes->value == 0) continue;
      auto it = latest.pgs.find(pg);
      if (it == latest.pgs.end() || !it->second.headroom_watermark_bytes) continue;
      // A watermark is a peak, not a count: the latest snapshot's as it is.
      const StateValue& peak = *it->second.headroom_watermark_bytes;
      const std::uint64_t xoff = profile->xoff_bytes->value;
      // peak >= xoff * (100 - margin) / 100, in integers.
      if (peak.value * 100 < xoff * static_cast<std::uint64_t>(100 - margin)) continue;
      const std::uint64_t percent = peak.value * 100 / xoff;  // floor: 100% only when it filled
      std::string how =
          peak.value >= xoff ? std::string("it filled its headroom") : fmt::format("within the {}% margin", margin);
      Finding& f = sink.add(
          at(sw, port.name, p, peak.src,
             fmt::format("the headroom watermark of lossless PG {} of {} {} (priority {}) is {} bytes, {}% of the {} "
                         "bytes of headroom (xoff) of its profile {}, {}: the headroom is too small in practice, a "
                         "longer burst after a pause overflows it and drops lossless packets",
                         pg, sw.name, port.name, p, peak.value, percent, xoff, profile->name, how),
             fmt::format("give PG {} of {} {} more headroom than {} bytes (raise xoff of {}, and check the cable "
                         "length, speed and MTU it was sized for)",
                         pg, sw.name, port.name, xoff, profile->name)));
      f.related.push_back(related(fmt::format("{} xoff {}", profile->name, xoff), profile->xoff_bytes->src));
    }
  });
}

/// A sum of counters, as one piece of evidence: a delta only when every part is one.
struct EvidenceSum {
  std::uint64_t value = 0;
  bool delta = true;
  int parts = 0;

  void add(const Evidence& e) {
    value += e.value;
    delta = delta && e.delta;
    ++parts;
  }
  [[nodiscard]] std::string describe() const { return describeEvidence(Evidence{value, {}, delta, {}}); }
};

// ST006: a switch paused its upstream on a lossless priority while its queues of that priority marked no ECN.
void pausedWithoutEcnMarks(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    if (sw.state.empty()) continue;
    const SwitchState& latest = sw.state.back();
    for (int p = 0; p < 8; ++p) {
      EvidenceSum paused;
      const Port* top_port = nullptr;
      std::optional<Evidence> top;
      EvidenceSum marked;
      EvidenceSum packets;
      const Port* busiest_queue_port = nullptr;
      int busiest_queue = -1;
      std::optional<Evidence> busiest_marks;
      std::uint64_t busiest_packets = 0;
      std::vector<RelatedLocation> ecn_config;
      std::set<std::string> profiles_seen;
      bool unbound_seen = false;
      for (const Port& port : sw.ports) {
        if (latest.ports.count(port.name) == 0 || !port.qos.pfcPriorities().test(static_cast<std::size_t>(p))) continue;
        auto tx = portEvidence(sw, port.name, [p](const PortState& s) { return &s.pfc_tx_frames[std::size_t(p)]; });
        if (tx && tx->value > 0) {
          paused.add(*tx);
          if (!top || tx->value > top->value) {
            top = tx;
            top_port = &port;
          }
        }
        // The egress queue of priority p's traffic class is where congestion builds and ECN marks.
        int q = queueOfTc(sw, port, p);
        const PortState& state = latest.ports.at(port.name);
        auto qs = state.queues.find(q);
        if (qs == state.queues.end() || qs->second.multicast) continue;
        auto marks = portEvidence(sw, port.name, [q](const PortState& s) -> const std::optional<StateValue>* {
          auto it = s.queues.find(q);
          return it == s.queues.end() ? nullptr : &it->second.ecn_marked_packets;
        });
        if (!marks) continue;
        marked.add(*marks);
        auto sent = portEvidence(sw, port.name, [q](const PortState& s) -> const std::optional<StateValue>* {
          auto it = s.queues.find(q);
          return it == s.queues.end() ? nullptr : &it->second.packets;
        });
        std::uint64_t n = sent ? sent->value : 0;
        if (sent) packets.add(*sent);
        if (busiest_queue_port == nullptr || n > busiest_packets) {
          busiest_queue_port = &port;
          busiest_queue = q;
          busiest_marks = marks;
          busiest_packets = n;
        }
        const PortQueue* queue = port.queue(q);
        if (queue != nullptr && queue->wred_profile) {
          if (!profiles_seen.insert(queue->wred_profile->name).second) continue;
          auto w = sw.wred_profiles.find(queue->wred_profile->name);
          std::string what =
              w != sw.wred_profiles.end() && w->second.ecn
                  ? fmt::format("ECN profile {} (ecn {}) on queue {} of {}", queue->wred_profile->name,
                                w->second.ecn->value, q, port.name)
                  : fmt::format("ECN profile {} on queue {} of {}", queue->wred_profile->name, q, port.name);
          ecn_config.push_back(related(what, queue->wred_profile->src));
        } else if (!unbound_seen) {
          unbound_seen = true;
          ecn_config.push_back(related(fmt::format("queue {} of {} has no ECN profile configured", q, port.name),
                                       queue != nullptr ? queue->src : qosLocation(port)));
        }
      }
      if (paused.value == 0 || marked.parts == 0 || marked.value > 0) continue;
      std::string traffic = packets.parts > 0 && packets.value > 0
                                ? fmt::format(", while they sent {} packets", packets.value)
                                : std::string();
      Finding& f = sink.add(
          at(sw, top_port->name, p, top->src,
             fmt::format("{} sent PFC pause frames on lossless priority {} ({}; most on {}: {}), but its {} queue{} of "
                         "priority {} marked no packet with ECN ({}{}): ECN fires after PFC in practice, if at all, so "
                         "the senders are paused before congestion control slows them",
                         sw.name, p, paused.describe(), top_port->name, top->value, marked.parts,
                         marked.parts == 1 ? "" : "s", p, marked.describe(), traffic),
             fmt::format("make the ECN marking of {}'s lossless queues of priority {} start before the PGs reach xoff "
                         "(lower the WRED/ECN min and max thresholds below the pause point, or bind an ECN profile "
                         "where none is)",
                         sw.name, p)));
      if (busiest_marks) {
        f.related.push_back(related(
            fmt::format("queue {} of {}: {} ECN-marked", busiest_queue, busiest_queue_port->name, busiest_marks->value),
            busiest_marks->src));
      }
      for (RelatedLocation& r : ecn_config) f.related.push_back(std::move(r));
    }
  }
}

/// "spine1 Ethernet4", "gpu-node-1 (a host)", "the device behind it": where a hop's pauses went.
std::string pausedPeer(const Fabric& fabric, const PauseHop& hop) {
  if (hop.peer) return fmt::format("{} {}", fabric.sw(*hop.peer).name, fabric.port(*hop.peer).name);
  return hop.peer_name.empty() ? std::string("the device behind it") : hop.peer_name;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// ST007: one pause propagation tree, with its root, depth and reach.
void pauseTree(const RuleContext& ctx, FindingSink& sink) {
  constexpr std::size_t kHopsListed = 16;
  const Fabric& fabric = ctx.fabric;
  for (const PauseTree& tree : pauseTrees(fabric)) {
    const int p = tree.priority;
    const Switch& root = fabric.switches[tree.root_switch];
    const Switch& at_sw = fabric.sw(tree.root_port);
    const std::string& at_port = fabric.port(tree.root_port).name;
    std::string reach =
        fmt::format("the pauses crossed up to {} and reached {} and {} ({})", plural(tree.depth, "link", "links"),
                    plural(tree.switches, "switch", "switches"), plural(tree.ports, "port", "ports"),
                    tree.delta ? "counted between the snapshots" : "totals since the counters were last cleared");
    std::size_t others = 0;
    for (const PauseHop& hop : tree.hops) others += hop.port.sw == tree.root_switch && hop.depth == 1;
    std::string message;
    std::string fix;
    switch (tree.kind) {
      case PauseRootKind::CongestionPoint:
        message = fmt::format(
            "pause tree on priority {} rooted at {}, a congestion point: {} sent {} pause frames ({} on {}{}) while "
            "none of its ports was paused, so an egress queue of it could not drain (typically an incast toward a "
            "receiver behind it); {}",
            p, root.name, root.name, tree.root_sent, tree.root_evidence.value, at_port,
            others > 1 ? fmt::format(", the rest on {}", plural(others - 1, "other port", "other ports"))
                       : std::string(),
            reach);
        fix = fmt::format(
            "find the congested egress of {} on priority {} (the receiver of an incast: its queue counters and ECN "
            "marks) and relieve it: ECN marking before PFC (ST006), congestion control on the senders, the traffic "
            "spread over more receivers",
            root.name, p);
        break;
      case PauseRootKind::HostPauses: {
        std::string who = tree.host.empty() ? std::string("the device") : tree.host;
        message = fmt::format(
            "pause tree on priority {} rooted at {} behind {} {}: it paused the switch (pause frames received: {}), "
            "a storm source when it does not stop (a NIC that cannot drain what it receives); {}",
            p, who, at_sw.name, at_port, describeEvidence(tree.root_evidence), reach);
        fix = fmt::format(
            "find why {} keeps pausing {} {} on priority {} (its NIC's pause counters, a stuck or slow receiver) and "
            "correct it; a PFC watchdog on {} {} contains such a storm",
            who, at_sw.name, at_port, p, at_sw.name, at_port);
        break;
      }
      case PauseRootKind::Unobserved:
        message = fmt::format(
            "pause tree on priority {} coming from {}, which has no live state: it paused {} {} (pause frames "
            "received: {}) and its own cause is not seen; {}",
            p, root.name, at_sw.name, at_port, describeEvidence(tree.root_evidence), reach);
        fix = fmt::format("collect the counters of {} as well to find the root of the pauses on priority {}", root.name,
                          p);
        break;
      case PauseRootKind::NoRoot:
        message = fmt::format(
            "pauses on priority {} circulate among {} with no root: each switch that paused was paused itself, from "
            "{} {} on ({} pause frames sent); a PFC deadlock, or pauses that outlast their cause; {}",
            p, plural(tree.switches, "switch", "switches"), root.name, at_port, tree.root_evidence.value, reach);
        fix = fmt::format(
            "check the buffer dependencies of priority {} for a cycle (DL001) and that the PFC watchdog covers these "
            "ports (WD001); the pauses stop only when one of the switches drops or drains",
            p);
        break;
    }
    Finding& f = sink.add(at(at_sw, at_port, p, tree.root_evidence.src, message, fix));
    for (std::size_t i = 0; i < tree.hops.size() && i < kHopsListed; ++i) {
      const PauseHop& hop = tree.hops[i];
      f.related.push_back(
          related(fmt::format("depth {}: {} {} sent {} pause frames to {}", hop.depth, fabric.sw(hop.port).name,
                              fabric.port(hop.port).name, hop.sent.value, pausedPeer(fabric, hop)),
                  hop.sent.src));
    }
    if (tree.hops.size() > kHopsListed) {
      f.related.push_back(
          related(fmt::format("{} not listed", plural(tree.hops.size() - kHopsListed, "more hop", "more hops")),
                  tree.hops[kHopsListed].sent.src));
    }
  }
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
  rules.push_back({"ST005", Severity::Warning, "a lossless PG's headroom watermark came close to its xoff",
                   headroomWatermarkNearXoff});
  rules.push_back({"ST006", Severity::Warning, "a switch paused its upstream on a lossless priority and marked no ECN",
                   pausedWithoutEcnMarks});
  rules.push_back({"ST007", Severity::Warning, "a pause propagation tree and its root", pauseTree});
}

}  // namespace rocelint::rules
