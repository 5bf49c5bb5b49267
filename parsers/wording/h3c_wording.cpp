// H3C Comware (7 / 9): PFC by `priority-flow-control enable` + `priority-flow-control no-drop dot1p`
// per interface (or in the system view), DSCP through `qos map-table dscp-dot1p` and `dot1p-lp`,
// ECN by `queue N ecn` in the WRED table an interface applies, deadlock detection per port with
// system-view timers; per-priority headroom in cells, no cable-length setting.

#include <algorithm>
#include <array>

#include "rocelint/qos.hpp"
#include "vendor_wording.hpp"

namespace rocelint {
namespace {

using namespace wording;

std::string enablePfc(const std::string& port, PrioritySet add) {
  (void)add;
  return fmt::format(
      "`priority-flow-control enable` and `priority-flow-control no-drop dot1p <the whole list>` in interface {} "
      "(the list replaces the previous one)",
      port);
}

std::string disablePfc(const std::string& port, PrioritySet remove, bool none_left) {
  (void)remove;
  if (none_left) return fmt::format("`undo priority-flow-control` in interface {}", port);
  return fmt::format("`priority-flow-control no-drop dot1p <the whole list>` in interface {} without them", port);
}

constexpr std::string_view kNoEcnSuffix = " (no ecn)";

// The queue of a model WRED profile name ("qos wred queue table ROCE queue 3 (no ecn)") and its table.
struct WredName {
  std::string table;  // empty for an interface's own `qos wred queue` lines
  std::string queue;
};
WredName wredName(std::string_view name) {
  if (name.size() > kNoEcnSuffix.size() && name.substr(name.size() - kNoEcnSuffix.size()) == kNoEcnSuffix)
    name.remove_suffix(kNoEcnSuffix.size());
  WredName out;
  std::size_t queue = name.rfind(" queue ");
  if (queue != std::string_view::npos) out.queue = std::string(name.substr(queue + 7));
  constexpr std::string_view kTable = "qos wred queue table ";
  if (name.substr(0, kTable.size()) == kTable && queue != std::string_view::npos && queue > kTable.size())
    out.table = std::string(name.substr(kTable.size(), queue - kTable.size()));
  return out;
}

struct H3cFix : VendorFix<H3cFix> {
  using VendorFix::operator();

