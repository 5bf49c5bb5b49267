#include "fix_words.hpp"

#include <fmt/format.h>

#include <iterator>
#include <utility>
#include <vector>

#include "rocelint/qos.hpp"

namespace rocelint::rules::words {
namespace {

std::vector<int> members(PrioritySet set) {
  std::vector<int> out;
  for (int p = 0; p < 8; ++p) {
    if (set.test(static_cast<std::size_t>(p))) out.push_back(p);
  }
  return out;
}

/// "`a`, `b` and `c`" from the statements produced for each member of `set`.
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
std::string pcpBits(int p) { return fmt::format("{:03b}", p); }
/// DSCP as Junos code-point bits ("011010").
std::string dscpBits(int dscp) { return fmt::format("{:06b}", dscp); }

/// The name the model gave the port's bound map of `kind`, without `suffix` ("" when none).
std::string boundMapName(const Switch& sw, const Port& port, MapKind kind, std::string_view suffix = "") {
  std::string name;
  if (port.qos.map(kind)) {
    name = port.qos.map(kind)->name;
  } else if (kind == MapKind::DscpToTc && sw.global_dscp_to_tc) {
    name = sw.global_dscp_to_tc->name;
  }
  if (!suffix.empty() && name.size() > suffix.size() && name.ends_with(suffix))
    name.resize(name.size() - suffix.size());
  return name;
}

/// The statements that turn PFC on for the priorities `add` of the port.
std::string enablePfc(const Switch& sw, const Port& port, PrioritySet add) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return fmt::format("in interface {} (or its qos profile): `priority-flow-control on` and {}", port.name,
                         each(add, [](int p) { return fmt::format("priority-flow-control priority {} no-drop", p); }));
    case ConfigSyntax::Nxos:
      return fmt::format(
          "{} in the class of the system network-qos policy that holds the qos-group (with `pause "
          "no-drop`), and `priority-flow-control mode on` on interface {}",
          each(add, [](int p) { return fmt::format("pause pfc-cos {}", p); }), port.name);
    case ConfigSyntax::Nvue:
      return fmt::format(
          "{} on the port's PFC profile (`nv set interface {} qos pfc profile <profile>`, default-global "
          "when unset)",
          each(add, [](int p) { return fmt::format("nv set qos pfc <profile> switch-priority {}", p); }), port.name);
    case ConfigSyntax::Junos:
      return fmt::format(
          "{} (and `input dscp code-point <bits> pfc` for its DSCPs) in the congestion notification "
          "profile bound by `set class-of-service interfaces {} congestion-notification-profile <cnp>`, "
          "for a no-loss forwarding class with that `pfc-priority`",
          each(add,
               [&](int p) {
                 int queue = queueOfTc(sw, port, p);
                 return fmt::format(
                     "set class-of-service congestion-notification-profile <cnp> output "
                     "ieee-802.1 code-point {} flow-control-queue {}",
                     pcpBits(p), queue < 0 ? p : queue);
               }),
          port.name);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("add {} to pfc_enable", formatPrioritySet(add));
}

/// The statements that turn PFC off for the priorities `remove` of the port.
std::string disablePfc(const Switch& sw, const Port& port, PrioritySet remove, bool none_left) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      if (none_left) return fmt::format("`no priority-flow-control` in interface {}", port.name);
      return fmt::format("{} in interface {}",
                         each(remove, [](int p) { return fmt::format("priority-flow-control priority {} drop", p); }),
                         port.name);
    case ConfigSyntax::Nxos:
      if (none_left) return fmt::format("`priority-flow-control mode off` on interface {}", port.name);
      return fmt::format("remove {} from the system network-qos policy",
                         each(remove, [](int p) { return fmt::format("pause pfc-cos {}", p); }));
    case ConfigSyntax::Nvue:
      return each(remove, [](int p) { return fmt::format("nv unset qos pfc <profile> switch-priority {}", p); });
    case ConfigSyntax::Junos:
      if (none_left) {
        return fmt::format("`delete class-of-service interfaces {} congestion-notification-profile`", port.name);
      }
      return fmt::format("remove the PFC code points {} from the port's congestion notification profile",
                         each(remove, pcpBits));
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("remove {} from pfc_enable", formatPrioritySet(remove));
}

}  // namespace

bool isSonic(const Switch& sw) {
  return sw.syntax == ConfigSyntax::SonicConfigDb || sw.syntax == ConfigSyntax::Minigraph;
}

