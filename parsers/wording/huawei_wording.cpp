// Huawei CloudEngine (VRP 8): `dcb pfc` profiles applied per interface, DiffServ domains, drop
// profiles with per-queue `qos queue N ecn`, deadlock-detection timers; VRP sizes lossless headroom
// itself unless `dcb pfc buffer P hdrm` says otherwise, and has no cable-length setting.

#include "vendor_wording.hpp"

namespace rocelint {
namespace {

using namespace wording;

// The PHB a traffic class is on VRP (TC n = PHB n, FORMATS-huawei-h3c.md §10.3).
const char* phbName(int tc) {
  static const char* const kPhbs[] = {"be", "af1", "af2", "af3", "af4", "ef", "cs6", "cs7"};
  return tc >= 0 && tc < 8 ? kPhbs[tc] : "af3";
}

std::string enablePfc(const std::string& port, PrioritySet add) {
  return fmt::format(
      "{} in the `dcb pfc` profile that interface {} applies, and `dcb pfc enable [<profile>] mode manual` on "
      "interface {}",
      each(add, [](int p) { return fmt::format("priority {}", p); }), port, port);
}

std::string disablePfc(const std::string& port, PrioritySet remove, bool none_left) {
  if (none_left) return fmt::format("`undo dcb pfc enable` on interface {}", port);
  return fmt::format("{} in the `dcb pfc` profile that interface {} applies (or apply a profile without them)",
                     each(remove, [](int p) { return fmt::format("undo priority {}", p); }), port);
}

constexpr std::string_view kNoEcnSuffix = " (no ecn)";
constexpr std::string_view kDropProfilePrefix = "drop-profile ";

struct HuaweiFix : VendorFix<HuaweiFix> {
  using VendorFix::operator();

