// Cisco NX-OS: network-qos, qos and queuing policies and interface statements; NX-OS sizes lossless
// headroom itself and has no cable-length setting.

#include "vendor_wording.hpp"

namespace rocelint {
namespace {

using namespace wording;

std::string enablePfc(const std::string& port, PrioritySet add) {
  return fmt::format(
      "{} in the class of the system network-qos policy that holds the qos-group (with `pause "
      "no-drop`), and `priority-flow-control mode on` on interface {}",
      each(add, [](int p) { return fmt::format("pause pfc-cos {}", p); }), port);
}

std::string disablePfc(const std::string& port, PrioritySet remove, bool none_left) {
  if (none_left) return fmt::format("`priority-flow-control mode off` on interface {}", port);
  return fmt::format("remove {} from the system network-qos policy",
                     each(remove, [](int p) { return fmt::format("pause pfc-cos {}", p); }));
}

struct NxosFix : VendorFix<NxosFix> {
  using VendorFix::operator();

  std::string operator()(const MakePfcEqualOnLink&) const {
    return "give both ends of the link the same no-drop classes (`pause pfc-cos N` in the network-qos policy) and "
           "`priority-flow-control mode on`";
  }
  std::string operator()(const SetPfcPriorities& a) const { return setPfcPrioritiesOn(a, enablePfc, disablePfc); }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format(
        "NX-OS sizes the headroom of a no-drop class itself: make CoS {} a `pause pfc-cos` of a "
        "no-drop class of the network-qos policy",
        a.priority);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return enablePfcOrMakePgLossy(a.priority, enablePfc(a.port, only(a.priority)),
                                  "remove the class's `pause no-drop`");
  }
  std::string operator()(const AddWatchdog& a) const {
    return fmt::format(
        "`priority-flow-control watch-dog-interval on` (globally or on interface {}), with "
        "`priority-flow-control watch-dog interval 200`",
        a.port);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    return watchdogTimeInRange(a.timer == WatchdogTimer::Detection
                                   ? "`priority-flow-control watch-dog interval` x `watch-dog shutdown-multiplier`"
                                   : "`priority-flow-control watch-dog interval` x `auto-restore multiplier`",
                               a);
  }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format(
        "in class `c-out-8q-q{}` of the queuing policy of {} (`service-policy type queuing output`): "
        "`random-detect minimum-threshold 150 kbytes maximum-threshold 1500 kbytes drop-probability 5 "
        "weight 0 ecn`",
        a.queue, a.port);
  }
  std::string operator()(const EnableProfileEcn& a) const {
    return fmt::format("add `ecn` to the `random-detect` line of {}", a.profile);
  }
  std::string operator()(const LowerEcnMinimum& a) const {
    return lowerEcnMinimum(fmt::format("`random-detect minimum-threshold` of {}", a.profile), a);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    std::string policy = boundMapName(sw, port, MapKind::DscpToTc);
    return fmt::format(
        "classify DSCP {} into a no-drop qos-group on {} (as on {}): `match dscp {}` in the class of "
        "{} that does `set qos-group {}`, with `pause pfc-cos {}` in the network-qos policy",
        a.dscp, sw.name, a.reference_switch, a.dscp, policy.empty() ? "the input qos policy" : policy, a.tc, a.tc);
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "move `match qos-group {}` to the egress queuing class of queue {} (`class-map type queuing "
        "c-out-8q-q{}`) on {} (the queue a priority {} pause stops), so the remarked class waits where {} pauses it",
        a.tc, a.queue, a.queue, sw.name, a.next_priority, a.next_switch);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    return fmt::format(
        "`priority level 1` (instead of `bandwidth remaining percent`) in `class type queuing c-out-8q-q{}` of the "
        "output queuing policy of {}, so the CNPs leave before data",
        a.queue, a.port);
  }
  std::string operator()(const MakePortSettingEqual& a) const { return makeInterfaceSettingEqual(a); }
  std::string operator()(const RaiseXoff& a) const { return platformSizesHeadroom(w, a); }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format("{} in interface {}: PFC alone pauses the no-drop classes",
                       a.rx && a.tx ? "`flowcontrol receive off` and `flowcontrol send off`"
                       : a.rx       ? "`flowcontrol receive off`"
                                    : "`flowcontrol send off`",
                       a.port);
  }
  std::string operator()(const ForcePfcOn& a) const {
    if (a.dcbx)
      return fmt::format(
          "`priority-flow-control mode on` in interface {} (auto, the default, waits for the peer's DCBX), or run "
          "DCBX on the peer with the same no-drop CoS",
          a.port);
    return fmt::format(
        "`priority-flow-control mode on` in interface {} (auto, the default, waits for DCBX), or advertise DCBX "
        "there (`lldp transmit`, `lldp receive` and `lldp tlv-select dcbxp`) and on the peer",
        a.port);
  }
  std::string operator()(const SetCableLength& a) const { return noCableLengthSetting(w, a); }
};

}  // namespace

const FormatWording& nxosWording() {
  static const VendorWordingOf<NxosFix> wording("NX-OS");
  return wording;
}

}  // namespace rocelint
