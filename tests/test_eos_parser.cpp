// Arista EOS running-config parser: tokenizer, every construct, defaults, units, malformed input,
// the real AVD files, and the EOS leaf-spine sample against its SONiC twin.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "cli_config_text.hpp"
#include "rocelint/qos.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"
#include "vendor_samples.hpp"

namespace rocelint {
namespace {

using test::loadError;
using test::onlySwitch;
using test::portOf;
using test::TempDir;
using test::withRule;
using test::wredOf;

// ---------------------------------------------------------------------------------------------
// Tokenizer
// ---------------------------------------------------------------------------------------------

TEST(CliConfigText, NestsByIndentationAndDropsComments) {
  const char* text =
      "! device: leaf1\n"
      "hostname leaf1\n"
      "qos profile ROCE\n"
      "   qos trust dscp\n"
      "   !\n"
      "   tx-queue 3\n"
      "      !! a comment\n"
      "      random-detect ecn count\n"
      "interface Ethernet1\n"
      "   comment\n"
      "   free text that is not a command\n"
      "   EOF\n"
      "\n"
      "   mtu 9214   \n";
  cli::ConfigText config = cli::parseConfigText(text, "x.cfg");
  ASSERT_EQ(config.lines.size(), 3u);
  const cli::ConfigLine& profile = config.lines[1];
  EXPECT_EQ(profile.text, "qos profile ROCE");
  ASSERT_EQ(profile.children.size(), 2u);
  const cli::ConfigLine& queue = profile.children[1];
  EXPECT_EQ(queue.words, (std::vector<std::string>{"tx-queue", "3"}));
  ASSERT_EQ(queue.children.size(), 1u);
  EXPECT_EQ(queue.children[0].line, 8);
  EXPECT_EQ(queue.children[0].column, 7);
  const cli::ConfigLine& intf = config.lines[2];
  ASSERT_EQ(intf.children.size(), 1u);  // the comment block is gone
  EXPECT_EQ(intf.children[0].text, "mtu 9214");
  cli::StatementGrammar grammar{{"no-drop"}, {"trust"}, {"description"}, {"neighbor"}};
  SourceRef ref = cli::sourceOf(config, queue.children[0], cli::childContext(profile.text, queue), grammar);
  EXPECT_EQ(test::origin(ref), "cli-statement: qos profile ROCE > tx-queue 3 > random-detect ecn count");
  EXPECT_EQ(ref.file(), "x.cfg");
  // The origin keeps the context lines in full and leaves the statement's values out.
  EXPECT_EQ(test::origin(cli::sourceOf(config, intf.children[0], intf.text, grammar)),
            "cli-statement: interface Ethernet1 > mtu");
  auto keywords = [&](std::string_view line) {
    cli::ConfigText one = cli::parseConfigText(line, "y.cfg");
    return cli::statementKeywords(one.lines.at(0), grammar);
  };
  EXPECT_EQ(keywords("priority-flow-control priority 3 no-drop"), "priority-flow-control priority");
  EXPECT_EQ(keywords("priority-flow-control priority 4 no-drop"), "priority-flow-control priority");
  EXPECT_EQ(keywords("no qos trust"), keywords("qos trust dscp"));
  EXPECT_EQ(keywords("qos trust cos"), "qos trust");
  EXPECT_EQ(keywords("neighbor 10.0.0.1 remote-as 65001"), "neighbor 10.0.0.1 remote-as");
  EXPECT_EQ(keywords("ip address fe80::1/64"), "ip address");
  EXPECT_EQ(keywords("description \"to spine 1\" uplink"), "description");
}

TEST(CliConfigText, RecognisesDialectsByContent) {
  EXPECT_EQ(cli::detectDialect("hostname a\ninterface Ethernet1\n   mtu 9214\n"), cli::Dialect::Eos);
  EXPECT_EQ(cli::detectDialect("qos map dscp 26 to traffic-class 3\n"), cli::Dialect::Eos);
  EXPECT_EQ(cli::detectDialect("!Command: show running-config\nfeature lldp\ninterface Ethernet1/1\n  mtu 9216\n"),
            cli::Dialect::Nxos);
  EXPECT_EQ(cli::detectDialect("system qos\n  service-policy type network-qos Q\n"), cli::Dialect::Nxos);
  EXPECT_EQ(cli::detectDialect("{\"PORT\": {}}\n"), cli::Dialect::None);
  EXPECT_EQ(cli::detectDialect("a:\n  b: 1\n  c: 2\n  d: 3\n"), cli::Dialect::None);
  EXPECT_EQ(cli::detectDialect("just some prose\nwith lines\n"), cli::Dialect::None);
}

// ---------------------------------------------------------------------------------------------
// Constructs
// ---------------------------------------------------------------------------------------------

const char* kLeaf =
    "hostname leaf1\n"                                                                                             // 1
    "qos map dscp 0 1 2 3 to traffic-class 1\n"                                                                    // 2
    "qos map dscp 24-26 to traffic-class 3\n"                                                                      // 3
    "qos map cos 3 to traffic-class 3\n"                                                                           // 4
    "qos map traffic-class 1 to tx-queue 2\n"                                                                      // 5
    "priority-flow-control pause watchdog default timeout 0.2\n"                                                   // 6
    "priority-flow-control pause watchdog default recovery-time 0.4\n"                                             // 7
    "priority-flow-control pause watchdog default polling-interval 0.1\n"                                          // 8
    "priority-flow-control pause watchdog action drop\n"                                                           // 9
    "qos profile ROCE\n"                                                                                           // 10
    "   qos trust dscp\n"                                                                                          // 11
    "   priority-flow-control on\n"                                                                                // 12
    "   priority-flow-control priority 3 no-drop\n"                                                                // 13
    "   priority-flow-control priority 4 no-drop\n"                                                                // 14
    "   priority-flow-control pause watchdog\n"                                                                    // 15
    "   tx-queue 3\n"                                                                                              // 16
    "      bandwidth percent 50\n"                                                                                 // 17
    "      random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5\n"  // 18
    "   tx-queue 4\n"                                                                                              // 19
    "      random-detect ecn minimum-threshold 2 mbytes maximum-threshold 3000000 bytes weight 0\n"                // 20
    "   tx-queue 6\n"                                                                                              // 21
    "      priority strict\n"                                                                                      // 22
    "!\n"                                                                                                          // 23
    "interface Ethernet1/1\n"                                                                                      // 24
    "   description spine1:Ethernet3/1\n"                                                                          // 25
    "   mtu 9214\n"                                                                                                // 26
    "   speed forced 400gfull\n"                                                                                   // 27
    "   no switchport\n"                                                                                           // 28
    "   ip address 10.0.0.1/31\n"                                                                                  // 29
    "   service-profile ROCE\n"                                                                                    // 30
    "   priority-flow-control priority 4 drop\n"                                                                   // 31
    "interface Ethernet2/1\n"                                                                                      // 32
    "   description gpu-node-1:ens1f0np0\n"                                                                        // 33
    "   speed 100g-4\n"                                                                                            // 34
    "   shutdown\n"                                                                                                // 35
    "   service-profile ROCE\n"                                                                                    // 36
    "   tx-queue 3\n"                                                                                              // 37
    "      random-detect ecn minimum-threshold 10 microseconds maximum-threshold 2 milliseconds\n"                 // 38
    "interface Loopback0\n"                                                                                        // 39
    "   ip address 10.1.0.11/32\n"                                                                                 // 40
    "router bgp 65101\n"                                                                                           // 41
    "   neighbor SPINES peer group\n"                                                                              // 42
    "   neighbor SPINES remote-as 65100\n"                                                                         // 43
    "   neighbor 10.0.0.0 peer group SPINES\n"                                                                     // 44
    "   neighbor 10.0.0.0 description spine1\n"                                                                    // 45
    "   neighbor 10.0.0.8 remote-as 65200\n"                                                                       // 46
    "ip route 0.0.0.0/0 10.0.0.0\n"                                                                                // 47
    "ip route vrf MGMT 192.168.0.0/16 Management1 192.168.100.254 10\n";                                           // 48

TEST(EosParser, EveryConstructReachesTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.cfg", kLeaf);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf1");
  ASSERT_TRUE(sw.asn);
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);

