// Dual-ToR tunnels (issue 14 item 6): TUNNEL, MUX_CABLE, PEER_SWITCH and SYSTEM_DEFAULTS|tunnel_qos_remap
// in the model, and the standby side's bounce through the T1s in the deadlock analysis
// (docs/deadlock.md, "Dual-ToR tunnels"; scenarios tests/deadlock/dualtor-*).

#include <gtest/gtest.h>

#include "rocelint/deadlock.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::TempDir;
using test::withRule;

using test::lineOf;

const char* kDualToR = R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "tor1", "type": "ToRRouter", "subtype": "DualToR", "peer_switch": "tor2"}},
    "PORT": {"Ethernet0": {"speed": "100000"}, "Ethernet4": {"speed": "100000"}},
    "TC_TO_DSCP_MAP": {"AZURE_TUNNEL": {"3": "2", "4": "6"}},
    "TC_TO_QUEUE_MAP": {"AZURE_TUNNEL": {"3": "2", "4": "6"}},
    "DSCP_TO_TC_MAP": {"AZURE_TUNNEL": {"3": "3", "4": "4"}},
    "TC_TO_PRIORITY_GROUP_MAP": {"AZURE_TUNNEL": {"3": "2", "4": "6"}},
    "TUNNEL": {"MuxTunnel0": {"tunnel_type": "IPINIP", "dst_ip": "10.1.0.32", "src_ip": "10.1.0.33",
        "dscp_mode": "pipe", "ecn_mode": "copy_from_outer", "ttl_mode": "pipe",
        "encap_tc_to_dscp_map": "[TC_TO_DSCP_MAP|AZURE_TUNNEL]", "encap_tc_to_queue_map": "[TC_TO_QUEUE_MAP|AZURE_TUNNEL]",
        "decap_dscp_to_tc_map": "[DSCP_TO_TC_MAP|AZURE_TUNNEL]",
        "decap_tc_to_pg_map": "[TC_TO_PRIORITY_GROUP_MAP|AZURE_TUNNEL]"}},
    "MUX_CABLE": {
        "Ethernet0": {"state": "standby", "server_ipv4": "192.168.0.2/32", "server_ipv6": "fc02:1000::2/128"},
        "Ethernet4": {"state": "auto", "server_ipv4": "192.168.0.3/32", "cable_type": "active-active",
            "soc_ipv4": "192.168.0.4/32"}
    },
    "PEER_SWITCH": {"tor2": {"address_ipv4": "10.1.0.33"}},
    "SYSTEM_DEFAULTS": {"tunnel_qos_remap": {"status": "enabled"}, "mux_tunnel_egress_acl": {"status": "enabled"}}
}
)";

