// Fixes and message terms in the switch's own format (parsers/wording/): each vendor sample with one
// seeded mistake must say how to fix it in that vendor's statements, and never name a SONiC table;
// every format words every fix action and every term.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "rocelint/loader.hpp"
#include "test_util.hpp"
#include "wording/format_wording.hpp"

namespace rocelint {
namespace {

using test::TempDir;

struct Edit {
  std::string file;  ///< relative to the sample directory
  std::string from;
  std::string to;
};

// A copy of samples/`sample` with `edits` applied (each `from` must occur exactly once), checked.
Report checkSeeded(const TempDir& dir, const std::string& sample, const std::vector<Edit>& edits) {
  std::filesystem::copy(test::sourceDir() + "/samples/" + sample, dir.path(),
                        std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
  for (const Edit& edit : edits) {
    std::string text = test::readAll(dir.path() + "/" + edit.file);
    auto at = text.find(edit.from);
    EXPECT_NE(at, std::string::npos) << edit.file << ": " << edit.from;
    if (at == std::string::npos) continue;
    EXPECT_EQ(text.find(edit.from, at + 1), std::string::npos) << edit.file << ": " << edit.from;
    text.replace(at, edit.from.size(), edit.to);
    dir.write(edit.file, text);
  }
  return test::check(dir.path());
}

// The fix of the one finding of `rule` on `sw` `port` priority `priority` ("" and a failure if
// there is not exactly one).
std::string fixOf(const Report& report, const std::string& rule, const std::string& sw, const std::string& port,
                  int priority) {
  std::vector<const Finding*> hits;
  for (const Finding& f : report.findings) {
    if (f.rule == rule && f.switch_name == sw && f.port == port && f.priority.value_or(-1) == priority) {
      hits.push_back(&f);
    }
  }
  EXPECT_EQ(hits.size(), 1u) << rule << " " << sw << " " << port << " " << priority;
  return hits.size() == 1 ? hits[0]->fix : "";
}

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
// The seeded mistakes, per vendor sample
// ---------------------------------------------------------------------------------------------

const std::string kEosEcnQueue3 =
    "   tx-queue 3\n      no priority\n      bandwidth percent 30\n"
    "      random-detect ecn minimum-threshold 150 kbytes maximum-threshold 1500 kbytes max-mark-probability 5\n";

std::vector<Edit> eosPfc() { return {{"leaf1.cfg", "   priority-flow-control priority 4 no-drop\n", ""}}; }
std::vector<Edit> eosWatchdog() { return {{"leaf1.cfg", "   priority-flow-control pause watchdog\n", ""}}; }
std::vector<Edit> eosEcn() {
  return {{"leaf1.cfg", kEosEcnQueue3, "   tx-queue 3\n      no priority\n      bandwidth percent 30\n"}};
}
std::vector<Edit> eosMap() {
  return {{"spine2.cfg", "qos map dscp 26 to traffic-class 3", "qos map dscp 26 to traffic-class 1"}};
}

const std::string kNxosQ3 =
    "  class type queuing c-out-8q-q3\n    bandwidth remaining percent 30\n"
    "    random-detect minimum-threshold 150 kbytes maximum-threshold 1500 kbytes drop-probability 5 "
    "weight 0";
std::vector<Edit> nxosPfc() { return {{"leaf1.cfg", "    pause pfc-cos 4\n", ""}}; }
std::vector<Edit> nxosWatchdog() {
  return {
      {"leaf1.cfg", "priority-flow-control watch-dog-interval on\n", "priority-flow-control watch-dog-interval off\n"}};
}
std::vector<Edit> nxosEcn() { return {{"leaf1.cfg", kNxosQ3 + " ecn\n", kNxosQ3 + "\n"}}; }
std::vector<Edit> nxosMap() {
  return {{"spine2.cfg", "  class ROCE\n    set qos-group 3\n", "  class ROCE\n    set qos-group 1\n"}};
}

std::vector<Edit> nvuePfc() {
  return {{"leaf1/startup.yaml",
           "        fabric:\n          switch-priority:\n            '3': {}\n            '4': {}\n",
           "        fabric:\n          switch-priority:\n            '3': {}\n"}};
}
std::vector<Edit> nvueWatchdog() {
  const std::string swp1 =
      "        description: spine1:swp1\n        link:\n          speed: 400G\n          mtu: 9100\n"
      "          state:\n            up: {}\n        ip:\n          address:\n            10.0.0.1/31: {}\n"
      "        qos:\n          pfc:\n            profile: fabric\n          pfc-watchdog:\n            state: ";
  return {{"leaf1/startup.yaml", swp1 + "enable\n", swp1 + "disable\n"}};
}
std::vector<Edit> nvueEcn() {
  return {{"leaf1/startup.yaml", "            '3':\n              ecn: enable\n",
           "            '3':\n              ecn: disable\n"}};
}
std::vector<Edit> nvueMap() {
  return {{"spine2/startup.yaml", "'26': {switch-priority: 3}", "'26': {switch-priority: 1}"}};
}

std::vector<Edit> junosPfc() {
  return {
      {"leaf1.conf", "                    code-point 011000 {\n                        pfc;\n                    }\n",
       ""},
      {"leaf1.conf",
       "                    code-point 100 {\n                        flow-control-queue 4;\n                    }\n",
       ""}};
}
std::vector<Edit> junosWatchdog() {
  return {{"leaf1.conf",
           "            pfc-watchdog {\n                poll-interval 200;\n                detection 1;\n"
           "                recovery 200;\n            }\n",
           ""}};
}
std::vector<Edit> junosEcn() { return {{"leaf1.conf", "            explicit-congestion-notification;\n", ""}}; }
std::vector<Edit> junosMap() {
  return {
      {"spine2.conf",
       "            forwarding-class ROCE {\n                loss-priority low code-points 011010;\n            }\n",
       ""},
      {"spine2.conf", "loss-priority low code-points [ 000000", "loss-priority low code-points [ 011010 000000"}};
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
           {"leafspine-junos", formats::kJunos, "Junos"}}) {
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
// PFC not enabled on a lossless priority (PFC001, PFC002)
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, EosPfc) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-eos", eosPfc());
  EXPECT_EQ(fixOf(r, "PFC002", "leaf1", "Ethernet3/1", 4),
            "make PFC priorities 3,4: in interface Ethernet3/1 (or its qos profile): `priority-flow-control on` and "
            "`priority-flow-control priority 4 no-drop`");
  EXPECT_EQ(fixOf(r, "PFC001", "leaf1", "Ethernet1/1", 4),
            "configure the same `priority-flow-control priority N no-drop` priorities on both ends of the link");
}

TEST(FormatWording, NxosPfc) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nxos", nxosPfc());
  EXPECT_EQ(fixOf(r, "PFC002", "leaf1", "Ethernet3/1", 4),
            "make PFC priorities 3,4: `pause pfc-cos 4` in the class of the system network-qos policy that holds the "
            "qos-group (with `pause no-drop`), and `priority-flow-control mode on` on interface Ethernet3/1");
  EXPECT_EQ(fixOf(r, "PFC001", "leaf1", "Ethernet1/1", 4),
            "give both ends of the link the same no-drop classes (`pause pfc-cos N` in the network-qos policy) and "
            "`priority-flow-control mode on`");
}

