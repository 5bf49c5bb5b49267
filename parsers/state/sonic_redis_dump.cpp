#include "state/sonic_redis_dump.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>
#include <string_view>
#include <unordered_map>

namespace rocelint::state {
namespace {

// "COUNTERS" of "COUNTERS:oid:0x1", the whole key when it has no ':'.
std::string_view tableOf(std::string_view key) { return key.substr(0, key.find(':')); }

bool isRedisTableName(std::string_view table) {
  if (table.empty()) return false;
  bool letter = false;
  for (char c : table) {
    if (c >= 'A' && c <= 'Z') {
      letter = true;
    } else if (!(c == '_' || (c >= '0' && c <= '9'))) {
      return false;
    }
  }
  return letter && (table[0] < '0' || table[0] > '9');
}

bool isNameMap(std::string_view table) {
  return table.rfind("COUNTERS_", 0) == 0 && table.size() > 9 && table.substr(table.size() - 9) == "_NAME_MAP";
}

/// A key's fields: the `value` of an envelope ({type, value, ttl, expireat}), else the object itself.
struct Fields {
  const json::Node* node = nullptr;  ///< nullptr: not a hash (a string or list key), or not an object
  std::string pointer;               ///< of the field map
  bool hash = true;
  const json::Node* wrong = nullptr;  ///< node == nullptr of a hash: the value that is not a field map
};

Fields fieldsOf(const std::string& key, const json::Node& value) {
  Fields out;
  out.pointer = fmt::format("/{}", json::escapePointer(key));
  out.wrong = &value;
  if (!value.isObject()) return out;
  const json::Node* type = value.find("type");
  const json::Node* inner = value.find("value");
  if (type != nullptr && inner != nullptr && type->kind == json::Node::Kind::String) {
    out.pointer += "/value";
    out.hash = type->text == "hash";
    out.wrong = inner;
    if (out.hash && inner->isObject()) out.node = inner;
    return out;
  }
  out.node = &value;
  return out;
}

enum class ObjectKind : std::uint8_t { Port, Queue, Pg };

struct Object {
  ObjectKind kind = ObjectKind::Port;
  std::string port;
  int index = 0;
};

class DumpReader {
 public:
  DumpReader(const json::Node& root, const std::string& file) : root_(root), file_(file) {}

  StateReading read() {
    for (const auto& [key, value] : root_.members) {
      Fields fields = fieldsOf(key, value);
      std::string table(tableOf(key));
      if (fields.node == nullptr) {
        if (fields.hash) {
          note(*fields.wrong, fields.pointer,
               fmt::format("{} is {}, not a field map: not read", key, fields.wrong->kindName()));
        } else {
          ++out_.not_read[fmt::format("{} (not a hash)", table)];
        }
        continue;
      }
      if (table == "COUNTERS_PORT_NAME_MAP") {
        readPortMap(*fields.node, fields.pointer);
      } else if (table == "COUNTERS_QUEUE_NAME_MAP") {
        readIndexMap(*fields.node, fields.pointer, ObjectKind::Queue);
      } else if (table == "COUNTERS_PG_NAME_MAP") {
        readIndexMap(*fields.node, fields.pointer, ObjectKind::Pg);
      } else if (table == "COUNTERS_QUEUE_TYPE_MAP") {
        for (const auto& [oid, type] : fields.node->members) queue_types_[oid] = type.text;
      } else {
        later_.push_back({&key, &value, fields});
      }
    }
    for (const Later& l : later_) readKey(*l.key, *l.value, l.fields);
    return std::move(out_);
  }

 private:
  struct Later {
    const std::string* key;
    const json::Node* value;
    Fields fields;
  };

  SourceRef at(const json::Node& node, const std::string& pointer) const {
    return SourceRef{file_, node.line, node.column, OriginKind::JsonPointer, pointer};
  }

