// H3C Comware (7 / 9) parser: framing ("last view opener since `#`"), pasted sessions, interface
// names and speeds, link aggregation, BGP in both forms, static routes, malformed input. No public
// Comware running-config with PFC/ECN exists (realworld/SOURCES.md), so the inputs are hand-written
// after FORMATS-huawei-h3c.md §11.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "h3c_config.hpp"
#include "rocelint/qos.hpp"
#include "test_util.hpp"
#include "vendor_samples.hpp"

namespace rocelint {
namespace {

using test::loadError;
using test::onlySwitch;
using test::portOf;
using test::TempDir;

const char* kLeaf =
    "#\n"                                                                                   // 1
    " version 7.1.070, Release 6710\n"                                                      // 2
    "#\n"                                                                                   // 3
    " sysname leaf1\n"                                                                      // 4
    "#\n"                                                                                   // 5
    "vlan 10\n"                                                                             // 6
    "#\n"                                                                                   // 7
    "interface Route-Aggregation1\n"                                                        // 8
    " ip address 10.1.9.0 255.255.255.254\n"                                                // 9
    " link-aggregation mode dynamic\n"                                                      // 10
    "#\n"                                                                                   // 11
    "interface FourHundredGigE1/0/1\n"                                                      // 12
    " port link-mode route\n"                                                               // 13
    " description spine1:Ethernet1/1\n"                                                     // 14
    " mtu 9216\n"                                                                           // 15
    " ip address 10.1.1.1 31\n"                                                             // 16
    "#\n"                                                                                   // 17
    "interface hundredgige 1/0/3\n"                                                         // 18
    " description gpu1:eth0\n"                                                              // 19
    " shutdown\n"                                                                           // 20
    "#\n"                                                                                   // 21
    "interface HundredGigE1/0/5:1\n"                                                        // 22
    " port link-mode route\n"                                                               // 23
    " port link-aggregation group 1\n"                                                      // 24
    "#\n"                                                                                   // 25
    "interface Twenty-FiveGigE1/0/6\n"                                                      // 26
    " speed 10000\n"                                                                        // 27
    " port link-aggregation group 2\n"                                                      // 28
    "#\n"                                                                                   // 29
    "interface HundredGigE1/0/8.100\n"                                                      // 30
    " ip address 10.9.9.1 255.255.255.0\n"                                                  // 31
    "#\n"                                                                                   // 32
    "interface M-GigabitEthernet0/0/0\n"                                                    // 33
    " ip address 192.168.0.10 255.255.255.0\n"                                              // 34
    "#\n"                                                                                   // 35
    "interface LoopBack0\n"                                                                 // 36
    " ip address 10.255.0.11 255.255.255.255\n"                                             // 37
    "#\n"                                                                                   // 38
    "bgp 65101\n"                                                                           // 39
    " router-id 10.255.0.11\n"                                                              // 40
    " group SPINE external\n"                                                               // 41
    " peer SPINE as-number 65000\n"                                                         // 42
    " peer 10.1.1.0 group SPINE\n"                                                          // 43
    " peer 10.1.1.0 description spine1\n"                                                   // 44
    " peer 10.1.2.0 as-number 65001\n"                                                      // 45
    " #\n"                                                                                  // 46
    " address-family ipv4 unicast\n"                                                        // 47
    "  balance 8\n"                                                                         // 48
    "  peer 10.1.1.0 enable\n"                                                              // 49
    "#\n"                                                                                   // 50
    " ip route-static 10.20.0.0 16 10.1.1.0\n"                                              // 51
    " ip route-static 10.30.0.0 255.255.0.0 FourHundredGigE1/0/1 10.1.1.0 preference 10\n"  // 52
    " ip route-static vpn-instance MGMT 0.0.0.0 0 192.168.0.1\n"                            // 53
    "#\n"                                                                                   // 54
    "return\n";                                                                             // 55

TEST(H3cParser, FramingInterfacesAggregationBgpAndRoutesReachTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg", kLeaf);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf1");  // an indented global after `#`, not a line of the previous view
  ASSERT_TRUE(sw.asn);
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.asn->src.line, 39);

