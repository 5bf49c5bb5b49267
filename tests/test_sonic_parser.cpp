// SONiC config_db parser: shapes, reference styles, keys, derivation, malformed input.

#include <gtest/gtest.h>

#include "rocelint/qos.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::TempDir;
using test::withRule;

const char* kNested = R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf1", "hwsku": "Mellanox-SN4600C-C64", "buffer_model": "dynamic"}},
    "PORT": {
        "Ethernet0": {"speed": "400000", "mtu": "9100", "admin_status": "up"},
        "Ethernet4": {"speed": "100000", "mtu": "9100", "admin_status": "up"}
    },
    "DSCP_TO_TC_MAP": {"AZURE": {"26": "3", "48": "6"}},
    "TC_TO_PRIORITY_GROUP_MAP": {"AZURE": {"3": "3", "4": "4"}},
    "PORT_QOS_MAP": {
        "Ethernet0": {"dscp_to_tc_map": "[DSCP_TO_TC_MAP|AZURE]", "tc_to_pg_map": "AZURE", "pfc_enable": "3,4"}
    },
    "BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "dynamic"}},
    "BUFFER_PROFILE": {"ingress_lossy_profile": {"pool": "ingress_lossless_pool", "size": "0", "dynamic_th": "3"}},
    "BUFFER_PG": {
        "Ethernet0|3-4": {"profile": "NULL"},
        "Ethernet0|0": {"profile": "[BUFFER_PROFILE|ingress_lossy_profile]"}
    }
}
)";

TEST(SonicParser, NestedShapeBuildsModelWithSources) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", kNested);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "leaf1");
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);
  const Port* eth0 = sw.findPort("Ethernet0");
  ASSERT_NE(eth0, nullptr);
  ASSERT_TRUE(eth0->speed_mbps);
  EXPECT_EQ(eth0->speed_mbps->value, 400000u);
  EXPECT_EQ(eth0->speed_mbps->src.file(), file);
  EXPECT_EQ(eth0->speed_mbps->src.line, 4);
  EXPECT_EQ(test::origin(eth0->speed_mbps->src), "json-pointer: /PORT/Ethernet0/speed");
  ASSERT_TRUE(eth0->qos.pfc_enable);
  EXPECT_EQ(formatPrioritySet(eth0->qos.pfc_enable->value), "3,4");
  // Bracket and plain references in one file resolve alike.
  ASSERT_TRUE(eth0->qos.map(MapKind::DscpToTc));
  EXPECT_EQ(eth0->qos.map(MapKind::DscpToTc)->name, "AZURE");
  EXPECT_TRUE(eth0->qos.map(MapKind::DscpToTc)->bracket_style);
  EXPECT_FALSE(eth0->qos.map(MapKind::TcToPg)->bracket_style);
  EXPECT_EQ(trafficClassOfDscp(sw, *eth0, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, *eth0, 10), 0);  // missing from the map -> TC 0
  // "3-4" is expanded; "NULL" in the dynamic model is a lossless PG computed at run time.
  ASSERT_TRUE(eth0->pgs[3] && eth0->pgs[4]);
  EXPECT_TRUE(eth0->pgs[4]->null_profile);
  EXPECT_EQ(isLosslessPg(sw, *eth0, 3), std::optional<bool>(true));
  EXPECT_EQ(isLosslessPg(sw, *eth0, 0), std::optional<bool>(false));
  EXPECT_TRUE(isLosslessDscp(sw, *eth0, 26));
  EXPECT_FALSE(isLosslessDscp(sw, *eth0, 48));
}

TEST(SonicParser, FlatAndTypedShapesGiveTheSameModel) {
  TempDir dir;
  dir.write("flat/a.json", R"({
    "DEVICE_METADATA|localhost": {"hostname": "flat"},
    "PORT|Ethernet0": {"speed": "100000", "mtu": "9100"},
    "PORT_QOS_MAP|Ethernet0": {"pfc_enable": "3,4", "pfcwd_sw_enable": "3"},
    "PFC_WD|GLOBAL": {"POLL_INTERVAL": "200"},
    "PFC_WD|Ethernet0": {"action": "drop", "detection_time": "200", "restoration_time": "400"}
})");
  dir.write("typed/a.json", R"({
    "DEVICE_METADATA|localhost": {"expireat": 1.6e9, "ttl": -0.001, "type": "hash", "value": {"hostname": "typed"}},
    "PORT|Ethernet0": {"expireat": 1.6e9, "ttl": -0.001, "type": "hash", "value": {"speed": "100000", "mtu": "9100"}},
    "PORT_QOS_MAP|Ethernet0": {"type": "hash", "value": {"pfc_enable": "3,4", "pfcwd_sw_enable": "3"}},
    "PFC_WD|GLOBAL": {"type": "hash", "value": {"POLL_INTERVAL": "200"}},
    "PFC_WD|Ethernet0": {"type": "hash", "value": {"action": "drop", "detection_time": "200", "restoration_time": "400"}},
    "LOOPBACK_INTERFACE|Loopback0": {"type": "hash", "value": {"NULL": "NULL"}}
})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  for (const Switch& sw : fabric.switches) {
    SCOPED_TRACE(sw.name);
    const Port* port = sw.findPort("Ethernet0");
    ASSERT_NE(port, nullptr);
    EXPECT_EQ(port->speed_mbps->value, 100000u);
    EXPECT_EQ(formatPrioritySet(port->qos.pfcwd_sw_enable->value), "3");
    ASSERT_TRUE(port->watchdog);
    EXPECT_EQ(port->watchdog->restoration_ms->value, 400);
    EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 200);
    EXPECT_TRUE(watchdogCovers(sw, *port, 3));
    EXPECT_FALSE(watchdogCovers(sw, *port, 4));
  }
  EXPECT_EQ(fabric.switches[1].findPort("Ethernet0")->speed_mbps->src.jsonPointer(), "/PORT|Ethernet0/value/speed");
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG001").empty());  // expireat/ttl/type are shape, not fields
}

