#include "fabric_gen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace rocelint::bench {
namespace {

// ---------------------------------------------------------------------------------------------
// Address plan (docs/fabricgen.md): three disjoint regions of 10.0.0.0/8, each filled in spec
// order, so an address says what it is and nothing collides up to the region sizes.
// ---------------------------------------------------------------------------------------------

constexpr std::uint32_t kLoopbackBase = (10U << 24);  // 10.0.0.0/14: Loopback0 /32s
constexpr std::uint32_t kLoopbackCapacity = 1U << 18;
constexpr std::uint32_t kLinkBase = (10U << 24) | (64U << 16);   // 10.64.0.0/10: link /31s
constexpr std::uint32_t kLinkCapacity = 1U << 21;                // links
constexpr std::uint32_t kHostBase = (10U << 24) | (128U << 16);  // 10.128.0.0/9: host /31s
constexpr std::uint32_t kHostRegionSize = 1U << 23;              // addresses

constexpr int kLinkSpeedMbps = 400000;
constexpr int kLinkCableM = 40;
constexpr int kHostSpeedMbps = 100000;
constexpr int kHostCableM = 5;

std::string ipv4(std::uint32_t address) {
  return fmt::format("{}.{}.{}.{}", address >> 24, (address >> 16) & 0xff, (address >> 8) & 0xff, address & 0xff);
}

/// N of "EthernetN", or nullopt for other names.
std::optional<int> ethernetNumber(std::string_view name) {
  constexpr std::string_view kPrefix = "Ethernet";
  if (name.substr(0, kPrefix.size()) != kPrefix || name.size() == kPrefix.size()) return std::nullopt;
  int value = 0;
  auto [end, ec] = std::from_chars(name.data() + kPrefix.size(), name.data() + name.size(), value);
  if (ec != std::errc{} || end != name.data() + name.size()) return std::nullopt;
  return value;
}

// ---------------------------------------------------------------------------------------------
// Layout: the spec resolved to per-switch port lists and address indices (validated once).
// ---------------------------------------------------------------------------------------------

/// One configured port of a switch: a link end or a host port.
struct PortSlot {
  std::string name;
  std::int64_t link = -1;  ///< index into FabricSpec::links; -1 for a host port
  bool b_end = false;      ///< this switch is the link's `b` end
  int host = 0;            ///< 1-based host number on a host port
  int sort_key = INT_MAX;  ///< N of EthernetN
};

struct Layout {
  std::unordered_map<std::string, std::size_t> switch_index;
  std::vector<std::vector<PortSlot>> ports;  ///< per switch, in port-number order
  std::vector<std::int64_t> host_block;      ///< per switch: index of its host block, -1 without hosts
  std::uint32_t host_block_size = 2;         ///< addresses per host block (power of two)
};

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

std::size_t switchOf(const Layout& layout, const std::string& name) {
  auto it = layout.switch_index.find(name);
  if (it == layout.switch_index.end()) fail(fmt::format("fabric spec: no switch named \"{}\"", name));
  return it->second;
}

const PortSlot* findSlot(const Layout& layout, std::size_t sw, const std::string& port) {
  for (const PortSlot& slot : layout.ports[sw]) {
    if (slot.name == port) return &slot;
  }
  return nullptr;
}

const PortSlot& slotOf(const Layout& layout, const FabricSpec& spec, std::size_t sw, const std::string& port) {
  const PortSlot* slot = findSlot(layout, sw, port);
  if (slot == nullptr) fail(fmt::format("fabric spec: switch \"{}\" has no port {}", spec.switches[sw].name, port));
  return *slot;
}

Layout layOut(const FabricSpec& spec) {
  Layout layout;
  const std::size_t n = spec.switches.size();
  if (n + 1 >= kLoopbackCapacity) fail(fmt::format("fabric spec: {} switches exceed the loopback plan", n));
  if (spec.links.size() > kLinkCapacity)
    fail(fmt::format("fabric spec: {} links exceed the link plan", spec.links.size()));
  layout.switch_index.reserve(n);
  for (std::size_t s = 0; s < n; ++s) {
    const SwitchSpec& sw = spec.switches[s];
    if (sw.name.empty()) fail(fmt::format("fabric spec: switch #{} has no name", s));
    if (sw.hosts < 0) fail(fmt::format("fabric spec: switch \"{}\" has {} hosts", sw.name, sw.hosts));
    if (!layout.switch_index.emplace(sw.name, s).second)
      fail(fmt::format("fabric spec: two switches named \"{}\"", sw.name));
  }
  layout.ports.resize(n);
  for (std::size_t l = 0; l < spec.links.size(); ++l) {
    const LinkSpec& link = spec.links[l];
    std::size_t a = switchOf(layout, link.a.switch_name);
    std::size_t b = switchOf(layout, link.b.switch_name);
    if (a == b) fail(fmt::format("fabric spec: link #{} connects \"{}\" to itself", l, link.a.switch_name));
    auto link_index = static_cast<std::int64_t>(l);
    layout.ports[a].push_back({link.a.port, link_index, false, 0, ethernetNumber(link.a.port).value_or(INT_MAX)});
    layout.ports[b].push_back({link.b.port, link_index, true, 0, ethernetNumber(link.b.port).value_or(INT_MAX)});
  }
  // Hosts take the ports after the highest-numbered link port, so uplinks keep their numbers
  // whatever the host count.
  layout.host_block.assign(n, -1);
  int max_hosts = 0;
  std::int64_t blocks = 0;
  for (std::size_t s = 0; s < n; ++s) {
    int first_free = 0;
    for (const PortSlot& slot : layout.ports[s]) {
      if (slot.sort_key != INT_MAX) first_free = std::max(first_free, slot.sort_key / 8 + 1);
    }
    for (int h = 1; h <= spec.switches[s].hosts; ++h) {
      std::string name = portName(first_free + h - 1);
      layout.ports[s].push_back({name, -1, false, h, (first_free + h - 1) * 8});
    }
    if (spec.switches[s].hosts > 0) layout.host_block[s] = blocks++;
    max_hosts = std::max(max_hosts, spec.switches[s].hosts);
  }
  while (layout.host_block_size < 2U * static_cast<std::uint32_t>(max_hosts)) layout.host_block_size *= 2;
  if (blocks * layout.host_block_size > kHostRegionSize) {
    fail(
        fmt::format("fabric spec: {} host blocks of {} addresses exceed 10.128.0.0/9", blocks, layout.host_block_size));
  }
  for (std::size_t s = 0; s < n; ++s) {
    auto& slots = layout.ports[s];
    std::sort(slots.begin(), slots.end(), [](const PortSlot& x, const PortSlot& y) {
      return x.sort_key != y.sort_key ? x.sort_key < y.sort_key : x.name < y.name;
    });
    for (std::size_t i = 1; i < slots.size(); ++i) {
      if (slots[i].name == slots[i - 1].name) {
        fail(fmt::format("fabric spec: port {} of \"{}\" is used twice", slots[i].name, spec.switches[s].name));
      }
    }
  }
  return layout;
}

std::uint32_t loopbackOf(std::size_t sw) { return kLoopbackBase + static_cast<std::uint32_t>(sw) + 1; }

std::uint32_t linkAddressOf(std::int64_t link, bool b_end) {
  return kLinkBase + 2 * static_cast<std::uint32_t>(link) + (b_end ? 1U : 0U);
}

std::uint32_t hostBlockOf(const Layout& layout, std::size_t sw) {
  return kHostBase + static_cast<std::uint32_t>(layout.host_block[sw]) * layout.host_block_size;
}

/// The switch's own address on a port (the even address of the /31).
std::uint32_t slotAddress(const Layout& layout, std::size_t sw, const PortSlot& slot) {
  if (slot.link >= 0) return linkAddressOf(slot.link, slot.b_end);
  return hostBlockOf(layout, sw) + 2 * static_cast<std::uint32_t>(slot.host - 1);
}

/// The address on the far side of a port: the peer switch's or the host's.
std::uint32_t peerAddress(const Layout& layout, std::size_t sw, const PortSlot& slot) {
  if (slot.link >= 0) return linkAddressOf(slot.link, !slot.b_end);
  return slotAddress(layout, sw, slot) + 1;
}

const PortSlot& hostSlot(const Layout& layout, const FabricSpec& spec, std::size_t sw, int host_number) {
  for (const PortSlot& slot : layout.ports[sw]) {
    if (slot.link < 0 && slot.host == host_number) return slot;
  }
  fail(fmt::format("fabric spec: switch \"{}\" has no host {}", spec.switches[sw].name, host_number));
}

int prefixLength(std::uint32_t block_size) {
  int bits = 0;
  while ((1U << bits) < block_size) ++bits;
  return 32 - bits;
}

// ---------------------------------------------------------------------------------------------
// Streaming JSON in nlohmann's dump(4) layout (tests edit generated files by text).
// ---------------------------------------------------------------------------------------------

class JsonOut {
 public:
  explicit JsonOut(std::string& out) : out_(out) {
    out_ += '{';
    first_.push_back(true);
  }

