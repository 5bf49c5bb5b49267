// DL: PFC deadlock risk from the buffer-dependency graph (src/deadlock.cpp, docs/deadlock.md).

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <span>

#include "families.hpp"
#include "rocelint/deadlock.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

/// "leaf1 Ethernet0", or for a LAG member "leaf1 Ethernet0 of PortChannel1 (Ethernet0, Ethernet8)".
std::string portName(const Fabric& fabric, PortRef ref) {
  const Switch& sw = fabric.sw(ref);
  const Port& port = fabric.port(ref);
  if (port.portchannel.empty()) return fmt::format("{} {}", sw.name, port.name);
  return fmt::format("{} {} of {}", sw.name, port.name, portOrLagName(sw, port));
}

std::string hopName(const Fabric& fabric, const CycleHop& hop) { return portName(fabric, hop.ingress); }

std::string cycleSummary(const Fabric& fabric, const CyclicDependency& cycle) {
  PrioritySet priorities;
  std::string path;
  for (const CycleHop& hop : cycle.hops) {
    priorities.set(static_cast<std::size_t>(hop.priority));
    path += fabric.sw(hop.ingress).name + " -> ";
  }
  path += fabric.sw(cycle.hops.front().ingress).name;
  std::size_t switches = 0;
  {
    std::vector<std::size_t> seen;
    for (const CycleHop& hop : cycle.hops) {
      if (std::find(seen.begin(), seen.end(), hop.ingress.sw) == seen.end()) seen.push_back(hop.ingress.sw);
    }
    switches = seen.size();
  }
  return fmt::format(
      "cyclic buffer dependency on priorit{} {} through {} switches ({}): a PFC deadlock can form "
      "(a cycle is necessary, not sufficient); its strongly-connected component holds {} lossless "
      "queues on {} switches",
      priorities.count() > 1 ? "ies" : "y", formatPrioritySet(priorities), switches, path, cycle.scc_nodes,
      cycle.scc_switches);
}

std::vector<RelatedLocation> hopNotes(const Fabric& fabric, const CyclicDependency& cycle) {
  std::vector<RelatedLocation> rel;
  for (std::size_t i = 0; i < cycle.hops.size(); ++i) {
    const CycleHop& hop = cycle.hops[i];
    const CycleHop& next = cycle.hops[(i + 1) % cycle.hops.size()];
    std::string examples;
    for (const std::string& p : hop.example_prefixes) examples += (examples.empty() ? "" : ", ") + p;
    std::string used = hop.kind == ForwardKind::Flood ? fmt::format("L2 flooding in {}, no route", hop.vlan)
                       : hop.kind == ForwardKind::Tunnel
                           ? fmt::format("dual-ToR tunnel {} for {}", hop.tunnel, hop.mux_ports)
                           : fmt::format("{} destination{}{}", hop.destinations, hop.destinations == 1 ? "" : "s",
                                         examples.empty() ? "" : ", e.g. " + examples);
    rel.push_back(related(fmt::format("hop {}: {} priority {} -> {} priority {}: {} ({})", i + 1, hopName(fabric, hop),
                                      hop.priority, hopName(fabric, next), hop.next_priority, hop.why, used),
                          hop.src));
  }
  return rel;
}

