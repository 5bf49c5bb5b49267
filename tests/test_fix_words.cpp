// Fix hints in the switch's own syntax (rules/fix_words.hpp): the syntax each switch records, the
// wording functions on their own, and no SONiC table or field name in any finding of a vendor
// fixture. The exact fix of each rule per syntax is in its fixture's expected.yaml
// (tests/fixtures/<ID>/<syntax>/, run by test_fixtures.cpp).

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fix_words.hpp"
#include "fixture_dirs.hpp"
#include "rocelint/loader.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

// Every SONiC table (and field) name a finding's message, related locations or fix could carry (config_db tables the
// model is named after).
const std::vector<std::string>& sonicTables() {
  static const std::vector<std::string> tables = {"PORT_QOS_MAP",
                                                  "WRED_PROFILE",
                                                  "BUFFER_PG",
                                                  "BUFFER_PROFILE",
                                                  "BUFFER_POOL",
                                                  "BUFFER_QUEUE",
                                                  "CABLE_LENGTH",
                                                  "DSCP_TO_TC_MAP",
                                                  "DOT1P_TO_TC_MAP",
                                                  "TC_TO_PRIORITY_GROUP_MAP",
                                                  "TC_TO_QUEUE_MAP",
                                                  "PFC_PRIORITY_TO_QUEUE_MAP",
                                                  "PFC_WD",
                                                  "QUEUE|",
                                                  "SCHEDULER",
                                                  "DEVICE_METADATA",
                                                  "BUFFER_PORT_INGRESS_PROFILE_LIST",
                                                  "BUFFER_PORT_EGRESS_PROFILE_LIST",
                                                  "pfc_enable",
                                                  "pfcwd_sw_enable",
                                                  "wred_profile",
                                                  "tc_to_pg_map",
                                                  "PORT speed",
                                                  "PORT mtu",
                                                  "pg_profile_lookup.ini"};
  return tables;
}

void expectNoSonicWords(const Report& report, const std::string& what) {
  EXPECT_FALSE(report.findings.empty()) << what;
  for (const Finding& f : report.findings) {
    for (const std::string& table : sonicTables()) {
      EXPECT_EQ(f.fix.find(table), std::string::npos) << what << " " << f.rule << " fix: " << f.fix;
      EXPECT_EQ(f.message.find(table), std::string::npos) << what << " " << f.rule << " message: " << f.message;
      for (const RelatedLocation& r : f.related) {
        EXPECT_EQ(r.message.find(table), std::string::npos) << what << " " << f.rule << " related: " << r.message;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The syntax each switch was read from
// ---------------------------------------------------------------------------------------------

TEST(FixWords, EachSwitchRecordsTheSyntaxItWasReadFrom) {
  for (const auto& [sample, syntax] :
       std::vector<std::pair<std::string, ConfigSyntax>>{{"leafspine-clean", ConfigSyntax::SonicConfigDb},
                                                         {"leafspine-eos", ConfigSyntax::Eos},
                                                         {"leafspine-nxos", ConfigSyntax::Nxos},
                                                         {"leafspine-nvue", ConfigSyntax::Nvue},
                                                         {"leafspine-junos", ConfigSyntax::Junos}}) {
    Fabric fabric = loadFabric({test::sourceDir() + "/samples/" + sample});
    ASSERT_EQ(fabric.switches.size(), 6u) << sample;
    for (const Switch& sw : fabric.switches) EXPECT_EQ(sw.syntax, syntax) << sample << " " << sw.name;
  }
  Fabric mixed = loadFabric({test::sourceDir() + "/samples/leafspine-mixed"});
  std::set<ConfigSyntax> seen;
  for (const Switch& sw : mixed.switches) seen.insert(sw.syntax);
  EXPECT_EQ(seen.size(), 5u);  // SONiC, EOS, NX-OS, NVUE and Junos in one fabric
}

// ---------------------------------------------------------------------------------------------
// The wording functions on their own
// ---------------------------------------------------------------------------------------------

TEST(FixWords, NeutralTextReplacesWholeSonicNamesOnVendorSwitchesOnly) {
  Switch sonic;
  Switch eos;
  eos.syntax = ConfigSyntax::Eos;
  Switch minigraph;
  minigraph.syntax = ConfigSyntax::Minigraph;
  const std::string text = "PG 3 uses BUFFER_PROFILE p (BUFFER_PG Ethernet0|3, pfc_enable 3,4, my_pfc_enable_x)";
  EXPECT_EQ(rules::words::neutralText(sonic, text), text);
  EXPECT_EQ(rules::words::neutralText(minigraph, text), text);
  EXPECT_EQ(rules::words::neutralText(eos, text),
            "PG 3 uses buffer profile p (lossless PG Ethernet0|3, PFC priorities 3,4, my_pfc_enable_x)");
  EXPECT_EQ(rules::words::term(eos, "WRED_PROFILE"), "ECN profile");
  EXPECT_EQ(rules::words::term(sonic, "WRED_PROFILE"), "WRED_PROFILE");
}

TEST(FixWords, CableLengthAndXoffPerSyntax) {
  Port port;
  port.name = "swp1";
  Switch sw;
  EXPECT_EQ(rules::words::setCableLength(sw, port, "sonic wording"), "sonic wording");
  sw.syntax = ConfigSyntax::Nvue;
  EXPECT_EQ(rules::words::setCableLength(sw, port, "sonic wording"),
            "`nv set qos pfc <profile> cable-length <meters>` on the PFC profile of swp1 (or `nv set qos roce "
            "cable-length <meters>`)");
  EXPECT_EQ(rules::words::raiseXoff(sw, "qos pfc fabric", 50000, "sonic wording"),
            "`nv set qos pfc fabric xoff-threshold <bytes>` with at least 50000 bytes (and `port-buffer` >= xon + "
            "xoff), or unset the thresholds to let the switch size them");
  sw.syntax = ConfigSyntax::Eos;
  port.name = "Ethernet1/1";
  EXPECT_EQ(rules::words::setCableLength(sw, port, "sonic wording"),
            "EOS has no cable-length setting: the platform sizes the headroom of Ethernet1/1; give the link's length "
            "in topology.yaml so rocelint checks the same");
}

// ---------------------------------------------------------------------------------------------
// No SONiC table in any finding of a vendor fixture (tests/fixtures/<ID>/<vendor>/bad)
// ---------------------------------------------------------------------------------------------

TEST(FixWords, VendorFixtureFindingsNameNoSonicTable) {
  int vendor_fixtures = 0;
  for (const test::FixtureDir& dir : test::fixtureDirs()) {
    if (dir.syntax == "sonic" || dir.syntax == "minigraph") continue;
    ++vendor_fixtures;
    expectNoSonicWords(test::check((dir.path() / "bad").string()), dir.name());
  }
  EXPECT_GT(vendor_fixtures, 0);
}

}  // namespace
}  // namespace rocelint