TEST(DualToRParser, TunnelMuxPeerAndRemapAreModelledWithTheirLines) {
  TempDir dir;
  std::string file = dir.write("tor1.json", kDualToR);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  ASSERT_TRUE(sw.peer_switch);
  EXPECT_EQ(sw.peer_switch->value, "tor2");
  EXPECT_EQ(sw.peer_switch->src.line, 2);
  ASSERT_EQ(sw.tunnels.size(), 1u);
  const PeerTunnel& t = sw.tunnels[0];
  EXPECT_EQ(t.name, "MuxTunnel0");
  EXPECT_EQ(t.src.line, 8);
  EXPECT_EQ(t.type->value, "IPINIP");
  EXPECT_EQ(t.dst_ip->value, "10.1.0.32");
  EXPECT_EQ(t.src_ip->value, "10.1.0.33");
  EXPECT_EQ(t.dscp_mode->value, "pipe");
  EXPECT_EQ(t.dscp_mode->src.line, 9);
  ASSERT_TRUE(t.encap_tc_to_dscp && t.encap_tc_to_queue && t.decap_dscp_to_tc && t.decap_tc_to_pg);
  EXPECT_EQ(t.encap_tc_to_dscp->name, "AZURE_TUNNEL");
  EXPECT_TRUE(t.encap_tc_to_dscp->bracket_style);
  EXPECT_EQ(t.encap_tc_to_queue->src.line, 10);
  EXPECT_EQ(t.decap_tc_to_pg->src.line, 12);
  ASSERT_EQ(sw.mux_ports.size(), 2u);
  const MuxPort& m0 = sw.mux_ports[0];
  EXPECT_EQ(m0.port, "Ethernet0");
  EXPECT_EQ(m0.src.line, 14);
  EXPECT_EQ(m0.state->value, MuxPort::State::Standby);
  EXPECT_EQ(m0.server_ipv4->value, "192.168.0.2/32");
  EXPECT_EQ(m0.server_ipv6->value, "fc02:1000::2/128");
  EXPECT_FALSE(m0.cable_type);
  const MuxPort& m1 = sw.mux_ports[1];
  EXPECT_EQ(m1.state->value, MuxPort::State::Auto);
  EXPECT_EQ(m1.cable_type->value, "active-active");
  EXPECT_EQ(m1.cable_type->src.line, 15);
  ASSERT_EQ(sw.peer_switches.size(), 1u);
  EXPECT_EQ(sw.peer_switches[0].name, "tor2");
  EXPECT_EQ(sw.peer_switches[0].address_ipv4->value, "10.1.0.33");
  EXPECT_EQ(sw.peer_switches[0].address_ipv4->src.line, 18);
  ASSERT_TRUE(sw.tunnel_qos_remap);
  EXPECT_TRUE(sw.tunnel_qos_remap->value);
  EXPECT_EQ(sw.tunnel_qos_remap->src.line, 19);
  EXPECT_EQ(sw.tunnel_qos_remap->src.file(), file);
  // Read now, so no longer out of scope; the other SYSTEM_DEFAULTS switch still is.
  EXPECT_EQ(fabric.out_of_scope_tables.count("TUNNEL"), 0u);
  EXPECT_EQ(fabric.out_of_scope_tables.count("MUX_CABLE"), 0u);
  EXPECT_EQ(fabric.out_of_scope_tables.count("PEER_SWITCH"), 0u);
  EXPECT_EQ(fabric.out_of_scope_tables.at("SYSTEM_DEFAULTS"), 1);
  Report report = test::check(dir.path());
  for (const char* rule : {"CFG001", "CFG002", "CFG005"}) EXPECT_TRUE(withRule(report, rule).empty()) << rule;
}

TEST(DualToRParser, MalformedValuesAreCfg005AtTheValue) {
  TempDir dir;
  std::string file = dir.write("tor1.json", R"({
    "PORT": {"Ethernet0": {"speed": "100000"}},
    "TUNNEL": {"MuxTunnel0": {"tunnel_type": "GRE", "dst_ip": "10.1.0.300", "dscp_mode": "copy"}},
    "MUX_CABLE": {"Ethernet0": {"state": "standy", "server_ipv4": "fc00::2", "cable_type": "y-cable"}},
    "PEER_SWITCH": {"tor2": {"address_ipv4": "tor2"}},
    "SYSTEM_DEFAULTS": {"tunnel_qos_remap": {"status": "on"}}
})");
  auto errors = withRule(test::check(dir.path()), "CFG005");
  ASSERT_EQ(errors.size(), 8u);
  std::map<int, std::string> by_line;
  for (const auto& f : errors) {
    EXPECT_EQ(f.location.file(), file);
    by_line[f.location.line] += f.message + "\n";
  }
  EXPECT_NE(by_line[3].find("TUNNEL|MuxTunnel0.tunnel_type is \"GRE\": expected \"IPINIP\""), std::string::npos)
      << by_line[3];
  EXPECT_NE(by_line[3].find("TUNNEL|MuxTunnel0.dst_ip is \"10.1.0.300\": expected an IP address"), std::string::npos);
  EXPECT_NE(by_line[3].find("TUNNEL|MuxTunnel0.dscp_mode is \"copy\": expected \"uniform\" or \"pipe\""),
            std::string::npos);
  EXPECT_NE(
      by_line[4].find("MUX_CABLE|Ethernet0.state is \"standy\": expected active, standby, auto, manual or detach"),
      std::string::npos)
      << by_line[4];
  EXPECT_NE(by_line[4].find("MUX_CABLE|Ethernet0.server_ipv4 is \"fc00::2\": expected an IPv4 address"),
            std::string::npos);
  EXPECT_NE(by_line[4].find("MUX_CABLE|Ethernet0.cable_type is \"y-cable\""), std::string::npos);
  EXPECT_NE(by_line[5].find("PEER_SWITCH|tor2.address_ipv4 is \"tor2\": expected an IPv4 address"), std::string::npos);
  EXPECT_NE(by_line[6].find("SYSTEM_DEFAULTS|tunnel_qos_remap.status is \"on\": expected \"enabled\" or \"disabled\""),
            std::string::npos);
  // A value that is not understood is not modelled.
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_FALSE(sw.tunnels.at(0).type);
  EXPECT_FALSE(sw.mux_ports.at(0).state);
  EXPECT_FALSE(sw.tunnel_qos_remap);
}

