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
const cli::StatementGrammar kGrammar{
    {"route", "bridge", "access",  "trunk",      "hybrid", "external", "internal", "dynamic", "static",     "enable",
     "auto",  "manual", "discard", "forwarding", "high",   "normal",   "low",      "sp",      "byte-count", "weight"},
    {"link-mode", "link-type", "trust", "apply", "table"},
    {"description"},
    {"peer", "neighbor", "queue"}};

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
  static const std::set<std::string, std::less<>> qos = {
      "priority-flow-control", "qos", "buffer", "flow-control", "jumboframe", "mtu", "lldp", "ai-service", "dcbx"};
  return qos.count(w) > 0;
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

// A statement that the system view and an interface view both write; the most recent wins [V].
template <class T>
struct Setting {
  T value{};
  SourceRef src;
  int order = 0;  // reading order: the later statement wins
};

// One `queue Q drop-level L low-limit A high-limit B discard-probability P` (cells, percent).
struct WredLevel {
  std::uint64_t low_cells = 0;
  std::uint64_t high_cells = 0;
  int probability = 0;
  SourceRef src;
};

// A queue's WRED lines: in a `qos wred queue table`, or an interface's own `qos wred queue Q ...`.
struct WredQueue {
  std::array<std::optional<WredLevel>, 3> levels;  // drop-level 0/1/2 = green/yellow/red
  std::optional<SourceRef> ecn;                    // `queue Q ecn`
  SourceRef src;                                   // the first line
};

struct WredTable {
  SourceRef src;
  std::map<int, WredQueue> queues;
};

enum class TrustMode : std::uint8_t { Dscp, Dot1p };

// ` priority-flow-control dot1p P ...` lines of an interface (cells), each value the last written.
struct PfcBuffer {
  std::optional<Sourced<std::uint64_t>> headroom_cells;
  std::optional<Sourced<std::uint64_t>> reserved_cells;
  std::optional<Sourced<std::uint64_t>> static_cells;  // ingress-buffer static: the back-pressure threshold
  std::optional<Sourced<int>> dynamic_index;           // ingress-buffer dynamic: not converted [unconfirmed]
  std::optional<Sourced<std::uint64_t>> offset_cells;  // ingress-threshold-offset: xon = xoff - offset
  SourceRef src;                                       // the first line
};

// A queue's scheduling: strict priority (`qos sp`, `... group sp`) or a weight in group 1.
struct QueueScheduling {
  bool strict = false;
  int weight = 1;
  std::string unit;  // byte-count (DWRR) or weight (WRR)
  SourceRef src;
};

struct Interface : common::CliInterface {
  std::optional<Sourced<int>> aggregation_group;    // ` port link-aggregation group N`
  std::optional<Setting<bool>> pfc_on;              // ` priority-flow-control enable|auto` / `undo`
  std::optional<Setting<bool>> pfc_auto;            // the same statement: `auto` (negotiated by DCBX)
  std::optional<Sourced<bool>> pause_rx;            // ` flow-control` / ` flow-control receive enable` / `undo`
  std::optional<Sourced<bool>> pause_tx;            // ` flow-control` / `undo flow-control`
  std::optional<Sourced<bool>> dcbx;                // ` lldp tlv-enable dot1-tlv dcbx` / `undo`
  std::optional<Setting<PrioritySet>> no_drop;      // ` priority-flow-control no-drop dot1p LIST`
  std::optional<Sourced<bool>> deadlock;            // ` priority-flow-control deadlock enable`
  std::optional<Sourced<TrustMode>> trust;          // ` qos trust dscp|dot1p`
  std::optional<Sourced<int>> port_priority;        // ` qos priority N`
  std::optional<Reference> wred_table;              // ` qos wred apply NAME`
  std::map<int, WredQueue> wred;                    // ` qos wred queue Q ...`
  std::map<int, PfcBuffer> pfc_buffer;              // ` priority-flow-control dot1p P ...`
  std::optional<Sourced<std::string>> scheduling;   // ` qos sp` / ` qos wrr|wfq [byte-count|weight]`
  std::map<int, QueueScheduling> queue_scheduling;  // ` qos wrr|wfq Q group ...`
  bool wfq = false;                                 // the weighted lines are `qos wfq` ones
};