TEST(SonicParser, MultiAsicWrapperMergesNamespacesIntoOneSwitch) {
  TempDir dir;
  dir.write("chassis.json", R"({
    "localhost": {"DEVICE_METADATA": {"localhost": {"hostname": "multi"}}},
    "asic0": {"PORT": {"Ethernet0": {"speed": "400000"}}},
    "asic1": {"PORT": {"Ethernet256": {"speed": "400000"}}}
})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.switches[0].name, "multi");
  EXPECT_NE(fabric.switches[0].findPort("Ethernet0"), nullptr);
  EXPECT_NE(fabric.switches[0].findPort("Ethernet256"), nullptr);
  EXPECT_EQ(fabric.switches[0].findPort("Ethernet256")->speed_mbps->src.jsonPointer(), "/asic1/PORT/Ethernet256/speed");
}

TEST(SonicParser, OldCommaPortListsAndRangesAreExpanded) {
  TempDir dir;
  dir.write("old.json", R"({
    "BUFFER_PROFILE": {"p": {"pool": "[BUFFER_POOL|ingress_lossless_pool]", "xon": "18432", "xoff": "40960", "size": "59392"}},
    "BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "dynamic", "size": "12766208"}},
    "BUFFER_PG": {"Ethernet0,Ethernet4,Ethernet8|3-4": {"profile": "[BUFFER_PROFILE|p]"}},
    "QUEUE": {"Ethernet0,Ethernet4|0-2": {"scheduler": "[SCHEDULER|s0]"}, "CPU|0": {"scheduler": "[SCHEDULER|s0]"}},
    "SCHEDULER": {"s0": {"type": "DWRR", "weight": "14"}}
})");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_EQ(sw.name, "old");  // no hostname: the file name
  for (const char* name : {"Ethernet0", "Ethernet4", "Ethernet8"}) {
    const Port* port = sw.findPort(name);
    ASSERT_NE(port, nullptr) << name;
    ASSERT_TRUE(port->pgs[3] && port->pgs[4]) << name;
    EXPECT_EQ(port->pgs[3]->profile->name, "p");
    EXPECT_TRUE(port->pgs[3]->profile->bracket_style);
  }
  EXPECT_NE(sw.findPort("Ethernet4")->queue(2), nullptr);
  EXPECT_EQ(sw.findPort("Ethernet8")->queue(0), nullptr);
  EXPECT_EQ(sw.findPort("CPU"), nullptr);
  EXPECT_EQ(sw.ports.front().name, "Ethernet0");  // natural order
  EXPECT_EQ(sw.ports.back().name, "Ethernet8");
}