TEST(DualToRParser, TunnelMapNamingNothingIsAnUndefinedReference) {
  TempDir dir;
  std::string file = dir.write("tor1.json", R"({
    "PORT": {"Ethernet0": {"speed": "100000"}},
    "TC_TO_QUEUE_MAP": {"AZURE_TUNNEL": {"3": "2"}},
    "TUNNEL": {"MuxTunnel0": {"tunnel_type": "IPINIP", "encap_tc_to_queue_map": "[TC_TO_QUEUE_MAP|AZURE_TUNNEL]",
        "encap_tc_to_dscp_map": "[TC_TO_DSCP_MAP|AZURE_TUNNEL]"}}
})");
  auto cfg = withRule(test::check(dir.path()), "CFG002");
  ASSERT_EQ(cfg.size(), 1u);
  EXPECT_EQ(cfg[0].location.line, 5);
  EXPECT_EQ(cfg[0].message,
            "TUNNEL|MuxTunnel0 references TC_TO_DSCP_MAP \"AZURE_TUNNEL\", which is not defined on tor1");
}

TEST(DualToRParser, RealworldMockTablesKeepLoadingWithTheirMuxCables) {
  std::string path = test::sharedDir() + "/realworld/sonic-utilities/mock_tables/config_db.json";
  Fabric fabric = loadFabric({path});
  const Switch& sw = fabric.switches.at(0);
  ASSERT_EQ(sw.mux_ports.size(), 7u);
  std::map<std::string, const MuxPort*> by_port;
  for (const MuxPort& m : sw.mux_ports) by_port[m.port] = &m;
  EXPECT_EQ(by_port.at("Ethernet16")->state->value, MuxPort::State::Standby);
  EXPECT_EQ(by_port.at("Ethernet16")->cable_type->value, "active-standby");
  EXPECT_EQ(by_port.at("Ethernet28")->state->value, MuxPort::State::Manual);
  EXPECT_EQ(by_port.at("Ethernet32")->cable_type->value, "active-active");
  EXPECT_EQ(by_port.at("Ethernet0")->server_ipv4->value, "10.2.1.1");
  EXPECT_EQ(by_port.at("Ethernet4")->server_ipv6->value, "e801::46");
  ASSERT_EQ(sw.peer_switches.size(), 1u);
  EXPECT_EQ(sw.peer_switches[0].address_ipv4->value, "10.2.2.2");
  EXPECT_EQ(sw.peer_switch->value, "sonic-switch");
  EXPECT_TRUE(sw.tunnels.empty());
  EXPECT_EQ(fabric.out_of_scope_tables.count("MUX_CABLE"), 0u);
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG005").empty());
}

// ---------------------------------------------------------------------------------------------
// The bounce in the BDG

std::string scenario(const std::string& name) { return test::sourceDir() + "/tests/deadlock/" + name; }

DeadlockAnalysis analyseFabric(const Fabric& fabric, int failures = 0) {
  DeadlockOptions options;
  options.failures = failures;
  return analyzeDeadlock(fabric, RuleParams{}, options);
}

