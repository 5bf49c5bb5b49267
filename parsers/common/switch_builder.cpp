#include "common/switch_builder.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli_config_text.hpp"
#include "common/cli_reader.hpp"

namespace rocelint::common {

void sortAndIndexPorts(Switch& sw) {
  std::stable_sort(sw.ports.begin(), sw.ports.end(),
                   [](const Port& a, const Port& b) { return naturalLess(a.name, b.name); });
  sw.port_index.clear();
  for (std::size_t i = 0; i < sw.ports.size(); ++i) sw.port_index.emplace(sw.ports[i].name, i);
}

void noteIfNoPorts(const Switch& sw, const char* format, int statements, const SourceRef& first,
                   std::vector<InputNote>& notes) {
  if (!sw.ports.empty() || statements == 0) return;
  InputNote note = makeNote(
      InputNote::Kind::NoPorts, sw.name, "",
      fmt::format("{} configuration has {} interface statement{} but rocelint modelled no port from {}; no PFC, "
                  "buffer or link check runs on this switch",
                  format, statements, statements == 1 ? "" : "s", statements == 1 ? "it" : "them"),
      first);
  note.fix = "check the notes (CFG001, CFG005) at the interface statements for how rocelint read their names";
  notes.push_back(std::move(note));
}

std::optional<int> vlanId(std::string_view text) {
  auto id = cli::number<int>(text);
  if (!id || *id < 1 || *id > 4094) return std::nullopt;
  return id;
}

std::string vlanName(int id) { return fmt::format("Vlan{}", id); }

std::string invalidVlanMessage(std::string_view statement, std::string_view value, std::string_view what) {
  return fmt::format("{}: \"{}\" is not a VLAN id (1-4094); {}", statement, value, what);
}

std::optional<int> vlanNameId(std::string_view name) {
  if (name.size() <= 4 || name.substr(0, 4) != "Vlan") return std::nullopt;
  return vlanId(name.substr(4));
}

std::string invalidVlanFix() {
  return "give a VLAN id 1-4094 (0 and 4095 are reserved by IEEE 802.1Q); until then the port's servers are not "
         "traffic sources";
}

std::optional<VlanSet> vlanList(std::string_view text) {
  VlanSet set;
  if (text.empty()) return std::nullopt;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t comma = text.find(',', pos);
    std::string_view item = text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    std::size_t dash = item.find('-');
    auto first = vlanId(item.substr(0, dash));
    auto last = dash == std::string_view::npos ? first : vlanId(item.substr(dash + 1));
    if (!first || !last || *last < *first) return std::nullopt;
    set.add(*first, *last);
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return set;
}

bool applyTrunkAllowed(const std::vector<std::string_view>& words, VlanSet& allowed) {
  if (words.size() == 1 && words[0] == "all") {
    allowed = VlanSet::all();
    return true;
  }
  if (words.size() == 1 && words[0] == "none") {
    allowed = VlanSet{};
    return true;
  }
  if (words.size() == 1) {
    auto list = vlanList(words[0]);
    if (!list) return false;
    allowed = std::move(*list);
    return true;
  }
  if (words.size() != 2) return false;
  auto list = vlanList(words[1]);
  if (!list) return false;
  if (words[0] == "add") {
    for (const auto& [a, b] : list->ranges) allowed.add(a, b);
  } else if (words[0] == "remove") {
    for (const auto& [a, b] : list->ranges) allowed.remove(a, b);
  } else if (words[0] == "except") {
    allowed = VlanSet::all();
    for (const auto& [a, b] : list->ranges) allowed.remove(a, b);
  } else {
    return false;
  }
  return true;
}

void applyTrunkVlans(Switch& sw, const std::map<std::string, Sourced<VlanSet>>& trunks) {
  for (Port& port : sw.ports) {
    bool bundled = !port.portchannel.empty() &&
                   std::find(sw.portchannels.begin(), sw.portchannels.end(), port.portchannel) != sw.portchannels.end();
    auto it = trunks.find(bundled ? port.portchannel : port.name);
    if (it == trunks.end()) continue;
    port.trunk_vlans = it->second;
  }
}

void applyAccessVlans(Switch& sw, const std::map<std::string, AccessVlan>& access) {
  for (Port& port : sw.ports) {
    bool bundled = !port.portchannel.empty() &&
                   std::find(sw.portchannels.begin(), sw.portchannels.end(), port.portchannel) != sw.portchannels.end();
    auto it = access.find(bundled ? port.portchannel : port.name);
    if (it == access.end()) continue;
    port.access_vlan = it->second.name;
    port.access_vlan_src = it->second.src;
  }
}

WredProfile colourBlindWredProfile(const std::string& name, const SourceRef& src, const WredColor& curve,
                                   const Sourced<bool>& marks) {
  WredProfile profile;
  profile.name = name;
  profile.src = src;
  for (Color c : kColors) profile.colors[static_cast<std::size_t>(c)] = curve;
  profile.ecn = Sourced<std::string>{marks.value ? "ecn_all" : "ecn_none", marks.src};
  return profile;
}

bool addCliInterface(Switch& sw, const std::string& name, std::string_view portchannel_prefix,
                     std::string_view loopback_prefix, const std::vector<std::pair<std::string, SourceRef>>& addresses,
                     const std::optional<Sourced<std::uint32_t>>& min_links, std::set<std::string>& portchannels,
                     const char* format, std::map<std::string, int>& out_of_scope, bool (*is_port)(const std::string&),
                     std::string_view other_portchannel_prefix) {
  using Kind = InterfaceAddress::Kind;
  auto starts = [&](std::string_view prefix) { return name.compare(0, prefix.size(), prefix) == 0; };
  bool lag = starts(portchannel_prefix) || (!other_portchannel_prefix.empty() && starts(other_portchannel_prefix));
  Kind kind = lag                       ? Kind::PortChannel
              : starts("Vlan")          ? Kind::Vlan
              : starts(loopback_prefix) ? Kind::Loopback
                                        : Kind::Port;
  for (const auto& [prefix, where] : addresses) sw.addresses.push_back(InterfaceAddress{kind, name, prefix, where});
  if (kind == Kind::PortChannel) {
    portchannels.insert(name);
    if (min_links) sw.portchannel_min_links[name] = *min_links;
  }
  if (kind != Kind::Port) return false;
  if (!(is_port ? is_port(name) : isEthernetPortName(name))) {
    ++out_of_scope[std::string(format) + " interface " + name.substr(0, name.find_first_of("0123456789"))];
    return false;
  }
  return true;
}

}  // namespace rocelint::common
