// Installed routes in the deadlock analysis (issue 16 item 2): a switch's route table (SONiC APPL_DB
// ROUTE_TABLE, FRR `show ip route json`) replaces its computed routes, and every difference is ST004.
// Fabrics: the ring of four (tests/deadlock/ring4: two cycles, one per direction) and the cut ring
// (ring4-cut: sw4-sw1 admin down, a line sw1-sw2-sw3-sw4 without cycle). Each switch swN has the
// server subnet 10.2.(N-1).0/31 on Ethernet16; links: sw1 Ethernet0 10.0.1.0 - sw2 Ethernet8
// 10.0.1.1, sw2 Ethernet0 10.0.12.0 - sw3 Ethernet8 10.0.12.1, sw3 Ethernet0 10.0.23.0 - sw4
// Ethernet8 10.0.23.1, sw4 Ethernet0 10.0.3.1 - sw1 Ethernet8 10.0.3.0.

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "rocelint/deadlock.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using test::TempDir;

/// A copy of a deadlock scenario, to add state files to.
void copyScenario(const TempDir& dir, const std::string& name) {
  for (const auto& entry : fs::directory_iterator(test::sourceDir() + "/tests/deadlock/" + name))
    fs::copy_file(entry.path(), fs::path(dir.path()) / entry.path().filename());
}

// sw2 of the cut ring as configured: sw1's subnet via sw1, its own connected, sw3's and sw4's via sw3.
const char* kSw2Computed = R"({
  "ROUTE_TABLE:10.2.0.0/31": {"nexthop": "10.0.1.0", "ifname": "Ethernet8", "protocol": "bgp"},
  "ROUTE_TABLE:10.2.1.0/31": {"nexthop": "0.0.0.0", "ifname": "Ethernet16", "protocol": "connected"},
  "ROUTE_TABLE:10.2.2.0/31": {"nexthop": "10.0.12.1", "ifname": "Ethernet0", "protocol": "bgp"},
  "ROUTE_TABLE:10.2.3.0/31": {"nexthop": "10.0.12.1", "ifname": "Ethernet0", "protocol": "bgp"}
})";

std::set<std::string> cycleSwitches(const Fabric& fabric, const CyclicDependency& c) {
  std::set<std::string> out;
  for (const CycleHop& h : c.hops) out.insert(fabric.sw(h.ingress).name);
  return out;
}

DeadlockAnalysis deadlockOf(const Fabric& fabric) { return analyzeDeadlock(fabric, RuleParams{}, DeadlockOptions{}); }

TEST(InstalledRoutes, EqualToComputedOnTheCutRingNoFindingSameVerdict) {
  TempDir dir;
  copyScenario(dir, "ring4-cut");
  dir.write("sw2.appl_db.json", kSw2Computed);
  Fabric fabric = loadFabric({dir.path()});
  DeadlockAnalysis dl = deadlockOf(fabric);
  ASSERT_EQ(dl.destinations->installed_switches.size(), 1u);
  EXPECT_EQ(fabric.switches[dl.destinations->installed_switches[0]].name, "sw2");
  EXPECT_TRUE(dl.cycles.empty());
  EXPECT_TRUE(dl.loops.empty());
  Report report = analyze(fabric, Config{});
  EXPECT_TRUE(test::withRule(report, "ST004").empty());
  EXPECT_TRUE(test::withRule(report, "DL001").empty());
  ASSERT_TRUE(report.summary.deadlock);
  EXPECT_EQ(report.summary.deadlock->installed_route_switches, std::vector<std::string>{"sw2"});
  EXPECT_EQ(report.summary.deadlock->computed_route_switches, 3);
}

