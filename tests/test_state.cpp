// Live-state inputs (issue 16): SONiC Redis dumps (COUNTERS_DB, APPL_DB ROUTE_TABLE) and FRR route
// JSON read into Switch::state, one entry per snapshot, every value with its JSON pointer.

#include <gtest/gtest.h>

#include <filesystem>

#include "rocelint/loader.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using test::TempDir;

// A switch with one port, enough for state to attach to.
const char* kLeaf = R"({
  "DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}},
  "PORT": {"Ethernet0": {"speed": "100000"}, "Ethernet4": {"speed": "100000"}}
})";

// Flattened COUNTERS_DB: Ethernet0 queue 3 and PG 3, PFC 3 counters, a watchdog storm.
const char* kCounters = R"({
  "COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1000000000012"},
  "COUNTERS_QUEUE_NAME_MAP": {"Ethernet0:3": "oid:0x15000000000003"},
  "COUNTERS_PG_NAME_MAP": {"Ethernet0:3": "oid:0x1a000000000003"},
  "COUNTERS:oid:0x1000000000012": {
    "SAI_PORT_STAT_PFC_3_RX_PKTS": "203",
    "SAI_PORT_STAT_PFC_3_TX_PKTS": "7",
    "SAI_PORT_STAT_IF_IN_OCTETS": "1000"
  },
  "COUNTERS:oid:0x15000000000003": {
    "SAI_QUEUE_STAT_PACKETS": "5000",
    "SAI_QUEUE_STAT_DROPPED_PACKETS": "12",
    "SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS": "0",
    "PFC_WD_STATUS": "stormed",
    "PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED": "2",
    "PFC_WD_QUEUE_STATS_DEADLOCK_RESTORED": "1"
  },
  "COUNTERS:oid:0x1a000000000003": {"SAI_INGRESS_PRIORITY_GROUP_STAT_DROPPED_PACKETS": "4"},
  "USER_WATERMARKS:oid:0x1a000000000003": {
    "SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES": "1000",
    "SAI_INGRESS_PRIORITY_GROUP_STAT_SHARED_WATERMARK_BYTES": "20"
  },
  "PERSISTENT_WATERMARKS:oid:0x1a000000000003": {
    "SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES": "3000",
    "SAI_INGRESS_PRIORITY_GROUP_STAT_SHARED_WATERMARK_BYTES": "10"
  },
  "RATES:oid:0x1000000000012": {"RX_BPS": "0"}
})";

const Switch& leafOf(const Fabric& fabric) {
  const Switch* sw = fabric.findSwitch("leaf1");
  if (sw == nullptr) throw std::runtime_error("no leaf1");
  return *sw;
}

