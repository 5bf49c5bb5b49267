#include "topology_source.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>

#include "rocelint/diagnostics.hpp"
#include "yaml_limits.hpp"

namespace rocelint::topology {
namespace {

// ---------------------------------------------------------------------------------------------
// LLDP JSON

class LldpReader {
 public:
  LldpReader(const std::string& file, TopologySource& out) : file_(file), out_(out) {}

  [[noreturn]] void fail(const json::Node& at, const std::string& what) const {
    throw InputError(fmt::format("{}:{}:{}: {}", file_.str(), at.line, at.column, what));
  }
  SourceRef ref(const json::Node& at, std::string_view pointer) const {
    return SourceRef{file_, at.line, at.column, OriginKind::JsonPointer, pointer};
  }

  // json0 wraps every value in a list of objects: [{"value": "x"}] or [{"type": ..., "value": ...}].
  static const json::Node& unwrap(const json::Node& node) {
    if (node.kind == json::Node::Kind::Array && !node.items.empty()) return node.items.front();
    return node;
  }
  // A scalar, or json0's [{"value": "x"}].
  static const json::Node* scalar(const json::Node* node) {
    if (node == nullptr) return nullptr;
    const json::Node& n = unwrap(*node);
    if (n.isScalar()) return &n;
    if (n.isObject()) {
      const json::Node* value = n.find("value");
      if (value != nullptr && value->isScalar()) return value;
    }
    return nullptr;
  }

  // lldpctl: {"lldp": {"interface": ...}} (json) or {"lldp": [{"interface": [...]}]} (json0).
  void readLldpctl(const json::Node& lldp, const std::string& pointer) {
    if (lldp.kind == json::Node::Kind::Array) {
      for (std::size_t i = 0; i < lldp.items.size(); ++i) readLldpctl(lldp.items[i], fmt::format("{}/{}", pointer, i));
      return;
    }
    if (!lldp.isObject())
      fail(lldp, fmt::format("{}: expected an object with \"interface\", got {}", pointer, lldp.kindName()));
    const json::Node* interfaces = lldp.find("interface");
    if (interfaces == nullptr) return;  // no neighbour at all
    std::string base = pointer + "/interface";
    if (interfaces->kind == json::Node::Kind::Array) {
      for (std::size_t i = 0; i < interfaces->items.size(); ++i) {
        const json::Node& item = interfaces->items[i];
        std::string at = fmt::format("{}/{}", base, i);
        if (!item.isObject()) fail(item, fmt::format("{}: expected an interface object, got {}", at, item.kindName()));
        if (const json::Node* name = item.find("name"); name != nullptr && name->isScalar()) {
          readInterface(name->text, *name, item, at);  // json0: {"name": "Ethernet0", ...}
        } else {
          readKeyedInterfaces(item, at);  // json: [{"Ethernet0": {...}}, ...]
        }
      }
    } else if (interfaces->isObject()) {
      readKeyedInterfaces(*interfaces, base);  // one neighbour: {"Ethernet0": {...}}
    } else {
      fail(*interfaces,
           fmt::format("{}: expected a list or an object of interfaces, got {}", base, interfaces->kindName()));
    }
  }

  void readKeyedInterfaces(const json::Node& object, const std::string& pointer) {
    for (const auto& [name, body] : object.members) {
      std::string at = pointer + "/" + json::escapePointer(name);
      if (!body.isObject())
        fail(body, fmt::format("{}: expected the neighbour of {} as an object, got {}", at, name, body.kindName()));
      readInterface(name, body, body, at);
    }
  }

