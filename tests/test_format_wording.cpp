// Fixes and message terms in the switch's own format (parsers/wording/): the format each switch
// records, the wordings on their own (every format words every fix action and every term), and no
// SONiC table or field name in any finding of a vendor fixture. The exact fix of each rule per
// syntax is in its fixture's expected.yaml (tests/fixtures/<ID>/<syntax>/, run by test_fixtures.cpp).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "fixture_dirs.hpp"
#include "rocelint/loader.hpp"
#include "test_util.hpp"
#include "wording/format_wording.hpp"

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
// The format each switch was read from
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, EachSwitchRecordsTheFormatItWasReadFrom) {
  for (const auto& [sample, format, name] : std::vector<std::tuple<std::string, FormatId, std::string>>{
           {"leafspine-clean", formats::kSonicConfigDb, "SONiC"},
           {"leafspine-eos", formats::kEos, "EOS"},
           {"leafspine-nxos", formats::kNxos, "NX-OS"},
           {"leafspine-nvue", formats::kNvue, "NVUE"},
           {"leafspine-junos", formats::kJunos, "Junos"},
           {"leafspine-huawei", formats::kHuawei, "Huawei VRP"},
           {"leafspine-h3c", formats::kH3c, "H3C Comware"}}) {
    Fabric fabric = loadFabric({test::sourceDir() + "/samples/" + sample});
    ASSERT_EQ(fabric.switches.size(), 6u) << sample;
    for (const Switch& sw : fabric.switches) {
      EXPECT_EQ(sw.format, format) << sample << " " << sw.name;
      EXPECT_EQ(wordingFor(sw.format).name(), name) << sample << " " << sw.name;
    }
  }
  Fabric mixed = loadFabric({test::sourceDir() + "/samples/leafspine-mixed"});
  std::set<FormatId> seen;
  for (const Switch& sw : mixed.switches) seen.insert(sw.format);
  EXPECT_EQ(seen.size(), 5u);  // SONiC, EOS, NX-OS, NVUE and Junos in one fabric
}

// ---------------------------------------------------------------------------------------------
// The wording functions on their own
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, TermsAreTablesOnSonicAndPlainNounsElsewhere) {
  const std::string text =
      fmt::format("PG 3 uses {} p ({} Ethernet0|3, {} 3,4, my_pfc_enable_x); {} does not mark{}",
                  placeholder(Term::BufferProfile), placeholder(Term::LosslessPg), placeholder(Term::PfcPriorities),
                  placeholder(Term::NamedEcnProfile, "w"), placeholder(Term::EcnModeDetail, "ecn_none"));
  const std::string sonic =
      "PG 3 uses BUFFER_PROFILE p (BUFFER_PG Ethernet0|3, pfc_enable 3,4, my_pfc_enable_x); "
      "WRED_PROFILE w does not mark (ecn ecn_none)";
  EXPECT_EQ(wordText(text, wordingFor(formats::kSonicConfigDb)), sonic);
  EXPECT_EQ(wordText(text, wordingFor(formats::kSonicMinigraph)), sonic);
  EXPECT_EQ(wordText(text, wordingFor(FormatId{})), sonic);  // a switch no parser built: the model's vocabulary
  EXPECT_EQ(
      wordText(text, wordingFor(formats::kEos)),
      "PG 3 uses buffer profile p (lossless PG Ethernet0|3, PFC priorities 3,4, my_pfc_enable_x); w does not mark");
  EXPECT_EQ(wordText(placeholder(Term::NoWatchdogConfigured), wordingFor(formats::kJunos)),
            "the Junos configuration enables no PFC watchdog on the port");
  // Text without placeholders, and separator bytes that do not form one, pass through unchanged.
  for (const std::string plain : {"BUFFER_PROFILE x", "a \x1e b", "\x1e\x7f\x1f", "end \x1e"}) {
    EXPECT_EQ(wordText(plain, wordingFor(formats::kEos)), plain);
  }
}

TEST(FormatWording, CableLengthAndXoffPerFormat) {
  Port port;
  port.name = "swp1";
  Switch sw;
  EXPECT_EQ(wordingFor(formats::kSonicConfigDb).fix(SetCableLength{"swp1"}, sw, &port),
            "add swp1 to CABLE_LENGTH with the real cable length");
  EXPECT_EQ(wordingFor(formats::kNvue).fix(SetCableLength{"swp1"}, sw, &port),
            "`nv set qos pfc <profile> cable-length <meters>` on the PFC profile of swp1 (or `nv set qos roce "
            "cable-length <meters>`)");
  EXPECT_EQ(wordingFor(formats::kNvue).fix(RaiseXoff{"qos pfc fabric", 50000, 400000, 5}, sw, &port),
            "`nv set qos pfc fabric xoff-threshold <bytes>` with at least 50000 bytes (and `port-buffer` >= xon + "
            "xoff), or unset the thresholds to let the switch size them");
  EXPECT_EQ(wordingFor(formats::kSonicConfigDb).fix(RaiseXoff{"p", 50000, 400000, 5}, sw, &port),
            "give ports with 400000 Mb/s and 5 m cables a profile with xoff >= 50000 (and size >= xon + xoff where "
            "size holds both), e.g. pg_lossless_400000_5m_profile");
  port.name = "Ethernet1/1";
  EXPECT_EQ(wordingFor(formats::kEos).fix(SetCableLength{"Ethernet1/1"}, sw, &port),
            "EOS has no cable-length setting: the platform sizes the headroom of Ethernet1/1; give the link's length "
            "in topology.yaml so rocelint checks the same");
  EXPECT_EQ(wordingFor(formats::kEos).fix(MatchTopologyCable{"Ethernet1/1"}, sw, nullptr),
            "make the port's cable length (or speed) match the cable, or correct the topology's length; on EOS: EOS");
}