TEST(StateSonicCounters, FlattenedDumpReadsPfcQueuePgAndWatchdogWithPointers) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  std::string counters = dir.write("leaf1.counters_db.json", kCounters);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.snapshots, std::vector<std::string>{"the fabric directory"});
  const Switch& sw = leafOf(fabric);
  ASSERT_EQ(sw.state.size(), 1u);
  const SwitchState& state = sw.state[0];
  EXPECT_EQ(state.files, std::vector<std::string>{counters});
  const PortState& port = state.ports.at("Ethernet0");
  EXPECT_EQ(port.src.line, 2);
  ASSERT_TRUE(port.pfc_rx_frames[3]);
  EXPECT_EQ(port.pfc_rx_frames[3]->value, 203u);
  EXPECT_EQ(port.pfc_rx_frames[3]->src.file(), counters);
  EXPECT_EQ(port.pfc_rx_frames[3]->src.line, 6);
  EXPECT_EQ(port.pfc_rx_frames[3]->src.jsonPointer(), "/COUNTERS:oid:0x1000000000012/SAI_PORT_STAT_PFC_3_RX_PKTS");
  EXPECT_EQ(port.pfc_tx_frames[3]->value, 7u);
  EXPECT_FALSE(port.pfc_rx_frames[2]);
  const QueueState& q = port.queues.at(3);
  EXPECT_EQ(q.packets->value, 5000u);
  EXPECT_EQ(q.dropped_packets->value, 12u);
  EXPECT_EQ(q.dropped_packets->src.jsonPointer(), "/COUNTERS:oid:0x15000000000003/SAI_QUEUE_STAT_DROPPED_PACKETS");
  EXPECT_EQ(q.ecn_marked_packets->value, 0u);
  EXPECT_EQ(q.wd_status->value, "stormed");
  EXPECT_EQ(q.wd_storms_detected->value, 2u);
  EXPECT_EQ(q.wd_storms_detected->src.line, 15);
  EXPECT_EQ(q.wd_storms_restored->value, 1u);
  const PgState& pg = port.pgs.at(3);
  EXPECT_EQ(pg.dropped_packets->value, 4u);
  // The peak over the watermark readers: persistent 3000 beats user 1000; shared: user 20.
  EXPECT_EQ(pg.headroom_watermark_bytes->value, 3000u);
  EXPECT_EQ(pg.headroom_watermark_bytes->src.jsonPointer(),
            "/PERSISTENT_WATERMARKS:oid:0x1a000000000003/SAI_INGRESS_PRIORITY_GROUP_STAT_XOFF_ROOM_WATERMARK_BYTES");
  EXPECT_EQ(pg.shared_watermark_bytes->value, 20u);
  EXPECT_EQ(pg.shared_watermark_bytes->src.line, 21);
  // Keys not read yet are counted, not dropped.
  EXPECT_EQ(fabric.out_of_scope_tables.at("RATES"), 1);
  EXPECT_FALSE(state.has_routes);
}

TEST(StateSonicCounters, EnvelopeDumpUnwrapsValue) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  dir.write("leaf1/counters.json", R"({
  "COUNTERS_PORT_NAME_MAP": {"type": "hash", "value": {"Ethernet4": "oid:0x1000000000013"}, "ttl": -0.001, "expireat": 1.5},
  "COUNTERS:oid:0x1000000000013": {
    "expireat": 1700000000.1,
    "ttl": -0.001,
    "type": "hash",
    "value": {"SAI_PORT_STAT_PFC_4_TX_PKTS": "99"}
  }
})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  const auto& tx = state.ports.at("Ethernet4").pfc_tx_frames[4];
  ASSERT_TRUE(tx);
  EXPECT_EQ(tx->value, 99u);
  EXPECT_EQ(tx->src.line, 7);
  EXPECT_EQ(tx->src.jsonPointer(), "/COUNTERS:oid:0x1000000000013/value/SAI_PORT_STAT_PFC_4_TX_PKTS");
}

TEST(StateSonicCounters, WrongValueIsCfg005AtTheFieldAndNotRead) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  std::string counters = dir.write("leaf1.counters_db.json", R"({
  "COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1"},
  "COUNTERS_QUEUE_NAME_MAP": {"Ethernet0": "oid:0x2"},
  "COUNTERS:oid:0x1": {"SAI_PORT_STAT_PFC_3_RX_PKTS": "12a"}
})");
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_FALSE(leafOf(fabric).state.at(0).ports.at("Ethernet0").pfc_rx_frames[3]);
  std::vector<std::string> notes;
  for (const InputNote& n : fabric.notes) {
    if (n.kind != InputNote::Kind::InvalidValue) continue;
    notes.push_back(n.switch_name + " " + std::to_string(n.src.line) + ":" + std::to_string(n.src.column) + " " +
                    n.src.jsonPointer() + " " + n.message);
  }
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "leaf1 3:44 /COUNTERS_QUEUE_NAME_MAP/Ethernet0 COUNTERS_QUEUE_NAME_MAP entry Ethernet0 is not "
                       "<port>:<index>: not read",
                       "leaf1 4:55 /COUNTERS:oid:0x1/SAI_PORT_STAT_PFC_3_RX_PKTS "
                       "COUNTERS:oid:0x1/SAI_PORT_STAT_PFC_3_RX_PKTS is \"12a\", not a count: not read"}));
  auto report = test::withRule(test::check(dir.path()), "CFG005");
  ASSERT_EQ(report.size(), 2u);
  EXPECT_EQ(report[1].location.file(), counters);
  EXPECT_EQ(report[1].location.line, 4);
}

