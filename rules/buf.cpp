// BUF (sanity): buffer profiles, pools and PGs that cannot work as configured.

#include <fmt/format.h>

#include <set>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

const BufferPool* poolOf(const Switch& sw, const BufferProfile& profile) {
  if (!profile.pool) return nullptr;
  auto it = sw.pools.find(profile.pool->name);
  return it == sw.pools.end() ? nullptr : &it->second;
}

void pgWithoutHeadroom(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      for (int p = 0; p < 8; ++p) {
        const auto& pg = port.pgs[static_cast<std::size_t>(p)];
        if (!pfc.test(static_cast<std::size_t>(p)) || !pg) continue;
        if (pg->null_profile) {
          if (sw.buffer_model == BufferModel::Dynamic) continue;  // headroom computed at run time
          sink.add(at(sw, port.name, p, pg->src,
                      fmt::format("lossless PG {} on {} {} has profile \"NULL\", which reserves nothing in the "
                                  "traditional buffer model (only the dynamic model computes headroom for it)",
                                  p, sw.name, port.name),
                      "give the PG a lossless profile (pg_lossless_<speed>_<cable>_profile), or set "
                      "DEVICE_METADATA buffer_model to dynamic if the switch runs it"));
          continue;
        }
        const BufferProfile* profile = pgProfile(sw, *pg);
        if (profile == nullptr || profile->reservesHeadroom()) continue;
        Finding& f = sink.add(at(sw, port.name, p, pg->src,
                                 fmt::format("lossless PG {} on {} {} uses {} {}, which has {}: there is no "
                                             "headroom for the data in flight after a pause, so it is dropped",
                                             p, sw.name, port.name, placeholder(Term::BufferProfile), profile->name,
                                             profile->xoff_bytes ? "xoff 0" : "no xoff"),
                                 RaiseXoff{profile->name}));
        f.related.push_back(
            related(fmt::format("{} {}", placeholder(Term::BufferProfile), profile->name), profile->src));
      }
    }
  }
}

void sizeBelowXonXoff(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    // The dynamic model sizes profiles itself (and may use over_subscribe_ratio headroom).
    if (sw.buffer_model != BufferModel::Traditional) continue;
    for (const auto& [name, profile] : sw.profiles) {
      if (!profile.size_bytes || !profile.xon_bytes || !profile.xoff_bytes || profile.xon_offset_bytes) continue;
      const BufferPool* pool = poolOf(sw, profile);
      if (pool == nullptr || pool->hasSharedHeadroom()) continue;
      std::uint64_t need = profile.xon_bytes->value + profile.xoff_bytes->value;
      if (profile.size_bytes->value >= need) continue;
      Finding& f = sink.add(at(sw, "", std::nullopt, profile.size_bytes->src,
                               fmt::format("{} {} on {}: size {} bytes is smaller than xon + xoff = {} + {} "
                                           "= {} bytes; pool {} has no shared headroom pool, so size must hold both",
                                           placeholder(Term::BufferProfile), name, sw.name, profile.size_bytes->value,
                                           profile.xon_bytes->value, profile.xoff_bytes->value, need, pool->name),
                               fmt::format("set size to at least {}", need)));
      f.related.push_back(related(fmt::format("{} {}", placeholder(Term::BufferPool), pool->name), pool->src));
    }
  }
}

