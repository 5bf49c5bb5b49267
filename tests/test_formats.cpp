// The format registry (parsers/format.hpp): which entry recognises which file, in which order, with
// which role; why an unrecognised file is skipped; and the loader handling each role generically.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "format.hpp"
#include "sonic_format.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::TempDir;

std::vector<std::string> registryNames() {
  std::vector<std::string> names;
  for (const format::Format* f : format::registry()) names.emplace_back(f->name);
  return names;
}

const char* recognisedAs(const std::string& file, const std::string& text) {
  format::Input input(file, "", text);
  const format::Format* f = format::recognise(input);
  return f ? f->name : "";
}

TEST(FormatRegistry, EveryInputFormatIsOneEntryInRecognitionOrder) {
  EXPECT_EQ(registryNames(),
            (std::vector<std::string>{"pg_profile_lookup.ini", "port_config.ini", "LLDP", "SONiC Redis dump",
                                      "FRR routes", "SONiC STATE_DB dump", "Arista EOS show output",
                                      "Junos show output", "SONiC config_db", "SONiC minigraph", "topology.yaml",
                                      "containerlab", "Junos", "H3C Comware", "Huawei VRP", "EOS", "NX-OS", "NVUE"}));
  for (const format::Format* f : format::registry()) {
    SCOPED_TRACE(f->name);
    switch (f->role) {
      case format::Role::Switch:
        EXPECT_NE(f->hostname, nullptr);
        EXPECT_NE(f->builder, nullptr);
        EXPECT_EQ(f->topology, nullptr);
        break;
      case format::Role::PlatformTable:
        EXPECT_EQ(f->builder, nullptr);
        break;
      case format::Role::Topology:
        EXPECT_NE(f->topology, nullptr);
        EXPECT_EQ(f->builder, nullptr);
        break;
      case format::Role::State:
        EXPECT_NE(f->hostname, nullptr);
        EXPECT_NE(f->read_state, nullptr);
        EXPECT_EQ(f->builder, nullptr);
        break;
    }
  }
  // config_db and minigraph build one switch together; the vendors each their own.
  EXPECT_EQ(sonic::configDbFormat().builder, sonic::minigraphFormat().builder);
  EXPECT_EQ(sonic::pgProfileLookupFormat().role, format::Role::PlatformTable);
  EXPECT_EQ(sonic::portConfigFormat().role, format::Role::PlatformTable);
  EXPECT_NE(sonic::configDbFormat().build_alone, nullptr);
  EXPECT_NE(sonic::configDbFormat().builder->post_process, nullptr);
}

TEST(FormatRegistry, RecognisesByContentInRegistryOrder) {
  EXPECT_STREQ(recognisedAs("x/pg_profile_lookup.ini", "# speed cable size xon xoff threshold\n"),
               "pg_profile_lookup.ini");
  EXPECT_STREQ(recognisedAs("x/port_config.ini", "# name lanes alias index speed\nEthernet0 0,1 etp1 0 100000\n"),
               "port_config.ini");
  // Recognised by content, whatever the file is called (`<platform>-port-config.ini`).
  EXPECT_STREQ(recognisedAs("x/x86_64-mlnx_msn2700-r0-port-config.ini",
                            "# name lanes alias index speed\nEthernet0 0,1 etp1 0 100000\n"),
               "port_config.ini");
  EXPECT_STREQ(recognisedAs("x/th.ini", "# speed cable size xon xoff threshold\n40000 5m 1248 2288 66560 0\n"),
               "pg_profile_lookup.ini");
  EXPECT_STREQ(recognisedAs("x/other.ini", "# name value\nfoo 1\n"), "");
  EXPECT_STREQ(recognisedAs("leaf1.json", R"({"lldp": {"interface": []}})"), "LLDP");
  EXPECT_STREQ(recognisedAs("leaf1.json", R"({"PORT": {"Ethernet0": {"speed": "100000"}}})"), "SONiC config_db");
  // JSON without the .json extension is still JSON; JSON formats only ever see JSON.
  EXPECT_STREQ(recognisedAs("leaf1", R"({"PORT": {}})"), "SONiC config_db");
  EXPECT_STREQ(
      recognisedAs(
          "g.xml",
          R"(<DeviceMiniGraph xmlns="Microsoft.Search.Autopilot.Evolution"><Hostname>a</Hostname></DeviceMiniGraph>)"),
      "SONiC minigraph");
  EXPECT_STREQ(recognisedAs("j.xml",
                            "<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/\"><configuration>"
                            "<system><host-name>a</host-name></system></configuration></rpc-reply>\n"),
               "Junos");
  EXPECT_STREQ(recognisedAs("t.yaml", "rocelint-topology: 1\nswitches: []\n"), "topology.yaml");
  EXPECT_STREQ(recognisedAs("lab.clab.yml", "name: lab\ntopology:\n  nodes:\n    a: {kind: ceos}\n"), "containerlab");
  EXPECT_STREQ(recognisedAs("a.conf", "system {\n    host-name a;\n}\n"), "Junos");
  EXPECT_STREQ(recognisedAs("a.cfg", "hostname a\ninterface Ethernet1\n   service-profile P\n"), "EOS");
  EXPECT_STREQ(recognisedAs("a.cfg", "hostname a\nfeature lldp\ninterface Ethernet1/1\n  mtu 9216\n"), "NX-OS");
  EXPECT_STREQ(recognisedAs("startup.yaml", "- set:\n    interface:\n      swp1: {}\n"), "NVUE");
  EXPECT_STREQ(recognisedAs("a.cfg", "!Software Version V300R023C00SPC500\n#\nsysname a\n#\nreturn\n"), "Huawei VRP");
  EXPECT_STREQ(recognisedAs("a.cfg", "sysname a\n#\ninterface 100GE1/0/1\n undo portswitch\n"), "Huawei VRP");
  // Comware writes `sysname` too, under its ` version 7.1...` line: Comware, not VRP; so is a pasted
  // Comware session, told by a prompt naming a Comware interface.
  EXPECT_STREQ(recognisedAs("h.cfg", "#\n version 7.1.070, Release 6710\n#\n sysname h\n#\nreturn\n"), "H3C Comware");
  EXPECT_STREQ(recognisedAs("h.cfg", "#\n version 9.1.045, Release 9126\n#\n sysname h\n#\nreturn\n"), "H3C Comware");
  EXPECT_STREQ(recognisedAs("h.cfg", "[h]interface HundredGigE1/0/1\n[h-HundredGigE1/0/1]description a:b\n"),
               "H3C Comware");
  EXPECT_STREQ(recognisedAs("v.cfg", "[~v]sysname v\n[*v]interface 100GE1/0/1\n[*v-100GE1/0/1]description a:b\n"),
               "Huawei VRP");
  // Malformed JSON is an input error, not an unrecognised file.
  format::Input broken("b.json", "", "{\"PORT\": ");
  EXPECT_THROW(format::recognise(broken), InputError);
}