  /// "key": { ... until close().
  void open(std::string_view key) {
    member(key);
    out_ += '{';
    first_.push_back(true);
  }

  void close() {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty) newline();
    out_ += '}';
  }

  void field(std::string_view key, std::string_view value) {
    member(key);
    quoted(value);
  }

  /// "key": {}
  void empty(std::string_view key) {
    member(key);
    out_ += "{}";
  }

  /// Closes the root object; the text ends with a newline.
  void finish() {
    while (!first_.empty()) close();
    out_ += '\n';
  }

 private:
  void newline() {
    out_ += '\n';
    out_.append(4 * first_.size(), ' ');
  }

  void member(std::string_view key) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
    newline();
    quoted(key);
    out_ += ": ";
  }

  void quoted(std::string_view text) {
    out_ += '"';
    for (char c : text) {
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        out_ += fmt::format("\\u{:04x}", static_cast<int>(c));
      } else {
        out_ += c;
      }
    }
    out_ += '"';
  }

  std::string& out_;
  std::vector<bool> first_;  ///< per open object: nothing written in it yet
};

void writeIntMap(JsonOut& json, const std::string& name, const std::map<int, int>& map) {
  json.open(name);
  for (const auto& [from, to] : map) json.field(std::to_string(from), std::to_string(to));
  json.close();
}

