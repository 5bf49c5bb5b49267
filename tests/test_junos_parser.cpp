// Juniper Junos parser: recognition, the three syntaxes (curly-brace text, set lines, display
// xml) into one model, every construct with its source line, Junos defaults, wildcards and
// breakouts, notes and coverage, malformed input, the real QFX5240 JVD leaf, and the Junos
// leaf-spine sample against its SONiC twin.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "junos_config.hpp"
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

std::string junosDir() { return test::sourceDir() + "/tests/junos"; }
std::string jvdLeaf() { return test::sharedDir() + "/realworld/jvd/leaf1_qfx5240-64od.conf"; }

// Every model fact of a switch as text, without source locations: the text and XML forms of
// one configuration must give the same string.
std::string facts(const Switch& sw) {
  std::string out = "switch " + sw.name + " asn " + (sw.asn ? std::to_string(sw.asn->value) : "-") + "\n";
  for (const Port& p : sw.ports) {
    out += fmt::format("port {} speed {} mtu {} up {} neighbor {} lag {} pfc {} trust {} cable {}\n", p.name,
                       p.speed_mbps ? p.speed_mbps->value : 0, p.mtu_bytes ? p.mtu_bytes->value : 0,
                       p.admin_up ? p.admin_up->value : true,
                       p.neighbor ? p.neighbor->device + ":" + p.neighbor->port : "-", p.portchannel,
                       formatPrioritySet(p.qos.pfcPriorities()), static_cast<int>(p.qos.trust),
                       p.cable_length_m ? p.cable_length_m->value : 0);
    for (int d = 0; d < 64; ++d) out += std::to_string(trafficClassOfDscp(sw, p, d)) + ",";
    out += "\n";
    for (int tc = 0; tc < 8; ++tc) {
      out += fmt::format(" tc{} q{} pg{} lossless-pg {} pfcq {} wd {}", tc, queueOfTc(sw, p, tc),
                         priorityGroupOfTc(sw, p, tc), isLosslessPg(sw, p, tc).value_or(true),
                         queueOfPfcPriority(sw, p, tc).value_or(-1), watchdogCovers(sw, p, tc));
    }
    out += "\n";
    if (p.watchdog) {
      out += fmt::format(" watchdog {} {} {}\n", p.watchdog->action->value, p.watchdog->detection_ms->value,
                         p.watchdog->restoration_ms->value);
    }
    for (const PortQueue& q : p.queues) {
      out += fmt::format(" queue {} scheduler {}", q.index, q.scheduler ? q.scheduler->name : "-");
      if (q.wred_profile) {
        const WredProfile& w = sw.wred_profiles.at(q.wred_profile->name);
        out += fmt::format(" wred {} {} {} {}", w.color(Color::Green).min_threshold_bytes->value,
                           w.color(Color::Green).max_threshold_bytes->value,
                           w.color(Color::Green).drop_probability_percent->value, w.ecn->value);
      }
      out += "\n";
    }
  }
  for (const auto& [name, s] : sw.schedulers) {
    out += fmt::format("scheduler {} {} {}\n", name, s.type->value, s.weight ? s.weight->value : -1);
  }
  for (const auto& [name, pool] : sw.pools) {
    out += fmt::format("pool {} {} {}\n", name, static_cast<int>(pool.type), pool.percentage->value);
  }
  for (const auto& a : sw.addresses)
    out += fmt::format("address {} {} {}\n", a.interface, a.prefix, static_cast<int>(a.kind));
  for (const auto& r : sw.static_routes) {
    out += "route " + r.vrf + " " + r.prefix;
    for (const auto& h : r.nexthops) out += " " + h;
    out += "\n";
  }
  for (const auto& n : sw.bgp_neighbors)
    out += fmt::format("bgp {} {} {}\n", n.address, n.asn ? n.asn->value : 0, n.name);
  out += "poll " + std::to_string(sw.pfcwd_poll_interval_ms->value) + "\n";
  return out;
}

// ---------------------------------------------------------------------------------------------
// Recognition
// ---------------------------------------------------------------------------------------------

TEST(JunosRecognition, ByContentInAllThreeSyntaxes) {
  EXPECT_TRUE(junos::looksLikeJunos("system {\n    host-name a;\n}\n"));
  EXPECT_TRUE(junos::looksLikeJunos("## Last commit: 2024-12-03\nversion 23.4R2;\ninactive: class-of-service {\n}\n"));
  EXPECT_TRUE(junos::looksLikeJunos("set system host-name a\nset interfaces et-0/0/0 mtu 9216\n"));
  EXPECT_TRUE(junos::looksLikeJunos(
      "<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/\"><configuration><system/></configuration></rpc-reply>"));
  EXPECT_TRUE(junos::looksLikeJunos(test::readAll(jvdLeaf())));
  EXPECT_TRUE(junos::looksLikeJunos(test::readAll(junosDir() + "/constructs.xml")));
  // Not Junos: other vendors' text, YAML, prose, other XML.
  EXPECT_FALSE(junos::looksLikeJunos("hostname leaf1\ninterface Ethernet1\n   mtu 9214\n"));
  EXPECT_FALSE(junos::looksLikeJunos("- set:\n    system:\n      hostname: leaf1\n"));
  EXPECT_FALSE(junos::looksLikeJunos("The system {is} described here.\nset up the interfaces first\n"));
  EXPECT_FALSE(junos::looksLikeJunos("<project><modelVersion>4.0.0</modelVersion></project>"));
  // A Maven POM holds <configuration> and even <system>, but its root is <project>.
  EXPECT_FALSE(
      junos::looksLikeJunos("<?xml version=\"1.0\"?>\n<project><issueManagement><system>GitHub</system>"
                            "</issueManagement><build><plugin><configuration><source>17</source>"
                            "</configuration></plugin></build></project>"));
  EXPECT_TRUE(
      junos::looksLikeJunos("<?xml version=\"1.0\"?>\n<!-- saved -->\n<configuration><system><host-name>a"
                            "</host-name></system></configuration>"));
  EXPECT_FALSE(junos::looksLikeJunos("{\"DEVICE_METADATA\": {}}"));
  // Another command's rpc-reply (show interfaces | display xml) is not a configuration.
  EXPECT_FALSE(
      junos::looksLikeJunos("<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/\"><interface-information>"
                            "<configuration-state/></interface-information></rpc-reply>"));
  // No sample or fixture file of another vendor is taken for Junos.
  int others = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::sourceDir() + "/samples")) {
    const std::string path = entry.path().string();
    if (!entry.is_regular_file() || path.find("leafspine-junos") != std::string::npos ||
        path.ends_with("leafspine-mixed/leaf4.conf")) {
      continue;
    }
    EXPECT_FALSE(junos::looksLikeJunos(test::readAll(entry.path().string()))) << entry.path();
    ++others;
  }
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::sharedDir() + "/realworld")) {
    if (!entry.is_regular_file() || entry.path().string().find("/jvd/") != std::string::npos) continue;
    EXPECT_FALSE(junos::looksLikeJunos(test::readAll(entry.path().string()))) << entry.path();
    ++others;
  }
  EXPECT_GT(others, 30);
}

// ---------------------------------------------------------------------------------------------
// Statements: the three syntaxes
// ---------------------------------------------------------------------------------------------

TEST(JunosStatements, CurlyTextWithCommentsQuotesListsAndInactive) {
  const char* text =
      "/* a block comment\n"
      "   over two lines */\n"
      "system {\n"
      "    host-name \"leaf 1\"; # a trailing comment\n"
      "}\n"
      "class-of-service {\n"
      "    drop-profiles {\n"
      "        dp1 {\n"
      "            interpolate {\n"
      "                fill-level [ 55 90 ];\n"
      "            }\n"
      "        }\n"
      "    }\n"
      "    inactive: schedulers {\n"
      "        s1 {\n"
      "            explicit-congestion-notification;\n"
      "        }\n"
      "    }\n"
      "    protect: forwarding-classes {\n"
      "        class A queue-num 1;\n"
      "    }\n"
      "}\n"
      "interfaces {\n"
      "    et-0/0/1 {\n"
      "        unit 0 {\n"
      "            family inet { }\n"
      "        }\n"
      "    }\n"
      "}\n";
  junos::Config c = junos::parse(text, "a.conf");
  EXPECT_EQ(c.syntax, junos::Syntax::Text);
  ASSERT_EQ(c.statements.size(), 5u);
  EXPECT_EQ(c.hostname, "leaf 1");
  const junos::Statement& host = c.statements[0];
  EXPECT_EQ(host.path(), "system host-name \"leaf 1\"");
  EXPECT_EQ(host.src().line, 4);
  EXPECT_EQ(host.src().column, 5);
  EXPECT_EQ(host.words[2].column, 15);
  const junos::Statement& fill = c.statements[1];
  EXPECT_EQ(fill.path(), "class-of-service drop-profiles dp1 interpolate fill-level 55 90");
  EXPECT_EQ(fill.words[6].line, 10);
  EXPECT_EQ(fill.words[6].column, 33);
  EXPECT_FALSE(fill.inactive);
  EXPECT_EQ(c.statements[2].path(), "class-of-service schedulers s1 explicit-congestion-notification");
  EXPECT_TRUE(c.statements[2].inactive);
  EXPECT_EQ(c.statements[3].path(), "class-of-service forwarding-classes class A queue-num 1");
  EXPECT_FALSE(c.statements[3].inactive);
  // An empty block says as much as a leaf.
  EXPECT_EQ(c.statements[4].path(), "interfaces et-0/0/1 unit 0 family inet");
  EXPECT_EQ(c.statements[4].src().line, 26);
}

TEST(JunosStatements, SetLinesWithDeactivateAndDelete) {
  const char* text =
      "set version 23.4R2\n"
      "set system host-name leaf1\n"
      "set class-of-service forwarding-classes class NO-LOSS queue-num 4 no-loss pfc-priority 3\n"
      "set class-of-service drop-profiles dp1 interpolate fill-level [ 55 90 ]\n"
      "set class-of-service schedulers s1 explicit-congestion-notification\n"
      "set class-of-service schedulers s2 priority strict-high\n"
      "deactivate class-of-service schedulers s1\n"
      "delete class-of-service schedulers s2\n";
  junos::Config c = junos::parse(text, "a.set");
  EXPECT_EQ(c.syntax, junos::Syntax::Set);
  ASSERT_EQ(c.statements.size(), 5u);
  EXPECT_EQ(c.hostname, "leaf1");
  EXPECT_EQ(c.statements[2].path(),
            "class-of-service forwarding-classes class NO-LOSS queue-num 4 no-loss pfc-priority 3");
  EXPECT_EQ(c.statements[2].src().line, 3);
  EXPECT_EQ(c.statements[2].words[8].column, 88);
  EXPECT_EQ(c.statements[3].path(), "class-of-service drop-profiles dp1 interpolate fill-level 55 90");
  EXPECT_TRUE(c.statements[4].inactive);
}

TEST(JunosStatements, XmlIsNormalisedIntoTheSameStatementsWithLines) {
  junos::Config xml = junos::parse(test::readAll(junosDir() + "/constructs.xml"), "c.xml");
  junos::Config text = junos::parse(test::readAll(junosDir() + "/constructs.conf"), "c.conf");
  EXPECT_EQ(xml.syntax, junos::Syntax::Xml);
  EXPECT_EQ(xml.hostname, "qfx1");
  std::set<std::string> xml_paths;
  for (const auto& s : xml.statements) xml_paths.insert(s.path());
  // The statements that read the same in both forms.
  for (const char* p : {"class-of-service forwarding-classes class LOSSLESS queue-num 4",
                        "class-of-service congestion-notification-profile CNP-PFC input dscp code-point 011010 pfc",
                        "class-of-service classifiers dscp DSCP-MAP forwarding-class LOSSLESS loss-priority low "
                        "code-points 011010 af41",
                        "class-of-service schedulers S-LOSSLESS drop-profile-map loss-priority any protocol any "
                        "drop-profile ECN-DP",
                        "class-of-service interfaces et-* unit * classifiers dscp DSCP-MAP",
                        "interfaces et-0/0/0:0 unit 0 family inet address 10.0.0.1/31",
                        "routing-options autonomous-system as-number 65001"}) {
    EXPECT_TRUE(xml_paths.count(p)) << p;
  }
  // XML positions are lines and columns computed from pugixml's offsets.
  auto it = std::find_if(xml.statements.begin(), xml.statements.end(), [](const junos::Statement& s) {
    return s.path() == "class-of-service forwarding-classes class LOSSLESS pfc-priority 3";
  });
  ASSERT_NE(it, xml.statements.end());
  EXPECT_EQ(it->words[4].line, 136);  // <pfc-priority>
  EXPECT_EQ(it->words[4].column, 25);
  EXPECT_EQ(it->words[5].line, 136);  // its text
  EXPECT_EQ(it->words[5].column, 39);
  EXPECT_EQ(it->src().line, 136);
  EXPECT_GT(text.statements.size(), 40u);
}

// ---------------------------------------------------------------------------------------------
// Every construct, text and XML
// ---------------------------------------------------------------------------------------------

