#pragma once
// Derived QoS semantics shared by the rules: how a port classifies, buffers and queues traffic.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/qos.hpp (docs/architecture.md#layers)"
#endif

#include <optional>
#include <utility>

#include "rocelint/model.hpp"

namespace rocelint {

/// The map a port uses for a kind (port binding, or the global DSCP map), if it exists.
const QosMap* boundMap(const Switch& sw, const Port& port, MapKind kind);
/// The reference that binds a map kind on a port (port field, or the global DSCP binding).
const Reference* mapBinding(const Switch& sw, const Port& port, MapKind kind);

/// Traffic class a DSCP gets on ingress of a port (missing entry -> TC 0).
int trafficClassOfDscp(const Switch& sw, const Port& port, int dscp);
/// PG of a traffic class (unbound map -> PG 0, the SAI default).
int priorityGroupOfTc(const Switch& sw, const Port& port, int tc);
/// Egress queue of a traffic class (unbound map -> identity).
int queueOfTc(const Switch& sw, const Port& port, int tc);
/// Queue paused by a PFC priority (unbound map -> identity); nullopt if the bound map lacks it.
std::optional<int> queueOfPfcPriority(const Switch& sw, const Port& port, int priority);

/// The profile a PG uses, when it names one that exists.
const BufferProfile* pgProfile(const Switch& sw, const PriorityGroup& pg);

/// Whether a port's PG is lossless; nullopt when it cannot be known (run-time generated PGs).
std::optional<bool> isLosslessPg(const Switch& sw, const Port& port, int pg);

/// True when lossless PGs of this port are generated at run time by the traditional model and
/// rocelint could not derive them (no pg_profile_lookup.ini).
bool losslessPgsUnknown(const Switch& sw, const Port& port);

/// Whether a DSCP is lossless on ingress of a port: its TC is PFC-enabled and its PG lossless.
bool isLosslessDscp(const Switch& sw, const Port& port, int dscp);

/// Whether ingress classification on a port looks at DSCP (so DSCP rules apply there).
inline bool classifiesByDscp(const Port& port) { return port.qos.trust != Trust::Pcp; }

/// A port that carries traffic: it has a neighbour (switch or host) and is not admin down. On a
/// switch whose config has no DEVICE_NEIGHBOR table at all, connectivity is unknown, and a declared,
/// not admin-down port with PFC priorities counts as in use (SONiC renders PORT_QOS_MAP for used ports).
bool isConnected(const Switch& sw, const Port& port);

/// The location that best explains a port's QoS binding (PORT_QOS_MAP entry, else the port).
SourceRef qosLocation(const Port& port);
/// The port's pfc_enable field, else its QoS binding.
SourceRef pfcLocation(const Port& port);

}  // namespace rocelint

namespace rocelint {

/// Whether the PFC watchdog watches priority `priority` of a port (explicit PFC_WD entry or
/// default_pfcwd_status enable; restricted to pfcwd_sw_enable when that field exists).
bool watchdogCovers(const Switch& sw, const Port& port, int priority);

/// The port sorted first of a pair, for findings reported once per link.
bool portRefLess(const Fabric& fabric, PortRef a, PortRef b);
/// A link's ends as (first, second) by switch name then natural port order: the end a
/// once-per-link finding is reported on comes first.
std::pair<PortRef, PortRef> orderedEnds(const Fabric& fabric, const Link& link);

}  // namespace rocelint
