// Huawei CloudEngine (VRP 8) parser: framing, views, pasted sessions, interfaces, Eth-Trunks,
// port-groups, BGP, static routes, malformed input. No public VRP running-config with PFC/ECN
// exists (realworld/SOURCES.md), so the inputs are hand-written after FORMATS-huawei-h3c.md §10.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "huawei_config.hpp"
#include "rocelint/qos.hpp"
#include "test_util.hpp"
#include "vendor_samples.hpp"

namespace rocelint {
namespace {

using test::loadError;
using test::onlySwitch;
using test::portOf;
using test::TempDir;
using test::withRule;

const char* kLeaf =
    "!Software Version V300R023C00SPC500\n"                             // 1
    "!Last configuration was updated at 2024-06-11 09:42:17+08:00\n"    // 2
    "#\n"                                                               // 3
    "sysname leaf1\n"                                                   // 4
    "#\n"                                                               // 5
    "port-group hosts\n"                                                // 6
    " group-member 100GE1/0/3 to 100GE1/0/4\n"                          // 7
    "#\n"                                                               // 8
    "interface Eth-Trunk1\n"                                            // 9
    " undo portswitch\n"                                                // 10
    " mode lacp-static\n"                                               // 11
    " trunkport 100GE 1/0/6 to 1/0/7\n"                                 // 12
    " ip address 10.1.9.0 255.255.255.254\n"                            // 13
    "#\n"                                                               // 14
    "interface 400GE1/0/1\n"                                            // 15
    " undo portswitch\n"                                                // 16
    " description spine1:400GE1/0/1\n"                                  // 17
    " jumboframe enable 9216\n"                                         // 18
    " ip address 10.1.1.1 31\n"                                         // 19
    "#\n"                                                               // 20
    "interface 100ge 1/0/3\n"                                           // 21
    " description gpu1:eth0\n"                                          // 22
    " shutdown\n"                                                       // 23
    "#\n"                                                               // 24
    "interface 100GE1/0/5:1\n"                                          // 25
    " eth-trunk 1\n"                                                    // 26
    "#\n"                                                               // 27
    "interface 100GE1/0/6\n"                                            // 28
    " undo shutdown\n"                                                  // 29
    "#\n"                                                               // 30
    "interface 100GE1/0/8.100\n"                                        // 31
    " ip address 10.9.9.1 255.255.255.0\n"                              // 32
    "#\n"                                                               // 33
    "interface MEth0/0/0\n"                                             // 34
    " ip address 192.168.0.10 255.255.255.0\n"                          // 35
    "#\n"                                                               // 36
    "interface LoopBack0\n"                                             // 37
    " ip address 10.255.0.11 255.255.255.255\n"                         // 38
    "#\n"                                                               // 39
    "bgp 65101\n"                                                       // 40
    " router-id 10.255.0.11\n"                                          // 41
    " group SPINE external\n"                                           // 42
    " peer SPINE as-number 65000\n"                                     // 43
    " peer 10.1.1.0 group SPINE\n"                                      // 44
    " peer 10.1.1.0 description spine1\n"                               // 45
    " peer 10.1.2.0 as-number 65001\n"                                  // 46
    " #\n"                                                              // 47
    " ipv4-family unicast\n"                                            // 48
    "  peer 10.1.1.0 enable\n"                                          // 49
    "#\n"                                                               // 50
    "ip route-static 10.20.0.0 255.255.0.0 10.1.1.0\n"                  // 51
    "ip route-static 10.30.0.0 16 400GE1/0/1 10.1.1.0 preference 10\n"  // 52
    "ip route-static vpn-instance MGMT 0.0.0.0 0.0.0.0 192.168.0.1\n"   // 53
    "#\n"                                                               // 54
    "return\n";                                                         // 55

TEST(HuaweiParser, FramingInterfacesTrunksPortGroupsBgpAndRoutesReachTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg", kLeaf);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf1");
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.asn->src.line, 40);