// Huawei VRP: PFC through the `dcb pfc` profile an interface applies, ECN per queue, headroom
// by `dcb pfc buffer P hdrm`, DSCP through the port's DiffServ domain.
TEST(FormatWording, HuaweiWordsFixesInVrpSyntax) {
  const FormatWording& vrp = wordingFor(formats::kHuawei);
  EXPECT_STREQ(vrp.name(), "Huawei VRP");
  Switch sw;
  sw.name = "leaf1";
  QosMap domain;
  domain.name = "diffserv domain roce";
  sw.maps[static_cast<std::size_t>(MapKind::DscpToTc)].emplace(domain.name, domain);
  Port port;
  port.name = "400GE1/0/1";
  port.qos.maps[static_cast<std::size_t>(MapKind::DscpToTc)] = Reference{"diffserv domain roce", {}, false};
  EXPECT_EQ(vrp.fix(SetPfcPriorities{"400GE1/0/1", PrioritySet(0b11000), PrioritySet(0b01000)}, sw, &port),
            "make PFC priorities 3,4: `priority 4` in the `dcb pfc` profile that interface 400GE1/0/1 applies, and "
            "`dcb pfc enable [<profile>] mode manual` on interface 400GE1/0/1");
  EXPECT_EQ(vrp.fix(SetPfcPriorities{"400GE1/0/1", PrioritySet(), PrioritySet(0b01000)}, sw, &port),
            "make PFC priorities none: `undo dcb pfc enable` on interface 400GE1/0/1");
  EXPECT_EQ(vrp.fix(AddQueueEcn{"400GE1/0/1", 3}, sw, &port),
            "in interface 400GE1/0/1: `qos queue 3 wred <profile>` and `qos queue 3 ecn`, with `drop-profile "
            "<profile>` holding `ecn buffer-size low-limit 153600 high-limit 1536000 discard-percentage 5`");
  EXPECT_EQ(vrp.fix(EnableProfileEcn{"drop-profile roce-ecn (no ecn)"}, sw, &port),
            "add `qos queue N ecn` beside each `qos queue N wred roce-ecn` of a lossless queue");
  EXPECT_EQ(vrp.fix(MapDscpToLosslessTc{"400GE1/0/1", 26, 3, "leaf2"}, sw, &port),
            "map DSCP 26 to PHB af3 on leaf1 (as on leaf2): `ip-dscp-inbound 26 phb af3 green` in `diffserv domain "
            "roce` (the domain of `trust upstream`), with `priority 3` in the `dcb pfc` profile of its ports");
  EXPECT_EQ(vrp.fix(MapTcToQueue{"400GE1/0/1", 3, 4, 4, "leaf2"}, sw, &port),
            "VRP queues PHB n in queue n, so move the class instead: classify the remarked traffic into PHB af4 on "
            "leaf1 (`ip-dscp-inbound <dscp> phb af4 green` in its `diffserv domain`) so it leaves from queue 4 (the "
            "queue a priority 4 pause stops), so the remarked class waits where leaf2 pauses it");
  EXPECT_EQ(vrp.fix(RaiseXoff{"interface 400GE1/0/1 dcb pfc buffer 3", 400000, 400000, 5}, sw, &port),
            "in interface 400GE1/0/1: set `dcb pfc buffer 3 hdrm …` to at least 400000 bytes, or remove it to let "
            "VRP size the headroom");
}