  void readInterface(const std::string& local_port, const json::Node& name_at, const json::Node& body,
                     const std::string& pointer) {
    const json::Node* chassis = body.find("chassis");
    const json::Node* port = body.find("port");
    if (chassis == nullptr || port == nullptr) {
      fail(body, fmt::format("{}: expected \"chassis\" and \"port\" of the neighbour on {}", pointer, local_port));
    }
    TopologyLink link;
    link.src = ref(name_at, pointer);
    link.a = Endpoint{out_.local_switch, local_port, out_.local_switch + ":" + local_port, link.src};
    // The remote system name: chassis keyed by it (json), a "name" field (json0, or json without
    // the name level), else the chassis id (a MAC: some host that sends no name).
    const json::Node& c = unwrap(*chassis);
    if (!c.isObject()) fail(c, fmt::format("{}/chassis: expected an object, got {}", pointer, c.kindName()));
    std::string device;
    bool anonymous = false;
    const json::Node* device_at = &c;
    if (const json::Node* name = scalar(c.find("name"))) {
      device = name->text;
      device_at = name;
    } else if (c.find("id") != nullptr) {
      if (const json::Node* id = scalar(c.find("id"))) {
        device = id->text;
        device_at = id;
        anonymous = true;
      }
    } else if (!c.members.empty() && c.members.front().second.isObject()) {
      device = c.members.front().first;
      device_at = &c.members.front().second;
    }
    if (device.empty()) fail(c, fmt::format("{}/chassis: expected the neighbour's system name or chassis id", pointer));
    // The remote port: its id when that is an interface name (or locally assigned, which SONiC
    // and most switches fill with the interface name or alias); a MAC id (host NICs) is replaced
    // by the port description, which lldpd fills with the interface name.
    const json::Node& p = unwrap(*port);
    if (!p.isObject()) fail(p, fmt::format("{}/port: expected an object, got {}", pointer, p.kindName()));
    const json::Node* id = p.find("id");
    const json::Node* id_value = id == nullptr ? nullptr : scalar(id);
    if (id_value == nullptr) fail(p, fmt::format("{}/port: expected \"id\" with a \"value\"", pointer));
    std::string type;
    if (const json::Node* t = id == nullptr ? nullptr : unwrap(*id).find("type"); t != nullptr && t->isScalar())
      type = t->text;
    std::string remote_port = id_value->text;
    const json::Node* port_at = id_value;
    if (type == "mac") {
      if (const json::Node* descr = scalar(p.find("descr")); descr != nullptr && !descr->text.empty()) {
        remote_port = descr->text;
        port_at = descr;
      }
    }
    (void)device_at;
    link.b = Endpoint{device, remote_port, device + ":" + remote_port, ref(*port_at, pointer + "/port")};
    link.b.anonymous = anonymous;
    out_.links.push_back(std::move(link));
  }

  // EOS: {"lldpNeighbors": [{"port", "neighborDevice", "neighborPort"}]} or the `detail` form
  // {"lldpNeighbors": {"Ethernet1": {"lldpNeighborInfo": [{"systemName", "neighborInterfaceInfo"}]}}}.
  void readEos(const json::Node& neighbours) {
    auto text = [&](const json::Node& object, const char* key, const std::string& at) -> const json::Node& {
      const json::Node* v = object.find(key);
      if (v == nullptr || v->kind != json::Node::Kind::String) {
        fail(v == nullptr ? object : *v, fmt::format("{}: expected \"{}\" as a string", at, key));
      }
      return *v;
    };
    if (neighbours.kind == json::Node::Kind::Array) {
      for (std::size_t i = 0; i < neighbours.items.size(); ++i) {
        const json::Node& n = neighbours.items[i];
        std::string at = fmt::format("/lldpNeighbors/{}", i);
        if (!n.isObject()) fail(n, fmt::format("{}: expected a neighbour object, got {}", at, n.kindName()));
        const json::Node& port = text(n, "port", at);
        const json::Node& device = text(n, "neighborDevice", at);
        const json::Node& remote = text(n, "neighborPort", at);
        addEos(port, device.text, device, remote.text, remote, at);
      }
    } else if (neighbours.isObject()) {
      for (const auto& [port_name, body] : neighbours.members) {
        std::string at = "/lldpNeighbors/" + json::escapePointer(port_name);
        const json::Node* info = body.isObject() ? body.find("lldpNeighborInfo") : nullptr;
        if (info == nullptr || info->kind != json::Node::Kind::Array) {
          fail(body, fmt::format("{}: expected \"lldpNeighborInfo\" as a list", at));
        }
        for (std::size_t i = 0; i < info->items.size(); ++i) {
          const json::Node& n = info->items[i];
          std::string item_at = fmt::format("{}/lldpNeighborInfo/{}", at, i);
          if (!n.isObject()) fail(n, fmt::format("{}: expected a neighbour object, got {}", item_at, n.kindName()));
          const json::Node& device = text(n, "systemName", item_at);
          const json::Node* iface = n.find("neighborInterfaceInfo");
          const json::Node* remote = nullptr;
          if (iface != nullptr && iface->isObject()) {
            remote = iface->find("interfaceId_v2");
            if (remote == nullptr) remote = iface->find("interfaceId");
          }
          if (remote == nullptr || !remote->isScalar()) {
            fail(n, fmt::format("{}: expected \"neighborInterfaceInfo\" with \"interfaceId_v2\" or \"interfaceId\"",
                                item_at));
          }
          std::string remote_port = remote->text;  // interfaceId is quoted: "\"Ethernet1\""
          remote_port.erase(std::remove(remote_port.begin(), remote_port.end(), '"'), remote_port.end());
          json::Node port_node;
          port_node.text = port_name;
          port_node.line = body.line;
          port_node.column = body.column;
          addEos(port_node, device.text, device, remote_port, *remote, item_at);
        }
      }
    } else {
      fail(neighbours, fmt::format("/lldpNeighbors: expected a list or an object, got {}", neighbours.kindName()));
    }
  }

