#include "rocelint/consistency.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "rocelint/qos.hpp"

namespace rocelint {
namespace {

struct Seen {
  std::string value;
  const Port* port;
  SourceRef src;
};

/// group -> (PG, field) -> switch -> what each of its ports in the group holds.
using Observations =
    std::map<std::string, std::map<std::pair<int, std::string>, std::map<std::string, std::vector<Seen>>>>;

void observe(const Switch& sw, Observations& out) {
  for (const Port& port : sw.ports) {
    if (!isConnected(sw, port) || !port.speed_mbps || !port.cable_length_m) continue;
    PrioritySet pfc = port.qos.pfcPriorities();
    if (pfc.none()) continue;
    std::string group = fmt::format("{} {}, {} Mb/s, cable {}", sw.role.empty() ? "(no role)" : sw.role,
                                    sw.hwsku.empty() ? "(no hwsku)" : sw.hwsku, port.speed_mbps->value,
                                    cableClass(port.cable_length_m->value));
    auto add = [&](int p, const std::string& field, const auto& sourced) {
      if (sourced) out[group][{p, field}][sw.name].push_back({fmt::format("{}", sourced->value), &port, sourced->src});
    };
    for (int p = 0; p < 8; ++p) {
      if (!pfc.test(static_cast<std::size_t>(p))) continue;
      if (const auto& pg = port.pgs[static_cast<std::size_t>(p)]; pg && !pg->null_profile) {
        if (const BufferProfile* profile = pgProfile(sw, *pg)) {
          add(p, "xon", profile->xon_bytes);
          add(p, "xoff", profile->xoff_bytes);
          add(p, "size", profile->size_bytes);
          add(p, "dynamic_th", profile->dynamic_th);
        }
      }
      const PortQueue* queue = port.queue(queueOfTc(sw, port, p));
      if (queue != nullptr && queue->wred_profile) {
        auto wred = sw.wred_profiles.find(queue->wred_profile->name);
        if (wred != sw.wred_profiles.end()) {
          add(p, "green_min_threshold", wred->second.color(Color::Green).min_threshold_bytes);
          add(p, "green_max_threshold", wred->second.color(Color::Green).max_threshold_bytes);
        }
      }
    }
  }
}

/// The value most of a switch's ports hold (ties: the smallest value, for determinism).
const Seen& switchValue(const std::vector<Seen>& seen) {
  std::map<std::string, int> counts;
  for (const auto& o : seen) ++counts[o.value];
  auto best =
      std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  return *std::find_if(seen.begin(), seen.end(), [&](const Seen& o) { return o.value == best->first; });
}

}  // namespace

std::string cableClass(std::uint32_t meters) {
  if (meters <= 10) return "0-10 m";
  if (meters <= 100) return "11-100 m";
  if (meters <= 1000) return "101-1000 m";
  return "over 1000 m";
}

std::vector<WatermarkCell> watermarkCells(const Fabric& fabric) {
  // One switch at a time: its ports' values are reduced to the switch's value before the next
  // switch is read, so memory holds one observation per (group, PG, field, switch), not one per
  // port (millions on a large fabric).
  std::map<std::string, std::map<std::pair<int, std::string>, std::map<std::string, WatermarkObservation>>> all;
  for (const Switch& sw : fabric.switches) {
    Observations mine;
    observe(sw, mine);
    for (const auto& [group, fields] : mine) {
      auto& cells = all[group];
      for (const auto& [key, by_switch] : fields) {
        for (const auto& [sw_name, seen] : by_switch) {
          const Seen& v = switchValue(seen);
          cells[key][sw_name] = WatermarkObservation{sw_name, v.port->name, v.value, v.src};
        }
      }
    }
  }
  std::vector<WatermarkCell> cells;
  for (auto& [group, fields] : all) {
    for (auto& [key, by_switch] : fields) {
      WatermarkCell cell{group, key.first, key.second, {}};
      cell.switches.reserve(by_switch.size());
      for (auto& [sw_name, observation] : by_switch) cell.switches.push_back(std::move(observation));
      cells.push_back(std::move(cell));
    }
  }
  return cells;
}

}  // namespace rocelint
