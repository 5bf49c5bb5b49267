// BUF (headroom): configured xoff against the headroom physics needs (src/headroom.cpp) and
// against the platform's own pg_profile_lookup.ini.

#include <fmt/format.h>

#include "families.hpp"
#include "rocelint/headroom.hpp"
#include "rocelint/qos.hpp"

namespace rocelint::rules {
namespace {

/// A lossless PG with a fixed (static) headroom: what BUF007/BUF008 compare.
struct StaticLosslessPg {
  const Port* port;
  int pg;
  const PriorityGroup* entry;
  const BufferProfile* profile;
};

template <class Visit>
void forEachStaticLosslessPg(const Switch& sw, Visit visit) {
  for (const Port& port : sw.ports) {
    if (port.isAdminDown() || (sw.has_port_table && !port.declared)) continue;
    PrioritySet pfc = port.qos.pfcPriorities();
    for (int p = 0; p < 8; ++p) {
      const auto& pg = port.pgs[static_cast<std::size_t>(p)];
      if (!pfc.test(static_cast<std::size_t>(p)) || !pg || pg->null_profile) continue;
      const BufferProfile* profile = pgProfile(sw, *pg);
      if (profile == nullptr || profile->headroom_dynamic || !profile->xoff_bytes || profile->xoff_bytes->value == 0) {
        continue;  // run-time headroom (NULL / dynamic) or no headroom at all (BUF001)
      }
      visit(StaticLosslessPg{&port, p, &*pg, profile});
    }
  }
}

std::string cableText(const Port& port, const HeadroomNeed& need) {
  const char* source = !port.cable_length_m              ? " (default_cable_length_m)"
                       : port.cable_length_from_topology ? " (topology)"
                                                         : "";
  return fmt::format("{} m cable{}", need.in.cable_length_m, source);
}

void xoffBelowPhysics(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    const AsicBufferParams& asic = asicOf(sw, ctx.params);
    GroupedFindings groups;  // one line (the profile's xoff) shared by every port of the same need
    forEachStaticLosslessPg(sw, [&](const StaticLosslessPg& pg) {
      auto need = portHeadroomNeed(sw, *pg.port, ctx.params);
      std::uint64_t xoff = pg.profile->xoff_bytes->value;
      if (!need || xoff >= need->xoff_bytes) return;
      Finding f = at(sw, pg.port->name, pg.pg, pg.profile->xoff_bytes->src,
                     fmt::format("lossless PG {} on {} {} ({} Mb/s, {}, MTU {}) has xoff {} bytes ({} {}) "
                                 "but needs {} bytes on {}: {}; the last {} bytes in flight after a pause are dropped",
                                 pg.pg, sw.name, pg.port->name, need->in.speed_mbps, cableText(*pg.port, *need),
                                 need->in.port_mtu_bytes, xoff, placeholder(Term::BufferProfile), pg.profile->name,
                                 need->xoff_bytes, asic.family, need->formula(), need->xoff_bytes - xoff),
                     RaiseXoff{pg.profile->name, need->xoff_bytes, need->in.speed_mbps, need->in.cable_length_m});
      f.related.push_back(
          related(fmt::format("{} {}|{}", placeholder(Term::LosslessPg), pg.port->name, pg.pg), pg.entry->src));
      if (pg.port->cable_length_m) {
        f.related.push_back(related(
            pg.port->cable_length_from_topology ? "cable length (topology link)" : placeholder(Term::CableLength),
            pg.port->cable_length_m->src));
      }
      std::string cause = fmt::format("{}|{}|{}|{}", pg.profile->name, need->in.speed_mbps, need->in.cable_length_m,
                                      need->in.port_mtu_bytes);
      groups.add(cause, pg.pg, pg.port->name, std::move(f));
    });
    groups.flush(sink);
  }
}

void xoffBelowLookupTable(const RuleContext& ctx, FindingSink& sink) {
  for (const Switch& sw : ctx.fabric.switches) {
    if (sw.buffer_model != BufferModel::Traditional || !sw.pg_lookup) continue;
    GroupedFindings groups;
    forEachStaticLosslessPg(sw, [&](const StaticLosslessPg& pg) {
      if (pg.profile->derived || !pg.port->speed_mbps || !pg.port->cable_length_m) return;
      const PgLookupRow* row = sw.pg_lookup->find(pg.port->speed_mbps->value, pg.port->cable_length_m->value);
      std::uint64_t xoff = pg.profile->xoff_bytes->value;
      if (row == nullptr || xoff >= row->xoff_bytes) return;
      Finding f =
          at(sw, pg.port->name, pg.pg, pg.profile->xoff_bytes->src,
             fmt::format("lossless PG {} on {} {} ({} Mb/s, {} m cable) has xoff {} bytes ({} {}), "
                         "less than the {} bytes the platform's {} gives for this speed and cable length",
                         pg.pg, sw.name, pg.port->name, row->speed_mbps, row->cable_length_m, xoff,
                         placeholder(Term::BufferProfile), pg.profile->name, row->xoff_bytes, sw.pg_lookup->file),
             fmt::format("use the table's profile for the port (pg_lossless_{}_{}m_profile: xon {}, xoff {}, "
                         "size {})",
                         row->speed_mbps, row->cable_length_m, row->xon_bytes, row->xoff_bytes, row->size_bytes));
      f.related.push_back(
          related(fmt::format("{} {}|{}", placeholder(Term::LosslessPg), pg.port->name, pg.pg), pg.entry->src));
      f.related.push_back(related("pg_profile_lookup.ini row", row->src));
      groups.add(fmt::format("{}|{}|{}", pg.profile->name, row->speed_mbps, row->cable_length_m), pg.pg, pg.port->name,
                 std::move(f));
    });
    groups.flush(sink);
  }
}

}  // namespace

void registerBufHeadroomRules(std::vector<Rule>& rules) {
  rules.push_back({"BUF007", Severity::Error,
                   "a lossless PG's xoff is below the headroom its port's speed, cable and MTU need",
                   xoffBelowPhysics});
  rules.push_back({"BUF008", Severity::Warning,
                   "a lossless PG's xoff is below the platform's pg_profile_lookup.ini row for its port",
                   xoffBelowLookupTable});
}

}  // namespace rocelint::rules