// ---------------------------------------------------------------------------------------------
// One switch's config_db.json
// ---------------------------------------------------------------------------------------------

struct SwitchWriter {
  const FabricSpec& spec;
  const Layout& layout;
  /// (switch, port) -> PortQosSpec index.
  const std::map<std::pair<std::size_t, std::string>, std::size_t>& qos_index;

  [[nodiscard]] const PortQosSpec* qosOf(std::size_t sw, const std::string& port) const {
    auto it = qos_index.find({sw, port});
    return it == qos_index.end() ? nullptr : &spec.port_qos[it->second];
  }

  [[nodiscard]] std::size_t peerSwitch(const PortSlot& slot) const {
    const LinkSpec& link = spec.links[static_cast<std::size_t>(slot.link)];
    return layout.switch_index.at(slot.b_end ? link.a.switch_name : link.b.switch_name);
  }

  [[nodiscard]] const LinkEnd& peerEnd(const PortSlot& slot) const {
    const LinkSpec& link = spec.links[static_cast<std::size_t>(slot.link)];
    return slot.b_end ? link.a : link.b;
  }

  [[nodiscard]] bool portUp(const PortSlot& slot) const {
    return slot.link < 0 || spec.links[static_cast<std::size_t>(slot.link)].up;
  }

  static int speedOf(const PortSlot& slot) { return slot.link >= 0 ? kLinkSpeedMbps : kHostSpeedMbps; }
  static int cableOf(const PortSlot& slot) { return slot.link >= 0 ? kLinkCableM : kHostCableM; }