void expectConstructs(const Switch& sw, bool xml) {
  SCOPED_TRACE(xml ? "xml" : "text");
  EXPECT_EQ(sw.name, "qfx1");
  EXPECT_EQ(sw.asn->value, 65001u);
  EXPECT_EQ(sw.buffer_model, BufferModel::Dynamic);
  // Ports: the breakout parent is not a port, its members are; et-0/0/1 is a LAG member.
  ASSERT_EQ(sw.ports.size(), 3u);
  EXPECT_EQ(sw.ports[0].name, "et-0/0/0:0");
  EXPECT_EQ(sw.ports[1].name, "et-0/0/0:1");
  EXPECT_EQ(sw.ports[2].name, "et-0/0/1");
  const Port& p = portOf(sw, "et-0/0/0:0");
  EXPECT_EQ(p.speed_mbps->value, 400000u);  // from the breakout parent
  EXPECT_EQ(p.speed_mbps->src.line, xml ? 12 : 9);
  EXPECT_EQ(p.mtu_bytes->value, 9216u);
  ASSERT_TRUE(p.neighbor);
  EXPECT_EQ(p.neighbor->device, "spine1");
  EXPECT_EQ(p.neighbor->port, "et-0/0/5:1");
  EXPECT_EQ(p.neighbor->src.line, xml ? 16 : 12);
  EXPECT_EQ(portOf(sw, "et-0/0/0:1").speed_mbps->value, 200000u);
  EXPECT_FALSE(portOf(sw, "et-0/0/0:1").neighbor);  // "gpu 1" follows no convention
  EXPECT_TRUE(portOf(sw, "et-0/0/1").isAdminDown());
  EXPECT_EQ(portOf(sw, "et-0/0/1").portchannel, "ae0");
  EXPECT_EQ(sw.portchannels, std::vector<std::string>{"ae0"});
  ASSERT_EQ(sw.addresses.size(), 3u);
  EXPECT_EQ(sw.addresses[0].interface, "et-0/0/0:0");
  EXPECT_EQ(sw.addresses[1].kind, InterfaceAddress::Kind::PortChannel);
  EXPECT_EQ(sw.addresses[2].kind, InterfaceAddress::Kind::Loopback);
  ASSERT_EQ(sw.static_routes.size(), 1u);
  EXPECT_EQ(sw.static_routes[0].nexthops, std::vector<std::string>{"10.0.0.0"});
  ASSERT_EQ(sw.bgp_neighbors.size(), 2u);
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 65100u);  // the group's peer-as
  EXPECT_EQ(sw.bgp_neighbors[0].name, "spine1");
  EXPECT_EQ(sw.bgp_neighbors[1].asn->value, 65200u);  // its own

  // Classification: LOSSLESS (no-loss, pfc-priority 3) is traffic class 3 on queue 4; CNP on
  // queue 3 gets the lowest free traffic class (1), since 3 is the no-loss class's.
  EXPECT_EQ(p.qos.trust, Trust::Dscp);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 26), 3);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 34), 3);  // af41
  EXPECT_EQ(trafficClassOfDscp(sw, p, 48), 1);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 0), 0);  // unlisted: best-effort
  const Sourced<int>* d26 = boundMap(sw, p, MapKind::DscpToTc)->find(26);
  EXPECT_EQ(d26->src.line, xml ? 108 : 71);
  EXPECT_EQ(test::origin(boundMap(sw, p, MapKind::DscpToTc)->find(34)->src),
            "cli-statement: class-of-service classifiers dscp DSCP-MAP forwarding-class loss-priority code-points");
  EXPECT_EQ(queueOfTc(sw, p, 3), 4);
  EXPECT_EQ(queueOfTc(sw, p, 1), 3);
  EXPECT_EQ(queueOfTc(sw, p, 7), 7);  // the default network-control class
  // et-0/0/0:1 also binds an 802.1p classifier: both.
  const Port& both = portOf(sw, "et-0/0/0:1");
  EXPECT_EQ(both.qos.trust, Trust::Both);
  EXPECT_EQ(boundMap(sw, both, MapKind::Dot1pToTc)->find(3)->value, 3);

  // PFC: priority 3, pausing queue 4 (output flow-control-queue), lossless PG 3 sized by the switch.
  ASSERT_TRUE(p.qos.pfc_enable);
  EXPECT_EQ(formatPrioritySet(p.qos.pfc_enable->value), "3");
  EXPECT_EQ(p.qos.pfc_enable->src.line, xml ? 209 : 137);  // the et-* congestion-notification-profile binding
  EXPECT_EQ(queueOfPfcPriority(sw, p, 3), 4);
  EXPECT_EQ(isLosslessPg(sw, p, 3), std::optional<bool>(true));
  EXPECT_TRUE(isLosslessDscp(sw, p, 26));
  EXPECT_FALSE(isLosslessDscp(sw, p, 48));
  EXPECT_EQ(p.cable_length_m->value, 30u);
  // Watchdog: detection = poll-interval x detection, restoration = recovery.
  ASSERT_TRUE(p.watchdog);
  EXPECT_EQ(p.watchdog->detection_ms->value, 200);
  EXPECT_EQ(p.watchdog->restoration_ms->value, 400);
  EXPECT_EQ(p.watchdog->restoration_ms->src.line, xml ? 148 : 92);
  EXPECT_EQ(p.watchdog->action->value, "drop");
  EXPECT_EQ(test::origin(p.watchdog->action->src),
            "default: class-of-service congestion-notification-profile pfc-watchdog action");
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 50);
  EXPECT_TRUE(watchdogCovers(sw, p, 3));
  // ECN on queue 4: marking from fill level 20 % (the last point at probability 0) to 60 %.
  const WredProfile& w = wredOf(sw, p, 4);
  for (Color c : kColors) {
    EXPECT_EQ(w.color(c).min_threshold_bytes->value, 20 * junos::kFillLevelReferenceBytes / 100);
    EXPECT_EQ(w.color(c).max_threshold_bytes->value, 9'216'000u);
    EXPECT_EQ(w.color(c).drop_probability_percent->value, 20);
    EXPECT_TRUE(w.marks(c));
  }
  EXPECT_EQ(w.color(Color::Green).max_threshold_bytes->src.line, xml ? 173 : 114);
  EXPECT_EQ(schedulerOf(sw, p, 4).type->value, "DWRR");
  EXPECT_EQ(schedulerOf(sw, p, 4).weight->value, 50);
  EXPECT_EQ(schedulerOf(sw, p, 3).type->value, "STRICT");
  EXPECT_EQ(p.queue(3)->wred_profile, std::nullopt);
  // Shared buffer partitions.
  const BufferPool& pool = sw.pools.at("shared-buffer ingress lossless");
  EXPECT_EQ(pool.type, PoolType::Ingress);
  EXPECT_EQ(pool.percentage->value, 66);
}

TEST(JunosParser, EveryConstructInTextAndXmlGivesTheSameModel) {
  Fabric text = loadFabric({junosDir() + "/constructs.conf"});
  Fabric xml = loadFabric({junosDir() + "/constructs.xml"});
  expectConstructs(onlySwitch(text), false);
  expectConstructs(onlySwitch(xml), true);
  EXPECT_EQ(facts(onlySwitch(text)), facts(onlySwitch(xml)));
  EXPECT_TRUE(text.notes.empty());
  EXPECT_TRUE(xml.notes.empty());
  ASSERT_EQ(text.coverage.size(), 1u);
  EXPECT_EQ(text.coverage[0].format, "Junos");
  EXPECT_EQ(text.coverage[0].qos_lines, 24);
  EXPECT_EQ(text.coverage[0].qos_lines_parsed, 24);
}

TEST(JunosParser, SetLinesGiveTheSameModelAsText) {
  // The constructs file as `display set` prints it.
  junos::Config text = junos::parse(test::readAll(junosDir() + "/constructs.conf"), "c.conf");
  std::string set;
  for (const auto& s : text.statements) set += "set " + s.path() + "\n";
  TempDir dir;
  dir.write("qfx1.set", set);
  Fabric from_set = loadFabric({dir.path()});
  Fabric from_text = loadFabric({junosDir() + "/constructs.conf"});
  EXPECT_EQ(facts(onlySwitch(from_set)), facts(onlySwitch(from_text)));
  const Port& p = portOf(onlySwitch(from_set), "et-0/0/0:0");
  EXPECT_EQ(p.watchdog->restoration_ms->src.line, 29);  // one statement per line
}

TEST(JunosParser, LossPrioritiesAliasesImportDefaultAndTheOldQueueSyntax) {
  TempDir dir;
  dir.write(
      "a.conf",
      "system { host-name a; }\n"
      "interfaces { ae1 { unit 0 { family inet { address 10.0.0.0/31; } } } et-0/0/0 { ether-options { 802.3ad ae1; } "
      "} }\n"
      "class-of-service {\n"
      "    forwarding-classes { queue 3 RDMA; class RDMA no-loss pfc-priority 3; class BE queue-num 0; }\n"
      "    classifiers {\n"
      "        dscp D { import default; forwarding-class RDMA { loss-priority low code-points [ af31 011010 ]; } }\n"
      "        ieee-802.1 P { forwarding-class RDMA { loss-priority low code-points ef1; } }\n"
      "    }\n"
      "    drop-profiles {\n"
      "        GREEN { interpolate { fill-level [ 2 8 ]; drop-probability [ 0 10 ]; } }\n"
      "        RED { fill-level 1 drop-probability 0; fill-level 4 drop-probability 50; }\n"
      "    }\n"
      "    congestion-notification-profile C {\n"
      "        pfc-watchdog { watchdog-action alert; }\n"
      "        input { ieee-802.1 { code-point ef1 { pfc; } } }\n"
      "    }\n"
      "    schedulers {\n"
      "        S {\n"
      "            drop-profile-map loss-priority low protocol any drop-profile GREEN;\n"
      "            drop-profile-map loss-priority high protocol any drop-profile RED;\n"
      "        }\n"
      "    }\n"
      "    scheduler-maps { M { forwarding-class RDMA scheduler S; } }\n"
      "    interfaces { ae1 { congestion-notification-profile C; scheduler-map M; unit 0 { classifiers { dscp D; "
      "ieee-802.1 P; } } } }\n"
      "}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "et-0/0/0");
  // The LAG's CoS applies to its member; `queue 3 RDMA` and `class RDMA ...` describe one class.
  EXPECT_EQ(p.portchannel, "ae1");
  EXPECT_EQ(p.qos.trust, Trust::Both);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 26), 3);  // af31 and 011010 are both 26
  EXPECT_EQ(queueOfTc(sw, p, 3), 3);
  // import default: unlisted code points follow the default classifier (cs6 -> network-control).
  EXPECT_EQ(trafficClassOfDscp(sw, p, 48), 7);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 10), 0);
  EXPECT_EQ(boundMap(sw, p, MapKind::Dot1pToTc)->find(3)->value, 3);  // ef1 = 011
  EXPECT_EQ(formatPrioritySet(p.qos.pfcPriorities()), "3");
  EXPECT_EQ(p.watchdog->action->value, "alert");
  // Loss priority low is green, high is red; no drop profile for yellow; RED is segmented.
  const WredProfile& w = wredOf(sw, p, 3);
  EXPECT_EQ(w.color(Color::Green).min_threshold_bytes->value, 2 * 153600u);
  EXPECT_EQ(w.color(Color::Green).max_threshold_bytes->value, 8 * 153600u);
  EXPECT_EQ(w.color(Color::Red).min_threshold_bytes->value, 153600u);
  EXPECT_EQ(w.color(Color::Red).max_threshold_bytes->value, 4 * 153600u);
  EXPECT_EQ(w.color(Color::Red).drop_probability_percent->value, 50);
  EXPECT_FALSE(w.color(Color::Yellow).min_threshold_bytes);
  EXPECT_EQ(w.ecn->value, "ecn_none");  // no explicit-congestion-notification: RED drops
  EXPECT_FALSE(w.marks(Color::Green));
  EXPECT_TRUE(fabric.notes.empty());
}

TEST(JunosParser, UserCodePointAliasesAutoSpeedAndGroupLocalAs) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"
            "interfaces { et-0/0/0 { speed auto; } }\n"
            "protocols { bgp { group G { local-as 65009; neighbor 10.0.0.1 peer-as 65100; } } }\n"
            "class-of-service {\n"
            "    forwarding-classes { class RDMA queue-num 3 no-loss pfc-priority 3; }\n"
            "    classifiers { dscp D { forwarding-class RDMA { loss-priority low code-points rocev2; } } }\n"
            "    code-point-aliases { dscp rocev2 011010; }\n"
            "    interfaces { et-0/0/0 { unit 0 { classifiers { dscp D; } } } }\n"
            "}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "et-0/0/0");
  EXPECT_EQ(trafficClassOfDscp(sw, p, 26), 3);  // the alias is defined after its use
  EXPECT_FALSE(p.speed_mbps);                   // negotiated
  EXPECT_EQ(sw.asn->value, 65009u);
  EXPECT_EQ(sw.asn->src.line, 3);
  EXPECT_EQ(fabric.coverage[0].qos_lines, fabric.coverage[0].qos_lines_parsed);
}

// ---------------------------------------------------------------------------------------------
// Junos defaults, wildcards and breakouts
// ---------------------------------------------------------------------------------------------

