// NVIDIA Cumulus NVUE startup.yaml parser: recognition, every construct with its source line,
// RoCE mode defaults, units, set/unset merging, unknown keys, malformed input, a hand-written RoCE
// leaf, and the NVUE leaf-spine sample against its SONiC twin.

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>
#include <utility>

#include "nvue_config.hpp"
#include "rocelint/qos.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"
#include "vendor_samples.hpp"

namespace rocelint {
namespace {

using test::loadError;
using test::onlySwitch;
using test::portOf;
using test::schedulerOf;
using test::TempDir;
using test::withRule;
using test::wredOf;

Fabric loadText(const TempDir& dir, const std::string& text, const std::string& name = "sw/startup.yaml") {
  dir.write(name, text);
  return loadFabric({dir.path()});
}

// ---------------------------------------------------------------------------------------------
// Recognition
// ---------------------------------------------------------------------------------------------

TEST(NvueRecognition, ByContentNotByExtension) {
  EXPECT_TRUE(nvue::looksLikeNvue("- header:\n    model: VX\n- set:\n    system:\n      hostname: a\n"));
  EXPECT_TRUE(nvue::looksLikeNvue("# comment\n---\n- set:\n    interface:\n      swp1: {}\n"));
  EXPECT_TRUE(nvue::looksLikeNvue("set:\n  qos:\n    roce: {}\n"));
  EXPECT_TRUE(nvue::looksLikeNvue("- unset:\n    qos:\n      roce: {}\n"));
  EXPECT_FALSE(nvue::looksLikeNvue("- name: install\n  apt: {name: lldpd}\n"));          // Ansible tasks
  EXPECT_FALSE(nvue::looksLikeNvue("name: lab\ntopology:\n  nodes:\n    leaf1: {}\n"));  // containerlab
  EXPECT_FALSE(nvue::looksLikeNvue("- set:\n    foo: 1\n"));                             // no NVUE key
  EXPECT_FALSE(nvue::looksLikeNvue("{\"PORT\": {}}\n"));
  EXPECT_FALSE(nvue::looksLikeNvue("hostname leaf1\ninterface Ethernet1\n   mtu 9214\n"));
  // In a fabric directory: any extension; other YAML is skipped silently.
  TempDir dir;
  dir.write("leaf1.conf", "- set:\n    system:\n      hostname: leaf9\n    interface:\n      swp1: {type: swp}\n");
  dir.write("ansible.yml", "- name: install\n  apt: {name: lldpd}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf9");
  EXPECT_NE(sw.findPort("swp1"), nullptr);
  EXPECT_TRUE(fabric.notes.empty());
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].format, "NVUE");
}

// ---------------------------------------------------------------------------------------------
// Constructs
// ---------------------------------------------------------------------------------------------

const char* kLeaf =
    "- header:\n"                                                                          // 1
    "    model: MSN4600C\n"                                                                // 2
    "    version: Cumulus Linux 5.9.1\n"                                                   // 3
    "- set:\n"                                                                             // 4
    "    system:\n"                                                                        // 5
    "      hostname: leaf1\n"                                                              // 6
    "    qos:\n"                                                                           // 7
    "      mapping:\n"                                                                     // 8
    "        default-global:\n"                                                            // 9
    "          trust: l3\n"                                                                // 10
    "          dscp:\n"                                                                    // 11
    "            '26': {switch-priority: 3}\n"                                             // 12
    "            10,21-22: {switch-priority: 0}\n"                                         // 13
    "            '48': {switch-priority: 6}\n"                                             // 14
    "        storage:\n"                                                                   // 15
    "          trust: l2\n"                                                                // 16
    "          pcp:\n"                                                                     // 17
    "            '3': {switch-priority: 4}\n"                                              // 18
    "      egress-queue-mapping:\n"                                                        // 19
    "        default-global:\n"                                                            // 20
    "          switch-priority:\n"                                                         // 21
    "            '2': {traffic-class: 7}\n"                                                // 22
    "      pfc:\n"                                                                         // 23
    "        fabric:\n"                                                                    // 24
    "          switch-priority: {'3': {}, '4': {}}\n"                                      // 25
    "          cable-length: 40\n"                                                         // 26
    "          tx: enable\n"                                                               // 27
    "          rx: enable\n"                                                               // 28
    "        tuned:\n"                                                                     // 29
    "          switch-priority: [3]\n"                                                     // 30
    "          port-buffer: 160 KB\n"                                                      // 31
    "          xoff-threshold: 140000\n"                                                   // 32
    "          xon-threshold: 19456B\n"                                                    // 33
    "          cable-length: 5\n"                                                          // 34
    "      congestion-control:\n"                                                          // 35
    "        default-global:\n"                                                            // 36
    "          traffic-class:\n"                                                           // 37
    "            3,4:\n"                                                                   // 38
    "              ecn: enable\n"                                                          // 39
    "              red: disable\n"                                                         // 40
    "              min-threshold: 150KB\n"                                                 // 41
    "              max-threshold: 1MB\n"                                                   // 42
    "              probability: 5\n"                                                       // 43
    "        gpu:\n"                                                                       // 44
    "          traffic-class:\n"                                                           // 45
    "            '3':\n"                                                                   // 46
    "              ecn: {enable: on}\n"                                                    // 47
    "              min-threshold-bytes: 40000\n"                                           // 48
    "              max-threshold-bytes: 200000\n"                                          // 49
    "      egress-scheduler:\n"                                                            // 50
    "        default-global:\n"                                                            // 51
    "          traffic-class:\n"                                                           // 52
    "            '3': {mode: dwrr, bw-percent: 40}\n"                                      // 53
    "            '6': {mode: strict}\n"                                                    // 54
    "      pfc-watchdog:\n"                                                                // 55
    "        polling-interval: 50\n"                                                       // 56
    "        robustness: 4\n"                                                              // 57
    "      traffic-pool:\n"                                                                // 58
    "        default-lossless:\n"                                                          // 59
    "          memory-percent: 60\n"                                                       // 60
    "          switch-priority: {'3': {}, '4': {}}\n"                                      // 61
    "    interface:\n"                                                                     // 62
    "      swp1:\n"                                                                        // 63
    "        type: swp\n"                                                                  // 64
    "        description: spine1:swp3\n"                                                   // 65
    "        link:\n"                                                                      // 66
    "          speed: 400G\n"                                                              // 67
    "          mtu: 9216\n"                                                                // 68
    "          state: {up: {}}\n"                                                          // 69
    "        ip:\n"                                                                        // 70
    "          address:\n"                                                                 // 71
    "            10.0.0.1/31: {}\n"                                                        // 72
    "        qos:\n"                                                                       // 73
    "          pfc:\n"                                                                     // 74
    "            profile: fabric\n"                                                        // 75
    "          pfc-watchdog:\n"                                                            // 76
    "            state: enable\n"                                                          // 77
    "      swp2-3:\n"                                                                      // 78
    "        description: gpu-node-1:ens1f0np0\n"                                          // 79
    "        link: {speed: 100G, mtu: 9100, state: down}\n"                                // 80
    "        qos:\n"                                                                       // 81
    "          pfc: {profile: tuned}\n"                                                    // 82
    "          congestion-control: {profile: gpu}\n"                                       // 83
    "          mapping: {profile: storage}\n"                                              // 84
    "          pfc-watchdog: {}\n"                                                         // 85
    "      swp4s1:\n"                                                                      // 86
    "        link: {speed: auto}\n"                                                        // 87
    "      lo:\n"                                                                          // 88
    "        type: loopback\n"                                                             // 89
    "        ip: {address: {10.1.0.11/32: {}}}\n"                                          // 90
    "    router:\n"                                                                        // 91
    "      bgp: {autonomous-system: 65101, router-id: 10.1.0.11}\n"                        // 92
    "    vrf:\n"                                                                           // 93
    "      default:\n"                                                                     // 94
    "        router:\n"                                                                    // 95
    "          bgp:\n"                                                                     // 96
    "            peer-group:\n"                                                            // 97
    "              SPINES: {remote-as: 65100}\n"                                           // 98
    "            neighbor:\n"                                                              // 99
    "              10.0.0.0: {peer-group: SPINES, type: numbered, description: spine1}\n"  // 100
    "              10.0.0.8: {remote-as: 65200}\n"                                         // 101
    "              swp51: {remote-as: external, type: unnumbered}\n"                       // 102
    "          static:\n"                                                                  // 103
    "            0.0.0.0/0: {via: {10.0.0.0: {type: ipv4-address}}}\n"                     // 104
    "      mgmt:\n"                                                                        // 105
    "        router:\n"                                                                    // 106
    "          static:\n"                                                                  // 107
    "            192.168.0.0/16: {via: eth0}\n";                                           // 108