TEST(InstalledRoutes, FrrForOneSwitchSonicForAnotherEqualToComputedKeepTheRingsTwoCycles) {
  TempDir dir;
  copyScenario(dir, "ring4");
  // sw1 by FRR (ECMP toward sw3's subnet over both neighbours), sw3 by APPL_DB.
  dir.write("sw1/ip_route.json", R"({
  "10.2.0.0/31": [{"prefix": "10.2.0.0/31", "protocol": "connected", "selected": true, "installed": true,
    "nexthops": [{"directlyConnected": true, "interfaceName": "Ethernet16", "fib": true}]}],
  "10.2.1.0/31": [{"prefix": "10.2.1.0/31", "protocol": "bgp", "selected": true, "installed": true,
    "nexthops": [{"ip": "10.0.1.1", "interfaceName": "Ethernet0", "fib": true}]}],
  "10.2.2.0/31": [{"prefix": "10.2.2.0/31", "protocol": "bgp", "selected": true, "installed": true,
    "nexthops": [{"ip": "10.0.1.1", "interfaceName": "Ethernet0", "fib": true},
                 {"ip": "10.0.3.1", "interfaceName": "Ethernet8", "fib": true}]}],
  "10.2.3.0/31": [{"prefix": "10.2.3.0/31", "protocol": "bgp", "selected": true, "installed": true,
    "nexthops": [{"ip": "10.0.3.1", "interfaceName": "Ethernet8", "fib": true}]}]
})");
  dir.write("sw3.appl_db.json", R"({
  "ROUTE_TABLE:10.2.0.0/31": {"nexthop": "10.0.12.0,10.0.23.1", "ifname": "Ethernet8,Ethernet0", "protocol": "bgp"},
  "ROUTE_TABLE:10.2.1.0/31": {"nexthop": "10.0.12.0", "ifname": "Ethernet8", "protocol": "bgp"},
  "ROUTE_TABLE:10.2.2.0/31": {"nexthop": "0.0.0.0", "ifname": "Ethernet16", "protocol": "connected"},
  "ROUTE_TABLE:10.2.3.0/31": {"nexthop": "10.0.23.1", "ifname": "Ethernet0", "protocol": "bgp"}
})");
  Fabric fabric = loadFabric({dir.path()});
  DeadlockAnalysis dl = deadlockOf(fabric);
  std::vector<std::string> installed;
  for (std::uint32_t s : dl.destinations->installed_switches) installed.push_back(fabric.switches[s].name);
  EXPECT_EQ(installed, (std::vector<std::string>{"sw1", "sw3"}));
  ASSERT_EQ(dl.cycles.size(), 2u);
  for (const CyclicDependency& c : dl.cycles)
    EXPECT_EQ(cycleSwitches(fabric, c), (std::set<std::string>{"sw1", "sw2", "sw3", "sw4"}));
  Report report = analyze(fabric, Config{});
  EXPECT_TRUE(test::withRule(report, "ST004").empty());
  EXPECT_EQ(test::withRule(report, "DL001").size(), 2u);
  ASSERT_TRUE(report.summary.deadlock);
  EXPECT_EQ(report.summary.deadlock->installed_route_switches, (std::vector<std::string>{"sw1", "sw3"}));
  EXPECT_EQ(report.summary.deadlock->computed_route_switches, 2);
}

