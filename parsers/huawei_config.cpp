#include "huawei_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <utility>
#include <vector>

#include "common/cli_reader.hpp"
#include "common/switch_builder.hpp"
#include "format.hpp"
#include "rocelint/diagnostics.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::huawei {
namespace {

using cli::ConfigLine;
using cli::ConfigText;
using cli::number;

const char* const kFormat = "Huawei VRP";

// Which VRP words are values (docs/inputs.md, "Source origins"): besides numbers, addresses and
// quoted text, the settings below and a description; a BGP peer, a queue and a PFC buffer's
// priority keep their number (they name the object).
const cli::StatementGrammar kGrammar{{"manual", "auto", "static", "dynamic", "bytes", "kbytes", "mbytes", "cells",
                                      "cell", "inner", "outer", "turn-off", "error-down", "forwarding", "discard",
                                      "access", "trunk", "hybrid", "external", "internal", "lacp-static", "green",
                                      "yellow", "red"},
                                     {"upstream", "wred", "group", "link-type"},
                                     {"description"},
                                     {"peer", "queue", "buffer"}};

// VRP interface types as the display spells them (FORMATS-huawei-h3c.md §10.1); front-panel types
// carry the speed their name gives.
struct InterfaceType {
  std::string_view canonical;
  std::uint32_t speed_mbps;  // 0: not a front-panel port
};
constexpr std::array<InterfaceType, 17> kTypes = {{{"GE", 1000},
                                                   {"10GE", 10000},
                                                   {"25GE", 25000},
                                                   {"40GE", 40000},
                                                   {"50GE", 50000},
                                                   {"100GE", 100000},
                                                   {"200GE", 200000},
                                                   {"400GE", 400000},
                                                   {"800GE", 800000},
                                                   {"Eth-Trunk", 0},
                                                   {"LoopBack", 0},
                                                   {"Vlanif", 0},
                                                   {"MEth", 0},
                                                   {"NULL", 0},
                                                   {"Tunnel", 0},
                                                   {"Nve", 0},
                                                   {"Stack-Port", 0}}};

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// `1/0/1`, `1/0/1:2`: slot/card/port numbers, a breakout lane after ':'.
bool isPortPosition(std::string_view rest) {
  std::size_t colon = rest.find(':');
  std::string_view position = rest.substr(0, colon);
  if (colon != std::string_view::npos) {
    std::string_view lane = rest.substr(colon + 1);
    if (lane.empty() || lane.find_first_not_of("0123456789") != std::string_view::npos) return false;
  }
  if (position.empty() || position.front() == '/' || position.back() == '/') return false;
  return position.find_first_not_of("0123456789/") == std::string_view::npos &&
         position.find("//") == std::string_view::npos;
}

bool isQosKeyword(const std::string& w) {
  static const std::set<std::string, std::less<>> qos = {
      "dcb",   "qos",     "trust",      "diffserv",   "drop-profile", "priority",    "flow-control",
      "port",  "ai-service", "low-latency", "jumboframe", "mtu",      "lldp",        "8021p-inbound",
      "ip-dscp-inbound", "ip-dscp-outbound"};
  return qos.count(w) > 0;
}

// A dotted mask (255.255.255.254) or a length (31) as a prefix length; nullopt for anything else.
std::optional<int> prefixLength(const std::string& mask) {
  if (mask.find('.') == std::string::npos) {
    auto n = number<int>(mask);
    if (n && *n >= 0 && *n <= 32) return n;
    return std::nullopt;
  }
  std::uint32_t bits = 0;
  int octets = 0;
  std::string_view rest = mask;
  for (;;) {
    std::size_t dot = rest.find('.');
    auto octet = number<std::uint32_t>(rest.substr(0, dot));
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

// `10 20 to 30` (VRP VLAN lists) -> "10,20-30" for common::vlanList.
std::string vlanListText(const std::vector<std::string>& words, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < words.size(); ++i) {
    if (words[i] == "to") {
      out += "-";
      continue;
    }
    if (!out.empty() && out.back() != '-') out += ",";
    out += words[i];
  }
  return out;
}

}  // namespace

std::optional<std::string> interfaceName(std::string_view written) {
  std::string joined;
  for (char c : written) {
    if (c != ' ' && c != '\t') joined += c;
  }
  const InterfaceType* best = nullptr;
  for (const InterfaceType& type : kTypes) {
    if (joined.size() <= type.canonical.size()) continue;
    if (!equalsIgnoreCase(std::string_view(joined).substr(0, type.canonical.size()), type.canonical)) continue;
    if (!std::isdigit(static_cast<unsigned char>(joined[type.canonical.size()]))) continue;
    if (!best || type.canonical.size() > best->canonical.size()) best = &type;
  }
  if (!best) return std::nullopt;
  return std::string(best->canonical) + joined.substr(best->canonical.size());
}

std::optional<std::uint32_t> portSpeedMbps(std::string_view name) {
  for (const InterfaceType& type : kTypes) {
    if (type.speed_mbps == 0 || name.size() <= type.canonical.size()) continue;
    if (name.substr(0, type.canonical.size()) != type.canonical) continue;
    if (isPortPosition(name.substr(type.canonical.size()))) return type.speed_mbps;
  }
  return std::nullopt;
}

bool looksLikeVrp(std::string_view text) {
  bool sysname = false;
  std::size_t pos = 0;
  int lines = 0;
  while (pos < text.size() && lines++ < 5000) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.substr(0, 19) == "!Software Version V") return true;
    if (line.substr(0, 10) == " version 7" || line.substr(0, 10) == " version 9") return false;  // Comware
    // A session's prompt before the command: `[~leaf1]sysname leaf1`.
    if (!line.empty() && line.front() == '[') {
      std::size_t close = line.find(']');
      if (close != std::string_view::npos) line = line.substr(close + 1);
      while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    }
    if (line.substr(0, 8) == "sysname ") sysname = true;
  }
  return sysname;
}