const char* syntaxName(ConfigSyntax syntax) {
  switch (syntax) {
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      return "SONiC";
    case ConfigSyntax::Eos:
      return "EOS";
    case ConfigSyntax::Nxos:
      return "NX-OS";
    case ConfigSyntax::Nvue:
      return "NVUE";
    case ConfigSyntax::Junos:
      return "Junos";
  }
  return "SONiC";
}

std::string term(const Switch& sw, std::string_view sonic_name) {
  if (isSonic(sw)) return std::string(sonic_name);
  static const std::pair<std::string_view, std::string_view> kTerms[] = {
      {"BUFFER_PROFILE", "buffer profile"},
      {"BUFFER_PG", "lossless PG"},
      {"BUFFER_POOL", "buffer pool"},
      {"BUFFER_QUEUE", "queue buffer"},
      {"WRED_PROFILE", "ECN profile"},
      {"CABLE_LENGTH", "cable length"},
      {"DSCP_TO_TC_MAP", "DSCP classification"},
      {"TC_TO_PRIORITY_GROUP_MAP", "TC-to-PG map"},
      {"TC_TO_QUEUE_MAP", "TC-to-queue map"},
      {"PFC_WD", "PFC watchdog"},
      {"POLL_INTERVAL", "watchdog poll interval"},
      {"pfc_enable", "PFC priorities"},
      {"pfcwd_sw_enable", "watchdog priorities"},
      {"wred_profile", "ECN profile"},
      {"tc_to_pg_map", "TC-to-PG map"},
      {"detection_time", "detection time"},
      {"restoration_time", "restoration time"},
      {"green_min_threshold", "ECN minimum threshold"},
  };
  for (const auto& [sonic, neutral] : kTerms) {
    if (sonic == sonic_name) return std::string(neutral);
  }
  return std::string(sonic_name);
}

std::string samePfcOnLink(const Switch& sw) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return "configure the same `priority-flow-control priority N no-drop` priorities on both ends of the link";
    case ConfigSyntax::Nxos:
      return "give both ends of the link the same no-drop classes (`pause pfc-cos N` in the network-qos policy) and "
             "`priority-flow-control mode on`";
    case ConfigSyntax::Nvue:
      return "bind PFC profiles with the same `switch-priority` set (`nv set qos pfc <profile> switch-priority N`) on "
             "both ends of the link";
    case ConfigSyntax::Junos:
      return "bind congestion notification profiles with the same PFC code points on both ends of the link";
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return "set the same pfc_enable on both ends of the link";
}

std::string setPfcPriorities(const Switch& sw, const Port& port, PrioritySet expected, PrioritySet have) {
  if (isSonic(sw)) return fmt::format("set pfc_enable to \"{}\"", formatPrioritySet(expected));
  PrioritySet add = expected & ~have;
  PrioritySet remove = have & ~expected;
  std::string out = fmt::format("make PFC priorities {}: ", formatPrioritySet(expected));
  if (add.any()) out += enablePfc(sw, port, add);
  if (add.any() && remove.any()) out += "; ";
  if (remove.any()) out += disablePfc(sw, port, remove, expected.none());
  return out;
}

std::string watchdogSubsetOfPfc(const Switch& sw, const Port& port) {
  if (isSonic(sw)) return "make pfcwd_sw_enable a subset of pfc_enable";
  return fmt::format(
      "enable PFC on the watched priorities of {} or stop watching them (the {} watchdog should cover "
      "only no-drop priorities)",
      port.name, syntaxName(sw.syntax));
}

std::string addLosslessPg(const Switch& sw, const Port& port, int p) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return fmt::format(
          "EOS reserves headroom for a no-drop priority itself: check that `priority-flow-control "
          "priority {} no-drop` is in effect on {} and that the MMU profile applied has `ingress "
          "headroom`",
          p, port.name);
    case ConfigSyntax::Nxos:
      return fmt::format(
          "NX-OS sizes the headroom of a no-drop class itself: make CoS {} a `pause pfc-cos` of a "
          "no-drop class of the network-qos policy",
          p);
    case ConfigSyntax::Nvue:
      return fmt::format(
          "`nv set qos pfc <profile> switch-priority {}` on the port's PFC profile, and let the switch "
          "size the headroom (or set `port-buffer` / `xoff-threshold` / `xon-threshold` in it)",
          p);
    case ConfigSyntax::Junos:
      return fmt::format(
          "Junos reserves headroom for a no-loss forwarding class itself: give priority {} a class "
          "with `no-loss pfc-priority {}` and keep `shared-buffer ingress buffer-partition "
          "lossless-headroom` non-zero",
          p, p);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("add BUFFER_PG|{}|{} with a lossless profile (or \"NULL\" in the dynamic model)", port.name, p);
}