TEST(StateSonicCounters, MalformedDumpIsCfg006WithItsLocation) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  std::string counters = dir.write("leaf1.counters_db.json", "{\n  \"COUNTERS:oid:0x1\": {\"a\": \"1\",}\n}\n");
  auto found = test::withRule(test::check(dir.path()), "CFG006");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].location.file(), counters);
  EXPECT_EQ(found[0].location.line, 2);
  EXPECT_EQ(found[0].location.column, 33);  // the "}" after a trailing comma
}

TEST(StateSonicStateDb, RecognisedAndCountedAsNotReadYetNotTakenForConfigDb) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  std::string state = dir.write("leaf1/state_db.json", R"({
  "PORT_TABLE|Ethernet0": {"type": "hash", "value": {"netdev_oper_status": "up"}, "ttl": -0.001, "expireat": 1.0},
  "TRANSCEIVER_INFO|Ethernet0": {"type": "hash", "value": {"cable_length": "3"}, "ttl": -0.001, "expireat": 1.0},
  "DEVICE_METADATA|localhost": {"type": "hash", "value": {"chassis_serial_number": "X"}, "ttl": -0.001, "expireat": 1.0}
})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(leafOf(fabric).state.at(0).files, std::vector<std::string>{state});
  EXPECT_EQ(leafOf(fabric).files.size(), 1u);  // not merged into the configuration
  EXPECT_EQ(fabric.out_of_scope_tables.at("STATE_DB PORT_TABLE"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("STATE_DB TRANSCEIVER_INFO"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("STATE_DB DEVICE_METADATA"), 1);
}

TEST(StateSonicRoutes, ApplDbRouteTableWithVrfsIpv6AndConnected) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  dir.write("leaf1.appl_db.json", R"({
  "ROUTE_TABLE:10.1.0.0/24": {"nexthop": "10.0.0.1,10.0.0.3", "ifname": "Ethernet0,Ethernet4", "protocol": "bgp"},
  "ROUTE_TABLE:VRF-Red:10.2.0.0/24": {"nexthop": "10.0.0.1", "ifname": "Ethernet0"},
  "ROUTE_TABLE:fc00:1::/64": {"nexthop": "::", "ifname": "Ethernet4"},
  "ROUTE_TABLE:10.3.0.1": {"blackhole": "true"},
  "PORT_TABLE:Ethernet0": {"oper_status": "up"}
})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  ASSERT_TRUE(state.has_routes);
  ASSERT_EQ(state.routes.size(), 4u);
  const InstalledRoute& ecmp = state.routes[0];
  EXPECT_EQ(ecmp.vrf, "");
  EXPECT_EQ(ecmp.prefix, "10.1.0.0/24");
  EXPECT_EQ(ecmp.protocol, "bgp");
  ASSERT_EQ(ecmp.next_hops.size(), 2u);
  EXPECT_EQ(ecmp.next_hops[1].address, "10.0.0.3");
  EXPECT_EQ(ecmp.next_hops[1].interface, "Ethernet4");
  EXPECT_EQ(ecmp.src.line, 2);
  EXPECT_EQ(ecmp.src.jsonPointer(), "/ROUTE_TABLE:10.1.0.0~124");
  EXPECT_EQ(state.routes[1].vrf, "VRF-Red");
  EXPECT_EQ(state.routes[1].prefix, "10.2.0.0/24");
  EXPECT_EQ(state.routes[2].vrf, "");
  EXPECT_EQ(state.routes[2].prefix, "fc00:1::/64");
  ASSERT_EQ(state.routes[2].next_hops.size(), 1u);
  EXPECT_EQ(state.routes[2].next_hops[0].address, "");  // directly connected
  EXPECT_EQ(state.routes[2].next_hops[0].interface, "Ethernet4");
  EXPECT_EQ(state.routes[3].prefix, "10.3.0.1/32");
  EXPECT_TRUE(state.routes[3].blackhole);
  EXPECT_TRUE(state.routes[3].next_hops.empty());
  EXPECT_EQ(fabric.out_of_scope_tables.at("PORT_TABLE"), 1);
}