TEST(FormatWording, NvuePfc) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nvue", nvuePfc());
  EXPECT_EQ(fixOf(r, "PFC002", "leaf1", "swp1", 4),
            "make PFC priorities 3,4: `nv set qos pfc <profile> switch-priority 4` on the port's PFC profile (`nv set "
            "interface swp1 qos pfc profile <profile>`, default-global when unset)");
  EXPECT_EQ(fixOf(r, "PFC001", "leaf1", "swp1", 4),
            "bind PFC profiles with the same `switch-priority` set (`nv set qos pfc <profile> switch-priority N`) on "
            "both ends of the link");
}

TEST(FormatWording, JunosPfc) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-junos", junosPfc());
  EXPECT_EQ(fixOf(r, "PFC002", "leaf1", "et-0/0/2", 4),
            "make PFC priorities 3,4: `set class-of-service congestion-notification-profile <cnp> output ieee-802.1 "
            "code-point 100 flow-control-queue 4` (and `input dscp code-point <bits> pfc` for its DSCPs) in the "
            "congestion notification profile bound by `set class-of-service interfaces et-0/0/2 "
            "congestion-notification-profile <cnp>`, for a no-loss forwarding class with that `pfc-priority`");
  EXPECT_EQ(fixOf(r, "PFC001", "leaf1", "et-0/0/0", 4),
            "bind congestion notification profiles with the same PFC code points on both ends of the link");
}

