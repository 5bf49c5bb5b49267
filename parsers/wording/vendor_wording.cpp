#include "vendor_wording.hpp"

namespace rocelint::wording {

std::string VendorWording::term(Term term, std::string_view argument) const {
  switch (term) {
    case Term::BufferProfile:
      return "buffer profile";
    case Term::LosslessPg:
      return "lossless PG";
    case Term::BufferPool:
      return "buffer pool";
    case Term::QueueBuffer:
      return "queue buffer";
    case Term::IngressProfileList:
    case Term::EgressProfileList:
      return "buffer profile list";
    case Term::EcnProfile:
      return "ECN profile";
    case Term::CableLength:
      return "cable length";
    case Term::Scheduler:
      return "scheduler";
    case Term::DscpToTcMap:
      return "DSCP classification";
    case Term::Dot1pToTcMap:
      return "802.1p classification";
    case Term::TcToPgMap:
    case Term::TcToPgBinding:
      return "TC-to-PG map";
    case Term::TcToQueueMap:
      return "TC-to-queue map";
    case Term::PfcToQueueMap:
      return "PFC-priority-to-queue map";
    case Term::PfcToPgMap:
      return "PFC-priority-to-PG map";
    case Term::TcToDscpMap:
      return "TC-to-DSCP rewrite map";
    case Term::QueueEcnBinding:
      return "ECN/WRED thresholds";
    case Term::PfcPriorities:
      return "PFC priorities";
    case Term::WatchdogPriorities:
      return "watchdog priorities";
    case Term::WatchdogPrioritySet:
      return "the watchdog's priority set";
    case Term::WatchdogPollInterval:
      return "watchdog poll interval";
    case Term::WatchdogDetectionTime:
      return "detection time";
    case Term::WatchdogRestorationTime:
      return "restoration time";
    case Term::MinThresholdOfColor:
      return " minimum threshold";
    case Term::MaxThresholdOfColor:
      return " maximum threshold";
    case Term::NoWatchdogConfigured:
      return fmt::format("the {} configuration enables no PFC watchdog on the port", name_);
    case Term::NamedEcnProfile:
      return std::string(argument);  // vendor profile names say what they are
    case Term::EcnModeDetail:
      return "";
    case Term::GreenWredOff:
      return "has WRED off for green packets";
    case Term::VlanOffPort:
      if (std::string_view(name_) == "EOS" || std::string_view(name_) == "NX-OS")
        return fmt::format("VLAN {0} from the trunk (`switchport trunk allowed vlan remove {0}`; or the access VLAN)",
                           argument);
      if (std::string_view(name_) == "Huawei VRP")
        return fmt::format("VLAN {0} from the trunk (`undo port trunk allow-pass vlan {0}`; or the default VLAN)",
                           argument);
      if (std::string_view(name_) == "H3C Comware")
        return fmt::format("VLAN {0} from the trunk (`undo port trunk permit vlan {0}`; or the access VLAN)", argument);
      if (std::string_view(name_) == "Junos")
        return fmt::format("VLAN {} from `family ethernet-switching vlan members`", argument);
      if (std::string_view(name_) == "NVUE")
        return fmt::format("VLAN {} from the port's `bridge domain <domain> vlan` list", argument);
      return fmt::format("VLAN {} membership", argument);
  }
  return std::string(argument);
}

std::vector<int> members(PrioritySet set) {
  std::vector<int> out;
  for (int p = 0; p < 8; ++p) {
    if (set.test(static_cast<std::size_t>(p))) out.push_back(p);
  }
  return out;
}

std::string pcpBits(int p) { return fmt::format("{:03b}", p); }

std::string dscpBits(int dscp) { return fmt::format("{:06b}", dscp); }

std::string boundMapName(const Switch& sw, const Port* port, MapKind kind, std::string_view suffix) {
  std::string name;
  if (port != nullptr && port->qos.map(kind)) {
    name = port->qos.map(kind)->name;
  } else if (kind == MapKind::DscpToTc && sw.global_dscp_to_tc) {
    name = sw.global_dscp_to_tc->name;
  }
  if (!suffix.empty() && name.size() > suffix.size() && name.ends_with(suffix))
    name.resize(name.size() - suffix.size());
  return name;
}

PrioritySet only(int p) {
  PrioritySet one;
  one.set(static_cast<std::size_t>(p));
  return one;
}

std::string enablePfcOrMakePgLossy(int p, const std::string& enable, const std::string& lossy) {
  return fmt::format("enable PFC on priority {}: {}; or {}", p, enable, lossy);
}

std::string watchOnlyPfcPriorities(const VendorWording& w, const WatchOnlyPfcPriorities& a) {
  return fmt::format(
      "enable PFC on the watched priorities of {} or stop watching them (the {} watchdog should cover "
      "only no-drop priorities)",
      a.port, w.name());
}

std::string makeWatchdogSettingEqual(const MakeWatchdogSettingEqual& a) {
  const char* what = a.setting == WatchdogSetting::Action          ? "action (what a deadlocked queue's packets get)"
                     : a.setting == WatchdogSetting::DetectionTime ? "detection time"
                                                                   : "restoration time";
  return fmt::format("set the PFC watchdog {} of {} to {} like the rest of the fabric", what, a.port, a.value);
}

std::string pauseDirections(const DisableLinkPause& a) {
  return a.rx && a.tx ? "receive and send" : a.rx ? "receive" : "send";
}

std::string disableLinkPause(const VendorWording& w, const DisableLinkPause& a) {
  return fmt::format(
      "turn 802.3x link-level flow control ({}) off on {} in the {} configuration: PFC alone pauses the lossless "
      "priorities",
      pauseDirections(a), a.port, w.name());
}

std::string forcePfcOn(const VendorWording& w, const ForcePfcOn& a) {
  return fmt::format("force PFC on for {} in the {} configuration instead of negotiating it{}", a.port, w.name(),
                     a.dcbx ? ", or check that the peer runs DCBX with the same PFC priorities"
                            : ", or send DCBX TLVs in LLDP on both ends");
}

std::string applyStagedSetting(const VendorWording& w, const ApplyStagedSetting& a) {
  return fmt::format("apply `{}` in the {} configuration, or remove it", a.what, w.name());
}

std::string watchdogTimeInRange(const std::string& knob, const WatchdogTimeInRange& a) {
  return fmt::format("set {} to {}-{} ms and at least the poll interval", knob, a.min_ms, a.max_ms);
}

std::string lowerEcnMinimum(const std::string& knob, const LowerEcnMinimum& a) {
  return fmt::format(
      "lower {} to at most {} bytes (the earliest PFC trigger), or let the lossless PGs use more shared "
      "buffer so PFC fires later",
      knob, a.max_bytes);
}

const char* portKnob(PortSetting setting) { return setting == PortSetting::Speed ? "speed" : "mtu"; }

std::string makePortSettingEqual(const MakePortSettingEqual& a, const std::string& statement) {
  return fmt::format("set the same {} on both ends ({})", portKnob(a.setting), statement);
}

std::string xoffAmount(std::uint64_t bytes) {
  return bytes > 0 ? fmt::format("at least {} bytes", bytes) : "the xoff the port's speed and cable need";
}

std::string platformSizesHeadroom(const VendorWording& w, const RaiseXoff& a) {
  return fmt::format("the {} platform sizes lossless headroom: give it {} (check the platform's buffer settings)",
                     w.name(), xoffAmount(a.xoff_bytes));
}

std::string makeInterfaceSettingEqual(const MakePortSettingEqual& a) {
  return makePortSettingEqual(a, fmt::format("`{} …` in interface {}", portKnob(a.setting), a.port));
}

std::string noCableLengthSetting(const VendorWording& w, const SetCableLength& a) {
  return fmt::format(
      "{} has no cable-length setting: the platform sizes the headroom of {}; give the link's length in "
      "topology.yaml so rocelint checks the same",
      w.name(), a.port);
}

std::string matchTopologyCable(const VendorWording& w, const std::string* cable_statement) {
  return fmt::format(
      "make the port's cable length (or speed) match the cable, or correct the topology's length; on {}: {}", w.name(),
      cable_statement != nullptr ? *cable_statement : std::string(w.name()));
}

std::string definePort(const VendorWording& w) {
  return fmt::format("configure the interface in the {} configuration or remove the statement that names it", w.name());
}

std::string defineReferenced(const VendorWording& w, const DefineReferenced& a) {
  return fmt::format("define the {} \"{}\" in the {} configuration or reference an existing one", w.term(a.object, {}),
                     a.name, w.name());
}

std::string reviewUnmodeledStatement(const VendorWording& w) {
  return fmt::format(
      "check what the statement does on {} by hand (rocelint does not model it); remove it if it is not needed",
      w.name());
}

}  // namespace rocelint::wording