TEST(StateFrrRoutes, InstalledEntriesAndFibNextHops) {
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  dir.write("leaf1/ip_route.json", R"({
  "10.1.0.0/24": [
    {"prefix": "10.1.0.0/24", "protocol": "static", "distance": 200, "nexthops": [{"ip": "10.9.9.9"}]},
    {"prefix": "10.1.0.0/24", "protocol": "bgp", "selected": true, "installed": true,
     "nexthops": [
       {"ip": "10.0.0.1", "interfaceName": "Ethernet0", "fib": true, "active": true},
       {"ip": "10.0.0.3", "interfaceName": "Ethernet4", "active": true}
     ]}
  ],
  "10.0.0.0\/31": [
    {"protocol": "connected", "selected": true, "installed": true,
     "nexthops": [{"directlyConnected": true, "interfaceName": "Ethernet0", "fib": true}]}
  ]
})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  ASSERT_TRUE(state.has_routes);
  ASSERT_EQ(state.routes.size(), 2u);  // the static entry is not installed
  EXPECT_EQ(state.routes[0].prefix, "10.1.0.0/24");
  EXPECT_EQ(state.routes[0].protocol, "bgp");
  EXPECT_EQ(state.routes[0].src.jsonPointer(), "/10.1.0.0~124/1");
  EXPECT_EQ(state.routes[0].src.line, 4);
  ASSERT_EQ(state.routes[0].next_hops.size(), 1u);  // only the FIB next hop
  EXPECT_EQ(state.routes[0].next_hops[0].address, "10.0.0.1");
  EXPECT_EQ(state.routes[0].next_hops[0].interface, "Ethernet0");
  EXPECT_EQ(state.routes[1].prefix, "10.0.0.0/31");
  EXPECT_EQ(state.routes[1].next_hops[0].address, "");
  EXPECT_EQ(state.routes[1].next_hops[0].interface, "Ethernet0");
}

TEST(StateSnapshots, TwoStateDirectoriesAreTwoSnapshotsAndEvidenceIsTheIncrease) {
  TempDir fabric_dir;
  fabric_dir.write("leaf1.json", kLeaf);
  TempDir before;
  TempDir after;
  before.write("leaf1/counters_db.json", R"({"COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1"},
  "COUNTERS:oid:0x1": {"SAI_PORT_STAT_PFC_3_RX_PKTS": "200"}})");
  std::string later = after.write("leaf1/counters_db.json", R"({"COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1"},
  "COUNTERS:oid:0x1": {"SAI_PORT_STAT_PFC_3_RX_PKTS": "250", "SAI_PORT_STAT_PFC_4_RX_PKTS": "9"}})");
  LoadOptions options;
  options.state_dirs = {before.path(), after.path()};
  Fabric fabric = loadFabric({fabric_dir.path()}, {}, PathFilter{}, options);
  EXPECT_EQ(fabric.snapshots, (std::vector<std::string>{before.path(), after.path()}));
  const Switch& sw = leafOf(fabric);
  ASSERT_EQ(sw.state.size(), 2u);
  auto rx = [](int p) {
    return [p](const SwitchState& s) -> const std::optional<StateValue>* {
      auto it = s.ports.find("Ethernet0");
      return it == s.ports.end() ? nullptr : &it->second.pfc_rx_frames[static_cast<std::size_t>(p)];
    };
  };
  std::optional<Evidence> three = evidence(sw.state, rx(3));
  ASSERT_TRUE(three);
  EXPECT_EQ(three->value, 50u);
  EXPECT_TRUE(three->delta);
  EXPECT_EQ(three->src.file(), later);
  EXPECT_EQ(describeEvidence(*three), "50 between the snapshots");
  std::optional<Evidence> four = evidence(sw.state, rx(4));  // only the later snapshot has it: its total
  ASSERT_TRUE(four);
  EXPECT_EQ(four->value, 9u);
  EXPECT_FALSE(four->delta);
  EXPECT_EQ(describeEvidence(*four), "9 since the counters were last cleared");
}