void undefinedBufferReferences(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    auto report = [&](const std::string& port, const Reference& ref, Term table, const std::string& user) {
      sink.add(at(sw, port, std::nullopt, ref.src,
                  fmt::format("{} references {} \"{}\", which is not defined on {}", user, placeholder(table), ref.name,
                              sw.name),
                  DefineReferenced{table, ref.name}));
    };
    for (const auto& [name, profile] : sw.profiles) {
      if (profile.pool && !sw.pools.count(profile.pool->name) && !profile.derived) {
        report("", *profile.pool, Term::BufferPool, placeholder(Term::BufferProfile) + " " + name);
      }
    }
    for (const Port& port : sw.ports) {
      std::set<std::pair<std::string, int>> seen;  // one finding per referencing entry
      auto once = [&](const Reference& ref) { return seen.insert({ref.src.file(), ref.src.line}).second; };
      for (const auto& pg : port.pgs) {
        if (pg && pg->profile && !sw.profiles.count(pg->profile->name) && once(*pg->profile)) {
          report(port.name, *pg->profile, Term::BufferProfile, placeholder(Term::LosslessPg) + " of " + port.name);
        }
      }
      for (const PortQueue& queue : port.queues) {
        if (queue.buffer_profile && !sw.profiles.count(queue.buffer_profile->name) && once(*queue.buffer_profile)) {
          report(port.name, *queue.buffer_profile, Term::BufferProfile,
                 placeholder(Term::QueueBuffer) + " of " + port.name);
        }
      }
      for (const auto* list : {&port.ingress_profile_list, &port.egress_profile_list}) {
        for (const Reference& ref : *list) {
          if (!sw.profiles.count(ref.name)) report(port.name, ref, Term::BufferProfile, "profile_list of " + port.name);
        }
      }
    }
  }
}

void directionMismatch(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const Port& port : sw.ports) {
      std::set<std::pair<std::string, int>> seen;
      auto check = [&](const Reference& ref, bool ingress, Term user) {
        auto it = sw.profiles.find(ref.name);
        if (it == sw.profiles.end()) return;
        const BufferPool* pool = poolOf(sw, it->second);
        if (pool == nullptr) return;
        PoolType wrong = ingress ? PoolType::Egress : PoolType::Ingress;
        if (pool->type != wrong || !seen.insert({ref.src.file(), ref.src.line}).second) return;
        Finding& f = sink.add(
            at(sw, port.name, std::nullopt, ref.src,
               fmt::format("{} on {} {} uses {} {}, whose pool {} is an {} pool", placeholder(user), sw.name, port.name,
                           placeholder(Term::BufferProfile), ref.name, pool->name, ingress ? "egress" : "ingress"),
               fmt::format("use a profile on an {} pool", ingress ? "ingress" : "egress")));
        f.related.push_back(related(fmt::format("{} {}", placeholder(Term::BufferPool), pool->name), pool->src));
      };
      for (const auto& pg : port.pgs) {
        if (pg && pg->profile) check(*pg->profile, true, Term::LosslessPg);
      }
      for (const PortQueue& queue : port.queues) {
        if (queue.buffer_profile) check(*queue.buffer_profile, false, Term::QueueBuffer);
      }
      for (const Reference& ref : port.ingress_profile_list) check(ref, true, Term::IngressProfileList);
      for (const Reference& ref : port.egress_profile_list) check(ref, false, Term::EgressProfileList);
    }
  }
}

void runtimePgsUnknown(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    std::vector<const Port*> ports;
    for (const Port& port : sw.ports) {
      bool real_port = port.declared || !sw.has_port_table;  // undeclared ones are CFG002
      if (real_port && !port.isAdminDown() && losslessPgsUnknown(sw, port)) ports.push_back(&port);
    }
    if (ports.empty()) continue;
    const Port& first = *ports.front();
    sink.add(at(sw, first.name, std::nullopt, pfcLocation(first),
                fmt::format("{} uses the traditional buffer model and {} port(s) have PFC priorities without {} "
                            "entries: SONiC generates those PGs at run time from the platform's pg_profile_lookup.ini, "
                            "which is not in the fabric directory, so their headroom is not checked",
                            sw.name, ports.size(), placeholder(Term::LosslessPg)),
                fmt::format("put the platform's pg_profile_lookup.ini in the fabric directory (in a folder named {} or "
                            "{}) to have the PGs derived and checked",
                            sw.name, sw.hwsku.empty() ? "after the hwsku" : sw.hwsku)));
  }
}

