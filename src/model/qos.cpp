#include "rocelint/qos.hpp"

namespace rocelint {

const Reference* mapBinding(const Switch& sw, const Port& port, MapKind kind) {
  if (const auto& ref = port.qos.map(kind)) return &*ref;
  if (kind == MapKind::DscpToTc && sw.global_dscp_to_tc) return &*sw.global_dscp_to_tc;
  return nullptr;
}

const QosMap* boundMap(const Switch& sw, const Port& port, MapKind kind) {
  const Reference* ref = mapBinding(sw, port, kind);
  return ref ? sw.findMap(kind, ref->name) : nullptr;
}

int trafficClassOfDscp(const Switch& sw, const Port& port, int dscp) {
  const QosMap* map = boundMap(sw, port, MapKind::DscpToTc);
  const Sourced<int>* entry = map ? map->find(dscp) : nullptr;
  return entry ? entry->value : 0;
}

int priorityGroupOfTc(const Switch& sw, const Port& port, int tc) {
  const QosMap* map = boundMap(sw, port, MapKind::TcToPg);
  const Sourced<int>* entry = map ? map->find(tc) : nullptr;
  return entry ? entry->value : 0;
}

int queueOfTc(const Switch& sw, const Port& port, int tc) {
  if (mapBinding(sw, port, MapKind::TcToQueue) == nullptr) return tc;
  const QosMap* map = boundMap(sw, port, MapKind::TcToQueue);
  const Sourced<int>* entry = map ? map->find(tc) : nullptr;
  return entry ? entry->value : 0;
}

std::optional<int> queueOfPfcPriority(const Switch& sw, const Port& port, int priority) {
  if (mapBinding(sw, port, MapKind::PfcToQueue) == nullptr) return priority;
  const QosMap* map = boundMap(sw, port, MapKind::PfcToQueue);
  const Sourced<int>* entry = map ? map->find(priority) : nullptr;
  if (entry == nullptr) return std::nullopt;
  return entry->value;
}

const BufferProfile* pgProfile(const Switch& sw, const PriorityGroup& pg) {
  if (!pg.profile) return nullptr;
  auto it = sw.profiles.find(pg.profile->name);
  return it == sw.profiles.end() ? nullptr : &it->second;
}

bool losslessPgsUnknown(const Switch& sw, const Port& port) {
  if (sw.buffer_model != BufferModel::Traditional || sw.pg_lookup) return false;
  PrioritySet pfc = port.qos.pfcPriorities();
  for (std::size_t p = 0; p < 8; ++p) {
    if (pfc.test(p) && !port.pgs[p]) return true;
  }
  return false;
}

std::optional<bool> isLosslessPg(const Switch& sw, const Port& port, int pg) {
  if (pg < 0 || pg > 7) return false;
  const auto& assignment = port.pgs[static_cast<std::size_t>(pg)];
  if (!assignment) {
    if (losslessPgsUnknown(sw, port) && port.qos.pfcPriorities().test(static_cast<std::size_t>(pg))) {
      return std::nullopt;
    }
    return false;
  }
  // "NULL" means "headroom computed at run time" only in the dynamic model.
  if (assignment->null_profile) return sw.buffer_model == BufferModel::Dynamic;
  const BufferProfile* profile = pgProfile(sw, *assignment);
  return profile != nullptr && profile->reservesHeadroom();
}

bool isLosslessDscp(const Switch& sw, const Port& port, int dscp) {
  int tc = trafficClassOfDscp(sw, port, dscp);
  if (tc < 0 || tc > 7 || !port.qos.pfcPriorities().test(static_cast<std::size_t>(tc))) return false;
  // Unknown (run-time generated) PGs get the benefit of the doubt; BUF005 says so.
  return isLosslessPg(sw, port, priorityGroupOfTc(sw, port, tc)).value_or(true);
}

bool isConnected(const Switch& sw, const Port& port) {
  if (port.isAdminDown()) return false;
  if (port.neighbor) return true;
  bool unknown = !sw.has_neighbor_table || (sw.partial_port_names && !port.declared);
  return unknown && port.qos.pfcPriorities().any() && (port.declared || !sw.has_port_table);
}

SourceRef qosLocation(const Port& port) { return port.qos.src.known() ? port.qos.src : port.src; }

SourceRef pfcLocation(const Port& port) { return port.qos.pfc_enable ? port.qos.pfc_enable->src : qosLocation(port); }

bool watchdogCovers(const Switch& sw, const Port& port, int priority) {
  bool enabled = port.watchdog.has_value() || (sw.default_pfcwd_enabled && sw.default_pfcwd_enabled->value);
  if (!enabled) return false;
  PrioritySet watched = port.qos.pfcwd_sw_enable ? port.qos.pfcwd_sw_enable->value : port.qos.pfcPriorities();
  return watched.test(static_cast<std::size_t>(priority));
}

bool portRefLess(const Fabric& fabric, PortRef a, PortRef b) {
  const std::string& sa = fabric.switches[a.sw].name;
  const std::string& sb = fabric.switches[b.sw].name;
  if (sa != sb) return sa < sb;
  return naturalLess(fabric.port(a).name, fabric.port(b).name);
}

}  // namespace rocelint

namespace rocelint {

std::pair<PortRef, PortRef> orderedEnds(const Fabric& fabric, const Link& link) {
  return portRefLess(fabric, link.a, link.b) ? std::pair{link.a, link.b} : std::pair{link.b, link.a};
}

}  // namespace rocelint
