#include "eos_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <set>

#include "common/cli_reader.hpp"
#include "common/switch_builder.hpp"
#include "rocelint/diagnostics.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::eos {
namespace {

using cli::ConfigLine;
using cli::ConfigText;
using cli::number;

// ----------------------------------------------------------------------------------------------
// Vendor defaults (docs/inputs.md "Arista EOS"; FORMATS.md §4)
// ----------------------------------------------------------------------------------------------

// Default DSCP -> traffic class: the class selector decides (DSCP 0-7 -> TC 1, 8-15 -> TC 0,
// 16-23 -> TC 2, ..., 56-63 -> TC 7), mirroring the default CoS map where CoS 0 (best effort)
// ranks above CoS 1 (background).
int defaultTcOfDscp(int dscp) {
  int selector = dscp / 8;
  return selector == 0 ? 1 : selector == 1 ? 0 : selector;
}
int defaultTcOfCos(int cos) { return cos == 0 ? 1 : cos == 1 ? 0 : cos; }

const char* const kDscpMap = "eos-dscp-to-traffic-class";
const char* const kCosMap = "eos-cos-to-traffic-class";
const char* const kTcQueueMap = "eos-traffic-class-to-tx-queue";
const char* const kTcPgMap = "eos-traffic-class-to-priority-group";
const char* const kTcDscpMap = "eos-traffic-class-to-dscp";

// Which EOS words are values (docs/inputs.md, "Source origins"): besides numbers, addresses and
// quoted text, the settings below, the word after a keyword that takes a name or setting, and a
// description; a BGP neighbour and a queue keep their address / number (they name the object).
const cli::StatementGrammar kGrammar{
    {"on", "off", "drop", "no-drop", "notify-only", "auto", "forced", "strict", "active", "passive", "segments",
     "bytes", "cells", "kbytes", "mbytes", "milliseconds", "microseconds"},
    {"trust", "service-profile", "profile", "vrf", "peer-group", "group"},
    {"description"},
    {"neighbor", "queue", "tx-queue", "uc-tx-queue", "mc-tx-queue"}};

// EOS interface types as `show running-config` spells them, with the abbreviations the CLI takes
// (`Et1`, `ethernet 1/1`, `Po10`, `Lo0`, `Ma1`); a type not listed is kept as written.
const common::InterfaceNaming kNaming{{"Ethernet", 2, true}, {"Port-Channel", 2, true},   {"Loopback", 2, false},
                                      {"Vlan", 2, false},    {"Management", 2, false},    {"Vxlan", 2, false},
                                      {"Tunnel", 2, false},  {"Recirc-Channel", 2, false}};

// ----------------------------------------------------------------------------------------------
// What the configuration says, before it is turned into the model
// ----------------------------------------------------------------------------------------------

enum class TrustMode : std::uint8_t { Dscp, Cos, Untrusted };

struct Threshold {
  std::uint64_t value = 0;
  std::string unit;  // segments | bytes | kbytes | mbytes | milliseconds | microseconds
  [[nodiscard]] bool isTime() const { return unit == "milliseconds" || unit == "microseconds"; }
};

struct WredLine {
  Threshold min;
  Threshold max;
  int probability = 100;
  int drop_precedence = 0;
  SourceRef src;
  std::string origin;  // "qos profile ROCE tx-queue 3"
};

struct QueueSettings {
  std::optional<WredLine> ecn;
  std::map<int, WredLine> drop;  // by drop precedence
  std::optional<Sourced<std::string>> scheduler_type;
  std::optional<Sourced<int>> weight;
  std::string scheduler_origin;
  SourceRef src;
};

// The QoS lines an interface and a `qos profile` share. Interface lines override the profile's.
struct QosSettings {
  std::optional<Sourced<TrustMode>> trust;
  std::optional<Sourced<int>> default_cos;
  std::optional<Sourced<bool>> pfc_on;
  std::map<int, Sourced<bool>> no_drop;  // priority -> no-drop (true) / drop (false)
  std::optional<Sourced<bool>> watchdog;
  std::optional<Sourced<std::string>> wd_action;
  std::optional<Sourced<int>> wd_timeout_ms;
  std::optional<Sourced<int>> wd_recovery_ms;
  std::map<int, QueueSettings> queues;  // unicast tx-queues
};

template <class T>
void take(std::optional<T>& base, const std::optional<T>& top) {
  if (top) base = top;
}

QosSettings overlay(QosSettings base, const QosSettings& top) {
  take(base.trust, top.trust);
  take(base.default_cos, top.default_cos);
  take(base.pfc_on, top.pfc_on);
  for (const auto& [p, v] : top.no_drop) base.no_drop[p] = v;
  take(base.watchdog, top.watchdog);
  take(base.wd_action, top.wd_action);
  take(base.wd_timeout_ms, top.wd_timeout_ms);
  take(base.wd_recovery_ms, top.wd_recovery_ms);
  for (const auto& [q, settings] : top.queues) {
    QueueSettings& target = base.queues[q];
    take(target.ecn, settings.ecn);
    for (const auto& [dp, line] : settings.drop) target.drop[dp] = line;
    take(target.scheduler_type, settings.scheduler_type);
    take(target.weight, settings.weight);
    if (settings.scheduler_type || settings.weight) target.scheduler_origin = settings.scheduler_origin;
    if (!target.src.known()) target.src = settings.src;
  }
  return base;
}

// min_links: `port-channel min-links N` (a Port-Channel).
struct Interface : common::CliInterface {
  QosSettings qos;
  std::optional<Reference> service_profile;
};

struct MmuQueue {
  std::optional<Sourced<std::uint64_t>> reserved_bytes;
  std::optional<Sourced<int>> dynamic_th;
  SourceRef src;
};

struct MmuProfile {
  std::map<int, MmuQueue> unicast;
  std::optional<Sourced<std::uint64_t>> ingress_headroom_bytes;  // per no-drop PG
  std::optional<Sourced<int>> ingress_dynamic_th;
  SourceRef src;
};

std::string ingressProfileName(const std::string& mmu) {
  return fmt::format("platform trident mmu queue profile {} ingress", mmu);
}

// ----------------------------------------------------------------------------------------------
// Small parsing helpers
// ----------------------------------------------------------------------------------------------

// "0.05" seconds -> 50 ms; at most 3 decimals (EOS prints up to 3).
std::optional<int> secondsToMs(std::string_view text) {
  auto dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view frac = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (frac.size() > 3 || (whole.empty() && frac.empty())) return std::nullopt;
  std::optional<int> w = whole.empty() ? std::optional<int>(0) : number<int>(whole);
  if (!w || *w < 0 || *w > 2'000'000) return std::nullopt;
  int ms = *w * 1000;
  int scale = 100;
  for (char c : frac) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    ms += (c - '0') * scale;
    scale /= 10;
  }
  return ms;
}

