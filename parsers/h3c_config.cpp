#include "h3c_config.hpp"

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

namespace rocelint::h3c {
namespace {

using cli::ConfigLine;
using cli::ConfigText;
using cli::number;

const char* const kFormat = "H3C Comware";

// Which Comware words are values (docs/inputs.md, "Source origins"): besides numbers, addresses and
// quoted text, the settings below and a description; a BGP peer keeps its address (it names the object).
const cli::StatementGrammar kGrammar{{"route", "bridge", "access", "trunk", "hybrid", "external", "internal", "dynamic",
                                      "static", "enable", "auto", "dscp", "dot1p"},
                                     {"link-mode", "link-type", "group"},
                                     {"description"},
                                     {"peer", "neighbor"}};

// Comware interface types (FORMATS-huawei-h3c.md §11.1): the long name the configuration writes,
// the abbreviation display and LLDP output use ([V] for GE/XGE/WGE/FGE/HGE; none known for the
// others), and the speed of a front-panel type.
struct InterfaceType {
  std::string_view canonical;
  std::string_view abbreviation;
  std::uint32_t speed_mbps;  // 0: not a front-panel port
};
constexpr std::array<InterfaceType, 14> kTypes = {{{"GigabitEthernet", "GE", 1000},
                                                   {"Ten-GigabitEthernet", "XGE", 10000},
                                                   {"Twenty-FiveGigE", "WGE", 25000},
                                                   {"FortyGigE", "FGE", 40000},
                                                   {"HundredGigE", "HGE", 100000},
                                                   {"TwoHundredGigE", "", 200000},
                                                   {"FourHundredGigE", "", 400000},
                                                   {"Bridge-Aggregation", "", 0},
                                                   {"Route-Aggregation", "", 0},
                                                   {"LoopBack", "", 0},
                                                   {"Vlan-interface", "", 0},
                                                   {"M-GigabitEthernet", "", 0},
                                                   {"NULL", "", 0},
                                                   {"Tunnel", "", 0}}};

constexpr std::string_view kBridgeAggregation = "Bridge-Aggregation";
constexpr std::string_view kRouteAggregation = "Route-Aggregation";

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// `1/0/1`, `1/0/1:2`: member/slot/port numbers, a breakout lane after ':'.
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

// Statements of QoS and the lossless buffer: read in a later step, noted (CFG001) until then.
bool isQosKeyword(const std::string& w) {
  static const std::set<std::string, std::less<>> qos = {"priority-flow-control", "qos",        "buffer",
                                                         "flow-control",          "jumboframe", "mtu",
                                                         "lldp",                  "ai-service", "dcbx"};
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

// `10 20 to 30` (Comware VLAN lists) -> "10,20-30" for common::vlanList.
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

// A Comware session prompt's view names an interface of a type only Comware spells so:
// `[leaf1-HundredGigE1/0/1]` (VRP 8 writes `[~leaf1-100GE1/0/1]`; older VRP `GigabitEthernet` too).
bool comwarePrompt(std::string_view line) {
  if (line.empty() || line.front() != '[') return false;
  std::size_t close = line.find(']');
  if (close == std::string_view::npos) return false;
  std::string_view view = line.substr(1, close - 1);
  if (view.empty() || view.front() == '~' || view.front() == '*') return false;  // VRP's two-stage prompts
  static constexpr std::array<std::string_view, 9> kComwareOnly = {
      "-Ten-GigabitEthernet", "-Twenty-FiveGigE",    "-FortyGigE",         "-HundredGigE",   "-TwoHundredGigE",
      "-FourHundredGigE",     "-Bridge-Aggregation", "-Route-Aggregation", "-Vlan-interface"};
  return std::any_of(kComwareOnly.begin(), kComwareOnly.end(),
                     [&](std::string_view type) { return view.find(type) != std::string_view::npos; });
}

}  // namespace

std::optional<std::string> interfaceName(std::string_view written) {
  std::string joined;
  for (char c : written) {
    if (c != ' ' && c != '\t') joined += c;
  }
  std::size_t digit = joined.find_first_of("0123456789");
  if (digit == std::string::npos || digit == 0) return std::nullopt;
  std::string_view type = std::string_view(joined).substr(0, digit);
  for (const InterfaceType& t : kTypes) {
    if (equalsIgnoreCase(type, t.canonical) || (!t.abbreviation.empty() && equalsIgnoreCase(type, t.abbreviation)))
      return std::string(t.canonical) + joined.substr(digit);
  }
  return std::nullopt;
}

std::optional<std::uint32_t> portSpeedMbps(std::string_view name) {
  std::size_t digit = name.find_first_of("0123456789");
  if (digit == std::string_view::npos) return std::nullopt;
  for (const InterfaceType& type : kTypes) {
    if (type.speed_mbps == 0 || name.substr(0, digit) != type.canonical) continue;
    if (isPortPosition(name.substr(digit))) return type.speed_mbps;
  }
  return std::nullopt;
}

std::optional<int> versionOf(std::string_view text) {
  bool framed = false;
  int lines = 0;
  std::size_t pos = 0;
  while (pos < text.size() && lines++ < 5000) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (!line.empty() && line.front() == '#') framed = true;
    if (framed && line.substr(0, 10) == " version 7" && line.substr(10, 1) == ".") return 7;
    if (framed && line.substr(0, 10) == " version 9" && line.substr(10, 1) == ".") return 9;
  }
  return std::nullopt;
}

bool looksLikeComware(std::string_view text) {
  if (versionOf(text)) return true;
  int lines = 0;
  std::size_t pos = 0;
  while (pos < text.size() && lines++ < 5000) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (comwarePrompt(text.substr(pos, end - pos))) return true;
    pos = end + 1;
  }
  return false;
}