TEST(NvueParser, EveryConstructReachesTheModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1/startup.yaml", kLeaf);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "leaf1");
  ASSERT_TRUE(sw.asn);
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.asn->src.line, 92);
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);

  // Interface and link settings.
  const Port& e1 = portOf(sw, "swp1");
  EXPECT_TRUE(e1.declared);
  EXPECT_EQ(e1.speed_mbps->value, 400000u);
  EXPECT_EQ(e1.speed_mbps->src.line, 67);
  EXPECT_EQ(test::origin(e1.speed_mbps->src), "yaml-key-path: set/interface/swp1/link/speed");
  EXPECT_EQ(e1.mtu_bytes->value, 9216u);
  EXPECT_EQ(e1.mtu_bytes->src.line, 68);
  EXPECT_EQ(e1.mtu_bytes->src.column, 11);
  EXPECT_EQ(e1.mtu_bytes->src.file(), file);
  EXPECT_FALSE(e1.isAdminDown());
  EXPECT_EQ(e1.admin_up->src.line, 69);
  ASSERT_TRUE(e1.neighbor);
  EXPECT_EQ(e1.neighbor->device, "spine1");
  EXPECT_EQ(e1.neighbor->port, "swp3");
  EXPECT_EQ(e1.neighbor->src.line, 65);

  // Classification: trust l3, configured DSCPs (a list/range key too) over the class-selector default.
  EXPECT_EQ(e1.qos.trust, Trust::Dscp);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 10), 0);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 22), 0);
  EXPECT_EQ(trafficClassOfDscp(sw, e1, 46), 5);  // default: DSCP / 8
  const QosMap* dscp = boundMap(sw, e1, MapKind::DscpToTc);
  ASSERT_NE(dscp, nullptr);
  EXPECT_EQ(dscp->name, "qos mapping default-global dscp");
  EXPECT_EQ(dscp->find(26)->src.line, 12);
  EXPECT_EQ(test::origin(dscp->find(26)->src), "yaml-key-path: set/qos/mapping/default-global/dscp/26/switch-priority");
  EXPECT_EQ(dscp->find(21)->src.line, 13);
  EXPECT_EQ(test::origin(dscp->find(46)->src), "default: qos mapping default-global dscp 46 switch-priority");
  EXPECT_EQ(dscp->find(46)->src.line, 6);  // defaults point at the hostname line
  // Switch priority -> traffic class (egress queue): configured 2 -> 7, identity otherwise.
  EXPECT_EQ(queueOfTc(sw, e1, 2), 7);
  EXPECT_EQ(queueOfTc(sw, e1, 3), 3);
  EXPECT_EQ(queueOfPfcPriority(sw, e1, 2), std::optional<int>(7));
  EXPECT_EQ(boundMap(sw, e1, MapKind::TcToQueue)->find(2)->src.line, 22);
  EXPECT_EQ(priorityGroupOfTc(sw, e1, 4), 4);

  // PFC profile "fabric": switch priorities 3 and 4, cable 40 m, headroom sized by the switch.
  ASSERT_TRUE(e1.qos.pfc_enable);
  EXPECT_EQ(formatPrioritySet(e1.qos.pfc_enable->value), "3,4");
  EXPECT_EQ(e1.qos.pfc_enable->src.line, 75);  // the profile binding
  EXPECT_EQ(e1.cable_length_m->value, 40u);
  EXPECT_EQ(e1.cable_length_m->src.line, 26);
  ASSERT_TRUE(e1.pgs[3]);
  EXPECT_TRUE(e1.pgs[3]->null_profile);
  EXPECT_EQ(e1.pgs[3]->src.line, 25);
  EXPECT_EQ(isLosslessPg(sw, e1, 4), std::optional<bool>(true));
  EXPECT_TRUE(isLosslessDscp(sw, e1, 26));
  EXPECT_FALSE(isLosslessDscp(sw, e1, 48));
  // Watchdog: detection = polling-interval x robustness, restoration = one polling interval.
  ASSERT_TRUE(e1.watchdog);
  EXPECT_EQ(e1.watchdog->src.line, 76);
  EXPECT_EQ(e1.watchdog->action->value, "drop");
  EXPECT_EQ(e1.watchdog->detection_ms->value, 200);
  EXPECT_EQ(e1.watchdog->detection_ms->src.line, 57);
  EXPECT_EQ(e1.watchdog->restoration_ms->value, 50);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 50);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->src.line, 56);
  EXPECT_TRUE(watchdogCovers(sw, e1, 4));
  // ECN on traffic classes 3 and 4 (a "3,4" key): KB and MB are binary multiples.
  const WredProfile& q3 = wredOf(sw, e1, 3);
  EXPECT_EQ(q3.name, "qos congestion-control default-global traffic-class 3");
  EXPECT_EQ(q3.color(Color::Green).min_threshold_bytes->value, 150u * 1024);
  EXPECT_EQ(q3.color(Color::Green).min_threshold_bytes->src.line, 41);
  EXPECT_EQ(q3.color(Color::Red).max_threshold_bytes->value, 1024u * 1024);
  EXPECT_EQ(q3.color(Color::Green).drop_probability_percent->value, 5);
  EXPECT_TRUE(q3.marks(Color::Green));
  EXPECT_TRUE(q3.color(Color::Green).enabled->value);
  EXPECT_EQ(wredOf(sw, e1, 4).color(Color::Yellow).max_threshold_bytes->value, 1024u * 1024);
  EXPECT_FALSE(e1.queue(0)->wred_profile);  // configured traffic classes replace default-global's TC 0
  // Scheduler: configured TCs over the default (12 / 13 % DWRR).
  EXPECT_EQ(schedulerOf(sw, e1, 3).weight->value, 40);
  EXPECT_EQ(schedulerOf(sw, e1, 3).weight->src.line, 53);
  EXPECT_EQ(schedulerOf(sw, e1, 6).type->value, "STRICT");
  EXPECT_FALSE(schedulerOf(sw, e1, 6).weight);
  EXPECT_EQ(schedulerOf(sw, e1, 1).weight->value, 13);
  EXPECT_EQ(test::origin(schedulerOf(sw, e1, 1).weight->src),
            "default: qos egress-scheduler default-global traffic-class 1 bw-percent");

  // swp2-3: a range key; tuned PFC thresholds, custom ECN and mapping profiles.
  for (const std::string name : {"swp2", "swp3"}) {
    const Port& p = portOf(sw, name);
    EXPECT_EQ(p.speed_mbps->value, 100000u) << name;
    EXPECT_EQ(p.mtu_bytes->value, 9100u) << name;
    EXPECT_TRUE(p.isAdminDown()) << name;
    EXPECT_EQ(test::origin(p.src), "yaml-key-path: set/interface/swp2-3") << name;
    EXPECT_EQ(p.qos.trust, Trust::Pcp) << name;
    EXPECT_EQ(boundMap(sw, p, MapKind::Dot1pToTc)->find(3)->value, 4) << name;
    EXPECT_EQ(boundMap(sw, p, MapKind::Dot1pToTc)->find(3)->src.line, 18) << name;
    EXPECT_EQ(boundMap(sw, p, MapKind::Dot1pToTc)->find(5)->value, 5) << name;
    EXPECT_EQ(formatPrioritySet(p.qos.pfc_enable->value), "3") << name;
    EXPECT_EQ(p.cable_length_m->value, 5u) << name;
    ASSERT_TRUE(p.pgs[3] && p.pgs[3]->profile) << name;
    const BufferProfile* pg = pgProfile(sw, *p.pgs[3]);
    ASSERT_NE(pg, nullptr);
    EXPECT_EQ(pg->name, "qos pfc tuned");
    EXPECT_EQ(pg->size_bytes->value, 160u * 1024);
    EXPECT_EQ(pg->xoff_bytes->value, 140000u);
    EXPECT_EQ(pg->xoff_bytes->src.line, 32);
    EXPECT_EQ(pg->xon_bytes->value, 19456u);
    EXPECT_EQ(isLosslessPg(sw, p, 3), std::optional<bool>(true));
    const WredProfile& gpu = wredOf(sw, p, 3);
    EXPECT_EQ(gpu.color(Color::Green).min_threshold_bytes->value, 40000u);
    EXPECT_EQ(gpu.color(Color::Green).min_threshold_bytes->src.line, 48);
    EXPECT_EQ(gpu.color(Color::Green).max_threshold_bytes->value, 200000u);
    EXPECT_EQ(gpu.color(Color::Green).drop_probability_percent->value, 100);  // default
    EXPECT_EQ(gpu.ecn->src.line, 47);
    EXPECT_TRUE(gpu.marks(Color::Red));
    ASSERT_TRUE(p.watchdog) << name;
    EXPECT_EQ(p.watchdog->src.line, 85);
  }
  const Port& breakout = portOf(sw, "swp4s1");
  EXPECT_FALSE(breakout.speed_mbps);      // speed auto
  EXPECT_FALSE(breakout.qos.pfc_enable);  // default-global PFC has no switch priority without RoCE
  EXPECT_EQ(wredOf(sw, breakout, 3).name, "qos congestion-control default-global traffic-class 3");

  // Traffic pools: the configured lossless pool and the default lossy one.
  ASSERT_TRUE(sw.pools.count("default-lossless"));
  EXPECT_EQ(sw.pools.at("default-lossless").percentage->value, 60);
  EXPECT_EQ(sw.pools.at("default-lossless").percentage->src.line, 60);
  EXPECT_EQ(sw.pools.at("default-lossy").percentage->value, 100);

  // Addresses, BGP (peer group, numbered, unnumbered), static routes in two VRFs.
  ASSERT_EQ(sw.addresses.size(), 2u);
  EXPECT_EQ(sw.addresses[0].prefix, "10.0.0.1/31");
  EXPECT_EQ(sw.addresses[0].src.line, 72);
  EXPECT_EQ(sw.addresses[1].kind, InterfaceAddress::Kind::Loopback);
  ASSERT_EQ(sw.bgp_neighbors.size(), 3u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "10.0.0.0");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65100u);
  EXPECT_EQ(sw.bgp_neighbors[0].asn->src.line, 98);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[1].asn->value, 65200u);
  EXPECT_EQ(sw.bgp_neighbors[2].address, "swp51");  // unnumbered: the session runs on the port
  EXPECT_FALSE(sw.bgp_neighbors[2].asn);            // remote-as external: any other AS
  EXPECT_EQ(sw.bgp_neighbors[2].src.line, 102);
  ASSERT_EQ(sw.static_routes.size(), 2u);
  EXPECT_EQ(sw.static_routes[0].prefix, "0.0.0.0/0");
  EXPECT_EQ(sw.static_routes[0].vrf, "default");
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"10.0.0.0"});
  EXPECT_EQ(sw.static_routes[1].vrf, "mgmt");
  EXPECT_EQ(sw.static_routes[1].ifnames, std::vector<std::string>{"eth0"});
  EXPECT_EQ(sw.static_routes[1].src.line, 108);

  // Every QoS-related value of this file is understood.
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].file, file);
  EXPECT_EQ(fabric.coverage[0].format, "NVUE");
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 57);  // list and range keys count once per member
  EXPECT_TRUE(fabric.notes.empty());
}