cli::ConfigText readText(std::string_view text, const std::string& file, const limits::ReadLimits& limits,
                         Session& session) {
  std::vector<cli::RawLine> lines;
  std::vector<std::pair<std::string, int>> views;  // prompt view -> indentation of its commands
  int last_indent = 0;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (end == text.size() && raw.empty()) break;
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t' || raw.back() == '\r')) raw.remove_suffix(1);
    std::size_t indent = raw.find_first_not_of(" \t");
    if (indent == std::string_view::npos) continue;
    std::string_view body = raw.substr(indent);
    if (body.front() == '#' || body.front() == '!') continue;
    bool user_view = indent == 0 && body.front() == '<' && body.find('>') != std::string_view::npos;
    bool system_view = indent == 0 && body.front() == '[' && body.find(']') != std::string_view::npos;
    if (user_view) {
      views.clear();  // user-view commands (display, system-view, save) are not configuration
      continue;
    }
    if (!system_view) {
      views.clear();
      if (indent == 0 && body == "return") continue;  // the display's last line
      lines.push_back(cli::RawLine{std::string(body), line_no, static_cast<int>(indent) + 1, static_cast<int>(indent)});
      continue;
    }
    std::size_t close = body.find(']');
    std::string view(body.substr(1, close - 1));
    if (!view.empty() && (view.front() == '~' || view.front() == '*')) view.erase(0, 1);
    std::size_t command_at = raw.find_first_not_of(" \t", close + 1);
    if (command_at == std::string_view::npos) continue;  // a bare prompt
    std::string_view command = raw.substr(command_at);
    if (command == "commit" || command.substr(0, 7) == "commit ") {
      ++session.commits;
      session.uncommitted = 0;
      continue;
    }
    if (command == "quit" || command == "return" || command == "system-view" || command == "save" ||
        command.substr(0, 8) == "display ")
      continue;
    // A view the session was in before is that view again; one named after the current view
    // (`leaf1-bgp` after `leaf1`) is the view the previous command opened; any other prompt is the
    // system view under a new `sysname`.
    auto it = std::find_if(views.begin(), views.end(), [&](const auto& v) { return v.first == view; });
    if (it != views.end()) {
      views.erase(it + 1, views.end());
    } else if (!views.empty() && view.rfind(views.back().first + "-", 0) == 0) {
      views.emplace_back(view, last_indent + 1);
    } else {
      views.assign(1, {view, 0});
    }
    last_indent = views.back().second;
    if (session.uncommitted++ == 0) session.first_uncommitted = line_no;
    lines.push_back(cli::RawLine{std::string(command), line_no, static_cast<int>(command_at) + 1, last_indent});
  }
  return cli::configTree(std::move(lines), file, line_no, limits);
}