cli::ConfigText readText(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  std::vector<cli::RawLine> lines;
  std::vector<std::pair<std::string, int>> views;  // prompt view -> indentation of its commands
  int last_indent = 0;
  bool in_view = false;  // a view opener at column 0 since the last `#` at column 0
  int line_count = cli::forEachLine(text, [&](std::string_view raw, int line_no) {
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t' || raw.back() == '\r')) raw.remove_suffix(1);
    std::size_t indent = raw.find_first_not_of(" \t");
    if (indent == std::string_view::npos) return;
    std::string_view body = raw.substr(indent);
    if (body.front() == '#') {
      if (indent == 0) in_view = false;  // closes every open view; an indented `#` separates within one
      return;
    }
    bool user_view = indent == 0 && body.front() == '<' && body.find('>') != std::string_view::npos;
    bool system_view = indent == 0 && body.front() == '[' && body.find(']') != std::string_view::npos;
    if (user_view) {
      views.clear();  // user-view commands (display, system-view, save) are not configuration
      return;
    }
    if (!system_view) {
      views.clear();
      if (indent == 0 && body == "return") return;  // the display's last line
      if (indent == 0) in_view = true;
      // Outside a view an indented line is a global command: top level, at its own column.
      int depth = indent == 0 || !in_view ? 0 : static_cast<int>(indent);
      lines.push_back(cli::RawLine{std::string(body), line_no, static_cast<int>(indent) + 1, depth});
      return;
    }
    std::size_t close = body.find(']');
    std::string view(body.substr(1, close - 1));
    std::size_t command_at = raw.find_first_not_of(" \t", close + 1);
    if (command_at == std::string_view::npos) return;  // a bare prompt
    std::string_view command = raw.substr(command_at);
    if (command == "quit" || command == "return" || command == "system-view" || command == "save" ||
        command.substr(0, 5) == "save " || command.substr(0, 8) == "display ")
      return;
    // A view the session was in before is that view again; one named after the current view
    // (`leaf1-bgp-default` after `leaf1`) is the view the previous command opened; any other
    // prompt is the system view under a new `sysname`.
    auto it = std::find_if(views.begin(), views.end(), [&](const auto& v) { return v.first == view; });
    if (it != views.end()) {
      views.erase(it + 1, views.end());
    } else if (!views.empty() && view.rfind(views.back().first + "-", 0) == 0) {
      views.emplace_back(view, last_indent + 1);
    } else {
      views.assign(1, {view, 0});
    }
    last_indent = views.back().second;
    lines.push_back(cli::RawLine{std::string(command), line_no, static_cast<int>(command_at) + 1, last_indent});
  });
  return cli::configTree(std::move(lines), file, line_count, limits);
}

