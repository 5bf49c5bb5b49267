// SONiC config_db (and minigraph, which becomes config_db tables): fixes and terms name the tables
// and fields.

#include <fmt/format.h>

#include "format_wording.hpp"

namespace rocelint {
namespace {

std::string tableOrField(Term term, std::string_view argument) {
  switch (term) {
    case Term::BufferProfile:
      return "BUFFER_PROFILE";
    case Term::LosslessPg:
      return "BUFFER_PG";
    case Term::BufferPool:
      return "BUFFER_POOL";
    case Term::QueueBuffer:
      return "BUFFER_QUEUE";
    case Term::IngressProfileList:
      return "BUFFER_PORT_INGRESS_PROFILE_LIST";
    case Term::EgressProfileList:
      return "BUFFER_PORT_EGRESS_PROFILE_LIST";
    case Term::EcnProfile:
      return "WRED_PROFILE";
    case Term::CableLength:
      return "CABLE_LENGTH";
    case Term::Scheduler:
      return "SCHEDULER";
    case Term::DscpToTcMap:
      return "DSCP_TO_TC_MAP";
    case Term::Dot1pToTcMap:
      return "DOT1P_TO_TC_MAP";
    case Term::TcToPgMap:
      return "TC_TO_PRIORITY_GROUP_MAP";
    case Term::TcToQueueMap:
      return "TC_TO_QUEUE_MAP";
    case Term::PfcToQueueMap:
      return "MAP_PFC_PRIORITY_TO_QUEUE";
    case Term::PfcToPgMap:
      return "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP";
    case Term::TcToDscpMap:
      return "TC_TO_DSCP_MAP";
    case Term::TcToPgBinding:
      return "tc_to_pg_map";
    case Term::QueueEcnBinding:
      return "wred_profile";
    case Term::PfcPriorities:
      return "pfc_enable";
    case Term::WatchdogPriorities:
    case Term::WatchdogPrioritySet:
      return "pfcwd_sw_enable";
    case Term::WatchdogPollInterval:
      return "POLL_INTERVAL";
    case Term::WatchdogDetectionTime:
      return "detection_time";
    case Term::WatchdogRestorationTime:
      return "restoration_time";
    case Term::MinThresholdOfColor:
      return "_min_threshold";
    case Term::MaxThresholdOfColor:
      return "_max_threshold";
    case Term::NoWatchdogConfigured:
      return "there is no PFC_WD entry for the port and default_pfcwd_status is not enable";
    case Term::NamedEcnProfile:
      return fmt::format("WRED_PROFILE {}", argument);
    case Term::EcnModeDetail:
      return fmt::format(" (ecn {})", argument);
    case Term::GreenWredOff:
      return fmt::format("has wred_green_enable {}", argument);
    case Term::VlanOffPort:
      return fmt::format("the VLAN_MEMBER entry of Vlan{}", argument);
  }
  return std::string(argument);
}

struct SonicFix {
  const Switch& sw;