  void addEos(const json::Node& port, const std::string& device, const json::Node& device_at, const std::string& remote,
              const json::Node& remote_at, const std::string& pointer) {
    TopologyLink link;
    link.src = ref(port, pointer);
    link.a = Endpoint{out_.local_switch, port.text, out_.local_switch + ":" + port.text, link.src};
    (void)device_at;
    link.b = Endpoint{device, remote, device + ":" + remote, ref(remote_at, pointer)};
    out_.links.push_back(std::move(link));
  }

 private:
  FileName file_;
  TopologySource& out_;
};

/// The system name in lldpcli's `show chassis` (`lldp_loc_chassis` in sonic-dbsyncd's files).
std::string localChassisName(const json::Node& root) {
  const json::Node* loc = root.find("lldp_loc_chassis");
  if (loc == nullptr || !loc->isObject()) return "";
  const json::Node* local = loc->find("local-chassis");
  if (local == nullptr || !local->isObject()) return "";
  const json::Node* chassis = local->find("chassis");
  if (chassis == nullptr || !chassis->isObject() || chassis->members.empty()) return "";
  if (const json::Node* name = chassis->find("name"); name != nullptr && name->isScalar()) return name->text;
  if (chassis->find("id") != nullptr) return "";
  return chassis->members.front().first;
}

/// An lldpctl or EOS value: an object or a list (json0), not a scalar some other JSON calls "lldp".
bool isContainer(const json::Node* node) {
  return node != nullptr && (node->kind == json::Node::Kind::Object || node->kind == json::Node::Kind::Array);
}

bool isLldpInstance(const json::Node& node) { return node.isObject() && isContainer(node.find("lldp")); }

// ---------------------------------------------------------------------------------------------
// YAML helpers

class YamlReader {
 public:
  explicit YamlReader(const std::string& file) : file_(file) {}

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& what) const {
    throw InputError(fmt::format("{}:{}:{}: {}", file_.str(), mark.line + 1, mark.column + 1, what));
  }
  [[nodiscard]] SourceRef ref(const YAML::Mark& mark, std::string_view pointer) const {
    return SourceRef{file_, mark.line + 1, mark.column + 1, OriginKind::YamlKeyPath, pointer};
  }
  [[nodiscard]] const std::string& file() const { return file_.str(); }

  static const char* typeName(const YAML::Node& node) {
    switch (node.Type()) {
      case YAML::NodeType::Map:
        return "a mapping";
      case YAML::NodeType::Sequence:
        return "a list";
      case YAML::NodeType::Scalar:
        return "a scalar";
      case YAML::NodeType::Null:
        return "nothing";
      default:
        return "an undefined value";
    }
  }
  void expect(const YAML::Node& node, YAML::NodeType::value type, const std::string& what,
              const std::string& path) const {
    if (node.Type() != type) fail(node.Mark(), fmt::format("{}: expected {}, got {}", path, what, typeName(node)));
  }
  std::string scalar(const YAML::Node& node, const std::string& path) const {
    expect(node, YAML::NodeType::Scalar, "a string", path);
    return node.Scalar();
  }