  void note(const json::Node& node, const std::string& pointer, std::string message) {
    InputNote n = makeNote(InputNote::Kind::InvalidValue, "", "", std::move(message), at(node, pointer));
    n.fix = "collect the state again with the documented command (docs/audit.md); a hand-edited dump?";
    out_.notes.push_back(std::move(n));
  }

  // A name map's value: an object id string ("oid:0x1000000000012").
  bool isOid(const json::Node& oid, const std::string& pointer) {
    if (oid.kind == json::Node::Kind::String && !oid.text.empty()) return true;
    note(oid, pointer, fmt::format("{} is {}, not an object id: not read", pointer.substr(1), oid.kindName()));
    return false;
  }

  void readPortMap(const json::Node& map, const std::string& pointer) {
    for (const auto& [name, oid] : map.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(name));
      if (!isOid(oid, p)) continue;
      objects_[oid.text] = Object{ObjectKind::Port, name, 0};
      out_.state.ports[name].src = at(oid, p);
    }
  }

  // "Ethernet0:3" -> the port's queue or PG 3. VOQ / system-port names ("host|asic|Ethernet0:3")
  // belong to other line cards: counted, not read.
  void readIndexMap(const json::Node& map, const std::string& pointer, ObjectKind kind) {
    const char* what = kind == ObjectKind::Queue ? "COUNTERS_QUEUE_NAME_MAP" : "COUNTERS_PG_NAME_MAP";
    for (const auto& [name, oid] : map.members) {
      std::string p = fmt::format("{}/{}", pointer, json::escapePointer(name));
      if (name.find('|') != std::string::npos) {
        ++out_.not_read[fmt::format("{} entries of other system ports", what)];
        continue;
      }
      auto colon = name.rfind(':');
      std::uint64_t index = 256;
      if (colon != std::string::npos && colon > 0) index = parseCount(name.substr(colon + 1)).value_or(256);
      if (index > 255) {
        note(oid, p, fmt::format("{} entry {} is not <port>:<index>: not read", what, name));
        continue;
      }
      if (!isOid(oid, p)) continue;
      std::string port = name.substr(0, colon);
      int i = static_cast<int>(index);
      objects_[oid.text] = Object{kind, port, i};
      PortState& ps = out_.state.ports[port];
      if (kind == ObjectKind::Queue) {
        ps.queues[i].src = at(oid, p);
      } else {
        ps.pgs[i].src = at(oid, p);
      }
    }
  }

  // A counter field: a count as a string (or number); anything else is noted and not read.
  void count(const json::Node& fields, const std::string& pointer, const char* field, std::optional<StateValue>& into,
             bool keep_max = false) {
    const json::Node* value = fields.find(field);
    if (value == nullptr) return;
    std::string p = fmt::format("{}/{}", pointer, field);
    std::optional<std::uint64_t> n = value->isScalar() ? parseCount(value->text) : std::nullopt;
    if (!n) {
      note(*value, p,
           fmt::format("{} is {}, not a count: not read", p.substr(1),
                       value->isScalar() ? fmt::format("\"{}\"", value->text) : std::string(value->kindName())));
      return;
    }
    if (keep_max && into && into->value >= *n) return;
    into = StateValue{*n, at(*value, p)};
  }