void lookupHasNoRow(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    if (sw.buffer_model != BufferModel::Traditional || !sw.pg_lookup) continue;
    for (const Port& port : sw.ports) {
      PrioritySet pfc = port.qos.pfcPriorities();
      if (pfc.none() || port.isAdminDown() || (sw.has_port_table && !port.declared)) continue;
      bool missing = false;
      for (std::size_t p = 0; p < 8; ++p) missing = missing || (pfc.test(p) && !port.pgs[p]);
      if (!missing) continue;
      std::string why;
      std::string fix;
      std::optional<FixAction> action;
      SourceRef where = port.src;
      if (!port.speed_mbps) {
        why = "the port has no speed";
        fix = "set PORT speed";
      } else if (!port.cable_length_m) {
        why = fmt::format("the port has no {} entry", placeholder(Term::CableLength));
        action = SetCableLength{port.name};
      } else if (port.cable_length_m->value == 0) {
        why = fmt::format("its {} is 0m, which tells SONiC not to create a lossless profile",
                          placeholder(Term::CableLength));
        fix = "set the real cable length, or remove the port's PFC priorities if it is meant to be lossy";
        where = port.cable_length_m->src;
      } else {
        why = fmt::format("{} has no row for speed {} and cable {}m", sw.pg_lookup->file, port.speed_mbps->value,
                          port.cable_length_m->value);
        fix = fmt::format("add a row for {} {}m to pg_profile_lookup.ini, or correct the cable length",
                          port.speed_mbps->value, port.cable_length_m->value);
        where = port.cable_length_m->src;
      }
      Finding f = at(sw, port.name, std::nullopt, where,
                     fmt::format("SONiC will not create the lossless PGs {} of {} {}: {}", formatPrioritySet(pfc),
                                 sw.name, port.name, why),
                     fix);
      f.fix_action = std::move(action);
      sink.add(std::move(f));
    }
  }
}

// BUF013: a setting the configuration stages but never puts into effect (H3C `buffer egress ...`
// without a later `buffer apply`): the switch runs with its previous buffer allocation.
void stagedNotApplied(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const StagedSetting& staged : sw.staged_settings) {
      sink.add(at(sw, staged.port, std::nullopt, staged.src,
                  fmt::format("{}: `{}` is written but never applied, so it has no effect: the queues it is meant "
                              "for keep the buffer they had",
                              sw.name, staged.what),
                  ApplyStagedSetting{staged.what}));
    }
  }
}

}  // namespace

void registerBufHeadroomRules(std::vector<Rule>& rules);     // rules/buf_headroom.cpp
void registerBufPoolRules(std::vector<Rule>& rules);         // rules/buf_pool.cpp
void registerBufConsistencyRules(std::vector<Rule>& rules);  // rules/buf_consistency.cpp

void registerBufRules(std::vector<Rule>& rules) {
  rules.push_back(
      {"BUF001", Severity::Error, "a lossless PG's buffer profile reserves no headroom (no xoff)", pgWithoutHeadroom});
  rules.push_back({"BUF002", Severity::Error, "profile size is smaller than xon + xoff where size must include both",
                   sizeBelowXonXoff});
  rules.push_back(
      {"BUF003", Severity::Error, "reference to an undefined buffer profile or pool", undefinedBufferReferences});
  rules.push_back(
      {"BUF004", Severity::Error, "ingress buffer object uses an egress pool, or the reverse", directionMismatch});
  rules.push_back({"BUF005", Severity::Note,
                   "lossless PGs are generated at run time and no pg_profile_lookup.ini was given", runtimePgsUnknown});
  rules.push_back({"BUF006", Severity::Error, "pg_profile_lookup.ini has no row for the port's speed and cable length",
                   lookupHasNoRow});
  registerBufHeadroomRules(rules);
  registerBufPoolRules(rules);
  registerBufConsistencyRules(rules);
  rules.push_back({"BUF013", Severity::Warning, "a buffer setting is written but never applied", stagedNotApplied});
}

}  // namespace rocelint::rules
