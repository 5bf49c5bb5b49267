#include "nxos_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "common/cli_reader.hpp"
#include "common/switch_builder.hpp"
#include "rocelint/diagnostics.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::nxos {
namespace {

using cli::ConfigLine;
using cli::ConfigText;
using cli::number;

const char* const kDefaultQosMap = "nxos-default-qos-group-0";
const char* const kQueueMap = "nxos-qos-group-to-queue";
const char* const kPgMap = "nxos-qos-group-to-priority-group";

// Which NX-OS words are values (docs/inputs.md, "Source origins"): besides numbers, addresses and
// quoted text, the settings below, the word after a keyword that takes a name or setting, and a
// description; a BGP neighbour keeps its address (it names the object).
const cli::StatementGrammar kGrammar{{"on", "off", "auto", "send-tlv", "match-any", "match-all", "bytes", "kbytes",
                                      "mbytes", "gbytes", "packets", "active", "passive"},
                                     {"input", "output", "dscp", "peer"},
                                     {"description"},
                                     {"neighbor"}};

// NX-OS interface types as `show running-config` spells them, with the abbreviations the CLI takes
// (`e1/1`, `Eth1/1`, `po10`, `lo0`); a type not listed is kept as written.
const common::InterfaceNaming kNaming{{"Ethernet", 1, true}, {"port-channel", 2, true}, {"loopback", 2, false},
                                      {"Vlan", 1, false},    {"mgmt", 1, false},        {"nve", 1, false},
                                      {"Tunnel", 1, false}};

// ----------------------------------------------------------------------------------------------
// What the configuration says
// ----------------------------------------------------------------------------------------------

struct ClassMap {
  std::string name;
  std::string type;  // qos | network-qos | queuing
  std::set<int> dscp;
  std::set<int> cos;
  std::optional<int> qos_group;  // network-qos / queuing: match qos-group N
  SourceRef src;
};

struct QosClass {
  std::string class_map;
  std::optional<Sourced<int>> qos_group;
  SourceRef src;
};

struct QosPolicy {
  std::vector<QosClass> classes;
  SourceRef src;
};

struct NqClass {
  std::string name;
  std::optional<int> qos_group;  // resolved from the system class name or the class-map
  std::optional<Sourced<PrioritySet>> pfc_cos;
  std::optional<Sourced<std::uint32_t>> mtu;
  SourceRef src;
};

struct NqPolicy {
  std::vector<NqClass> classes;
  SourceRef src;
};

struct WredLine {
  std::uint64_t min_bytes = 0;
  std::uint64_t max_bytes = 0;
  int probability = 100;
  bool ecn = false;
  SourceRef src;
};

struct QueuingClass {
  std::string name;
  std::optional<int> queue;
  std::optional<WredLine> wred;
  std::optional<Sourced<std::string>> scheduler_type;
  std::optional<Sourced<int>> weight;
  SourceRef src;
};

struct QueuingPolicy {
  std::vector<QueuingClass> classes;
  SourceRef src;
};

enum class PfcMode : std::uint8_t { On, Auto, Off };

// min_links: `lacp min-links N` (a port-channel).
struct Interface : common::CliInterface {
  std::optional<Sourced<PfcMode>> pfc_mode;
  std::optional<Sourced<bool>> watchdog;
  std::optional<Reference> qos_input;
  std::optional<Reference> queuing_output;
};

// System class names: c-8q-nq3 / c-nq3 (network-qos), c-out-8q-q3 / c-out-q3 (queuing), and
// their -default forms (qos-group 0, queue 0).
std::optional<int> systemClassIndex(const std::string& name, const std::vector<std::string>& prefixes) {
  for (const auto& prefix : prefixes) {
    if (name.rfind(prefix, 0) != 0) continue;
    std::string rest = name.substr(prefix.size());
    if (rest == "-default") return 0;
    if (auto n = number<int>(rest); n && *n >= 0 && *n <= 7) return n;
  }
  return std::nullopt;
}

std::optional<int> dscpByName(const std::string& w) {
  if (w == "default") return 0;
  if (w == "ef") return 46;
  if (w.size() == 3 && w.rfind("cs", 0) == 0 && w[2] >= '0' && w[2] <= '7') return (w[2] - '0') * 8;
  if (w.size() == 4 && w.rfind("af", 0) == 0 && w[2] >= '1' && w[2] <= '4' && w[3] >= '1' && w[3] <= '3') {
    return (w[2] - '0') * 8 + (w[3] - '0') * 2;
  }
  return number<int>(w);
}

// ----------------------------------------------------------------------------------------------

class Parser : common::CliReader {
 public:
  Parser(Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : CliReader("NX-OS", kGrammar, kNaming, sw, notes, out_of_scope) {}

  void read(const ConfigText& config) {
    readFile(config, [&](const ConfigLine& l) { topLevel(l); });
  }

  void build(std::vector<ParseCoverage>& coverage) {
    sw_.buffer_model = BufferModel::Dynamic;  // headroom of no-drop classes is the switch's (or `pause buffer-size`)
    if (bgp_asn_) sw_.asn = bgp_asn_;
    checkReferences();
    buildMaps();
    buildInterfaces();
    buildBgp(bgp_);
    finishSwitch(coverage);
  }

 private:
  // "24-31", "24,26,28-30", "3 4" (words from i on) -> values; names (ef, af31, cs6) for DSCP.
  std::set<int> valueList(const ConfigLine& l, std::size_t i, int max, const std::string& what, bool dscp_names) const {
    std::set<int> values;
    for (; i < l.words.size(); ++i) {
      std::string_view rest = l.words[i];
      while (!rest.empty()) {
        std::string item(rest.substr(0, rest.find(',')));
        rest = rest.find(',') == std::string_view::npos ? std::string_view{} : rest.substr(rest.find(',') + 1);
        auto dash = item.find('-');
        auto parse = [&](const std::string& w) { return dscp_names ? dscpByName(w) : number<int>(w); };
        auto low = parse(item.substr(0, dash));
        auto high = dash == std::string::npos ? low : parse(item.substr(dash + 1));
        if (!low || !high || *low < 0 || *high > max || *low > *high) {
          fail(l, fmt::format("expected {} values 0-{} (lists a,b and ranges a-b), got \"{}\"", what, max, item));
        }
        for (int v = *low; v <= *high; ++v) values.insert(v);
      }
    }
    if (values.empty()) fail(l, fmt::format("expected at least one {} value", what));
    return values;
  }

  // --- top level ------------------------------------------------------------------------------

  void topLevel(const ConfigLine& l) {
    const std::string& w0 = l.word(0);
    if (hostnameOrInterface(l, {"hostname", "switchname"}, [&](const std::string& name) { interface(l, name); }))
      return;
    if (w0 == "class-map") return classMap(l);
    if (w0 == "policy-map") return policyMap(l);
    if (l.text == "system qos") return systemQos(l);
    if (w0 == "priority-flow-control") return globalPfc(l);
    if (l.startsWith({"router", "bgp"})) return routerBgp(l);
    if (l.startsWith({"ip", "route"}) || l.startsWith({"ipv6", "route"})) return staticRoute(l, "");
    if (policyStatement(l)) return;
    if (l.startsWith({"vrf", "context"})) {
      for (const ConfigLine& c : l.children) {
        if (c.startsWith({"ip", "route"}) || c.startsWith({"ipv6", "route"})) staticRoute(c, l.text);
      }
      return;
    }
    if (w0 == "qos" || w0 == "hardware") return notUnderstood(l, "", true);
    // LLDP, which carries DCBX, is a feature to enable; its DCBX TLV is on unless deselected [D].
    if (l.text == "feature lldp") feature_lldp_ = src(l, "");
    if (l.startsWith({"no", "lldp", "tlv-select", "dcbxp"})) dcbxp_off_ = src(l, "");
    std::string key = w0;
    if ((w0 == "ip" || w0 == "ipv6" || w0 == "router" || w0 == "feature") && l.words.size() > 1) key += " " + l.word(1);
    ++out_of_scope_["NX-OS " + key];
  }

  // class-map type qos|network-qos|queuing [match-any|match-all] NAME
  void classMap(const ConfigLine& l) {
    // Without `type`, a class-map is `type qos` (the NX-OS default).
    std::size_t at = l.word(1) == "type" ? 3 : 1;
    const std::string type = at == 3 ? l.word(2) : "qos";
    if (l.words.size() < at + 1)
      fail(l, "expected \"class-map [type qos|network-qos|queuing] [match-any|match-all] <name>\"");
    if (type != "qos" && type != "network-qos" && type != "queuing")
      return blockNotModelled(l, l.word(0) + " type " + l.word(2));
    const std::string& match = l.word(at);
    std::size_t name_at = (match == "match-any" || match == "match-all") ? at + 1 : at;
    if (l.words.size() != name_at + 1) fail(l, "expected the class-map name as the last word");
    ClassMap cm;
    cm.name = l.word(name_at);
    cm.type = type;
    cm.src = src(l, "");
    parsedQos();
    bool match_all = match != "match-any";
    int matches = 0;
    for (const ConfigLine& c : l.children) {
      std::string ctx = l.text;
      if (c.word(0) != "match") {
        notUnderstood(c, ctx, true);
        continue;
      }
      const std::string& what = c.word(1);
      if (what == "dscp" && type == "qos") {
        auto v = valueList(c, 2, 63, "dscp", true);
        cm.dscp.insert(v.begin(), v.end());
      } else if (what == "precedence" && type == "qos") {
        for (int p : valueList(c, 2, 7, "precedence", false)) {
          for (int d = p * 8; d < p * 8 + 8; ++d) cm.dscp.insert(d);
        }
      } else if (what == "cos" && type == "qos") {
        auto v = valueList(c, 2, 7, "cos", false);
        cm.cos.insert(v.begin(), v.end());
      } else if (what == "qos-group" && type != "qos") {
        cm.qos_group = integer<int>(c, 2, 0, 7, "a qos-group");
      } else {
        notUnderstood(c, ctx, true, "only dscp, precedence, cos and qos-group matches are modelled");
        continue;
      }
      ++matches;
      parsedQos();
    }
    if (match_all && matches > 1) {
      invalid("",
              fmt::format("class-map {} is match-all with {} match lines; rocelint treats them as match-any", cm.name,
                          matches),
              cm.src);
    }
    class_maps_[type + " " + cm.name] = std::move(cm);
  }

  void policyMap(const ConfigLine& l) {
    // Without `type`, a policy-map is `type qos` (the NX-OS default).
    bool typed = l.word(1) == "type";
    if (l.words.size() != (typed ? 4U : 2U)) fail(l, "expected \"policy-map [type qos|network-qos|queuing] <name>\"");
    const std::string type = typed ? l.word(2) : "qos";
    const std::string& name = l.words.back();
    std::string ctx = l.text;
    if (type == "qos") {
      parsedQos();
      QosPolicy& policy = qos_policies_[name];
      policy.src = src(l, "");
      for (const ConfigLine& c : l.children) {
        if (c.word(0) != "class") {
          notUnderstood(c, ctx, true);
          continue;
        }
        parsedQos();
        QosClass qc;
        qc.class_map = c.word(c.word(1) == "type" ? 3 : 1);
        qc.src = src(c, ctx);
        std::string cctx = cli::childContext(ctx, c);
        for (const ConfigLine& s : c.children) {
          if (s.startsWith({"set", "qos-group"})) {
            qc.qos_group = Sourced<int>{integer<int>(s, 2, 0, 7, "a qos-group"), src(s, cctx)};
            parsedQos();
          } else {
            notUnderstood(s, cctx, true, "only set qos-group is modelled (remarking and policing are not)");
          }
        }
        policy.classes.push_back(std::move(qc));
      }
    } else if (type == "network-qos") {
      parsedQos();
      NqPolicy& policy = nq_policies_[name];
      policy.src = src(l, "");
      for (const ConfigLine& c : l.children) {
        if (!c.startsWith({"class", "type", "network-qos"}) || c.words.size() != 4) {
          notUnderstood(c, ctx, true);
          continue;
        }
        parsedQos();
        NqClass nc;
        nc.name = c.word(3);
        nc.src = src(c, ctx);
        nc.qos_group = systemClassIndex(nc.name, {"c-8q-nq", "c-nq"});
        std::string cctx = cli::childContext(ctx, c);
        for (const ConfigLine& s : c.children) {
          if (s.startsWith({"pause", "pfc-cos"})) {
            PrioritySet set;
            for (int cos : valueList(s, 2, 7, "pfc-cos", false)) set.set(static_cast<std::size_t>(cos));
            nc.pfc_cos = Sourced<PrioritySet>{set, src(s, cctx)};
          } else if (s.word(0) == "mtu") {
            nc.mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(s, 1, 576, 9216, "an MTU in bytes"), src(s, cctx)};
          } else if (s.text == "pause no-drop") {
            // N5K/N3K style marker that goes with pause pfc-cos: nothing more to record
          } else {
            notUnderstood(s, cctx, true, s.word(0) == "pause" ? "ingress buffer tuning is not modelled" : "");
            continue;
          }
          parsedQos();
        }
        policy.classes.push_back(std::move(nc));
      }
    } else if (type == "queuing") {
      parsedQos();
      QueuingPolicy& policy = queuing_policies_[name];
      policy.src = src(l, "");
      for (const ConfigLine& c : l.children) {
        if (!c.startsWith({"class", "type", "queuing"}) || c.words.size() != 4) {
          notUnderstood(c, ctx, true);
          continue;
        }
        parsedQos();
        QueuingClass qc;
        qc.name = c.word(3);
        qc.src = src(c, ctx);
        qc.queue = systemClassIndex(qc.name, {"c-out-8q-q", "c-out-q", "c-in-q"});
        std::string cctx = cli::childContext(ctx, c);
        for (const ConfigLine& s : c.children) queuingLine(s, cctx, qc);
        policy.classes.push_back(std::move(qc));
      }
    } else {
      blockNotModelled(l, l.word(0) + " type " + l.word(2));
    }
  }