// A VOQ line card keys ports as system ports "host|asic|port" (QUEUE and BUFFER_QUEUE list every
// system port of the chassis): every port-keyed table reads both forms; another line card's
// system ports are counted, not modelled; a key of another shape is CFG005.
TEST(SonicParser, VoqSystemPortKeysInEveryPortTable) {
  TempDir dir;
  std::string file = dir.write("lc3.json", R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "dut-lc3", "asic_name": "Asic0", "switch_type": "voq"}},
    "PORT": {"Ethernet0": {"speed": "100000"}, "Ethernet4": {"speed": "100000"}},
    "BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "dynamic", "size": "6441610000"}},
    "BUFFER_PROFILE": {"egress_lossless_profile": {"pool": "ingress_lossless_pool", "size": "0", "dynamic_th": "-1"},
                       "ingress_lossy_profile": {"pool": "ingress_lossless_pool", "size": "0", "dynamic_th": "0"}},
    "BUFFER_QUEUE": {"dut-lc3|Asic0|Ethernet0|3-4": {"profile": "egress_lossless_profile"},
                     "dut-lc4|Asic0|Ethernet0|3-4": {"profile": "egress_lossless_profile"},
                     "DUT-LC3|asic0|Ethernet4|3-4": {"profile": "egress_lossless_profile"},
                     "dut-lc3|Asic1|Ethernet4|0-2": {"profile": "egress_lossless_profile"},
                     "dut-lc3|Ethernet4|5": {"profile": "egress_lossless_profile"}},
    "BUFFER_PG": {"dut-lc3|Asic0|Ethernet0|0": {"profile": "ingress_lossy_profile"}},
    "PORT_QOS_MAP": {"dut-lc3|Asic0|Ethernet4": {"pfc_enable": "3,4"}},
    "QUEUE": {"dut-lc3|Asic0|Ethernet0|3": {"scheduler": "s0"}, "dut-lc5|Asic0|Ethernet0|3": {"scheduler": "s0"}},
    "SCHEDULER": {"s0": {"type": "DWRR", "weight": "14"}},
    "CABLE_LENGTH": {"AZURE": {"dut-lc3|Asic0|Ethernet0": "300m", "dut-lc4|Asic0|Ethernet4": "5m"}}
})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.ports.size(), 2u);  // no port is named after a key
  const Port& e0 = *sw.findPort("Ethernet0");
  const Port& e4 = *sw.findPort("Ethernet4");
  ASSERT_NE(e0.queue(3), nullptr);
  EXPECT_EQ(e0.queue(3)->buffer_profile->name, "egress_lossless_profile");
  EXPECT_EQ(e0.queue(3)->scheduler->name, "s0");
  ASSERT_NE(e4.queue(4), nullptr);  // host and asic compare case-insensitively
  EXPECT_EQ(e4.queue(0), nullptr);  // Asic1 is another ASIC
  EXPECT_EQ(e4.queue(5), nullptr);  // malformed key
  ASSERT_TRUE(e0.pgs[0] != nullptr);
  EXPECT_EQ(e0.pgs[0]->profile->name, "ingress_lossy_profile");
  EXPECT_EQ(formatPrioritySet(e4.qos.pfc_enable->value), "3,4");
  EXPECT_EQ(e0.cable_length_m->value, 300u);
  EXPECT_FALSE(e4.cable_length_m.has_value());  // dut-lc4's port of the same name
  EXPECT_EQ(fabric.out_of_scope_tables.at("BUFFER_QUEUE of other system ports"), 2);
  EXPECT_EQ(fabric.out_of_scope_tables.at("QUEUE of other system ports"), 1);
  EXPECT_EQ(fabric.out_of_scope_tables.at("CABLE_LENGTH of other system ports"), 1);

  Report report = analyze(fabric, Config{});
  auto invalid = withRule(report, "CFG005");
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0].message,
            "BUFFER_QUEUE key \"dut-lc3|Ethernet4|5\": expected <port>|<queue> or host|asic|<port>|<queue>");
  EXPECT_EQ(invalid[0].location.file(), file);
  EXPECT_EQ(invalid[0].location.jsonPointer(), "/BUFFER_QUEUE/dut-lc3|Ethernet4|5");
}

// Without DEVICE_METADATA's host name a file named after another host cannot tell its own system
// ports: the keys apply by port name, and one CFG001 note per table says so.
TEST(SonicParser, VoqKeysWithoutAHostNameAreOneNotePerTable) {
  TempDir dir;
  std::string file = dir.write("buffers.json", R"({
    "BUFFER_PROFILE": {"p": {"pool": "ingress_lossless_pool", "size": "0", "dynamic_th": "-1"}},
    "BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "dynamic", "size": "6441610000"}},
    "BUFFER_QUEUE": {"dut-lc3|Asic0|Ethernet0|3-4": {"profile": "p"}, "dut-lc4|Asic0|Ethernet0|3-4": {"profile": "p"}}
})");
  Report report = test::check(dir.path());
  auto notes = withRule(report, "CFG001");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].message,
            "BUFFER_QUEUE key \"dut-lc3|Asic0|Ethernet0|3-4\" names a system port (host|asic|port) of a host other "
            "than buffers, and DEVICE_METADATA|localhost has no hostname to tell this switch's own system ports: the "
            "table's system-port keys are applied by port name, whatever their host");
  EXPECT_TRUE(withRule(report, "CFG005").empty());
  Fabric unnamed = loadFabric({dir.path()});
  ASSERT_NE(unnamed.switches.at(0).findPort("Ethernet0"), nullptr);
  EXPECT_NE(unnamed.switches.at(0).findPort("Ethernet0")->queue(4), nullptr);
  EXPECT_EQ(unnamed.out_of_scope_tables.count("BUFFER_QUEUE of other system ports"), 0u);
  // Named after its folder, the switch's own keys apply.
  TempDir named;
  named.write("dut-lc3/buffers.json", test::readAll(file));
  Fabric fabric = loadFabric({named.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.switches[0].name, "dut-lc3");
  ASSERT_NE(fabric.switches[0].findPort("Ethernet0"), nullptr);
  EXPECT_NE(fabric.switches[0].findPort("Ethernet0")->queue(3), nullptr);
  EXPECT_EQ(fabric.out_of_scope_tables.at("BUFFER_QUEUE of other system ports"), 1);  // dut-lc4's
}