  // Ports: named as the configuration spells them (`hundredgige 1/0/3` too), the speed from the type.
  std::vector<std::string> names;
  for (const Port& p : sw.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"FourHundredGigE1/0/1", "HundredGigE1/0/3", "HundredGigE1/0/5:1",
                                             "Twenty-FiveGigE1/0/6"}));
  const Port& up = portOf(sw, "FourHundredGigE1/0/1");
  EXPECT_EQ(up.speed_mbps->value, 400000u);
  EXPECT_EQ(up.speed_mbps->src.line, 12);
  EXPECT_EQ(up.mtu_bytes->value, 9216u);
  EXPECT_EQ(up.mtu_bytes->src.line, 15);
  EXPECT_EQ(test::origin(up.mtu_bytes->src), "cli-statement: interface FourHundredGigE1/0/1 > mtu");
  EXPECT_EQ(up.description, "spine1:Ethernet1/1");
  EXPECT_EQ(up.description_src.line, 14);
  const Port& host = portOf(sw, "HundredGigE1/0/3");
  EXPECT_EQ(host.src.line, 18);
  EXPECT_EQ(host.speed_mbps->value, 100000u);
  EXPECT_FALSE(host.admin_up->value);
  EXPECT_EQ(host.admin_up->src.line, 20);
  EXPECT_EQ(portOf(sw, "HundredGigE1/0/5:1").speed_mbps->value, 100000u);  // a breakout lane
  // ` speed N` (Mb/s) overrides the name's speed.
  EXPECT_EQ(portOf(sw, "Twenty-FiveGigE1/0/6").speed_mbps->value, 10000u);
  EXPECT_EQ(portOf(sw, "Twenty-FiveGigE1/0/6").speed_mbps->src.line, 27);

  // ` port link-aggregation group N`: the Route-Aggregation defined with that number; without an
  // aggregate interface, a bridged member's group is Bridge-Aggregation N.
  EXPECT_EQ(portOf(sw, "HundredGigE1/0/5:1").portchannel, "Route-Aggregation1");
  EXPECT_EQ(portOf(sw, "Twenty-FiveGigE1/0/6").portchannel, "Bridge-Aggregation2");
  EXPECT_EQ(sw.portchannels, std::vector<std::string>{"Route-Aggregation1"});

  // Addresses with masks or lengths; the sub-interface and the management port are out of scope.
  ASSERT_EQ(sw.addresses.size(), 3u);
  EXPECT_EQ(sw.addresses[0].interface, "Route-Aggregation1");
  EXPECT_EQ(sw.addresses[0].prefix, "10.1.9.0/31");
  EXPECT_EQ(sw.addresses[0].kind, InterfaceAddress::Kind::PortChannel);
  EXPECT_EQ(sw.addresses[1].prefix, "10.1.1.1/31");
  EXPECT_EQ(sw.addresses[1].src.line, 16);
  EXPECT_EQ(sw.addresses[2].kind, InterfaceAddress::Kind::Loopback);
  EXPECT_EQ(sw.addresses[2].prefix, "10.255.0.11/32");
  EXPECT_EQ(fabric.out_of_scope_tables.at("H3C Comware interface (sub-interface)"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("H3C Comware interface M-GigabitEthernet"), 1);

  // BGP: a peer's ASN from its group, another's own; descriptions name the peer.
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "10.1.1.0");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65000u);
  EXPECT_EQ(sw.bgp_neighbors[0].asn->src.line, 42);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[0].src.line, 43);
  EXPECT_EQ(sw.bgp_neighbors[1].asn->value, 65001u);
  EXPECT_EQ(test::origin(sw.bgp_neighbors[1].asn->src), "cli-statement: bgp 65101 > peer 10.1.2.0 as-number");

  // Static routes, global (one blank) after the bgp view's `#`: length or mask, interface and next hop, VPN.
  ASSERT_EQ(sw.static_routes.size(), 3u);
  EXPECT_EQ(sw.static_routes[0].prefix, "10.20.0.0/16");
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"10.1.1.0"});
  EXPECT_EQ(sw.static_routes[0].src.line, 51);
  EXPECT_EQ(sw.static_routes[0].src.column, 2);
  EXPECT_EQ(sw.static_routes[1].prefix, "10.30.0.0/16");
  EXPECT_EQ(sw.static_routes[1].ifnames, std::vector<std::string>{"FourHundredGigE1/0/1"});
  EXPECT_EQ(sw.static_routes[1].nexthops, std::vector<std::string>{"10.1.1.0"});
  EXPECT_EQ(sw.static_routes[2].vrf, "MGMT");
  EXPECT_EQ(sw.static_routes[2].prefix, "0.0.0.0/0");

  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].format, "H3C Comware");
  EXPECT_EQ(fabric.coverage[0].file, file);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
  EXPECT_TRUE(fabric.notes.empty());
}

// The indentation trap (FORMATS-huawei-h3c.md §11.1): a global line and a line of a view are both
// indented by one blank; only `#` at column 0 closes the view.
TEST(H3cParser, ViewsAreTheLastOpenerSinceTheHashLine) {
  cli::ConfigText config = h3c::readText(
      "#\n version 7.1.070, Release 6710\n#\n sysname leaf1\n#\ninterface HundredGigE1/0/1\n description a:b\n"
      "#\n lldp global enable\n#\nbgp 65101\n peer 10.1.1.0 as-number 65000\n #\n address-family ipv4 unicast\n"
      "  peer 10.1.1.0 enable\n#\nreturn\n",
      "leaf1.cfg");
  ASSERT_EQ(config.lines.size(), 5u);
  EXPECT_EQ(config.lines[0].text, "version 7.1.070, Release 6710");
  EXPECT_EQ(config.lines[1].text, "sysname leaf1");
  EXPECT_EQ(config.lines[1].column, 2);
  EXPECT_TRUE(config.lines[1].children.empty());
  EXPECT_EQ(config.lines[2].text, "interface HundredGigE1/0/1");
  ASSERT_EQ(config.lines[2].children.size(), 1u);
  EXPECT_EQ(config.lines[3].text, "lldp global enable");  // not a line of the interface above
  const cli::ConfigLine& bgp = config.lines[4];
  ASSERT_EQ(bgp.children.size(), 2u);
  ASSERT_EQ(bgp.children[1].children.size(), 1u);
  EXPECT_EQ(bgp.children[1].children[0].text, "peer 10.1.1.0 enable");
  EXPECT_EQ(bgp.children[1].children[0].line, 15);
  EXPECT_EQ(h3c::versionOf("#\n version 9.1.045, Release 9126\n"), 9);
  EXPECT_EQ(h3c::versionOf("sysname a\n"), std::nullopt);
}