TEST(StateSnapshots, ConfigurationUnderStateDirAndStateOfUnknownSwitchAreCfg004) {
  TempDir fabric_dir;
  fabric_dir.write("leaf1.json", kLeaf);
  fabric_dir.write("leaf1.counters_db.json", R"({"COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1"}})");
  fabric_dir.write("spine9.counters_db.json", R"({"COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1"}})");
  TempDir state;
  std::string config = state.write("leaf2.json", kLeaf);
  LoadOptions options;
  options.state_dirs = {state.path()};
  Fabric fabric = loadFabric({fabric_dir.path()}, {}, PathFilter{}, options);
  std::vector<std::string> skipped;
  for (const InputNote& n : fabric.notes) {
    if (n.kind == InputNote::Kind::SkippedFile) skipped.push_back(n.message);
  }
  // At the fabric root a state file joins the switch its stem names: leaf1's joins leaf1, while
  // spine9's names no switch of the fabric and does not join leaf1 for sitting beside it.
  ASSERT_EQ(skipped.size(), 2u);
  EXPECT_EQ(skipped[1], fmt::format("{}/spine9.counters_db.json skipped: SONiC Redis dump state of no switch: "
                                    "neither the file, its name nor its directory names a switch of the fabric "
                                    "(name it <switch>.<what>.json or put it in a folder named after the switch)",
                                    fabric_dir.path()));
  EXPECT_EQ(skipped[0], fmt::format("{} skipped: a SONiC config_db file under --state {}: only state files are read "
                                    "there (give configurations as fabric paths)",
                                    config, state.path()));
  EXPECT_EQ(fabric.snapshots, std::vector<std::string>{"the fabric directory"});
  EXPECT_EQ(leafOf(fabric).state.size(), 1u);
}

// Every state sample of a format read so far loads beside a switch (exit 0 or 1 when checked).
TEST(StateSamples, EverySonicAndFrrSampleLoads) {
  const fs::path samples = fs::path(test::sharedDir()) / "state-samples";
  if (!fs::is_directory(samples)) GTEST_SKIP() << "no " << samples;
  int read = 0;
  for (const auto& entry : fs::recursive_directory_iterator(samples)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    TempDir dir;
    dir.write("leaf1.json", kLeaf);
    fs::create_directories(fs::path(dir.path()) / "leaf1");
    fs::copy_file(entry.path(), fs::path(dir.path()) / "leaf1" / entry.path().filename(),
                  fs::copy_options::overwrite_existing);
    Fabric fabric;
    ASSERT_NO_THROW(fabric = loadFabric({dir.path()})) << entry.path();
    const Switch& sw = leafOf(fabric);
    if (!sw.state.empty() && !sw.state[0].files.empty()) ++read;
  }
  // 16 SONiC Redis dumps (COUNTERS_DB, GB_COUNTERS_DB, APPL_DB, ASIC_DB), 4 STATE_DB dumps, 9
  // FRR route files and 9 Arista EOS show outputs (7 read; `show ip bgp` and `show interfaces`
  // attach to the switch as a CFG004 note naming the command); NX-OS JSON and FRR's BGP JSON are CFG004.
  EXPECT_EQ(read, 38);
}

