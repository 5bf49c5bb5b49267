#include "state/eos_show.hpp"

#include <fmt/format.h>

#include <optional>
#include <string_view>

namespace rocelint::state {
namespace {

constexpr const char* kPfcCounters = "show priority-flow-control counters";
constexpr const char* kEcnCounters = "show qos interfaces ecn counters queue";
constexpr const char* kQueueDetail = "show interfaces counters queue detail";
constexpr const char* kQueueDrops = "show interfaces counters queue drops";
constexpr const char* kRoutes = "show ip route";
constexpr const char* kBgp = "show ip bgp";
constexpr const char* kInterfaces = "show interfaces";

const json::Node* objectAt(const json::Node& parent, std::string_view key) {
  const json::Node* v = parent.find(key);
  return v != nullptr && v->isObject() ? v : nullptr;
}

// Some member of `node` (an object) is an object holding `key`.
bool someMemberHas(const json::Node& node, std::string_view key) {
  for (const auto& [name, value] : node.members) {
    if (value.isObject() && value.find(key) != nullptr) return true;
  }
  return false;
}

bool isPfcCounters(const json::Node& counters) {
  if (!counters.isObject()) return false;
  for (const auto& [name, value] : counters.members) {
    if (!value.isObject() || (value.find("rxFrames") == nullptr && value.find("txFrames") == nullptr)) return false;
  }
  return true;
}

// "TC3" -> 3, "3" -> 3; nullopt for anything else or a class past 7.
std::optional<int> trafficClass(std::string_view name) {
  if (name.size() > 2 && name.substr(0, 2) == "TC") name.remove_prefix(2);
  std::optional<std::uint64_t> n = parseCount(std::string(name));
  if (!n || *n > 7) return std::nullopt;
  return static_cast<int>(*n);
}

class Reader {
 public:
  Reader(std::string file, StateReading& out) : file_(std::move(file)), out_(out) {}

  void pfcCounters(const json::Node& counters, const std::string& pointer) {
    for (const auto& [name, value] : counters.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(name));
      PortState& port = out_.state.ports[name];
      port.src = at(value, p);
      count(value, p, "rxFrames", port.pfc_rx_frames_total);
      count(value, p, "txFrames", port.pfc_tx_frames_total);
    }
  }

  void ecnCounters(const json::Node& interfaces, const std::string& pointer) {
    for (const auto& [name, value] : interfaces.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(name));
      const json::Node* queues = value.isObject() ? value.find("queueCounters") : nullptr;
      if (queues == nullptr || !queues->isObject()) {
        wrongShape(value, p, "an object with queueCounters");
        continue;
      }
      PortState& port = out_.state.ports[name];
      port.src = at(value, p);
      std::string qp = p + "/queueCounters";
      for (const auto& [tc, marked] : queues->members) {
        std::string tp = fmt::format("{}/{}", qp, json::escapePointer(tc));
        std::optional<int> index = trafficClass(tc);
        if (!index) {
          note(marked, tp, fmt::format("{}: queue {} is not a traffic class 0-7: not read", tp.substr(1), tc));
          continue;
        }
        // "-": the queue has no ECN counter on this platform.
        if (marked.kind == json::Node::Kind::String && marked.text == "-") {
          ++out_.not_read[fmt::format("{} queues without an ECN counter (\"-\")", kEcnCounters)];
          continue;
        }
        std::optional<StateValue> v;
        readCount(marked, tp, v);
        if (!v) continue;
        QueueState& q = port.queues[*index];
        q.src = at(marked, tp);
        q.ecn_marked_packets = v;
      }
    }
  }

