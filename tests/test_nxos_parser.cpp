// Cisco NX-OS running-config parser: every construct, defaults, malformed input, references.
// No public NX-OS running-config with PFC/ECN exists (realworld/SOURCES.md), so the inputs are
// hand-written after FORMATS.md §5.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rocelint/qos.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::loadError;
using test::onlySwitch;
using test::portOf;
using test::TempDir;
using test::withRule;

const char* kLeaf =
    "!Command: show running-config\n"                                                                              // 1
    "version 10.3(4a) Bios:version 05.47\n"                                                                        // 2
    "hostname nx-leaf1\n"                                                                                          // 3
    "feature lldp\n"                                                                                               // 4
    "class-map type qos match-any ROCE\n"                                                                          // 5
    "  match dscp 24,26\n"                                                                                         // 6
    "class-map type qos match-any CNP\n"                                                                           // 7
    "  match dscp cs6\n"                                                                                           // 8
    "class-map type qos match-any OLD\n"                                                                           // 9
    "  match precedence 1\n"                                                                                       // 10
    "policy-map type qos QOS_IN\n"                                                                                 // 11
    "  class ROCE\n"                                                                                               // 12
    "    set qos-group 3\n"                                                                                        // 13
    "  class CNP\n"                                                                                                // 14
    "    set qos-group 7\n"                                                                                        // 15
    "  class OLD\n"                                                                                                // 16
    "    set qos-group 1\n"                                                                                        // 17
    "  class class-default\n"                                                                                      // 18
    "    set qos-group 2\n"                                                                                        // 19
    "policy-map type queuing QOS_OUT\n"                                                                            // 20
    "  class type queuing c-out-8q-q7\n"                                                                           // 21
    "    priority level 1\n"                                                                                       // 22
    "  class type queuing c-out-8q-q3\n"                                                                           // 23
    "    bandwidth remaining percent 50\n"                                                                         // 24
    "    random-detect minimum-threshold 150 kbytes maximum-threshold 3 mbytes drop-probability 7 weight 0 ecn\n"  // 25
    "  class type queuing c-out-8q-q-default\n"                                                                    // 26
    "    random-detect minimum-threshold 20000 bytes maximum-threshold 40000 bytes\n"                              // 27
    "policy-map type network-qos QOS_NET\n"                                                                        // 28
    "  class type network-qos c-8q-nq3\n"                                                                          // 29
    "    mtu 9216\n"                                                                                               // 30
    "    pause pfc-cos 3\n"                                                                                        // 31
    "  class type network-qos c-8q-nq-default\n"                                                                   // 32
    "    mtu 9216\n"                                                                                               // 33
    "system qos\n"                                                                                                 // 34
    "  service-policy type network-qos QOS_NET\n"                                                                  // 35
    "  service-policy type queuing output QOS_OUT\n"                                                               // 36
    "priority-flow-control watch-dog-interval on\n"                                                                // 37
    "priority-flow-control watch-dog interval 200\n"                                                               // 38
    "priority-flow-control watch-dog shutdown-multiplier 2\n"                                                      // 39
    "priority-flow-control auto-restore multiplier 5\n"                                                            // 40
    "interface Ethernet1/1\n"                                                                                      // 41
    "  description spine1:Ethernet1/1\n"                                                                           // 42
    "  priority-flow-control mode on\n"                                                                            // 43
    "  service-policy type qos input QOS_IN\n"                                                                     // 44
    "  mtu 9216\n"                                                                                                 // 45
    "  speed 400000\n"                                                                                             // 46
    "  no switchport\n"                                                                                            // 47
    "  ip address 10.0.0.1/31\n"                                                                                   // 48
    "  no shutdown\n"                                                                                              // 49
    "interface Ethernet1/2\n"                                                                                      // 50
    "  description gpu1:eth0\n"                                                                                    // 51
    "  service-policy type qos input QOS_IN\n"                                                                     // 52
    "interface Ethernet1/3\n"                                                                                      // 53
    "  description gpu2:eth0\n"                                                                                    // 54
    "  priority-flow-control mode off\n"                                                                           // 55
    "interface Ethernet1/4\n"                                                                                      // 56
    "  priority-flow-control watch-dog-interval off\n"                                                             // 57
    "  channel-group 10 mode active\n"                                                                             // 58
    "interface port-channel10\n"                                                                                   // 59
    "  service-policy type qos input QOS_IN\n"                                                                     // 60
    "interface mgmt0\n"                                                                                            // 61
    "  ip address 192.168.0.10/24\n"                                                                               // 62
    "interface loopback0\n"                                                                                        // 63
    "  ip address 10.1.0.1/32\n"                                                                                   // 64
    "vrf context management\n"                                                                                     // 65
    "  ip route 0.0.0.0/0 192.168.0.1\n"                                                                           // 66
    "router bgp 65101\n"                                                                                           // 67
    "  template peer SPINE\n"                                                                                      // 68
    "    remote-as 65100\n"                                                                                        // 69
    "  neighbor 10.0.0.0\n"                                                                                        // 70
    "    inherit peer SPINE\n"                                                                                     // 71
    "    description spine1\n"                                                                                     // 72
    "  neighbor 10.0.0.8 remote-as 65200\n"                                                                        // 73
    "ip route 10.200.0.0/16 Ethernet1/1 10.0.0.0\n";                                                               // 74