// H3C Comware: PFC by `enable` + the interface's no-drop list, ECN by `queue N ecn` in the applied
// WRED table, DSCP through dscp-dot1p, headroom by `priority-flow-control dot1p P headroom` (cells).
TEST(FormatWording, H3cWordsFixesInComwareSyntax) {
  const FormatWording& comware = wordingFor(formats::kH3c);
  EXPECT_STREQ(comware.name(), "H3C Comware");
  Switch sw;
  sw.name = "leaf1";
  Port port;
  port.name = "HundredGigE1/0/49";
  EXPECT_EQ(comware.fix(SetPfcPriorities{"HundredGigE1/0/49", PrioritySet(0b11000), PrioritySet(0b01000)}, sw, &port),
            "make PFC priorities 3,4: `priority-flow-control enable` and `priority-flow-control no-drop dot1p <the "
            "whole list>` in interface HundredGigE1/0/49 (the list replaces the previous one)");
  EXPECT_EQ(comware.fix(SetPfcPriorities{"HundredGigE1/0/49", PrioritySet(), PrioritySet(0b01000)}, sw, &port),
            "make PFC priorities none: `undo priority-flow-control` in interface HundredGigE1/0/49");
  EXPECT_EQ(comware.fix(EnableProfileEcn{"qos wred queue table ROCE queue 3 (no ecn)"}, sw, &port),
            "add `queue 3 ecn` to `qos wred queue table ROCE`");
  EXPECT_EQ(comware.fix(EnableProfileEcn{"interface HundredGigE1/0/50 qos wred queue 3 (no ecn)"}, sw, &port),
            "add `qos wred queue 3 ecn` beside the interface's `qos wred queue 3` lines");
  EXPECT_EQ(comware.fix(MapDscpToLosslessTc{"HundredGigE1/0/49", 26, 3, "leaf2"}, sw, &port),
            "map DSCP 26 to 802.1p 3 on leaf1 (as on leaf2): `import 26 export 3` in `qos map-table dscp-dot1p`, "
            "with `qos trust dscp` on its ports, 802.1p 3 to its queue in `qos map-table dot1p-lp`, and 3 in their "
            "`priority-flow-control no-drop dot1p` list");
  EXPECT_EQ(comware.fix(MapTcToQueue{"HundredGigE1/0/49", 3, 4, 4, "leaf2"}, sw, &port),
            "`import 3 export 4` in `qos map-table dot1p-lp` on leaf1 (the queue a priority 4 pause stops), so the "
            "remarked class waits where leaf2 pauses it");
  EXPECT_EQ(
      comware.fix(RaiseXoff{"interface HundredGigE1/0/49 priority-flow-control dot1p 3", 400000, 400000, 5}, sw, &port),
      "in interface HundredGigE1/0/49: set `priority-flow-control dot1p 3 headroom …` (cells) to at least 400000 "
      "bytes, or remove it to let Comware size the headroom");
}

// One action of each kind, with a port, profile and priorities filled in.
template <std::size_t... I>
std::vector<FixAction> oneOfEachAction(std::index_sequence<I...>) {
  std::vector<FixAction> actions;
  (actions.push_back(FixAction{std::in_place_index<I>}), ...);
  for (FixAction& action : actions) {
    std::visit(
        [](auto& a) {
          if constexpr (requires { a.port; }) a.port = "port1";
          if constexpr (requires { a.profile; }) a.profile = "profile1";
          if constexpr (requires { a.expected; }) a.expected = PrioritySet(0b11000);
          if constexpr (requires { a.name; }) a.name = "object1";
        },
        action);
  }
  return actions;
}

TEST(FormatWording, EveryFormatWordsEveryActionAndTerm) {
  const std::vector<FixAction> actions = oneOfEachAction(std::make_index_sequence<std::variant_size_v<FixAction>>{});
  ASSERT_EQ(actions.size(), std::variant_size_v<FixAction>);
  Switch sw;
  sw.name = "sw1";
  Port port;
  port.name = "port1";
  for (FormatId format : {formats::kSonicConfigDb, formats::kSonicMinigraph, formats::kEos, formats::kNxos,
                          formats::kNvue, formats::kJunos, formats::kHuawei, formats::kH3c}) {
    const FormatWording& wording = wordingFor(format);
    bool sonic = format == formats::kSonicConfigDb || format == formats::kSonicMinigraph;
    for (const FixAction& action : actions) {
      for (const Port* with : {static_cast<const Port*>(&port), static_cast<const Port*>(nullptr)}) {
        std::string text = wording.fix(action, sw, with);
        EXPECT_FALSE(text.empty()) << wording.name() << " action #" << action.index();
        if (sonic) continue;
        for (const std::string& table : sonicTables()) {
          EXPECT_EQ(text.find(table), std::string::npos)
              << wording.name() << " action #" << action.index() << ": " << text;
        }
      }
    }
    for (std::size_t t = 0; t < kTermCount; ++t) {
      auto term = static_cast<Term>(t);
      std::string text = wording.term(term, "x");
      bool may_be_empty = !sonic && term == Term::EcnModeDetail;  // vendor profiles have no ECN mode field
      EXPECT_EQ(text.empty(), may_be_empty) << wording.name() << " term #" << t;
      if (sonic) continue;
      for (const std::string& table : sonicTables()) {
        EXPECT_EQ(text.find(table), std::string::npos) << wording.name() << " term #" << t << ": " << text;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// No SONiC table in any finding of a vendor fixture (tests/fixtures/<ID>/<vendor>/bad)
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, VendorFixtureFindingsNameNoSonicTable) {
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