  std::string operator()(const MakePfcEqualOnLink&) const {
    return "apply `dcb pfc` profiles with the same `priority` lines on both ends of the link (`dcb pfc enable "
           "[<profile>] mode manual` in each interface)";
  }
  std::string operator()(const SetPfcPriorities& a) const { return setPfcPrioritiesOn(a, enablePfc, disablePfc); }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format(
        "VRP reserves headroom for a PFC priority itself (or by `dcb pfc buffer {} hdrm …` in interface {}): "
        "check that `priority {}` is in the `dcb pfc` profile interface {} applies",
        a.priority, a.port, a.priority, a.port);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return enablePfcOrMakePgLossy(
        a.priority, enablePfc(a.port, only(a.priority)),
        fmt::format("remove the `dcb pfc buffer {}` lines of interface {}", a.priority, a.port));
  }
  std::string operator()(const AddWatchdog& a) const {
    return fmt::format(
        "VRP detects PFC deadlocks on every priority of the `dcb pfc` profile an interface applies: make {} one "
        "(`priority {}`) in the profile of interface {}, with `dcb pfc deadlock-detect interval 10` and `priority {} "
        "deadlock-detect time 10 deadlock-recovery time 10`",
        a.priority, a.priority, a.port, a.priority);
  }
  std::string operator()(const WatchOnlyPfcPriorities& a) const {
    return fmt::format(
        "in the `dcb pfc` profile that interface {} applies, add the watched priorities to its `priority` list or "
        "remove their `priority <p> deadlock-detect time …` lines (VRP detects deadlocks on PFC priorities only)",
        a.port);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    return watchdogTimeInRange(
        a.timer == WatchdogTimer::Detection
            ? "`priority P deadlock-detect time T` × `dcb pfc deadlock-detect interval` (or `dcb pfc "
              "deadlock-detect timer`)"
            : "`priority P deadlock-recovery time T` × `dcb pfc deadlock-detect interval` (or `dcb pfc "
              "deadlock-recovery timer`)",
        a);
  }
  std::string operator()(const MakeWatchdogSettingEqual& a) const {
    if (a.setting == WatchdogSetting::Action && (a.value == "drop" || a.value == "forward"))
      return fmt::format(
          "`dcb pfc deadlock recovery-behavior {} slot <slot>` for the slot of {}, like the rest of the fabric (with a "
          "CE6866-family switch in the PFC domain every device must use discard)",
          a.value == "drop" ? "discard" : "forwarding", a.port);
    if (a.setting == WatchdogSetting::DetectionTime)
      return fmt::format(
          "make `priority P deadlock-detect time T` × `dcb pfc deadlock-detect interval` (or `dcb pfc deadlock-detect "
          "timer`) {} for the priorities of {}, like the rest of the fabric",
          a.value, a.port);
    if (a.setting == WatchdogSetting::RestorationTime)
      return fmt::format(
          "make `priority P deadlock-recovery time T` × `dcb pfc deadlock-detect interval` (or `dcb pfc "
          "deadlock-recovery timer`) {} for the priorities of {}, like the rest of the fabric",
          a.value, a.port);
    return makeWatchdogSettingEqual(a);
  }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format(
        "in interface {}: `qos queue {} wred <profile>` and `qos queue {} ecn`, with `drop-profile <profile>` "
        "holding `ecn buffer-size low-limit 153600 high-limit 1536000 discard-percentage 5`",
        a.port, a.queue, a.queue);
  }
  std::string operator()(const EnableProfileEcn& a) const {
    std::string_view name = a.profile;
    if (name.size() > kNoEcnSuffix.size() && name.substr(name.size() - kNoEcnSuffix.size()) == kNoEcnSuffix) {
      // The profile is bound without `qos queue N ecn`: VRP marks per queue.
      name.remove_suffix(kNoEcnSuffix.size());
      if (name.substr(0, kDropProfilePrefix.size()) == kDropProfilePrefix)
        name.remove_prefix(kDropProfilePrefix.size());
      return fmt::format("add `qos queue N ecn` beside each `qos queue N wred {}` of a lossless queue", name);
    }
    return fmt::format(
        "add `ecn buffer-size low-limit … high-limit … discard-percentage …` to {} (its queues have `qos queue N "
        "ecn`)",
        a.profile);
  }
  std::string operator()(const LowerEcnMinimum& a) const {
    return lowerEcnMinimum(fmt::format("the `ecn buffer-size low-limit` of {}", a.profile), a);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    std::string domain = boundMapName(sw, port, MapKind::DscpToTc);
    if (domain.rfind("diffserv domain ", 0) != 0) domain = "diffserv domain <domain>";
    return fmt::format(
        "map DSCP {} to PHB {} on {} (as on {}): `ip-dscp-inbound {} phb {} green` in `{}` (the domain of `trust "
        "upstream`), with `priority {}` in the `dcb pfc` profile of its ports",
        a.dscp, phbName(a.tc), sw.name, a.reference_switch, a.dscp, phbName(a.tc), domain, a.tc);
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "VRP queues PHB n in queue n, so move the class instead: classify the remarked traffic into "
        "PHB {} on {} (`ip-dscp-inbound <dscp> phb {} green` in its `diffserv domain`) so it leaves "
        "from queue {} (the queue a priority {} pause stops), so the remarked class waits where {} pauses it",
        phbName(a.queue), sw.name, phbName(a.queue), a.queue, a.next_priority, a.next_switch);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    return fmt::format("`qos pq {}` in interface {} (the queue leaves `qos drr`), so the CNPs leave before data",
                       a.queue, a.port);
  }
  std::string operator()(const MakePortSettingEqual& a) const {
    if (a.setting == PortSetting::Speed)
      return makePortSettingEqual(a,
                                  "a VRP port runs at the speed its name gives: connect ports of one type (`100GE`, "
                                  "`400GE`), or split the faster one");
    return makePortSettingEqual(a, fmt::format("`jumboframe enable …` in interface {}", a.port));
  }
  std::string operator()(const RaiseXoff& a) const {
    // The model names a port's buffer profile after its statement: "interface X dcb pfc buffer P".
    std::size_t dcb = a.profile.find(" dcb ");
    if (a.profile.rfind("interface ", 0) == 0 && dcb != std::string::npos)
      return fmt::format("in {}: set `{} hdrm …` to {}, or remove it to let VRP size the headroom",
                         a.profile.substr(0, dcb), a.profile.substr(dcb + 1), xoffAmount(a.xoff_bytes));
    return platformSizesHeadroom(w, a);
  }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format("`undo flow-control` in interface {}: PFC alone pauses the lossless priorities", a.port);
  }
  std::string operator()(const ForcePfcOn& a) const {
    if (a.dcbx)
      return fmt::format(
          "`dcb pfc enable [<profile>] mode manual` in interface {} instead of `mode auto`, or run DCBX on the peer "
          "with the same PFC priorities",
          a.port);
    return fmt::format(
        "`dcb pfc enable [<profile>] mode manual` in interface {} instead of `mode auto`, or advertise DCBX there "
        "(`lldp tlv-enable dcbx`, with LLDP on) and on the peer",
        a.port);
  }
  std::string operator()(const SetCableLength& a) const { return noCableLengthSetting(w, a); }
};

}  // namespace

const FormatWording& huaweiWording() {
  static const VendorWordingOf<HuaweiFix> wording("Huawei VRP");
  return wording;
}

}  // namespace rocelint