TEST(SonicParser, FilesOfOneSwitchMergeByHostnameAndConflictsAreNoted) {
  TempDir dir;
  std::string qos = dir.write("leaf1-qos.json", R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,4"}}
})");
  std::string ports = dir.write("leaf1-ports.json", R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}},
    "PORT": {"Ethernet0": {"speed": "100000", "mtu": "9100"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}}
})");
  Report report = test::check(dir.path());
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.files.size(), 2u);
  EXPECT_EQ(sw.findPort("Ethernet0")->speed_mbps->value, 100000u);
  // Files load in name order: leaf1-ports.json, then leaf1-qos.json wins.
  EXPECT_EQ(formatPrioritySet(sw.findPort("Ethernet0")->qos.pfc_enable->value), "3,4");
  auto conflicts = withRule(report, "CFG003");
  ASSERT_EQ(conflicts.size(), 1u);
  EXPECT_EQ(conflicts[0].location.file(), qos);
  EXPECT_EQ(conflicts[0].location.line, 3);
  EXPECT_NE(conflicts[0].message.find("PORT_QOS_MAP|Ethernet0.pfc_enable"), std::string::npos) << conflicts[0].message;
}

TEST(SonicParser, SameReferenceInBothStylesIsNotAConflict) {
  TempDir dir;
  dir.write(
      "a.json",
      R"({"DEVICE_METADATA": {"localhost": {"hostname": "s"}}, "BUFFER_PG": {"Ethernet0|0": {"profile": "[BUFFER_PROFILE|x]"}}})");
  dir.write("b.json",
            R"({"DEVICE_METADATA": {"localhost": {"hostname": "s"}}, "BUFFER_PG": {"Ethernet0|0": {"profile": "x"}}})");
  EXPECT_TRUE(withRule(test::check(dir.path()), "CFG003").empty());
}

TEST(SonicParser, TraditionalModelDerivesLosslessPgsFromLookupTable) {
  TempDir dir;
  std::string lookup = dir.write("leaf1/pg_profile_lookup.ini",
                                 "# speed cable size xon xoff threshold xon_offset\n"
                                 " 100000  5m   1248 1248 56000 0 2496\n"
                                 " 400000  40m  1248 1248 190000 0 2496\n");
  dir.write("leaf1/config_db.json", R"({
    "PORT": {"Ethernet0": {"speed": "400000"}, "Ethernet4": {"speed": "100000"}, "Ethernet8": {"speed": "100000", "admin_status": "down"}},
    "CABLE_LENGTH": {"AZURE": {"Ethernet0": "40m", "Ethernet4": "300m", "Ethernet8": "5m"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,4"}, "Ethernet4": {"pfc_enable": "3,4"}, "Ethernet8": {"pfc_enable": "3,4"}},
    "BUFFER_PG": {"Ethernet0|0": {"profile": "ingress_lossy_profile"}}
})");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_EQ(sw.name, "leaf1");  // directory name
  ASSERT_TRUE(sw.pg_lookup);
  const Port& eth0 = *sw.findPort("Ethernet0");
  ASSERT_TRUE(eth0.pgs[3]);
  EXPECT_TRUE(eth0.pgs[3]->derived);
  EXPECT_EQ(eth0.pgs[3]->profile->name, "pg_lossless_400000_40m_profile");
  EXPECT_EQ(eth0.pgs[3]->src.file(), lookup);
  EXPECT_EQ(eth0.pgs[3]->src.line, 3);
  EXPECT_EQ(sw.profiles.at("pg_lossless_400000_40m_profile").xoff_bytes->value, 190000u);
  EXPECT_FALSE(sw.findPort("Ethernet4")->pgs[3]);  // 300m is not in the table
  EXPECT_FALSE(sw.findPort("Ethernet8")->pgs[3]);  // admin down: nothing is created
  auto missing = withRule(analyze(fabric, {}), "BUF006");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].port, "Ethernet4");
  EXPECT_EQ(missing[0].location.line, 3);  // the CABLE_LENGTH entry
}

TEST(SonicParser, TraditionalModelWithoutLookupTableSaysSoInsteadOfMissingPg) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", R"({
    "PORT": {"Ethernet0": {"speed": "400000"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,4"}}
})");
  Report report = test::check(dir.path());
  EXPECT_TRUE(withRule(report, "PFC005").empty());
  auto notes = withRule(report, "BUF005");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].severity, Severity::Note);
  EXPECT_EQ(notes[0].location.file(), file);
  EXPECT_EQ(notes[0].location.line, 3);
}

TEST(SonicParserMalformed, TruncatedJsonIsAnInputErrorWithPosition) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", "{\n  \"PORT\": {\n    \"Ethernet0\": {\"speed\": \"100000\"\n");
  std::string what = test::loadError(dir.path());  // left out of the fabric (CFG006) at the error's position
  EXPECT_EQ(what.rfind(file + ":4:1: invalid JSON: ", 0), 0u) << what;
  EXPECT_NE(what.find("expected"), std::string::npos) << what;
}