TEST(NxosParser, EveryConstructReachesTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg", kLeaf);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "nx-leaf1");
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);

  const Port& e1 = portOf(sw, "Ethernet1/1");
  EXPECT_EQ(e1.speed_mbps->value, 400000u);
  EXPECT_EQ(e1.mtu_bytes->value, 9216u);
  EXPECT_EQ(test::origin(e1.mtu_bytes->src), "cli-statement: interface Ethernet1/1 > mtu");
  EXPECT_EQ(e1.neighbor->device, "spine1");
  EXPECT_EQ(e1.admin_up->value, true);
  // Classification from the qos policy: first matching class, class-default for the rest.
  EXPECT_EQ(e1.qos.trust, Trust::Dscp);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 24), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 48), 7);  // cs6
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 10), 1);  // precedence 1 = DSCP 8-15
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 46), 2);  // class-default
  const QosMap* dscp = boundMap(sw, e1, MapKind::DscpToTc);
  ASSERT_NE(dscp, nullptr);
  EXPECT_EQ(dscp->name, "policy-map type qos QOS_IN");
  EXPECT_EQ(dscp->find(26)->src.line, 13);
  EXPECT_EQ(test::origin(dscp->find(26)->src),
            "cli-statement: policy-map type qos QOS_IN > class ROCE > set qos-group");
  EXPECT_EQ(dscp->find(46)->src.line, 19);
  // PFC: the system's no-drop CoS 3; qos-group N -> queue N; CoS 3 pauses queue 3.
  EXPECT_EQ(formatPrioritySet(e1.qos.pfc_enable->value), "3");
  EXPECT_EQ(e1.qos.pfc_enable->src.line, 43);
  EXPECT_TRUE(e1.pgs[3] && e1.pgs[3]->null_profile);
  EXPECT_EQ(e1.pgs[3]->src.line, 31);
  EXPECT_TRUE(isLosslessDscp(sw, e1, 26));
  EXPECT_FALSE(isLosslessDscp(sw, e1, 48));
  EXPECT_EQ(queueOfTc(sw, e1, 3), 3);
  EXPECT_EQ(queueOfPfcPriority(sw, e1, 3), std::optional<int>(3));
  // ECN on queue 3 from the system queuing policy: kbytes/mbytes are binary.
  ASSERT_TRUE(e1.queue(3) && e1.queue(3)->wred_profile);
  const WredProfile& w3 = sw.wred_profiles.at(e1.queue(3)->wred_profile->name);
  EXPECT_EQ(w3.name, "policy-map type queuing QOS_OUT class c-out-8q-q3");
  EXPECT_EQ(w3.color(Color::Green).min_threshold_bytes->value, 153600u);
  EXPECT_EQ(w3.color(Color::Green).max_threshold_bytes->value, 3u * 1024 * 1024);
  EXPECT_EQ(w3.color(Color::Red).drop_probability_percent->value, 7);
  EXPECT_TRUE(w3.marks(Color::Green));
  EXPECT_EQ(w3.src.line, 25);
  const WredProfile& w0 = sw.wred_profiles.at(e1.queue(0)->wred_profile->name);
  EXPECT_FALSE(w0.marks(Color::Green));  // no "ecn": WRED drop
  EXPECT_EQ(w0.color(Color::Green).max_threshold_bytes->value, 40000u);
  EXPECT_EQ(sw.schedulers.at(e1.queue(7)->scheduler->name).type->value, "STRICT");
  EXPECT_EQ(sw.schedulers.at(e1.queue(3)->scheduler->name).weight->value, 50);
  // Watchdog: interval 200 ms x shutdown-multiplier 2, auto-restore 5 x 200 ms.
  ASSERT_TRUE(e1.watchdog);
  EXPECT_EQ(e1.watchdog->detection_ms->value, 400);
  EXPECT_EQ(e1.watchdog->restoration_ms->value, 1000);
  EXPECT_EQ(e1.watchdog->action->value, "drop");
  EXPECT_EQ(e1.watchdog->src.line, 37);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 200);

  // Mode auto (the default) enables the no-drop classes; off disables them.
  const Port& e2 = portOf(sw, "Ethernet1/2");
  EXPECT_EQ(formatPrioritySet(e2.qos.pfc_enable->value), "3");
  EXPECT_EQ(e2.qos.pfc_enable->src.line, 31);
  EXPECT_TRUE(e2.watchdog);
  const Port& e3 = portOf(sw, "Ethernet1/3");
  EXPECT_TRUE(e3.qos.pfc_enable->value.none());
  EXPECT_EQ(e3.qos.pfc_enable->src.line, 55);
  // No qos policy: every packet in qos-group 0, so DSCP 26 is lossy there.
  EXPECT_EQ(trafficClassOfDscp(sw, e3, 26), 0);
  EXPECT_EQ(boundMap(sw, e3, MapKind::DscpToTc)->name, "nxos-default-qos-group-0");
  // A LAG member takes the port-channel's qos policy; its own watchdog off wins.
  const Port& e4 = portOf(sw, "Ethernet1/4");
  EXPECT_EQ(e4.portchannel, "port-channel10");
  EXPECT_EQ(trafficClassOfDscp(sw, e4, 26), 3);
  EXPECT_FALSE(e4.watchdog);
  EXPECT_EQ(sw.findPort("mgmt0"), nullptr);

  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65100u);  // from the peer template
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[1].asn->value, 65200u);
  ASSERT_EQ(sw.static_routes.size(), 2u);
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"192.168.0.1"});
  EXPECT_EQ(sw.static_routes[1].ifnames, std::vector<std::string>{"Ethernet1/1"});
  EXPECT_EQ(sw.static_routes[1].nexthops, std::vector<std::string>{"10.0.0.0"});
  ASSERT_EQ(sw.addresses.size(), 2u);
  EXPECT_EQ(sw.addresses[1].kind, InterfaceAddress::Kind::Loopback);

  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].format, "NX-OS");
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
  EXPECT_TRUE(fabric.notes.empty());
  // The whole file is a consistent single-switch config: no finding but one. Ethernet1/2 writes
  // `priority-flow-control mode auto` toward a server, whose NIC need not run DCBX (PFC008).
  Report report = analyze(fabric, {});
  for (const auto& f : report.findings) {
    if (f.rule == "PFC008" && f.port == "Ethernet1/2") continue;
    ADD_FAILURE() << f.rule << " " << f.port << ": " << f.message;
  }
  EXPECT_EQ(test::withRule(report, "PFC008").size(), 1u);
}