namespace {

struct Interface : common::CliInterface {
  std::optional<Sourced<int>> aggregation_group;  // ` port link-aggregation group N`
};

// Comware names are read by interfaceName, not the shared naming.
const common::InterfaceNaming kNoNaming{};

class Parser : common::CliReader {
 public:
  Parser(Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : CliReader(kFormat, kGrammar, kNoNaming, sw, notes, out_of_scope) {
    is_port_ = [](const std::string& name) { return portSpeedMbps(name).has_value(); };
    other_lag_prefix_ = kRouteAggregation;
  }

  void read(const ConfigText& config) {
    readFile(config, [&](const ConfigLine& l) { topLevel(l); });
  }

  void build(std::vector<ParseCoverage>& coverage) {
    if (bgp_asn_) sw_.asn = bgp_asn_;
    resolveAggregationGroups();
    buildCliInterfaces(
        interfaces_, interface_order_, kBridgeAggregation, "LoopBack", [](const Interface&) {},
        [&](const Interface& intf) { buildPort(intf); });
    buildBgp(bgp_);
    finishSwitch(coverage);
  }

 private:
  // --- top level ------------------------------------------------------------------------------

  void topLevel(const ConfigLine& l) {
    const std::string& w0 = l.word(0);
    if (w0 == "sysname" && l.words.size() == 2) return defaultsFrom(l);
    if (w0 == "version") return;  // the framing's release line, not configuration
    if (w0 == "interface" && l.words.size() >= 2) return interface(l);
    if (w0 == "bgp" && l.words.size() >= 2) return bgp(l, 1);                          // Comware 7
    if (w0 == "router" && l.word(1) == "bgp" && l.words.size() >= 3) return bgp(l, 2);  // Comware 9 [I]
    if (l.startsWith({"ip", "route-static"})) return staticRoute(l);
    notUnderstood(l, "", isQosKeyword(w0));
    if (isQosKeyword(w0)) {
      for (const ConfigLine& c : l.children) notUnderstood(c, l.text, true);
    }
  }

  void interface(const ConfigLine& l) {
    std::string written = l.text.substr(std::string("interface ").size());
    std::optional<std::string> name = interfaceName(written);
    if (!name) {
      blockNotModelled(l, "interface", fmt::format("\"{}\" is not a Comware interface type rocelint knows", written),
                       false);
      return;
    }
    bool lag = name->rfind(kBridgeAggregation, 0) == 0 || name->rfind(kRouteAggregation, 0) == 0;
    bool port = portSpeedMbps(*name).has_value();
    if ((lag || port) && interface_statements_++ == 0) first_interface_ = src(l, "");
    if (!port && !lag && name->rfind("LoopBack", 0) != 0 && name->rfind("Vlan-interface", 0) != 0) {
      // M-GigabitEthernet (management), NULL, tunnels, sub-interfaces (HundredGigE1/0/1.100)
      std::string type =
          name->find('.') != std::string::npos ? "(sub-interface)" : name->substr(0, name->find_first_of("0123456789"));
      ++out_of_scope_[std::string(kFormat) + " interface " + type];
      return;
    }
    Interface& intf = openInterface(interfaces_, interface_order_, *name, l);
    if (name->rfind(kRouteAggregation, 0) == 0) intf.switchport.routed = true;
    for (const ConfigLine& c : l.children) interfaceLine(c, l.text, intf);
  }

  void interfaceLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    const std::string& w0 = c.word(0);
    if (w0 == "description" && c.words.size() >= 2) {
      intf.description = Sourced<std::string>{c.text.substr(std::string("description ").size()), src(c, ctx)};
    } else if (c.text == "shutdown" || c.text == "undo shutdown") {
      intf.admin_up = Sourced<bool>{w0 == "undo", src(c, ctx)};
    } else if (c.startsWith({"port", "link-mode"}) && c.words.size() == 3) {
      if (c.word(2) != "route" && c.word(2) != "bridge")
        fail(c, fmt::format("expected route or bridge after \"port link-mode\", got \"{}\"", c.word(2)));
      intf.switchport.routed = c.word(2) == "route";
      parsedQos();  // routed or bridged decides the trust default of other syntaxes; counted like them
    } else if (c.startsWith({"jumboframe", "enable"}) && c.words.size() == 3) {
      intf.mtu =
          Sourced<std::uint32_t>{integer<std::uint32_t>(c, 2, 1536, 12288, "a frame size in bytes"), src(c, ctx)};
      jumbo_.insert(intf.name);
      parsedQos();
    } else if (w0 == "mtu" && c.words.size() == 2) {
      auto mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 46, 12288, "an MTU in bytes"), src(c, ctx)};
      if (!jumbo_.count(intf.name)) intf.mtu = mtu;
      parsedQos();
    } else if (w0 == "speed" && c.words.size() == 2) {
      intf.speed = Sourced<std::uint32_t>{
          integer<std::uint32_t>(c, 1, 10, 800000, "a speed in Mb/s") * kSpeedUnitMbps, src(c, ctx)};
    } else if (c.startsWith({"ip", "address"}) && c.words.size() >= 4) {
      std::optional<int> length = prefixLength(c.word(3));
      if (!length || !common::looksLikeAddress(c.word(2)))
        fail(c, fmt::format("expected \"ip address <address> <mask or length>\", got \"{}\"", c.text));
      intf.addresses.emplace_back(fmt::format("{}/{}", c.word(2), *length), src(c, ctx));
    } else if (c.startsWith({"port", "link-aggregation", "group"}) && c.words.size() == 4) {
      intf.aggregation_group =
          Sourced<int>{integer<int>(c, 3, 1, 1024, "a link-aggregation group number"), src(c, ctx)};
    } else if (c.startsWith({"port", "link-type"}) && c.words.size() == 3) {
      intf.switchport.mode = Sourced<std::string>{c.word(2), src(c, ctx)};
      parsedQos();
    } else if (c.startsWith({"port", "access", "vlan"}) && c.words.size() == 4) {
      if (auto id = common::vlanId(c.word(3))) {
        intf.switchport.access_vlan = Sourced<int>{*id, src(c, ctx)};
        parsedQos();
      } else {
        fail(c, fmt::format("expected a VLAN id (1-4094), got \"{}\"", c.word(3)));
      }
    } else if (c.startsWith({"port", "trunk", "permit", "vlan"}) && c.words.size() >= 5) {
      std::optional<VlanSet> allowed =
          c.word(4) == "all" ? std::optional<VlanSet>(VlanSet::all()) : common::vlanList(vlanListText(c.words, 4));
      if (!allowed) fail(c, "expected VLAN ids 1-4094 (`10 20 to 30`) or `all`");
      VlanSet merged = intf.switchport.trunk_allowed ? intf.switchport.trunk_allowed->value : VlanSet{};
      for (const auto& [first, last] : allowed->ranges) merged.add(first, last);
      intf.switchport.trunk_allowed = Sourced<VlanSet>{merged, src(c, ctx)};
      parsedQos();
    } else if (w0 == "link-aggregation" || w0 == "ipv6" || w0 == "lldp" || w0 == "undo" || w0 == "ip") {
      notUnderstood(c, ctx, false);
    } else {
      notUnderstood(c, ctx, isQosKeyword(w0));
    }
  }

  // ` port link-aggregation group N` names the aggregate of that number: Route-Aggregation N when
  // the configuration defines it, else Bridge-Aggregation N when defined, else the one the member's
  // link mode fits (route: Route-Aggregation) [I].
  void resolveAggregationGroups() {
    for (auto& [name, intf] : interfaces_) {
      if (!intf.aggregation_group) continue;
      std::string route = fmt::format("{}{}", kRouteAggregation, intf.aggregation_group->value);
      std::string bridge = fmt::format("{}{}", kBridgeAggregation, intf.aggregation_group->value);
      if (interfaces_.count(route)) {
        intf.channel_group = route;
      } else if (interfaces_.count(bridge)) {
        intf.channel_group = bridge;
      } else {
        intf.channel_group = intf.switchport.isRouted() ? route : bridge;
      }
    }
  }

  // Comware 7: `bgp ASN` / ` peer X as-number N` (a group's ASN: ` peer GROUP as-number N` with
  // ` peer X group GROUP`); Comware 9 [I]: `router bgp ASN` / ` neighbor X as-number N`. Both read
  // whatever the version line says. Address families nest one view deeper.
  void bgp(const ConfigLine& l, std::size_t asn_at) {
    bgp_asn_ = Sourced<std::uint32_t>{integer<std::uint32_t>(l, asn_at, 1, UINT32_MAX, "an AS number"), src(l, "")};
    readBgpBlock(l, l.text);
  }

  void readBgpBlock(const ConfigLine& block, const std::string& ctx) {
    for (const ConfigLine& c : block.children) {
      if (c.word(0) == "address-family" || c.word(0) == "ipv4-family") {
        readBgpBlock(c, cli::childContext(ctx, c));
        continue;
      }
      if ((c.word(0) != "peer" && c.word(0) != "neighbor") || c.words.size() < 3) {
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
      } else if (c.word(2) == "group" && (c.words.size() == 4 || c.words.size() == 6) && address) {
        common::CliBgp::Peer& peer = bgp_.peer(who, src(c, ctx));
        peer.group = c.word(3);
        if (c.words.size() == 6 && c.word(4) == "as-number")  // `peer X group G as-number N`
          peer.asn = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 5, 1, UINT32_MAX, "an AS number"), src(c, ctx)};
      } else if (c.word(2) == "description" && c.words.size() >= 4 && address) {
        bgp_.peer(who, src(c, ctx)).description = c.text.substr(c.text.find(" description ") + 13);
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
    // The name gives the speed unless ` speed N` is set (a breakout lane its own type's) [I for breakouts].
    if (!port.speed_mbps)
      port.speed_mbps =
          Sourced<std::uint32_t>{*portSpeedMbps(intf.name), intf.src.withOrigin(OriginKind::Default, "interface")};
    port.qos.src = intf.src;
  }

  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::set<std::string> jumbo_;  // interfaces with `jumboframe enable`
  std::optional<Sourced<std::uint32_t>> bgp_asn_;
  common::CliBgp bgp_;
};

