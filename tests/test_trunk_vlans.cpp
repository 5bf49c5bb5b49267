// Trunk (tagged) VLAN membership: the VLAN set, trunk allowed-list statements, and what each syntax's
// parser puts in Port::trunk_vlans (issue 14 item 2: flood domains are built from it).

#include <gtest/gtest.h>

#include "common/switch_builder.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::onlySwitch;
using test::portOf;
using test::TempDir;

TEST(VlanSet, AddMergesAdjacentRangesRemoveSplits) {
  VlanSet set;
  EXPECT_EQ(set.str(), "none");
  set.add(10, 10);
  set.add(30, 40);
  set.add(11, 12);
  EXPECT_EQ(set.str(), "10-12,30-40");
  set.add(13, 29);  // bridges both ranges
  EXPECT_EQ(set.str(), "10-40");
  set.remove(20, 20);
  EXPECT_EQ(set.str(), "10-19,21-40");
  EXPECT_TRUE(set.contains(10));
  EXPECT_TRUE(set.contains(21));
  EXPECT_FALSE(set.contains(20));
  EXPECT_FALSE(set.contains(9));
  EXPECT_FALSE(set.contains(41));
  set.add(1, 5);
  EXPECT_EQ(set.str(), "1-5,10-19,21-40");
  set.remove(1, 4094);
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(VlanSet::all().str(), "1-4094");
}

TEST(TrunkAllowed, ListsRangesAddRemoveExceptAllNone) {
  EXPECT_EQ(common::vlanList("10")->str(), "10");
  EXPECT_EQ(common::vlanList("10,20-30,31")->str(), "10,20-31");
  EXPECT_FALSE(common::vlanList("30-20"));  // runs backwards
  EXPECT_FALSE(common::vlanList("0"));
  EXPECT_FALSE(common::vlanList("4095"));
  EXPECT_FALSE(common::vlanList("10,"));
  EXPECT_FALSE(common::vlanList("ten"));

  VlanSet allowed = VlanSet::all();
  ASSERT_TRUE(common::applyTrunkAllowed({"10,20-30"}, allowed));
  EXPECT_EQ(allowed.str(), "10,20-30");
  ASSERT_TRUE(common::applyTrunkAllowed({"add", "40-41"}, allowed));
  EXPECT_EQ(allowed.str(), "10,20-30,40-41");
  ASSERT_TRUE(common::applyTrunkAllowed({"remove", "25,40"}, allowed));
  EXPECT_EQ(allowed.str(), "10,20-24,26-30,41");
  ASSERT_TRUE(common::applyTrunkAllowed({"except", "1-99"}, allowed));
  EXPECT_EQ(allowed.str(), "100-4094");
  ASSERT_TRUE(common::applyTrunkAllowed({"none"}, allowed));
  EXPECT_TRUE(allowed.empty());
  ASSERT_TRUE(common::applyTrunkAllowed({"all"}, allowed));
  EXPECT_EQ(allowed.str(), "1-4094");
  VlanSet before = allowed;
  EXPECT_FALSE(common::applyTrunkAllowed({"add"}, allowed));
  EXPECT_FALSE(common::applyTrunkAllowed({"delete", "10"}, allowed));
  EXPECT_FALSE(common::applyTrunkAllowed({"remove", "10-x"}, allowed));
  EXPECT_EQ(allowed.ranges, before.ranges);  // a malformed statement changes nothing
}

void expectTrunk(const Switch& sw, const std::string& port, const std::string& vlans, int line) {
  const Port& p = portOf(sw, port);
  ASSERT_TRUE(p.trunk_vlans) << port;
  EXPECT_EQ(p.trunk_vlans->value.str(), vlans) << port;
  EXPECT_EQ(p.trunk_vlans->src.line, line) << port;
}

