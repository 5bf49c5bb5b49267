#pragma once
// How a finding tells the engineer to fix it, in the syntax the switch was read from.
// Rules describe a model-level action (enable PFC on a priority, add a watchdog, make a queue
// ECN-mark, map a DSCP to a traffic class, ...); these functions word it for SONiC config_db
// (the tables and fields, exactly as the rules always did), Arista EOS, Cisco NX-OS, NVIDIA
// NVUE or Juniper Junos, with the concrete statement where the vendor has one. Where the vendor
// has no such knob (EOS and NX-OS size lossless headroom themselves), the text says so.
// No wording here names a SONiC table for a switch that is not SONiC.

#include <string>
#include <string_view>

#include "rocelint/model.hpp"

namespace rocelint::rules::words {

/// True for SONiC config_db and minigraph switches.
bool isSonic(const Switch& sw);
/// "SONiC", "EOS", "NX-OS", "NVUE", "Junos".
const char* syntaxName(ConfigSyntax syntax);

/// A SONiC table or field name used as a noun in a message ("BUFFER_PROFILE", "pfc_enable",
/// "WRED_PROFILE", ...): the name itself on SONiC, a vendor-neutral noun ("buffer profile",
/// "PFC priorities", "ECN profile") elsewhere. Unknown names are returned unchanged.
std::string term(const Switch& sw, std::string_view sonic_name);

/// PFC001: make the PFC priorities equal on both ends of a link (`sw` is the switch reported).
std::string samePfcOnLink(const Switch& sw);
/// PFC002: make the port's PFC priorities `expected` (they are `have`).
std::string setPfcPriorities(const Switch& sw, const Port& port, PrioritySet expected, PrioritySet have);
/// PFC004: the watchdog watches priorities without PFC.
std::string watchdogSubsetOfPfc(const Switch& sw, const Port& port);
/// PFC005: PFC on priority `p` but no lossless PG for it.
std::string addLosslessPg(const Switch& sw, const Port& port, int p);
/// PFC005: a lossless PG `p` without PFC on priority `p`.
std::string enablePfcOrMakePgLossy(const Switch& sw, const Port& port, int p);

/// WD001: enable the PFC watchdog on the port for priority `p`.
std::string addWatchdog(const Switch& sw, const Port& port, int p);
/// WD002: a watchdog time (`field` "detection_time" or "restoration_time") outside min-max ms.
std::string watchdogTimeInRange(const Switch& sw, std::string_view field, int min_ms, int max_ms);

/// ECN001: queue `q` of the port has no ECN/WRED thresholds at all.
std::string addQueueEcn(const Switch& sw, const Port& port, int q);
/// ECN001: the ECN profile `profile` (a model WRED profile name) does not mark green packets.
std::string enableProfileEcn(const Switch& sw, const std::string& profile);
/// ECN004: lower the ECN minimum threshold of `profile` to at most `bytes`.
std::string lowerEcnMinimum(const Switch& sw, const std::string& profile, std::uint64_t bytes);

/// MAP001: classify `dscp` into lossless traffic class `tc` on `sw` (it is lossless on `reference`).
std::string mapDscpToLosslessTc(const Switch& sw, const Port& port, int dscp, int tc, const std::string& reference);

/// TOPO002/003: the port's `knob` ("speed" or "mtu") statement in the switch's syntax.
std::string portSetting(const Switch& sw, const Port& port, std::string_view knob);

/// BUF: give the lossless PGs of buffer profile `profile` an xoff of at least `bytes` (0: sized for
/// the port); `sonic_fix` is today's SONiC wording.
std::string raiseXoff(const Switch& sw, const std::string& profile, std::uint64_t bytes, const std::string& sonic_fix);

/// A finding message with the SONiC table and field names it mentions replaced by `term` (no change
/// on SONiC).
std::string neutralText(const Switch& sw, std::string text);

/// BUF: give the port a real cable length (`sonic_fix` is today's SONiC wording).
std::string setCableLength(const Switch& sw, const Port& port, const std::string& sonic_fix);

}  // namespace rocelint::rules::words
