#include "descriptions.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>
#include <vector>

namespace rocelint {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) { return a.size() == b.size() && lower(a) == lower(b); }

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    text = trim(text.substr(1, text.size() - 2));
  }
  return text;
}

/// A port name as configurations write them: a letter first, a digit somewhere, no spaces
/// (`Ethernet1/1`, `et-0/0/0:1`, `swp3`, `ens1f0np0`).
bool looksLikePort(std::string_view text) {
  // A name starts with its type's letters, or with a speed that the letters follow (VRP `100GE1/0/1`).
  std::size_t type = text.find_first_not_of("0123456789");
  if (text.empty() || text.size() > 48 || type == std::string_view::npos ||
      !std::isalpha(static_cast<unsigned char>(text[type])))
    return false;
  bool digit = false;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (std::isdigit(u)) digit = true;
    if (!std::isalnum(u) && c != '/' && c != ':' && c != '.' && c != '-' && c != '_') return false;
  }
  return digit;
}

/// `facing_spine1`, `to-spine1`: the words designs put before the peer's name.
constexpr std::array<std::string_view, 7> kPeerPrefixes = {"facing_", "facing-", "connected-to-", "link-to-", "to_",
                                                           "to-",     "to."};

/// The peer name without a leading `facing_` / `to-` word, unless the name as written is a switch.
std::string peerName(std::string_view written, const std::function<bool(const std::string&)>& is_switch) {
  std::string name(written);
  if (is_switch(name)) return name;
  std::string low = lower(written);
  for (std::string_view prefix : kPeerPrefixes) {
    if (low.size() > prefix.size() && low.compare(0, prefix.size(), prefix) == 0) return name.substr(prefix.size());
  }
  return name;
}

/// `spine1-Ethernet1`, `spine1_et-0/0/0`: split where the left part is a fabric switch and the right
/// part a port name (names may hold the separator themselves, so only a known switch can split).
std::optional<DescribedPeer> splitAtSwitch(std::string_view text,
                                           const std::function<bool(const std::string&)>& is_switch) {
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    if (text[i] != '-' && text[i] != '_' && text[i] != '.') continue;
    std::string device(text.substr(0, i));
    std::string_view port = text.substr(i + 1);
    if (looksLikePort(port) && is_switch(device)) return DescribedPeer{device, std::string(port)};
  }
  return std::nullopt;
}

std::optional<DescribedPeer> generatedForm(std::string_view text) {
  // SONiC/Arista generators: P2P_LINK_TO_<peer>_<port>, MLAG_PEER_<peer>_<port>.
  for (std::string_view prefix : {std::string_view("P2P_LINK_TO_"), std::string_view("MLAG_PEER_")}) {
    if (text.rfind(prefix, 0) != 0) continue;
    std::string_view rest = text.substr(prefix.size());
    auto bar = rest.rfind('_');
    if (bar == std::string_view::npos || bar == 0 || !looksLikePort(rest.substr(bar + 1))) return std::nullopt;
    return DescribedPeer{std::string(rest.substr(0, bar)), std::string(rest.substr(bar + 1))};
  }
  return std::nullopt;
}

/// Splits a port name into its letters and the rest: `Eth1/1` -> ("eth", "1/1"), `et-0/0/0` -> ("et", "-0/0/0").
std::pair<std::string, std::string> stemAndRest(std::string_view name) {
  std::size_t i = 0;
  while (i < name.size() && std::isalpha(static_cast<unsigned char>(name[i]))) ++i;
  return {lower(name.substr(0, i)), lower(name.substr(i))};
}

}  // namespace

