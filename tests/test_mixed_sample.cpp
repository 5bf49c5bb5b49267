// samples/leafspine-mixed: the clean leaf-spine fabric with its switches in several vendors'
// syntax (gen_leafspine_mixed.py). One fabric, one model: the same facts and the same findings
// as the SONiC sample, and a mistake seeded in one vendor's syntax gives the SONiC finding.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_util.hpp"
#include "vendor_samples.hpp"

namespace rocelint {
namespace {

using test::TempDir;

const std::string kMixed = "/samples/leafspine-mixed";

// The syntax of each switch of the mixed sample and the file it lives in (gen_leafspine_mixed.py).
struct MixedSwitch {
  std::string format;  ///< ParseCoverage::format, "" for SONiC config_db
  std::string file;
  std::string (*port_of)(const std::string&);
};

std::string sonicPortOf(const std::string& port) { return port; }

const std::map<std::string, MixedSwitch>& mixedSwitches() {
  static const std::map<std::string, MixedSwitch> switches = {
      {"spine1", {"EOS", "spine1.cfg", test::eosPortOf}}, {"spine2", {"NX-OS", "spine2.cfg", test::eosPortOf}},
      {"leaf1", {"", "leaf1.json", sonicPortOf}},         {"leaf2", {"NVUE", "leaf2/startup.yaml", test::nvuePortOf}},
      {"leaf3", {"EOS", "leaf3.cfg", test::eosPortOf}},   {"leaf4", {"Junos", "leaf4.conf", test::junosPortOf}},
  };
  return switches;
}

std::string mixedPortOf(const std::string& switch_name, const std::string& sonic_port) {
  return mixedSwitches().at(switch_name).port_of(sonic_port);
}

// Each link as "sw:port sw:port", the two ends in name order.
std::set<std::string> linkNames(const Fabric& fabric) {
  std::set<std::string> links;
  for (const Link& link : fabric.links) {
    auto name = [&](const PortRef& end) {
      const Switch& sw = fabric.switches[end.sw];
      return sw.name + ":" + sw.ports[end.port].name;
    };
    std::string a = name(link.a);
    std::string b = name(link.b);
    links.insert(a < b ? a + " " + b : b + " " + a);
  }
  return links;
}

TEST(MixedSample, HasTheSameModelFactsAsTheSonicSample) {
  std::size_t vendor_files = 0;
  for (const auto& [name, sw] : mixedSwitches()) vendor_files += sw.format.empty() ? 0 : 1;
  ASSERT_EQ(vendor_files, 5u);
  test::expectSameFactsAsSonicSample("leafspine-mixed", mixedPortOf, vendor_files);
}

TEST(MixedSample, EachSwitchIsReadInItsOwnSyntax) {
  Fabric fabric = loadFabric({test::sourceDir() + kMixed});
  std::map<std::string, std::string> format_of_file;
  for (const auto& c : fabric.coverage) format_of_file[c.file] = c.format;
  for (const auto& [name, expected] : mixedSwitches()) {
    const Switch* sw = fabric.findSwitch(name);
    ASSERT_NE(sw, nullptr) << name;
    std::string path = test::sourceDir() + kMixed + "/" + expected.file;
    ASSERT_EQ(sw->files.size(), 1u) << name;
    EXPECT_EQ(sw->files[0], path) << name;
    auto it = format_of_file.find(path);
    EXPECT_EQ(it == format_of_file.end() ? std::string() : it->second, expected.format) << name;
  }
  // Every link joins two switches whose configs name each other's ports in the peer's syntax.
  ASSERT_EQ(fabric.links.size(), 8u);
  std::set<std::string> links = linkNames(fabric);
  EXPECT_EQ(links,
            (std::set<std::string>{"leaf1:Ethernet0 spine1:Ethernet1/1", "leaf1:Ethernet8 spine2:Ethernet1/1",
                                   "leaf2:swp1 spine1:Ethernet2/1", "leaf2:swp2 spine2:Ethernet2/1",
                                   "leaf3:Ethernet1/1 spine1:Ethernet3/1", "leaf3:Ethernet2/1 spine2:Ethernet3/1",
                                   "leaf4:et-0/0/0 spine1:Ethernet4/1", "leaf4:et-0/0/1 spine2:Ethernet4/1"}));
}

TEST(MixedSample, ExitsZeroAndReportsCoverage) {
  auto [code, out] = test::runRocelint("check " + test::sourceDir() + kMixed);
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("6 switch(es), 8 link(s), 8 host port(s): 0 error(s), 0 warning(s), 0 note(s)"), std::string::npos)
      << out;
}

// Every file of each committed vendor sample, and no other, is what its generator writes now.
TEST(VendorSamples, EachCommittedSampleIsWhatItsGeneratorWrites) {
  namespace fs = std::filesystem;
  const std::pair<std::string, std::string> samples[] = {
      {"gen_leafspine_eos.py", "leafspine-eos"},
      {"gen_leafspine_nxos.py", "leafspine-nxos"},
      {"gen_leafspine_nvue.py", "leafspine-nvue"},
      {"gen_leafspine_junos.py", "leafspine-junos"},
      {"gen_leafspine_huawei.py", "leafspine-huawei"},
      {"gen_leafspine_mixed.py", "leafspine-mixed"},
      {"gen_leafspine_h3c.py", "leafspine-h3c"},
      {"gen_leafspine_mixed_huawei_h3c.py", "leafspine-mixed-huawei-h3c"}};
  auto filesUnder = [](const fs::path& root) {
    std::set<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (entry.is_regular_file()) files.insert(fs::relative(entry.path(), root).string());
    }
    return files;
  };
  for (const auto& [generator, dir] : samples) {
    SCOPED_TRACE(generator);
    TempDir out;
    std::string cmd =
        "/usr/bin/python3 " + test::sourceDir() + "/samples/" + generator + " " + out.path() + "/gen > /dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    fs::path committed = test::sourceDir() + "/samples/" + dir;
    std::set<std::string> files = filesUnder(committed);
    EXPECT_EQ(filesUnder(out.path() + "/gen"), files);
    EXPECT_GE(files.size(), 7u);
    for (const std::string& file : files) {
      EXPECT_EQ(test::readAll(out.path() + "/gen/" + file), test::readAll((committed / file).string())) << file;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The same mistake in each syntax: DSCP 26 (RoCE) lands in lossy traffic class 1 on spine2
// ---------------------------------------------------------------------------------------------

using test::FindingKey;

void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  ASSERT_EQ(text.find(from, at + 1), std::string::npos) << from;
  text.replace(at, from.size(), to);
}

// The SONiC sample with DSCP 26 in lossy TC 1 on `switch_name`: the reference for the other syntaxes.
Report sonicWithDscp26Lossy(const TempDir& dir, const std::string& switch_name) {
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
    if (name == switch_name) {
      auto doc = nlohmann::json::parse(json);
      doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
      json = doc.dump(4);
    }
    dir.write(name + ".json", json);
  }
  return test::check(dir.path());
}

// The SONiC sample with the mistake on spine2: the reference the other syntaxes must match.
Report sonicWithSeededMistake(const TempDir& dir) { return sonicWithDscp26Lossy(dir, "spine2"); }

TEST(MixedSample, SeededDscp26MistakeInNxosSyntaxGivesTheSonicFinding) {
  TempDir sonic_dir;
  Report sonic = sonicWithSeededMistake(sonic_dir);
  std::set<FindingKey> expected = {{"MAP001", "spine2", "Ethernet0", 1}};
  ASSERT_EQ(test::findingKeys(sonic), expected);

  // spine2 of the mixed sample is NX-OS: the ROCE class (DSCP 26) set to qos-group 1.
  TempDir mixed_dir;
  for (const auto& [name, sw] : mixedSwitches()) {
    std::string text = test::readAll(test::sourceDir() + kMixed + "/" + sw.file);
    if (name == "spine2")
      replaceOnce(text, "  class ROCE\n    set qos-group 3\n", "  class ROCE\n    set qos-group 1\n");
    mixed_dir.write(sw.file, text);
  }
  Report mixed = test::check(mixed_dir.path());
  EXPECT_EQ(test::findingKeys(mixed), (std::set<FindingKey>{{"MAP001", "spine2", "Ethernet1/1", 1}}));
  ASSERT_EQ(mixed.findings.size(), 1u);
  const Finding& f = mixed.findings[0];
  EXPECT_EQ(f.severity, sonic.findings[0].severity);
  EXPECT_EQ(f.location.file(), mixed_dir.path() + "/spine2.cfg");
  EXPECT_EQ(f.location.line, 19);  // "    set qos-group 1" under "class ROCE"
}

TEST(MixedSample, SeededDscp26MistakeInTheNxosSampleGivesTheSonicFinding) {
  TempDir sonic_dir;
  Report sonic = sonicWithSeededMistake(sonic_dir);
  TempDir nxos_dir;
  for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
    std::string cfg = test::readAll(test::sourceDir() + "/samples/leafspine-nxos/" + name + ".cfg");
    if (name == "spine2")
      replaceOnce(cfg, "  class ROCE\n    set qos-group 3\n", "  class ROCE\n    set qos-group 1\n");
    nxos_dir.write(name + ".cfg", cfg);
  }
  Report nxos = test::check(nxos_dir.path());
  EXPECT_EQ(test::findingKeys(sonic, test::eosPortOf), test::findingKeys(nxos));
  ASSERT_EQ(nxos.findings.size(), 1u);
  EXPECT_EQ(nxos.findings[0].location.file(), nxos_dir.path() + "/spine2.cfg");
}