  // Ports: named as the display spells them (`100ge 1/0/3` too), the speed from the type.
  std::vector<std::string> names;
  for (const Port& p : sw.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"100GE1/0/3", "100GE1/0/4", "100GE1/0/5:1", "100GE1/0/6", "100GE1/0/7",
                                             "400GE1/0/1"}));
  const Port& up = portOf(sw, "400GE1/0/1");
  EXPECT_EQ(up.speed_mbps->value, 400000u);
  EXPECT_EQ(up.speed_mbps->src.line, 15);
  EXPECT_EQ(up.mtu_bytes->value, 9216u);
  EXPECT_EQ(up.mtu_bytes->src.line, 18);
  EXPECT_EQ(test::origin(up.mtu_bytes->src), "cli-statement: interface 400GE1/0/1 > jumboframe enable");
  EXPECT_EQ(up.description, "spine1:400GE1/0/1");
  EXPECT_EQ(up.description_src.line, 17);
  const Port& host = portOf(sw, "100GE1/0/3");
  EXPECT_EQ(host.src.line, 7);  // first named by the port-group
  EXPECT_EQ(host.speed_mbps->value, 100000u);
  EXPECT_FALSE(host.admin_up->value);
  EXPECT_EQ(host.admin_up->src.line, 23);
  EXPECT_EQ(test::origin(portOf(sw, "100GE1/0/6").admin_up->src), "cli-statement: interface 100GE1/0/6 > shutdown");
  // The port-group's second member has no interface view of its own: declared by the group.
  EXPECT_EQ(portOf(sw, "100GE1/0/4").src.line, 7);
  EXPECT_EQ(portOf(sw, "100GE1/0/5:1").speed_mbps->value, 100000u);  // a breakout lane

  // Eth-Trunk membership both ways: `eth-trunk 1` on the member, `trunkport` on the trunk.
  EXPECT_EQ(portOf(sw, "100GE1/0/5:1").portchannel, "Eth-Trunk1");
  EXPECT_EQ(portOf(sw, "100GE1/0/6").portchannel, "Eth-Trunk1");
  EXPECT_EQ(portOf(sw, "100GE1/0/7").portchannel, "Eth-Trunk1");
  EXPECT_EQ(sw.portchannels, std::vector<std::string>{"Eth-Trunk1"});

  // Addresses with masks or lengths; the sub-interface and MEth are out of scope.
  ASSERT_EQ(sw.addresses.size(), 3u);
  EXPECT_EQ(sw.addresses[0].interface, "Eth-Trunk1");
  EXPECT_EQ(sw.addresses[0].prefix, "10.1.9.0/31");
  EXPECT_EQ(sw.addresses[0].kind, InterfaceAddress::Kind::PortChannel);
  EXPECT_EQ(sw.addresses[1].prefix, "10.1.1.1/31");
  EXPECT_EQ(sw.addresses[1].src.line, 19);
  EXPECT_EQ(sw.addresses[2].kind, InterfaceAddress::Kind::Loopback);
  EXPECT_EQ(sw.addresses[2].prefix, "10.255.0.11/32");
  EXPECT_EQ(fabric.out_of_scope_tables.at("Huawei VRP interface (sub-interface)"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("Huawei VRP interface MEth"), 1);

  // BGP: a peer's ASN from its group, another's own; descriptions name the peer.
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "10.1.1.0");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65000u);
  EXPECT_EQ(sw.bgp_neighbors[0].asn->src.line, 43);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[0].src.line, 44);
  EXPECT_EQ(sw.bgp_neighbors[1].asn->value, 65001u);
  EXPECT_EQ(test::origin(sw.bgp_neighbors[1].asn->src), "cli-statement: bgp 65101 > peer 10.1.2.0 as-number");

  // Static routes: mask or length, interface and next hop, VPN instance.
  ASSERT_EQ(sw.static_routes.size(), 3u);
  EXPECT_EQ(sw.static_routes[0].prefix, "10.20.0.0/16");
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"10.1.1.0"});
  EXPECT_EQ(sw.static_routes[1].prefix, "10.30.0.0/16");
  EXPECT_EQ(sw.static_routes[1].ifnames, std::vector<std::string>{"400GE1/0/1"});
  EXPECT_EQ(sw.static_routes[1].nexthops, std::vector<std::string>{"10.1.1.0"});
  EXPECT_EQ(sw.static_routes[1].src.line, 52);
  EXPECT_EQ(sw.static_routes[2].vrf, "MGMT");
  EXPECT_EQ(sw.static_routes[2].prefix, "0.0.0.0/0");

  // Nothing QoS-related here was left unread; the one file is counted.
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].format, "Huawei VRP");
  EXPECT_EQ(fabric.coverage[0].file, file);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
  EXPECT_TRUE(fabric.notes.empty());
}

TEST(HuaweiParser, InterfaceNamesAreNormalised) {
  EXPECT_EQ(huawei::interfaceName("100ge 1/0/1"), "100GE1/0/1");
  EXPECT_EQ(huawei::interfaceName("400GE1/0/1"), "400GE1/0/1");
  EXPECT_EQ(huawei::interfaceName("25GE1/0/1"), "25GE1/0/1");
  EXPECT_EQ(huawei::interfaceName("100GE1/0/1:1"), "100GE1/0/1:1");
  EXPECT_EQ(huawei::interfaceName("eth-trunk 10"), "Eth-Trunk10");
  EXPECT_EQ(huawei::interfaceName("loopback0"), "LoopBack0");
  EXPECT_EQ(huawei::interfaceName("GigabitEthernet0/0/1"), std::nullopt);
  EXPECT_EQ(huawei::portSpeedMbps("25GE1/0/1"), 25000u);
  EXPECT_EQ(huawei::portSpeedMbps("100GE1/0/1:2"), 100000u);
  EXPECT_EQ(huawei::portSpeedMbps("100GE1/0/1.100"), std::nullopt);
  EXPECT_EQ(huawei::portSpeedMbps("Eth-Trunk1"), std::nullopt);
}