TEST(H3cParser, InterfaceNamesAreNormalised) {
  EXPECT_EQ(h3c::interfaceName("hundredgige 1/0/1"), "HundredGigE1/0/1");
  EXPECT_EQ(h3c::interfaceName("HGE1/0/1"), "HundredGigE1/0/1");  // the display / LLDP abbreviation
  EXPECT_EQ(h3c::interfaceName("WGE1/0/2"), "Twenty-FiveGigE1/0/2");
  EXPECT_EQ(h3c::interfaceName("XGE1/0/3"), "Ten-GigabitEthernet1/0/3");
  EXPECT_EQ(h3c::interfaceName("FourHundredGigE1/0/1:2"), "FourHundredGigE1/0/1:2");
  EXPECT_EQ(h3c::interfaceName("bridge-aggregation 10"), "Bridge-Aggregation10");
  EXPECT_EQ(h3c::interfaceName("100GE1/0/1"), std::nullopt);  // VRP's spelling
  EXPECT_EQ(h3c::portSpeedMbps("Twenty-FiveGigE1/0/1"), 25000u);
  EXPECT_EQ(h3c::portSpeedMbps("TwoHundredGigE1/0/1:2"), 200000u);
  EXPECT_EQ(h3c::portSpeedMbps("FortyGigE1/0/1"), 40000u);
  EXPECT_EQ(h3c::portSpeedMbps("HundredGigE1/0/1.100"), std::nullopt);
  EXPECT_EQ(h3c::portSpeedMbps("Route-Aggregation1"), std::nullopt);
  EXPECT_EQ(h3c::portSpeedMbps("M-GigabitEthernet0/0/0"), std::nullopt);
}

// A session pasted instead of the display: the prompt says the view (`[leaf1-HundredGigE1/0/1]` is
// the interface view the previous command opened); `quit`, `return`, user-view commands go.
TEST(H3cParser, PastedSessionIsReadByItsPrompts) {
  const char* session =
      "<H3C> system-view\n"                                        // 1
      "[H3C] sysname leaf1\n"                                      // 2
      "[leaf1] interface HundredGigE1/0/1\n"                       // 3
      "[leaf1-HundredGigE1/0/1] port link-mode route\n"            // 4
      "[leaf1-HundredGigE1/0/1] description spine1:Ethernet1/1\n"  // 5
      "[leaf1-HundredGigE1/0/1] quit\n"                            // 6
      "[leaf1] bgp 65101\n"                                        // 7
      "[leaf1-bgp-default] peer 10.1.1.0 as-number 65000\n"        // 8
      "[leaf1-bgp-default] address-family ipv4 unicast\n"          // 9
      "[leaf1-bgp-default-ipv4] peer 10.1.1.0 enable\n"            // 10
      "[leaf1-bgp-default-ipv4] quit\n"                            // 11
      "[leaf1-bgp-default] peer 10.1.1.0 description spine1\n"     // 12
      "[leaf1-bgp-default] quit\n"                                 // 13
      "[leaf1]interface HundredGigE1/0/3\n"                        // 14
      "[leaf1-HundredGigE1/0/3]undo shutdown\n"                    // 15
      "[leaf1-HundredGigE1/0/3] return\n"                          // 16
      "<leaf1> save force\n";                                      // 17
  cli::ConfigText config = h3c::readText(session, "leaf1.cfg");
  ASSERT_EQ(config.lines.size(), 4u);
  EXPECT_EQ(config.lines[0].text, "sysname leaf1");
  EXPECT_EQ(config.lines[1].text, "interface HundredGigE1/0/1");
  ASSERT_EQ(config.lines[1].children.size(), 2u);
  EXPECT_EQ(config.lines[1].children[1].text, "description spine1:Ethernet1/1");
  EXPECT_EQ(config.lines[1].children[1].line, 5);
  EXPECT_EQ(config.lines[1].children[1].column, 26);  // the command's own column, after the prompt
  const cli::ConfigLine& bgp = config.lines[2];
  ASSERT_EQ(bgp.children.size(), 3u);
  ASSERT_EQ(bgp.children[1].children.size(), 1u);
  EXPECT_EQ(bgp.children[1].children[0].text, "peer 10.1.1.0 enable");
  EXPECT_EQ(bgp.children[2].text, "peer 10.1.1.0 description spine1");  // back in the bgp view
  ASSERT_EQ(config.lines[3].children.size(), 1u);
  EXPECT_EQ(config.lines[3].children[0].column, 25);  // no blank after the prompt

  TempDir dir;
  dir.write("leaf1.cfg", session);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf1");
  EXPECT_EQ(portOf(sw, "HundredGigE1/0/1").description_src.line, 5);
  EXPECT_TRUE(portOf(sw, "HundredGigE1/0/3").admin_up->value);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->src.line, 8);
  EXPECT_TRUE(fabric.notes.empty());
}