  void readKey(const std::string& key, const json::Node& value, const Fields& f) {
    std::string_view table = tableOf(key);
    bool counters = table == "COUNTERS";
    bool watermarks = table == "USER_WATERMARKS" || table == "PERSISTENT_WATERMARKS" || table == "PERIODIC_WATERMARKS";
    if (table == "ROUTE_TABLE" && key.size() > table.size()) {
      readRoute(key, value, f);
      return;
    }
    if (!counters && !watermarks) {
      ++out_.not_read[std::string(table)];
      return;
    }
    if (key.size() <= table.size()) {  // "COUNTERS" itself: no object named
      ++out_.not_read[std::string(table)];
      return;
    }
    std::string oid = key.substr(table.size() + 1);
    auto it = objects_.find(oid);
    if (it == objects_.end()) {
      ++out_.not_read[fmt::format("{} of objects no port, queue or PG name map names", table)];
      return;
    }
    const Object& object = it->second;
    const json::Node& fields = *f.node;
    PortState& port = out_.state.ports[object.port];
    switch (object.kind) {
      case ObjectKind::Port:
        if (!counters) {
          ++out_.not_read[fmt::format("{} of ports", table)];
          return;
        }
        for (int p = 0; p < 8; ++p) {
          auto u = static_cast<std::size_t>(p);
          count(fields, f.pointer, fmt::format("SAI_PORT_STAT_PFC_{}_RX_PKTS", p).c_str(), port.pfc_rx_frames[u]);
          count(fields, f.pointer, fmt::format("SAI_PORT_STAT_PFC_{}_TX_PKTS", p).c_str(), port.pfc_tx_frames[u]);
        }
        break;
      case ObjectKind::Queue: {
        QueueState& q = port.queues[object.index];
        if (auto type = queue_types_.find(oid); type != queue_types_.end())
          q.multicast = type->second == "SAI_QUEUE_TYPE_MULTICAST";
        if (!counters) return;  // queue watermarks: not modelled yet
        count(fields, f.pointer, "SAI_QUEUE_STAT_PACKETS", q.packets);
        count(fields, f.pointer, "SAI_QUEUE_STAT_DROPPED_PACKETS", q.dropped_packets);
        count(fields, f.pointer, "SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS", q.ecn_marked_packets);
        count(fields, f.pointer, "PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED", q.wd_storms_detected);
        count(fields, f.pointer, "PFC_WD_QUEUE_STATS_DEADLOCK_RESTORED", q.wd_storms_restored);
        if (const json::Node* status = fields.find("PFC_WD_STATUS"); status != nullptr && status->isScalar())
          q.wd_status = Sourced<std::string>{status->text, at(*status, fmt::format("{}/PFC_WD_STATUS", f.pointer))};
        break;
      }
      case ObjectKind::Pg: {
        PgState& pg = port.pgs[object.index];
        if (counters) count(fields, f.pointer, "SAI_INGRESS_PRIORITY_GROUP_STAT_DROPPED_PACKETS", pg.dropped_packets);
        // The peak of every reader's watermark (user, persistent, periodic, the counter itself).
        count(fields, f.pointer, "SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES",
              pg.headroom_watermark_bytes, true);
        count(fields, f.pointer, "SAI_INGRESS_PRIORITY_GROUP_STAT_SHARED_WATERMARK_BYTES", pg.shared_watermark_bytes,
              true);
        break;
      }
    }
  }

  static std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    std::size_t start = 0;
    while (true) {
      auto comma = text.find(',', start);
      out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return out;
  }