// ---------------------------------------------------------------------------------------------
// qos roce: each mode's documented defaults are model values pointing at the roce line
// ---------------------------------------------------------------------------------------------

std::string roceLeaf(const std::string& roce) {
  return "- set:\n"                      // 1
         "    system: {hostname: r1}\n"  // 2
         "    qos:\n"                    // 3
         "      roce:\n" +               // 4
         roce +                          // 5...
         "    interface:\n"
         "      swp1: {type: swp, link: {speed: 100G}}\n";
}

TEST(NvueRoce, LosslessDefaults) {
  TempDir dir;
  Fabric fabric = loadText(dir, roceLeaf("        enable: on\n        mode: lossless\n"));
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "swp1");
  const std::string prefix = "default: ";  // sited at the `roce` key (line 4)
  // Trust pcp and dscp; DSCP 26 -> switch priority 3 (RoCE), 48 -> 6 (CNP).
  EXPECT_EQ(p.qos.trust, Trust::Both);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 48), 6);
  const Sourced<int>* d26 = boundMap(sw, p, MapKind::DscpToTc)->find(26);
  EXPECT_EQ(test::origin(d26->src), prefix + "qos mapping default-global dscp 26 switch-priority");
  EXPECT_EQ(d26->src.line, 4);
  EXPECT_EQ(d26->src.column, 7);
  EXPECT_EQ(boundMap(sw, p, MapKind::Dot1pToTc)->find(3)->value, 3);
  // Switch priority 3 -> TC 3, 6 -> TC 6, the rest -> TC 0.
  EXPECT_EQ(queueOfTc(sw, p, 3), 3);
  EXPECT_EQ(queueOfTc(sw, p, 6), 6);
  EXPECT_EQ(queueOfTc(sw, p, 4), 0);
  EXPECT_EQ(test::origin(boundMap(sw, p, MapKind::TcToQueue)->find(4)->src),
            prefix + "qos egress-queue-mapping default-global switch-priority 4 traffic-class");
  // PFC on switch priority 3, cable 100 m, lossless PG 3 sized by the switch.
  ASSERT_TRUE(p.qos.pfc_enable);
  EXPECT_EQ(formatPrioritySet(p.qos.pfc_enable->value), "3");
  EXPECT_EQ(test::origin(p.qos.pfc_enable->src), prefix + "qos pfc default-global switch-priority");
  EXPECT_EQ(p.qos.pfc_enable->src.line, 4);
  EXPECT_EQ(p.cable_length_m->value, 100u);
  EXPECT_EQ(isLosslessPg(sw, p, 3), std::optional<bool>(true));
  EXPECT_TRUE(isLosslessDscp(sw, p, 26));
  EXPECT_FALSE(isLosslessDscp(sw, p, 48));
  // ECN: TC 3 at the RoCE absolute threshold, TC 0 at the default-global one.
  const WredProfile& q3 = wredOf(sw, p, 3);
  EXPECT_EQ(q3.color(Color::Green).min_threshold_bytes->value, 150000u);
  EXPECT_EQ(q3.color(Color::Green).max_threshold_bytes->value, 1501500u);
  EXPECT_EQ(test::origin(q3.color(Color::Green).max_threshold_bytes->src),
            prefix + "qos congestion-control default-global traffic-class 3 max-threshold");
  EXPECT_EQ(q3.color(Color::Green).drop_probability_percent->value, 100);
  EXPECT_TRUE(q3.marks(Color::Green));
  EXPECT_EQ(wredOf(sw, p, 0).color(Color::Green).max_threshold_bytes->value, 1500000u);
  // CNP on TC 6 strict; RoCE and other traffic share the rest 50/50.
  EXPECT_EQ(schedulerOf(sw, p, 6).type->value, "STRICT");
  EXPECT_EQ(schedulerOf(sw, p, 3).weight->value, 50);
  EXPECT_EQ(schedulerOf(sw, p, 0).weight->value, 50);
  EXPECT_EQ(p.queue(1), nullptr);
  // Buffer pools: RoCE's lossless pool holds switch priority 3.
  ASSERT_TRUE(sw.pools.count("roce-lossless"));
  EXPECT_EQ(sw.pools.at("roce-lossless").type, PoolType::Both);
  EXPECT_EQ(test::origin(sw.pools.at("roce-lossless").src), prefix + "qos traffic-pool roce-lossless");
  EXPECT_EQ(sw.pools.at("roce-lossless").src.line, 4);
  EXPECT_TRUE(sw.pools.count("default-lossy"));
  // No watchdog unless an interface enables it; the poll interval default is explicit.
  EXPECT_FALSE(p.watchdog);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 100);
  EXPECT_EQ(fabric.coverage.at(0).qos_lines, 3);  // enable, mode, link speed
  EXPECT_EQ(fabric.coverage.at(0).qos_lines_parsed, 3);
}

TEST(NvueRoce, BareRoceIsLossless) {
  TempDir dir;
  Fabric fabric = loadText(dir, "- set:\n    qos:\n      roce: {}\n    interface:\n      swp1: {type: swp}\n");
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "swp1");
  EXPECT_EQ(formatPrioritySet(p.qos.pfc_enable->value), "3");
  EXPECT_EQ(test::origin(p.qos.pfc_enable->src), "default: qos pfc default-global switch-priority");
  EXPECT_EQ(p.qos.pfc_enable->src.line, 3);
}

