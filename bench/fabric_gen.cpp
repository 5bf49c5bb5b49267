#include "fabric_gen.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace rocelint::bench {
namespace {

using Json = nlohmann::ordered_json;

struct PortSpec {
  std::string name;
  std::string peer;
  std::string peer_port;
  int speed_mbps;
  int cable_m;
};

Json switchConfig(const std::string& hostname, const std::string& role, const std::vector<PortSpec>& ports) {
  Json cfg;
  cfg["DEVICE_METADATA"]["localhost"] = {{"hostname", hostname}, {"hwsku", "Mellanox-SN4700"}, {"type", role},
                                         {"buffer_model", "traditional"}, {"default_pfcwd_status", "disable"}};
  Json dscp;
  for (int d = 0; d < 64; ++d) dscp[std::to_string(d)] = d == 26 ? "3" : d == 24 ? "4" : d == 48 ? "6" : "1";
  cfg["DSCP_TO_TC_MAP"]["AZURE"] = dscp;
  Json identity;
  Json to_pg;
  for (int t = 0; t < 8; ++t) {
    identity[std::to_string(t)] = std::to_string(t);
    to_pg[std::to_string(t)] = (t == 3 || t == 4) ? std::to_string(t) : "0";
  }
  cfg["TC_TO_PRIORITY_GROUP_MAP"]["AZURE"] = to_pg;
  cfg["TC_TO_QUEUE_MAP"]["AZURE"] = identity;
  cfg["MAP_PFC_PRIORITY_TO_QUEUE"]["AZURE"] = identity;
  cfg["BUFFER_POOL"]["ingress_lossless_pool"] = {{"type", "ingress"}, {"mode", "dynamic"}, {"size", "47218432"}};
  cfg["BUFFER_POOL"]["egress_lossless_pool"] = {{"type", "egress"}, {"mode", "static"}, {"size", "60817392"}};
  cfg["BUFFER_POOL"]["egress_lossy_pool"] = {{"type", "egress"}, {"mode", "dynamic"}, {"size", "47218432"}};
  cfg["BUFFER_PROFILE"]["ingress_lossy_profile"] = {{"pool", "ingress_lossless_pool"}, {"size", "0"}, {"dynamic_th", "3"}};
  cfg["BUFFER_PROFILE"]["egress_lossless_profile"] = {{"pool", "egress_lossless_pool"}, {"size", "0"}, {"static_th", "60817392"}};
  cfg["BUFFER_PROFILE"]["egress_lossy_profile"] = {{"pool", "egress_lossy_pool"}, {"size", "9216"}, {"dynamic_th", "7"}};
  cfg["BUFFER_PROFILE"]["pg_lossless_400000_40m_profile"] = {
      {"pool", "ingress_lossless_pool"}, {"xon", "19456"}, {"xoff", "144384"}, {"size", "163840"}, {"dynamic_th", "0"}};
  cfg["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"] = {
      {"pool", "ingress_lossless_pool"}, {"xon", "19456"}, {"xoff", "59392"}, {"size", "78848"}, {"dynamic_th", "0"}};
  cfg["WRED_PROFILE"]["AZURE_LOSSLESS"] = {{"ecn", "ecn_all"}, {"wred_green_enable", "true"},
                                           {"green_min_threshold", "153600"}, {"green_max_threshold", "1536000"},
                                           {"green_drop_probability", "5"}};
  cfg["SCHEDULER"]["scheduler.1"] = {{"type", "DWRR"}, {"weight", "15"}};
  cfg["PFC_WD"]["GLOBAL"] = {{"POLL_INTERVAL", "200"}};
  for (const PortSpec& p : ports) {
    cfg["PORT"][p.name] = {{"speed", std::to_string(p.speed_mbps)}, {"mtu", "9100"}, {"admin_status", "up"}};
    cfg["DEVICE_NEIGHBOR"][p.name] = {{"name", p.peer}, {"port", p.peer_port}};
    cfg["CABLE_LENGTH"]["AZURE"][p.name] = fmt::format("{}m", p.cable_m);
    cfg["PORT_QOS_MAP"][p.name] = {{"dscp_to_tc_map", "AZURE"},  {"tc_to_pg_map", "AZURE"},
                                   {"tc_to_queue_map", "AZURE"}, {"pfc_to_queue_map", "AZURE"},
                                   {"pfc_enable", "3,4"},        {"pfcwd_sw_enable", "3,4"}};
    cfg["BUFFER_PG"][p.name + "|0"] = {{"profile", "ingress_lossy_profile"}};
    cfg["BUFFER_PG"][p.name + "|3-4"] = {{"profile", fmt::format("pg_lossless_{}_{}m_profile", p.speed_mbps, p.cable_m)}};
    cfg["BUFFER_QUEUE"][p.name + "|3-4"] = {{"profile", "egress_lossless_profile"}};
    cfg["BUFFER_QUEUE"][p.name + "|0-2"] = {{"profile", "egress_lossy_profile"}};
    cfg["QUEUE"][p.name + "|3"] = {{"scheduler", "scheduler.1"}, {"wred_profile", "AZURE_LOSSLESS"}};
    cfg["QUEUE"][p.name + "|4"] = {{"scheduler", "scheduler.1"}, {"wred_profile", "AZURE_LOSSLESS"}};
    cfg["PFC_WD"][p.name] = {{"action", "drop"}, {"detection_time", "200"}, {"restoration_time", "200"}};
  }
  return cfg;
}

}  // namespace

int writeLeafSpine(const std::string& dir, const FabricShape& shape) {
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const Json& cfg) {
    std::ofstream(std::filesystem::path(dir) / (name + ".json")) << cfg.dump(4) << '\n';
  };
  // Spine s port i*8 <-> leaf i port s*8; leaf host ports follow the uplinks.
  for (int s = 0; s < shape.spines; ++s) {
    std::vector<PortSpec> ports;
    for (int l = 0; l < shape.leaves; ++l) {
      ports.push_back({fmt::format("Ethernet{}", l * 8), fmt::format("leaf{}", l + 1), fmt::format("Ethernet{}", s * 8),
                       400000, 40});
    }
    write(fmt::format("spine{}", s + 1), switchConfig(fmt::format("spine{}", s + 1), "SpineRouter", ports));
  }
  for (int l = 0; l < shape.leaves; ++l) {
    std::vector<PortSpec> ports;
    for (int s = 0; s < shape.spines; ++s) {
      ports.push_back({fmt::format("Ethernet{}", s * 8), fmt::format("spine{}", s + 1), fmt::format("Ethernet{}", l * 8),
                       400000, 40});
    }
    for (int h = 0; h < shape.hosts_per_leaf; ++h) {
      ports.push_back({fmt::format("Ethernet{}", (shape.spines + h) * 8), fmt::format("gpu-{}-{}", l + 1, h + 1), "eth0",
                       100000, 5});
    }
    write(fmt::format("leaf{}", l + 1), switchConfig(fmt::format("leaf{}", l + 1), "LeafRouter", ports));
  }
  return shape.spines + shape.leaves;
}

}  // namespace rocelint::bench