  const Port& e1 = portOf(sw, "Ethernet1/1");
  EXPECT_TRUE(e1.declared);
  EXPECT_EQ(e1.speed_mbps->value, 400000u);
  EXPECT_EQ(e1.speed_mbps->src.line, 27);
  EXPECT_EQ(e1.mtu_bytes->value, 9214u);
  EXPECT_EQ(test::origin(e1.mtu_bytes->src), "cli-statement: interface Ethernet1/1 > mtu");
  ASSERT_TRUE(e1.neighbor);
  EXPECT_EQ(e1.neighbor->device, "spine1");
  EXPECT_EQ(e1.neighbor->port, "Ethernet3/1");
  EXPECT_EQ(e1.neighbor->src.line, 25);
  // The interface's "priority 4 drop" overrides the profile's no-drop.
  ASSERT_TRUE(e1.qos.pfc_enable);
  EXPECT_EQ(formatPrioritySet(e1.qos.pfc_enable->value), "3");
  EXPECT_EQ(e1.qos.pfc_enable->src.line, 12);
  EXPECT_EQ(test::origin(e1.qos.pfc_enable->src), "cli-statement: qos profile ROCE > priority-flow-control");
  EXPECT_EQ(e1.qos.src.line, 30);
  ASSERT_TRUE(e1.pgs[3]);
  EXPECT_TRUE(e1.pgs[3]->null_profile);
  EXPECT_EQ(e1.pgs[3]->src.line, 13);
  EXPECT_FALSE(e1.pgs[4]);
  EXPECT_EQ(isLosslessPg(sw, e1, 3), std::optional<bool>(true));
  EXPECT_EQ(e1.qos.trust, Trust::Dscp);
  // Classification: explicit map lines, then EOS defaults.
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 25), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 2), 1);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 10), 0);  // default: 8-15 -> TC 0
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 46), 5);  // default: 40-47 -> TC 5
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 48), 6);
  const QosMap* dscp = boundMap(sw, e1, MapKind::DscpToTc);
  ASSERT_NE(dscp, nullptr);
  EXPECT_EQ(dscp->find(26)->src.line, 3);
  EXPECT_EQ(dscp->find(46)->src.line, 1);  // defaults point at the hostname line ...
  EXPECT_EQ(test::origin(dscp->find(46)->src), "default: qos map dscp to traffic-class");  // ... and say so
  EXPECT_TRUE(isLosslessDscp(sw, e1, 26));
  EXPECT_FALSE(isLosslessDscp(sw, e1, 46));
  EXPECT_EQ(queueOfTc(sw, e1, 1), 2);
  EXPECT_EQ(queueOfTc(sw, e1, 3), 3);
  EXPECT_EQ(queueOfPfcPriority(sw, e1, 3), std::optional<int>(3));
  EXPECT_EQ(priorityGroupOfTc(sw, e1, 3), 3);
  // ECN: kbytes and mbytes are binary multiples; all colours marked.
  const WredProfile& q3 = wredOf(sw, e1, 3);
  EXPECT_EQ(q3.name, "qos profile ROCE tx-queue 3");
  EXPECT_EQ(q3.color(Color::Green).min_threshold_bytes->value, 153600u);
  EXPECT_EQ(q3.color(Color::Green).max_threshold_bytes->value, 1536000u);
  EXPECT_EQ(q3.color(Color::Red).max_threshold_bytes->value, 1536000u);
  EXPECT_EQ(q3.color(Color::Green).drop_probability_percent->value, 5);
  EXPECT_EQ(q3.color(Color::Green).min_threshold_bytes->src.line, 18);
  EXPECT_TRUE(q3.marks(Color::Green));
  const WredProfile& q4 = wredOf(sw, e1, 4);
  EXPECT_EQ(q4.color(Color::Green).min_threshold_bytes->value, 2u * 1024 * 1024);
  EXPECT_EQ(q4.color(Color::Green).max_threshold_bytes->value, 3000000u);
  EXPECT_EQ(q4.color(Color::Green).drop_probability_percent->value, 100);  // EOS default
  ASSERT_TRUE(e1.queue(6) && e1.queue(6)->scheduler);
  EXPECT_EQ(sw.schedulers.at(e1.queue(6)->scheduler->name).type->value, "STRICT");
  EXPECT_EQ(sw.schedulers.at(e1.queue(3)->scheduler->name).weight->value, 50);
  // Watchdog: enabled by the profile, timers from the global defaults, seconds -> ms.
  ASSERT_TRUE(e1.watchdog);
  EXPECT_EQ(e1.watchdog->action->value, "drop");
  EXPECT_EQ(e1.watchdog->detection_ms->value, 200);
  EXPECT_EQ(e1.watchdog->restoration_ms->value, 400);
  EXPECT_EQ(e1.watchdog->src.line, 15);
  ASSERT_TRUE(sw.pfcwd_poll_interval_ms);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 100);
  EXPECT_TRUE(watchdogCovers(sw, e1, 3));

  // Time thresholds use the port's speed: 10 us at 100G = 125000 B, 2 ms = 25000000 B.
  const Port& e2 = portOf(sw, "Ethernet2/1");
  EXPECT_TRUE(e2.isAdminDown());
  EXPECT_EQ(e2.neighbor->device, "gpu-node-1");
  EXPECT_EQ(e2.speed_mbps->value, 100000u);
  const WredProfile& timed = wredOf(sw, e2, 3);
  EXPECT_EQ(timed.name, "interface Ethernet2/1 tx-queue 3 at 100000 Mb/s");
  EXPECT_EQ(timed.color(Color::Green).min_threshold_bytes->value, 125000u);
  EXPECT_EQ(timed.color(Color::Green).max_threshold_bytes->value, 25000000u);
  EXPECT_EQ(formatPrioritySet(e2.qos.pfc_enable->value), "3,4");

  // Addresses, BGP (peer-group ASN), static routes.
  ASSERT_EQ(sw.addresses.size(), 2u);
  EXPECT_EQ(sw.addresses[0].prefix, "10.0.0.1/31");
  EXPECT_EQ(sw.addresses[1].kind, InterfaceAddress::Kind::Loopback);
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "10.0.0.0");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65100u);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[1].asn->value, 65200u);
  ASSERT_EQ(sw.static_routes.size(), 2u);
  EXPECT_EQ(sw.static_routes[0].prefix, "0.0.0.0/0");
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"10.0.0.0"});
  EXPECT_EQ(sw.static_routes[1].ifnames, std::vector<std::string>{"Management1"});
  EXPECT_EQ(sw.static_routes[1].nexthops, std::vector<std::string>{"192.168.100.254"});
  EXPECT_EQ(sw.static_routes[1].src.line, 48);

  // Every QoS line of this file is understood.
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].file, file);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 29);
  EXPECT_TRUE(fabric.notes.empty());
}

TEST(EosParser, DefaultsWithoutAnyMapLine) {
  TempDir dir;
  dir.write("sw.cfg",
            "interface Ethernet1\n   no switchport\n   priority-flow-control on\n   priority-flow-control priority 3 "
            "no-drop\n"
            "interface Ethernet2\n   priority-flow-control on\n   priority-flow-control priority 3 no-drop\n"
            "interface Ethernet3\n   no qos trust\n   qos cos 3\n"
            "interface Ethernet4\n   no switchport\n   priority-flow-control priority 3 no-drop\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "sw");  // no hostname: the file name
  const Port& routed = portOf(sw, "Ethernet1");
  EXPECT_EQ(routed.qos.trust, Trust::Dscp);  // routed port: DSCP
  for (int d = 0; d < 64; ++d) {
    int expected = d < 8 ? 1 : d < 16 ? 0 : d / 8;
    EXPECT_EQ(trafficClassOfDscp(sw, routed, d), expected) << "dscp " << d;
  }
  EXPECT_TRUE(isLosslessDscp(sw, routed, 26));  // 24-31 -> TC 3 by default
  EXPECT_FALSE(isLosslessDscp(sw, routed, 46));
  for (int tc = 0; tc < 8; ++tc) EXPECT_EQ(queueOfTc(sw, routed, tc), tc);
  const Port& switched = portOf(sw, "Ethernet2");
  EXPECT_EQ(switched.qos.trust, Trust::Pcp);  // switchport: CoS
  const QosMap* cos = boundMap(sw, switched, MapKind::Dot1pToTc);
  ASSERT_NE(cos, nullptr);
  EXPECT_EQ(cos->find(0)->value, 1);
  EXPECT_EQ(cos->find(1)->value, 0);
  EXPECT_EQ(cos->find(5)->value, 5);
  // Untrusted: every DSCP gets the TC of the port's default CoS (3 -> TC 3).
  const Port& untrusted = portOf(sw, "Ethernet3");
  EXPECT_EQ(trafficClassOfDscp(sw, untrusted, 0), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, untrusted, 46), 3);
  EXPECT_EQ(boundMap(sw, untrusted, MapKind::DscpToTc)->find(7)->src.line, 9);
  // no-drop without "priority-flow-control on" enables nothing.
  const Port& off = portOf(sw, "Ethernet4");
  ASSERT_TRUE(off.qos.pfc_enable);
  EXPECT_TRUE(off.qos.pfc_enable->value.none());
  EXPECT_EQ(off.qos.pfc_enable->src.line, 13);
  EXPECT_FALSE(off.pgs[3]);
}