  void write(std::size_t sw, std::string& out) const {
    const SwitchSpec& me = spec.switches[sw];
    const auto& ports = layout.ports[sw];
    JsonOut json(out);

    json.open("DEVICE_METADATA");
    json.open("localhost");
    json.field("hostname", me.name);
    json.field("hwsku", "Mellanox-SN4700");
    json.field("type", me.role);
    json.field("buffer_model", "traditional");
    json.field("default_pfcwd_status", "disable");
    if (me.asn) json.field("bgp_asn", std::to_string(*me.asn));
    json.close();
    json.close();

    json.open("LOOPBACK_INTERFACE");
    json.empty("Loopback0");
    json.empty(fmt::format("Loopback0|{}/32", ipv4(loopbackOf(sw))));
    json.close();

    json.open("INTERFACE");
    for (const PortSlot& slot : ports) {
      json.empty(slot.name);
      json.empty(fmt::format("{}|{}/31", slot.name, ipv4(slotAddress(layout, sw, slot))));
    }
    json.close();

    if (me.asn) {
      json.open("BGP_NEIGHBOR");
      for (const PortSlot& slot : ports) {
        if (slot.link < 0) continue;
        const SwitchSpec& peer = spec.switches[peerSwitch(slot)];
        if (!peer.asn) continue;
        json.open(ipv4(peerAddress(layout, sw, slot)));
        json.field("asn", std::to_string(*peer.asn));
        json.field("name", peer.name);
        json.field("local_addr", ipv4(slotAddress(layout, sw, slot)));
        json.close();
      }
      json.close();
    }

    if (!me.static_routes.empty()) {
      json.open("STATIC_ROUTE");
      for (const StaticRouteSpec& route : me.static_routes) {
        json.open(route.prefix);
        std::vector<std::string> nexthops = route.nexthops;
        if (nexthops.empty()) {
          for (const std::string& ifname : route.ifnames) {
            nexthops.push_back(ipv4(peerAddress(layout, sw, slotOf(layout, spec, sw, ifname))));
          }
        }
        json.field("nexthop", fmt::format("{}", fmt::join(nexthops, ",")));
        if (!route.ifnames.empty()) json.field("ifname", fmt::format("{}", fmt::join(route.ifnames, ",")));
        json.close();
      }
      json.close();
    }

    // Named maps: the defaults, plus the extra ones this switch's ports bind.
    std::set<std::string> dscp_maps;
    std::set<std::string> remark_maps;
    for (const PortSlot& slot : ports) {
      if (const PortQosSpec* q = qosOf(sw, slot.name)) {
        if (q->dscp_to_tc_map && *q->dscp_to_tc_map != "AZURE") dscp_maps.insert(*q->dscp_to_tc_map);
        if (q->tc_to_dscp_map) remark_maps.insert(*q->tc_to_dscp_map);
      }
    }
    json.open("DSCP_TO_TC_MAP");
    json.open("AZURE");
    for (int d = 0; d < 64; ++d) json.field(std::to_string(d), d == 26 ? "3" : d == 24 ? "4" : d == 48 ? "6" : "1");
    json.close();
    for (const std::string& name : dscp_maps) writeIntMap(json, name, spec.dscp_to_tc_maps.at(name));
    json.close();
    if (!remark_maps.empty()) {
      json.open("TC_TO_DSCP_MAP");
      for (const std::string& name : remark_maps) writeIntMap(json, name, spec.tc_to_dscp_maps.at(name));
      json.close();
    }
    writeCommonTables(json);

    // Per-port tables.
    json.open("PFC_WD");
    json.open("GLOBAL");
    json.field("POLL_INTERVAL", "200");
    json.close();
    for (const PortSlot& slot : ports) {
      json.open(slot.name);
      json.field("action", "drop");
      json.field("detection_time", "200");
      json.field("restoration_time", "200");
      json.close();
    }
    json.close();

    json.open("PORT");
    for (const PortSlot& slot : ports) {
      json.open(slot.name);
      json.field("speed", std::to_string(speedOf(slot)));
      json.field("mtu", "9100");
      json.field("admin_status", portUp(slot) ? "up" : "down");
      json.close();
    }
    json.close();

    json.open("DEVICE_NEIGHBOR");
    for (const PortSlot& slot : ports) {
      json.open(slot.name);
      if (slot.link >= 0) {
        json.field("name", peerEnd(slot).switch_name);
        json.field("port", peerEnd(slot).port);
      } else {
        json.field("name", fmt::format("{}-h{}", me.name, slot.host));
        json.field("port", "eth0");
      }
      json.close();
    }
    json.close();

    json.open("CABLE_LENGTH");
    json.open("AZURE");
    for (const PortSlot& slot : ports) json.field(slot.name, fmt::format("{}m", cableOf(slot)));
    json.close();
    json.close();

    json.open("PORT_QOS_MAP");
    for (const PortSlot& slot : ports) {
      const PortQosSpec* q = qosOf(sw, slot.name);
      json.open(slot.name);
      json.field("dscp_to_tc_map", q && q->dscp_to_tc_map ? *q->dscp_to_tc_map : "AZURE");
      json.field("tc_to_pg_map", "AZURE");
      json.field("tc_to_queue_map", "AZURE");
      json.field("pfc_to_queue_map", "AZURE");
      if (q && q->tc_to_dscp_map) json.field("tc_to_dscp_map", *q->tc_to_dscp_map);
      json.field("pfc_enable", "3,4");
      json.field("pfcwd_sw_enable", "3,4");
      json.close();
    }
    json.close();

    json.open("BUFFER_PG");
    for (const PortSlot& slot : ports) {
      json.open(slot.name + "|0");
      json.field("profile", "ingress_lossy_profile");
      json.close();
      json.open(slot.name + "|3-4");
      json.field("profile", fmt::format("pg_lossless_{}_{}m_profile", speedOf(slot), cableOf(slot)));
      json.close();
    }
    json.close();

    json.open("BUFFER_QUEUE");
    for (const PortSlot& slot : ports) {
      json.open(slot.name + "|3-4");
      json.field("profile", "egress_lossless_profile");
      json.close();
      json.open(slot.name + "|0-2");
      json.field("profile", "egress_lossy_profile");
      json.close();
    }
    json.close();

    json.open("QUEUE");
    for (const PortSlot& slot : ports) {
      for (const char* queue : {"|3", "|4"}) {
        json.open(slot.name + queue);
        json.field("scheduler", "scheduler.1");
        json.field("wred_profile", "AZURE_LOSSLESS");
        json.close();
      }
    }
    json.close();
    json.finish();
  }