std::string enablePfcOrMakePgLossy(const Switch& sw, const Port& port, int p) {
  if (isSonic(sw)) return fmt::format("add {} to pfc_enable, or give PG {} a lossy profile", p, p);
  PrioritySet one;
  one.set(static_cast<std::size_t>(p));
  std::string lossy;
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      lossy = "remove the `ingress headroom` of the MMU profile";
      break;
    case ConfigSyntax::Nxos:
      lossy = "remove the class's `pause no-drop`";
      break;
    case ConfigSyntax::Nvue:
      lossy = "remove the PFC profile's `xoff-threshold` for it";
      break;
    default:
      lossy = "make its forwarding class lossy (no `no-loss`)";
      break;
  }
  return fmt::format("enable PFC on priority {}: {}; or {}", p, enablePfc(sw, port, one), lossy);
}

std::string addWatchdog(const Switch& sw, const Port& port, int p) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return fmt::format(
          "in interface {} (or its qos profile): `priority-flow-control pause watchdog`, with the "
          "global `priority-flow-control pause watchdog default timeout 0.2` and `priority-flow-control "
          "pause watchdog default recovery-time 0.2`",
          port.name);
    case ConfigSyntax::Nxos:
      return fmt::format(
          "`priority-flow-control watch-dog-interval on` (globally or on interface {}), with "
          "`priority-flow-control watch-dog interval 200`",
          port.name);
    case ConfigSyntax::Nvue:
      return fmt::format("`nv set interface {} qos pfc-watchdog state enable`", port.name);
    case ConfigSyntax::Junos:
      return fmt::format(
          "`set class-of-service congestion-notification-profile <cnp> pfc-watchdog` in the profile "
          "bound to {} (poll-interval 100, detection 2, recovery 200 by default)",
          port.name);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format(
      "add PFC_WD|{} {{action: drop, detection_time: 200, restoration_time: 200}} and include {} in "
      "pfcwd_sw_enable",
      port.name, p);
}

std::string watchdogTimeInRange(const Switch& sw, std::string_view field, int min_ms, int max_ms) {
  bool detection = field == "detection_time";
  std::string knob;
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      knob = detection
                 ? "`priority-flow-control pause watchdog default timeout` (or the profile's `port timer timeout`)"
                 : "`priority-flow-control pause watchdog default recovery-time` (or the profile's `recovery-time`)";
      break;
    case ConfigSyntax::Nxos:
      knob = detection ? "`priority-flow-control watch-dog interval` x `watch-dog shutdown-multiplier`"
                       : "`priority-flow-control watch-dog interval` x `auto-restore multiplier`";
      break;
    case ConfigSyntax::Nvue:
      knob = detection ? "`nv set qos pfc-watchdog polling-interval` x `robustness`"
                       : "`nv set qos pfc-watchdog polling-interval`";
      break;
    case ConfigSyntax::Junos:
      knob = detection ? "the `pfc-watchdog` `poll-interval` x `detection`" : "the `pfc-watchdog` `recovery`";
      break;
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      return fmt::format("set {} within {}-{} ms and at least the poll interval", field, min_ms, max_ms);
  }
  if (sw.syntax == ConfigSyntax::Eos) {  // EOS writes watchdog times in seconds
    return fmt::format("set {} to {:g}-{:g} s and at least the polling interval", knob, min_ms / 1000.0,
                       max_ms / 1000.0);
  }
  return fmt::format("set {} to {}-{} ms and at least the poll interval", knob, min_ms, max_ms);
}