TEST(EosParser, SegmentsPortChannelsAllOffAndMissingSpeed) {
  TempDir dir;
  dir.write("sw.cfg",
            "hostname sw\n"
            "qos profile P\n"
            "   priority-flow-control on\n"
            "   priority-flow-control priority 3 no-drop\n"
            "   uc-tx-queue 3\n"
            "      random-detect ecn minimum-threshold 100 segments maximum-threshold 1 milliseconds\n"
            "interface Port-Channel1\n"
            "   no switchport\n"
            "   service-profile P\n"
            "   ip address 10.9.0.0/31\n"
            "interface Ethernet1\n"
            "   channel-group 1 mode active\n"
            "   speed 200g\n"
            "interface Ethernet2\n"
            "   service-profile P\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& member = portOf(sw, "Ethernet1");
  EXPECT_EQ(member.portchannel, "Port-Channel1");
  EXPECT_EQ(formatPrioritySet(member.qos.pfc_enable->value), "3");  // from the LAG's profile
  EXPECT_EQ(member.qos.trust, Trust::Dscp);                         // LAG is routed
  const WredProfile& w = wredOf(sw, member, 3);
  EXPECT_EQ(w.color(Color::Green).min_threshold_bytes->value, 100u * 208);  // documented segment size
  EXPECT_EQ(w.color(Color::Green).max_threshold_bytes->value, 25000000u);   // 1 ms at 200G
  EXPECT_EQ(sw.portchannels, std::vector<std::string>{"Port-Channel1"});
  EXPECT_EQ(sw.addresses.at(0).kind, InterfaceAddress::Kind::PortChannel);
  // Ethernet2 has no speed: the ms threshold cannot be converted; said at the line, not guessed.
  const Port& nospeed = portOf(sw, "Ethernet2");
  EXPECT_EQ(nospeed.queue(3), nullptr);
  Report report = analyze(fabric, {});
  auto invalid = withRule(report, "CFG005");
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0].location.line, 6);
  EXPECT_NE(invalid[0].message.find("needs the port speed"), std::string::npos) << invalid[0].message;
  EXPECT_EQ(invalid[0].port, "Ethernet2");

  // "priority-flow-control all off" wins over every interface and profile.
  TempDir off;
  off.write("sw.cfg",
            std::string("priority-flow-control all off\n") +
                "interface Ethernet1\n   priority-flow-control on\n   priority-flow-control priority 3 no-drop\n");
  Fabric all_off = loadFabric({off.path()});
  const Port& e1 = portOf(onlySwitch(all_off), "Ethernet1");
  EXPECT_TRUE(e1.qos.pfc_enable->value.none());
  EXPECT_EQ(e1.qos.pfc_enable->src.line, 1);
}

TEST(EosParser, MmuIngressHeadroomBecomesTheLosslessPgProfile) {
  TempDir dir;
  dir.write("sw.cfg",
            "platform trident mmu queue profile RDMA\n"
            "   ingress threshold 1/16\n"
            "   ingress headroom 165100\n"
            "   egress unicast queue 3 reserved cells 10\n"
            "interface Ethernet1\n   no switchport\n   priority-flow-control on\n   priority-flow-control priority 3 "
            "no-drop\n"
            "platform trident mmu queue profile RDMA apply\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& e1 = portOf(sw, "Ethernet1");
  ASSERT_TRUE(e1.pgs[3] && e1.pgs[3]->profile);
  EXPECT_FALSE(e1.pgs[3]->null_profile);
  const BufferProfile* pg = pgProfile(sw, *e1.pgs[3]);
  ASSERT_NE(pg, nullptr);
  EXPECT_EQ(pg->xoff_bytes->value, 165100u);
  EXPECT_EQ(pg->xoff_bytes->src.line, 3);
  EXPECT_EQ(pg->dynamic_th->value, -4);
  EXPECT_EQ(isLosslessPg(sw, e1, 3), std::optional<bool>(true));
  ASSERT_TRUE(e1.queue(3) && e1.queue(3)->buffer_profile);
  EXPECT_EQ(sw.profiles.at(e1.queue(3)->buffer_profile->name).size_bytes->value, 10u * 208);
  EXPECT_EQ(e1.queue(3)->buffer_profile->src.line, 9);
  EXPECT_EQ(fabric.coverage.at(0).qos_lines, fabric.coverage.at(0).qos_lines_parsed);
  // An apply of a profile that does not exist is an undefined reference at the apply line.
  TempDir missing;
  missing.write("sw.cfg", "platform trident mmu queue profile NOPE apply\n");
  auto undefined = withRule(test::check(missing.path()), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].location.line, 1);
  EXPECT_EQ(undefined[0].fix,
            "define `platform trident mmu queue profile NOPE`, or correct the name in the `apply` line");
}