TEST(InstalledRoutes, StaticRouteTheConfigDoesNotShowMakesACycleAndIsSt004) {
  TempDir dir;
  copyScenario(dir, "ring4-cut");
  // sw2 sends sw1's subnet back toward sw3, which (as configured) sends it to sw2: a loop.
  std::string table = kSw2Computed;
  const std::string good = R"("nexthop": "10.0.1.0", "ifname": "Ethernet8", "protocol": "bgp")";
  table.replace(table.find(good), good.size(),
                R"("nexthop": "10.0.12.1", "ifname": "Ethernet0", "protocol": "static")");
  std::string file = dir.write("sw2.appl_db.json", table);
  Fabric fabric = loadFabric({dir.path()});
  DeadlockAnalysis dl = deadlockOf(fabric);
  ASSERT_EQ(dl.cycles.size(), 1u);
  EXPECT_EQ(cycleSwitches(fabric, dl.cycles[0]), (std::set<std::string>{"sw2", "sw3"}));
  bool installed_hop = false;
  for (const CycleHop& h : dl.cycles[0].hops) {
    if (h.kind != ForwardKind::Installed) continue;
    installed_hop = true;
    EXPECT_EQ(fabric.sw(h.ingress).name, "sw2");
    EXPECT_EQ(h.why, "installed route 10.2.0.0/31 on sw2 (its route table, not the configuration) leaves by Ethernet0");
    EXPECT_EQ(h.src.file(), file);
    EXPECT_EQ(h.src.line, 2);
  }
  EXPECT_TRUE(installed_hop);
  // Verified fix: with sw2 on the routes its configuration gives, the cycle is gone.
  ASSERT_FALSE(dl.cycles[0].fixes.empty());
  EXPECT_EQ(dl.cycles[0].fixes[0].description,
            "correct the installed route toward 10.2.0.0/31 on sw2 so it forwards as its configuration gives (ST004): "
            "with sw2 on its computed routes the cycle is gone");
  EXPECT_EQ(dl.cycles[0].fixes[0].where.line, 2);
  // The loop sw2 -> sw3 -> sw2 is blamed on the installed route.
  ASSERT_EQ(dl.loops.size(), 1u);
  EXPECT_TRUE(dl.loops[0].installed_route);
  EXPECT_EQ(dl.loops[0].src.file(), file);
  EXPECT_EQ(dl.loops[0].src.line, 2);

  Report report = analyze(fabric, Config{});
  EXPECT_EQ(test::withRule(report, "DL001").size(), 1u);
  auto st = test::withRule(report, "ST004");
  ASSERT_EQ(st.size(), 1u);
  const Finding& f = st[0];
  EXPECT_EQ(f.switch_name, "sw2");
  EXPECT_EQ(f.port, "Ethernet0");
  EXPECT_EQ(f.message,
            "sw2 forwards 10.2.0.0/31 by its installed route 10.2.0.0/31 (static) to sw3 by Ethernet0, but its "
            "configuration routes it to sw1 by Ethernet8 (BGP): the deadlock analysis follows the installed route");
  EXPECT_EQ(f.location.file(), file);
  EXPECT_EQ(f.location.line, 2);
  EXPECT_EQ(f.location.jsonPointer(), "/ROUTE_TABLE:10.2.0.0~131");
  ASSERT_EQ(f.related.size(), 1u);
  EXPECT_EQ(f.related[0].message, "BGP neighbour 10.0.1.0 of the computed route");
  std::string sw2 = test::readAll(dir.path() + "/sw2.json");
  EXPECT_EQ(f.related[0].src.line, test::lineOf(sw2, "\"10.0.1.0\": {"));

  // Without the route table the same configuration has no cycle.
  fs::remove(file);
  EXPECT_TRUE(deadlockOf(loadFabric({dir.path()})).cycles.empty());
}