TEST(SonicParserMalformed, WrongTypesAreErrorsAtTheValue) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", R"({
    "PORT": {"Ethernet0": {"speed": "fast", "mtu": {"value": "9100"}}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,9"}},
    "BUFFER_PG": {"Ethernet0|9": {"profile": "x"}},
    "QUEUE": ["not", "an", "object"],
    "WRED_PROFILE": {"w": {"ecn": "ecn_sometimes"}}
})");
  auto errors = withRule(test::check(dir.path()), "CFG005");
  ASSERT_EQ(errors.size(), 6u);
  std::map<int, std::string> by_line;
  for (const auto& f : errors) {
    EXPECT_EQ(f.location.file(), file);
    EXPECT_EQ(f.severity, Severity::Error);
    by_line[f.location.line] += f.message + "\n";
  }
  EXPECT_NE(by_line[2].find("PORT|Ethernet0.speed is \"fast\": expected a speed in Mb/s"), std::string::npos)
      << by_line[2];
  EXPECT_NE(by_line[2].find("PORT|Ethernet0.mtu is not a string"), std::string::npos) << by_line[2];
  EXPECT_NE(by_line[3].find("pfc_enable is \"3,9\": expected a comma-separated list of priorities 0-7"),
            std::string::npos);
  EXPECT_NE(by_line[4].find("PG \"9\" is not valid"), std::string::npos) << by_line[4];
  EXPECT_NE(by_line[5].find("table QUEUE is an array, expected an object of entries"), std::string::npos) << by_line[5];
  EXPECT_NE(by_line[6].find("WRED_PROFILE|w.ecn is \"ecn_sometimes\""), std::string::npos) << by_line[6];
}

TEST(SonicParserMalformed, UnknownReferencesAreErrorFindings) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", R"({
    "PORT": {"Ethernet0": {"speed": "100000"}},
    "PORT_QOS_MAP": {"Ethernet0": {"dscp_to_tc_map": "MISSING_MAP", "pfc_enable": "3"}},
    "BUFFER_PG": {"Ethernet0|3": {"profile": "[BUFFER_PROFILE|missing_profile]"}},
    "BUFFER_PROFILE": {"p": {"pool": "missing_pool", "size": "0"}},
    "QUEUE": {"Ethernet0|3": {"wred_profile": "MISSING_WRED"}},
    "PFC_WD": {"Ethernet4": {"action": "drop"}}
})");
  Report report = test::check(dir.path());
  auto cfg = withRule(report, "CFG002");
  ASSERT_EQ(cfg.size(), 3u);
  EXPECT_EQ(cfg[0].location.line, 3);
  EXPECT_NE(cfg[0].message.find("DSCP_TO_TC_MAP \"MISSING_MAP\""), std::string::npos) << cfg[0].message;
  EXPECT_EQ(cfg[1].location.line, 6);
  EXPECT_NE(cfg[1].message.find("WRED_PROFILE \"MISSING_WRED\""), std::string::npos);
  EXPECT_EQ(cfg[2].location.line, 7);
  EXPECT_EQ(cfg[2].port, "Ethernet4");
  EXPECT_NE(cfg[2].message.find("not in the PORT table"), std::string::npos);
  auto buf = withRule(report, "BUF003");
  ASSERT_EQ(buf.size(), 2u);
  EXPECT_EQ(buf[0].location.line, 4);
  EXPECT_NE(buf[0].message.find("\"missing_profile\""), std::string::npos);
  EXPECT_EQ(buf[1].location.line, 5);
  EXPECT_NE(buf[1].message.find("BUFFER_POOL \"missing_pool\""), std::string::npos);
}

TEST(SonicParserMalformed, BracketNamingTheWrongTableIsAnError) {
  TempDir dir;
  dir.write("s.json", R"({"QUEUE": {"Ethernet0|3": {"scheduler": "[WRED_PROFILE|x]"}}})");
  auto errors = withRule(test::check(dir.path()), "CFG005");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("expected a SCHEDULER name or [SCHEDULER|name]"), std::string::npos)
      << errors[0].message;
}

TEST(SonicParserMalformed, UnknownFieldsAreNotesGroupedPerField) {
  TempDir dir;
  dir.write("s.json", R"({"BUFFER_PROFILE": {
      "a": {"pool": "p", "size": "0", "mode": "dynamic"},
      "b": {"pool": "p", "size": "0", "mode": "dynamic"}},
    "BUFFER_POOL": {"p": {"type": "ingress"}},
    "NTP": {"global": {"src_intf": "eth0"}}})");
  Report report = test::check(dir.path());
  auto notes = withRule(report, "CFG001");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].location.line, 2);
  EXPECT_NE(notes[0].message.find("field \"mode\" is not understood"), std::string::npos);
  EXPECT_NE(notes[0].message.find("and 1 more"), std::string::npos);
  EXPECT_EQ(report.summary.out_of_scope_tables.at("NTP"), 1);  // counted, not listed
}

TEST(PgProfileLookup, MalformedRowIsAnInputErrorWithLine) {
  TempDir dir;
  std::string file = dir.write("pg_profile_lookup.ini", "# speed cable size xon xoff threshold\n100000 5m 1248 1248\n");
  // Left out of the fabric (CFG006) at its line; the parser gives no column, so it is column 1.
  EXPECT_EQ(test::loadError(dir.path()),
            file + ":2:1: 4 columns: expected \"speed cable size xon xoff threshold [xon_offset]\"");
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

TEST(SonicTopology, NeighboursNamedByAliasStillFormLinks) {
  test::TempDir dir;
  dir.write("a.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "a"}},
    "PORT": {"Ethernet0": {"alias": "fortyGigE0/0", "speed": "40000"}},
    "DEVICE_NEIGHBOR": {"Ethernet0": {"name": "b", "port": "Ethernet4/1"}}})");
  dir.write("b.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "b"}},
    "PORT": {"Ethernet12": {"alias": "Ethernet4/1", "speed": "40000"}},
    "DEVICE_NEIGHBOR": {"Ethernet12": {"name": "a", "port": "fortyGigE0/0"}}})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.links.size(), 1u);
  EXPECT_EQ(fabric.port(fabric.links[0].b).name, "Ethernet12");
  EXPECT_TRUE(test::withRule(analyze(fabric, {}), "TOPO001").empty());
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

