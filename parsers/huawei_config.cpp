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
const cli::StatementGrammar kGrammar{
    {"manual", "auto",   "static",   "dynamic",  "bytes",       "kbytes",     "mbytes",  "cells",
     "cell",   "inner",  "outer",    "turn-off", "error-down",  "forwarding", "discard", "access",
     "trunk",  "hybrid", "external", "internal", "lacp-static", "green",      "yellow",  "red",
     "be",     "af1",    "af2",      "af3",      "af4",         "ef",         "cs6",     "cs7"},
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
      "dcb",          "qos",           "trust",           "diffserv",        "drop-profile", "priority",
      "flow-control", "port",          "ai-service",      "low-latency",     "jumboframe",   "mtu",
      "lldp",         "8021p-inbound", "ip-dscp-inbound", "ip-dscp-outbound"};
  return qos.count(w) > 0;
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

std::optional<int> phbIndex(std::string_view phb) {
  static constexpr std::array<std::string_view, 8> kPhbs = {"be", "af1", "af2", "af3", "af4", "ef", "cs6", "cs7"};
  for (std::size_t i = 0; i < kPhbs.size(); ++i) {
    if (equalsIgnoreCase(phb, kPhbs[i])) return static_cast<int>(i);
  }
  return std::nullopt;
}

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
  int line_count = cli::forEachLine(text, [&](std::string_view raw, int line_no) {
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t' || raw.back() == '\r')) raw.remove_suffix(1);
    std::size_t indent = raw.find_first_not_of(" \t");
    if (indent == std::string_view::npos) return;
    std::string_view body = raw.substr(indent);
    if (body.front() == '#' || body.front() == '!') return;
    bool user_view = indent == 0 && body.front() == '<' && body.find('>') != std::string_view::npos;
    bool system_view = indent == 0 && body.front() == '[' && body.find(']') != std::string_view::npos;
    if (user_view) {
      views.clear();  // user-view commands (display, system-view, save) are not configuration
      return;
    }
    if (!system_view) {
      views.clear();
      if (indent == 0 && body == "return") return;  // the display's last line
      lines.push_back(cli::RawLine{std::string(body), line_no, static_cast<int>(indent) + 1, static_cast<int>(indent)});
      return;
    }
    std::size_t close = body.find(']');
    std::string view(body.substr(1, close - 1));
    if (!view.empty() && (view.front() == '~' || view.front() == '*')) view.erase(0, 1);
    std::size_t command_at = raw.find_first_not_of(" \t", close + 1);
    if (command_at == std::string_view::npos) return;  // a bare prompt
    std::string_view command = raw.substr(command_at);
    if (command == "commit" || command.substr(0, 7) == "commit ") {
      ++session.commits;
      session.uncommitted = 0;
      return;
    }
    if (command == "quit" || command == "return" || command == "system-view" || command == "save" ||
        command.substr(0, 8) == "display ")
      return;
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
  });
  return cli::configTree(std::move(lines), file, line_count, limits);
}

