// Arista EOS show outputs in JSON as state inputs (issue 16, STATE-FORMATS.md §3): PFC, queue-drop
// and ECN counters and routes read into Switch::state with their JSON pointers; malformed captures
// reported like configurations; the ANTA and NAPALM captures of ../shared/state-samples.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "rocelint/loader.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using test::TempDir;

// An EOS switch with the ports the snippets name.
const char* kEosLeaf = R"(hostname leaf1
!
interface Ethernet1
   no switchport
!
interface Ethernet2
   no switchport
!
)";

const Switch& leafOf(const Fabric& fabric) {
  const Switch* sw = fabric.findSwitch("leaf1");
  if (sw == nullptr) throw std::runtime_error("no leaf1");
  return *sw;
}

std::string where(const SourceRef& src) { return fmt::format("{}:{} {}", src.line, src.column, src.originText()); }

std::vector<std::string> notesOf(const Fabric& fabric, InputNote::Kind kind) {
  std::vector<std::string> out;
  for (const InputNote& n : fabric.notes) {
    if (n.kind == kind) out.push_back(n.switch_name + " " + where(n.src) + " " + n.message);
  }
  return out;
}

TEST(StateEosShow, PfcCountersArePerPortTotals) {
  TempDir dir;
  dir.write("leaf1.cfg", kEosLeaf);
  dir.write("leaf1/pfc.json", R"({
  "interfaceCounters": {
    "Ethernet1": {"rxFrames": 17, "txFrames": 0},
    "Ethernet2": {"rxFrames": 0, "txFrames": 4}
  }
})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  ASSERT_EQ(state.ports.size(), 2u);
  const PortState& e1 = state.ports.at("Ethernet1");
  ASSERT_TRUE(e1.pfc_rx_frames_total);
  EXPECT_EQ(e1.pfc_rx_frames_total->value, 17u);
  EXPECT_EQ(where(e1.pfc_rx_frames_total->src), "3:31 /interfaceCounters/Ethernet1/rxFrames");
  EXPECT_EQ(e1.pfc_tx_frames_total->value, 0u);
  EXPECT_EQ(state.ports.at("Ethernet2").pfc_tx_frames_total->value, 4u);
  for (const auto& p : e1.pfc_rx_frames) EXPECT_FALSE(p);  // no per-priority count in this output
}

TEST(StateEosShow, EcnQueueDetailAndVoqDrops) {
  TempDir dir;
  dir.write("leaf1.cfg", kEosLeaf);
  dir.write("leaf1/ecn.json", R"({"intfQueueCounters": {"Ethernet1": {"queueCounters": {"0": "-", "3": "12"}}}})");
  dir.write("leaf1/queue_detail.json", R"({"egressQueueCounters": {"interfaces": {"Ethernet1": {
  "ucastQueues": {"trafficClasses": {"TC3": {"dropPrecedences": {"DP0": {"droppedPackets": 5}, "DP1": {"droppedPackets": 2}}}}},
  "mcastQueues": {"trafficClasses": {"TC1": {"dropPrecedences": {"DP0": {"droppedPackets": 9}}}}}
}}}})");
  dir.write("leaf1/queue_drops.json", R"({"interfaces": {"Ethernet2": {"trafficClasses": {
  "TC4": {"ingressVoqCounters": {"countersSum": {"droppedPackets": 6}},
          "egressQueueCounters": {"countersSum": {"droppedPackets": 1}}}}}}})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  const PortState& e1 = state.ports.at("Ethernet1");
  EXPECT_EQ(e1.queues.count(0), 0u);  // "-": no ECN counter on that queue
  ASSERT_TRUE(e1.queues.at(3).ecn_marked_packets);
  EXPECT_EQ(e1.queues.at(3).ecn_marked_packets->value, 12u);
  EXPECT_EQ(where(e1.queues.at(3).ecn_marked_packets->src), "1:71 /intfQueueCounters/Ethernet1/queueCounters/3");
  // Two drop precedences: summed, located at the precedences of the class.
  ASSERT_TRUE(e1.queues.at(3).dropped_packets);
  EXPECT_EQ(e1.queues.at(3).dropped_packets->value, 7u);
  EXPECT_EQ(e1.queues.at(3).dropped_packets->src.jsonPointer(),
            "/egressQueueCounters/interfaces/Ethernet1/ucastQueues/trafficClasses/TC3/dropPrecedences");
  EXPECT_FALSE(e1.queues.at(3).multicast);
  // Multicast TC1 is queue 9 (after the 8 unicast ones), one precedence: at its counter.
  ASSERT_TRUE(e1.queues.at(9).dropped_packets);
  EXPECT_TRUE(e1.queues.at(9).multicast);
  EXPECT_EQ(e1.queues.at(9).dropped_packets->value, 9u);
  EXPECT_EQ(e1.queues.at(9).dropped_packets->src.jsonPointer(),
            "/egressQueueCounters/interfaces/Ethernet1/mcastQueues/trafficClasses/TC1/dropPrecedences/DP0/"
            "droppedPackets");
  const QueueState& q4 = state.ports.at("Ethernet2").queues.at(4);
  EXPECT_EQ(q4.dropped_packets->value, 1u);
  EXPECT_EQ(q4.voq_dropped_packets->value, 6u);
  EXPECT_EQ(q4.voq_dropped_packets->src.jsonPointer(),
            "/interfaces/Ethernet2/trafficClasses/TC4/ingressVoqCounters/countersSum/droppedPackets");
  EXPECT_EQ(
      fabric.out_of_scope_tables.at("show qos interfaces ecn counters queue queues without an ECN counter (\"-\")"), 1);
}

