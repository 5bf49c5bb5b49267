// PFC: which priorities pause, on both ends of every link and across the fabric.

#include <fmt/format.h>

#include <array>
#include <bitset>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

int lowest(const PrioritySet& set) {
  for (int p = 0; p < 8; ++p) {
    if (set.test(static_cast<std::size_t>(p))) return p;
  }
  return -1;
}

void linkPfcDiffers(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  for (const Link& link : fabric.links) {
    auto [first, second] = orderedEnds(fabric, link);
    const Port& p1 = fabric.port(first);
    const Port& p2 = fabric.port(second);
    PrioritySet s1 = p1.qos.pfcPriorities();
    PrioritySet s2 = p2.qos.pfcPriorities();
    // A pause one end sends must be obeyed by the other. With symmetric PFC (honoured = sent) this
    // is "the sets are equal"; an end that only obeys (Junos CNP `output` alone) is PFC006's.
    PrioritySet unheeded = (s1 & ~p2.qos.pfcHonoured()) | (s2 & ~p1.qos.pfcHonoured());
    if (unheeded.none()) continue;
    Finding& f = sink.add(at(fabric.sw(first), p1.name, lowest(unheeded), pfcLocation(p1),
                             fmt::format("PFC priorities differ across the link {} {} <-> {} {}: {} here, {} on {}",
                                         fabric.sw(first).name, p1.name, fabric.sw(second).name, p2.name,
                                         formatPrioritySet(s1), formatPrioritySet(s2), fabric.sw(second).name),
                             MakePfcEqualOnLink{p1.name}));
    f.related.push_back(
        related(fmt::format("{} of {} {}", placeholder(Term::PfcPriorities), fabric.sw(second).name, p2.name),
                pfcLocation(p2)));
  }
}

/// DSCPs that a remap gives different classes: a DSCP that ports of the fabric classify into
/// different traffic classes (a dual-ToR tunnel remap classifies by port role), or that a TC→DSCP
/// remark writes on egress for the next hop to classify.
std::bitset<64> remappedDscps(const Fabric& fabric) {
  std::array<std::bitset<8>, 64> classes_of;
  std::bitset<64> remapped;
  for (const Switch& sw : fabric.switches) {
    for (const auto& [name, map] : sw.maps[static_cast<std::size_t>(MapKind::TcToDscp)]) {
      for (const auto& [tc, dscp] : map.entries) {
        if (dscp.value >= 0 && dscp.value < 64) remapped.set(static_cast<std::size_t>(dscp.value));
      }
    }
    for (const Port& port : sw.ports) {
      if (!isConnected(sw, port) || !classifiesByDscp(port) || boundMap(sw, port, MapKind::DscpToTc) == nullptr)
        continue;
      for (int d = 0; d < 64; ++d) {
        int tc = trafficClassOfDscp(sw, port, d);
        if (tc >= 0 && tc < 8) classes_of[static_cast<std::size_t>(d)].set(static_cast<std::size_t>(tc));
      }
    }
  }
  for (std::size_t d = 0; d < 64; ++d) {
    if (classes_of[d].count() > 1) remapped.set(d);
  }
  return remapped;
}

/// The part of a port's difference from the fabric's set that is not a design: an extra lossless
/// priority that the port's own classification sends remapped traffic to is the remap's, and an
/// expected priority that no DSCP reaches on the port carries nothing there.
PrioritySet unexplainedDifference(const Switch& sw, const Port& port, PrioritySet have, PrioritySet expected,
                                  const std::bitset<64>& remapped) {
  PrioritySet diff = have ^ expected;
  if (!classifiesByDscp(port) || boundMap(sw, port, MapKind::DscpToTc) == nullptr) return diff;
  PrioritySet reached;
  PrioritySet remap_targets;
  for (int d = 0; d < 64; ++d) {
    int tc = trafficClassOfDscp(sw, port, d);
    if (tc < 0 || tc > 7) continue;
    reached.set(static_cast<std::size_t>(tc));
    if (remapped.test(static_cast<std::size_t>(d))) remap_targets.set(static_cast<std::size_t>(tc));
  }
  PrioritySet extra = have & ~expected & ~remap_targets;
  PrioritySet missing = expected & ~have & reached;
  return extra | missing;
}