TEST(InstalledRoutes, MissingRouteIsSt004AndADefaultRouteCovers) {
  TempDir dir;
  copyScenario(dir, "ring4-cut");
  std::string table = kSw2Computed;
  const std::string sw4_route =
      ",\n  \"ROUTE_TABLE:10.2.3.0/31\": {\"nexthop\": \"10.0.12.1\", \"ifname\": \"Ethernet0\", \"protocol\": "
      "\"bgp\"}";
  ASSERT_NE(table.find(sw4_route), std::string::npos);
  table.erase(table.find(sw4_route), sw4_route.size());
  std::string file = dir.write("sw2.appl_db.json", table);
  Fabric fabric = loadFabric({dir.path()});
  Report report = analyze(fabric, Config{});
  auto st = test::withRule(report, "ST004");
  ASSERT_EQ(st.size(), 1u);
  EXPECT_EQ(st[0].switch_name, "sw2");
  EXPECT_EQ(st[0].port, "Ethernet0");
  EXPECT_EQ(st[0].message,
            "sw2 has no installed route for 10.2.3.0/31 (no entry of its route table covers it, not even a default "
            "route), but its configuration routes it to sw3 by Ethernet0 (BGP): the deadlock analysis follows the "
            "route table, where the switch drops the traffic");
  EXPECT_EQ(st[0].location.file(), file);
  EXPECT_EQ(st[0].location.line, 0);
  // sw2 drops what sw1 sends toward sw4: no turn at sw2 toward sw3 for that subnet.
  DeadlockAnalysis dl = deadlockOf(fabric);
  EXPECT_TRUE(dl.cycles.empty());

  // A default route toward sw3 covers the subnet: the same forwarding as configured.
  table.insert(table.rfind('}'),
               ",\n  \"ROUTE_TABLE:0.0.0.0/0\": {\"nexthop\": \"10.0.12.1\", \"ifname\": \"Ethernet0\", \"protocol\": "
               "\"static\"}\n");
  dir.write("sw2.appl_db.json", table);
  EXPECT_TRUE(test::withRule(analyze(loadFabric({dir.path()}), Config{}), "ST004").empty());
}

TEST(InstalledRoutes, NextHopByAddressAloneResolvesToTheNeighboursLink) {
  TempDir dir;
  copyScenario(dir, "ring4-cut");
  // FRR without interface names: 10.0.12.1 is sw3's Ethernet8, the far end of sw2's Ethernet0.
  dir.write("sw2/ip_route.json", R"({
  "10.2.0.0/31": [{"prefix": "10.2.0.0/31", "protocol": "bgp", "installed": true,
    "nexthops": [{"ip": "10.0.1.0", "fib": true}]}],
  "10.2.1.0/31": [{"prefix": "10.2.1.0/31", "protocol": "connected", "installed": true,
    "nexthops": [{"directlyConnected": true, "interfaceName": "Ethernet16", "fib": true}]}],
  "10.2.2.0/31": [{"prefix": "10.2.2.0/31", "protocol": "bgp", "installed": true,
    "nexthops": [{"ip": "10.0.12.1", "fib": true}]}],
  "10.2.3.0/31": [{"prefix": "10.2.3.0/31", "protocol": "bgp", "installed": true,
    "nexthops": [{"ip": "10.0.12.1", "fib": true}, {"ip": "10.9.9.9", "fib": true}]}]
})");
  Report report = analyze(loadFabric({dir.path()}), Config{});
  // 10.9.9.9 belongs to no interface: left out of the forwarding, and the rest is as configured.
  EXPECT_TRUE(test::withRule(report, "ST004").empty());
}

TEST(InstalledRoutes, JsonAndTextSummariesSayWhichSwitchesFollowInstalledRoutes) {
  std::string bad = test::sourceDir() + "/tests/fixtures/ST004/sonic/bad";
  test::CliRun json = test::runCli("check " + bad + " --format json", "2>/dev/null");
  EXPECT_EQ(json.code, 1);
  auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["summary"]["deadlock"]["installed_route_switches"], nlohmann::json::array({"sw2"}));
  EXPECT_EQ(doc["summary"]["deadlock"]["computed_route_switches"], 3);
  test::CliRun text = test::runCli("check " + bad, "2>/dev/null");
  EXPECT_NE(text.out.find("rocelint: the deadlock analysis follows the installed routes of 1 switch (sw2) and the "
                          "routes computed from the configuration of the other 3 (mixed)\n"),
            std::string::npos)
      << text.out;
  // Without route tables the summaries say nothing about installed routes.
  test::CliRun plain =
      test::runCli("check " + test::sourceDir() + "/tests/deadlock/ring4-cut --format json", "2>/dev/null");
  EXPECT_FALSE(nlohmann::json::parse(plain.out)["summary"]["deadlock"].contains("installed_route_switches"));
}

}  // namespace
}  // namespace rocelint