// A session pasted instead of the display: prompts say the view (`[~leaf1-100GE1/0/1]` is the
// interface view the previous command opened), `commit`, `quit` and user-view commands go.
TEST(HuaweiParser, PastedSessionIsReadByItsPrompts) {
  const char* session =
      "<HUAWEI> system-view\n"                               // 1
      "[~HUAWEI] sysname leaf1\n"                            // 2
      "[*HUAWEI] commit\n"                                   // 3
      "[~leaf1] interface 400GE1/0/1\n"                      // 4
      "[~leaf1-400GE1/0/1] undo portswitch\n"                // 5
      "[*leaf1-400GE1/0/1] description spine1:400GE1/0/1\n"  // 6
      "[*leaf1-400GE1/0/1] quit\n"                           // 7
      "[*leaf1] bgp 65101\n"                                 // 8
      "[*leaf1-bgp] peer 10.1.1.0 as-number 65000\n"         // 9
      "[*leaf1-bgp] ipv4-family unicast\n"                   // 10
      "[*leaf1-bgp-af-ipv4] peer 10.1.1.0 enable\n"          // 11
      "[*leaf1-bgp-af-ipv4] quit\n"                          // 12
      "[*leaf1-bgp] peer 10.1.1.0 description spine1\n"      // 13
      "[*leaf1-bgp] quit\n"                                  // 14
      "[*leaf1] interface 100GE1/0/3\n"                      // 15
      "[*leaf1-100GE1/0/3] description gpu1:eth0\n"          // 16
      "[*leaf1-100GE1/0/3] commit\n"                         // 17
      "[~leaf1-100GE1/0/3] return\n"                         // 18
      "<leaf1> display current-configuration interface\n";   // 19
  huawei::Session s;
  cli::ConfigText config = huawei::readText(session, "leaf1.cfg", {}, s);
  ASSERT_EQ(config.lines.size(), 4u);
  EXPECT_EQ(config.lines[0].text, "sysname leaf1");
  EXPECT_EQ(config.lines[1].text, "interface 400GE1/0/1");
  ASSERT_EQ(config.lines[1].children.size(), 2u);
  EXPECT_EQ(config.lines[1].children[1].text, "description spine1:400GE1/0/1");
  EXPECT_EQ(config.lines[1].children[1].line, 6);
  EXPECT_EQ(config.lines[1].children[1].column, 21);  // the command's own column, after the prompt
  const cli::ConfigLine& bgp = config.lines[2];
  EXPECT_EQ(bgp.text, "bgp 65101");
  ASSERT_EQ(bgp.children.size(), 3u);
  EXPECT_EQ(bgp.children[1].text, "ipv4-family unicast");
  ASSERT_EQ(bgp.children[1].children.size(), 1u);
  EXPECT_EQ(bgp.children[1].children[0].text, "peer 10.1.1.0 enable");
  EXPECT_EQ(bgp.children[2].text, "peer 10.1.1.0 description spine1");  // back in the bgp view
  EXPECT_EQ(config.lines[3].children.size(), 1u);
  EXPECT_EQ(s.commits, 2);
  EXPECT_EQ(s.uncommitted, 0);

  TempDir dir;
  std::string file = dir.write("leaf1.cfg", session);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf1");
  EXPECT_EQ(portOf(sw, "400GE1/0/1").description_src.line, 6);
  EXPECT_EQ(portOf(sw, "400GE1/0/1").description_src.column, 21);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_TRUE(fabric.notes.empty());
}

// Commands typed after the last `commit` are read, with a note that the device has not applied them.
TEST(HuaweiParser, UncommittedSessionCommandsAreNoted) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg",
                               "[~leaf1] sysname leaf1\n"
                               "[*leaf1] commit\n"
                               "[~leaf1] interface 100GE1/0/1\n"
                               "[*leaf1-100GE1/0/1] description gpu1:eth0\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].kind, InputNote::Kind::InvalidValue);
  EXPECT_EQ(fabric.notes[0].message,
            "2 command(s) of the pasted session, from line 3 on, were typed after the last `commit`: the device has "
            "not applied them, rocelint reads them as if it had");
  EXPECT_EQ(fabric.notes[0].src.file(), file);
  EXPECT_EQ(fabric.notes[0].src.line, 3);
  EXPECT_EQ(portOf(onlySwitch(fabric), "100GE1/0/1").description, "gpu1:eth0");
}

