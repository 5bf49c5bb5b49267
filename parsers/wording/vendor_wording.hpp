#pragma once
// What the non-SONiC wordings share: plain nouns for message terms (no SONiC table name), and the
// sentences that are the same in every vendor's wording with the vendor statement filled in.

#include <fmt/format.h>

#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "format_wording.hpp"

namespace rocelint::wording {

/// A format whose terms are plain nouns: every format but SONiC's.
class VendorWording : public FormatWording {
 public:
  explicit VendorWording(const char* name) : name_(name) {}
  [[nodiscard]] const char* name() const final { return name_; }
  [[nodiscard]] std::string term(Term term, std::string_view argument) const final;

 private:
  const char* name_;
};

/// The priorities of `set`, lowest first.
std::vector<int> members(PrioritySet set);

/// "`a`, `b` and `c`" from the statements `statement(p)` for each priority p of `set`.
template <typename Statement>
std::string each(PrioritySet set, Statement statement) {
  std::vector<int> list = members(set);
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out += i + 1 == list.size() ? " and " : ", ";
    fmt::format_to(std::back_inserter(out), "`{}`", statement(list[i]));
  }
  return out;
}

/// 802.1p priority as Junos code-point bits ("011").
std::string pcpBits(int p);
/// DSCP as Junos code-point bits ("011010").
std::string dscpBits(int dscp);

/// The name the model gave the map of `kind` bound at `port` (or the switch's global DSCP map),
/// without `suffix`; "" when none.
std::string boundMapName(const Switch& sw, const Port* port, MapKind kind, std::string_view suffix = "");

/// PFC002: "make PFC priorities 3,4: <enable>; <disable>", with `enable(add)` for the priorities to
/// add and `disable(remove, none_left)` for those to remove.
template <typename Enable, typename Disable>
std::string setPfcPriorities(const SetPfcPriorities& a, Enable enable, Disable disable) {
  PrioritySet add = a.expected & ~a.have;
  PrioritySet remove = a.have & ~a.expected;
  std::string out = fmt::format("make PFC priorities {}: ", formatPrioritySet(a.expected));
  if (add.any()) out += enable(add);
  if (add.any() && remove.any()) out += "; ";
  if (remove.any()) out += disable(remove, a.expected.none());
  return out;
}

/// PFC002 where PFC is worded per port: `enable(port, add)` and `disable(port, remove, none_left)`.
inline std::string setPfcPrioritiesOn(const SetPfcPriorities& a, std::string (*enable)(const std::string&, PrioritySet),
                                      std::string (*disable)(const std::string&, PrioritySet, bool)) {
  return setPfcPriorities(
      a, [&](PrioritySet add) { return enable(a.port, add); },
      [&](PrioritySet remove, bool none_left) { return disable(a.port, remove, none_left); });
}

/// The priority set holding only `p`.
PrioritySet only(int p);

/// PFC005: enable PFC on the PG's priority (`enable`) or make the PG lossy (`lossy`).
std::string enablePfcOrMakePgLossy(int p, const std::string& enable, const std::string& lossy);
/// PFC004.
std::string watchOnlyPfcPriorities(const VendorWording& w, const WatchOnlyPfcPriorities& a);
/// WD002 with the format's knob for the timer, in milliseconds.
std::string watchdogTimeInRange(const std::string& knob, const WatchdogTimeInRange& a);
/// ECN004 with the format's knob for the profile's ECN minimum.
std::string lowerEcnMinimum(const std::string& knob, const LowerEcnMinimum& a);
/// "speed" or "mtu": the setting as the vendors' statements call it.
const char* portKnob(PortSetting setting);
/// TOPO002/TOPO003 with the format's statement for the setting.
std::string makePortSettingEqual(const MakePortSettingEqual& a, const std::string& statement);
/// TOPO002/TOPO003 where the setting is a statement of the interface block (EOS, NX-OS).
std::string makeInterfaceSettingEqual(const MakePortSettingEqual& a);
/// "at least N bytes", or what the port needs when `bytes` is 0.
std::string xoffAmount(std::uint64_t bytes);
/// BUF001/BUF007 where the platform sizes lossless headroom itself.
std::string platformSizesHeadroom(const VendorWording& w, const RaiseXoff& a);
/// BUF006 where the format has no cable-length setting.
std::string noCableLengthSetting(const VendorWording& w, const SetCableLength& a);
/// TOPO007, with `cable_statement` the format's cable-length wording for the port (nullptr: no such port).
std::string matchTopologyCable(const VendorWording& w, const std::string* cable_statement);
/// CFG002 (port).
std::string definePort(const VendorWording& w);
/// CFG002/BUF003.
std::string defineReferenced(const VendorWording& w, const DefineReferenced& a);
/// CFG001.
std::string reviewUnmodeledStatement(const VendorWording& w);
/// WD003, where a vendor has no statement of its own to name: "set the watchdog action to drop ...".
std::string makeWatchdogSettingEqual(const MakeWatchdogSettingEqual& a);
/// PFC007, PFC008, BUF013 where a vendor has no statement of its own to name.
std::string disableLinkPause(const VendorWording& w, const DisableLinkPause& a);
std::string forcePfcOn(const VendorWording& w, const ForcePfcOn& a);
std::string applyStagedSetting(const VendorWording& w, const ApplyStagedSetting& a);
/// "receive", "send" or "receive and send": the directions of a DisableLinkPause.
std::string pauseDirections(const DisableLinkPause& a);

/// The base of a vendor's fix visitor: the actions every vendor words alike. A vendor derives
/// (`struct EosFix : VendorFix<EosFix> { using VendorFix::operator(); ... }`), adds its own cases
/// and words `SetCableLength`, which TOPO007 reuses for the port's cable statement.
template <typename Derived>
struct VendorFix {
  const VendorWording& w;
  const Switch& sw;
  const Port* port;

  std::string operator()(const WatchOnlyPfcPriorities& a) const { return watchOnlyPfcPriorities(w, a); }
  std::string operator()(const MatchTopologyCable&) const {
    if (port == nullptr) return matchTopologyCable(w, nullptr);
    std::string cable = static_cast<const Derived&>(*this)(SetCableLength{port->name});
    return matchTopologyCable(w, &cable);
  }
  std::string operator()(const MakeWatchdogSettingEqual& a) const { return makeWatchdogSettingEqual(a); }
  std::string operator()(const DisableLinkPause& a) const { return disableLinkPause(w, a); }
  std::string operator()(const ForcePfcOn& a) const { return forcePfcOn(w, a); }
  std::string operator()(const ApplyStagedSetting& a) const { return applyStagedSetting(w, a); }
  std::string operator()(const DefinePort&) const { return definePort(w); }
  std::string operator()(const DefineReferenced& a) const { return defineReferenced(w, a); }
  std::string operator()(const ReviewUnmodeledStatement&) const { return reviewUnmodeledStatement(w); }
};

/// A vendor's wording: its name and its fix visitor `Fix` (a `VendorFix`).
template <typename Fix>
class VendorWordingOf final : public VendorWording {
 public:
  explicit VendorWordingOf(const char* name) : VendorWording(name) {}
  [[nodiscard]] std::string fix(const FixAction& action, const Switch& sw, const Port* port) const override {
    return std::visit(Fix{{*this, sw, port}}, action);
  }
};

}  // namespace rocelint::wording