  void queuingLine(const ConfigLine& s, const std::string& ctx, QueuingClass& qc) {
    if (s.word(0) == "random-detect") {
      if (s.word(1) == "threshold") {
        return notUnderstood(s, ctx, true, "predefined WRED thresholds are not modelled");
      }
      WredLine line;
      line.src = src(s, ctx);
      bool have_min = false;
      bool have_max = false;
      for (std::size_t i = 1; i < s.words.size(); ++i) {
        const std::string& w = s.word(i);
        if (w == "minimum-threshold" || w == "maximum-threshold") {
          std::uint64_t value = integer<std::uint64_t>(s, i + 1, 0, UINT32_MAX, "a " + w + " value");
          const std::string& unit = s.word(i + 2);
          std::uint64_t factor = unit == "bytes"    ? 1
                                 : unit == "kbytes" ? kKbyte
                                 : unit == "mbytes" ? kKbyte * kKbyte
                                                    : 0;
          if (factor == 0) {
            fail(s, fmt::format("expected a unit after {} {} (bytes, kbytes, mbytes), got \"{}\"", w, s.word(i + 1),
                                unit));
          }
          (w == "minimum-threshold" ? line.min_bytes : line.max_bytes) = value * factor;
          (w == "minimum-threshold" ? have_min : have_max) = true;
          i += 2;
        } else if (w == "drop-probability") {
          line.probability = integer<int>(s, ++i, 0, 100, "a drop probability in percent");
        } else if (w == "weight") {
          integer<int>(s, ++i, 0, 15, "a weight");
        } else if (w == "ecn") {
          line.ecn = true;
        } else {
          return notUnderstood(s, ctx, true, fmt::format("\"{}\" is not modelled", w));
        }
      }
      if (!have_min) fail(s, "expected \"minimum-threshold <value> <unit>\"");
      if (!have_max) fail(s, "expected \"maximum-threshold <value> <unit>\"");
      qc.wred = line;
    } else if (s.word(0) == "priority") {
      qc.scheduler_type = Sourced<std::string>{"STRICT", src(s, ctx)};
    } else if (s.startsWith({"bandwidth", "remaining", "percent"}) || s.startsWith({"bandwidth", "percent"})) {
      std::size_t at = s.word(1) == "remaining" ? 3 : 2;
      qc.weight = Sourced<int>{integer<int>(s, at, 0, 100, "a percentage"), src(s, ctx)};
      if (!qc.scheduler_type) qc.scheduler_type = Sourced<std::string>{"DWRR", src(s, ctx)};
    } else if (s.word(0) == "shape") {
      // maximum rate: no effect on lossless classification or marking
    } else {
      return notUnderstood(s, ctx, true);
    }
    parsedQos();
  }

