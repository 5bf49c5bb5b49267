// ECN: WRED/ECN marking on lossless queues, so DCQCN reacts before PFC has to.

#include <fmt/format.h>

#include <algorithm>

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

// min = max is step marking (every packet above the threshold is marked), a deliberate design
// (Azure's reference RoCE profile); only min > max is wrong. Colours written by one statement
// (a syntax without colours fills all three from it) are one finding.
void minAboveMax(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const auto& profile : sw.wred_profiles) {
      const std::string& name = profile.first;
      const auto& wred = profile.second;  // a reference, not a binding: lambdas below capture it
      std::vector<std::pair<const SourceRef*, const SourceRef*>> reported;
      for (Color c : kColors) {
        const WredColor& wc = wred.color(c);
        if (!wc.min_threshold_bytes || !wc.max_threshold_bytes) continue;
        if (wc.min_threshold_bytes->value <= wc.max_threshold_bytes->value) continue;
        const SourceRef* min_src = &wc.min_threshold_bytes->src;
        const SourceRef* max_src = &wc.max_threshold_bytes->src;
        bool same_statement = std::any_of(reported.begin(), reported.end(),
                                          [&](const auto& r) { return *r.first == *min_src && *r.second == *max_src; });
        if (same_statement) continue;
        reported.emplace_back(min_src, max_src);
        bool one_for_all = std::all_of(kColors.begin(), kColors.end(), [&](Color other) {
          const WredColor& o = wred.color(other);
          return o.min_threshold_bytes && o.max_threshold_bytes && o.min_threshold_bytes->src == *min_src &&
                 o.max_threshold_bytes->src == *max_src;
        });
        std::string colour = one_for_all ? std::string("the") : std::string(colorName(c));
        Finding& f = sink.add(
            at(sw, "", std::nullopt, *min_src,
               fmt::format("{} {} on {}: {}{} {} bytes is above {}{} {} bytes, an inverted range the ASIC rejects or "
                           "programs unpredictably",
                           placeholder(Term::EcnProfile), name, sw.name, colour, placeholder(Term::MinThresholdOfColor),
                           wc.min_threshold_bytes->value, colour, placeholder(Term::MaxThresholdOfColor),
                           wc.max_threshold_bytes->value),
               "set min at or below max (e.g. 150 KB / 1.5 MB for a RoCE ramp; min = max marks as a step)"));
        f.related.push_back(related(
            one_for_all ? std::string("maximum threshold") : fmt::format("{}_max_threshold", colorName(c)), *max_src));
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
  rules.push_back({"ECN002", Severity::Error, "WRED minimum threshold is above the maximum threshold", minAboveMax});
  rules.push_back({"ECN003", Severity::Error, "WRED marking/drop probability outside 0-100 %", probabilityOutOfRange});
  registerEcnSolverRules(rules);
}

}  // namespace rocelint::rules
