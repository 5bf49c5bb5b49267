// The evidence rules of issue 16 items 3 and 4: headroom watermarks near xoff (ST005), pauses sent
// without ECN marks (ST006), pause propagation trees and their roots (ST007, src/analysis/pause_tree.cpp),
// and a watchdog storm that lasts through the interval (ST003). Every expected value is worked out
// from the counters written here or in the fixture.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sstream>

#include "rocelint/config.hpp"
#include "rocelint/loader.hpp"
#include "rocelint/pause_tree.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using test::TempDir;

fs::path fixture(const std::string& id, const std::string& side) {
  return fs::path(test::sourceDir()) / "tests" / "fixtures" / id / "sonic" / side;
}

/// A fabric directory with the configurations (not the state) of a fixture.
void copyConfigs(const fs::path& from, const TempDir& to) {
  for (const auto& entry : fs::directory_iterator(from)) {
    std::string name = entry.path().filename().string();
    if (name.find(".counters_db.") == std::string::npos) fs::copy_file(entry.path(), fs::path(to.path()) / name);
  }
}

Report checkWith(const std::vector<std::string>& paths, const Config& config, const LoadOptions& options = {}) {
  return analyze(loadFabric(paths, {}, PathFilter{}, options), config);
}

const Finding* findingOn(const std::vector<Finding>& findings, const std::string& sw, const std::string& port) {
  for (const Finding& f : findings) {
    if (f.switch_name == sw && f.port == port) return &f;
  }
  return nullptr;
}

// ST005 on its fixture: the two PGs of Ethernet8 near or at the 59392-byte xoff, with the profile's xoff
// as the related location.
TEST(HeadroomWatermark, NearAndAtXoffAreReportedAtTheWatermark) {
  Report report = checkWith({fixture("ST005", "bad").string()}, Config{});
  std::vector<Finding> st005 = test::withRule(report, "ST005");
  ASSERT_EQ(st005.size(), 2u);
  // 56000 / 59392 = 94.3%: within the 10% margin (53452.8 bytes and up).
  EXPECT_EQ(st005[0].port, "Ethernet8");
  EXPECT_EQ(st005[0].priority, 3);
  EXPECT_EQ(st005[0].severity, Severity::Warning);
  EXPECT_EQ(st005[0].message,
            "the headroom watermark of lossless PG 3 of leaf1 Ethernet8 (priority 3) is 56000 bytes, 94% of the 59392 "
            "bytes of headroom (xoff) of its profile pg_lossless_100000_5m_profile, within the 10% margin: the "
            "headroom is too small in practice, a longer burst after a pause overflows it and drops lossless packets");
  EXPECT_EQ(st005[0].location.jsonPointer(),
            "/USER_WATERMARKS:oid:0x1a000000000033/SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES");
  EXPECT_EQ(st005[0].location.line, 16);
  EXPECT_EQ(st005[0].fix,
            "give PG 3 of leaf1 Ethernet8 more headroom than 59392 bytes (raise xoff of pg_lossless_100000_5m_profile, "
            "and check the cable length, speed and MTU it was sized for)");
  ASSERT_EQ(st005[0].related.size(), 1u);
  EXPECT_EQ(st005[0].related[0].message, "pg_lossless_100000_5m_profile xoff 59392");
  EXPECT_EQ(st005[0].related[0].src.jsonPointer(), "/BUFFER_PROFILE/pg_lossless_100000_5m_profile/xoff");
  EXPECT_EQ(st005[1].priority, 4);
  EXPECT_EQ(st005[1].message,
            "the headroom watermark of lossless PG 4 of leaf1 Ethernet8 (priority 4) is 59392 bytes, 100% of the "
            "59392 bytes of headroom (xoff) of its profile pg_lossless_100000_5m_profile, it filled its headroom: the "
            "headroom is too small in practice, a longer burst after a pause overflows it and drops lossless packets");
}