TEST(JunosDefaults, NoClassesNoClassifierAndABareWatchdog) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"
            "interfaces {\n"
            "    et-0/0/0 { description b:et-0/0/0; }\n"
            "}\n"
            "class-of-service {\n"
            "    congestion-notification-profile C {\n"
            "        pfc-watchdog;\n"
            "        input { ieee-802.1 { code-point 011 { pfc; } } }\n"
            "    }\n"
            "    interfaces { et-0/0/0 { congestion-notification-profile C; } }\n"
            "}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& p = portOf(sw, "et-0/0/0");
  // The QFX default classes: fcoe (queue 3, no-loss, PFC priority 3), no-loss (4, 4), best-effort
  // (0), network-control (7). The default DSCP classifier: cs6/cs7 network-control, the rest best-effort.
  EXPECT_EQ(trafficClassOfDscp(sw, p, 26), 0);
  EXPECT_EQ(trafficClassOfDscp(sw, p, 48), 7);
  EXPECT_EQ(p.qos.map(MapKind::DscpToTc)->name, "junos default dscp classifier");
  EXPECT_EQ(test::origin(p.qos.map(MapKind::DscpToTc)->src),
            "default: class-of-service interfaces unit classifiers dscp");
  EXPECT_EQ(p.qos.map(MapKind::DscpToTc)->src.line, 1);
  EXPECT_EQ(queueOfTc(sw, p, 3), 3);
  EXPECT_EQ(queueOfTc(sw, p, 4), 4);
  // PFC on 802.1p 3 (the input code point), paused queue 3 (the no-loss class on that priority).
  EXPECT_EQ(formatPrioritySet(p.qos.pfcPriorities()), "3");
  EXPECT_EQ(queueOfPfcPriority(sw, p, 3), 3);
  EXPECT_EQ(isLosslessPg(sw, p, 3), std::optional<bool>(true));
  // pfc-watchdog alone: poll 100 ms, detection 2 polls, recovery 200 ms, action drop.
  ASSERT_TRUE(p.watchdog);
  EXPECT_EQ(p.watchdog->detection_ms->value, 200);
  EXPECT_EQ(test::origin(p.watchdog->detection_ms->src),
            "default: class-of-service congestion-notification-profile pfc-watchdog detection");
  EXPECT_EQ(p.watchdog->restoration_ms->value, 200);
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 100);
  // No scheduler map: no queue settings.
  EXPECT_TRUE(p.queues.empty());
}

TEST(JunosDefaults, NoLossClassWithoutPfcPriorityAndPortsWithoutCnp) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"
            "interfaces { et-0/0/0; et-0/0/1; }\n"
            "class-of-service {\n"
            "    forwarding-classes { class RDMA queue-num 5 no-loss; class BE queue-num 0; }\n"
            "    classifiers { dscp D { forwarding-class RDMA { loss-priority low code-points 011010; } } }\n"
            "    congestion-notification-profile C {\n"
            "        input { dscp { code-point 011010 { pfc; } } }\n"
            "    }\n"
            "    interfaces {\n"
            "        et-* { unit * { classifiers { dscp D; } } }\n"
            "        et-0/0/0 { congestion-notification-profile C; }\n"
            "    }\n"
            "}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& p0 = portOf(sw, "et-0/0/0");
  const Port& p1 = portOf(sw, "et-0/0/1");
  // A no-loss class without pfc-priority (and no output code point for its queue) pauses on its
  // queue number.
  EXPECT_EQ(trafficClassOfDscp(sw, p0, 26), 5);
  EXPECT_EQ(formatPrioritySet(p0.qos.pfcPriorities()), "5");
  EXPECT_TRUE(isLosslessDscp(sw, p0, 26));
  // The port without a congestion notification profile has no PFC: the no-loss class is lossy there.
  EXPECT_TRUE(p1.qos.pfcPriorities().none());
  EXPECT_FALSE(isLosslessDscp(sw, p1, 26));
  // Unlisted DSCPs go to the class on queue 0 (BE replaces the default best-effort).
  EXPECT_EQ(trafficClassOfDscp(sw, p0, 10), 0);
  EXPECT_EQ(test::origin(boundMap(sw, p0, MapKind::DscpToTc)->find(10)->src),
            "default: class-of-service classifiers dscp D forwarding-class loss-priority code-points");
}

TEST(JunosInterfaces, WildcardsExpandToConfiguredPortsAndExactNamesWin) {
  TempDir dir;
  dir.write(
      "a.conf",
      "system { host-name a; }\n"
      "interfaces {\n"
      "    et-0/0/0 { number-of-sub-ports 4; speed 100g; }\n"
      "    et-0/0/0:0; et-0/0/0:3; et-0/0/1; xe-0/0/9 { speed 10g; }\n"
      "    em0 { unit 0 { family inet { address 192.168.0.1/24; } } }\n"
      "}\n"
      "class-of-service {\n"
      "    forwarding-classes { class L queue-num 3 no-loss pfc-priority 3; class M queue-num 4 no-loss pfc-priority "
      "4; }\n"
      "    congestion-notification-profile A { output { ieee-802.1 { code-point 011 { flow-control-queue 3; } } } }\n"
      "    congestion-notification-profile B { output { ieee-802.1 { code-point 100 { flow-control-queue 4; } } } }\n"
      "    interfaces {\n"
      "        et-0/0/0:* { congestion-notification-profile A; }\n"
      "        et-0/0/0 { congestion-notification-profile B; }\n"
      "        et-0/0/0:3 { congestion-notification-profile B; }\n"
      "    }\n"
      "}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  // Ports: the configured breakout members, et-0/0/1 and xe-0/0/9; not the parent, not em0.
  std::vector<std::string> names;
  for (const Port& p : sw.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"et-0/0/0:0", "et-0/0/0:3", "et-0/0/1", "xe-0/0/9"}));
  EXPECT_EQ(portOf(sw, "et-0/0/0:3").speed_mbps->value, 100000u);
  EXPECT_EQ(portOf(sw, "xe-0/0/9").speed_mbps->value, 10000u);
  // Output-only profiles: the ports obey pauses on those priorities and send none.
  EXPECT_EQ(formatPrioritySet(portOf(sw, "et-0/0/0:0").qos.pfcHonoured()), "3");
  EXPECT_EQ(formatPrioritySet(portOf(sw, "et-0/0/0:3").qos.pfcHonoured()), "4");  // the exact name wins
  EXPECT_EQ(portOf(sw, "et-0/0/0:3").qos.pfc_honour->src.line, 14);
  EXPECT_TRUE(portOf(sw, "et-0/0/0:3").qos.pfcPriorities().none());
  // CoS on a breakout parent applies to nothing: a CFG005 note says where it should go.
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].src.line, 13);
  EXPECT_EQ(fabric.notes[0].message,
            "class-of-service interfaces et-0/0/0: et-0/0/0 is broken out (number-of-sub-ports 4); CoS applies to its "
            "members (et-0/0/0:0, ...), so these settings apply to nothing");
  EXPECT_TRUE(portOf(sw, "et-0/0/1").qos.pfcPriorities().none());  // et-0/0/0:* does not match it
  EXPECT_EQ(fabric.out_of_scope_tables.count("Junos interfaces em"), 1u);
}

// interface-range (Junos "Interface Ranges for Physical Interfaces"): `member` takes a name whose
// numbers may be [low-high], [n1,n2] or * (0-47), `member-range FIRST to LAST` a sequence; the
// range's settings are each member's, and a member's own statement takes precedence.
TEST(JunosInterfaces, InterfaceRangeMembersTakeTheRangeSettingsAtTheRangeStatement) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"                                      // 1
            "interfaces {\n"                                                 // 2
            "    interface-range RDMA {\n"                                   // 3
            "        mtu 9216;\n"                                            // 4
            "        member \"et-0/0/[0-2]\";\n"                             // 5
            "        member \"et-0/0/[8,10]\";\n"                            // 6
            "        member-range et-0/0/4 to et-0/0/5;\n"                   // 7
            "        ether-options { 802.3ad ae1; }\n"                       // 8
            "    }\n"                                                        // 9
            "    et-0/0/1 { mtu 1500; }\n"                                   // 10
            "    ae1 { unit 0 { family inet { address 10.0.0.0/31; } } }\n"  // 11
            "}\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  std::vector<std::string> names;
  for (const Port& p : sw.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"et-0/0/0", "et-0/0/1", "et-0/0/2", "et-0/0/4", "et-0/0/5", "et-0/0/8",
                                             "et-0/0/10"}));
  for (const std::string& name : names) {
    const Port& p = portOf(sw, name);
    ASSERT_TRUE(p.mtu_bytes) << name;
    EXPECT_EQ(p.portchannel, "ae1") << name;
    if (name == "et-0/0/1") {
      EXPECT_EQ(p.mtu_bytes->value, 1500u);  // its own statement wins
      EXPECT_EQ(p.mtu_bytes->src.line, 10);
      continue;
    }
    EXPECT_EQ(p.mtu_bytes->value, 9216u) << name;
    EXPECT_EQ(p.mtu_bytes->src.line, 4) << name;  // located at the range's statement
    EXPECT_EQ(p.mtu_bytes->src.column, 13) << name;
  }
  // Each member is declared where the range names it.
  EXPECT_EQ(portOf(sw, "et-0/0/0").src.line, 5);
  EXPECT_EQ(portOf(sw, "et-0/0/10").src.line, 6);
  EXPECT_EQ(portOf(sw, "et-0/0/4").src.line, 7);
  EXPECT_EQ(withRule(analyze(fabric, {}), "CFG001").size(), 0u);
  EXPECT_EQ(fabric.out_of_scope_tables.count("Junos interfaces interface"), 0u);

  // The set syntax, settings before members, and an unquoted member (it lexes as a list).
  TempDir set;
  set.write("a.set",
            "set system host-name a\n"
            "set interfaces interface-range R mtu 9000\n"
            "set interfaces interface-range R member et-0/0/[0-1]\n"
            "set interfaces interface-range R member-range et-0/0/2:0 to et-0/0/2:1\n");
  Fabric set_fabric = loadFabric({set.path()});
  const Switch& s2 = onlySwitch(set_fabric);
  names.clear();
  for (const Port& p : s2.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"et-0/0/0", "et-0/0/1", "et-0/0/2:0", "et-0/0/2:1"}));
  for (const Port& p : s2.ports) {
    ASSERT_TRUE(p.mtu_bytes) << p.name;
    EXPECT_EQ(p.mtu_bytes->value, 9000u);
    EXPECT_EQ(p.mtu_bytes->src.line, 2);
  }

  // display xml: <member><name>...</name></member>, <member-range><name/><end-range/></member-range>.
  TempDir xml;
  xml.write("a.xml",
            "<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/23.4R1/junos\">\n"
            "<configuration>\n"
            "  <system><host-name>a</host-name></system>\n"
            "  <interfaces>\n"
            "    <interface-range>\n"
            "      <name>R</name>\n"
            "      <member><name>et-0/0/[0-1]</name></member>\n"
            "      <member-range><name>et-0/0/4</name><end-range>et-0/0/5</end-range></member-range>\n"
            "      <mtu>9100</mtu>\n"
            "    </interface-range>\n"
            "  </interfaces>\n"
            "</configuration>\n"
            "</rpc-reply>\n");
  Fabric xml_fabric = loadFabric({xml.path()});
  const Switch& s3 = onlySwitch(xml_fabric);
  names.clear();
  for (const Port& p : s3.ports) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"et-0/0/0", "et-0/0/1", "et-0/0/4", "et-0/0/5"}));
  for (const Port& p : s3.ports) {
    ASSERT_TRUE(p.mtu_bytes) << p.name;
    EXPECT_EQ(p.mtu_bytes->value, 9100u);
    EXPECT_EQ(p.mtu_bytes->src.line, 9);
  }
}

// A member-range across FPCs is valid Junos (the documentation's own example is et-1/0/0 to
// et-4/0/40) but its members depend on the chassis: a CFG001 note, no members from it. A member
// Junos would not accept is a CFG005 error at its value; the rest of the range is read.
TEST(JunosMalformed, InterfaceRangeMembersThatCannotBeExpanded) {
  struct Case {
    std::string statement;
    std::string finding;
  };
  const std::vector<Case> cases = {
      {"member-range et-0/0/0 to et-1/0/3;",
       "a.conf:3:38: note[CFG001]: Junos member-range not expanded by rocelint: et-0/0/0 to et-1/0/3 spans more "
       "than one FPC or PIC, and the ports between depend on the chassis; interface-range R gets no members from "
       "it\n  fix: list the members with `member` (e.g. `member \"et-0/0/[0-N]\"`) so that rocelint sees them"},
      {"member \"et-0/0/[3-1]\";",
       "a.conf:3:32: error[CFG005]: interfaces interface-range R member et-0/0/[3-1]: expected a member interface "
       "name such as et-0/0/0 or et-0/0/[0-3]: \"[3-1]\" in \"et-0/0/[3-1]\" is not a number, a range low-high "
       "(high not below low) or a list of them, got \"et-0/0/[3-1]\""},
      {"member foo-1;",
       "a.conf:3:32: error[CFG005]: interfaces interface-range R member foo-1: expected a member interface name "
       "such as et-0/0/0 or et-0/0/[0-3]: \"foo-1\" is not a physical interface name such as et-0/0/0 (an "
       "interface-range takes only physical interfaces), got \"foo-1\""},
      {"member-range et-0/0/5 to et-0/0/2;",
       "a.conf:3:50: error[CFG005]: interfaces interface-range R member-range et-0/0/5 to et-0/0/2: expected a last "
       "member not below et-0/0/5, got \"et-0/0/2\""},
      {"member-range et-0/0/0 to xe-0/0/3;",
       "a.conf:3:50: error[CFG005]: interfaces interface-range R member-range et-0/0/0 to xe-0/0/3: expected a last "
       "member of the same type as et-0/0/0, got \"xe-0/0/3\""},
  };
  for (const Case& c : cases) {
    TempDir dir;
    dir.write("a.conf",
              "system { host-name a; }\n"
              "interfaces {\n"
              "    interface-range R { " +
                  c.statement +
                  " member et-0/0/7; mtu 9216; }\n"
                  "}\n");
    auto [code, out] = test::runRocelint("check " + dir.path());
    EXPECT_EQ(code, c.finding.find("error[") != std::string::npos ? 1 : 0) << out;
    EXPECT_NE(out.find(dir.path() + "/" + c.finding), std::string::npos) << out;
    // The other member is still read, with the range's MTU.
    Fabric loaded = loadFabric({dir.path()});
    const Switch& sw = onlySwitch(loaded);
    ASSERT_EQ(sw.ports.size(), 1u) << c.statement;
    EXPECT_EQ(sw.ports[0].name, "et-0/0/7");
    ASSERT_TRUE(sw.ports[0].mtu_bytes);
    EXPECT_EQ(sw.ports[0].mtu_bytes->value, 9216u);
  }
}