std::string fixText(const Fabric& fabric, const CyclicDependency& cycle) {
  const CycleHop& weak = cycle.hops[cycle.weakest_hop];
  std::string used = weak.kind == ForwardKind::Flood    ? fmt::format("made by flooding in {}", weak.vlan)
                     : weak.kind == ForwardKind::Tunnel ? fmt::format("made by the dual-ToR tunnel {}", weak.tunnel)
                                                        : fmt::format("used by {} destination{}", weak.destinations,
                                                                      weak.destinations == 1 ? "" : "s");
  std::string text = fmt::format("break the weakest turn, hop {} ({} -> {}, {})", cycle.weakest_hop + 1,
                                 hopName(fabric, weak), portName(fabric, weak.egress), used);
  if (cycle.fixes.empty() && weak.kind == ForwardKind::Flood) {
    return text + fmt::format(
                      ": keep {} off the switch-to-switch ports (route to the servers at their ToR), or have the "
                      "switches drop lossless unknown unicast instead of flooding it",
                      weak.vlan);
  }
  if (cycle.fixes.empty() && weak.kind == ForwardKind::Tunnel) {
    return text + fmt::format(
                      ": have {} move the traffic it bounces to other lossless priorities and queues (enable tunnel "
                      "QoS remap with encap TC-to-DSCP and TC-to-queue maps), and make those priorities lossless on "
                      "the next switch",
                      weak.tunnel);
  }
  if (cycle.fixes.empty() && weak.kind == ForwardKind::Installed) {
    return text +
           ": correct the route the switch installed (ST004 shows how it differs from the configuration's), or "
           "remark the traffic to a spare lossless priority there";
  }
  if (cycle.fixes.empty()) {
    return text +
           ": change the routing so traffic does not take this turn (route filter, ASN design, static route), "
           "or remark it to a spare lossless priority there";
  }
  text += fmt::format(
      "; {} change{} verified to remove the cycle (re-analysed, no route lost) {} listed above as "
      "fix notes",
      cycle.fixes.size(), cycle.fixes.size() == 1 ? "" : "s", cycle.fixes.size() == 1 ? "is" : "are");
  return text;
}

Finding cycleFinding(const Fabric& fabric, const CyclicDependency& cycle, const std::string& prefix) {
  const CycleHop& weak = cycle.hops[cycle.weakest_hop];
  Finding f = at(fabric.sw(weak.ingress), fabric.port(weak.ingress).name, weak.priority, weak.src,
                 prefix + cycleSummary(fabric, cycle), fixText(fabric, cycle));
  f.related = hopNotes(fabric, cycle);
  for (const CycleFix& fix : cycle.fixes) {
    if (fix.where.known()) f.related.push_back(related("fix: " + fix.description, fix.where));
  }
  return f;
}

void cyclicDependency(const RuleContext& ctx, FindingSink& sink) {
  const DeadlockAnalysis& dl = ctx.deadlock();
  for (const CyclicDependency& cycle : dl.cycles) {
    std::string context = ctx.params.transient ? "right after local repair of the admin-down links, " : "";
    sink.add(cycleFinding(ctx.fabric, cycle, context));
  }
}

void forwardingLoop(const RuleContext& ctx, FindingSink& sink) {
  const DeadlockAnalysis& dl = ctx.deadlock();
  for (const ForwardingLoop& loop : dl.loops) {
    std::string path;
    for (const PortRef& p : loop.egress)
      path += fmt::format("{} ({}) -> ", ctx.fabric.sw(p).name, ctx.fabric.port(p).name);
    path += ctx.fabric.sw(loop.egress.front()).name;
    const PortRef first = loop.egress.front();
    Finding& f = sink.add(at(
        ctx.fabric.sw(first), ctx.fabric.port(first).name, loop.priority, loop.src,
        fmt::format("forwarding loop {} toward {}{} carries lossless priority {}: packets circle "
                    "until their TTL expires and hold PFC buffers on every hop",
                    path, loop.example_prefix,
                    loop.prefixes > 1 ? fmt::format(" (and {} more prefixes)", loop.prefixes - 1) : "", loop.priority),
        loop.installed_route ? "correct the installed route that sends the prefix back toward a switch already on "
                               "its path (ST004 shows how it differs from the route the configuration gives)"
        : loop.static_route  ? "correct the static route or next hop that sends the prefix back toward a switch "
                               "already on its path"
                             : "the loop comes from routing alone (with --transient: local repair before "
                               "withdrawals spread): use one ASN per tier so bounce paths are rejected, and keep "
                               "the PFC watchdog on so a loop cannot hold buffers for long"));
    for (std::size_t i = 0; i < loop.egress.size(); ++i) {
      const PortRef& p = loop.egress[i];
      const PortRef& next = loop.egress[(i + 1) % loop.egress.size()];
      f.related.push_back(related(fmt::format("{} forwards {} out of {} to {}", ctx.fabric.sw(p).name,
                                              loop.example_prefix, ctx.fabric.port(p).name, ctx.fabric.sw(next).name),
                                  loop.hop_src[i]));
    }
  }
}

