#include "nvue_config.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <memory>
#include <set>

#include "cli_config_text.hpp"
#include "common/cli_reader.hpp"
#include "common/switch_builder.hpp"
#include "format.hpp"
#include "rocelint/diagnostics.hpp"
#include "wording/format_ids.hpp"
#include "yaml_limits.hpp"

namespace rocelint::nvue {

const Node* Node::find(std::string_view name) const {
  for (const Node& child : children) {
    if (child.key == name) return &child;
  }
  return nullptr;
}

namespace {

// ----------------------------------------------------------------------------------------------
// Recognition: a cheap line scan
// ----------------------------------------------------------------------------------------------

std::string_view trimmed(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  return line;
}

bool startsWithWord(std::string_view line, std::string_view word) {
  return line.substr(0, word.size()) == word && (line.size() == word.size() || line[word.size()] == ' ');
}

}  // namespace

bool looksLikeNvue(std::string_view text) {
  static const std::vector<std::string_view> documents = {
      "- set:", "- unset:", "- header:", "set:", "unset:", "header:"};
  static const std::vector<std::string_view> top_keys = {
      "interface:", "qos:", "system:", "router:", "vrf:", "bridge:", "evpn:", "nve:", "service:", "mlag:"};
  constexpr int kMaxStrayLines = 2;
  int stray_lines = 0;
  bool document = false;
  std::size_t pos = 0;
  for (int lines = 0; pos < text.size() && lines < 5000; ++lines) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    std::string_view line = trimmed(raw);
    if (line.empty() || line.front() == '#' || line == "---") continue;
    if (!document) {
      // The first statement must open an NVUE document; a few lines before it are tolerated (a
      // prompt or command pasted above the YAML), so such a file is reported as invalid YAML
      // instead of being skipped unnoticed.
      if (std::none_of(documents.begin(), documents.end(),
                       [&](std::string_view d) { return startsWithWord(line, d); })) {
        if (++stray_lines > kMaxStrayLines) return false;
        continue;
      }
      document = true;
      continue;
    }
    bool indented = !raw.empty() && (raw.front() == ' ' || raw.front() == '\t');
    if (indented &&
        std::any_of(top_keys.begin(), top_keys.end(), [&](std::string_view k) { return startsWithWord(line, k); }))
      return true;
  }
  return false;
}

// ----------------------------------------------------------------------------------------------
// Parsing: YAML -> Node trees with positions
// ----------------------------------------------------------------------------------------------

namespace {

/// Keys whose members may be written as lists or ranges ("swp1-4,swp6", "0-3,5-7"): NVUE accepts
/// them on the command line, and hand-written files use them.
bool expandsKeys(const std::string& parent) {
  return parent == "interface" || parent == "switch-priority" || parent == "traffic-class" || parent == "dscp" ||
         parent == "pcp" || parent == "member";
}

std::optional<int> smallNumber(std::string_view text) {
  auto v = cli::number<int>(text);
  if (!v || *v < 0 || *v > 1'000'000) return std::nullopt;
  return v;
}

/// "swp1-4,swp6" -> swp1 swp2 swp3 swp4 swp6; "0-3,5" -> 0 1 2 3 5; "swp1-swp4" as well. An
/// element that is no range stays as written.
std::vector<std::string> expandKey(const std::string& key) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= key.size()) {
    std::size_t comma = key.find(',', start);
    if (comma == std::string::npos) comma = key.size();
    std::string element = key.substr(start, comma - start);
    start = comma + 1;
    std::size_t dash = element.rfind('-');
    bool expanded = false;
    if (dash != std::string::npos && dash > 0) {
      std::string left = element.substr(0, dash);
      std::string right = element.substr(dash + 1);
      std::size_t digits = left.size();
      while (digits > 0 && std::isdigit(static_cast<unsigned char>(left[digits - 1]))) --digits;
      std::string prefix = left.substr(0, digits);
      if (!prefix.empty() && right.rfind(prefix, 0) == 0) right = right.substr(prefix.size());  // swp1-swp4
      auto low = smallNumber(std::string_view(left).substr(digits));
      auto high = smallNumber(right);
      if (low && high && *low <= *high && *high - *low < 4096) {
        for (int v = *low; v <= *high; ++v) out.push_back(prefix + std::to_string(v));
        expanded = true;
      }
    }
    if (!expanded && !element.empty()) out.push_back(element);
    if (comma == key.size()) break;
  }
  if (out.empty()) out.push_back(key);
  return out;
}

class TreeReader {
 public:
  explicit TreeReader(FileName file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& what) const {
    throw InputError(fmt::format("{}:{}:{}: {}", file_.str(), mark.line + 1, mark.column + 1, what));
  }

  // `value` (under `key`, at `pointer`) -> Node `out` (key and src already set).
  void convert(const YAML::Node& value, Node& out) const {
    if (value.Mark().line >= 0) {
      out.value_line = value.Mark().line + 1;
      out.value_column = value.Mark().column + 1;
    } else {
      out.value_line = out.src.line;
      out.value_column = out.src.column;
    }
    switch (value.Type()) {
      case YAML::NodeType::Scalar:
        out.scalar = value.Scalar();
        return;
      case YAML::NodeType::Null:
      case YAML::NodeType::Undefined:
        return;
      case YAML::NodeType::Sequence: {
        // A list of values is a leaf-list: its members become keys, as NVUE itself writes them.
        out.is_map = true;
        for (const YAML::Node& item : value) {
          if (!item.IsScalar())
            fail(item.Mark(),
                 out.src.originText() + ": expected a mapping or a list of values, got a nested list item");
          addChild(item, YAML::Node(YAML::NodeType::Map), out);
        }
        return;
      }
      case YAML::NodeType::Map: {
        out.is_map = true;
        for (auto it = value.begin(); it != value.end(); ++it) {
          if (!it->first.IsScalar())
            fail(it->first.Mark(), out.src.originText() + ": expected a key, got a complex key");
          addChild(it->first, it->second, out);
        }
        return;
      }
    }
  }

 private:
  void addChild(const YAML::Node& key, const YAML::Node& value, Node& parent) const {
    const std::string& name = key.Scalar();
    std::vector<std::string> names = expandsKeys(parent.key) ? expandKey(name) : std::vector<std::string>{name};
    Node child;
    child.key = name;
    child.src = SourceRef{file_, key.Mark().line + 1, key.Mark().column + 1, OriginKind::YamlKeyPath,
                          parent.src.originText() + "/" + name};
    convert(value, child);
    for (std::size_t i = 0; i + 1 < names.size(); ++i) {
      Node copy = child;
      copy.key = names[i];
      parent.children.push_back(std::move(copy));
    }
    child.key = names.back();
    parent.children.push_back(std::move(child));
  }

  FileName file_;
};

void readOperations(const TreeReader& reader, const YAML::Node& document, Config& config) {
  if (!document.IsMap()) {
    reader.fail(document.Mark(), "expected an NVUE document (\"- set:\", \"- unset:\" or \"- header:\"), got " +
                                     std::string(document.IsSequence() ? "a list"
                                                 : document.IsScalar() ? "\"" + document.Scalar() + "\""
                                                                       : "nothing"));
  }
  for (auto it = document.begin(); it != document.end(); ++it) {
    std::string kind = it->first.IsScalar() ? it->first.Scalar() : "";
    if (kind == "header") continue;  // model, nvue-api-version, rev-id, version: nothing QoS-related
    if (kind != "set" && kind != "unset") {
      std::string shown = kind.size() > 40 ? kind.substr(0, 40) + "..." : kind;
      reader.fail(it->first.Mark(), fmt::format("expected \"set\", \"unset\" or \"header\", got \"{}\"", shown));
    }
    Operation op;
    op.unset = kind == "unset";
    op.tree.key = kind;
    op.tree.src =
        SourceRef{config.file, it->first.Mark().line + 1, it->first.Mark().column + 1, OriginKind::YamlKeyPath, kind};
    if (!it->second.IsMap() && !it->second.IsNull()) {
      reader.fail(it->second.Mark(),
                  fmt::format("{}: expected a mapping of NVUE keys (interface, qos, system, ...)", kind));
    }
    reader.convert(it->second, op.tree);
    op.tree.is_map = true;
    if (!op.unset) {
      if (const Node* system = op.tree.find("system")) {
        if (const Node* hostname = system->find("hostname"); hostname != nullptr && hostname->scalar) {
          config.hostname = *hostname->scalar;
        }
      }
    }
    config.operations.push_back(std::move(op));
  }
}

}  // namespace

