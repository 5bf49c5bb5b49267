// The bundled samples: the clean fabric reports nothing, the broken one exactly its seeded mistakes.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "fabric_gen.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using Key = std::tuple<std::string, std::string, std::string, int>;

TEST(Samples, CleanLeafSpineHasNoFindingAtAll) {
  Report report = test::check(test::sourceDir() + "/samples/leafspine-clean");
  EXPECT_EQ(report.summary.switches, 6);
  EXPECT_EQ(report.summary.links, 8);
  EXPECT_EQ(report.summary.hosts, 8);
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
}

TEST(Samples, BrokenLeafSpineReportsExactlyTheSeededMistakes) {
  std::ifstream in(test::sourceDir() + "/tests/samples/leafspine-broken.expected.json");
  ASSERT_TRUE(in) << "expected findings file missing";
  auto expected_json = nlohmann::json::parse(in);
  std::multiset<Key> expected;
  for (const auto& e : expected_json) {
    expected.insert({e["rule"], e["switch"], e["port"], e["priority"].is_null() ? -1 : e["priority"].get<int>()});
  }
  Report report = test::check(test::sourceDir() + "/samples/leafspine-broken");
  std::multiset<Key> actual;
  for (const auto& f : report.findings) actual.insert({f.rule, f.switch_name, f.port, f.priority.value_or(-1)});
  for (const auto& k : expected) {
    if (!actual.count(k))
      ADD_FAILURE() << "missing " << std::get<0>(k) << " " << std::get<1>(k) << " " << std::get<2>(k) << " "
                    << std::get<3>(k);
  }
  for (const auto& k : actual) {
    if (!expected.count(k))
      ADD_FAILURE() << "unexpected " << std::get<0>(k) << " " << std::get<1>(k) << " " << std::get<2>(k) << " "
                    << std::get<3>(k);
  }
  EXPECT_EQ(actual.size(), expected.size());
  // Every finding points at a line of a switch file and says how to fix it.
  for (const auto& f : report.findings) {
    EXPECT_GT(f.location.line, 0) << f.rule << " " << f.message;
    EXPECT_FALSE(f.fix.empty()) << f.rule;
  }
}

TEST(Samples, FindingsNameTheLineThatIsWrong) {
  Report report = test::check(test::sourceDir() + "/samples/leafspine-broken");
  auto mtu = test::withRule(report, "TOPO003");
  ASSERT_EQ(mtu.size(), 1u);
  std::ifstream in(mtu[0].location.file());
  std::string line;
  for (int i = 0; i < mtu[0].location.line; ++i) std::getline(in, line);
  EXPECT_NE(line.find("\"mtu\": \"1500\""), std::string::npos) << line;
  ASSERT_EQ(mtu[0].related.size(), 1u);
  EXPECT_NE(mtu[0].related[0].src.file().find("spine2.json"), std::string::npos);
}

TEST(Samples, GeneratedBenchmarkFabricIsCleanAndFullyLinked) {
  test::TempDir dir;
  EXPECT_EQ(bench::writeLeafSpine(dir.path(), {4, 8, 3}), 12);
  Report report = test::check(dir.path());
  EXPECT_EQ(report.summary.links, 32);
  EXPECT_EQ(report.summary.hosts, 24);
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
}

using test::readAll;

void replaceIn(const std::string& path, const std::string& from, const std::string& to) {
  std::string text = readAll(path);
  auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  std::ofstream(path) << text;
}

TEST(Samples, OneCauseSharedByManyPortsIsOneFindingPerPriority) {
  test::TempDir dir;
  bench::writeLeafSpine(dir.path(), {2, 4, 2});
  // spine1's only WRED profile stops marking: one line to fix, four ports affected.
  replaceIn(dir.path() + "/spine1.json", "\"ecn\": \"ecn_all\"", "\"ecn\": \"ecn_none\"");
  // leaf2 loses every PFC_WD port entry.
  std::string text = readAll(dir.path() + "/leaf2.json");
  auto start = text.find("\"PFC_WD\": {");
  auto end = text.find("\n    }", start);
  ASSERT_NE(start, std::string::npos);
  text.replace(start, end + 6 - start, "\"PFC_WD\": {}");
  std::ofstream(dir.path() + "/leaf2.json") << text;

  Report report = test::check(dir.path());
  auto ecn = test::withRule(report, "ECN001");
  ASSERT_EQ(ecn.size(), 2u);
  for (const auto& f : ecn) {
    EXPECT_EQ(f.switch_name, "spine1");
    EXPECT_EQ(f.port, "Ethernet0");
    EXPECT_NE(f.message.find("(on 4 ports: Ethernet0, Ethernet8, Ethernet16, Ethernet24)"), std::string::npos)
        << f.message;
  }
  EXPECT_EQ(ecn[0].location.line, ecn[1].location.line);
  auto wd = test::withRule(report, "WD001");
  ASSERT_EQ(wd.size(), 2u);
  EXPECT_EQ(wd[0].switch_name, "leaf2");
  EXPECT_EQ(wd[0].priority, 3);
  EXPECT_EQ(wd[1].priority, 4);
  EXPECT_NE(wd[0].message.find("(on 4 ports:"), std::string::npos) << wd[0].message;
}