/// Node index of "switch:port/priority", or -1.
long node(const Fabric& fabric, const DeadlockAnalysis& dl, const std::string& sw, const std::string& port,
          int priority) {
  auto s = fabric.switch_index.at(sw);
  auto p = fabric.switches[s].port_index.at(port);
  return dl.bdg.find(bdgKey(dl.graph->globalPort({s, p}), priority));
}

bool edge(const Fabric& fabric, const DeadlockAnalysis& dl, const std::string& a, const std::string& pa, int qa,
          const std::string& b, const std::string& pb, int qb) {
  long u = node(fabric, dl, a, pa, qa);
  long v = node(fabric, dl, b, pb, qb);
  if (u < 0 || v < 0) return false;
  for (std::uint32_t t : dl.bdg.successors(static_cast<std::size_t>(u))) {
    if (t == static_cast<std::uint32_t>(v)) return true;
  }
  return false;
}

// Ethernet16's server is standby on leaf1, Ethernet24's on leaf2. Traffic from the T2s enters at the
// spines toward Vlan1000 (both T0s originate it) and reaches both T0s; each standby side sends its
// standby server's share back up both uplinks in MuxTunnel0, priority 3 kept, and the spines route
// it down to the peer. Every T0 uplink queue and every spine T0-facing queue of priority 3 then
// waits on the others: one SCC of 8 queues on 4 switches. The witness is the shortest cycle
// through the first queue, leaf1 Ethernet0/3: out leaf1's Ethernet0 to spine1 (encapsulated),
// spine1 to leaf2, leaf2's bounce out of its Ethernet0 into spine1's Ethernet8, and spine1 down to
// leaf1 again. No route takes these turns, so the tunnel hops have no destinations and the first
// is the weakest: the finding sits at leaf1's TUNNEL|MuxTunnel0.
TEST(DualToRBounce, WithoutTunnelQosRemapTheBounceIsACycleOnPriority3) {
  Fabric fabric = loadFabric({scenario("dualtor-bounce")});
  DeadlockAnalysis dl = analyseFabric(fabric);
  ASSERT_EQ(dl.cycles.size(), 1u);
  const CyclicDependency& c = dl.cycles[0];
  EXPECT_EQ(c.scc_nodes, 8u);
  EXPECT_EQ(c.scc_switches, 4u);
  ASSERT_EQ(c.hops.size(), 4u);
  const char* expected[4][4] = {{"leaf1", "Ethernet0", "Ethernet0", "Ethernet16"},
                                {"spine1", "Ethernet0", "Ethernet8", "Ethernet16"},
                                {"leaf2", "Ethernet0", "Ethernet0", "Ethernet24"},
                                {"spine1", "Ethernet8", "Ethernet0", "Ethernet24"}};
  for (std::size_t i = 0; i < 4; ++i) {
    const CycleHop& h = c.hops[i];
    EXPECT_EQ(fabric.sw(h.ingress).name, expected[i][0]) << i;
    EXPECT_EQ(fabric.port(h.ingress).name, expected[i][1]) << i;
    EXPECT_EQ(fabric.port(h.egress).name, expected[i][2]) << i;
    EXPECT_EQ(h.priority, 3);
    EXPECT_EQ(h.next_priority, 3);
    EXPECT_EQ(h.kind, ForwardKind::Tunnel);
    EXPECT_EQ(h.tunnel, "MuxTunnel0");
    EXPECT_EQ(h.mux_ports, expected[i][3]);
    EXPECT_EQ(h.destinations, 0u);
  }
  EXPECT_EQ(c.hops[0].why,
            "leaf1 is the standby side of Ethernet16 and tunnels that server traffic to its peer leaf2 (MuxTunnel0 to "
            "10.1.0.2) out of Ethernet0, the encapsulated packet keeping priority 3 (tunnel QoS remap not enabled)");
  EXPECT_EQ(c.hops[1].why, "spine1 routes leaf1's MuxTunnel0 traffic on toward leaf2 (10.1.0.2) out of Ethernet8");
  std::string leaf1 = test::readAll(scenario("dualtor-bounce") + "/leaf1.json");
  EXPECT_EQ(c.hops[0].src.line, lineOf(leaf1, "\"MuxTunnel0\": {"));
  EXPECT_EQ(c.weakest_hop, 0u);
  // One verified change: leaf1 remaps what it tunnels from TC 3 to DSCP 24, which spine1 classifies
  // into its other lossless priority 4, in queue 4 (what a priority 4 pause stops on Ethernet0).
  // The bounce then waits in priority 4 queues that only deliver: the cycle on 3 is open. Making
  // the T0s share an ASN is no fix: each would lose its peer's loopback (the tunnel's route).
  ASSERT_EQ(c.fixes.size(), 1u);
  EXPECT_EQ(c.fixes[0].description,
            "enable tunnel QoS remap on leaf1 with encap maps for MuxTunnel0 sending TC 3 as DSCP 24 (priority 4 on "
            "spine1) in queue 4 (the queue a priority 4 pause stops); this cycle then needs 2 lossless priorities "
            "(3,4)");
  EXPECT_EQ(c.fixes[0].where.line, lineOf(leaf1, "\"MuxTunnel0\": {"))
      << "no tunnel_qos_remap entry yet: at the tunnel";

  Report report = test::check(scenario("dualtor-bounce"));
  auto dl001 = withRule(report, "DL001");
  ASSERT_EQ(dl001.size(), 1u);
  EXPECT_EQ(dl001[0].location.line, lineOf(leaf1, "\"MuxTunnel0\": {"));
  EXPECT_NE(dl001[0].message.find("cyclic buffer dependency on priority 3 through 3 switches (leaf1 -> spine1 -> "
                                  "leaf2 -> spine1 -> leaf1)"),
            std::string::npos)
      << dl001[0].message;
  EXPECT_NE(dl001[0].fix.find("made by the dual-ToR tunnel MuxTunnel0"), std::string::npos) << dl001[0].fix;
  EXPECT_NE(dl001[0].related.front().message.find("(dual-ToR tunnel MuxTunnel0 for Ethernet16)"), std::string::npos);
}