 private:
  FileName file_;
};

YAML::Node loadYaml(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  if (auto exceeded = yaml::checkLimits(text, limits))
    throw InputError(fmt::format("{}:{}:{}: {}", file, exceeded->line, exceeded->column, exceeded->message));
  try {
    return YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    throw InputError(fmt::format("{}:{}:{}: invalid YAML: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

/// Top-level keys of a YAML file (lines that start in column 1), from a cheap scan.
std::vector<std::pair<std::string_view, std::string_view>> topLevelLines(std::string_view text, int limit) {
  std::vector<std::pair<std::string_view, std::string_view>> out;  // (line, the next indented line's key)
  std::size_t pos = 0;
  for (int n = 0; pos < text.size() && n < limit; ++n) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.empty() || line.front() == '#' || line.front() == ' ' || line.front() == '\t' || line.front() == '-') {
      if (!out.empty() && !line.empty() && (line.front() == ' ' || line.front() == '\t')) {
        std::string_view inner = trimmed(line);
        if (!inner.empty() && inner.front() != '#') out.push_back({"", inner});
      }
      continue;
    }
    out.push_back({trimmed(line), ""});
  }
  return out;
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

/// Splits "node:port" at the first ':' (interface names may contain ':', e.g. et-0/0/0:1).
std::optional<std::pair<std::string, std::string>> splitEndpoint(std::string_view text) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size()) return std::nullopt;
  return std::make_pair(std::string(text.substr(0, colon)), std::string(text.substr(colon + 1)));
}

// ---------------------------------------------------------------------------------------------
// containerlab

const std::set<std::string, std::less<>>& hostKinds() {
  static const std::set<std::string, std::less<>> kinds = {"linux",         "bridge", "ovs-bridge",
                                                           "ext-container", "host",   "k8s-kind"};
  return kinds;
}

const std::set<std::string, std::less<>>& singleEndedLinkTypes() {
  static const std::set<std::string, std::less<>> types = {"host",  "mgmt-net",     "macvlan",
                                                           "vxlan", "vxlan-stitch", "dummy"};
  return types;
}

// ---------------------------------------------------------------------------------------------
// topology.yaml

class PlanReader {
 public:
  PlanReader(const YamlReader& yaml, TopologySource& out) : yaml_(yaml), out_(out) {}

  void read(const YAML::Node& root) {
    if (!root.IsMap())
      yaml_.fail(root.Mark(),
                 fmt::format("expected a mapping with \"rocelint-topology: 1\", got {}", YamlReader::typeName(root)));
    std::map<std::string, YAML::Node> sections;
    for (auto it = root.begin(); it != root.end(); ++it) {
      std::string key = yaml_.scalar(it->first, "top-level key");
      static const std::set<std::string> known = {"rocelint-topology", "switches", "links", "hosts"};
      if (!known.count(key)) {
        yaml_.fail(it->first.Mark(),
                   fmt::format("unknown key \"{}\" (expected rocelint-topology, switches, links or hosts)", key));
      }
      sections[key] = it->second;
    }
    if (!sections.count("rocelint-topology")) yaml_.fail(root.Mark(), "expected \"rocelint-topology: 1\"");
    const YAML::Node& version = sections["rocelint-topology"];
    if (!version.IsScalar() || version.Scalar() != "1") {
      yaml_.fail(version.Mark(),
                 fmt::format("rocelint-topology: expected version 1, got {}",
                             version.IsScalar() ? "\"" + version.Scalar() + "\"" : YamlReader::typeName(version)));
    }
    if (sections.count("switches")) readSwitches(sections["switches"]);
    if (sections.count("hosts")) readHosts(sections["hosts"]);
    if (sections.count("links")) readLinks(sections["links"]);
    if (sections.count("hosts")) readAttachments(sections["hosts"]);
  }

 private:
  // The fields of a mapping item, each key checked against `known`.
  std::map<std::string, YAML::Node> fields(const YAML::Node& item, const std::string& path,
                                           const std::set<std::string>& known,
                                           const std::vector<std::string>& required) const {
    yaml_.expect(item, YAML::NodeType::Map, "a mapping", path);
    std::map<std::string, YAML::Node> out;
    for (auto it = item.begin(); it != item.end(); ++it) {
      std::string key = yaml_.scalar(it->first, path + " key");
      if (!known.count(key)) {
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        yaml_.fail(it->first.Mark(), fmt::format("{}: unknown key \"{}\" (expected {})", path, key, list));
      }
      out[key] = it->second;
    }
    for (const auto& r : required) {
      if (!out.count(r)) yaml_.fail(item.Mark(), fmt::format("{}: missing \"{}\"", path, r));
    }
    return out;
  }

  std::string name(const YAML::Node& node, const std::string& path) const {
    std::string n = yaml_.scalar(node, path);
    if (n.empty() || n.find(':') != std::string::npos || n.find(' ') != std::string::npos) {
      yaml_.fail(node.Mark(), fmt::format("{}: expected a device name without ':' or blanks, got \"{}\"", path, n));
    }
    return n;
  }

  void declare(const std::string& n, const YAML::Node& at, const std::string& path) {
    if (!declared_.insert(n).second) yaml_.fail(at.Mark(), fmt::format("{}: \"{}\" is declared twice", path, n));
  }

  void readSwitches(const YAML::Node& list) {
    yaml_.expect(list, YAML::NodeType::Sequence, "a list of switches", "switches");
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string path = fmt::format("switches[{}]", i);
      auto f = fields(list[i], path, {"name", "role", "tier", "asn"}, {"name"});
      TopologyNode node;
      node.name = name(f["name"], path + ".name");
      node.src = yaml_.ref(f["name"].Mark(), "/switches/" + std::to_string(i));
      declare(node.name, f["name"], path + ".name");
      if (f.count("role"))
        node.role = Sourced<std::string>{yaml_.scalar(f["role"], path + ".role"),
                                         yaml_.ref(f["role"].Mark(), node.src.originText() + "/role")};
      if (f.count("tier")) {
        auto tier = number(f["tier"], path + ".tier", 0, 9, "a tier number 0-9");
        if (!node.role)
          node.role = Sourced<std::string>{fmt::format("tier{}", tier),
                                           yaml_.ref(f["tier"].Mark(), node.src.originText() + "/tier")};
      }
      if (f.count("asn")) {
        node.asn =
            Sourced<std::uint32_t>{number(f["asn"], path + ".asn", 1, 4294967295ULL, "an AS number 1-4294967295"),
                                   yaml_.ref(f["asn"].Mark(), node.src.originText() + "/asn")};
      }
      switches_.insert(node.name);
      out_.nodes.push_back(std::move(node));
    }
  }

  std::uint32_t number(const YAML::Node& node, const std::string& path, std::uint64_t min, std::uint64_t max,
                       const char* what) const {
    std::string text = node.IsScalar() ? node.Scalar() : "";
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (!node.IsScalar() || text.empty() || ec != std::errc{} || end != text.data() + text.size() || v < min ||
        v > max) {
      yaml_.fail(node.Mark(), fmt::format("{}: expected {}, got {}", path, what,
                                          node.IsScalar() ? "\"" + text + "\"" : YamlReader::typeName(node)));
    }
    return static_cast<std::uint32_t>(v);
  }

  void readHosts(const YAML::Node& list) {
    yaml_.expect(list, YAML::NodeType::Sequence, "a list of hosts", "hosts");
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string path = fmt::format("hosts[{}]", i);
      auto f = fields(list[i], path, {"name", "attach"}, {"name"});
      TopologyNode node;
      node.name = name(f["name"], path + ".name");
      node.host = true;
      node.src = yaml_.ref(f["name"].Mark(), "/hosts/" + std::to_string(i));
      declare(node.name, f["name"], path + ".name");
      hosts_.insert(node.name);
      out_.nodes.push_back(std::move(node));
    }
  }