void fabricSetDiffers(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  PrioritySet expected;
  std::string why;
  if (ctx.params.lossless_priorities) {
    for (int p : *ctx.params.lossless_priorities) expected.set(static_cast<std::size_t>(p));
    why = "the configured lossless_priorities";
  } else {
    std::map<unsigned long, int> votes;
    for (const Switch& sw : fabric.switches) {
      for (const Port& port : sw.ports) {
        if (isConnected(sw, port) && port.qos.pfcPriorities().any()) ++votes[port.qos.pfcPriorities().to_ulong()];
      }
    }
    if (votes.empty()) return;
    auto best = votes.begin();
    for (auto it = votes.begin(); it != votes.end(); ++it) {
      if (it->second > best->second) best = it;
    }
    expected = PrioritySet(best->first);
    why = fmt::format("the fabric's most common set ({} ports)", best->second);
  }
  const std::bitset<64> remapped = remappedDscps(fabric);
  for (const Link& link : fabric.links) {
    for (PortRef end : {link.a, link.b}) {
      const Port& port = fabric.port(end);
      // The priorities it sends PFC for, and those of the expected set it obeys (a port that only
      // obeys one is PFC006's; obeying more, as SONiC's pfc_asym does on all 8, is not an outlier).
      PrioritySet have = port.qos.pfcPriorities() | (port.qos.pfcHonoured() & expected);
      if (have == expected || port.isAdminDown()) continue;
      PrioritySet unexplained = unexplainedDifference(fabric.sw(end), port, have, expected, remapped);
      if (unexplained.none()) continue;
      sink.add(
          at(fabric.sw(end), port.name, lowest(unexplained), pfcLocation(port),
             fmt::format("switch-to-switch port {} {} has PFC on {}, but lossless priorities are {} ({})",
                         fabric.sw(end).name, port.name, formatPrioritySet(have), formatPrioritySet(expected), why),
             SetPfcPriorities{port.name, expected, have, egressQueues(fabric.sw(end), port)}));
    }
  }
  for (const Host& host : fabric.hosts) {
    const Port& port = fabric.port(host.attachment);
    PrioritySet have = port.qos.pfcPriorities() | (port.qos.pfcHonoured() & expected);
    if (have.none() || have == expected || port.isAdminDown()) continue;
    PrioritySet unexplained = unexplainedDifference(fabric.sw(host.attachment), port, have, expected, remapped);
    if (unexplained.none()) continue;
    sink.add(at(fabric.sw(host.attachment), port.name, lowest(unexplained), pfcLocation(port),
                fmt::format("host port {} {} (to {}) has PFC on {}, but lossless priorities are {} ({})",
                            fabric.sw(host.attachment).name, port.name, host.name, formatPrioritySet(have),
                            formatPrioritySet(expected), why),
                SetPfcPriorities{port.name, expected, have, egressQueues(fabric.sw(host.attachment), port)}));
  }
}

void tooManyPriorities(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      PrioritySet have = port.qos.pfcPriorities();
      if (static_cast<int>(have.count()) <= ctx.params.max_lossless_priorities) continue;
      sink.add(
          at(sw, port.name, std::nullopt, pfcLocation(port),
             fmt::format("{} {} has {} lossless priorities ({}); the limit is {}: each one needs its own headroom",
                         sw.name, port.name, have.count(), formatPrioritySet(have), ctx.params.max_lossless_priorities),
             "keep RoCE on one or two lossless priorities (typically 3, or 3 and 4)"));
    }
  }
}

void watchdogNotSubset(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      if (!port.qos.pfcwd_sw_enable) continue;
      PrioritySet extra = port.qos.pfcwd_sw_enable->value & ~port.qos.pfcPriorities();
      for (int p = 0; p < 8; ++p) {
        if (!extra.test(static_cast<std::size_t>(p))) continue;
        Finding& f = sink.add(
            at(sw, port.name, p, port.qos.pfcwd_sw_enable->src,
               fmt::format("{} {} watches priority {} ({} {}) but PFC is not enabled on it ({} {})", sw.name, port.name,
                           p, placeholder(Term::WatchdogPriorities), formatPrioritySet(port.qos.pfcwd_sw_enable->value),
                           placeholder(Term::PfcPriorities), formatPrioritySet(port.qos.pfcPriorities())),
               WatchOnlyPfcPriorities{port.name}));
        f.related.push_back(related(placeholder(Term::PfcPriorities), pfcLocation(port)));
      }
    }
  }
}