// The suggested fix, written into leaf1's config_db as an operator would (SYSTEM_DEFAULTS
// tunnel_qos_remap, TC_TO_DSCP_MAP and TC_TO_QUEUE_MAP bound to the tunnel's encap maps), checks
// clean: the model's change and the configuration's say the same.
TEST(DualToRBounce, TheSuggestedTunnelRemapWrittenIntoTheConfigRemovesTheCycle) {
  test::TempDir dir;
  for (const auto& entry : std::filesystem::directory_iterator(scenario("dualtor-bounce"))) {
    std::string text = test::readAll(entry.path().string());
    if (entry.path().filename() == "leaf1.json") {
      auto insert = [&text](const std::string& after, const std::string& what) {
        auto at = text.find(after);
        ASSERT_NE(at, std::string::npos) << after;
        text.insert(at + after.size(), what);
      };
      insert("\"MuxTunnel0\": {",
             "\"encap_tc_to_dscp_map\": \"TUNNEL_REMAP\", \"encap_tc_to_queue_map\": \"TUNNEL_QUEUE\",");
      insert("{",
             "\"SYSTEM_DEFAULTS\": {\"tunnel_qos_remap\": {\"status\": \"enabled\"}},"
             "\"TC_TO_DSCP_MAP\": {\"TUNNEL_REMAP\": {\"3\": \"24\"}},");
      insert("\"TC_TO_QUEUE_MAP\": {", "\"TUNNEL_QUEUE\": {\"3\": \"4\"},");
    }
    dir.write(entry.path().filename().string(), text);
  }
  Report report = test::check(dir.path());
  EXPECT_TRUE(withRule(report, "DL001").empty());
  EXPECT_TRUE(withRule(report, "CFG002").empty());
  EXPECT_TRUE(withRule(report, "CFG005").empty());
  Fabric fabric = loadFabric({dir.path()});
  const Switch& leaf1 = fabric.switches[fabric.switch_index.at("leaf1")];
  ASSERT_TRUE(leaf1.tunnel_qos_remap);
  EXPECT_TRUE(leaf1.tunnel_qos_remap->value);
  EXPECT_TRUE(analyseFabric(fabric).cycles.empty());
}