// The margin parameter moves the line: 0 keeps only the PG that filled its headroom; Ethernet0's PG 3
// (100000 of 144384 bytes, 69.3%) is reported from a margin of 31% on (144384 x 69 / 100 = 99625 <= 100000)
// and not at 30% (144384 x 70 / 100 = 101068.8 > 100000).
TEST(HeadroomWatermark, MarginParameterMovesTheThreshold) {
  auto ports = [](int margin) {
    Config config;
    config.params.headroom_watermark_margin_pct = margin;
    std::vector<std::string> out;
    for (const Finding& f : test::withRule(checkWith({fixture("ST005", "bad").string()}, config), "ST005"))
      out.push_back(f.port + "/" + std::to_string(f.priority.value_or(-1)));
    return out;
  };
  EXPECT_EQ(ports(0), (std::vector<std::string>{"Ethernet8/4"}));
  EXPECT_EQ(ports(30), (std::vector<std::string>{"Ethernet8/3", "Ethernet8/4"}));
  EXPECT_EQ(ports(31), (std::vector<std::string>{"Ethernet0/3", "Ethernet8/3", "Ethernet8/4"}));
  // Lossy PG 0 (900000 bytes) is never compared, whatever the margin.
  EXPECT_EQ(ports(100), (std::vector<std::string>{"Ethernet0/3", "Ethernet8/3", "Ethernet8/4"}));

  TempDir dir;
  std::string yaml = dir.write(".rocelint.yaml", "params:\n  headroom_watermark_margin_pct: 31\n");
  EXPECT_EQ(loadConfig(yaml).params.headroom_watermark_margin_pct, 31);
  dir.write(".rocelint.yaml", "params:\n  headroom_watermark_margin_pct: 101\n");
  EXPECT_THROW(loadConfig(yaml), ConfigError);
}

// ST006 on its fixture: priority 3 paused 1000 times (800 from Ethernet0) and its two queues marked
// nothing; priority 4 paused too but queue 4 of Ethernet8 marked 25.
TEST(PausedWithoutEcn, OneFindingPerSwitchAndPriorityAtTheBusiestPause) {
  Report report = checkWith({fixture("ST006", "bad").string()}, Config{});
  std::vector<Finding> st006 = test::withRule(report, "ST006");
  ASSERT_EQ(st006.size(), 1u);
  const Finding& f = st006[0];
  EXPECT_EQ(f.switch_name, "leaf1");
  EXPECT_EQ(f.port, "Ethernet0");
  EXPECT_EQ(f.priority, 3);
  EXPECT_EQ(f.location.jsonPointer(), "/COUNTERS:oid:0x1000000000001/SAI_PORT_STAT_PFC_3_TX_PKTS");
  EXPECT_EQ(f.message,
            "leaf1 sent PFC pause frames on lossless priority 3 (1000 since the counters were last cleared; most on "
            "Ethernet0: 800), but its 2 queues of priority 3 marked no packet with ECN (0 since the counters were "
            "last cleared, while they sent 130000 packets): ECN fires after PFC in practice, if at all, so the "
            "senders are paused before congestion control slows them");
  EXPECT_EQ(f.fix,
            "make the ECN marking of leaf1's lossless queues of priority 3 start before the PGs reach xoff (lower the "
            "WRED/ECN min and max thresholds below the pause point, or bind an ECN profile where none is)");
  ASSERT_EQ(f.related.size(), 2u);
  // The busiest queue is Ethernet8's (90000 packets against 40000).
  EXPECT_EQ(f.related[0].message, "queue 3 of Ethernet8: 0 ECN-marked");
  EXPECT_EQ(f.related[0].src.jsonPointer(), "/COUNTERS:oid:0x15000000000033/SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS");
  EXPECT_EQ(f.related[1].message, "ECN profile AZURE_LOSSLESS (ecn ecn_all) on queue 3 of Ethernet0");
  EXPECT_EQ(f.related[1].src.jsonPointer(), "/QUEUE/Ethernet0|3/wred_profile");
}