  /// Tables every switch carries unchanged: lossless TCs 3 and 4 with their own PGs/queues.
  static void writeCommonTables(JsonOut& json) {
    json.open("TC_TO_PRIORITY_GROUP_MAP");
    json.open("AZURE");
    for (int t = 0; t < 8; ++t) json.field(std::to_string(t), (t == 3 || t == 4) ? std::to_string(t) : "0");
    json.close();
    json.close();
    for (const char* table : {"TC_TO_QUEUE_MAP", "MAP_PFC_PRIORITY_TO_QUEUE"}) {
      json.open(table);
      json.open("AZURE");
      for (int t = 0; t < 8; ++t) json.field(std::to_string(t), std::to_string(t));
      json.close();
      json.close();
    }
    auto fields = [&json](const char* key, std::initializer_list<std::pair<const char*, const char*>> values) {
      json.open(key);
      for (const auto& [name, value] : values) json.field(name, value);
      json.close();
    };
    json.open("BUFFER_POOL");
    fields("ingress_lossless_pool", {{"type", "ingress"}, {"mode", "dynamic"}, {"size", "47218432"}});
    fields("egress_lossless_pool", {{"type", "egress"}, {"mode", "static"}, {"size", "60817392"}});
    fields("egress_lossy_pool", {{"type", "egress"}, {"mode", "dynamic"}, {"size", "47218432"}});
    json.close();
    json.open("BUFFER_PROFILE");
    fields("ingress_lossy_profile", {{"pool", "ingress_lossless_pool"}, {"size", "0"}, {"dynamic_th", "3"}});
    fields("egress_lossless_profile", {{"pool", "egress_lossless_pool"}, {"size", "0"}, {"static_th", "60817392"}});
    fields("egress_lossy_profile", {{"pool", "egress_lossy_pool"}, {"size", "9216"}, {"dynamic_th", "7"}});
    fields("pg_lossless_400000_40m_profile", {{"pool", "ingress_lossless_pool"},
                                              {"xon", "19456"},
                                              {"xoff", "144384"},
                                              {"size", "163840"},
                                              {"dynamic_th", "0"}});
    fields("pg_lossless_100000_5m_profile", {{"pool", "ingress_lossless_pool"},
                                             {"xon", "19456"},
                                             {"xoff", "59392"},
                                             {"size", "78848"},
                                             {"dynamic_th", "0"}});
    json.close();
    json.open("WRED_PROFILE");
    fields("AZURE_LOSSLESS", {{"ecn", "ecn_all"},
                              {"wred_green_enable", "true"},
                              {"green_min_threshold", "153600"},
                              {"green_max_threshold", "1536000"},
                              {"green_drop_probability", "5"}});
    json.close();
    json.open("SCHEDULER");
    fields("scheduler.1", {{"type", "DWRR"}, {"weight", "15"}});
    json.close();
  }
};

void checkMap(const std::string& kind, const std::string& name, const std::map<int, int>& map, int max_from,
              int max_to) {
  for (const auto& [from, to] : map) {
    if (from < 0 || from > max_from || to < 0 || to > max_to) {
      fail(fmt::format("fabric spec: {} {} maps {} to {}: expected 0-{} to 0-{}", kind, name, from, to, max_from,
                       max_to));
    }
  }
}