TEST(JunosInterfaces, StaticRoutesInTheDefaultInstanceAndInVrfs) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"
            "routing-options {\n"
            "    static {\n"
            "        route 10.9.0.0/16 next-hop [ 10.0.0.0 10.0.0.2 ];\n"
            "        route 10.8.0.0/16 { next-hop et-0/0/1.0; preference 7; }\n"
            "        route 0.0.0.0/0 discard;\n"
            "    }\n"
            "}\n"
            "routing-instances { tenant-1 { routing-options { static { route 10.7.0.0/16 next-hop 10.2.0.1; } } } }\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.static_routes.size(), 4u);
  EXPECT_EQ(sw.static_routes[0].nexthops, (std::vector<std::string>{"10.0.0.0", "10.0.0.2"}));
  EXPECT_EQ(sw.static_routes[0].src.line, 4);
  EXPECT_EQ(sw.static_routes[1].ifnames, std::vector<std::string>{"et-0/0/1.0"});
  EXPECT_TRUE(sw.static_routes[2].nexthops.empty());
  EXPECT_EQ(sw.static_routes[3].vrf, "tenant-1");
  EXPECT_EQ(fabric.out_of_scope_tables.at("Junos routing-options static"), 1);  // the preference
}

// ---------------------------------------------------------------------------------------------
// Notes and coverage
// ---------------------------------------------------------------------------------------------

TEST(JunosNotes, UnknownInactiveAndGroupStatementsAreNotesWithCoverage) {
  TempDir dir;
  std::string file =
      dir.write("a.conf",
                "system { host-name a; }\n"
                "apply-groups ROCE-QOS;\n"
                "interfaces { et-0/0/0 { mtu 9216; } }\n"
                "snmp { community public; }\n"
                "class-of-service {\n"
                "    forwarding-classes { class L queue-num 3 no-loss pfc-priority 3; }\n"
                "    rewrite-rules { dscp R { forwarding-class L { loss-priority low code-point 011010; } } }\n"
                "    schedulers { S { buffer-size percent 20; transmit-rate percent 30; } }\n"
                "    inactive: drop-profiles { D { interpolate { fill-level [ 1 2 ]; } } }\n"
                "}\n");
  Fabric fabric = loadFabric({dir.path()});
  std::map<int, std::string> notes;
  for (const auto& n : fabric.notes) notes[n.src.line] = n.message;
  ASSERT_EQ(notes.size(), 4u);
  EXPECT_EQ(notes[2],
            "Junos apply-groups is not expanded by rocelint: statements this configuration inherits from "
            "groups are not seen (apply-groups ROCE-QOS)");
  EXPECT_EQ(notes[7],
            "Junos statement not understood by rocelint and ignored: class-of-service rewrite-rules dscp R "
            "forwarding-class L loss-priority low code-point 011010");
  EXPECT_EQ(notes[8],
            "Junos statement not understood by rocelint and ignored: class-of-service schedulers S buffer-size "
            "percent 20");
  EXPECT_EQ(notes[9], "inactive Junos statement ignored: class-of-service drop-profiles D interpolate fill-level 1 2");
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 4);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 2);
  EXPECT_EQ(fabric.coverage[0].qos_lines_not_modelled, 0);
  EXPECT_EQ(fabric.coverage[0].qos_lines_unrecognised, 2);  // rewrite-rules, buffer-size
  EXPECT_EQ(fabric.out_of_scope_tables.at("Junos snmp"), 1);
  // The notes are CFG001 findings at their lines.
  Report report = analyze(fabric, {});
  auto cfg001 = withRule(report, "CFG001");
  ASSERT_FALSE(cfg001.empty());
  EXPECT_EQ(cfg001[0].location.file(), file);
  auto [code, out] = test::runRocelint("check " + dir.path());
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("parsed 2 of 4 QoS-related lines in 1 vendor CLI file(s) (0 noted as not modelled, 2 not "
                     "recognised)"),
            std::string::npos)
      << out;
}

// ---------------------------------------------------------------------------------------------
// Malformed input
// ---------------------------------------------------------------------------------------------

TEST(JunosMalformed, InputErrorsWithExactMessageAndLocation) {
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"system {\n    host-name a;\n",
       "a.conf:3:1: expected '}' to close \"system\" opened at line 1 column 1, got "
       "the end of the file (is the file truncated?)"},
      {"system {\n    host-name a;\n}\n}\n", "a.conf:4:1: unexpected '}': no block is open here (one '}' too many?)"},
      {"system {\n    host-name a\n}\n", "a.conf:3:1: expected ';' after \"host-name a\" before '}'"},
      {"system {\n    host-name a;\n}\ninterfaces {\n    et-0/0/0 {\n        mtu 9216",
       "a.conf:6:17: expected ';' or '{' after \"mtu 9216\", got the end of the file (is the file truncated?)"},
      {"system {\n    host-name \"a;\n}\n",
       "a.conf:2:15: unterminated string: expected a closing '\"' for the one "
       "here (is the file truncated?)"},
      {"system { host-name a; }\n/* never closed\n",
       "a.conf:2:1: unterminated comment: expected \"*/\" to close the "
       "\"/*\" here (is the file truncated?)"},
      {"system { host-name a; }\nclass-of-service {\n    drop-profiles { d { interpolate { fill-level [ 1 2 ; } } "
       "}\n}\n",
       "a.conf:3:56: expected ']' to close the list opened at line 3 column 50, got ';'"},
  };
  for (const Case& c : cases) {
    TempDir dir;
    bool set = c.text.rfind("set ", 0) == 0;
    std::string file = dir.write(set ? "a.set" : "a.conf", c.text);
    std::string error = loadError(dir.path());
    EXPECT_EQ(error, dir.path() + "/" + c.error) << c.text;
  }
}

