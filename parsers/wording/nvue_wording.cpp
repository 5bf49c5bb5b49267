// NVIDIA NVUE (Cumulus Linux): `nv set` commands on qos profiles and interfaces.

#include "vendor_wording.hpp"

namespace rocelint {
namespace {

using namespace wording;

std::string enablePfc(const std::string& port, PrioritySet add) {
  return fmt::format(
      "{} on the port's PFC profile (`nv set interface {} qos pfc profile <profile>`, default-global "
      "when unset)",
      each(add, [](int p) { return fmt::format("nv set qos pfc <profile> switch-priority {}", p); }), port);
}

std::string disablePfc(PrioritySet remove) {
  return each(remove, [](int p) { return fmt::format("nv unset qos pfc <profile> switch-priority {}", p); });
}

std::string cableLength(const std::string& port) {
  return fmt::format(
      "`nv set qos pfc <profile> cable-length <meters>` on the PFC profile of {} (or `nv set qos roce "
      "cable-length <meters>`)",
      port);
}

struct NvueFix : VendorFix<NvueFix> {
  using VendorFix::operator();

  std::string operator()(const MakePfcEqualOnLink&) const {
    return "bind PFC profiles with the same `switch-priority` set (`nv set qos pfc <profile> switch-priority N`) on "
           "both ends of the link";
  }
  std::string operator()(const SetPfcPriorities& a) const {
    return setPfcPriorities(
        a, [&](PrioritySet add) { return enablePfc(a.port, add); },
        [](PrioritySet remove, bool) { return disablePfc(remove); });
  }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format(
        "`nv set qos pfc <profile> switch-priority {}` on the port's PFC profile, and let the switch "
        "size the headroom (or set `port-buffer` / `xoff-threshold` / `xon-threshold` in it)",
        a.priority);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return enablePfcOrMakePgLossy(a.priority, enablePfc(a.port, only(a.priority)),
                                  "remove the PFC profile's `xoff-threshold` for it");
  }
  std::string operator()(const AddWatchdog& a) const {
    return fmt::format("`nv set interface {} qos pfc-watchdog state enable`", a.port);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    return watchdogTimeInRange(a.timer == WatchdogTimer::Detection
                                   ? "`nv set qos pfc-watchdog polling-interval` x `robustness`"
                                   : "`nv set qos pfc-watchdog polling-interval`",
                               a);
  }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format(
        "`nv set qos congestion-control <profile> traffic-class {} ecn enable` (with `min-threshold` "
        "/ `max-threshold`), bound by `nv set interface {} qos congestion-control profile <profile>`",
        a.queue, a.port);
  }
  std::string operator()(const EnableProfileEcn& a) const { return fmt::format("`nv set {} ecn enable`", a.profile); }
  std::string operator()(const LowerEcnMinimum& a) const {
    return lowerEcnMinimum(fmt::format("`nv set {} min-threshold`", a.profile), a);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    std::string profile = boundMapName(sw, port, MapKind::DscpToTc, " dscp");
    if (profile.empty()) profile = "qos mapping default-global";
    return fmt::format(
        "map DSCP {} to a lossless switch priority on {} (as on {}): `nv set {} dscp {} "
        "switch-priority {}`, with `nv set qos pfc <profile> switch-priority {}`",
        a.dscp, sw.name, a.reference_switch, profile, a.dscp, a.tc, a.tc);
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "`nv set qos egress-queue-mapping default-global switch-priority {} traffic-class {}` on {} "
        "(the queue a priority {} pause stops), so the remarked class waits where {} pauses it",
        a.tc, a.queue, sw.name, a.next_priority, a.next_switch);
  }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format(
        "`nv unset interface {} qos link-pause`: NVUE does not configure link pause and PFC on one port, and PFC "
        "alone pauses the lossless priorities",
        a.port);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    // The model names an NVUE scheduler "qos egress-scheduler <profile> traffic-class <tc>".
    std::string profile = "default-global";
    constexpr std::string_view kPrefix = "qos egress-scheduler ";
    if (a.scheduler.starts_with(kPrefix)) {
      std::string rest = a.scheduler.substr(kPrefix.size());
      profile = rest.substr(0, rest.find(' '));
    }
    return fmt::format("`nv set qos egress-scheduler {} traffic-class {} mode strict`, so the CNPs leave before data",
                       profile, a.queue);
  }
  std::string operator()(const MakePortSettingEqual& a) const {
    return makePortSettingEqual(a, fmt::format("`nv set interface {} link {} …`", a.port, portKnob(a.setting)));
  }
  std::string operator()(const RaiseXoff& a) const {
    return fmt::format(
        "`nv set {} xoff-threshold <bytes>` with {} (and `port-buffer` >= xon + xoff), or unset the "
        "thresholds to let the switch size them",
        a.profile, xoffAmount(a.xoff_bytes));
  }
  std::string operator()(const SetCableLength& a) const { return cableLength(a.port); }
};

}  // namespace

const FormatWording& nvueWording() {
  static const VendorWordingOf<NvueFix> wording("NVUE");
  return wording;
}

}  // namespace rocelint
