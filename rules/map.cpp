// MAP: classification DSCP -> TC -> PG / queue, and whether lossless traffic stays lossless.

#include <fmt/format.h>

#include <map>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

SourceRef dscpEntryLocation(const Switch& sw, const Port& port, int dscp) {
  if (const QosMap* map = boundMap(sw, port, MapKind::DscpToTc)) {
    if (const auto* entry = map->find(dscp)) return entry->src;
    return map->src;
  }
  if (const Reference* ref = mapBinding(sw, port, MapKind::DscpToTc)) return ref->src;
  return qosLocation(port);
}

SourceRef mapEntryLocation(const Switch& sw, const Port& port, MapKind kind, int from) {
  if (const QosMap* map = boundMap(sw, port, kind)) {
    if (const auto* entry = map->find(from)) return entry->src;
    return map->src;
  }
  if (const Reference* ref = mapBinding(sw, port, kind)) return ref->src;
  return qosLocation(port);
}

std::string boundName(const Switch& sw, const Port& port, MapKind kind) {
  const Reference* ref = mapBinding(sw, port, kind);
  return ref ? ref->name : "(none bound)";
}

// The RoCE path: switch-to-switch ports, and host ports that run PFC (a host port without any PFC
// priority faces a non-RDMA server on purpose; PFC002 has the same view).
bool onRocePath(const Fabric& fabric, const Switch& sw, const Port& port) {
  if (!isConnected(sw, port) || !classifiesByDscp(port)) return false;  // PCP-trust ports ignore DSCP
  if (!port.neighbor) return true;                                      // connectivity unknown: a used port with PFC
  return fabric.findSwitch(port.neighbor->device) != nullptr || port.qos.pfcPriorities().any();
}

void losslessDscpTurnsLossy(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  for (int dscp : ctx.params.roce_dscps) {
    const Switch* lossless_sw = nullptr;
    const Port* lossless_port = nullptr;
    for (const Switch& sw : fabric.switches) {
      for (const Port& port : sw.ports) {
        if (onRocePath(fabric, sw, port) && isLosslessDscp(sw, port, dscp)) {
          lossless_sw = &sw;
          lossless_port = &port;
          break;
        }
      }
      if (lossless_sw) break;
    }
    if (lossless_sw == nullptr) continue;
    int lossless_tc = trafficClassOfDscp(*lossless_sw, *lossless_port, dscp);
    for (const Switch& sw : fabric.switches) {
      std::vector<const Port*> lossy;
      for (const Port& port : sw.ports) {
        if (onRocePath(fabric, sw, port) && !isLosslessDscp(sw, port, dscp)) lossy.push_back(&port);
      }
      if (lossy.empty()) continue;
      const Port& first = *lossy.front();
      int tc = trafficClassOfDscp(sw, first, dscp);
      std::string why =
          first.qos.pfcPriorities().test(static_cast<std::size_t>(tc))
              ? fmt::format("its PG {} has no lossless buffer profile", priorityGroupOfTc(sw, first, tc))
              : fmt::format("PFC is not enabled on priority {} ({} {})", tc, placeholder(Term::PfcPriorities),
                            formatPrioritySet(first.qos.pfcPriorities()));
      std::string ports = first.name;
      for (std::size_t i = 1; i < lossy.size() && i < 4; ++i) ports += ", " + lossy[i]->name;
      if (lossy.size() > 4) ports += ", ...";
      Finding& f = sink.add(at(
          sw, first.name, tc, dscpEntryLocation(sw, first, dscp),
          fmt::format("RoCE DSCP {} is lossless on {} {} (TC {}) but {} classifies it into TC {}, "
                      "which is lossy: {}; affects {} port(s) on the RoCE path: {}",
                      dscp, lossless_sw->name, lossless_port->name, lossless_tc, sw.name, tc, why, lossy.size(), ports),
          MapDscpToLosslessTc{first.name, dscp, lossless_tc, lossless_sw->name}));
      f.related.push_back(related(fmt::format("DSCP {} is lossless on {}", dscp, lossless_sw->name),
                                  dscpEntryLocation(*lossless_sw, *lossless_port, dscp)));
      if (first.qos.pfc_enable)
        f.related.push_back(related(placeholder(Term::PfcPriorities), first.qos.pfc_enable->src));
    }
  }
}