// Two snapshots: what counts is the interval. Pauses rose by 300 while the marks stayed at 5: a finding
// with the increases; marks that rose too: none.
TEST(PausedWithoutEcn, TwoSnapshotsCompareTheIncreases) {
  TempDir fabric_dir;
  copyConfigs(fixture("ST006", "bad"), fabric_dir);
  auto dump = [](int tx, int marks) {
    return fmt::format(R"({{
  "COUNTERS_PORT_NAME_MAP": {{"Ethernet0": "oid:0x1"}},
  "COUNTERS_QUEUE_NAME_MAP": {{"Ethernet0:3": "oid:0x13"}},
  "COUNTERS:oid:0x1": {{"SAI_PORT_STAT_PFC_3_TX_PKTS": "{}"}},
  "COUNTERS:oid:0x13": {{"SAI_QUEUE_STAT_PACKETS": "7000", "SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS": "{}"}}
}})",
                       tx, marks);
  };
  TempDir before;
  TempDir after;
  before.write("leaf1/counters_db.json", dump(100, 5));
  after.write("leaf1/counters_db.json", dump(400, 5));
  LoadOptions options;
  options.state_dirs = {before.path(), after.path()};
  std::vector<Finding> st006 = test::withRule(checkWith({fabric_dir.path()}, Config{}, options), "ST006");
  ASSERT_EQ(st006.size(), 1u);
  EXPECT_EQ(st006[0].message,
            "leaf1 sent PFC pause frames on lossless priority 3 (300 between the snapshots; most on Ethernet0: 300), "
            "but its 1 queue of priority 3 marked no packet with ECN (0 between the snapshots): ECN fires after PFC "
            "in practice, if at all, so the senders are paused before congestion control slows them");
  after.write("leaf1/counters_db.json", dump(400, 9));
  EXPECT_TRUE(test::withRule(checkWith({fabric_dir.path()}, Config{}, options), "ST006").empty());
}

std::vector<std::string> relatedMessages(const Finding& f) {
  std::vector<std::string> out;
  for (const RelatedLocation& r : f.related) out.push_back(r.message);
  return out;
}

// ST007 on its fixture: the incast tree rooted at leaf4 and the tree of gpu-node-3 pausing leaf2.
TEST(PauseTrees, CongestionPointAndHostRootOnTheLeafSpineSample) {
  Report report = checkWith({fixture("ST007", "bad").string()}, Config{});
  std::vector<Finding> st007 = test::withRule(report, "ST007");
  ASSERT_EQ(st007.size(), 2u);
  const Finding* incast = findingOn(st007, "leaf4", "Ethernet0");
  ASSERT_NE(incast, nullptr);
  EXPECT_EQ(incast->priority, 3);
  EXPECT_EQ(incast->location.jsonPointer(), "/COUNTERS:oid:0x1000000000000/SAI_PORT_STAT_PFC_3_TX_PKTS");
  EXPECT_EQ(incast->message,
            "pause tree on priority 3 rooted at leaf4, a congestion point: leaf4 sent 1000 pause frames (500 on "
            "Ethernet0, the rest on 2 other ports) while none of its ports was paused, so an egress queue of it could "
            "not drain (typically an incast toward a receiver behind it); the pauses crossed up to 3 links and "
            "reached 4 switches and 8 ports (totals since the counters were last cleared)");
  EXPECT_EQ(relatedMessages(*incast), (std::vector<std::string>{
                                          "depth 1: leaf4 Ethernet0 sent 500 pause frames to spine1 Ethernet24",
                                          "depth 1: leaf4 Ethernet8 sent 200 pause frames to spine2 Ethernet24",
                                          "depth 1: leaf4 Ethernet24 sent 300 pause frames to gpu-node-8",
                                          "depth 2: spine1 Ethernet0 sent 400 pause frames to leaf1 Ethernet0",
                                          "depth 3: leaf1 Ethernet16 sent 350 pause frames to gpu-node-1",
                                      }));
  EXPECT_EQ(incast->related[3].src.jsonPointer(), "/COUNTERS:oid:0x1000000000000/SAI_PORT_STAT_PFC_3_TX_PKTS");
  EXPECT_NE(incast->related[3].src.file().find("spine1.counters_db.json"), std::string::npos);
  const Finding* storm = findingOn(st007, "leaf2", "Ethernet16");
  ASSERT_NE(storm, nullptr);
  EXPECT_EQ(storm->location.jsonPointer(), "/COUNTERS:oid:0x1000000000010/SAI_PORT_STAT_PFC_3_RX_PKTS");
  EXPECT_EQ(storm->message,
            "pause tree on priority 3 rooted at gpu-node-3 behind leaf2 Ethernet16: it paused the switch (pause "
            "frames received: 5000 since the counters were last cleared), a storm source when it does not stop (a "
            "NIC that cannot drain what it receives); the pauses crossed up to 2 links and reached 2 switches and 3 "
            "ports (totals since the counters were last cleared)");
  EXPECT_EQ(relatedMessages(*storm),
            (std::vector<std::string>{"depth 2: leaf2 Ethernet8 sent 2000 pause frames to spine2 Ethernet8"}));
}

