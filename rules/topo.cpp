// TOPO: links as both ends' neighbour tables describe them.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

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
      Finding& f = sink.add(
          at(sw, port.name, std::nullopt, n.src,
             fmt::format("{} {} says its neighbour is {} {}, but {}", sw.name, port.name, n.device, n.port, problem),
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

std::string lowerLabel(const std::string& name) {
  std::string out = name.substr(0, name.find('.'));
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

/// Edits (insert, delete, substitute, swap two neighbours) between two names: a swapped pair of
/// letters is one typo (`spnie1` for `spine1`).
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

/// The letters of a name with each digit run as its number: "leaf01" and "leaf1" both give
/// ("leaf#", [1]); names that differ only in their numbers are different devices (spine5 is not a
/// typo of spine1), names that differ only in zero padding are the same one written twice.
std::pair<std::string, std::vector<unsigned long>> skeleton(const std::string& name) {
  std::pair<std::string, std::vector<unsigned long>> out;
  for (std::size_t i = 0; i < name.size();) {
    if (std::isdigit(static_cast<unsigned char>(name[i]))) {
      std::size_t end = i;
      unsigned long value = 0;
      while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end])) && end - i < 9)
        value = value * 10 + static_cast<unsigned long>(name[end++] - '0');
      out.first += '#';
      out.second.push_back(value);
      i = end;
    } else {
      out.first += name[i++];
    }
  }
  return out;
}

/// Longest name compared for typos: a DNS label has at most 63 characters, and the two-deletion
/// neighbourhood grows with the cube of the length (a 38 KB "name" from a fuzzed description took
/// gigabytes). Longer names are matched exactly or by zero padding only.
constexpr std::size_t kMaxTypoName = 63;

/// Whether a neighbour name that matched no switch is close to switch name `sw`: the same but for
/// case or a domain suffix (a source that compares names exactly), zero padding, or a typo (one
/// edit, two in names of 8 characters or more) that is not only a different number.
bool closeTo(const std::string& neighbour, const std::string& sw) {
  std::string a = lowerLabel(neighbour);
  std::string b = lowerLabel(sw);
  if (a.size() < 3 || b.size() < 3) return false;
  if (a == b) return true;
  auto [sa, na] = skeleton(a);
  auto [sb, nb] = skeleton(b);
  if (sa == sb) return na == nb;
  if (a.size() > kMaxTypoName || b.size() > kMaxTypoName) return false;
  std::size_t limit = std::min(a.size(), b.size()) >= 8 ? 2 : 1;
  return editDistance(a, b) <= limit;
}