/// A failure unit: "leaf1 Ethernet0 <-> spine1 Ethernet0", or a LAG with its members at both ends,
/// "LAG leaf1 PortChannel1 (Ethernet0, Ethernet8) <-> spine1 PortChannel1 (Ethernet0, Ethernet8)".
std::string unitName(const Fabric& fabric, const SwitchGraph& graph, std::uint32_t unit) {
  auto [a, b] = orderedEnds(fabric, fabric.links[*graph.unitLinks(unit).first]);
  const Port& pa = fabric.port(a);
  const Port& pb = fabric.port(b);
  if (pa.portchannel.empty() && pb.portchannel.empty()) {
    return fmt::format("{} {} <-> {} {}", fabric.sw(a).name, pa.name, fabric.sw(b).name, pb.name);
  }
  return fmt::format("LAG {} {} <-> {} {}", fabric.sw(a).name, portOrLagName(fabric.sw(a), pa), fabric.sw(b).name,
                     portOrLagName(fabric.sw(b), pb));
}

void failureDependency(const RuleContext& ctx, FindingSink& sink) {
  if (ctx.params.failures <= 0) return;
  const DeadlockAnalysis& dl = ctx.deadlock();
  for (std::size_t i = 0; i < dl.failure_cycles.size(); ++i) {
    const FailureCounterexample& ce = dl.failure_cycles[i];
    std::string links;
    for (std::uint32_t u : ce.failed_units)
      links += (links.empty() ? "" : " and ") + unitName(ctx.fabric, *dl.graph, u);
    std::string prefix = fmt::format("with {} failed ({}), ", links,
                                     ctx.params.transient ? "right after local repair" : "after routing converges");
    Finding f = cycleFinding(ctx.fabric, ce.cycle, prefix);
    if (i + 1 == dl.failure_cycles.size() && dl.failure_sets_with_cycle > dl.failure_cycles.size()) {
      f.message += fmt::format(" ({} failure sets create a cycle; the first {} are reported)",
                               dl.failure_sets_with_cycle, dl.failure_cycles.size());
    }
    for (std::uint32_t u : ce.failed_units) {
      const Port& a = ctx.fabric.port(ctx.fabric.links[*dl.graph->unitLinks(u).first].a);
      f.related.push_back(
          related("failed link " + unitName(ctx.fabric, *dl.graph, u), a.neighbor ? a.neighbor->src : a.src));
    }
    sink.add(std::move(f));
  }
}

/// The failure sweep stopped at its time limit: say how far it got and where it stopped.
void whatIfStopped(const RuleContext& ctx, FindingSink& sink) {
  if (ctx.params.failures <= 0) return;
  const DeadlockAnalysis& dl = ctx.deadlock();
  if (!dl.whatif_stop) return;
  const WhatIfStop& stop = *dl.whatif_stop;
  std::string next;
  for (std::uint32_t u : stop.first_unexamined)
    next += (next.empty() ? "" : " and ") + unitName(ctx.fabric, *dl.graph, u);
  const PortRef end =
      orderedEnds(ctx.fabric, ctx.fabric.links[*dl.graph->unitLinks(stop.first_unexamined.front()).first]).first;
  const Port& port = ctx.fabric.port(end);
  std::string pairs = stop.pairs == 0 ? "" : fmt::format(" and {} of {} pairs", stop.pairs_examined, stop.pairs);
  sink.add(at(ctx.fabric.sw(end), port.name, std::nullopt, port.neighbor ? port.neighbor->src : port.src,
              fmt::format("the link-failure what-if stopped at its time limit of {:g} s after {} of {} single "
                          "failures{}: the failure sets not examined, from {} on, have no DL003 verdict",
                          stop.limit_s, stop.singles_examined, stop.singles, pairs, next),
              "raise the limit (--whatif-time-limit SECONDS, or params.whatif_time_limit_s in .rocelint.yaml; 0 "
              "means no limit), or sweep fewer failures at once (--failures 1)"));
}