// A statement with a wrong or missing value is valid Junos whose value rocelint cannot take: a
// CFG005 error at the value, that statement is not read, and the switch is still analysed (exit
// 1, not 2). Cases from the Junos CLI reference: pfc-priority 0-7, code-points as 6 bits or an
// alias, fill-level 0-100 percent, speed with a unit (100g), poll-interval needs its value.
TEST(JunosMalformed, WrongValuesAreCfg005AtTheValueAndTheSwitchIsAnalysed) {
  struct Case {
    std::string text;
    std::string finding;
  };
  const std::vector<Case> cases = {
      {"class-of-service {\n    forwarding-classes { class L queue-num 3 no-loss pfc-priority x; }\n}\n",
       "a.conf:3:67: error[CFG005]: class-of-service forwarding-classes class L queue-num 3 no-loss pfc-priority x: "
       "expected a PFC priority (0-7), got \"x\""},
      {"class-of-service {\n    classifiers { dscp D { forwarding-class L { loss-priority low code-points 26; } } "
       "}\n}\n",
       "a.conf:3:79: error[CFG005]: class-of-service classifiers dscp D forwarding-class L loss-priority low "
       "code-points 26: expected a DSCP code point (6 bits such as 011010, or an alias: be, ef, af11-af43, "
       "cs0-cs7, nc1, nc2, or one defined under code-point-aliases dscp), got \"26\""},
      {"class-of-service {\n    drop-profiles { d { interpolate { fill-level [ 10 120 ]; } } }\n}\n",
       "a.conf:3:55: error[CFG005]: class-of-service drop-profiles d interpolate fill-level 10 120: expected a fill "
       "level in percent (0-100), got \"120\""},
      {"interfaces {\n    et-0/0/0 {\n        speed fast;\n    }\n}\n",
       "a.conf:4:15: error[CFG005]: interfaces et-0/0/0 speed fast: expected a port speed such as 100g, 400g or 800g, "
       "got \"fast\""},
      {"class-of-service {\n    congestion-notification-profile C { pfc-watchdog { poll-interval; } }\n}\n",
       "a.conf:3:69: error[CFG005]: class-of-service congestion-notification-profile C pfc-watchdog poll-interval: "
       "expected a poll interval in ms (1-60000), got nothing (the statement ends here)"},
  };
  for (const Case& c : cases) {
    TempDir dir;
    // The statement after the rejected one is read: et-0/0/1's MTU.
    std::string text = "system { host-name a; }\n" + c.text + "interfaces { et-0/0/1 { mtu 9216; } }\n";
    dir.write("a.conf", text);
    auto [code, out] = test::runRocelint("check " + dir.path());
    EXPECT_EQ(code, 1) << out;
    EXPECT_NE(out.find(dir.path() + "/" + c.finding +
                       "\n  fix: correct the statement as Junos expects it; until then the statement is not read"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("1 switch(es)"), std::string::npos) << out;
    Fabric fabric = loadFabric({dir.path()});
    ASSERT_EQ(fabric.switches.size(), 1u);
    const Port* p = fabric.switches[0].findPort("et-0/0/1");
    ASSERT_NE(p, nullptr) << c.text;
    ASSERT_TRUE(p->mtu_bytes);
    EXPECT_EQ(p->mtu_bytes->value, 9216u);
    // A rejected class-of-service statement is counted as QoS, noted (CFG005), not modelled.
    ASSERT_EQ(fabric.coverage.size(), 1u);
    const ParseCoverage& cov = fabric.coverage[0];
    bool in_cos = c.text.rfind("class-of-service", 0) == 0;
    EXPECT_EQ(cov.qos_lines_not_modelled, in_cos ? 1 : 0) << c.text;
    EXPECT_EQ(cov.qos_lines_unrecognised, 0) << c.text;
    EXPECT_EQ(cov.qos_lines, cov.qos_lines_parsed + cov.qos_lines_not_modelled + cov.qos_lines_unrecognised);
  }
}

TEST(JunosMalformed, NestingDeeperThanAConfigurationIsAnInputError) {
  TempDir dir;
  std::string text = "system { host-name a; }\nclass-of-service ";
  for (int i = 0; i < 100; ++i) text += "a { ";
  dir.write("a.conf", text);
  EXPECT_EQ(loadError(dir.path()),
            dir.path() + "/a.conf:2:276: expected at most 64 levels of nested blocks in a Junos configuration");
  std::string xml =
      "<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/\"><configuration><system><host-name>a"
      "</host-name></system>";
  for (int i = 0; i < 100; ++i) xml += "<a>";
  for (int i = 0; i < 100; ++i) xml += "</a>";
  xml += "</configuration></rpc-reply>\n";
  dir.write("a.conf", xml);
  EXPECT_NE(loadError(dir.path()).find("expected at most 64 levels of nested elements"), std::string::npos);
}

TEST(JunosMalformed, TruncatedXmlIsAnInputErrorAtItsEnd) {
  std::string xml = test::readAll(junosDir() + "/constructs.xml");
  TempDir dir;
  dir.write("a.xml", xml.substr(0, xml.find("<scheduler-maps>")));
  std::string error = loadError(dir.path());
  EXPECT_EQ(error.rfind(dir.path() + "/a.xml:195:16: invalid XML: Start-end tags mismatch", 0), 0u) << error;
  EXPECT_NE(error.find("invalid XML: "), std::string::npos) << error;
  EXPECT_NE(error.find("(is the file truncated?)"), std::string::npos) << error;
  // A wrong value in the XML form is reported at its element's text.
  std::string bad = xml;
  bad.replace(bad.find("<pfc-priority>3<"), 16, "<pfc-priority>x<");
  dir.write("a.xml", bad);
  EXPECT_EQ(loadError(dir.path()), dir.path() +
                                       "/a.xml:136:39: class-of-service forwarding-classes class LOSSLESS "
                                       "pfc-priority x: expected a PFC priority (0-7), got \"x\"");
}

TEST(JunosMalformed, UndefinedReferencesAreCfg002ErrorsAtTheReference) {
  TempDir dir;
  std::string file = dir.write(
      "a.conf",
      "system { host-name a; }\n"
      "interfaces { et-0/0/0 { description b:et-0/0/0; } }\n"
      "class-of-service {\n"
      "    forwarding-classes { class L queue-num 3 no-loss pfc-priority 3; }\n"
      "    classifiers { dscp D { forwarding-class LOSSY { loss-priority low code-points 011010; } } }\n"
      "    scheduler-maps { M { forwarding-class L scheduler NOPE; } }\n"
      "    interfaces {\n"
      "        et-* { congestion-notification-profile CNP-X; scheduler-map M; unit * { classifiers { dscp D; } } }\n"
      "        et-0/0/7 { scheduler-map SM-X; }\n"
      "        et-0/0/0 { scheduler-map SM-X; }\n"
      "    }\n"
      "}\n");
  Fabric fabric = loadFabric({dir.path()});
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG005").empty());
  auto cfg002 = withRule(report, "CFG002");
  std::map<std::pair<int, int>, std::string> got;
  for (const auto& f : cfg002) got[{f.location.line, f.location.column}] = f.message;
  ASSERT_EQ(got.size(), 5u) << report.findings.size();
  auto at = [&](int line, int column) { return got[std::pair{line, column}]; };
  EXPECT_NE(at(5, 45).find("class-of-service classifiers dscp D forwarding-class LOSSY: forwarding class LOSSY is "
                           "not defined (defined: L, best-effort, network-control, no-loss)"),
            std::string::npos)
      << at(5, 45);
  EXPECT_NE(at(8, 48).find("congestion-notification-profile CNP-X is not defined (none is); the binding is ignored"),
            std::string::npos)
      << at(8, 48);
  EXPECT_NE(at(6, 55).find("scheduler NOPE is not defined (none is)"), std::string::npos) << at(6, 55);
  EXPECT_NE(at(9, 9).find("class-of-service interfaces et-0/0/7: no such port or aggregated interface"),
            std::string::npos)
      << at(9, 9);
  EXPECT_NE(at(10, 34).find("class-of-service interfaces et-0/0/0 scheduler-map SM-X: scheduler-map SM-X is not "
                            "defined (defined: M); the binding is ignored"),
            std::string::npos)
      << at(10, 34);
  EXPECT_EQ(cfg002[0].severity, Severity::Error);
  for (const auto& f : cfg002) {
    if (f.location.line == 8) {
      EXPECT_EQ(f.fix,
                "define the congestion-notification-profile CNP-X under class-of-service, or correct the name "
                "where it is bound");
    }
    if (f.location.line == 9) {
      EXPECT_EQ(f.fix,
                "configure interface et-0/0/7 under [edit interfaces], or correct the name under "
                "[edit class-of-service interfaces]");
    }
    if (f.location.line == 5) {
      EXPECT_EQ(f.fix,
                "define `class-of-service forwarding-classes class LOSSY queue-num N` (with `no-loss "
                "pfc-priority P` for RoCE), or correct the classifier's forwarding-class name");
    }
  }
  // The CLI exits with the error count status, not an input error.
  auto [code, out] = test::runRocelint("check " + dir.path());
  EXPECT_NE(
      out.find(file + ":8:48: error[CFG002]: class-of-service interfaces et-* congestion-notification-profile CNP-X"),
      std::string::npos)
      << out;
  EXPECT_EQ(code, 1) << out;
}

TEST(JunosMalformed, CliExitsTwoWithTheLocation) {
  TempDir dir;
  std::string file = dir.write("leaf.conf", "system {\n    host-name leaf;\ninterfaces {\n");
  auto [code, out] = test::runRocelint("check " + dir.path());
  EXPECT_EQ(code, 2) << out;
  EXPECT_NE(
      out.find(file + ":4:1: error[CFG006]: expected '}' to close \"system interfaces\" opened at line 3 column 1"),
      std::string::npos)
      << out;
}

// ---------------------------------------------------------------------------------------------
// BGP routing policy (issue 14 item 7)
// ---------------------------------------------------------------------------------------------

const RoutingPolicy& policyAt(const Switch& sw, std::uint32_t index) {
  EXPECT_LT(index, sw.routing_policies.size());
  return sw.routing_policies.at(index);
}

TEST(JunosPolicy, JvdLeafExportRejectsRoutesFromTheSpineTierAndAndsTheAosPolicy) {
  Fabric fabric = loadFabric({jvdLeaf()});
  const Switch& sw = onlySwitch(fabric);
  const BgpNeighbor* spine = nullptr;
  for (const BgpNeighbor& n : sw.bgp_neighbors) {
    if (!n.export_policies.empty() && spine == nullptr) spine = &n;
  }
  ASSERT_NE(spine, nullptr);
  // export ( LEAF_TO_SPINE_FABRIC_OUT && BGP-AOS-Policy );
  EXPECT_TRUE(spine->export_all_of);
  EXPECT_FALSE(spine->policy_unmodelled);
  ASSERT_EQ(spine->export_policies.size(), 2u);
  const RoutingPolicy& out = policyAt(sw, spine->export_policies[0]);
  EXPECT_EQ(out.name, "LEAF_TO_SPINE_FABRIC_OUT");
  ASSERT_EQ(out.terms.size(), 2u);
  // term -10: from { protocol bgp; community FROM_SPINE_FABRIC_TIER; } then reject;
  const PolicyTerm& reject = out.terms[0];
  EXPECT_EQ(reject.src.line, 1094);
  EXPECT_EQ(reject.match_protocol, PolicyTerm::Protocol::Bgp);
  ASSERT_EQ(reject.match_community_any.size(), 1u);
  EXPECT_EQ(sw.bgp_communities.at(reject.match_community_any[0]), "0:15");
  EXPECT_EQ(reject.action, PolicyTerm::Action::Reject);
  EXPECT_FALSE(reject.unmodelled_match);
  // term -20: then accept;
  EXPECT_EQ(out.terms[1].action, PolicyTerm::Action::Accept);
  EXPECT_TRUE(out.terms[1].match_community_any.empty());
  const RoutingPolicy& aos = policyAt(sw, spine->export_policies[1]);
  EXPECT_EQ(aos.name, "BGP-AOS-Policy");
  ASSERT_FALSE(aos.terms.empty());
  // from policy AllPodNetworks (nested, not modelled): may match, never certain.
  EXPECT_TRUE(aos.terms[0].unmodelled_match);
  EXPECT_EQ(aos.terms[0].unmodelled_what, "from policy AllPodNetworks");
  EXPECT_EQ(aos.terms.back().action, PolicyTerm::Action::Reject);
}

TEST(JunosPolicy, SnippetTermsCommunitiesAsPathsAndAnUndefinedPolicy) {
  TempDir dir;
  std::string file = dir.write("a.conf",
                               "system { host-name a; }\n"
                               "interfaces { et-0/0/0 { unit 0 { family inet { address 10.0.0.0/31; } } } }\n"
                               "policy-options {\n"
                               "    policy-statement P {\n"
                               "        term t1 { from as-path SP; then reject; }\n"
                               "        term t2 { then { community add TIER; accept; } }\n"
                               "    }\n"
                               "    community TIER members 0:15;\n"
                               "    as-path SP \".* 65100 .*\";\n"
                               "}\n"
                               "protocols { bgp { group g { type external; import P; neighbor 10.0.0.1 { peer-as "
                               "65100; export NOPE; } } } }\n"
                               "routing-options { autonomous-system 65001; }\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  const BgpNeighbor& n = sw.bgp_neighbors[0];
  // The undefined export policy leaves the session's policy unapplied (and is a CFG002 reference).
  EXPECT_TRUE(n.policy_unmodelled);
  EXPECT_EQ(n.policy_unmodelled_what, "policy NOPE is not defined");
  EXPECT_EQ(n.policy_unmodelled_src.line, 11);
  EXPECT_TRUE(n.import_policies.empty());
  Report report = analyze(fabric, {});
  auto cfg002 = withRule(report, "CFG002");
  ASSERT_EQ(cfg002.size(), 1u);
  EXPECT_EQ(cfg002[0].location.line, 11);
  EXPECT_NE(cfg002[0].message.find("NOPE"), std::string::npos) << cfg002[0].message;
}

TEST(JunosPolicy, GroupImportIsInheritedAndTermsAreRead) {
  TempDir dir;
  std::string file = dir.write("a.conf",
                               "system { host-name a; }\n"
                               "policy-options {\n"
                               "    policy-statement P {\n"
                               "        term t1 { from as-path SP; then reject; }\n"
                               "        term t2 { then { community add TIER; accept; } }\n"
                               "    }\n"
                               "    community TIER members 0:15;\n"
                               "    as-path SP \".* 65100 .*\";\n"
                               "}\n"
                               "protocols { bgp { group g { type external; import P; neighbor 10.0.0.1 { peer-as "
                               "65100; } } } }\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  const BgpNeighbor& n = sw.bgp_neighbors[0];
  EXPECT_FALSE(n.policy_unmodelled);
  ASSERT_EQ(n.import_policies.size(), 1u);
  const RoutingPolicy& p = policyAt(sw, n.import_policies[0]);
  ASSERT_EQ(p.terms.size(), 2u);
  EXPECT_EQ(p.terms[0].src.line, 4);
  EXPECT_EQ(p.terms[0].match_as_path_any, std::vector<std::uint32_t>{65100});
  EXPECT_EQ(p.terms[0].action, PolicyTerm::Action::Reject);
  ASSERT_EQ(p.terms[1].add_communities.size(), 1u);
  EXPECT_EQ(sw.bgp_communities.at(p.terms[1].add_communities[0]), "0:15");
  EXPECT_EQ(p.terms[1].action, PolicyTerm::Action::Accept);
}

// A policy expression with `||` is not modelled: the session keeps the protocol default.
TEST(JunosPolicy, AnOrExpressionLeavesTheSessionPolicyUnappliedAndSaysWhere) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"
            "policy-options {\n"
            "    policy-statement P {\n"
            "        term t1 { then { community set TIER; next term; } }\n"
            "        term t2 { then { community delete TIER; accept; } }\n"
            "        term t3 { from route-filter 10.0.0.0/8 orlonger; then { community add TIER; accept; } }\n"
            "    }\n"
            "    policy-statement Q { then accept; }\n"
            "    community TIER members 0:15;\n"
            "}\n"
            "protocols { bgp { group g { type external; import P; export ( P || Q ); neighbor 10.0.0.1 { peer-as "
            "65100; } } } }\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  const BgpNeighbor& n = sw.bgp_neighbors[0];
  // The `||` expression leaves the whole session's policy unapplied, and says where.
  EXPECT_TRUE(n.policy_unmodelled);
  EXPECT_EQ(n.policy_unmodelled_src.line, 11);
  EXPECT_NE(n.policy_unmodelled_what.find("a policy expression with ||"), std::string::npos)
      << n.policy_unmodelled_what;
}

TEST(JunosPolicy, CommunitySetAndDeleteAreCommunityDrops) {
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\n"
            "policy-options {\n"
            "    policy-statement P {\n"
            "        term t1 { then { community set TIER; next term; } }\n"
            "        term t2 { then { community delete TIER; accept; } }\n"
            "        term t3 { from route-filter 10.0.0.0/8 orlonger; then { community add TIER; accept; } }\n"
            "    }\n"
            "    community TIER members 0:15;\n"
            "}\n"
            "protocols { bgp { group g { type external; import P; neighbor 10.0.0.1 { peer-as 65100; } } } }\n");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  ASSERT_EQ(sw.bgp_neighbors.size(), 1u);
  ASSERT_EQ(sw.bgp_neighbors[0].import_policies.size(), 1u);
  const RoutingPolicy& p = policyAt(sw, sw.bgp_neighbors[0].import_policies[0]);
  ASSERT_EQ(p.terms.size(), 3u);
  EXPECT_TRUE(p.terms[0].drops_communities);  // set: replaced by TIER
  ASSERT_EQ(p.terms[0].add_communities.size(), 1u);
  EXPECT_EQ(sw.bgp_communities.at(p.terms[0].add_communities[0]), "0:15");
  EXPECT_TRUE(p.terms[1].drops_communities);  // delete
  EXPECT_TRUE(p.terms[1].add_communities.empty());
  EXPECT_FALSE(p.terms[2].drops_communities);  // add
  EXPECT_TRUE(p.terms[2].unmodelled_match);
  EXPECT_EQ(p.terms[2].unmodelled_what, "from route-filter 10.0.0.0/8 orlonger");
}

// ---------------------------------------------------------------------------------------------
// The real QFX5240 AI-backend leaf (JVD, realworld #18)
// ---------------------------------------------------------------------------------------------

TEST(JunosRealworld, JvdQfx5240LeafFactsAreInTheModel) {
  Fabric fabric = loadFabric({jvdLeaf()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_EQ(sw.name, "GPU-R1-L1");
  EXPECT_EQ(sw.asn->value, 208u);
  EXPECT_EQ(sw.asn->src.line, 1335);
  // Breakout parents (number-of-sub-ports 2) are not ports; their members take the parent's speed.
  EXPECT_EQ(sw.findPort("et-0/0/0"), nullptr);
  const Port& uplink = portOf(sw, "et-0/0/0:0");
  EXPECT_EQ(uplink.speed_mbps->value, 400000u);
  EXPECT_EQ(uplink.speed_mbps->src.line, 50);
  EXPECT_EQ(uplink.mtu_bytes->value, 9216u);
  ASSERT_TRUE(uplink.neighbor);
  // facing_spine1:et-0/0/0:0: no switch spine1 in this fabric, so the port faces a host "spine1"
  // (the JVD's "facing_" word dropped), at the description.
  EXPECT_EQ(uplink.neighbor->device, "spine1");
  EXPECT_EQ(uplink.neighbor->src.line, 53);
  EXPECT_EQ(uplink.neighbor->port, "et-0/0/0:0");
  EXPECT_EQ(portOf(sw, "et-0/0/12:1").description, "VRF tenant-2 to H100-01");
  EXPECT_FALSE(portOf(sw, "et-0/0/12:1").neighbor);

  // Forwarding classes: NO-LOSS on queue 4 is no-loss with PFC priority 3 (the model's TC 3);
  // CNP on queue 3 is lossy and gets TC 1, the lowest one no class holds.
  EXPECT_EQ(trafficClassOfDscp(sw, uplink, 26), 3);  // classifier mydscp: 011010 -> NO-LOSS
  EXPECT_EQ(trafficClassOfDscp(sw, uplink, 48), 1);  // 110000 -> CNP
  EXPECT_EQ(trafficClassOfDscp(sw, uplink, 0), 0);   // unlisted -> best-effort
  EXPECT_EQ(boundMap(sw, uplink, MapKind::DscpToTc)->find(26)->src.line, 1132);
  EXPECT_EQ(boundMap(sw, uplink, MapKind::DscpToTc)->find(48)->src.line, 1129);
  EXPECT_EQ(test::origin(boundMap(sw, uplink, MapKind::DscpToTc)->find(26)->src),
            "cli-statement: class-of-service classifiers dscp mydscp forwarding-class loss-priority code-points");
  EXPECT_EQ(queueOfTc(sw, uplink, 3), 4);
  EXPECT_EQ(queueOfTc(sw, uplink, 1), 3);

  // The congestion notification profile cnp (et-*): PFC on priority 3 from the DSCP 26 input,
  // output 802.1p 011 pausing queue 4, the watchdog with Junos's default timers.
  ASSERT_TRUE(uplink.qos.pfc_enable);
  EXPECT_EQ(formatPrioritySet(uplink.qos.pfc_enable->value), "3");
  EXPECT_EQ(uplink.qos.pfc_enable->src.line, 1199);
  EXPECT_EQ(test::origin(uplink.qos.pfc_enable->src),
            "cli-statement: class-of-service interfaces et-* congestion-notification-profile");
  EXPECT_EQ(queueOfPfcPriority(sw, uplink, 3), 4);
  EXPECT_EQ(queueOfPfcPriority(sw, uplink, 3), queueOfTc(sw, uplink, 3));
  EXPECT_TRUE(isLosslessDscp(sw, uplink, 26));
  EXPECT_FALSE(isLosslessDscp(sw, uplink, 48));
  EXPECT_EQ(isLosslessPg(sw, uplink, 3), std::optional<bool>(true));
  ASSERT_TRUE(uplink.watchdog);
  EXPECT_EQ(uplink.watchdog->src.line, 1180);
  EXPECT_EQ(uplink.watchdog->detection_ms->value, 200);
  EXPECT_EQ(uplink.watchdog->restoration_ms->value, 200);
  EXPECT_EQ(uplink.watchdog->action->value, "drop");
  EXPECT_TRUE(watchdogCovers(sw, uplink, 3));
  EXPECT_EQ(sw.pfcwd_poll_interval_ms->value, 100);

  // ECN: scheduler s1 (NO-LOSS, queue 4) marks with drop profile dp1, fill level 55 % -> 90 %,
  // probability 0 -> 100 %, in bytes of the 15 360 000 B queue buffer rocelint assumes.
  const WredProfile& w = wredOf(sw, uplink, 4);
  EXPECT_EQ(w.name, "schedulers s1");
  for (Color c : kColors) {
    EXPECT_EQ(w.color(c).min_threshold_bytes->value, 8'448'000u);
    EXPECT_EQ(w.color(c).max_threshold_bytes->value, 13'824'000u);
    EXPECT_EQ(w.color(c).drop_probability_percent->value, 100);
    EXPECT_TRUE(w.marks(c));
  }
  EXPECT_EQ(w.color(Color::Green).min_threshold_bytes->src.line, 1139);
  EXPECT_EQ(w.ecn->src.line, 1217);
  EXPECT_EQ(schedulerOf(sw, uplink, 3).name, "schedulers s2-cnp");
  EXPECT_EQ(schedulerOf(sw, uplink, 3).type->value, "STRICT");
  EXPECT_EQ(uplink.queue(3)->wred_profile, std::nullopt);

  // Shared-buffer partitions, percent of the shared buffer.
  std::map<std::string, int> pools;
  for (const auto& [name, pool] : sw.pools) pools[name] = pool.percentage->value;
  EXPECT_EQ(pools, (std::map<std::string, int>{{"shared-buffer egress lossless", 66},
                                               {"shared-buffer egress lossy", 10},
                                               {"shared-buffer ingress lossless", 66},
                                               {"shared-buffer ingress lossless-headroom", 24},
                                               {"shared-buffer ingress lossy", 10}}));
  EXPECT_EQ(sw.pools.at("shared-buffer ingress lossless-headroom").type, PoolType::Ingress);

  // et-* expands to every configured et- port: all of them get the CoS settings.
  int ports = 0;
  for (const Port& p : sw.ports) {
    if (p.name.rfind("et-", 0) != 0) continue;
    ++ports;
    EXPECT_EQ(formatPrioritySet(p.qos.pfcPriorities()), "3") << p.name;
    EXPECT_TRUE(p.watchdog) << p.name;
  }
  EXPECT_EQ(ports, static_cast<int>(sw.ports.size()));
  EXPECT_GE(ports, 50);
  EXPECT_TRUE(sw.findPort("et-0/0/41:1") != nullptr);
  EXPECT_TRUE(sw.findPort("et-0/0/20:0") != nullptr);  // a member whose parent is not configured

  // BGP: the 8 underlay and 4 overlay sessions with their peer ASNs.
  ASSERT_EQ(sw.bgp_neighbors.size(), 12u);
  EXPECT_EQ(sw.bgp_neighbors[0].address, "10.0.2.130");
  EXPECT_EQ(sw.bgp_neighbors[0].asn->value, 108u);
  EXPECT_EQ(sw.bgp_neighbors[0].name, "facing_spine1");
  EXPECT_EQ(sw.bgp_neighbors[11].asn->value, 111u);
  // Addresses: the uplink /31s, host-facing /31s, lo0.
  auto address = std::find_if(sw.addresses.begin(), sw.addresses.end(),
                              [](const InterfaceAddress& a) { return a.prefix == "10.0.2.177/31"; });
  ASSERT_NE(address, sw.addresses.end());
  EXPECT_EQ(address->interface, "et-0/0/0:0");

  // What is not modelled: dynamic-threshold and dedicated-buffer are notes; coverage says so.
  std::set<int> note_lines;
  for (const auto& n : fabric.notes) note_lines.insert(n.src.line);
  EXPECT_EQ(note_lines, (std::set<int>{1148, 1168, 1171}));
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 26);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 23);
  Report report = analyze(fabric, {});
  for (const auto& f : report.findings) EXPECT_EQ(f.severity, Severity::Note) << f.rule << ": " << f.message;
}

TEST(JunosRealworld, JvdLeafAsSetLinesGivesTheSameModel) {
  junos::Config text = junos::parse(test::readAll(jvdLeaf()), "leaf.conf");
  ASSERT_GT(text.statements.size(), 500u);
  std::string set;
  for (const auto& s : text.statements) set += "set " + s.path() + "\n";
  TempDir dir;
  dir.write("leaf.set", set);
  Fabric from_set = loadFabric({dir.path()});
  Fabric from_text = loadFabric({jvdLeaf()});
  EXPECT_EQ(facts(onlySwitch(from_set)), facts(onlySwitch(from_text)));
  EXPECT_EQ(from_set.coverage[0].qos_lines, from_text.coverage[0].qos_lines);
  EXPECT_EQ(from_set.coverage[0].qos_lines_parsed, from_text.coverage[0].qos_lines_parsed);
}

// ---------------------------------------------------------------------------------------------
// The Junos sample against the SONiC one
// ---------------------------------------------------------------------------------------------

TEST(VendorSamples, JunosSampleHasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample("leafspine-junos", test::junosPortOf);
}

using test::FindingKey;

TEST(JunosSample, SeededDscp26MistakeGivesTheSameFindingAsInSonic) {
  TempDir sonic_dir;
  TempDir junos_dir;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
    std::string conf = test::readAll(test::sourceDir() + "/samples/leafspine-junos/" + name + ".conf");
    ASSERT_FALSE(json.empty() || conf.empty()) << name;
    if (name == "spine2") {
      // The same mistake as leafspine-broken's first: DSCP 26 (RoCE) classified into a lossy class.
      auto doc = nlohmann::json::parse(json);
      doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
      json = doc.dump(4);
      const std::string roce =
          "            forwarding-class ROCE {\n                loss-priority low code-points 011010;\n"
          "            }\n";
      ASSERT_NE(conf.find(roce), std::string::npos);
      conf.erase(conf.find(roce), roce.size());
      const std::string lossy = "loss-priority low code-points [ 000000";
      ASSERT_NE(conf.find(lossy), std::string::npos);
      conf.replace(conf.find(lossy), lossy.size(), "loss-priority low code-points [ 011010 000000");
    }
    sonic_dir.write(name + ".json", json);
    junos_dir.write(name + ".conf", conf);
  }
  Report sonic = test::check(sonic_dir.path());
  Report junos = test::check(junos_dir.path());
  std::set<FindingKey> expected = {{"MAP001", "spine2", "et-0/0/0", 1}};
  EXPECT_EQ(test::findingKeys(sonic, test::junosPortOf), expected);
  EXPECT_EQ(test::findingKeys(junos), expected);
  ASSERT_EQ(junos.findings.size(), 1u);
  // The Junos finding points at the DSCP 26 code point that was moved.
  const Finding& f = junos.findings[0];
  EXPECT_EQ(f.location.file(), junos_dir.path() + "/spine2.conf");
  EXPECT_EQ(f.location.line, 89);
  EXPECT_EQ(f.location.column, 49);
  EXPECT_EQ(test::origin(f.location),
            "cli-statement: class-of-service classifiers dscp ROCE-DSCP forwarding-class loss-priority code-points");
  EXPECT_EQ(f.severity, sonic.findings[0].severity);
}

