#include "common/cli_reader.hpp"

#include "common/switch_builder.hpp"

#include <algorithm>
#include <cctype>

namespace rocelint::common {

int countLines(const cli::ConfigLine& line) {
  int n = 1;
  for (const auto& c : line.children) n += countLines(c);
  return n;
}

bool isEthernetPortName(const std::string& name) {
  return name.rfind("Ethernet", 0) == 0 && name.size() > 8 && std::isdigit(static_cast<unsigned char>(name[8])) &&
         name.find('.') == std::string::npos;
}

bool looksLikeAddress(const std::string& word) {
  return !word.empty() && (std::isdigit(static_cast<unsigned char>(word[0])) || word.find(':') != std::string::npos) &&
         word.find_first_not_of("0123456789abcdefABCDEF.:/") == std::string::npos;
}

std::optional<int> prefixLength(const std::string& mask) {
  if (mask.find('.') == std::string::npos) {
    auto n = cli::number<int>(mask);
    if (n && *n >= 0 && *n <= 32) return n;
    return std::nullopt;
  }
  std::uint32_t bits = 0;
  int octets = 0;
  std::string_view rest = mask;
  for (;;) {
    std::size_t dot = rest.find('.');
    auto octet = cli::number<std::uint32_t>(rest.substr(0, dot));
    if (!octet || *octet > 255 || ++octets > 4) return std::nullopt;
    bits = (bits << 8) | *octet;
    if (dot == std::string_view::npos) break;
    rest = rest.substr(dot + 1);
  }
  if (octets != 4) return std::nullopt;
  int length = 0;
  while (length < 32 && (bits & (0x80000000U >> length)) != 0) ++length;
  std::uint64_t contiguous = length == 0 ? 0 : (0xFFFFFFFFULL << (32 - length)) & 0xFFFFFFFFULL;
  if (bits != contiguous) return std::nullopt;
  return length;
}

std::optional<StaticRoute> routeStatic(const cli::ConfigLine& l, SourceRef where,
                                       std::optional<std::string> (*interface_name)(std::string_view)) {
  std::size_t i = 2;
  StaticRoute route;
  if (l.word(i) == "vpn-instance") {
    route.vrf = l.word(i + 1);
    i += 2;
  }
  std::optional<int> length = prefixLength(l.word(i + 1));
  if (!looksLikeAddress(l.word(i)) || !length) return std::nullopt;
  route.prefix = fmt::format("{}/{}", l.word(i), *length);
  route.src = std::move(where);
  // A route is named by its prefix (a value everywhere else).
  route.src.setOrigin(OriginKind::CliStatement, fmt::format("ip route-static {}", route.prefix));
  for (i += 2; i < l.words.size(); ++i) {
    const std::string& w = l.word(i);
    if (looksLikeAddress(w) && w.find('.') != std::string::npos) {
      route.nexthops.push_back(w);
    } else if (auto name = interface_name(w)) {
      route.ifnames.push_back(*name);
    } else {
      break;
    }
  }
  return route;
}

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The canonical spelling of an interface type as written (any case, abbreviated), or nullptr.
const char* canonicalType(std::string_view written, const InterfaceNaming& naming) {
  std::string w = lower(written);
  for (const InterfaceType& type : naming) {
    std::string canonical = lower(type.canonical);
    if (w.size() >= type.min_prefix && w.size() <= canonical.size() && canonical.compare(0, w.size(), w) == 0)
      return type.canonical;
  }
  return nullptr;
}

// "1/1" -> {"1/", 1}: everything up to the last number, and that number.
bool splitLast(std::string_view position, std::string& head, int& last) {
  std::size_t at = position.find_last_not_of("0123456789");
  at = at == std::string_view::npos ? 0 : at + 1;
  auto n = cli::number<int>(position.substr(at));
  if (!n) return false;
  head = std::string(position.substr(0, at));
  last = *n;
  return true;
}

}  // namespace