TEST(NxosParser, UserClassesCosTrustAndPfcCosOtherThanTheQosGroup) {
  TempDir dir;
  dir.write("nx.cfg",
            "hostname nx\n"
            "feature lldp\n"
            "class-map type qos match-any L2ROCE\n"
            "  match cos 4\n"
            "class-map type network-qos NQ_ROCE\n"
            "  match qos-group 3\n"
            "class-map type queuing Q_ROCE\n"
            "  match qos-group 3\n"
            "policy-map type qos IN\n"
            "  class L2ROCE\n"
            "    set qos-group 3\n"
            "policy-map type network-qos NQ\n"
            "  class type network-qos NQ_ROCE\n"
            "    pause pfc-cos 4\n"
            "policy-map type queuing OUT\n"
            "  class type queuing Q_ROCE\n"
            "    random-detect minimum-threshold 1 mbytes maximum-threshold 2 mbytes ecn\n"
            "system qos\n"
            "  service-policy type network-qos NQ\n"
            "  service-policy type queuing output OUT\n"
            "  service-policy type qos input IN\n"
            "interface Ethernet1/1\n"
            "  priority-flow-control mode on\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  const Port& e1 = portOf(sw, "Ethernet1/1");
  EXPECT_EQ(e1.qos.trust, Trust::Pcp);  // the policy matches CoS only
  const QosMap* cos = boundMap(sw, e1, MapKind::Dot1pToTc);
  ASSERT_NE(cos, nullptr);
  EXPECT_EQ(cos->find(4)->value, 3);
  EXPECT_EQ(cos->find(3)->value, 0);
  EXPECT_EQ(formatPrioritySet(e1.qos.pfc_enable->value), "4");
  EXPECT_EQ(queueOfPfcPriority(sw, e1, 4), std::optional<int>(3));  // CoS 4 pauses qos-group 3's queue
  EXPECT_EQ(sw.wred_profiles.at(e1.queue(3)->wred_profile->name).color(Color::Green).min_threshold_bytes->value,
            1024u * 1024);
  // The system's lossless class is qos-group 3 but PFC pauses CoS 4: the rules see it.
  Report report = analyze(fabric, {});
  EXPECT_FALSE(withRule(report, "MAP005").empty());
}

TEST(NxosParser, UndefinedReferencesAndUnknownLines) {
  TempDir dir;
  dir.write("nx.cfg",
            "hostname nx\n"
            "feature lldp\n"
            "policy-map type qos IN\n"
            "  class NOPE\n"
            "    set qos-group 3\n"
            "    set dscp 10\n"
            "policy-map type network-qos NQ\n"
            "  class type network-qos MYCLASS\n"
            "    pause pfc-cos 3\n"
            "    pause buffer-size 100000 pause-threshold 60000 resume-threshold 50000\n"
            "system qos\n"
            "  service-policy type network-qos NQ\n"
            "  service-policy type queuing output MISSING\n"
            "interface Ethernet1/1\n"
            "  service-policy type qos input IN\n"
            "  priority-flow-control frobnicate\n");
  Fabric fabric = loadFabric({dir.path()});
  Report report = analyze(fabric, {});
  // Three undefined references: the class-map of class NOPE, the network-qos class-map MYCLASS, the
  // queuing policy-map MISSING.
  EXPECT_TRUE(withRule(report, "CFG005").empty());
  auto invalid = withRule(report, "CFG002");
  ASSERT_EQ(invalid.size(), 3u);
  EXPECT_EQ(invalid[0].location.line, 4);
  EXPECT_EQ(invalid[0].message,
            "policy-map type qos IN: class NOPE names a class-map type qos that is not defined; it matches nothing");
  EXPECT_EQ(invalid[1].location.line, 8);
  EXPECT_NE(invalid[1].message.find("neither a system class"), std::string::npos);
  EXPECT_EQ(invalid[2].location.line, 13);
  EXPECT_EQ(
      invalid[2].message,
      "service-policy type queuing MISSING names a policy-map that is not defined; the NX-OS default policy applies");
  EXPECT_EQ(invalid[0].fix,
            "define `class-map type qos match-any NOPE` with its `match dscp` lines, or correct the class name in "
            "policy-map IN");
  EXPECT_EQ(invalid[2].fix,
            "define `policy-map type queuing MISSING`, or correct the name in the `service-policy` line");
  EXPECT_EQ(invalid[1].fix,
            "define `class-map type network-qos match-any MYCLASS` with `match qos-group N`, or name a system class in "
            "policy-map NQ");
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 3u);
  EXPECT_EQ(unknown[0].location.line, 6);
  EXPECT_EQ(unknown[1].location.line, 10);
  EXPECT_EQ(unknown[2].location.line, 16);
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines - fabric.coverage[0].qos_lines_parsed, 3);
  // MYCLASS has no qos-group: no no-drop class, so no PFC anywhere.
  EXPECT_FALSE(portOf(fabric.switches.at(0), "Ethernet1/1").qos.pfc_enable);
}