  Endpoint endpoint(const YAML::Node& node, const std::string& path, const std::string& pointer,
                    bool switch_only) const {
    std::string text = yaml_.scalar(node, path);
    auto parts = splitEndpoint(text);
    if (!parts) yaml_.fail(node.Mark(), fmt::format("{}: expected \"device:port\", got \"{}\"", path, text));
    bool is_switch = switches_.count(parts->first) > 0;
    if (!is_switch && (switch_only || !hosts_.count(parts->first))) {
      yaml_.fail(node.Mark(), fmt::format("{}: \"{}\" is not declared under {}", path, parts->first,
                                          switch_only ? "switches" : "switches or hosts"));
    }
    return Endpoint{parts->first, parts->second, text, yaml_.ref(node.Mark(), pointer)};
  }

  void physical(std::map<std::string, YAML::Node>& f, const std::string& path, const std::string& pointer,
                TopologyLink& link) const {
    if (f.count("length")) {
      std::string text = yaml_.scalar(f["length"], path + ".length");
      auto m = parseLength(text);
      if (!m)
        yaml_.fail(
            f["length"].Mark(),
            fmt::format("{}.length: expected a length like \"3m\", \"100m\" or \"2km\", got \"{}\"", path, text));
      link.length_m = Sourced<std::uint32_t>{*m, yaml_.ref(f["length"].Mark(), pointer + "/length")};
    }
    if (f.count("speed")) {
      std::string text = yaml_.scalar(f["speed"], path + ".speed");
      auto s = parseSpeed(text);
      if (!s)
        yaml_.fail(f["speed"].Mark(),
                   fmt::format("{}.speed: expected a speed like \"400G\" or \"25000M\", got \"{}\"", path, text));
      link.speed_mbps = Sourced<std::uint32_t>{*s, yaml_.ref(f["speed"].Mark(), pointer + "/speed")};
    }
  }