// Descriptions link VRP ports to another vendor's: `peer:port` with a port that starts with its speed.
TEST(HuaweiParser, DescriptionsLinkAcrossVendors) {
  TempDir dir;
  dir.write("spine1.cfg",
            "hostname spine1\ninterface Ethernet1/1\n   description leaf1:400GE1/0/1\n   mtu 9216\n"
            "   speed 400g\n   no switchport\n");
  dir.write("leaf1.cfg", "sysname leaf1\n#\ninterface 400GE1/0/1\n undo portswitch\n description spine1:Ethernet1/1\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  ASSERT_EQ(fabric.links.size(), 1u);
  const Port& a = fabric.port(fabric.links[0].a);
  const Port& b = fabric.port(fabric.links[0].b);
  EXPECT_EQ(a.name == "400GE1/0/1" ? b.name : a.name, "Ethernet1/1");
}

// Lines rocelint does not read: QoS-related ones are CFG001 notes at their line, the rest counted.
TEST(HuaweiParser, LinesNotReadAreNotedOrCounted) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg",
                               "sysname leaf1\n"         // 1
                               "#\n"                     // 2
                               "telemetry\n"             // 3
                               " sensor-group g1\n"      // 4
                               "#\n"                     // 5
                               "interface 100GE1/0/1\n"  // 6
                               " undo portswitch\n"      // 7
                               " qos frobnicate 3\n"     // 8
                               " lldp enable\n"          // 9
                               "#\n"                     // 10
                               "return\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].kind, InputNote::Kind::UnknownField);
  EXPECT_EQ(fabric.notes[0].message, "Huawei VRP line not understood by rocelint and ignored: \"qos frobnicate 3\"");
  EXPECT_EQ(fabric.notes[0].src.line, 8);
  EXPECT_EQ(fabric.notes[0].src.column, 2);
  EXPECT_EQ(fabric.out_of_scope_tables.at("Huawei VRP telemetry"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("Huawei VRP interface lldp"), 1);
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 2);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 1);
  EXPECT_EQ(fabric.coverage[0].qos_lines_unrecognised, 1);
}

TEST(HuaweiParser, MalformedStatementsAreRejectedWithTheirLocation) {
  struct Case {
    const char* block;
    const char* line;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"interface 400GE1/0/1\n", " ip address 10.1.1.1 255.0.255.0",
       "expected \"ip address <address> <mask or length>\", got \"ip address 10.1.1.1 255.0.255.0\""},
      {"interface 400GE1/0/1\n", " jumboframe enable big", "expected a frame size in bytes (1536-12288), got \"big\""},
      {"interface 400GE1/0/1\n", " eth-trunk x", "expected an Eth-Trunk number (0-1023), got \"x\""},
      {"port-group g\n", " group-member 100GE1/0/4 to 100GE1/0/2",
       "\"100GE1/0/4 to 100GE1/0/2\" is not a range of ports (first to last, on one card, the last not below the "
       "first)"},
      {"", "bgp 0", "expected an AS number (1-4294967295), got \"0\""},
      {"bgp 65101\n", " peer 10.1.1.0 as-number many", "expected an AS number (1-4294967295), got \"many\""},
      {"", "ip route-static 10.0.0.0 10.1.1.0",
       "expected \"ip route-static [vpn-instance <name>] <prefix> <mask or length> ...\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string head = std::string("sysname hw\n#\n") + c.block;
    std::string file = dir.write("hw.cfg", head + c.line + "\n");
    int line = static_cast<int>(std::count(head.begin(), head.end(), '\n')) + 1;
    std::string text = c.line;
    int column = static_cast<int>(text.find_first_not_of(' ')) + 1;
    EXPECT_EQ(loadError(dir.path()), file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                                         text.substr(column - 1) + ": " + c.expected);
  }
}

const char* kQosLeaf =
    "!Software Version V300R023C00SPC500\n"                                                  // 1
    "#\n"                                                                                    // 2
    "sysname leaf1\n"                                                                        // 3
    "#\n"                                                                                    // 4
    "dcb pfc\n"                                                                              // 5
    " priority 3\n"                                                                          // 6
    " priority 3 deadlock-detect time 15\n"                                                  // 7
    " priority 3 deadlock-recovery time 12\n"                                                // 8
    "#\n"                                                                                    // 9
    "dcb pfc roce\n"                                                                         // 10
    " priority 3 4\n"                                                                        // 11
    "#\n"                                                                                    // 12
    "dcb pfc deadlock-detect interval 10\n"                                                  // 13
    "dcb pfc deadlock recovery-behavior discard slot 1\n"                                    // 14
    "qos buffer headroom-pool size 4 mbytes slot 1\n"                                        // 15
    "#\n"                                                                                    // 16
    "diffserv domain roce\n"                                                                 // 17
    " ip-dscp-inbound 26 phb af3 green\n"                                                    // 18
    " ip-dscp-inbound 24 phb af4 green\n"                                                    // 19
    " ip-dscp-inbound 48 phb cs6 green\n"                                                    // 20
    " 8021p-inbound 5 phb af3 green\n"                                                       // 21
    "#\n"                                                                                    // 22
    "drop-profile roce-ecn\n"                                                                // 23
    " ecn buffer-size low-limit 153600 high-limit 1536000 discard-percentage 5\n"            // 24
    " color green buffer-size low-limit 247520 high-limit 1800000 discard-percentage 100\n"  // 25
    "#\n"                                                                                    // 26
    "interface 400GE1/0/1\n"                                                                 // 27
    " undo portswitch\n"                                                                     // 28
    " description spine1:400GE1/0/1\n"                                                       // 29
    " trust upstream roce\n"                                                                 // 30
    " dcb pfc enable roce mode manual\n"                                                     // 31
    " dcb pfc buffer 3 xoff static 300 kbytes xon offset 200 kbytes\n"                       // 32
    " dcb pfc buffer 3 hdrm 1024 kbytes\n"                                                   // 33
    " qos queue 3 wred roce-ecn\n"                                                           // 34
    " qos queue 3 ecn\n"                                                                     // 35
    " qos queue 4 wred roce-ecn\n"                                                           // 36
    " qos drr 0 to 5\n"                                                                      // 37
    " qos queue 3 drr weight 50\n"                                                           // 38
    " undo flow-control\n"                                                                   // 39
    "#\n"                                                                                    // 40
    "interface 100GE1/0/3\n"                                                                 // 41
    " description gpu1:eth0\n"                                                               // 42
    " dcb pfc enable mode manual\n"                                                          // 43
    "#\n"                                                                                    // 44
    "interface 100GE1/0/4\n"                                                                 // 45
    " undo portswitch\n"                                                                     // 46
    " trust 8021p outer\n"                                                                   // 47
    " dcb pfc enable\n"                                                                      // 48
    " dcb pfc buffer 3 xoff static 1500 cells\n"                                             // 49
    "#\n"                                                                                    // 50
    "return\n";                                                                              // 51