TEST(StateEosShow, RoutesProgrammedInHardwareWithVias) {
  TempDir dir;
  dir.write("leaf1.cfg", kEosLeaf);
  dir.write("leaf1/routes.json", R"({"vrfs": {
  "default": {"routes": {
    "10.1.0.0/24": {"routeType": "eBGP", "hardwareProgrammed": true,
                    "vias": [{"nexthopAddr": "10.0.0.1", "interface": "Ethernet1"},
                             {"nexthopAddr": "10.0.0.3", "interface": "Ethernet2"}]},
    "10.2.0.0/24": {"routeType": "eBGP", "hardwareProgrammed": false, "vias": [{"nexthopAddr": "10.0.0.1"}]},
    "10.0.0.0/31": {"routeType": "connected", "vias": [{"interface": "Ethernet1"}]},
    "10.9.0.0/16": {"routeType": "static", "routeAction": "drop", "vias": []}
  }},
  "BLUE": {"routes": {"192.0.2.0/24": {"routeType": "iBGP", "vias": [{"nexthopAddr": "10.0.0.5", "interface": "Ethernet2"}]}}}
}})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  ASSERT_TRUE(state.has_routes);
  ASSERT_EQ(state.routes.size(), 4u);  // 10.2.0.0/24 is not programmed in hardware
  const InstalledRoute& r = state.routes[0];
  EXPECT_EQ(r.vrf, "");
  EXPECT_EQ(r.prefix, "10.1.0.0/24");
  EXPECT_EQ(r.protocol, "eBGP");
  EXPECT_EQ(where(r.src), "3:20 /vrfs/default/routes/10.1.0.0~124");
  ASSERT_EQ(r.next_hops.size(), 2u);
  EXPECT_EQ(r.next_hops[1].address, "10.0.0.3");
  EXPECT_EQ(r.next_hops[1].interface, "Ethernet2");
  EXPECT_EQ(state.routes[1].prefix, "10.0.0.0/31");
  EXPECT_EQ(state.routes[1].next_hops[0].address, "");
  EXPECT_EQ(state.routes[1].next_hops[0].interface, "Ethernet1");
  EXPECT_TRUE(state.routes[2].blackhole);
  EXPECT_EQ(state.routes[3].vrf, "BLUE");
  EXPECT_EQ(state.routes[3].prefix, "192.0.2.0/24");
}