// The sonic-utilities mock COUNTERS_DB and FRR routes, read beside a switch named after them.
TEST(StateSamples, SonicMockCountersAndRoutesGiveTheirValues) {
  const fs::path mock = fs::path(test::sharedDir()) / "state-samples" / "sonic-utilities" / "mock_tables";
  if (!fs::is_directory(mock)) GTEST_SKIP() << "no " << mock;
  TempDir dir;
  dir.write("leaf1.json", kLeaf);
  fs::create_directories(fs::path(dir.path()) / "leaf1");
  fs::copy_file(mock / "counters_db.json", fs::path(dir.path()) / "leaf1" / "counters_db.json");
  fs::copy_file(mock / "ip_route.json", fs::path(dir.path()) / "leaf1" / "ip_route.json");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  EXPECT_EQ(state.files.size(), 2u);
  const PortState& e0 = state.ports.at("Ethernet0");
  ASSERT_TRUE(e0.pfc_rx_frames[3]);
  EXPECT_EQ(e0.pfc_rx_frames[3]->value, 203u);  // SOURCES.md: hand-edited PFC3 RX = 203 on Ethernet0
  EXPECT_EQ(e0.pfc_rx_frames[3]->src.line, 1198);
  const QueueState& q3 = e0.queues.at(3);  // Ethernet0:3 -> oid:0x1500000000035a
  EXPECT_EQ(q3.wd_status->value, "stormed");
  EXPECT_EQ(q3.wd_storms_detected->value, 1u);
  EXPECT_EQ(q3.wd_storms_detected->src.line, 2317);
  // 39 entries are installed (`installed`, or `selected` where absent); the default route's FIB
  // next hops are two PortChannels.
  ASSERT_EQ(state.routes.size(), 39u);
  EXPECT_EQ(state.routes[0].prefix, "0.0.0.0/0");
  ASSERT_GE(state.routes[0].next_hops.size(), 2u);
  EXPECT_EQ(state.routes[0].next_hops[0].address, "10.0.0.1");
  EXPECT_EQ(state.routes[0].next_hops[0].interface, "PortChannel0002");
  EXPECT_EQ(state.routes[0].next_hops[1].address, "10.0.0.5");
  EXPECT_EQ(state.routes[0].next_hops[1].interface, "PortChannel0005");
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

// The ST rules on two snapshots: a counter that did not move in the interval is no finding; one
// that did is reported with its increase, at the later dump, naming the configuration it contradicts.
TEST(StateRules, TwoSnapshotsReportOnlyWhatChangedInTheInterval) {
  const fs::path config = fs::path(test::sourceDir()) / "tests" / "fixtures" / "ST001" / "sonic" / "good";
  TempDir fabric_dir;
  for (const char* name : {"leaf1.json", "spine1.json"})
    fs::copy_file(config / name, fs::path(fabric_dir.path()) / name);
  auto dump = [](int pfc2_rx, int pfc3_rx, int q3_drops) {
    return fmt::format(R"({{
  "COUNTERS_PORT_NAME_MAP": {{"Ethernet0": "oid:0x1", "Ethernet8": "oid:0x3"}},
  "COUNTERS_QUEUE_NAME_MAP": {{"Ethernet8:3": "oid:0x33"}},
  "COUNTERS:oid:0x1": {{"SAI_PORT_STAT_PFC_2_RX_PKTS": "{}"}},
  "COUNTERS:oid:0x3": {{"SAI_PORT_STAT_PFC_2_RX_PKTS": "{}", "SAI_PORT_STAT_PFC_3_RX_PKTS": "{}"}},
  "COUNTERS:oid:0x33": {{"SAI_QUEUE_STAT_DROPPED_PACKETS": "{}"}}
}})",
                       pfc2_rx, pfc2_rx, pfc3_rx, q3_drops);
  };
  TempDir before;
  TempDir after;
  before.write("leaf1/counters_db.json", dump(1500, 10, 4));
  // Ethernet0's priority-2 count is unchanged; Ethernet8's priority-2 count was cleared and is 7
  // now (the total); queue 3 drops rose by 2.
  std::string later = after.write("leaf1/counters_db.json", R"({
  "COUNTERS_PORT_NAME_MAP": {"Ethernet0": "oid:0x1", "Ethernet8": "oid:0x3"},
  "COUNTERS_QUEUE_NAME_MAP": {"Ethernet8:3": "oid:0x33"},
  "COUNTERS:oid:0x1": {"SAI_PORT_STAT_PFC_2_RX_PKTS": "1500"},
  "COUNTERS:oid:0x3": {"SAI_PORT_STAT_PFC_2_RX_PKTS": "7", "SAI_PORT_STAT_PFC_3_RX_PKTS": "90"},
  "COUNTERS:oid:0x33": {"SAI_QUEUE_STAT_DROPPED_PACKETS": "6"}
})");
  LoadOptions options;
  options.state_dirs = {before.path(), after.path()};
  Report report = analyze(loadFabric({fabric_dir.path()}, {}, PathFilter{}, options), Config{});
  std::vector<Finding> st001 = test::withRule(report, "ST001");
  ASSERT_EQ(st001.size(), 1u);
  EXPECT_EQ(st001[0].port, "Ethernet8");
  EXPECT_EQ(st001[0].priority, 2);
  EXPECT_EQ(st001[0].location.file(), later);
  EXPECT_EQ(st001[0].location.line, 5);
  EXPECT_EQ(st001[0].message,
            "leaf1 Ethernet8 received PFC pause frames on priority 2 (7 since the counters were last cleared), a "
            "priority it does not treat as lossless (its lossless priorities: 3,4): the peer sends priority 2 as "
            "lossless traffic that this port neither holds back nor gives headroom");
  ASSERT_EQ(st001[0].related.size(), 1u);
  EXPECT_EQ(st001[0].related[0].message, "Ethernet8 lossless priorities: 3,4");
  EXPECT_EQ(st001[0].related[0].src.file(), (fs::path(fabric_dir.path()) / "leaf1.json").string());
  EXPECT_EQ(st001[0].related[0].src.jsonPointer(), "/PORT_QOS_MAP/Ethernet8/pfc_enable");
  std::vector<Finding> st002 = test::withRule(report, "ST002");
  ASSERT_EQ(st002.size(), 1u);
  EXPECT_EQ(st002[0].message,
            "lossless queue 3 of leaf1 Ethernet8 (priority 3) dropped packets (2 between the snapshots): lossless "
            "traffic is lost, RoCE retransmits");
  EXPECT_EQ(st002[0].location.jsonPointer(), "/COUNTERS:oid:0x33/SAI_QUEUE_STAT_DROPPED_PACKETS");
  EXPECT_EQ(st002[0].severity, Severity::Error);
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