/// Everything writeFabric needs to know is consistent before the first file is written.
std::map<std::pair<std::size_t, std::string>, std::size_t> checkKnobs(const FabricSpec& spec, const Layout& layout) {
  for (const auto& [name, map] : spec.dscp_to_tc_maps) {
    if (name == "AZURE") fail("fabric spec: DSCP_TO_TC_MAP AZURE is the built-in default and cannot be redefined");
    checkMap("DSCP_TO_TC_MAP", name, map, 63, 7);
  }
  for (const auto& [name, map] : spec.tc_to_dscp_maps) checkMap("TC_TO_DSCP_MAP", name, map, 7, 63);
  std::map<std::pair<std::size_t, std::string>, std::size_t> qos_index;
  for (std::size_t i = 0; i < spec.port_qos.size(); ++i) {
    const PortQosSpec& q = spec.port_qos[i];
    std::size_t sw = switchOf(layout, q.port.switch_name);
    slotOf(layout, spec, sw, q.port.port);
    if (q.dscp_to_tc_map && *q.dscp_to_tc_map != "AZURE" && !spec.dscp_to_tc_maps.count(*q.dscp_to_tc_map)) {
      fail(fmt::format("fabric spec: {} {} binds undefined DSCP_TO_TC_MAP {}", q.port.switch_name, q.port.port,
                       *q.dscp_to_tc_map));
    }
    if (q.tc_to_dscp_map && !spec.tc_to_dscp_maps.count(*q.tc_to_dscp_map)) {
      fail(fmt::format("fabric spec: {} {} binds undefined TC_TO_DSCP_MAP {}", q.port.switch_name, q.port.port,
                       *q.tc_to_dscp_map));
    }
    if (!qos_index.emplace(std::pair{sw, q.port.port}, i).second) {
      fail(fmt::format("fabric spec: two QoS overrides for {} {}", q.port.switch_name, q.port.port));
    }
  }
  for (std::size_t sw = 0; sw < spec.switches.size(); ++sw) {
    std::set<std::string> prefixes;
    for (const StaticRouteSpec& route : spec.switches[sw].static_routes) {
      const std::string& name = spec.switches[sw].name;
      if (route.prefix.empty()) fail(fmt::format("fabric spec: a static route of {} has no prefix", name));
      if (!prefixes.insert(route.prefix).second)
        fail(fmt::format("fabric spec: {} has two static routes to {}", name, route.prefix));
      if (route.nexthops.empty() && route.ifnames.empty()) {
        fail(fmt::format("fabric spec: static route {} of {} has neither nexthop nor ifname", route.prefix, name));
      }
      if (!route.nexthops.empty() && !route.ifnames.empty() && route.nexthops.size() != route.ifnames.size()) {
        fail(fmt::format("fabric spec: static route {} of {} has {} nexthops but {} ifnames", route.prefix, name,
                         route.nexthops.size(), route.ifnames.size()));
      }
      for (const std::string& ifname : route.ifnames) slotOf(layout, spec, sw, ifname);
    }
  }
  return qos_index;
}

// ASN ranges (4-byte private, RFC 6996): one range per tier so an ASN names its tier.
constexpr std::uint32_t kTier0Asn = 4200000000U;  // leaves / ToRs / edge, ring and mesh switches
constexpr std::uint32_t kTier1Asn = 4200100000U;  // spines of a 2-tier fabric, aggregation of a 3-tier one
constexpr std::uint32_t kTier2Asn = 4200200000U;  // cores of a 3-tier fabric

std::optional<std::uint32_t> asnFor(AsnDesign design, std::uint32_t tier_base, int distinct_index, int shared_index) {
  switch (design) {
    case AsnDesign::None:
      return std::nullopt;
    case AsnDesign::Shared:
      return tier_base + static_cast<std::uint32_t>(shared_index);
    case AsnDesign::Distinct:
      return tier_base + static_cast<std::uint32_t>(distinct_index);
  }
  return std::nullopt;
}

}  // namespace

std::string portName(int index) { return fmt::format("Ethernet{}", index * 8); }

FabricCounts countsOf(const FabricSpec& spec) {
  FabricCounts counts;
  counts.switches = static_cast<std::int64_t>(spec.switches.size());
  counts.links = static_cast<std::int64_t>(spec.links.size());
  for (const SwitchSpec& sw : spec.switches) counts.hosts += sw.hosts;
  return counts;
}

WriteResult writeFabric(const std::string& dir, const FabricSpec& spec) {
  Layout layout = layOut(spec);
  auto qos_index = checkKnobs(spec, layout);
  std::filesystem::create_directories(dir);
  WriteResult result;
  result.counts = countsOf(spec);
  SwitchWriter writer{spec, layout, qos_index};
  std::string text;
  for (std::size_t sw = 0; sw < spec.switches.size(); ++sw) {
    text.clear();
    writer.write(sw, text);
    auto path = std::filesystem::path(dir) / (spec.switches[sw].name + ".json");
    std::ofstream out(path, std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) throw std::runtime_error(fmt::format("cannot write {}", path.string()));
    result.bytes += text.size();
    ++result.files;
  }
  return result;
}