// Comware 9's BGP form [I]: `router bgp ASN` / ` neighbor X as-number N`.
TEST(H3cParser, Comware9BgpFormIsRead) {
  TempDir dir;
  dir.write("leaf1.cfg",
            "#\n version 9.1.045, Release 9126\n#\n sysname leaf1\n#\n"  // 1-5
            "router bgp 65101\n"                                         // 6
            " bgp router-id 10.255.0.11\n"                               // 7
            " neighbor 10.1.16.67 as-number 65102\n"                     // 8
            " neighbor 10.1.16.67 description spine2\n"                  // 9
            " maximum-paths ebgp 16\n"                                   // 10
            " address-family ipv4\n"                                     // 11
            "  neighbor 10.1.16.67 activate\n"                           // 12
            "#\nreturn\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.asn->src.line, 6);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "10.1.16.67");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65102u);
  EXPECT_EQ(sw.bgp_neighbors[0].asn->src.line, 8);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine2");
}

// Descriptions link Comware ports to another vendor's: `peer:port` with a long Comware name.
TEST(H3cParser, DescriptionsLinkAcrossVendors) {
  TempDir dir;
  dir.write("spine1.cfg",
            "hostname spine1\ninterface Ethernet1/1\n   description leaf1:HundredGigE1/0/49\n   mtu 9216\n"
            "   speed 100g\n   no switchport\n");
  dir.write("leaf1.cfg",
            "#\n version 7.1.070, Release 6710\n#\n sysname leaf1\n#\ninterface HundredGigE1/0/49\n"
            " port link-mode route\n description spine1:Ethernet1/1\n#\nreturn\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  ASSERT_EQ(fabric.links.size(), 1u);
  const Port& a = fabric.port(fabric.links[0].a);
  const Port& b = fabric.port(fabric.links[0].b);
  EXPECT_EQ(a.name == "HundredGigE1/0/49" ? b.name : a.name, "Ethernet1/1");
}

// Lines rocelint does not read: QoS-related ones are CFG001 notes at their line, the rest counted.
TEST(H3cParser, LinesNotReadAreNotedOrCounted) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg",
                               "#\n"                               // 1
                               " version 7.1.070, Release 6710\n"  // 2
                               "#\n"                               // 3
                               " sysname leaf1\n"                  // 4
                               "#\n"                               // 5
                               " telemetry\n"                      // 6
                               "#\n"                               // 7
                               "interface HundredGigE1/0/1\n"      // 8
                               " port link-mode route\n"           // 9
                               " qos frobnicate 3\n"               // 10
                               " lldp enable\n"                    // 11
                               "#\n"                               // 12
                               "return\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].kind, InputNote::Kind::UnknownField);
  EXPECT_EQ(fabric.notes[0].message, "H3C Comware line not understood by rocelint and ignored: \"qos frobnicate 3\"");
  EXPECT_EQ(fabric.notes[0].src.file(), file);
  EXPECT_EQ(fabric.notes[0].src.line, 10);
  EXPECT_EQ(fabric.notes[0].src.column, 2);
  EXPECT_EQ(fabric.out_of_scope_tables.at("H3C Comware telemetry"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("H3C Comware interface lldp"), 1);
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 2);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 1);
  EXPECT_EQ(fabric.coverage[0].qos_lines_unrecognised, 1);
}

TEST(H3cParser, MalformedStatementsAreRejectedWithTheirLocation) {
  struct Case {
    const char* block;
    const char* line;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"interface HundredGigE1/0/1\n", " ip address 10.1.1.1 255.0.255.0",
       "expected \"ip address <address> <mask or length>\", got \"ip address 10.1.1.1 255.0.255.0\""},
      {"interface HundredGigE1/0/1\n", " port link-mode switch",
       "expected route or bridge after \"port link-mode\", got \"switch\""},
      {"interface HundredGigE1/0/1\n", " port link-aggregation group x",
       "expected a link-aggregation group number (1-1024), got \"x\""},
      {"interface HundredGigE1/0/1\n", " speed fast", "expected a speed in Mb/s (10-800000), got \"fast\""},
      {"", "bgp 0", "expected an AS number (1-4294967295), got \"0\""},
      {"router bgp 65101\n", " neighbor 10.1.1.0 as-number many", "expected an AS number (1-4294967295), got \"many\""},
      {"", " ip route-static 10.0.0.0 10.1.1.0",
       "expected \"ip route-static [vpn-instance <name>] <prefix> <mask or length> ...\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string head = std::string("#\n version 7.1.070, Release 6710\n#\n sysname h\n#\n") + c.block;
    std::string file = dir.write("h.cfg", head + c.line + "\n");
    int line = static_cast<int>(std::count(head.begin(), head.end(), '\n')) + 1;
    std::string text = c.line;
    int column = static_cast<int>(text.find_first_not_of(' ')) + 1;
    EXPECT_EQ(loadError(dir.path()), file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                                         text.substr(column - 1) + ": " + c.expected);
  }
}

