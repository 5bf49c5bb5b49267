#pragma once
// What a finding asks the engineer to change, in model nouns. A rule describes the change as a
// FixAction and names configuration objects in its messages through Term placeholders; the engine
// words both in the configuration format the finding's switch was read from (one wording per
// format, parsers/wording/). Rules never word anything per vendor.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/fix_action.hpp (docs/architecture.md#layers)"
#endif

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>

#include "rocelint/model.hpp"

namespace rocelint {

/// A configuration object or setting a message names; each format has its own word for it
/// (SONiC: the config_db table or field, "BUFFER_PROFILE"; other formats: a plain noun).
enum class Term : std::uint8_t {
  BufferProfile,
  LosslessPg,  ///< a lossless priority group's buffer entry
  BufferPool,
  QueueBuffer,         ///< a queue's buffer entry
  IngressProfileList,  ///< a port's ingress buffer profile list
  EgressProfileList,   ///< a port's egress buffer profile list
  EcnProfile,          ///< a WRED/ECN profile
  CableLength,
  Scheduler,
  DscpToTcMap,
  Dot1pToTcMap,
  TcToPgMap,
  TcToQueueMap,
  PfcToQueueMap,
  PfcToPgMap,
  TcToDscpMap,
  TcToPgBinding,        ///< the port setting that binds a TC-to-PG map
  QueueEcnBinding,      ///< what gives a queue its ECN marking ("queue 3 has no ...")
  PfcPriorities,        ///< a port's PFC-enabled priorities
  WatchdogPriorities,   ///< a port's watchdog-enabled priorities, as a noun
  WatchdogPrioritySet,  ///< the same, as the subject of "... is 3,4"
  WatchdogPollInterval,
  WatchdogDetectionTime,
  WatchdogRestorationTime,
  MinThresholdOfColor,   ///< appended to a colour name: green's minimum threshold
  MaxThresholdOfColor,   ///< appended to a colour name: green's maximum threshold
  NoWatchdogConfigured,  ///< why a port has no watchdog when nothing configures one
  // Terms that word an argument (placeholder(term, argument)):
  NamedEcnProfile,  ///< argument: the profile's name
  EcnModeDetail,    ///< argument: the profile's ECN mode as configured ("" where the format has no such field)
  GreenWredOff,     ///< argument: the green WRED enable setting as configured; "has ... off"
  VlanOffPort,      ///< argument: a VLAN id; the statement that takes the VLAN off a port ("remove ...")
};
inline constexpr std::size_t kTermCount = static_cast<std::size_t>(Term::VlanOffPort) + 1;

/// The Term of a QoS map kind.
Term mapTerm(MapKind kind);

/// A placeholder for `term` (with the value it words, for the terms that take one) to write in a
/// finding's message, fix or related-location text; the engine replaces it with the wording of the
/// finding's switch's format.
std::string placeholder(Term term, std::string_view argument = {});

/// `text` with every placeholder replaced by `word(term, argument)`; text without placeholders
/// is returned unchanged.
std::string replacePlaceholders(std::string_view text, const std::function<std::string(Term, std::string_view)>& word);

/// Egress queue of each priority's traffic class at a port (-1: unknown).
using EgressQueues = std::array<int, 8>;
inline constexpr EgressQueues kUnknownQueues = {-1, -1, -1, -1, -1, -1, -1, -1};

/// PFC001: make the PFC priorities equal on both ends of the link of `port`.
struct MakePfcEqualOnLink {
  std::string port;
};

/// PFC002: make the PFC priorities of `port` `expected` (they are `have`).
struct SetPfcPriorities {
  std::string port;
  PrioritySet expected;
  PrioritySet have;
  EgressQueues egress_queue = kUnknownQueues;
};

/// PFC004: make the watchdog of `port` watch only PFC-enabled priorities.
struct WatchOnlyPfcPriorities {
  std::string port;
};

/// PFC005: PFC is on for `priority` of `port` but no lossless PG backs it.
struct AddLosslessPg {
  std::string port;
  int priority = 0;
};

/// PFC005: PG `priority` of `port` is lossless without PFC: enable PFC on it or make it lossy.
struct EnablePfcOrMakePgLossy {
  std::string port;
  int priority = 0;
  EgressQueues egress_queue = kUnknownQueues;
};

/// WD001: enable the PFC watchdog on `port` for `priority`.
struct AddWatchdog {
  std::string port;
  int priority = 0;
};

enum class WatchdogTimer : std::uint8_t { Detection, Restoration };

/// WD002: bring a watchdog time within `min_ms`-`max_ms` and to at least the poll interval.
struct WatchdogTimeInRange {
  WatchdogTimer timer = WatchdogTimer::Detection;
  int min_ms = 0;
  int max_ms = 0;
};

/// WD003: the watchdog setting a fabric should hold alike.
enum class WatchdogSetting : std::uint8_t { Action, DetectionTime, RestorationTime };

/// WD003: set `setting` of the watchdog of `port` to `value` (the fabric's majority: an action
/// drop | forward | alert, or a time "200 ms").
struct MakeWatchdogSettingEqual {
  std::string port;
  WatchdogSetting setting = WatchdogSetting::Action;
  std::string value;
};

/// PFC007: turn 802.3x link-level flow control off on `port` (receive and/or send), leaving PFC.
struct DisableLinkPause {
  std::string port;
  bool rx = false;
  bool tx = false;
};

/// PFC008: PFC on `port` is negotiated by DCBX: force it on, or (`dcbx` false) let the port send DCBX.
struct ForcePfcOn {
  std::string port;
  bool dcbx = false;  ///< the port sends DCBX TLVs already
};

/// BUF013: put the staged setting `what` into effect (H3C `buffer apply`).
struct ApplyStagedSetting {
  std::string what;
};

/// ECN001: give queue `queue` of `port` ECN marking thresholds (it has none).
struct AddQueueEcn {
  std::string port;
  int queue = 0;
};

/// ECN001: make the ECN profile `profile` (a model WRED profile name) mark green packets.
struct EnableProfileEcn {
  std::string profile;
};

/// ECN004: lower the ECN minimum threshold of `profile` to at most `max_bytes`.
struct LowerEcnMinimum {
  std::string profile;
  std::uint64_t max_bytes = 0;
};

/// MAP001: classify `dscp` at `port` into the lossless traffic class `tc`, as on `reference_switch`.
struct MapDscpToLosslessTc {
  std::string port;
  int dscp = 0;
  int tc = 0;
  std::string reference_switch;
};

/// MAP006: move traffic class `tc` of `port` to egress queue `queue`, the queue a pause of
/// `next_priority` (the class's priority after its remark, at `next_switch`) stops.
struct MapTcToQueue {
  std::string port;
  int tc = 0;
  int queue = 0;
  int next_priority = 0;
  std::string next_switch;
};

/// MAP007: serve egress queue `queue` of `port` (it carries the CNPs, traffic class `tc`) by strict
/// priority; `scheduler` is the model name of the weighted scheduler it has now.
struct MakeQueueStrict {
  std::string port;
  int queue = 0;
  int tc = 0;
  std::string scheduler;
};

enum class PortSetting : std::uint8_t { Speed, Mtu };

/// TOPO002/TOPO003: set the same speed or MTU on both ends of the link of `port`.
struct MakePortSettingEqual {
  std::string port;
  PortSetting setting = PortSetting::Speed;
};

/// BUF001/BUF007: give the lossless PGs of buffer profile `profile` an xoff of at least
/// `xoff_bytes` (0: what the port's speed and cable need), for ports of `speed_mbps` and
/// `cable_length_m` (0: not one class of ports).
struct RaiseXoff {
  std::string profile;
  std::uint64_t xoff_bytes = 0;
  std::uint32_t speed_mbps = 0;
  std::uint32_t cable_length_m = 0;
};

/// BUF006: give `port` its real cable length.
struct SetCableLength {
  std::string port;
};

/// TOPO007: make the cable length (or speed) of `port` match the topology's cable, or correct
/// the topology.
struct MatchTopologyCable {
  std::string port;
};

/// CFG002: a statement names `port`, which the switch does not have.
struct DefinePort {
  std::string port;
};

/// CFG002/BUF003: define the `object` named `name` that is referenced, or reference an existing one.
struct DefineReferenced {
  Term object = Term::BufferProfile;
  std::string name;
};

/// CFG001: a statement rocelint does not model: check it by hand.
struct ReviewUnmodeledStatement {};

/// A fix in model nouns; each format words every alternative (a missing wording does not compile).
using FixAction =
    std::variant<MakePfcEqualOnLink, SetPfcPriorities, WatchOnlyPfcPriorities, AddLosslessPg, EnablePfcOrMakePgLossy,
                 AddWatchdog, WatchdogTimeInRange, MakeWatchdogSettingEqual, AddQueueEcn, EnableProfileEcn,
                 LowerEcnMinimum, MapDscpToLosslessTc, MapTcToQueue, MakePortSettingEqual, RaiseXoff, SetCableLength,
                 MatchTopologyCable, DefinePort, DefineReferenced, ReviewUnmodeledStatement, DisableLinkPause,
                 ForcePfcOn, ApplyStagedSetting, MakeQueueStrict>;

/// The port an action names ("" for actions about a profile or the switch).
std::string actionPort(const FixAction& action);

}  // namespace rocelint