// With the remap the standby side sends TC 3 as DSCP 2 in queue 2: the spines classify DSCP 2 into
// TC 2 (lossless there), so the bounce is the edge leaf1 Ethernet0/3 -> spine1 Ethernet0/2, and the
// peer's ToR AZURE map puts DSCP 2 in lossy TC 1. Priority 3 is no longer held both ways: no cycle.
TEST(DualToRBounce, WithTunnelQosRemapTheBounceMovesToPriority2AndTheCycleIsGone) {
  Fabric fabric = loadFabric({scenario("dualtor-bounce-remap")});
  DeadlockAnalysis dl = analyseFabric(fabric, 2);
  EXPECT_TRUE(dl.cycles.empty());
  EXPECT_EQ(dl.failure_sets_with_cycle, 0u);
  EXPECT_TRUE(edge(fabric, dl, "leaf1", "Ethernet0", 3, "spine1", "Ethernet0", 2));
  EXPECT_TRUE(edge(fabric, dl, "leaf2", "Ethernet8", 3, "spine2", "Ethernet8", 2));
  EXPECT_FALSE(edge(fabric, dl, "leaf1", "Ethernet0", 3, "spine1", "Ethernet0", 3));
  Report report = test::check(scenario("dualtor-bounce-remap"));
  for (const char* rule : {"DL001", "DL002", "DL003"}) EXPECT_TRUE(withRule(report, rule).empty()) << rule;
}

// The same pair without the remap, when the state machine decides: "auto" on a side whose peer is
// pinned active is standby; "auto" on both sides may be standby on either (both bounce); "auto"
// facing a pinned standby is the active side and does not bounce.
TEST(DualToRBounce, AutoStateFollowsThePeersPinnedState) {
  Fabric fabric = loadFabric({scenario("dualtor-bounce")});
  auto setState = [&](const std::string& sw, const std::string& port, MuxPort::State state) {
    for (MuxPort& m : fabric.switches[fabric.switch_index.at(sw)].mux_ports) {
      if (m.port == port) m.state->value = state;
    }
  };
  setState("leaf2", "Ethernet24", MuxPort::State::Auto);  // leaf1 active for it: leaf2 is standby
  EXPECT_EQ(analyseFabric(fabric).cycles.size(), 1u);
  setState("leaf1", "Ethernet24", MuxPort::State::Auto);  // either may be standby
  EXPECT_EQ(analyseFabric(fabric).cycles.size(), 1u);
  setState("leaf1", "Ethernet24", MuxPort::State::Standby);  // leaf2 is the active side now
  DeadlockAnalysis one_way = analyseFabric(fabric);
  EXPECT_TRUE(one_way.cycles.empty());
  EXPECT_FALSE(edge(fabric, one_way, "leaf2", "Ethernet0", 3, "spine1", "Ethernet8", 3));
}

// One server, standby on leaf1 and active on leaf2: the bounce goes one way only. leaf1's uplink
// queues wait on the spines' leaf1-facing queues, which wait on leaf2's uplink queues, which only
// deliver to the server: no buffer is held both ways, no cycle, also under any two link failures
// (one spine ASN: no valley routes).
TEST(DualToRBounce, OneStandbyServerBouncesOneWayWithoutACycle) {
  Fabric fabric = loadFabric({scenario("dualtor-one-standby")});
  DeadlockAnalysis dl = analyseFabric(fabric, 2);
  EXPECT_TRUE(dl.cycles.empty());
  EXPECT_EQ(dl.failure_sets_with_cycle, 0u);
  EXPECT_TRUE(edge(fabric, dl, "leaf1", "Ethernet0", 3, "spine1", "Ethernet0", 3));
  EXPECT_TRUE(edge(fabric, dl, "leaf1", "Ethernet8", 3, "spine2", "Ethernet0", 3));
  EXPECT_TRUE(edge(fabric, dl, "spine1", "Ethernet0", 3, "leaf2", "Ethernet0", 3));
  EXPECT_FALSE(edge(fabric, dl, "leaf2", "Ethernet0", 3, "spine1", "Ethernet8", 3));
}

}  // namespace
}  // namespace rocelint