const char* kQosLeaf =
    "#\n"                                                                                    // 1
    " version 7.1.070, Release 6710\n"                                                       // 2
    "#\n"                                                                                    // 3
    " sysname leaf1\n"                                                                       // 4
    "#\n"                                                                                    // 5
    " priority-flow-control no-drop dot1p 4\n"                                               // 6
    " priority-flow-control deadlock precision high\n"                                       // 7
    " priority-flow-control deadlock cos 3 interval 10\n"                                    // 8
    " priority-flow-control deadlock auto-recover cos 3 delay 10\n"                          // 9
    " priority-flow-control deadlock auto-recover action discard\n"                          // 10
    "#\n"                                                                                    // 11
    "qos map-table dot1p-lp\n"                                                               // 12
    " import 0 export 0\n"                                                                   // 13
    " import 1 export 1\n"                                                                   // 14
    "#\n"                                                                                    // 15
    "qos map-table dscp-dot1p\n"                                                             // 16
    " import 46 48 export 6\n"                                                               // 17
    "#\n"                                                                                    // 18
    "qos wred queue table ROCE\n"                                                            // 19
    " queue 3 drop-level 0 low-limit 400 high-limit 1600 discard-probability 20\n"           // 20
    " queue 3 weighting-constant 0\n"                                                        // 21
    " queue 3 ecn\n"                                                                         // 22
    " queue 4 drop-level 0 low-limit 100 high-limit 200 discard-probability 10\n"            // 23
    "#\n"                                                                                    // 24
    "interface HundredGigE1/0/49\n"                                                          // 25
    " port link-mode route\n"                                                                // 26
    " priority-flow-control enable\n"                                                        // 27
    " priority-flow-control no-drop dot1p 3\n"                                               // 28
    " priority-flow-control deadlock enable\n"                                               // 29
    " qos trust dscp\n"                                                                      // 30
    " qos wred apply ROCE\n"                                                                 // 31
    "#\n"                                                                                    // 32
    "interface HundredGigE1/0/50\n"                                                          // 33
    " port link-mode route\n"                                                                // 34
    " priority-flow-control no-drop dot1p 3 to 4\n"                                          // 35
    " qos trust dot1p\n"                                                                     // 36
    " qos wred queue 3 drop-level 0 low-limit 300 high-limit 1200 discard-probability 50\n"  // 37
    "#\n"                                                                                    // 38
    "interface HundredGigE1/0/51\n"                                                          // 39
    " port link-mode route\n"                                                                // 40
    " priority-flow-control enable\n"                                                        // 41
    " qos priority 3\n"                                                                      // 42
    "#\n"                                                                                    // 43
    "return\n";                                                                              // 44