const char* const kDscpMap = "qos map-table dscp-dot1p";
const char* const kLpMap = "qos map-table dot1p-lp";
const char* const kPcpMap = "h3c-dot1p";
const char* const kPgMap = "h3c-dot1p-to-priority-group";

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
    sw_.buffer_model = BufferModel::Dynamic;  // the chip sizes headroom itself unless per-priority lines say
    buildMaps();
    buildCliInterfaces(
        interfaces_, interface_order_, kBridgeAggregation, "LoopBack", [](const Interface&) {},
        [&](const Interface& intf) { buildPort(intf); });
    buildBgp(bgp_);
    for (StagedSetting& staged : staged_buffer_) sw_.staged_settings.push_back(std::move(staged));
    finishSwitch(coverage);
  }

 private:
  // --- top level ------------------------------------------------------------------------------

  void topLevel(const ConfigLine& l) {
    const std::string& w0 = l.word(0);
    if (w0 == "sysname" && l.words.size() == 2) return defaultsFrom(l);
    if (w0 == "version") return;  // the framing's release line, not configuration
    if (w0 == "interface" && l.words.size() >= 2) return interface(l);
    if (w0 == "bgp" && l.words.size() >= 2) return bgp(l, 1);                           // Comware 7
    if (w0 == "router" && l.word(1) == "bgp" && l.words.size() >= 3) return bgp(l, 2);  // Comware 9 [I]
    if (l.startsWith({"ip", "route-static"})) return staticRoute(l);
    if (w0 == "priority-flow-control" || l.startsWith({"undo", "priority-flow-control"})) return systemPfc(l);
    if (l.startsWith({"qos", "map-table"}) && l.words.size() == 3) return mapTable(l);
    if (w0 == "buffer" && l.words.size() >= 2) return bufferLine(l);
    if (l.startsWith({"qos", "wred", "queue", "table"}) && l.words.size() == 5) return wredTable(l);
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
      intf.speed = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 10, 800000, "a speed in Mb/s") * kSpeedUnitMbps,
                                          src(c, ctx)};
    } else if (c.startsWith({"ip", "address"}) && c.words.size() >= 4) {
      std::optional<int> length = common::prefixLength(c.word(3));
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
    } else if (interfaceQos(c, ctx, intf)) {
      return;
    } else if (w0 == "link-aggregation" || w0 == "ipv6" || w0 == "lldp" || w0 == "undo" || w0 == "ip") {
      notUnderstood(c, ctx, false);
    } else {
      notUnderstood(c, ctx, isQosKeyword(w0));
    }
  }

  // --- QoS ------------------------------------------------------------------------------------

  // `3`, `3 4`, `0 to 2`: 802.1p priorities, DSCP values or queues from word i up to word `end`.
  std::vector<int> valueList(const ConfigLine& l, std::size_t i, std::size_t end, int max,
                             const std::string& what) const {
    std::vector<int> values;
    for (; i < end; ++i) {
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

  // `priority-flow-control enable|auto`, `undo priority-flow-control`, `priority-flow-control
  // no-drop dot1p LIST`, `undo priority-flow-control no-drop dot1p`: the same in the system view
  // and an interface view. False for any other line.
  bool pfcLine(const ConfigLine& c, const std::string& ctx, std::optional<Setting<bool>>& on,
               std::optional<Setting<bool>>& negotiated, std::optional<Setting<PrioritySet>>& no_drop) {
    bool undo = c.word(0) == "undo";
    std::size_t at = undo ? 1 : 0;
    if (c.word(at) != "priority-flow-control") return false;
    if (undo && c.words.size() == 2) {
      on = Setting<bool>{false, src(c, ctx), ++order_};
      negotiated = Setting<bool>{false, on->src, on->order};
    } else if (!undo && c.words.size() == 2 && (c.word(1) == "enable" || c.word(1) == "auto")) {
      // `auto` negotiates with the peer by DCBX: read as on [I] (kAutoModeEnablesPfc), with the
      // negotiation recorded for the rules (PFC008).
      on = Setting<bool>{c.word(1) == "enable" || kAutoModeEnablesPfc, src(c, ctx), ++order_};
      negotiated = Setting<bool>{c.word(1) == "auto", on->src, on->order};
    } else if (c.word(at + 1) == "no-drop" && c.word(at + 2) == "dot1p") {
      PrioritySet set;
      if (!undo) {
        for (int p : valueList(c, 3, c.words.size(), 7, "an 802.1p priority")) set.set(static_cast<std::size_t>(p));
      } else if (c.words.size() != 4) {
        fail(c, "expected \"undo priority-flow-control no-drop dot1p\"");
      }
      no_drop = Setting<PrioritySet>{set, src(c, ctx), ++order_};
    } else {
      return false;
    }
    parsedQos();
    return true;
  }

  // 802.3x flow control of an interface: ` flow-control` (receive and send), ` flow-control receive
  // enable` (receive only), their `undo` forms. False for any other line.
  bool linkPauseLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    bool undo = c.word(0) == "undo";
    std::size_t at = undo ? 1 : 0;
    if (c.word(at) != "flow-control") return false;
    if (c.words.size() == at + 1) {
      intf.pause_rx = Sourced<bool>{!undo, src(c, ctx)};
      intf.pause_tx = intf.pause_rx;
    } else if (c.word(at + 1) == "receive" && c.word(at + 2) == "enable" && c.words.size() == at + 3) {
      intf.pause_rx = Sourced<bool>{!undo, src(c, ctx)};
      if (!undo) intf.pause_tx = Sourced<bool>{false, src(c, ctx)};
    } else {
      fail(c, fmt::format("expected \"{}flow-control [receive enable]\"", undo ? "undo " : ""));
    }
    return true;
  }

  // ` lldp tlv-enable dot1-tlv dcbx`: the interface advertises DCBX TLVs (PFC negotiation).
  bool dcbxLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    bool undo = c.word(0) == "undo";
    std::size_t at = undo ? 1 : 0;
    if (!(c.word(at) == "lldp" && c.word(at + 1) == "tlv-enable" && c.word(at + 2) == "dot1-tlv" &&
          c.word(at + 3) == "dcbx" && c.words.size() == at + 4))
      return false;
    intf.dcbx = Sourced<bool>{!undo, src(c, ctx)};
    return true;
  }

  // System-view `buffer egress ...` settings are staged until `buffer apply` [D]: the ones no later
  // `buffer apply` follows are recorded as staged (BUF013). Their values are not modelled.
  void bufferLine(const ConfigLine& l) {
    if (l.text == "buffer apply") {
      staged_buffer_.clear();
      parsedQos();
      return;
    }
    if (l.word(1) != "egress") return notUnderstood(l, "", true);
    staged_buffer_.push_back(StagedSetting{l.text, "", src(l, "")});
    notUnderstood(l, "", true, "the egress shared-buffer setting's value is not modelled");
  }

  // System-view `priority-flow-control ...`: PFC and the lossless list for every Ethernet port [V],
  // and the deadlock detection timers.
  void systemPfc(const ConfigLine& l) {
    if (pfcLine(l, "", system_pfc_on_, system_pfc_auto_, system_no_drop_)) return;
    if (l.word(1) == "poolid" && l.word(3) == "headroom" && l.words.size() == 5) return headroomPool(l);
    if (l.word(0) != "priority-flow-control" || l.word(1) != "deadlock") return notUnderstood(l, "", true);
    const std::string& w2 = l.word(2);
    if (w2 == "precision" && l.words.size() == 4) {
      const std::string& p = l.word(3);
      if (p != "high" && p != "normal" && p != "low")
        fail(l, fmt::format("expected high, normal or low after \"precision\", got \"{}\"", p));
      deadlock_tick_ = Sourced<int>{p == "high" ? kTickHighMs : p == "normal" ? kTickNormalMs : kTickLowMs, src(l, "")};
    } else if (w2 == "cos" && l.word(4) == "interval" && l.words.size() == 6) {
      int cos = integer<int>(l, 3, 0, 7, "an 802.1p priority");
      deadlock_interval_[cos] = Sourced<int>{integer<int>(l, 5, 1, 15, "a detection interval"), src(l, "")};
    } else if (w2 == "auto-recover" && l.word(3) == "cos" && l.word(5) == "delay" && l.words.size() == 7) {
      int cos = integer<int>(l, 4, 0, 7, "an 802.1p priority");
      recover_delay_[cos] = Sourced<int>{integer<int>(l, 6, 1, 15, "a recovery delay"), src(l, "")};
    } else if (w2 == "auto-recover" && l.word(3) == "action" && l.words.size() == 5) {
      const std::string& a = l.word(4);
      if (a != "discard" && a != "forwarding")
        fail(l, fmt::format("expected discard or forwarding after \"action\", got \"{}\"", a));
      recover_action_ = Sourced<std::string>{a == "discard" ? "drop" : "forward", src(l, "")};
    } else if (w2 == "threshold") {
      return notUnderstood(l, "", true, "the deadlock escalation (threshold ... error-down) is not modelled");
    } else {
      return notUnderstood(l, "", true);
    }
    parsedQos();
  }

  // `qos map-table dscp-dot1p|dot1p-lp` with ` import LIST export N` lines over Comware's default table.
  void mapTable(const ConfigLine& l) {
    const std::string& which = l.word(2);
    bool dscp = which == "dscp-dot1p";
    if (!dscp && which != "dot1p-lp") {
      blockNotModelled(l, "qos map-table", fmt::format("the {} table is not modelled", which));
      blockCounted(l);
      return;
    }
    parsedQos();
    std::map<int, Sourced<int>>& table = dscp ? dscp_dot1p_ : dot1p_lp_;
    for (const ConfigLine& c : l.children) {
      auto export_at = std::find(c.words.begin(), c.words.end(), "export");
      if (c.word(0) != "import" || export_at == c.words.end() || export_at + 2 != c.words.end())
        fail(c, "expected \"import <values> export <value>\"");
      std::size_t e = static_cast<std::size_t>(export_at - c.words.begin());
      int to = integer<int>(c, e + 1, 0, 7, dscp ? "an 802.1p priority" : "a local precedence");
      for (int from : valueList(c, 1, e, dscp ? 63 : 7, dscp ? "a DSCP value" : "an 802.1p priority"))
        table[from] = Sourced<int>{to, src(c, l.text)};
      parsedQos();
    }
  }

  // `[qos wred] queue Q drop-level L low-limit A high-limit B discard-probability P`, `... queue Q ecn`,
  // `... queue Q weighting-constant N` from word `at` (the word `queue`). False for another line.
  bool wredLine(const ConfigLine& c, std::size_t at, const std::string& ctx, std::map<int, WredQueue>& queues) {
    if (c.word(at) != "queue" || c.words.size() < at + 3) return false;
    int q = integer<int>(c, at + 1, 0, 7, "a queue");
    WredQueue& queue = queues[q];
    if (!queue.src.known()) queue.src = src(c, ctx);
    const std::string& what = c.word(at + 2);
    if (what == "ecn" && c.words.size() == at + 3) {
      queue.ecn = src(c, ctx);
    } else if (what == "weighting-constant" && c.words.size() == at + 4) {
      integer<int>(c, at + 3, 0, 15, "a weighting constant");  // the EWMA exponent: not modelled
    } else if (what == "drop-level" && c.words.size() == at + 10) {
      int level = integer<int>(c, at + 3, 0, 2, "a drop level");
      if (c.word(at + 4) != "low-limit" || c.word(at + 6) != "high-limit" || c.word(at + 8) != "discard-probability")
        fail(
            c,
            "expected \"queue <q> drop-level <l> low-limit <cells> high-limit <cells> discard-probability <percent>\"");
      WredLevel w;
      w.low_cells = integer<std::uint64_t>(c, at + 5, 0, UINT32_MAX, "a threshold in cells");
      w.high_cells = integer<std::uint64_t>(c, at + 7, w.low_cells, UINT32_MAX, "a threshold in cells");
      w.probability = integer<int>(c, at + 9, 0, 100, "a percentage");
      w.src = src(c, ctx);
      queue.levels[static_cast<std::size_t>(level)] = w;
    } else {
      fail(c, fmt::format("expected drop-level, ecn or weighting-constant after \"queue {}\", got \"{}\"", q, what));
    }
    parsedQos();
    return true;
  }

  // A queue by number (0-7) or by name (be, af1-af4, ef, cs6, cs7 [D]) at word i.
  int queueAt(const ConfigLine& c, std::size_t i) const {
    static constexpr std::array<std::string_view, 8> kNames = {"be", "af1", "af2", "af3", "af4", "ef", "cs6", "cs7"};
    for (std::size_t q = 0; q < kNames.size(); ++q) {
      if (c.word(i) == kNames[q]) return static_cast<int>(q);
    }
    if (!cli::number<int>(c.word(i)))
      fail(c, fmt::format("expected a queue (0-7, be, af1-af4, ef, cs6, cs7), got \"{}\"", c.word(i)));
    return integer<int>(c, i, 0, 7, "a queue");
  }

  // ` qos wrr|wfq Q group sp` (strict priority) / ` qos wrr|wfq Q group 1 byte-count|weight W`.
  void schedulingLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    QueueScheduling q;
    q.src = src(c, ctx);
    int queue = queueAt(c, 2);
    if (c.word(4) == "sp" && c.words.size() == 5) {
      q.strict = true;
    } else if (c.words.size() == 7 && (c.word(5) == "byte-count" || c.word(5) == "weight")) {
      integer<int>(c, 4, 1, 2, "a WRR group");
      q.unit = c.word(5);
      q.weight = integer<int>(c, 6, 1, 255, "a weight");
    } else {
      fail(c, "expected \"qos wrr|wfq <queue> group sp\" or \"qos wrr|wfq <queue> group <n> byte-count|weight <w>\"");
    }
    intf.queue_scheduling[queue] = q;
  }

  // priority-flow-control dot1p P {headroom N | reserved-buffer N | ingress-buffer static N |
  //                                ingress-buffer dynamic A | ingress-threshold-offset N} (cells)
  void pfcBufferLine(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    int p = integer<int>(c, 2, 0, 7, "an 802.1p priority");
    PfcBuffer& buffer = intf.pfc_buffer[p];
    if (!buffer.src.known()) buffer.src = src(c, ctx);
    const std::string& what = c.word(3);
    auto cells = [&](std::size_t i) {
      return Sourced<std::uint64_t>{integer<std::uint64_t>(c, i, 0, UINT32_MAX, "a size in cells"), src(c, ctx)};
    };
    if (what == "headroom" && c.words.size() == 5) {
      buffer.headroom_cells = cells(4);
    } else if (what == "reserved-buffer" && c.words.size() == 5) {
      buffer.reserved_cells = cells(4);
    } else if (what == "ingress-threshold-offset" && c.words.size() == 5) {
      buffer.offset_cells = cells(4);
    } else if (what == "ingress-buffer" && c.word(4) == "static" && c.words.size() == 6) {
      buffer.static_cells = cells(5);
      buffer.dynamic_index.reset();
    } else if (what == "ingress-buffer" && c.word(4) == "dynamic" && c.words.size() == 6) {
      buffer.dynamic_index = Sourced<int>{integer<int>(c, 5, 0, 100, "a dynamic threshold index"), src(c, ctx)};
      buffer.static_cells.reset();
    } else {
      fail(c, fmt::format("expected headroom, reserved-buffer, ingress-buffer static|dynamic or "
                          "ingress-threshold-offset after \"dot1p {}\", got \"{}\"",
                          p, what));
    }
  }

  // `priority-flow-control poolid N headroom CELLS` (system view): the shared headroom pool N.
  void headroomPool(const ConfigLine& l) {
    int id = integer<int>(l, 2, 0, 3, "a pool id");
    std::uint64_t size = integer<std::uint64_t>(l, 4, 0, UINT32_MAX, "a size in cells");
    std::string name = fmt::format("priority-flow-control poolid {}", id);
    BufferPool pool;
    pool.name = name;
    pool.type = PoolType::Ingress;
    pool.src = src(l, "");
    pool.shared_headroom_bytes = Sourced<std::uint64_t>{size * cellBytes(pool.src), pool.src};
    sw_.pools[name] = std::move(pool);
    parsedQos();
  }

  void wredTable(const ConfigLine& l) {
    parsedQos();
    WredTable& table = wred_tables_[l.word(4)];
    table.src = src(l, "");
    for (const ConfigLine& c : l.children) {
      if (!wredLine(c, 0, l.text, table.queues)) notUnderstood(c, l.text, true);
    }
  }

  // True when `c` is an interface QoS line this reader models (read into `intf`).
  bool interfaceQos(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    if (pfcLine(c, ctx, intf.pfc_on, intf.pfc_auto, intf.no_drop)) return true;
    if (linkPauseLine(c, ctx, intf) || dcbxLine(c, ctx, intf)) {
      parsedQos();
      return true;
    }
    if (c.startsWith({"priority-flow-control", "dot1p"}) && c.words.size() >= 5) {
      pfcBufferLine(c, ctx, intf);
    } else if (c.text == "qos sp") {
      intf.scheduling = Sourced<std::string>{"sp", src(c, ctx)};
    } else if ((c.startsWith({"qos", "wrr"}) || c.startsWith({"qos", "wfq"})) && c.words.size() <= 3) {
      const std::string& unit = c.words.size() == 3 ? c.word(2) : "weight";
      if (unit != "byte-count" && unit != "weight")
        fail(c, fmt::format("expected byte-count or weight after \"qos {}\", got \"{}\"", c.word(1), unit));
      intf.scheduling = Sourced<std::string>{unit, src(c, ctx)};
      intf.wfq = c.word(1) == "wfq";
    } else if ((c.startsWith({"qos", "wrr"}) || c.startsWith({"qos", "wfq"})) && c.word(3) == "group") {
      schedulingLine(c, ctx, intf);
      intf.wfq = c.word(1) == "wfq";
    } else if (c.startsWith({"priority-flow-control", "deadlock", "enable"}) && c.words.size() == 3) {
      intf.deadlock = Sourced<bool>{true, src(c, ctx)};
    } else if (c.startsWith({"undo", "priority-flow-control", "deadlock", "enable"}) && c.words.size() == 4) {
      intf.deadlock = Sourced<bool>{false, src(c, ctx)};
    } else if (c.startsWith({"priority-flow-control", "deadlock", "recover-mode"}) && c.words.size() == 4) {
      if (c.word(3) != "auto" && c.word(3) != "manual")
        fail(c, fmt::format("expected auto or manual after \"recover-mode\", got \"{}\"", c.word(3)));
      if (c.word(3) == "manual") {
        notUnderstood(c, ctx, true, "manual recovery (PFC re-armed by an operator) is not modelled");
        return true;
      }
    } else if (c.startsWith({"qos", "trust"}) && c.words.size() == 3 && (c.word(2) == "dscp" || c.word(2) == "dot1p")) {
      intf.trust = Sourced<TrustMode>{c.word(2) == "dscp" ? TrustMode::Dscp : TrustMode::Dot1p, src(c, ctx)};
    } else if (c.startsWith({"qos", "priority"}) && c.words.size() == 3) {
      intf.port_priority = Sourced<int>{integer<int>(c, 2, 0, 7, "a port priority"), src(c, ctx)};
    } else if (c.startsWith({"qos", "wred", "apply"}) && c.words.size() == 4) {
      intf.wred_table = Reference{c.word(3), src(c, ctx), false};  // one table per interface: the last wins [I]
    } else if (c.startsWith({"qos", "wred", "queue"}) && wredLine(c, 2, ctx, intf.wred)) {
      return true;
    } else {
      return false;
    }
    parsedQos();
    return true;
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
    auto route = common::routeStatic(l, src(l, ""), interfaceName);
    if (!route) fail(l, "expected \"ip route-static [vpn-instance <name>] <prefix> <mask or length> ...\"");
    sw_.static_routes.push_back(std::move(*route));
  }

  // --- model building -------------------------------------------------------------------------

  // A Comware default, sited at the sysname line; the origin is the statement that would override it.
  SourceRef defaultSrc(const std::string& statement) const {
    return default_src_.withOrigin(OriginKind::Default, statement);
  }

  QosMap& addMap(MapKind kind, const std::string& name, const SourceRef& where) {
    QosMap map;
    map.name = name;
    map.src = where;
    return sw_.maps[static_cast<std::size_t>(kind)].insert_or_assign(name, std::move(map)).first->second;
  }

  // The priority chain (FORMATS-huawei-h3c.md §11.3): DSCP -(dscp-dot1p)-> 802.1p = the model's
  // TC and the PFC priority -(dot1p-lp)-> local precedence = the queue; PG p is 802.1p p. Each
  // table is its `import` lines over Comware's default ([I], defaultDot1pOfDscp, kDefaultDot1pToLp).
  void buildMaps() {
    QosMap& dscp = addMap(MapKind::DscpToTc, kDscpMap, defaultSrc("qos map-table dscp-dot1p"));
    SourceRef dscp_default = defaultSrc("qos map-table dscp-dot1p > import");
    for (int d = 0; d < 64; ++d) {
      auto it = dscp_dot1p_.find(d);
      dscp.entries[d] = it != dscp_dot1p_.end() ? it->second : Sourced<int>{defaultDot1pOfDscp(d), dscp_default};
    }
    QosMap& lp = addMap(MapKind::TcToQueue, kLpMap, defaultSrc("qos map-table dot1p-lp"));
    QosMap& pause = addMap(MapKind::PfcToQueue, kLpMap, defaultSrc("qos map-table dot1p-lp"));
    SourceRef lp_default = defaultSrc("qos map-table dot1p-lp > import");
    QosMap& pcp = addMap(MapKind::Dot1pToTc, kPcpMap, defaultSrc("qos trust dot1p"));
    QosMap& pgs = addMap(MapKind::TcToPg, kPgMap, defaultSrc("priority-flow-control no-drop dot1p"));
    for (int p = 0; p < 8; ++p) {
      auto it = dot1p_lp_.find(p);
      Sourced<int> queue = it != dot1p_lp_.end() ? it->second : Sourced<int>{kDefaultDot1pToLp[p], lp_default};
      lp.entries[p] = queue;
      pause.entries[p] = queue;
      pcp.entries[p] = Sourced<int>{p, pcp.src};
      pgs.entries[p] = Sourced<int>{p, pgs.src};
    }
  }

  // Trust: `qos trust dscp` classifies by DSCP through dscp-dot1p, `qos trust dot1p` by the packet's
  // 802.1p; without it every packet takes the port priority (`qos priority`, default 0 [I]) [D].
  void buildClassification(Port& port, const Interface& intf, const Interface* lag) {
    const auto& trust = own(intf, lag, &Interface::trust);
    auto bind = [&](MapKind kind, const std::string& name, const SourceRef& where) {
      port.qos.maps[static_cast<std::size_t>(kind)] = Reference{name, where, false};
    };
    if (trust && trust->value == TrustMode::Dscp) {
      bind(MapKind::DscpToTc, kDscpMap, trust->src);
      port.qos.trust = Trust::Dscp;
    } else if (trust) {
      bind(MapKind::Dot1pToTc, kPcpMap, trust->src);
      port.qos.trust = Trust::Pcp;
    } else {
      const auto& priority = own(intf, lag, &Interface::port_priority);
      int p = priority ? priority->value : kDefaultPortPriority;
      SourceRef where =
          priority ? priority->src : intf.src.withOrigin(OriginKind::Default, intf.src.originText() + " > qos trust");
      std::string name = fmt::format("h3c-untrusted-priority-{}", p);
      if (!sw_.findMap(MapKind::DscpToTc, name)) {
        QosMap& map = addMap(MapKind::DscpToTc, name, where);
        for (int d = 0; d < 64; ++d) map.entries[d] = Sourced<int>{p, where};
      }
      bind(MapKind::DscpToTc, name, where);
      port.qos.trust = Trust::Dscp;
    }
    bind(MapKind::TcToQueue, kLpMap, port.qos.src);
    bind(MapKind::PfcToQueue, kLpMap, port.qos.src);
    bind(MapKind::TcToPg, kPgMap, port.qos.src);
  }

  // The later of the system-view and the interface's (or its aggregate's) statement [V].
  template <class T>
  const std::optional<Setting<T>>& latest(const std::optional<Setting<T>>& system,
                                          const std::optional<Setting<T>>& mine) const {
    if (!mine) return system;
    if (!system) return mine;
    return system->order > mine->order ? system : mine;
  }

  // PFC needs both `enable` (or `auto`) and a `no-drop dot1p` list [V]; the lossless PGs size their
  // headroom at run time; the watchdog only with ` priority-flow-control deadlock enable` [V].
  void buildPfc(Port& port, const Interface& intf, const Interface* lag) {
    const auto& on = latest(system_pfc_on_, own(intf, lag, &Interface::pfc_on));
    const auto& list = latest(system_no_drop_, own(intf, lag, &Interface::no_drop));
    const auto& negotiated = latest(system_pfc_auto_, own(intf, lag, &Interface::pfc_auto));
    if (const auto& rx = own(intf, lag, &Interface::pause_rx)) port.link_pause_rx = Sourced<bool>{rx->value, rx->src};
    if (const auto& tx = own(intf, lag, &Interface::pause_tx)) port.link_pause_tx = Sourced<bool>{tx->value, tx->src};
    // DCBX TLVs are not advertised unless ` lldp tlv-enable dot1-tlv dcbx` says so [D].
    const auto& dcbx = own(intf, lag, &Interface::dcbx);
    port.dcbx = dcbx ? *dcbx : Sourced<bool>{false, defaultSrc("lldp tlv-enable dot1-tlv dcbx")};
    if (!on && !list) return;
    PrioritySet set = (on && on->value && list) ? list->value : PrioritySet{};
    const SourceRef& where = on && (!list || !on->value || on->order > list->order) ? on->src : list->src;
    port.qos.pfc_enable = Sourced<PrioritySet>{set, where};
    if (negotiated && negotiated->value && set.any()) port.pfc_negotiated = Sourced<bool>{true, negotiated->src};
    for (std::size_t p = 0; p < 8; ++p) {
      if (!set.test(p)) continue;
      const PfcBuffer* buffer = nullptr;
      std::string owner = intf.name;
      if (auto b = intf.pfc_buffer.find(static_cast<int>(p)); b != intf.pfc_buffer.end()) {
        buffer = &b->second;
      } else if (lag) {
        if (auto t = lag->pfc_buffer.find(static_cast<int>(p)); t != lag->pfc_buffer.end()) {
          buffer = &t->second;
          owner = lag->name;
        }
      }
      if (buffer) {
        std::string name = bufferProfile(owner, static_cast<int>(p), *buffer);
        port.pgs.set(
            p, PriorityGroup{static_cast<int>(p), Reference{name, buffer->src, false}, false, false, buffer->src});
      } else {
        port.pgs.set(p, PriorityGroup{static_cast<int>(p), std::nullopt, true, true, list->src});
      }
    }
    const auto& deadlock = own(intf, lag, &Interface::deadlock);
    if (set.none() || !deadlock || !deadlock->value) return;
    // Detection: `deadlock cos P interval N` x the precision's tick [I] for the lowest lossless P that
    // has one; recovery: `auto-recover cos P delay D` x kRecoverDelayUnitMs [unconfirmed].
    PortWatchdog wd;
    wd.src = deadlock->src;
    int tick = deadlock_tick_ ? deadlock_tick_->value : kTickNormalMs;
    for (std::size_t p = 0; p < 8; ++p) {
      if (!set.test(p)) continue;
      auto interval = deadlock_interval_.find(static_cast<int>(p));
      if (!wd.detection_ms && interval != deadlock_interval_.end())
        wd.detection_ms = Sourced<int>{interval->second.value * tick, interval->second.src};
      auto delay = recover_delay_.find(static_cast<int>(p));
      if (!wd.restoration_ms && delay != recover_delay_.end())
        wd.restoration_ms = Sourced<int>{delay->second.value * kRecoverDelayUnitMs, delay->second.src};
    }
    wd.action = recover_action_
                    ? *recover_action_
                    : Sourced<std::string>{"forward", defaultSrc("priority-flow-control deadlock auto-recover action")};
    port.watchdog = std::move(wd);
    // Detection runs on the CoS values `deadlock cos P interval N` names [V] (they must be no-drop);
    // with none named the port's no-drop list is taken as watched [I]. Located at the first CoS
    // outside the no-drop list, else at the first one.
    if (deadlock_interval_.empty()) return;
    PrioritySet watched;
    const SourceRef* at = &deadlock_interval_.begin()->second.src;
    bool outside_seen = false;
    for (const auto& [cos, interval] : deadlock_interval_) {
      watched.set(static_cast<std::size_t>(cos));
      if (!outside_seen && !set.test(static_cast<std::size_t>(cos))) {
        at = &interval.src;
        outside_seen = true;
      }
    }
    port.qos.pfcwd_sw_enable = Sourced<PrioritySet>{watched, *at};
  }

  // ` priority-flow-control dot1p P` lines as a buffer profile (cells to bytes): headroom -> xoff
  // (the headroom), ingress-buffer static -> the pause threshold, ingress-threshold-offset -> the
  // resume offset, reserved-buffer -> the guaranteed size [D]; the pool is the shared headroom pool
  // when one is set. Without `headroom` the chip sizes the headroom; the dynamic index is not converted.
  std::string bufferProfile(const std::string& port, int p, const PfcBuffer& buffer) {
    std::string name = fmt::format("interface {} priority-flow-control dot1p {}", port, p);
    if (sw_.profiles.count(name)) return name;
    BufferProfile profile;
    profile.name = name;
    profile.src = buffer.src;
    auto bytes = [&](const std::optional<Sourced<std::uint64_t>>& cells) -> std::optional<Sourced<std::uint64_t>> {
      if (!cells) return std::nullopt;
      return Sourced<std::uint64_t>{cells->value * cellBytes(cells->src), cells->src};
    };
    if (buffer.headroom_cells) {
      profile.xoff_bytes = bytes(buffer.headroom_cells);
    } else {
      profile.headroom_dynamic = true;
    }
    profile.static_th_bytes = bytes(buffer.static_cells);
    profile.xon_offset_bytes = bytes(buffer.offset_cells);
    profile.size_bytes = bytes(buffer.reserved_cells);
    for (const auto& [pool_name, pool] : sw_.pools) {
      if (pool.hasSharedHeadroom()) profile.pool = Reference{pool_name, buffer.src, false};
    }
    sw_.profiles.emplace(name, std::move(profile));
    return name;
  }

  // Scheduling: ` qos sp` makes every queue strict; under ` qos wrr|wfq` a queue is strict with
  // `group sp`, else weighted (its `byte-count` / `weight`, default 1 [I]); DWRR for byte counts and
  // WFQ, WRR for packet weights [I]. Without a scheduling line the platform's default applies
  // [unconfirmed]: no scheduler is modelled.
  void buildScheduling(Port& port, const Interface& intf, const Interface* lag) {
    const Interface& s_src = (lag && !intf.scheduling && intf.queue_scheduling.empty()) ? *lag : intf;
    if (!s_src.scheduling && s_src.queue_scheduling.empty()) return;
    bool all_sp = s_src.scheduling && s_src.scheduling->value == "sp";
    for (int q = 0; q < 8; ++q) {
      auto it = s_src.queue_scheduling.find(q);
      QueueScheduling qs;
      if (it != s_src.queue_scheduling.end() && !all_sp) {
        qs = it->second;
      } else {
        qs.strict = all_sp;
        qs.unit = s_src.scheduling ? s_src.scheduling->value : "weight";
        qs.src = s_src.scheduling ? s_src.scheduling->src : s_src.queue_scheduling.begin()->second.src;
      }
      std::string type = qs.strict ? "STRICT" : (qs.unit == "byte-count" || s_src.wfq) ? "DWRR" : "WRR";
      std::string name =
          qs.strict ? "qos sp" : fmt::format("qos wrr {} {}", qs.unit.empty() ? "weight" : qs.unit, qs.weight);
      if (!sw_.schedulers.count(name)) {
        std::optional<Sourced<int>> weight;
        if (!qs.strict) weight = Sourced<int>{qs.weight, qs.src};
        sw_.schedulers.emplace(name, Scheduler{name, Sourced<std::string>{type, qs.src}, weight, std::nullopt, qs.src});
      }
      port.queueFor(q, qs.src).scheduler = Reference{name, qs.src, false};
    }
  }

  // Bytes per cell of this switch's platform; an unknown platform takes kDefaultCellBytes, said once in a note.
  std::uint64_t cellBytes(const SourceRef& where) {
    std::string platform = !sw_.platform.empty() ? sw_.platform : sw_.hwsku;
    if (auto bytes = cellBytesOf(platform)) return *bytes;
    if (!cell_noted_) {
      cell_noted_ = true;
      notes_.push_back(makeNote(
          InputNote::Kind::UnknownField, sw_.name, "",
          fmt::format("a value in cells on a platform of unknown cell size ({}): rocelint takes {} bytes per cell "
                      "(docs/inputs.md, \"H3C Comware (7 / 9)\")",
                      platform.empty() ? "the configuration does not name it" : platform, kDefaultCellBytes),
          where));
      notes_.back().group = "H3C Comware cell size";
      notes_.back().fix =
          "check the thresholds against the platform's own cell size (S9820-64H 208 B, S6850 / S9850 256 B, "
          "S9825 / S9855 254 B)";
    }
    return kDefaultCellBytes;
  }

  // Queue Q marks with ECN when its WRED lines (the applied table's, else the interface's own) have
  // `queue Q ecn` [D]: every colour then marks on the drop-level 0 curve [I]; without it they drop.
  void buildQueues(Port& port, const Interface& intf, const Interface* lag) {
    const Interface& q_src = (lag && !intf.wred_table && intf.wred.empty()) ? *lag : intf;
    const std::map<int, WredQueue>* queues = &q_src.wred;
    std::string owner = fmt::format("interface {} qos wred", q_src.name);
    SourceRef bound;
    if (q_src.wred_table) {
      auto it = wred_tables_.find(q_src.wred_table->name);
      if (it == wred_tables_.end()) {
        undefined(intf.name, "qos wred queue table", q_src.wred_table->name,
                  fmt::format("{}: qos wred apply {} names a WRED table that is not defined; no queue of {} marks or "
                              "drops early",
                              intf.name, q_src.wred_table->name, intf.name),
                  q_src.wred_table->src,
                  fmt::format("define `qos wred queue table {}` with its `queue N ecn` lines, or correct the name",
                              q_src.wred_table->name));
        return;
      }
      queues = &it->second.queues;
      owner = fmt::format("qos wred queue table {}", q_src.wred_table->name);
      bound = q_src.wred_table->src;
    }
    for (const auto& [q, queue] : *queues) {
      if (!queue.levels[0] && !queue.levels[1] && !queue.levels[2]) continue;  // `ecn` without thresholds
      const SourceRef& where = q_src.wred_table ? bound : queue.src;  // the table's binding, or the queue's own lines
      bool marks = queue.ecn.has_value();
      std::string name = fmt::format("{} queue {}{}", owner, q, marks ? "" : " (no ecn)");
      if (!sw_.wred_profiles.count(name)) {
        WredProfile profile;
        profile.name = name;
        profile.src = queue.src;
        auto curve = [&](const WredLevel& w) {
          WredColor c;
          std::uint64_t cell = cellBytes(w.src);
          c.min_threshold_bytes = Sourced<std::uint64_t>{w.low_cells * cell, w.src};
          c.max_threshold_bytes = Sourced<std::uint64_t>{w.high_cells * cell, w.src};
          c.drop_probability_percent = Sourced<int>{w.probability, w.src};
          c.enabled = Sourced<bool>{true, w.src};
          return c;
        };
        for (std::size_t c = 0; c < 3; ++c) {
          const std::optional<WredLevel>& level = queue.levels[c] ? queue.levels[c] : queue.levels[0];
          if (level) profile.colors[c] = curve(*level);
        }
        profile.ecn = Sourced<std::string>{marks ? "ecn_all" : "ecn_none", marks ? *queue.ecn : queue.src};
        sw_.wred_profiles.emplace(name, std::move(profile));
      }
      port.queueFor(q, where).wred_profile = Reference{name, where, false};
    }
  }

  // The member's own setting, else its aggregate's.
  template <class T>
  const T& own(const Interface& intf, const Interface* lag, T Interface::*field) const {
    return (intf.*field || !lag) ? intf.*field : lag->*field;
  }

  void buildPort(const Interface& intf) {
    Port& port = sw_.portFor(intf.name);
    buildPortBasics(port, intf);
    // The name gives the speed unless ` speed N` is set (a breakout lane its own type's) [I for breakouts].
    if (!port.speed_mbps)
      port.speed_mbps =
          Sourced<std::uint32_t>{*portSpeedMbps(intf.name), intf.src.withOrigin(OriginKind::Default, "interface")};
    port.qos.src = intf.src;
    const Interface* lag = nullptr;
    if (auto it = interfaces_.find(intf.channel_group); it != interfaces_.end()) lag = &it->second;
    buildClassification(port, intf, lag);
    buildPfc(port, intf, lag);
    buildQueues(port, intf, lag);
    buildScheduling(port, intf, lag);
  }

  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::set<std::string> jumbo_;  // interfaces with `jumboframe enable`
  std::optional<Sourced<std::uint32_t>> bgp_asn_;
  common::CliBgp bgp_;
  int order_ = 0;  // statements of settings read so far (the later of system and interface wins)
  std::optional<Setting<bool>> system_pfc_on_;
  std::optional<Setting<bool>> system_pfc_auto_;
  std::vector<StagedSetting> staged_buffer_;  // `buffer egress ...` lines no `buffer apply` followed yet
  std::optional<Setting<PrioritySet>> system_no_drop_;
  std::map<int, Sourced<int>> dscp_dot1p_;  // `qos map-table dscp-dot1p` imports
  std::map<int, Sourced<int>> dot1p_lp_;    // `qos map-table dot1p-lp` imports
  std::map<std::string, WredTable> wred_tables_;
  std::optional<Sourced<int>> deadlock_tick_;      // ms per interval unit, from `deadlock precision`
  std::map<int, Sourced<int>> deadlock_interval_;  // `deadlock cos P interval N`
  std::map<int, Sourced<int>> recover_delay_;      // `deadlock auto-recover cos P delay D`
  std::optional<Sourced<std::string>> recover_action_;
  bool cell_noted_ = false;
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
    .comment_leaders = "#",
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