/// The ST007 fabric with one snapshot of PFC counters: (switch, port) -> {priority: (tx, rx)}.
using PfcCounts = std::map<std::pair<std::string, std::string>, std::map<int, std::pair<int, int>>>;

void writeCounters(const TempDir& dir, const PfcCounts& counts, const std::string& sub = "") {
  std::map<std::string, std::string> names;
  std::map<std::string, std::string> objects;
  int oid = 1;
  for (const auto& [key, by_priority] : counts) {
    std::string id = fmt::format("oid:0x{:x}", oid++);
    names[key.first] += fmt::format("{}\"{}\": \"{}\"", names[key.first].empty() ? "" : ", ", key.second, id);
    std::string fields;
    for (const auto& [p, c] : by_priority) {
      fields += fmt::format("{}\"SAI_PORT_STAT_PFC_{}_TX_PKTS\": \"{}\", \"SAI_PORT_STAT_PFC_{}_RX_PKTS\": \"{}\"",
                            fields.empty() ? "" : ", ", p, c.first, p, c.second);
    }
    objects[key.first] += fmt::format(",\n  \"COUNTERS:{}\": {{{}}}", id, fields);
  }
  for (const auto& [sw, map] : names) {
    dir.write((sub.empty() ? "" : sub + "/") + sw + ".counters_db.json",
              fmt::format("{{\n  \"COUNTERS_PORT_NAME_MAP\": {{{}}}{}\n}}\n", map, objects[sw]));
  }
}

std::string portName(const Fabric& fabric, PortRef ref) { return fabric.sw(ref).name + " " + fabric.port(ref).name; }