void pgSetDiffers(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      if (pfc.none() || losslessPgsUnknown(sw, port)) continue;
      for (int p = 0; p < 8; ++p) {
        const auto& pg = port.pgs[static_cast<std::size_t>(p)];
        bool enabled = pfc.test(static_cast<std::size_t>(p));
        if (enabled && !pg) {
          // Traditional model: the PG is generated at run time; BUF005/BUF006 say why it is not.
          if (sw.buffer_model == BufferModel::Traditional) continue;
          std::string why;
          sink.add(at(sw, port.name, p, pfcLocation(port),
                      fmt::format("{} {} has PFC on priority {} but no {} for PG {}{}: pause frames will be sent "
                                  "without headroom to absorb in-flight data",
                                  sw.name, port.name, p, placeholder(Term::LosslessPg), p, why),
                      AddLosslessPg{port.name, p}));
        } else if (!enabled && pg && isLosslessPg(sw, port, p).value_or(false)) {
          Finding& f = sink.add(
              at(sw, port.name, p, pg->src,
                 fmt::format("{} {} reserves lossless headroom on PG {} but PFC is not enabled on "
                             "priority {} ({} {})",
                             sw.name, port.name, p, p, placeholder(Term::PfcPriorities), formatPrioritySet(pfc)),
                 EnablePfcOrMakePgLossy{port.name, p, egressQueues(sw, port)}));
          f.related.push_back(related(placeholder(Term::PfcPriorities), pfcLocation(port)));
        }
      }
    }
  }
}

// Whether traffic can arrive at `port` in traffic class `tc`: on a DSCP-trusting port some DSCP must
// be classified into it (a class no DSCP reaches carries nothing to drop; MAP001 reports a RoCE DSCP
// that lost its class); a PCP-trusting port takes the priority from the frame.
bool receivesClass(const Switch& sw, const Port& port, int tc) {
  if (!classifiesByDscp(port)) return true;
  for (int dscp = 0; dscp < 64; ++dscp) {
    if (trafficClassOfDscp(sw, port, dscp) == tc) return true;
  }
  return false;
}

// A port that obeys received pauses on a priority tells its peer the class is lossless, but if it
// never sends pauses for it either, nothing reserves headroom: what arrives on that priority is
// dropped when the ingress buffer fills. (A port that sends PFC without a lossless PG is PFC005's.)
void honouredWithoutBuffer(const RuleContext& ctx, FindingSink& sink) {
  // The priorities the fabric treats as lossless: some port sends PFC for them. Obeying pauses on
  // another priority (pfc_asym obeys all 8) is harmless, since nobody pauses it.
  PrioritySet sent_somewhere;
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) sent_somewhere |= port.qos.pfcPriorities();
  }
  // One profile bound to many ports is one cause: one finding per (switch, binding, priority).
  GroupedFindings grouped;
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      if (!port.qos.pfc_honour || port.isAdminDown()) continue;
      if (sw.has_neighbor_table && !port.neighbor) continue;  // nothing is cabled there
      PrioritySet sent = port.qos.pfcPriorities();
      PrioritySet only_obeyed = port.qos.pfc_honour->value & ~sent & sent_somewhere;
      for (int p = 0; p < 8; ++p) {
        if (!only_obeyed.test(static_cast<std::size_t>(p))) continue;
        int pg = priorityGroupOfTc(sw, port, p);
        if (isLosslessPg(sw, port, pg).value_or(false) || !receivesClass(sw, port, p)) continue;
        PrioritySet wanted = sent;
        wanted.set(static_cast<std::size_t>(p));
        const SourceRef& where = port.qos.pfc_honour->src;
        Finding f(
            at(sw, port.name, p, where,
               fmt::format("{} {} obeys PFC pauses on priority {} but never sends them ({} {}), so it has no "
                           "lossless buffer for PG {}: priority {} traffic arriving here is dropped when the buffer "
                           "fills, and the class is not lossless through this port",
                           sw.name, port.name, p, placeholder(Term::PfcPriorities), formatPrioritySet(sent), pg, p),
               SetPfcPriorities{port.name, wanted, sent, egressQueues(sw, port)}));
        if (port.qos.pfc_enable && port.qos.pfc_enable->src != where)
          f.related.push_back(related(placeholder(Term::PfcPriorities), port.qos.pfc_enable->src));
        grouped.add(fmt::format("{}|{}:{}:{}", sw.name, where.file(), where.line, where.column), p, port.name,
                    std::move(f));
      }
    }
  }
  grouped.flush(sink);
}

// PFC007: 802.3x pause is one pause for the whole link; beside PFC a port runs one of the two (Cisco:
// link-level wins) or stops sending pauses at all (Comware), so the lossless priorities lose the
// pauses that protect them.
void linkPauseBesidePfc(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      if (pfc.none() || port.isAdminDown()) continue;
      bool rx = port.link_pause_rx && port.link_pause_rx->value;
      bool tx = port.link_pause_tx && port.link_pause_tx->value;
      if (!rx && !tx) continue;
      const char* directions = rx && tx ? "receive and send" : rx ? "receive" : "send";
      Finding& f = sink.add(at(sw, port.name, lowest(pfc), rx ? port.link_pause_rx->src : port.link_pause_tx->src,
                               fmt::format("{} {} has 802.3x link-level flow control on ({}) beside PFC on priorities "
                                           "{}: a port runs one or the other, and a link-level pause stops every "
                                           "priority of the link",
                                           sw.name, port.name, directions, formatPrioritySet(pfc)),
                               DisableLinkPause{port.name, rx, tx}));
      f.related.push_back(related(placeholder(Term::PfcPriorities), pfcLocation(port)));
    }
  }
}