// --- the format -----------------------------------------------------------------------------

class ComwareDocument : public format::Document {
 public:
  explicit ComwareDocument(cli::ConfigText c) : config(std::move(c)) {}
  cli::ConfigText config;
};

const format::SwitchBuilder kBuilder{
    .name = kFormat,
    .build =
        [](std::vector<std::unique_ptr<format::Document>>& documents, Switch& sw, const format::PlatformTables&,
           format::BuildOutput& out) {
          sw.format = formats::kH3c;
          Parser parser(sw, out.notes, out.out_of_scope);
          for (const auto& document : documents) parser.read(static_cast<const ComwareDocument&>(*document).config);
          parser.build(out.coverage);
          documents.clear();
        },
};

const format::Format kComware{
    .name = kFormat,
    .role = format::Role::Switch,
    .content = format::Content::Text,
    .recognise = [](const format::Input& input) { return looksLikeComware(input.text()); },
    .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
      return std::make_unique<ComwareDocument>(readText(input.text(), input.file(), input.limits()));
    },
    .hostname =
        [](const format::Document& d) {
          return common::hostnameOf(static_cast<const ComwareDocument&>(d).config, {"sysname"});
        },
    .builder = &kBuilder,
    // A configuration with front-panel ports is the whole switch (a second one of the same host name
    // is CFG003); one with only QoS or BGP views merges as a fragment.
    .complete =
        [](const format::Document& d) {
          for (const ConfigLine& l : static_cast<const ComwareDocument&>(d).config.lines) {
            if (l.word(0) != "interface") continue;
            auto name = interfaceName(l.text.substr(std::string("interface").size()));
            if (name && portSpeedMbps(*name)) return true;
          }
          return false;
        },
};

}  // namespace

const format::Format& switchFormat() { return kComware; }

}  // namespace rocelint::h3c
