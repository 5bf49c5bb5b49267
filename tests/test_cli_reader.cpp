// What the EOS and NX-OS readers share (parsers/common/cli_reader.*, parsers/cli_config_text.*):
// interface names as generators write them (spaces, case, abbreviations, ranges and lists),
// banners, other vendors' CLIs recognised and skipped, and the zero-ports warning (CFG007).

#include <gtest/gtest.h>

#include <algorithm>

#include "cli_config_text.hpp"
#include "common/cli_reader.hpp"
#include "rocelint/qos.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::portOf;
using test::TempDir;
using test::withRule;

const common::InterfaceNaming kNxos{
    {"Ethernet", 1, true}, {"port-channel", 2, true}, {"loopback", 2, false}, {"Vlan", 1, false}};

std::vector<std::string> names(const std::vector<std::string>& words, std::string* error = nullptr) {
  std::string e;
  auto out = common::interfaceNames(words, kNxos, e);
  if (error) *error = e;
  return out;
}

TEST(CliInterfaceNames, SpacesCaseAbbreviationsRangesAndLists) {
  using V = std::vector<std::string>;
  EXPECT_EQ(names({"Ethernet", "1/1"}), V{"Ethernet1/1"});
  EXPECT_EQ(names({"eth1/1"}), V{"Ethernet1/1"});
  EXPECT_EQ(names({"Eth1/1"}), V{"Ethernet1/1"});
  EXPECT_EQ(names({"e1/1"}), V{"Ethernet1/1"});
  EXPECT_EQ(names({"Po10"}), V{"port-channel10"});
  EXPECT_EQ(names({"port-channel10"}), V{"port-channel10"});
  EXPECT_EQ(names({"vlan6"}), V{"Vlan6"});
  EXPECT_EQ(names({"Ethernet", "1/1-1/3"}), (V{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3"}));
  EXPECT_EQ(names({"Ethernet1/1-3,", "Ethernet1/7"}), (V{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet1/7"}));
  EXPECT_EQ(names({"Ethernet1/1,1/9"}), (V{"Ethernet1/1", "Ethernet1/9"}));  // an item takes the previous type
  EXPECT_EQ(names({"Ethernet1/1.100"}), V{"Ethernet1/1.100"});               // a subinterface is not a range
  EXPECT_EQ(names({"nve1"}), V{"nve1"});                                     // not listed: kept as written
  std::string error;
  EXPECT_TRUE(names({"Ethernet1/8-1/2"}, &error).empty());
  EXPECT_EQ(error,
            "\"Ethernet1/8-1/2\" is not a range of Ethernet interfaces (first-last, the last not below the first)");
  EXPECT_TRUE(names({"Ethernet1/1-2/4"}, &error).empty());
  EXPECT_TRUE(names({"Ethernet"}, &error).empty());
  EXPECT_EQ(error, "expected a number after \"Ethernet\"");
}

// The Azure Stack generator's form: `interface Ethernet 1/1-1/54`, then ports of the range again
// on their own, banner text with a `hostname` line in it.
TEST(CliReader, NxosRangesWithSpacesBecomePortsAtTheRangeLine) {
  TempDir dir;
  std::string file = dir.write("tor.cfg",
                               "hostname tor1\n"                                   // 1
                               "banner motd #\n"                                   // 2
                               "hostname not-this-one\n"                           // 3
                               "interface Ethernet 1/1 is not a statement here\n"  // 4
                               "#\n"                                               // 5
                               "feature lldp\n"                                    // 6
                               "policy-map type network-qos NQ\n"                  // 7
                               "  class type network-qos c-8q-nq3\n"               // 8
                               "    pause pfc-cos 3\n"                             // 9
                               "system qos\n"                                      // 10
                               "  service-policy type network-qos NQ\n"            // 11
                               "interface Ethernet 1/1-1/4\n"                      // 12
                               "  mtu 9216\n"                                      // 13
                               "  priority-flow-control mode off\n"                // 14
                               "  frobnicate-qos-thing\n"                          // 15
                               "interface Eth1/2, Ethernet1/4\n"                   // 16
                               "  priority-flow-control mode on\n"                 // 17
                               "interface po10\n"                                  // 18
                               "  mtu 9216\n");                                    // 19
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "tor1");
  ASSERT_EQ(sw.ports.size(), 4u);
  for (const char* name : {"Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet1/4"}) {
    const Port& port = portOf(sw, name);
    EXPECT_EQ(port.src.line, 12) << name;  // every member at the range statement
    ASSERT_TRUE(port.mtu_bytes) << name;
    EXPECT_EQ(port.mtu_bytes->value, 9216u);
    ASSERT_TRUE(port.qos.pfc_enable) << name;
  }
  // The later block wins for the ports it names again.
  EXPECT_TRUE(portOf(sw, "Ethernet1/2").qos.pfc_enable->value.test(3));
  EXPECT_EQ(portOf(sw, "Ethernet1/2").qos.pfc_enable->src.line, 17);
  EXPECT_TRUE(portOf(sw, "Ethernet1/4").qos.pfc_enable->value.test(3));
  EXPECT_FALSE(portOf(sw, "Ethernet1/1").qos.pfc_enable->value.any());
  EXPECT_EQ(sw.portchannels, std::vector<std::string>{"port-channel10"});
  // Lines of the range block are counted once: mtu, pfc mode and the unknown line (one note),
  // plus the policy-map (3 lines), system qos (2), Eth1/2 block's pfc mode, po10's mtu.
  Report report = analyze(fabric, {});
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 0u);  // `frobnicate-qos-thing` is not QoS-related: counted, not noted
  ASSERT_EQ(fabric.coverage.size(), 1u);
  EXPECT_EQ(fabric.coverage[0].qos_lines, 9);
  EXPECT_EQ(fabric.coverage[0].qos_lines_parsed, 9);
  EXPECT_TRUE(withRule(report, "CFG007").empty());
}

TEST(CliReader, NxosClassMapWithoutTypeIsTypeQos) {
  TempDir dir;
  dir.write("nx.cfg",
            "hostname nx\n"
            "feature lldp\n"
            "class-map match-any ROCE\n"
            "  match dscp 26\n"
            "policy-map IN\n"
            "  class ROCE\n"
            "    set qos-group 3\n"
            "system qos\n"
            "  service-policy type queuing input QIN\n"
            "interface Ethernet1/1\n"
            "  service-policy type qos input IN\n");
  Fabric fabric = loadFabric({dir.path()});
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG002").empty());
  const Switch& sw = fabric.switches.at(0);
  EXPECT_EQ(trafficClassOfDscp(sw, portOf(sw, "Ethernet1/1"), 26), 3);
  // Ingress queuing is valid and not modelled: a note at its line, not an abort.
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].location.line, 9);
}

TEST(CliReader, EosAbbreviationsRangesAndBanner) {
  TempDir dir;
  dir.write("eos.cfg",
            "! device: leaf1 (DCS-7050CX3-32S, EOS-4.30.1F)\n"  // 1
            "hostname leaf1\n"                                  // 2
            "banner login\n"                                    // 3
            "interface Ethernet9 is text\n"                     // 4
            "EOF\n"                                             // 5
            "interface Et1/1-4\n"                               // 6
            "   mtu 9214\n"                                     // 7
            "interface ethernet 2\n"                            // 8
            "   mtu 9000\n"                                     // 9
            "interface Ethernet3-4,6\n"                         // 10
            "   shutdown\n"                                     // 11
            "interface Po10\n"                                  // 12
            "   mtu 9214\n");                                   // 13
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  std::vector<std::string> got;
  for (const Port& p : sw.ports) got.push_back(p.name);
  EXPECT_EQ(got, (std::vector<std::string>{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3", "Ethernet1/4", "Ethernet2",
                                           "Ethernet3", "Ethernet4", "Ethernet6"}));
  EXPECT_EQ(portOf(sw, "Ethernet1/3").src.line, 6);
  EXPECT_EQ(portOf(sw, "Ethernet2").mtu_bytes->value, 9000u);
  EXPECT_EQ(portOf(sw, "Ethernet6").src.line, 10);
  EXPECT_EQ(sw.portchannels, std::vector<std::string>{"Port-Channel10"});
}

TEST(CliReader, MalformedRangeIsACfg005NoteAndZeroPortsACfg007Warning) {
  TempDir dir;
  std::string file = dir.write("nx.cfg",
                               "hostname nx\n"                        // 1
                               "feature lldp\n"                       // 2
                               "interface loopbackloopback0\n"        // 3
                               "  ip address 10.0.0.1/32\n"           // 4
                               "interface Ethernet 1/8-1/2\n"         // 5
                               "  priority-flow-control mode on\n");  // 6
  Fabric fabric = loadFabric({dir.path()});
  Report report = analyze(fabric, {});
  auto bad = withRule(report, "CFG005");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].location.line, 5);
  EXPECT_EQ(bad[0].location.column, 1);
  EXPECT_EQ(
      bad[0].message,
      "interface Ethernet 1/8-1/2: \"Ethernet1/8-1/2\" is not a range of Ethernet interfaces (first-last, the last "
      "not below the first); the interface block is ignored");
  auto unknown = withRule(report, "CFG001");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].location.line, 3);
  EXPECT_NE(unknown[0].message.find("\"loopbackloopback0\" is not an NX-OS interface type rocelint knows"),
            std::string::npos);
  auto none = withRule(report, "CFG007");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(none[0].severity, Severity::Warning);
  EXPECT_EQ(none[0].switch_name, "nx");
  EXPECT_EQ(none[0].port, "");
  EXPECT_EQ(none[0].location.file(), file);
  EXPECT_EQ(none[0].location.line, 3);
  EXPECT_EQ(none[0].message,
            "NX-OS configuration has 2 interface statements but rocelint modelled no port from them; no PFC, buffer or "
            "link check runs on this switch");
  EXPECT_EQ(none[0].fix,
            "check the notes (CFG001, CFG005) at the interface statements for how rocelint read their names");
  // Every line accounted for: both blocks counted as QoS-related, none parsed.
  EXPECT_EQ(fabric.coverage.at(0).qos_lines, 4);
  EXPECT_EQ(fabric.coverage.at(0).qos_lines_parsed, 0);
  // The malformed range (a CFG005 note) is noted as not modelled; an interface type rocelint does
  // not know is not recognised.
  EXPECT_EQ(fabric.coverage.at(0).qos_lines_not_modelled, 2);
  EXPECT_EQ(fabric.coverage.at(0).qos_lines_unrecognised, 2);
}