TEST(HuaweiQos, ProfilesDomainsBuffersWredAndSchedulingReachTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg", kQosLeaf);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);

  // Routed port: trusts DSCP; domain roce over the factory table; PHB n is queue n.
  const Port& up = portOf(sw, "400GE1/0/1");
  EXPECT_EQ(up.qos.trust, Trust::Dscp);
  EXPECT_EQ(boundMap(sw, up, MapKind::DscpToTc)->name, "diffserv domain roce");
  EXPECT_EQ(up.qos.map(MapKind::DscpToTc)->src.line, 30);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 24), 4);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 48), 6);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 10), 1);  // not listed: the factory table, 8-15 -> af1
  const QosMap* roce = boundMap(sw, up, MapKind::DscpToTc);
  EXPECT_EQ(roce->find(24)->src.line, 19);
  EXPECT_EQ(test::origin(roce->find(24)->src), "cli-statement: diffserv domain roce > ip-dscp-inbound phb");
  EXPECT_EQ(test::origin(roce->find(10)->src), "default: diffserv domain roce > ip-dscp-inbound");
  EXPECT_EQ(roce->find(10)->src.line, 3);  // VRP defaults are sited at the sysname line
  EXPECT_EQ(queueOfTc(sw, up, 4), 4);
  EXPECT_EQ(queueOfPfcPriority(sw, up, 4), std::optional<int>(4));

  // PFC: the profile the port applies; its PGs are lossless, PG 3 with the port's buffer lines.
  EXPECT_EQ(formatPrioritySet(up.qos.pfc_enable->value), "3,4");
  EXPECT_EQ(up.qos.pfc_enable->src.line, 31);
  ASSERT_TRUE(up.pgs[3] && up.pgs[3]->profile);
  const BufferProfile& pg3 = sw.profiles.at(up.pgs[3]->profile->name);
  EXPECT_EQ(pg3.name, "interface 400GE1/0/1 dcb pfc buffer 3");
  EXPECT_EQ(pg3.xoff_bytes->value, 1024u * 1024);
  EXPECT_EQ(pg3.xoff_bytes->src.line, 33);
  EXPECT_EQ(pg3.static_th_bytes->value, 300u * 1024);
  EXPECT_EQ(pg3.xon_offset_bytes->value, 200u * 1024);
  EXPECT_EQ(pg3.xon_offset_bytes->src.line, 32);
  EXPECT_EQ(pg3.pool->name, "qos buffer headroom-pool slot 1");
  EXPECT_EQ(sw.pools.at("qos buffer headroom-pool slot 1").shared_headroom_bytes->value, 4u * 1024 * 1024);
  EXPECT_EQ(sw.pools.at("qos buffer headroom-pool slot 1").src.line, 15);
  ASSERT_TRUE(up.pgs[4]);
  EXPECT_TRUE(up.pgs[4]->null_profile);  // no buffer lines: the chip sizes the headroom
  EXPECT_EQ(up.pgs[4]->src.line, 11);
  // Deadlock detection is always on: 10 ticks of 10 ms (the profile sets none), discard.
  ASSERT_TRUE(up.watchdog);
  EXPECT_EQ(up.watchdog->detection_ms->value, 100);
  EXPECT_EQ(up.watchdog->detection_ms->src.line, 13);
  EXPECT_EQ(up.watchdog->action->value, "drop");
  EXPECT_EQ(up.watchdog->action->src.line, 14);

  // ECN on queue 3 (profile + `qos queue 3 ecn`); queue 4 has the profile but drops (colour lines).
  const WredProfile& marking = test::wredOf(sw, up, 3);
  EXPECT_EQ(marking.name, "drop-profile roce-ecn");
  EXPECT_TRUE(marking.marks(Color::Green));
  EXPECT_EQ(marking.color(Color::Green).min_threshold_bytes->value, 153600u);
  EXPECT_EQ(marking.color(Color::Red).max_threshold_bytes->value, 1536000u);
  EXPECT_EQ(marking.color(Color::Green).drop_probability_percent->value, 5);
  EXPECT_EQ(marking.color(Color::Green).min_threshold_bytes->src.line, 24);
  EXPECT_EQ(marking.ecn->src.line, 35);
  const WredProfile& dropping = test::wredOf(sw, up, 4);
  EXPECT_EQ(dropping.name, "drop-profile roce-ecn (no ecn)");
  EXPECT_FALSE(dropping.marks(Color::Green));
  EXPECT_EQ(dropping.color(Color::Green).min_threshold_bytes->value, 247520u);
  EXPECT_FALSE(dropping.color(Color::Yellow).min_threshold_bytes);

  // Scheduling: DRR for 0-5 (weight 50 on queue 3, 1 by default), queues 6-7 stay PQ.
  EXPECT_EQ(test::schedulerOf(sw, up, 3).type->value, "DWRR");
  EXPECT_EQ(test::schedulerOf(sw, up, 3).weight->value, 50);
  EXPECT_EQ(test::schedulerOf(sw, up, 3).weight->src.line, 38);
  EXPECT_EQ(test::schedulerOf(sw, up, 0).weight->value, 1);
  EXPECT_EQ(test::schedulerOf(sw, up, 0).type->src.line, 37);
  EXPECT_EQ(test::schedulerOf(sw, up, 6).type->value, "STRICT");
  EXPECT_EQ(test::origin(test::schedulerOf(sw, up, 6).type->src), "default: qos pq");

  // A Layer 2 port trusts 802.1p (the default domain); `dcb pfc enable` applies profile default,
  // whose written timers give 15 x 10 ms and 12 x 10 ms.
  const Port& host = portOf(sw, "100GE1/0/3");
  EXPECT_EQ(host.qos.trust, Trust::Pcp);
  EXPECT_EQ(boundMap(sw, host, MapKind::Dot1pToTc)->name, "diffserv domain default");
  EXPECT_EQ(formatPrioritySet(host.qos.pfc_enable->value), "3");
  EXPECT_EQ(host.qos.pfc_enable->src.line, 43);
  EXPECT_EQ(host.pgs[3]->src.line, 6);
  EXPECT_EQ(host.watchdog->detection_ms->value, 150);
  EXPECT_EQ(host.watchdog->detection_ms->src.line, 7);
  EXPECT_EQ(host.watchdog->restoration_ms->value, 120);
  EXPECT_EQ(host.watchdog->restoration_ms->src.line, 8);

  // `trust 8021p` on a routed port; a static xoff in cells, 256 B each on an unknown platform
  // (noted), and no hdrm: the headroom is the chip's.
  const Port& cells = portOf(sw, "100GE1/0/4");
  EXPECT_EQ(cells.qos.trust, Trust::Pcp);
  const BufferProfile& pg = sw.profiles.at(cells.pgs[3]->profile->name);
  EXPECT_EQ(pg.static_th_bytes->value, 1500u * 256);
  EXPECT_TRUE(pg.headroom_dynamic);
  EXPECT_FALSE(pg.xoff_bytes);
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].message,
            "a value in cells on a platform of unknown cell size (no `device board ... board-type` line): rocelint "
            "takes 256 bytes per cell (docs/inputs.md, \"Huawei CloudEngine (VRP 8)\")");
  EXPECT_EQ(fabric.notes[0].src.line, 49);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
}