Config parse(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  Config config;
  config.file = FileName(file);
  if (auto exceeded = yaml::checkLimits(text, limits))
    throw InputError(fmt::format("{}:{}:{}: {}", file, exceeded->line, exceeded->column, exceeded->message));
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    throw InputError(fmt::format("{}:{}:{}: invalid YAML: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
  TreeReader reader(config.file);
  if (root.IsSequence()) {
    for (const YAML::Node& document : root) readOperations(reader, document, config);
  } else if (root.IsMap()) {
    readOperations(reader, root, config);
  } else {
    // Text pasted above the YAML (a shell prompt, an `nv config show` command) is a plain scalar,
    // which yaml-cpp takes as a document of its own and the rest as a second one; YAML allows no
    // content after a root scalar without a document start, so it is the YAML error it is.
    if (root.IsScalar()) {
      std::vector<YAML::Node> documents;
      try {
        documents = YAML::LoadAll(std::string(text));
      } catch (const YAML::ParserException& e) {  // a later document that does not parse
        throw InputError(fmt::format("{}:{}:{}: invalid YAML: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
      }
      if (documents.size() > 1) {
        YAML::Mark at = documents[1].Mark();
        throw InputError(
            fmt::format("{}:{}:{}: invalid YAML: expected a document start (---) after the text of line "
                        "{} (\"{}\"), got more content",
                        file, at.line + 1, at.column + 1, root.Mark().line + 1, root.Scalar()));
      }
    }
    throw InputError(fmt::format("{}:1:1: expected an NVUE configuration: a list of \"- set:\" documents", file));
  }
  return config;
}

// ----------------------------------------------------------------------------------------------
// Merging: set documents overlay, unset documents remove
// ----------------------------------------------------------------------------------------------

namespace {

Node* findChild(Node& node, const std::string& key) {
  for (Node& child : node.children) {
    if (child.key == key) return &child;
  }
  return nullptr;
}

void applySet(Node& target, const Node& source) {
  for (const Node& child : source.children) {
    Node* existing = findChild(target, child.key);
    if (existing == nullptr) {
      target.children.push_back(child);
      continue;
    }
    if (child.is_map && existing->is_map) {
      applySet(*existing, child);  // later keys win one by one; `{}` adds nothing to a mapping
    } else {
      *existing = child;
    }
  }
}

void applyUnset(Node& target, const Node& source) {
  for (const Node& child : source.children) {
    auto it =
        std::find_if(target.children.begin(), target.children.end(), [&](const Node& n) { return n.key == child.key; });
    if (it == target.children.end()) continue;
    if (child.is_map && !child.children.empty() && it->is_map) {
      applyUnset(*it, child);
      if (it->children.empty()) target.children.erase(it);  // nothing left of it
    } else {
      target.children.erase(it);
    }
  }
}

// ----------------------------------------------------------------------------------------------
// What the configuration says, with NVUE defaults filled in
// ----------------------------------------------------------------------------------------------

struct EcnSettings {
  Sourced<bool> ecn;
  Sourced<bool> red;
  Sourced<std::uint64_t> min_bytes;
  Sourced<std::uint64_t> max_bytes;
  Sourced<int> probability;
  SourceRef src;
};

struct PfcProfile {
  std::optional<Sourced<PrioritySet>> priorities;
  Sourced<bool> tx;
  Sourced<bool> rx;
  Sourced<std::uint32_t> cable_length_m;
  std::optional<Sourced<std::uint64_t>> port_buffer_bytes;
  std::optional<Sourced<std::uint64_t>> xoff_bytes;
  std::optional<Sourced<std::uint64_t>> xon_bytes;
  SourceRef src;
};

struct MappingProfile {
  Sourced<std::string> trust;  // l2 | l3 | both | port
  std::optional<Sourced<int>> port_default_sp;
  std::map<int, Sourced<int>> dscp;  // configured entries only
  std::map<int, Sourced<int>> pcp;
  SourceRef src;
};

struct SchedulerEntry {
  std::optional<Sourced<std::string>> mode;  // dwrr | strict
  std::optional<Sourced<int>> bw_percent;
  SourceRef src;
};

struct TrafficPool {
  std::optional<Sourced<int>> memory_percent;
  std::optional<Sourced<PrioritySet>> priorities;
  SourceRef src;
};

struct Interface {
  std::string name;
  const Node* node = nullptr;
  std::optional<Reference> pfc_profile;
  std::optional<Reference> cc_profile;
  std::optional<Reference> mapping_profile;
  std::optional<Reference> scheduler_profile;
  std::optional<Reference> link_pause_profile;  ///< qos link-pause profile: 802.3x pause
  std::optional<Sourced<bool>> watchdog;
  std::optional<Sourced<bool>> dcbx_pfc_tlv;  ///< lldp dcbx-pfc-tlv: LLDP carries the PFC TLV
};

enum class RoceMode : std::uint8_t { Lossless, Lossy, SingleIpool };

// NVUE defaults (docs/inputs.md "NVIDIA Cumulus NVUE"; FORMATS.md §6.1).
constexpr std::uint64_t kEcnMinBytes = 150000;  // default-global ECN on traffic class 0
constexpr std::uint64_t kEcnMaxBytes = 1500000;
constexpr std::uint64_t kRoceEcnMaxBytes = 1501500;  // the RoCE table's absolute threshold
constexpr int kEcnProbability = 100;
constexpr std::uint32_t kPfcCableM = 10;    // qos pfc <profile> cable-length
constexpr std::uint32_t kRoceCableM = 100;  // qos roce (nv show qos roce)
constexpr int kWatchdogPollMs = 100;
constexpr int kWatchdogRobustness = 3;
constexpr int kRocePriority = 3;  // RoCE data: switch priority 3, traffic class 3
constexpr int kCnpPriority = 6;   // CNP: switch priority 6, traffic class 6, strict

int defaultSpOfDscp(int dscp) { return dscp / 8; }

bool isPortName(const std::string& name) {
  if (name.rfind("swp", 0) != 0 || name.size() < 4) return false;
  std::size_t i = 3;
  auto digits = [&]() {
    std::size_t start = i;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
    return i > start;
  };
  if (!digits()) return false;
  if (i == name.size()) return true;
  if (name[i] != 's') return false;  // breakout: swp1s0
  ++i;
  return digits() && i == name.size();
}

bool looksLikeAddress(const std::string& word) {
  return !word.empty() && (std::isdigit(static_cast<unsigned char>(word[0])) || word.find(':') != std::string::npos) &&
         word.find_first_not_of("0123456789abcdefABCDEF.:/") == std::string::npos;
}

// ----------------------------------------------------------------------------------------------
// The builder: merged tree -> settings -> model
// ----------------------------------------------------------------------------------------------

class Builder {
 public:
  Builder(Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : sw_(sw), notes_(notes), out_of_scope_(out_of_scope) {}

  void build(const Node& root, const std::vector<FileName>& files, std::vector<ParseCoverage>& coverage) {
    root_src_ = SourceRef{files.front(), 1, 1, OriginKind::None, ""};
    for (const Node& top : root.children) {
      if (top.key == "system") {
        system(top);
      } else if (top.key == "qos") {
        qos(top);
      } else if (top.key == "interface") {
        use(top);
        for (const Node& intf : mapChildren(top, "interfaces")) interface(intf);
      } else if (top.key == "router") {
        router(top);
      } else if (top.key == "vrf") {
        use(top);
        for (const Node& vrf : mapChildren(top, "VRFs")) this->vrf(vrf);
      } else if (top.key == "bridge") {
        bridgeDomains(top);
      } else {
        ++out_of_scope_["NVUE " + top.key];
      }
    }
    buildModel();
    report(root, files, coverage);
  }

 private:
  // --- reading values -------------------------------------------------------------------------

  static void use(const Node& n) { n.used = true; }

  static std::string got(const Node& n) {
    if (n.scalar) return fmt::format("\"{}\"", *n.scalar);
    if (n.is_map) return "a mapping";
    return "nothing (the value is missing; is the file truncated?)";
  }

  [[noreturn]] static void fail(const Node& n, const std::string& what) {
    bool at_value = n.scalar.has_value() && n.value_line > 0;
    throw InputError(fmt::format("{}:{}:{}: {}: {}", n.src.file(), at_value ? n.value_line : n.src.line,
                                 at_value ? n.value_column : n.src.column, n.src.originText(), what));
  }

  // The members of a mapping node (nothing counts as none; a scalar is an error).
  static const std::vector<Node>& mapChildren(const Node& n, const std::string& what) {
    static const std::vector<Node> none;
    use(n);
    if (n.scalar) fail(n, fmt::format("expected a mapping of {}, got {}", what, got(n)));
    return n.is_map ? n.children : none;
  }

  static const std::string& text(const Node& n, const std::string& what) {
    use(n);
    if (!n.scalar) fail(n, fmt::format("expected {}, got {}", what, got(n)));
    return *n.scalar;
  }

  template <class T>
  static T integer(const Node& n, T min, T max, const std::string& what) {
    const std::string& value = text(n, fmt::format("{} ({}-{})", what, min, max));
    auto v = cli::number<T>(value);
    if (!v || *v < min || *v > max) fail(n, fmt::format("expected {} ({}-{}), got \"{}\"", what, min, max, value));
    return *v;
  }

  // A number written as a key ('26': {...}).
  static int keyNumber(const Node& n, int min, int max, const std::string& what) {
    use(n);
    auto v = cli::number<int>(n.key);
    if (!v || *v < min || *v > max) {
      throw InputError(fmt::format("{}:{}:{}: {}: expected {} ({}-{}) as the key, got \"{}\"", n.src.file(), n.src.line,
                                   n.src.column, n.src.originText(), what, min, max, n.key));
    }
    return *v;
  }

  static bool flag(const Node& n, const std::string& what) {
    // The nested spelling {enable: on} of some releases and the flat one (ecn: enable) both occur.
    if (n.is_map && n.children.size() == 1 && n.children[0].key == "enable") {
      use(n);
      return flag(n.children[0], what);
    }
    const std::string& value = text(n, fmt::format("{} (enable, disable, on or off)", what));
    std::string lower = value;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "enable" || lower == "enabled" || lower == "on" || lower == "true" || lower == "yes") return true;
    if (lower == "disable" || lower == "disabled" || lower == "off" || lower == "false" || lower == "no") return false;
    fail(n, fmt::format("expected {} (enable, disable, on or off), got \"{}\"", what, value));
  }

  // Bytes: a whole number, optionally with a unit B, KB or MB (binary multiples, kKbyte).
  static std::uint64_t bytes(const Node& n, const std::string& what) {
    const std::string& value = text(n, what + " in bytes");
    std::size_t digits = 0;
    while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
    auto number = cli::number<std::uint64_t>(std::string_view(value).substr(0, digits));
    std::string unit(trimmed(std::string_view(value).substr(digits)));
    std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return std::toupper(c); });
    std::uint64_t factor = unit.empty() || unit == "B" ? 1 : unit == "KB" ? kKbyte : unit == "MB" ? kKbyte * kKbyte : 0;
    if (!number || factor == 0 || *number > 1'000'000'000'000ULL / factor) {
      fail(n,
           fmt::format("expected {} in bytes (a whole number, optionally with B, KB or MB; 1 KB = 1024 B), got \"{}\"",
                       what, value));
    }
    return *number * factor;
  }

  // A leaf-list of switch priorities: {'3': {}, '4': {}} (or a list, or a single number).
  static PrioritySet prioritySet(const Node& n, const std::string& what) {
    PrioritySet set;
    if (n.scalar) {
      for (const std::string& v : expandKey(*n.scalar)) {
        auto p = cli::number<int>(v);
        if (!p || *p < 0 || *p > 7) fail(n, fmt::format("expected {} (0-7), got \"{}\"", what, *n.scalar));
        set.set(static_cast<std::size_t>(*p));
      }
      use(n);
      return set;
    }
    for (const Node& member : mapChildren(n, what)) set.set(static_cast<std::size_t>(keyNumber(member, 0, 7, what)));
    return set;
  }

  // --- bookkeeping ----------------------------------------------------------------------------

  // An NVUE default, sited at the `qos roce` key when RoCE implies it, else at the hostname; the
  // origin is the statement that would override it, without its value ("qos pfc default-global tx").
  [[nodiscard]] SourceRef defaultSrc(const std::string& statement) const {
    const SourceRef& at = roce_node_ != nullptr && roce_enabled_ ? roce_node_->src
                          : hostname_src_.known()                ? hostname_src_
                                                                 : root_src_;
    return at.withOrigin(OriginKind::Default, statement);
  }

  void invalid(const std::string& port, const std::string& message, const SourceRef& where,
               const std::string& fix = "") {
    notes_.push_back(makeNote(InputNote::Kind::InvalidValue, sw_.name, port, message, where));
    notes_.back().fix = fix;
  }

  // --- top level ------------------------------------------------------------------------------

  void system(const Node& n) {
    for (const Node& child : mapChildren(n, "system settings")) {
      if (child.key == "hostname") {
        text(child, "a host name");
        hostname_src_ = child.src;
      } else {
        ++out_of_scope_["NVUE system " + child.key];
      }
    }
    use(n);
  }

  void router(const Node& n) {
    for (const Node& child : mapChildren(n, "routing protocols")) {
      if (child.key == "bgp") {
        bgp(child, true);
      } else if (child.key == "policy") {
        routingPolicy(child);
      } else {
        ++out_of_scope_["NVUE router " + child.key];
      }
    }
  }

  // router policy: route-map R rule N {action, match, set}, community-list L rule N {action,
  // community}, as-path-list L rule N {action, aspath-exp}, read into the same vendor-neutral terms
  // as EOS/NX-OS route-maps (common::CliPolicy, docs/inputs.md "BGP routing policy (NVUE)").
  void routingPolicy(const Node& n) {
    auto permitOf = [&](const Node& rule, const Node* action) {
      if (action == nullptr) return true;  // NVUE requires one; a rule without it permits nothing known
      if (action->scalar) {
        const std::string& a = text(*action, "permit or deny");
        if (a != "permit" && a != "deny") fail(*action, fmt::format("expected permit or deny, got \"{}\"", a));
        return a == "permit";
      }
      for (const Node& c : mapChildren(*action, "an action")) {
        if (c.key != "permit" && c.key != "deny") fail(c, fmt::format("expected permit or deny, got \"{}\"", c.key));
        return c.key == "permit";
      }
      fail(rule, "expected an action (permit or deny)");
    };
    for (const Node& kind : mapChildren(n, "routing policies")) {
      if (kind.key != "route-map" && kind.key != "community-list" && kind.key != "as-path-list") {
        ++out_of_scope_["NVUE router policy " + kind.key];
        continue;
      }
      for (const Node& list : mapChildren(kind, kind.key + "s")) {
        for (const Node& rules : mapChildren(list, "rules")) {
          if (rules.key != "rule") {
            use(rules);
            continue;
          }
          for (const Node& rule : mapChildren(rules, "rules")) {
            bool permit = permitOf(rule, rule.find("action"));
            if (kind.key == "community-list") {
              std::vector<std::string> members;
              if (const Node* c = rule.find("community")) {
                if (c->scalar) {
                  members.push_back(text(*c, "a community"));
                } else {
                  for (const Node& m : mapChildren(*c, "communities")) members.push_back(m.key);
                }
              }
              for (const Node& c : rule.children) use(c);
              policy_.communityList(list.key, permit, members, true);
            } else if (kind.key == "as-path-list") {
              const Node* exp = rule.find("aspath-exp");
              for (const Node& c : rule.children) use(c);
              policy_.asPath(list.key, permit, exp != nullptr && exp->scalar ? *exp->scalar : std::string());
            } else {
              int seq = keyNumber(rule, 1, 65535, "a rule number");
              routeMapRule(policy_.routeMapEntry(list.key, permit, seq, rule.src), rule);
            }
          }
        }
      }
    }
  }

  void routeMapRule(common::CliPolicy::Entry& entry, const Node& rule) {
    auto other = [&entry](const Node& c, const std::string& what) {
      entry.other_match = true;
      if (entry.other_what.empty()) entry.other_what = what + " " + c.key + (c.scalar ? " " + *c.scalar : "");
    };
    for (const Node& part : mapChildren(rule, "rule settings")) {
      if (part.key == "action") {
        if (const Node* permit = part.find("permit")) {
          for (const Node& opt : mapChildren(*permit, "permit options")) {
            use(opt);
            if (opt.key == "exit-policy") entry.continues = true;
          }
        }
        use(part);
      } else if (part.key == "match") {
        for (const Node& m : mapChildren(part, "matches")) {
          use(m);
          if (m.key == "community-list" && m.scalar) {
            entry.community_lists.push_back(*m.scalar);
          } else if (m.key == "as-path-list" && m.scalar) {
            entry.as_paths.push_back(*m.scalar);
          } else if (m.key == "type" && m.scalar && *m.scalar == "ipv4") {
            continue;  // the RoCE routes are IPv4
          } else {
            other(m, "match");
          }
        }
      } else if (part.key == "set") {
        for (const Node& st : mapChildren(part, "set clauses")) {
          use(st);
          if (st.key == "community") {
            // NVUE writes FRR's `set community C`, which replaces the route's communities.
            entry.drops_communities = true;
            if (st.scalar) {
              entry.add_communities.push_back(*st.scalar);
            } else {
              for (const Node& c : mapChildren(st, "communities")) entry.add_communities.push_back(c.key);
            }
          } else if (st.key == "community-delete-list") {
            entry.drops_communities = true;
          }
        }
      } else {
        use(part);
      }
    }
  }

  void vrf(const Node& n) {
    bool is_default = n.key == "default";
    for (const Node& child : mapChildren(n, "VRF settings")) {
      if (child.key != "router") {
        ++out_of_scope_["NVUE vrf " + child.key];
        continue;
      }
      for (const Node& protocol : mapChildren(child, "routing protocols")) {
        if (protocol.key == "static") {
          for (const Node& route : mapChildren(protocol, "static routes")) staticRoute(route, n.key);
        } else if (protocol.key == "bgp" && is_default) {
          bgp(protocol, false);
        } else {
          ++out_of_scope_["NVUE vrf router " + protocol.key];
        }
      }
    }
  }

  // router bgp (global) and vrf default router bgp (neighbours, peer groups).
  void bgp(const Node& n, bool global) {
    for (const Node& child : mapChildren(n, "BGP settings")) {
      if (child.key == "autonomous-system") {
        const std::string& value = text(child, "an AS number");
        if (value == "none") continue;
        bgp_asn_ = Sourced<std::uint32_t>{integer<std::uint32_t>(child, 1, UINT32_MAX, "an AS number"), child.src};
      } else if (child.key == "router-id" || child.key == "enable") {
        use(child);
      } else if (child.key == "neighbor" && !global) {
        for (const Node& peer : mapChildren(child, "BGP neighbours")) neighbor(peer);
      } else if (child.key == "peer-group" && !global) {
        for (const Node& group : mapChildren(child, "BGP peer groups")) {
          for (const Node& setting : mapChildren(group, "peer group settings")) {
            if (setting.key == "remote-as") group_asn_.insert_or_assign(group.key, std::cref(setting));
            if (setting.key == "address-family") {
              GroupPolicy& gp = group_policy_[group.key];
              addressFamilyPolicy(setting, gp.in, gp.out);
            }
          }
        }
      } else {
        ++out_of_scope_["NVUE router bgp " + child.key];
      }
    }
  }

  void neighbor(const Node& n) {
    BgpPeer peer;
    peer.address = n.key;
    peer.src = n.src;
    for (const Node& setting : mapChildren(n, "neighbour settings")) {
      if (setting.key == "remote-as") {
        peer.remote_as = &setting;
      } else if (setting.key == "peer-group") {
        peer.group = text(setting, "a peer group name");
      } else if (setting.key == "description") {
        peer.description = text(setting, "a description");
      } else if (setting.key == "type") {
        use(setting);
      } else if (setting.key == "address-family") {
        addressFamilyPolicy(setting, peer.route_map_in, peer.route_map_out);
      } else {
        ++out_of_scope_["NVUE bgp neighbor " + setting.key];
      }
    }
    peers_.push_back(std::move(peer));
  }

  // address-family ipv4-unicast policy inbound|outbound route-map R (other families and settings
  // are not the underlay's routing policy).
  void addressFamilyPolicy(const Node& n, std::optional<Sourced<std::string>>& in,
                           std::optional<Sourced<std::string>>& out) {
    for (const Node& af : mapChildren(n, "address families")) {
      use(af);
      if (af.key != "ipv4-unicast") continue;
      for (const Node& setting : mapChildren(af, "address family settings")) {
        use(setting);
        if (setting.key != "policy") continue;
        for (const Node& dir : mapChildren(setting, "policy directions")) {
          if (dir.key != "inbound" && dir.key != "outbound") continue;
          for (const Node& what : mapChildren(dir, "policies")) {
            use(what);
            if (what.key != "route-map" || !what.scalar || *what.scalar == "none") continue;
            (dir.key == "inbound" ? in : out) = Sourced<std::string>{*what.scalar, what.src};
          }
        }
      }
    }
  }

  // vrf V router static PREFIX via NEXTHOP|INTERFACE
  void staticRoute(const Node& n, const std::string& vrf) {
    StaticRoute route;
    route.vrf = vrf;
    route.prefix = n.key;
    route.src = n.src;
    use(n);
    if (n.key.find('/') == std::string::npos) {
      throw InputError(fmt::format("{}:{}:{}: {}: expected a prefix such as 10.0.0.0/24, got \"{}\"", n.src.file(),
                                   n.src.line, n.src.column, n.src.originText(), n.key));
    }
    auto add = [&](const std::string& hop) {
      if (looksLikeAddress(hop))
        route.nexthops.push_back(hop);
      else
        route.ifnames.push_back(hop);
    };
    for (const Node& child : mapChildren(n, "route settings")) {
      if (child.key != "via") {
        use(child);  // distance, tag, address-family: not needed for reachability
        continue;
      }
      if (child.scalar) {
        add(text(child, "a next hop"));
        continue;
      }
      for (const Node& hop : mapChildren(child, "next hops")) {
        add(hop.key);
        for (const Node& detail : mapChildren(hop, "next hop settings")) use(detail);
      }
    }
    sw_.static_routes.push_back(std::move(route));
  }

  // --- interfaces -----------------------------------------------------------------------------

  void interface(const Node& n) {
    const std::string& name = n.key;
    // CFG007 counts what should give ports: not the loopback, management ports or VLAN interfaces.
    bool logical = name == "lo" || name.rfind("eth", 0) == 0 || name.rfind("vlan", 0) == 0;
    if (!logical && interface_statements_++ == 0) first_interface_ = n.src;
    if (name == "lo") return loopback(n);
    bool bond = n.find("bond") != nullptr || name.rfind("bond", 0) == 0;
    bool vlan = name.rfind("vlan", 0) == 0;
    if (!isPortName(name) && !bond && !vlan) {
      if (name.rfind("eth", 0) == 0 || name.find('.') != std::string::npos) {
        // The management port and subinterfaces: their parent port carries the QoS.
        ++out_of_scope_[name == "eth0" ? "NVUE interface eth0 (management)" : "NVUE interface " + name];
        return;
      }
      // Not a name NVUE gives a port, bond, VLAN or loopback: a typo drops the port silently.
      notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                                fmt::format("NVUE interface \"{}\" is not a port (swpN, swpNsM), bond, VLAN "
                                            "interface or loopback name; rocelint ignores its settings",
                                            name),
                                n.src));
      notes_.back().group = "NVUE interface name";
      notes_.back().fix = fmt::format(
          "name the port as NVUE does (swp1, swp1s0), or give a bond `type: bond` and members; correct \"{}\"", name);
      return;
    }
    Interface intf;
    intf.name = name;
    intf.node = &n;
    Port scratch;
    Port& port = isPortName(name) ? sw_.portFor(name) : scratch;
    port.declared = true;
    port.src = n.src;
    for (const Node& child : mapChildren(n, "interface settings")) {
      const std::string& key = child.key;
      if (key == "type") {
        text(child, "an interface type");
      } else if (key == "description") {
        port.description = text(child, "a description");
        port.description_src = child.src;  // the loader reads neighbours from it
      } else if (key == "link") {
        link(child, port);
      } else if (key == "ip") {
        ip(child, name,
           bond   ? InterfaceAddress::Kind::PortChannel
           : vlan ? InterfaceAddress::Kind::Vlan
                  : InterfaceAddress::Kind::Port);
      } else if (key == "bridge" && !vlan) {
        bridge(child, name);
      } else if (key == "qos" && !bond) {
        interfaceQos(child, intf);
      } else if (key == "lldp" && !bond && !vlan) {
        for (const Node& setting : mapChildren(child, "LLDP settings")) {
          if (setting.key == "dcbx-pfc-tlv") {
            intf.dcbx_pfc_tlv = Sourced<bool>{flag(setting, "a DCBX PFC TLV state"), setting.src};
          } else {
            ++out_of_scope_["NVUE interface lldp " + setting.key];
          }
        }
      } else if (key == "bond" && bond) {
        for (const Node& setting : mapChildren(child, "bond settings")) {
          if (setting.key != "member") {
            ++out_of_scope_["NVUE interface bond " + setting.key];
            continue;
          }
          for (const Node& member : mapChildren(setting, "bond members")) {
            bond_members_[member.key] = name;
            bond_member_nodes_.emplace(member.key, &member);
          }
        }
        portchannels_.insert(name);
      } else if (key == "qos" && bond) {
        // Which of a bond's QoS settings reach its members is not documented in the NVUE
        // reference; rocelint reads QoS on the member ports and says so rather than guess.
        notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                                  fmt::format("NVUE qos on bond {} is not applied to its members by rocelint; the "
                                              "members' own qos settings (or the defaults) are what it checks",
                                              name),
                                  child.src));
        notes_.back().group = "NVUE interface bond qos";
        noted_.insert(&child);
        notes_.back().fix = fmt::format(
            "set the qos profiles on each member of {} (`nv set interface swpN qos ...`) "
            "so that rocelint checks what they get",
            name);
      } else {
        ++out_of_scope_["NVUE interface " + key];
      }
    }
    if (isPortName(name)) interfaces_.push_back(std::move(intf));
  }

  // bridge domain BR access VID: an access port of VLAN VID, whose servers send untagged. Any other
  // member of BR is a trunk (trunks()): its own `vlan` list, else the domain's, plus its `untagged`
  // VID (the native VLAN, the port's own else the domain's; `none`: no native VLAN). The other
  // bridge settings are not modelled.
  void bridge(const Node& n, const std::string& name) {
    for (const Node& child : mapChildren(n, "bridge settings")) {
      if (child.key != "domain") {
        ++out_of_scope_["NVUE interface bridge " + child.key];
        continue;
      }
      for (const Node& domain : mapChildren(child, "bridge domains")) {
        member_domain_[name] = Sourced<std::string>{domain.key, domain.src};
        for (const Node& setting : mapChildren(domain, "bridge domain settings")) {
          if (setting.key == "vlan") {
            port_vlans_[name] = Sourced<VlanSet>{vlanKeys(setting, name), setting.src};
            continue;
          }
          if (setting.key == "untagged") {
            if (auto vid = untaggedVid(setting, name)) port_untagged_[name] = *vid;
            continue;
          }
          if (setting.key != "access") {
            ++out_of_scope_["NVUE interface bridge domain " + setting.key];
            continue;
          }
          access_keyed_.insert(name);
          const std::string& value = text(setting, "a VLAN id (1-4094)");
          if (auto id = common::vlanId(value)) {
            access_[name] = common::AccessVlan{common::vlanName(*id), setting.src};
            continue;
          }
          invalid(isPortName(name) ? name : "",
                  common::invalidVlanMessage(
                      fmt::format("interface {} bridge domain {} access {}", name, domain.key, value), value,
                      fmt::format("{} is not taken as an access port", name)),
                  setting.src, common::invalidVlanFix());
          noted_.insert(&setting);
        }
      }
    }
  }

  // A `vlan` mapping whose keys are VLAN ids or ranges ('10': {}, '20-30': {}); a key that is not
  // one is a CFG005 note at it and left out.
  VlanSet vlanKeys(const Node& n, const std::string& port) {
    VlanSet out;
    for (const Node& vid : mapChildren(n, "VLAN ids")) {
      use(vid);
      if (auto list = common::vlanList(vid.key)) {
        for (const auto& [a, b] : list->ranges) out.add(a, b);
        continue;
      }
      invalid(port,
              common::invalidVlanMessage(fmt::format("bridge domain vlan {}", vid.key), vid.key, "it is left out"),
              vid.src, common::invalidVlanFix());
    }
    return out;
  }

  // bridge domain BR vlan VIDS: the VLANs of the bridge, which its member ports carry tagged unless
  // they list their own (`interface X bridge domain BR vlan`) or are access ports.
  void bridgeDomains(const Node& n) {
    for (const Node& child : mapChildren(n, "bridge settings")) {
      if (child.key != "domain") {
        ++out_of_scope_["NVUE bridge " + child.key];
        continue;
      }
      for (const Node& domain : mapChildren(child, "bridge domains")) {
        for (const Node& setting : mapChildren(domain, "bridge domain settings")) {
          if (setting.key == "vlan") {
            domain_vlans_[domain.key] = Sourced<VlanSet>{vlanKeys(setting, ""), setting.src};
          } else if (setting.key == "untagged") {
            if (auto vid = untaggedVid(setting, "")) domain_untagged_[domain.key] = *vid;
          } else {
            ++out_of_scope_["NVUE bridge domain " + setting.key];
          }
        }
      }
    }
  }

  // `untagged VID`, or 0 for `untagged none` (no native VLAN); a bad value is CFG005 (nullopt).
  std::optional<int> untaggedVid(const Node& setting, const std::string& port) {
    const std::string& value = text(setting, "a VLAN id (1-4094) or none");
    if (value == "none") return 0;
    if (auto id = common::vlanId(value)) return *id;
    invalid(isPortName(port) ? port : "",
            common::invalidVlanMessage(fmt::format("bridge domain untagged {}", value), value,
                                       "the native VLAN is left as it was"),
            setting.src, common::invalidVlanFix());
    noted_.insert(&setting);
    return std::nullopt;
  }

  // The trunks: every bridge member that is not an access port carries its own `vlan` list, else
  // its domain's VLANs (a domain without a `vlan` list has VLAN 1, NVUE's default), and its native
  // VLAN when one is written (`untagged`, the port's else the domain's).
  std::map<std::string, Sourced<VlanSet>> trunks() const {
    std::map<std::string, Sourced<VlanSet>> out;
    for (const auto& [name, domain] : member_domain_) {
      if (access_keyed_.count(name) != 0) continue;  // an access port (a wrong VID included: no trunk)
      Sourced<VlanSet> vlans{VlanSet{{{1, 1}}}, domain.src};
      if (auto own = port_vlans_.find(name); own != port_vlans_.end()) {
        vlans = own->second;
      } else if (auto of = domain_vlans_.find(domain.value); of != domain_vlans_.end()) {
        vlans = Sourced<VlanSet>{of->second.value, domain.src};
      }
      std::optional<int> native;
      if (auto own = port_untagged_.find(name); own != port_untagged_.end()) {
        native = own->second;
      } else if (auto of = domain_untagged_.find(domain.value); of != domain_untagged_.end()) {
        native = of->second;
      }
      if (native && *native > 0) vlans.value.add(*native, *native);
      out.emplace(name, std::move(vlans));
    }
    return out;
  }

  void loopback(const Node& n) {
    for (const Node& child : mapChildren(n, "interface settings")) {
      if (child.key == "ip") {
        ip(child, "lo", InterfaceAddress::Kind::Loopback);
      } else if (child.key == "type") {
        use(child);
      } else {
        ++out_of_scope_["NVUE interface lo " + child.key];
      }
    }
  }

  void ip(const Node& n, const std::string& name, InterfaceAddress::Kind kind) {
    for (const Node& child : mapChildren(n, "IP settings")) {
      if (child.key != "address") {
        ++out_of_scope_["NVUE interface ip " + child.key];
        continue;
      }
      for (const Node& address : mapChildren(child, "addresses")) {
        if (address.key == "dhcp") continue;
        if (address.key.find('/') == std::string::npos) {
          throw InputError(fmt::format(
              "{}:{}:{}: {}: expected an address with prefix length such as 10.0.0.1/31, got \"{}\"",
              address.src.file(), address.src.line, address.src.column, address.src.originText(), address.key));
        }
        sw_.addresses.push_back(InterfaceAddress{kind, name, address.key, address.src});
      }
    }
  }

  // link speed 100G | 400G | 10000 | auto; link mtu N; link state up|down.
  void link(const Node& n, Port& port) {
    for (const Node& child : mapChildren(n, "link settings")) {
      if (child.key == "mtu") {
        port.mtu_bytes = Sourced<std::uint32_t>{integer<std::uint32_t>(child, 552, 9216, "an MTU in bytes"), child.src};
      } else if (child.key == "speed") {
        speed(child, port);
      } else if (child.key == "state") {
        std::string state = child.scalar ? *child.scalar : child.children.size() == 1 ? child.children[0].key : "";
        if (state != "up" && state != "down")
          fail(child, fmt::format("expected \"up\" or \"down\", got {}", got(child)));
        use(child);
        for (const Node& c : child.children) use(c);
        port.admin_up = Sourced<bool>{state == "up", child.src};
      } else {
        ++out_of_scope_["NVUE interface link " + child.key];
      }
    }
  }

  void speed(const Node& n, Port& port) {
    const std::string& value = text(n, "a link speed such as 100G or 400G");
    if (value == "auto") return;
    std::size_t digits = 0;
    while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
    auto number = cli::number<std::uint32_t>(std::string_view(value).substr(0, digits));
    std::string unit = value.substr(digits);
    std::uint32_t factor = unit.empty() || unit == "M" || unit == "m" ? 1 : unit == "G" || unit == "g" ? 1000 : 0;
    if (!number || *number == 0 || factor == 0 || *number > 10'000'000 / factor) {
      fail(n, fmt::format("expected a link speed such as 100G, 400G or 10000 (Mb/s), or auto, got \"{}\"", value));
    }
    port.speed_mbps = Sourced<std::uint32_t>{*number * factor, n.src};
  }

  void interfaceQos(const Node& n, Interface& intf) {
    auto profile = [&](const Node& c, std::optional<Reference>& target, const std::string& what) {
      for (const Node& setting : mapChildren(c, what + " settings")) {
        if (setting.key == "profile")
          target = Reference{text(setting, "a " + what + " profile name"), setting.src, false};
      }
    };
    for (const Node& child : mapChildren(n, "interface QoS settings")) {
      if (child.key == "pfc") {
        profile(child, intf.pfc_profile, "qos pfc");
      } else if (child.key == "congestion-control") {
        profile(child, intf.cc_profile, "qos congestion-control");
      } else if (child.key == "mapping") {
        profile(child, intf.mapping_profile, "qos mapping");
      } else if (child.key == "egress-scheduler") {
        profile(child, intf.scheduler_profile, "qos egress-scheduler");
      } else if (child.key == "link-pause") {
        profile(child, intf.link_pause_profile, "qos link-pause");
      } else if (child.key == "pfc-watchdog") {
        // nv set interface swp1 qos pfc-watchdog -> {}; "state enable|disable" (or "enable on|off").
        use(child);
        bool on = true;
        for (const Node& setting : mapChildren(child, "PFC watchdog settings")) {
          if (setting.key == "state" || setting.key == "enable") on = flag(setting, "a PFC watchdog state");
        }
        intf.watchdog = Sourced<bool>{on, child.src};
      }
    }
  }

  // --- qos ------------------------------------------------------------------------------------

  void qos(const Node& n) {
    for (const Node& child : mapChildren(n, "QoS settings")) {
      if (child.key == "roce") {
        roce(child);
      } else if (child.key == "mapping") {
        for (const Node& p : mapChildren(child, "mapping profiles")) mapping(p);
      } else if (child.key == "egress-queue-mapping") {
        for (const Node& p : mapChildren(child, "egress queue mapping profiles")) egressQueueMapping(p);
      } else if (child.key == "pfc") {
        for (const Node& p : mapChildren(child, "PFC profiles")) pfc(p);
      } else if (child.key == "link-pause") {
        for (const Node& p : mapChildren(child, "link pause profiles")) linkPause(p);
      } else if (child.key == "congestion-control") {
        for (const Node& p : mapChildren(child, "congestion control profiles")) congestionControl(p);
      } else if (child.key == "egress-scheduler") {
        for (const Node& p : mapChildren(child, "egress scheduler profiles")) egressScheduler(p);
      } else if (child.key == "pfc-watchdog") {
        for (const Node& setting : mapChildren(child, "PFC watchdog settings")) {
          if (setting.key == "polling-interval") {
            wd_poll_ = Sourced<int>{integer<int>(setting, 1, 60000, "a polling interval in milliseconds"), setting.src};
          } else if (setting.key == "robustness") {
            wd_robustness_ = Sourced<int>{integer<int>(setting, 1, 1000, "a number of polling intervals"), setting.src};
          }
        }
      } else if (child.key == "traffic-pool") {
        for (const Node& p : mapChildren(child, "traffic pools")) trafficPool(p);
      }
    }
  }

  void roce(const Node& n) {
    roce_node_ = &n;
    roce_enabled_ = true;
    for (const Node& child : mapChildren(n, "RoCE settings")) {
      if (child.key == "enable") {
        roce_enabled_ = flag(child, "a RoCE state");
      } else if (child.key == "mode") {
        const std::string& mode = text(child, "a RoCE mode (lossless, lossy or lossless-single-ipool)");
        if (mode == "lossless") {
          roce_mode_ = RoceMode::Lossless;
        } else if (mode == "lossy") {
          roce_mode_ = RoceMode::Lossy;
        } else if (mode == "lossless-single-ipool") {
          roce_mode_ = RoceMode::SingleIpool;
        } else {
          fail(child, fmt::format("expected a RoCE mode (lossless, lossy or lossless-single-ipool), got \"{}\"", mode));
        }
      } else if (child.key == "cable-length") {
        roce_cable_ =
            Sourced<std::uint32_t>{integer<std::uint32_t>(child, 1, 100000, "a cable length in meters"), child.src};
      }
    }
  }

  void mapping(const Node& n) {
    MappingProfile& m = mappings_[n.key];
    m.src = n.src;
    for (const Node& child : mapChildren(n, "mapping settings")) {
      if (child.key == "trust") {
        const std::string& trust = text(child, "a trust mode (l2, l3, both or port)");
        if (trust != "l2" && trust != "l3" && trust != "both" && trust != "port") {
          fail(child, fmt::format("expected a trust mode (l2, l3, both or port), got \"{}\"", trust));
        }
        m.trust = Sourced<std::string>{trust, child.src};
      } else if (child.key == "port-default-sp") {
        m.port_default_sp = Sourced<int>{integer<int>(child, 0, 7, "a switch priority"), child.src};
      } else if (child.key == "dscp" || child.key == "pcp") {
        bool dscp = child.key == "dscp";
        for (const Node& entry : mapChildren(child, dscp ? "DSCP values" : "PCP values")) {
          int from = keyNumber(entry, 0, dscp ? 63 : 7, dscp ? "a DSCP value" : "a PCP value");
          for (const Node& setting : mapChildren(entry, "mapping entries")) {
            if (setting.key == "switch-priority") {
              (dscp ? m.dscp : m.pcp)[from] =
                  Sourced<int>{integer<int>(setting, 0, 7, "a switch priority"), setting.src};
            }
          }
        }
      }
    }
  }

  void egressQueueMapping(const Node& n) {
    if (n.key != "default-global") return;  // NVUE supports only default-global: others stay notes
    for (const Node& child : mapChildren(n, "egress queue mapping settings")) {
      if (child.key != "switch-priority") continue;
      for (const Node& entry : mapChildren(child, "switch priorities")) {
        int sp = keyNumber(entry, 0, 7, "a switch priority");
        for (const Node& setting : mapChildren(entry, "egress queue mapping entries")) {
          if (setting.key == "traffic-class") {
            sp_to_tc_[sp] = Sourced<int>{integer<int>(setting, 0, 7, "a traffic class"), setting.src};
          }
        }
      }
    }
  }

  void pfc(const Node& n) {
    RawPfc& p = pfc_[n.key];
    p.src = n.src;
    for (const Node& child : mapChildren(n, "PFC settings")) {
      if (child.key == "switch-priority") {
        p.priorities = Sourced<PrioritySet>{prioritySet(child, "a switch priority"), child.src};
      } else if (child.key == "tx") {
        p.tx = Sourced<bool>{flag(child, "a PFC tx state"), child.src};
      } else if (child.key == "rx") {
        p.rx = Sourced<bool>{flag(child, "a PFC rx state"), child.src};
      } else if (child.key == "cable-length") {
        p.cable =
            Sourced<std::uint32_t>{integer<std::uint32_t>(child, 1, 100000, "a cable length in meters"), child.src};
      } else if (child.key == "port-buffer") {
        p.port_buffer = Sourced<std::uint64_t>{bytes(child, "a port buffer"), child.src};
      } else if (child.key == "xoff-threshold") {
        p.xoff = Sourced<std::uint64_t>{bytes(child, "an xoff threshold"), child.src};
      } else if (child.key == "xon-threshold") {
        p.xon = Sourced<std::uint64_t>{bytes(child, "an xon threshold"), child.src};
      }
    }
  }

  // qos link-pause <profile> {tx, rx}: 802.3x pause sent / obeyed on the ports bound to it. Its
  // buffer settings (cable-length, port-buffer, xoff/xon-threshold) size a pause no lossless class
  // uses, and are left unread.
  void linkPause(const Node& n) {
    RawLinkPause& p = link_pause_[n.key];
    p.src = n.src;
    for (const Node& child : mapChildren(n, "link pause settings")) {
      if (child.key == "tx") {
        p.tx = Sourced<bool>{flag(child, "a link pause tx state"), child.src};
      } else if (child.key == "rx") {
        p.rx = Sourced<bool>{flag(child, "a link pause rx state"), child.src};
      } else if (child.key == "cable-length" || child.key == "port-buffer" || child.key == "xoff-threshold" ||
                 child.key == "xon-threshold") {
        use(child);  // understood; no lossless class depends on them
      }
    }
  }

  void congestionControl(const Node& n) {
    RawCc& cc = cc_[n.key];
    cc.src = n.src;
    for (const Node& child : mapChildren(n, "congestion control settings")) {
      if (child.key != "traffic-class") continue;
      for (const Node& entry : mapChildren(child, "traffic classes")) {
        int tc = keyNumber(entry, 0, 7, "a traffic class");
        RawEcn& e = cc.tcs[tc];
        if (!e.src.known()) e.src = entry.src;
        for (const Node& s : mapChildren(entry, "ECN settings")) {
          // min-threshold / max-threshold (CL 5.5 dumps) and min-threshold-bytes / max-threshold-bytes
          // (CL 5.12 docs) are the same setting.
          if (s.key == "ecn") {
            e.ecn = Sourced<bool>{flag(s, "an ECN state"), s.src};
          } else if (s.key == "red") {
            e.red = Sourced<bool>{flag(s, "a RED state"), s.src};
          } else if (s.key == "min-threshold" || s.key == "min-threshold-bytes") {
            e.min = Sourced<std::uint64_t>{bytes(s, "a minimum threshold"), s.src};
          } else if (s.key == "max-threshold" || s.key == "max-threshold-bytes") {
            e.max = Sourced<std::uint64_t>{bytes(s, "a maximum threshold"), s.src};
          } else if (s.key == "probability") {
            e.probability = Sourced<int>{integer<int>(s, 0, 100, "a marking probability in percent"), s.src};
          }
        }
      }
    }
  }

  void egressScheduler(const Node& n) {
    auto& profile = schedulers_[n.key];
    for (const Node& child : mapChildren(n, "egress scheduler settings")) {
      if (child.key != "traffic-class") continue;
      for (const Node& entry : mapChildren(child, "traffic classes")) {
        int tc = keyNumber(entry, 0, 7, "a traffic class");
        SchedulerEntry& s = profile[tc];
        s.src = entry.src;
        for (const Node& setting : mapChildren(entry, "scheduler settings")) {
          if (setting.key == "mode") {
            const std::string& mode = text(setting, "a scheduler mode (dwrr or strict)");
            if (mode != "dwrr" && mode != "strict")
              fail(setting, fmt::format("expected a scheduler mode (dwrr or strict), got \"{}\"", mode));
            s.mode = Sourced<std::string>{mode == "strict" ? "STRICT" : "DWRR", setting.src};
          } else if (setting.key == "bw-percent") {
            s.bw_percent = Sourced<int>{integer<int>(setting, 0, 100, "a bandwidth percentage"), setting.src};
          }
        }
      }
    }
  }

  void trafficPool(const Node& n) {
    TrafficPool& pool = pools_[n.key];
    pool.src = n.src;
    for (const Node& child : mapChildren(n, "traffic pool settings")) {
      if (child.key == "memory-percent") {
        pool.memory_percent = Sourced<int>{integer<int>(child, 0, 100, "a memory percentage"), child.src};
      } else if (child.key == "switch-priority") {
        pool.priorities = Sourced<PrioritySet>{prioritySet(child, "a switch priority"), child.src};
      }
    }
  }

  // --- model building -------------------------------------------------------------------------

  [[nodiscard]] bool roceOn() const { return roce_node_ != nullptr && roce_enabled_; }
  [[nodiscard]] bool roceLossless() const { return roceOn() && roce_mode_ != RoceMode::Lossy; }

  // The effective PFC profile `name` (default-global gets RoCE's defaults).
  [[nodiscard]] PfcProfile pfcProfile(const std::string& name) const {
    PfcProfile p;
    bool global = name == "default-global";
    std::string prefix = fmt::format("qos pfc {} ", name);
    p.tx = Sourced<bool>{true, defaultSrc(prefix + "tx")};
    p.rx = Sourced<bool>{true, defaultSrc(prefix + "rx")};
    if (global && roceLossless()) {
      p.priorities = Sourced<PrioritySet>{PrioritySet{1U << kRocePriority}, defaultSrc(prefix + "switch-priority")};
      p.cable_length_m =
          roce_cable_ ? *roce_cable_ : Sourced<std::uint32_t>{kRoceCableM, defaultSrc(prefix + "cable-length")};
    } else {
      p.cable_length_m = Sourced<std::uint32_t>{kPfcCableM, defaultSrc(prefix + "cable-length")};
    }
    auto it = pfc_.find(name);
    if (it == pfc_.end()) return p;
    const RawPfc& raw = it->second;
    p.src = raw.src;
    if (raw.priorities) p.priorities = raw.priorities;
    if (raw.tx) p.tx = *raw.tx;
    if (raw.rx) p.rx = *raw.rx;
    if (raw.cable) p.cable_length_m = *raw.cable;
    p.port_buffer_bytes = raw.port_buffer;
    p.xoff_bytes = raw.xoff;
    p.xon_bytes = raw.xon;
    return p;
  }

  // The effective ECN settings per traffic class of congestion-control profile `name`.
  [[nodiscard]] std::map<int, EcnSettings> ccProfile(const std::string& name) const {
    std::string prefix = fmt::format("qos congestion-control {} traffic-class ", name);
    auto defaults = [&](int tc, std::uint64_t max) {
      std::string p = prefix + std::to_string(tc);
      EcnSettings e;
      e.ecn = Sourced<bool>{true, defaultSrc(p + " ecn")};
      e.red = Sourced<bool>{false, defaultSrc(p + " red")};
      e.min_bytes = Sourced<std::uint64_t>{kEcnMinBytes, defaultSrc(p + " min-threshold")};
      e.max_bytes = Sourced<std::uint64_t>{max, defaultSrc(p + " max-threshold")};
      e.probability = Sourced<int>{kEcnProbability, defaultSrc(p + " probability")};
      e.src = defaultSrc(p);
      return e;
    };
    std::map<int, EcnSettings> out;
    auto it = cc_.find(name);
    if (it == cc_.end() || it->second.tcs.empty()) {
      if (name == "default-global") {
        // ECN on traffic class 0 by default; RoCE adds traffic class 3 with its absolute threshold.
        out[0] = defaults(0, kEcnMaxBytes);
        if (roceOn()) out[kRocePriority] = defaults(kRocePriority, kRoceEcnMaxBytes);
      }
      return out;
    }
    // Configured traffic classes replace the profile's default list (nv show lists only them).
    for (const auto& [tc, raw] : it->second.tcs) {
      EcnSettings e =
          defaults(tc, name == "default-global" && roceOn() && tc == kRocePriority ? kRoceEcnMaxBytes : kEcnMaxBytes);
      e.src = raw.src;
      if (raw.ecn) e.ecn = *raw.ecn;
      if (raw.red) e.red = *raw.red;
      if (raw.min) e.min_bytes = *raw.min;
      if (raw.max) e.max_bytes = *raw.max;
      if (raw.probability) e.probability = *raw.probability;
      out[tc] = e;
    }
    return out;
  }

  // The switch priority -> traffic class (egress queue) map, with its defaults.
  [[nodiscard]] std::map<int, Sourced<int>> egressQueueMap() const {
    std::map<int, Sourced<int>> map;
    for (int sp = 0; sp < 8; ++sp) {
      auto it = sp_to_tc_.find(sp);
      if (it != sp_to_tc_.end()) {
        map[sp] = it->second;
        continue;
      }
      int tc = roceOn() ? (sp == kRocePriority || sp == kCnpPriority ? sp : 0) : sp;
      map[sp] = Sourced<int>{
          tc, defaultSrc(fmt::format("qos egress-queue-mapping default-global switch-priority {} traffic-class", sp))};
    }
    return map;
  }

  [[nodiscard]] std::string mappingName(const std::string& profile, const char* what) const {
    return fmt::format("qos mapping {} {}", profile, what);
  }

  // Builds the DSCP / PCP maps of mapping profile `name` (once) and returns its trust mode.
  Sourced<std::string> buildMapping(const std::string& name) {
    MappingProfile m;
    auto it = mappings_.find(name);
    if (it != mappings_.end()) m = it->second;
    if (m.trust.value.empty()) {
      std::string trust = roceOn() ? "both" : "l2";
      m.trust = Sourced<std::string>{trust, defaultSrc(fmt::format("qos mapping {} trust", name))};
    }
    auto& dscp_maps = sw_.maps[static_cast<std::size_t>(MapKind::DscpToTc)];
    auto& pcp_maps = sw_.maps[static_cast<std::size_t>(MapKind::Dot1pToTc)];
    if (dscp_maps.count(mappingName(name, "dscp"))) return m.trust;
    QosMap dscp;
    dscp.name = mappingName(name, "dscp");
    dscp.src = it != mappings_.end() ? m.src : defaultSrc(dscp.name);
    for (int d = 0; d < 64; ++d) {
      auto entry = m.dscp.find(d);
      int sp = defaultSpOfDscp(d);
      dscp.entries[d] =
          entry != m.dscp.end()
              ? entry->second
              : Sourced<int>{sp, defaultSrc(fmt::format("qos mapping {} dscp {} switch-priority", name, d))};
    }
    dscp_maps.emplace(dscp.name, std::move(dscp));
    QosMap pcp;
    pcp.name = mappingName(name, "pcp");
    pcp.src = it != mappings_.end() ? m.src : defaultSrc(pcp.name);
    for (int p = 0; p < 8; ++p) {
      auto entry = m.pcp.find(p);
      pcp.entries[p] = entry != m.pcp.end()
                           ? entry->second
                           : Sourced<int>{p, defaultSrc(fmt::format("qos mapping {} pcp {} switch-priority", name, p))};
    }
    pcp_maps.emplace(pcp.name, std::move(pcp));
    if (m.trust.value == "port") {
      int sp = m.port_default_sp ? m.port_default_sp->value : 0;
      SourceRef where = m.port_default_sp ? m.port_default_sp->src : m.trust.src;
      QosMap port;
      port.name = mappingName(name, "port-default-sp");
      port.src = where;
      for (int d = 0; d < 64; ++d) port.entries[d] = Sourced<int>{sp, where};
      dscp_maps.emplace(port.name, std::move(port));
    }
    return m.trust;
  }

  // NVUE refuses to apply a configuration whose interface names an undefined profile; rocelint
  // reports the reference and analyses the port as if it named none (default-global).
  template <class Map>
  std::optional<Reference> boundProfile(const Interface& intf, const std::optional<Reference>& ref,
                                        const std::string& kind, const Map& defined) {
    if (!ref || defined.count(ref->name)) return ref;
    std::string names;
    for (const auto& entry : defined) names += (names.empty() ? "" : ", ") + entry.first;
    notes_.push_back(makeUndefinedReference(
        sw_.name, intf.name, "qos " + kind + " profile", ref->name,
        fmt::format("{}: qos {} profile \"{}\" is not defined (defined: {}); `nv config apply` rejects the "
                    "configuration, and {} is analysed with default-global",
                    ref->src.originText(), kind, ref->name, names.empty() ? "none" : names, intf.name),
        ref->src,
        fmt::format(
            "define it with `nv set qos {} {} ...`, or correct the name in `nv set interface {} qos {} profile`", kind,
            ref->name, intf.name, kind)));
    return std::nullopt;
  }

  void addMap(MapKind kind, const std::string& name, const std::map<int, Sourced<int>>& entries, const SourceRef& src) {
    QosMap map;
    map.name = name;
    map.src = src;
    map.entries = entries;
    sw_.maps[static_cast<std::size_t>(kind)].emplace(name, std::move(map));
  }

  void buildModel() {
    sw_.buffer_model = BufferModel::Dynamic;  // Cumulus sizes lossless headroom from the cable length
    sw_.has_port_table = true;
    if (bgp_asn_) sw_.asn = bgp_asn_;

    // Switch priority -> traffic class (the egress queue); PFC on a switch priority pauses that queue.
    const std::string queue_map = "qos egress-queue-mapping default-global";
    addMap(MapKind::TcToQueue, queue_map, egressQueueMap(), defaultSrc(queue_map));
    addMap(MapKind::PfcToQueue, queue_map, egressQueueMap(), defaultSrc(queue_map));
    // Each lossless switch priority is buffered in its own ingress priority group.
    const std::string pg_map = "nvue switch-priority -> priority-group";
    std::map<int, Sourced<int>> identity;
    for (int sp = 0; sp < 8; ++sp)
      identity[sp] = Sourced<int>{sp, defaultSrc(fmt::format("qos priority-group switch-priority {}", sp))};
    addMap(MapKind::TcToPg, pg_map, identity, defaultSrc("qos priority-group"));

    buildMapping("default-global");
    sw_.global_dscp_to_tc =
        Reference{mappingName("default-global", "dscp"), defaultSrc("qos mapping default-global"), false};
    sw_.pfcwd_poll_interval_ms =
        wd_poll_ ? *wd_poll_ : Sourced<int>{kWatchdogPollMs, defaultSrc("qos pfc-watchdog polling-interval")};
    buildPools();
    // Profiles as defined (applied or not), so the model shows their converted values.
    for (const auto& entry : cc_) wredFor(entry.first);
    for (const auto& entry : pfc_) lossProfileFor(entry.first, pfcProfile(entry.first));

    // A bond member is a front-panel port whether or not it has settings of its own.
    std::set<std::string> configured;
    for (const Interface& intf : interfaces_) configured.insert(intf.name);
    for (const auto& [member, node] : bond_member_nodes_) {
      if (!isPortName(member)) continue;
      if (configured.count(member) != 0) continue;
      Port& port = sw_.portFor(member);
      port.declared = true;
      port.src = node->src;
      Interface intf;
      intf.name = member;
      intf.node = node;
      interfaces_.push_back(std::move(intf));
    }
    for (const Interface& intf : interfaces_) buildPort(intf);
    for (const auto& [member, bond] : bond_members_) {
      if (Port* port = sw_.findPort(member)) port->portchannel = bond;
    }
    sw_.portchannels.assign(portchannels_.begin(), portchannels_.end());
    common::applyAccessVlans(sw_, access_);
    common::applyTrunkVlans(sw_, trunks());
    buildBgp();

    common::sortAndIndexPorts(sw_);
    common::noteIfNoPorts(sw_, "NVUE", interface_statements_, first_interface_, notes_);
  }

  // WRED/ECN profiles of a congestion-control profile, one per traffic class; returns their names.
  std::map<int, std::string> wredFor(const std::string& name) {
    std::map<int, std::string> names;
    for (const auto& [tc, e] : ccProfile(name)) {
      std::string wred = fmt::format("qos congestion-control {} traffic-class {}", name, tc);
      names[tc] = wred;
      if (sw_.wred_profiles.count(wred)) continue;
      // The queue's RED engine runs when it marks (ECN) or drops (RED).
      WredColor curve{e.min_bytes, e.max_bytes, e.probability,
                      Sourced<bool>{e.ecn.value || e.red.value, e.ecn.value ? e.ecn.src : e.red.src}};
      sw_.wred_profiles.emplace(wred, common::colourBlindWredProfile(wred, e.src, curve, e.ecn));
    }
    return names;
  }

  // The lossless PG profile of a PFC profile with configured thresholds ("" when the switch sizes
  // the headroom itself from the cable length).
  std::string lossProfileFor(const std::string& name, const PfcProfile& p) {
    if (!p.xoff_bytes) return "";
    std::string profile_name = "qos pfc " + name;
    if (sw_.profiles.count(profile_name)) return profile_name;
    BufferProfile profile;
    profile.name = profile_name;
    profile.src = p.xoff_bytes->src;
    profile.size_bytes = p.port_buffer_bytes;
    profile.xoff_bytes = p.xoff_bytes;
    profile.xon_bytes = p.xon_bytes;
    sw_.profiles.emplace(profile_name, std::move(profile));
    return profile_name;
  }

  std::map<int, std::string> schedulersFor(const std::string& name) {
    std::map<int, SchedulerEntry> entries;
    std::string prefix = fmt::format("qos egress-scheduler {} traffic-class ", name);
    if (name == "default-global") {
      auto set = [&](int tc, const char* mode, std::optional<int> weight) {
        SchedulerEntry& s = entries[tc];
        std::string p = prefix + std::to_string(tc);
        s.src = defaultSrc(p);
        s.mode = Sourced<std::string>{mode, defaultSrc(p + " mode")};
        if (weight) s.bw_percent = Sourced<int>{*weight, defaultSrc(p + " bw-percent")};
      };
      if (roceOn()) {
        set(0, "DWRR", 50);
        set(kRocePriority, "DWRR", 50);
        set(kCnpPriority, "STRICT", std::nullopt);
      } else {
        for (int tc = 0; tc < 8; ++tc) set(tc, "DWRR", tc % 2 == 0 ? 12 : 13);
      }
    }
    if (auto it = schedulers_.find(name); it != schedulers_.end()) {
      for (const auto& [tc, s] : it->second) {
        SchedulerEntry& target = entries[tc];
        target.src = s.src;
        if (s.mode) target.mode = s.mode;
        if (s.bw_percent) target.bw_percent = s.bw_percent;
        if (target.mode && target.mode->value == "STRICT") target.bw_percent.reset();
      }
    }
    std::map<int, std::string> names;
    for (const auto& [tc, s] : entries) {
      std::string scheduler = prefix + std::to_string(tc);
      names[tc] = scheduler;
      if (sw_.schedulers.count(scheduler)) continue;
      Scheduler model;
      model.name = scheduler;
      model.src = s.src;
      model.type = s.mode ? s.mode : Sourced<std::string>{"DWRR", s.src};
      model.weight = s.bw_percent;
      sw_.schedulers.emplace(scheduler, std::move(model));
    }
    return names;
  }

  // Traffic pools: what the RoCE mode implies, then the configured ones.
  void buildPools() {
    auto pool = [&](const std::string& name, PoolType type) {
      BufferPool p;
      p.name = name;
      p.type = type;
      p.mode = ThresholdMode::Dynamic;
      p.src = defaultSrc("qos traffic-pool " + name);
      sw_.pools[name] = std::move(p);
    };
    if (!roceOn()) {
      pool("default-lossy", PoolType::Both);  // switch-priority 0-7, memory-percent 100
      sw_.pools["default-lossy"].percentage = Sourced<int>{100, sw_.pools["default-lossy"].src};
    } else if (roce_mode_ == RoceMode::Lossless) {
      pool("default-lossy", PoolType::Both);  // switch-priority 0-2,4-7 (lossy ingress and egress)
      pool("roce-lossless", PoolType::Both);  // switch-priority 3 (lossless ingress pool, egress traffic-class 3)
    } else if (roce_mode_ == RoceMode::SingleIpool) {
      pool("default-lossy", PoolType::Both);    // switch-priority 0-7 (one ingress pool, lossy and lossless)
      pool("roce-lossless", PoolType::Egress);  // traffic-class 3 (egress only: no lossless ingress pool)
    } else {
      pool("default-lossy", PoolType::Both);  // switch-priority 0-7 (RoCE lossy: no lossless pool)
    }
    for (const auto& [name, configured] : pools_) {
      auto [it, created] = sw_.pools.try_emplace(name);
      BufferPool& p = it->second;
      if (created) {
        p.name = name;
        p.type = PoolType::Both;
        p.mode = ThresholdMode::Dynamic;
      }
      p.src = configured.src;
      if (configured.memory_percent) p.percentage = configured.memory_percent;
    }
  }

  void buildPort(const Interface& intf) {
    Port& port = *sw_.findPort(intf.name);
    const Node& n = *intf.node;
    port.qos.src = n.find("qos") ? n.find("qos")->src : n.src;

    // Classification.
    std::string mapping = "default-global";
    std::optional<Reference> mapping_profile = boundProfile(intf, intf.mapping_profile, "mapping", mappings_);
    if (mapping_profile) {
      mapping = mapping_profile->name;
    }
    Sourced<std::string> trust = buildMapping(mapping);
    SourceRef binding = mapping_profile ? mapping_profile->src : trust.src;
    auto bind = [&](MapKind kind, const std::string& name, const SourceRef& src) {
      port.qos.maps[static_cast<std::size_t>(kind)] = Reference{name, src, false};
    };
    if (trust.value == "port") {
      bind(MapKind::DscpToTc, mappingName(mapping, "port-default-sp"), trust.src);
      port.qos.trust = Trust::Dscp;
    } else {
      if (trust.value != "l2") bind(MapKind::DscpToTc, mappingName(mapping, "dscp"), binding);
      if (trust.value != "l3") bind(MapKind::Dot1pToTc, mappingName(mapping, "pcp"), binding);
      port.qos.trust = trust.value == "l2" ? Trust::Pcp : trust.value == "l3" ? Trust::Dscp : Trust::Both;
    }
    const std::string queue_map = "qos egress-queue-mapping default-global";
    bind(MapKind::TcToQueue, queue_map, sw_.maps[static_cast<std::size_t>(MapKind::TcToQueue)].at(queue_map).src);
    bind(MapKind::PfcToQueue, queue_map, sw_.maps[static_cast<std::size_t>(MapKind::PfcToQueue)].at(queue_map).src);
    bind(MapKind::TcToPg, "nvue switch-priority -> priority-group", defaultSrc("qos priority-group"));

    // PFC: the profile's switch priorities (RoCE's default-global when none is bound).
    std::string pfc_name = "default-global";
    std::optional<Reference> pfc_profile = boundProfile(intf, intf.pfc_profile, "pfc", pfc_);
    if (pfc_profile) {
      pfc_name = pfc_profile->name;
    }
    PfcProfile pfc = pfcProfile(pfc_name);
    if (pfc.priorities && pfc.priorities->value.any()) {
      bool on = pfc.tx.value || pfc.rx.value;
      SourceRef where = pfc_profile ? pfc_profile->src : pfc.priorities->src;
      if (!on) where = pfc.tx.src;
      port.qos.pfc_enable = Sourced<PrioritySet>{on ? pfc.priorities->value : PrioritySet{}, where};
      port.cable_length_m = pfc.cable_length_m;
      std::string lossless = lossProfileFor(pfc_name, pfc);
      for (std::size_t p = 0; p < 8; ++p) {
        if (!on || !pfc.priorities->value.test(p)) continue;
        int pg = static_cast<int>(p);
        if (lossless.empty()) {
          port.pgs.set(p, PriorityGroup{pg, std::nullopt, true, true, pfc.priorities->src});
        } else {
          port.pgs.set(p, PriorityGroup{pg, Reference{lossless, where, false}, false, false, pfc.priorities->src});
        }
      }
    }

    // 802.3x link pause: a bound qos link-pause profile sends (tx) and obeys (rx) pause frames; a
    // direction the profile does not set is on, as in a PFC profile [I].
    if (auto pause = boundProfile(intf, intf.link_pause_profile, "link-pause", link_pause_)) {
      const RawLinkPause& lp = link_pause_.at(pause->name);
      port.link_pause_rx = lp.rx ? *lp.rx : Sourced<bool>{true, pause->src};
      port.link_pause_tx = lp.tx ? *lp.tx : Sourced<bool>{true, pause->src};
    }
    // DCBX: NVUE never negotiates PFC (a pfc profile is in force as written); LLDP carries the PFC
    // TLV only with `lldp dcbx-pfc-tlv on` (default off), which a negotiating peer needs.
    port.dcbx =
        intf.dcbx_pfc_tlv ? *intf.dcbx_pfc_tlv : Sourced<bool>{false, defaultSrc("interface lldp dcbx-pfc-tlv")};

    // PFC watchdog: detection after `robustness` polls, restoration after a poll without pause.
    if (intf.watchdog && intf.watchdog->value) {
      if (port.qos.pfcPriorities().none()) {
        invalid(intf.name,
                fmt::format("{}: qos pfc-watchdog is enabled but the port has no PFC switch priority; NVUE enables "
                            "the watchdog only on PFC ports, so it watches nothing here",
                            intf.name),
                intf.watchdog->src);
      } else {
        Sourced<int> poll = *sw_.pfcwd_poll_interval_ms;
        Sourced<int> robustness = wd_robustness_
                                      ? *wd_robustness_
                                      : Sourced<int>{kWatchdogRobustness, defaultSrc("qos pfc-watchdog robustness")};
        PortWatchdog wd;
        wd.src = intf.watchdog->src;
        wd.action = Sourced<std::string>{"drop", defaultSrc("qos pfc-watchdog action")};
        wd.detection_ms = Sourced<int>{poll.value * robustness.value, robustness.src};
        wd.restoration_ms = Sourced<int>{poll.value, poll.src};
        port.watchdog = std::move(wd);
      }
    }

    // ECN per traffic class (egress queue).
    std::string cc = "default-global";
    std::optional<Reference> cc_profile = boundProfile(intf, intf.cc_profile, "congestion-control", cc_);
    if (cc_profile) {
      cc = cc_profile->name;
    }
    for (const auto& [tc, wred] : wredFor(cc)) {
      SourceRef where = cc_profile ? cc_profile->src : sw_.wred_profiles.at(wred).src;
      port.queueFor(tc, where).wred_profile = Reference{wred, where, false};
    }
    // Egress scheduling per traffic class.
    std::string sched = "default-global";
    std::optional<Reference> scheduler_profile =
        boundProfile(intf, intf.scheduler_profile, "egress-scheduler", schedulers_);
    if (scheduler_profile) {
      sched = scheduler_profile->name;
    }
    for (const auto& [tc, name] : schedulersFor(sched)) {
      SourceRef where = scheduler_profile ? scheduler_profile->src : sw_.schedulers.at(name).src;
      port.queueFor(tc, where).scheduler = Reference{name, where, false};
    }
  }

  void buildBgp() {
    for (const BgpPeer& peer : peers_) {
      BgpNeighbor n;
      n.address = peer.address;
      n.src = peer.src;
      n.name = peer.description;
      const Node* remote = peer.remote_as;
      if (remote == nullptr && !peer.group.empty()) {
        auto it = group_asn_.find(peer.group);
        if (it != group_asn_.end()) remote = &it->second.get();
      }
      if (remote != nullptr) {
        const std::string& value = text(*remote, "an AS number, external or internal");
        if (value == "internal") {
          if (bgp_asn_) n.asn = Sourced<std::uint32_t>{bgp_asn_->value, remote->src};
        } else if (value != "external") {
          n.asn = Sourced<std::uint32_t>{
              integer<std::uint32_t>(*remote, 1, UINT32_MAX, "an AS number, external or internal"), remote->src};
        }
      }
      // Unnumbered BGP (the neighbour is a port): the loader names the session after whatever its
      // neighbour sources put on that port, and the session runs over that port's link.
      if (isPortName(peer.address) || peer.address.rfind("bond", 0) == 0) n.interface = peer.address;
      const GroupPolicy* group = nullptr;
      if (auto it = group_policy_.find(peer.group); !peer.group.empty() && it != group_policy_.end())
        group = &it->second;
      auto routeMap = [&](const std::optional<Sourced<std::string>>& own,
                          const std::optional<Sourced<std::string>>& inherited, std::vector<std::uint32_t>& chain) {
        const std::optional<Sourced<std::string>>& name = own ? own : inherited;
        if (!name) return;
        if (std::optional<std::uint32_t> index = policy_.policyIndex(name->value, sw_)) {
          chain.push_back(*index);
          return;
        }
        notes_.push_back(makeUndefinedReference(sw_.name, "", "route-map", name->value,
                                                fmt::format("route-map {} is not defined", name->value), name->src,
                                                fmt::format("define router policy route-map {} rule 10 action "
                                                            "permit, or correct the name",
                                                            name->value)));
        if (!n.policy_unmodelled) {
          n.policy_unmodelled_what = fmt::format("route-map {} is not defined", name->value);
          n.policy_unmodelled_src = name->src;
        }
        n.policy_unmodelled = true;
      };
      static const std::optional<Sourced<std::string>> kNone;
      routeMap(peer.route_map_in, group != nullptr ? group->in : kNone, n.import_policies);
      routeMap(peer.route_map_out, group != nullptr ? group->out : kNone, n.export_policies);
      if (n.policy_unmodelled) {
        n.import_policies.clear();
        n.export_policies.clear();
      }
      sw_.bgp_neighbors.push_back(std::move(n));
    }
  }

  // --- what was not understood ----------------------------------------------------------------

  static int leaves(const Node& n) {
    if (n.isLeaf()) return 1;
    int count = 0;
    for (const Node& c : n.children) count += leaves(c);
    return count;
  }

  struct Counts {
    int lines = 0;
    int parsed = 0;
    int not_modelled = 0;
    int unrecognised = 0;
  };
  enum class Leaf : std::uint8_t { Parsed, NotModelled, Unrecognised };

  void countLeaves(const Node& n, std::map<std::string, Counts>& per_file, Leaf how) {
    if (n.isLeaf()) {
      Counts& c = per_file[n.src.file()];
      ++c.lines;
      ++(how == Leaf::Parsed ? c.parsed : how == Leaf::NotModelled ? c.not_modelled : c.unrecognised);
      return;
    }
    for (const Node& child : n.children) countLeaves(child, per_file, how);
  }

  // NVUE QoS objects rocelint knows and does not model (`qos egress-shaper`, `interface swp1 qos
  // remark`): noted as not modelled; any other unread key was not recognised.
  static bool knownNotModelled(const Node& n) {
    static const std::set<std::string, std::less<>> kinds = {"remark", "egress-shaper", "advance-buffer-config"};
    return kinds.count(n.key) > 0;
  }

  // "set/qos/pfc/my_pfc/frobnicate" -> "NVUE qos pfc frobnicate": profile and interface names are
  // dropped so that the same unknown key of many profiles or ports is one group.
  static std::string groupOf(const Node& n) {
    static const std::set<std::string, std::less<>> profiled = {
        "mapping",    "pfc",    "congestion-control", "egress-scheduler",     "egress-queue-mapping", "traffic-pool",
        "link-pause", "remark", "egress-shaper",      "advance-buffer-config"};
    std::vector<std::string> parts;
    const std::string& p = n.src.originText();
    for (std::size_t start = 0; start <= p.size();) {
      std::size_t slash = std::min(p.find('/', start), p.size());
      parts.push_back(p.substr(start, slash - start));
      start = slash + 1;
    }
    std::string out = "NVUE";
    int words = 0;
    for (std::size_t i = 1; i < parts.size() && words < 4; ++i) {
      if (parts[i - 1] == "interface") continue;
      if (i >= 2 && parts[i - 2] == "qos" && profiled.count(parts[i - 1]) && i + 1 < parts.size()) continue;
      out += " " + parts[i];
      ++words;
    }
    return out;
  }

  void qosRegion(const Node& n, std::map<std::string, Counts>& per_file) {
    if (noted_.count(&n) != 0) {  // its own note says why it is not modelled
      countLeaves(n, per_file, Leaf::NotModelled);
      return;
    }
    if (n.isLeaf()) {
      countLeaves(n, per_file, n.used ? Leaf::Parsed : Leaf::Unrecognised);
      if (!n.used) {
        notes_.push_back(makeNote(
            InputNote::Kind::UnknownField, sw_.name, "",
            n.scalar ? fmt::format("NVUE setting not understood by rocelint and ignored: {} = \"{}\"",
                                   n.src.originText(), *n.scalar)
                     : fmt::format("NVUE setting not understood by rocelint and ignored: {}", n.src.originText()),
            n.src));
        notes_.back().group = groupOf(n);
      }
      return;
    }
    if (!n.used) {
      bool known = knownNotModelled(n);
      countLeaves(n, per_file, known ? Leaf::NotModelled : Leaf::Unrecognised);
      notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                                fmt::format("NVUE settings {} by rocelint ({} value{}): {}",
                                            known ? "not modelled" : "not understood and ignored", leaves(n),
                                            leaves(n) == 1 ? "" : "s", n.src.originText()),
                                n.src));
      notes_.back().group = groupOf(n);
      return;
    }
    for (const Node& child : n.children) qosRegion(child, per_file);
  }

  void report(const Node& root, const std::vector<FileName>& files, std::vector<ParseCoverage>& coverage) {
    std::map<std::string, Counts> per_file;
    for (const Node& top : root.children) {
      if (top.key == "qos") qosRegion(top, per_file);
      if (top.key != "interface" || !top.is_map) continue;
      for (const Node& intf : top.children) {
        if (const Node* q = intf.find("qos")) qosRegion(*q, per_file);
        // bridge domain BR access VID: whether the port carries servers (a traffic source).
        const Node* bridge = intf.find("bridge");
        const Node* domains = bridge != nullptr ? bridge->find("domain") : nullptr;
        for (std::size_t d = 0; domains != nullptr && d < domains->children.size(); ++d) {
          if (const Node* access = domains->children[d].find("access")) {
            countLeaves(*access, per_file,
                        noted_.count(access) != 0 ? Leaf::NotModelled
                        : access->used            ? Leaf::Parsed
                                                  : Leaf::Unrecognised);
          }
        }
        if (const Node* link = intf.find("link")) {
          for (const char* key : {"mtu", "speed"}) {
            if (const Node* value = link->find(key))
              countLeaves(*value, per_file, value->used ? Leaf::Parsed : Leaf::Unrecognised);
          }
        }
      }
    }
    std::set<std::string> seen;
    for (const FileName& file : files) {
      if (!seen.insert(file.str()).second) continue;
      const Counts& c = per_file[file.str()];
      coverage.push_back(ParseCoverage{file.str(), "NVUE", c.lines, c.parsed, c.not_modelled, c.unrecognised});
    }
  }

  // --- state ----------------------------------------------------------------------------------

  struct RawLinkPause {
    std::optional<Sourced<bool>> tx;
    std::optional<Sourced<bool>> rx;
    SourceRef src;
  };
  struct RawPfc {
    std::optional<Sourced<PrioritySet>> priorities;
    std::optional<Sourced<bool>> tx;
    std::optional<Sourced<bool>> rx;
    std::optional<Sourced<std::uint32_t>> cable;
    std::optional<Sourced<std::uint64_t>> port_buffer;
    std::optional<Sourced<std::uint64_t>> xoff;
    std::optional<Sourced<std::uint64_t>> xon;
    SourceRef src;
  };
  struct RawEcn {
    std::optional<Sourced<bool>> ecn;
    std::optional<Sourced<bool>> red;
    std::optional<Sourced<std::uint64_t>> min;
    std::optional<Sourced<std::uint64_t>> max;
    std::optional<Sourced<int>> probability;
    SourceRef src;
  };
  struct RawCc {
    std::map<int, RawEcn> tcs;
    SourceRef src;
  };
  struct BgpPeer {
    std::string address;
    const Node* remote_as = nullptr;
    std::string group;
    std::string description;
    SourceRef src;
    std::optional<Sourced<std::string>> route_map_in;   ///< address-family ipv4-unicast policy inbound route-map
    std::optional<Sourced<std::string>> route_map_out;  ///< ... outbound route-map
  };
  struct GroupPolicy {
    std::optional<Sourced<std::string>> in;
    std::optional<Sourced<std::string>> out;
  };
  std::map<std::string, GroupPolicy> group_policy_;
  common::CliPolicy policy_;

  Switch& sw_;
  std::vector<InputNote>& notes_;
  int interface_statements_ = 0;  ///< interfaces read (CFG007)
  SourceRef first_interface_;
  std::map<std::string, int>& out_of_scope_;
  SourceRef root_src_;
  SourceRef hostname_src_;

  const Node* roce_node_ = nullptr;
  bool roce_enabled_ = false;
  RoceMode roce_mode_ = RoceMode::Lossless;
  std::optional<Sourced<std::uint32_t>> roce_cable_;
  std::map<std::string, MappingProfile> mappings_;
  std::map<int, Sourced<int>> sp_to_tc_;
  std::map<std::string, RawPfc> pfc_;
  std::map<std::string, RawCc> cc_;
  std::map<std::string, std::map<int, SchedulerEntry>> schedulers_;
  std::map<std::string, RawLinkPause> link_pause_;
  std::map<std::string, TrafficPool> pools_;
  std::optional<Sourced<int>> wd_poll_;
  std::optional<Sourced<int>> wd_robustness_;

  std::vector<Interface> interfaces_;
  std::map<std::string, std::string> bond_members_;
  std::map<std::string, const Node*> bond_member_nodes_;  ///< first mention of each member
  std::set<const Node*> noted_;                           ///< settings a note of their own reports as not modelled
  std::set<std::string> portchannels_;
  std::map<std::string, common::AccessVlan> access_;           ///< port or bond -> `bridge domain BR access VID`
  std::map<std::string, Sourced<std::string>> member_domain_;  ///< port or bond -> its `bridge domain BR`
  std::set<std::string> access_keyed_;                         ///< ports and bonds with an `access` key
  std::map<std::string, Sourced<VlanSet>> port_vlans_;         ///< port or bond -> `bridge domain BR vlan`
  std::map<std::string, Sourced<VlanSet>> domain_vlans_;       ///< `bridge domain BR vlan` (global)
  std::map<std::string, int> port_untagged_;                   ///< port or bond -> `untagged` VID (0: none)
  std::map<std::string, int> domain_untagged_;                 ///< `bridge domain BR untagged` (global)
  std::optional<Sourced<std::uint32_t>> bgp_asn_;
  std::vector<BgpPeer> peers_;
  std::map<std::string, std::reference_wrapper<const Node>> group_asn_;
};

}  // namespace