  // ROUTE_TABLE:<prefix> or ROUTE_TABLE:<vrf>:<prefix>. An IPv6 prefix holds ':' too: a first
  // part with a character no address has is the VRF name.
  void readRoute(const std::string& key, const json::Node& value, const Fields& f) {
    std::string rest = key.substr(std::string_view("ROUTE_TABLE:").size());
    InstalledRoute route;
    auto colon = rest.find(':');
    if (colon != std::string::npos) {
      std::string_view first(rest.data(), colon);
      bool address_part = std::all_of(first.begin(), first.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '/';
      });
      if (!address_part) {
        route.vrf = std::string(first);
        rest = rest.substr(colon + 1);
      }
    }
    if (route.vrf == "default") route.vrf.clear();
    if (rest.empty()) {
      note(value, fmt::format("/{}", json::escapePointer(key)), fmt::format("{} names no prefix: not read", key));
      return;
    }
    route.prefix = rest;
    if (route.prefix.find('/') == std::string::npos)
      route.prefix += route.prefix.find(':') == std::string::npos ? "/32" : "/128";
    route.src = at(value, fmt::format("/{}", json::escapePointer(key)));
    const json::Node& fields = *f.node;
    auto text = [&](const char* name) {
      const json::Node* v = fields.find(name);
      return v != nullptr && v->isScalar() ? v->text : std::string();
    };
    route.blackhole = text("blackhole") == "true";
    route.protocol = text("protocol");
    if (!text("nexthop_group").empty()) {
      ++out_.not_read["ROUTE_TABLE entries with a nexthop_group (NEXTHOP_GROUP_TABLE not read yet)"];
    }
    std::vector<std::string> addresses = splitList(text("nexthop"));
    std::vector<std::string> interfaces = splitList(text("ifname"));
    if (!addresses.empty() && !interfaces.empty() && addresses.size() != interfaces.size()) {
      const json::Node* v = fields.find("ifname");
      note(*v, fmt::format("{}/ifname", f.pointer),
           fmt::format("{} lists {} next hops but {} interfaces: the interfaces are not read", key, addresses.size(),
                       interfaces.size()));
      interfaces.clear();
    }
    std::size_t n = std::max(addresses.size(), interfaces.size());
    for (std::size_t i = 0; i < n; ++i) {
      NextHop hop;
      if (i < addresses.size() && addresses[i] != "0.0.0.0" && addresses[i] != "::") hop.address = addresses[i];
      if (i < interfaces.size()) hop.interface = interfaces[i];
      route.next_hops.push_back(std::move(hop));
    }
    out_.state.has_routes = true;
    out_.state.routes.push_back(std::move(route));
  }

  const json::Node& root_;
  FileName file_;
  StateReading out_;
  std::unordered_map<std::string, Object> objects_;
  std::unordered_map<std::string, std::string> queue_types_;
  std::vector<Later> later_;
};

}  // namespace

bool looksLikeRedisDump(const json::Node& root) {
  if (!root.isObject() || root.members.empty()) return false;
  bool redis_key = false;
  for (const auto& [key, value] : root.members) {
    if (!value.isObject()) return false;
    std::string_view table = tableOf(key);
    if (!isRedisTableName(table)) return false;
    if (key.size() > table.size() || isNameMap(table)) redis_key = true;
  }
  return redis_key;
}

StateReading readRedisDump(const json::Node& root, const std::string& file) { return DumpReader(root, file).read(); }

namespace {

std::string_view stateTableOf(std::string_view key) { return key.substr(0, key.find('|')); }

}  // namespace

bool looksLikeStateDb(const json::Node& root) {
  static const std::set<std::string_view> state_only = {"PORT_TABLE",
                                                        "TRANSCEIVER_INFO",
                                                        "TRANSCEIVER_DOM_SENSOR",
                                                        "TRANSCEIVER_STATUS",
                                                        "SWITCH_CAPABILITY",
                                                        "CHASSIS_INFO",
                                                        "PSU_INFO",
                                                        "FAN_INFO",
                                                        "BUFFER_MAX_PARAM_TABLE",
                                                        "NEIGH_STATE_TABLE",
                                                        "PORT_COUNTER_CAPABILITIES",
                                                        "QUEUE_COUNTER_CAPABILITIES",
                                                        "DEBUG_COUNTER_CAPABILITIES"};
  static const std::set<std::string_view> config_tables = {
      "PORT",        "PORT_QOS_MAP",    "BUFFER_PG",      "BUFFER_QUEUE", "BUFFER_PROFILE",
      "BUFFER_POOL", "DEVICE_NEIGHBOR", "DSCP_TO_TC_MAP", "PFC_WD",       "INTERFACE"};
  if (!root.isObject() || root.members.empty()) return false;
  bool state = false;
  for (const auto& [key, value] : root.members) {
    std::string_view table = stateTableOf(key);
    if (config_tables.count(table) != 0) return false;
    if (value.isObject() && state_only.count(table) != 0 && key.size() > table.size()) state = true;
  }
  return state;
}

StateReading readStateDb(const json::Node& root) {
  StateReading out;
  for (const auto& [key, value] : root.members) ++out.not_read[fmt::format("STATE_DB {}", stateTableOf(key))];
  return out;
}

}  // namespace rocelint::state