  void readLinks(const YAML::Node& list) {
    yaml_.expect(list, YAML::NodeType::Sequence, "a list of links", "links");
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string path = fmt::format("links[{}]", i);
      std::string pointer = "/links/" + std::to_string(i);
      auto f = fields(list[i], path, {"a", "b", "length", "speed"}, {"a", "b"});
      TopologyLink link;
      link.src = yaml_.ref(list[i].Mark(), pointer);
      link.a = endpoint(f["a"], path + ".a", pointer + "/a", false);
      link.b = endpoint(f["b"], path + ".b", pointer + "/b", false);
      if (hosts_.count(link.a.node) && hosts_.count(link.b.node)) {
        yaml_.fail(list[i].Mark(), fmt::format("{}: a link needs a switch on at least one end", path));
      }
      if (link.a.node == link.b.node && link.a.port == link.b.port) {
        yaml_.fail(list[i].Mark(), fmt::format("{}: both ends are {}", path, link.a.written));
      }
      physical(f, path, pointer, link);
      out_.links.push_back(std::move(link));
    }
  }

  void readAttachments(const YAML::Node& list) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      const YAML::Node& attach = list[i]["attach"];
      if (!attach) continue;
      std::string host = list[i]["name"].Scalar();
      std::string path = fmt::format("hosts[{}].attach", i);
      std::string base = fmt::format("/hosts/{}/attach", i);
      std::vector<YAML::Node> items;
      if (attach.IsSequence()) {
        for (const auto& a : attach) items.push_back(a);
      } else {
        items.push_back(attach);
      }
      for (std::size_t j = 0; j < items.size(); ++j) {
        std::string item_path = attach.IsSequence() ? fmt::format("{}[{}]", path, j) : path;
        std::string pointer = attach.IsSequence() ? fmt::format("{}/{}", base, j) : base;
        TopologyLink link;
        link.src = yaml_.ref(items[j].Mark(), pointer);
        std::string nic;
        if (items[j].IsMap()) {
          auto f = fields(items[j], item_path, {"port", "nic", "length", "speed"}, {"port"});
          link.a = endpoint(f["port"], item_path + ".port", pointer + "/port", true);
          if (f.count("nic")) nic = yaml_.scalar(f["nic"], item_path + ".nic");
          physical(f, item_path, pointer, link);
        } else if (items[j].IsScalar()) {
          link.a = endpoint(items[j], item_path, pointer, true);
        } else {
          yaml_.fail(items[j].Mark(),
                     fmt::format("{}: expected \"switch:port\" or a mapping with port, nic, length, speed, got {}",
                                 item_path, YamlReader::typeName(items[j])));
        }
        link.b = Endpoint{host, nic, nic.empty() ? host : host + ":" + nic, link.src};
        out_.links.push_back(std::move(link));
      }
    }
  }

  const YamlReader& yaml_;
  TopologySource& out_;
  std::set<std::string> declared_;
  std::set<std::string> switches_;
  std::set<std::string> hosts_;
};

}  // namespace

const char* sourceKindName(SourceKind kind) {
  switch (kind) {
    case SourceKind::Lldp:
      return "LLDP";
    case SourceKind::Plan:
      return "topology.yaml";
    case SourceKind::Containerlab:
      return "containerlab";
  }
  return "?";
}

bool looksLikeLldp(const json::Node& root) {
  if (!root.isObject() || root.members.empty()) return false;
  if (isContainer(root.find("lldp")) || isContainer(root.find("lldpNeighbors"))) return true;
  // Multi-ASIC: one lldpctl instance per namespace, {"localhost": {"lldp": ...}, "asic0": {...}}.
  return std::all_of(root.members.begin(), root.members.end(), [](const auto& m) { return isLldpInstance(m.second); });
}

TopologySource parseLldp(const json::Node& root, const std::string& file, const std::vector<std::string>& candidates) {
  std::string fallback_switch = candidates.empty() ? std::string() : candidates.front();
  TopologySource out;
  out.kind = SourceKind::Lldp;
  out.file = file;
  out.local_switch = localChassisName(root);
  LldpReader reader(file, out);
  if (const json::Node* eos = root.find("lldpNeighbors")) {
    if (out.local_switch.empty()) {
      out.local_switch = fallback_switch;
      out.local_switch_candidates = candidates;
    }
    reader.readEos(*eos);
    return out;
  }
  if (out.local_switch.empty()) {
    for (const auto& [key, instance] : root.members) {
      if (isLldpInstance(instance) && out.local_switch.empty()) out.local_switch = localChassisName(instance);
    }
  }
  if (out.local_switch.empty()) {
    out.local_switch = fallback_switch;
    out.local_switch_candidates = candidates;
  }
  if (const json::Node* lldp = root.find("lldp")) {
    reader.readLldpctl(*lldp, "/lldp");
  } else {
    for (const auto& [key, instance] : root.members) {
      std::string at = fmt::format("/{}", json::escapePointer(key));
      if (!isLldpInstance(instance)) {
        reader.fail(instance,
                    fmt::format("{}: expected an lldpctl instance {{\"lldp\": ...}} (one per namespace), got {}", at,
                                instance.isObject() ? "an object without \"lldp\"" : instance.kindName()));
      }
      reader.readLldpctl(*instance.find("lldp"), at + "/lldp");
    }
  }
  return out;
}

void setLocalSwitch(TopologySource& source, const std::string& name) {
  for (TopologyLink& link : source.links) {
    if (link.a.node != source.local_switch) continue;
    link.a.node = name;
    link.a.written = name + ":" + link.a.port;
  }
  source.local_switch = name;
}

bool looksLikeContainerlab(std::string_view text) {
  bool topology = false;
  for (const auto& [line, inner] : topLevelLines(text, 400)) {
    if (!line.empty()) {
      topology = startsWith(line, "topology:");
      continue;
    }
    if (topology && (startsWith(inner, "nodes:") || startsWith(inner, "links:"))) return true;
  }
  return false;
}