TEST(StateEosShow, WrongValuesAreCfg005AtTheValueAndNotRead) {
  TempDir dir;
  dir.write("leaf1.cfg", kEosLeaf);
  dir.write("leaf1/pfc.json", R"({"interfaceCounters": {
  "Ethernet1": {"rxFrames": "many", "txFrames": -1}
}})");
  dir.write("leaf1/routes.json", R"({"vrfs": {"default": {"routes": {
  "10.1.0.0/24": {"routeType": "eBGP", "vias": {"nexthopAddr": "10.0.0.1"}},
  "10.3.0.0/24": {"routeType": "eBGP", "hardwareProgrammed": "yes"}
}}}})");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  EXPECT_FALSE(state.ports.at("Ethernet1").pfc_rx_frames_total);
  EXPECT_FALSE(state.ports.at("Ethernet1").pfc_tx_frames_total);
  EXPECT_TRUE(state.has_routes);
  EXPECT_TRUE(state.routes.empty());
  std::vector<std::string> notes = notesOf(fabric, InputNote::Kind::InvalidValue);
  std::sort(notes.begin(), notes.end());
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "leaf1 2:29 /interfaceCounters/Ethernet1/rxFrames interfaceCounters/Ethernet1/rxFrames is "
                       "\"many\", not a count: not read",
                       "leaf1 2:48 /vrfs/default/routes/10.1.0.0~124/vias vrfs/default/routes/10.1.0.0~124/vias is an "
                       "object, not an array of next hops: not read",
                       "leaf1 2:49 /interfaceCounters/Ethernet1/txFrames interfaceCounters/Ethernet1/txFrames is "
                       "\"-1\", not a count: not read",
                       "leaf1 3:62 /vrfs/default/routes/10.3.0.0~124/hardwareProgrammed "
                       "vrfs/default/routes/10.3.0.0~124/hardwareProgrammed is a string, not true or false: route not "
                       "read"}));
  auto found = test::withRule(test::check(dir.path()), "CFG005");
  EXPECT_EQ(found.size(), 4u);
}

TEST(StateEosShow, TruncatedOutputIsCfg006WithItsLocation) {
  TempDir dir;
  dir.write("leaf1.cfg", kEosLeaf);
  std::string file = dir.write("leaf1/pfc.json", "{\"interfaceCounters\": {\n  \"Ethernet1\": {\"rxFrames\": 1,\n");
  auto found = test::withRule(test::check(dir.path()), "CFG006");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].location.file(), file);
  EXPECT_EQ(found[0].location.line, 3);
}

TEST(StateEosShow, BgpAndInterfacesOutputsAreSkippedNamingTheCommand) {
  TempDir dir;
  dir.write("leaf1.cfg", kEosLeaf);
  std::string bgp = dir.write("leaf1/bgp.json", R"({"vrfs": {"default": {"bgpRouteEntries": {}}}})");
  std::string intf = dir.write("leaf1/intf.json", R"({"interfaces": {"Ethernet1": {"interfaceCounters": {}}}})");
  Fabric fabric = loadFabric({dir.path()});
  std::vector<std::string> notes = notesOf(fabric, InputNote::Kind::SkippedFile);
  std::sort(notes.begin(), notes.end());
  EXPECT_EQ(notes, (std::vector<std::string>{
                       fmt::format("leaf1 1:1  {} skipped: Arista EOS `show ip bgp` JSON: not read (BGP paths, not "
                                   "the installed routes: give `show ip route | json`)",
                                   bgp),
                       fmt::format("leaf1 1:1  {} skipped: Arista EOS `show interfaces` JSON: not read (link-level "
                                   "pause and interface counters only: give `show priority-flow-control counters | "
                                   "json`)",
                                   intf)}));
  EXPECT_FALSE(leafOf(fabric).state.at(0).has_routes);
}

