// TOPO: links as both ends' neighbour tables describe them.

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

void endsDisagree(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  for (const Switch& sw : fabric.switches) {
    for (const Port& port : sw.ports) {
      if (!port.neighbor) continue;
      const Neighbor& n = *port.neighbor;
      const Switch* peer = fabric.findSwitch(n.device);
      if (peer == nullptr) continue;  // a host or a device outside the fabric
      const Port* back = peer->findPortByNameOrAlias(n.port);
      std::string problem;
      std::vector<RelatedLocation> rel;
      if (back == nullptr || (!back->declared && peer->has_port_table)) {
        problem = fmt::format("{} has no port {}", peer->name, n.port.empty() ? "(none given)" : n.port);
      } else if (!back->neighbor) {
        problem = fmt::format("{} {} has no DEVICE_NEIGHBOR entry", peer->name, back->name);
        rel.push_back(related(fmt::format("{} {}", peer->name, back->name), back->src));
      } else if (back->neighbor->device != sw.name ||
                 (back->neighbor->port != port.name && (port.alias.empty() || back->neighbor->port != port.alias))) {
        problem = fmt::format("{} {} says its neighbour is {} {}", peer->name, back->name, back->neighbor->device,
                              back->neighbor->port);
        rel.push_back(related(fmt::format("{} {} neighbour entry", peer->name, back->name), back->neighbor->src));
      } else {
        continue;
      }
      Finding& f = sink.add(at(sw, port.name, std::nullopt, n.src,
                               fmt::format("{} {} says its neighbour is {} {}, but {}", sw.name, port.name, n.device,
                                           n.port, problem),
                               "correct DEVICE_NEIGHBOR on whichever end is wrong (check the cabling plan or LLDP)"));
      f.related = std::move(rel);
    }
  }
}

template <class Getter>
void linkMismatch(const RuleContext& ctx, FindingSink& sink, const char* what, const char* unit, Getter get,
                  PortSetting setting) {
  const Fabric& fabric = ctx.fabric;
  for (const Link& link : fabric.links) {
    auto [first, second] = orderedEnds(fabric, link);
    const Port& p1 = fabric.port(first);
    const Port& p2 = fabric.port(second);
    auto v1 = get(p1);
    auto v2 = get(p2);
    if (!v1 || !v2 || v1->value == v2->value) continue;
    Finding& f = sink.add(at(
        fabric.sw(first), p1.name, std::nullopt, v1->src,
        fmt::format("{} differs across the link {} {} <-> {} {}: {} {} here, {} {} on {}", what, fabric.sw(first).name,
                    p1.name, fabric.sw(second).name, p2.name, v1->value, unit, v2->value, unit, fabric.sw(second).name),
        MakePortSettingEqual{p1.name, setting}));
    f.related.push_back(related(fmt::format("{} of {} {}", what, fabric.sw(second).name, p2.name), v2->src));
  }
}

/// Findings (without a fix) for the topology conflicts of the given kinds that the loader recorded
/// while applying LLDP, containerlab and topology.yaml sources.
std::vector<Finding> conflictFindings(const RuleContext& ctx, std::initializer_list<TopologyConflict::Kind> kinds) {
  std::vector<Finding> out;
  for (const TopologyConflict& c : ctx.fabric.topology_conflicts) {
    if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end()) continue;
    Finding& f = out.emplace_back();
    f.switch_name = c.switch_name;
    f.port = c.port;
    f.location = c.src;
    f.message = c.message;
    if (c.related_src.known()) f.related.push_back(related(c.related_message, c.related_src));
  }
  return out;
}

void topologyConflicts(const RuleContext& ctx, FindingSink& sink, std::initializer_list<TopologyConflict::Kind> kinds,
                       const char* fix) {
  for (Finding& f : conflictFindings(ctx, kinds)) {
    f.fix = fix;
    sink.add(std::move(f));
  }
}

}  // namespace

void registerTopoRules(std::vector<Rule>& rules) {
  rules.push_back({"TOPO001", Severity::Error, "the two ends of a link disagree about each other", endsDisagree});
  rules.push_back({"TOPO002", Severity::Error, "port speed differs across a link",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     linkMismatch(ctx, sink, "speed", "Mb/s", [](const Port& p) { return p.speed_mbps; },
                                  PortSetting::Speed);
                   }});
  rules.push_back({"TOPO003", Severity::Error, "MTU differs across a link",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     linkMismatch(ctx, sink, "MTU", "bytes", [](const Port& p) { return p.mtu_bytes; },
                                  PortSetting::Mtu);
                   }});
  rules.push_back({"TOPO004", Severity::Error, "a neighbour table disagrees with LLDP or the topology",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     topologyConflicts(ctx, sink, {TopologyConflict::Kind::Neighbor},
                                       "correct the neighbour entry or the cable (LLDP shows what is cabled), or the "
                                       "topology file if it is stale");
                   }});
  rules.push_back({"TOPO005", Severity::Error, "a topology source names a port the switch does not have",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     topologyConflicts(ctx, sink, {TopologyConflict::Kind::UnknownPort},
                                       "write the port as the switch's configuration names it, or add the port to the "
                                       "configuration");
                   }});
  rules.push_back({"TOPO006", Severity::Warning, "a topology switch is missing from the configurations or differs in role or ASN",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     topologyConflicts(ctx, sink,
                                       {TopologyConflict::Kind::UnconfiguredSwitch, TopologyConflict::Kind::SwitchAttribute},
                                       "add the switch's configuration to the fabric directory, or correct the topology "
                                       "entry");
                   }});
  rules.push_back({"TOPO007", Severity::Warning, "a port's cable length or speed differs from its topology link",
                   [](const RuleContext& ctx, FindingSink& sink) {
                     for (Finding& f : conflictFindings(ctx, {TopologyConflict::Kind::PortAttribute})) {
                       f.fix_action = MatchTopologyCable{f.port};
                       sink.add(std::move(f));
                     }
                   }});
}

}  // namespace rocelint::rules