// What a VRP switch does with nothing written: profile default is priority 3, detection and
// recovery 100 ms, forwarding; DSCP 26 is already PHB af3 (queue 3) and 48 cs6 (queue 6).
TEST(HuaweiQos, DefaultsAreModelValuesSitedAtTheSysnameLine) {
  TempDir dir;
  dir.write("leaf1.cfg",
            "sysname leaf1\n"                // 1
            "#\n"                            // 2
            "interface 400GE1/0/1\n"         // 3
            " undo portswitch\n"             // 4
            " dcb pfc enable mode manual\n"  // 5
            "#\n"                            // 6
            "interface 400GE1/0/2\n"         // 7
            " undo portswitch\n"             // 8
            " trust upstream none\n"         // 9
            " port priority 4\n"             // 10
            "#\n"
            "interface 400GE1/0/3\n"    // 12
            " dcb pfc enable\n"         // 13
            " undo dcb pfc enable\n");  // 14
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& p1 = portOf(sw, "400GE1/0/1");
  EXPECT_EQ(formatPrioritySet(p1.qos.pfc_enable->value), "3");
  EXPECT_EQ(test::origin(p1.pgs[3]->src), "default: dcb pfc > priority");
  EXPECT_EQ(p1.pgs[3]->src.line, 1);
  EXPECT_EQ(trafficClassOfDscp(sw, p1, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, p1, 48), 6);
  EXPECT_EQ(trafficClassOfDscp(sw, p1, 46), 5);
  EXPECT_TRUE(isLosslessDscp(sw, p1, 26));
  EXPECT_EQ(p1.watchdog->detection_ms->value, 100);
  EXPECT_EQ(p1.watchdog->restoration_ms->value, 100);
  EXPECT_EQ(test::origin(p1.watchdog->action->src), "default: dcb pfc deadlock recovery-behavior");
  EXPECT_EQ(p1.watchdog->action->value, "forward");
  EXPECT_EQ(test::schedulerOf(sw, p1, 0).type->value, "STRICT");  // all PQ
  // `trust upstream none`: every packet gets the port priority.
  const Port& p2 = portOf(sw, "400GE1/0/2");
  EXPECT_EQ(trafficClassOfDscp(sw, p2, 26), 4);
  EXPECT_EQ(boundMap(sw, p2, MapKind::DscpToTc)->find(0)->src.line, 10);
  EXPECT_FALSE(p2.qos.pfc_enable);  // no `dcb pfc enable`: PFC is off
  const Port& p3 = portOf(sw, "400GE1/0/3");
  EXPECT_TRUE(p3.qos.pfc_enable->value.none());
  EXPECT_EQ(p3.qos.pfc_enable->src.line, 14);
  EXPECT_TRUE(fabric.notes.empty());
}