TEST(SonicBuffers, NullProfileIsLosslessOnlyInTheDynamicModel) {
  test::TempDir dir;
  std::string file = dir.write("t.json", R"({"PORT": {"Ethernet0": {"speed": "100000"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}},
    "BUFFER_PG": {"Ethernet0|3": {"profile": "NULL"}}})");
  auto traditional = test::withRule(test::check(dir.path()), "BUF001");
  ASSERT_EQ(traditional.size(), 1u);
  EXPECT_EQ(traditional[0].priority, 3);
  EXPECT_EQ(traditional[0].location.line, 3);
  dir.write("t.json", R"({"DEVICE_METADATA": {"localhost": {"buffer_model": "dynamic"}},
    "PORT": {"Ethernet0": {"speed": "100000"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}},
    "BUFFER_PG": {"Ethernet0|3": {"profile": "NULL"}}})");
  EXPECT_TRUE(test::withRule(test::check(dir.path()), "BUF001").empty());
}

TEST(SonicBuffers, LookupRowWithoutXoffIsReportedAtTheRow) {
  test::TempDir dir;
  std::string lookup =
      dir.write("pg_profile_lookup.ini", "# speed cable size xon xoff threshold\n400000 40m 19456 19456 0 0\n");
  dir.write("leaf1.json", R"({"PORT": {"Ethernet0": {"speed": "400000"}},
    "CABLE_LENGTH": {"AZURE": {"Ethernet0": "40m"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}}})");
  auto findings = test::withRule(test::check(dir.path()), "BUF001");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].location.file(), lookup);
  EXPECT_EQ(findings[0].location.line, 2);
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

TEST(SonicQos, TrustFollowsTheBoundMaps) {
  test::TempDir dir;
  dir.write("s.json", R"({"PORT": {"Ethernet0": {}, "Ethernet4": {}, "Ethernet8": {}},
    "DOT1P_TO_TC_MAP": {"L2": {"3": "3"}}, "DSCP_TO_TC_MAP": {"AZURE": {"26": "3"}},
    "PORT_QOS_MAP": {"Ethernet0": {"dot1p_to_tc_map": "L2"},
                     "Ethernet4": {"dot1p_to_tc_map": "L2", "dscp_to_tc_map": "AZURE"},
                     "Ethernet8": {"dscp_to_tc_map": "AZURE"}}})");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_EQ(sw.findPort("Ethernet0")->qos.trust, Trust::Pcp);
  EXPECT_EQ(sw.findPort("Ethernet4")->qos.trust, Trust::Both);
  EXPECT_EQ(sw.findPort("Ethernet8")->qos.trust, Trust::Dscp);
  EXPECT_FALSE(classifiesByDscp(*sw.findPort("Ethernet0")));
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

TEST(SonicTopology, WithoutNeighbourTablePfcPortsCountAsInUse) {
  test::TempDir dir;
  dir.write("qos.json", R"({"PORT": {"Ethernet0": {"speed": "100000"}, "Ethernet4": {"speed": "100000"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}},
    "BUFFER_PG": {"Ethernet0|3": {"profile": "p"}},
    "BUFFER_PROFILE": {"p": {"pool": "ingress_lossless_pool", "xon": "19456", "xoff": "37888", "size": "57344"}},
    "BUFFER_POOL": {"ingress_lossless_pool": {"type": "ingress", "mode": "dynamic"}}})");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_TRUE(isConnected(sw, *sw.findPort("Ethernet0")));
  EXPECT_FALSE(isConnected(sw, *sw.findPort("Ethernet4")));  // no PFC: not known to be in use
  auto ecn = test::withRule(analyze(fabric, {}), "ECN001");
  ASSERT_EQ(ecn.size(), 1u);
  EXPECT_EQ(ecn[0].port, "Ethernet0");
  EXPECT_EQ(ecn[0].priority, 3);
  // Once neighbours are known, a port without one is not in use.
  dir.write("topo.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "qos"}},
    "DEVICE_NEIGHBOR": {"Ethernet4": {"name": "server1", "port": "eth0"}}})");
  Fabric with_topology = loadFabric({dir.path()});
  ASSERT_EQ(with_topology.switches.size(), 1u);
  EXPECT_FALSE(isConnected(with_topology.switches[0], *with_topology.switches[0].findPort("Ethernet0")));
}