// The ANTA and NAPALM EOS captures beside the EOS sample leaf, values read off the files by hand.
TEST(StateEosShow, AntaAndNapalmSamplesGiveTheirValues) {
  const fs::path samples = fs::path(test::sharedDir()) / "state-samples";
  if (!fs::is_directory(samples)) GTEST_SKIP() << "no " << samples;
  auto load = [&](const std::string& sample) {
    TempDir dir;
    fs::copy_file(fs::path(test::sourceDir()) / "samples" / "leafspine-eos" / "leaf1.cfg",
                  fs::path(dir.path()) / "leaf1.cfg");
    fs::create_directories(fs::path(dir.path()) / "leaf1");
    fs::copy_file(samples / sample, fs::path(dir.path()) / "leaf1" / fs::path(sample).filename());
    Fabric fabric = loadFabric({dir.path()});
    EXPECT_TRUE(notesOf(fabric, InputNote::Kind::InvalidValue).empty()) << sample;
    return leafOf(fabric).state.at(0);
  };
  SwitchState pfc = load("anta/show_priority-flow-control_counters__VerifyInterfacesPFCCounters_failure.json");
  EXPECT_EQ(pfc.ports.size(), 4u);
  EXPECT_EQ(pfc.ports.at("Ethernet3/1/1").pfc_rx_frames_total->value, 1u);
  EXPECT_EQ(pfc.ports.at("Ethernet3/2/1").pfc_tx_frames_total->value, 2u);
  EXPECT_EQ(pfc.ports.at("Ethernet3/3/1").pfc_rx_frames_total->src.line, 12);

  SwitchState ecn = load("anta/show_qos_interfaces_ecn_counters_queue__VerifyInterfacesECNCounters_failure.json");
  EXPECT_EQ(ecn.ports.at("Ethernet10/20/1").queues.at(1).ecn_marked_packets->value, 2u);
  EXPECT_EQ(ecn.ports.at("Ethernet10/3/1").queues.at(2).ecn_marked_packets->value, 2u);
  EXPECT_EQ(ecn.ports.at("Ethernet10/28/1").queues.count(0), 0u);  // "-"

  SwitchState detail =
      load("anta/show_interfaces_counters_queue_detail__VerifyInterfacesEgressQueueDrops_failure.json");
  EXPECT_EQ(detail.ports.at("Ethernet1").queues.at(0).dropped_packets->value, 2u);  // ucast TC0
  EXPECT_EQ(detail.ports.at("Ethernet1").queues.at(9).dropped_packets->value, 3u);  // mcast TC1
  EXPECT_EQ(detail.ports.at("Ethernet1").queues.at(9).dropped_packets->src.line, 35);

  SwitchState voq =
      load("anta/show_interfaces_counters_queue_drops__VerifyInterfacesVoqAndEgressQueueDrops_failure.json");
  EXPECT_EQ(voq.ports.at("Ethernet48").queues.at(1).voq_dropped_packets->value, 4u);
  EXPECT_EQ(voq.ports.at("Ethernet48").queues.at(1).dropped_packets->value, 5u);
  EXPECT_EQ(voq.ports.at("Ethernet49").queues.at(0).voq_dropped_packets->value, 5u);

  SwitchState hops = load("anta/show_ip_route_vrf_default_prefix__VerifyIPv4RouteNextHops_success.json");
  ASSERT_EQ(hops.routes.size(), 2u);
  EXPECT_EQ(hops.routes[0].prefix, "10.10.0.1/32");
  EXPECT_EQ(hops.routes[1].vrf, "MGMT");
  ASSERT_EQ(hops.routes[1].next_hops.size(), 3u);
  EXPECT_EQ(hops.routes[1].next_hops[2].address, "10.100.0.101");
  EXPECT_EQ(hops.routes[1].next_hops[2].interface, "Ethernet4");

  SwitchState entry = load("anta/show_ip_route_vrf_default_prefix__VerifyRoutingTableEntry_success.json");
  ASSERT_EQ(entry.routes.size(), 1u);
  EXPECT_EQ(entry.routes[0].protocol, "eBGP");
  EXPECT_EQ(entry.routes[0].next_hops[0].address, "10.1.255.4");

  SwitchState napalm = load("napalm/eos/show_ip_route_vrf_default_1.0.4.0_24_bgp_detail.json");
  ASSERT_EQ(napalm.routes.size(), 1u);
  EXPECT_EQ(napalm.routes[0].prefix, "1.0.4.0/24");
  ASSERT_EQ(napalm.routes[0].next_hops.size(), 4u);
  EXPECT_EQ(napalm.routes[0].next_hops[3].address, "169.254.232.160");
  EXPECT_EQ(napalm.routes[0].next_hops[3].interface, "Ethernet4/1");
}

// Junos `show route | display xml` (STATE-FORMATS.md §5), beside a Junos switch.
const char* kJunosLeaf = R"(system { host-name leaf1; }
interfaces {
    et-0/0/0 { unit 0 { family inet { address 10.0.0.0/31; } } }
    et-0/0/1 { unit 0 { family inet { address 10.0.0.2/31; } } }
}
)";