// EOS and NX-OS share the switchport reader: statements apply in order, the last line is the
// location, no allowed list is every VLAN, a LAG's list is its members'.
TEST(TrunkAllowed, EosTrunkPortsAndLagMembers) {
  TempDir dir;
  dir.write("tor1.cfg",
            "hostname tor1\n"                                  // 1
            "interface Ethernet1\n"                            // 2
            "   switchport mode trunk\n"                       // 3
            "   switchport trunk allowed vlan 10,20-30\n"      // 4
            "   switchport trunk allowed vlan add 40\n"        // 5
            "   switchport trunk allowed vlan remove 25\n"     // 6
            "interface Ethernet2\n"                            // 7
            "   switchport mode trunk\n"                       // 8
            "interface Ethernet3\n"                            // 9
            "   switchport mode trunk\n"                       // 10
            "   switchport trunk allowed vlan except 1-999\n"  // 11
            "interface Ethernet4\n"                            // 12
            "   switchport trunk allowed vlan 10\n"            // 13 (not a trunk: access mode)
            "interface Ethernet5\n"                            // 14
            "   channel-group 7 mode active\n"                 // 15
            "interface Port-Channel7\n"                        // 16
            "   switchport mode trunk\n"                       // 17
            "   switchport trunk allowed vlan none\n"          // 18
            "   switchport trunk allowed vlan add 1000\n"      // 19
            "interface Ethernet6\n"                            // 20
            "   switchport mode trunk\n"                       // 21
            "   switchport trunk allowed vlan 10-x\n");        // 22
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  expectTrunk(sw, "Ethernet1", "10,20-24,26-30,40", 6);
  expectTrunk(sw, "Ethernet2", "1-4094", 8);
  expectTrunk(sw, "Ethernet3", "1000-4094", 11);
  EXPECT_FALSE(portOf(sw, "Ethernet4").trunk_vlans);
  expectTrunk(sw, "Ethernet5", "1000", 19);
  expectTrunk(sw, "Ethernet6", "1-4094", 21);  // the malformed list is a CFG005 note, not applied
  bool noted = false;
  for (const InputNote& note : fabric.notes) {
    if (note.kind == InputNote::Kind::InvalidValue && note.port == "Ethernet6" && note.src.line == 22) noted = true;
  }
  EXPECT_TRUE(noted);
}

TEST(TrunkAllowed, NxosTrunkPorts) {
  TempDir dir;
  dir.write("nx.cfg",
            "hostname nx\n"                                  // 1
            "feature lldp\n"                                 // 2
            "interface Ethernet1/1\n"                        // 3
            "  switchport\n"                                 // 4
            "  switchport mode trunk\n"                      // 5
            "  switchport trunk allowed vlan 1000-1001\n"    // 6
            "  switchport trunk allowed vlan remove 1001\n"  // 7
            "interface Ethernet1/2\n"                        // 8
            "  switchport\n"                                 // 9
            "  switchport mode trunk\n"                      // 10
            "interface Ethernet1/3\n"                        // 11
            "  no switchport\n"                              // 12
            "  switchport mode trunk\n");                    // 13
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  expectTrunk(sw, "Ethernet1/1", "1000", 7);
  expectTrunk(sw, "Ethernet1/2", "1-4094", 10);
  EXPECT_FALSE(portOf(sw, "Ethernet1/3").trunk_vlans);  // routed
}

TEST(TrunkAllowed, SonicTaggedVlanMembers) {
  TempDir dir;
  dir.write("leaf1.json", R"({
    "DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}},
    "PORT": {"Ethernet0": {"speed": "100000"}, "Ethernet4": {"speed": "100000"}, "Ethernet8": {"speed": "100000"},
             "Ethernet12": {"speed": "100000"}},
    "PORTCHANNEL": {"PortChannel1": {}},
    "PORTCHANNEL_MEMBER": {"PortChannel1|Ethernet8": {}, "PortChannel1|Ethernet12": {}},
    "VLAN": {"Vlan1000": {"vlanid": "1000"}, "Vlan2000": {"vlanid": "2000"}},
    "VLAN_MEMBER": {
      "Vlan1000|Ethernet0": {"tagging_mode": "untagged"},
      "Vlan1000|Ethernet4": {"tagging_mode": "tagged"},
      "Vlan2000|Ethernet4": {"tagging_mode": "tagged"},
      "Vlan2000|PortChannel1": {"tagging_mode": "tagged"}
    }
})");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = onlySwitch(fabric);
  EXPECT_FALSE(portOf(sw, "Ethernet0").trunk_vlans);
  EXPECT_EQ(portOf(sw, "Ethernet0").access_vlan.str(), "Vlan1000");
  ASSERT_TRUE(portOf(sw, "Ethernet4").trunk_vlans);
  EXPECT_EQ(portOf(sw, "Ethernet4").trunk_vlans->value.str(), "1000,2000");
  EXPECT_TRUE(portOf(sw, "Ethernet4").access_vlan.empty());
  for (const char* member : {"Ethernet8", "Ethernet12"}) {
    ASSERT_TRUE(portOf(sw, member).trunk_vlans) << member;
    EXPECT_EQ(portOf(sw, member).trunk_vlans->value.str(), "2000") << member;
  }
}

}  // namespace
}  // namespace rocelint