namespace {

// ----------------------------------------------------------------------------------------------
// What the configuration says
// ----------------------------------------------------------------------------------------------

struct Interface : common::CliInterface {
  std::optional<Sourced<std::string>> link_type;  // port link-type access|trunk|hybrid
};

// VRP names start with their speed (100GE1/0/1): interfaceName reads them, not the shared naming.
const common::InterfaceNaming kNoNaming{};

class Parser : common::CliReader {
 public:
  Parser(Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : CliReader(kFormat, kGrammar, kNoNaming, sw, notes, out_of_scope) {
    is_port_ = [](const std::string& name) { return portSpeedMbps(name).has_value(); };
  }

  void read(const ConfigText& config, const Session& session) {
    readFile(config, [&](const ConfigLine& l) { topLevel(l); });
    if (session.uncommitted > 0) {
      notes_.push_back(makeNote(
          InputNote::Kind::InvalidValue, sw_.name, "",
          fmt::format("{} command(s) of the pasted session, from line {} on, were typed after the last `commit`: "
                      "the device has not applied them, rocelint reads them as if it had",
                      session.uncommitted, session.first_uncommitted),
          SourceRef{config.file, session.first_uncommitted, 1, OriginKind::CliStatement, "commit"}));
      notes_.back().group = "Huawei VRP uncommitted session";
      notes_.back().fix = "end the session with `commit`, or export the configuration with `display "
                          "current-configuration`";
    }
  }

  void build(std::vector<ParseCoverage>& coverage) {
    if (bgp_asn_) sw_.asn = bgp_asn_;
    buildCliInterfaces(
        interfaces_, interface_order_, "Eth-Trunk", "LoopBack", [](const Interface&) {},
        [&](const Interface& intf) { buildPort(intf); });
    buildBgp(bgp_);
    finishSwitch(coverage);
  }

 private:
  // --- top level ------------------------------------------------------------------------------

  void topLevel(const ConfigLine& l) {
    const std::string& w0 = l.word(0);
    if (w0 == "sysname" && l.words.size() == 2) return defaultsFrom(l);
    if (w0 == "interface" && l.words.size() >= 2) return interface(l);
    if (w0 == "port-group" && l.words.size() == 2) return portGroup(l);
    if (w0 == "bgp" && l.words.size() == 2) return bgp(l);
    if (l.startsWith({"ip", "route-static"})) return staticRoute(l);
    notUnderstood(l, "", isQosKeyword(w0));
    if (isQosKeyword(w0)) {
      for (const ConfigLine& c : l.children) notUnderstood(c, l.text, true);
    }
  }

  // The interface an `interface` line (or a port-group member) names, opened for its lines.
  Interface* open(const ConfigLine& l, const std::string& written) {
    std::optional<std::string> name = interfaceName(written);
    if (!name) {
      blockNotModelled(l, "interface", fmt::format("\"{}\" is not a VRP interface type rocelint knows", written),
                       false);
      return nullptr;
    }
    bool lag = name->rfind("Eth-Trunk", 0) == 0;
    bool port = portSpeedMbps(*name).has_value();
    if ((lag || port) && interface_statements_++ == 0) first_interface_ = src(l, "");
    if (!port && !lag && name->rfind("LoopBack", 0) != 0 && name->rfind("Vlanif", 0) != 0) {
      // MEth (management), NULL, tunnels, sub-interfaces (100GE1/0/1.100): not the lossless fabric
      std::string type = name->find('.') != std::string::npos ? "(sub-interface)"
                                                               : name->substr(0, name->find_first_of("0123456789"));
      ++out_of_scope_[std::string(kFormat) + " interface " + type];
      return nullptr;
    }
    return &openInterface(interfaces_, interface_order_, *name, l);
  }

  void interface(const ConfigLine& l) {
    std::string written = l.text.substr(std::string("interface ").size());
    Interface* intf = open(l, written);
    if (!intf) return;
    for (const ConfigLine& c : l.children) interfaceLine(c, l.text, *intf);
  }

  // port-group NAME / group-member A [to B]: lines typed in the group apply to every member (the
  // display shows them under each member interface as well; read twice, the later wins).
  void portGroup(const ConfigLine& l) {
    std::vector<Interface*> members;
    for (const ConfigLine& c : l.children) {
      if (c.word(0) != "group-member") continue;
      std::vector<std::string> names = groupMembers(c);
      for (const std::string& name : names) {
        if (Interface* intf = open(c, name)) members.push_back(intf);
      }
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
      quiet_ = i > 0;
      for (const ConfigLine& c : l.children) {
        if (c.word(0) != "group-member") interfaceLine(c, l.text, *members[i]);
      }
    }
    quiet_ = false;
  }

  // `group-member 100GE1/0/1 to 100GE1/0/4` (also `100GE 1/0/1`): every port from the first to the last.
  std::vector<std::string> groupMembers(const ConfigLine& c) {
    std::vector<std::string> words(c.words.begin() + 1, c.words.end());
    auto to = std::find(words.begin(), words.end(), "to");
    auto join = [](auto from, auto until) {
      std::string s;
      for (auto it = from; it != until; ++it) s += *it;
      return s;
    };
    std::optional<std::string> first = interfaceName(join(words.begin(), to));
    if (!first) fail(c, fmt::format("expected an interface name after \"group-member\", got \"{}\"",
                                    join(words.begin(), to)));
    if (to == words.end()) return {*first};
    std::optional<std::string> last = interfaceName(join(to + 1, words.end()));
    // `to 1/0/4` may leave the type out: it is the first one's.
    if (!last) {
      std::string type = first->substr(0, first->find_first_of("0123456789", first->find_first_not_of("0123456789")));
      last = interfaceName(type + join(to + 1, words.end()));
    }
    auto head_of = [](const std::string& name, std::string& head, int& n) {
      std::size_t at = name.find_last_not_of("0123456789");
      if (at == std::string::npos || at + 1 == name.size()) return false;
      head = name.substr(0, at + 1);
      n = *number<int>(name.substr(at + 1));
      return true;
    };
    std::string head_a;
    std::string head_b;
    int a = 0;
    int b = 0;
    if (!last || !head_of(*first, head_a, a) || !head_of(*last, head_b, b) || head_a != head_b || b < a ||
        b - a >= 4096) {
      fail(c, fmt::format("\"{}\" is not a range of ports (first to last, on one card, the last not below the "
                          "first)",
                          c.text.substr(std::string("group-member ").size())));
    }
    std::vector<std::string> names;
    for (int n = a; n <= b; ++n) names.push_back(head_a + std::to_string(n));
    return names;
  }

  void interfaceLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    const std::string& w0 = c.word(0);
    if (w0 == "description" && c.words.size() >= 2) {
      intf.description = Sourced<std::string>{c.text.substr(std::string("description ").size()), src(c, ctx)};
    } else if (c.text == "shutdown" || c.text == "undo shutdown") {
      intf.admin_up = Sourced<bool>{w0 == "undo", src(c, ctx)};
    } else if (c.text == "portswitch" || c.text == "undo portswitch") {
      intf.switchport.routed = w0 == "undo";
      parsedQos();  // routed ports trust DSCP, Layer 2 ports 802.1p
    } else if (c.startsWith({"jumboframe", "enable"}) && c.words.size() == 3) {
      // The frame MTU [I]; an L3 `mtu` below says the IP MTU.
      intf.mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 2, 1536, 12288, "a frame size in bytes"),
                                        src(c, ctx)};
      jumbo_.insert(intf.name);
      parsedQos();
    } else if (w0 == "mtu" && c.words.size() == 2) {
      auto mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 46, 12288, "an MTU in bytes"), src(c, ctx)};
      if (!jumbo_.count(intf.name)) intf.mtu = mtu;
      parsedQos();
    } else if (c.startsWith({"ip", "address"}) && c.words.size() >= 4) {
      std::optional<int> length = prefixLength(c.word(3));
      if (!length || !common::looksLikeAddress(c.word(2)))
        fail(c, fmt::format("expected \"ip address <address> <mask or length>\", got \"{}\"", c.text));
      intf.addresses.emplace_back(fmt::format("{}/{}", c.word(2), *length), src(c, ctx));
    } else if (w0 == "eth-trunk" && c.words.size() == 2) {
      intf.channel_group = "Eth-Trunk" + std::to_string(integer<int>(c, 1, 0, 1023, "an Eth-Trunk number"));
    } else if (w0 == "trunkport" && c.words.size() >= 2) {
      // On the Eth-Trunk [I]: `trunkport 100GE 1/0/3 to 1/0/4` adds those members.
      for (const std::string& member : groupMembers(c)) {
        if (Interface* m = open(c, member)) m->channel_group = intf.name;
      }
    } else if (c.startsWith({"port", "link-type"}) && c.words.size() == 3) {
      intf.switchport.mode = Sourced<std::string>{c.word(2), src(c, ctx)};
      parsedQos();
    } else if (c.startsWith({"port", "default", "vlan"}) && c.words.size() == 4) {
      if (auto id = common::vlanId(c.word(3))) {
        intf.switchport.access_vlan = Sourced<int>{*id, src(c, ctx)};
        parsedQos();
      } else {
        fail(c, fmt::format("expected a VLAN id (1-4094), got \"{}\"", c.word(3)));
      }
    } else if (c.startsWith({"port", "trunk", "allow-pass", "vlan"}) && c.words.size() >= 5) {
      std::optional<VlanSet> allowed =
          c.word(4) == "all" ? std::optional<VlanSet>(VlanSet::all()) : common::vlanList(vlanListText(c.words, 4));
      if (!allowed) fail(c, "expected VLAN ids 1-4094 (`10 20 to 30`) or `all`");
      VlanSet merged = intf.switchport.trunk_allowed ? intf.switchport.trunk_allowed->value : VlanSet{};
      for (const auto& [first, last] : allowed->ranges) merged.add(first, last);
      intf.switchport.trunk_allowed = Sourced<VlanSet>{merged, src(c, ctx)};
      parsedQos();
    } else if (w0 == "mode" || w0 == "ipv6" || w0 == "lldp" || w0 == "undo" || w0 == "ip") {
      notUnderstood(c, ctx, false);
    } else {
      notUnderstood(c, ctx, isQosKeyword(w0));
    }
  }

  void bgp(const ConfigLine& l) {
    bgp_asn_ = Sourced<std::uint32_t>{integer<std::uint32_t>(l, 1, 1, UINT32_MAX, "an AS number"), src(l, "")};
    readBgpBlock(l, l.text);
  }

  void readBgpBlock(const ConfigLine& block, const std::string& ctx) {
    for (const ConfigLine& c : block.children) {
      if (c.word(0) == "ipv4-family" || c.word(0) == "ipv6-family") {
        readBgpBlock(c, cli::childContext(ctx, c));
        continue;
      }
      if (c.word(0) != "peer" || c.words.size() < 3) {
        notUnderstood(c, ctx, false);
        continue;
      }
      const std::string& who = c.word(1);
      bool address = common::looksLikeAddress(who);
      if (c.word(2) == "as-number" && c.words.size() == 4) {
        Sourced<std::uint32_t> asn{integer<std::uint32_t>(c, 3, 1, UINT32_MAX, "an AS number"), src(c, ctx)};
        if (address) {
          bgp_.peer(who, src(c, ctx)).asn = asn;
        } else {
          bgp_.groupAsn(who, asn);
        }
      } else if (c.word(2) == "group" && c.words.size() == 4 && address) {
        bgp_.peer(who, src(c, ctx)).group = c.word(3);
      } else if (c.word(2) == "description" && address) {
        bgp_.peer(who, src(c, ctx)).description = c.text.substr(c.text.find("description ") + 12);
      } else {
        notUnderstood(c, ctx, false);
      }
    }
  }

  // ip route-static [vpn-instance V] PREFIX MASK|LENGTH [INTERFACE] [NEXTHOP] [preference N] ...
  void staticRoute(const ConfigLine& l) {
    std::size_t i = 2;
    StaticRoute route;
    if (l.word(i) == "vpn-instance") {
      route.vrf = l.word(i + 1);
      i += 2;
    }
    std::optional<int> length = prefixLength(l.word(i + 1));
    if (!common::looksLikeAddress(l.word(i)) || !length)
      fail(l, "expected \"ip route-static [vpn-instance <name>] <prefix> <mask or length> ...\"");
    route.prefix = fmt::format("{}/{}", l.word(i), *length);
    route.src = src(l, "");
    // A route is named by its prefix (a value everywhere else).
    route.src.setOrigin(OriginKind::CliStatement, fmt::format("ip route-static {}", route.prefix));
    for (i += 2; i < l.words.size(); ++i) {
      const std::string& w = l.word(i);
      if (common::looksLikeAddress(w) && w.find('.') != std::string::npos) {
        route.nexthops.push_back(w);
      } else if (auto name = interfaceName(w)) {
        route.ifnames.push_back(*name);
      } else {
        break;
      }
    }
    sw_.static_routes.push_back(std::move(route));
  }

  // --- model building -------------------------------------------------------------------------

  void buildPort(const Interface& intf) {
    Port& port = sw_.portFor(intf.name);
    buildPortBasics(port, intf);
    // The name gives the speed (400GE = 400 Gb/s; a breakout lane its own type's) [I for breakouts].
    port.speed_mbps = Sourced<std::uint32_t>{*portSpeedMbps(intf.name), intf.src.withOrigin(OriginKind::Default,
                                                                                            "interface")};
  }

  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::set<std::string> jumbo_;                       // interfaces with `jumboframe enable`
  std::optional<Sourced<std::uint32_t>> bgp_asn_;
  common::CliBgp bgp_;
};