std::string addQueueEcn(const Switch& sw, const Port& port, int q) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return fmt::format(
          "in interface {} (or its qos profile) `tx-queue {}`: `random-detect ecn minimum-threshold 150 "
          "kbytes maximum-threshold 1500 kbytes max-mark-probability 5`",
          port.name, q);
    case ConfigSyntax::Nxos:
      return fmt::format(
          "in class `c-out-8q-q{}` of the queuing policy of {} (`service-policy type queuing output`): "
          "`random-detect minimum-threshold 150 kbytes maximum-threshold 1500 kbytes drop-probability 5 "
          "weight 0 ecn`",
          q, port.name);
    case ConfigSyntax::Nvue:
      return fmt::format(
          "`nv set qos congestion-control <profile> traffic-class {} ecn enable` (with `min-threshold` "
          "/ `max-threshold`), bound by `nv set interface {} qos congestion-control profile <profile>`",
          q, port.name);
    case ConfigSyntax::Junos:
      return fmt::format(
          "`set class-of-service schedulers <scheduler> explicit-congestion-notification` with a "
          "`drop-profile-map loss-priority any protocol any drop-profile <profile>`, for the forwarding "
          "class of queue {} in the scheduler map bound to {}",
          q, port.name);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("bind QUEUE|{}|{} to a WRED_PROFILE with ecn \"ecn_all\" and wred_green_enable \"true\"",
                     port.name, q);
}

std::string enableProfileEcn(const Switch& sw, const std::string& profile) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return fmt::format(
          "in {}: `random-detect ecn minimum-threshold … maximum-threshold …` instead of `random-detect "
          "drop`",
          profile);
    case ConfigSyntax::Nxos:
      return fmt::format("add `ecn` to the `random-detect` line of {}", profile);
    case ConfigSyntax::Nvue:
      return fmt::format("`nv set {} ecn enable`", profile);
    case ConfigSyntax::Junos:
      return fmt::format("`set class-of-service {} explicit-congestion-notification`", profile);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("set ecn \"ecn_all\" and wred_green_enable \"true\" in WRED_PROFILE {}", profile);
}

std::string lowerEcnMinimum(const Switch& sw, const std::string& profile, std::uint64_t bytes) {
  std::string knob;
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      knob = fmt::format("`random-detect ecn minimum-threshold` of {}", profile);
      break;
    case ConfigSyntax::Nxos:
      knob = fmt::format("`random-detect minimum-threshold` of {}", profile);
      break;
    case ConfigSyntax::Nvue:
      knob = fmt::format("`nv set {} min-threshold`", profile);
      break;
    case ConfigSyntax::Junos:
      knob = fmt::format("the first `fill-level` of the drop profile of {}", profile);
      break;
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      return fmt::format(
          "set green_min_threshold of WRED_PROFILE {} to at most {} bytes (the earliest PFC trigger), "
          "or raise the lossless profiles' dynamic_th so PFC fires later",
          profile, bytes);
  }
  return fmt::format(
      "lower {} to at most {} bytes (the earliest PFC trigger), or let the lossless PGs use more shared "
      "buffer so PFC fires later",
      knob, bytes);
}

std::string mapDscpToLosslessTc(const Switch& sw, const Port& port, int dscp, int tc, const std::string& reference) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
      return fmt::format(
          "map DSCP {} to a no-drop traffic class on {} (as on {}): `qos map dscp {} to traffic-class "
          "{}`, with `priority-flow-control priority {} no-drop` on its ports",
          dscp, sw.name, reference, dscp, tc, tc);
    case ConfigSyntax::Nxos: {
      std::string policy = boundMapName(sw, port, MapKind::DscpToTc);
      return fmt::format(
          "classify DSCP {} into a no-drop qos-group on {} (as on {}): `match dscp {}` in the class of "
          "{} that does `set qos-group {}`, with `pause pfc-cos {}` in the network-qos policy",
          dscp, sw.name, reference, dscp, policy.empty() ? "the input qos policy" : policy, tc, tc);
    }
    case ConfigSyntax::Nvue: {
      std::string profile = boundMapName(sw, port, MapKind::DscpToTc, " dscp");
      if (profile.empty()) profile = "qos mapping default-global";
      return fmt::format(
          "map DSCP {} to a lossless switch priority on {} (as on {}): `nv set {} dscp {} "
          "switch-priority {}`, with `nv set qos pfc <profile> switch-priority {}`",
          dscp, sw.name, reference, profile, dscp, tc, tc);
    }
    case ConfigSyntax::Junos: {
      std::string classifier = boundMapName(sw, port, MapKind::DscpToTc);
      if (!classifier.starts_with("classifiers dscp ")) classifier = "classifiers dscp <classifier>";
      return fmt::format(
          "classify DSCP {} into a no-loss forwarding class on {} (as on {}): `set class-of-service {} "
          "forwarding-class <no-loss class> loss-priority low code-points {}`, with `set "
          "class-of-service congestion-notification-profile <cnp> input dscp code-point {} pfc`",
          dscp, sw.name, reference, classifier, dscpBits(dscp), dscpBits(dscp));
    }
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("map DSCP {} to a lossless TC with PFC and a lossless PG on {} (as on {})", dscp, sw.name,
                     reference);
}