TEST(H3cQos, PfcTrustMapsWredAndDeadlockReachTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg", kQosLeaf);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);

  // PFC needs `enable` and `no-drop`: the interface's list (written after the system one) wins.
  const Port& up = portOf(sw, "HundredGigE1/0/49");
  EXPECT_EQ(formatPrioritySet(up.qos.pfc_enable->value), "3");
  EXPECT_EQ(up.qos.pfc_enable->src.line, 28);
  ASSERT_TRUE(up.pgs[3]);
  EXPECT_TRUE(up.pgs[3]->null_profile);  // no per-priority buffer lines: the chip sizes the headroom
  // `no-drop` without `enable`: PFC off, located at the list.
  const Port& no_enable = portOf(sw, "HundredGigE1/0/50");
  EXPECT_TRUE(no_enable.qos.pfc_enable->value.none());
  EXPECT_EQ(no_enable.qos.pfc_enable->src.line, 35);
  // `enable` alone takes the system-view list.
  const Port& system_list = portOf(sw, "HundredGigE1/0/51");
  EXPECT_EQ(formatPrioritySet(system_list.qos.pfc_enable->value), "4");
  EXPECT_EQ(system_list.qos.pfc_enable->src.line, 41);

  // DSCP -> 802.1p (dscp-dot1p over 8n..8n+7 -> n) -> local precedence (dot1p-lp over 0->2, 1->0, 2->1).
  EXPECT_EQ(up.qos.trust, Trust::Dscp);
  EXPECT_EQ(boundMap(sw, up, MapKind::DscpToTc)->name, "qos map-table dscp-dot1p");
  EXPECT_EQ(up.qos.map(MapKind::DscpToTc)->src.line, 30);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 46), 6);
  EXPECT_EQ(trafficClassOfDscp(sw, up, 40), 5);
  const QosMap* dscp = boundMap(sw, up, MapKind::DscpToTc);
  EXPECT_EQ(dscp->find(46)->src.line, 17);
  EXPECT_EQ(test::origin(dscp->find(26)->src), "default: qos map-table dscp-dot1p > import");
  EXPECT_EQ(dscp->find(26)->src.line, 4);  // Comware defaults are sited at the sysname line
  EXPECT_EQ(queueOfTc(sw, up, 0), 0);      // import 0 export 0
  EXPECT_EQ(queueOfTc(sw, up, 1), 1);
  EXPECT_EQ(queueOfTc(sw, up, 2), 1);  // not re-entered: the default's 2 -> 1
  EXPECT_EQ(queueOfTc(sw, up, 3), 3);
  EXPECT_EQ(queueOfPfcPriority(sw, up, 3), std::optional<int>(3));
  EXPECT_EQ(no_enable.qos.trust, Trust::Pcp);
  // No `qos trust`: every packet takes the port priority.
  EXPECT_EQ(trafficClassOfDscp(sw, system_list, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, system_list, 0), 3);
  EXPECT_EQ(boundMap(sw, system_list, MapKind::DscpToTc)->name, "h3c-untrusted-priority-3");
  EXPECT_EQ(system_list.qos.map(MapKind::DscpToTc)->src.line, 42);

  // WRED: the applied table's queue 3 marks (its `queue 3 ecn`), queue 4 drops; cells x 256 B
  // (the platform is not named: the default, with a note).
  ASSERT_TRUE(up.queue(3) && up.queue(3)->wred_profile);
  const WredProfile& ecn = sw.wred_profiles.at(up.queue(3)->wred_profile->name);
  EXPECT_EQ(ecn.name, "qos wred queue table ROCE queue 3");
  EXPECT_EQ(ecn.ecn->value, "ecn_all");
  EXPECT_EQ(ecn.ecn->src.line, 22);
  EXPECT_EQ(ecn.color(Color::Green).min_threshold_bytes->value, 400u * 256);
  EXPECT_EQ(ecn.color(Color::Green).max_threshold_bytes->value, 1600u * 256);
  EXPECT_EQ(ecn.color(Color::Green).max_threshold_bytes->src.line, 20);
  EXPECT_EQ(ecn.color(Color::Red).drop_probability_percent->value, 20);  // the drop-level 0 curve
  EXPECT_EQ(up.queue(3)->wred_profile->src.line, 31);
  ASSERT_TRUE(up.queue(4) && up.queue(4)->wred_profile);
  EXPECT_EQ(sw.wred_profiles.at(up.queue(4)->wred_profile->name).ecn->value, "ecn_none");
  // The interface's own `qos wred queue` lines without `ecn` drop.
  ASSERT_TRUE(no_enable.queue(3) && no_enable.queue(3)->wred_profile);
  EXPECT_EQ(no_enable.queue(3)->wred_profile->name, "interface HundredGigE1/0/50 qos wred queue 3 (no ecn)");

  // Deadlock detection on the port with `deadlock enable`: 10 x 10 ms (precision high), recovery
  // 10 x 100 ms, discard; none without it.
  ASSERT_TRUE(up.watchdog);
  EXPECT_EQ(up.watchdog->detection_ms->value, 100);
  EXPECT_EQ(up.watchdog->detection_ms->src.line, 8);
  EXPECT_EQ(up.watchdog->restoration_ms->value, 1000);
  EXPECT_EQ(up.watchdog->restoration_ms->src.line, 9);
  EXPECT_EQ(up.watchdog->action->value, "drop");
  EXPECT_EQ(up.watchdog->action->src.line, 10);
  EXPECT_FALSE(system_list.watchdog);

  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].message,
            "a value in cells on a platform of unknown cell size (the configuration does not name it): rocelint "
            "takes 256 bytes per cell (docs/inputs.md, \"H3C Comware (7 / 9)\")");
  EXPECT_EQ(fabric.notes[0].src.line, 20);
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
}