// A switch without state that pauses a switch with state is the tree's root as far as can be seen
// (Unobserved); switches that only pause each other form a tree with no root.
TEST(PauseTrees, UnobservedRootAndPausesWithNoRoot) {
  TempDir dir;
  copyConfigs(fixture("ST007", "bad"), dir);
  writeCounters(dir, {
                         // leaf3 has no state: spine1 received 70 from it, then paused leaf2 (30).
                         {{"spine1", "Ethernet16"}, {{3, {0, 70}}}},
                         {{"spine1", "Ethernet8"}, {{3, {30, 0}}}},
                         {{"leaf2", "Ethernet0"}, {{3, {0, 30}}}},
                         // Priority 4: leaf1 and spine1 pause each other over their link, nothing else.
                         {{"leaf1", "Ethernet0"}, {{4, {10, 0}}}},
                         {{"spine1", "Ethernet0"}, {{4, {10, 0}}}},
                     });
  Fabric fabric = loadFabric({dir.path()});
  std::vector<PauseTree> trees = pauseTrees(fabric);
  ASSERT_EQ(trees.size(), 2u);
  const PauseTree& seen = trees[0];
  EXPECT_EQ(seen.priority, 3);
  EXPECT_EQ(seen.kind, PauseRootKind::Unobserved);
  EXPECT_EQ(fabric.switches[seen.root_switch].name, "leaf3");
  EXPECT_EQ(portName(fabric, seen.root_port), "spine1 Ethernet16");
  EXPECT_EQ(seen.root_evidence.value, 70u);
  ASSERT_EQ(seen.hops.size(), 2u);
  EXPECT_EQ(portName(fabric, seen.hops[0].port), "leaf3 Ethernet0");
  EXPECT_EQ(seen.hops[0].depth, 1u);
  EXPECT_EQ(seen.hops[0].parent, -1);
  EXPECT_EQ(portName(fabric, seen.hops[1].port), "spine1 Ethernet8");
  EXPECT_EQ(portName(fabric, *seen.hops[1].peer), "leaf2 Ethernet0");
  EXPECT_EQ(seen.hops[1].depth, 2u);
  EXPECT_EQ(seen.hops[1].parent, 0);
  EXPECT_EQ(seen.depth, 2u);
  EXPECT_EQ(seen.switches, 3u);  // leaf3, spine1, leaf2
  EXPECT_EQ(seen.ports, 4u);     // leaf3 Ethernet0, spine1 Ethernet16 and Ethernet8, leaf2 Ethernet0
  EXPECT_FALSE(seen.delta);
  const PauseTree& cycle = trees[1];
  EXPECT_EQ(cycle.priority, 4);
  EXPECT_EQ(cycle.kind, PauseRootKind::NoRoot);
  EXPECT_EQ(portName(fabric, cycle.root_port), "leaf1 Ethernet0");
  ASSERT_EQ(cycle.hops.size(), 2u);
  EXPECT_EQ(portName(fabric, cycle.hops[1].port), "spine1 Ethernet0");
  EXPECT_EQ(cycle.depth, 2u);
  EXPECT_EQ(cycle.switches, 2u);
  EXPECT_EQ(cycle.ports, 2u);

  std::vector<Finding> st007 = test::withRule(analyze(fabric, Config{}), "ST007");
  ASSERT_EQ(st007.size(), 2u);
  const Finding* unobserved = findingOn(st007, "spine1", "Ethernet16");
  ASSERT_NE(unobserved, nullptr);
  EXPECT_EQ(unobserved->message,
            "pause tree on priority 3 coming from leaf3, which has no live state: it paused spine1 Ethernet16 (pause "
            "frames received: 70 since the counters were last cleared) and its own cause is not seen; the pauses "
            "crossed up to 2 links and reached 3 switches and 4 ports (totals since the counters were last cleared)");
  EXPECT_EQ(unobserved->fix, "collect the counters of leaf3 as well to find the root of the pauses on priority 3");
  const Finding* no_root = findingOn(st007, "leaf1", "Ethernet0");
  ASSERT_NE(no_root, nullptr);
  EXPECT_EQ(no_root->priority, 4);
  EXPECT_EQ(no_root->message,
            "pauses on priority 4 circulate among 2 switches with no root: each switch that paused was paused itself, "
            "from leaf1 Ethernet0 on (10 pause frames sent); a PFC deadlock, or pauses that outlast their cause; the "
            "pauses crossed up to 2 links and reached 2 switches and 2 ports (totals since the counters were last "
            "cleared)");
}

// Two snapshots: the trees follow the increases, and say so; counters that did not move are no tree.
TEST(PauseTrees, TwoSnapshotsFollowTheIncreases) {
  TempDir fabric_dir;
  copyConfigs(fixture("ST007", "bad"), fabric_dir);
  TempDir before;
  TempDir after;
  PfcCounts first = {{{"leaf2", "Ethernet16"}, {{3, {0, 1000}}}}, {{"leaf2", "Ethernet8"}, {{3, {400, 0}}}}};
  PfcCounts later = {{{"leaf2", "Ethernet16"}, {{3, {0, 1600}}}}, {{"leaf2", "Ethernet8"}, {{3, {400, 0}}}}};
  writeCounters(before, first, "t1");
  writeCounters(after, later, "t2");
  LoadOptions options;
  options.state_dirs = {(fs::path(before.path()) / "t1").string(), (fs::path(after.path()) / "t2").string()};
  std::vector<Finding> st007 = test::withRule(checkWith({fabric_dir.path()}, Config{}, options), "ST007");
  ASSERT_EQ(st007.size(), 1u);
  // gpu-node-3 paused leaf2 600 more times; leaf2's pauses toward spine2 did not rise: the tree stops there.
  EXPECT_EQ(st007[0].message,
            "pause tree on priority 3 rooted at gpu-node-3 behind leaf2 Ethernet16: it paused the switch (pause "
            "frames received: 600 between the snapshots), a storm source when it does not stop (a NIC that cannot "
            "drain what it receives); the pauses crossed up to 1 link and reached 1 switch and 1 port (counted "
            "between the snapshots)");
  EXPECT_TRUE(st007[0].related.empty());
  writeCounters(after, first, "t2");
  EXPECT_TRUE(test::withRule(checkWith({fabric_dir.path()}, Config{}, options), "ST007").empty());
}