TEST(HuaweiQos, GlobalDisableUndefinedReferencesAndAiEcn) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg",
                               "sysname leaf1\n"                     // 1
                               "#\n"                                 // 2
                               "dcb pfc global disable\n"            // 3
                               "ai-service\n"                        // 4
                               " ai-ecn\n"                           // 5
                               "  ai-ecn enable\n"                   // 6
                               "  assign queue 3\n"                  // 7
                               "#\n"                                 // 8
                               "interface 400GE1/0/1\n"              // 9
                               " undo portswitch\n"                  // 10
                               " dcb pfc enable roce mode manual\n"  // 11
                               " trust upstream nosuch\n"            // 12
                               " qos queue 3 wred missing\n"         // 13
                               " qos queue 3 ecn\n"                  // 14
                               "#\n"                                 // 15
                               "interface 400GE1/0/2\n"              // 16
                               " dcb pfc enable mode manual\n");     // 17
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  std::vector<std::string> notes;
  for (const InputNote& n : fabric.notes)
    notes.push_back(std::to_string(n.src.line) + " " + std::to_string(static_cast<int>(n.kind)) + " " + n.message);
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "4 0 Huawei VRP block not modelled by rocelint (4 lines): \"ai-service\" (AI ECN / NPCC set "
                       "the thresholds of the queues they are assigned at run time; rocelint checks the static drop "
                       "profiles)",
                       "12 3 400GE1/0/1: trust upstream nosuch names a DiffServ domain that is not defined; the "
                       "default domain applies",
                       "11 3 400GE1/0/1: dcb pfc enable roce names a PFC profile that is not defined; PFC is off on "
                       "400GE1/0/1",
                       "13 3 400GE1/0/1: qos queue wred missing names a drop profile that is not defined; the queue "
                       "neither marks nor drops early",
                   }));
  EXPECT_EQ(fabric.notes[1].referenced_kind, "diffserv domain");
  EXPECT_EQ(fabric.notes[2].fix,
            "define `dcb pfc roce` with its `priority` lines, or correct the name in `dcb pfc "
            "enable`");
  EXPECT_TRUE(portOf(sw, "400GE1/0/1").qos.pfc_enable->value.none());
  EXPECT_FALSE(portOf(sw, "400GE1/0/1").queue(3) && portOf(sw, "400GE1/0/1").queue(3)->wred_profile);
  // `dcb pfc global disable` turns PFC off on every port, at its line.
  const Port& p2 = portOf(sw, "400GE1/0/2");
  EXPECT_TRUE(p2.qos.pfc_enable->value.none());
  EXPECT_EQ(p2.qos.pfc_enable->src.line, 3);
}

TEST(HuaweiQos, MalformedQosStatementsAreRejectedWithTheirLocation) {
  struct Case {
    const char* block;
    const char* line;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"dcb pfc\n", " priority 9", "expected a priority (0-7), got \"9\""},
      {"dcb pfc\n", " priority 3 deadlock-detect time 40", "expected a multiple of the interval (1-15), got \"40\""},
      {"", "dcb pfc deadlock-detect interval 50", "expected an interval in ms (10, 100, 500, 1000), got \"50\""},
      {"", "dcb pfc deadlock recovery-behavior panic slot 1", "expected forwarding or discard, got \"panic\""},
      {"diffserv domain d\n", " ip-dscp-inbound 26 phb gold green",
       "expected a PHB (be, af1-af4, ef, cs6, cs7), got \"gold\""},
      {"diffserv domain d\n", " ip-dscp-inbound 64 phb af3 green", "expected a DSCP value (0-63), got \"64\""},
      {"drop-profile p\n", " ecn buffer-size low-limit 1 high-limit 2",
       "expected \"[buffer-size [cell]] low-limit L high-limit H discard-percentage P\""},
      {"interface 400GE1/0/1\n", " dcb pfc buffer 3 xoff static 300 parsecs",
       "expected a unit after 300 (bytes, kbytes, mbytes, cells), got \"parsecs\""},
      {"interface 400GE1/0/1\n", " dcb pfc buffer 3 xoff sometimes",
       "expected xoff, xon, guaranteed or hdrm, got \"xoff\""},
      {"interface 400GE1/0/1\n", " dcb pfc enable roce mode sometimes",
       "expected manual or auto after \"mode\", got \"sometimes\""},
      {"interface 400GE1/0/1\n", " qos queue 9 ecn", "expected a queue (0-7), got \"9\""},
      {"interface 400GE1/0/1\n", " qos queue 3 drr weight 0", "expected a weight (1-100), got \"0\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string head = std::string("sysname hw\n#\n") + c.block;
    std::string file = dir.write("hw.cfg", head + c.line + "\n");
    int line = static_cast<int>(std::count(head.begin(), head.end(), '\n')) + 1;
    std::string text = c.line;
    int column = static_cast<int>(text.find_first_not_of(' ')) + 1;
    EXPECT_EQ(loadError(dir.path()), file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                                         text.substr(column - 1) + ": " + c.expected);
  }
}