TEST(EosParser, RouteMapsAsPathAndCommunityListsBecomeBgpPolicy) {
  TempDir dir;
  dir.write("leaf1.cfg",
            "hostname leaf1\n"                                         // 1
            "ip as-path access-list FROM-SPINES permit _65100_ any\n"  // 2
            "ip as-path access-list FROM-SPINES permit _65200_ any\n"  // 3
            "ip as-path access-list ODD permit ^65100$ any\n"          // 4
            "ip community-list SPINE-LEARNED permit 65000:100\n"       // 5
            "ip community-list regexp RE permit 65000:.*\n"            // 6
            "route-map FROM-SPINE permit 10\n"                         // 7
            "   set community 65000:100 additive\n"                    // 8
            "route-map TO-SPINE deny 10\n"                             // 9
            "   match community SPINE-LEARNED\n"                       // 10
            "route-map TO-SPINE deny 20\n"                             // 11
            "   match as-path FROM-SPINES\n"                           // 12
            "route-map TO-SPINE permit 30\n"                           // 13
            "   match ip address prefix-list LOCAL\n"                  // 14
            "route-map TO-SPINE permit 40\n"                           // 15
            "   match as-path ODD\n"                                   // 16
            "   match community RE\n"                                  // 17
            "router bgp 65001\n"                                       // 18
            "   neighbor SPINES peer group\n"                          // 19
            "   neighbor SPINES remote-as 65100\n"                     // 20
            "   neighbor SPINES route-map TO-SPINE out\n"              // 21
            "   neighbor 10.0.0.0 peer group SPINES\n"                 // 22
            "   neighbor 10.0.0.2 remote-as 65200\n"                   // 23
            "   neighbor 10.0.0.2 allowas-in 2\n"                      // 24
            "   neighbor 10.0.0.4 remote-as 65300\n"                   // 25
            "   neighbor 10.0.0.4 route-map MISSING in\n"              // 26
            "   address-family ipv4\n"                                 // 27
            "      neighbor 10.0.0.2 route-map FROM-SPINE in\n"        // 28
            "      neighbor 10.0.0.2 route-map TO-SPINE out\n");       // 29
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 3u);
  const BgpNeighbor& grouped = sw.bgp_neighbors[0];  // takes the peer group's ASN and route-map
  EXPECT_EQ(grouped.asn->value, 65100u);
  EXPECT_TRUE(grouped.import_policies.empty());
  ASSERT_EQ(grouped.export_policies.size(), 1u);
  const RoutingPolicy& to_spine = sw.routing_policies[grouped.export_policies[0]];
  EXPECT_EQ(to_spine.name, "TO-SPINE");
  EXPECT_EQ(to_spine.default_action, PolicyTerm::Action::Reject);  // an unmatched route is denied
  ASSERT_EQ(to_spine.terms.size(), 4u);
  // deny 10: routes carrying 65000:100.
  EXPECT_EQ(to_spine.terms[0].action, PolicyTerm::Action::Reject);
  ASSERT_EQ(to_spine.terms[0].match_community_any.size(), 1u);
  EXPECT_EQ(sw.bgp_communities[to_spine.terms[0].match_community_any[0]], "65000:100");
  EXPECT_FALSE(to_spine.terms[0].unmodelled_match);
  EXPECT_EQ(to_spine.terms[0].src.line, 9);
  // deny 20: AS paths through either spine ASN (_N_ is "contains N").
  EXPECT_EQ(to_spine.terms[1].match_as_path_any, (std::vector<std::uint32_t>{65100, 65200}));
  EXPECT_FALSE(to_spine.terms[1].unmodelled_match);
  // permit 30: a prefix list is not modelled, so it may or may not match.
  EXPECT_EQ(to_spine.terms[2].action, PolicyTerm::Action::Accept);
  EXPECT_TRUE(to_spine.terms[2].unmodelled_match);
  EXPECT_EQ(to_spine.terms[2].unmodelled_what, "match ip address prefix-list LOCAL");
  EXPECT_EQ(to_spine.terms[0].unmodelled_what, "");
  // permit 40: an anchored regex and a regexp community list are not "contains": not modelled.
  EXPECT_TRUE(to_spine.terms[3].unmodelled_match);
  EXPECT_TRUE(to_spine.terms[3].match_as_path_any.empty());
  EXPECT_EQ(to_spine.terms[3].unmodelled_what, "match as-path ODD");  // the first of the two
  EXPECT_FALSE(to_spine.terms[3].drops_communities);

  const BgpNeighbor& own = sw.bgp_neighbors[1];  // settings under address-family ipv4
  EXPECT_EQ(own.allowas_in, 2);
  ASSERT_EQ(own.import_policies.size(), 1u);
  const RoutingPolicy& from_spine = sw.routing_policies[own.import_policies[0]];
  ASSERT_EQ(from_spine.terms.size(), 1u);
  EXPECT_EQ(from_spine.terms[0].action, PolicyTerm::Action::Accept);
  ASSERT_EQ(from_spine.terms[0].add_communities.size(), 1u);
  EXPECT_EQ(sw.bgp_communities[from_spine.terms[0].add_communities[0]], "65000:100");
  EXPECT_FALSE(from_spine.terms[0].drops_communities);  // additive
  ASSERT_EQ(own.export_policies.size(), 1u);
  EXPECT_EQ(own.export_policies[0], grouped.export_policies[0]);  // one route-map, built once
  EXPECT_EQ(sw.routing_policies.size(), 2u);

  // A route-map that is not defined is CFG002 at the reference; the session's policy is unapplied.
  const BgpNeighbor& missing = sw.bgp_neighbors[2];
  EXPECT_TRUE(missing.policy_unmodelled);
  EXPECT_EQ(missing.policy_unmodelled_what, "route-map MISSING is not defined");
  EXPECT_EQ(missing.policy_unmodelled_src.line, 26);
  EXPECT_TRUE(missing.import_policies.empty());
  auto undefined = withRule(test::check(dir.path()), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].location.line, 26);
  EXPECT_EQ(undefined[0].message, "route-map MISSING is not defined");
  EXPECT_EQ(undefined[0].fix, "define route-map MISSING permit 10 or correct the name");
}

// `set community` without `additive` replaces the route's communities (EOS and NX-OS alike), so a
// community the route carried before may be gone: the term says so, and the router stops treating
// earlier communities as present. `set community none` and `set comm-list L delete` remove them.
TEST(EosParser, SetCommunityWithoutAdditiveReplacesTheCommunities) {
  TempDir dir;
  dir.write("leaf1.cfg",
            "hostname leaf1\n"
            "route-map RM permit 10\n"
            "   set community 65000:1 65000:2\n"
            "route-map RM permit 20\n"
            "   set community none\n"
            "route-map RM permit 30\n"
            "   set comm-list OLD delete\n"
            "route-map RM permit 40\n"
            "   set community 65000:3 additive\n"
            "router bgp 65001\n"
            "   neighbor 10.0.0.0 remote-as 65100\n"
            "   neighbor 10.0.0.0 route-map RM out\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  ASSERT_EQ(sw.bgp_neighbors[0].export_policies.size(), 1u);
  const RoutingPolicy& rm = sw.routing_policies[sw.bgp_neighbors[0].export_policies[0]];
  ASSERT_EQ(rm.terms.size(), 4u);
  EXPECT_TRUE(rm.terms[0].drops_communities);
  ASSERT_EQ(rm.terms[0].add_communities.size(), 2u);
  EXPECT_EQ(sw.bgp_communities[rm.terms[0].add_communities[1]], "65000:2");
  EXPECT_TRUE(rm.terms[1].drops_communities);
  EXPECT_TRUE(rm.terms[1].add_communities.empty());
  EXPECT_TRUE(rm.terms[2].drops_communities);
  EXPECT_FALSE(rm.terms[3].drops_communities);
}

TEST(EosParser, MalformedRouteMapLinesAreInputErrorsAtTheirLine) {
  TempDir dir;
  dir.write("sw.cfg", "hostname sw\nroute-map RM allow 10\n");
  EXPECT_EQ(loadError(dir.path()),
            dir.path() + "/sw.cfg:2:1: route-map RM allow 10: expected permit or deny, got \"allow\"");
  TempDir seq;
  seq.write("sw.cfg", "hostname sw\nroute-map RM permit ten\n");
  EXPECT_EQ(loadError(seq.path()),
            seq.path() + "/sw.cfg:2:1: route-map RM permit ten: expected a sequence number (0-65535), got \"ten\"");
  TempDir dir2;
  dir2.write("sw.cfg", "hostname sw\nrouter bgp 65001\n   neighbor 10.0.0.0 route-map RM sideways\n");
  EXPECT_EQ(
      loadError(dir2.path()),
      dir2.path() +
          "/sw.cfg:3:4: neighbor 10.0.0.0 route-map RM sideways: expected in or out after the route-map name, got "
          "\"sideways\"");
}

TEST(EosParser, UnknownQosLinesAreNotesWithCoverage) {
  TempDir dir;
  std::string file = dir.write("sw.cfg",
                               "hostname sw\n"
                               "qos profile P\n"
                               "   priority-flow-control frobnicate\n"
                               "   tx-queue 3\n"
                               "      random-detect fancy\n"
                               "policy-map type quality-of-service PM\n"
                               "   class C\n"
                               "      set traffic-class 3\n"
                               "interface Ethernet1\n"
                               "   dot1x pae authenticator\n"
                               "   service-profile NOPE\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.coverage.size(), 1u);
  // qos profile, tx-queue 3, service-profile parsed; 2 unknown lines and the 3-line policy-map not.
  EXPECT_EQ(fabric.coverage[0].qos_lines, 8);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 3);
  // The policy-map is a statement EOS has and rocelint notes as not modelled; the two lines with
  // `frobnicate` and `fancy` are not recognised.
  EXPECT_EQ(fabric.coverage[0].qos_lines_not_modelled, 3);
  EXPECT_EQ(fabric.coverage[0].qos_lines_unrecognised, 2);
  EXPECT_EQ(fabric.out_of_scope_tables.at("EOS interface dot1x"), 1);
  Report report = analyze(fabric, {});
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 3u);
  EXPECT_EQ(unknown[0].location.line, 3);
  EXPECT_EQ(test::origin(unknown[0].location), "cli-statement: qos profile P > priority-flow-control frobnicate");
  EXPECT_EQ(unknown[1].location.line, 5);
  EXPECT_EQ(unknown[2].location.line, 6);
  EXPECT_NE(unknown[2].message.find("policy-map"), std::string::npos);
  EXPECT_TRUE(withRule(report, "CFG005").empty());
  auto undefined = withRule(report, "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].location.line, 11);
  EXPECT_EQ(
      undefined[0].message,
      "Ethernet1: service-profile NOPE names a qos profile that is not defined; Ethernet1 gets none of its settings");
  EXPECT_EQ(undefined[0].fix,
            "define `qos profile NOPE`, or correct the name in the interface's `service-profile` line");
}

struct Malformed {
  const char* line;
  const char* expected;
};

TEST(EosParser, CoverageIsInTheTextAndJsonSummary) {
  TempDir dir;
  // 2 parsed (qos profile, qos trust), 1 not recognised (frobnicate), 2 not modelled (the
  // policy-map and its class: classification by policy-map is not modelled, a reason is given).
  dir.write("sw.cfg",
            "qos profile P\n   priority-flow-control frobnicate\n   qos trust dscp\n"
            "policy-map type quality-of-service PM\n   class C\n");
  Report report = test::check(dir.path());
  ASSERT_EQ(report.summary.coverage.size(), 1u);
  std::ostringstream text;
  writeText(report, text, {});
  EXPECT_NE(text.str().find("rocelint: parsed 2 of 5 QoS-related lines in 1 vendor CLI file(s) (2 noted as not "
                            "modelled, 1 not recognised)\n"),
            std::string::npos)
      << text.str();
  std::ostringstream json;
  writeJson(report, json);
  auto doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc["summary"]["coverage"][0]["qos_lines"], 5);
  EXPECT_EQ(doc["summary"]["coverage"][0]["qos_lines_parsed"], 2);
  EXPECT_EQ(doc["summary"]["coverage"][0]["qos_lines_not_modelled"], 2);
  EXPECT_EQ(doc["summary"]["coverage"][0]["qos_lines_unrecognised"], 1);
  EXPECT_EQ(doc["summary"]["coverage"][0]["format"], "EOS");

  // Everything parsed: no breakdown.
  TempDir clean;
  clean.write("sw.cfg", "qos profile P\n   qos trust dscp\n");
  std::ostringstream all;
  writeText(test::check(clean.path()), all, {});
  EXPECT_NE(all.str().find("rocelint: parsed 2 of 2 QoS-related lines in 1 vendor CLI file(s)\n"), std::string::npos)
      << all.str();
}

