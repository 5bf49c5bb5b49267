// Every SONiC-format file in ../shared/realworld must load (findings allowed, input errors not).

#include <gtest/gtest.h>

#include "pg_profile_lookup.hpp"
#include "rocelint/qos.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

std::string realworld(const std::string& rel) { return test::sharedDir() + "/realworld/" + rel; }

class RealworldConfigDb : public ::testing::TestWithParam<const char*> {};

TEST_P(RealworldConfigDb, LoadsAsSonicConfigDb) {
  Fabric fabric;
  ASSERT_NO_THROW(fabric = loadFabric({realworld(GetParam())}));
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.files_loaded, 1);
  Report report = analyze(fabric, {});
  EXPECT_TRUE(test::withRule(report, "CFG004").empty());
  EXPECT_TRUE(test::withRule(report, "CFG005").empty()) << test::withRule(report, "CFG005").front().message;
}

INSTANTIATE_TEST_SUITE_P(AllSonicFiles, RealworldConfigDb,
                         ::testing::Values("sonic-buildimage/ACS-MSN2700-2017/qos.json",
                                           "sonic-buildimage/buffer-arista7260-t1.json",
                                           "sonic-buildimage/buffers-mellanox4600c-t1-dynamic.json",
                                           "sonic-buildimage/qos-arista7260-t1.json",
                                           "sonic-utilities/mock_tables/config_db.json",
                                           "sonic-utilities/mock_tables-t1/config_db.json",
                                           "sonic-utilities/qos_tables_db_field_value_reference_format_3_0_1.json",
                                           "sonic-utilities/qos_tables_db_field_value_reference_format_3_0_3.json"));

TEST(Realworld, WholeDirectoryLoadsWithoutInputError) {
  Fabric fabric;
  ASSERT_NO_THROW(fabric = loadFabric({realworld("")}));
  EXPECT_GE(fabric.switches.size(), 5u);
  EXPECT_TRUE(test::withRule(analyze(fabric, {}), "CFG005").empty());
}

TEST(Realworld, OldAndNewReferenceStylesGiveTheSameModel) {
  Fabric old_style = loadFabric({realworld("sonic-utilities/qos_tables_db_field_value_reference_format_3_0_1.json")});
  Fabric new_style = loadFabric({realworld("sonic-utilities/qos_tables_db_field_value_reference_format_3_0_3.json")});
  const Switch& a = old_style.switches.at(0);
  const Switch& b = new_style.switches.at(0);
  ASSERT_EQ(a.ports.size(), b.ports.size());
  int bracket_refs = 0;
  for (std::size_t i = 0; i < a.ports.size(); ++i) {
    const Port& pa = a.ports[i];
    const Port& pb = b.ports[i];
    SCOPED_TRACE(pa.name);
    ASSERT_EQ(pa.name, pb.name);
    for (std::size_t k = 0; k < kMapKinds; ++k) {
      auto kind = static_cast<MapKind>(k);
      ASSERT_EQ(pa.qos.map(kind).has_value(), pb.qos.map(kind).has_value());
      if (pa.qos.map(kind)) {
        EXPECT_EQ(pa.qos.map(kind)->name, pb.qos.map(kind)->name);
        bracket_refs += pa.qos.map(kind)->bracket_style;
        EXPECT_FALSE(pb.qos.map(kind)->bracket_style);
      }
    }
    EXPECT_EQ(pa.qos.pfcPriorities(), pb.qos.pfcPriorities());
    for (std::size_t pg = 0; pg < 8; ++pg) {
      ASSERT_EQ(pa.pgs[pg] != nullptr, pb.pgs[pg] != nullptr);
      if (pa.pgs[pg] && pa.pgs[pg]->profile) {
        EXPECT_EQ(pa.pgs[pg]->profile->name, pb.pgs[pg]->profile->name);
      }
    }
    for (int q = 0; q < 16; ++q) {
      ASSERT_EQ(pa.queue(q) != nullptr, pb.queue(q) != nullptr);
      if (pa.queue(q) == nullptr) continue;
      ASSERT_EQ(pa.queue(q)->wred_profile.has_value(), pb.queue(q)->wred_profile.has_value());
      if (pa.queue(q)->wred_profile) {
        EXPECT_EQ(pa.queue(q)->wred_profile->name, pb.queue(q)->wred_profile->name);
      }
      ASSERT_EQ(pa.queue(q)->scheduler.has_value(), pb.queue(q)->scheduler.has_value());
      if (pa.queue(q)->scheduler) {
        EXPECT_EQ(pa.queue(q)->scheduler->name, pb.queue(q)->scheduler->name);
      }
    }
  }
  EXPECT_GT(bracket_refs, 0);
  ASSERT_EQ(a.profiles.size(), b.profiles.size());
  for (const auto& [name, profile] : a.profiles) {
    const BufferProfile& other = b.profiles.at(name);
    EXPECT_EQ(profile.pool->name, other.pool->name) << name;
    EXPECT_EQ(profile.xoff_bytes.has_value(), other.xoff_bytes.has_value()) << name;
    if (profile.xoff_bytes) {
      EXPECT_EQ(profile.xoff_bytes->value, other.xoff_bytes->value) << name;
    }
  }
  // And the same findings, up to file names and lines.
  auto summarize = [](const Report& r) {
    std::vector<std::string> out;
    for (const auto& f : r.findings)
      out.push_back(f.rule + " " + f.port + " " + std::to_string(f.priority.value_or(-1)));
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(summarize(analyze(old_style, {})), summarize(analyze(new_style, {})));
}

TEST(Realworld, MockTablesFlatShapeMixesReferenceStyles) {
  Fabric fabric = loadFabric({realworld("sonic-utilities/mock_tables/config_db.json")});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_EQ(sw.name, "sonic-switch");
  const Port& eth0 = *sw.findPort("Ethernet0");
  ASSERT_NE(eth0.queue(3), nullptr);
  EXPECT_TRUE(eth0.queue(3)->scheduler->bracket_style);
  EXPECT_FALSE(eth0.queue(3)->wred_profile->bracket_style);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 600);
  ASSERT_TRUE(eth0.pgs[3]);
  EXPECT_TRUE(eth0.pgs[3]->null_profile);
  EXPECT_TRUE(sw.profiles.at("alpha_profile").headroom_dynamic);
  EXPECT_TRUE(sw.default_pfcwd_enabled && sw.default_pfcwd_enabled->value);
}

