// BUF (pools): what the lossless PGs of a switch reserve against the ingress pool and the shared
// headroom pool, and whether each lossless profile's threshold fits its pool's mode.

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "families.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

const BufferPool* poolOfProfile(const Switch& sw, const BufferProfile& profile) {
  if (!profile.pool) return nullptr;
  auto it = sw.pools.find(profile.pool->name);
  return it == sw.pools.end() ? nullptr : &it->second;
}

std::uint64_t valueOr0(const std::optional<Sourced<std::uint64_t>>& v) { return v ? v->value : 0; }

bool isLosslessStatic(const BufferProfile& profile) {
  return !profile.headroom_dynamic && profile.xoff_bytes && profile.xoff_bytes->value > 0;
}

/// Ports whose PGs are programmed: declared (when a PORT table exists) and not admin down.
bool programmed(const Switch& sw, const Port& port) {
  return !port.isAdminDown() && (port.declared || !sw.has_port_table);
}

/// What a PG takes out of its pool: the profile's size, and for a lossless PG without a shared
/// headroom pool its xon + xoff when size does not already hold them.
std::uint64_t footprint(const BufferProfile& profile, const BufferPool& pool) {
  std::uint64_t size = valueOr0(profile.size_bytes);
  if (!isLosslessStatic(profile) || pool.hasSharedHeadroom()) return size;
  return std::max(size, valueOr0(profile.xon_bytes) + valueOr0(profile.xoff_bytes));
}

struct PoolUse {
  std::uint64_t bytes = 0;
  int lossless_pgs = 0;
  int pgs = 0;
  std::uint64_t xoff_sum = 0;                                       ///< headroom drawn from the shared headroom pool
  std::map<std::string, std::pair<int, std::uint64_t>> by_profile;  ///< profile -> (PGs, bytes)
};

std::map<std::string, PoolUse> ingressPoolUse(const Switch& sw) {
  std::map<std::string, PoolUse> use;
  for (const Port& port : sw.ports) {
    if (!programmed(sw, port)) continue;
    for (const auto& pg : port.pgs) {
      if (!pg || pg->null_profile) continue;
      const BufferProfile* profile = pgProfile(sw, *pg);
      if (profile == nullptr) continue;
      const BufferPool* pool = poolOfProfile(sw, *profile);
      if (pool == nullptr) continue;
      PoolUse& u = use[pool->name];
      std::uint64_t bytes = footprint(*profile, *pool);
      u.bytes += bytes;
      ++u.pgs;
      if (isLosslessStatic(*profile)) {
        ++u.lossless_pgs;
        u.xoff_sum += profile->xoff_bytes->value;
      }
      auto& [count, total] = u.by_profile[profile->name];
      ++count;
      total += bytes;
    }
  }
  return use;
}

std::string largest(const PoolUse& use) {
  std::vector<std::pair<std::uint64_t, std::string>> items;
  for (const auto& [name, counted] : use.by_profile) {
    items.push_back({counted.second, fmt::format("{} x {} = {}", counted.first, name, counted.second)});
  }
  std::sort(items.rbegin(), items.rend());
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < 3; ++i) out += (i ? ", " : "") + items[i].second;
  return out;
}

void poolOvercommitted(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    for (const auto& [name, use] : ingressPoolUse(sw)) {
      const BufferPool& pool = sw.pools.at(name);
      if (!pool.size_bytes || use.lossless_pgs == 0 || use.bytes <= pool.size_bytes->value) continue;
      sink.add(at(sw, "", std::nullopt, pool.size_bytes->src,
                  fmt::format("{} {} on {} has size {} bytes, but its {} PGs ({} lossless) reserve {} bytes of "
                              "guaranteed buffer and headroom ({}): the lossless PGs cannot all get their headroom",
                              placeholder(Term::BufferPool), name, sw.name, pool.size_bytes->value, use.pgs,
                              use.lossless_pgs, use.bytes, largest(use)),
                  fmt::format("grow the pool to at least {} bytes, or shrink the reservations (shorter-cable profiles "
                              "where cables are short, fewer lossless priorities, or a shared headroom pool)",
                              use.bytes)));
    }
  }
}