std::string portSetting(const Switch& sw, const Port& port, std::string_view knob) {
  switch (sw.syntax) {
    case ConfigSyntax::Eos:
    case ConfigSyntax::Nxos:
      return fmt::format("`{} …` in interface {}", knob, port.name);
    case ConfigSyntax::Nvue:
      return fmt::format("`nv set interface {} link {} …`", port.name, knob);
    case ConfigSyntax::Junos:
      return fmt::format("`set interfaces {} {} …`", port.name, knob);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return fmt::format("PORT {} of {}", knob, port.name);
}

std::string raiseXoff(const Switch& sw, const std::string& profile, std::uint64_t bytes, const std::string& sonic_fix) {
  std::string amount = bytes > 0 ? fmt::format("at least {} bytes", bytes) : "the xoff the port's speed and cable need";
  switch (sw.syntax) {
    case ConfigSyntax::Nvue:
      return fmt::format(
          "`nv set {} xoff-threshold <bytes>` with {} (and `port-buffer` >= xon + xoff), or unset the "
          "thresholds to let the switch size them",
          profile, amount);
    case ConfigSyntax::Eos:
      return fmt::format("set `ingress headroom` of {} to {}, or remove it to let EOS size the headroom", profile,
                         amount);
    case ConfigSyntax::Nxos:
    case ConfigSyntax::Junos:
      return fmt::format("the {} platform sizes lossless headroom: give it {} (check the platform's buffer settings)",
                         syntaxName(sw.syntax), amount);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return sonic_fix;
}

std::string neutralText(const Switch& sw, std::string text) {
  if (isSonic(sw)) return text;
  static const std::string_view kNames[] = {"BUFFER_PORT_INGRESS_PROFILE_LIST",
                                            "BUFFER_PORT_EGRESS_PROFILE_LIST",
                                            "TC_TO_PRIORITY_GROUP_MAP",
                                            "TC_TO_QUEUE_MAP",
                                            "DSCP_TO_TC_MAP",
                                            "BUFFER_PROFILE",
                                            "BUFFER_QUEUE",
                                            "BUFFER_POOL",
                                            "BUFFER_PG",
                                            "WRED_PROFILE",
                                            "CABLE_LENGTH",
                                            "PFC_WD",
                                            "POLL_INTERVAL",
                                            "pfcwd_sw_enable",
                                            "pfc_enable",
                                            "detection_time",
                                            "restoration_time"};
  auto word = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  for (std::string_view name : kNames) {
    std::string replacement = term(sw, name);
    if (replacement == name) replacement = "buffer profile list";
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at)) {
      bool whole =
          (at == 0 || !word(text[at - 1])) && (at + name.size() == text.size() || !word(text[at + name.size()]));
      if (!whole) {
        at += name.size();
        continue;
      }
      text.replace(at, name.size(), replacement);
      at += replacement.size();
    }
  }
  return text;
}

std::string setCableLength(const Switch& sw, const Port& port, const std::string& sonic_fix) {
  switch (sw.syntax) {
    case ConfigSyntax::Nvue:
      return fmt::format(
          "`nv set qos pfc <profile> cable-length <meters>` on the PFC profile of {} (or `nv set qos roce "
          "cable-length <meters>`)",
          port.name);
    case ConfigSyntax::Junos:
      return fmt::format(
          "`set class-of-service congestion-notification-profile <cnp> input cable-length <meters>` in "
          "the profile bound to {}",
          port.name);
    case ConfigSyntax::Eos:
    case ConfigSyntax::Nxos:
      return fmt::format(
          "{} has no cable-length setting: the platform sizes the headroom of {}; give the link's "
          "length in topology.yaml so rocelint checks the same",
          syntaxName(sw.syntax), port.name);
    case ConfigSyntax::SonicConfigDb:
    case ConfigSyntax::Minigraph:
      break;
  }
  return sonic_fix;
}

}  // namespace rocelint::rules::words