std::vector<std::string> interfaceNames(const std::vector<std::string>& words, const InterfaceNaming& naming,
                                        std::string& error) {
  std::string joined;
  for (const auto& w : words) joined += w;  // "Ethernet 1/1" and "Ethernet1/1" alike
  constexpr int kMaxMembers = 4096;
  std::vector<std::string> names;
  std::string type;  // a list item without a type takes the previous item's
  std::size_t pos = 0;
  while (pos <= joined.size()) {
    std::size_t comma = joined.find(',', pos);
    if (comma == std::string::npos) comma = joined.size();
    std::string_view item = std::string_view(joined).substr(pos, comma - pos);
    pos = comma + 1;
    if (item.empty()) continue;
    std::size_t digit = item.find_first_of("0123456789");
    if (digit > 0) {
      std::string_view written = item.substr(0, std::min(digit, item.size()));
      const char* canonical = canonicalType(written, naming);
      if (!canonical) {
        // A type this format does not list (nve1, Tunnel5): kept as written, for the parser to judge.
        names.emplace_back(item);
        type.clear();
        continue;
      }
      type = canonical;
      item.remove_prefix(written.size());
    } else if (type.empty()) {
      error = fmt::format("\"{}\" names no interface type", item);
      return {};
    }
    if (item.empty()) {
      error = fmt::format("expected a number after \"{}\"", type);
      return {};
    }
    std::size_t dash = item.find('-');
    if (dash == std::string_view::npos || item.find('.') != std::string_view::npos) {
      names.push_back(type + std::string(item));
      continue;
    }
    std::string head;
    std::string end_head;
    int first = 0;
    int last = 0;
    std::string_view end = item.substr(dash + 1);
    bool ok = splitLast(item.substr(0, dash), head, first) && splitLast(end, end_head, last) &&
              (end_head.empty() || end_head == head);
    if (!ok || last < first || last - first >= kMaxMembers) {
      error = fmt::format("\"{}{}\" is not a range of {} interfaces (first-last, the last not below the first)", type,
                          item, type);
      return {};
    }
    for (int n = first; n <= last; ++n) names.push_back(fmt::format("{}{}{}", type, head, n));
  }
  if (names.empty()) error = "expected an interface name";
  return names;
}

const InterfaceType* typeOf(const std::string& name, const InterfaceNaming& naming) {
  for (const InterfaceType& type : naming) {
    std::string_view t(type.canonical);
    if (name.size() > t.size() && name.compare(0, t.size(), t) == 0 &&
        std::isdigit(static_cast<unsigned char>(name[t.size()])))
      return &type;
  }
  return nullptr;
}

std::optional<AccessVlan> Switchport::access() const {
  if (isRouted() || vlan_rejected) return std::nullopt;
  if (mode && mode->value != "access") return std::nullopt;
  if (access_vlan) return AccessVlan{vlanName(access_vlan->value), access_vlan->src};
  if (mode) return AccessVlan{vlanName(1), mode->src};
  return std::nullopt;
}

std::optional<Sourced<VlanSet>> Switchport::trunk() const {
  if (isRouted() || !mode || mode->value != "trunk") return std::nullopt;
  if (trunk_allowed) return trunk_allowed;
  return Sourced<VlanSet>{VlanSet::all(), mode->src};
}

bool CliReader::flowcontrolLine(const cli::ConfigLine& c, const std::string& context, CliInterface& intf) {
  bool no = c.word(0) == "no";
  std::size_t at = no ? 1 : 0;
  if (c.word(at) != "flowcontrol") return false;
  // Forms other than these (NX-OS `desired`, a bare `flowcontrol`) stay CFG001 notes.
  const std::string& direction = c.word(at + 1);
  const std::string& value = c.word(at + 2);
  if (direction != "receive" && direction != "send") return false;
  if (no ? c.words.size() != 3 : (c.words.size() != 3 || (value != "on" && value != "off"))) return false;
  bool on = !no && value == "on";
  (direction == "receive" ? intf.link_pause_rx : intf.link_pause_tx) = Sourced<bool>{on, src(c, context)};
  parsedQos();
  return true;
}