bool looksLikePlan(std::string_view text) {
  for (const auto& [line, inner] : topLevelLines(text, 400)) {
    if (startsWith(line, "rocelint-topology:")) return true;
  }
  return false;
}

std::string containerlabPortName(std::string_view kind, std::string_view interface) {
  auto digitsAfter = [&](std::string_view prefix) -> std::optional<std::string_view> {
    if (!startsWith(interface, prefix) || interface.size() == prefix.size()) return std::nullopt;
    std::string_view rest = interface.substr(prefix.size());
    if (rest.front() < '0' || rest.front() > '9') return std::nullopt;
    return rest;
  };
  auto allDigits = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (kind == "arista_ceos" || kind == "ceos") {
    // eth1 -> Ethernet1, et1 -> Ethernet1, eth1_2 (breakout) -> Ethernet1/2.
    auto rest = digitsAfter("eth");
    if (!rest) rest = digitsAfter("et");
    if (rest) {
      std::string port(*rest);
      std::replace(port.begin(), port.end(), '_', '/');
      return "Ethernet" + port;
    }
  } else if (kind == "sonic-vs" || kind == "sonic-vm") {
    // docker-sonic-vs's lane map gives each front-panel port 4 lanes: eth1 = Ethernet0, eth2 = Ethernet4.
    if (auto rest = digitsAfter("eth"); rest && allDigits(*rest)) {
      unsigned n = 0;
      std::from_chars(rest->data(), rest->data() + rest->size(), n);
      if (n >= 1) return fmt::format("Ethernet{}", 4 * (n - 1));
    }
  } else if (kind == "nokia_srlinux" || kind == "srl") {
    // e1-1 -> ethernet-1/1, e1-3-2 (breakout) -> ethernet-1/3/2.
    if (auto rest = digitsAfter("e")) {
      std::string port(*rest);
      std::replace(port.begin(), port.end(), '-', '/');
      return "ethernet-" + port;
    }
  }
  return std::string(interface);
}