// Every file of ../shared/state-samples in a switch's folder beside its configuration: the state
// formats read so far attach to the switch, every other capture is reported (CFG004 skipped, or
// CFG006 when it is not well-formed), none crashes, and the run exits 0 or 1 unless a file is
// left out as not well-formed (exit 2).
TEST(StateSamples, EveryCaptureBesideAConfigurationIsReadOrReported) {
  const fs::path samples = fs::path(test::sharedDir()) / "state-samples";
  if (!fs::is_directory(samples)) GTEST_SKIP() << "no " << samples;
  int state = 0;
  int skipped = 0;
  int malformed = 0;
  int topology = 0;
  for (const auto& entry : fs::recursive_directory_iterator(samples)) {
    if (!entry.is_regular_file() || entry.path().filename() == "SOURCES.md") continue;
    SCOPED_TRACE(entry.path().string());
    TempDir dir;
    dir.write("leaf1.json", kLeaf);
    // .txt captures would be passed over as documentation by the walk: give them a neutral name.
    std::string name =
        entry.path().extension() == ".txt" ? entry.path().stem().string() + ".out" : entry.path().filename().string();
    fs::create_directories(fs::path(dir.path()) / "leaf1");
    std::string copy = (fs::path(dir.path()) / "leaf1" / name).string();
    fs::copy_file(entry.path(), copy);
    Fabric fabric = loadFabric({dir.path()});
    bool is_state = !leafOf(fabric).state.empty() && !leafOf(fabric).state[0].files.empty();
    bool is_skipped = false;
    bool is_malformed = false;
    for (const InputNote& n : fabric.notes) {
      if (n.src.file() != copy) continue;
      is_skipped = is_skipped || n.kind == InputNote::Kind::SkippedFile;
      is_malformed = is_malformed || n.kind == InputNote::Kind::MalformedFile;
    }
    state += is_state;
    skipped += is_skipped;
    malformed += is_malformed;
    topology += !is_state && !is_skipped && !is_malformed;
    test::CliRun run = test::runCli("check -q " + dir.path(), "2>/dev/null");
    EXPECT_EQ(run.code == 2, is_malformed) << run.code;
    EXPECT_TRUE(run.code >= 0 && run.code <= 2) << run.code;
  }
  // 41 state files (16 COUNTERS_DB/GB_COUNTERS_DB/APPL_DB/ASIC_DB dumps, 4 STATE_DB dumps, 9 FRR
  // route files, 9 EOS show outputs of which `show ip bgp` and `show interfaces` are also skipped
  // naming the command, 3 Junos XML replies of which the interface and LLDP ones are also skipped
  // naming the command); 3 LLDP captures (topology sources); 1 not well-formed (NAPALM's NX-OS LLDP
  // JSON holds text); the other 3 JSON and 21 text captures are not read yet.
  EXPECT_EQ(state, 41);
  EXPECT_EQ(topology, 3);
  EXPECT_EQ(malformed, 1);
  EXPECT_EQ(skipped, 28);
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

// `check --state DIR --state DIR` reaches the loader: the second snapshot's increase is reported,
// and a missing directory is a usage error.
TEST(StateCli, StateOptionGivesSnapshotsOldestFirst) {
  const fs::path config = fs::path(test::sourceDir()) / "tests" / "fixtures" / "ST002" / "sonic" / "good";
  TempDir fabric_dir;
  for (const char* name : {"leaf1.json", "spine1.json"})
    fs::copy_file(config / name, fs::path(fabric_dir.path()) / name);
  TempDir before;
  TempDir after;
  const char* dump = R"({{"COUNTERS_QUEUE_NAME_MAP": {{"Ethernet0:3": "oid:0x13"}},
  "COUNTERS:oid:0x13": {{"SAI_QUEUE_STAT_DROPPED_PACKETS": "{}"}}}})";
  before.write("leaf1/counters_db.json", fmt::format(fmt::runtime(dump), 10));
  after.write("leaf1/counters_db.json", fmt::format(fmt::runtime(dump), 13));
  test::CliRun run = test::runCli(
      fmt::format("check {} -q --select ST --state {} --state {}", fabric_dir.path(), before.path(), after.path()));
  EXPECT_EQ(run.code, 1) << run.out;
  EXPECT_NE(run.out.find("error[ST002]: lossless queue 3 of leaf1 Ethernet0 (priority 3) dropped packets (3 between "
                         "the snapshots)"),
            std::string::npos)
      << run.out;
  // Oldest last: the counter went down, so the later total (10) is what is reported.
  run = test::runCli(
      fmt::format("check {} -q --select ST --state {} --state {}", fabric_dir.path(), after.path(), before.path()));
  EXPECT_NE(run.out.find("dropped packets (10 since the counters were last cleared)"), std::string::npos) << run.out;
  run = test::runCli(fmt::format("check -q {} --state {}/missing", fabric_dir.path(), before.path()));
  EXPECT_EQ(run.code, 2) << run.out;
}

}  // namespace
}  // namespace rocelint