TEST(NvueRoce, LossyDefaults) {
  TempDir dir;
  Fabric fabric = loadText(dir, roceLeaf("        mode: lossy\n"));
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "swp1");
  EXPECT_FALSE(p.qos.pfc_enable);  // lossy: ECN only, no PFC
  EXPECT_FALSE(isLosslessDscp(sw, p, 26));
  EXPECT_EQ(trafficClassOfDscp(sw, p, 26), 3);
  EXPECT_EQ(queueOfTc(sw, p, 3), 3);
  const WredProfile& q3 = wredOf(sw, p, 3);
  EXPECT_EQ(q3.color(Color::Green).max_threshold_bytes->value, 1501500u);
  EXPECT_EQ(test::origin(q3.ecn->src), "default: qos congestion-control default-global traffic-class 3 ecn");
  EXPECT_EQ(schedulerOf(sw, p, 6).type->value, "STRICT");
  EXPECT_FALSE(sw.pools.count("roce-lossless"));
  EXPECT_EQ(test::origin(sw.pools.at("default-lossy").src), "default: qos traffic-pool default-lossy");
}

TEST(NvueRoce, SingleIngressPoolDefaults) {
  TempDir dir;
  Fabric fabric = loadText(dir, roceLeaf("        mode: lossless-single-ipool\n        cable-length: 30\n"));
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "swp1");
  EXPECT_EQ(formatPrioritySet(p.qos.pfc_enable->value), "3");
  EXPECT_EQ(test::origin(p.qos.pfc_enable->src), "default: qos pfc default-global switch-priority");
  EXPECT_EQ(p.cable_length_m->value, 30u);  // qos roce cable-length
  EXPECT_EQ(p.cable_length_m->src.line, 6);
  // Lossy and lossless traffic share one ingress pool; RoCE keeps an egress pool.
  EXPECT_EQ(sw.pools.at("default-lossy").type, PoolType::Both);
  EXPECT_EQ(sw.pools.at("roce-lossless").type, PoolType::Egress);
}

TEST(NvueRoce, DisabledRoceAndExplicitOverrides) {
  TempDir dir;
  Fabric off = loadText(dir, roceLeaf("        enable: off\n"));
  const Port& p = portOf(onlySwitch(off), "swp1");
  EXPECT_FALSE(p.qos.pfc_enable);
  EXPECT_EQ(p.qos.trust, Trust::Pcp);  // the non-RoCE default: trust 802.1p
  EXPECT_EQ(test::origin(boundMap(onlySwitch(off), p, MapKind::Dot1pToTc)->find(5)->src),
            "default: qos mapping default-global pcp 5 switch-priority");
  // The documented way to move RoCE to switch priority 4 (traffic class 3): explicit values win.
  TempDir moved;
  Fabric fabric =
      loadText(moved,
               "- set:\n"
               "    qos:\n"
               "      roce: {mode: lossless}\n"
               "      mapping: {default-global: {trust: both, dscp: {'26': {switch-priority: 4}}}}\n"
               "      pfc: {default-global: {switch-priority: {'4': {}}}}\n"
               "      egress-queue-mapping:\n"
               "        default-global: {switch-priority: {'4': {traffic-class: 3}, '3': {traffic-class: 0}}}\n"
               "    interface:\n"
               "      swp1: {type: swp}\n");
  const Switch& sw = onlySwitch(fabric);
  const Port& q = portOf(sw, "swp1");
  EXPECT_EQ(formatPrioritySet(q.qos.pfc_enable->value), "4");
  EXPECT_EQ(q.qos.pfc_enable->src.line, 5);
  EXPECT_EQ(trafficClassOfDscp(sw, q, 26), 4);
  EXPECT_EQ(queueOfTc(sw, q, 4), 3);
  EXPECT_EQ(queueOfTc(sw, q, 3), 0);
  EXPECT_TRUE(isLosslessDscp(sw, q, 26));
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "MAP005").empty());  // PFC on SP 4 pauses TC 3, where SP 4 is queued
}

// ---------------------------------------------------------------------------------------------
// Units, merging, notes
// ---------------------------------------------------------------------------------------------

TEST(NvueUnits, ThresholdsAndSpeeds) {
  const std::vector<std::pair<std::string, std::uint64_t>> thresholds = {
      {"150000", 150000}, {"150KB", 150 * 1024}, {"150 kb", 150 * 1024}, {"2 MB", 2 * 1024 * 1024}, {"2000B", 2000}};
  for (const auto& [text, expected] : thresholds) {
    TempDir dir;
    Fabric fabric = loadText(dir,
                             "- set:\n    qos:\n      congestion-control:\n        default-global:\n"
                             "          traffic-class: {'3': {min-threshold: " +
                                 text +
                                 ", max-threshold: 8MB}}\n"
                                 "    interface: {swp1: {type: swp}}\n");
    const Switch& sw = onlySwitch(fabric);
    EXPECT_EQ(wredOf(sw, portOf(sw, "swp1"), 3).color(Color::Green).min_threshold_bytes->value, expected) << text;
  }
  const std::vector<std::pair<std::string, std::uint32_t>> speeds = {
      {"400G", 400000}, {"100G", 100000}, {"25g", 25000}, {"10000", 10000}, {"100M", 100}};
  for (const auto& [text, expected] : speeds) {
    TempDir dir;
    Fabric fabric = loadText(dir, "- set:\n    interface: {swp1: {link: {speed: " + text + "}}}\n");
    EXPECT_EQ(portOf(onlySwitch(fabric), "swp1").speed_mbps->value, expected) << text;
  }
}

TEST(NvueMerge, SetAndUnsetDocumentsAndFilesInOrder) {
  TempDir dir;
  dir.write("leaf1/a.yaml",
            "- set:\n"
            "    system: {hostname: leaf1}\n"
            "    qos: {roce: {mode: lossless}}\n"
            "    interface:\n"
            "      swp1: {link: {mtu: 9216}, qos: {pfc-watchdog: {}}}\n"
            "      swp2: {link: {mtu: 9216}}\n"
            "- unset:\n"
            "    interface: {swp2: {}}\n"
            "- set:\n"
            "    interface: {swp1: {link: {mtu: 9000}}}\n");
  dir.write("leaf1/b.yaml",
            "- set:\n"
            "    qos: {roce: {mode: lossy}}\n"
            "- unset:\n"
            "    interface: {swp1: {qos: {pfc-watchdog: {}}}}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.files.size(), 2u);
  const Port& e1 = portOf(sw, "swp1");
  EXPECT_EQ(e1.mtu_bytes->value, 9000u);  // the later set wins
  EXPECT_EQ(e1.mtu_bytes->src.line, 10);
  EXPECT_FALSE(e1.watchdog);                // unset in the second file
  EXPECT_EQ(sw.findPort("swp2"), nullptr);  // unset removes the whole interface
  EXPECT_FALSE(e1.qos.pfc_enable);          // b.yaml switched RoCE to lossy
  ASSERT_EQ(fabric.coverage.size(), 2u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 1);  // a.yaml: swp1 mtu (the rest was replaced or unset)
  EXPECT_EQ(fabric.coverage[1].qos_lines, 1);  // b.yaml: roce mode
  EXPECT_EQ(fabric.coverage[1].qos_lines_parsed, 1);
}

TEST(NvueNotes, UnknownKeysAreNotesWithCoverage) {
  TempDir dir;
  std::string file = dir.write("sw/startup.yaml",
                               "- set:\n"                                                       // 1
                               "    qos:\n"                                                     // 2
                               "      pfc:\n"                                                   // 3
                               "        default-global:\n"                                      // 4
                               "          switch-priority: {'3': {}}\n"                         // 5
                               "          frobnicate: 7\n"                                      // 6
                               "      egress-shaper:\n"                                         // 7
                               "        my_shaper: {port-max-rate: 100000, priority: 3}\n"      // 8
                               "      egress-queue-mapping:\n"                                  // 9
                               "        other: {switch-priority: {'1': {traffic-class: 2}}}\n"  // 10
                               "    interface:\n"                                               // 11
                               "      swp1:\n"                                                  // 12
                               "        link: {mtu: 9216, fec: rs}\n"                           // 13
                               "        qos: {egress-shaper: {profile: my_shaper}}\n"           // 14
                               "      eth0: {ip: {address: {192.168.0.2/24: {}}}}\n"            // 15
                               "    service: {ntp: {default: {server: {a: {}}}}}\n");           // 16
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.coverage.size(), 1u);
  // Parsed: pfc switch-priority 3, swp1 mtu; not: frobnicate, egress-shaper (2), the other
  // egress-queue-mapping profile (1), the interface egress-shaper binding (1).
  EXPECT_EQ(fabric.coverage[0].qos_lines, 7);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 2);
  // egress-shaper is an NVUE object rocelint knows and does not model (3 values); frobnicate and a
  // mapping profile other than default-global (which NVUE does not have) are not recognised.
  EXPECT_EQ(fabric.coverage[0].qos_lines_not_modelled, 3);
  EXPECT_EQ(fabric.coverage[0].qos_lines_unrecognised, 2);
  EXPECT_EQ(fabric.out_of_scope_tables.at("NVUE service"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("NVUE interface link fec"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("NVUE interface eth0 (management)"), 1);
  Report report = analyze(fabric, {});
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 4u);
  EXPECT_EQ(unknown[0].location.line, 6);
  EXPECT_EQ(test::origin(unknown[0].location), "yaml-key-path: set/qos/pfc/default-global/frobnicate");
  EXPECT_EQ(unknown[0].message,
            "NVUE setting not understood by rocelint and ignored: set/qos/pfc/default-global/frobnicate = \"7\"");
  EXPECT_EQ(unknown[1].location.line, 7);
  EXPECT_EQ(unknown[1].message, "NVUE settings not modelled by rocelint (2 values): set/qos/egress-shaper");
  EXPECT_EQ(unknown[2].location.line, 10);
  EXPECT_EQ(unknown[2].message,
            "NVUE settings not understood and ignored by rocelint (1 value): set/qos/egress-queue-mapping/other");
  EXPECT_EQ(unknown[3].location.line, 14);
  EXPECT_EQ(test::origin(unknown[3].location), "yaml-key-path: set/interface/swp1/qos/egress-shaper");
  std::ostringstream text;
  writeText(report, text, {});
  EXPECT_NE(text.str().find("rocelint: parsed 2 of 7 QoS-related lines in 1 vendor CLI file(s) (3 noted as not "
                            "modelled, 2 not recognised)\n"),
            std::string::npos)
      << text.str();
}