  std::string operator()(const MakePfcEqualOnLink&) const {
    return "write the same `priority-flow-control no-drop dot1p` list (with `priority-flow-control enable`) on both "
           "ends of the link";
  }
  std::string operator()(const SetPfcPriorities& a) const { return setPfcPrioritiesOn(a, enablePfc, disablePfc); }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format(
        "Comware reserves headroom for a no-drop priority itself (or by `priority-flow-control dot1p {} headroom …` "
        "in interface {}): check that {} is in the `priority-flow-control no-drop dot1p` list of interface {}",
        a.priority, a.port, a.priority, a.port);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return enablePfcOrMakePgLossy(
        a.priority, enablePfc(a.port, only(a.priority)),
        fmt::format("remove the `priority-flow-control dot1p {}` buffer lines of interface {}", a.priority, a.port));
  }
  std::string operator()(const AddWatchdog& a) const {
    // Detection is armed per CoS in the system view for every deadlock-enabled port: when another
    // port of the switch already watches the priority, the interface line is all that is missing.
    bool armed = std::any_of(sw.ports.begin(), sw.ports.end(),
                             [&](const Port& other) { return watchdogCovers(sw, other, a.priority); });
    if (armed)
      return fmt::format(
          "`priority-flow-control deadlock enable` in interface {} (the system view's `priority-flow-control "
          "deadlock cos {} interval …` already arms CoS {} for every deadlock-enabled port)",
          a.port, a.priority, a.priority);
    return fmt::format(
        "`priority-flow-control deadlock enable` in interface {}, with `priority-flow-control deadlock cos {} "
        "interval 10`, `priority-flow-control deadlock precision high` and `priority-flow-control deadlock "
        "auto-recover cos {} delay 10` in the system view ({} must be in the no-drop list)",
        a.port, a.priority, a.priority, a.priority);
  }
  std::string operator()(const WatchOnlyPfcPriorities& a) const {
    return fmt::format(
        "add the watched CoS values to the `priority-flow-control no-drop dot1p` list of interface {}, or remove "
        "their `priority-flow-control deadlock cos <cos> interval …` lines from the system view (a deadlock CoS must "
        "be a no-drop priority)",
        a.port);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    return watchdogTimeInRange(a.timer == WatchdogTimer::Detection
                                   ? "`priority-flow-control deadlock cos P interval N` × the `deadlock precision` "
                                     "tick"
                                   : "`priority-flow-control deadlock auto-recover cos P delay D`",
                               a);
  }
  std::string operator()(const MakeWatchdogSettingEqual& a) const {
    if (a.setting == WatchdogSetting::Action && (a.value == "drop" || a.value == "forward"))
      return fmt::format(
          "`priority-flow-control deadlock auto-recover action {}` in the system view (it applies to {} and every "
          "other deadlock-enabled port), like the rest of the fabric",
          a.value == "drop" ? "discard" : "forwarding", a.port);
    if (a.setting == WatchdogSetting::DetectionTime)
      return fmt::format(
          "make `priority-flow-control deadlock cos P interval N` × the `deadlock precision` tick {} for the no-drop "
          "CoS of {}, like the rest of the fabric",
          a.value, a.port);
    if (a.setting == WatchdogSetting::RestorationTime)
      return fmt::format(
          "make `priority-flow-control deadlock auto-recover cos P delay D` {} for the no-drop CoS of {}, like the "
          "rest of the fabric",
          a.value, a.port);
    return makeWatchdogSettingEqual(a);
  }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format(
        "in the `qos wred queue table` that interface {} applies (`qos wred apply <table>`): `queue {} drop-level 0 "
        "low-limit … high-limit … discard-probability …` and `queue {} ecn`",
        a.port, a.queue, a.queue);
  }
  std::string operator()(const EnableProfileEcn& a) const {
    WredName name = wredName(a.profile);
    std::string queue = name.queue.empty() ? "N" : name.queue;
    if (!name.table.empty()) return fmt::format("add `queue {} ecn` to `qos wred queue table {}`", queue, name.table);
    return fmt::format("add `qos wred queue {} ecn` beside the interface's `qos wred queue {}` lines", queue, queue);
  }
  std::string operator()(const LowerEcnMinimum& a) const {
    WredName name = wredName(a.profile);
    return lowerEcnMinimum(
        fmt::format("the `low-limit` (cells) of queue {} in {}", name.queue.empty() ? "N" : name.queue,
                    name.table.empty() ? std::string("the interface's `qos wred queue` lines")
                                       : fmt::format("`qos wred queue table {}`", name.table)),
        a);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    return fmt::format(
        "map DSCP {} to 802.1p {} on {} (as on {}): `import {} export {}` in `qos map-table dscp-dot1p`, with `qos "
        "trust dscp` on its ports, 802.1p {} to its queue in `qos map-table dot1p-lp`, and {} in their "
        "`priority-flow-control no-drop dot1p` list",
        a.dscp, a.tc, sw.name, a.reference_switch, a.dscp, a.tc, a.tc, a.tc);
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "`import {} export {}` in `qos map-table dot1p-lp` on {} (the queue a priority {} pause stops), so the "
        "remarked class waits where {} pauses it",
        a.tc, a.queue, sw.name, a.next_priority, a.next_switch);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    // Comware names queues 0-7 be, af1-af4, ef, cs6, cs7 (the number is accepted as well).
    static constexpr std::array<std::string_view, 8> kNames = {"be", "af1", "af2", "af3", "af4", "ef", "cs6", "cs7"};
    std::string q =
        a.queue >= 0 && a.queue < 8 ? std::string(kNames[static_cast<std::size_t>(a.queue)]) : std::to_string(a.queue);
    return fmt::format(
        "`qos wrr {} group sp` (`qos wfq {} group sp` under WFQ) in interface {}, so the CNPs leave before data", q, q,
        a.port);
  }
  std::string operator()(const MakePortSettingEqual& a) const {
    if (a.setting == PortSetting::Speed)
      return makePortSettingEqual(a, fmt::format("`speed …` in interface {} (or connect ports of one type)", a.port));
    return makePortSettingEqual(a, fmt::format("`mtu …` in interface {}", a.port));
  }
  std::string operator()(const RaiseXoff& a) const {
    // The model names a port's buffer profile after its statement: "interface X priority-flow-control dot1p P".
    std::size_t pfc = a.profile.find(" priority-flow-control dot1p ");
    if (a.profile.rfind("interface ", 0) == 0 && pfc != std::string::npos)
      return fmt::format("in {}: set `{} headroom …` (cells) to {}, or remove it to let Comware size the headroom",
                         a.profile.substr(0, pfc), a.profile.substr(pfc + 1), xoffAmount(a.xoff_bytes));
    return platformSizesHeadroom(w, a);
  }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format(
        "`undo flow-control` in interface {}: PFC alone pauses the no-drop priorities (Comware does not send pause "
        "frames on a port that has both)",
        a.port);
  }
  std::string operator()(const ForcePfcOn& a) const {
    if (a.dcbx)
      return fmt::format(
          "`priority-flow-control enable` in interface {} instead of `priority-flow-control auto`, or run DCBX on "
          "the peer with the same no-drop priorities",
          a.port);
    return fmt::format(
        "`priority-flow-control enable` in interface {} instead of `priority-flow-control auto`, or advertise DCBX "
        "there (`lldp tlv-enable dot1-tlv dcbx`, with LLDP on) and on the peer",
        a.port);
  }
  std::string operator()(const ApplyStagedSetting& a) const {
    return fmt::format(
        "`buffer apply` in the system view after `{}` (Comware puts `buffer egress` settings into effect only then), "
        "or remove the line",
        a.what);
  }
  std::string operator()(const SetCableLength& a) const { return noCableLengthSetting(w, a); }
};

}  // namespace

const FormatWording& h3cWording() {
  static const VendorWordingOf<H3cFix> wording("H3C Comware");
  return wording;
}

}  // namespace rocelint