TEST(Samples, HostPortWithoutPfcIsNotOnTheRocePath) {
  test::TempDir dir;
  bench::writeLeafSpine(dir.path(), {2, 2, 2});
  std::string leaf1 = dir.path() + "/leaf1.json";
  auto cfg = nlohmann::json::parse(readAll(leaf1));
  cfg["PORT_QOS_MAP"]["Ethernet16"]["pfc_enable"] = "";
  cfg["PORT_QOS_MAP"]["Ethernet16"].erase("pfcwd_sw_enable");
  cfg["DSCP_TO_TC_MAP"]["STORAGE"] = {{"26", "1"}};
  cfg["PORT_QOS_MAP"]["Ethernet16"]["dscp_to_tc_map"] = "STORAGE";
  cfg["BUFFER_PG"].erase("Ethernet16|3-4");
  std::ofstream(leaf1) << cfg.dump(4);
  Report report = test::check(dir.path());
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
  // The same port on the RoCE path (PFC on) with DSCP 26 lossy is reported.
  cfg["PORT_QOS_MAP"]["Ethernet16"]["pfc_enable"] = "3,4";
  cfg["BUFFER_PG"]["Ethernet16|3-4"] = {{"profile", "pg_lossless_100000_5m_profile"}};
  std::ofstream(leaf1) << cfg.dump(4);
  auto map001 = test::withRule(test::check(dir.path()), "MAP001");
  ASSERT_EQ(map001.size(), 1u);
  EXPECT_EQ(map001[0].port, "Ethernet16");
  EXPECT_EQ(map001[0].priority, 1);
}

TEST(Samples, PcpTrustedPortIsNotJudgedByItsDscpMap) {
  test::TempDir dir;
  bench::writeLeafSpine(dir.path(), {2, 2, 2});
  std::string leaf1 = dir.path() + "/leaf1.json";
  auto cfg = nlohmann::json::parse(readAll(leaf1));
  cfg["DOT1P_TO_TC_MAP"]["L2"] = {{"3", "3"}, {"4", "4"}};
  cfg["PORT_QOS_MAP"]["Ethernet16"].erase("dscp_to_tc_map");
  cfg["PORT_QOS_MAP"]["Ethernet16"]["dot1p_to_tc_map"] = "L2";
  std::ofstream(leaf1) << cfg.dump(4);
  // Without a DSCP map DSCP 26 would land in TC 0; the port classifies by PCP, so no MAP001.
  EXPECT_TRUE(test::withRule(test::check(dir.path()), "MAP001").empty());
}

TEST(Samples, ConfigParametersChangeTheVerdict) {
  Config config;
  config.params.max_lossless_priorities = 1;
  Report report = test::check(test::sourceDir() + "/samples/leafspine-clean", config);
  EXPECT_FALSE(test::withRule(report, "PFC003").empty());
  config = Config{};
  config.disabled.insert("PFC");
  config.severity_overrides["WD001"] = Severity::Error;
  Report broken = test::check(test::sourceDir() + "/samples/leafspine-broken", config);
  for (const auto& f : broken.findings) {
    EXPECT_NE(f.rule.rfind("PFC", 0), 0u) << f.rule;
    if (f.rule == "WD001") {
      EXPECT_EQ(f.severity, Severity::Error);
    }
  }
}

// MAP007 follows params.cnp_dscp: in the clean sample DSCP 48 reaches strict queue 6, but DSCP 46 is
// classified into TC 1, whose queue 1 has DWRR scheduler.0 on every port of every switch.
TEST(Samples, CnpDscpParameterChoosesTheQueueMap007Judges) {
  test::TempDir dir;
  Config config = loadConfig(dir.write("rocelint.yaml", "params:\n  cnp_dscp: 46\n"));
  EXPECT_EQ(config.params.cnp_dscp, 46);
  auto found = test::withRule(test::check(test::sourceDir() + "/samples/leafspine-clean", config), "MAP007");
  ASSERT_EQ(found.size(), 6u);  // one per switch: all its ports share scheduler.0
  std::set<std::string> switches;
  for (const auto& f : found) {
    switches.insert(f.switch_name);
    EXPECT_EQ(f.port, "Ethernet0");
    EXPECT_EQ(f.priority, 1);
    EXPECT_EQ(f.severity, Severity::Warning);
    EXPECT_EQ(f.message.rfind("CNPs (DSCP 46) leave " + f.switch_name +
                                  " Ethernet0 from egress queue 1 (TC 1), which SCHEDULER scheduler.0 serves by DWRR "
                                  "weight 14, not strict priority",
                              0),
              0u)
        << f.message;
    EXPECT_EQ(f.fix,
              "bind QUEUE|Ethernet0|1 to a SCHEDULER with type \"STRICT\" (a new one: scheduler.0 may serve other "
              "queues), so the CNPs leave before data");
  }
  EXPECT_EQ(switches.size(), 6u);
  EXPECT_THROW(loadConfig(dir.write("bad.yaml", "params:\n  cnp_dscp: 64\n")), ConfigError);
}

}  // namespace
}  // namespace rocelint
