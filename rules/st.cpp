// ST: evidence from a running fabric (issue 16) against its configuration: counters and watchdog
// state read into Switch::state, each finding at the counter and naming the configuration line it
// contradicts as a related location.

#include <fmt/format.h>

#include <set>

#include "families.hpp"
#include "rocelint/qos.hpp"

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

}  // namespace

void registerStRules(std::vector<Rule>& rules) {
  rules.push_back({"ST001", Severity::Warning,
                   "pause frames received on a priority the port does not treat as lossless", pausesOnLossyPriority});
  rules.push_back({"ST002", Severity::Error, "a lossless queue or PG dropped packets", dropsOnLosslessPriority});
  rules.push_back({"ST003", Severity::Warning, "the PFC watchdog detected pause storms", watchdogStorms});
}

}  // namespace rocelint::rules