// frrcfgd's policy tables (sonic-route-map.yang, sonic-routing-policy-sets.yang, sonic-bgp-common.yang)
// as FRR gets them: a COMMUNITY_SET of match_action ANY is an any-of condition, ALL (several
// members on one line) and EXPANDED are not modelled; AS_PATH_SET members are `permit REGEX` lines;
// a route map entry with another match may or may not match; `set_community_inline` without
// "additive" replaces the route's communities; a peer group's AF settings reach its members.
TEST(SonicPolicy, FrrcfgdTablesBecomeRouteMapsAndSessionPolicy) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf1", "bgp_asn": "65201", "frr_mgmt_framework_config": "true"}},
    "PORT": {"Ethernet0": {"speed": "100000"}},
    "COMMUNITY_SET": {
        "ANY2": {"set_type": "STANDARD", "match_action": "ANY", "community_member": ["65000:15", "65000:16"]},
        "ALL2": {"set_type": "STANDARD", "match_action": "ALL", "community_member": ["65000:15", "65000:16"]},
        "REGEX": {"set_type": "EXPANDED", "match_action": "ANY", "community_member": ["65000:1.*"]}
    },
    "AS_PATH_SET": {"SPINES": {"as_path_set_member": ["_65100_", "_65101_"]}, "ORIGIN": {"as_path_set_member": ["^65200$"]}},
    "ROUTE_MAP": {
        "IN|10": {"route_operation": "deny", "match_community": "ANY2"},
        "IN|20": {"route_operation": "deny", "match_as_path": "SPINES"},
        "IN|30": {"route_operation": "deny", "match_community": "ALL2"},
        "IN|40": {"route_operation": "permit", "match_prefix_set": "HOSTS", "set_community_inline": ["65000:1"]},
        "IN|50": {"route_operation": "permit", "set_community_inline": ["65000:2", "additive"]},
        "OUT|10": {"route_operation": "permit", "match_as_path": "ORIGIN"}
    },
    "BGP_PEER_GROUP": {"default|SPINES": {"asn": "65100"}},
    "BGP_PEER_GROUP_AF": {"default|SPINES|ipv4_unicast": {"route_map_in": ["IN"], "allow_as_in": "true"}},
    "BGP_NEIGHBOR": {
        "default|10.0.4.1": {"name": "spine1", "peer_group_name": "SPINES"},
        "default|10.0.5.1": {"name": "spine2", "asn": "65101"}
    },
    "BGP_NEIGHBOR_AF": {
        "default|10.0.5.1|ipv4_unicast": {"route_map_out": "OUT", "allow_as_in": "true", "allow_as_count": "2",
                                          "prefix_list_in": "PL"},
        "default|10.0.5.1|ipv6_unicast": {"route_map_in": ["IN"]}
    }
})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  const BgpNeighbor& spine1 = sw.bgp_neighbors[0];
  const BgpNeighbor& spine2 = sw.bgp_neighbors[1];
  EXPECT_EQ(spine1.address, "10.0.4.1");
  EXPECT_EQ(spine1.name, "spine1");
  ASSERT_TRUE(spine1.asn);
  EXPECT_EQ(spine1.asn->value, 65100u) << "from the peer group";
  EXPECT_EQ(spine1.allowas_in, 3) << "FRR's default count";
  ASSERT_EQ(spine1.import_policies.size(), 1u);
  EXPECT_TRUE(spine1.export_policies.empty());
  EXPECT_FALSE(spine1.policy_unmodelled);

  const RoutingPolicy& in = sw.routing_policies[spine1.import_policies[0]];
  EXPECT_EQ(in.name, "IN");
  EXPECT_EQ(in.default_action, PolicyTerm::Action::Reject);
  ASSERT_EQ(in.terms.size(), 5u);
  auto communities = [&sw](const std::vector<std::uint32_t>& ids) {
    std::vector<std::string> out;
    for (std::uint32_t id : ids) out.push_back(sw.bgp_communities[id]);
    return out;
  };
  EXPECT_EQ(communities(in.terms[0].match_community_any), (std::vector<std::string>{"65000:15", "65000:16"}));
  EXPECT_FALSE(in.terms[0].unmodelled_match);
  EXPECT_EQ(in.terms[0].action, PolicyTerm::Action::Reject);
  EXPECT_EQ(in.terms[0].src.line, 11);
  EXPECT_EQ(in.terms[1].match_as_path_any, (std::vector<std::uint32_t>{65100, 65101}));
  EXPECT_TRUE(in.terms[2].unmodelled_match) << "ALL of two communities is no any-of condition";
  EXPECT_EQ(in.terms[2].unmodelled_what, "match community ALL2");
  EXPECT_TRUE(in.terms[3].unmodelled_match);
  EXPECT_EQ(in.terms[3].unmodelled_what, "ROUTE_MAP|IN|40.match_prefix_set HOSTS");
  EXPECT_TRUE(in.terms[3].drops_communities);
  EXPECT_EQ(communities(in.terms[3].add_communities), (std::vector<std::string>{"65000:1"}));
  EXPECT_FALSE(in.terms[4].drops_communities);
  EXPECT_EQ(communities(in.terms[4].add_communities), (std::vector<std::string>{"65000:2"}));
  EXPECT_EQ(in.terms[4].action, PolicyTerm::Action::Accept);

  ASSERT_TRUE(spine2.asn);
  EXPECT_EQ(spine2.asn->value, 65101u);
  EXPECT_EQ(spine2.allowas_in, 2);
  EXPECT_TRUE(spine2.import_policies.empty()) << "the ipv6_unicast row is not the RoCE plane";
  ASSERT_EQ(spine2.export_policies.size(), 1u);
  const RoutingPolicy& out = sw.routing_policies[spine2.export_policies[0]];
  ASSERT_EQ(out.terms.size(), 1u);
  EXPECT_TRUE(out.terms[0].unmodelled_match) << "^65200$ is not \"contains 65200\"";
  EXPECT_EQ(out.terms[0].unmodelled_what, "match as-path ORIGIN");
  EXPECT_TRUE(spine2.policy_unmodelled);
  EXPECT_EQ(spine2.policy_unmodelled_what, "BGP_NEIGHBOR_AF|default|10.0.5.1|ipv4_unicast.prefix_list_in PL");
  EXPECT_EQ(spine2.policy_unmodelled_src.file(), file);
  EXPECT_EQ(spine2.policy_unmodelled_src.line, 26);
  EXPECT_TRUE(withRule(test::check(dir.path()), "CFG001").empty()) << "every field is known";
}