  void systemQos(const ConfigLine& l) {
    parsedQos();
    for (const ConfigLine& c : l.children) {
      if (!c.startsWith({"service-policy", "type"})) {
        notUnderstood(c, l.text, true);
        continue;
      }
      Reference ref{c.words.back(), src(c, l.text), false};
      const std::string& type = c.word(2);
      if (type == "network-qos" && c.words.size() == 4) {
        system_nq_ = ref;
      } else if (type == "queuing" && c.word(3) == "output" && c.words.size() == 5) {
        system_queuing_ = ref;
      } else if (type == "qos" && c.word(3) == "input" && c.words.size() == 5) {
        system_qos_ = ref;
      } else if (type == "queuing" && c.word(3) == "input") {
        notUnderstood(c, l.text, true, "ingress queuing is not modelled");
        continue;
      } else {
        notUnderstood(c, l.text, true);
        continue;
      }
      parsedQos();
    }
  }

  void globalPfc(const ConfigLine& l) {
    const std::string& w1 = l.word(1);
    if (w1 == "watch-dog-interval" && l.words.size() == 3 && (l.word(2) == "on" || l.word(2) == "off")) {
      wd_enabled_ = Sourced<bool>{l.word(2) == "on", src(l, "")};
    } else if (w1 == "watch-dog" && l.word(2) == "interval") {
      wd_interval_ = Sourced<int>{integer<int>(l, 3, 1, 100000, "an interval in ms"), src(l, "")};
    } else if (w1 == "watch-dog" && l.word(2) == "shutdown-multiplier") {
      wd_shutdown_ = Sourced<int>{integer<int>(l, 3, 1, 100, "a multiplier"), src(l, "")};
    } else if (w1 == "auto-restore" && l.word(2) == "multiplier") {
      wd_restore_ = Sourced<int>{integer<int>(l, 3, 0, 100, "a multiplier"), src(l, "")};
    } else {
      return notUnderstood(l, "", true);
    }
    parsedQos();
  }