TEST(H3cQos, PerPriorityBuffersHeadroomPoolAndSchedulingReachTheModel) {
  TempDir dir;
  dir.write("leaf1.cfg",
            "#\n version 7.1.070, Release 6710\n#\n sysname leaf1\n#\n"     // 1-5
            " priority-flow-control poolid 0 headroom 9928\n"               // 6
            "#\n"                                                           // 7
            "interface HundredGigE1/0/49\n"                                 // 8
            " priority-flow-control enable\n"                               // 9
            " priority-flow-control no-drop dot1p 3\n"                      // 10
            " priority-flow-control dot1p 3 headroom 491\n"                 // 11
            " priority-flow-control dot1p 3 reserved-buffer 17\n"           // 12
            " priority-flow-control dot1p 3 ingress-buffer static 1000\n"   // 13
            " priority-flow-control dot1p 3 ingress-threshold-offset 12\n"  // 14
            " qos wrr byte-count\n"                                         // 15
            " qos wrr af3 group 1 byte-count 60\n"                          // 16
            " qos wrr 6 group sp\n"                                         // 17
            "#\n"                                                           // 18
            "interface HundredGigE1/0/50\n"                                 // 19
            " qos sp\n"                                                     // 20
            "#\nreturn\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& up = portOf(sw, "HundredGigE1/0/49");
  ASSERT_TRUE(up.pgs[3] && up.pgs[3]->profile);
  const BufferProfile& pg3 = sw.profiles.at(up.pgs[3]->profile->name);
  EXPECT_EQ(pg3.name, "interface HundredGigE1/0/49 priority-flow-control dot1p 3");
  EXPECT_EQ(pg3.xoff_bytes->value, 491u * 256);  // cells x the default 256 B
  EXPECT_EQ(pg3.xoff_bytes->src.line, 11);
  EXPECT_EQ(pg3.size_bytes->value, 17u * 256);
  EXPECT_EQ(pg3.static_th_bytes->value, 1000u * 256);
  EXPECT_EQ(pg3.static_th_bytes->src.line, 13);
  EXPECT_EQ(pg3.xon_offset_bytes->value, 12u * 256);
  EXPECT_FALSE(pg3.headroom_dynamic);
  EXPECT_EQ(pg3.pool->name, "priority-flow-control poolid 0");
  EXPECT_EQ(sw.pools.at("priority-flow-control poolid 0").shared_headroom_bytes->value, 9928u * 256);
  EXPECT_EQ(sw.pools.at("priority-flow-control poolid 0").src.line, 6);

  // WRR in bytes: af3 (queue 3) weight 60, queue 6 strict, the others weight 1.
  ASSERT_TRUE(up.queue(3) && up.queue(3)->scheduler);
  const Scheduler& roce = sw.schedulers.at(up.queue(3)->scheduler->name);
  EXPECT_EQ(roce.type->value, "DWRR");
  EXPECT_EQ(roce.weight->value, 60);
  EXPECT_EQ(roce.src.line, 16);
  EXPECT_EQ(sw.schedulers.at(up.queue(6)->scheduler->name).type->value, "STRICT");
  EXPECT_EQ(up.queue(6)->scheduler->src.line, 17);
  EXPECT_EQ(sw.schedulers.at(up.queue(0)->scheduler->name).weight->value, 1);
  EXPECT_EQ(up.queue(0)->scheduler->src.line, 15);
  const Port& sp = portOf(sw, "HundredGigE1/0/50");
  ASSERT_TRUE(sp.queue(3) && sp.queue(3)->scheduler);
  EXPECT_EQ(sp.queue(3)->scheduler->name, "qos sp");
  EXPECT_EQ(sw.schedulers.at("qos sp").type->value, "STRICT");

  // One note: the cell size is the default (at the first value in cells, the pool).
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].src.line, 6);
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
}

// ---------------------------------------------------------------------------------------------
// samples/leafspine-h3c is samples/leafspine-clean in Comware syntax
// ---------------------------------------------------------------------------------------------

const char* const kCellNote = "a value in cells on a platform of unknown cell size";

TEST(VendorSamples, H3cSampleHasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample("leafspine-h3c", test::h3cPortOf, 6, kCellNote);
  // The tolerated note: one per switch, at its first value in cells (the WRED table's first line).
  Report report = analyze(loadFabric({test::sourceDir() + "/samples/leafspine-h3c"}), {});
  ASSERT_EQ(report.findings.size(), 6u);
  for (const Finding& f : report.findings) {
    EXPECT_EQ(f.rule, "CFG001");
    EXPECT_EQ(f.severity, Severity::Note);
    EXPECT_EQ(f.message.rfind(kCellNote, 0), 0u) << f.message;
  }
}