// A leaf in each syntax (SONiC, NVUE, EOS, Junos) with the same mistake gives the SONiC finding
// on that leaf.
TEST(MixedSample, SeededDscp26MistakeOnEachLeafSyntaxGivesTheSonicFinding) {
  struct Seed {
    std::string leaf;
    std::vector<std::pair<std::string, std::string>> edits;  // none: SONiC, edited as JSON below
    std::string fix_starts;                                  // the MAP001 fix, in the leaf's own syntax
  };
  const Seed seeds[] = {
      {"leaf1", {}, "map DSCP 26 to a lossless TC with PFC and a lossless PG on leaf1"},
      {"leaf2",
       {{"'26': {switch-priority: 3}", "'26': {switch-priority: 1}"}},
       "map DSCP 26 to a lossless switch priority on leaf2 (as on leaf1): `nv set qos mapping"},
      {"leaf3",
       {{"qos map dscp 26 to traffic-class 3", "qos map dscp 26 to traffic-class 1"}},
       "map DSCP 26 to a no-drop traffic class on leaf3 (as on leaf1): `qos map dscp 26 to traffic-class 3`"},
      // Junos: code point 011010 moves from the no-loss class ROCE to the lossy class DEFAULT.
      {"leaf4",
       {{"            forwarding-class ROCE {\n                loss-priority low code-points 011010;\n            }\n",
         ""},
        {"loss-priority low code-points [ 000000", "loss-priority low code-points [ 011010 000000"}},
       "classify DSCP 26 into a no-loss forwarding class on leaf4 (as on leaf1): `set class-of-service classifiers"},
  };
  for (const Seed& seed : seeds) {
    SCOPED_TRACE(seed.leaf);
    TempDir sonic_dir;
    for (const std::string name : {"spine1", "spine2", "leaf1", "leaf2", "leaf3", "leaf4"}) {
      std::string json = test::readAll(test::sourceDir() + "/samples/leafspine-clean/" + name + ".json");
      if (name == seed.leaf) {
        auto doc = nlohmann::json::parse(json);
        doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
        json = doc.dump(4);
      }
      sonic_dir.write(name + ".json", json);
    }
    Report sonic = test::check(sonic_dir.path());
    ASSERT_FALSE(sonic.findings.empty());
    TempDir mixed_dir;
    for (const auto& [name, sw] : mixedSwitches()) {
      std::string text = test::readAll(test::sourceDir() + kMixed + "/" + sw.file);
      if (name == seed.leaf) {
        if (seed.edits.empty()) {
          auto doc = nlohmann::json::parse(text);
          doc["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1";
          text = doc.dump(4);
        }
        for (const auto& [from, to] : seed.edits) replaceOnce(text, from, to);
      }
      mixed_dir.write(sw.file, text);
    }
    Report mixed = test::check(mixed_dir.path());
    auto port_of = mixedSwitches().at(seed.leaf).port_of;
    EXPECT_EQ(test::findingKeys(sonic, port_of), test::findingKeys(mixed));
    for (const Finding& f : mixed.findings) {
      EXPECT_EQ(f.switch_name, seed.leaf);
      EXPECT_EQ(f.location.file(), mixed_dir.path() + "/" + mixedSwitches().at(seed.leaf).file);
      EXPECT_EQ(f.fix.substr(0, seed.fix_starts.size()), seed.fix_starts) << f.fix;
    }
  }
}

// PFC008 across syntaxes: an NX-OS port whose PFC is `mode auto` needs its peer to send DCBX. NVUE
// never negotiates and sends the PFC TLV only with `lldp dcbx-pfc-tlv on` (default off); Junos sends
// DCBX on every interface unless `protocols dcbx ... disable`. Both are now judged as peers.
std::string fileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::vector<Finding> pfc008OnNxosLeaf(const std::string& spine_file, const std::string& spine_text,
                                      const std::string& spine_port) {
  TempDir dir;
  std::string leaf = fileText(test::sourceDir() + "/tests/fixtures/PFC008/nxos/bad/leaf1.cfg");
  dir.write("leaf1.cfg", replaced(leaf, "description spine1:Ethernet1/1", "description spine1:" + spine_port));
  dir.write(spine_file, spine_text);
  Report report = test::check(dir.path());
  EXPECT_EQ(report.summary.links, 1);
  std::vector<Finding> out;
  for (const Finding& f : test::withRule(report, "PFC008")) {
    if (f.port == "Ethernet1/1") out.push_back(f);
  }
  return out;
}

TEST(MixedDcbx, NegotiatedNxosPortJudgesAnNvueOrJunosPeersDcbx) {
  std::string nvue = replaced(fileText(test::sourceDir() + "/tests/fixtures/ECN001/nvue/good/spine1/startup.yaml"),
                              "description: leaf1:swp1", "description: leaf1:Ethernet1/1");
  auto silent = pfc008OnNxosLeaf("spine1/startup.yaml", nvue, "swp1");
  ASSERT_EQ(silent.size(), 1u);
  EXPECT_NE(silent[0].message.find("spine1 swp1"), std::string::npos) << silent[0].message;
  ASSERT_FALSE(silent[0].related.empty());
  EXPECT_EQ(test::origin(silent[0].related.back().src), "default: interface lldp dcbx-pfc-tlv");
  std::string tlv = replaced(nvue, "        description: leaf1:Ethernet1/1\n",
                             "        description: leaf1:Ethernet1/1\n        lldp:\n          dcbx-pfc-tlv: on\n");
  EXPECT_TRUE(pfc008OnNxosLeaf("spine1/startup.yaml", tlv, "swp1").empty());

  std::string junos = replaced(fileText(test::sourceDir() + "/tests/fixtures/ECN001/junos/good/spine1.conf"),
                               "description leaf1:et-0/0/0;", "description leaf1:Ethernet1/1;");
  EXPECT_TRUE(pfc008OnNxosLeaf("spine1.conf", junos, "et-0/0/0").empty());  // DCBX on by default
  std::string off = replaced(junos, "protocols {\n",
                             "protocols {\n    dcbx {\n        interface et-0/0/0 {\n"
                             "            disable;\n        }\n    }\n");
  auto judged = pfc008OnNxosLeaf("spine1.conf", off, "et-0/0/0");
  ASSERT_EQ(judged.size(), 1u);
  ASSERT_FALSE(judged[0].related.empty());
  EXPECT_EQ(test::origin(judged[0].related.back().src), "cli-statement: protocols dcbx interface et-0/0/0 disable");
}

// ---------------------------------------------------------------------------------------------
// samples/leafspine-mixed-huawei-h3c: a Huawei spine and an H3C spine, H3C and Huawei leaves beside
// SONiC and NX-OS ones (gen_leafspine_mixed_huawei_h3c.py)
// ---------------------------------------------------------------------------------------------

const std::string kDomestic = "/samples/leafspine-mixed-huawei-h3c";
const char* const kCellNote = "a value in cells on a platform of unknown cell size";

struct DomesticSwitch {
  std::string format;  ///< ParseCoverage::format, "" for SONiC config_db
  std::string file;
  std::string (*port_of)(const std::string& switch_name, const std::string& sonic_port);
};

std::string sonicPortOn(const std::string&, const std::string& port) { return port; }
std::string eosPortOn(const std::string&, const std::string& port) { return test::eosPortOf(port); }

const std::map<std::string, DomesticSwitch>& domesticSwitches() {
  static const std::map<std::string, DomesticSwitch> switches = {
      {"spine1", {"Huawei VRP", "spine1.cfg", test::huaweiPortOf}},
      {"spine2", {"H3C Comware", "spine2.cfg", test::h3cPortOf}},
      {"leaf1", {"", "leaf1.json", sonicPortOn}},
      {"leaf2", {"H3C Comware", "leaf2.cfg", test::h3cPortOf}},
      {"leaf3", {"Huawei VRP", "leaf3.cfg", test::huaweiPortOf}},
      {"leaf4", {"NX-OS", "leaf4.cfg", eosPortOn}},
  };
  return switches;
}

TEST(MixedHuaweiH3cSample, HasTheSameModelFactsAsTheSonicSample) {
  test::expectSameFactsAsSonicSample(
      "leafspine-mixed-huawei-h3c",
      [](const std::string& sw, const std::string& port) { return domesticSwitches().at(sw).port_of(sw, port); }, 5,
      kCellNote);
}

TEST(MixedHuaweiH3cSample, EachSwitchIsReadInItsOwnSyntaxAndEveryLinkJoins) {
  Fabric fabric = loadFabric({test::sourceDir() + kDomestic});
  std::map<std::string, std::string> format_of_file;
  for (const auto& c : fabric.coverage) format_of_file[c.file] = c.format;
  for (const auto& [name, expected] : domesticSwitches()) {
    const Switch* sw = fabric.findSwitch(name);
    ASSERT_NE(sw, nullptr) << name;
    std::string path = test::sourceDir() + kDomestic + "/" + expected.file;
    ASSERT_EQ(sw->files.size(), 1u) << name;
    EXPECT_EQ(sw->files[0], path) << name;
    auto it = format_of_file.find(path);
    EXPECT_EQ(it == format_of_file.end() ? std::string() : it->second, expected.format) << name;
  }
  // Each leaf's two uplinks reach the Huawei spine's 400GE1/0/N and the H3C spine's
  // FourHundredGigE1/0/N, N the leaf's number, from the leaf's first two front-panel ports.
  std::set<std::string> links = linkNames(fabric);
  EXPECT_EQ(links, (std::set<std::string>{
                       "leaf1:Ethernet0 spine1:400GE1/0/1", "leaf1:Ethernet8 spine2:FourHundredGigE1/0/1",
                       "leaf2:FourHundredGigE1/0/1 spine1:400GE1/0/2",
                       "leaf2:FourHundredGigE1/0/2 spine2:FourHundredGigE1/0/2", "leaf3:400GE1/0/1 spine1:400GE1/0/3",
                       "leaf3:400GE1/0/2 spine2:FourHundredGigE1/0/3", "leaf4:Ethernet1/1 spine1:400GE1/0/4",
                       "leaf4:Ethernet2/1 spine2:FourHundredGigE1/0/4"}));
  EXPECT_EQ(fabric.hosts.size(), 8u);
}

TEST(MixedHuaweiH3cSample, ExitsZeroWithOnlyTheCellSizeNotes) {
  auto [code, out] = test::runRocelint("check " + test::sourceDir() + kDomestic);
  EXPECT_EQ(code, 0) << out;
  // One note per H3C switch (spine2, leaf2): Comware names no platform, so the cell size is the default.
  EXPECT_NE(out.find("6 switch(es), 8 link(s), 8 host port(s): 0 error(s), 0 warning(s), 2 note(s)"), std::string::npos)
      << out;
  Report report = analyze(loadFabric({test::sourceDir() + kDomestic}), {});
  std::set<std::string> noted;
  for (const Finding& f : report.findings) {
    EXPECT_EQ(f.rule, "CFG001");
    EXPECT_EQ(f.message.rfind(kCellNote, 0), 0u) << f.message;
    noted.insert(f.switch_name);
  }
  EXPECT_EQ(noted, (std::set<std::string>{"leaf2", "spine2"}));
}

// DSCP 26 is in PHB af3 / 802.1p 3 by the factory tables (8n..8n+7 -> n), so the samples do not
// write it; the mistake adds the line that moves it to TC 1. Each vendor's switch, spine or leaf,
// then gives the SONiC sample's MAP001 findings on the same front-panel ports, at the added line,
// with the fix in its own syntax.
TEST(MixedHuaweiH3cSample, SeededDscp26MistakeOnHuaweiAndH3cSwitchesGivesTheSonicFinding) {
  struct Seed {
    std::string sw;
    std::string after;  ///< the line the mistake is added after
    std::string line;   ///< the mistake
    std::string fix_starts;
  };
  const Seed seeds[] = {
      {"spine1", "diffserv domain roce\n", " ip-dscp-inbound 26 phb af1 green\n",
       "map DSCP 26 to PHB af3 on spine1 (as on leaf1): `ip-dscp-inbound 26 phb af3 green` in `diffserv domain roce`"},
      {"spine2", "qos map-table dscp-dot1p\n", " import 26 export 1\n",
       "map DSCP 26 to 802.1p 3 on spine2 (as on leaf1): `import 26 export 3` in `qos map-table dscp-dot1p`"},
      {"leaf2", "qos map-table dscp-dot1p\n", " import 26 export 1\n",
       "map DSCP 26 to 802.1p 3 on leaf2 (as on leaf1): `import 26 export 3` in `qos map-table dscp-dot1p`"},
      {"leaf3", "diffserv domain roce\n", " ip-dscp-inbound 26 phb af1 green\n",
       "map DSCP 26 to PHB af3 on leaf3 (as on leaf1): `ip-dscp-inbound 26 phb af3 green` in `diffserv domain roce`"},
  };
  for (const Seed& seed : seeds) {
    SCOPED_TRACE(seed.sw);
    TempDir sonic_dir;
    Report sonic = sonicWithDscp26Lossy(sonic_dir, seed.sw);
    ASSERT_FALSE(sonic.findings.empty());
    TempDir dir;
    int seeded_line = 0;
    for (const auto& [name, sw] : domesticSwitches()) {
      std::string text = test::readAll(test::sourceDir() + kDomestic + "/" + sw.file);
      if (name == seed.sw) {
        auto at = text.find(seed.after);
        ASSERT_NE(at, std::string::npos);
        at += seed.after.size();
        seeded_line =
            static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
        text.insert(at, seed.line);
      }
      dir.write(sw.file, text);
    }
    Report mixed = test::check(dir.path());
    // MAP001 is reported once per switch, on its first port by name: the vendors order their port
    // names differently (Huawei's 100GE1/0/3 sorts before 400GE1/0/1), so the port is any of the switch's.
    std::set<FindingKey> expected;
    for (const auto& [rule, sw, port, priority] : test::findingKeys(sonic)) expected.insert({rule, sw, "", priority});
    std::set<FindingKey> got;
    Fabric fabric = loadFabric({dir.path()});
    const Switch* seeded = fabric.findSwitch(seed.sw);
    ASSERT_NE(seeded, nullptr);
    for (const Finding& f : mixed.findings) {
      if (f.rule == "CFG001" && f.message.rfind(kCellNote, 0) == 0) continue;
      got.insert({f.rule, f.switch_name, "", f.priority.value_or(-1)});
      EXPECT_NE(seeded->findPort(f.port), nullptr) << f.port;
      EXPECT_EQ(f.switch_name, seed.sw);
      EXPECT_EQ(f.location.file(), dir.path() + "/" + domesticSwitches().at(seed.sw).file);
      EXPECT_EQ(f.location.line, seeded_line) << f.message;
      EXPECT_EQ(f.fix.substr(0, seed.fix_starts.size()), seed.fix_starts) << f.fix;
    }
    EXPECT_EQ(got, expected);
  }
}

}  // namespace
}  // namespace rocelint