TopologySource parseContainerlab(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  TopologySource out;
  out.kind = SourceKind::Containerlab;
  out.file = file;
  YamlReader yaml(file);
  YAML::Node root = loadYaml(text, file, limits);
  if (!root.IsMap()) yaml.fail(root.Mark(), "expected a containerlab topology mapping");
  YAML::Node topo = root["topology"];
  yaml.expect(topo, YAML::NodeType::Map, "a mapping with nodes and links", "topology");
  std::string default_kind;
  if (YAML::Node defaults = topo["defaults"]; defaults && defaults.IsMap() && defaults["kind"]) {
    default_kind = yaml.scalar(defaults["kind"], "topology.defaults.kind");
  }
  std::map<std::string, std::string> group_kind;
  if (YAML::Node groups = topo["groups"]; groups && groups.IsMap()) {
    for (auto it = groups.begin(); it != groups.end(); ++it) {
      if (it->second.IsMap() && it->second["kind"])
        group_kind[it->first.Scalar()] = yaml.scalar(it->second["kind"], "topology.groups.kind");
    }
  }
  std::map<std::string, std::string> kind_of;
  if (YAML::Node nodes = topo["nodes"]; nodes && !nodes.IsNull()) {
    yaml.expect(nodes, YAML::NodeType::Map, "a mapping of node names", "topology.nodes");
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
      std::string name = yaml.scalar(it->first, "topology.nodes key");
      std::string path = "topology.nodes." + name;
      std::string kind = default_kind;
      if (!it->second.IsNull()) {
        yaml.expect(it->second, YAML::NodeType::Map, "a mapping", path);
        if (YAML::Node group = it->second["group"]; group && group_kind.count(yaml.scalar(group, path + ".group")))
          kind = group_kind[group.Scalar()];
        if (it->second["kind"]) kind = yaml.scalar(it->second["kind"], path + ".kind");
      }
      if (kind.empty())
        yaml.fail(it->first.Mark(),
                  fmt::format("{}: no kind (neither the node, its group nor topology.defaults sets one)", path));
      TopologyNode node;
      node.name = name;
      node.kind = kind;
      node.host = hostKinds().count(kind) > 0;
      node.src = yaml.ref(it->first.Mark(), "/topology/nodes/" + name);
      kind_of[name] = kind;
      out.nodes.push_back(std::move(node));
    }
  }
  YAML::Node links = topo["links"];
  if (!links || links.IsNull()) return out;
  yaml.expect(links, YAML::NodeType::Sequence, "a list of links", "topology.links");
  for (std::size_t i = 0; i < links.size(); ++i) {
    const YAML::Node& item = links[i];
    std::string path = fmt::format("topology.links[{}]", i);
    std::string pointer = fmt::format("/topology/links/{}", i);
    yaml.expect(item, YAML::NodeType::Map, "a mapping", path);
    std::string type = item["type"] ? yaml.scalar(item["type"], path + ".type") : "";
    if (singleEndedLinkTypes().count(type)) continue;  // one end on the lab host or a network
    if (!type.empty() && type != "veth") {
      yaml.fail(item["type"].Mark(),
                fmt::format("{}.type: expected veth, host, mgmt-net, macvlan, vxlan, vxlan-stitch or dummy, got \"{}\"",
                            path, type));
    }
    YAML::Node endpoints = item["endpoints"];
    if (!endpoints) yaml.fail(item.Mark(), fmt::format("{}: expected \"endpoints\"", path));
    yaml.expect(endpoints, YAML::NodeType::Sequence, "a list of two endpoints", path + ".endpoints");
    if (endpoints.size() != 2)
      yaml.fail(endpoints.Mark(), fmt::format("{}.endpoints: expected two endpoints, got {}", path, endpoints.size()));
    TopologyLink link;
    link.src = yaml.ref(item.Mark(), pointer);
    bool special = false;
    for (std::size_t e = 0; e < 2; ++e) {
      const YAML::Node& ep = endpoints[e];
      std::string ep_path = fmt::format("{}.endpoints[{}]", path, e);
      std::string node;
      std::string iface;
      std::string written;
      if (ep.IsScalar()) {
        written = ep.Scalar();
        auto parts = splitEndpoint(written);
        if (!parts) yaml.fail(ep.Mark(), fmt::format("{}: expected \"node:interface\", got \"{}\"", ep_path, written));
        node = parts->first;
        iface = parts->second;
      } else if (ep.IsMap()) {
        if (!ep["node"] || !ep["interface"])
          yaml.fail(ep.Mark(), fmt::format("{}: expected \"node\" and \"interface\"", ep_path));
        node = yaml.scalar(ep["node"], ep_path + ".node");
        iface = yaml.scalar(ep["interface"], ep_path + ".interface");
        written = node + ":" + iface;
      } else {
        yaml.fail(ep.Mark(), fmt::format("{}: expected \"node:interface\" or a mapping with node and interface, got {}",
                                         ep_path, YamlReader::typeName(ep)));
      }
      if (node == "host" || node == "mgmt-net" || node == "macvlan") {
        special = true;  // brief form of a single-ended link
        continue;
      }
      auto kind = kind_of.find(node);
      if (kind == kind_of.end())
        yaml.fail(ep.Mark(), fmt::format("{}: node \"{}\" is not under topology.nodes", ep_path, node));
      Endpoint end{node, containerlabPortName(kind->second, iface), written,
                   yaml.ref(ep.Mark(), fmt::format("{}/endpoints/{}", pointer, e))};
      (e == 0 ? link.a : link.b) = std::move(end);
    }
    if (!special) out.links.push_back(std::move(link));
  }
  return out;
}

TopologySource parsePlan(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  TopologySource out;
  out.kind = SourceKind::Plan;
  out.file = file;
  YamlReader yaml(file);
  PlanReader(yaml, out).read(loadYaml(text, file, limits));
  return out;
}

std::optional<std::uint32_t> parseLength(std::string_view text) {
  text = trimmed(text);
  double scale = 0;
  if (text.size() > 2 && text.substr(text.size() - 2) == "km") {
    scale = 1000;
    text.remove_suffix(2);
  } else if (text.size() > 1 && text.back() == 'm') {
    scale = 1;
    text.remove_suffix(1);
  } else {
    return std::nullopt;
  }
  text = trimmed(text);
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; }) ||
      std::count(text.begin(), text.end(), '.') > 1 || text.front() == '.' || text.back() == '.') {
    return std::nullopt;
  }
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  double meters = std::ceil(value * scale - 1e-9);
  if (meters > 100000) return std::nullopt;  // 100 km: no lossless link is longer
  return static_cast<std::uint32_t>(meters);
}

std::optional<std::uint32_t> parseSpeed(std::string_view text) {
  text = trimmed(text);
  std::uint64_t scale = 1;
  if (!text.empty() && (text.back() == 'G' || text.back() == 'g')) {
    scale = 1000;
    text.remove_suffix(1);
  } else if (!text.empty() && (text.back() == 'M' || text.back() == 'm')) {
    text.remove_suffix(1);
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value == 0 || value > 1600000) {
    return std::nullopt;
  }
  std::uint64_t mbps = value * scale;
  if (mbps > 1600000) return std::nullopt;  // 1.6 Tb/s
  return static_cast<std::uint32_t>(mbps);
}

}  // namespace rocelint::topology