void stormRadius(const RuleContext& ctx, FindingSink& sink) {
  if (ctx.params.storm_radius_switches <= 0) return;
  const DeadlockAnalysis& dl = ctx.deadlock();
  for (const BlastRadius& b : dl.blast) {
    if (static_cast<int>(b.paused_switches) < ctx.params.storm_radius_switches) continue;
    const Switch& sw = ctx.fabric.sw(b.port);
    const Port& port = ctx.fabric.port(b.port);
    sink.add(
        at(sw, port.name, b.priority, pfcLocation(port),
           fmt::format("a receiver behind {} {} that stops draining priority {} can pause {} lossless queues on {} "
                       "ports of {} switches (PFC storm blast radius; threshold {} switches)",
                       sw.name, port.name, b.priority, b.paused_queues, b.paused_ports, b.paused_switches,
                       ctx.params.storm_radius_switches),
           "enable the PFC watchdog on the host-facing ports (and fabric ports) so a stuck receiver is "
           "isolated, or reduce the priority's reach (separate lossless classes per tier)"));
  }
}

void unresolvedStatic(const RuleContext& ctx, FindingSink& sink) {
  const DeadlockAnalysis& dl = ctx.deadlock();
  for (const StaticNextHops& hops : dl.destinations->statics) {
    for (const std::string& nh : hops.unresolved) {
      const Switch& sw = ctx.fabric.switches[hops.sw];
      sink.add(
          at(sw, "", std::nullopt, hops.route->src,
             fmt::format("static route {} on {}: next hop {} is not in any interface subnet or port of {}, so "
                         "rocelint cannot tell where it sends traffic (the route is left out of the deadlock analysis)",
                         hops.route->prefix, sw.name, nh, sw.name),
             "use a next-hop address inside a subnet configured on one of the switch's interfaces, or name the "
             "interface with ifname"));
    }
  }
}

/// No port faces a server: the analysis had to assume that RoCE traffic enters at every switch.
void assumedSources(const RuleContext& ctx, FindingSink& sink) {
  if (ctx.fabric.links.empty()) return;
  const DeadlockAnalysis& dl = ctx.deadlock();
  if (dl.assumed_sources.empty()) return;
  const Switch& sw = ctx.fabric.switches.front();
  sink.add(at(sw, "", std::nullopt, switchLocation(sw),
              fmt::format("no port of the {} switches faces a server (no neighbour that is not a fabric switch, no "
                          "VLAN access port, no routed port with a subnet of its own), so the deadlock analysis "
                          "assumes RoCE traffic enters at every switch; a cycle it reports may need traffic that "
                          "no server sends (e.g. originated on a spine)",
                          ctx.fabric.switches.size()),
              "name the servers: a neighbour entry, LLDP capture, topology file or port description for each "
              "server port, or make the server ports access members of their VLAN"));
}