TEST(SonicPolicy, MalformedPolicyValuesAreCfg005AndAnUndefinedRouteMapIsCfg002) {
  TempDir dir;
  std::string file = dir.write("leaf1.json", R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf1", "bgp_asn": "65201", "frr_mgmt_framework_config": "true"}},
    "PORT": {"Ethernet0": {"speed": "100000"}},
    "COMMUNITY_SET": {"C": {"set_type": "LARGE", "match_action": "ANY", "community_member": ["1:1"]}},
    "ROUTE_MAP": {"A": {"route_operation": "permit"}, "B|10": {"route_operation": "maybe"}},
    "BGP_NEIGHBOR": {"default|10.0.4.1": {"asn": "65100"}, "default|10.0.5.1": {"asn": "65101"}},
    "BGP_NEIGHBOR_AF": {
        "default|10.0.4.1|ipv4_unicast": {"route_map_in": ["B", "A"], "allow_as_in": "yes"},
        "default|10.0.5.1|ipv4_unicast": {"route_map_out": "MISSING"}
    }
})");
  Report report = test::check(dir.path());
  std::map<int, std::string> by_line;
  auto invalid = withRule(report, "CFG005");
  ASSERT_EQ(invalid.size(), 5u);
  for (const Finding& f : invalid) {
    EXPECT_EQ(f.location.file(), file);
    by_line[f.location.line] += f.message + "\n";
  }
  ASSERT_EQ(by_line.size(), 3u);
  EXPECT_NE(by_line[4].find("COMMUNITY_SET|C.set_type is \"LARGE\": expected STANDARD or EXPANDED"), std::string::npos)
      << by_line[4];
  EXPECT_NE(by_line[5].find("ROUTE_MAP|A: expected the key NAME|SEQUENCE"), std::string::npos) << by_line[5];
  EXPECT_NE(by_line[5].find("ROUTE_MAP|B|10.route_operation is \"maybe\": expected permit or deny"), std::string::npos)
      << by_line[5];
  EXPECT_NE(by_line[8].find("route_map_in is \"B,A\": expected one route map name"), std::string::npos) << by_line[8];
  EXPECT_NE(by_line[8].find("allow_as_in is \"yes\": expected true or false"), std::string::npos) << by_line[8];
  auto undefined = withRule(report, "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].location.line, 9);
  EXPECT_NE(undefined[0].message.find("route map MISSING is not defined in ROUTE_MAP"), std::string::npos)
      << undefined[0].message;
  EXPECT_EQ(undefined[0].fix, "add ROUTE_MAP|MISSING|10 with a route_operation, or correct the name");
  // The session whose route map is undefined keeps no policy and says so (DL009 reads it).
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches[0];
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_TRUE(sw.bgp_neighbors[0].import_policies.empty()) << "a list of two names is no route map";
  EXPECT_TRUE(sw.bgp_neighbors[1].policy_unmodelled);
  EXPECT_EQ(sw.bgp_neighbors[1].policy_unmodelled_what, "route-map MISSING is not defined");
}

// bgpcfgd's BGP Bounce-back Routing: BGP_BBR|all status "enabled" puts `allowas-in 1` on the
// peer groups of the BGP_NEIGHBOR sessions (constants.yml's PEER_V4/PEER_V6).
TEST(SonicPolicy, BbrEnabledAllowsTheOwnAsnOnce) {
  for (const char* status : {"enabled", "disabled"}) {
    TempDir dir;
    dir.write("leaf1.json", fmt::format(R"({{
    "DEVICE_METADATA": {{"localhost": {{"hostname": "leaf1", "bgp_asn": "65201"}}}},
    "PORT": {{"Ethernet0": {{"speed": "100000"}}}},
    "BGP_BBR": {{"all": {{"status": "{}"}}}},
    "BGP_NEIGHBOR": {{"10.0.4.1": {{"asn": "65100"}}, "10.0.5.1": {{"asn": "65101"}}}}
}})",
                                        status));
    Fabric fabric = loadFabric({dir.path()});
    for (const BgpNeighbor& n : fabric.switches[0].bgp_neighbors)
      EXPECT_EQ(n.allowas_in, std::string(status) == "enabled" ? 1 : 0) << status << " " << n.address;
  }
}

}  // namespace
}  // namespace rocelint