bool CliReader::switchportLine(const cli::ConfigLine& c, const std::string& context, const std::string& name,
                               Switchport& sp) {
  if (c.text == "switchport" || c.text == "no switchport") {
    sp.routed = c.word(0) == "no";
    return true;
  }
  if (c.word(0) != "switchport") return false;
  if (c.word(1) == "mode" && c.words.size() >= 3) {  // `switchport mode trunk phone` is a trunk too
    sp.mode = Sourced<std::string>{c.word(2), src(c, context)};
    parsedQos();  // decides whether the port carries servers (a traffic source)
    return true;
  }
  if (c.word(1) == "trunk" && c.word(2) == "allowed" && c.word(3) == "vlan" && c.words.size() >= 5) {
    std::vector<std::string_view> words;
    for (std::size_t i = 4; i < c.words.size(); ++i) words.emplace_back(c.word(i));
    VlanSet allowed = sp.trunk_allowed ? sp.trunk_allowed->value : VlanSet::all();
    if (applyTrunkAllowed(words, allowed)) {
      sp.trunk_allowed = Sourced<VlanSet>{std::move(allowed), src(c, context)};
      parsedQos();  // decides which VLANs span the port (flood domains)
      return true;
    }
    if (!quiet_) {
      ++qos_lines_, ++qos_not_modelled_;
      invalid(isEthernetPortName(name) ? name : "",
              fmt::format("{}: not a VLAN list (ids 1-4094, ranges first-last, or add/remove/except LIST, all, none); "
                          "the allowed list is left as it was",
                          c.text),
              src(c, context), "write the VLANs as `10,20-30`, or `add`/`remove`/`except` followed by such a list");
    }
    return true;
  }
  if (c.word(1) != "access" || c.word(2) != "vlan" || c.words.size() != 4) return false;
  if (auto id = vlanId(c.word(3))) {
    sp.access_vlan = Sourced<int>{*id, src(c, context)};
    sp.vlan_rejected = false;
    parsedQos();
    return true;
  }
  sp.access_vlan.reset();
  sp.vlan_rejected = true;
  if (!quiet_) {
    ++qos_lines_, ++qos_not_modelled_;
    invalid(isEthernetPortName(name) ? name : "",
            invalidVlanMessage(c.text, c.word(3), fmt::format("{} is not taken as an access port", name)),
            src(c, context), invalidVlanFix());
  }
  return true;
}

void CliReader::beginFile(const cli::ConfigText& config) {
  file_ = &config;
  qos_lines_ = 0;
  qos_parsed_ = 0;
  qos_not_modelled_ = 0;
  qos_unrecognised_ = 0;
  if (!default_src_.known()) default_src_ = SourceRef{config.file, 1, 1, OriginKind::Default, ""};
}

void CliReader::endFile() {
  coverage_.push_back(
      ParseCoverage{file_->file.str(), format_, qos_lines_, qos_parsed_, qos_not_modelled_, qos_unrecognised_});
}

void CliReader::defaultsFrom(const cli::ConfigLine& line) {
  default_src_ = SourceRef{file_->file, line.line, line.column, OriginKind::Default, ""};
}

void CliReader::appendCoverage(std::vector<ParseCoverage>& coverage) const {
  coverage.insert(coverage.end(), coverage_.begin(), coverage_.end());
}

void CliReader::fail(const cli::ConfigLine& line, const std::string& what) const {
  throw RejectedLine(fmt::format("{}:{}:{}: {}: {}", file_->file.str(), line.line, line.column, line.text, what), line,
                     what);
}

void CliReader::rejected(const cli::ConfigLine& block, const RejectedLine& e) {
  const cli::ConfigLine& line = e.line();
  std::string skipped = &line == &block ? std::string("the statement is not read")
                                        : fmt::format("the rest of `{}` is not read", block.text);
  notes_.push_back(makeNote(InputNote::Kind::InvalidValue, sw_.name, "", fmt::format("{}: {}", line.text, e.problem()),
                            src(line, "")));
  notes_.back().group = std::string(format_) + " rejected statement";
  notes_.back().fix = fmt::format("correct the statement as {} expects it; until then {}", format_, skipped);
  ++qos_lines_, ++qos_not_modelled_;  // QoS-related, noted, not modelled
}

void CliReader::finishSwitch(std::vector<ParseCoverage>& coverage) {
  sortAndIndexPorts(sw_);
  noteIfNoPorts();
  appendCoverage(coverage);
}

void CliReader::buildPortBasics(Port& port, const CliInterface& intf) {
  port.declared = true;
  port.src = intf.src;
  port.speed_mbps = intf.speed;
  port.mtu_bytes = intf.mtu;
  port.admin_up = intf.admin_up;
  port.portchannel = intf.channel_group;
  port.link_pause_rx = intf.link_pause_rx;
  port.link_pause_tx = intf.link_pause_tx;
  if (intf.description) {
    port.description = intf.description->value;
    port.description_src = intf.description->src;  // the loader reads neighbours from it
  }
}

CliBgp::Peer& CliBgp::peer(const std::string& address, const SourceRef& where) {
  auto [it, created] = peers_.try_emplace(address);
  if (created) {
    it->second.src = where;
    order_.push_back(address);
  }
  return it->second;
}

