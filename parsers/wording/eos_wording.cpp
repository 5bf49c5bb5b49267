// Arista EOS: interface and qos statements; EOS sizes lossless headroom itself and has no
// cable-length setting.

#include "vendor_wording.hpp"

namespace rocelint {
namespace {

using namespace wording;

std::string enablePfc(const std::string& port, PrioritySet add) {
  return fmt::format("in interface {} (or its qos profile): `priority-flow-control on` and {}", port,
                     each(add, [](int p) { return fmt::format("priority-flow-control priority {} no-drop", p); }));
}

std::string disablePfc(const std::string& port, PrioritySet remove, bool none_left) {
  if (none_left) return fmt::format("`no priority-flow-control` in interface {}", port);
  return fmt::format("{} in interface {}",
                     each(remove, [](int p) { return fmt::format("priority-flow-control priority {} drop", p); }),
                     port);
}

struct EosFix : VendorFix<EosFix> {
  using VendorFix::operator();

  std::string operator()(const MakePfcEqualOnLink&) const {
    return "configure the same `priority-flow-control priority N no-drop` priorities on both ends of the link";
  }
  std::string operator()(const SetPfcPriorities& a) const { return setPfcPrioritiesOn(a, enablePfc, disablePfc); }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format(
        "EOS reserves headroom for a no-drop priority itself: check that `priority-flow-control "
        "priority {} no-drop` is in effect on {} and that the MMU profile applied has `ingress "
        "headroom`",
        a.priority, a.port);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return enablePfcOrMakePgLossy(a.priority, enablePfc(a.port, only(a.priority)),
                                  "remove the `ingress headroom` of the MMU profile");
  }
  std::string operator()(const AddWatchdog& a) const {
    return fmt::format(
        "in interface {} (or its qos profile): `priority-flow-control pause watchdog`, with the "
        "global `priority-flow-control pause watchdog default timeout 0.2` and `priority-flow-control "
        "pause watchdog default recovery-time 0.2`",
        a.port);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    const char* knob =
        a.timer == WatchdogTimer::Detection
            ? "`priority-flow-control pause watchdog default timeout` (or the profile's `port timer timeout`)"
            : "`priority-flow-control pause watchdog default recovery-time` (or the profile's `recovery-time`)";
    // EOS writes watchdog times in seconds.
    return fmt::format("set {} to {:g}-{:g} s and at least the polling interval", knob, a.min_ms / 1000.0,
                       a.max_ms / 1000.0);
  }
  std::string operator()(const MakeWatchdogSettingEqual& a) const {
    if (a.setting != WatchdogSetting::Action) return makeWatchdogSettingEqual(a);
    const char* word = a.value == "drop" ? "drop" : a.value == "forward" ? "no-drop" : "notify-only";
    return fmt::format(
        "`priority-flow-control pause watchdog action {}` (global) or `priority-flow-control pause watchdog port "
        "action {}` in the qos profile of {}, like the rest of the fabric",
        word, word, a.port);
  }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format(
        "in interface {} (or its qos profile) `tx-queue {}`: `random-detect ecn minimum-threshold 150 "
        "kbytes maximum-threshold 1500 kbytes max-mark-probability 5`",
        a.port, a.queue);
  }
  std::string operator()(const EnableProfileEcn& a) const {
    return fmt::format(
        "in {}: `random-detect ecn minimum-threshold … maximum-threshold …` instead of `random-detect "
        "drop`",
        a.profile);
  }
  std::string operator()(const LowerEcnMinimum& a) const {
    return lowerEcnMinimum(fmt::format("`random-detect ecn minimum-threshold` of {}", a.profile), a);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    return fmt::format(
        "map DSCP {} to a no-drop traffic class on {} (as on {}): `qos map dscp {} to traffic-class "
        "{}`, with `priority-flow-control priority {} no-drop` on its ports",
        a.dscp, sw.name, a.reference_switch, a.dscp, a.tc, a.tc);
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "`qos map traffic-class {} to tx-queue {}` on {} (the queue a priority {} pause stops), so the remarked class "
        "waits where {} pauses it; the map is the switch's, for every port",
        a.tc, a.queue, sw.name, a.next_priority, a.next_switch);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    return fmt::format(
        "`priority strict` (instead of `no priority` / `bandwidth percent`) under `{}`, so the CNPs "
        "leave before data",
        a.scheduler);
  }
  std::string operator()(const MakePortSettingEqual& a) const { return makeInterfaceSettingEqual(a); }
  std::string operator()(const RaiseXoff& a) const {
    return fmt::format("set `ingress headroom` of {} to {}, or remove it to let EOS size the headroom", a.profile,
                       xoffAmount(a.xoff_bytes));
  }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format("{} in interface {}: PFC alone pauses the lossless priorities",
                       a.rx && a.tx ? "`flowcontrol receive off` and `flowcontrol send off`"
                       : a.rx       ? "`flowcontrol receive off`"
                                    : "`flowcontrol send off`",
                       a.port);
  }
  std::string operator()(const SetCableLength& a) const { return noCableLengthSetting(w, a); }
};

}  // namespace

const FormatWording& eosWording() {
  static const VendorWordingOf<EosFix> wording("EOS");
  return wording;
}

}  // namespace rocelint