// A bond's members are front-panel ports whether or not they have entries of their own
// (`nv set interface bond1 bond member swp1-2` writes only the bond); QoS set on the bond itself
// is a CFG001 note (rocelint checks the members' own), and a name NVUE gives no interface is one
// too, never a silent drop.
TEST(NvueInterfaces, BondMembersArePortsAndUnknownNamesAreNotes) {
  TempDir dir;
  dir.write("leaf1/startup.yaml",
            "- set:\n"                                                  // 1
            "    system: {hostname: leaf1}\n"                           // 2
            "    interface:\n"                                          // 3
            "      bond1:\n"                                            // 4
            "        type: bond\n"                                      // 5
            "        bond:\n"                                           // 6
            "          member:\n"                                       // 7
            "            swp1: {}\n"                                    // 8
            "            swp2: {}\n"                                    // 9
            "        qos: {pfc: {profile: default-global}}\n"           // 10
            "      swp2:\n"                                             // 11
            "        link: {mtu: 9000}\n"                               // 12
            "      swp3s1: {link: {mtu: 9216}}\n"                       // 13
            "      spw4: {link: {mtu: 9216}}\n"                         // 14
            "      swp3s1.100: {ip: {address: {10.1.0.0/31: {}}}}\n");  // 15
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  std::vector<std::string> names;
  for (const Port& p : sw.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"swp1", "swp2", "swp3s1"}));
  const Port& swp1 = portOf(sw, "swp1");
  EXPECT_EQ(swp1.portchannel, "bond1");
  EXPECT_EQ(swp1.src.line, 8);  // declared where the bond names it
  EXPECT_EQ(portOf(sw, "swp2").portchannel, "bond1");
  EXPECT_EQ(portOf(sw, "swp2").src.line, 11);  // its own entry
  ASSERT_TRUE(portOf(sw, "swp2").mtu_bytes);
  EXPECT_EQ(portOf(sw, "swp2").mtu_bytes->value, 9000u);
  auto unknown = withRule(analyze(fabric, {}), "CFG001");
  ASSERT_EQ(unknown.size(), 2u);
  EXPECT_EQ(unknown[0].location.line, 10);
  EXPECT_EQ(unknown[0].message,
            "NVUE qos on bond bond1 is not applied to its members by rocelint; the members' own qos settings (or "
            "the defaults) are what it checks");
  EXPECT_EQ(unknown[0].fix,
            "set the qos profiles on each member of bond1 (`nv set interface swpN qos ...`) so that rocelint checks "
            "what they get");
  EXPECT_EQ(unknown[1].location.line, 14);
  EXPECT_EQ(unknown[1].message,
            "NVUE interface \"spw4\" is not a port (swpN, swpNsM), bond, VLAN interface or loopback name; rocelint "
            "ignores its settings");
  EXPECT_EQ(unknown[1].fix,
            "name the port as NVUE does (swp1, swp1s0), or give a bond `type: bond` and members; correct \"spw4\"");
  EXPECT_EQ(fabric.out_of_scope_tables.count("NVUE interface swp3s1.100"), 1u);
}

// NVUE access ports: `bridge domain BR access VID`; `untagged` is a trunk's native VLAN (carried
// on the trunk) and a bridge member without `access` a trunk, neither an access port; a routed port is not one; a
// bond's access VLAN is its members'.
TEST(NvueInterfaces, BridgeAccessVlansAreHostPortsAndBondMembersInherit) {
  TempDir dir;
  std::string file = dir.write("tor1/startup.yaml",
                               "- set:\n"                                                                    // 1
                               "    system: {hostname: tor1}\n"                                              // 2
                               "    interface:\n"                                                            // 3
                               "      swp1:\n"                                                               // 4
                               "        bridge:\n"                                                           // 5
                               "          domain:\n"                                                         // 6
                               "            br_default:\n"                                                   // 7
                               "              access: 10\n"                                                  // 8
                               "      swp2:\n"                                                               // 9
                               "        bridge: {domain: {br_default: {untagged: 20, vlan: {'30': {}}}}}\n"  // 10
                               "      swp3:\n"                                                               // 11
                               "        ip: {address: {10.0.0.0/31: {}}}\n"                                  // 12
                               "      bond1:\n"                                                              // 13
                               "        type: bond\n"                                                        // 14
                               "        bond: {member: {swp4: {}, swp5: {}}}\n"                              // 15
                               "        bridge: {domain: {br_default: {access: 70}}}\n"                      // 16
                               "      swp6:\n"                                                               // 17
                               "        bridge: {domain: {br_default: {access: 4095}}}\n"                    // 18
                               "      swp7:\n"                                                               // 19
                               "        bridge: {domain: {br_default: {}}}\n"                                // 20
                               "    bridge:\n"                                                               // 21
                               "      domain:\n"                                                             // 22
                               "        br_default:\n"                                                       // 23
                               "          vlan: {'10': {}, '30': {}, '70': {}}\n"                            // 24
                               "          untagged: 99\n");                                                  // 25
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& swp1 = portOf(sw, "swp1");
  EXPECT_EQ(swp1.access_vlan.str(), "Vlan10");
  EXPECT_EQ(swp1.access_vlan_src.file(), file);
  EXPECT_EQ(swp1.access_vlan_src.line, 8);
  EXPECT_EQ(swp1.access_vlan_src.column, 15);
  for (const char* member : {"swp4", "swp5"}) {
    EXPECT_EQ(portOf(sw, member).portchannel, "bond1") << member;
    EXPECT_EQ(portOf(sw, member).access_vlan.str(), "Vlan70") << member;
    EXPECT_EQ(portOf(sw, member).access_vlan_src.line, 16) << member;
  }
  for (const char* port : {"swp2", "swp3", "swp6", "swp7"}) EXPECT_TRUE(portOf(sw, port).access_vlan.empty()) << port;
  // The other bridge members are trunks: swp2 of its own `vlan` list and native VLAN (line 10), swp7
  // of the domain's VLANs and native VLAN 99 (at its `br_default`, line 20). Access ports (a wrong
  // VID too) and routed ports are not.
  const Port& swp2 = portOf(sw, "swp2");
  ASSERT_TRUE(swp2.trunk_vlans);
  EXPECT_EQ(swp2.trunk_vlans->value.str(), "20,30");
  EXPECT_EQ(swp2.trunk_vlans->src.line, 10);
  const Port& swp7 = portOf(sw, "swp7");
  ASSERT_TRUE(swp7.trunk_vlans);
  EXPECT_EQ(swp7.trunk_vlans->value.str(), "10,30,70,99");
  EXPECT_EQ(swp7.trunk_vlans->src.line, 20);
  for (const char* port : {"swp1", "swp3", "swp4", "swp5", "swp6"}) EXPECT_FALSE(portOf(sw, port).trunk_vlans) << port;

  std::vector<const InputNote*> invalid;
  for (const InputNote& note : fabric.notes) {
    if (note.kind == InputNote::Kind::InvalidValue) invalid.push_back(&note);
  }
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->message,
            "interface swp6 bridge domain br_default access 4095: \"4095\" is not a VLAN id (1-4094); swp6 is not "
            "taken as an access port");
  EXPECT_EQ(invalid[0]->port, "swp6");
  EXPECT_EQ(invalid[0]->src.line, 18);
  // Coverage: the three access values, two parsed and one noted.
  ASSERT_EQ(fabric.coverage.size(), 1u);
  const ParseCoverage& cov = fabric.coverage[0];
  EXPECT_EQ(cov.qos_lines_parsed, 2);
  EXPECT_EQ(cov.qos_lines_not_modelled, 1);
  EXPECT_EQ(cov.qos_lines, cov.qos_lines_parsed + cov.qos_lines_not_modelled + cov.qos_lines_unrecognised);
  EXPECT_EQ(fabric.out_of_scope_tables.count("NVUE interface bridge domain untagged"), 0u);
  EXPECT_EQ(fabric.out_of_scope_tables.count("NVUE bridge domain untagged"), 0u);

  std::set<std::pair<std::string, std::string>> hosts;
  for (const Host& host : fabric.hosts) hosts.emplace(fabric.port(host.attachment).name, host.name);
  EXPECT_EQ(hosts, (std::set<std::pair<std::string, std::string>>{{"swp1", "a server in Vlan10"},
                                                                  {"swp3", "an unnamed device on 10.0.0.0/31"},
                                                                  {"swp4", "a server in Vlan70"},
                                                                  {"swp5", "a server in Vlan70"}}));
}