/// Nothing the fabric originates is a RoCE destination: no route was checked for deadlock.
void noDestination(const RuleContext& ctx, FindingSink& sink) {
  if (ctx.fabric.links.empty() || ctx.fabric.switches.empty()) return;
  const DeadlockAnalysis& dl = ctx.deadlock();
  if (!dl.destinations->groups.empty()) return;
  const Switch& sw = ctx.fabric.switches.front();
  sink.add(at(sw, "", std::nullopt, switchLocation(sw),
              fmt::format("no switch of the fabric originates a server subnet (a VLAN interface, an addressed port "
                          "that is no fabric link, or a static route), so the deadlock analysis routed nothing and "
                          "checked no cycle; {} loopback and {} link prefix{} are not RoCE destinations by default",
                          dl.destinations->skipped_loopbacks, dl.destinations->skipped_links,
                          dl.destinations->skipped_links == 1 ? "" : "es"),
              "configure the server subnets on the leaves, or, if RDMA traffic really targets switch addresses, "
              "set `params: {roce_destinations: [hosts, loopbacks]}` (or add `links`) in .rocelint.yaml"));
}

/// Fabric sessions whose routing policy rocelint evaluates only in part: one note per switch.
void partialPolicy(const RuleContext& ctx, FindingSink& sink) {
  const DeadlockAnalysis& dl = ctx.deadlock();
  for (std::size_t i = 0; i < dl.policy_gaps.size();) {
    const PolicyGap& first = dl.policy_gaps[i];
    const Switch& sw = ctx.fabric.switches[first.sw];
    std::vector<std::uint32_t> port_ids;
    std::size_t j = i;
    for (; j < dl.policy_gaps.size() && dl.policy_gaps[j].sw == first.sw; ++j)
      port_ids.push_back(dl.policy_gaps[j].port);
    std::sort(port_ids.begin(), port_ids.end());
    std::vector<std::string> ports;
    for (std::uint32_t p : port_ids) ports.push_back(sw.ports[p].name);
    std::size_t sessions = j - i;
    std::string listed =
        fmt::format("{}", fmt::join(std::span(ports.data(), std::min<std::size_t>(ports.size(), 4)), ", "));
    if (ports.size() > 4) listed += fmt::format(" and {} more", ports.size() - 4);
    std::string where = first.policy.empty() ? fmt::format("`{}`", first.what)
                                             : fmt::format("policy {}: `{}`", first.policy, first.what);
    sink.add(at(sw, "", std::nullopt, first.src,
                fmt::format("the routing policy of {} BGP session{} of {} over fabric links ({}) is evaluated only in "
                            "part (first: {}); a route it may reject is kept, so the deadlock analysis may report a "
                            "cycle over a route the policy forbids (verdicts over-approximate the routes)",
                            sessions, sessions == 1 ? "" : "s", sw.name, listed, where),
                "no change is needed if the policy is right; to have rocelint apply it, filter fabric routes with "
                "community matches or AS-path matches of one ASN, which it evaluates"));
    i = j;
  }
}

}  // namespace

void registerDlRules(std::vector<Rule>& rules) {
  rules.push_back({"DL001", Severity::Error, "Cyclic buffer dependency: PFC deadlock risk", cyclicDependency});
  rules.push_back({"DL002", Severity::Error, "Forwarding loop on lossless traffic", forwardingLoop});
  rules.push_back(
      {"DL003", Severity::Error, "Cyclic buffer dependency after link failures (what-if)", failureDependency});
  rules.push_back({"DL004", Severity::Note, "PFC storm blast radius above threshold", stormRadius});
  rules.push_back({"DL005", Severity::Warning, "Static route next hop cannot be resolved", unresolvedStatic});
  rules.push_back(
      {"DL006", Severity::Note, "No port faces a server: deadlock traffic sources assumed", assumedSources});
  rules.push_back(
      {"DL007", Severity::Warning, "No RoCE destination: the deadlock analysis checked nothing", noDestination});
  rules.push_back({"DL008", Severity::Warning, "The link-failure what-if stopped at its time limit", whatIfStopped});
  rules.push_back(
      {"DL009", Severity::Note, "Routing policy on a fabric session is only partly modelled", partialPolicy});
}

}  // namespace rocelint::rules