TEST(StateJunosShow, ActiveEntriesAndSelectedNextHopsWithXmlPaths) {
  TempDir dir;
  dir.write("leaf1.conf", kJunosLeaf);
  dir.write("leaf1/route.xml", R"(<rpc-reply xmlns:junos="http://xml.juniper.net/junos/21.4R1/junos">
<route-information>
<route-table><table-name>inet.0</table-name>
<rt><rt-destination>10.1.0.0/24</rt-destination>
 <rt-entry><active-tag>*</active-tag><protocol-name>BGP</protocol-name>
  <nh><to>10.0.0.1</to><via>et-0/0/0.0</via><selected-next-hop/></nh>
  <nh><to>10.0.0.3</to><via>et-0/0/1.0</via></nh></rt-entry>
 <rt-entry><active-tag> </active-tag><protocol-name>Static</protocol-name><nh><to>10.9.9.9</to></nh></rt-entry></rt>
<rt><rt-destination>10.2.0.0</rt-destination><rt-prefix-length>16</rt-prefix-length>
 <rt-entry><active-tag>*</active-tag><protocol-name>Static</protocol-name><nh-type>Discard</nh-type></rt-entry></rt>
</route-table>
<route-table><table-name>BLUE.inet.0</table-name>
<rt><rt-destination>192.0.2.0/24</rt-destination>
 <rt-entry><active-tag>*</active-tag><nh><to>10.0.0.3</to><via>et-0/0/1.100</via></nh></rt-entry></rt>
</route-table>
<route-table><table-name>mpls.0</table-name></route-table>
</route-information>
</rpc-reply>
)");
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  ASSERT_TRUE(state.has_routes);
  ASSERT_EQ(state.routes.size(), 3u);  // the inactive static entry is not installed
  const InstalledRoute& r = state.routes[0];
  EXPECT_EQ(r.prefix, "10.1.0.0/24");
  EXPECT_EQ(r.protocol, "BGP");
  EXPECT_EQ(r.src.line, 4);
  EXPECT_EQ(r.src.column, 1);
  EXPECT_EQ(r.src.originText(), "route-information/route-table[1]/rt[1]");
  ASSERT_EQ(r.next_hops.size(), 1u);  // only the selected next hop
  EXPECT_EQ(r.next_hops[0].address, "10.0.0.1");
  EXPECT_EQ(r.next_hops[0].interface, "et-0/0/0");  // unit 0 is the port
  EXPECT_EQ(state.routes[1].prefix, "10.2.0.0/16");
  EXPECT_TRUE(state.routes[1].blackhole);
  EXPECT_EQ(state.routes[2].vrf, "BLUE");
  EXPECT_EQ(state.routes[2].next_hops[0].interface, "et-0/0/1.100");
  EXPECT_EQ(fabric.out_of_scope_tables.at("Junos show route tables other than inet.0 / inet6.0 (mpls.0)"), 1);
}

TEST(StateJunosShow, TruncatedXmlIsCfg006AndMissingLengthIsCfg005) {
  TempDir dir;
  dir.write("leaf1.conf", kJunosLeaf);
  std::string truncated = dir.write("leaf1/route.xml", "<route-information>\n<route-table>\n<rt>\n");
  auto found = test::withRule(test::check(dir.path()), "CFG006");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].location.file(), truncated);
  EXPECT_EQ(found[0].location.line, 3);

  TempDir dir2;
  dir2.write("leaf1.conf", kJunosLeaf);
  dir2.write("leaf1/route.xml",
             "<route-information><route-table><table-name>inet.0</table-name>\n"
             "<rt><rt-destination>10.1.0.0</rt-destination></rt>\n"
             "</route-table></route-information>\n");
  Fabric fabric = loadFabric({dir2.path()});
  EXPECT_TRUE(leafOf(fabric).state.at(0).routes.empty());
  EXPECT_EQ(notesOf(fabric, InputNote::Kind::InvalidValue),
            (std::vector<std::string>{"leaf1 2:1 route-information/route-table[1]/rt[1] "
                                      "route-information/route-table[1]/rt[1] (10.1.0.0) has no rt-prefix-length "
                                      "that is a number: not read"}));
}