void buildSwitch(const std::vector<Config>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage) {
  sw.format = formats::kNvue;
  Node merged;
  merged.is_map = true;
  std::vector<FileName> names;
  for (const Config& config : files) {
    names.push_back(config.file);
    for (const Operation& op : config.operations) {
      if (op.unset)
        applyUnset(merged, op.tree);
      else
        applySet(merged, op.tree);
    }
  }
  if (names.empty()) return;
  Builder builder(sw, notes, out_of_scope);
  builder.build(merged, names, coverage);
}

namespace {

class NvueDocument : public format::Document {
 public:
  explicit NvueDocument(Config c) : config(std::move(c)) {}
  Config config;
};

const format::SwitchBuilder kBuilder{
    .name = "NVUE",
    .build =
        [](std::vector<std::unique_ptr<format::Document>>& documents, Switch& sw, const format::PlatformTables&,
           format::BuildOutput& out) {
          std::vector<Config> configs;
          configs.reserve(documents.size());
          for (auto& document : documents) configs.push_back(std::move(static_cast<NvueDocument&>(*document).config));
          documents.clear();
          buildSwitch(configs, sw, out.notes, out.out_of_scope, out.coverage);
        },
};

const format::Format kNvue{
    .name = "NVUE",
    .role = format::Role::Switch,
    .content = format::Content::Text,
    .recognise = [](const format::Input& input) { return looksLikeNvue(input.text()); },
    .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
      return std::make_unique<NvueDocument>(parse(input.text(), input.file(), input.limits()));
    },
    .comment_leaders = "#",
    .hostname = [](const format::Document& d) { return static_cast<const NvueDocument&>(d).config.hostname; },
    .builder = &kBuilder,
    // A startup.yaml that sets swp interfaces is the whole switch (a second one of the same host
    // name is CFG003); one that only sets qos or router merges as a fragment.
    .complete =
        [](const format::Document& d) {
          for (const Operation& op : static_cast<const NvueDocument&>(d).config.operations) {
            const Node* interfaces = op.unset ? nullptr : op.tree.find("interface");
            if (interfaces == nullptr) continue;
            for (const Node& i : interfaces->children) {
              if (i.key.rfind("swp", 0) == 0) return true;
            }
          }
          return false;
        },
};

}  // namespace

const format::Format& switchFormat() { return kNvue; }

}  // namespace rocelint::nvue