TEST(NxosParser, MalformedQosLinesAreInputErrorsWithLocation) {
  struct Case {
    const char* block;
    const char* line;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"policy-map type queuing OUT\n  class type queuing c-out-8q-q3\n",
       "    random-detect minimum-threshold abc kbytes maximum-threshold 3000 kbytes ecn",
       "expected a minimum-threshold value (0-4294967295), got \"abc\""},
      {"policy-map type queuing OUT\n  class type queuing c-out-8q-q3\n",
       "    random-detect minimum-threshold 150 segments maximum-threshold 3000 kbytes ecn",
       "expected a unit after minimum-threshold 150 (bytes, kbytes, mbytes), got \"segments\""},
      {"policy-map type queuing OUT\n  class type queuing c-out-8q-q3\n",
       "    random-detect minimum-threshold 150 kbytes ecn", "expected \"maximum-threshold <value> <unit>\""},
      {"policy-map type network-qos NQ\n  class type network-qos c-8q-nq3\n", "    pause pfc-cos 9",
       "expected pfc-cos values 0-7 (lists a,b and ranges a-b), got \"9\""},
      {"policy-map type qos IN\n  class C\n", "    set qos-group x", "expected a qos-group (0-7), got \"x\""},
      {"class-map type qos match-any C\n", "  match dscp 24-70",
       "expected dscp values 0-63 (lists a,b and ranges a-b), got \"24-70\""},
      {"interface Ethernet1/1\n", "  priority-flow-control mode sometimes",
       "expected on, auto or off, got \"sometimes\""},
      {"", "priority-flow-control watch-dog interval fast", "expected an interval in ms (1-100000), got \"fast\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string head = std::string("hostname nx\nfeature lldp\n") + c.block;
    std::string file = dir.write("nx.cfg", head + c.line + "\n");
    int line = static_cast<int>(std::count(head.begin(), head.end(), '\n')) + 1;
    std::string text = c.line;
    int column = static_cast<int>(text.find_first_not_of(' ')) + 1;
    EXPECT_EQ(loadError(dir.path()), file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                                         text.substr(column - 1) + ": " + c.expected);
  }
}