// NAPALM's Junos captures beside the Junos sample leaf: the route read off the file by hand.
TEST(StateJunosShow, NapalmSamplesGiveTheirValues) {
  const fs::path samples = fs::path(test::sharedDir()) / "state-samples" / "napalm" / "junos";
  if (!fs::is_directory(samples)) GTEST_SKIP() << "no " << samples;
  TempDir dir;
  fs::copy_file(fs::path(test::sourceDir()) / "samples" / "leafspine-junos" / "leaf1.conf",
                fs::path(dir.path()) / "leaf1.conf");
  fs::create_directories(fs::path(dir.path()) / "leaf1");
  for (const char* f :
       {"get-route-information.xml", "get-interface-information.xml", "get-lldp-neighbors-information.xml"})
    fs::copy_file(samples / f, fs::path(dir.path()) / "leaf1" / f);
  Fabric fabric = loadFabric({dir.path()});
  const SwitchState& state = leafOf(fabric).state.at(0);
  ASSERT_EQ(state.routes.size(), 1u);  // 1.0.4.0/24 has 4 entries; the first is active
  EXPECT_EQ(state.routes[0].prefix, "1.0.4.0/24");
  EXPECT_EQ(state.routes[0].protocol, "BGP");
  EXPECT_EQ(state.routes[0].src.line, 9);
  ASSERT_EQ(state.routes[0].next_hops.size(), 1u);
  EXPECT_EQ(state.routes[0].next_hops[0].address, "192.168.0.3");
  EXPECT_EQ(state.routes[0].next_hops[0].interface, "xe-2/3/2");
  int skipped = 0;
  for (const std::string& n : notesOf(fabric, InputNote::Kind::SkippedFile)) {
    skipped += n.find("Junos `show interfaces` XML: not read") != std::string::npos ||
               n.find("Junos `show lldp neighbors` XML: not read") != std::string::npos;
  }
  EXPECT_EQ(skipped, 2);
}

// Every file of ../shared/state-samples checked alone (`rocelint check FILE`): the state formats
// read so far load (exit 0 or 1: a state file of no switch is a CFG004 note); the files still
// refused (exit 2: a format not read yet named as a file argument, or not well-formed) are exactly these.
TEST(StateSamples, EveryFileAloneLoadsUnlessItsFormatIsNotReadYet) {
  const fs::path samples = fs::path(test::sharedDir()) / "state-samples";
  if (!fs::is_directory(samples)) GTEST_SKIP() << "no " << samples;
  std::vector<std::string> refused;
  for (const auto& entry : fs::recursive_directory_iterator(samples)) {
    if (!entry.is_regular_file() || entry.path().filename() == "SOURCES.md") continue;
    test::CliRun run = test::runCli("check -q '" + entry.path().string() + "'", ">/dev/null 2>&1");
    EXPECT_TRUE(run.code >= 0 && run.code <= 2) << entry.path() << " " << run.code;
    if (run.code == 2) refused.push_back(fs::relative(entry.path(), samples).string());
  }
  std::sort(refused.begin(), refused.end());
  EXPECT_EQ(refused, (std::vector<std::string>{
                         "frr/bgp_features_r1/show_bgp.json",  // FRR BGP paths: not read
                         "frr/bgp_ipv6_rtadv_r1/bgp_ipv4_routes.json",
                         "genieparser/junos/show_class-of-service_interface.txt",  // Junos text
                         "genieparser/junos/show_interfaces_extensive.txt",
                         "genieparser/junos/show_interfaces_queue.txt",
                         "genieparser/junos/show_route.txt",
                         "genieparser/nxos/show_ip_route.txt",           // NX-OS text
                         "napalm/nxos/show_interface.json",              // NX-OS JSON
                         "napalm/nxos/show_lldp_neighbors_detail.json",  // text in a .json: CFG006
                         "napalm/nxos_ssh/show_ip_route_vrf_all_1.0.4.0_24.txt",
                         "ntc-templates/arista_eos/show_ip_route_vrf.raw",  // EOS / NX-OS text
                         "ntc-templates/arista_eos/show_lldp_neighbors.raw",
                         "ntc-templates/cisco_nxos/show_interface.raw",
                         "ntc-templates/cisco_nxos/show_ip_route.raw",
                         "ntc-templates/cisco_nxos/show_ip_route_vrf.raw",
                         "sonic-utilities/expected-cli/pfcwd_show_stats.txt",  // SONiC CLI tables
                         "sonic-utilities/expected-cli/pfcwd_show_stats_all_masic.txt",
                         "sonic-utilities/expected-cli/show_pfc_counters.txt",
                         "sonic-utilities/expected-cli/show_pfc_counters_history.txt",
                         "sonic-utilities/expected-cli/show_priority-group_watermark_headroom.txt",
                         "sonic-utilities/expected-cli/show_priority-group_watermark_shared.txt",
                         "sonic-utilities/expected-cli/show_queue_counters.txt",
                         "sonic-utilities/expected-cli/show_queue_counters_json.txt",
                         "sonic-utilities/expected-cli/show_queue_watermark_unicast.txt",
                         "sonic-utilities/expected-cli/show_queue_wredcounters_port.txt",
                     }));
}

}  // namespace
}  // namespace rocelint