// --- the format -----------------------------------------------------------------------------

class VrpDocument : public format::Document {
 public:
  VrpDocument(cli::ConfigText c, Session s) : config(std::move(c)), session(s) {}
  cli::ConfigText config;
  Session session;
};

const format::SwitchBuilder kBuilder{
    .name = kFormat,
    .build =
        [](std::vector<std::unique_ptr<format::Document>>& documents, Switch& sw, const format::PlatformTables&,
           format::BuildOutput& out) {
          sw.format = formats::kHuawei;
          Parser parser(sw, out.notes, out.out_of_scope);
          for (const auto& document : documents) {
            const auto& d = static_cast<const VrpDocument&>(*document);
            parser.read(d.config, d.session);
          }
          parser.build(out.coverage);
          documents.clear();
        },
};

const format::Format kVrp{
    .name = kFormat,
    .role = format::Role::Switch,
    .content = format::Content::Text,
    .recognise = [](const format::Input& input) { return looksLikeVrp(input.text()); },
    .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
      Session session;
      cli::ConfigText config = readText(input.text(), input.file(), input.limits(), session);
      return std::make_unique<VrpDocument>(std::move(config), session);
    },
    .hostname =
        [](const format::Document& d) {
          return common::hostnameOf(static_cast<const VrpDocument&>(d).config, {"sysname"});
        },
    .builder = &kBuilder,
    // A configuration with front-panel ports is the whole switch (a second one of the same host name
    // is CFG003); one with only QoS or BGP views merges as a fragment.
    .complete =
        [](const format::Document& d) {
          for (const ConfigLine& l : static_cast<const VrpDocument&>(d).config.lines) {
            if (l.word(0) != "interface") continue;
            auto name = interfaceName(l.text.substr(std::string("interface").size()));
            if (name && portSpeedMbps(*name)) return true;
          }
          return false;
        },
};

}  // namespace

const format::Format& switchFormat() { return kVrp; }

}  // namespace rocelint::huawei