bool isQosKeyword(const ConfigLine& l) {
  static const std::set<std::string, std::less<>> keywords = {"qos",
                                                              "priority-flow-control",
                                                              "service-profile",
                                                              "tx-queue",
                                                              "uc-tx-queue",
                                                              "mc-tx-queue",
                                                              "random-detect",
                                                              "bandwidth",
                                                              "priority",
                                                              "shape",
                                                              "class-map",
                                                              "policy-map",
                                                              "mtu",
                                                              "speed",
                                                              "dcbx"};
  std::size_t i = (l.word(0) == "no" || l.word(0) == "default") ? 1 : 0;
  const std::string& w = l.word(i);
  if (w == "platform") return l.word(i + 2) == "mmu" || l.word(i + 2) == "qos";
  if (w == "service-policy") return l.word(i + 1) == "type" && l.word(i + 2) == "qos";
  return keywords.count(w) > 0;
}

// ----------------------------------------------------------------------------------------------
// The parser: configuration lines -> the structures above -> the model
// ----------------------------------------------------------------------------------------------

class Parser : common::CliReader {
 public:
  Parser(Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : CliReader("EOS", kGrammar, kNaming, sw, notes, out_of_scope) {}

  void read(const ConfigText& config) {
    readFile(config, [&](const ConfigLine& l) { topLevel(l); });
  }

  void build(std::vector<ParseCoverage>& coverage) {
    buildMaps();
    buildProfilesAsDefined();
    buildMmuProfiles();
    buildInterfaces();
    buildBgp(bgp_);
    finishSwitch(coverage);
  }

 private:
  // --- bookkeeping ---------------------------------------------------------------------------

  int seconds(const ConfigLine& l, std::size_t i, const std::string& what) const {
    const std::string& w = l.word(i);
    auto ms = secondsToMs(w);
    if (!ms) fail(l, fmt::format("expected {} in seconds (e.g. 0.2, up to 3 decimals), got \"{}\"", what, w));
    return *ms;
  }

  // "1 2 3-5 to" -> values until `stop`; i is left on `stop`.
  std::vector<int> valueList(const ConfigLine& l, std::size_t& i, int max, const std::string& what) const {
    std::vector<int> values;
    for (; i < l.words.size() && l.words[i] != "to"; ++i) {
      const std::string& w = l.words[i];
      auto dash = w.find('-');
      auto low = number<int>(std::string_view(w).substr(0, dash));
      auto high = dash == std::string::npos ? low : number<int>(std::string_view(w).substr(dash + 1));
      if (!low || !high || *low < 0 || *high > max || *low > *high) {
        fail(l, fmt::format("expected {} values 0-{} (or ranges a-b), got \"{}\"", what, max, w));
      }
      for (int v = *low; v <= *high; ++v) values.push_back(v);
    }
    if (values.empty())
      fail(l, fmt::format("expected at least one {} value after \"{} {}\"", what, l.word(0), l.word(1)));
    if (i >= l.words.size()) fail(l, "expected \"to\" followed by the target");
    return values;
  }

  // --- top level ------------------------------------------------------------------------------

  void topLevel(const ConfigLine& l) {
    const std::string& w0 = l.word(0);
    if (w0 == "end" || hostnameOrInterface(l, {"hostname"}, [&](const std::string& name) { interface(l, name); }))
      return;
    if (l.startsWith({"qos", "profile"}) && l.words.size() == 3) return qosProfile(l);
    if (w0 == "qos") return globalQos(l);
    if (w0 == "priority-flow-control") return globalPfc(l);
    if (l.startsWith({"router", "bgp"})) return routerBgp(l);
    if ((w0 == "ip" || w0 == "ipv6") && l.word(1) == "route") return staticRoute(l);
    if (policyStatement(l)) return;
    if (l.startsWith({"platform", "trident", "mmu", "queue", "profile"})) return mmuProfile(l);
    if (w0 == "class-map" || w0 == "policy-map") {
      if (l.word(1) == "type" && (l.word(2) == "pbr" || l.word(2) == "pdp")) {
        ++out_of_scope_["EOS " + w0 + " type " + l.word(2)];
        return;
      }
      return blockNotModelled(l, l.word(0),
                              "classification by policy-map is not modelled: a `set traffic-class` there "
                              "overrides the DSCP/CoS maps for matching traffic");
    }
    if (w0 == "platform" && l.word(2) == "qos") {
      return notUnderstood(l, "", true, "platform-internal traffic-class mapping is not modelled");
    }
    std::string key = w0;
    if ((w0 == "ip" || w0 == "ipv6" || w0 == "router" || w0 == "management" || w0 == "platform") &&
        l.words.size() > 1) {
      key += " " + l.word(1);
    }
    ++out_of_scope_["EOS " + key];
  }

  // --- interfaces -----------------------------------------------------------------------------

  void interface(const ConfigLine& l, const std::string& name) {
    if (!common::hasKnownType(name, kNaming)) {
      return blockNotModelled(l, "interface", fmt::format("\"{}\" is not an EOS interface type rocelint knows", name),
                              false);
    }
    if (name.rfind("Management", 0) == 0 || (name.rfind("Ethernet", 0) == 0 && !common::isEthernetPortName(name))) {
      ++out_of_scope_[name.rfind("Management", 0) == 0 ? "EOS interface Management" : "EOS interface (subinterface)"];
      return;
    }
    Interface& intf = openInterface(interfaces_, interface_order_, name, l);
    std::string ctx = l.text;
    for (const ConfigLine& c : l.children) {
      if (qosSetting(c, ctx, intf.qos, "interface " + name)) continue;
      const std::string& w0 = c.word(0);
      if (w0 == "description") {
        intf.description = Sourced<std::string>{
            c.text.substr(std::min(c.text.size(), std::string("description ").size())), src(c, ctx)};
      } else if (w0 == "mtu" && c.words.size() == 2) {
        intf.mtu = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 1, 68, 65535, "an MTU in bytes"), src(c, ctx)};
        parsedQos();
      } else if (w0 == "speed") {
        speed(c, ctx, intf);
      } else if (c.text == "shutdown" || c.text == "no shutdown") {
        intf.admin_up = Sourced<bool>{w0 == "no", src(c, ctx)};
      } else if (flowcontrolLine(c, ctx, intf)) {
        continue;
      } else if (switchportLine(c, ctx, name, intf.switchport)) {
        continue;
      } else if ((c.startsWith({"ip", "address"}) || c.startsWith({"ipv6", "address"})) && c.words.size() >= 3 &&
                 c.word(2).find('/') != std::string::npos && c.word(3) != "link-local") {
        intf.addresses.emplace_back(c.word(2), src(c, ctx));
      } else if (w0 == "channel-group" && c.words.size() >= 2) {
        intf.channel_group = "Port-Channel" + c.word(1);
      } else if (c.startsWith({"port-channel", "min-links"}) && c.words.size() == 3) {
        // The LAG is down while fewer members are up (0, the default, keeps it up on one).
        intf.min_links = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 2, 0, 1024, "a member count"), src(c, ctx)};
      } else if (w0 == "service-profile") {
        if (c.words.size() != 2) fail(c, "expected \"service-profile <qos profile name>\"");
        intf.service_profile = Reference{c.word(1), src(c, ctx), false};
        parsedQos();
      } else {
        notUnderstood(c, ctx, isQosKeyword(c));
      }
    }
  }

  void speed(const ConfigLine& c, const std::string& ctx, Interface& intf) {
    std::size_t i = c.word(1) == "forced" ? 2 : 1;
    const std::string& w = c.word(i);
    if (w == "auto" || w.empty()) {
      parsedQos();
      return;
    }
    std::size_t digits = 0;
    while (digits < w.size() && std::isdigit(static_cast<unsigned char>(w[digits]))) ++digits;
    auto value = number<std::uint32_t>(std::string_view(w).substr(0, digits));
    std::string_view rest = std::string_view(w).substr(digits);
    std::uint32_t factor = 1;
    if (!rest.empty() && (rest[0] == 'g' || rest[0] == 'G')) {
      factor = 1000;
      rest.remove_prefix(1);
    } else if (!rest.empty() && (rest[0] == 'm' || rest[0] == 'M')) {
      rest.remove_prefix(1);
    }
    bool suffix_ok = rest.empty() || rest == "full" || rest == "half" ||
                     (rest.size() >= 2 && rest[0] == '-' && number<int>(rest.substr(1)).has_value());
    if (!value || *value == 0 || !suffix_ok) {
      fail(c, fmt::format("expected a speed such as 100g, 400g-8, 100gfull or 10000full, got \"{}\"", w));
    }
    intf.speed = Sourced<std::uint32_t>{*value * factor, src(c, ctx)};
    parsedQos();
  }

  // QoS lines valid both in an interface and in a `qos profile`. Returns false when the line
  // is not one of them (the caller decides what it is).
  bool qosSetting(const ConfigLine& c, const std::string& ctx, QosSettings& qos, const std::string& origin) {
    const std::string& w0 = c.word(0);
    if (w0 == "tx-queue" || w0 == "uc-tx-queue" || w0 == "mc-tx-queue") {
      txQueue(c, ctx, qos, origin);
      return true;
    }
    if (c.startsWith({"qos", "trust"})) {
      if (c.words.size() != 3 || (c.word(2) != "dscp" && c.word(2) != "cos"))
        fail(c, "expected \"qos trust dscp\" or \"qos trust cos\"");
      qos.trust = Sourced<TrustMode>{c.word(2) == "dscp" ? TrustMode::Dscp : TrustMode::Cos, src(c, ctx)};
      parsedQos();
      return true;
    }
    if (c.text == "no qos trust") {
      qos.trust = Sourced<TrustMode>{TrustMode::Untrusted, src(c, ctx)};
      parsedQos();
      return true;
    }
    if (c.startsWith({"qos", "cos"})) {
      qos.default_cos = Sourced<int>{integer<int>(c, 2, 0, 7, "a CoS value"), src(c, ctx)};
      parsedQos();
      return true;
    }
    if (c.startsWith({"qos", "dscp"})) {
      integer<int>(c, 2, 0, 63, "a DSCP value");  // DSCP given to untrusted packets: no TC effect
      parsedQos();
      return true;
    }
    if (c.startsWith({"shape", "rate"})) {
      parsedQos();  // port shaping: no effect on lossless classification, buffers or marking
      return true;
    }
    if (c.startsWith({"service-policy", "type", "qos"})) {
      notUnderstood(c, ctx, true, "classification by policy-map is not modelled; the DSCP/CoS maps are used");
      return true;
    }
    if (w0 == "no" && c.word(1) == "priority-flow-control") {
      if (c.words.size() == 2 || (c.words.size() == 3 && c.word(2) == "mode")) {
        qos.pfc_on = Sourced<bool>{false, src(c, ctx)};
      } else if (c.words.size() == 4 && c.word(2) == "pause" && c.word(3) == "watchdog") {
        qos.watchdog = Sourced<bool>{false, src(c, ctx)};
      } else {
        notUnderstood(c, ctx, true);
        return true;
      }
      parsedQos();
      return true;
    }
    if (w0 != "priority-flow-control") return false;
    // priority-flow-control on | mode on | off | priority N no-drop|drop | pause watchdog ...
    const std::string& w1 = c.word(1);
    if (c.words.size() == 2 && (w1 == "on" || w1 == "off")) {
      qos.pfc_on = Sourced<bool>{w1 == "on", src(c, ctx)};
    } else if (w1 == "mode" && c.words.size() == 3 && (c.word(2) == "on" || c.word(2) == "off")) {
      qos.pfc_on = Sourced<bool>{c.word(2) == "on", src(c, ctx)};
    } else if (w1 == "priority") {
      int p = integer<int>(c, 2, 0, 7, "a priority");
      if (c.words.size() != 4 || (c.word(3) != "no-drop" && c.word(3) != "drop")) {
        fail(c, fmt::format("expected \"no-drop\" or \"drop\" after the priority, got \"{}\"", c.word(3)));
      }
      qos.no_drop[p] = Sourced<bool>{c.word(3) == "no-drop", src(c, ctx)};
    } else if (w1 == "pause" && c.word(2) == "watchdog") {
      if (c.words.size() == 3) {
        qos.watchdog = Sourced<bool>{true, src(c, ctx)};
      } else if (c.word(3) == "port" && c.word(4) == "action") {
        qos.wd_action = Sourced<std::string>{watchdogAction(c, 5), src(c, ctx)};
      } else if (c.word(3) == "port" && c.word(4) == "timer") {
        watchdogTimer(c, ctx, qos);
      } else {
        notUnderstood(c, ctx, true);
        return true;
      }
    } else {
      notUnderstood(c, ctx, true);
      return true;
    }
    parsedQos();
    return true;
  }

  // EOS watchdog actions in the model's (SONiC) words: no-drop keeps forwarding ignoring pause.
  std::string watchdogAction(const ConfigLine& c, std::size_t i) const {
    const std::string& w = c.word(i);
    if (c.words.size() != i + 1 || (w != "drop" && w != "no-drop" && w != "notify-only")) {
      fail(c, fmt::format("expected a watchdog action drop, no-drop or notify-only, got \"{}\"", w));
    }
    return w == "drop" ? "drop" : w == "no-drop" ? "forward" : "alert";
  }

  // priority-flow-control pause watchdog port timer timeout T polling-interval P|auto recovery-time R [forced]
  void watchdogTimer(const ConfigLine& c, const std::string& ctx, QosSettings& qos) {
    for (std::size_t i = 5; i < c.words.size(); ++i) {
      const std::string& w = c.word(i);
      if (w == "forced") continue;
      if (i + 1 >= c.words.size()) fail(c, fmt::format("expected a value after \"{}\"", w));
      if (w == "timeout") {
        qos.wd_timeout_ms = Sourced<int>{seconds(c, ++i, "the timeout"), src(c, ctx)};
      } else if (w == "recovery-time") {
        qos.wd_recovery_ms = Sourced<int>{seconds(c, ++i, "the recovery time"), src(c, ctx)};
      } else if (w == "polling-interval") {
        if (c.word(++i) != "auto") seconds(c, i, "the polling interval");
      } else {
        fail(c, fmt::format("expected timeout, polling-interval, recovery-time or forced, got \"{}\"", w));
      }
    }
  }

  void txQueue(const ConfigLine& l, const std::string& ctx, QosSettings& qos, const std::string& origin) {
    int index = integer<int>(l, 1, 0, 15, "a queue number");
    parsedQos();
    bool multicast = l.word(0) == "mc-tx-queue";
    std::string queue_origin = fmt::format("{} {} {}", origin, l.word(0), index);
    std::string qctx = cli::childContext(ctx, l);
    QueueSettings scratch;  // multicast queues are read (and checked) but not modelled: RoCE is unicast
    QueueSettings& queue = multicast ? scratch : qos.queues[index];
    if (!queue.src.known()) queue.src = src(l, ctx);
    for (const ConfigLine& c : l.children) {
      const std::string& w0 = c.word(0);
      if (w0 == "random-detect") {
        randomDetect(c, qctx, queue, queue_origin);
      } else if (c.text == "priority strict" || c.text == "no priority") {
        queue.scheduler_type = Sourced<std::string>{w0 == "no" ? "DWRR" : "STRICT", src(c, qctx)};
        queue.scheduler_origin = queue_origin;
        parsedQos();
      } else if (c.startsWith({"bandwidth", "percent"})) {
        queue.weight = Sourced<int>{integer<int>(c, 2, 1, 100, "a percentage"), src(c, qctx)};
        queue.scheduler_origin = queue_origin;
        parsedQos();
      } else if (c.startsWith({"bandwidth", "guaranteed"}) || c.startsWith({"shape", "rate"})) {
        parsedQos();  // minimum / maximum rates: no effect on lossless classification or marking
      } else {
        notUnderstood(c, qctx, true);
      }
    }
  }

  Threshold threshold(const ConfigLine& c, std::size_t i, const std::string& what) const {
    static const std::set<std::string, std::less<>> units = {"segments", "bytes",        "kbytes",
                                                             "mbytes",   "milliseconds", "microseconds"};
    Threshold t;
    t.value = integer<std::uint64_t>(c, i, 0, 256'000'000, "a " + what + " value");
    t.unit = c.word(i + 1);
    if (!units.count(t.unit)) {
      fail(c, fmt::format("expected a unit after {} {} (segments, bytes, kbytes, mbytes, milliseconds, microseconds), "
                          "got \"{}\"",
                          what, c.word(i), t.unit));
    }
    return t;
  }

  // random-detect ecn minimum-threshold A U maximum-threshold B U [max-mark-probability P] [weight W]
  // random-detect drop [drop-precedence D] minimum-threshold A U maximum-threshold B U drop-probability P [weight W]
  void randomDetect(const ConfigLine& c, const std::string& ctx, QueueSettings& queue, const std::string& origin) {
    const std::string& kind = c.word(1);
    if (kind == "ecn" && c.text == "random-detect ecn count") {
      parsedQos();
      return;
    }
    if (kind != "ecn" && kind != "drop") {
      notUnderstood(c, ctx, true);
      return;
    }
    WredLine line;
    line.src = src(c, ctx);
    line.origin = origin;
    bool have_min = false;
    bool have_max = false;
    for (std::size_t i = 2; i < c.words.size(); ++i) {
      const std::string& w = c.word(i);
      if (w == "minimum-threshold") {
        line.min = threshold(c, i + 1, "minimum-threshold");
        have_min = true;
        i += 2;
      } else if (w == "maximum-threshold") {
        line.max = threshold(c, i + 1, "maximum-threshold");
        have_max = true;
        i += 2;
      } else if (w == "max-mark-probability" && kind == "ecn") {
        line.probability = integer<int>(c, ++i, 1, 100, "a mark probability in percent");
      } else if (w == "drop-probability" && kind == "drop") {
        line.probability = integer<int>(c, ++i, 1, 100, "a drop probability in percent");
      } else if (w == "drop-precedence" && kind == "drop") {
        line.drop_precedence = integer<int>(c, ++i, 0, 2, "a drop precedence");
      } else if (w == "weight") {
        integer<int>(c, ++i, 0, 15, "a weight");  // averaging weight: not modelled
      } else {
        fail(c, fmt::format("unexpected \"{}\": expected minimum-threshold, maximum-threshold, {}, weight", w,
                            kind == "ecn" ? "max-mark-probability" : "drop-precedence, drop-probability"));
      }
    }
    if (!have_min) fail(c, "expected \"minimum-threshold <value> <unit>\"");
    if (!have_max) fail(c, "expected \"maximum-threshold <value> <unit>\"");
    if (kind == "ecn") {
      queue.ecn = line;
    } else {
      queue.drop[line.drop_precedence] = line;
    }
    parsedQos();
  }

  // --- qos profile, global qos and PFC --------------------------------------------------------

  void qosProfile(const ConfigLine& l) {
    const std::string& name = l.word(2);
    parsedQos();
    auto it = profiles_.try_emplace(name).first;
    std::string ctx = l.text;
    for (const ConfigLine& c : l.children) {
      if (!qosSetting(c, ctx, it->second, "qos profile " + name)) notUnderstood(c, ctx, true);
    }
  }

  void globalQos(const ConfigLine& l) {
    if (l.startsWith({"qos", "map"})) return qosMap(l);
    if (l.startsWith({"qos", "random-detect", "ecn", "allow", "non-ect"}) || l.text == "qos rewrite dscp" ||
        l.text == "qos rewrite cos") {
      if (l.text == "qos rewrite dscp") rewrite_dscp_ = true;
      parsedQos();  // non-ECT handling and rewrite do not change thresholds or classification
      return;
    }
    notUnderstood(l, "", true);
  }

  // qos map dscp|cos L to traffic-class T [drop-precedence D]; qos map traffic-class L to tx-queue|dscp N
  void qosMap(const ConfigLine& l) {
    const std::string& from = l.word(2);
    std::size_t i = 3;
    if (from == "dscp" || from == "cos") {
      auto values = valueList(l, i, from == "dscp" ? 63 : 7, from);
      if (l.word(i + 1) != "traffic-class")
        fail(l, fmt::format("expected \"to traffic-class <0-7>\", got \"to {}\"", l.word(i + 1)));
      int tc = integer<int>(l, i + 2, 0, 7, "a traffic class");
      if (l.words.size() != i + 3 && !(l.words.size() == i + 5 && l.word(i + 3) == "drop-precedence")) {
        fail(l, "expected nothing or \"drop-precedence <0-2>\" after the traffic class");
      }
      if (l.words.size() == i + 5) integer<int>(l, i + 4, 0, 2, "a drop precedence");
      auto& target = from == "dscp" ? dscp_tc_ : cos_tc_;
      for (int v : values) target[v] = Sourced<int>{tc, src(l, "")};
      parsedQos();
      return;
    }
    if (from == "traffic-class") {
      auto values = valueList(l, i, 7, "traffic-class");
      const std::string& to = l.word(i + 1);
      if (to == "tx-queue" || to == "uc-tx-queue") {
        int q = integer<int>(l, i + 2, 0, 15, "a queue number");
        for (int v : values) tc_queue_[v] = Sourced<int>{q, src(l, "")};
      } else if (to == "dscp") {
        int d = integer<int>(l, i + 2, 0, 63, "a DSCP value");
        for (int v : values) tc_dscp_[v] = Sourced<int>{d, src(l, "")};
      } else {
        return notUnderstood(l, "", true, "only the tx-queue and dscp targets of a traffic class are modelled");
      }
      parsedQos();
      return;
    }
    notUnderstood(l, "", true, "only dscp, cos and traffic-class maps are modelled");
  }

  void globalPfc(const ConfigLine& l) {
    if (l.text == "priority-flow-control all off") {
      pfc_all_off_ = src(l, "");
    } else if (l.startsWith({"priority-flow-control", "pause", "watchdog", "default"})) {
      const std::string& what = l.word(4);
      if (l.words.size() != 6 || (what != "timeout" && what != "recovery-time" && what != "polling-interval")) {
        fail(l,
             "expected \"priority-flow-control pause watchdog default timeout|recovery-time|polling-interval "
             "<seconds>\"");
      }
      Sourced<int> value{seconds(l, 5, what), src(l, "")};
      if (what == "timeout")
        wd_timeout_ = value;
      else if (what == "recovery-time")
        wd_recovery_ = value;
      else
        wd_polling_ = value;
    } else if (l.startsWith({"priority-flow-control", "pause", "watchdog", "action"})) {
      wd_action_ = Sourced<std::string>{watchdogAction(l, 4), src(l, "")};
    } else if (l.startsWith({"priority-flow-control", "pause", "watchdog", "override", "action"})) {
      watchdogAction(l, 5);  // what a port action may override: checked, not modelled
    } else {
      return notUnderstood(l, "", true);
    }
    parsedQos();
  }

  // --- platform buffer knobs ------------------------------------------------------------------

  // platform trident mmu queue profile NAME [apply]
  //    egress unicast queue N reserved [bytes|cells] V | threshold A/B | drop-precedence D drop-threshold F
  void mmuProfile(const ConfigLine& l) {
    const std::string& name = l.word(5);
    if (name.empty()) fail(l, "expected a profile name after \"platform trident mmu queue profile\"");
    parsedQos();
    if (l.words.size() == 7 && l.word(6) == "apply") {
      mmu_applied_ = Reference{name, src(l, ""), false};
      return;
    }
    if (l.words.size() != 6) fail(l, "expected \"platform trident mmu queue profile <name> [apply]\"");
    auto [it, created] = mmu_profiles_.try_emplace(name);
    if (created) it->second.src = src(l, "");
    std::string ctx = l.text;
    for (const ConfigLine& c : l.children) {
      if (c.startsWith({"ingress", "headroom"})) {
        it->second.ingress_headroom_bytes =
            Sourced<std::uint64_t>{integer<std::uint64_t>(c, 2, 0, UINT32_MAX, "a headroom in bytes"), src(c, ctx)};
        parsedQos();
        continue;
      }
      if (c.startsWith({"ingress", "threshold"})) {
        it->second.ingress_dynamic_th = Sourced<int>{alphaExponent(c, 2), src(c, ctx)};
        parsedQos();
        continue;
      }
      if (!c.startsWith({"egress"}) || (c.word(1) != "unicast" && c.word(1) != "multicast") || c.word(2) != "queue") {
        notUnderstood(c, ctx, true,
                      "only ingress headroom/threshold and egress queue reservations/thresholds are modelled");
        continue;
      }
      int q = integer<int>(c, 3, 0, 15, "a queue number");
      MmuQueue scratch;
      MmuQueue& queue = c.word(1) == "unicast" ? it->second.unicast[q] : scratch;
      if (!queue.src.known()) queue.src = src(c, ctx);
      const std::string& what = c.word(4);
      if (what == "reserved") {
        bool cells = c.word(5) == "cells";
        std::size_t at = (c.word(5) == "bytes" || cells) ? 6 : 5;
        auto value = integer<std::uint64_t>(c, at, 0, UINT32_MAX, "a reservation");
        queue.reserved_bytes = Sourced<std::uint64_t>{cells ? value * kSegmentBytes : value, src(c, ctx)};
      } else if (what == "threshold") {
        queue.dynamic_th = Sourced<int>{alphaExponent(c, 5), src(c, ctx)};
      } else if (what == "drop-precedence") {
        notUnderstood(c, ctx, true, "per-colour drop thresholds of the MMU are not modelled");
        continue;
      } else {
        fail(c, fmt::format("expected reserved, threshold or drop-precedence, got \"{}\"", what));
      }
      parsedQos();
    }
  }

  // Dynamic threshold "1/8" or "8": alpha as a power of two -> its exponent (SONiC dynamic_th).
  int alphaExponent(const ConfigLine& c, std::size_t i) const {
    const std::string& w = c.word(i);
    auto slash = w.find('/');
    auto num = number<int>(std::string_view(w).substr(0, slash));
    auto den = slash == std::string::npos ? std::optional<int>(1) : number<int>(std::string_view(w).substr(slash + 1));
    auto log2 = [](int v) -> std::optional<int> {
      int e = 0;
      while (v > 1 && v % 2 == 0) v /= 2, ++e;
      return v == 1 ? std::optional<int>(e) : std::nullopt;
    };
    std::optional<int> en = num && *num > 0 ? log2(*num) : std::nullopt;
    std::optional<int> ed = den && *den > 0 ? log2(*den) : std::nullopt;
    if (!en || !ed || *en - *ed < -8 || *en - *ed > 7) {
      fail(c,
           fmt::format("expected a threshold that is a power of two between 1/256 and 128 (e.g. 1/8), got \"{}\"", w));
    }
    return *en - *ed;
  }

  // --- routing --------------------------------------------------------------------------------

  void routerBgp(const ConfigLine& l) {
    bgp_asn_ = Sourced<std::uint32_t>{integer<std::uint32_t>(l, 2, 1, UINT32_MAX, "an AS number"), src(l, "")};
    std::string ctx = l.text;
    for (const ConfigLine& c : l.children) {
      // `address-family ipv4` holds the neighbours' per-family settings (route-maps, allowas-in).
      if (c.startsWith({"address-family", "ipv4"})) {
        std::string af_ctx = cli::childContext(ctx, c);
        for (const ConfigLine& a : c.children) bgpNeighborLine(a, af_ctx);
        continue;
      }
      bgpNeighborLine(c, ctx);
    }
  }

  // neighbor ADDRESS|GROUP remote-as N | peer group G | description D | route-map M in|out | allowas-in [N]
  void bgpNeighborLine(const ConfigLine& c, const std::string& ctx) {
    if (c.word(0) != "neighbor" || c.words.size() < 3) return;  // router-id, address families, ...
    const std::string& who = c.word(1);
    if (!common::looksLikeAddress(who)) {
      if (c.word(2) == "remote-as") {
        bgp_.groupAsn(who,
                      Sourced<std::uint32_t>{integer<std::uint32_t>(c, 3, 1, UINT32_MAX, "an AS number"), src(c, ctx)});
      } else {
        neighborPolicy(c, 2, ctx, bgp_.group(who));
      }
      return;
    }
    common::CliBgp::Peer& peer = bgp_.peer(who, src(c, ctx));
    if (c.word(2) == "remote-as") {
      peer.asn = Sourced<std::uint32_t>{integer<std::uint32_t>(c, 3, 1, UINT32_MAX, "an AS number"), src(c, ctx)};
    } else if ((c.word(2) == "peer" && c.word(3) == "group") || c.word(2) == "peer-group") {
      peer.group = c.word(2) == "peer" ? c.word(4) : c.word(3);
    } else if (c.word(2) == "description") {
      // The rest of the line after the keyword (empty when nothing follows: the fuzzer's
      // "neighbor 10.0.0.0 description" used to read past the end).
      std::size_t from = c.text.find_first_not_of(" \t", c.text.find("description") + 11);
      peer.description = from == std::string::npos ? std::string() : c.text.substr(from);
    } else {
      neighborPolicy(c, 2, ctx, peer);
    }
  }

  // ip route [vrf V] PREFIX [INTERFACE] [NEXTHOP] [DISTANCE] [tag T] [name N] ...
  void staticRoute(const ConfigLine& l) {
    std::size_t i = 2;
    StaticRoute route;
    if (l.word(i) == "vrf") {
      route.vrf = l.word(i + 1);
      i += 2;
    }
    if (l.word(i).find('/') == std::string::npos) fail(l, "expected a prefix such as 10.0.0.0/24 after \"ip route\"");
    route.prefix = l.word(i++);
    route.src = src(l, "");
    // A route is named by its prefix (a value everywhere else).
    std::string vrf = route.vrf.empty() ? "" : "vrf " + route.vrf + " ";
    route.src.setOrigin(OriginKind::CliStatement, fmt::format("{} route {}{}", l.word(0), vrf, route.prefix));
    for (; i < l.words.size(); ++i) {
      const std::string& w = l.word(i);
      if (common::looksLikeAddress(w) && w.find('/') == std::string::npos &&
          w.find_first_of(".:") != std::string::npos) {
        route.nexthops.push_back(w);
      } else if (std::isupper(static_cast<unsigned char>(w[0]))) {
        route.ifnames.push_back(w);
      } else {
        break;  // distance, tag, name, metric
      }
    }
    sw_.static_routes.push_back(std::move(route));
  }

  // --- model building -------------------------------------------------------------------------

  // An EOS default, sited at the hostname line; the origin is the statement that would override it.
  SourceRef defaultSrc(const std::string& statement) const {
    return default_src_.withOrigin(OriginKind::Default, statement);
  }

  void addMap(MapKind kind, const std::string& name, const std::map<int, Sourced<int>>& overrides, int size,
              int (*fallback)(int), const char* from_word, const char* to_word) {
    QosMap map;
    map.name = name;
    map.src = defaultSrc(fmt::format("qos map {} to {}", from_word, to_word));
    for (int v = 0; v < size; ++v) {
      auto it = overrides.find(v);
      if (it != overrides.end()) {
        map.entries[v] = it->second;
      } else {
        int to = fallback(v);
        map.entries[v] = Sourced<int>{to, map.src};
      }
    }
    sw_.maps[static_cast<std::size_t>(kind)].emplace(name, std::move(map));
  }

  void buildMaps() {
    auto identity = [](int v) { return v; };
    addMap(MapKind::DscpToTc, kDscpMap, dscp_tc_, 64, defaultTcOfDscp, "dscp", "traffic-class");
    addMap(MapKind::Dot1pToTc, kCosMap, cos_tc_, 8, defaultTcOfCos, "cos", "traffic-class");
    addMap(MapKind::TcToQueue, kTcQueueMap, tc_queue_, 8, +identity, "traffic-class", "tx-queue");
    // PFC priority p pauses traffic class p, so it stops the queue that class uses.
    addMap(MapKind::PfcToQueue, kTcQueueMap, tc_queue_, 8, +identity, "priority", "tx-queue");
    addMap(MapKind::TcToPg, kTcPgMap, {}, 8, +identity, "traffic-class", "priority-group");
    if (!tc_dscp_.empty()) {
      QosMap map;
      map.name = kTcDscpMap;
      map.src = tc_dscp_.begin()->second.src;
      map.entries = tc_dscp_;
      sw_.maps[static_cast<std::size_t>(MapKind::TcToDscp)].emplace(kTcDscpMap, std::move(map));
    }
    sw_.global_dscp_to_tc = Reference{kDscpMap, defaultSrc("qos map dscp to traffic-class"), false};
    if (wd_polling_) sw_.pfcwd_poll_interval_ms = wd_polling_;
    if (bgp_asn_) sw_.asn = bgp_asn_;
    sw_.buffer_model = BufferModel::Dynamic;  // EOS sizes no-drop headroom itself
  }

  // The WRED profile of a queue; time thresholds need the port speed (empty name when it is unknown).
  std::string wredFor(const QueueSettings& queue, std::optional<std::uint32_t> speed_mbps, const std::string& port) {
    if (!queue.ecn && queue.drop.empty()) return "";
    const WredLine& first = queue.ecn ? *queue.ecn : queue.drop.begin()->second;
    bool timed = false;
    auto lines = queue.ecn ? std::vector<WredLine>{*queue.ecn} : std::vector<WredLine>{};
    for (const auto& [dp, line] : queue.drop) {
      if (!queue.ecn) lines.push_back(line);
    }
    for (const auto& line : lines) timed = timed || line.min.isTime() || line.max.isTime();
    if (timed && !speed_mbps) {
      if (!port.empty()) {
        invalid(port,
                fmt::format("{}: a threshold in {} needs the port speed to be converted to bytes, and {} has no "
                            "speed configured; the queue is analysed without WRED/ECN",
                            first.origin, first.min.isTime() ? first.min.unit : first.max.unit, port),
                first.src);
      }
      return "";
    }
    std::string name = timed ? fmt::format("{} at {} Mb/s", first.origin, *speed_mbps) : first.origin;
    if (sw_.wred_profiles.count(name)) return name;
    auto bytes = [&](const Threshold& t) -> std::uint64_t {
      if (t.unit == "segments") return t.value * kSegmentBytes;
      if (t.unit == "kbytes") return t.value * kKbyte;
      if (t.unit == "mbytes") return t.value * kKbyte * kKbyte;
      if (t.unit == "milliseconds") return t.value * *speed_mbps * 125;  // Mb/s x ms / 8 = bytes
      if (t.unit == "microseconds") return t.value * *speed_mbps / 8;
      return t.value;
    };
    WredProfile profile;
    profile.name = name;
    profile.src = first.src;
    for (const auto& line : lines) {
      std::vector<Color> colors;
      if (queue.ecn)
        colors = {Color::Green, Color::Yellow, Color::Red};
      else
        colors = {line.drop_precedence == 0 ? Color::Green : line.drop_precedence == 1 ? Color::Yellow : Color::Red};
      for (Color c : colors) {
        WredColor& wc = profile.colors[static_cast<std::size_t>(c)];
        wc.min_threshold_bytes = Sourced<std::uint64_t>{bytes(line.min), line.src};
        wc.max_threshold_bytes = Sourced<std::uint64_t>{bytes(line.max), line.src};
        wc.drop_probability_percent = Sourced<int>{line.probability, line.src};
        wc.enabled = Sourced<bool>{true, line.src};
      }
    }
    profile.ecn = Sourced<std::string>{queue.ecn ? "ecn_all" : "ecn_none", first.src};
    sw_.wred_profiles.emplace(name, std::move(profile));
    return name;
  }

  std::string schedulerFor(const QueueSettings& queue) {
    if (!queue.scheduler_type && !queue.weight) return "";
    const std::string& name = queue.scheduler_origin;
    if (!sw_.schedulers.count(name)) {
      Scheduler s;
      s.name = name;
      s.src = queue.scheduler_type ? queue.scheduler_type->src : queue.weight->src;
      s.type = queue.scheduler_type;
      if (!s.type && queue.weight) s.type = Sourced<std::string>{"DWRR", queue.weight->src};
      s.weight = queue.weight;
      sw_.schedulers.emplace(name, std::move(s));
    }
    return name;
  }

  // Profiles as written (whether applied or not), so the model shows their converted values.
  void buildProfilesAsDefined() {
    for (const auto& [name, qos] : profiles_) {
      for (const auto& [q, queue] : qos.queues) {
        wredFor(queue, std::nullopt, "");
        schedulerFor(queue);
      }
    }
  }

  void buildMmuProfiles() {
    for (const auto& [name, mmu] : mmu_profiles_) {
      for (const auto& [q, queue] : mmu.unicast) {
        BufferProfile profile;
        profile.name = fmt::format("platform trident mmu queue profile {} egress unicast queue {}", name, q);
        profile.src = queue.src;
        profile.size_bytes = queue.reserved_bytes;
        profile.dynamic_th = queue.dynamic_th;
        sw_.profiles.emplace(profile.name, std::move(profile));
      }
      if (mmu.ingress_headroom_bytes || mmu.ingress_dynamic_th) {
        // The lossless PG profile: xoff is the per-PG headroom, the threshold its alpha.
        BufferProfile profile;
        profile.name = ingressProfileName(name);
        profile.src = mmu.ingress_headroom_bytes ? mmu.ingress_headroom_bytes->src : mmu.ingress_dynamic_th->src;
        profile.xoff_bytes = mmu.ingress_headroom_bytes;
        profile.dynamic_th = mmu.ingress_dynamic_th;
        sw_.profiles.emplace(profile.name, std::move(profile));
      }
    }
    if (mmu_applied_ && !mmu_profiles_.count(mmu_applied_->name)) {
      undefined("", "platform trident mmu queue profile", mmu_applied_->name,
                fmt::format("platform trident mmu queue profile {} apply: no such profile is defined; the default "
                            "MMU settings apply",
                            mmu_applied_->name),
                mmu_applied_->src,
                fmt::format("define `platform trident mmu queue profile {}`, or correct the name in the `apply` line",
                            mmu_applied_->name));
      mmu_applied_.reset();
    }
  }

  void buildInterfaces() {
    auto check = [&](const Interface& intf) {
      if (!intf.service_profile || profiles_.count(intf.service_profile->name)) return;
      const std::string& name = intf.name;
      undefined(
          common::isEthernetPortName(name) ? name : "", "qos profile", intf.service_profile->name,
          fmt::format("{}: service-profile {} names a qos profile that is not defined; {} gets none of its settings",
                      name, intf.service_profile->name, name),
          intf.service_profile->src,
          fmt::format("define `qos profile {}`, or correct the name in the interface's `service-profile` line",
                      intf.service_profile->name));
    };
    buildCliInterfaces(interfaces_, interface_order_, "Port-Channel", "Loopback", check,
                       [&](const Interface& intf) { buildPort(intf); });
  }

  // An interface's QoS lines over those of the qos profile it names (when that exists).
  QosSettings effectiveQos(const Interface& intf, SourceRef& binding) const {
    binding = intf.src;
    if (!intf.service_profile) return intf.qos;
    auto it = profiles_.find(intf.service_profile->name);
    if (it == profiles_.end()) return intf.qos;
    binding = intf.service_profile->src;
    return overlay(it->second, intf.qos);
  }

  void buildPort(const Interface& intf) {
    Port& port = sw_.portFor(intf.name);
    buildPortBasics(port, intf);

    SourceRef binding;
    QosSettings qos = effectiveQos(intf, binding);
    bool routed = intf.switchport.isRouted();
    if (auto pc = interfaces_.find(intf.channel_group); pc != interfaces_.end()) {
      // A LAG member takes the port-channel's QoS configuration; its own lines win.
      SourceRef pc_binding;
      qos = overlay(effectiveQos(pc->second, pc_binding), qos);
      if (!intf.service_profile) binding = pc_binding;
      routed = routed || pc->second.switchport.isRouted();
    }
    port.qos.src = binding;

    // Classification: explicit trust, else DSCP on routed ports and CoS on switchports.
    TrustMode trust = qos.trust ? qos.trust->value : routed ? TrustMode::Dscp : TrustMode::Cos;
    SourceRef trust_src = qos.trust ? qos.trust->src : binding;
    auto bind = [&](MapKind kind, const std::string& name) {
      port.qos.maps[static_cast<std::size_t>(kind)] = Reference{name, trust_src, false};
    };
    if (trust == TrustMode::Untrusted) {
      // Every packet gets the port's default CoS (qos cos N, default 0), whatever its DSCP.
      int cos = qos.default_cos ? qos.default_cos->value : 0;
      auto cos_entry = cos_tc_.find(cos);
      int tc = cos_entry != cos_tc_.end() ? cos_entry->second.value : defaultTcOfCos(cos);
      std::string name = fmt::format("eos-untrusted-cos-{}", cos);
      auto& dscp_maps = sw_.maps[static_cast<std::size_t>(MapKind::DscpToTc)];
      if (!dscp_maps.count(name)) {
        QosMap map;
        map.name = name;
        map.src = trust_src;
        for (int d = 0; d < 64; ++d) map.entries[d] = Sourced<int>{tc, trust_src};
        dscp_maps.emplace(name, std::move(map));
      }
      bind(MapKind::DscpToTc, name);
      port.qos.trust = Trust::Dscp;
    } else if (trust == TrustMode::Cos) {
      bind(MapKind::Dot1pToTc, kCosMap);
      port.qos.trust = Trust::Pcp;
    } else {
      bind(MapKind::DscpToTc, kDscpMap);
      port.qos.trust = Trust::Dscp;
    }
    bind(MapKind::TcToQueue, kTcQueueMap);
    bind(MapKind::PfcToQueue, kTcQueueMap);
    bind(MapKind::TcToPg, kTcPgMap);
    if (rewrite_dscp_ && !tc_dscp_.empty()) bind(MapKind::TcToDscp, kTcDscpMap);

    // PFC: the no-drop priorities, when PFC is on and not switched off for all interfaces.
    if (qos.pfc_on || !qos.no_drop.empty() || pfc_all_off_) {
      PrioritySet set;
      bool on = qos.pfc_on && qos.pfc_on->value && !pfc_all_off_;
      SourceRef where = pfc_all_off_ && qos.pfc_on && qos.pfc_on->value ? *pfc_all_off_
                        : qos.pfc_on                                    ? qos.pfc_on->src
                        : pfc_all_off_                                  ? *pfc_all_off_
                                                                        : qos.no_drop.begin()->second.src;
      for (const auto& [p, no_drop] : qos.no_drop) {
        if (!on || !no_drop.value) continue;
        set.set(static_cast<std::size_t>(p));
        // EOS reserves headroom for no-drop priority p in PG p itself, sized by the platform unless
        // an applied MMU profile sets "ingress headroom".
        if (mmu_applied_ && mmu_profiles_.at(mmu_applied_->name).ingress_headroom_bytes) {
          port.pgs.set(static_cast<std::size_t>(p),
                       PriorityGroup{p, Reference{ingressProfileName(mmu_applied_->name), mmu_applied_->src, false},
                                     false, true, no_drop.src});
        } else {
          port.pgs.set(static_cast<std::size_t>(p), PriorityGroup{p, std::nullopt, true, true, no_drop.src});
        }
      }
      port.qos.pfc_enable = Sourced<PrioritySet>{set, where};
      if (on && qos.watchdog && qos.watchdog->value) {
        PortWatchdog wd;
        wd.src = qos.watchdog->src;
        wd.action = qos.wd_action ? qos.wd_action : wd_action_;
        wd.detection_ms = qos.wd_timeout_ms ? qos.wd_timeout_ms : wd_timeout_;
        wd.restoration_ms = qos.wd_recovery_ms ? qos.wd_recovery_ms : wd_recovery_;
        port.watchdog = std::move(wd);
      }
    }

    // Egress queues: WRED/ECN and scheduling from the profile and the interface.
    std::optional<std::uint32_t> speed;
    if (port.speed_mbps) speed = port.speed_mbps->value;
    for (const auto& [q, queue] : qos.queues) {
      std::string wred = wredFor(queue, speed, intf.name);
      std::string scheduler = schedulerFor(queue);
      if (wred.empty() && scheduler.empty()) continue;
      PortQueue& pq = port.queueFor(q, queue.src);
      if (!wred.empty()) pq.wred_profile = Reference{wred, sw_.wred_profiles.at(wred).src, false};
      if (!scheduler.empty()) pq.scheduler = Reference{scheduler, sw_.schedulers.at(scheduler).src, false};
    }
    if (mmu_applied_) {
      for (const auto& [q, mmu] : mmu_profiles_.at(mmu_applied_->name).unicast) {
        (void)mmu;
        port.queueFor(q, mmu_applied_->src).buffer_profile = Reference{
            fmt::format("platform trident mmu queue profile {} egress unicast queue {}", mmu_applied_->name, q),
            mmu_applied_->src, false};
      }
    }
  }

  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::map<std::string, QosSettings> profiles_;
  std::map<int, Sourced<int>> dscp_tc_;
  std::map<int, Sourced<int>> cos_tc_;
  std::map<int, Sourced<int>> tc_queue_;
  std::map<int, Sourced<int>> tc_dscp_;
  bool rewrite_dscp_ = false;
  std::optional<SourceRef> pfc_all_off_;
  std::optional<Sourced<std::string>> wd_action_;
  std::optional<Sourced<int>> wd_timeout_;
  std::optional<Sourced<int>> wd_recovery_;
  std::optional<Sourced<int>> wd_polling_;
  std::map<std::string, MmuProfile> mmu_profiles_;
  std::optional<Reference> mmu_applied_;
  std::optional<Sourced<std::uint32_t>> bgp_asn_;
  common::CliBgp bgp_;
};

}  // namespace

std::optional<std::string> hostnameOf(const cli::ConfigText& config) {
  return common::hostnameOf(config, {"hostname"});
}

void buildSwitch(const std::vector<cli::ConfigText>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage) {
  sw.format = formats::kEos;
  Parser parser(sw, notes, out_of_scope);
  for (const auto& file : files) parser.read(file);
  parser.build(coverage);
}

}  // namespace rocelint::eos