void CliBgp::build(Switch& sw, CliPolicy& policy,
                   const std::function<void(const Sourced<std::string>&)>& undefined_route_map) const {
  for (const std::string& address : order_) {
    const Peer& peer = peers_.at(address);
    const Peer* group = nullptr;
    if (auto it = groups_.find(peer.group); !peer.group.empty() && it != groups_.end()) group = &it->second;
    BgpNeighbor n;
    n.address = address;
    n.name = peer.description;
    n.src = peer.src;
    n.asn = peer.asn;
    if (!n.asn && group != nullptr) n.asn = group->asn;
    auto routeMap = [&](std::optional<Sourced<std::string>> Peer::*which, std::vector<std::uint32_t>& chain) {
      const std::optional<Sourced<std::string>>& name = (peer.*which || group == nullptr) ? peer.*which : group->*which;
      if (!name) return;
      if (std::optional<std::uint32_t> index = policy.policyIndex(name->value, sw)) {
        chain.push_back(*index);
      } else {
        undefined_route_map(*name);
        if (!n.policy_unmodelled) {
          n.policy_unmodelled_what = fmt::format("route-map {} is not defined", name->value);
          n.policy_unmodelled_src = name->src;
        }
        n.policy_unmodelled = true;
      }
    };
    routeMap(&Peer::route_map_in, n.import_policies);
    routeMap(&Peer::route_map_out, n.export_policies);
    n.allowas_in = peer.allowas_in.value_or(group != nullptr ? group->allowas_in.value_or(0) : 0);
    sw.bgp_neighbors.push_back(std::move(n));
  }
}

void CliPolicy::asPath(const std::string& name, bool permit, const std::string& regex) {
  AsPathList& list = as_paths_[name];
  std::optional<std::uint32_t> asn = containsAsnRegex(regex);
  if (!permit || !asn) {
    list.modelled = false;  // a deny entry or a regex other than "contains N"
  } else {
    list.asns.push_back(*asn);
  }
}

void CliPolicy::communityList(const std::string& name, bool permit, std::vector<std::string> members, bool modelled) {
  CommunityList& list = communities_[name];
  // One entry with several communities needs all of them: not an any-of condition.
  bool plain = members.size() == 1 && members[0].find_first_not_of("0123456789:") == std::string::npos &&
               members[0].find(':') != std::string::npos;
  if (!permit || !modelled || !plain) {
    list.modelled = false;
  } else {
    list.members.push_back(members[0]);
  }
}

CliPolicy::Entry& CliPolicy::routeMapEntry(const std::string& name, bool permit, int seq, const SourceRef& where) {
  Entry& entry = route_maps_[name][seq];
  if (entry.src.file().empty()) entry.src = where;
  entry.permit = permit;
  entry.seq = seq;
  return entry;
}