namespace {

// ----------------------------------------------------------------------------------------------
// What the configuration says
// ----------------------------------------------------------------------------------------------

const char* const kQueueMap = "huawei-phb-to-queue";
const char* const kPgMap = "huawei-phb-to-priority-group";

// A buffer or WRED threshold as written: a number and its unit (bytes, kbytes, mbytes, cells).
struct Amount {
  std::uint64_t value = 0;
  std::string unit;
  SourceRef src;
};

// `dcb pfc [NAME]`: the lossless priorities of a profile and its per-priority deadlock timers.
struct PfcProfile {
  SourceRef src;
  PrioritySet priorities;
  std::optional<SourceRef> priorities_src;  // the last `priority` line
  std::map<int, Sourced<int>> detect_ticks;
  std::map<int, Sourced<int>> recovery_ticks;
};

// `diffserv domain NAME`: DSCP and 802.1p -> PHB lines (the rest keeps the factory table [I]).
struct Domain {
  SourceRef src;
  std::map<int, Sourced<int>> dscp;
  std::map<int, Sourced<int>> dot1p;
};

// One `ecn ...` or `color C ...` line of a drop profile.
struct WredLine {
  std::optional<Amount> low;  // absent: the line is in percent of the queue length
  std::optional<Amount> high;
  int percent_low = 0;
  int percent_high = 0;
  int probability = 100;
  SourceRef src;
};

struct DropProfile {
  SourceRef src;
  std::optional<WredLine> ecn;
  std::array<std::optional<WredLine>, 3> colors;
};

// `dcb pfc buffer P ...` lines of an interface, each value the last written.
struct PfcBuffer {
  std::optional<Amount> xoff_static;
  std::optional<Sourced<int>> xoff_dynamic;
  std::optional<Amount> xon_static;
  std::optional<Amount> xon_offset;
  std::optional<Amount> guaranteed;
  std::optional<Amount> headroom;
  SourceRef src;  // the first line
};

enum class TrustMode : std::uint8_t { Dscp, Dot1p };

struct Interface : common::CliInterface {
  std::optional<Sourced<std::string>> pfc_profile;  // `dcb pfc enable [NAME]`: the profile applied
  std::optional<SourceRef> pfc_undone;              // `undo dcb pfc enable`
  bool pfc_auto = false;                            // `dcb pfc enable ... mode auto`: negotiated by DCBX
  std::optional<Sourced<bool>> link_pause;          // `flow-control` / `undo flow-control` (802.3x)
  std::optional<Sourced<bool>> dcbx;                // `lldp tlv-enable dcbx` / `undo`
  std::optional<Sourced<TrustMode>> trust;
  std::optional<Reference> domain;  // `trust upstream NAME` ("none": trust nothing)
  std::optional<Sourced<int>> port_priority;
  std::map<int, Reference> queue_wred;
  std::map<int, Sourced<bool>> queue_ecn;
  std::map<int, Sourced<bool>> queue_drr;  // `qos drr` (true) / `qos pq` (false)
  std::map<int, Sourced<int>> queue_weight;
  std::map<int, PfcBuffer> pfc_buffer;
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
      notes_.back().fix =
          "end the session with `commit`, or export the configuration with `display "
          "current-configuration`";
    }
  }

  void build(std::vector<ParseCoverage>& coverage) {
    if (bgp_asn_) sw_.asn = bgp_asn_;
    sw_.buffer_model = BufferModel::Dynamic;  // without `dcb pfc buffer` lines the chip sizes headroom itself
    pfcProfile("default");                    // always exists, priority 3 unless written otherwise
    if (!pfc_profiles_.at("default").priorities_src) {
      pfc_profiles_.at("default").priorities.set(3);
      pfc_profiles_.at("default").priorities_src = defaultSrc("dcb pfc > priority");
    }
    buildMaps();
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
    if (l.startsWith({"dcb", "pfc"})) return dcbPfc(l);
    if (l.startsWith({"diffserv", "domain"}) && l.words.size() == 3) return diffservDomain(l);
    if (w0 == "drop-profile" && l.words.size() == 2) return dropProfile(l);
    if (l.startsWith({"qos", "buffer", "headroom-pool", "size"})) return headroomPool(l);
    if (l.text == "qos ecn enable") return parsedQos();  // needed on the CE6866 family; marking is per queue
    if (l.text == "low-latency fabric") {
      low_latency_ = src(l, "");
      return parsedQos();
    }
    if (w0 == "ai-service") {
      return blockNotModelled(l, "ai-service",
                              "AI ECN / NPCC set the thresholds of the queues they are assigned at run time; rocelint "
                              "checks the static drop profiles");
    }
    if (l.startsWith({"device", "board"}) && l.word(3) == "board-type" && l.words.size() == 5) {
      if (sw_.platform.empty()) sw_.platform = l.word(4);  // [I]: the model gives the cell size
      return;
    }
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
      std::string type =
          name->find('.') != std::string::npos ? "(sub-interface)" : name->substr(0, name->find_first_of("0123456789"));
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
    if (!first)
      fail(c, fmt::format("expected an interface name after \"group-member\", got \"{}\"", join(words.begin(), to)));
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
      intf.mtu =
          Sourced<std::uint32_t>{integer<std::uint32_t>(c, 2, 1536, 12288, "a frame size in bytes"), src(c, ctx)};
      jumbo_.insert(intf.name);
      parsedQos();
    } else if (w0 == "mtu" && c.words.size() == 2) {
      auto mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 46, 12288, "an MTU in bytes"), src(c, ctx)};
      if (!jumbo_.count(intf.name)) intf.mtu = mtu;
      parsedQos();
    } else if (c.startsWith({"ip", "address"}) && c.words.size() >= 4) {
      std::optional<int> length = common::prefixLength(c.word(3));
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
    } else if (interfaceQos(c, ctx, intf)) {
      return;
    } else if (w0 == "flow-control") {
      notUnderstood(c, ctx, true, "802.3x pause beside PFC is not modelled");
    } else if (c.startsWith({"port", "pfc-deadlock", "trigger"})) {
      notUnderstood(c, ctx, true, "the deadlock escalation (turn-off, error-down) is not modelled");
    } else if (w0 == "mode" || w0 == "ipv6" || w0 == "lldp" || w0 == "undo" || w0 == "ip") {
      notUnderstood(c, ctx, false);
    } else {
      notUnderstood(c, ctx, isQosKeyword(w0));
    }
  }

  // --- QoS views -------------------------------------------------------------------------------

  // `1 2 3`, `0 to 5`: priorities or queues from word i on.
  std::vector<int> valueList(const ConfigLine& l, std::size_t i, int max, const std::string& what) const {
    std::vector<int> values;
    for (; i < l.words.size(); ++i) {
      if (l.word(i) == "to" && !values.empty()) {
        int last = integer<int>(l, i + 1, values.back(), max, what);
        for (int v = values.back() + 1; v <= last; ++v) values.push_back(v);
        ++i;
        continue;
      }
      values.push_back(integer<int>(l, i, 0, max, what));
    }
    if (values.empty()) fail(l, fmt::format("expected {} (0-{})", what, max));
    return values;
  }

  // A number and its unit from word i (`300 kbytes`, `1500 cells`, `1600 bytes`).
  Amount amount(const ConfigLine& l, std::size_t i, const std::string& ctx) const {
    Amount a;
    a.value = integer<std::uint64_t>(l, i, 0, UINT32_MAX, "a size");
    a.unit = l.word(i + 1);
    if (a.unit != "bytes" && a.unit != "kbytes" && a.unit != "mbytes" && a.unit != "cells")
      fail(l, fmt::format("expected a unit after {} (bytes, kbytes, mbytes, cells), got \"{}\"", l.word(i), a.unit));
    a.src = src(l, ctx);
    return a;
  }

  PfcProfile& pfcProfile(const std::string& name) {
    auto [it, created] = pfc_profiles_.try_emplace(name);
    if (created) it->second.src = name == "default" ? defaultSrc("dcb pfc") : SourceRef{};
    return it->second;
  }

  void dcbPfc(const ConfigLine& l) {
    const std::string& w2 = l.word(2);
    if (l.text == "dcb pfc global disable") {
      pfc_global_disable_ = src(l, "");
    } else if (w2 == "dscp-mapping" && l.word(3) == "enable") {
      // Pause on the internal priority (the PHB) instead of the packet's 802.1p: the model's
      // convention (PFC priority p pauses PHB p's queue) either way [I].
    } else if (w2 == "deadlock-detect" && l.word(3) == "interval" && l.words.size() == 5) {
      int ms = integer<int>(l, 4, 10, 1000, "an interval in ms (10, 100, 500, 1000)");
      if (ms != 10 && ms != 100 && ms != 500 && ms != 1000)
        fail(l, fmt::format("expected an interval in ms (10, 100, 500, 1000), got \"{}\"", l.word(4)));
      deadlock_tick_ = Sourced<int>{ms, src(l, "")};
    } else if ((w2 == "deadlock-detect" || w2 == "deadlock-recovery") && l.word(3) == "timer" && l.words.size() == 5) {
      Sourced<int> ms{integer<int>(l, 4, 10, 1500, "a time in ms"), src(l, "")};
      (w2 == "deadlock-detect" ? deadlock_detect_ms_ : deadlock_recovery_ms_) = ms;
    } else if (w2 == "deadlock" && l.word(3) == "recovery-behavior" && l.words.size() >= 5) {
      const std::string& b = l.word(4);
      if (b != "forwarding" && b != "discard") fail(l, fmt::format("expected forwarding or discard, got \"{}\"", b));
      recovery_behavior_ = Sourced<std::string>{b == "forwarding" ? "forward" : "drop", src(l, "")};
    } else if (l.words.size() <= 3) {
      return pfcProfileView(l, l.words.size() == 2 ? "default" : w2);
    } else {
      return notUnderstood(l, "", true);
    }
    parsedQos();
  }

  void pfcProfileView(const ConfigLine& l, const std::string& name) {
    parsedQos();
    PfcProfile& profile = pfcProfile(name);
    if (!profile.src.known() || name == "default") profile.src = src(l, "");
    bool listed = false;
    for (const ConfigLine& c : l.children) {
      bool undo = c.word(0) == "undo";
      std::size_t at = undo ? 1 : 0;
      if (c.word(at) != "priority") {
        notUnderstood(c, l.text, true);
        continue;
      }
      // `priority 3 deadlock-detect time 10 [deadlock-recovery time 15]`, `... turn-off threshold N`
      std::size_t keyword = at + 1;
      while (keyword < c.words.size() && cli::number<int>(c.word(keyword))) ++keyword;
      if (keyword < c.words.size()) {
        int p = integer<int>(c, at + 1, 0, 7, "a priority");
        if (c.word(keyword) == "turn-off" || c.word(keyword) == "error-down") {
          notUnderstood(c, l.text, true, "the deadlock escalation (turn-off, error-down) is not modelled");
          continue;
        }
        for (std::size_t k = keyword; k < c.words.size(); k += 3) {
          const std::string& what = c.word(k);
          if ((what != "deadlock-detect" && what != "deadlock-recovery") || c.word(k + 1) != "time")
            fail(c, fmt::format("expected deadlock-detect time T or deadlock-recovery time T, got \"{}\"", what));
          bool detect = what == "deadlock-detect";
          Sourced<int> ticks{integer<int>(c, k + 2, detect ? 1 : 0, detect ? 15 : 31, "a multiple of the interval"),
                             src(c, l.text)};
          (detect ? profile.detect_ticks : profile.recovery_ticks)[p] = ticks;
        }
        parsedQos();
        continue;
      }
      // The first `priority` line of a written profile replaces the default's priority 3 [I];
      // further lines add to it, `undo priority P` removes P.
      if (!listed && !undo) profile.priorities.reset();
      listed = listed || !undo;
      for (int p : valueList(c, at + 1, 7, "a priority")) profile.priorities.set(static_cast<std::size_t>(p), !undo);
      profile.priorities_src = src(c, l.text);
      parsedQos();
    }
  }

  void diffservDomain(const ConfigLine& l) {
    parsedQos();
    Domain& domain = domains_[l.word(2)];
    domain.src = src(l, "");
    for (const ConfigLine& c : l.children) {
      bool dscp = c.word(0) == "ip-dscp-inbound";
      if ((!dscp && c.word(0) != "8021p-inbound") || c.word(2) != "phb") {
        notUnderstood(c, l.text, true,
                      c.word(0).find("outbound") != std::string::npos ? "egress remarking is not modelled" : "");
        continue;
      }
      int from = integer<int>(c, 1, 0, dscp ? 63 : 7, dscp ? "a DSCP value" : "an 802.1p priority");
      std::optional<int> phb = phbIndex(c.word(3));
      if (!phb) fail(c, fmt::format("expected a PHB (be, af1-af4, ef, cs6, cs7), got \"{}\"", c.word(3)));
      (dscp ? domain.dscp : domain.dot1p)[from] = Sourced<int>{*phb, src(c, l.text)};
      parsedQos();
    }
  }

  // `ecn [buffer-size [cell]] low-limit L high-limit H discard-percentage P`, `color C ...` alike.
  WredLine wredLine(const ConfigLine& c, std::size_t at, const std::string& ctx) {
    WredLine line;
    line.src = src(c, ctx);
    bool bytes = c.word(at) == "buffer-size";
    bool cells = bytes && c.word(at + 1) == "cell";
    std::size_t i = at + (cells ? 2 : bytes ? 1 : 0);
    if (c.word(i) != "low-limit" || c.word(i + 2) != "high-limit" || c.word(i + 4) != "discard-percentage" ||
        c.words.size() != i + 6)
      fail(c, "expected \"[buffer-size [cell]] low-limit L high-limit H discard-percentage P\"");
    if (bytes) {
      auto value = [&](std::size_t k) {
        return Amount{integer<std::uint64_t>(c, k, 0, UINT32_MAX, "a threshold"), cells ? "cells" : "bytes", line.src};
      };
      line.low = value(i + 1);
      line.high = value(i + 3);
    } else {
      line.percent_low = integer<int>(c, i + 1, 0, 100, "a percentage");
      line.percent_high = integer<int>(c, i + 3, 0, 100, "a percentage");
    }
    line.probability = integer<int>(c, i + 5, 0, 100, "a percentage");
    if (!bytes) {
      notUnderstood(c, ctx, true,
                    "thresholds in percent of the queue length are not converted to bytes: the queue marks or drops, "
                    "its thresholds are not compared");
    } else {
      parsedQos();
    }
    return line;
  }

  void dropProfile(const ConfigLine& l) {
    parsedQos();
    DropProfile& profile = drop_profiles_[l.word(1)];
    profile.src = src(l, "");
    for (const ConfigLine& c : l.children) {
      if (c.word(0) == "ecn") {
        profile.ecn = wredLine(c, 1, l.text);
      } else if (c.word(0) == "color" && (c.word(1) == "green" || c.word(1) == "yellow" || c.word(1) == "red")) {
        std::size_t colour = c.word(1) == "green" ? 0 : c.word(1) == "yellow" ? 1 : 2;
        profile.colors[colour] = wredLine(c, 2, l.text);
      } else {
        notUnderstood(c, l.text, true);
      }
    }
  }

  // qos buffer headroom-pool size N {kbytes|mbytes} slot S
  void headroomPool(const ConfigLine& l) {
    Amount size = amount(l, 4, "");
    if (size.unit != "kbytes" && size.unit != "mbytes")
      fail(l, fmt::format("expected kbytes or mbytes after {}, got \"{}\"", l.word(4), size.unit));
    std::string name = l.word(6) == "slot" ? "qos buffer headroom-pool slot " + l.word(7) : "qos buffer headroom-pool";
    BufferPool pool;
    pool.name = name;
    pool.type = PoolType::Ingress;
    pool.src = size.src;
    pool.shared_headroom_bytes = Sourced<std::uint64_t>{bytesOf(size), size.src};
    sw_.pools[name] = std::move(pool);
    parsedQos();
  }

  std::uint64_t bytesOf(const Amount& a) {
    if (a.unit == "kbytes") return a.value * kKbyte;
    if (a.unit == "mbytes") return a.value * kKbyte * kKbyte;
    if (a.unit == "cells") return a.value * cellBytes(a.src);
    return a.value;
  }

  // The cell size of this switch's platform; the first cell value on an unknown platform says the default.
  std::uint64_t cellBytes(const SourceRef& where) {
    std::string platform = !sw_.platform.empty() ? sw_.platform : sw_.hwsku;
    if (auto bytes = cellBytesOf(platform)) return *bytes;
    if (!cell_noted_) {
      cell_noted_ = true;
      notes_.push_back(makeNote(
          InputNote::Kind::UnknownField, sw_.name, "",
          fmt::format("a value in cells on a platform of unknown cell size ({}): rocelint takes {} bytes per cell "
                      "(docs/inputs.md, \"Huawei CloudEngine (VRP 8)\")",
                      platform.empty() ? "no `device board ... board-type` line" : platform, kDefaultCellBytes),
          where));
      notes_.back().group = "Huawei VRP cell size";
      notes_.back().fix =
          "write the thresholds in bytes or kbytes, or name the platform (`device board 1 "
          "board-type <model>`)";
    }
    return kDefaultCellBytes;
  }

  // --- interface QoS lines ----------------------------------------------------------------------

  // True when `c` is an interface QoS line this reader models (read into `intf`).
  bool interfaceQos(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    const std::string& w0 = c.word(0);
    if (c.startsWith({"dcb", "pfc", "enable"})) {
      std::size_t i = 3;
      std::string profile = "default";
      bool auto_mode = false;
      if (i < c.words.size() && c.word(i) != "mode") profile = c.word(i++);
      if (c.word(i) == "mode") {
        if (c.word(i + 1) != "manual" && c.word(i + 1) != "auto")
          fail(c, fmt::format("expected manual or auto after \"mode\", got \"{}\"", c.word(i + 1)));
        auto_mode = c.word(i + 1) == "auto";
        i += 2;
      }
      if (i != c.words.size()) fail(c, "expected \"dcb pfc enable [<profile>] [mode manual|auto]\"");
      if (auto_mode && !kAutoModeEnablesPfc) {
        intf.pfc_profile.reset();
        intf.pfc_undone = src(c, ctx);
      } else {
        intf.pfc_profile = Sourced<std::string>{profile, src(c, ctx)};
        intf.pfc_undone.reset();
      }
      intf.pfc_auto = auto_mode;
    } else if (c.startsWith({"undo", "dcb", "pfc", "enable"})) {
      intf.pfc_profile.reset();
      intf.pfc_undone = src(c, ctx);
    } else if (c.startsWith({"dcb", "pfc", "buffer"}) && c.words.size() >= 5) {
      pfcBufferLine(c, ctx, intf);
    } else if (w0 == "trust" && c.word(1) == "upstream" && c.words.size() == 3) {
      intf.domain = Reference{c.word(2), src(c, ctx), false};
    } else if (c.text == "trust dscp") {
      intf.trust = Sourced<TrustMode>{TrustMode::Dscp, src(c, ctx)};
    } else if (w0 == "trust" && c.word(1) == "8021p" && c.words.size() <= 3) {
      intf.trust = Sourced<TrustMode>{TrustMode::Dot1p, src(c, ctx)};
    } else if (c.startsWith({"port", "priority"}) && c.words.size() == 3) {
      intf.port_priority = Sourced<int>{integer<int>(c, 2, 0, 7, "a priority"), src(c, ctx)};
    } else if (c.startsWith({"qos", "queue"}) && c.word(3) == "wred" && c.words.size() == 5) {
      intf.queue_wred[integer<int>(c, 2, 0, 7, "a queue")] = Reference{c.word(4), src(c, ctx), false};
    } else if (c.startsWith({"qos", "queue"}) && c.word(3) == "ecn" && c.words.size() == 4) {
      intf.queue_ecn[integer<int>(c, 2, 0, 7, "a queue")] = Sourced<bool>{true, src(c, ctx)};
    } else if (c.startsWith({"undo", "qos", "queue"}) && c.word(4) == "ecn" && c.words.size() == 5) {
      intf.queue_ecn[integer<int>(c, 3, 0, 7, "a queue")] = Sourced<bool>{false, src(c, ctx)};
    } else if ((c.startsWith({"qos", "drr"}) || c.startsWith({"qos", "pq"})) && c.words.size() >= 3) {
      for (int q : valueList(c, 2, 7, "a queue")) intf.queue_drr[q] = Sourced<bool>{c.word(1) == "drr", src(c, ctx)};
    } else if (c.startsWith({"qos", "queue"}) && c.word(3) == "drr" && c.word(4) == "weight" && c.words.size() == 6) {
      intf.queue_weight[integer<int>(c, 2, 0, 7, "a queue")] =
          Sourced<int>{integer<int>(c, 5, 1, 100, "a weight"), src(c, ctx)};
    } else if (c.text == "flow-control" || c.text == "undo flow-control") {
      intf.link_pause = Sourced<bool>{w0 != "undo", src(c, ctx)};
    } else if (c.text == "lldp tlv-enable dcbx" || c.text == "undo lldp tlv-enable dcbx") {
      intf.dcbx = Sourced<bool>{w0 != "undo", src(c, ctx)};
    } else {
      return false;
    }
    parsedQos();
    return true;
  }

  // dcb pfc buffer P {xoff static N U [xon offset N U] | xoff dynamic A | xon static N U xoff static N U |
  //                   xon dynamic A xoff dynamic B | guaranteed N U | hdrm N U}
  void pfcBufferLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    int p = integer<int>(c, 3, 0, 7, "a priority");
    PfcBuffer& buffer = intf.pfc_buffer[p];
    if (!buffer.src.known()) buffer.src = src(c, ctx);
    for (std::size_t i = 4; i < c.words.size();) {
      const std::string& what = c.word(i);
      const std::string& how = c.word(i + 1);
      if ((what == "xoff" || what == "xon") && how == "static") {
        (what == "xoff" ? buffer.xoff_static : buffer.xon_static) = amount(c, i + 2, ctx);
        i += 4;
      } else if ((what == "xoff" || what == "xon") && how == "dynamic") {
        Sourced<int> alpha{integer<int>(c, i + 2, 0, 12, "an alpha index"), src(c, ctx)};
        if (what == "xoff") buffer.xoff_dynamic = alpha;
        i += 3;
      } else if (what == "xon" && how == "offset") {
        buffer.xon_offset = amount(c, i + 2, ctx);
        i += 4;
      } else if (what == "guaranteed" || what == "hdrm") {
        (what == "guaranteed" ? buffer.guaranteed : buffer.headroom) = amount(c, i + 1, ctx);
        i += 3;
      } else {
        fail(c, fmt::format("expected xoff, xon, guaranteed or hdrm, got \"{}\"", what));
      }
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
    auto route = common::routeStatic(l, src(l, ""), interfaceName);
    if (!route) fail(l, "expected \"ip route-static [vpn-instance <name>] <prefix> <mask or length> ...\"");
    sw_.static_routes.push_back(std::move(*route));
  }

  // --- model building -------------------------------------------------------------------------

  // A VRP default, sited at the sysname line; the origin is the statement that would override it.
  SourceRef defaultSrc(const std::string& statement) const {
    return default_src_.withOrigin(OriginKind::Default, statement);
  }

  QosMap& addMap(MapKind kind, const std::string& name, const SourceRef& where) {
    QosMap map;
    map.name = name;
    map.src = where;
    return sw_.maps[static_cast<std::size_t>(kind)].insert_or_assign(name, std::move(map)).first->second;
  }

  static std::string domainMapName(const std::string& domain) { return "diffserv domain " + domain; }

  // Every domain as DSCP -> PHB and 802.1p -> PHB maps: its lines over the factory table [I]; PHB n
  // is queue n [V] and PG n [I]; PFC priority p pauses PHB p's queue.
  void buildMaps() {
    if (!domains_.count("default")) domains_["default"].src = defaultSrc("diffserv domain default");
    for (const auto& [name, domain] : domains_) {
      std::string map_name = domainMapName(name);
      QosMap& dscp = addMap(MapKind::DscpToTc, map_name, domain.src);
      QosMap& dot1p = addMap(MapKind::Dot1pToTc, map_name, domain.src);
      SourceRef factory = defaultSrc(map_name + " > ip-dscp-inbound");
      SourceRef factory_pcp = defaultSrc(map_name + " > 8021p-inbound");
      for (int d = 0; d < 64; ++d) {
        auto it = domain.dscp.find(d);
        dscp.entries[d] = it != domain.dscp.end() ? it->second : Sourced<int>{defaultPhbOfDscp(d), factory};
      }
      for (int p = 0; p < 8; ++p) {
        auto it = domain.dot1p.find(p);
        dot1p.entries[p] = it != domain.dot1p.end() ? it->second : Sourced<int>{p, factory_pcp};
      }
    }
    QosMap& queues = addMap(MapKind::TcToQueue, kQueueMap, defaultSrc("diffserv domain > phb"));
    QosMap& pause = addMap(MapKind::PfcToQueue, kQueueMap, defaultSrc("dcb pfc > priority"));
    QosMap& pgs = addMap(MapKind::TcToPg, kPgMap, defaultSrc("dcb pfc > priority"));
    for (int t = 0; t < 8; ++t) {
      queues.entries[t] = Sourced<int>{t, queues.src};
      pause.entries[t] = Sourced<int>{t, pause.src};
      pgs.entries[t] = Sourced<int>{t, pgs.src};
    }
  }

  // The member's own setting, else its Eth-Trunk's.
  template <class T>
  const T& own(const Interface& intf, const Interface* trunk, T Interface::*field) const {
    return (intf.*field || !trunk) ? intf.*field : trunk->*field;
  }

  void buildPort(const Interface& intf) {
    Port& port = sw_.portFor(intf.name);
    buildPortBasics(port, intf);
    // The name gives the speed (400GE = 400 Gb/s; a breakout lane its own type's) [I for breakouts].
    port.speed_mbps =
        Sourced<std::uint32_t>{*portSpeedMbps(intf.name), intf.src.withOrigin(OriginKind::Default, "interface")};
    const Interface* trunk = nullptr;
    if (auto it = interfaces_.find(intf.channel_group); it != interfaces_.end()) trunk = &it->second;
    port.qos.src = intf.src;
    buildClassification(port, intf, trunk);
    buildPfc(port, intf, trunk);
    buildQueues(port, intf, trunk);
  }

  // Trust: `trust dscp|8021p`, else DSCP on routed ports (`undo portswitch`) and outer 802.1p on
  // Layer 2 ports [V]; the domain of `trust upstream NAME`, else `default`; `trust upstream none`
  // trusts nothing: every packet takes the port priority (default 0) as its PHB [I].
  void buildClassification(Port& port, const Interface& intf, const Interface* trunk) {
    bool routed = intf.switchport.isRouted() || (trunk && trunk->switchport.isRouted());
    const auto& trust = own(intf, trunk, &Interface::trust);
    const auto& domain_ref = own(intf, trunk, &Interface::domain);
    SourceRef trust_src =
        trust ? trust->src : intf.src.withOrigin(OriginKind::Default, intf.src.originText() + " > trust");
    std::string domain = "default";
    SourceRef bind_src = trust_src;
    if (domain_ref && domain_ref->name != "none") {
      if (domains_.count(domain_ref->name)) {
        domain = domain_ref->name;
        bind_src = domain_ref->src;
      } else if (domain_ref->name != "default") {
        undefined(
            intf.name, "diffserv domain", domain_ref->name,
            fmt::format("{}: trust upstream {} names a DiffServ domain that is not defined; the default "
                        "domain applies",
                        intf.name, domain_ref->name),
            domain_ref->src,
            fmt::format("define `diffserv domain {}`, or correct the name in `trust upstream`", domain_ref->name));
      }
    }
    auto bind = [&](MapKind kind, const std::string& name, const SourceRef& where) {
      port.qos.maps[static_cast<std::size_t>(kind)] = Reference{name, where, false};
    };
    if (domain_ref && domain_ref->name == "none") {
      const auto& priority = own(intf, trunk, &Interface::port_priority);
      int phb = priority ? priority->value : 0;
      std::string name = fmt::format("huawei-untrusted-priority-{}", phb);
      if (!sw_.findMap(MapKind::DscpToTc, name)) {
        QosMap& map = addMap(MapKind::DscpToTc, name, domain_ref->src);
        for (int d = 0; d < 64; ++d) map.entries[d] = Sourced<int>{phb, priority ? priority->src : domain_ref->src};
      }
      bind(MapKind::DscpToTc, name, domain_ref->src);
      port.qos.trust = Trust::Dscp;
    } else if (trust ? trust->value == TrustMode::Dscp : routed) {
      bind(MapKind::DscpToTc, domainMapName(domain), bind_src);
      port.qos.trust = Trust::Dscp;
    } else {
      bind(MapKind::Dot1pToTc, domainMapName(domain), bind_src);
      port.qos.trust = Trust::Pcp;
    }
    bind(MapKind::TcToQueue, kQueueMap, port.qos.src);
    bind(MapKind::PfcToQueue, kQueueMap, port.qos.src);
    bind(MapKind::TcToPg, kPgMap, port.qos.src);
  }

  // PFC: the priorities of the profile `dcb pfc enable` applies (none without it, none at all after
  // `dcb pfc global disable`); deadlock detection is always on for them [V].
  void buildPfc(Port& port, const Interface& intf, const Interface* trunk) {
    if (const auto& pause = own(intf, trunk, &Interface::link_pause)) {
      port.link_pause_rx = *pause;
      port.link_pause_tx = *pause;
    }
    const auto& dcbx = own(intf, trunk, &Interface::dcbx);
    port.dcbx = dcbx ? *dcbx : Sourced<bool>{false, defaultSrc("lldp tlv-enable dcbx")};
    const auto& enable = own(intf, trunk, &Interface::pfc_profile);
    if (!enable) {
      if (intf.pfc_undone) port.qos.pfc_enable = Sourced<PrioritySet>{PrioritySet{}, *intf.pfc_undone};
      return;
    }
    auto it = pfc_profiles_.find(enable->value);
    if (it == pfc_profiles_.end()) {
      undefined(intf.name, "dcb pfc", enable->value,
                fmt::format("{}: dcb pfc enable {} names a PFC profile that is not defined; PFC is off on {}",
                            intf.name, enable->value, intf.name),
                enable->src,
                fmt::format("define `dcb pfc {}` with its `priority` lines, or correct the name in `dcb pfc enable`",
                            enable->value));
      port.qos.pfc_enable = Sourced<PrioritySet>{PrioritySet{}, enable->src};
      return;
    }
    const PfcProfile& profile = it->second;
    PrioritySet set = pfc_global_disable_ ? PrioritySet{} : profile.priorities;
    port.qos.pfc_enable = Sourced<PrioritySet>{set, pfc_global_disable_ ? *pfc_global_disable_ : enable->src};
    const Interface& enabling = intf.pfc_profile || !trunk ? intf : *trunk;
    // `mode auto` takes PFC from DCBX, which needs `lldp tlv-enable dcbx` on the interface [V].
    if (enabling.pfc_auto && set.any()) port.pfc_negotiated = Sourced<bool>{true, enable->src};
    const SourceRef& priority_src = *profile.priorities_src;
    for (std::size_t p = 0; p < 8; ++p) {
      if (!set.test(p)) continue;
      const PfcBuffer* buffer = nullptr;
      std::string owner = intf.name;
      if (auto b = intf.pfc_buffer.find(static_cast<int>(p)); b != intf.pfc_buffer.end()) {
        buffer = &b->second;
      } else if (trunk) {
        if (auto t = trunk->pfc_buffer.find(static_cast<int>(p)); t != trunk->pfc_buffer.end()) {
          buffer = &t->second;
          owner = trunk->name;
        }
      }
      if (buffer) {
        std::string name = bufferProfile(owner, static_cast<int>(p), *buffer);
        port.pgs.set(
            p, PriorityGroup{static_cast<int>(p), Reference{name, buffer->src, false}, false, false, buffer->src});
      } else {
        port.pgs.set(p, PriorityGroup{static_cast<int>(p), std::nullopt, true, true, priority_src});
      }
    }
    if (set.none()) return;
    // Detection and recovery: ticks of `dcb pfc deadlock-detect interval` (CE6885 family) on the
    // profile's lowest priority that sets them, else the CE6866 family's timers, else 100 ms [V].
    PortWatchdog wd;
    wd.src = defaultSrc("dcb pfc deadlock-detect");
    int tick = deadlock_tick_ ? deadlock_tick_->value : 10;
    auto timer = [&](const std::map<int, Sourced<int>>& ticks, const std::optional<Sourced<int>>& ms,
                     const char* statement) {
      for (const auto& [p, t] : ticks) {
        if (set.test(static_cast<std::size_t>(p))) return Sourced<int>{t.value * tick, t.src};
      }
      if (ms) return *ms;
      return Sourced<int>{10 * tick, deadlock_tick_ ? deadlock_tick_->src : defaultSrc(statement)};
    };
    wd.detection_ms = timer(profile.detect_ticks, deadlock_detect_ms_, "dcb pfc > priority deadlock-detect time");
    wd.restoration_ms =
        timer(profile.recovery_ticks, deadlock_recovery_ms_, "dcb pfc > priority deadlock-recovery time");
    // The platform decides the default behaviour (forwarding on the CE6885 family, discard on the
    // CE6866 family [V]); the configuration does not name the platform: forwarding [I].
    wd.action = recovery_behavior_ ? *recovery_behavior_
                                   : Sourced<std::string>{std::string(kDefaultRecoveryAction),
                                                          defaultSrc("dcb pfc deadlock recovery-behavior")};
    port.watchdog = std::move(wd);
    // Detection watches every priority of the profile [V]; a `priority P deadlock-detect time T` line
    // for a P the profile does not make lossless watches P too, located at that line.
    PrioritySet watched = set;
    const SourceRef* at = nullptr;
    for (const auto& [p, ticks] : profile.detect_ticks) {
      if (set.test(static_cast<std::size_t>(p))) continue;
      watched.set(static_cast<std::size_t>(p));
      if (at == nullptr) at = &ticks.src;
    }
    if (at != nullptr) port.qos.pfcwd_sw_enable = Sourced<PrioritySet>{watched, *at};
  }

  // `dcb pfc buffer P` lines as a buffer profile: hdrm is the headroom (xoff in the model), a static
  // xoff the PG's pause threshold, xon / xon offset the resume, guaranteed its reserved minimum [I].
  // Without hdrm (or under `low-latency fabric`) the chip sizes the headroom at run time.
  std::string bufferProfile(const std::string& port, int p, const PfcBuffer& buffer) {
    std::string name = fmt::format("interface {} dcb pfc buffer {}", port, p);
    if (sw_.profiles.count(name)) return name;
    BufferProfile profile;
    profile.name = name;
    profile.src = buffer.src;
    auto bytes = [&](const std::optional<Amount>& a) -> std::optional<Sourced<std::uint64_t>> {
      if (!a) return std::nullopt;
      return Sourced<std::uint64_t>{bytesOf(*a), a->src};
    };
    if (buffer.headroom && !low_latency_) {
      profile.xoff_bytes = bytes(buffer.headroom);
    } else {
      profile.headroom_dynamic = true;
    }
    profile.static_th_bytes = bytes(buffer.xoff_static);
    profile.xon_bytes = bytes(buffer.xon_static);
    profile.xon_offset_bytes = bytes(buffer.xon_offset);
    profile.size_bytes = bytes(buffer.guaranteed);
    for (const auto& [pool_name, pool] : sw_.pools) {
      if (pool.hasSharedHeadroom()) profile.pool = Reference{pool_name, buffer.src, false};
    }
    sw_.profiles.emplace(name, std::move(profile));
    return name;
  }

  // Egress queues: `qos queue Q wred P` + `qos queue Q ecn` (both needed to mark [V]), and the
  // scheduler: every queue PQ by default [V], `qos drr` queues DRR with `qos queue Q drr weight W`
  // (default 1).
  void buildQueues(Port& port, const Interface& intf, const Interface* trunk) {
    const Interface& q_src = (trunk && intf.queue_wred.empty() && intf.queue_ecn.empty()) ? *trunk : intf;
    std::set<int> queues;
    for (const auto& [q, ref] : q_src.queue_wred) queues.insert(q);
    for (const auto& [q, on] : q_src.queue_ecn) queues.insert(q);
    for (int q : queues) {
      auto wred = q_src.queue_wred.find(q);
      if (wred == q_src.queue_wred.end()) continue;  // `ecn` without a profile marks nothing (ECN001)
      auto ecn = q_src.queue_ecn.find(q);
      bool marks = ecn != q_src.queue_ecn.end() && ecn->second.value;
      std::string name = wredProfile(wred->second, marks,
                                     ecn != q_src.queue_ecn.end() ? ecn->second.src : wred->second.src, intf.name);
      if (!name.empty()) port.queueFor(q, wred->second.src).wred_profile = Reference{name, wred->second.src, false};
    }
    const Interface& s_src = (trunk && intf.queue_drr.empty() && intf.queue_weight.empty()) ? *trunk : intf;
    for (int q = 0; q < 8; ++q) {
      auto drr = s_src.queue_drr.find(q);
      auto weight = s_src.queue_weight.find(q);
      std::string name;
      if (drr != s_src.queue_drr.end() && drr->second.value) {
        int w = weight != s_src.queue_weight.end() ? weight->second.value : 1;
        name = fmt::format("qos drr weight {}", w);
        if (!sw_.schedulers.count(name)) {
          Sourced<int> ws =
              weight != s_src.queue_weight.end() ? weight->second : Sourced<int>{1, defaultSrc("qos queue drr weight")};
          sw_.schedulers.emplace(
              name, Scheduler{name, Sourced<std::string>{"DWRR", drr->second.src}, ws, std::nullopt, drr->second.src});
        }
        port.queueFor(q, drr->second.src).scheduler = Reference{name, drr->second.src, false};
      } else {
        SourceRef where = drr != s_src.queue_drr.end() ? drr->second.src : defaultSrc("qos pq");
        name = drr != s_src.queue_drr.end() ? "qos pq" : "huawei-default-pq";
        if (!sw_.schedulers.count(name))
          sw_.schedulers.emplace(
              name, Scheduler{name, Sourced<std::string>{"STRICT", where}, std::nullopt, std::nullopt, where});
        port.queueFor(q, where).scheduler = Reference{name, where, false};
      }
    }
  }

  // The model profile of drop profile `ref` on a queue that marks (`qos queue Q ecn`) or drops:
  // marking uses the `ecn` line (the green line when there is none [I]) on every colour; dropping
  // uses the colour lines. Empty when the profile is not defined (CFG002).
  std::string wredProfile(const Reference& ref, bool marks, const SourceRef& ecn_src, const std::string& port) {
    auto it = drop_profiles_.find(ref.name);
    if (it == drop_profiles_.end() && ref.name != "default") {
      undefined(port, "drop-profile", ref.name,
                fmt::format("{}: qos queue wred {} names a drop profile that is not defined; the queue neither "
                            "marks nor drops early",
                            port, ref.name),
                ref.src,
                fmt::format("define `drop-profile {}` with its `ecn buffer-size` line, or correct the name", ref.name));
      return "";
    }
    std::string name = fmt::format("drop-profile {}{}", ref.name.str(), marks ? "" : " (no ecn)");
    if (sw_.wred_profiles.count(name)) return name;
    static const DropProfile kFactory{};  // the `default` profile: thresholds at 100 %, nothing written
    const DropProfile& drop = it != drop_profiles_.end() ? it->second : kFactory;
    WredProfile profile;
    profile.name = name;
    profile.src = drop.src.known() ? drop.src : ref.src;
    auto curve = [&](const WredLine& line) {
      WredColor c;
      if (line.low) c.min_threshold_bytes = Sourced<std::uint64_t>{bytesOf(*line.low), line.src};
      if (line.high) c.max_threshold_bytes = Sourced<std::uint64_t>{bytesOf(*line.high), line.src};
      c.drop_probability_percent = Sourced<int>{line.probability, line.src};
      c.enabled = Sourced<bool>{true, line.src};
      return c;
    };
    if (marks) {
      const std::optional<WredLine>& line = drop.ecn ? drop.ecn : drop.colors[0];
      for (Color colour : kColors) {
        if (line) profile.colors[static_cast<std::size_t>(colour)] = curve(*line);
      }
      profile.ecn = Sourced<std::string>{line ? "ecn_all" : "ecn_none", ecn_src};
    } else {
      for (std::size_t c = 0; c < 3; ++c) {
        if (drop.colors[c]) profile.colors[c] = curve(*drop.colors[c]);
      }
      profile.ecn = Sourced<std::string>{"ecn_none", ref.src};
    }
    sw_.wred_profiles.emplace(name, std::move(profile));
    return name;
  }

  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::set<std::string> jumbo_;  // interfaces with `jumboframe enable`
  std::map<std::string, PfcProfile> pfc_profiles_;
  std::map<std::string, Domain> domains_;
  std::map<std::string, DropProfile> drop_profiles_;
  std::optional<SourceRef> pfc_global_disable_;
  std::optional<Sourced<int>> deadlock_tick_;  // dcb pfc deadlock-detect interval (ms)
  std::optional<Sourced<int>> deadlock_detect_ms_;
  std::optional<Sourced<int>> deadlock_recovery_ms_;
  std::optional<Sourced<std::string>> recovery_behavior_;
  std::optional<SourceRef> low_latency_;
  bool cell_noted_ = false;
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
    .comment_leaders = "#",
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