TEST(EosParser, MalformedQosLinesAreInputErrorsWithLocation) {
  const std::vector<Malformed> cases = {
      {"      random-detect ecn minimum-threshold abc kbytes maximum-threshold 1500 kbytes",
       "expected a minimum-threshold value (0-256000000), got \"abc\""},
      {"      random-detect ecn minimum-threshold 150 maximum-threshold 1500 kbytes",
       "expected a unit after minimum-threshold 150 (segments, bytes, kbytes, mbytes, milliseconds, microseconds), got "
       "\"maximum-threshold\""},
      {"      random-detect ecn minimum-threshold 150 kbytes", "expected \"maximum-threshold <value> <unit>\""},
      {"      random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 200",
       "expected a mark probability in percent (1-100), got \"200\""},
      {"      random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes colour blue",
       "unexpected \"colour\": expected minimum-threshold, maximum-threshold, max-mark-probability, weight"},
      {"   priority-flow-control priority", "expected a priority (0-7) after \"priority\""},
      {"   priority-flow-control priority 9 no-drop", "expected a priority (0-7), got \"9\""},
      {"   priority-flow-control priority 3 lossless",
       "expected \"no-drop\" or \"drop\" after the priority, got \"lossless\""},
      {"   priority-flow-control pause watchdog port timer timeout soon",
       "expected the timeout in seconds (e.g. 0.2, up to 3 decimals), got \"soon\""},
      {"   qos trust ip", "expected \"qos trust dscp\" or \"qos trust cos\""},
      {"   tx-queue three", "expected a queue number (0-15), got \"three\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string text = std::string("hostname sw\nqos profile P\n   tx-queue 3\n") + c.line + "\n";
    std::string file = dir.write("sw.cfg", text);
    std::string error = loadError(dir.path());
    std::string trimmed = std::string(c.line).substr(std::string(c.line).find_first_not_of(' '));
    int column = static_cast<int>(std::string(c.line).find_first_not_of(' ')) + 1;
    // Lines indented 3 blanks belong to the profile, 6 blanks to the queue; both are line 4.
    EXPECT_EQ(error, file + ":4:" + std::to_string(column) + ": " + trimmed + ": " + c.expected) << c.line;
  }
  const std::vector<Malformed> global = {
      {"qos map dscp 64 to traffic-class 3", "expected dscp values 0-63 (or ranges a-b), got \"64\""},
      {"qos map dscp 26 to traffic-class", "expected a traffic class (0-7) after \"traffic-class\""},
      {"qos map dscp 26 traffic-class 3", "expected dscp values 0-63 (or ranges a-b), got \"traffic-class\""},
      {"qos map dscp 26", "expected \"to\" followed by the target"},
      {"qos map traffic-class 3 to tx-queue x", "expected a queue number (0-15), got \"x\""},
      {"priority-flow-control pause watchdog default timeout 0.0005",
       "expected timeout in seconds (e.g. 0.2, up to 3 decimals), got \"0.0005\""},
      {"priority-flow-control pause watchdog action explode",
       "expected a watchdog action drop, no-drop or notify-only, got \"explode\""},
      {"router bgp sixty", "expected an AS number (1-4294967295), got \"sixty\""},
      {"platform trident mmu queue profile P\n    egress unicast queue 1 threshold 1/3",
       "expected a threshold that is a power of two between 1/256 and 128 (e.g. 1/8), got \"1/3\""},
  };
  for (const auto& c : global) {
    TempDir dir;
    std::string file = dir.write("sw.cfg", std::string("hostname sw\n") + c.line + "\n");
    std::string error = loadError(dir.path());
    std::string last = c.line;
    int line = 2;
    int column = 1;
    if (auto nl = last.find('\n'); nl != std::string::npos) {
      last = last.substr(nl + 1);
      line = 3;
      column = static_cast<int>(last.find_first_not_of(' ')) + 1;
      last = last.substr(column - 1);
    }
    EXPECT_EQ(error,
              file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + last + ": " + c.expected);
  }
}

TEST(EosParser, TruncatedFileStillParsesWhatIsThere) {
  TempDir dir;
  // Cut in the middle of a block: the lines present are read, the missing tail is simply absent.
  dir.write(
      "sw.cfg",
      "hostname sw\ninterface Ethernet1\n   no switchport\n   priority-flow-control on\n   priority-flow-control prio");
  Fabric fabric = loadFabric({dir.path()});
  const Port& e1 = portOf(onlySwitch(fabric), "Ethernet1");
  EXPECT_TRUE(e1.qos.pfc_enable->value.none());
  Report report = analyze(fabric, {});
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].location.line, 5);
}

TEST(EosParser, FilesOfOneSwitchMergeAndVendorsMix) {
  TempDir dir;
  dir.write("leaf1/qos.cfg",
            "qos map dscp 26 to traffic-class 4\nqos profile R\n   priority-flow-control on\n"
            "   priority-flow-control priority 4 no-drop\n");
  dir.write("leaf1/interfaces", "interface Ethernet1\n   no switchport\n   service-profile R\n");  // no extension
  dir.write(
      "spine1.json",
      R"({"DEVICE_METADATA": {"localhost": {"hostname": "spine1"}}, "PORT": {"Ethernet0": {"speed": "400000"}}})");
  dir.write("nx1.cfg",
            "!Command: show running-config\nfeature lldp\nsystem qos\n  service-policy type network-qos Q\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 3u);
  const Switch* leaf = fabric.findSwitch("leaf1");
  ASSERT_NE(leaf, nullptr);
  EXPECT_EQ(leaf->files.size(), 2u);
  const Port& e1 = portOf(*leaf, "Ethernet1");
  EXPECT_TRUE(isLosslessDscp(*leaf, e1, 26));
  EXPECT_NE(fabric.findSwitch("spine1"), nullptr);
  ASSERT_NE(fabric.findSwitch("nx1"), nullptr);  // NX-OS recognised by content, named after the file
  EXPECT_EQ(fabric.coverage.size(), 3u);
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG004").empty());
}

TEST(EosParser, OneSwitchInTwoFormatsKeepsOneAndSaysSo) {
  TempDir dir;
  dir.write("leaf1.json",
            R"({"DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}}, "PORT": {"Ethernet0": {"speed": "400000"}}})");
  std::string cfg = dir.write("leaf1.cfg", "hostname leaf1\ninterface Ethernet1\n   mtu 9214\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_NE(fabric.switches[0].findPort("Ethernet0"), nullptr);  // the SONiC data
  EXPECT_EQ(fabric.switches[0].findPort("Ethernet1"), nullptr);
  auto conflicts = withRule(analyze(fabric, {}), "CFG003");
  ASSERT_EQ(conflicts.size(), 1u);
  EXPECT_EQ(conflicts[0].message,
            "switch leaf1 is described by SONiC config_db and by EOS files; the EOS files are ignored");
  EXPECT_EQ(conflicts[0].location.file(), cfg);
}

