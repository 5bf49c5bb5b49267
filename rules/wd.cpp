// WD: the PFC watchdog that breaks pause storms and deadlocks.

#include <fmt/format.h>

#include <map>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

Term timerTerm(WatchdogTimer timer) {
  return timer == WatchdogTimer::Detection ? Term::WatchdogDetectionTime : Term::WatchdogRestorationTime;
}

void missingWatchdog(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    GroupedFindings unwatched;  // ports without any watchdog entry: one finding per priority
    for (const Port& port : sw.ports) {
      if (!isConnected(sw, port)) continue;
      PrioritySet pfc = port.qos.pfcPriorities();
      for (int p = 0; p < 8; ++p) {
        if (!pfc.test(static_cast<std::size_t>(p)) || watchdogCovers(sw, port, p)) continue;
        bool no_entry = false;
        std::string why;
        SourceRef where = qosLocation(port);
        if (port.watchdog || (sw.default_pfcwd_enabled && sw.default_pfcwd_enabled->value)) {
          why = fmt::format("{} is {}", placeholder(Term::WatchdogPrioritySet),
                            formatPrioritySet(port.qos.pfcwd_sw_enable->value));
          where = port.qos.pfcwd_sw_enable->src;
        } else {
          why = placeholder(Term::NoWatchdogConfigured);
          no_entry = true;
        }
        Finding f =
            at(sw, port.name, p, where,
               fmt::format("lossless priority {} on {} {} has no PFC watchdog: {}; a pause storm or deadlock on "
                           "it is never broken",
                           p, sw.name, port.name, why),
               AddWatchdog{port.name, p});
        if (no_entry) {
          unwatched.add("no PFC_WD entry", p, port.name, std::move(f));
        } else {
          sink.add(std::move(f));
        }
      }
    }
    unwatched.flush(sink);
  }
}

void timersOutOfRange(const RuleContext& ctx, FindingSink& sink) {
  const RuleParams& params = ctx.params;
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      if (!port.watchdog) continue;
      auto check = [&](const std::optional<Sourced<int>>& value, WatchdogTimer timer, int min, int max) {
        if (!value) return;
        std::string problem;
        bool below_poll = false;
        if (value->value < min || value->value > max) {
          problem = fmt::format("outside {}-{} ms", min, max);
        } else if (sw.pfcwd_poll_interval_ms && value->value < sw.pfcwd_poll_interval_ms->value) {
          problem = fmt::format("below the poll interval of {} ms", sw.pfcwd_poll_interval_ms->value);
          below_poll = true;
        } else {
          return;
        }
        Finding& f = sink.add(at(sw, port.name, std::nullopt, value->src,
                                 fmt::format("PFC watchdog {} on {} {} is {} ms, {}", placeholder(timerTerm(timer)),
                                             sw.name, port.name, value->value, problem),
                                 WatchdogTimeInRange{timer, min, max}));
        if (below_poll) {
          f.related.push_back(related(placeholder(Term::WatchdogPollInterval), sw.pfcwd_poll_interval_ms->src));
        }
      };
      check(port.watchdog->detection_ms, WatchdogTimer::Detection, params.watchdog_detection_min_ms,
            params.watchdog_detection_max_ms);
      check(port.watchdog->restoration_ms, WatchdogTimer::Restoration, params.watchdog_restoration_min_ms,
            params.watchdog_restoration_max_ms);
    }
  }
}

void settingsDiffer(const RuleContext& ctx, FindingSink& sink) {
  struct Entry {
    const Switch* sw;
    const Port* port;
    std::string value;
    SourceRef src;
  };
  auto field = [&](const std::string& name, WatchdogSetting setting, auto get) {
    std::vector<Entry> entries;
    for (const Switch& sw : ctx.fabric.switches) {
      for (const Port& port : sw.ports) {
        if (!port.watchdog) continue;
        if (auto v = get(*port.watchdog)) entries.push_back({&sw, &port, v->first, v->second});
      }
    }
    std::map<std::string, int> votes;
    for (const auto& e : entries) ++votes[e.value];
    if (votes.size() < 2) return;
    auto best = votes.begin();
    for (auto it = votes.begin(); it != votes.end(); ++it) {
      if (it->second > best->second) best = it;
    }
    std::string tally;
    for (const auto& [value, count] : votes) tally += fmt::format("{}{} x {}", tally.empty() ? "" : ", ", count, value);
    if (best->second * 2 > static_cast<int>(entries.size())) {
      for (const auto& e : entries) {
        if (e.value == best->first) continue;
        sink.add(at(*e.sw, e.port->name, std::nullopt, e.src,
                    fmt::format("PFC watchdog {} on {} {} is {}, but the fabric uses {} ({})", name, e.sw->name,
                                e.port->name, e.value, best->first, tally),
                    MakeWatchdogSettingEqual{e.port->name, setting, best->first}));
      }
    } else {
      const Entry& first = entries.front();
      sink.add(at(*first.sw, first.port->name, std::nullopt, first.src,
                  fmt::format("PFC watchdog {} disagrees across the fabric with no majority ({})", name, tally),
                  fmt::format("choose one {} for every lossless port", name)));
    }
  };
  using Value = std::optional<std::pair<std::string, SourceRef>>;
  field("action", WatchdogSetting::Action, [](const PortWatchdog& wd) -> Value {
    return wd.action ? Value{{wd.action->value, wd.action->src}} : std::nullopt;
  });
  field(placeholder(Term::WatchdogDetectionTime), WatchdogSetting::DetectionTime, [](const PortWatchdog& wd) -> Value {
    return wd.detection_ms ? Value{{std::to_string(wd.detection_ms->value) + " ms", wd.detection_ms->src}}
                           : std::nullopt;
  });
  field(placeholder(Term::WatchdogRestorationTime), WatchdogSetting::RestorationTime,
        [](const PortWatchdog& wd) -> Value {
          return wd.restoration_ms ? Value{{std::to_string(wd.restoration_ms->value) + " ms", wd.restoration_ms->src}}
                                   : std::nullopt;
        });
}

}  // namespace

void registerWdRules(std::vector<Rule>& rules) {
  rules.push_back({"WD001", Severity::Warning, "a lossless port/priority has no PFC watchdog", missingWatchdog});
  rules.push_back({"WD002", Severity::Warning,
                   "watchdog detection/restoration time out of range or below the poll interval", timersOutOfRange});
  rules.push_back({"WD003", Severity::Warning, "watchdog settings differ from the rest of the fabric", settingsDiffer});
}

}  // namespace rocelint::rules