void linkDscpPriorityDiffers(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  for (int dscp : ctx.params.roce_dscps) {
    for (const Link& link : fabric.links) {
      auto [first, second] = orderedEnds(fabric, link);
      const Switch& s1 = fabric.sw(first);
      const Switch& s2 = fabric.sw(second);
      const Port& p1 = fabric.port(first);
      const Port& p2 = fabric.port(second);
      if (!classifiesByDscp(p1) || !classifiesByDscp(p2)) continue;
      if (!isLosslessDscp(s1, p1, dscp) || !isLosslessDscp(s2, p2, dscp)) continue;
      int tc1 = trafficClassOfDscp(s1, p1, dscp);
      int tc2 = trafficClassOfDscp(s2, p2, dscp);
      if (tc1 == tc2) continue;
      Finding& f =
          sink.add(at(s1, p1.name, tc1, dscpEntryLocation(s1, p1, dscp),
                      fmt::format("RoCE DSCP {} is lossless on priority {} at {} {} but on priority {} at {} {}: "
                                  "pause frames for it are sent and honoured on different priorities",
                                  dscp, tc1, s1.name, p1.name, tc2, s2.name, p2.name),
                      fmt::format("map DSCP {} to the same traffic class on both ends", dscp)));
      f.related.push_back(
          related(fmt::format("DSCP {} on {} {}", dscp, s2.name, p2.name), dscpEntryLocation(s2, p2, dscp)));
    }
  }
}

void losslessTcInLossyPg(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    GroupedFindings groups;
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      for (int p = 0; p < 8; ++p) {
        if (!pfc.test(static_cast<std::size_t>(p))) continue;
        int pg = priorityGroupOfTc(sw, port, p);
        if (pg >= 0 && pg < 8 && pfc.test(static_cast<std::size_t>(pg))) continue;
        std::string map_name = boundName(sw, port, MapKind::TcToPg);
        groups.add(
            map_name, p, port.name,
            at(sw, port.name, p, mapEntryLocation(sw, port, MapKind::TcToPg, p),
               mapBinding(sw, port, MapKind::TcToPg) == nullptr
                   ? fmt::format("lossless TC {} on {} {} lands in PG {}: no tc_to_pg_map is bound, so every TC "
                                 "uses PG 0 (the SAI default), which is not a lossless PG ({} {})",
                                 p, sw.name, port.name, pg, placeholder(Term::PfcPriorities), formatPrioritySet(pfc))
                   : fmt::format("lossless TC {} on {} {} is mapped by {} {} to PG {}, which "
                                 "is not a lossless PG ({} {})",
                                 p, sw.name, port.name, placeholder(Term::TcToPgMap), map_name, pg,
                                 placeholder(Term::PfcPriorities), formatPrioritySet(pfc)),
               mapBinding(sw, port, MapKind::TcToPg) == nullptr
                   ? fmt::format("bind a {} on {} that puts TC {} in PG {}", placeholder(Term::TcToPgBinding),
                                 port.name, p, p)
                   : fmt::format("map TC {} to PG {} in {} {}", p, p, placeholder(Term::TcToPgMap), map_name)));
      }
    }
    groups.flush(sink);
  }
}

void losslessQueueShared(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    GroupedFindings groups;
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      const QosMap* map = boundMap(sw, port, MapKind::TcToQueue);
      if (map == nullptr) continue;  // unbound: identity, nothing shared
      for (int p = 0; p < 8; ++p) {
        if (!pfc.test(static_cast<std::size_t>(p))) continue;
        int queue = queueOfTc(sw, port, p);
        for (const auto& [tc, entry] : map->entries) {
          if (tc == p || (tc < 8 && pfc.test(static_cast<std::size_t>(tc))) || entry.value != queue) continue;
          groups.add(map->name, p, port.name,
                     at(sw, port.name, p, entry.src,
                        fmt::format("lossless TC {} shares egress queue {} with lossy TC {} ({} {}) on {} "
                                    "{}: PFC pauses of the lossless class also stall the lossy one, and lossy bursts "
                                    "fill the lossless queue",
                                    p, queue, tc, placeholder(Term::TcToQueueMap), map->name, sw.name, port.name),
                        fmt::format("map lossy TC {} to a queue other than {} in {} {}", tc, queue,
                                    placeholder(Term::TcToQueueMap), map->name)));
          break;
        }
      }
    }
    groups.flush(sink);
  }
}