// router policy route-maps, community lists and AS-path lists become the same vendor-neutral terms
// as EOS/NX-OS route-maps; a neighbour (or its peer group) applies them per direction under
// address-family ipv4-unicast policy; an unnumbered neighbour runs over its port.
TEST(NvuePolicy, RouteMapsCommunityAndAsPathListsBecomeBgpPolicy) {
  TempDir dir;
  Fabric fabric =
      loadText(dir,
               "- set:\n"                                                                               // 1
               "    system: {hostname: leaf1}\n"                                                        // 2
               "    router:\n"                                                                          // 3
               "      bgp: {autonomous-system: 65101}\n"                                                // 4
               "      policy:\n"                                                                        // 5
               "        community-list:\n"                                                              // 6
               "          FROM-SPINE: {rule: {'10': {action: permit, community: {'65100:1': {}}}}}\n"   // 7
               "        as-path-list:\n"                                                                // 8
               "          SPINES: {rule: {'10': {action: permit, aspath-exp: _65100_}}}\n"              // 9
               "        route-map:\n"                                                                   // 10
               "          LEAF-OUT:\n"                                                                  // 11
               "            rule:\n"                                                                    // 12
               "              '10': {action: {deny: {}}, match: {community-list: FROM-SPINE}}\n"        // 13
               "              '20': {action: {deny: {}}, match: {as-path-list: SPINES}}\n"              // 14
               "              '30': {action: {permit: {}}, match: {ip-prefix-list: LOCAL}}\n"           // 15
               "          TAG:\n"                                                                       // 16
               "            rule: {'10': {action: {permit: {}}, set: {community: {'65101:1': {}}}}}\n"  // 17
               "    vrf:\n"                                                                             // 18
               "      default:\n"                                                                       // 19
               "        router:\n"                                                                      // 20
               "          bgp:\n"                                                                       // 21
               "            peer-group:\n"                                                              // 22
               "              SPINES: {remote-as: external, address-family: {ipv4-unicast: {policy: "
               "{outbound: {route-map: LEAF-OUT}}}}}\n"                         // 23
               "            neighbor:\n"                                        // 24
               "              swp51: {type: unnumbered, peer-group: SPINES}\n"  // 25
               "              swp52: {type: unnumbered, peer-group: SPINES, address-family: {ipv4-unicast: "
               "{policy: {inbound: {route-map: TAG}, outbound: {route-map: NOPE}}}}}\n");  // 26
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  const BgpNeighbor& n51 = sw.bgp_neighbors[0];
  EXPECT_EQ(n51.interface, "swp51");
  EXPECT_TRUE(n51.import_policies.empty());
  ASSERT_EQ(n51.export_policies.size(), 1u);  // the peer group's
  const RoutingPolicy& out = sw.routing_policies[n51.export_policies[0]];
  EXPECT_EQ(out.name, "LEAF-OUT");
  EXPECT_EQ(out.default_action, PolicyTerm::Action::Reject);
  ASSERT_EQ(out.terms.size(), 3u);
  EXPECT_EQ(out.terms[0].action, PolicyTerm::Action::Reject);
  ASSERT_EQ(out.terms[0].match_community_any.size(), 1u);
  EXPECT_EQ(sw.bgp_communities[out.terms[0].match_community_any[0]], "65100:1");
  EXPECT_EQ(out.terms[0].src.line, 13);
  EXPECT_EQ(out.terms[1].match_as_path_any, (std::vector<std::uint32_t>{65100}));
  EXPECT_FALSE(out.terms[1].unmodelled_match);
  EXPECT_EQ(out.terms[2].action, PolicyTerm::Action::Accept);
  EXPECT_TRUE(out.terms[2].unmodelled_match);
  EXPECT_EQ(out.terms[2].unmodelled_what, "match ip-prefix-list LOCAL");
  // swp52's own route-maps: TAG in (FRR's `set community`, which replaces), NOPE out is not
  // defined: CFG002 at it, and the session's policy is not applied.
  const BgpNeighbor& n52 = sw.bgp_neighbors[1];
  EXPECT_TRUE(n52.policy_unmodelled);
  EXPECT_EQ(n52.policy_unmodelled_what, "route-map NOPE is not defined");
  EXPECT_EQ(n52.policy_unmodelled_src.line, 26);
  EXPECT_TRUE(n52.import_policies.empty());
  auto tag = std::find_if(sw.routing_policies.begin(), sw.routing_policies.end(),
                          [](const RoutingPolicy& p) { return p.name == "TAG"; });
  ASSERT_NE(tag, sw.routing_policies.end());
  ASSERT_EQ(tag->terms.size(), 1u);
  EXPECT_TRUE(tag->terms[0].drops_communities);
  ASSERT_EQ(tag->terms[0].add_communities.size(), 1u);
  EXPECT_EQ(sw.bgp_communities[tag->terms[0].add_communities[0]], "65101:1");
  auto undefined = withRule(analyze(fabric, {}), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].message, "route-map NOPE is not defined");
  EXPECT_EQ(undefined[0].location.line, 26);
}

TEST(NvueNotes, WatchdogOnAPortWithoutPfc) {
  TempDir dir;
  Fabric fabric = loadText(dir, "- set:\n    interface:\n      swp1:\n        qos: {pfc-watchdog: {state: enable}}\n");
  const Port& p = portOf(onlySwitch(fabric), "swp1");
  EXPECT_FALSE(p.watchdog);
  Report report = analyze(fabric, {});
  auto invalid = withRule(report, "CFG005");
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0].location.line, 4);
  EXPECT_EQ(invalid[0].port, "swp1");
}