TEST(Realworld, TypedRedisDumpLoadsTopology) {
  Fabric fabric = loadFabric({realworld("sonic-utilities/mock_tables-t1/config_db.json")});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_EQ(sw.bgp_neighbors.size(), 48u);
  int neighbours = 0;
  for (const Port& port : sw.ports) neighbours += port.neighbor.has_value();
  EXPECT_EQ(neighbours, 32);
}

TEST(Realworld, Arista7260UplinkPortsUseTheirOwnDscpMap) {
  // qos-arista7260-t1.json binds AZURE globally and AZURE_UPLINK on the uplink ports.
  Fabric fabric = loadFabric({realworld("sonic-buildimage/qos-arista7260-t1.json")});
  const Switch& sw = fabric.switches.at(0);
  const Port& eth0 = *sw.findPort("Ethernet0");
  ASSERT_NE(boundMap(sw, eth0, MapKind::DscpToTc), nullptr);
  EXPECT_EQ(boundMap(sw, eth0, MapKind::DscpToTc)->name, "AZURE_UPLINK");
  EXPECT_EQ(sw.global_dscp_to_tc->name, "AZURE");
  EXPECT_TRUE(test::withRule(analyze(fabric, {}), "CFG002").empty());
}

TEST(Realworld, EveryPgProfileLookupTableParses) {
  for (const char* rel : {"sonic-buildimage/th2-7260-BALANCED/pg_profile_lookup.ini",
                          "sonic-buildimage/Mellanox-SN5600-C256S1/pg_profile_lookup.ini"}) {
    PgLookupTable table = parsePgProfileLookup(test::readAll(realworld(rel)), rel);
    EXPECT_GE(table.rows.size(), 9u) << rel;
  }
  PgLookupTable sn5600 = parsePgProfileLookup(
      test::readAll(realworld("sonic-buildimage/Mellanox-SN5600-C256S1/pg_profile_lookup.ini")), "sn5600");
  const PgLookupRow* row = sn5600.find(100000, 5);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->xoff_bytes, 44032u);  // FORMATS.md 1.6: the SN5600 table lists 44032 for 100G/5m
  EXPECT_FALSE(row->xon_offset_bytes);
}

}  // namespace
}  // namespace rocelint