// ---------------------------------------------------------------------------------------------
// Watchdog missing (WD001)
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, EosWatchdog) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-eos", eosWatchdog());
  EXPECT_EQ(fixOf(r, "WD001", "leaf1", "Ethernet1/1", 3),
            "in interface Ethernet1/1 (or its qos profile): `priority-flow-control pause watchdog`, with the global "
            "`priority-flow-control pause watchdog default timeout 0.2` and `priority-flow-control pause watchdog "
            "default recovery-time 0.2`");
}

TEST(FormatWording, NxosWatchdog) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nxos", nxosWatchdog());
  EXPECT_EQ(fixOf(r, "WD001", "leaf1", "Ethernet1/1", 4),
            "`priority-flow-control watch-dog-interval on` (globally or on interface Ethernet1/1), with "
            "`priority-flow-control watch-dog interval 200`");
}

TEST(FormatWording, NvueWatchdog) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nvue", nvueWatchdog());
  EXPECT_EQ(fixOf(r, "WD001", "leaf1", "swp1", 3), "`nv set interface swp1 qos pfc-watchdog state enable`");
}

TEST(FormatWording, JunosWatchdog) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-junos", junosWatchdog());
  EXPECT_EQ(fixOf(r, "WD001", "leaf1", "et-0/0/0", 3),
            "`set class-of-service congestion-notification-profile <cnp> pfc-watchdog` in the profile bound to "
            "et-0/0/0 (poll-interval 100, detection 2, recovery 200 by default)");
}

// ---------------------------------------------------------------------------------------------
// Queue without ECN (ECN001): no thresholds at all, or a profile that does not mark
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, EosEcn) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-eos", eosEcn());
  EXPECT_EQ(fixOf(r, "ECN001", "leaf1", "Ethernet2/1", 3),
            "in interface Ethernet2/1 (or its qos profile) `tx-queue 3`: `random-detect ecn minimum-threshold 150 "
            "kbytes maximum-threshold 1500 kbytes max-mark-probability 5`");
}

TEST(FormatWording, NxosEcn) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nxos", nxosEcn());
  EXPECT_EQ(fixOf(r, "ECN001", "leaf1", "Ethernet1/1", 3),
            "add `ecn` to the `random-detect` line of policy-map type queuing ROCE_OUT class c-out-8q-q3");
}

TEST(FormatWording, NvueEcn) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nvue", nvueEcn());
  EXPECT_EQ(fixOf(r, "ECN001", "leaf1", "swp1", 3),
            "`nv set qos congestion-control default-global traffic-class 3 ecn enable`");
}

TEST(FormatWording, JunosEcn) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-junos", junosEcn());
  EXPECT_EQ(fixOf(r, "ECN001", "leaf1", "et-0/0/0", 3),
            "`set class-of-service schedulers S-ROCE explicit-congestion-notification`");
}

// ---------------------------------------------------------------------------------------------
// RoCE DSCP in a lossy class (MAP001)
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, EosMap) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-eos", eosMap());
  EXPECT_EQ(fixOf(r, "MAP001", "spine2", "Ethernet1/1", 1),
            "map DSCP 26 to a no-drop traffic class on spine2 (as on leaf1): `qos map dscp 26 to traffic-class 3`, "
            "with `priority-flow-control priority 3 no-drop` on its ports");
}

TEST(FormatWording, NxosMap) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nxos", nxosMap());
  EXPECT_EQ(
      fixOf(r, "MAP001", "spine2", "Ethernet1/1", 1),
      "classify DSCP 26 into a no-drop qos-group on spine2 (as on leaf1): `match dscp 26` in the class of "
      "policy-map type qos ROCE_IN that does `set qos-group 3`, with `pause pfc-cos 3` in the network-qos policy");
}

TEST(FormatWording, NvueMap) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-nvue", nvueMap());
  EXPECT_EQ(
      fixOf(r, "MAP001", "spine2", "swp1", 1),
      "map DSCP 26 to a lossless switch priority on spine2 (as on leaf1): `nv set qos mapping default-global dscp "
      "26 switch-priority 3`, with `nv set qos pfc <profile> switch-priority 3`");
}