TEST(JunosSample, IsWhatTheGeneratorWrites) {
  TempDir out;
  std::string cmd =
      "/usr/bin/python3 " + test::sourceDir() + "/samples/gen_leafspine_junos.py " + out.path() + "/gen > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string committed = test::readAll(test::sourceDir() + "/samples/leafspine-junos/" + name + ".conf");
    EXPECT_FALSE(committed.empty()) << name;
    EXPECT_EQ(test::readAll(out.path() + "/gen/" + name + ".conf"), committed) << name;
  }
  EXPECT_EQ(test::readAll(out.path() + "/gen/README.md"),
            test::readAll(test::sourceDir() + "/samples/leafspine-junos/README.md"));
}

TEST(JunosSample, CheckExitsZeroLikeTheSonicSample) {
  auto [code, out] = test::runRocelint("check " + test::sourceDir() + "/samples/leafspine-junos");
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("0 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << out;
  EXPECT_NE(out.find("parsed 222 of 222 QoS-related lines in 6 vendor CLI file(s)"), std::string::npos) << out;
  auto [sonic_code, sonic_out] = test::runRocelint("check " + test::sourceDir() + "/samples/leafspine-clean");
  EXPECT_EQ(sonic_code, code) << sonic_out;
}

TEST(VendorSamples, JunosSpinesAndSonicLeavesAreOneCleanFabric) {
  TempDir dir;
  for (const std::string name : {"spine1", "spine2"}) {
    std::string conf = test::readAll(test::sourceDir() + "/samples/leafspine-junos/" + name + ".conf");
    // The spines' descriptions name the leaves' SONiC ports.
    for (int i = 0; i < 2; ++i) {
      std::string from = "et-0/0/" + std::to_string(i) + ";";
      for (std::size_t at = conf.find(":" + from); at != std::string::npos; at = conf.find(":" + from)) {
        conf.replace(at + 1, from.size(), "Ethernet" + std::to_string(8 * i) + ";");
      }
    }
    dir.write(name + ".conf", conf);
  }
  for (const std::string name : {"leaf1", "leaf2", "leaf3", "leaf4"}) {
    auto doc = nlohmann::json::parse(test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json"));
    for (auto& [port, neighbor] : doc["DEVICE_NEIGHBOR"].items()) {
      std::string peer = neighbor["name"];
      if (peer.rfind("spine", 0) == 0) neighbor["port"] = test::junosPortOf(neighbor["port"]);
    }
    dir.write(name + ".json", doc.dump(4));
  }
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_EQ(fabric.links.size(), 8u);
  Report report = analyze(fabric, {});
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
}

// The Junos CoS guide ("Configuring CoS PFC (Congestion Notification Profiles)"): a profile's input
// part enables PFC on the ingress interface for its code points (the port sends pauses), its
// output part programs output queues to respond to pauses received on its priorities. A profile
// with only `output` obeys pauses on priority 3 and never sends them, and no no-loss headroom is
// reserved: facing a spine that sends and obeys PFC on 3, RoCE arriving from it is dropped. PFC006
// on that port, and not the three findings the output-as-PFC reading gave.
TEST(JunosCnp, ReceiveOnlyProfileObeysPausesWithoutLosslessBuffer) {
  TempDir dir;
  dir.write(
      "spine1.conf",
      "system { host-name spine1; }\n"
      "interfaces { et-0/0/0 { description leaf1:et-0/0/0; } }\n"
      "class-of-service {\n"
      "    classifiers { dscp D { import default; forwarding-class ROCE { loss-priority low code-points 011010; } } }\n"
      "    forwarding-classes { class best-effort queue-num 0; class ROCE queue-num 3 no-loss pfc-priority 3; }\n"
      "    congestion-notification-profile C {\n"
      "        input { dscp { code-point 011010 { pfc; } } }\n"
      "        output { ieee-802.1 { code-point 011 { flow-control-queue 3; } } }\n"
      "    }\n"
      "    interfaces { et-0/0/0 { congestion-notification-profile C; unit 0 { classifiers { dscp D; } } } }\n"
      "}\n");
  dir.write(
      "leaf1.conf",
      "system { host-name leaf1; }\n"                               // 1
      "interfaces { et-0/0/0 { description spine1:et-0/0/0; } }\n"  // 2
      "class-of-service {\n"                                        // 3
      "    classifiers { dscp D { import default; forwarding-class ROCE { loss-priority low code-points 011010; } } }\n"
      "    forwarding-classes { class best-effort queue-num 0; class ROCE queue-num 3 no-loss pfc-priority 3; }\n"
      "    congestion-notification-profile RX-ONLY {\n"                               // 6
      "        output { ieee-802.1 { code-point 011 { flow-control-queue 3; } } }\n"  // 7
      "    }\n"                                                                       // 8
      "    interfaces { et-0/0/0 { congestion-notification-profile RX-ONLY; unit 0 { classifiers { dscp D; } } } }\n"
      "}\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.links.size(), 1u);
  const Switch& sw = fabric.switches[fabric.switch_index.at("leaf1")];
  const Port& p = portOf(sw, "et-0/0/0");
  EXPECT_TRUE(p.qos.pfcPriorities().none());
  EXPECT_EQ(formatPrioritySet(p.qos.pfcHonoured()), "3");
  EXPECT_FALSE(p.pgs[3]);
  Report report = analyze(fabric, {});
  for (const char* wrong : {"PFC005", "MAP003", "MAP005"}) EXPECT_TRUE(withRule(report, wrong).empty()) << wrong;
  // spine1 sends 3 and leaf1 obeys 3; leaf1 sends nothing: the link pairs up (PFC006 is the finding).
  EXPECT_TRUE(withRule(report, "PFC001").empty());
  auto found = withRule(report, "PFC006");
  ASSERT_EQ(found.size(), 1u);
  const Finding& f = found[0];
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_EQ(f.switch_name, "leaf1");
  EXPECT_EQ(f.port, "et-0/0/0");
  EXPECT_EQ(f.priority, 3);
  EXPECT_EQ(f.location.line, 9);
  EXPECT_EQ(f.location.column, 61);
  EXPECT_EQ(f.message,
            "leaf1 et-0/0/0 obeys PFC pauses on priority 3 but never sends them (PFC priorities none), so it has no "
            "lossless buffer for PG 3: priority 3 traffic arriving here is dropped when the buffer fills, and the "
            "class is not lossless through this port");
  EXPECT_EQ(f.fix,
            "make PFC priorities 3: `set class-of-service congestion-notification-profile <cnp> output ieee-802.1 "
            "code-point 011 flow-control-queue 3` (and `input dscp code-point <bits> pfc` for its DSCPs) in the "
            "congestion notification profile bound by `set class-of-service interfaces et-0/0/0 "
            "congestion-notification-profile <cnp>`, for a no-loss forwarding class with that `pfc-priority`");
}

// The same profile with the input part the guide pairs with it sends and obeys priority 3: no PFC006,
// and PFC001 accepts a peer that sends 3 and obeys 3 on the other end.
TEST(JunosCnp, InputAndOutputTogetherAreSymmetric) {
  TempDir dir;
  dir.write("leaf1.conf",
            "system { host-name leaf1; }\n"
            "interfaces { et-0/0/0 { description spine1:et-0/0/0; } }\n"
            "class-of-service {\n"
            "    forwarding-classes { class best-effort queue-num 0; class ROCE queue-num 3 no-loss pfc-priority 3; }\n"
            "    congestion-notification-profile C {\n"
            "        input { ieee-802.1 { code-point 011 { pfc; } } }\n"
            "        output { ieee-802.1 { code-point 011 { flow-control-queue 3; } } }\n"
            "    }\n"
            "    interfaces { et-0/0/0 { congestion-notification-profile C; } }\n"
            "}\n");
  dir.write("spine1.conf",
            "system { host-name spine1; }\n"
            "interfaces { et-0/0/0 { description leaf1:et-0/0/0; } }\n"
            "class-of-service {\n"
            "    forwarding-classes { class best-effort queue-num 0; class ROCE queue-num 3 no-loss pfc-priority 3; }\n"
            "    congestion-notification-profile C { input { ieee-802.1 { code-point 011 { pfc; } } } }\n"
            "    interfaces { et-0/0/0 { congestion-notification-profile C; } }\n"
            "}\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.links.size(), 1u);
  const Port& leaf = portOf(fabric.switches[fabric.switch_index.at("leaf1")], "et-0/0/0");
  EXPECT_EQ(formatPrioritySet(leaf.qos.pfcPriorities()), "3");
  EXPECT_EQ(formatPrioritySet(leaf.qos.pfcHonoured()), "3");
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "PFC006").empty());
  EXPECT_TRUE(withRule(report, "PFC001").empty());
}

// Every scheduler priority level the Junos CoS guide lists is accepted (low-latency is served
// before strict-high: both are strict priority); a level rocelint does not know is a CFG001 note
// at its statement, never an abort.
TEST(JunosSchedulers, EveryDocumentedPriorityLevelAndUnknownOnesAreNotes) {
  for (const char* level :
       {"low", "low-medium", "low-high", "medium-low", "medium-high", "high", "strict-high", "low-latency"}) {
    TempDir dir;
    dir.write("a.conf", fmt::format("system {{ host-name a; }}\ninterfaces {{ et-0/0/0; }}\n"
                                    "class-of-service {{ schedulers {{ S {{ priority {}; }} }} }}\n",
                                    level));
    Fabric fabric = loadFabric({dir.path()});
    EXPECT_TRUE(fabric.notes.empty()) << level << ": " << (fabric.notes.empty() ? "" : fabric.notes[0].message);
  }
  TempDir dir;
  dir.write("a.conf",
            "system { host-name a; }\ninterfaces { et-0/0/0; }\n"
            "class-of-service {\n"
            "    schedulers { S { priority super-high; } }\n"
            "}\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.notes.size(), 1u);
  EXPECT_EQ(fabric.notes[0].src.line, 4);
  EXPECT_EQ(fabric.notes[0].src.column, 22);
  EXPECT_NE(fabric.notes[0].message.find("class-of-service schedulers S priority super-high"), std::string::npos)
      << fabric.notes[0].message;
}

// ---------------------------------------------------------------------------------------------
// Access ports: the servers of a VLAN are traffic sources
// ---------------------------------------------------------------------------------------------

// One ToR in the three syntaxes: et-0/0/1 an access port of the VLAN named SERVERS (kept as the
// configuration names it), et-0/0/2 of VLAN 20 (legacy port-mode), et-0/0/3 a trunk, et-0/0/4
// routed, et-0/0/5 and -6 members of ae1 (access, VLAN 30), et-0/0/7 VLAN 4095 (reserved: CFG005)
// and et-0/0/8 with no interface-mode (Junos's default, access).
const char* const kAccessText =
    "system { host-name tor1; }\n"                   // 1
    "interfaces {\n"                                 // 2
    "    et-0/0/1 {\n"                               // 3
    "        unit 0 {\n"                             // 4
    "            family ethernet-switching {\n"      // 5
    "                interface-mode access;\n"       // 6
    "                vlan {\n"                       // 7
    "                    members SERVERS;\n"         // 8
    "                }\n"                            // 9
    "            }\n"                                // 10
    "        }\n"                                    // 11
    "    }\n"                                        // 12
    "    et-0/0/2 {\n"                               // 13
    "        unit 0 {\n"                             // 14
    "            family ethernet-switching {\n"      // 15
    "                port-mode access;\n"            // 16
    "                vlan {\n"                       // 17
    "                    members 20;\n"              // 18
    "                }\n"                            // 19
    "            }\n"                                // 20
    "        }\n"                                    // 21
    "    }\n"                                        // 22
    "    et-0/0/3 {\n"                               // 23
    "        unit 0 {\n"                             // 24
    "            family ethernet-switching {\n"      // 25
    "                interface-mode trunk;\n"        // 26
    "                vlan {\n"                       // 27
    "                    members [ SERVERS 20 ];\n"  // 28
    "                }\n"                            // 29
    "            }\n"                                // 30
    "        }\n"                                    // 31
    "    }\n"                                        // 32
    "    et-0/0/4 {\n"                               // 33
    "        unit 0 {\n"                             // 34
    "            family inet {\n"                    // 35
    "                address 10.0.0.0/31;\n"         // 36
    "            }\n"                                // 37
    "        }\n"                                    // 38
    "    }\n"                                        // 39
    "    et-0/0/5 {\n"                               // 40
    "        ether-options {\n"                      // 41
    "            802.3ad ae1;\n"                     // 42
    "        }\n"                                    // 43
    "    }\n"                                        // 44
    "    et-0/0/6 {\n"                               // 45
    "        ether-options {\n"                      // 46
    "            802.3ad ae1;\n"                     // 47
    "        }\n"                                    // 48
    "    }\n"                                        // 49
    "    ae1 {\n"                                    // 50
    "        unit 0 {\n"                             // 51
    "            family ethernet-switching {\n"      // 52
    "                interface-mode access;\n"       // 53
    "                vlan {\n"                       // 54
    "                    members 30;\n"              // 55
    "                }\n"                            // 56
    "            }\n"                                // 57
    "        }\n"                                    // 58
    "    }\n"                                        // 59
    "    et-0/0/7 {\n"                               // 60
    "        unit 0 {\n"                             // 61
    "            family ethernet-switching {\n"      // 62
    "                interface-mode access;\n"       // 63
    "                vlan {\n"                       // 64
    "                    members 4095;\n"            // 65
    "                }\n"                            // 66
    "            }\n"                                // 67
    "        }\n"                                    // 68
    "    }\n"                                        // 69
    "    et-0/0/8 {\n"                               // 70
    "        unit 0 {\n"                             // 71
    "            family ethernet-switching {\n"      // 72
    "                vlan {\n"                       // 73
    "                    members 40;\n"              // 74
    "                }\n"                            // 75
    "            }\n"                                // 76
    "        }\n"                                    // 77
    "    }\n"                                        // 78
    "}\n"                                            // 79
    "vlans {\n"                                      // 80
    "    SERVERS {\n"                                // 81
    "        vlan-id 10;\n"                          // 82
    "    }\n"                                        // 83
    "}\n"                                            // 84
    ;
const char* const kAccessSet =
    "set system host-name tor1\n"                                                             // 1
    "set interfaces et-0/0/1 unit 0 family ethernet-switching interface-mode access\n"        // 2
    "set interfaces et-0/0/1 unit 0 family ethernet-switching vlan members SERVERS\n"         // 3
    "set interfaces et-0/0/2 unit 0 family ethernet-switching port-mode access\n"             // 4
    "set interfaces et-0/0/2 unit 0 family ethernet-switching vlan members 20\n"              // 5
    "set interfaces et-0/0/3 unit 0 family ethernet-switching interface-mode trunk\n"         // 6
    "set interfaces et-0/0/3 unit 0 family ethernet-switching vlan members [ SERVERS 20 ]\n"  // 7
    "set interfaces et-0/0/4 unit 0 family inet address 10.0.0.0/31\n"                        // 8
    "set interfaces et-0/0/5 ether-options 802.3ad ae1\n"                                     // 9
    "set interfaces et-0/0/6 ether-options 802.3ad ae1\n"                                     // 10
    "set interfaces ae1 unit 0 family ethernet-switching interface-mode access\n"             // 11
    "set interfaces ae1 unit 0 family ethernet-switching vlan members 30\n"                   // 12
    "set interfaces et-0/0/7 unit 0 family ethernet-switching interface-mode access\n"        // 13
    "set interfaces et-0/0/7 unit 0 family ethernet-switching vlan members 4095\n"            // 14
    "set interfaces et-0/0/8 unit 0 family ethernet-switching vlan members 40\n"              // 15
    "set vlans SERVERS vlan-id 10\n"                                                          // 16
    ;
const char* const kAccessXml =
    "<rpc-reply>\n"                                            // 1
    "  <configuration>\n"                                      // 2
    "    <system><host-name>tor1</host-name></system>\n"       // 3
    "    <interfaces>\n"                                       // 4
    "      <interface>\n"                                      // 5
    "        <name>et-0/0/1</name>\n"                          // 6
    "        <unit>\n"                                         // 7
    "          <name>0</name>\n"                               // 8
    "          <family>\n"                                     // 9
    "            <ethernet-switching>\n"                       // 10
    "              <interface-mode>access</interface-mode>\n"  // 11
    "              <vlan>\n"                                   // 12
    "                <members>SERVERS</members>\n"             // 13
    "              </vlan>\n"                                  // 14
    "            </ethernet-switching>\n"                      // 15
    "          </family>\n"                                    // 16
    "        </unit>\n"                                        // 17
    "      </interface>\n"                                     // 18
    "      <interface>\n"                                      // 19
    "        <name>et-0/0/2</name>\n"                          // 20
    "        <unit>\n"                                         // 21
    "          <name>0</name>\n"                               // 22
    "          <family>\n"                                     // 23
    "            <ethernet-switching>\n"                       // 24
    "              <port-mode>access</port-mode>\n"            // 25
    "              <vlan>\n"                                   // 26
    "                <members>20</members>\n"                  // 27
    "              </vlan>\n"                                  // 28
    "            </ethernet-switching>\n"                      // 29
    "          </family>\n"                                    // 30
    "        </unit>\n"                                        // 31
    "      </interface>\n"                                     // 32
    "      <interface>\n"                                      // 33
    "        <name>et-0/0/3</name>\n"                          // 34
    "        <unit>\n"                                         // 35
    "          <name>0</name>\n"                               // 36
    "          <family>\n"                                     // 37
    "            <ethernet-switching>\n"                       // 38
    "              <interface-mode>trunk</interface-mode>\n"   // 39
    "              <vlan>\n"                                   // 40
    "                <members>SERVERS</members>\n"             // 41
    "                <members>20</members>\n"                  // 42
    "              </vlan>\n"                                  // 43
    "            </ethernet-switching>\n"                      // 44
    "          </family>\n"                                    // 45
    "        </unit>\n"                                        // 46
    "      </interface>\n"                                     // 47
    "      <interface>\n"                                      // 48
    "        <name>et-0/0/4</name>\n"                          // 49
    "        <unit><name>0</name><family><inet><address><name>10.0.0.0/31</name></address></inet></family></unit>\n"  // 50
    "      </interface>\n"                                                                        // 51
    "      <interface>\n"                                                                         // 52
    "        <name>et-0/0/5</name>\n"                                                             // 53
    "        <ether-options><ieee-802.3ad><bundle>ae1</bundle></ieee-802.3ad></ether-options>\n"  // 54
    "      </interface>\n"                                                                        // 55
    "      <interface>\n"                                                                         // 56
    "        <name>et-0/0/6</name>\n"                                                             // 57
    "        <ether-options><ieee-802.3ad><bundle>ae1</bundle></ieee-802.3ad></ether-options>\n"  // 58
    "      </interface>\n"                                                                        // 59
    "      <interface>\n"                                                                         // 60
    "        <name>ae1</name>\n"                                                                  // 61
    "        <unit>\n"                                                                            // 62
    "          <name>0</name>\n"                                                                  // 63
    "          <family>\n"                                                                        // 64
    "            <ethernet-switching>\n"                                                          // 65
    "              <interface-mode>access</interface-mode>\n"                                     // 66
    "              <vlan>\n"                                                                      // 67
    "                <members>30</members>\n"                                                     // 68
    "              </vlan>\n"                                                                     // 69
    "            </ethernet-switching>\n"                                                         // 70
    "          </family>\n"                                                                       // 71
    "        </unit>\n"                                                                           // 72
    "      </interface>\n"                                                                        // 73
    "      <interface>\n"                                                                         // 74
    "        <name>et-0/0/7</name>\n"                                                             // 75
    "        <unit>\n"                                                                            // 76
    "          <name>0</name>\n"                                                                  // 77
    "          <family>\n"                                                                        // 78
    "            <ethernet-switching>\n"                                                          // 79
    "              <interface-mode>access</interface-mode>\n"                                     // 80
    "              <vlan>\n"                                                                      // 81
    "                <members>4095</members>\n"                                                   // 82
    "              </vlan>\n"                                                                     // 83
    "            </ethernet-switching>\n"                                                         // 84
    "          </family>\n"                                                                       // 85
    "        </unit>\n"                                                                           // 86
    "      </interface>\n"                                                                        // 87
    "      <interface>\n"                                                                         // 88
    "        <name>et-0/0/8</name>\n"                                                             // 89
    "        <unit>\n"                                                                            // 90
    "          <name>0</name>\n"                                                                  // 91
    "          <family>\n"                                                                        // 92
    "            <ethernet-switching>\n"                                                          // 93
    "              <vlan>\n"                                                                      // 94
    "                <members>40</members>\n"                                                     // 95
    "              </vlan>\n"                                                                     // 96
    "            </ethernet-switching>\n"                                                         // 97
    "          </family>\n"                                                                       // 98
    "        </unit>\n"                                                                           // 99
    "      </interface>\n"                                                                        // 100
    "    </interfaces>\n"                                                                         // 101
    "    <vlans><vlan><name>SERVERS</name><vlan-id>10</vlan-id></vlan></vlans>\n"                 // 102
    "  </configuration>\n"                                                                        // 103
    "</rpc-reply>\n"                                                                              // 104
    ;

// Trunks carry their `vlan members` tagged: ids, names through `vlans NAME vlan-id N`, ranges and
// `all`; an ae's trunk is its members'; a name no `vlans` entry defines is CFG002 at the member.
TEST(JunosInterfaces, TrunkMembersRangesAllAndUndefinedNames) {
  TempDir dir;
  std::string file =
      dir.write("tor1.set",
                "set system host-name tor1\n"                                                                // 1
                "set vlans GPU vlan-id 100\n"                                                                // 2
                "set interfaces et-0/0/1 unit 0 family ethernet-switching interface-mode trunk\n"            // 3
                "set interfaces et-0/0/1 unit 0 family ethernet-switching vlan members [ GPU 200-202 5 ]\n"  // 4
                "set interfaces et-0/0/2 unit 0 family ethernet-switching interface-mode trunk\n"            // 5
                "set interfaces et-0/0/2 unit 0 family ethernet-switching vlan members all\n"                // 6
                "set interfaces et-0/0/3 ether-options 802.3ad ae0\n"                                        // 7
                "set interfaces ae0 unit 0 family ethernet-switching interface-mode trunk\n"                 // 8
                "set interfaces ae0 unit 0 family ethernet-switching vlan members [ GPU NOPE ]\n"            // 9
                "set interfaces et-0/0/4 unit 0 family ethernet-switching interface-mode access\n"           // 10
                "set interfaces et-0/0/4 unit 0 family ethernet-switching vlan members 100-101\n");          // 11
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  const Port& p1 = portOf(sw, "et-0/0/1");
  ASSERT_TRUE(p1.trunk_vlans);
  EXPECT_EQ(p1.trunk_vlans->value.str(), "5,100,200-202");
  EXPECT_EQ(p1.trunk_vlans->src.line, 4);
  const Port& p2 = portOf(sw, "et-0/0/2");
  ASSERT_TRUE(p2.trunk_vlans);
  EXPECT_EQ(p2.trunk_vlans->value.str(), "1-4094");
  const Port& member = portOf(sw, "et-0/0/3");
  ASSERT_TRUE(member.trunk_vlans);
  EXPECT_EQ(member.trunk_vlans->value.str(), "100");  // NOPE left out
  // An access port with a range is neither an access port nor a trunk.
  EXPECT_TRUE(portOf(sw, "et-0/0/4").access_vlan.empty());
  EXPECT_FALSE(portOf(sw, "et-0/0/4").trunk_vlans);
  auto undefined = withRule(test::check(dir.path()), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].message, "VLAN NOPE is not defined under vlans");
  EXPECT_EQ(undefined[0].location.line, 9);
  EXPECT_EQ(undefined[0].fix, "define vlans NOPE vlan-id N, or correct the member name");
}

TEST(JunosInterfaces, AccessPortsInAllThreeSyntaxesAndAeMembersInherit) {
  struct Case {
    const char* name;
    const char* text;
    std::map<std::string, int> lines;  ///< port -> line of its access VLAN's `members`
    int rejected_line;
    int trunk_line;  ///< et-0/0/3's first `members`
  };
  const std::vector<Case> cases = {
      {"tor1.conf",
       kAccessText,
       {{"et-0/0/1", 8}, {"et-0/0/2", 18}, {"et-0/0/5", 55}, {"et-0/0/6", 55}, {"et-0/0/8", 74}},
       65,
       28},
      {"tor1.set",
       kAccessSet,
       {{"et-0/0/1", 3}, {"et-0/0/2", 5}, {"et-0/0/5", 12}, {"et-0/0/6", 12}, {"et-0/0/8", 15}},
       14,
       7},
      {"tor1.xml",
       kAccessXml,
       {{"et-0/0/1", 13}, {"et-0/0/2", 27}, {"et-0/0/5", 68}, {"et-0/0/6", 68}, {"et-0/0/8", 95}},
       82,
       41},
  };
  const std::map<std::string, std::string> vlans = {{"et-0/0/1", "SERVERS"},
                                                    {"et-0/0/2", "Vlan20"},
                                                    {"et-0/0/5", "Vlan30"},
                                                    {"et-0/0/6", "Vlan30"},
                                                    {"et-0/0/8", "Vlan40"}};
  for (const Case& c : cases) {
    TempDir dir;
    std::string file = dir.write(c.name, c.text);
    Fabric fabric = loadFabric({dir.path()});
    const Switch& sw = onlySwitch(fabric);
    for (const auto& [port, line] : c.lines) {
      const Port& p = portOf(sw, port);
      EXPECT_EQ(p.access_vlan.str(), vlans.at(port)) << c.name << " " << port;
      EXPECT_EQ(p.access_vlan_src.file(), file) << c.name << " " << port;
      EXPECT_EQ(p.access_vlan_src.line, line) << c.name << " " << port;
    }
    for (const char* port : {"et-0/0/3", "et-0/0/4", "et-0/0/7"})
      EXPECT_TRUE(portOf(sw, port).access_vlan.empty()) << c.name << " " << port;
    // et-0/0/3 is a trunk of SERVERS (vlans SERVERS vlan-id 10) and 20, located at its members.
    const Port& trunk = portOf(sw, "et-0/0/3");
    ASSERT_TRUE(trunk.trunk_vlans) << c.name;
    EXPECT_EQ(trunk.trunk_vlans->value.str(), "10,20") << c.name;
    EXPECT_EQ(trunk.trunk_vlans->src.line, c.trunk_line) << c.name;
    for (const char* port : {"et-0/0/1", "et-0/0/2", "et-0/0/4", "et-0/0/5", "et-0/0/8"})
      EXPECT_FALSE(portOf(sw, port).trunk_vlans) << c.name << " " << port;
    EXPECT_EQ(portOf(sw, "et-0/0/5").portchannel, "ae1") << c.name;

    std::vector<const InputNote*> invalid;
    for (const InputNote& note : fabric.notes) {
      if (note.kind == InputNote::Kind::InvalidValue) invalid.push_back(&note);
    }
    ASSERT_EQ(invalid.size(), 1u) << c.name;
    EXPECT_EQ(invalid[0]->message,
              "interfaces et-0/0/7 unit 0 family ethernet-switching vlan members 4095: expected a VLAN name or a "
              "VLAN id (1-4094), got \"4095\"")
        << c.name;
    EXPECT_EQ(invalid[0]->src.line, c.rejected_line) << c.name;
    // The access statements are read, so none of them is counted out of scope.
    for (const auto& [group, count] : fabric.out_of_scope_tables)
      EXPECT_EQ(group.find("ethernet-switching"), std::string::npos) << c.name << " " << group;

    std::set<std::pair<std::string, std::string>> hosts;
    for (const Host& host : fabric.hosts) hosts.emplace(fabric.port(host.attachment).name, host.name);
    EXPECT_EQ(hosts, (std::set<std::pair<std::string, std::string>>{{"et-0/0/1", "a server in SERVERS"},
                                                                    {"et-0/0/2", "a server in Vlan20"},
                                                                    {"et-0/0/4", "an unnamed device on 10.0.0.0/31"},
                                                                    {"et-0/0/5", "a server in Vlan30"},
                                                                    {"et-0/0/6", "a server in Vlan30"},
                                                                    {"et-0/0/8", "a server in Vlan40"}}))
        << c.name;
  }
  // Word positions in the text form: the VLAN name and the rejected id.
  TempDir dir;
  dir.write("tor1.conf", kAccessText);
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_EQ(portOf(onlySwitch(fabric), "et-0/0/1").access_vlan_src.column, 29);
  auto rejected = std::find_if(fabric.notes.begin(), fabric.notes.end(),
                               [](const InputNote& n) { return n.kind == InputNote::Kind::InvalidValue; });
  ASSERT_NE(rejected, fabric.notes.end());
  EXPECT_EQ(rejected->src.column, 29);
}

}  // namespace
}  // namespace rocelint
