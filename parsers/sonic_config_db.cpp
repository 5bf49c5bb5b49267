#include "sonic_config_db.hpp"

#include <fmt/format.h>

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>
#include <string_view>

#include "common/cli_reader.hpp"
#include "common/inline_suppressions.hpp"
#include "common/switch_builder.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::sonic {
namespace {

/// The config_db table of a map kind (e.g. "DSCP_TO_TC_MAP").
const char* mapTableName(MapKind kind) {
  switch (kind) {
    case MapKind::DscpToTc:
      return "DSCP_TO_TC_MAP";
    case MapKind::Dot1pToTc:
      return "DOT1P_TO_TC_MAP";
    case MapKind::TcToPg:
      return "TC_TO_PRIORITY_GROUP_MAP";
    case MapKind::TcToQueue:
      return "TC_TO_QUEUE_MAP";
    case MapKind::PfcToQueue:
      return "MAP_PFC_PRIORITY_TO_QUEUE";
    case MapKind::PfcToPg:
      return "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP";
    case MapKind::TcToDscp:
      return "TC_TO_DSCP_MAP";
  }
  return "?";
}

/// PORT_QOS_MAP field that binds a map kind (e.g. "dscp_to_tc_map").
const char* mapFieldName(MapKind kind) {
  switch (kind) {
    case MapKind::DscpToTc:
      return "dscp_to_tc_map";
    case MapKind::Dot1pToTc:
      return "dot1p_to_tc_map";
    case MapKind::TcToPg:
      return "tc_to_pg_map";
    case MapKind::TcToQueue:
      return "tc_to_queue_map";
    case MapKind::PfcToQueue:
      return "pfc_to_queue_map";
    case MapKind::PfcToPg:
      return "pfc_to_pg_map";
    case MapKind::TcToDscp:
      return "tc_to_dscp_map";
  }
  return "?";
}

bool isTableName(std::string_view name) {
  if (name.empty() || !std::isupper(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::string_view tablePart(std::string_view key) { return key.substr(0, key.find('|')); }

bool isNamespaceName(std::string_view name) {
  if (name == "localhost") return true;
  if (name.size() > 4 && name.substr(0, 4) == "asic") {
    return std::all_of(name.begin() + 4, name.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  }
  return false;
}

bool looksLikeTables(const json::Node& node) {
  if (!node.isObject() || node.members.empty()) return false;
  return std::all_of(node.members.begin(), node.members.end(),
                     [](const auto& member) { return isTableName(tablePart(member.first)); });
}

SourceRef sourceOf(const json::Node& node, FileName file, std::string_view pointer) {
  return SourceRef{file, node.line, node.column, OriginKind::JsonPointer, pointer};
}

Field fieldOf(const json::Node& node, FileName file, std::string_view pointer) {
  Field field;
  field.src = sourceOf(node, file, pointer);
  if (node.isScalar()) {
    field.value = node.text;
  } else if (node.kind == json::Node::Kind::Array) {
    // A YANG leaf-list: keep it as the comma string redis uses.
    for (const auto& item : node.items) {
      if (!item.isScalar()) field.wrong_type = true;
      if (!field.value.empty()) field.value += ',';
      field.value += item.text;
    }
  } else {
    field.wrong_type = true;
  }
  return field;
}

void addEntryFields(Entry& entry, const json::Node& fields, FileName file, const std::string& pointer) {
  for (const auto& [name, value] : fields.members) {
    std::string field_name = name;
    if (!field_name.empty() && field_name.back() == '@') field_name.pop_back();      // redis list field
    if (field_name == "NULL" && value.isScalar() && value.text == "NULL") continue;  // empty hash marker
    entry.fields[field_name] = fieldOf(value, file, pointer + "/" + json::escapePointer(name));
  }
}

void readNamespace(const json::Node& tables, FileName file, const std::string& prefix, DeviceTables& out) {
  for (const auto& [top_key, value] : tables.members) {
    if (top_key == common::kSuppressionTable) continue;  // rocelint's own: readDataSuppressions reads it
    std::string pointer = prefix + "/" + json::escapePointer(top_key);
    auto bar = top_key.find('|');
    if (bar != std::string::npos) {
      // Shape B (flat "TABLE|key") or C (typed redis dump with "value").
      std::string table = top_key.substr(0, bar);
      std::string key = top_key.substr(bar + 1);
      if (!value.isObject()) {
        out.notes.push_back(makeNote(InputNote::Kind::InvalidValue, "", "",
                                     fmt::format("{} is {}, expected an object of fields", top_key, value.kindName()),
                                     sourceOf(value, file, pointer)));
        continue;
      }
      const json::Node* fields = &value;
      std::string fields_pointer = pointer;
      const json::Node* typed_value = value.find("value");
      const json::Node* typed_type = value.find("type");
      if (typed_value != nullptr && typed_type != nullptr && typed_value->isObject()) {
        fields = typed_value;
        fields_pointer += "/value";
      }
      Entry& entry = out.store.tables[table][key];
      entry.src = sourceOf(value, file, pointer);
      addEntryFields(entry, *fields, file, fields_pointer);
      continue;
    }
    // Shape A: TABLE -> key -> fields.
    if (!value.isObject()) {
      out.notes.push_back(
          makeNote(InputNote::Kind::InvalidValue, "", "",
                   fmt::format("table {} is {}, expected an object of entries", top_key, value.kindName()),
                   sourceOf(value, file, pointer)));
      continue;
    }
    auto& table = out.store.tables[top_key];
    const json::Node* typed_value = value.find("value");
    if (typed_value != nullptr && !typed_value->isObject() && value.find("type") != nullptr) {
      // Typed redis dump of a plain string key (e.g. CONFIG_DB_INITIALIZED): not a table.
      table[""].src = sourceOf(value, file, pointer);
      continue;
    }
    for (const auto& [key, entry_node] : value.members) {
      std::string entry_pointer = pointer + "/" + json::escapePointer(key);
      if (!entry_node.isObject()) {
        out.notes.push_back(
            makeNote(InputNote::Kind::InvalidValue, "", "",
                     fmt::format("{}|{} is {}, expected an object of fields", top_key, key, entry_node.kindName()),
                     sourceOf(entry_node, file, entry_pointer)));
        continue;
      }
      Entry& entry = table[key];
      entry.src = sourceOf(entry_node, file, entry_pointer);
      addEntryFields(entry, entry_node, file, entry_pointer);
    }
  }
}

// Reference values compare equal whatever style they are written in.
std::string normalizedValue(const std::string& value) {
  std::string out;
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t comma = value.find(',', start);
    std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.size() > 2 && item.front() == '[' && item.back() == ']') {
      auto sep = item.find_first_of("|:");
      if (sep != std::string::npos) item = item.substr(sep + 1, item.size() - sep - 2);
    }
    if (!out.empty() || start > 0) out += ',';
    out += item;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

const std::map<std::string, Entry>* TableStore::table(const std::string& name) const {
  auto it = tables.find(name);
  return it == tables.end() ? nullptr : &it->second;
}

bool looksLikeConfigDb(const json::Node& root) {
  if (looksLikeTables(root)) return true;
  if (!root.isObject() || root.members.empty()) return false;
  return std::all_of(root.members.begin(), root.members.end(), [](const auto& member) {
    return isNamespaceName(member.first) && looksLikeTables(member.second);
  });
}

DeviceTables readConfigDb(const json::Node& root, const std::string& file_name) {
  DeviceTables out;
  FileName file(file_name);
  if (looksLikeTables(root)) {
    readNamespace(root, file, "", out);
  } else {
    // Shape D: {"localhost": {...}, "asic0": {...}}; one device, namespaces merged.
    for (const auto& [ns, tables] : root.members) {
      DeviceTables part;
      std::string ns_pointer = "/";
      ns_pointer += json::escapePointer(ns);
      readNamespace(tables, file, ns_pointer, part);
      out.notes.insert(out.notes.end(), part.notes.begin(), part.notes.end());
      for (auto& [table, entries] : part.store.tables) {
        auto& target = out.store.tables[table];
        for (auto& [key, entry] : entries) target.try_emplace(key, std::move(entry));
      }
    }
  }
  if (const auto* metadata = out.store.table("DEVICE_METADATA")) {
    if (auto it = metadata->find("localhost"); it != metadata->end()) {
      if (auto f = it->second.fields.find("hostname"); f != it->second.fields.end() && !f->second.value.empty()) {
        out.hostname = f->second.value;
      }
    }
  }
  return out;
}

void mergeTables(TableStore& into, const TableStore& from, const std::string& switch_name,
                 std::vector<InputNote>& notes) {
  // The merged PORT rows are partial only when every file that gave some is.
  if (const auto* ports = from.table("PORT"); ports != nullptr && !ports->empty()) {
    const auto* had = into.table("PORT");
    bool had_rows = had != nullptr && !had->empty();
    into.partial_ports = from.partial_ports && (!had_rows || into.partial_ports);
  }
  for (const auto& [table_name, entries] : from.tables) {
    auto& target_table = into.tables[table_name];
    for (const auto& [key, entry] : entries) {
      auto [it, inserted] = target_table.try_emplace(key, entry);
      if (inserted) continue;
      Entry& target = it->second;
      for (const auto& [field_name, field] : entry.fields) {
        auto [fit, new_field] = target.fields.try_emplace(field_name, field);
        if (new_field) continue;
        if (normalizedValue(fit->second.value) != normalizedValue(field.value)) {
          notes.push_back(makeNote(
              InputNote::Kind::Conflict, switch_name, "",
              fmt::format("{}|{}.{} is \"{}\" here but \"{}\" in {}:{}; using \"{}\"", table_name, key, field_name,
                          field.value, fit->second.value, fit->second.src.file(), fit->second.src.line, field.value),
              field.src));
        }
        fit->second = field;
      }
    }
  }
}

std::optional<Reference> parseReference(const Field& field, const std::string& table, bool& wrong_table) {
  wrong_table = false;
  std::string_view text = field.value;
  Reference ref;
  ref.src = field.src;
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') {
    auto sep = text.find_first_of("|:");
    if (sep == std::string_view::npos) {
      wrong_table = true;
      return std::nullopt;
    }
    std::string_view named_table = text.substr(1, sep - 1);
    // APPL_DB spelling: BUFFER_PROFILE_TABLE.
    if (named_table != table && named_table != table + "_TABLE") {
      wrong_table = true;
      return std::nullopt;
    }
    ref.name = std::string(text.substr(sep + 1, text.size() - sep - 2));
    ref.bracket_style = true;
  } else {
    ref.name = std::string(text);
  }
  return ref;
}

namespace {

// BGP_NEIGHBOR / BGP_PEER_GROUP fields (sonic-bgp-common.yang's sonic-bgp-cmn, plus bgpcfgd's own).
std::set<std::string> bgpSessionFields() {
  return {"asn",
          "name",
          "local_addr",
          "holdtime",
          "keepalive",
          "admin_status",
          "nhopself",
          "rrclient",
          "peer_type",
          "keepalive_interval",
          "holdtime_interval",
          "shutdown_message",
          "peer_group_name",
          "local_asn",
          "ebgp_multihop",
          "ebgp_multihop_ttl",
          "auth_password",
          "conn_retry",
          "min_adv_interval",
          "passive_mode",
          "capability_ext_nexthop",
          "disable_ebgp_connected_route_check",
          "enforce_first_as",
          "solo_peer",
          "ttl_security_hops",
          "bfd",
          "desired_minimum_tx_interval",
          "required_minimum_receive",
          "detection_multiplier",
          "bfd_check_ctrl_plane_failure",
          "bfd_strict_mode",
          "capability_dynamic",
          "dont_negotiate_capability",
          "enforce_multihop",
          "override_capability",
          "peer_port",
          "strict_capability_match",
          "local_as_no_prepend",
          "local_as_replace_as",
          "tcp_mss",
          "v6only"};
}

// BGP_NEIGHBOR_AF / BGP_PEER_GROUP_AF fields (sonic-bgp-cmn-af).
std::set<std::string> bgpAddressFamilyFields() {
  return {"afi_safi",
          "admin_status",
          "send_default_route",
          "default_rmap",
          "max_prefix_limit",
          "max_prefix_warning_only",
          "max_prefix_warning_threshold",
          "max_prefix_restart_interval",
          "route_map_in",
          "route_map_out",
          "soft_reconfiguration_in",
          "unsuppress_map_name",
          "rrclient",
          "weight",
          "as_override",
          "send_community",
          "tx_add_paths",
          "unchanged_as_path",
          "unchanged_med",
          "unchanged_nexthop",
          "filter_list_in",
          "filter_list_out",
          "nhself",
          "nexthop_self_force",
          "prefix_list_in",
          "prefix_list_out",
          "remove_private_as_enabled",
          "remove_private_as_all",
          "replace_private_as",
          "cap_orf",
          "route_server_client",
          "allow_as_in",
          "allow_as_count",
          "allow_as_origin"};
}

// The tables frrcfgd turns into FRR routing policy; bgpcfgd (the default) ignores them.
bool isFrrcfgdPolicyTable(const std::string& table) {
  return table == "ROUTE_MAP" || table == "ROUTE_MAP_SET" || table == "COMMUNITY_SET" || table == "AS_PATH_SET" ||
         table == "BGP_NEIGHBOR_AF" || table == "BGP_PEER_GROUP" || table == "BGP_PEER_GROUP_AF";
}

// The fields rocelint understands (or knowingly ignores) per table; anything else is noted.
const std::map<std::string, std::set<std::string>>& knownFields() {
  static const std::map<std::string, std::set<std::string>> known = {
      {"DEVICE_METADATA",
       {"hostname",
        "hwsku",
        "platform",
        "mac",
        "bgp_asn",
        "type",
        "buffer_model",
        "default_pfcwd_status",
        "deployment_id",
        "switch_type",
        "asic_name",
        "region",
        "cloudtype",
        "default_bgp_status",
        "docker_routing_config_mode",
        "synchronous_mode",
        "frr_mgmt_framework_config",
        "peer_switch",
        "suppress-fib-pending",
        "sub_role",
        "cluster",
        "timezone",
        "yang_config_validation",
        "subtype",
        "asic_id",
        "switch_id",
        "max_cores",
        "bgp_router_id",
        "nexthop_group",
        "rack_mgmt_map"}},
      {"PORT",
       {"alias",
        "lanes",
        "speed",
        "mtu",
        "index",
        "admin_status",
        "fec",
        "autoneg",
        "pfc_asym",
        "description",
        "tpid",
        "adv_speeds",
        "interface_type",
        "adv_interface_types",
        "link_training",
        "role",
        "mode",
        "subport",
        "parent_port",
        "dom_polling",
        "laser_freq",
        "tx_power",
        "asic_port_name",
        "coreid",
        "core_port_id",
        "num_voq",
        "oper_status",
        "unreliable_los",
        "mux_cable",
        "lldp_enable"}},
      {"DEVICE_NEIGHBOR", {"name", "port", "mgmt_addr", "local_port", "type", "hwsku"}},
      {"DEVICE_NEIGHBOR_METADATA", {"hwsku", "mgmt_addr", "lo_addr", "type", "deployment_id", "cluster", "lo_addr_v6"}},
      {"BGP_NEIGHBOR", bgpSessionFields()},
      {"BGP_PEER_GROUP", bgpSessionFields()},
      {"BGP_NEIGHBOR_AF", bgpAddressFamilyFields()},
      {"BGP_PEER_GROUP_AF", bgpAddressFamilyFields()},
      {"BGP_BBR", {"status"}},
      // frrcfgd's routing policy (sonic-route-map.yang, sonic-routing-policy-sets.yang).
      {"ROUTE_MAP",
       {"route_operation",
        "match_interface",
        "match_prefix_set",
        "match_ipv6_prefix_set",
        "match_protocol",
        "match_next_hop_set",
        "match_src_vrf",
        "match_neighbor",
        "match_tag",
        "match_med",
        "match_origin",
        "match_evpn_default_type5_route",
        "match_evpn_advertise_route_type",
        "match_evpn_vni_number",
        "match_local_pref",
        "match_community",
        "match_ext_community",
        "match_as_path",
        "call_route_map",
        "set_origin",
        "set_local_pref",
        "set_med",
        "set_metric_action",
        "set_metric",
        "set_next_hop",
        "set_ipv6_next_hop_global",
        "set_ipv6_next_hop_prefer_global",
        "set_repeat_asn",
        "set_asn",
        "set_asn_list",
        "set_community_inline",
        "set_community_ref",
        "set_ext_community_inline",
        "set_ext_community_ref",
        "set_tag",
        "set_weight"}},
      {"ROUTE_MAP_SET", {}},
      {"COMMUNITY_SET", {"set_type", "match_action", "action", "community_member"}},
      {"AS_PATH_SET", {"action", "as_path_set_member"}},
      {"INTERFACE", {"vrf_name", "nat_zone", "mpls", "ipv6_use_link_local_only", "loopback_action", "secondary"}},
      {"LOOPBACK_INTERFACE", {"vrf_name", "nat_zone"}},
      {"VLAN_INTERFACE",
       {"vrf_name", "nat_zone", "proxy_arp", "grat_arp", "mpls", "ipv6_use_link_local_only", "secondary",
        "static_anycast_gateway"}},
      {"PORTCHANNEL_INTERFACE", {"vrf_name", "nat_zone", "mpls", "ipv6_use_link_local_only", "loopback_action"}},
      {"PORTCHANNEL",
       {"mtu", "min_links", "lacp_key", "admin_status", "members", "fallback", "fast_rate", "tpid", "mode"}},
      {"PORTCHANNEL_MEMBER", {}},
      {"VLAN_MEMBER", {"tagging_mode"}},
      {"STATIC_ROUTE", {"nexthop", "ifname", "distance", "nexthop-vrf", "blackhole", "advertise", "bfd"}},
      {"PORT_QOS_MAP",
       {"pfc_enable", "pfcwd_sw_enable", "dscp_to_tc_map", "dot1p_to_tc_map", "tc_to_pg_map", "tc_to_queue_map",
        "pfc_to_queue_map", "pfc_to_pg_map", "tc_to_dscp_map", "scheduler"}},
      {"BUFFER_POOL", {"type", "mode", "size", "xoff", "percentage"}},
      {"BUFFER_PROFILE",
       {"pool", "size", "dynamic_th", "static_th", "xon", "xoff", "xon_offset", "headroom_type",
        "packet_discard_action"}},
      {"BUFFER_PG", {"profile"}},
      {"BUFFER_QUEUE", {"profile"}},
      {"BUFFER_PORT_INGRESS_PROFILE_LIST", {"profile_list"}},
      {"BUFFER_PORT_EGRESS_PROFILE_LIST", {"profile_list"}},
      {"DEFAULT_LOSSLESS_BUFFER_PARAMETER", {"default_dynamic_th", "over_subscribe_ratio"}},
      {"LOSSLESS_TRAFFIC_PATTERN", {"mtu", "small_packet_percentage"}},
      {"WRED_PROFILE",
       {"ecn", "wred_green_enable", "wred_yellow_enable", "wred_red_enable", "green_min_threshold",
        "green_max_threshold", "green_drop_probability", "yellow_min_threshold", "yellow_max_threshold",
        "yellow_drop_probability", "red_min_threshold", "red_max_threshold", "red_drop_probability"}},
      {"QUEUE", {"scheduler", "wred_profile", "wred_profile_name"}},
      {"SCHEDULER", {"type", "weight", "priority", "meter_type", "cir", "cbs", "pir", "pbs"}},
      {"TUNNEL",
       {"tunnel_type", "dst_ip", "src_ip", "dscp_mode", "ecn_mode", "encap_ecn_mode", "ttl_mode",
        "decap_dscp_to_tc_map", "decap_tc_to_pg_map", "encap_tc_to_queue_map", "encap_tc_to_dscp_map"}},
      {"MUX_CABLE",
       {"state", "cable_type", "server_ipv4", "server_ipv6", "soc_ipv4", "soc_ipv6", "neighbor_mode", "prober_type"}},
      {"PEER_SWITCH", {"address_ipv4"}},
      {"PFC_WD",
       {"action", "detection_time", "restoration_time", "pfc_stat_history", "POLL_INTERVAL", "BIG_RED_SWITCH"}},
  };
  return known;
}

// Tables whose entries are maps "from -> to" rather than fixed fields.
const std::map<std::string, MapKind>& mapTables() {
  static const std::map<std::string, MapKind> tables = {
      {"DSCP_TO_TC_MAP", MapKind::DscpToTc},
      {"DOT1P_TO_TC_MAP", MapKind::Dot1pToTc},
      {"TC_TO_PRIORITY_GROUP_MAP", MapKind::TcToPg},
      {"TC_TO_QUEUE_MAP", MapKind::TcToQueue},
      {"MAP_PFC_PRIORITY_TO_QUEUE", MapKind::PfcToQueue},
      {"PFC_PRIORITY_TO_PRIORITY_GROUP_MAP", MapKind::PfcToPg},
      {"TC_TO_DSCP_MAP", MapKind::TcToDscp},
  };
  return tables;
}

std::vector<std::string> splitOn(std::string_view text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t at = text.find(sep, start);
    parts.emplace_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return parts;
}

std::string trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

template <class T>
std::optional<T> parseNumber(std::string_view text) {
  std::string cleaned = trim(text);
  T value{};
  auto [end, ec] = std::from_chars(cleaned.data(), cleaned.data() + cleaned.size(), value);
  if (ec != std::errc{} || end != cleaned.data() + cleaned.size() || cleaned.empty()) return std::nullopt;
  return value;
}

class Builder {
 public:
  Builder(const TableStore& store, Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : store_(store), sw_(sw), notes_(notes), out_of_scope_(out_of_scope) {}

  void run() {
    for (const auto& [table, entries] : store_.tables) {
      if (table == "SYSTEM_DEFAULTS") {
        // Only tunnel_qos_remap is read; the other system-wide feature switches are out of scope.
        int others = static_cast<int>(entries.size()) - static_cast<int>(entries.count("tunnel_qos_remap"));
        if (others > 0) out_of_scope_[table] += others;
        continue;
      }
      bool unread_policy = isFrrcfgdPolicyTable(table) && !frrcfgd();
      if (unread_policy || (!knownFields().count(table) && !mapTables().count(table) && table != "CABLE_LENGTH")) {
        out_of_scope_[table] += static_cast<int>(entries.size());
      }
    }
    checkUnknownFields();
    readMetadata();
    adoptNameAsHost();
    readPorts();
    readPortChannels();
    readVlanMembers();
    readMaps();
    readPortQos();
    deriveTrust();
    readPools();
    readProfiles();
    readBufferPgs();
    readBufferQueues();
    readProfileLists();
    readCableLengths();
    readLosslessParameters();
    readWred();
    readSchedulers();
    readQueues();
    readWatchdog();
    readNeighbors();
    readBgp();
    readAddresses();
    readStaticRoutes();
    readDualToR();
    reportUndeclaredPorts();
    sortPorts();
    reportUndefinedReferences();
  }

 private:
  const std::map<std::string, Entry>& table(const std::string& name) const {
    static const std::map<std::string, Entry> empty;
    const auto* found = store_.table(name);
    return found ? *found : empty;
  }

  static const Field* field(const Entry& entry, const std::string& name) {
    auto it = entry.fields.find(name);
    return it == entry.fields.end() ? nullptr : &it->second;
  }

  void note(InputNote::Kind kind, std::string port, std::string message, const SourceRef& src) {
    notes_.push_back(makeNote(kind, sw_.name, std::move(port), std::move(message), src));
  }

  void invalid(const std::string& where, const Field& f, const std::string& expected, const std::string& port = "") {
    note(InputNote::Kind::InvalidValue, port,
         fmt::format("{} is {}\"{}\": expected {}", where, f.wrong_type ? "not a string: " : "", f.value, expected),
         f.src);
  }

  template <class T>
  std::optional<Sourced<T>> number(const Entry& entry, const std::string& name, const std::string& where, T min, T max,
                                   const std::string& expected, const std::string& port = "") {
    const Field* f = field(entry, name);
    if (f == nullptr) return std::nullopt;
    std::optional<T> value;
    if (!f->wrong_type) value = parseNumber<T>(f->value);
    if (!value || *value < min || *value > max) {
      invalid(where + "." + name, *f, expected, port);
      return std::nullopt;
    }
    return Sourced<T>{*value, f->src};
  }

  std::optional<Sourced<std::uint64_t>> bytes(const Entry& entry, const std::string& name, const std::string& where) {
    return number<std::uint64_t>(entry, name, where, 0, UINT64_MAX, "a byte count");
  }

  std::optional<Sourced<PrioritySet>> prioritySet(const Entry& entry, const std::string& name, const std::string& where,
                                                  const std::string& port) {
    const Field* f = field(entry, name);
    if (f == nullptr) return std::nullopt;
    PrioritySet set;
    std::string text = trim(f->value);
    // An object (or a list of objects) is no list of priorities, even when it has no text.
    if (f->wrong_type) {
      invalid(where + "." + name, *f, "a comma-separated list of priorities 0-7", port);
      return std::nullopt;
    }
    if (!text.empty()) {
      for (const auto& part : splitOn(text, ',')) {
        auto value = parseNumber<int>(part);
        if (!value || *value < 0 || *value > 7) {
          invalid(where + "." + name, *f, "a comma-separated list of priorities 0-7", port);
          return std::nullopt;
        }
        set.set(static_cast<std::size_t>(*value));
      }
    }
    return Sourced<PrioritySet>{set, f->src};
  }

  std::optional<Reference> reference(const Entry& entry, const std::string& name, const std::string& target_table,
                                     const std::string& where, const std::string& port = "") {
    const Field* f = field(entry, name);
    if (f == nullptr) return std::nullopt;
    bool wrong_table = false;
    std::optional<Reference> ref;
    if (!f->wrong_type) ref = parseReference(*f, target_table, wrong_table);
    if (!ref || ref->name.empty()) {
      invalid(where + "." + name, *f, fmt::format("a {} name or [{}|name]", target_table, target_table), port);
      return std::nullopt;
    }
    return ref;
  }

  // SONiC names a port in a key as "Ethernet0" or, on a VOQ chassis, as the system port
  // "host|asic|Ethernet0": sonic-cfggen writes QUEUE and BUFFER_QUEUE for every system port of the
  // chassis, so a key may name a port of another line card (its VOQs on this ASIC, counted, not
  // modelled). Every table that takes port keys reads them here. Returns the local port name and
  // the `trailing` parts after it, or nullopt when the key has another shape (noted with
  // `expected`) or names another line card's or ASIC's system port.
  std::optional<std::vector<std::string>> portKey(const std::string& table_name, const std::string& key,
                                                  std::size_t trailing, const char* expected, const Entry& e) {
    auto parts = splitOn(key, '|');
    if (parts.size() == trailing + 1) return parts;
    if (parts.size() != trailing + 3) {
      note(InputNote::Kind::InvalidValue, "",
           fmt::format("{} key \"{}\": expected {} or host|asic|{}", table_name, key, expected, expected), e.src);
      return std::nullopt;
    }
    bool own = own_host_ && equalsIgnoringCase(parts[0], *own_host_) &&
               (!own_asic_ || equalsIgnoringCase(parts[1], *own_asic_));
    if (!own && !own_host_) {
      // Which system ports are this switch's is unknown: the keys apply by port name (every line
      // card renders the same per-queue settings from one template), and a note says so.
      if (unplaced_system_ports_.insert(table_name).second) {
        InputNote& n = notes_.emplace_back(makeNote(
            InputNote::Kind::UnknownField, sw_.name, "",
            fmt::format("{} key \"{}\" names a system port (host|asic|port) of a host other than {}, and "
                        "DEVICE_METADATA|localhost has no hostname to tell this switch's own system ports: the "
                        "table's system-port keys are applied by port name, whatever their host",
                        table_name, key, sw_.name),
            e.src));
        n.group = table_name + " system-port keys";
      }
      parts.erase(parts.begin(), parts.begin() + 2);
      return parts;
    }
    if (!own) {
      ++out_of_scope_[table_name + " of other system ports"];
      return std::nullopt;
    }
    parts.erase(parts.begin(), parts.begin() + 2);
    return parts;
  }

  static bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  }

  // Ports named in a key's first part: "Ethernet0" or the old "Ethernet0,Ethernet4".
  std::vector<Port*> portsOf(const std::string& port_part, const Entry& entry) {
    // Create every port first: creating one may move the others (vector storage).
    std::vector<std::string> names;
    for (const auto& name : splitOn(port_part, ',')) {
      std::string clean = trim(name);
      if (clean.empty()) continue;
      if (sw_.findPort(clean) == nullptr) sw_.portFor(clean).src = entry.src;
      names.push_back(std::move(clean));
    }
    std::vector<Port*> ports;
    for (const auto& name : names) ports.push_back(sw_.findPort(name));
    return ports;
  }

  // "3" or "3-4" -> indices; nullopt (with a note) when malformed or out of range.
  std::optional<std::vector<int>> indexRange(const std::string& text, int max, const std::string& what,
                                             const Entry& entry) {
    auto parts = splitOn(text, '-');
    std::optional<int> low = parseNumber<int>(parts[0]);
    std::optional<int> high = parts.size() == 2 ? parseNumber<int>(parts[1]) : low;
    if (parts.size() > 2 || !low || !high || *low < 0 || *high > max || *low > *high) {
      note(InputNote::Kind::InvalidValue, "",
           fmt::format("{} \"{}\" is not valid: expected N or N-M with 0 <= N <= M <= {}", what, text, max), entry.src);
      return std::nullopt;
    }
    std::vector<int> out;
    for (int i = *low; i <= *high; ++i) out.push_back(i);
    return out;
  }

  void checkUnknownFields() {
    for (const auto& [table_name, entries] : store_.tables) {
      auto known = knownFields().find(table_name);
      if (known == knownFields().end() || (isFrrcfgdPolicyTable(table_name) && !frrcfgd())) continue;
      for (const auto& [key, entry] : entries) {
        for (const auto& [name, f] : entry.fields) {
          if (known->second.count(name)) continue;
          note(InputNote::Kind::UnknownField, "",
               fmt::format("{}|{}: field \"{}\" is not understood by rocelint and was ignored", table_name, key, name),
               f.src);
          notes_.back().group = table_name + "." + name;
        }
      }
    }
  }

  void readMetadata() {
    const auto& metadata = table("DEVICE_METADATA");
    auto it = metadata.find("localhost");
    if (it == metadata.end()) return;
    const Entry& e = it->second;
    sw_.metadata_src = e.src;
    if (const Field* f = field(e, "hostname"); f != nullptr && !f->value.empty()) own_host_ = f->value;
    if (const Field* f = field(e, "asic_name"); f != nullptr && !f->value.empty()) own_asic_ = f->value;
    if (const Field* f = field(e, "hwsku")) sw_.hwsku = f->value;
    if (const Field* f = field(e, "platform")) sw_.platform = f->value;
    if (const Field* f = field(e, "type")) sw_.role = f->value;
    if (const Field* f = field(e, "peer_switch"); f != nullptr && !f->wrong_type && !f->value.empty())
      sw_.peer_switch = Sourced<std::string>{f->value, f->src};
    sw_.asn = number<std::uint32_t>(e, "bgp_asn", "DEVICE_METADATA|localhost", 1, UINT32_MAX, "an AS number");
    if (const Field* f = field(e, "buffer_model")) {
      if (f->value == "dynamic") {
        sw_.buffer_model = BufferModel::Dynamic;
      } else if (f->value != "traditional") {
        invalid("DEVICE_METADATA|localhost.buffer_model", *f, "\"traditional\" or \"dynamic\"");
      }
    }
    if (const Field* f = field(e, "default_pfcwd_status")) {
      if (f->value == "enable" || f->value == "disable") {
        sw_.default_pfcwd_enabled = Sourced<bool>{f->value == "enable", f->src};
      } else {
        invalid("DEVICE_METADATA|localhost.default_pfcwd_status", *f, "\"enable\" or \"disable\"");
      }
    }
  }

  // Without DEVICE_METADATA's host name, the switch's name (its folder's) is its host when the
  // tables that list every system port of the chassis name it.
  void adoptNameAsHost() {
    if (own_host_) return;
    for (const char* table_name : {"QUEUE", "BUFFER_QUEUE"}) {
      for (const auto& [key, e] : table(table_name)) {
        auto parts = splitOn(key, '|');
        if (parts.size() == 4 && equalsIgnoringCase(parts[0], sw_.name)) {
          own_host_ = sw_.name;
          return;
        }
      }
    }
  }

  void readPorts() {
    const auto& ports = table("PORT");
    sw_.has_port_table = !ports.empty() && !store_.partial_ports;
    sw_.partial_port_names = !ports.empty() && store_.partial_ports;
    for (const auto& [key, e] : ports) {
      Port& port = sw_.portFor(key);
      port.declared = true;
      port.src = e.src;
      std::string where = "PORT|" + key;
      if (const Field* f = field(e, "alias")) port.alias = f->value;
      if (const Field* f = field(e, "description")) {
        port.description = f->value;
        port.description_src = f->src;  // the loader reads neighbours from it
      }
      // pfc_asym on: orchagent enables PFC reception on all 8 priorities and sends pauses only for
      // pfc_enable (asymmetric PFC, for server-facing ports).
      if (const Field* f = field(e, "pfc_asym"); f != nullptr && f->value == "on")
        port.qos.pfc_honour = Sourced<PrioritySet>{PrioritySet{0xff}, f->src};
      port.speed_mbps = number<std::uint32_t>(e, "speed", where, 1, 10'000'000, "a speed in Mb/s", key);
      port.mtu_bytes = number<std::uint32_t>(e, "mtu", where, 68, 9216, "an MTU of 68-9216 bytes", key);
      if (const Field* f = field(e, "admin_status")) {
        if (f->value == "up" || f->value == "down") {
          port.admin_up = Sourced<bool>{f->value == "up", f->src};
        } else {
          invalid(where + ".admin_status", *f, "\"up\" or \"down\"", key);
        }
      }
    }
  }

  void readPortChannels() {
    for (const auto& [key, e] : table("PORTCHANNEL")) {
      sw_.portchannels.push_back(key);
      // sonic-portchannel.yang: min_links uint16, 1..1024 (teamd's min_ports).
      if (auto min = number<std::uint32_t>(e, "min_links", "PORTCHANNEL|" + key, 1, 1024, "a member count 1-1024"))
        sw_.portchannel_min_links[key] = *min;
    }
    for (const auto& [key, e] : table("PORTCHANNEL_MEMBER")) {
      auto parts = splitOn(key, '|');
      if (parts.size() != 2) continue;
      for (Port* port : portsOf(parts[1], e)) port->portchannel = parts[0];
    }
  }

  // VLAN_MEMBER|Vlan1000|Ethernet16 {tagging_mode: untagged}: an access port of Vlan1000 (a LAG
  // member of a VLAN makes each of its ports one). sonic-vlan.yang: tagged | untagged |
  // priority_tagged; only an untagged member carries the VLAN's servers untagged; a tagged member carries
  // the VLAN tagged (Port::trunk_vlans: flood domains).
  void readVlanMembers() {
    for (const auto& [key, e] : table("VLAN_MEMBER")) {
      auto parts = splitOn(key, '|');
      if (parts.size() != 2) continue;
      auto mode = e.fields.find("tagging_mode");
      if (mode == e.fields.end()) continue;
      const Field& f = mode->second;
      if (f.wrong_type || (f.value != "tagged" && f.value != "untagged" && f.value != "priority_tagged")) {
        invalid("VLAN_MEMBER|" + key + "|tagging_mode", f, "tagged, untagged or priority_tagged");
        continue;
      }
      if (f.value == "priority_tagged") continue;
      std::optional<int> vid;
      if (parts[0].rfind("Vlan", 0) == 0) vid = common::vlanId(std::string_view(parts[0]).substr(4));
      if (f.value == "tagged" && !vid) continue;  // sonic-vlan.yang: the key is Vlan<1-4094>
      std::vector<Port*> ports;
      if (std::find(sw_.portchannels.begin(), sw_.portchannels.end(), parts[1]) != sw_.portchannels.end()) {
        for (Port& port : sw_.ports) {
          if (port.portchannel == parts[1]) ports.push_back(&port);
        }
      } else {
        ports = portsOf(parts[1], e);
      }
      for (Port* port : ports) {
        if (f.value == "tagged") {
          if (!port->trunk_vlans) port->trunk_vlans = Sourced<VlanSet>{VlanSet{}, f.src};
          port->trunk_vlans->value.add(*vid, *vid);
          continue;
        }
        port->access_vlan = parts[0];
        port->access_vlan_src = f.src;
      }
    }
  }

  void readMaps() {
    for (const auto& [table_name, kind] : mapTables()) {
      int max_from = kind == MapKind::DscpToTc ? 63 : 15;
      int max_to = kind == MapKind::TcToDscp ? 63 : 15;
      for (const auto& [name, e] : table(table_name)) {
        QosMap map;
        map.name = name;
        map.src = e.src;
        for (const auto& [from_text, f] : e.fields) {
          auto from = parseNumber<int>(from_text);
          std::optional<int> to;
          if (!f.wrong_type) to = parseNumber<int>(f.value);
          if (!from || *from < 0 || *from > max_from) {
            note(InputNote::Kind::InvalidValue, "",
                 fmt::format("{}|{}: key \"{}\" is not a number 0-{}", table_name, name, from_text, max_from), f.src);
            continue;
          }
          if (!to || *to < 0 || *to > max_to) {
            invalid(fmt::format("{}|{}.{}", table_name, name, from_text), f, fmt::format("a number 0-{}", max_to));
            continue;
          }
          map.entries[*from] = Sourced<int>{*to, f.src};
        }
        sw_.maps[static_cast<std::size_t>(kind)].emplace(name, std::move(map));
      }
    }
  }

  void readPortQos() {
    for (const auto& [key, e] : table("PORT_QOS_MAP")) {
      std::string where = "PORT_QOS_MAP|" + key;
      if (key == "global") {
        sw_.global_dscp_to_tc = reference(e, "dscp_to_tc_map", "DSCP_TO_TC_MAP", where);
        continue;
      }
      auto port_key = portKey("PORT_QOS_MAP", key, 0, "<port>", e);
      if (!port_key) continue;
      for (Port* port : portsOf(port_key->front(), e)) {
        port->qos.src = e.src;
        for (std::size_t k = 0; k < kMapKinds; ++k) {
          auto kind = static_cast<MapKind>(k);
          port->qos.maps[k] = reference(e, mapFieldName(kind), mapTableName(kind), where, port->name);
        }
        port->qos.pfc_enable = prioritySet(e, "pfc_enable", where, port->name);
        port->qos.pfcwd_sw_enable = prioritySet(e, "pfcwd_sw_enable", where, port->name);
        port->qos.scheduler = reference(e, "scheduler", "SCHEDULER", where, port->name);
      }
    }
  }

  void deriveTrust() {
    for (Port& port : sw_.ports) {
      bool dscp = port.qos.map(MapKind::DscpToTc).has_value() || sw_.global_dscp_to_tc.has_value();
      bool pcp = port.qos.map(MapKind::Dot1pToTc).has_value();
      port.qos.trust = dscp && pcp ? Trust::Both : pcp ? Trust::Pcp : Trust::Dscp;
    }
  }

  void readPools() {
    for (const auto& [name, e] : table("BUFFER_POOL")) {
      BufferPool pool;
      pool.name = name;
      pool.src = e.src;
      std::string where = "BUFFER_POOL|" + name;
      if (const Field* f = field(e, "type")) {
        if (f->value == "ingress")
          pool.type = PoolType::Ingress;
        else if (f->value == "egress")
          pool.type = PoolType::Egress;
        else if (f->value == "both")
          pool.type = PoolType::Both;
        else
          invalid(where + ".type", *f, "\"ingress\", \"egress\" or \"both\"");
      }
      if (const Field* f = field(e, "mode")) {
        if (f->value == "static")
          pool.mode = ThresholdMode::Static;
        else if (f->value == "dynamic")
          pool.mode = ThresholdMode::Dynamic;
        else
          invalid(where + ".mode", *f, "\"static\" or \"dynamic\"");
      }
      pool.size_bytes = bytes(e, "size", where);
      pool.shared_headroom_bytes = bytes(e, "xoff", where);
      pool.percentage = number<int>(e, "percentage", where, 0, 100, "a percentage 0-100");
      sw_.pools.emplace(name, std::move(pool));
    }
  }

  void readProfiles() {
    for (const auto& [name, e] : table("BUFFER_PROFILE")) {
      BufferProfile profile;
      profile.name = name;
      profile.src = e.src;
      std::string where = "BUFFER_PROFILE|" + name;
      profile.pool = reference(e, "pool", "BUFFER_POOL", where);
      profile.size_bytes = bytes(e, "size", where);
      profile.xon_bytes = bytes(e, "xon", where);
      profile.xoff_bytes = bytes(e, "xoff", where);
      profile.xon_offset_bytes = bytes(e, "xon_offset", where);
      profile.static_th_bytes = bytes(e, "static_th", where);
      profile.dynamic_th = number<int>(e, "dynamic_th", where, -8, 8, "an integer -8..7 (alpha = 2^dynamic_th)");
      if (const Field* f = field(e, "headroom_type")) {
        if (f->value == "dynamic" || f->value == "static")
          profile.headroom_dynamic = f->value == "dynamic";
        else
          invalid(where + ".headroom_type", *f, "\"static\" or \"dynamic\"");
      }
      sw_.profiles.emplace(name, std::move(profile));
    }
  }

  void readBufferPgs() {
    for (const auto& [key, e] : table("BUFFER_PG")) {
      auto key_parts = portKey("BUFFER_PG", key, 1, "<port>|<pg>", e);
      if (!key_parts) continue;
      const auto& parts = *key_parts;
      auto indices = indexRange(parts[1], 7, "BUFFER_PG|" + key + ": PG", e);
      if (!indices) continue;
      std::optional<Reference> profile;
      bool null_profile = false;
      if (const Field* f = field(e, "profile"); f != nullptr && f->value == "NULL") {
        null_profile = true;
      } else {
        profile = reference(e, "profile", "BUFFER_PROFILE", "BUFFER_PG|" + key);
      }
      for (Port* port : portsOf(parts[0], e)) {
        for (int pg : *indices) {
          port->pgs.set(static_cast<std::size_t>(pg), PriorityGroup{pg, profile, null_profile, false, e.src});
        }
      }
    }
  }

  void readBufferQueues() {
    for (const auto& [key, e] : table("BUFFER_QUEUE")) {
      auto key_parts = portKey("BUFFER_QUEUE", key, 1, "<port>|<queue>", e);
      if (!key_parts) continue;
      const auto& parts = *key_parts;
      auto indices = indexRange(parts[1], 15, "BUFFER_QUEUE|" + key + ": queue", e);
      if (!indices) continue;
      auto profile = reference(e, "profile", "BUFFER_PROFILE", "BUFFER_QUEUE|" + key);
      for (Port* port : portsOf(parts[0], e)) {
        for (int q : *indices) {
          port->queueFor(q, e.src).buffer_profile = profile;
        }
      }
    }
  }

  void readProfileLists() {
    for (const auto& [table_name, ingress] :
         {std::pair{"BUFFER_PORT_INGRESS_PROFILE_LIST", true}, std::pair{"BUFFER_PORT_EGRESS_PROFILE_LIST", false}}) {
      for (const auto& [key, e] : table(table_name)) {
        const Field* f = field(e, "profile_list");
        if (f == nullptr) continue;
        std::vector<Reference> refs;
        for (const auto& item : splitOn(f->value, ',')) {
          Field part{trim(item), f->src, f->wrong_type};
          if (part.value.empty()) continue;
          bool wrong_table = false;
          auto ref = parseReference(part, "BUFFER_PROFILE", wrong_table);
          if (!ref) {
            invalid(std::string(table_name) + "|" + key + ".profile_list", *f, "BUFFER_PROFILE names");
            continue;
          }
          refs.push_back(*ref);
        }
        auto port_key = portKey(table_name, key, 0, "<port>", e);
        if (!port_key) continue;
        for (Port* port : portsOf(port_key->front(), e)) {
          (ingress ? port->ingress_profile_list : port->egress_profile_list) = refs;
        }
      }
    }
  }

  // Both tables hold one entry (conventionally "AZURE"); the first one is what buffermgrd reads.
  void readLosslessParameters() {
    const auto& pattern = table("LOSSLESS_TRAFFIC_PATTERN");
    if (!pattern.empty()) {
      const auto& [key, e] = *pattern.begin();
      std::string where = "LOSSLESS_TRAFFIC_PATTERN|" + key;
      LosslessTrafficPattern traffic;
      traffic.src = e.src;
      traffic.mtu_bytes = number<std::uint32_t>(e, "mtu", where, 1, 9216, "a packet size 1-9216 bytes");
      traffic.small_packet_percent = number<int>(e, "small_packet_percentage", where, 0, 100, "a percentage 0-100");
      sw_.lossless_traffic = std::move(traffic);
    }
    const auto& defaults = table("DEFAULT_LOSSLESS_BUFFER_PARAMETER");
    if (!defaults.empty()) {
      const auto& [key, e] = *defaults.begin();
      std::string where = "DEFAULT_LOSSLESS_BUFFER_PARAMETER|" + key;
      sw_.over_subscribe_ratio = number<int>(e, "over_subscribe_ratio", where, 0, 1000, "a ratio 0-1000");
      sw_.default_dynamic_th = number<int>(e, "default_dynamic_th", where, -8, 7, "an integer -8..7");
    }
  }

  void readCableLengths() {
    for (const auto& [key, e] : table("CABLE_LENGTH")) {
      for (const auto& [port_name, f] : e.fields) {
        std::string text = trim(f.value);
        std::optional<std::uint32_t> meters;
        if (text.size() >= 2 && text.back() == 'm')
          meters = parseNumber<std::uint32_t>(text.substr(0, text.size() - 1));
        if (!meters || f.wrong_type) {
          invalid("CABLE_LENGTH|" + key + "." + port_name, f, "a length like \"40m\"", port_name);
          continue;
        }
        Entry where{f.src, {}};
        auto port_key = portKey("CABLE_LENGTH", port_name, 0, "<port>", where);
        if (!port_key) continue;
        for (Port* port : portsOf(port_key->front(), where))
          port->cable_length_m = Sourced<std::uint32_t>{*meters, f.src};
      }
    }
  }

  void readWred() {
    static const std::set<std::string> ecn_modes = {"ecn_none",         "ecn_green",     "ecn_yellow",     "ecn_red",
                                                    "ecn_green_yellow", "ecn_green_red", "ecn_yellow_red", "ecn_all"};
    for (const auto& [name, e] : table("WRED_PROFILE")) {
      WredProfile profile;
      profile.name = name;
      profile.src = e.src;
      std::string where = "WRED_PROFILE|" + name;
      for (Color c : kColors) {
        std::string color = colorName(c);
        WredColor& wc = profile.colors[static_cast<std::size_t>(c)];
        wc.min_threshold_bytes = bytes(e, color + "_min_threshold", where);
        wc.max_threshold_bytes = bytes(e, color + "_max_threshold", where);
        // Range is a rule (ECN003), so accept any integer here.
        wc.drop_probability_percent =
            number<int>(e, color + "_drop_probability", where, INT32_MIN, INT32_MAX, "a percentage");
        if (const Field* f = field(e, "wred_" + color + "_enable")) {
          if (f->value == "true" || f->value == "false")
            wc.enabled = Sourced<bool>{f->value == "true", f->src};
          else
            invalid(where + ".wred_" + color + "_enable", *f, "\"true\" or \"false\"");
        }
      }
      if (const Field* f = field(e, "ecn")) {
        if (ecn_modes.count(f->value))
          profile.ecn = Sourced<std::string>{f->value, f->src};
        else
          invalid(where + ".ecn", *f,
                  "one of ecn_none, ecn_green, ecn_yellow, ecn_red, ecn_green_yellow, ecn_green_red, ecn_yellow_red, "
                  "ecn_all");
      }
      sw_.wred_profiles.emplace(name, std::move(profile));
    }
  }

  void readSchedulers() {
    for (const auto& [name, e] : table("SCHEDULER")) {
      Scheduler s;
      s.name = name;
      s.src = e.src;
      std::string where = "SCHEDULER|" + name;
      if (const Field* f = field(e, "type")) s.type = Sourced<std::string>{f->value, f->src};
      s.weight = number<int>(e, "weight", where, 0, 255, "a weight 1-100");
      s.priority = number<int>(e, "priority", where, 0, 15, "a priority 0-9");
      sw_.schedulers.emplace(name, std::move(s));
    }
  }

  void readQueues() {
    for (const auto& [key, e] : table("QUEUE")) {
      auto key_parts = portKey("QUEUE", key, 1, "<port>|<queue>", e);
      if (!key_parts) continue;
      const auto& parts = *key_parts;
      if (parts[0] == "CPU") continue;
      auto indices = indexRange(parts[1], 15, "QUEUE|" + key + ": queue", e);
      if (!indices) continue;
      std::string where = "QUEUE|" + key;
      auto scheduler = reference(e, "scheduler", "SCHEDULER", where);
      auto wred = reference(e, "wred_profile", "WRED_PROFILE", where);
      if (!wred) wred = reference(e, "wred_profile_name", "WRED_PROFILE", where);
      for (Port* port : portsOf(parts[0], e)) {
        for (int q : *indices) {
          PortQueue& queue = port->queueFor(q, e.src);
          queue.src = e.src;
          queue.scheduler = scheduler;
          queue.wred_profile = wred;
        }
      }
    }
  }

  void readWatchdog() {
    for (const auto& [key, e] : table("PFC_WD")) {
      std::string where = "PFC_WD|" + key;
      if (key == "GLOBAL" || key == "global") {
        sw_.pfcwd_poll_interval_ms = number<int>(e, "POLL_INTERVAL", where, 1, 100000, "a poll interval in ms");
        continue;
      }
      auto port_key = portKey("PFC_WD", key, 0, "<port>", e);
      if (!port_key) continue;
      for (Port* port : portsOf(port_key->front(), e)) {
        PortWatchdog wd;
        wd.src = e.src;
        if (const Field* f = field(e, "action")) {
          if (f->value == "drop" || f->value == "forward" || f->value == "alert") {
            wd.action = Sourced<std::string>{f->value, f->src};
          } else {
            invalid(where + ".action", *f, "\"drop\", \"forward\" or \"alert\"", port->name);
          }
        }
        wd.detection_ms = number<int>(e, "detection_time", where, 0, INT32_MAX, "a time in ms", port->name);
        wd.restoration_ms = number<int>(e, "restoration_time", where, 0, INT32_MAX, "a time in ms", port->name);
        port->watchdog = std::move(wd);
      }
    }
  }

  void readNeighbors() {
    sw_.has_neighbor_table = !table("DEVICE_NEIGHBOR").empty();
    for (const auto& [key, e] : table("DEVICE_NEIGHBOR")) {
      const Field* name = field(e, "name");
      const Field* peer_port = field(e, "port");
      if (name == nullptr) {
        note(InputNote::Kind::InvalidValue, key,
             fmt::format("DEVICE_NEIGHBOR|{} has no \"name\": expected the peer hostname", key), e.src);
        continue;
      }
      auto port_key = portKey("DEVICE_NEIGHBOR", key, 0, "<port>", e);
      if (!port_key) continue;
      for (Port* port : portsOf(port_key->front(), e)) {
        port->neighbor = Neighbor{name->value, peer_port ? peer_port->value : "", e.src};
      }
    }
  }

  // DEVICE_METADATA|localhost.frr_mgmt_framework_config: FRR is configured by frrcfgd from the
  // BGP_*_AF, ROUTE_MAP, COMMUNITY_SET and AS_PATH_SET tables; otherwise bgpcfgd renders its templates
  // and ignores them.
  bool frrcfgd() const {
    const auto& metadata = table("DEVICE_METADATA");
    auto it = metadata.find("localhost");
    if (it == metadata.end()) return false;
    const Field* f = field(it->second, "frr_mgmt_framework_config");
    return f != nullptr && !f->wrong_type && f->value == "true";
  }

  // BGP sessions and their policy (docs/inputs.md, "BGP routing policy (SONiC)"). Keys are
  // `ADDRESS` (bgpcfgd) or `VRF|ADDRESS` (frrcfgd); the AF tables add `|ipv4_unicast`.
  void readBgp() {
    common::CliBgp bgp;
    common::CliPolicy policy;
    const bool frr = frrcfgd();
    if (frr) readRoutingPolicy(policy);
    std::map<std::string, std::string> group_of;  // session address -> its peer group
    auto inDefaultVrf = [](const std::vector<std::string>& parts, std::size_t size) {
      return parts.size() < size || parts.front() == "default";
    };
    for (const auto& [key, e] : table("BGP_NEIGHBOR")) {
      auto parts = splitOn(key, '|');
      common::CliBgp::Peer& peer = bgp.peer(parts.back(), e.src);
      if (const Field* f = field(e, "name")) peer.description = f->value;
      peer.asn = number<std::uint32_t>(e, "asn", "BGP_NEIGHBOR|" + key, 1, UINT32_MAX, "an AS number");
      if (const Field* f = field(e, "peer_group_name"); frr && f != nullptr && inDefaultVrf(parts, 2)) {
        peer.group = f->value;
        group_of[parts.back()] = f->value;
      }
    }
    if (frr) {
      for (const auto& [key, e] : table("BGP_PEER_GROUP")) {
        auto parts = splitOn(key, '|');
        if (!inDefaultVrf(parts, 2)) continue;
        if (auto asn = number<std::uint32_t>(e, "asn", "BGP_PEER_GROUP|" + key, 1, UINT32_MAX, "an AS number"))
          bgp.groupAsn(parts.back(), *asn);
      }
      for (const char* af_table : {"BGP_PEER_GROUP_AF", "BGP_NEIGHBOR_AF"}) {
        bool groups = std::string_view(af_table) == "BGP_PEER_GROUP_AF";
        for (const auto& [key, e] : table(af_table)) {
          auto parts = splitOn(key, '|');
          // VRF|NAME|AFI_SAFI: the RoCE data plane is the default VRF's IPv4 unicast.
          if (parts.size() != 3 || parts[0] != "default" || parts[2] != "ipv4_unicast") continue;
          std::string where = std::string(af_table) + "|" + key;
          if (!groups && !table("BGP_NEIGHBOR").count(parts[1]) && !table("BGP_NEIGHBOR").count("default|" + parts[1]))
            continue;  // settings of a session that is not configured
          addressFamily(e, where, groups ? bgp.group(parts[1]) : bgp.peer(parts[1], e.src));
        }
      }
    } else if (auto bbr = bbrEnabled()) {
      // bgpcfgd's BBR: `neighbor PEER_V4 allowas-in 1` on the peer group of every BGP_NEIGHBOR session.
      for (const auto& [key, e] : table("BGP_NEIGHBOR")) bgp.peer(splitOn(key, '|').back(), e.src).allowas_in = 1;
    }
    bgp.build(sw_, policy, [&](const Sourced<std::string>& name) {
      notes_.push_back(makeUndefinedReference(
          sw_.name, "", "ROUTE_MAP", name.value, fmt::format("route map {} is not defined in ROUTE_MAP", name.value),
          name.src, fmt::format("add ROUTE_MAP|{}|10 with a route_operation, or correct the name", name.value)));
    });
    for (BgpNeighbor& n : sw_.bgp_neighbors) {
      auto gap = policy_gaps_.find(n.address);
      if (gap == policy_gaps_.end() && group_of.count(n.address)) gap = policy_gaps_.find(group_of[n.address]);
      if (gap != policy_gaps_.end() && !n.policy_unmodelled) {
        n.policy_unmodelled = true;
        n.policy_unmodelled_what = gap->second.value;
        n.policy_unmodelled_src = gap->second.src;
      }
    }
  }

  // BGP_BBR|all.status (bgpcfgd's BGP Bounce-back Routing): nullopt unless "enabled".
  std::optional<SourceRef> bbrEnabled() {
    const auto& bbr = table("BGP_BBR");
    auto it = bbr.find("all");
    if (it == bbr.end()) return std::nullopt;
    const Field* f = field(it->second, "status");
    if (f == nullptr) return std::nullopt;
    if (f->wrong_type || (f->value != "enabled" && f->value != "disabled")) {
      invalid("BGP_BBR|all.status", *f, "\"enabled\" or \"disabled\"");
      return std::nullopt;
    }
    if (f->value != "enabled") return std::nullopt;
    return f->src;
  }

  // One BGP_NEIGHBOR_AF / BGP_PEER_GROUP_AF row: route maps (a leaf-list of at most one name),
  // allowas-in; prefix and filter lists are filters rocelint does not evaluate.
  void addressFamily(const Entry& e, const std::string& where, common::CliBgp::Peer& peer) {
    for (const auto& [name, dest] : {std::pair{"route_map_in", &common::CliBgp::Peer::route_map_in},
                                     std::pair{"route_map_out", &common::CliBgp::Peer::route_map_out}}) {
      const Field* f = field(e, name);
      if (f == nullptr) continue;
      if (f->wrong_type || f->value.empty() || f->value.find(',') != std::string::npos) {
        invalid(where + "." + name, *f, "one route map name");
        continue;
      }
      peer.*dest = Sourced<std::string>{f->value, f->src};
    }
    if (const Field* f = field(e, "allow_as_in")) {
      if (f->wrong_type || (f->value != "true" && f->value != "false")) {
        invalid(where + ".allow_as_in", *f, "true or false");
      } else if (f->value == "true") {
        // FRR's default count is 3; `allow_as_origin` (own AS only as the origin) is read as the count.
        auto count = number<std::uint8_t>(e, "allow_as_count", where, 1, 10, "an occurrence count 1-10");
        peer.allowas_in = count ? count->value : 3;
      }
    }
    for (const char* filter : {"prefix_list_in", "prefix_list_out", "filter_list_in", "filter_list_out"}) {
      const Field* f = field(e, filter);
      if (f == nullptr) continue;
      std::string session = splitOn(where, '|')[2];
      policy_gaps_.try_emplace(session, Sourced<std::string>{fmt::format("{}.{} {}", where, filter, f->value), f->src});
    }
  }

  // ROUTE_MAP (`NAME|SEQ`), COMMUNITY_SET and AS_PATH_SET as frrcfgd renders them: a community set
  // of match_action ANY is one `bgp community-list` line per member, ALL one line with every member;
  // an AS path set one `bgp as-path access-list NAME permit REGEX` per member.
  void readRoutingPolicy(common::CliPolicy& policy) {
    auto lower = [](std::string v) {
      for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return v;
    };
    std::map<std::string, std::vector<std::string>> community_sets;  // for set_community_ref
    for (const auto& [key, e] : table("COMMUNITY_SET")) {
      const Field* type = field(e, "set_type");
      const Field* action = field(e, "match_action");
      const Field* members = field(e, "community_member");
      if (members != nullptr) community_sets[key] = splitOn(members->value, ',');
      if (type == nullptr || action == nullptr || members == nullptr) continue;  // frrcfgd skips it too
      std::string set_type = lower(type->value);
      std::string match = lower(action->value);
      if (set_type != "standard" && set_type != "expanded") {
        invalid("COMMUNITY_SET|" + key + ".set_type", *type, "STANDARD or EXPANDED");
        continue;
      }
      if (match != "any" && match != "all") {
        invalid("COMMUNITY_SET|" + key + ".match_action", *action, "ANY or ALL");
        continue;
      }
      const std::vector<std::string>& values = community_sets[key];
      if (match == "all") {
        policy.communityList(key, true, values, set_type == "standard");
      } else {
        for (const std::string& v : values) policy.communityList(key, true, {v}, set_type == "standard");
      }
    }
    for (const auto& [key, e] : table("AS_PATH_SET")) {
      if (const Field* f = field(e, "as_path_set_member"))
        for (const std::string& regex : splitOn(f->value, ',')) policy.asPath(key, true, regex);
    }
    for (const auto& [key, e] : table("ROUTE_MAP")) {
      auto parts = splitOn(key, '|');
      std::string where = "ROUTE_MAP|" + key;
      std::optional<int> seq = parts.size() == 2 ? parseNumber<int>(parts[1]) : std::nullopt;
      if (!seq || *seq < 1 || *seq > 65535) {
        note(InputNote::Kind::InvalidValue, "",
             fmt::format("{}: expected the key NAME|SEQUENCE with a sequence number 1-65535", where), e.src);
        continue;
      }
      const Field* op = field(e, "route_operation");
      bool known_op = op != nullptr && !op->wrong_type && (op->value == "permit" || op->value == "deny");
      if (op != nullptr && !known_op) invalid(where + ".route_operation", *op, "permit or deny");
      common::CliPolicy::Entry& entry = policy.routeMapEntry(parts[0], !known_op || op->value == "permit", *seq, e.src);
      auto other = [&](const std::string& what) {
        entry.other_match = true;
        if (entry.other_what.empty()) entry.other_what = what;
      };
      // Without a valid operation frrcfgd writes no entry: the route map's verdict is unknown here.
      if (!known_op) other(where + " without a valid route_operation");
      for (const auto& [name, f] : e.fields) {
        if (name == "match_as_path") {
          entry.as_paths.push_back(f.value);
        } else if (name == "match_community") {
          entry.community_lists.push_back(f.value);
        } else if (name.starts_with("match_") || name == "call_route_map") {
          other(fmt::format("{}.{} {}", where, name, f.value));
        } else if (name == "set_community_inline") {
          // `set community V...`: replaces the route's communities unless one member is "additive".
          bool additive = false;
          for (const std::string& v : splitOn(f.value, ',')) {
            additive = additive || v == "additive";
            if (v.find(':') != std::string::npos) entry.add_communities.push_back(v);
          }
          entry.drops_communities = entry.drops_communities || !additive;
        } else if (name == "set_community_ref") {
          entry.drops_communities = true;
          if (auto set = community_sets.find(f.value); set != community_sets.end())
            for (const std::string& v : set->second)
              if (v.find(':') != std::string::npos) entry.add_communities.push_back(v);
        }
      }
    }
  }

  void readAddresses() {
    using Kind = InterfaceAddress::Kind;
    for (const auto& [table_name, kind] :
         {std::pair{"INTERFACE", Kind::Port}, std::pair{"PORTCHANNEL_INTERFACE", Kind::PortChannel},
          std::pair{"VLAN_INTERFACE", Kind::Vlan}, std::pair{"LOOPBACK_INTERFACE", Kind::Loopback}}) {
      for (const auto& [key, e] : table(table_name)) {
        auto parts = splitOn(key, '|');
        if (kind == Kind::Port) portsOf(parts[0], e);
        if (parts.size() < 2) continue;
        sw_.addresses.push_back(InterfaceAddress{kind, parts[0], parts.back(), e.src});
      }
    }
  }

  void readStaticRoutes() {
    for (const auto& [key, e] : table("STATIC_ROUTE")) {
      StaticRoute route;
      auto key_parts = splitOn(key, '|');
      route.prefix = key_parts.back();
      if (key_parts.size() > 1) route.vrf = key_parts.front();
      route.src = e.src;
      if (const Field* f = field(e, "nexthop")) route.nexthops = splitOn(f->value, ',');
      if (const Field* f = field(e, "ifname")) route.ifnames = splitOn(f->value, ',');
      sw_.static_routes.push_back(std::move(route));
    }
  }

  // Dual-ToR (docs/deadlock.md, "Dual-ToR tunnels"): TUNNEL, MUX_CABLE, PEER_SWITCH and
  // SYSTEM_DEFAULTS|tunnel_qos_remap, each value checked where it is written.
  static bool isAddress(const std::string& text, bool v4_only) {
    std::string address = text.substr(0, text.find('/'));
    if (address.size() != text.size()) {
      auto length = parseNumber<int>(std::string_view(text).substr(address.size() + 1));
      if (!length || *length < 0 || *length > (address.find(':') == std::string::npos ? 32 : 128)) return false;
    }
    unsigned char buf[16];
    if (inet_pton(AF_INET, address.c_str(), buf) == 1) return true;
    return !v4_only && inet_pton(AF_INET6, address.c_str(), buf) == 1;
  }

  std::optional<Sourced<std::string>> word(const Entry& e, const std::string& name, const std::string& where,
                                           std::initializer_list<const char*> allowed, const std::string& expected) {
    const Field* f = field(e, name);
    if (f == nullptr) return std::nullopt;
    for (const char* a : allowed) {
      if (!f->wrong_type && f->value == a) return Sourced<std::string>{f->value, f->src};
    }
    invalid(where + "." + name, *f, expected);
    return std::nullopt;
  }

  std::optional<Sourced<std::string>> address(const Entry& e, const std::string& name, const std::string& where,
                                              bool v4_only) {
    const Field* f = field(e, name);
    if (f == nullptr) return std::nullopt;
    if (f->wrong_type || !isAddress(f->value, v4_only)) {
      invalid(where + "." + name, *f, v4_only ? "an IPv4 address" : "an IP address");
      return std::nullopt;
    }
    return Sourced<std::string>{f->value, f->src};
  }

  void readDualToR() {
    for (const auto& [key, e] : table("TUNNEL")) {
      std::string where = "TUNNEL|" + key;
      PeerTunnel t;
      t.name = key;
      t.src = e.src;
      t.type = word(e, "tunnel_type", where, {"IPINIP"}, "\"IPINIP\"");
      t.dst_ip = address(e, "dst_ip", where, false);
      t.src_ip = address(e, "src_ip", where, false);
      t.dscp_mode = word(e, "dscp_mode", where, {"uniform", "pipe"}, "\"uniform\" or \"pipe\"");
      t.encap_tc_to_dscp = reference(e, "encap_tc_to_dscp_map", "TC_TO_DSCP_MAP", where);
      t.encap_tc_to_queue = reference(e, "encap_tc_to_queue_map", "TC_TO_QUEUE_MAP", where);
      t.decap_dscp_to_tc = reference(e, "decap_dscp_to_tc_map", "DSCP_TO_TC_MAP", where);
      t.decap_tc_to_pg = reference(e, "decap_tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP", where);
      sw_.tunnels.push_back(std::move(t));
    }
    for (const auto& [key, e] : table("MUX_CABLE")) {
      std::string where = "MUX_CABLE|" + key;
      MuxPort m;
      m.port = key;
      m.src = e.src;
      if (const Field* f = field(e, "state")) {
        static const std::pair<const char*, MuxPort::State> kStates[] = {{"active", MuxPort::State::Active},
                                                                         {"standby", MuxPort::State::Standby},
                                                                         {"auto", MuxPort::State::Auto},
                                                                         {"manual", MuxPort::State::Manual},
                                                                         {"detach", MuxPort::State::Detach}};
        for (const auto& [text, state] : kStates) {
          if (!f->wrong_type && f->value == text) m.state = Sourced<MuxPort::State>{state, f->src};
        }
        if (!m.state) invalid(where + ".state", *f, "active, standby, auto, manual or detach");
      }
      m.cable_type =
          word(e, "cable_type", where, {"active-standby", "active-active"}, "\"active-standby\" or \"active-active\"");
      m.server_ipv4 = address(e, "server_ipv4", where, true);
      m.server_ipv6 = address(e, "server_ipv6", where, false);
      sw_.mux_ports.push_back(std::move(m));
    }
    for (const auto& [key, e] : table("PEER_SWITCH")) {
      PeerSwitch peer;
      peer.name = key;
      peer.src = e.src;
      peer.address_ipv4 = address(e, "address_ipv4", "PEER_SWITCH|" + key, true);
      sw_.peer_switches.push_back(std::move(peer));
    }
    const auto& defaults = table("SYSTEM_DEFAULTS");
    if (auto it = defaults.find("tunnel_qos_remap"); it != defaults.end()) {
      if (auto status = word(it->second, "status", "SYSTEM_DEFAULTS|tunnel_qos_remap", {"enabled", "disabled"},
                             "\"enabled\" or \"disabled\""))
        sw_.tunnel_qos_remap = Sourced<bool>{status->value == "enabled", status->src};
    }
  }

  void reportUndeclaredPorts() {
    if (!sw_.has_port_table) return;
    for (const Port& port : sw_.ports) {
      if (port.declared) continue;
      if (std::find(sw_.portchannels.begin(), sw_.portchannels.end(), port.name) != sw_.portchannels.end()) continue;
      note(InputNote::Kind::UndefinedPort, port.name,
           fmt::format("port {} is configured here but is not in the PORT table", port.name), port.src);
    }
  }

  // References are kept as names in the model (SONiC resolves them when orchagent applies the
  // binding); one that names nothing is reported here, once every table is read.
  void reportUndefinedReferences() {
    auto check = [&](const Port* port, const std::optional<Reference>& ref, const char* table, bool exists) {
      if (!ref || exists) return;
      notes_.push_back(
          makeUndefinedReference(sw_.name, port ? port->name : "", table, ref->name,
                                 fmt::format("{} references {} \"{}\", which is not defined on {}",
                                             port ? port->name : "global", table, ref->name, sw_.name),
                                 ref->src, fmt::format("define {}|{} or reference an existing one", table, ref->name)));
    };
    if (sw_.global_dscp_to_tc) {
      check(nullptr, sw_.global_dscp_to_tc, "DSCP_TO_TC_MAP",
            sw_.findMap(MapKind::DscpToTc, sw_.global_dscp_to_tc->name));
    }
    for (const PeerTunnel& t : sw_.tunnels) {
      for (const auto& [ref, kind] :
           {std::pair{&t.encap_tc_to_dscp, MapKind::TcToDscp}, std::pair{&t.encap_tc_to_queue, MapKind::TcToQueue},
            std::pair{&t.decap_dscp_to_tc, MapKind::DscpToTc}, std::pair{&t.decap_tc_to_pg, MapKind::TcToPg}}) {
        if (!*ref || sw_.findMap(kind, (*ref)->name)) continue;
        const char* target = mapTableName(kind);
        notes_.push_back(makeUndefinedReference(
            sw_.name, "", target, (*ref)->name,
            fmt::format("TUNNEL|{} references {} \"{}\", which is not defined on {}", t.name, target,
                        std::string((*ref)->name), sw_.name),
            (*ref)->src, fmt::format("define {}|{} or reference an existing one", target, std::string((*ref)->name))));
      }
    }
    for (const Port& port : sw_.ports) {
      for (std::size_t k = 0; k < kMapKinds; ++k) {
        auto kind = static_cast<MapKind>(k);
        const auto& ref = port.qos.map(kind);
        check(&port, ref, mapTableName(kind), ref && sw_.findMap(kind, ref->name));
      }
      check(&port, port.qos.scheduler, "SCHEDULER",
            port.qos.scheduler && sw_.schedulers.count(port.qos.scheduler->name));
      for (const PortQueue& queue : port.queues) {
        check(&port, queue.scheduler, "SCHEDULER", queue.scheduler && sw_.schedulers.count(queue.scheduler->name));
        check(&port, queue.wred_profile, "WRED_PROFILE",
              queue.wred_profile && sw_.wred_profiles.count(queue.wred_profile->name));
      }
    }
  }

  // Natural port order (Ethernet4 before Ethernet12) makes "first port" and output deterministic.
  void sortPorts() { common::sortAndIndexPorts(sw_); }

  const TableStore& store_;
  Switch& sw_;
  std::vector<InputNote>& notes_;
  std::map<std::string, int>& out_of_scope_;
  /// Sessions whose address-family settings filter routes by prefix or AS-path list (not evaluated):
  /// session address -> the statement.
  std::map<std::string, Sourced<std::string>> policy_gaps_;
  std::optional<std::string> own_host_;  ///< DEVICE_METADATA|localhost: which system ports are this switch's
  std::optional<std::string> own_asic_;
  std::set<std::string> unplaced_system_ports_;  ///< tables already noted for system-port keys without a host name
};

}  // namespace

void buildSwitch(const TableStore& store, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope_tables) {
  sw.format = formats::kSonicConfigDb;
  Builder(store, sw, notes, out_of_scope_tables).run();
}

}  // namespace rocelint::sonic