TEST(H3cSample, SeededDscp26MistakeGivesTheSameFindingAsInSonic) {
  TempDir sonic_dir;
  TempDir h3c_dir;
  int seeded_line = 0;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-h3c/" + name + ".cfg");
    ASSERT_FALSE(json.empty() || cfg.empty()) << name;
    if (name == "spine2") {
      // The same mistake as leafspine-broken's first: DSCP 26 (RoCE) in TC 1 instead of TC 3.
      auto doc = nlohmann::json::parse(json);
      doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
      json = doc.dump(4);
      // Comware's default dscp-dot1p already puts 26 in 802.1p 3: the mistake is a line that moves it to 1.
      const std::string table = "qos map-table dscp-dot1p\n";
      ASSERT_NE(cfg.find(table), std::string::npos);
      std::size_t at = cfg.find(table) + table.size();
      seeded_line = static_cast<int>(std::count(cfg.begin(), cfg.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
      cfg.insert(at, " import 26 export 1\n");
    }
    sonic_dir.write(name + ".json", json);
    h3c_dir.write(name + ".cfg", cfg);
  }
  Report sonic = test::check(sonic_dir.path());
  Report h3c = test::check(h3c_dir.path());
  EXPECT_EQ(test::findingKeys(sonic, [](const std::string& port) { return test::h3cPortOf("spine2", port); }),
            (std::set<test::FindingKey>{{"MAP001", "spine2", "FourHundredGigE1/0/1", 1}}));
  std::vector<Finding> map001 = test::withRule(h3c, "MAP001");
  std::set<test::FindingKey> keys;
  for (const Finding& f : map001) keys.insert({f.rule, f.switch_name, f.port, f.priority.value_or(-1)});
  EXPECT_EQ(keys, (std::set<test::FindingKey>{{"MAP001", "spine2", "FourHundredGigE1/0/1", 1}}));
  ASSERT_EQ(map001.size(), 1u);
  // The finding points at the line that was added, with the fix in Comware syntax.
  const Finding& f = map001[0];
  EXPECT_EQ(test::origin(f.location), "cli-statement: qos map-table dscp-dot1p > import export");
  EXPECT_EQ(f.location.line, seeded_line);
  EXPECT_EQ(f.location.file(), h3c_dir.path() + "/spine2.cfg");
  EXPECT_EQ(f.severity, sonic.findings[0].severity);
  EXPECT_NE(f.fix.find("`import 26 export 3` in `qos map-table dscp-dot1p`"), std::string::npos) << f.fix;
  // Besides it, only the cell-size notes.
  EXPECT_EQ(h3c.findings.size(), 7u);
}

TEST(H3cQos, CellSizesByPlatformFamily) {
  EXPECT_EQ(h3c::cellBytesOf("S9820-64H"), 208u);
  EXPECT_EQ(h3c::cellBytesOf("S6850-56HF"), 256u);
  EXPECT_EQ(h3c::cellBytesOf("S9825-64D"), 254u);
  EXPECT_EQ(h3c::cellBytesOf("S12500R-2L"), std::nullopt);
}

// An undefined WRED table is CFG002 at the `qos wred apply` line with the fix in Comware syntax.
TEST(H3cQos, UndefinedWredTableIsCfg002) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg",
                               "#\n version 7.1.070, Release 6710\n#\n sysname leaf1\n#\n"  // 1-5
                               "interface HundredGigE1/0/49\n"                              // 6
                               " priority-flow-control enable\n"                            // 7
                               " qos wred apply GOLD\n"                                     // 8
                               "#\nreturn\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].kind, InputNote::Kind::UndefinedReference);
  EXPECT_EQ(fabric.notes[0].message,
            "HundredGigE1/0/49: qos wred apply GOLD names a WRED table that is not defined; no queue of "
            "HundredGigE1/0/49 marks or drops early");
  EXPECT_EQ(fabric.notes[0].src.line, 8);
  EXPECT_EQ(fabric.notes[0].referenced_kind, "qos wred queue table");
  EXPECT_EQ(fabric.notes[0].fix,
            "define `qos wred queue table GOLD` with its `queue N ecn` lines, or correct the name");
  EXPECT_TRUE(portOf(onlySwitch(fabric), "HundredGigE1/0/49").qos.pfc_enable->value.none());  // no no-drop list
}

TEST(H3cQos, MalformedQosStatementsAreRejectedWithTheirLocation) {
  struct Case {
    const char* block;
    const char* line;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"interface HundredGigE1/0/1\n", " priority-flow-control no-drop dot1p 9",
       "expected an 802.1p priority (0-7), got \"9\""},
      {"qos map-table dot1p-lp\n", " import 0 export 9", "expected a local precedence (0-7), got \"9\""},
      {"qos map-table dscp-dot1p\n", " import 26 to 20 export 3", "expected a DSCP value (26-63), got \"20\""},
      {"qos map-table dscp-dot1p\n", " import 26 3", "expected \"import <values> export <value>\""},
      {"", " priority-flow-control deadlock precision fine",
       "expected high, normal or low after \"precision\", got \"fine\""},
      {"", " priority-flow-control deadlock auto-recover action resume",
       "expected discard or forwarding after \"action\", got \"resume\""},
      {"qos wred queue table ROCE\n", " queue 3 drop-level 0 low-limit 400 high-limit 100 discard-probability 20",
       "expected a threshold in cells (400-4294967295), got \"100\""},
      {"interface HundredGigE1/0/1\n", " priority-flow-control dot1p 3 headroom lots",
       "expected a size in cells (0-4294967295), got \"lots\""},
      {"interface HundredGigE1/0/1\n", " priority-flow-control dot1p 3 xoff 100",
       "expected headroom, reserved-buffer, ingress-buffer static|dynamic or ingress-threshold-offset after "
       "\"dot1p 3\", got \"xoff\""},
      {"interface HundredGigE1/0/1\n", " qos wrr gold group 1 byte-count 60",
       "expected a queue (0-7, be, af1-af4, ef, cs6, cs7), got \"gold\""},
      {"qos wred queue table ROCE\n", " queue 3 mark",
       "expected drop-level, ecn or weighting-constant after \"queue 3\", got \"mark\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string head = std::string("#\n version 7.1.070, Release 6710\n#\n sysname h\n#\n") + c.block;
    std::string file = dir.write("h.cfg", head + c.line + "\n");
    int line = static_cast<int>(std::count(head.begin(), head.end(), '\n')) + 1;
    std::string text = c.line;
    int column = static_cast<int>(text.find_first_not_of(' ')) + 1;
    EXPECT_EQ(loadError(dir.path()), file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                                         text.substr(column - 1) + ": " + c.expected);
  }
}

}  // namespace
}  // namespace rocelint