void pauseHitsWrongQueue(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    GroupedFindings groups;
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      for (int p = 0; p < 8; ++p) {
        if (!pfc.test(static_cast<std::size_t>(p))) continue;
        int queue = queueOfTc(sw, port, p);
        std::optional<int> paused = queueOfPfcPriority(sw, port, p);
        if (paused && *paused == queue) continue;
        std::string map_name = boundName(sw, port, MapKind::PfcToQueue);
        std::string paused_text = paused ? fmt::format("queue {}", *paused) : std::string("no queue (no entry)");
        groups.add(
            map_name, p, port.name,
            at(sw, port.name, p, mapEntryLocation(sw, port, MapKind::PfcToQueue, p),
               fmt::format("a PFC pause for priority {} on {} {} stops {} (MAP_PFC_PRIORITY_TO_QUEUE {}), but TC "
                           "{} is sent from queue {}: the sender keeps transmitting into a paused peer",
                           p, sw.name, port.name, paused_text, map_name, p, queue),
               fmt::format("map PFC priority {} to queue {} in MAP_PFC_PRIORITY_TO_QUEUE {}", p, queue, map_name)));
      }
    }
    groups.flush(sink);
  }
}

// A remark (TC_TO_DSCP on egress) that moves a lossless class to another priority at the next hop,
// while the class still leaves from the queue of its own TC: the next hop pauses the new priority,
// which stops another queue here, so the remarked class is neither paused nor protected.
void remarkLeavesUnpausedQueue(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  for (const Link& link : fabric.links) {
    for (auto [from, to] : {std::pair{link.a, link.b}, std::pair{link.b, link.a}}) {
      const Switch& sw = fabric.sw(from);
      const Port& out = fabric.port(from);
      const Switch& next = fabric.sw(to);
      const Port& in = fabric.port(to);
      const QosMap* remark = boundMap(sw, out, MapKind::TcToDscp);
      if (remark == nullptr || !isConnected(sw, out) || !isConnected(next, in) || !classifiesByDscp(in)) continue;
      PrioritySet pfc_out = out.qos.pfcPriorities();
      PrioritySet pfc_in = in.qos.pfcPriorities();
      for (const auto& [tc, entry] : remark->entries) {
        if (tc < 0 || tc > 7 || entry.value < 0 || entry.value > 63) continue;
        if (!pfc_out.test(static_cast<std::size_t>(tc))) continue;  // a lossy class here: nothing to protect
        int next_priority = trafficClassOfDscp(next, in, entry.value);
        if (next_priority == tc || next_priority < 0 || next_priority > 7) continue;  // same priority: MAP005
        if (!pfc_in.test(static_cast<std::size_t>(next_priority)) ||
            !isLosslessPg(next, in, priorityGroupOfTc(next, in, next_priority)).value_or(true)) {
          continue;  // remarked into a lossy class at the next hop: not a pause question
        }
        if (!pfc_out.test(static_cast<std::size_t>(next_priority))) continue;  // pauses ignored: PFC001
        int queue = queueOfTc(sw, out, tc);
        std::optional<int> paused = queueOfPfcPriority(sw, out, next_priority);
        if (paused && *paused == queue) continue;
        std::string paused_text = paused ? fmt::format("queue {}", *paused) : std::string("no queue");
        std::string message = fmt::format(
            "{} {} on {} {} rewrites TC {} to DSCP {}, which {} {} classifies as lossless priority {}, "
            "but the class still leaves from queue {} (its TC's queue) and a priority {} pause stops {} "
            "here: the remarked class is neither paused by {} nor protected from drops there",
            placeholder(Term::TcToDscpMap), remark->name, sw.name, out.name, tc, entry.value, next.name, in.name,
            next_priority, queue, next_priority, paused_text, next.name);
        Finding finding = paused ? at(sw, out.name, tc, entry.src, std::move(message),
                                      FixAction{MapTcToQueue{out.name, tc, *paused, next_priority, next.name}})
                                 : at(sw, out.name, tc, entry.src, std::move(message),
                                      fmt::format("map PFC priority {} to queue {} in the {} of {}", next_priority,
                                                  queue, placeholder(Term::PfcToQueueMap), out.name));
        Finding& f = sink.add(std::move(finding));
        f.related.push_back(related(fmt::format("DSCP {} on {} {}", entry.value, next.name, in.name),
                                    dscpEntryLocation(next, in, entry.value)));
      }
    }
  }
}