  // ucastQueues|mcastQueues.trafficClasses.TC<n>.dropPrecedences.DP<n>.droppedPackets; multicast
  // queue n is queue 8+n, as SONiC numbers them after the unicast ones.
  void queueDetail(const json::Node& interfaces, const std::string& pointer) {
    for (const auto& [name, value] : interfaces.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(name));
      if (!value.isObject()) {
        wrongShape(value, p, "an object of queues");
        continue;
      }
      PortState& port = out_.state.ports[name];
      port.src = at(value, p);
      for (const auto& [kind, queues] : value.members) {
        bool multicast = kind == "mcastQueues";
        std::string kp = fmt::format("{}/{}", p, json::escapePointer(kind));
        if (kind != "ucastQueues" && !multicast) {
          ++out_.not_read[fmt::format("{} {}", kQueueDetail, kind)];
          continue;
        }
        const json::Node* classes = queues.isObject() ? objectAt(queues, "trafficClasses") : nullptr;
        if (classes == nullptr) {
          wrongShape(queues, kp, "an object with trafficClasses");
          continue;
        }
        for (const auto& [tc, counters] : classes->members) {
          std::string tp = fmt::format("{}/trafficClasses/{}", kp, json::escapePointer(tc));
          std::optional<int> index = trafficClass(tc);
          if (!index) {
            note(counters, tp, fmt::format("{}: {} is not a traffic class TC0-TC7: not read", tp.substr(1), tc));
            continue;
          }
          const json::Node* precedences = counters.isObject() ? objectAt(counters, "dropPrecedences") : nullptr;
          if (precedences == nullptr) {
            wrongShape(counters, tp, "an object with dropPrecedences");
            continue;
          }
          QueueState& q = port.queues[*index + (multicast ? 8 : 0)];
          q.multicast = multicast;
          q.src = at(counters, tp);
          droppedSum(*precedences, tp + "/dropPrecedences", q.dropped_packets);
        }
      }
    }
  }

  // interfaces.<if>.trafficClasses.TC<n>.{ingressVoqCounters,egressQueueCounters}.countersSum.droppedPackets
  void queueDrops(const json::Node& interfaces, const std::string& pointer) {
    for (const auto& [name, value] : interfaces.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(name));
      const json::Node* classes = value.isObject() ? objectAt(value, "trafficClasses") : nullptr;
      if (classes == nullptr) {
        wrongShape(value, p, "an object with trafficClasses");
        continue;
      }
      PortState& port = out_.state.ports[name];
      port.src = at(value, p);
      for (const auto& [tc, counters] : classes->members) {
        std::string tp = fmt::format("{}/trafficClasses/{}", p, json::escapePointer(tc));
        std::optional<int> index = trafficClass(tc);
        if (!index || !counters.isObject()) {
          note(counters, tp,
               fmt::format("{}: {} is not a traffic class TC0-TC7 with counters: not read", tp.substr(1), tc));
          continue;
        }
        QueueState& q = port.queues[*index];
        q.src = at(counters, tp);
        sumOf(counters, tp, "egressQueueCounters", q.dropped_packets);
        sumOf(counters, tp, "ingressVoqCounters", q.voq_dropped_packets);
      }
    }
  }

  // vrfs.<vrf>.routes.<prefix>: entries EOS did not program in hardware are not installed.
  void routes(const json::Node& vrfs) {
    out_.state.has_routes = true;
    for (const auto& [vrf, body] : vrfs.members) {
      std::string vp = fmt::format("/vrfs/{}", json::escapePointer(vrf));
      const json::Node* table = body.isObject() ? body.find("routes") : nullptr;
      if (table == nullptr) continue;  // a VRF without routes in this output
      if (!table->isObject()) {
        wrongShape(*table, vp + "/routes", "an object of prefixes");
        continue;
      }
      for (const auto& [prefix, entry] : table->members) {
        std::string p = fmt::format("{}/routes/{}", vp, json::escapePointer(prefix));
        if (!entry.isObject()) {
          wrongShape(entry, p, "a route object");
          continue;
        }
        if (const json::Node* hw = entry.find("hardwareProgrammed")) {
          if (hw->kind != json::Node::Kind::Boolean) {
            note(*hw, p + "/hardwareProgrammed",
                 fmt::format("{}/hardwareProgrammed is {}, not true or false: route not read", p.substr(1),
                             hw->kindName()));
            continue;
          }
          if (hw->text != "true") continue;
        }
        const json::Node* vias = entry.find("vias");
        if (vias != nullptr && vias->kind != json::Node::Kind::Array) {
          wrongShape(*vias, p + "/vias", "an array of next hops");
          continue;
        }
        InstalledRoute route;
        route.vrf = vrf == "default" ? "" : vrf;
        route.prefix = prefix;
        route.src = at(entry, p);
        if (const json::Node* type = entry.find("routeType"); type != nullptr && type->isScalar())
          route.protocol = type->text;
        if (const json::Node* action = entry.find("routeAction"); action != nullptr && action->isScalar())
          route.blackhole = action->text == "drop";
        if (vias != nullptr) {
          for (std::size_t i = 0; i < vias->items.size(); ++i) {
            const json::Node& via = vias->items[i];
            if (!via.isObject()) {
              wrongShape(via, fmt::format("{}/vias/{}", p, i), "a next-hop object");
              continue;
            }
            NextHop hop;
            if (const json::Node* a = via.find("nexthopAddr"); a != nullptr && a->isScalar()) hop.address = a->text;
            if (const json::Node* f = via.find("interface"); f != nullptr && f->isScalar()) hop.interface = f->text;
            if (hop.address.empty() && hop.interface.empty()) continue;
            route.next_hops.push_back(std::move(hop));
          }
        }
        out_.state.routes.push_back(std::move(route));
      }
    }
  }

  // An output recognised and not read: a skipped-file note naming the command.
  void skipped(const char* command, const char* why) {
    out_.notes.push_back(makeNote(InputNote::Kind::SkippedFile, "", "",
                                  fmt::format("{} skipped: Arista EOS `{}` JSON: not read ({})", file_, command, why),
                                  SourceRef{file_, 1, 1, OriginKind::None, ""}));
  }

 private:
  SourceRef at(const json::Node& node, const std::string& pointer) const {
    return SourceRef{file_, node.line, node.column, OriginKind::JsonPointer, pointer};
  }

  void note(const json::Node& node, const std::string& pointer, std::string message) {
    InputNote n = makeNote(InputNote::Kind::InvalidValue, "", "", std::move(message), at(node, pointer));
    n.fix = "collect the output again with `<command> | json` (docs/audit.md); a hand-edited capture?";
    out_.notes.push_back(std::move(n));
  }

  void wrongShape(const json::Node& node, const std::string& pointer, const char* expected) {
    note(node, pointer, fmt::format("{} is {}, not {}: not read", pointer.substr(1), node.kindName(), expected));
  }

  // A count written as a number or a string of digits; anything else is noted and not read.
  void readCount(const json::Node& node, const std::string& pointer, std::optional<StateValue>& into) {
    std::optional<std::uint64_t> n = node.kind == json::Node::Kind::Number || node.kind == json::Node::Kind::String
                                         ? parseCount(node.text)
                                         : std::nullopt;
    if (!n) {
      note(node, pointer,
           fmt::format("{} is {}, not a count: not read", pointer.substr(1),
                       node.isScalar() ? fmt::format("\"{}\"", node.text) : std::string(node.kindName())));
      return;
    }
    into = StateValue{*n, at(node, pointer)};
  }

  void count(const json::Node& fields, const std::string& pointer, const char* field, std::optional<StateValue>& into) {
    const json::Node* v = fields.find(field);
    if (v != nullptr) readCount(*v, fmt::format("{}/{}", pointer, field), into);
  }

  // The dropped packets of every drop precedence, summed; one precedence keeps its own location.
  void droppedSum(const json::Node& precedences, const std::string& pointer, std::optional<StateValue>& into) {
    std::optional<StateValue> total;
    for (const auto& [dp, counters] : precedences.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(dp));
      if (!counters.isObject()) {
        wrongShape(counters, p, "an object of counters");
        continue;
      }
      std::optional<StateValue> one;
      count(counters, p, "droppedPackets", one);
      if (!one) continue;
      if (total) {
        total->value += one->value;
        total->src = at(precedences, pointer);
      } else {
        total = one;
      }
    }
    if (total) into = total;
  }

  // <section>.countersSum.droppedPackets
  void sumOf(const json::Node& counters, const std::string& pointer, const char* section,
             std::optional<StateValue>& into) {
    const json::Node* s = counters.find(section);
    if (s == nullptr) return;
    std::string p = fmt::format("{}/{}", pointer, section);
    const json::Node* sum = s->isObject() ? objectAt(*s, "countersSum") : nullptr;
    if (sum == nullptr) {
      wrongShape(*s, p, "an object with countersSum");
      return;
    }
    count(*sum, p + "/countersSum", "droppedPackets", into);
  }

  std::string file_;
  StateReading& out_;
};

}  // namespace