void sharedHeadroomOversubscribed(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    if (!sw.over_subscribe_ratio || sw.over_subscribe_ratio->value <= 0) continue;
    int ratio = sw.over_subscribe_ratio->value;
    for (const auto& [name, use] : ingressPoolUse(sw)) {
      const BufferPool& pool = sw.pools.at(name);
      if (!pool.hasSharedHeadroom() || use.lossless_pgs == 0) continue;
      std::uint64_t need = (use.xoff_sum + static_cast<std::uint64_t>(ratio) - 1) / static_cast<std::uint64_t>(ratio);
      std::uint64_t have = pool.shared_headroom_bytes->value;
      if (need <= have) continue;
      Finding& f =
          sink.add(at(sw, "", std::nullopt, pool.shared_headroom_bytes->src,
                      fmt::format("{} {} on {}: shared headroom pool xoff {} bytes is below the {} "
                                  "bytes its {} lossless PGs need at over_subscribe_ratio {} ({} bytes of xoff "
                                  "/ {})",
                                  placeholder(Term::BufferPool), name, sw.name, have, need, use.lossless_pgs, ratio,
                                  use.xoff_sum, ratio),
                      fmt::format("set the pool's xoff to at least {}, or raise over_subscribe_ratio if fewer "
                                  "than 1/{} of the lossless PGs can be paused at once",
                                  need, ratio)));
      f.related.push_back(related("over_subscribe_ratio", sw.over_subscribe_ratio->src));
    }
  }
}

void thresholdModeMismatch(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    // Profiles that carry lossless traffic: lossless PGs' profiles and lossless queues' profiles.
    std::map<std::string, std::pair<std::string, SourceRef>> users;  // profile -> first user
    for (const Port& port : sw.ports) {
      if (!programmed(sw, port)) continue;
      PrioritySet pfc = port.qos.pfcPriorities();
      for (std::size_t p = 0; p < 8; ++p) {
        const auto& pg = port.pgs[p];
        if (!pfc.test(p) || !pg || !pg->profile) continue;
        users.try_emplace(pg->profile->name, fmt::format("{} {}|{}", placeholder(Term::LosslessPg), port.name, p),
                          pg->src);
      }
      for (std::size_t p = 0; p < 8; ++p) {
        if (!pfc.test(p)) continue;
        const PortQueue* queue = port.queue(queueOfTc(sw, port, static_cast<int>(p)));
        if (queue != nullptr && queue->buffer_profile) {
          users.try_emplace(queue->buffer_profile->name,
                            fmt::format("{} {}|{}", placeholder(Term::QueueBuffer), port.name, queue->index),
                            queue->src);
        }
      }
    }
    for (const auto& [name, profile] : sw.profiles) {
      if (profile.dynamic_th && profile.dynamic_th->value > 7) {
        sink.add(at(sw, "", std::nullopt, profile.dynamic_th->src,
                    fmt::format("{} {} on {}: dynamic_th {} is outside -8..7 (alpha = 2^{} = {})",
                                placeholder(Term::BufferProfile), name, sw.name, profile.dynamic_th->value,
                                profile.dynamic_th->value, 1 << profile.dynamic_th->value),
                    "use dynamic_th -8..7; 7 already lets the PG take 128/129 of the free buffer"));
      }
      auto user = users.find(name);
      const BufferPool* pool = poolOfProfile(sw, profile);
      if (user == users.end() || pool == nullptr || pool->mode == ThresholdMode::Unknown) continue;
      bool dynamic_pool = pool->mode == ThresholdMode::Dynamic;
      bool has_wanted = dynamic_pool ? profile.dynamic_th.has_value() : profile.static_th_bytes.has_value();
      bool has_other = dynamic_pool ? profile.static_th_bytes.has_value() : profile.dynamic_th.has_value();
      if (has_wanted || !has_other) continue;
      SourceRef where = dynamic_pool ? profile.static_th_bytes->src : profile.dynamic_th->src;
      Finding& f = sink.add(
          at(sw, "", std::nullopt, where,
             fmt::format("{} {} on {} (used by {}) sets {} but its pool {} is mode {}: "
                         "the lossless PG or queue does not share the pool the way the pool is "
                         "configured to (SONiC writes <pool mode>_th into the lossless profiles it "
                         "generates, and the PFC trigger point depends on it)",
                         placeholder(Term::BufferProfile), name, sw.name, user->second.first,
                         dynamic_pool ? "static_th" : "dynamic_th", pool->name, dynamic_pool ? "dynamic" : "static"),
             dynamic_pool ? "replace static_th with dynamic_th (e.g. \"0\", alpha 1)"
                          : "replace dynamic_th with static_th (bytes), or make the pool dynamic"));
      f.related.push_back(related(fmt::format("{} {}", placeholder(Term::BufferPool), pool->name), pool->src));
      f.related.push_back(related(user->second.first, user->second.second));
    }
  }
}

}  // namespace

void registerBufPoolRules(std::vector<Rule>& rules) {
  rules.push_back({"BUF009", Severity::Error,
                   "the PGs of a pool reserve more guaranteed buffer and headroom than the pool holds",
                   poolOvercommitted});
  rules.push_back({"BUF010", Severity::Error,
                   "the shared headroom pool is smaller than the lossless xoff over the over-subscription ratio",
                   sharedHeadroomOversubscribed});
  rules.push_back({"BUF011", Severity::Error,
                   "a lossless profile's threshold does not match its pool's mode, or dynamic_th is out of range",
                   thresholdModeMismatch});
}

}  // namespace rocelint::rules