// ---------------------------------------------------------------------------------------------
// samples/leafspine-huawei is samples/leafspine-clean in VRP syntax
// ---------------------------------------------------------------------------------------------

TEST(VendorSamples, HuaweiSampleHasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample("leafspine-huawei", test::huaweiPortOf, 6);
}

TEST(VendorSamples, EosSpinesAndHuaweiLeavesAreOneCleanFabric) {
  TempDir dir;
  for (const std::string name : {"spine1", "spine2"}) {
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-eos/" + name + ".cfg");
    // The EOS spines name their leaf ports in EOS syntax: Ethernet1/1 of leaf1 is 400GE1/0/1 there.
    for (const std::string leaf : {"leaf1", "leaf2", "leaf3", "leaf4"}) {
      for (const std::string port : {"1", "2"}) {
        std::string from = leaf + ":Ethernet" + port + "/1";
        for (auto at = cfg.find(from); at != std::string::npos; at = cfg.find(from))
          cfg.replace(at, from.size(), leaf + ":400GE1/0/" + port);
      }
    }
    dir.write(name + ".cfg", cfg);
  }
  for (const std::string name : {"leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-huawei/" + name + ".cfg");
    for (const std::string spine : {"spine1", "spine2"}) {
      for (int port = 1; port <= 4; ++port) {
        std::string from = spine + ":400GE1/0/" + std::to_string(port);
        for (auto at = cfg.find(from); at != std::string::npos; at = cfg.find(from))
          cfg.replace(at, from.size(), spine + ":Ethernet" + std::to_string(port) + "/1");
      }
    }
    dir.write(name + ".cfg", cfg);
  }
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 6u);
  EXPECT_EQ(fabric.links.size(), 8u);
  std::set<std::string> formats;
  for (const auto& c : fabric.coverage) formats.insert(c.format);
  EXPECT_EQ(formats, (std::set<std::string>{"EOS", "Huawei VRP"}));
  Report report = analyze(fabric, {});
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
}

TEST(HuaweiSample, SeededDscp26MistakeGivesTheSameFindingAsInSonic) {
  TempDir sonic_dir;
  TempDir vrp_dir;
  int seeded_line = 0;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-huawei/" + name + ".cfg");
    ASSERT_FALSE(json.empty() || cfg.empty()) << name;
    if (name == "spine2") {
      // The same mistake as leafspine-broken's first: DSCP 26 (RoCE) in TC 1 instead of TC 3.
      auto doc = nlohmann::json::parse(json);
      doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
      json = doc.dump(4);
      // VRP's factory table already puts 26 in af3: the mistake is a line that moves it to af1.
      const std::string domain = "diffserv domain roce\n";
      ASSERT_NE(cfg.find(domain), std::string::npos);
      std::size_t at = cfg.find(domain) + domain.size();
      seeded_line = static_cast<int>(std::count(cfg.begin(), cfg.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
      cfg.insert(at, " ip-dscp-inbound 26 phb af1 green\n");
    }
    sonic_dir.write(name + ".json", json);
    vrp_dir.write(name + ".cfg", cfg);
  }
  Report sonic = test::check(sonic_dir.path());
  Report vrp = test::check(vrp_dir.path());
  EXPECT_EQ(test::findingKeys(sonic, [](const std::string& port) { return test::huaweiPortOf("spine2", port); }),
            (std::set<test::FindingKey>{{"MAP001", "spine2", "400GE1/0/1", 1}}));
  EXPECT_EQ(test::findingKeys(vrp), (std::set<test::FindingKey>{{"MAP001", "spine2", "400GE1/0/1", 1}}));
  ASSERT_EQ(vrp.findings.size(), 1u);
  // The finding points at the line that was added, with the fix in VRP syntax.
  const Finding& f = vrp.findings[0];
  EXPECT_EQ(test::origin(f.location), "cli-statement: diffserv domain roce > ip-dscp-inbound phb");
  EXPECT_EQ(f.location.line, seeded_line);
  EXPECT_EQ(f.location.file(), vrp_dir.path() + "/spine2.cfg");
  EXPECT_EQ(f.severity, sonic.findings[0].severity);
  EXPECT_NE(f.fix.find("`ip-dscp-inbound 26 phb af3 green` in `diffserv domain roce`"), std::string::npos) << f.fix;
}

}  // namespace
}  // namespace rocelint
