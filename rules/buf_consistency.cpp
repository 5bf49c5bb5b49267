// BUF (consistency): switches that should be configured alike (same role and hwsku, ports of the
// same speed and cable class) should agree on their watermarks; outliers are named against the
// group's majority, and a group without a majority is reported as a disagreement.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "families.hpp"
#include "rocelint/consistency.hpp"

namespace rocelint::rules {
namespace {

std::string names(const std::vector<std::string>& switches) {
  std::string out;
  for (std::size_t i = 0; i < switches.size() && i < 4; ++i) out += (i ? ", " : "") + switches[i];
  if (switches.size() > 4) out += fmt::format(", ... ({} in all)", switches.size());
  return out;
}

/// One reported line: outliers (or disagreements) of many groups and PGs that point at the same
/// config line are one cause, reported once with the PGs and groups it affects.
struct Pending {
  Finding finding;
  std::set<int> pgs;
  std::set<std::string> groups;
  std::string head;  ///< message up to the PG list
  std::string tail;  ///< message after it
};

void watermarksInconsistent(const RuleContext& ctx, FindingSink& sink) {
  std::map<std::tuple<std::string, std::string, std::string, int, std::string>, Pending> pending;
  auto record = [&](const Switch& sw, const WatermarkObservation& o, int p, const std::string& field,
                    const std::string& group, const std::string& head, const std::string& tail, std::string fix,
                    std::vector<RelatedLocation> rel) {
    auto key = std::make_tuple(sw.name, field, o.src.file(), o.src.line, o.value);
    auto [it, inserted] = pending.try_emplace(key);
    Pending& entry = it->second;
    if (inserted) {
      entry.finding = at(sw, o.port, p, o.src, "", std::move(fix));
      entry.finding.related = std::move(rel);
      entry.head = head;
      entry.tail = tail;
    }
    entry.pgs.insert(p);
    entry.groups.insert(group);
  };
  for (const WatermarkCell& cell : watermarkCells(ctx.fabric)) {
    {
      const auto& group = cell.group;
      const auto& field = cell.field;
      int p = cell.pg;
      const auto& by_switch = cell.switches;
      if (by_switch.size() < 2) continue;                       // nothing to compare with
      std::map<std::string, std::vector<std::string>> holders;  // value -> switches (sorted by name)
      std::map<std::string, const WatermarkObservation*> chosen;
      for (const WatermarkObservation& value : by_switch) {
        holders[value.value].push_back(value.switch_name);
        chosen[value.switch_name] = &value;
      }
      if (holders.size() < 2) continue;
      auto majority = std::max_element(holders.begin(), holders.end(),
                                       [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
      bool has_majority = majority->second.size() * 2 > by_switch.size();
      auto lead = [&](const std::string& sw_name) -> const Switch& { return *ctx.fabric.findSwitch(sw_name); };
      if (has_majority) {
        const WatermarkObservation& example = *chosen[majority->second.front()];
        for (const auto& [value, switches] : holders) {
          if (value == majority->first) continue;
          for (const auto& sw_name : switches) {
            const WatermarkObservation& o = *chosen[sw_name];
            record(lead(sw_name), o, p, field, group,
                   fmt::format("{} {} has {} {} on PG", sw_name, o.port, field, o.value),
                   fmt::format("where {} of the {} switches of its group ({}) use {} ({})", majority->second.size(),
                               by_switch.size(), group, majority->first, names(majority->second)),
                   fmt::format("set {} to {} like the rest of the group, or give {} its own role/hwsku if it is meant "
                               "to differ",
                               field, majority->first, sw_name),
                   {related(fmt::format("{} on {}", field, majority->second.front()), example.src)});
          }
        }
      } else {
        // No majority (e.g. a group of two): one disagreement, blaming no one.
        std::string listed;
        std::vector<std::string> firsts;
        for (const auto& [value, switches] : holders) {
          listed += fmt::format("{}{} ({})", listed.empty() ? "" : ", ", value, names(switches));
          firsts.push_back(switches.front());
        }
        std::sort(firsts.begin(), firsts.end());
        std::vector<RelatedLocation> rel;
        for (std::size_t i = 1; i < firsts.size(); ++i) {
          rel.push_back(related(fmt::format("{} on {}", field, firsts[i]), chosen[firsts[i]]->src));
        }
        record(lead(firsts.front()), *chosen[firsts.front()], p, field, group,
               fmt::format("the {} switches of group {} disagree on {} of PG", by_switch.size(), group, field),
               fmt::format(": {}; no value has a majority", listed),
               fmt::format("pick one {} for the group and configure it on every switch", field), std::move(rel));
      }
    }
  }
  for (auto& [key, entry] : pending) {
    std::string pgs;
    for (int p : entry.pgs) pgs += (pgs.empty() ? "" : ", ") + std::to_string(p);
    std::string groups =
        entry.groups.size() > 1 ? fmt::format(" (same line in {} port groups)", entry.groups.size()) : "";
    entry.finding.priority = *entry.pgs.begin();
    entry.finding.message = fmt::format("{}{} {}{}{}{}", entry.head, entry.pgs.size() > 1 ? "s" : "", pgs,
                                        entry.tail.rfind(":", 0) == 0 ? "" : " ", entry.tail, groups);
    sink.add(std::move(entry.finding));
  }
}

}  // namespace

void registerBufConsistencyRules(std::vector<Rule>& rules) {
  rules.push_back({"BUF012", Severity::Warning,
                   "a watermark differs from the switches that should be configured alike (same role, hwsku, speed, "
                   "cable class)",
                   watermarksInconsistent});
}

}  // namespace rocelint::rules