const char* eosShowCommand(const json::Node& root) {
  if (!root.isObject()) return nullptr;
  if (const json::Node* c = root.find("interfaceCounters"); c != nullptr && isPfcCounters(*c)) return kPfcCounters;
  if (objectAt(root, "intfQueueCounters") != nullptr) return kEcnCounters;
  if (const json::Node* e = objectAt(root, "egressQueueCounters");
      e != nullptr && objectAt(*e, "interfaces") != nullptr)
    return kQueueDetail;
  if (const json::Node* i = objectAt(root, "interfaces")) {
    if (someMemberHas(*i, "trafficClasses")) return kQueueDrops;
    if (someMemberHas(*i, "interfaceCounters")) return kInterfaces;
  }
  if (const json::Node* v = objectAt(root, "vrfs")) {
    for (const auto& [vrf, body] : v->members) {
      if (!body.isObject()) continue;
      if (const json::Node* routes = objectAt(body, "routes");
          routes != nullptr && (someMemberHas(*routes, "vias") || someMemberHas(*routes, "routeType")))
        return kRoutes;
      if (body.find("bgpRouteEntries") != nullptr) return kBgp;
    }
  }
  return nullptr;
}

StateReading readEosShow(const json::Node& root, const std::string& file) {
  StateReading out;
  Reader reader(file, out);
  const char* command = eosShowCommand(root);
  if (command == kPfcCounters) {
    reader.pfcCounters(*root.find("interfaceCounters"), "/interfaceCounters");
  } else if (command == kEcnCounters) {
    reader.ecnCounters(*root.find("intfQueueCounters"), "/intfQueueCounters");
  } else if (command == kQueueDetail) {
    reader.queueDetail(*root.find("egressQueueCounters")->find("interfaces"), "/egressQueueCounters/interfaces");
  } else if (command == kQueueDrops) {
    reader.queueDrops(*root.find("interfaces"), "/interfaces");
  } else if (command == kRoutes) {
    reader.routes(*root.find("vrfs"));
  } else if (command == kBgp) {
    reader.skipped(kBgp, "BGP paths, not the installed routes: give `show ip route | json`");
  } else if (command == kInterfaces) {
    reader.skipped(kInterfaces,
                   "link-level pause and interface counters only: give `show priority-flow-control counters | json`");
  }
  return out;
}

}  // namespace rocelint::state