// The CFG004 notes keep the wording they had before the registry (baselines match on messages).
TEST(FormatRegistry, SkipReasonsAreUnchangedAndUnknownYamlIsIgnored) {
  TempDir dir;
  dir.write("notes.json", "[\"re-cabled on 2024-05-02\"]\n");
  dir.write("pom.xml", "<project><configuration/></project>\n");
  dir.write("platform.ini", "key = value\n");  // an ini starting with "[" would be JSON (and malformed)
  dir.write("router.cfg", "just some words\n");
  dir.write("blob.bin", "\x01\x02\x03");
  dir.write("ansible.yaml", "vars:\n  a: 1\n");
  Fabric fabric = loadFabric({dir.path()});
  std::vector<std::string> skipped;
  for (const InputNote& note : fabric.notes) {
    if (note.kind == InputNote::Kind::SkippedFile) skipped.push_back(note.message);
  }
  std::string root = dir.path() + "/";
  EXPECT_EQ(skipped, (std::vector<std::string>{
                         root + "blob.bin skipped: not a recognised input format",
                         root + "notes.json skipped: JSON that is neither a SONiC config_db (no TABLE or TABLE|key "
                                "members) nor LLDP neighbours (no lldp or lldpNeighbors)",
                         root + "platform.ini skipped: neither a SONiC pg_profile_lookup table (rows \"speed cable "
                                "size xon xoff threshold\") nor a port table (a \"# name lanes alias ...\" header), "
                                "the SONiC platform .ini files rocelint reads",
                         root + "pom.xml skipped: XML that is not a SONiC minigraph (root DeviceMiniGraph) nor a Junos "
                                "configuration (<configuration>)",
                         root + "router.cfg skipped: not an EOS or NX-OS running-config nor a Junos configuration",
                     }));
  EXPECT_EQ(fabric.files_loaded, 0);
}

// Platform tables apply by directory, whatever format reads them: the lookup table in a switch's
// own directory beats the one at the root, and SONiC's post-processing derives the PG from it.
TEST(FormatRegistry, PlatformTablesApplyByDirectoryAndPostProcessingDerivesPgs) {
  TempDir dir;
  std::string sw = R"({"DEVICE_METADATA": {"localhost": {"hostname": "HOST"}},
    "PORT": {"Ethernet0": {"speed": "100000", "admin_status": "up"}},
    "CABLE_LENGTH": {"AZURE": {"Ethernet0": "5m"}},
    "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}}})";
  auto named = [&](const std::string& host) { return std::string(sw).replace(sw.find("HOST"), 4, host); };
  dir.write("leaf1/config_db.json", named("leaf1"));
  dir.write("leaf2.json", named("leaf2"));
  dir.write("leaf1/pg_profile_lookup.ini", "100000 5m 1000 2000 3000 0\n");
  std::string root_table = dir.write("pg_profile_lookup.ini", "100000 5m 4000 5000 6000 0\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  for (const Switch& s : fabric.switches) {
    SCOPED_TRACE(s.name);
    ASSERT_TRUE(s.pg_lookup);
    const Port& port = test::portOf(s, "Ethernet0");
    ASSERT_TRUE(port.pgs[3] && port.pgs[3]->profile);
    EXPECT_EQ(port.pgs[3]->profile->name, "pg_lossless_100000_5m_profile");
    const BufferProfile& profile = s.profiles.at("pg_lossless_100000_5m_profile");
    EXPECT_TRUE(profile.derived);
    EXPECT_EQ(profile.size_bytes->value, s.name == "leaf1" ? 1000u : 4000u);
  }
  EXPECT_EQ(fabric.switches[1].pg_lookup->file, root_table);
  EXPECT_EQ(fabric.files_loaded, 4);
}

}  // namespace
}  // namespace rocelint