// An interface naming an undefined profile is a CFG002 error at the reference (NVUE refuses to apply
// it); the port is analysed with default-global, as if it named none.
TEST(NvueNotes, UndefinedProfilesAreCfg002AtTheReference) {
  TempDir dir;
  std::string file =
      dir.write("sw/startup.yaml",
                "- set:\n    qos:\n      pfc:\n        roce: {switch-priority: {'3': {}}}\n    interface:\n"
                "      swp1: {qos: {pfc: {profile: rcoe}}}\n"
                "      swp2:\n        qos:\n          congestion-control:\n            profile: gpu\n"
                "      swp3: {link: {mtu: 9216}}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  // swp1 gets what swp3, which names no profile, gets; nothing points at the ignored binding.
  const Port& swp1 = portOf(sw, "swp1");
  const Port& swp3 = portOf(sw, "swp3");
  EXPECT_EQ(swp1.qos.pfcPriorities(), swp3.qos.pfcPriorities());
  if (swp1.qos.pfc_enable) {
    EXPECT_NE(swp1.qos.pfc_enable->src.line, 6);
  }
  EXPECT_EQ(portOf(sw, "swp2").queues.size(), swp3.queues.size());
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG005").empty());
  auto undefined = withRule(report, "CFG002");
  ASSERT_EQ(undefined.size(), 2u);
  EXPECT_EQ(undefined[0].location.file(), file);
  EXPECT_EQ(undefined[0].location.line, 6);
  EXPECT_EQ(undefined[0].location.column, 26);
  EXPECT_EQ(undefined[0].port, "swp1");
  EXPECT_EQ(undefined[0].message,
            "set/interface/swp1/qos/pfc/profile: qos pfc profile \"rcoe\" is not defined (defined: roce); `nv config "
            "apply` rejects the configuration, and swp1 is analysed with default-global");
  EXPECT_EQ(undefined[0].fix,
            "define it with `nv set qos pfc rcoe ...`, or correct the name in `nv set interface swp1 qos pfc profile`");
  EXPECT_EQ(undefined[1].location.line, 10);
  EXPECT_EQ(undefined[1].location.column, 13);
  EXPECT_NE(undefined[1].message.find("qos congestion-control profile \"gpu\" is not defined (defined: none)"),
            std::string::npos)
      << undefined[1].message;
  const InputNote* note = nullptr;
  for (const InputNote& n : fabric.notes) {
    if (n.kind == InputNote::Kind::UndefinedReference && n.port == "swp2") note = &n;
  }
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->referenced_kind, "qos congestion-control profile");
  EXPECT_EQ(note->referenced_name, "gpu");
}

// ---------------------------------------------------------------------------------------------
// Malformed input: InputError with file:line:col, the key path and what was expected
// ---------------------------------------------------------------------------------------------

struct Malformed {
  const char* text;
  const char* expected;  // after "<file>:"
};

TEST(NvueMalformed, InputErrorsWithExactMessageAndLocation) {
  const std::vector<Malformed> cases = {
      // Invalid YAML (an unclosed flow mapping).
      {"- set:\n    qos:\n      roce: {mode: lossless\n    interface: {}\n",
       "4:14: invalid YAML: end of map flow not found"},
      // A word where a number must be.
      {"- set:\n    qos:\n      pfc:\n        default-global:\n          cable-length: long\n",
       "5:25: set/qos/pfc/default-global/cable-length: expected a cable length in meters (1-100000), got \"long\""},
      {"- set:\n    interface:\n      swp1:\n        link:\n          mtu: jumbo\n",
       "5:16: set/interface/swp1/link/mtu: expected an MTU in bytes (552-9216), got \"jumbo\""},
      {"- set:\n    qos:\n      congestion-control:\n        default-global:\n          traffic-class:\n"
       "            '3': {min-threshold: 150 GB}\n",
       "6:34: set/qos/congestion-control/default-global/traffic-class/3/min-threshold: expected a minimum threshold "
       "in bytes (a whole number, optionally with B, KB or MB; 1 KB = 1024 B), got \"150 GB\""},
      {"- set:\n    qos:\n      mapping:\n        default-global:\n          dscp:\n            '64': "
       "{switch-priority: 3}\n",
       "6:13: set/qos/mapping/default-global/dscp/64: expected a DSCP value (0-63) as the key, got \"64\""},
      {"- set:\n    qos:\n      roce:\n        mode: lossless-ish\n",
       "4:15: set/qos/roce/mode: expected a RoCE mode (lossless, lossy or lossless-single-ipool), got "
       "\"lossless-ish\""},
      {"- set:\n    qos:\n      pfc:\n        default-global:\n          tx: maybe\n",
       "5:15: set/qos/pfc/default-global/tx: expected a PFC tx state (enable, disable, on or off), got \"maybe\""},
      {"- set:\n    qos:\n      pfc: 3\n", "3:12: set/qos/pfc: expected a mapping of PFC profiles, got \"3\""},
      // A truncated file: the last key has no value.
      {"- set:\n    qos:\n      pfc-watchdog:\n        polling-interval:",
       "4:9: set/qos/pfc-watchdog/polling-interval: expected a polling interval in milliseconds (1-60000), got "
       "nothing (the value is missing; is the file truncated?)"},
      // Not a list of set documents.
      {"- set:\n    interface: {}\n- sett:\n    qos: {}\n",
       "3:3: expected \"set\", \"unset\" or \"header\", got \"sett\""},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string file = dir.write("sw/startup.yaml", c.text);
    EXPECT_EQ(loadError(dir.path()), file + ":" + c.expected) << c.text;
  }
}

TEST(NvueMalformed, CliExitsTwoWithTheLocation) {
  TempDir dir;
  std::string file = dir.write("leaf1/startup.yaml",
                               "- set:\n    qos:\n      pfc:\n        default-global:\n          cable-length: long\n");
  auto [code, out] = test::runRocelint("check " + dir.path());
  EXPECT_EQ(code, 2) << out;
  // Left out as CFG006 at its value (the text report shows file:line:col), the run exits 2.
  EXPECT_NE(out.find(file + ":5:25: error[CFG006]: set/qos/pfc/default-global/cable-length: expected a cable length in "
                            "meters (1-100000), got \"long\""),
            std::string::npos)
      << out;
  TempDir yaml;
  std::string broken = yaml.write("leaf1/startup.yaml", "- set:\n    qos:\n      roce: {mode: lossless\n");
  auto [yaml_code, yaml_out] = test::runRocelint("check " + yaml.path());
  EXPECT_EQ(yaml_code, 2) << yaml_out;
  EXPECT_NE(yaml_out.find(broken + ":4:1: error[CFG006]: invalid YAML: end of map flow not found"), std::string::npos)
      << yaml_out;
}