// ---------------------------------------------------------------------------------------------
// Real AVD-generated EOS configurations
// ---------------------------------------------------------------------------------------------

std::string avd(const std::string& name) { return test::sharedDir() + "/realworld/avd/" + name; }

TEST(EosRealWorld, QosCfgProfilesMapsAndWatchdog) {
  Fabric fabric = loadFabric({avd("qos.cfg")});
  const Switch& sw = onlySwitch(fabric);
  // qos profile test: tx-queue 2 is 320 kbytes / 320 kbytes at 90 %; tx-queue 4 is 320 segments.
  const WredProfile& t2 = sw.wred_profiles.at("qos profile test tx-queue 2");
  EXPECT_EQ(t2.color(Color::Green).min_threshold_bytes->value, 327680u);
  EXPECT_EQ(t2.color(Color::Green).max_threshold_bytes->value, 327680u);
  EXPECT_EQ(t2.color(Color::Yellow).drop_probability_percent->value, 90);
  EXPECT_EQ(t2.ecn->value, "ecn_all");
  EXPECT_EQ(t2.src.line, 53);
  const WredProfile& t4 = sw.wred_profiles.at("qos profile test tx-queue 4");
  EXPECT_EQ(t4.color(Color::Green).min_threshold_bytes->value, 320u * 208);
  // WRED drop lines: per drop precedence (colour), no ECN marking.
  const WredProfile& d1 = sw.wred_profiles.at("qos profile wred_queues_test tx-queue 1");
  EXPECT_EQ(d1.ecn->value, "ecn_none");
  EXPECT_EQ(d1.color(Color::Green).min_threshold_bytes->value, 1024u);
  EXPECT_EQ(d1.color(Color::Green).max_threshold_bytes->value, 10240u);
  EXPECT_EQ(d1.color(Color::Green).drop_probability_percent->value, 100);
  const WredProfile& d2 = sw.wred_profiles.at("qos profile wred_queues_test tx-queue 2");
  EXPECT_FALSE(d2.color(Color::Green).min_threshold_bytes);
  EXPECT_EQ(d2.color(Color::Red).min_threshold_bytes->value, 2048u);
  EXPECT_EQ(d2.color(Color::Red).max_threshold_bytes->value, 204800u);
  EXPECT_EQ(d2.color(Color::Red).drop_probability_percent->value, 50);
  // Millisecond thresholds of a profile no interface uses cannot become bytes (no speed).
  EXPECT_EQ(sw.wred_profiles.count("qos profile uc_mc_queues_test uc-tx-queue 1"), 0u);
  EXPECT_EQ(
      sw.wred_profiles.at("qos profile uc_mc_queues_test uc-tx-queue 2").color(Color::Green).min_threshold_bytes->value,
      327680u);

  // Global maps: explicit lines over EOS defaults; a later cos line overrides an earlier one.
  const Port& e1 = portOf(sw, "Ethernet1");
  EXPECT_EQ(e1.qos.trust, Trust::Dscp);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 26), 4);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 46), 5);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 8), 1);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 0), 1);   // default
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 48), 6);  // not in any map line: default
  const QosMap* cos = sw.findMap(MapKind::Dot1pToTc, "eos-cos-to-traffic-class");
  ASSERT_NE(cos, nullptr);
  EXPECT_EQ(cos->find(3)->value, 3);
  EXPECT_EQ(cos->find(1)->value, 2);
  EXPECT_EQ(queueOfTc(sw, e1, 6), 2);
  EXPECT_EQ(queueOfTc(sw, e1, 3), 3);
  // Ethernet1 uses profile "test": queue 2 marks at 320 KB, strict; queue 1 round robin at 50 %.
  EXPECT_EQ(wredOf(sw, e1, 2).name, "qos profile test tx-queue 2");
  EXPECT_EQ(sw.schedulers.at(e1.queue(2)->scheduler->name).type->value, "STRICT");
  EXPECT_EQ(sw.schedulers.at(e1.queue(1)->scheduler->name).weight->value, 50);
  // Trust cos from the profile "experiment" and from the port-channel for its members.
  EXPECT_EQ(portOf(sw, "Ethernet6").qos.trust, Trust::Pcp);
  EXPECT_EQ(portOf(sw, "Ethernet3").qos.trust, Trust::Pcp);
  EXPECT_EQ(portOf(sw, "Ethernet3").portchannel, "Port-Channel3");
  EXPECT_EQ(portOf(sw, "Ethernet7").qos.trust, Trust::Pcp);  // switchport, no trust line
  // AVD descriptions name the peer.
  EXPECT_EQ(e1.neighbor->device, "DC1-SPINE1");
  EXPECT_EQ(e1.neighbor->port, "Ethernet1");
  EXPECT_EQ(portOf(sw, "Ethernet4").neighbor->device, "DC1-LEAF1B");
  EXPECT_FALSE(portOf(sw, "Ethernet6").neighbor);  // "SRV-POD02_Eth1" is not a convention
  // Global watchdog: polling 10.001 s; "priority-flow-control all off".
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 10001);
  EXPECT_FALSE(e1.qos.pfc_enable && e1.qos.pfc_enable->value.any());
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_LT(fabric.coverage[0].qos_lines_parsed, fabric.coverage[0].qos_lines);
  EXPECT_GT(fabric.coverage[0].qos_lines_parsed, 100);
}

TEST(EosRealWorld, QosCfgPfcProfileAppliedToAPort) {
  // The AVD file defines "test_with_pfc" but applies it nowhere: apply it, with and without the
  // file's "priority-flow-control all off".
  std::string qos = test::readAll(avd("qos.cfg"));
  ASSERT_FALSE(qos.empty());
  for (bool all_off : {true, false}) {
    TempDir dir;
    const std::string all_off_line = "priority-flow-control all off";
    std::size_t at = qos.find(all_off_line);
    ASSERT_NE(at, std::string::npos);
    std::string text = all_off ? qos : qos.substr(0, at) + "!" + qos.substr(at + all_off_line.size());
    dir.write("sw/qos.cfg", text);
    dir.write("sw/port.cfg",
              "interface Ethernet9\n   no switchport\n   speed forced 100gfull\n   service-profile test_with_pfc\n");
    Fabric fabric = loadFabric({dir.path()});
    const Switch& sw = onlySwitch(fabric);
    const Port& e9 = portOf(sw, "Ethernet9");
    ASSERT_TRUE(e9.qos.pfc_enable);
    if (all_off) {
      EXPECT_TRUE(e9.qos.pfc_enable->value.none());
      EXPECT_EQ(test::origin(e9.qos.pfc_enable->src), "cli-statement: priority-flow-control all");
      EXPECT_FALSE(e9.watchdog);
      continue;
    }
    EXPECT_EQ(formatPrioritySet(e9.qos.pfc_enable->value), "0");  // priority 0 no-drop, 1 drop
    EXPECT_EQ(test::origin(e9.qos.pfc_enable->src), "cli-statement: qos profile test_with_pfc > priority-flow-control");
    EXPECT_TRUE(e9.pgs[0] && e9.pgs[0]->null_profile);
    ASSERT_TRUE(e9.watchdog);
    EXPECT_EQ(e9.watchdog->action->value, "drop");        // port action drop over global no-drop
    EXPECT_EQ(e9.watchdog->detection_ms->value, 50);      // port timer timeout 0.05
    EXPECT_EQ(e9.watchdog->restoration_ms->value, 1110);  // recovery-time 1.11
    EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 10001);
  }
}