std::optional<std::size_t> findLink(const FabricSpec& spec, const std::string& switch_name, const std::string& port) {
  for (std::size_t l = 0; l < spec.links.size(); ++l) {
    const LinkSpec& link = spec.links[l];
    if ((link.a.switch_name == switch_name && link.a.port == port) ||
        (link.b.switch_name == switch_name && link.b.port == port)) {
      return l;
    }
  }
  return std::nullopt;
}

std::string portToward(const FabricSpec& spec, const std::string& from, const std::string& to) {
  for (const LinkSpec& link : spec.links) {
    if (link.a.switch_name == from && link.b.switch_name == to) return link.a.port;
    if (link.b.switch_name == from && link.a.switch_name == to) return link.b.port;
  }
  fail(fmt::format("fabric spec: \"{}\" has no link to \"{}\"", from, to));
}

void failLink(FabricSpec& spec, std::size_t link_index) {
  if (link_index >= spec.links.size()) {
    fail(fmt::format("fabric spec: no link #{} (the fabric has {})", link_index, spec.links.size()));
  }
  spec.links[link_index].up = false;
}

void failLink(FabricSpec& spec, const std::string& switch_name, const std::string& port) {
  auto link = findLink(spec, switch_name, port);
  if (!link) fail(fmt::format("fabric spec: no link at {} {}", switch_name, port));
  spec.links[*link].up = false;
}

std::string loopbackAddress(const FabricSpec& spec, const std::string& switch_name) {
  for (std::size_t s = 0; s < spec.switches.size(); ++s) {
    if (spec.switches[s].name == switch_name) return ipv4(loopbackOf(s));
  }
  fail(fmt::format("fabric spec: no switch named \"{}\"", switch_name));
}

std::string portAddress(const FabricSpec& spec, const std::string& switch_name, const std::string& port) {
  Layout layout = layOut(spec);
  std::size_t sw = switchOf(layout, switch_name);
  return ipv4(slotAddress(layout, sw, slotOf(layout, spec, sw, port)));
}

std::string hostBlock(const FabricSpec& spec, const std::string& switch_name) {
  Layout layout = layOut(spec);
  std::size_t sw = switchOf(layout, switch_name);
  if (layout.host_block[sw] < 0) fail(fmt::format("fabric spec: switch \"{}\" has no hosts", switch_name));
  return fmt::format("{}/{}", ipv4(hostBlockOf(layout, sw)), prefixLength(layout.host_block_size));
}

std::string hostPort(const FabricSpec& spec, const std::string& switch_name, int host_number) {
  Layout layout = layOut(spec);
  return hostSlot(layout, spec, switchOf(layout, switch_name), host_number).name;
}

std::string hostAddress(const FabricSpec& spec, const std::string& switch_name, int host_number) {
  Layout layout = layOut(spec);
  std::size_t sw = switchOf(layout, switch_name);
  return ipv4(peerAddress(layout, sw, hostSlot(layout, spec, sw, host_number)));
}

FabricSpec leafSpine(const FabricShape& shape, AsnDesign asn) {
  if (shape.spines < 1 || shape.leaves < 1 || shape.hosts_per_leaf < 0) {
    fail(fmt::format("leaf-spine: {} spines, {} leaves, {} hosts per leaf", shape.spines, shape.leaves,
                     shape.hosts_per_leaf));
  }
  FabricSpec spec;
  spec.switches.reserve(static_cast<std::size_t>(shape.leaves) + static_cast<std::size_t>(shape.spines));
  for (int l = 0; l < shape.leaves; ++l) {
    spec.switches.push_back(
        {fmt::format("leaf{}", l + 1), "LeafRouter", asnFor(asn, kTier0Asn, l, l), shape.hosts_per_leaf, {}});
  }
  for (int s = 0; s < shape.spines; ++s) {
    spec.switches.push_back({fmt::format("spine{}", s + 1), "SpineRouter", asnFor(asn, kTier1Asn, s, 0), 0, {}});
  }
  spec.links.reserve(static_cast<std::size_t>(shape.leaves) * static_cast<std::size_t>(shape.spines));
  for (int l = 0; l < shape.leaves; ++l) {
    for (int s = 0; s < shape.spines; ++s) {
      spec.links.push_back(
          {{fmt::format("leaf{}", l + 1), portName(s)}, {fmt::format("spine{}", s + 1), portName(l)}, true});
    }
  }
  return spec;
}