TEST(CliReader, BannerDelimiters) {
  auto lines = [](const char* text) {
    std::vector<std::string> out;
    for (const auto& l : cli::parseConfigText(text, "x.cfg").lines) out.push_back(l.text);
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(lines("banner motd ^C\nhello\ninterface x\n^C\nhostname a\n"), V{"hostname a"});
  EXPECT_EQ(lines("banner exec #one line#\nhostname a\n"), V{"hostname a"});
  EXPECT_EQ(lines("banner motd #\ntext\nmore# tail\nhostname a\n"), V{"hostname a"});
  EXPECT_EQ(lines("banner login\ntext\n\nEOF\nhostname a\n"), V{"hostname a"});
}

// Other vendors' CLIs (syntax from their documentation) are named and skipped, never parsed as
// NX-OS or EOS.
TEST(CliReader, OtherNetworkOperatingSystemsAreCfg004NotSupportedYet) {
  struct Case {
    const char* text;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {"! Version 10.5.2.3\n! Last configuration change at Dec 04 03:00:00 2026\n!\nhostname os10-leaf\n"
       "class-map type network-qos RDMA\n match qos-group 3\npolicy-map type network-qos PFC\n class RDMA\n  pause\n"
       "  pfc-cos 3\nsystem qos\n trust-map dot1p default\ninterface ethernet1/1/1\n no shutdown\n"
       " priority-flow-control mode on\n",
       "not supported yet: Dell OS10 (recognised by line 1: \"! Version 10.5.2.3\")"},
      {"hostname os10-leaf\nfeature lldp\nsystem qos\n  trust-map dot1p default\ninterface ethernet1/1/1\n"
       "  priority-flow-control mode on\n",
       "not supported yet: Dell OS10 (recognised by line 5: \"interface ethernet1/1/1\")"},
      {"!! IOS XR Configuration 7.6.2\nhostname xr1\ninterface HundredGigE0/0/0/0\n mtu 9216\n!\n",
       "not supported yet: Cisco IOS-XR (recognised by line 1: \"!! IOS XR Configuration 7.6.2\")"},
      {"hostname xr1\ninterface Bundle-Ether1\n mtu 9216\n",
       "not supported yet: Cisco IOS-XR (recognised by line 2: \"interface Bundle-Ether1\")"},
      {"hostname cat1\ninterface TwentyFiveGigE1/0/1\n mtu 9216\n",
       "not supported yet: Cisco IOS / IOS-XE (recognised by line 2: \"interface TwentyFiveGigE1/0/1\")"},
      {"! Version 9.14(2.0)\nhostname s4048\ninterface fortyGigE 1/49\n no shutdown\n",
       "not supported yet: Dell OS9 (recognised by line 1: \"! Version 9.14(2.0)\")"},
      // The QoS part of an OS10 configuration alone (as Azure Local's generator writes it).
      {"! qos.j2\n\nwred ecn\n  random-detect color green minimum-threshold 150 maximum-threshold 1500 "
       "drop-probability 100\n  random-detect ecn\n\nclass-map type network-qos AZLOCAL_COS3\n  match qos-group 3\n",
       "not supported yet: Dell OS10 (recognised by line 3: \"wred ecn\")"},
      {"class-map type network-qos C3\n  match qos-group 3\ntrust dot1p-map T\n  qos-group 3 dot1p 3\n",
       "not supported yet: Dell OS10 (recognised by line 3: \"trust dot1p-map T\")"},
      {"policy-map type network-qos P\nqos-map traffic-class Q\n  queue 3 qos-group 3\n",
       "not supported yet: Dell OS10 (recognised by line 2: \"qos-map traffic-class Q\")"},
      {"wred-profile w1\n threshold min 100 max 1000\n",
       "not supported yet: Dell OS9 (recognised by line 1: \"wred-profile w1\")"},
  };
  for (const auto& c : cases) {
    TempDir dir;
    std::string file = dir.write("sw.cfg", c.text);
    Fabric fabric = loadFabric({dir.path()});
    EXPECT_TRUE(fabric.switches.empty()) << c.reason;
    Report report = analyze(fabric, {});
    auto skipped = withRule(report, "CFG004");
    ASSERT_EQ(skipped.size(), 1u) << c.reason;
    EXPECT_NE(skipped[0].message.find(c.reason), std::string::npos) << skipped[0].message;
    EXPECT_EQ(skipped[0].location.line, 1);
  }
  // An Arista `! device:` header stays EOS.
  TempDir dir;
  dir.write("eos.cfg",
            "! device: leaf1 (DCS-7280CR3-32P4, EOS-4.31.2F)\nhostname leaf1\ninterface Ethernet1\n   mtu 9214\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.switches[0].ports.size(), 1u);
}

}  // namespace
}  // namespace rocelint