// MAP007: DCQCN's congestion feedback, the CNP (DSCP params.cnp_dscp), leaves every RoCE-path port
// from the queue its class maps to. The vendors' RoCE designs serve that queue by strict priority
// (Cumulus' RoCE default, Juniper's AI fabric, Huawei's and H3C's lossless guides), so the feedback
// overtakes the data it throttles. Judged where the queue's scheduling is configured (or a format
// states its default); an unscheduled queue is left to the platform.
void cnpQueueNotStrict(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  bool lossless = false;
  for (const Switch& sw : fabric.switches) {
    for (const Port& port : sw.ports) lossless = lossless || port.qos.pfcPriorities().any();
  }
  if (!lossless) return;  // no lossless priorities: no DCQCN fabric to protect
  int dscp = ctx.params.cnp_dscp;
  for (const Switch& sw : fabric.switches) {
    GroupedFindings groups;
    for (const Port& port : sw.ports) {
      if (!onRocePath(fabric, sw, port)) continue;
      int tc = trafficClassOfDscp(sw, port, dscp);
      int queue = queueOfTc(sw, port, tc);
      const PortQueue* pq = port.queue(queue);
      if (pq == nullptr || !pq->scheduler) continue;
      auto it = sw.schedulers.find(pq->scheduler->name);
      if (it == sw.schedulers.end()) continue;  // undefined: CFG002
      const Scheduler& sched = it->second;
      std::string type = sched.type ? sched.type->value : "WRR";
      if (type == "STRICT") continue;
      std::string how = sched.type ? type : "WRR (the default type)";
      if (sched.weight) how += fmt::format(" weight {}", sched.weight->value);
      Finding f = at(sw, port.name, tc, pq->scheduler->src,
                     fmt::format("CNPs (DSCP {}) leave {} {} from egress queue {} (TC {}), which {} {} serves by {}, "
                                 "not strict priority: under load the congestion notifications wait behind data, so "
                                 "the senders slow down late and the lossless queues fill toward PFC",
                                 dscp, sw.name, port.name, queue, tc, placeholder(Term::Scheduler), sched.name, how),
                     FixAction{MakeQueueStrict{port.name, queue, tc, sched.name}});
      f.related.push_back(related(fmt::format("{} {}", placeholder(Term::Scheduler), sched.name),
                                  sched.type ? sched.type->src : sched.src));
      f.related.push_back(
          related(fmt::format("DSCP {} classified into TC {}", dscp, tc), dscpEntryLocation(sw, port, dscp)));
      groups.add(fmt::format("{}|{}", sched.name, queue), tc, port.name, std::move(f));
    }
    groups.flush(sink);
  }
}

}  // namespace

void registerMapRules(std::vector<Rule>& rules) {
  rules.push_back({"MAP001", Severity::Error, "a RoCE DSCP is lossless elsewhere but lossy on this switch",
                   losslessDscpTurnsLossy});
  rules.push_back({"MAP002", Severity::Error,
                   "a RoCE DSCP gets different lossless priorities on the two ends of a link",
                   linkDscpPriorityDiffers});
  rules.push_back({"MAP003", Severity::Error, "a lossless traffic class maps to a PG without a lossless profile",
                   losslessTcInLossyPg});
  rules.push_back({"MAP004", Severity::Warning, "a lossless traffic class shares its egress queue with lossy classes",
                   losslessQueueShared});
  rules.push_back({"MAP005", Severity::Error,
                   "the PFC priority->queue map does not pause the queue that carries the class", pauseHitsWrongQueue});
  rules.push_back({"MAP006", Severity::Error,
                   "a remark moves a lossless class to a priority whose pause does not stop the queue it leaves from",
                   remarkLeavesUnpausedQueue});
  rules.push_back({"MAP007", Severity::Warning, "the egress queue of the CNPs (DCQCN feedback) is not strict priority",
                   cnpQueueNotStrict});
}

}  // namespace rocelint::rules