TEST(NxosParser, FabricMixesVendors) {
  TempDir dir;
  dir.write("spine1.cfg",
            "hostname spine1\ninterface Ethernet1/1\n   description nx-leaf1:Ethernet1/1\n   mtu 9216\n"
            "   speed 400g\n   no switchport\n");
  dir.write("nx-leaf1.cfg", kLeaf);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  ASSERT_EQ(fabric.links.size(), 1u);  // EOS spine1:Ethernet1/1 <-> NX-OS nx-leaf1:Ethernet1/1
  EXPECT_EQ(fabric.coverage.size(), 2u);
  EXPECT_EQ(fabric.coverage[0].format == "EOS" ? fabric.coverage[1].format : fabric.coverage[0].format, "NX-OS");
  // The EOS spine has no PFC on the link while the NX-OS leaf has CoS 3: PFC001 sees it across vendors.
  Report report = analyze(fabric, {});
  auto mismatch = withRule(report, "PFC001");
  ASSERT_EQ(mismatch.size(), 1u);
  EXPECT_EQ(mismatch[0].priority, 3);
}

// NX-OS access ports: `switchport` with `switchport access vlan N` or `switchport mode access`
// (VLAN 1); a trunk, a routed port and a port-channel's members as on EOS; a range gives each
// member the VLAN at the range's line.
TEST(NxosAccessPorts, AccessVlanAndItsLineTrunkRoutedAndLagMembers) {
  TempDir dir;
  std::string file = dir.write("tor1.cfg",
                               "hostname tor1\n"                      // 1
                               "feature lacp\n"                       // 2
                               "interface Ethernet1/1\n"              // 3
                               "  switchport\n"                       // 4
                               "  switchport access vlan 10\n"        // 5
                               "interface Ethernet1/2\n"              // 6
                               "  switchport\n"                       // 7
                               "  switchport mode access\n"           // 8
                               "interface Ethernet1/3\n"              // 9
                               "  switchport\n"                       // 10
                               "  switchport mode trunk\n"            // 11
                               "  switchport trunk native vlan 10\n"  // 12
                               "  switchport access vlan 30\n"        // 13
                               "interface Ethernet1/4\n"              // 14
                               "  no switchport\n"                    // 15
                               "  ip address 10.0.0.0/31\n"           // 16
                               "interface Ethernet1/5\n"              // 17
                               "  channel-group 7 mode active\n"      // 18
                               "interface Ethernet1/6\n"              // 19
                               "  channel-group 7 mode active\n"      // 20
                               "interface port-channel7\n"            // 21
                               "  switchport\n"                       // 22
                               "  switchport mode access\n"           // 23
                               "  switchport access vlan 70\n"        // 24
                               "interface Ethernet1/7\n"              // 25
                               "  switchport\n"                       // 26
                               "  switchport access vlan 4095\n"      // 27
                               "interface Ethernet1/8\n"              // 28
                               "  mtu 9216\n"                         // 29
                               "interface Ethernet1/10-11\n"          // 30
                               "  switchport\n"                       // 31
                               "  switchport access vlan 110\n");     // 32
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  auto expectAccess = [&](const std::string& port, const std::string& vlan, int line) {
    const Port& p = portOf(sw, port);
    EXPECT_EQ(p.access_vlan.str(), vlan) << port;
    EXPECT_EQ(p.access_vlan_src.file(), file) << port;
    EXPECT_EQ(p.access_vlan_src.line, line) << port;
    EXPECT_EQ(p.access_vlan_src.column, 3) << port;
  };
  expectAccess("Ethernet1/1", "Vlan10", 5);
  expectAccess("Ethernet1/2", "Vlan1", 8);
  expectAccess("Ethernet1/5", "Vlan70", 24);
  expectAccess("Ethernet1/6", "Vlan70", 24);
  expectAccess("Ethernet1/10", "Vlan110", 32);
  expectAccess("Ethernet1/11", "Vlan110", 32);
  for (const char* port : {"Ethernet1/3", "Ethernet1/4", "Ethernet1/7", "Ethernet1/8"})
    EXPECT_TRUE(portOf(sw, port).access_vlan.empty()) << port;

  std::vector<const InputNote*> invalid;
  for (const InputNote& note : fabric.notes) {
    if (note.kind == InputNote::Kind::InvalidValue) invalid.push_back(&note);
  }
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->message,
            "switchport access vlan 4095: \"4095\" is not a VLAN id (1-4094); Ethernet1/7 is not taken as an access "
            "port");
  EXPECT_EQ(invalid[0]->port, "Ethernet1/7");
  EXPECT_EQ(invalid[0]->src.line, 27);
  EXPECT_EQ(invalid[0]->src.column, 3);
  ASSERT_EQ(fabric.coverage.size(), 1u);
  const ParseCoverage& cov = fabric.coverage[0];
  EXPECT_EQ(cov.qos_lines, cov.qos_lines_parsed + cov.qos_lines_not_modelled + cov.qos_lines_unrecognised);

  // The loader: the access ports without a neighbour carry the VLANs' servers; the routed port
  // with its own /31 and no neighbour is a traffic source too (docs/deadlock.md).
  std::set<std::pair<std::string, std::string>> hosts;
  for (const Host& host : fabric.hosts) hosts.emplace(fabric.port(host.attachment).name, host.name);
  EXPECT_EQ(hosts, (std::set<std::pair<std::string, std::string>>{{"Ethernet1/1", "a server in Vlan10"},
                                                                  {"Ethernet1/2", "a server in Vlan1"},
                                                                  {"Ethernet1/4", "an unnamed device on 10.0.0.0/31"},
                                                                  {"Ethernet1/5", "a server in Vlan70"},
                                                                  {"Ethernet1/6", "a server in Vlan70"},
                                                                  {"Ethernet1/10", "a server in Vlan110"},
                                                                  {"Ethernet1/11", "a server in Vlan110"}}));
}