  void interface(const ConfigLine& l, const std::string& name) {
    if (!common::hasKnownType(name, kNaming)) {
      return blockNotModelled(l, "interface", fmt::format("\"{}\" is not an NX-OS interface type rocelint knows", name),
                              false);
    }
    if (name.rfind("mgmt", 0) == 0 || (name.rfind("Ethernet", 0) == 0 && !common::isEthernetPortName(name))) {
      ++out_of_scope_[name.rfind("mgmt", 0) == 0 ? "NX-OS interface mgmt" : "NX-OS interface (subinterface)"];
      return;
    }
    Interface& intf = openInterface(interfaces_, interface_order_, name, l);
    std::string ctx = l.text;
    for (const ConfigLine& c : l.children) {
      const std::string& w0 = c.word(0);
      if (w0 == "description") {
        intf.description = Sourced<std::string>{c.text.substr(std::min(c.text.size(), std::size_t{12})), src(c, ctx)};
      } else if (w0 == "mtu" && c.words.size() == 2) {
        intf.mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 68, 9216, "an MTU in bytes"), src(c, ctx)};
        parsedQos();
      } else if (w0 == "speed" && c.words.size() == 2) {
        if (c.word(1) != "auto")
          intf.speed =
              Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 1, 10'000'000, "a speed in Mb/s"), src(c, ctx)};
        parsedQos();
      } else if (c.text == "shutdown" || c.text == "no shutdown") {
        intf.admin_up = Sourced<bool>{w0 == "no", src(c, ctx)};
      } else if (flowcontrolLine(c, ctx, intf)) {
        continue;
      } else if (switchportLine(c, ctx, name, intf.switchport)) {
        // L2 or routed: classification is by the qos policy either way; access ports carry servers
        continue;
      } else if ((c.startsWith({"ip", "address"}) || c.startsWith({"ipv6", "address"})) &&
                 c.word(2).find('/') != std::string::npos) {
        intf.addresses.emplace_back(c.word(2), src(c, ctx));
      } else if (w0 == "channel-group" && c.words.size() >= 2) {
        intf.channel_group = "port-channel" + c.word(1);
      } else if (c.startsWith({"lacp", "min-links"}) && c.words.size() == 3) {
        // Nexus: the port-channel is down while fewer members are up (1-32, default 1).
        intf.min_links =
            Sourced<std::uint32_t>{integer<std::uint32_t>(c, 2, 1, 32, "a member count 1-32"), src(c, ctx)};
      } else if (c.startsWith({"priority-flow-control", "mode"})) {
        const std::string& mode = c.word(2);
        if (mode != "on" && mode != "auto" && mode != "off")
          fail(c, fmt::format("expected on, auto or off, got \"{}\"", mode));
        if (c.words.size() > 4 || (c.words.size() == 4 && c.word(3) != "send-tlv"))
          fail(c, "expected nothing or \"send-tlv\" after the mode");
        intf.pfc_mode = Sourced<PfcMode>{mode == "on"     ? PfcMode::On
                                         : mode == "auto" ? PfcMode::Auto
                                                          : PfcMode::Off,
                                         src(c, ctx)};
        parsedQos();
      } else if (c.startsWith({"priority-flow-control", "watch-dog-interval"})) {
        if (c.words.size() != 3 || (c.word(2) != "on" && c.word(2) != "off"))
          fail(c, "expected \"priority-flow-control watch-dog-interval on|off\"");
        intf.watchdog = Sourced<bool>{c.word(2) == "on", src(c, ctx)};
        parsedQos();
      } else if (c.startsWith({"service-policy", "type", "qos", "input"}) && c.words.size() == 5) {
        intf.qos_input = Reference{c.word(4), src(c, ctx), false};
        parsedQos();
      } else if (c.startsWith({"service-policy", "type", "queuing", "output"}) && c.words.size() == 5) {
        intf.queuing_output = Reference{c.word(4), src(c, ctx), false};
        parsedQos();
      } else {
        bool qos = w0 == "priority-flow-control" || w0 == "service-policy" || w0 == "flowcontrol";
        notUnderstood(c, ctx, qos);
      }
    }
  }

  void routerBgp(const ConfigLine& l) {
    bgp_asn_ = Sourced<std::uint32_t>{integer<std::uint32_t>(l, 2, 1, UINT32_MAX, "an AS number"), src(l, "")};
    readBgpBlock(l, l.text);
  }

  void readBgpBlock(const ConfigLine& block, const std::string& ctx) {
    for (const ConfigLine& c : block.children) {
      if (c.word(0) == "vrf") {
        readBgpBlock(c, cli::childContext(ctx, c));
      } else if (c.startsWith({"template", "peer"}) && c.words.size() == 3) {
        std::string tctx = cli::childContext(ctx, c);
        for (const ConfigLine& s : c.children) {
          if (s.word(0) == "remote-as") {
            bgp_.groupAsn(c.word(2), Sourced<std::uint32_t>{integer<std::uint32_t>(s, 1, 1, UINT32_MAX, "an AS number"),
                                                            src(s, tctx)});
          } else if (s.startsWith({"address-family", "ipv4"})) {
            std::string af_ctx = cli::childContext(tctx, s);
            for (const ConfigLine& a : s.children) neighborPolicy(a, 0, af_ctx, bgp_.group(c.word(2)));
          }
        }
      } else if (c.word(0) == "neighbor" && common::looksLikeAddress(c.word(1)) &&
                 c.word(1).find('/') == std::string::npos) {
        common::CliBgp::Peer& peer = bgp_.peer(c.word(1), src(c, ctx));
        if (c.word(2) == "remote-as")
          peer.asn = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 3, 1, UINT32_MAX, "an AS number"), src(c, ctx)};
        std::string nctx = cli::childContext(ctx, c);
        for (const ConfigLine& s : c.children) {
          if (s.word(0) == "remote-as") {
            peer.asn =
                Sourced<std::uint32_t>{integer<std::uint32_t>(s, 1, 1, UINT32_MAX, "an AS number"), src(s, nctx)};
          } else if (s.word(0) == "description") {
            peer.description = s.text.substr(std::min(s.text.size(), std::size_t{12}));
          } else if (s.startsWith({"inherit", "peer"})) {
            peer.group = s.word(2);
          } else if (s.startsWith({"address-family", "ipv4"})) {
            // route-map NAME in|out, allowas-in [N] per address family
            std::string af_ctx = cli::childContext(nctx, s);
            for (const ConfigLine& a : s.children) neighborPolicy(a, 0, af_ctx, peer);
          }
        }
      }
    }
  }

  // ip route PREFIX [INTERFACE] [NEXTHOP] [name N] [tag T] [PREFERENCE]
  void staticRoute(const ConfigLine& l, const std::string& ctx) {
    if (l.word(2).find('/') == std::string::npos) fail(l, "expected a prefix such as 10.0.0.0/24 after \"ip route\"");
    StaticRoute route;
    route.prefix = l.word(2);
    route.src = src(l, ctx);
    // A route is named by its prefix (a value everywhere else).
    route.src.setOrigin(OriginKind::CliStatement,
                        fmt::format("{}{} route {}", ctx.empty() ? "" : ctx + " > ", l.word(0), route.prefix));
    if (ctx.rfind("vrf context ", 0) == 0) route.vrf = ctx.substr(std::string("vrf context ").size());
    for (std::size_t i = 3; i < l.words.size(); ++i) {
      const std::string& w = l.word(i);
      if (common::looksLikeAddress(w) && (w.find('.') != std::string::npos || w.find(':') != std::string::npos)) {
        route.nexthops.push_back(w.substr(0, w.find('/')));
      } else if (std::isupper(static_cast<unsigned char>(w[0])) || w.rfind("port-channel", 0) == 0 ||
                 w.rfind("Null", 0) == 0) {
        route.ifnames.push_back(w);
      } else {
        break;
      }
    }
    sw_.static_routes.push_back(std::move(route));
  }

  // --- model building -------------------------------------------------------------------------

  void checkReferences() {
    auto check = [&](const std::optional<Reference>& ref, const char* type, bool exists) {
      if (ref && !exists) {
        undefined("", fmt::format("policy-map type {}", type), ref->name,
                  fmt::format("service-policy type {} {} names a policy-map that is not defined; the NX-OS default "
                              "policy applies",
                              type, ref->name),
                  ref->src,
                  fmt::format("define `policy-map type {} {}`, or correct the name in the `service-policy` line", type,
                              ref->name));
      }
    };
    check(system_nq_, "network-qos", system_nq_ && nq_policies_.count(system_nq_->name));
    check(system_queuing_, "queuing", system_queuing_ && queuing_policies_.count(system_queuing_->name));
    check(system_qos_, "qos", system_qos_ && qos_policies_.count(system_qos_->name));
    for (const auto& [name, intf] : interfaces_) {
      check(intf.qos_input, "qos", intf.qos_input && qos_policies_.count(intf.qos_input->name));
      check(intf.queuing_output, "queuing", intf.queuing_output && queuing_policies_.count(intf.queuing_output->name));
    }
    for (auto& [name, policy] : qos_policies_) {
      for (const QosClass& qc : policy.classes) {
        if (qc.class_map != "class-default" && !class_maps_.count("qos " + qc.class_map)) {
          undefined("", "class-map type qos", qc.class_map,
                    fmt::format("policy-map type qos {}: class {} names a class-map type qos that is not defined; "
                                "it matches nothing",
                                name, qc.class_map),
                    qc.src,
                    fmt::format("define `class-map type qos match-any {}` with its `match dscp` lines, or correct "
                                "the class name in policy-map {}",
                                qc.class_map, name));
        }
      }
    }
    for (auto& [name, policy] : nq_policies_) {
      for (NqClass& nc : policy.classes) resolveIndex(nc.qos_group, nc.name, "network-qos", nc.src, name);
    }
    for (auto& [name, policy] : queuing_policies_) {
      for (QueuingClass& qc : policy.classes) resolveIndex(qc.queue, qc.name, "queuing", qc.src, name);
    }
    if (system_nq_ && nq_policies_.count(system_nq_->name)) nq_ = &nq_policies_.at(system_nq_->name);
  }

  // A user-defined network-qos / queuing class: its class-map's "match qos-group N".
  void resolveIndex(std::optional<int>& index, const std::string& class_name, const std::string& type,
                    const SourceRef& where, const std::string& policy) {
    if (index) return;
    auto it = class_maps_.find(type + " " + class_name);
    if (it != class_maps_.end() && it->second.qos_group) {
      index = it->second.qos_group;
      return;
    }
    std::string message = fmt::format(
        "policy-map type {} {}: class {} is neither a system class nor a class-map type {} "
        "with \"match qos-group N\"; its settings are ignored",
        type, policy, class_name, type);
    if (it != class_maps_.end()) {
      invalid("", message, where);
    } else {
      undefined("", "class-map type " + type, class_name, message, where,
                fmt::format("define `class-map type {} match-any {}` with `match qos-group N`, or name a system class "
                            "in policy-map {}",
                            type, class_name, policy));
    }
  }

  QosMap& addMap(MapKind kind, const std::string& name, const SourceRef& where) {
    QosMap map;
    map.name = name;
    map.src = where;
    return sw_.maps[static_cast<std::size_t>(kind)].emplace(name, std::move(map)).first->second;
  }

  // An NX-OS default, sited at the hostname line; the origin is the statement that would override it.
  SourceRef defaultSrc(const std::string& statement) const {
    return default_src_.withOrigin(OriginKind::Default, statement);
  }

  // A qos policy-map as DSCP -> qos-group (and CoS -> qos-group when it matches CoS): first class wins.
  void buildPolicyMaps(const std::string& name, const QosPolicy& policy) {
    std::string map_name = "policy-map type qos " + name;
    bool uses_cos = false;
    bool uses_dscp = false;
    std::optional<Sourced<int>> fallback;
    for (const QosClass& qc : policy.classes) {
      if (qc.class_map == "class-default") {
        fallback = qc.qos_group ? *qc.qos_group : Sourced<int>{0, qc.src};
        break;
      }
      auto it = class_maps_.find("qos " + qc.class_map);
      if (it == class_maps_.end()) continue;
      uses_cos = uses_cos || !it->second.cos.empty();
      uses_dscp = uses_dscp || !it->second.dscp.empty();
    }
    if (!fallback) {
      // Traffic no class matches is in qos-group 0.
      SourceRef where = policy.src.withOrigin(OriginKind::Default,
                                              policy.src.originText() + " > class class-default > set qos-group");
      fallback = Sourced<int>{0, where};
    }
    for (bool cos : {false, true}) {
      if (cos && !uses_cos) continue;
      QosMap& map = addMap(cos ? MapKind::Dot1pToTc : MapKind::DscpToTc, map_name, policy.src);
      for (int v = 0; v < (cos ? 8 : 64); ++v) {
        std::optional<Sourced<int>> group;
        for (const QosClass& qc : policy.classes) {
          if (qc.class_map == "class-default") break;
          auto it = class_maps_.find("qos " + qc.class_map);
          if (it == class_maps_.end()) continue;
          if (!(cos ? it->second.cos : it->second.dscp).count(v)) continue;
          group = qc.qos_group ? *qc.qos_group : Sourced<int>{0, qc.src};
          break;
        }
        map.entries[v] = group ? *group : *fallback;
      }
    }
    trust_[name] = uses_cos && uses_dscp ? Trust::Both : uses_cos && !uses_dscp ? Trust::Pcp : Trust::Dscp;
  }

  void buildMaps() {
    for (const auto& [name, policy] : qos_policies_) buildPolicyMaps(name, policy);
    // No qos policy: every packet is in qos-group 0.
    QosMap& none = addMap(MapKind::DscpToTc, kDefaultQosMap, defaultSrc("service-policy type qos input"));
    for (int d = 0; d < 64; ++d) none.entries[d] = Sourced<int>{0, none.src};
    // qos-group N uses queue N (8q) and is buffered as class N.
    QosMap& queues = addMap(MapKind::TcToQueue, kQueueMap, defaultSrc("class-map type queuing > match qos-group"));
    QosMap& pgs = addMap(MapKind::TcToPg, kPgMap, defaultSrc("class-map type network-qos > match qos-group"));
    for (int g = 0; g < 8; ++g) {
      queues.entries[g] = Sourced<int>{g, queues.src};
      pgs.entries[g] = Sourced<int>{g, pgs.src};
    }
    // PFC CoS c pauses the queue of the no-drop class that lists it.
    if (nq_) {
      QosMap& pause = addMap(MapKind::PfcToQueue, "policy-map type network-qos " + system_nq_->name.str(), nq_->src);
      for (int c = 0; c < 8; ++c)
        pause.entries[c] =
            Sourced<int>{c, defaultSrc("policy-map type network-qos > class type network-qos > pause pfc-cos")};
      for (const NqClass& nc : nq_->classes) {
        if (!nc.pfc_cos || !nc.qos_group) continue;
        for (int c = 0; c < 8; ++c) {
          if (nc.pfc_cos->value.test(static_cast<std::size_t>(c)))
            pause.entries[c] = Sourced<int>{*nc.qos_group, nc.pfc_cos->src};
        }
        no_drop_ |= nc.pfc_cos->value;
        if (!no_drop_src_) no_drop_src_ = nc.pfc_cos->src;
      }
    }
    if (wd_interval_) sw_.pfcwd_poll_interval_ms = wd_interval_;
  }

  void buildInterfaces() {
    buildCliInterfaces(
        interfaces_, interface_order_, "port-channel", "loopback", [](const Interface&) {},
        [&](const Interface& intf) { buildPort(intf); });
  }

  void buildPort(const Interface& intf) {
    Port& port = sw_.portFor(intf.name);
    buildPortBasics(port, intf);
    const Interface* lag = nullptr;
    if (auto it = interfaces_.find(intf.channel_group); it != interfaces_.end()) lag = &it->second;

    // Classification: the interface's (or its LAG's, or the system's) qos input policy.
    std::optional<Reference> qos_input = intf.qos_input ? intf.qos_input : lag ? lag->qos_input : std::nullopt;
    if (!qos_input) qos_input = system_qos_;
    if (qos_input && !qos_policies_.count(qos_input->name)) qos_input.reset();
    auto bind = [&](MapKind kind, const std::string& name, const SourceRef& where) {
      port.qos.maps[static_cast<std::size_t>(kind)] = Reference{name, where, false};
    };
    if (qos_input) {
      std::string map_name = "policy-map type qos " + qos_input->name.str();
      port.qos.trust = trust_.at(qos_input->name);
      bind(MapKind::DscpToTc, map_name, qos_input->src);
      if (port.qos.trust != Trust::Dscp) bind(MapKind::Dot1pToTc, map_name, qos_input->src);
      port.qos.src = qos_input->src;
    } else {
      port.qos.trust = Trust::Dscp;
      bind(MapKind::DscpToTc, kDefaultQosMap, intf.src);
      port.qos.src = intf.src;
    }
    bind(MapKind::TcToQueue, kQueueMap, port.qos.src);
    bind(MapKind::TcToPg, kPgMap, port.qos.src);
    if (nq_) bind(MapKind::PfcToQueue, "policy-map type network-qos " + system_nq_->name.str(), system_nq_->src);

    port.dcbx = feature_lldp_ && !dcbxp_off_
                    ? Sourced<bool>{true, *feature_lldp_}
                    : Sourced<bool>{false, dcbxp_off_ ? *dcbxp_off_ : defaultSrc("feature lldp")};
    // PFC: the no-drop CoS of the system network-qos policy, unless the port's mode is off
    // (auto, the default, counts as on: DCBX negotiates it with a PFC-capable peer).
    std::optional<Sourced<PfcMode>> mode = intf.pfc_mode ? intf.pfc_mode : lag ? lag->pfc_mode : std::nullopt;
    if (no_drop_.any() || mode) {
      bool on = !mode || mode->value != PfcMode::Off;
      PrioritySet set = on ? no_drop_ : PrioritySet{};
      SourceRef where = mode ? mode->src : *no_drop_src_;
      port.qos.pfc_enable = Sourced<PrioritySet>{set, where};
      for (std::size_t p = 0; p < 8; ++p) {
        if (set.test(p)) port.pgs.set(p, PriorityGroup{static_cast<int>(p), std::nullopt, true, true, *no_drop_src_});
      }
      if (set.any() && (!mode || mode->value == PfcMode::Auto)) {
        // `auto`, the default, runs PFC only as DCBX negotiates it (PFC008).
        port.pfc_negotiated = Sourced<bool>{true, mode ? mode->src : defaultSrc("priority-flow-control mode")};
      }
      std::optional<Sourced<bool>> wd = intf.watchdog          ? intf.watchdog
                                        : lag && lag->watchdog ? lag->watchdog
                                                               : wd_enabled_;
      if (set.any() && wd && wd->value) {
        // Defaults: interval 100 ms, shutdown-multiplier 1, auto-restore multiplier 10.
        int interval = wd_interval_ ? wd_interval_->value : 100;
        PortWatchdog watchdog;
        watchdog.src = wd->src;
        watchdog.action = Sourced<std::string>{"drop", wd->src};
        watchdog.detection_ms =
            Sourced<int>{interval * (wd_shutdown_ ? wd_shutdown_->value : 1), wd_shutdown_   ? wd_shutdown_->src
                                                                              : wd_interval_ ? wd_interval_->src
                                                                                             : wd->src};
        watchdog.restoration_ms =
            Sourced<int>{interval * (wd_restore_ ? wd_restore_->value : 10), wd_restore_    ? wd_restore_->src
                                                                             : wd_interval_ ? wd_interval_->src
                                                                                            : wd->src};
        port.watchdog = std::move(watchdog);
      }
    }

    // Egress queuing: the interface's (or LAG's) output policy, else the system's.
    std::optional<Reference> queuing = intf.queuing_output ? intf.queuing_output
                                       : lag               ? lag->queuing_output
                                                           : std::nullopt;
    if (!queuing) queuing = system_queuing_;
    if (queuing && queuing_policies_.count(queuing->name)) {
      for (const QueuingClass& qc : queuing_policies_.at(queuing->name).classes) {
        if (!qc.queue) continue;
        std::string name = fmt::format("policy-map type queuing {} class {}", queuing->name, qc.name);
        if (qc.wred) {
          addWred(name, *qc.wred);
          port.queueFor(*qc.queue, qc.src).wred_profile = Reference{name, qc.wred->src, false};
        }
        if (qc.scheduler_type) {
          if (!sw_.schedulers.count(name))
            sw_.schedulers.emplace(name, Scheduler{name, qc.scheduler_type, qc.weight, std::nullopt, qc.src});
          port.queueFor(*qc.queue, qc.src).scheduler = Reference{name, qc.scheduler_type->src, false};
        }
      }
    }
  }

  void addWred(const std::string& name, const WredLine& line) {
    if (sw_.wred_profiles.count(name)) return;
    WredColor curve{Sourced<std::uint64_t>{line.min_bytes, line.src}, Sourced<std::uint64_t>{line.max_bytes, line.src},
                    Sourced<int>{line.probability, line.src}, Sourced<bool>{true, line.src}};
    sw_.wred_profiles.emplace(name,
                              common::colourBlindWredProfile(name, line.src, curve, Sourced<bool>{line.ecn, line.src}));
  }

  std::map<std::string, ClassMap> class_maps_;  // "<type> <name>"
  std::map<std::string, QosPolicy> qos_policies_;
  std::map<std::string, NqPolicy> nq_policies_;
  std::map<std::string, QueuingPolicy> queuing_policies_;
  std::map<std::string, Trust> trust_;
  std::optional<Reference> system_nq_;
  std::optional<Reference> system_queuing_;
  std::optional<Reference> system_qos_;
  const NqPolicy* nq_ = nullptr;
  PrioritySet no_drop_;
  std::optional<SourceRef> no_drop_src_;
  std::optional<Sourced<bool>> wd_enabled_;
  std::optional<SourceRef> feature_lldp_;  // `feature lldp`
  std::optional<SourceRef> dcbxp_off_;     // `no lldp tlv-select dcbxp`
  std::optional<Sourced<int>> wd_interval_;
  std::optional<Sourced<int>> wd_shutdown_;
  std::optional<Sourced<int>> wd_restore_;
  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::optional<Sourced<std::uint32_t>> bgp_asn_;
  common::CliBgp bgp_;
};

}  // namespace

std::optional<std::string> hostnameOf(const cli::ConfigText& config) {
  return common::hostnameOf(config, {"hostname", "switchname"});
}

void buildSwitch(const std::vector<cli::ConfigText>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage) {
  sw.format = formats::kNxos;
  Parser parser(sw, notes, out_of_scope);
  for (const auto& file : files) parser.read(file);
  parser.build(coverage);
}

}  // namespace rocelint::nxos