// ST003: a storm detected before the first snapshot and still on at the second counts no new storm
// but is reported, at the status.
TEST(WatchdogStorms, AStormLastingThroughTheIntervalIsReported) {
  TempDir fabric_dir;
  copyConfigs(fixture("ST003", "good"), fabric_dir);
  auto dump = [](const char* status) {
    return fmt::format(R"({{
  "COUNTERS_QUEUE_NAME_MAP": {{"Ethernet8:3": "oid:0x33"}},
  "COUNTERS:oid:0x33": {{"PFC_WD_STATUS": "{}", "PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED": "4"}}
}})",
                       status);
  };
  TempDir before;
  TempDir after;
  before.write("leaf1/counters_db.json", dump("stormed"));
  after.write("leaf1/counters_db.json", dump("stormed"));
  LoadOptions options;
  options.state_dirs = {before.path(), after.path()};
  std::vector<Finding> st003 = test::withRule(checkWith({fabric_dir.path()}, Config{}, options), "ST003");
  ASSERT_EQ(st003.size(), 1u);
  EXPECT_EQ(st003[0].location.jsonPointer(), "/COUNTERS:oid:0x33/PFC_WD_STATUS");
  EXPECT_EQ(st003[0].message,
            "the PFC watchdog of leaf1 Ethernet8 detected pause storms on queue 3, priority 3 (0 between the "
            "snapshots, the storm began before the first snapshot); the queue is stormed now: the device behind "
            "Ethernet8 kept pausing it (a stuck NIC, a deadlock) until the watchdog stepped in and applied its action "
            "to the queue's traffic");
  // Over, with no new storm in the interval: nothing to report.
  after.write("leaf1/counters_db.json", dump("operational"));
  EXPECT_TRUE(test::withRule(checkWith({fabric_dir.path()}, Config{}, options), "ST003").empty());
}

// `rocelint graph` writes the trees after the buffer-dependency graph: a cluster per tree, the root
// in red, one edge per hop with its ports and count; a fabric without pauses gets no second graph.
TEST(PauseTrees, GraphOutputShowsEachTreeAsACluster) {
  Fabric fabric = loadFabric({fixture("ST007", "bad").string()});
  std::ostringstream dot;
  writePauseTreesDot(fabric, pauseTrees(fabric), dot);
  EXPECT_EQ(dot.str(),
            "digraph pause_trees {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n"
            "  subgraph \"cluster_pause_tree_0\" {\n"
            "    label=\"priority 3: congestion point leaf4 (depth 3, 4 switches, 8 ports)\";\n"
            "    \"p3:leaf4\" [color=red, penwidth=2];\n"
            "    \"p3:leaf4\" -> \"p3:spine1\" [label=\"Ethernet0 > Ethernet24: 500\"];\n"
            "    \"p3:leaf4\" -> \"p3:spine2\" [label=\"Ethernet8 > Ethernet24: 200\"];\n"
            "    \"p3:leaf4\" -> \"p3:gpu-node-8\" [label=\"Ethernet24: 300\"];\n"
            "    \"p3:spine1\" -> \"p3:leaf1\" [label=\"Ethernet0 > Ethernet0: 400\"];\n"
            "    \"p3:leaf1\" -> \"p3:gpu-node-1\" [label=\"Ethernet16: 350\"];\n"
            "  }\n"
            "  subgraph \"cluster_pause_tree_1\" {\n"
            "    label=\"priority 3: host gpu-node-3 (depth 2, 2 switches, 3 ports)\";\n"
            "    \"p3:gpu-node-3\" [color=red, penwidth=2];\n"
            "    \"p3:gpu-node-3\" -> \"p3:leaf2\" [label=\"Ethernet16: 5000\"];\n"
            "    \"p3:leaf2\" -> \"p3:spine2\" [label=\"Ethernet8 > Ethernet8: 2000\"];\n"
            "  }\n"
            "}\n");
  test::CliRun run = test::runCli("graph -q " + fixture("ST007", "bad").string());
  EXPECT_NE(run.out.find("digraph bdg {"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("digraph pause_trees {"), std::string::npos) << run.out;
  run = test::runCli("graph -q " + fixture("ST007", "good").string());
  EXPECT_NE(run.out.find("digraph bdg {"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("pause_trees"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace rocelint