// The Azure Local TOR, read by hand: `interface Ethernet 1/1-1/54` puts every port in access VLAN 2
// (line 511, the generator's parking VLAN for unused, shut-down ports); later blocks make 1/1-1/32
// and 1/49-1/51 trunks, 1/47-1/48 routed, and 1/41-1/42 members of the routed port-channel50. The
// other 15 ports stay access ports of VLAN 2.
TEST(NxosRealWorld, AzureStackTorAccessPorts) {
  Fabric fabric = loadFabric({test::sharedDir() + "/corpus/nxos-azurestack/switched-expected_full_config.cfg"});
  const Switch& sw = onlySwitch(fabric);
  std::vector<std::string> access;
  for (const Port& p : sw.ports) {
    if (p.access_vlan.empty()) continue;
    access.push_back(p.name);
    EXPECT_EQ(p.access_vlan.str(), "Vlan2") << p.name;
    EXPECT_EQ(p.access_vlan_src.line, 511) << p.name;
    EXPECT_TRUE(p.isAdminDown()) << p.name;
  }
  std::vector<std::string> expected;
  for (int n : {33, 34, 35, 36, 37, 38, 39, 40, 43, 44, 45, 46, 52, 53, 54})
    expected.push_back("Ethernet1/" + std::to_string(n));
  EXPECT_EQ(access, expected);
}

