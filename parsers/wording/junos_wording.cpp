// Juniper Junos: `set class-of-service` statements (congestion notification profiles, classifiers,
// schedulers) and interfaces; Junos sizes lossless headroom itself.

#include "vendor_wording.hpp"

namespace rocelint {
namespace {

using namespace wording;

std::string enablePfc(const std::string& port, PrioritySet add, const EgressQueues& queues) {
  return fmt::format(
      "{} (and `input dscp code-point <bits> pfc` for its DSCPs) in the congestion notification "
      "profile bound by `set class-of-service interfaces {} congestion-notification-profile <cnp>`, "
      "for a no-loss forwarding class with that `pfc-priority`",
      each(add,
           [&](int p) {
             int queue = queues[static_cast<std::size_t>(p)];
             return fmt::format(
                 "set class-of-service congestion-notification-profile <cnp> output "
                 "ieee-802.1 code-point {} flow-control-queue {}",
                 pcpBits(p), queue < 0 ? p : queue);
           }),
      port);
}

std::string disablePfc(const std::string& port, PrioritySet remove, bool none_left) {
  if (none_left) return fmt::format("`delete class-of-service interfaces {} congestion-notification-profile`", port);
  return fmt::format("remove the PFC code points {} from the port's congestion notification profile",
                     each(remove, pcpBits));
}

std::string cableLength(const std::string& port) {
  return fmt::format(
      "`set class-of-service congestion-notification-profile <cnp> input cable-length <meters>` in "
      "the profile bound to {}",
      port);
}

struct JunosFix : VendorFix<JunosFix> {
  using VendorFix::operator();

  std::string operator()(const MakePfcEqualOnLink&) const {
    return "bind congestion notification profiles with the same PFC code points on both ends of the link";
  }
  std::string operator()(const SetPfcPriorities& a) const {
    return setPfcPriorities(
        a, [&](PrioritySet add) { return enablePfc(a.port, add, a.egress_queue); },
        [&](PrioritySet remove, bool none_left) { return disablePfc(a.port, remove, none_left); });
  }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format(
        "Junos reserves headroom for a no-loss forwarding class itself: give priority {} a class "
        "with `no-loss pfc-priority {}` and keep `shared-buffer ingress buffer-partition "
        "lossless-headroom` non-zero",
        a.priority, a.priority);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return enablePfcOrMakePgLossy(a.priority, enablePfc(a.port, only(a.priority), a.egress_queue),
                                  "make its forwarding class lossy (no `no-loss`)");
  }
  std::string operator()(const AddWatchdog& a) const {
    return fmt::format(
        "`set class-of-service congestion-notification-profile <cnp> pfc-watchdog` in the profile "
        "bound to {} (poll-interval 100, detection 2, recovery 200 by default)",
        a.port);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    return watchdogTimeInRange(a.timer == WatchdogTimer::Detection ? "the `pfc-watchdog` `poll-interval` x `detection`"
                                                                   : "the `pfc-watchdog` `recovery`",
                               a);
  }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format(
        "`set class-of-service schedulers <scheduler> explicit-congestion-notification` with a "
        "`drop-profile-map loss-priority any protocol any drop-profile <profile>`, for the forwarding "
        "class of queue {} in the scheduler map bound to {}",
        a.queue, a.port);
  }
  std::string operator()(const EnableProfileEcn& a) const {
    return fmt::format("`set class-of-service {} explicit-congestion-notification`", a.profile);
  }
  std::string operator()(const LowerEcnMinimum& a) const {
    return lowerEcnMinimum(fmt::format("the first `fill-level` of the drop profile of {}", a.profile), a);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    std::string classifier = boundMapName(sw, port, MapKind::DscpToTc);
    if (!classifier.starts_with("classifiers dscp ")) classifier = "classifiers dscp <classifier>";
    return fmt::format(
        "classify DSCP {} into a no-loss forwarding class on {} (as on {}): `set class-of-service {} "
        "forwarding-class <no-loss class> loss-priority low code-points {}`, with `set "
        "class-of-service congestion-notification-profile <cnp> input dscp code-point {} pfc`",
        a.dscp, sw.name, a.reference_switch, classifier, dscpBits(a.dscp), dscpBits(a.dscp));
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "put the forwarding class of priority {} in queue {}: `set class-of-service forwarding-classes "
        "class <class> queue-num {}` on {} (the queue a priority {} pause stops), so the remarked class waits where {} "
        "pauses it",
        a.tc, a.queue, a.queue, sw.name, a.next_priority, a.next_switch);
  }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format(
        "`set interfaces {} ether-options no-flow-control` (and delete any `configured-flow-control`): Junos "
        "commits PAUSE or a congestion notification profile on an interface, not both, and PFC alone pauses the "
        "lossless priorities",
        a.port);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    // The model names a Junos scheduler "schedulers <name>".
    constexpr std::string_view kPrefix = "schedulers ";
    std::string name = a.scheduler.starts_with(kPrefix) ? a.scheduler.substr(kPrefix.size()) : "<scheduler>";
    return fmt::format(
        "`set class-of-service schedulers {} priority strict-high` (a scheduler of the CNP forwarding class "
        "alone, in queue {}), so the CNPs leave before data",
        name, a.queue);
  }
  std::string operator()(const MakePortSettingEqual& a) const {
    return makePortSettingEqual(a, fmt::format("`set interfaces {} {} …`", a.port, portKnob(a.setting)));
  }
  std::string operator()(const RaiseXoff& a) const { return platformSizesHeadroom(w, a); }
  std::string operator()(const SetCableLength& a) const { return cableLength(a.port); }
};

}  // namespace

const FormatWording& junosWording() {
  static const VendorWordingOf<JunosFix> wording("Junos");
  return wording;
}

}  // namespace rocelint