TEST(EosRealWorld, EthernetInterfacesCfg) {
  Fabric fabric = loadFabric({avd("ethernet-interfaces.cfg")});
  const Switch& sw = onlySwitch(fabric);
  const Port& e1 = portOf(sw, "Ethernet1");
  EXPECT_EQ(e1.speed_mbps->value, 100000u);  // speed forced 100gfull
  EXPECT_EQ(e1.mtu_bytes->value, 1500u);
  EXPECT_EQ(e1.neighbor->device, "DC1-SPINE1");
  EXPECT_TRUE(e1.qos.pfc_enable->value.none());  // on, priority 5 drop
  const Port& e2 = portOf(sw, "Ethernet2");
  EXPECT_EQ(formatPrioritySet(e2.qos.pfc_enable->value), "5");
  EXPECT_TRUE(e2.pgs[5] && e2.pgs[5]->null_profile);
  const Port& e3 = portOf(sw, "Ethernet3");
  EXPECT_EQ(e3.neighbor->device, "DC1-SPINE2");
  EXPECT_EQ(e3.neighbor->port, "Ethernet2");
  EXPECT_TRUE(e3.qos.pfc_enable->value.none());
  EXPECT_EQ(test::origin(e3.qos.pfc_enable->src), "cli-statement: interface Ethernet3 > priority-flow-control");
  EXPECT_TRUE(portOf(sw, "Ethernet4").isAdminDown());
  EXPECT_EQ(portOf(sw, "Ethernet4").mtu_bytes->value, 9100u);
  EXPECT_EQ(portOf(sw, "Ethernet7").mtu_bytes->value, 7000u);
  // no qos trust: everything gets the TC of CoS 0 (TC 1).
  const Port& e21 = portOf(sw, "Ethernet21");
  EXPECT_EQ(trafficClassOfDscp(sw, e21, 46), 1);
  EXPECT_EQ(sw.findPort("Ethernet8.101"), nullptr);  // subinterfaces are not ports
  EXPECT_EQ(sw.addresses.front().prefix, "172.31.255.1/31");
  // The comment ... EOF block is not configuration.
  for (const auto& note : fabric.notes) EXPECT_EQ(note.message.find("Comment created"), std::string::npos);
  Report report = analyze(fabric, {});
  auto undefined = withRule(report, "CFG002");
  ASSERT_EQ(undefined.size(), 1u);  // Ethernet7: service-profile QoS is defined nowhere
  EXPECT_EQ(undefined[0].port, "Ethernet7");
  EXPECT_EQ(undefined[0].location.line, 200);
}

// The access ports of the AVD file, read by hand: Ethernet11, 15 and 19 say `switchport access vlan
// N` + `switchport mode access` + `switchport`. Ethernet1 (dot1q-tunnel, then `no switchport`),
// Ethernet5 (`switchport access vlan 220`, then `no switchport`), Ethernet12 (dot1q-tunnel) and the
// `switchport mode trunk phone` ports 13, 61, 62 are not access ports.
TEST(EosRealWorld, EthernetInterfacesCfgAccessPorts) {
  Fabric fabric = loadFabric({avd("ethernet-interfaces.cfg")});
  const Switch& sw = onlySwitch(fabric);
  std::map<std::string, std::pair<std::string, int>> access;
  for (const Port& p : sw.ports) {
    if (!p.access_vlan.empty()) access[p.name] = {p.access_vlan.str(), p.access_vlan_src.line};
  }
  EXPECT_EQ(access,
            (std::map<std::string, std::pair<std::string, int>>{
                {"Ethernet11", {"Vlan200", 244}}, {"Ethernet15", {"Vlan110", 276}}, {"Ethernet19", {"Vlan110", 305}}}));
}

TEST(EosRealWorld, PlatformCfgMmuProfiles) {
  Fabric fabric = loadFabric({avd("platform.cfg")});
  const Switch& sw = onlySwitch(fabric);
  const std::string prefix = "platform trident mmu queue profile ";
  const BufferProfile& q2 = sw.profiles.at(prefix + "mc_example_profile egress unicast queue 2");
  EXPECT_EQ(q2.dynamic_th->value, -3);  // threshold 1/8
  EXPECT_EQ(q2.size_bytes->value, 0u);  // reserved cells 0
  EXPECT_EQ(sw.profiles.at(prefix + "mc_example_profile egress unicast queue 1").size_bytes->src.line, 3);
  EXPECT_EQ(sw.profiles.at(prefix + "unused_profile egress unicast queue 2").dynamic_th->value, -3);
  EXPECT_EQ(sw.profiles.count(prefix + "mc_example_profile egress unicast queue 0"), 0u);  // multicast only
  ASSERT_EQ(fabric.coverage.size(), 1u);
  // 2 profile blocks (10 + 9 lines), the apply line, 3 sand qos maps; 3 drop-precedence and 3
  // sand lines are not modelled.
  EXPECT_EQ(fabric.coverage[0].qos_lines, 23);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 17);
  Report report = analyze(fabric, {});
  EXPECT_EQ(withRule(report, "CFG001").size(), 3u);  // grouped: MMU drop-precedence (2 groups), sand
  for (const auto& f : report.findings) EXPECT_EQ(f.severity, Severity::Note) << f.rule << " " << f.message;
}

// ---------------------------------------------------------------------------------------------
// samples/leafspine-eos is samples/leafspine-clean in EOS syntax
// ---------------------------------------------------------------------------------------------

TEST(VendorSamples, EosSampleHasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample("leafspine-eos", test::eosPortOf);
}

TEST(VendorSamples, NxosSampleHasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample("leafspine-nxos", test::eosPortOf);
}

TEST(VendorSamples, EosSpinesAndNxosLeavesAreOneCleanFabric) {
  TempDir dir;
  for (const std::string name : {"spine1", "spine2"}) {
    dir.write(name + ".cfg", test::readAll(test::sourceDir() + "/samples/leafspine-eos/" + name + ".cfg"));
  }
  for (const std::string name : {"leaf1", "leaf2", "leaf3", "leaf4"}) {
    dir.write(name + ".cfg", test::readAll(test::sourceDir() + "/samples/leafspine-nxos/" + name + ".cfg"));
  }
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 6u);
  EXPECT_EQ(fabric.links.size(), 8u);
  std::set<std::string> formats;
  for (const auto& c : fabric.coverage) formats.insert(c.format);
  EXPECT_EQ(formats, (std::set<std::string>{"EOS", "NX-OS"}));
  Report report = analyze(fabric, {});
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
  EXPECT_EQ(report.summary.links, 8);
}

using test::FindingKey;

TEST(EosSample, SeededDscp26MistakeGivesTheSameFindingAsInSonic) {
  TempDir sonic_dir;
  TempDir eos_dir;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-eos/" + name + ".cfg");
    ASSERT_FALSE(json.empty() || cfg.empty()) << name;
    if (name == "spine2") {
      // The same mistake as leafspine-broken's first: DSCP 26 (RoCE) in TC 1 instead of TC 3.
      auto doc = nlohmann::json::parse(json);
      doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
      json = doc.dump(4);
      const std::string line = "qos map dscp 26 to traffic-class 3";
      ASSERT_NE(cfg.find(line), std::string::npos);
      cfg.replace(cfg.find(line), line.size(), "qos map dscp 26 to traffic-class 1");
    }
    sonic_dir.write(name + ".json", json);
    eos_dir.write(name + ".cfg", cfg);
  }
  Report sonic = test::check(sonic_dir.path());
  Report eos = test::check(eos_dir.path());
  std::set<FindingKey> expected = {{"MAP001", "spine2", "Ethernet1/1", 1}};
  EXPECT_EQ(test::findingKeys(sonic, test::eosPortOf), expected);
  EXPECT_EQ(test::findingKeys(eos), expected);
  ASSERT_EQ(eos.findings.size(), 1u);
  // The EOS finding points at the map line that was changed.
  const Finding& f = eos.findings[0];
  EXPECT_EQ(test::origin(f.location), "cli-statement: qos map dscp to traffic-class");
  EXPECT_EQ(f.location.line, 10);  // qos map dscp 26 to traffic-class 1
  EXPECT_EQ(f.location.file(), eos_dir.path() + "/spine2.cfg");
  EXPECT_EQ(f.severity, sonic.findings[0].severity);
}

// ---------------------------------------------------------------------------------------------
// The binary: exit 2 with file:line for malformed CLI input, 0 on the EOS sample
// ---------------------------------------------------------------------------------------------

using test::runRocelint;