/// Every string made of `s` by deleting at most two characters (with `s` itself); only `s` when it
/// is longer than kMaxTypoName.
void deletions(const std::string& s, std::vector<std::string>& out) {
  out.clear();
  out.push_back(s);
  if (s.size() > kMaxTypoName) return;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::string one = s.substr(0, i) + s.substr(i + 1);
    for (std::size_t j = i; j < one.size(); ++j) out.push_back(one.substr(0, j) + one.substr(j + 1));
    out.push_back(std::move(one));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

/// The fabric's switch names, indexed so that the switches close to a name are found without
/// comparing it with every switch (65,536 hosts x 5,120 switches on a k=64 fat-tree): two names
/// within two edits share a string of their two-deletion neighbourhoods (symmetric deletion), and
/// names equal but for zero padding are equal once each number is written without its zeros.
class SwitchNames {
 public:
  explicit SwitchNames(const Fabric& fabric) : stamp_(fabric.switches.size(), 0) {
    std::vector<std::string> variants;
    for (std::uint32_t i = 0; i < fabric.switches.size(); ++i) {
      std::string label = lowerLabel(fabric.switches[i].name);
      exact_.emplace(label, i);
      by_number_[unpadded(label)].push_back(i);
      deletions(label, variants);
      for (const std::string& v : variants) by_deletion_[v].push_back(i);
    }
  }

  /// Whether the name is a fabric switch's name followed by a separator and more (`leaf1-h1`,
  /// `pod1-edge1_gpu3`): a device named after the switch it hangs off, not a typo of another.
  [[nodiscard]] bool namedAfterASwitch(const std::string& name) const {
    std::string label = lowerLabel(name);
    for (std::size_t i = 1; i < std::min(label.size(), kMaxTypoName + 1); ++i) {
      if ((label[i] == '-' || label[i] == '_') && exact_.count(label.substr(0, i)) != 0) return true;
    }
    return false;
  }

  /// Candidate switches for closeTo (a superset; each appears once).
  std::vector<std::uint32_t> candidates(const std::string& name) {
    ++round_;
    std::vector<std::uint32_t> out;
    auto add = [&](std::uint32_t i) {
      if (stamp_[i] == round_) return;
      stamp_[i] = round_;
      out.push_back(i);
    };
    std::string label = lowerLabel(name);
    if (auto it = by_number_.find(unpadded(label)); it != by_number_.end()) {
      for (std::uint32_t i : it->second) add(i);
    }
    deletions(label, variants_);
    for (const std::string& v : variants_) {
      if (auto it = by_deletion_.find(v); it != by_deletion_.end()) {
        for (std::uint32_t i : it->second) add(i);
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  /// "leaf001" -> "leaf1": each run of digits without its leading zeros.
  static std::string unpadded(const std::string& label) {
    auto digit = [&](std::size_t k) { return k < label.size() && std::isdigit(static_cast<unsigned char>(label[k])); };
    std::string out;
    for (std::size_t k = 0; k < label.size(); ++k) {
      bool starts_run = digit(k) && (k == 0 || !digit(k - 1));
      if (starts_run) {
        while (label[k] == '0' && digit(k + 1)) ++k;
      }
      out += label[k];
    }
    return out;
  }

  std::unordered_map<std::string, std::uint32_t> exact_;
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_number_;
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_deletion_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t round_ = 0;
  std::vector<std::string> variants_;
};

/// Nothing links a fabric of several switches, or a port's neighbour name is close to a fabric
/// switch's name but matches none: links (and every rule that checks them) are missing.
void missingLinks(const RuleContext& ctx, FindingSink& sink) {
  const Fabric& fabric = ctx.fabric;
  if (fabric.switches.size() >= 2 && fabric.links.empty()) {
    std::string names;
    for (std::size_t s = 0; s < fabric.switches.size() && s < 8; ++s)
      names += (s == 0 ? "" : ", ") + fabric.switches[s].name;
    if (fabric.switches.size() > 8) names += fmt::format(" and {} more", fabric.switches.size() - 8);
    const Switch& first = fabric.switches.front();
    Finding f;
    f.location = switchLocation(first);
    f.message = fmt::format(
        "{} switches ({}) but not one link between them: no neighbour table, LLDP capture, topology file or port "
        "description names a port of another fabric switch, so the link, PFC-pairing and deadlock checks have "
        "nothing to check",
        fabric.switches.size(), names);
    f.fix =
        "describe the cabling: DEVICE_NEIGHBOR, LLDP captures, a topology.yaml, or port descriptions that name "
        "the peer and its port (`spine1:Ethernet0`, docs/topology.md)";
    sink.add(std::move(f));
  }
  if (fabric.hosts.empty()) return;
  SwitchNames names(fabric);
  for (const Host& host : fabric.hosts) {
    if (!fabric.port(host.attachment).neighbor) continue;  // a VLAN's servers: no name was written
    if (names.namedAfterASwitch(host.name)) continue;
    std::vector<std::string> candidates;
    for (std::uint32_t i : names.candidates(host.name)) {
      if (closeTo(host.name, fabric.switches[i].name)) candidates.push_back(fabric.switches[i].name);
    }
    if (candidates.empty()) continue;
    const Switch& sw = fabric.sw(host.attachment);
    const Port& port = fabric.port(host.attachment);
    std::string list;
    for (const std::string& c : candidates) list += (list.empty() ? "" : ", ") + c;
    sink.add(at(sw, port.name, std::nullopt, port.neighbor ? port.neighbor->src : port.src,
                fmt::format("{} {} faces {}, which is no switch of the fabric but is close to {}: if it is meant, "
                            "the link is missing and the port is checked as a host port",
                            sw.name, port.name, host.name, list),
                fmt::format("write the peer's host name as its configuration does ({}), or ignore this if {} is "
                            "another device",
                            list, host.name)));
  }
}

}  // namespace

void registerTopoRules(std::vector<Rule>& rules) {
  rules.push_back({"TOPO001", Severity::Error, "the two ends of a link disagree about each other", endsDisagree});
  rules.push_back(
      {"TOPO002", Severity::Error, "port speed differs across a link", [](const RuleContext& ctx, FindingSink& sink) {
         linkMismatch(
             ctx, sink, "speed", "Mb/s", [](const Port& p) { return p.speed_mbps; }, PortSetting::Speed);
       }});
  rules.push_back(
      {"TOPO003", Severity::Error, "MTU differs across a link", [](const RuleContext& ctx, FindingSink& sink) {
         linkMismatch(
             ctx, sink, "MTU", "bytes", [](const Port& p) { return p.mtu_bytes; }, PortSetting::Mtu);
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
  rules.push_back(
      {"TOPO006", Severity::Warning, "a topology switch is missing from the configurations or differs in role or ASN",
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
  rules.push_back({"TOPO008", Severity::Warning,
                   "a fabric of several switches has no links, or a port faces a name close to a switch's",
                   missingLinks});
}

}  // namespace rocelint::rules