// The case: a startup.yaml with a pasted prompt line above the YAML, beside a valid spine.
// The file is named as invalid YAML at its line and column, left out (CFG006), the spine is still
// analysed and its port facing the missing leaf is named; the run exits 2.
TEST(NvueMalformed, PastedPromptLineLeavesTheFileOutAndTheFabricIsStillAnalysed) {
  std::string fabric_dir = test::sourceDir() + "/tests/fixtures/PFC001/nvue/good";
  TempDir dir;
  std::string leaf = dir.write("leaf1/startup.yaml", "cumulus@leaf1:mgmt:~$ nv config show -o commands\n" +
                                                         test::readAll(fabric_dir + "/leaf1/startup.yaml"));
  std::string spine = dir.write("spine1/startup.yaml", test::readAll(fabric_dir + "/spine1/startup.yaml"));

  Report report = test::check(dir.path());
  auto left_out = withRule(report, "CFG006");
  ASSERT_EQ(left_out.size(), 1u);
  const Finding& f = left_out[0];
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_EQ(f.location.file(), leaf);
  EXPECT_EQ(f.location.line, 3);  // the first "- header:" line, where the prompt's plain scalar stops parsing
  EXPECT_EQ(f.location.column, 1);
  EXPECT_EQ(f.message.rfind("invalid YAML: ", 0), 0u) << f.message;
  EXPECT_EQ(f.message.find("JSON"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("this NVUE file is not well-formed, so it is left out of the fabric; switch leaf1 is "
                           "missing from the analysis (1 port(s) of the fabric face it)"),
            std::string::npos)
      << f.message;
  ASSERT_EQ(f.related.size(), 1u);
  EXPECT_EQ(
      f.related[0].message,
      "spine1 swp1 faces leaf1, which is missing: its link, PFC, map and deadlock checks through leaf1 did not run");
  EXPECT_EQ(f.related[0].src.file(), spine);
  EXPECT_EQ(f.fix,
            "correct the syntax at this location (a pasted prompt or command line, a truncated copy?) and check again");
  EXPECT_EQ(report.summary.switches, 1);  // spine1, analysed
  EXPECT_EQ(report.summary.files_left_out, 1);
  EXPECT_EQ(report.summary.hosts, 0);  // the port facing the missing leaf is not a host port

  auto [code, out] = test::runRocelint("check " + dir.path());
  EXPECT_EQ(code, 2) << out;
  EXPECT_NE(out.find(leaf + ":3:1: error[CFG006]: invalid YAML"), std::string::npos) << out;
  EXPECT_NE(out.find("1 file(s) not read or not well-formed were left out of the fabric (CFG006)"), std::string::npos)
      << out;
}

// ---------------------------------------------------------------------------------------------
// A hand-written RoCE leaf (tests/nvue/roce-leaf/startup.yaml, from the Cumulus QoS/RoCE docs)
// ---------------------------------------------------------------------------------------------

TEST(NvueRoceLeaf, HandWrittenStartupYaml) {
  std::string dir = test::sourceDir() + "/tests/nvue/roce-leaf";
  Fabric fabric = loadFabric({dir});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "roce-leaf01");
  EXPECT_EQ(sw.asn->value, 65101u);
  EXPECT_EQ(sw.ports.size(), 4u);  // swp51, swp52, swp1s0, swp1s1 (eth0 is management)
  const Port& up = portOf(sw, "swp51");
  EXPECT_EQ(up.speed_mbps->value, 400000u);
  EXPECT_EQ(up.mtu_bytes->value, 9216u);
  EXPECT_EQ(up.neighbor->device, "spine01");
  EXPECT_EQ(formatPrioritySet(up.qos.pfc_enable->value), "3");  // RoCE lossless default
  EXPECT_EQ(up.qos.pfc_enable->src.line, 15);                   // the roce line
  EXPECT_EQ(up.cable_length_m->value, 100u);
  ASSERT_TRUE(up.watchdog);
  EXPECT_EQ(up.watchdog->detection_ms->value, 1000);  // 200 ms x robustness 5
  EXPECT_EQ(up.watchdog->restoration_ms->value, 200);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->src.line, 24);
  EXPECT_EQ(wredOf(sw, up, 3).color(Color::Green).max_threshold_bytes->value, 1501500u);
  const Port& gpu = portOf(sw, "swp1s0");
  EXPECT_EQ(gpu.speed_mbps->value, 100000u);
  EXPECT_EQ(gpu.neighbor->device, "gpu01");
  EXPECT_FALSE(gpu.watchdog);
  const WredProfile& w = wredOf(sw, gpu, 3);
  EXPECT_EQ(w.name, "qos congestion-control gpu-ports traffic-class 3");
  EXPECT_EQ(w.color(Color::Green).min_threshold_bytes->value, 40000u);
  EXPECT_EQ(w.color(Color::Green).max_threshold_bytes->value, 200000u);
  EXPECT_EQ(w.color(Color::Green).drop_probability_percent->value, 10);
  EXPECT_EQ(w.color(Color::Green).min_threshold_bytes->src.line, 32);
  EXPECT_FALSE(gpu.queue(0)->wred_profile);  // the custom profile marks TC 3 only
  EXPECT_EQ(sw.pools.at("roce-lossless").percentage->value, 60);
  EXPECT_EQ(sw.pools.at("default-lossy").percentage->value, 40);
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "swp51");
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine01");  // unnumbered: the port's neighbour
  ASSERT_EQ(sw.static_routes.size(), 1u);
  EXPECT_EQ(sw.static_routes[0].vrf, "mgmt");
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"192.168.200.1"});
  ASSERT_EQ(sw.addresses.size(), 1u);  // the loopback; eth0 is management
  EXPECT_EQ(sw.addresses[0].prefix, "10.10.10.1/32");
  // advance-buffer-config is the one QoS setting not modelled; GPU ports have no watchdog.
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 24);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 23);
  Report report = analyze(fabric, {});
  std::set<std::string> rules;
  for (const auto& f : report.findings) rules.insert(f.rule + " " + f.port);
  EXPECT_EQ(rules, (std::set<std::string>{"CFG001 ", "WD001 swp1s0"}));
  EXPECT_EQ(withRule(report, "CFG001").at(0).location.line, 35);
}

// ---------------------------------------------------------------------------------------------
// samples/leafspine-nvue is samples/leafspine-clean in NVUE syntax
// ---------------------------------------------------------------------------------------------

TEST(VendorSamples, NvueSampleHasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample("leafspine-nvue", test::nvuePortOf);
}

using test::FindingKey;

TEST(NvueSample, SeededDscp26MistakeGivesTheSameFindingAsInSonic) {
  TempDir sonic_dir;
  TempDir nvue_dir;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
    std::string yaml = test::readAll(test::sourceDir() + "/samples/leafspine-nvue/" + name + "/startup.yaml");
    ASSERT_FALSE(json.empty() || yaml.empty()) << name;
    if (name == "spine2") {
      // The same mistake as leafspine-broken's first: DSCP 26 (RoCE) in a lossy priority.
      auto doc = nlohmann::json::parse(json);
      doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
      json = doc.dump(4);
      const std::string line = "'26': {switch-priority: 3}";
      ASSERT_NE(yaml.find(line), std::string::npos);
      yaml.replace(yaml.find(line), line.size(), "'26': {switch-priority: 1}");
    }
    sonic_dir.write(name + ".json", json);
    nvue_dir.write(name + "/startup.yaml", yaml);
  }
  Report sonic = test::check(sonic_dir.path());
  Report nvue = test::check(nvue_dir.path());
  std::set<FindingKey> expected = {{"MAP001", "spine2", "swp1", 1}};
  EXPECT_EQ(test::findingKeys(sonic, test::nvuePortOf), expected);
  EXPECT_EQ(test::findingKeys(nvue), expected);
  ASSERT_EQ(nvue.findings.size(), 1u);
  // The NVUE finding points at the DSCP 26 entry that was changed.
  const Finding& f = nvue.findings[0];
  EXPECT_EQ(test::origin(f.location), "yaml-key-path: set/qos/mapping/default-global/dscp/26/switch-priority");
  EXPECT_EQ(f.location.file(), nvue_dir.path() + "/spine2/startup.yaml");
  EXPECT_EQ(f.location.line, 41);
  EXPECT_EQ(f.severity, sonic.findings[0].severity);
}

TEST(NvueSample, IsWhatTheGeneratorWrites) {
  TempDir out;
  std::string cmd =
      "/usr/bin/python3 " + test::sourceDir() + "/samples/gen_leafspine_nvue.py " + out.path() + "/gen > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string committed = test::readAll(test::sourceDir() + "/samples/leafspine-nvue/" + name + "/startup.yaml");
    EXPECT_FALSE(committed.empty()) << name;
    EXPECT_EQ(test::readAll(out.path() + "/gen/" + name + "/startup.yaml"), committed) << name;
  }
  EXPECT_EQ(test::readAll(out.path() + "/gen/README.md"),
            test::readAll(test::sourceDir() + "/samples/leafspine-nvue/README.md"));
}

TEST(NvueSample, ExitsZeroAndReportsCoverage) {
  auto [code, out] = test::runRocelint("check " + test::sourceDir() + "/samples/leafspine-nvue");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("6 switch(es), 8 link(s), 8 host port(s): 0 error(s), 0 warning(s), 0 note(s)"), std::string::npos)
      << out;
  EXPECT_NE(out.find("rocelint: parsed 794 of 794 QoS-related lines in 6 vendor CLI file(s)"), std::string::npos)
      << out;
}

TEST(VendorSamples, NvueLeavesAndEosSpinesAreOneCleanFabric) {
  TempDir dir;
  for (const std::string name : {"spine1", "spine2"}) {
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-eos/" + name + ".cfg");
    // The EOS spines name the leaf ports in EOS syntax: rename them to the NVUE leaves' ports.
    for (int i = 1; i <= 4; ++i) {
      const std::string from = ":Ethernet" + std::to_string(i) + "/1";
      for (auto at = cfg.find(from); at != std::string::npos; at = cfg.find(from))
        cfg.replace(at, from.size(), ":swp" + std::to_string(i));
    }
    dir.write(name + ".cfg", cfg);
  }
  for (const std::string name : {"leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string yaml = test::readAll(test::sourceDir() + "/samples/leafspine-nvue/" + name + "/startup.yaml");
    // The NVUE leaves name the spine ports in NVUE syntax: rename them to the EOS spines' ports.
    for (int i = 1; i <= 4; ++i) {
      for (const std::string spine : {"spine1", "spine2"}) {
        const std::string from = spine + ":swp" + std::to_string(i) + "\n";
        auto at = yaml.find(from);
        if (at != std::string::npos) yaml.replace(at, from.size(), spine + ":Ethernet" + std::to_string(i) + "/1\n");
      }
    }
    dir.write(name + "/startup.yaml", yaml);
  }
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 6u);
  EXPECT_EQ(fabric.links.size(), 8u);
  std::set<std::string> formats;
  for (const auto& c : fabric.coverage) formats.insert(c.format);
  EXPECT_EQ(formats, (std::set<std::string>{"EOS", "NVUE"}));
  Report report = analyze(fabric, {});
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
}

}  // namespace
}  // namespace rocelint