  std::string operator()(const MakePfcEqualOnLink&) const { return "set the same pfc_enable on both ends of the link"; }
  std::string operator()(const SetPfcPriorities& a) const {
    return fmt::format("set pfc_enable to \"{}\"", formatPrioritySet(a.expected));
  }
  std::string operator()(const WatchOnlyPfcPriorities&) const { return "make pfcwd_sw_enable a subset of pfc_enable"; }
  std::string operator()(const AddLosslessPg& a) const {
    return fmt::format("add BUFFER_PG|{}|{} with a lossless profile (or \"NULL\" in the dynamic model)", a.port,
                       a.priority);
  }
  std::string operator()(const EnablePfcOrMakePgLossy& a) const {
    return fmt::format("add {} to pfc_enable, or give PG {} a lossy profile", a.priority, a.priority);
  }
  std::string operator()(const AddWatchdog& a) const {
    return fmt::format(
        "add PFC_WD|{} {{action: drop, detection_time: 200, restoration_time: 200}} and include {} in "
        "pfcwd_sw_enable",
        a.port, a.priority);
  }
  std::string operator()(const WatchdogTimeInRange& a) const {
    return fmt::format("set {} within {}-{} ms and at least the poll interval",
                       a.timer == WatchdogTimer::Detection ? "detection_time" : "restoration_time", a.min_ms, a.max_ms);
  }
  std::string operator()(const MakeWatchdogSettingEqual& a) const {
    const char* field = a.setting == WatchdogSetting::Action          ? "action"
                        : a.setting == WatchdogSetting::DetectionTime ? "detection_time"
                                                                      : "restoration_time";
    return fmt::format("set {} to {} like the rest of the fabric", field, a.value);
  }
  std::string operator()(const DisableLinkPause& a) const {
    return fmt::format("turn 802.3x flow control off on {}: PFC alone pauses the lossless priorities", a.port);
  }
  std::string operator()(const ForcePfcOn& a) const {
    return fmt::format("set pfc_enable on {} (SONiC does not negotiate PFC)", a.port);
  }
  std::string operator()(const ApplyStagedSetting& a) const { return fmt::format("apply {} or remove it", a.what); }
  std::string operator()(const AddQueueEcn& a) const {
    return fmt::format("bind QUEUE|{}|{} to a WRED_PROFILE with ecn \"ecn_all\" and wred_green_enable \"true\"", a.port,
                       a.queue);
  }
  std::string operator()(const EnableProfileEcn& a) const {
    return fmt::format("set ecn \"ecn_all\" and wred_green_enable \"true\" in WRED_PROFILE {}", a.profile);
  }
  std::string operator()(const LowerEcnMinimum& a) const {
    return fmt::format(
        "set green_min_threshold of WRED_PROFILE {} to at most {} bytes (the earliest PFC trigger), "
        "or raise the lossless profiles' dynamic_th so PFC fires later",
        a.profile, a.max_bytes);
  }
  std::string operator()(const MapDscpToLosslessTc& a) const {
    return fmt::format("map DSCP {} to a lossless TC with PFC and a lossless PG on {} (as on {})", a.dscp, sw.name,
                       a.reference_switch);
  }
  std::string operator()(const MapTcToQueue& a) const {
    return fmt::format(
        "map TC {} to queue {} in the TC_TO_QUEUE_MAP of {} (the queue a priority {} pause stops), so the remarked "
        "class waits where {} pauses it",
        a.tc, a.queue, a.port, a.next_priority, a.next_switch);
  }
  std::string operator()(const MakeQueueStrict& a) const {
    return fmt::format(
        "bind QUEUE|{}|{} to a SCHEDULER with type \"STRICT\" (a new one: {} may serve other queues), so the CNPs "
        "leave before data",
        a.port, a.queue, a.scheduler);
  }
  std::string operator()(const MakePortSettingEqual& a) const {
    return a.setting == PortSetting::Speed ? "set the same PORT speed on both ends"
                                           : "set the same PORT mtu on both ends (9100 is the SONiC default)";
  }
  std::string operator()(const RaiseXoff& a) const {
    if (a.xoff_bytes == 0) {
      return "give the PG a lossless profile with xon/xoff sized for the port's speed and cable length "
             "(pg_lossless_<speed>_<cable>_profile)";
    }
    return fmt::format(
        "give ports with {} Mb/s and {} m cables a profile with xoff >= {} (and size >= xon + xoff where size "
        "holds both), e.g. pg_lossless_{}_{}m_profile",
        a.speed_mbps, a.cable_length_m, a.xoff_bytes, a.speed_mbps, a.cable_length_m);
  }
  std::string operator()(const SetCableLength& a) const {
    return fmt::format("add {} to CABLE_LENGTH with the real cable length", a.port);
  }
  std::string operator()(const MatchTopologyCable&) const {
    return "make CABLE_LENGTH (or the port speed) match the cable, or correct the topology's length";
  }
  std::string operator()(const DefinePort&) const { return "add the port to the PORT table or remove the entry"; }
  std::string operator()(const DefineReferenced& a) const {
    return fmt::format("define {}|{} or reference an existing one", tableOrField(a.object, {}), a.name);
  }
  std::string operator()(const ReviewUnmodeledStatement&) const {
    return "check the field name against the SONiC YANG model; remove it if it is not used by this release";
  }
};

class SonicWording final : public FormatWording {
 public:
  [[nodiscard]] const char* name() const override { return "SONiC"; }
  [[nodiscard]] std::string term(Term term, std::string_view argument) const override {
    return tableOrField(term, argument);
  }
  [[nodiscard]] std::string fix(const FixAction& action, const Switch& sw, const Port*) const override {
    return std::visit(SonicFix{sw}, action);
  }
};

}  // namespace

const FormatWording& sonicWording() {
  static const SonicWording wording;
  return wording;
}

}  // namespace rocelint