// PFC008: negotiated PFC (DCBX) comes up only when both ends exchange DCBX TLVs; without them the
// port runs without PFC and its lossless priorities drop under congestion.
void negotiatedPfcWithoutDcbx(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  std::map<std::pair<std::size_t, std::size_t>, PortRef> peers;
  for (const Link& link : fabric.links) {
    peers[{link.a.sw, link.a.port}] = link.b;
    peers[{link.b.sw, link.b.port}] = link.a;
  }
  std::map<std::pair<std::size_t, std::size_t>, const Host*> hosts;
  for (const Host& host : fabric.hosts) hosts[{host.attachment.sw, host.attachment.port}] = &host;
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    const Switch& sw = fabric.switches[s];
    for (std::size_t i = 0; i < sw.ports.size(); ++i) {
      const Port& port = sw.ports[i];
      PrioritySet pfc = port.qos.pfcPriorities();
      if (pfc.none() || port.isAdminDown() || !port.pfc_negotiated || !port.pfc_negotiated->value) continue;
      bool dcbx = port.dcbx && port.dcbx->value;
      auto peer = peers.find({s, i});
      auto host = hosts.find({s, i});
      std::string why;
      std::vector<RelatedLocation> notes;
      if (!dcbx) {
        why = "the port sends no DCBX TLVs, so there is nothing to negotiate with";
        if (port.dcbx) notes.push_back(related("DCBX setting", port.dcbx->src));
      } else if (peer != peers.end()) {
        const Switch& peer_sw = fabric.sw(peer->second);
        const Port& peer_port = fabric.port(peer->second);
        // A peer that sends DCBX negotiates; one whose format does not record DCBX is not judged.
        if (!peer_port.dcbx || peer_port.dcbx->value) continue;
        why = fmt::format("its link peer {} {} sends no DCBX TLVs", peer_sw.name, peer_port.name);
        notes.push_back(
            related(fmt::format("DCBX setting of {} {}", peer_sw.name, peer_port.name), peer_port.dcbx->src));
      } else if (host != hosts.end()) {
        why = fmt::format(
            "{} is a host: PFC comes up only if its NIC runs DCBX (willing) with the same priorities, and RDMA NICs "
            "commonly have DCBX off and PFC set on the host",
            host->second->name);
      } else {
        continue;  // nothing known about the other end
      }
      Finding& f = sink.add(at(sw, port.name, lowest(pfc), port.pfc_negotiated->src,
                               fmt::format("PFC on {} {} is negotiated by DCBX (priorities {}), but {}: PFC stays "
                                           "off and the lossless priorities drop under congestion",
                                           sw.name, port.name, formatPrioritySet(pfc), why),
                               ForcePfcOn{port.name, dcbx}));
      for (RelatedLocation& note : notes) f.related.push_back(std::move(note));
    }
  }
}

}  // namespace

void registerPfcRules(std::vector<Rule>& rules) {
  rules.push_back({"PFC001", Severity::Error, "PFC-enabled priorities differ across a link", linkPfcDiffers});
  rules.push_back(
      {"PFC002", Severity::Warning, "a port's lossless priorities differ from the fabric's", fabricSetDiffers});
  rules.push_back({"PFC003", Severity::Warning, "more lossless priorities on a port than the limit (default 2)",
                   tooManyPriorities});
  rules.push_back({"PFC004", Severity::Error, "watchdog-enabled priorities are not a subset of PFC-enabled ones",
                   watchdogNotSubset});
  rules.push_back({"PFC005", Severity::Error, "PFC-enabled priorities and lossless buffer PGs differ", pgSetDiffers});
  rules.push_back({"PFC006", Severity::Error, "a port obeys PFC pauses on a priority but has no lossless buffer for it",
                   honouredWithoutBuffer});
  rules.push_back({"PFC007", Severity::Error, "802.3x link-level flow control is on beside PFC on the same port",
                   linkPauseBesidePfc});
  rules.push_back({"PFC008", Severity::Warning, "PFC is negotiated by DCBX where the link cannot negotiate it",
                   negotiatedPfcWithoutDcbx});
}

}  // namespace rocelint::rules