std::optional<DescribedPeer> peerFromDescription(const std::string& description,
                                                 const std::function<bool(const std::string&)>& is_switch) {
  std::string_view text = trim(description);
  if (text.empty()) return std::nullopt;
  if (auto generated = generatedForm(text)) return generated;
  if (text.find_first_of(" \t") != std::string_view::npos) {
    // `spine1 Ethernet1/1`, `to spine1 Ethernet1/1`: only when the first name is a fabric switch,
    // since prose ("Breakout et-0/0/0", "VRF tenant-1 to H100-01") has the same shape.
    std::vector<std::string_view> words;
    std::size_t at = 0;
    while (at < text.size()) {
      std::size_t end = text.find_first_of(" \t", at);
      if (end == std::string_view::npos) end = text.size();
      if (end > at) words.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    if (words.size() == 3 && (equalsIgnoreCase(words[0], "to") || equalsIgnoreCase(words[0], "facing")))
      words.erase(words.begin());
    if (words.size() != 2 || !looksLikePort(words[1])) return std::nullopt;
    std::string device = peerName(words[0], is_switch);
    if (!is_switch(device)) return std::nullopt;
    return DescribedPeer{device, std::string(words[1])};
  }
  if (auto colon = text.find(':'); colon != std::string_view::npos && colon > 0) {
    // `peer:port` (the port may hold ':' itself: et-0/0/0:1), `facing_peer:port`, `to-peer:port`.
    std::string_view port = text.substr(colon + 1);
    if (looksLikePort(port)) return DescribedPeer{peerName(text.substr(0, colon), is_switch), std::string(port)};
    // `to-leaf1-et-0/0/0:1`: the ':' belongs to the port; the forms below split it.
  }
  // `to-peer-port`, `facing_peer_port`, `peer_port`, `peer-port`: the peer must be a fabric switch.
  std::string name = peerName(text, is_switch);
  std::string_view rest(text);
  rest.remove_prefix(text.size() - name.size());
  if (auto split = splitAtSwitch(rest, is_switch)) return split;
  return std::nullopt;
}

std::optional<std::size_t> findSwitchByName(const Fabric& fabric, const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (auto it = fabric.switch_index.find(name); it != fabric.switch_index.end()) return it->second;
  auto label = [](const std::string& text) { return lower(text.substr(0, text.find('.'))); };
  std::string want = lower(name);
  std::string want_label = label(name);
  std::optional<std::size_t> by_label;
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    const std::string& have = fabric.switches[s].name;
    if (lower(have) == want) return s;
    if (!by_label && label(have) == want_label) by_label = s;
  }
  return by_label;
}

const Port* findPortByWrittenName(const Switch& sw, const std::string& written) {
  if (written.empty()) return nullptr;
  if (const Port* port = sw.findPortByNameOrAlias(written)) return port;
  for (const Port& port : sw.ports) {
    if (equalsIgnoreCase(port.name, written) || (!port.alias.empty() && equalsIgnoreCase(port.alias, written)))
      return &port;
  }
  // An abbreviation: `Eth1/1` or `Et1/1` for `Ethernet1/1` (the letters a prefix, the rest equal).
  auto [stem, rest] = stemAndRest(written);
  if (stem.size() < 2 || rest.empty()) return nullptr;
  const Port* found = nullptr;
  for (const Port& port : sw.ports) {
    auto [port_stem, port_rest] = stemAndRest(port.name);
    if (port_rest != rest || port_stem.compare(0, stem.size(), stem) != 0) continue;
    if (found != nullptr) return nullptr;  // ambiguous
    found = &port;
  }
  return found;
}

void neighboursFromDescriptions(Fabric& fabric) {
  auto is_switch = [&](const std::string& name) { return findSwitchByName(fabric, name).has_value(); };
  struct Described {
    PortRef here;
    Neighbor neighbor;
    std::optional<PortRef> peer;
  };
  std::vector<Described> described;
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    const Switch& sw = fabric.switches[s];
    for (std::size_t p = 0; p < sw.ports.size(); ++p) {
      const Port& port = sw.ports[p];
      if (port.neighbor || port.description.empty()) continue;
      auto peer = peerFromDescription(port.description, is_switch);
      if (!peer) continue;
      Described d{{s, p},
                  Neighbor{peer->device, peer->port, port.description_src.known() ? port.description_src : port.src},
                  std::nullopt};
      if (auto peer_sw = findSwitchByName(fabric, peer->device)) {
        const Switch& other = fabric.switches[*peer_sw];
        d.neighbor.device = other.name;
        if (const Port* back = findPortByWrittenName(other, peer->port)) {
          d.neighbor.port = back->name;
          d.peer = PortRef{*peer_sw, static_cast<std::size_t>(back - other.ports.data())};
        } else if (peer->port.empty()) {
          continue;  // names a switch but no port: nothing to link
        }
      } else if (peer->port.empty()) {
        continue;
      }
      described.push_back(std::move(d));
    }
  }
  for (const Described& d : described) {
    Switch& sw = fabric.switches[d.here.sw];
    sw.ports[d.here.port].neighbor = d.neighbor;
    sw.has_neighbor_table = true;
  }
  // One end's description is enough when the other end says nothing: its port gets the neighbour back.
  for (const Described& d : described) {
    if (!d.peer) continue;
    Switch& other = fabric.switches[d.peer->sw];
    Port& back = other.ports[d.peer->port];
    if (back.neighbor) continue;
    back.neighbor =
        Neighbor{fabric.switches[d.here.sw].name, fabric.switches[d.here.sw].ports[d.here.port].name, d.neighbor.src};
    other.has_neighbor_table = true;
  }
  // An unnumbered BGP session (its address is a port, as NVUE's `neighbor swp51`) runs to
  // whatever is on that port.
  for (Switch& sw : fabric.switches) {
    for (BgpNeighbor& n : sw.bgp_neighbors) {
      if (!n.name.empty()) continue;
      if (const Port* port = sw.findPort(n.address); port != nullptr && port->neighbor) n.name = port->neighbor->device;
    }
  }
}

}  // namespace rocelint