std::optional<std::uint32_t> CliPolicy::containsAsnRegex(const std::string& regex) {
  std::string re = regex;
  std::erase(re, '"');
  if (re.size() < 3 || re.front() != '_' || re.back() != '_') return std::nullopt;
  std::string mid = re.substr(1, re.size() - 2);
  if (mid.empty() || mid.size() > 10 || mid.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  std::uint64_t v = std::stoull(mid);
  if (v == 0 || v > UINT32_MAX) return std::nullopt;
  return static_cast<std::uint32_t>(v);
}

std::uint32_t CliPolicy::communityId(const std::string& value, Switch& sw) {
  auto [it, added] = community_ids_.try_emplace(value, static_cast<std::uint32_t>(sw.bgp_communities.size()));
  if (added) sw.bgp_communities.push_back(value);
  return it->second;
}

PolicyTerm CliPolicy::term(const Entry& entry, Switch& sw) {
  PolicyTerm t;
  t.src = entry.src;
  auto unmodelled = [&t](const std::string& what) {
    t.unmodelled_match = true;
    if (t.unmodelled_what.empty()) t.unmodelled_what = what;
  };
  if (entry.other_match) unmodelled(entry.other_what);
  t.drops_communities = entry.drops_communities;
  for (const std::string& name : entry.as_paths) {
    auto it = as_paths_.find(name);
    if (it == as_paths_.end() || !it->second.modelled) {
      unmodelled("match as-path " + name);
    } else {
      t.match_as_path_any.insert(t.match_as_path_any.end(), it->second.asns.begin(), it->second.asns.end());
    }
  }
  for (const std::string& name : entry.community_lists) {
    auto it = communities_.find(name);
    if (it == communities_.end() || !it->second.modelled) {
      unmodelled("match community " + name);
    } else {
      for (const std::string& c : it->second.members) t.match_community_any.push_back(communityId(c, sw));
    }
  }
  for (const std::string& c : entry.add_communities) t.add_communities.push_back(communityId(c, sw));
  t.action = entry.permit ? PolicyTerm::Action::Accept : PolicyTerm::Action::Reject;
  if (entry.continues) {
    // A permit that continues is accepted unless a later entry denies it: some paths accepted.
    t.action = PolicyTerm::Action::Accept;
    unmodelled("continue");
  }
  return t;
}

std::optional<std::uint32_t> CliPolicy::policyIndex(const std::string& name, Switch& sw) {
  if (auto known = built_.find(name); known != built_.end()) return known->second;
  auto entries = route_maps_.find(name);
  if (entries == route_maps_.end()) return std::nullopt;
  RoutingPolicy policy;
  policy.name = name;
  policy.src = entries->second.begin()->second.src;
  policy.default_action = PolicyTerm::Action::Reject;  // a route no entry permits is denied
  for (const auto& [seq, entry] : entries->second) policy.terms.push_back(term(entry, sw));
  auto index = static_cast<std::uint32_t>(sw.routing_policies.size());
  sw.routing_policies.push_back(std::move(policy));
  built_.emplace(name, index);
  return index;
}

std::optional<std::string> hostnameOf(const cli::ConfigText& config, std::initializer_list<std::string_view> keywords) {
  for (const auto& l : config.lines) {
    if (l.words.size() == 2 && std::find(keywords.begin(), keywords.end(), l.word(0)) != keywords.end())
      return l.word(1);
  }
  return std::nullopt;
}

bool CliReader::policyStatement(const cli::ConfigLine& l) {
  auto permitAt = [&](std::size_t i) {
    const std::string& w = l.word(i);
    if (w != "permit" && w != "deny") fail(l, fmt::format("expected permit or deny, got \"{}\"", w));
    return w == "permit";
  };
  // `seq N` (NX-OS, EOS 4.2x) before permit/deny.
  auto skipSeq = [&](std::size_t i) { return l.word(i) == "seq" ? i + 2 : i; };
  if (l.startsWith({"ip", "as-path", "access-list"}) && l.words.size() >= 6) {
    std::size_t i = skipSeq(4);
    bool permit = permitAt(i);
    std::string regex;
    for (std::size_t k = i + 1; k < l.words.size(); ++k) {
      if (k + 1 == l.words.size() && (l.word(k) == "any" || l.word(k) == "ipv4" || l.word(k) == "ipv6")) break;
      regex += (regex.empty() ? "" : " ") + l.word(k);
    }
    policy_.asPath(l.word(3), permit, regex);
    return true;
  }
  if (l.startsWith({"ip", "community-list"}) && l.words.size() >= 5) {
    std::size_t i = 2;
    bool modelled = true;
    if (l.word(i) == "standard") {
      ++i;
    } else if (l.word(i) == "expanded" || l.word(i) == "regexp") {
      modelled = false;
      ++i;
    }
    const std::string& name = l.word(i);
    i = skipSeq(i + 1);
    bool permit = permitAt(i);
    std::vector<std::string> members(l.words.begin() + static_cast<std::ptrdiff_t>(std::min(i + 1, l.words.size())),
                                     l.words.end());
    policy_.communityList(name, permit, std::move(members), modelled);
    return true;
  }
  if (l.word(0) != "route-map" || l.words.size() < 2) return false;
  if (l.words.size() < 4) fail(l, "expected route-map NAME permit|deny SEQUENCE");
  bool permit = permitAt(2);
  int seq = integer<int>(l, 3, 0, 65535, "a sequence number");
  CliPolicy::Entry& entry = policy_.routeMapEntry(l.word(1), permit, seq, src(l, ""));
  for (const cli::ConfigLine& c : l.children) {
    if (c.startsWith({"match", "as-path"}) && c.words.size() >= 3) {
      entry.as_paths.insert(entry.as_paths.end(), c.words.begin() + 2, c.words.end());
    } else if (c.startsWith({"match", "community"}) && c.words.size() >= 3) {
      for (std::size_t k = 2; k < c.words.size(); ++k) {
        if (c.word(k) == "exact-match") {
          entry.other_match = true;  // exactly these communities: not modelled
          if (entry.other_what.empty()) entry.other_what = c.text;
        } else {
          entry.community_lists.push_back(c.word(k));
        }
      }
    } else if (c.word(0) == "match") {
      entry.other_match = true;  // prefix lists, tags, interfaces...: the entry may or may not match
      if (entry.other_what.empty()) entry.other_what = c.text;
    } else if (c.startsWith({"set", "community"}) && c.words.size() >= 3) {
      // Without `additive` the listed communities replace the route's (`none`: remove them all).
      bool additive = false;
      for (std::size_t k = 2; k < c.words.size(); ++k) {
        const std::string& w = c.word(k);
        additive = additive || w == "additive";
        if (w != "additive" && w.find(':') != std::string::npos) entry.add_communities.push_back(w);
      }
      entry.drops_communities = entry.drops_communities || !additive;
    } else if (c.startsWith({"set", "comm-list"}) || c.startsWith({"set", "community-list"})) {
      entry.drops_communities = true;  // `set comm-list L delete`: removes the listed communities
    } else if (c.word(0) == "continue") {
      entry.continues = true;
    }
  }
  return true;
}

bool CliReader::neighborPolicy(const cli::ConfigLine& c, std::size_t at, const std::string& context,
                               CliBgp::Peer& peer) {
  if (c.word(at) == "route-map" && c.words.size() == at + 3) {
    const std::string& dir = c.word(at + 2);
    if (dir != "in" && dir != "out")
      fail(c, fmt::format("expected in or out after the route-map name, got \"{}\"", dir));
    (dir == "in" ? peer.route_map_in : peer.route_map_out) = Sourced<std::string>{c.word(at + 1), src(c, context)};
    return true;
  }
  if (c.word(at) == "allowas-in") {
    peer.allowas_in = c.words.size() > at + 1 ? integer<std::uint8_t>(c, at + 1, 1, 10, "an occurrence count") : 3;
    return true;
  }
  return false;
}

void CliReader::buildBgp(const CliBgp& bgp) {
  bgp.build(sw_, policy_, [&](const Sourced<std::string>& name) {
    undefined("", "route-map", name.value, fmt::format("route-map {} is not defined", name.value), name.src,
              fmt::format("define route-map {} permit 10 or correct the name", name.value));
  });
}

void CliReader::noteIfNoPorts() {
  common::noteIfNoPorts(sw_, format_, interface_statements_, first_interface_, notes_);
}

void CliReader::notUnderstood(const cli::ConfigLine& line, const std::string& context, bool qos,
                              const std::string& why) {
  if (quiet_) return;
  if (qos) {
    ++qos_lines_;
    ++(why.empty() ? qos_unrecognised_ : qos_not_modelled_);
    notes_.push_back(
        makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                 why.empty() ? fmt::format("{} line not understood by rocelint and ignored: \"{}\"", format_, line.text)
                             : fmt::format("{} line not modelled by rocelint: \"{}\" ({})", format_, line.text, why),
                 src(line, context)));
    notes_.back().group =
        fmt::format("{} {}", format_, line.word(0)) + (line.words.size() > 1 ? " " + line.word(1) : "");
  } else {
    ++out_of_scope_[fmt::format("{} ", format_) + (context.empty() ? "" : context.substr(0, context.find(' ')) + " ") +
                    line.word(0)];
  }
}

