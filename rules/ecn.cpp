// ECN: WRED/ECN marking on lossless queues, so DCQCN reacts before PFC has to.

#include <fmt/format.h>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

void losslessQueueWithoutEcn(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    GroupedFindings by_profile;  // a profile that does not mark is one line, shared by many queues
    for (const Port& port : sw.ports) {
      if (!isConnected(sw, port)) continue;
      PrioritySet pfc = port.qos.pfcPriorities();
      std::bitset<16> seen;
      for (int p = 0; p < 8; ++p) {
        if (!pfc.test(static_cast<std::size_t>(p))) continue;
        int q = queueOfTc(sw, port, p);
        if (q < 0 || q > 15 || seen.test(static_cast<std::size_t>(q))) continue;
        seen.set(static_cast<std::size_t>(q));
        const PortQueue* queue = port.queue(q);
        std::string problem;
        std::string profile_cause;
        SourceRef where = queue ? queue->src : qosLocation(port);
        if (!queue || !queue->wred_profile) {
          problem = fmt::format("queue {} has no {}", q, placeholder(Term::QueueEcnBinding));
        } else {
          auto it = sw.wred_profiles.find(queue->wred_profile->name);
          if (it == sw.wred_profiles.end()) continue;  // undefined reference: CFG002
          const WredProfile& wred = it->second;
          where = queue->wred_profile->src;
          const auto& green = wred.color(Color::Green);
          if (!wred.marks(Color::Green)) {
            problem = fmt::format("{} does not ECN-mark green packets{}", placeholder(Term::NamedEcnProfile, wred.name),
                                  placeholder(Term::EcnModeDetail, wred.ecn ? wred.ecn->value : "not set"));
            if (wred.ecn) where = wred.ecn->src;
            profile_cause = wred.name;
          } else if (!green.enabled || !green.enabled->value) {
            problem = fmt::format("{} {}", placeholder(Term::NamedEcnProfile, wred.name),
                                  placeholder(Term::GreenWredOff, green.enabled ? "\"false\"" : "not set"));
            if (green.enabled) where = green.enabled->src;
            profile_cause = wred.name;
          } else {
            continue;
          }
        }
        Finding f = at(
            sw, port.name, p, where,
            fmt::format("lossless queue {} (TC {}) on {} {} is not ECN-marked: {}; congestion control never "
                        "slows senders, so PFC becomes the only brake",
                        q, p, sw.name, port.name, problem),
            profile_cause.empty() ? FixAction{AddQueueEcn{port.name, q}} : FixAction{EnableProfileEcn{profile_cause}});
        if (profile_cause.empty()) {
          sink.add(std::move(f));
        } else {
          by_profile.add(profile_cause, p, port.name, std::move(f));
        }
      }
    }
    by_profile.flush(sink);
  }
}

void minNotBelowMax(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const auto& [name, wred] : sw.wred_profiles) {
      for (Color c : kColors) {
        const WredColor& wc = wred.color(c);
        if (!wc.min_threshold_bytes || !wc.max_threshold_bytes) continue;
        if (wc.min_threshold_bytes->value < wc.max_threshold_bytes->value) continue;
        Finding& f =
            sink.add(at(sw, "", std::nullopt, wc.min_threshold_bytes->src,
                        fmt::format("{} {} on {}: {}{} {} bytes is not below {}{} {} bytes, {}",
                                    placeholder(Term::EcnProfile), name, sw.name, colorName(c),
                                    placeholder(Term::MinThresholdOfColor), wc.min_threshold_bytes->value, colorName(c),
                                    placeholder(Term::MaxThresholdOfColor), wc.max_threshold_bytes->value,
                                    wc.min_threshold_bytes->value == wc.max_threshold_bytes->value
                                        ? "so there is no marking ramp: marking jumps from 0 to 100 %"
                                        : "an inverted range the ASIC rejects or programs unpredictably"),
                        "set min below max (e.g. 150 KB / 1.5 MB for RoCE)"));
        f.related.push_back(related(fmt::format("{}_max_threshold", colorName(c)), wc.max_threshold_bytes->src));
      }
    }
  }
}

void probabilityOutOfRange(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const auto& [name, wred] : sw.wred_profiles) {
      for (Color c : kColors) {
        const auto& prob = wred.color(c).drop_probability_percent;
        if (!prob || (prob->value >= 0 && prob->value <= 100)) continue;
        sink.add(at(sw, "", std::nullopt, prob->src,
                    fmt::format("{} {} on {}: {}_drop_probability is {} %, outside 0-100",
                                placeholder(Term::EcnProfile), name, sw.name, colorName(c), prob->value),
                    "use a percentage 0-100 (RoCE profiles typically mark at 5-10 %)"));
      }
    }
  }
}

}  // namespace

void registerEcnSolverRules(std::vector<Rule>& rules);  // rules/ecn_solver.cpp

void registerEcnRules(std::vector<Rule>& rules) {
  rules.push_back({"ECN001", Severity::Error, "a lossless queue has no WRED/ECN profile or ECN marking is off",
                   losslessQueueWithoutEcn});
  rules.push_back({"ECN002", Severity::Error, "WRED minimum threshold is not below the maximum threshold", minNotBelowMax});
  rules.push_back({"ECN003", Severity::Error, "WRED marking/drop probability outside 0-100 %", probabilityOutOfRange});
  registerEcnSolverRules(rules);
}

}  // namespace rocelint::rules