TEST(FormatWording, JunosMap) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-junos", junosMap());
  EXPECT_EQ(fixOf(r, "MAP001", "spine2", "et-0/0/0", 1),
            "classify DSCP 26 into a no-loss forwarding class on spine2 (as on leaf1): `set class-of-service "
            "classifiers dscp ROCE-DSCP forwarding-class <no-loss class> loss-priority low code-points 011010`, with "
            "`set class-of-service congestion-notification-profile <cnp> input dscp code-point 011010 pfc`");
}

// ---------------------------------------------------------------------------------------------
// Watchdog timers (WD002) and link settings (TOPO003) in the vendor's statements
// ---------------------------------------------------------------------------------------------

std::vector<Edit> eosWatchdogTimer() {
  return {{"leaf1.cfg", "priority-flow-control pause watchdog default timeout 0.2\n",
           "priority-flow-control pause watchdog default timeout 0.01\n"}};
}
std::vector<Edit> junosMtu() {
  return {{"leaf1.conf", "    et-0/0/0 {\n        description spine1:et-0/0/0;\n        mtu 9100;\n",
           "    et-0/0/0 {\n        description spine1:et-0/0/0;\n        mtu 1514;\n"}};
}

TEST(FormatWording, EosWatchdogTimer) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-eos", eosWatchdogTimer());
  EXPECT_EQ(fixOf(r, "WD002", "leaf1", "Ethernet1/1", -1),
            "set `priority-flow-control pause watchdog default timeout` (or the profile's `port timer timeout`) to "
            "0.1-5 s and at least the polling interval");
}

TEST(FormatWording, JunosMtu) {
  TempDir dir;
  Report r = checkSeeded(dir, "leafspine-junos", junosMtu());
  EXPECT_EQ(fixOf(r, "TOPO003", "leaf1", "et-0/0/0", -1),
            "set the same mtu on both ends (`set interfaces et-0/0/0 mtu …`)");
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
                          formats::kNvue, formats::kJunos}) {
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

// The same mistakes in SONiC syntax keep SONiC's wording (the goldens hold the rest).
TEST(FormatWording, SonicKeepsItsTableWording) {
  TempDir dir;
  std::filesystem::copy(test::sourceDir() + "/samples/leafspine-clean", dir.path(),
                        std::filesystem::copy_options::recursive);
  std::string leaf1 = test::readAll(dir.path() + "/leaf1.json");
  const std::string pfc = "\"pfc_enable\": \"3,4\"";
  for (auto at = leaf1.find(pfc); at != std::string::npos; at = leaf1.find(pfc, at))
    leaf1.replace(at, pfc.size(), "\"pfc_enable\": \"3\"");
  dir.write("leaf1.json", leaf1);
  Report r = test::check(dir.path());
  EXPECT_EQ(fixOf(r, "PFC002", "leaf1", "Ethernet16", 4), "set pfc_enable to \"3,4\"");
  EXPECT_EQ(fixOf(r, "PFC001", "leaf1", "Ethernet0", 4), "set the same pfc_enable on both ends of the link");
}

// ---------------------------------------------------------------------------------------------
// No SONiC table in any finding of a vendor sample with a seeded mistake
// ---------------------------------------------------------------------------------------------

TEST(FormatWording, VendorFindingsNameNoSonicTable) {
  for (const auto& [sample, edits] :
       std::vector<std::pair<std::string, std::vector<Edit>>>{{"leafspine-eos", eosPfc()},
                                                              {"leafspine-eos", eosWatchdog()},
                                                              {"leafspine-eos", eosEcn()},
                                                              {"leafspine-eos", eosMap()},
                                                              {"leafspine-nxos", nxosPfc()},
                                                              {"leafspine-nxos", nxosWatchdog()},
                                                              {"leafspine-nxos", nxosEcn()},
                                                              {"leafspine-nxos", nxosMap()},
                                                              {"leafspine-nvue", nvuePfc()},
                                                              {"leafspine-nvue", nvueWatchdog()},
                                                              {"leafspine-nvue", nvueEcn()},
                                                              {"leafspine-nvue", nvueMap()},
                                                              {"leafspine-junos", junosPfc()},
                                                              {"leafspine-junos", junosWatchdog()},
                                                              {"leafspine-junos", junosEcn()},
                                                              {"leafspine-junos", junosMap()},
                                                              {"leafspine-eos", eosWatchdogTimer()},
                                                              {"leafspine-junos", junosMtu()}}) {
    TempDir dir;
    expectNoSonicWords(checkSeeded(dir, sample, edits), sample + " / " + edits.front().from);
  }
}

}  // namespace
}  // namespace rocelint