void CliReader::blockNotModelled(const cli::ConfigLine& line, const std::string& group, const std::string& why,
                                 bool recognised) {
  if (quiet_) return;
  int n = countLines(line);
  qos_lines_ += n;
  (recognised ? qos_not_modelled_ : qos_unrecognised_) += n;
  std::string message =
      why.empty()
          ? fmt::format("{} block not modelled by rocelint ({} lines): \"{}\"", format_, n, line.text)
          : fmt::format("{} block not modelled by rocelint ({} lines): \"{}\" ({})", format_, n, line.text, why);
  notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "", std::move(message), src(line, "")));
  notes_.back().group = fmt::format("{} {}", format_, group);
}

void CliReader::invalid(const std::string& port, const std::string& message, const SourceRef& where,
                        const std::string& fix) {
  if (quiet_) return;
  notes_.push_back(makeNote(InputNote::Kind::InvalidValue, sw_.name, port, message, where));
  notes_.back().fix = fix;
}

void CliReader::undefined(const std::string& port, const std::string& kind, const std::string& name,
                          const std::string& message, const SourceRef& where, const std::string& fix) {
  if (quiet_) return;
  notes_.push_back(makeUndefinedReference(sw_.name, port, kind, name, message, where, fix));
}

}  // namespace rocelint::common