// A statement with a wrong value is valid CLI whose value is out of range: a CFG005 error at its
// line, the rest of its block is not read, and the switch is still analysed (exit 1, not 2).
TEST(VendorCli, WrongValuesInEosAndNxosAreCfg005AndTheSwitchIsAnalysed) {
  TempDir eos;
  std::string eos_file = eos.write("leaf1.cfg",
                                   "hostname leaf1\nqos profile R\n   tx-queue 3\n"
                                   "      random-detect ecn minimum-threshold abc kbytes maximum-threshold 1 mbytes\n"
                                   "interface Ethernet1\n   mtu 9214\n");
  auto [eos_code, eos_out] = runRocelint("check " + eos.path());
  EXPECT_EQ(eos_code, 1) << eos_out;
  EXPECT_NE(eos_out.find(
                eos_file +
                ":4:7: error[CFG005]: random-detect ecn minimum-threshold abc kbytes maximum-threshold 1 mbytes: "
                "expected a minimum-threshold value (0-256000000), got \"abc\"\n"
                "  fix: correct the statement as EOS expects it; until then the rest of `qos profile R` is not read"),
            std::string::npos)
      << eos_out;
  EXPECT_NE(eos_out.find("1 switch(es)"), std::string::npos) << eos_out;
  Fabric eos_fabric = loadFabric({eos.path()});
  ASSERT_EQ(eos_fabric.switches.size(), 1u);
  const Port* e1 = eos_fabric.switches[0].findPort("Ethernet1");
  ASSERT_NE(e1, nullptr);  // the interface after the rejected block is read
  ASSERT_TRUE(e1->mtu_bytes);
  EXPECT_EQ(e1->mtu_bytes->value, 9214u);
  TempDir nxos;
  std::string nxos_file = nxos.write("leaf1.cfg",
                                     "hostname leaf1\nfeature lldp\npolicy-map type network-qos NQ\n"
                                     "  class type network-qos c-8q-nq3\n    pause pfc-cos three\n"
                                     "interface Ethernet1/1-2\n  mtu 99999\n  priority-flow-control mode on\n");
  auto [nxos_code, nxos_out] = runRocelint("check " + nxos.path());
  EXPECT_EQ(nxos_code, 1) << nxos_out;
  EXPECT_NE(nxos_out.find(nxos_file + ":5:5: error[CFG005]: pause pfc-cos three: expected pfc-cos values 0-7"),
            std::string::npos)
      << nxos_out;
  // A range reads its block once per member; the rejected statement is one finding.
  EXPECT_NE(nxos_out.find(nxos_file + ":7:3: error[CFG005]: mtu 99999: expected an MTU in bytes (68-9216), got "
                                      "\"99999\"\n  fix: correct the statement as NX-OS expects it; until then the "
                                      "rest of `interface Ethernet1/1-2` is not read"),
            std::string::npos)
      << nxos_out;
  EXPECT_NE(nxos_out.find("2 error(s)"), std::string::npos) << nxos_out;
  Fabric nxos_fabric = loadFabric({nxos.path()});
  ASSERT_EQ(nxos_fabric.switches.size(), 1u);
  EXPECT_NE(nxos_fabric.switches[0].findPort("Ethernet1/2"), nullptr);
}

TEST(VendorCli, EosSampleExitsZeroAndReportsCoverage) {
  auto [code, out] = runRocelint("check " + test::sourceDir() + "/samples/leafspine-eos");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("6 switch(es), 8 link(s), 8 host port(s): 0 error(s), 0 warning(s), 0 note(s)"), std::string::npos)
      << out;
  EXPECT_NE(out.find("rocelint: parsed 222 of 222 QoS-related lines in 6 vendor CLI file(s)"), std::string::npos)
      << out;
}

// ---------------------------------------------------------------------------------------------
// Access ports: the servers of a VLAN are traffic sources
// ---------------------------------------------------------------------------------------------

// EOS: `switchport access vlan N` (mode access is the default), `switchport mode access` alone
// (VLAN 1); a trunk, a routed (`no switchport`) port and a port with no switchport line are not
// access ports; a Port-Channel's access VLAN is its members'.
const char* const kAccessTor =
    "hostname tor1\n"                           // 1
    "interface Ethernet1\n"                     // 2
    "   switchport access vlan 10\n"            // 3
    "interface Ethernet2\n"                     // 4
    "   switchport mode access\n"               // 5
    "interface Ethernet3\n"                     // 6
    "   switchport mode trunk\n"                // 7
    "   switchport trunk allowed vlan 10,20\n"  // 8
    "   switchport access vlan 30\n"            // 9
    "interface Ethernet4\n"                     // 10
    "   switchport access vlan 40\n"            // 11
    "   no switchport\n"                        // 12
    "   ip address 10.0.0.0/31\n"               // 13
    "interface Ethernet5\n"                     // 14
    "   channel-group 7 mode active\n"          // 15
    "interface Ethernet6\n"                     // 16
    "   channel-group 7 mode active\n"          // 17
    "interface Port-Channel7\n"                 // 18
    "   switchport access vlan 70\n"            // 19
    "interface Ethernet7\n"                     // 20
    "   switchport access vlan 4095\n"          // 21
    "   mtu 9214\n"                             // 22
    "interface Ethernet8\n"                     // 23
    "   mtu 9214\n"                             // 24
    "interface Ethernet9\n"                     // 25
    "   switchport mode access\n"               // 26
    "   switchport access vlan 90\n"            // 27
    "interface Ethernet10\n"                    // 28
    "   switchport access vlan 100\n"           // 29
    "   switchport mode dot1q-tunnel\n"         // 30
    "interface Ethernet11\n"                    // 31
    "   switchport access vlan 110\n"           // 32
    "   switchport mode trunk phone\n";         // 33

TEST(EosAccessPorts, AccessVlanAndItsLineTrunkRoutedAndLagMembers) {
  TempDir dir;
  std::string file = dir.write("tor1.cfg", kAccessTor);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  auto expectAccess = [&](const std::string& port, const std::string& vlan, int line) {
    const Port& p = portOf(sw, port);
    EXPECT_EQ(p.access_vlan.str(), vlan) << port;
    EXPECT_EQ(p.access_vlan_src.file(), file) << port;
    EXPECT_EQ(p.access_vlan_src.line, line) << port;
    EXPECT_EQ(p.access_vlan_src.column, 4) << port;
  };
  expectAccess("Ethernet1", "Vlan10", 3);
  expectAccess("Ethernet2", "Vlan1", 5);    // mode access without a VLAN: VLAN 1
  expectAccess("Ethernet5", "Vlan70", 19);  // the Port-Channel's line
  expectAccess("Ethernet6", "Vlan70", 19);
  expectAccess("Ethernet9", "Vlan90", 27);
  for (const char* port : {"Ethernet3", "Ethernet4", "Ethernet7", "Ethernet8", "Ethernet10", "Ethernet11"})
    EXPECT_TRUE(portOf(sw, port).access_vlan.empty()) << port;
  EXPECT_EQ(portOf(sw, "Ethernet5").portchannel, "Port-Channel7");

  // VLAN 4095 is reserved: CFG005 at the line; the rest of the block is still read.
  std::vector<const InputNote*> invalid;
  for (const InputNote& note : fabric.notes) {
    if (note.kind == InputNote::Kind::InvalidValue) invalid.push_back(&note);
  }
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->message,
            "switchport access vlan 4095: \"4095\" is not a VLAN id (1-4094); Ethernet7 is not taken as an access "
            "port");
  EXPECT_EQ(invalid[0]->port, "Ethernet7");
  EXPECT_EQ(invalid[0]->src.line, 21);
  EXPECT_EQ(invalid[0]->src.column, 4);
  ASSERT_TRUE(portOf(sw, "Ethernet7").mtu_bytes);
  EXPECT_EQ(portOf(sw, "Ethernet7").mtu_bytes->value, 9214u);
  // The mode and access lines are parsed (the rejected VLAN noted), and the sums agree.
  ASSERT_EQ(fabric.coverage.size(), 1u);
  const ParseCoverage& cov = fabric.coverage[0];
  EXPECT_EQ(cov.qos_lines_not_modelled, 1);
  EXPECT_EQ(cov.qos_lines, cov.qos_lines_parsed + cov.qos_lines_not_modelled + cov.qos_lines_unrecognised);

  // The loader: each access port without a neighbour is a VLAN's server, a traffic source; the
  // routed port with its own /31 and no neighbour is a traffic source too (docs/deadlock.md).
  std::set<std::pair<std::string, std::string>> hosts;
  for (const Host& host : fabric.hosts) hosts.emplace(fabric.port(host.attachment).name, host.name);
  EXPECT_EQ(hosts, (std::set<std::pair<std::string, std::string>>{{"Ethernet1", "a server in Vlan10"},
                                                                  {"Ethernet2", "a server in Vlan1"},
                                                                  {"Ethernet4", "an unnamed device on 10.0.0.0/31"},
                                                                  {"Ethernet5", "a server in Vlan70"},
                                                                  {"Ethernet6", "a server in Vlan70"},
                                                                  {"Ethernet9", "a server in Vlan90"}}));
}

}  // namespace
}  // namespace rocelint