FabricCounts fatTreeCounts(int k) {
  if (k < 2 || k % 2 != 0) fail(fmt::format("fat-tree: k must be even and at least 2, not {}", k));
  std::int64_t kk = k;
  return {5 * kk * kk / 4, kk * kk * kk / 2, kk * kk * kk / 4};
}

FabricSpec fatTree(int k, AsnDesign asn) {
  FabricCounts counts = fatTreeCounts(k);
  const int half = k / 2;
  auto edge = [](int p, int e) { return fmt::format("pod{}-edge{}", p + 1, e + 1); };
  auto agg = [](int p, int a) { return fmt::format("pod{}-agg{}", p + 1, a + 1); };
  auto core = [](int c) { return fmt::format("core{}", c + 1); };
  FabricSpec spec;
  spec.switches.reserve(static_cast<std::size_t>(counts.switches));
  for (int p = 0; p < k; ++p) {
    for (int e = 0; e < half; ++e) {
      spec.switches.push_back({edge(p, e), "ToRRouter", asnFor(asn, kTier0Asn, p * half + e, p * half + e), half, {}});
    }
    for (int a = 0; a < half; ++a) {
      spec.switches.push_back({agg(p, a), "LeafRouter", asnFor(asn, kTier1Asn, p * half + a, p), 0, {}});
    }
  }
  for (int c = 0; c < half * half; ++c)
    spec.switches.push_back({core(c), "SpineRouter", asnFor(asn, kTier2Asn, c, 0), 0, {}});
  spec.links.reserve(static_cast<std::size_t>(counts.links));
  // Edge e's port a faces aggregation a; aggregation a's port e faces edge e.
  for (int p = 0; p < k; ++p) {
    for (int e = 0; e < half; ++e) {
      for (int a = 0; a < half; ++a) spec.links.push_back({{edge(p, e), portName(a)}, {agg(p, a), portName(e)}, true});
    }
  }
  // Aggregation a's uplink u (port half+u) faces core a*half+u, whose port p faces pod p.
  for (int p = 0; p < k; ++p) {
    for (int a = 0; a < half; ++a) {
      for (int u = 0; u < half; ++u)
        spec.links.push_back({{agg(p, a), portName(half + u)}, {core(a * half + u), portName(p)}, true});
    }
  }
  return spec;
}

FabricSpec clos36(AsnDesign asn) { return fatTree(36, asn); }
FabricCounts clos36Counts() { return fatTreeCounts(36); }

FabricSpec ring(int n, int hosts_per_switch, AsnDesign asn) {
  if (n < 3 || hosts_per_switch < 0) fail(fmt::format("ring: needs at least 3 switches (got {}) and hosts >= 0", n));
  FabricSpec spec;
  for (int i = 0; i < n; ++i) {
    spec.switches.push_back(
        {fmt::format("sw{}", i + 1), "LeafRouter", asnFor(asn, kTier0Asn, i, i), hosts_per_switch, {}});
  }
  // Ethernet0 faces the next switch, Ethernet8 the previous one.
  for (int i = 0; i < n; ++i) {
    spec.links.push_back(
        {{fmt::format("sw{}", i + 1), portName(0)}, {fmt::format("sw{}", (i + 1) % n + 1), portName(1)}, true});
  }
  return spec;
}

FabricSpec mesh(int n, int hosts_per_switch, AsnDesign asn) {
  if (n < 2 || hosts_per_switch < 0) fail(fmt::format("mesh: needs at least 2 switches (got {}) and hosts >= 0", n));
  FabricSpec spec;
  for (int i = 0; i < n; ++i) {
    spec.switches.push_back(
        {fmt::format("sw{}", i + 1), "LeafRouter", asnFor(asn, kTier0Asn, i, i), hosts_per_switch, {}});
  }
  // Ports in peer order, skipping the switch itself.
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      spec.links.push_back(
          {{fmt::format("sw{}", i + 1), portName(j - 1)}, {fmt::format("sw{}", j + 1), portName(i)}, true});
    }
  }
  return spec;
}

int writeLeafSpine(const std::string& dir, const FabricShape& shape) {
  return writeFabric(dir, leafSpine(shape)).files;
}

}  // namespace rocelint::bench