TEST(NxosParser, RouteMapsInTemplatesAndAddressFamiliesBecomeBgpPolicy) {
  test::TempDir dir;
  dir.write("leaf1.cfg",
            "hostname leaf1\n"                                                    // 1
            "ip as-path access-list SPINES seq 10 permit \"_65100_\"\n"           // 2
            "ip community-list standard SPINE-LEARNED seq 10 permit 65000:100\n"  // 3
            "route-map TAG permit 10\n"                                           // 4
            "  set community 65000:100 additive\n"                                // 5
            "route-map NO-TRANSIT deny 10\n"                                      // 6
            "  match community SPINE-LEARNED\n"                                   // 7
            "route-map NO-TRANSIT deny 20\n"                                      // 8
            "  match as-path SPINES\n"                                            // 9
            "route-map NO-TRANSIT permit 30\n"                                    // 10
            "router bgp 65001\n"                                                  // 11
            "  template peer SPINE\n"                                             // 12
            "    remote-as 65100\n"                                               // 13
            "    address-family ipv4 unicast\n"                                   // 14
            "      route-map TAG in\n"                                            // 15
            "      route-map NO-TRANSIT out\n"                                    // 16
            "  neighbor 10.0.0.0\n"                                               // 17
            "    inherit peer SPINE\n"                                            // 18
            "  neighbor 10.0.0.2\n"                                               // 19
            "    remote-as 65200\n"                                               // 20
            "    address-family ipv4 unicast\n"                                   // 21
            "      allowas-in\n"                                                  // 22
            "      route-map UNDEFINED out\n");                                   // 23
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = test::onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  const BgpNeighbor& templated = sw.bgp_neighbors[0];
  EXPECT_EQ(templated.asn->value, 65100u);
  ASSERT_EQ(templated.import_policies.size(), 1u);
  ASSERT_EQ(templated.export_policies.size(), 1u);
  const RoutingPolicy& tag = sw.routing_policies[templated.import_policies[0]];
  EXPECT_EQ(tag.name, "TAG");
  ASSERT_EQ(tag.terms.size(), 1u);
  ASSERT_EQ(tag.terms[0].add_communities.size(), 1u);
  EXPECT_EQ(sw.bgp_communities[tag.terms[0].add_communities[0]], "65000:100");
  const RoutingPolicy& out = sw.routing_policies[templated.export_policies[0]];
  ASSERT_EQ(out.terms.size(), 3u);
  EXPECT_EQ(out.terms[0].action, PolicyTerm::Action::Reject);
  ASSERT_EQ(out.terms[0].match_community_any.size(), 1u);
  EXPECT_EQ(out.terms[0].match_community_any[0], tag.terms[0].add_communities[0]);  // one interned community
  EXPECT_EQ(out.terms[1].match_as_path_any, std::vector<std::uint32_t>{65100});     // the quoted _65100_
  EXPECT_EQ(out.terms[2].action, PolicyTerm::Action::Accept);
  EXPECT_TRUE(out.terms[2].match_as_path_any.empty());
  EXPECT_FALSE(out.terms[2].unmodelled_match);  // permit with no match: every route
  EXPECT_EQ(out.terms[2].src.line, 10);

  const BgpNeighbor& own = sw.bgp_neighbors[1];
  EXPECT_EQ(own.allowas_in, 3);  // NX-OS allowas-in without a count: 3
  EXPECT_TRUE(own.policy_unmodelled);
  auto undefined = test::withRule(test::check(dir.path()), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].location.line, 23);
  EXPECT_EQ(undefined[0].message, "route-map UNDEFINED is not defined");
}

}  // namespace
}  // namespace rocelint
