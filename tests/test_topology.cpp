// Topology sources (docs/topology.md): LLDP JSON (lldpctl json / json0 / multi-ASIC, EOS), the real
// lldpctl and containerlab files, containerlab interface names per kind, rocelint's topology.yaml
// with its strict validation, how sources apply (neighbours, precedence, conflicts, roles, cable
// lengths as headroom input), and the leaf-spine sample rebuilt from topology files only.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "descriptions.hpp"
#include "located_json.hpp"
#include "rocelint/headroom.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"
#include "topology_source.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using test::loadError;
using test::TempDir;
using test::withRule;
using topology::SourceKind;
using topology::TopologySource;

std::string realworld(const std::string& rel) { return test::sharedDir() + "/realworld/" + rel; }

TopologySource lldpFromText(const std::string& text, const std::string& file,
                            const std::vector<std::string>& names = {"sw"}) {
  json::Node root;
  json::ParseFailure failure;
  EXPECT_TRUE(json::parse(text, root, failure)) << failure.message;
  EXPECT_TRUE(topology::looksLikeLldp(root));
  return topology::parseLldp(root, file, names);
}

const Port& portOf(const Fabric& fabric, const std::string& sw, const std::string& port) {
  const Switch* s = fabric.findSwitch(sw);
  if (s == nullptr) throw std::runtime_error("no switch " + sw);
  const Port* p = s->findPort(port);
  if (p == nullptr) throw std::runtime_error("no port " + port + " on " + sw);
  return *p;
}

using LinkKey = std::tuple<std::string, std::string, std::string, std::string>;
std::set<LinkKey> linksOf(const Fabric& fabric) {
  std::set<LinkKey> out;
  for (const Link& l : fabric.links) {
    out.insert({fabric.sw(l.a).name, fabric.port(l.a).name, fabric.sw(l.b).name, fabric.port(l.b).name});
  }
  return out;
}
std::set<std::tuple<std::string, std::string, std::string>> hostsOf(const Fabric& fabric) {
  std::set<std::tuple<std::string, std::string, std::string>> out;
  for (const Host& h : fabric.hosts) out.insert({h.name, fabric.sw(h.attachment).name, fabric.port(h.attachment).name});
  return out;
}
std::multiset<std::tuple<std::string, std::string, std::string, int, std::string>> findingsOf(const Report& report) {
  std::multiset<std::tuple<std::string, std::string, std::string, int, std::string>> out;
  for (const Finding& f : report.findings)
    out.insert({f.rule, f.switch_name, f.port, f.priority.value_or(-1), f.message});
  return out;
}

// ---------------------------------------------------------------------------------------------
// LLDP

TEST(TopologyLldp, RealLldpctlJsonFromSonicDbsyncd) {
  std::string file = realworld("sonic-dbsyncd/lldpctl.json");
  TopologySource src = lldpFromText(test::readAll(file), file, {"fallback"});
  EXPECT_EQ(src.kind, SourceKind::Lldp);
  EXPECT_EQ(src.local_switch, "arc-switch1025");  // lldp_loc_chassis, not the fallback
  EXPECT_TRUE(src.local_switch_candidates.empty());
  ASSERT_EQ(src.links.size(), 33u);  // 32 front-panel ports and eth0
  const auto& mgmt = src.links[0];
  EXPECT_EQ(mgmt.a.port, "eth0");
  EXPECT_EQ(mgmt.b.node, "switch218ad08");
  EXPECT_EQ(mgmt.b.port, "ge-0/0/17");
  const auto& first = src.links[1];
  EXPECT_EQ(first.a.node, "arc-switch1025");
  EXPECT_EQ(first.a.port, "Ethernet0");
  EXPECT_EQ(first.b.node, "switch13");  // chassis keyed by the system name
  EXPECT_EQ(first.b.port, "Ethernet1");
  EXPECT_EQ(first.src.line, 132);
  EXPECT_EQ(first.b.src.line, 137);  // the remote port id
  EXPECT_EQ(first.src.file(), file);
  // Ethernet96's chassis has no system-name level: the chassis id names the device.
  auto e96 = std::find_if(src.links.begin(), src.links.end(), [](const auto& l) { return l.a.port == "Ethernet96"; });
  ASSERT_NE(e96, src.links.end());
  EXPECT_EQ(e96->b.node, "00:11:22:33:44:55");
  EXPECT_EQ(e96->b.port, "Ethernet25");
  auto e124 = std::find_if(src.links.begin(), src.links.end(), [](const auto& l) { return l.a.port == "Ethernet124"; });
  ASSERT_NE(e124, src.links.end());
  EXPECT_EQ(e124->b.port, "Ethernet32");
  EXPECT_EQ(e124->src.line, 451);
}

TEST(TopologyLldp, RealFileAloneWarnsThatItsSwitchHasNoConfiguration) {
  Report report = test::check(realworld("sonic-dbsyncd/lldpctl.json"));
  auto f = withRule(report, "TOPO006");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].switch_name, "arc-switch1025");
  EXPECT_EQ(report.findings.size(), 1u);
}

TEST(TopologyLldp, Json0SingleObjectAndMultiAsicShapes) {
  // json0: every value wrapped in a list; the interface carries its name.
  auto json0 = lldpFromText(R"({"lldp": [{"interface": [
    {"name": "Ethernet8", "via": "LLDP",
     "chassis": [{"id": [{"type": "mac", "value": "aa:bb:cc:dd:ee:ff"}], "name": [{"value": "spine1"}]}],
     "port": [{"id": [{"type": "ifname", "value": "Ethernet4"}], "descr": [{"value": "x"}]}]}]}]})",
                            "a.json");
  ASSERT_EQ(json0.links.size(), 1u);
  EXPECT_EQ(json0.links[0].a.port, "Ethernet8");
  EXPECT_EQ(json0.links[0].b.node, "spine1");
  EXPECT_EQ(json0.links[0].b.port, "Ethernet4");
  EXPECT_EQ(json0.local_switch, "sw");
  // One neighbour: lldpd prints "interface" as an object; a MAC port id uses the description.
  auto single = lldpFromText(
      R"({"lldp": {"interface": {"Ethernet16": {"chassis": {"gpu1": {"id": {"type": "mac", "value": "0c:42"}}},
    "port": {"id": {"type": "mac", "value": "0c:42"}, "descr": "ens1f0np0"}}}}})",
      "b.json");
  ASSERT_EQ(single.links.size(), 1u);
  EXPECT_EQ(single.links[0].b.node, "gpu1");
  EXPECT_EQ(single.links[0].b.port, "ens1f0np0");
  EXPECT_EQ(single.links[0].b.src.line, 2);
  // Multi-ASIC: one instance per namespace, merged.
  auto multi = lldpFromText(
      R"({"asic0": {"lldp": {"interface": [{"Ethernet0": {"chassis": {"s1": {}}, "port": {"id": {"type": "ifname", "value": "Ethernet1"}}}}]}},
    "asic1": {"lldp": {"interface": [{"Ethernet64": {"chassis": {"s2": {}}, "port": {"id": {"type": "local", "value": "etp9"}}}}]}}})",
      "c.json");
  ASSERT_EQ(multi.links.size(), 2u);
  EXPECT_EQ(multi.links[1].a.port, "Ethernet64");
  EXPECT_EQ(multi.links[1].b.node, "s2");
  EXPECT_EQ(multi.links[1].b.port, "etp9");
  EXPECT_EQ(test::origin(multi.links[1].src), "json-pointer: /asic1/lldp/interface/0/Ethernet64");
}

TEST(TopologyLldp, EosShowLldpNeighborsJsonPlainAndDetail) {
  auto plain = lldpFromText(R"({"tablesLastChangeTime": 1652231658.94, "tablesAgeOuts": 2,
  "lldpNeighbors": [
    {"ttl": 120, "neighborDevice": "spine1.dc1.example.com", "neighborPort": "Ethernet1", "port": "Ethernet4"},
    {"ttl": 120, "neighborDevice": "gpu7", "neighborPort": "ens1f0np0", "port": "Ethernet7"}
  ]})",
                            "leaf1.json", {"leaf1"});
  ASSERT_EQ(plain.links.size(), 2u);
  EXPECT_EQ(plain.local_switch, "leaf1");
  EXPECT_EQ(plain.links[0].a.port, "Ethernet4");
  EXPECT_EQ(plain.links[0].b.node, "spine1.dc1.example.com");
  EXPECT_EQ(plain.links[0].b.port, "Ethernet1");
  EXPECT_EQ(plain.links[0].src.line, 3);
  auto detail = lldpFromText(R"({"lldpNeighbors": {"Ethernet1": {"lldpNeighborInfo": [
    {"systemName": "spine2", "neighborInterfaceInfo": {"interfaceId": "\"Ethernet3/1\"", "interfaceId_v2": "Ethernet3/1"}}]}}})",
                             "x.json");
  ASSERT_EQ(detail.links.size(), 1u);
  EXPECT_EQ(detail.links[0].a.port, "Ethernet1");
  EXPECT_EQ(detail.links[0].b.node, "spine2");
  EXPECT_EQ(detail.links[0].b.port, "Ethernet3/1");
}

TEST(TopologyLldp, OtherJsonIsNotLldp) {
  for (const char* text :
       {R"({"lldp": "enabled"})", R"({"lldpNeighbors": 3})", R"({"a": {"lldp": true}})", "[1]", "{}"}) {
    json::Node root;
    json::ParseFailure failure;
    ASSERT_TRUE(json::parse(text, root, failure));
    EXPECT_FALSE(topology::looksLikeLldp(root)) << text;
  }
}

TEST(TopologyLldp, MalformedIsAnInputErrorWithLocation) {
  TempDir dir;
  dir.write("a/leaf1.lldp.json", "{\"lldp\": {\"interface\": [\n  {\"Ethernet0\": {\"chassis\": {\"s\": {}}}}\n]}}\n");
  EXPECT_EQ(loadError(dir.path() + "/a"),
            dir.path() +
                "/a/leaf1.lldp.json:2:17: /lldp/interface/0/Ethernet0: expected \"chassis\" and \"port\" of the "
                "neighbour on Ethernet0");
  dir.write("b/leaf1.lldp.json",
            "{\"lldpNeighbors\": [{\"port\": \"Ethernet1\", \"neighborDevice\": [\"spine1\"]}]}\n");
  EXPECT_EQ(loadError(dir.path() + "/b"),
            dir.path() + "/b/leaf1.lldp.json:1:60: /lldpNeighbors/0: expected \"neighborDevice\" as a string");
}

// ---------------------------------------------------------------------------------------------
// containerlab

TEST(TopologyContainerlab, InterfaceNamesPerKind) {
  EXPECT_EQ(topology::containerlabPortName("arista_ceos", "eth1"), "Ethernet1");
  EXPECT_EQ(topology::containerlabPortName("ceos", "et12"), "Ethernet12");
  EXPECT_EQ(topology::containerlabPortName("arista_ceos", "eth1_2"), "Ethernet1/2");
  EXPECT_EQ(topology::containerlabPortName("arista_ceos", "Ethernet3"), "Ethernet3");
  EXPECT_EQ(topology::containerlabPortName("sonic-vs", "eth1"), "Ethernet0");
  EXPECT_EQ(topology::containerlabPortName("sonic-vs", "eth3"), "Ethernet8");
  EXPECT_EQ(topology::containerlabPortName("sonic-vs", "Ethernet8"), "Ethernet8");
  EXPECT_EQ(topology::containerlabPortName("nokia_srlinux", "e1-3"), "ethernet-1/3");
  EXPECT_EQ(topology::containerlabPortName("nokia_srlinux", "e1-3-2"), "ethernet-1/3/2");
  EXPECT_EQ(topology::containerlabPortName("linux", "eth1"), "eth1");
  EXPECT_EQ(topology::containerlabPortName("juniper_crpd", "et-0/0/0:1"), "et-0/0/0:1");
}

TEST(TopologyContainerlab, RealClos02) {
  std::string file = realworld("containerlab/clos02.clab.yml");
  std::string text = test::readAll(file);
  ASSERT_TRUE(topology::looksLikeContainerlab(text));
  TopologySource src = topology::parseContainerlab(text, file);
  EXPECT_EQ(src.kind, SourceKind::Containerlab);
  ASSERT_EQ(src.nodes.size(), 14u);
  int hosts = 0;
  for (const auto& n : src.nodes) hosts += n.host ? 1 : 0;
  EXPECT_EQ(hosts, 4);  // client1..4 are linux
  EXPECT_EQ(src.nodes[0].name, "leaf1");
  EXPECT_EQ(src.nodes[0].kind, "nokia_srlinux");
  EXPECT_EQ(src.nodes[0].src.line, 11);
  ASSERT_EQ(src.links.size(), 16u);
  EXPECT_EQ(src.links[0].a.node, "leaf1");
  EXPECT_EQ(src.links[0].a.port, "ethernet-1/1");
  EXPECT_EQ(src.links[0].a.written, "leaf1:e1-1");
  EXPECT_EQ(src.links[0].b.node, "spine1");
  EXPECT_EQ(src.links[0].src.line, 51);
  EXPECT_EQ(src.links[12].a.node, "client1");
  EXPECT_EQ(src.links[12].a.port, "eth1");
  EXPECT_EQ(src.links[12].b.port, "ethernet-1/3");
  EXPECT_EQ(src.links[12].b.src.line, 69);
  // Without configurations its ten SR Linux switches are reported once each, the clients not at all.
  Report report = test::check(file);
  auto f = withRule(report, "TOPO006");
  EXPECT_EQ(f.size(), 10u);
  for (const auto& finding : f) EXPECT_EQ(finding.switch_name.rfind("client", 0), std::string::npos);
}

TEST(TopologyContainerlab, RealLinuxNodesWithBothLinkSyntaxes) {
  std::string file = realworld("containerlab/01-linux-nodes.clab.yml");
  TopologySource src = topology::parseContainerlab(test::readAll(file), file);
  ASSERT_EQ(src.nodes.size(), 3u);
  for (const auto& n : src.nodes) EXPECT_TRUE(n.host) << n.name;
  // Two brief links and one extended veth; host, mgmt-net and dummy links have one end only.
  ASSERT_EQ(src.links.size(), 3u);
  EXPECT_EQ(src.links[0].a.written, "l1:eth1");
  EXPECT_EQ(src.links[0].b.node, "l2");
  EXPECT_EQ(src.links[0].b.port, "some1");
  EXPECT_EQ(src.links[0].src.line, 58);
  EXPECT_EQ(src.links[2].a.node, "l1");
  EXPECT_EQ(src.links[2].a.port, "eth3");
  EXPECT_EQ(src.links[2].a.src.line, 63);
  EXPECT_EQ(src.links[2].b.node, "l2");
  EXPECT_EQ(src.links[2].b.src.line, 66);
  Report report = test::check(file);
  EXPECT_TRUE(report.findings.empty());
}

TEST(TopologyContainerlab, SplitsOnTheFirstColonOnlyAndRejectsUnknownNodes) {
  auto src = topology::parseContainerlab(R"(name: j
topology:
  nodes:
    r1: {kind: juniper_crpd}
    r2: {kind: juniper_crpd}
  links:
    - endpoints: ["r1:et-0/0/0:1", "r2:et-0/0/1:0"]
)",
                                         "j.clab.yml");
  ASSERT_EQ(src.links.size(), 1u);
  EXPECT_EQ(src.links[0].a.port, "et-0/0/0:1");
  EXPECT_EQ(src.links[0].b.port, "et-0/0/1:0");
  try {
    topology::parseContainerlab(
        "topology:\n  nodes:\n    r1: {kind: linux}\n  links:\n    - endpoints: [\"r1:eth1\", \"r9:eth1\"]\n",
        "k.clab.yml");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "k.clab.yml:5:30: topology.links[0].endpoints[1]: node \"r9\" is not under topology.nodes");
  }
}

TEST(TopologyContainerlab, MalformedLabsAreInputErrorsWithLocation) {
  auto error = [](const std::string& text) {
    try {
      topology::parseContainerlab(text, "l.clab.yml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string nodes = "topology:\n  nodes:\n    a: {kind: ceos}\n    b: {kind: ceos}\n  links:\n";
  EXPECT_EQ(error(nodes + "    - type: wire\n      endpoints: [\"a:eth1\", \"b:eth1\"]\n"),
            "l.clab.yml:6:13: topology.links[0].type: expected veth, host, mgmt-net, macvlan, vxlan, vxlan-stitch or "
            "dummy, got \"wire\"");
  EXPECT_EQ(error(nodes + "    - endpoints: [\"a:eth1\", \"b:eth1\", \"a:eth2\"]\n"),
            "l.clab.yml:6:18: topology.links[0].endpoints: expected two endpoints, got 3");
  EXPECT_EQ(error(nodes + "    - endpoints: [\"a-eth1\", \"b:eth1\"]\n"),
            "l.clab.yml:6:19: topology.links[0].endpoints[0]: expected \"node:interface\", got \"a-eth1\"");
  EXPECT_EQ(
      error(nodes + "    - type: veth\n      endpoints:\n        - {node: a}\n        - {node: b, interface: eth1}\n"),
      "l.clab.yml:8:11: topology.links[0].endpoints[0]: expected \"node\" and \"interface\"");
  EXPECT_EQ(error("topology:\n  nodes:\n    a: {image: x}\n"),
            "l.clab.yml:3:5: topology.nodes.a: no kind (neither the node, its group nor topology.defaults sets one)");
  EXPECT_EQ(error("topology: [1]\n"), "l.clab.yml:1:11: topology: expected a mapping with nodes and links, got a list");
  // Inherited kinds: defaults, then the group, then the node.
  auto src = topology::parseContainerlab(
      "topology:\n  defaults: {kind: linux}\n  groups:\n    sw: {kind: ceos}\n"
      "  nodes:\n    h: {}\n    s: {group: sw}\n    t: {group: sw, kind: sonic-vs}\n",
      "g.clab.yml");
  ASSERT_EQ(src.nodes.size(), 3u);
  EXPECT_EQ(src.nodes[0].kind, "linux");
  EXPECT_TRUE(src.nodes[0].host);
  EXPECT_EQ(src.nodes[1].kind, "ceos");
  EXPECT_FALSE(src.nodes[1].host);
  EXPECT_EQ(src.nodes[2].kind, "sonic-vs");
}

// A SONiC pair described by a containerlab lab of sonic-vs nodes: eth1 is Ethernet0, eth3 Ethernet8.
TEST(TopologyContainerlab, GivesSonicVsSwitchesTheirLinks) {
  TempDir dir;
  for (const char* sw : {"leaf1", "spine1"}) {
    auto cfg =
        nlohmann::json::parse(test::readAll(test::sourceDir() + "/tests/fixtures/TOPO001/sonic/good/" + sw + ".json"));
    cfg.erase("DEVICE_NEIGHBOR");
    dir.write(std::string(sw) + ".json", cfg.dump(4));
  }
  dir.write("lab.clab.yml", R"(name: roce
topology:
  kinds:
    sonic-vs: {image: docker-sonic-vs:latest}
  nodes:
    leaf1: {kind: sonic-vs}
    spine1: {kind: sonic-vs}
    gpu-node-1: {kind: linux}
  links:
    - endpoints: ["leaf1:eth1", "spine1:eth1"]
    - type: veth
      endpoints:
        - {node: leaf1, interface: eth3}
        - {node: gpu-node-1, interface: ens1f0np0}
)");
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_EQ(linksOf(fabric), (std::set<LinkKey>{{"leaf1", "Ethernet0", "spine1", "Ethernet0"}}));
  EXPECT_EQ(hostsOf(fabric),
            (std::set<std::tuple<std::string, std::string, std::string>>{{"gpu-node-1", "leaf1", "Ethernet8"}}));
  const Port& p = portOf(fabric, "leaf1", "Ethernet0");
  ASSERT_TRUE(p.neighbor);
  EXPECT_EQ(p.neighbor->src.file(), dir.path() + "/lab.clab.yml");
  EXPECT_EQ(p.neighbor->src.line, 10);
  EXPECT_TRUE(test::check(dir.path()).findings.empty());
}

// ---------------------------------------------------------------------------------------------
// topology.yaml

TEST(TopologyPlan, LengthsAndSpeeds) {
  EXPECT_EQ(topology::parseLength("3m"), 3u);
  EXPECT_EQ(topology::parseLength("100m"), 100u);
  EXPECT_EQ(topology::parseLength("2km"), 2000u);
  EXPECT_EQ(topology::parseLength("1.5m"), 2u);  // rounded up: headroom errs on the safe side
  EXPECT_EQ(topology::parseLength("0.3km"), 300u);
  EXPECT_EQ(topology::parseLength("40"), std::nullopt);
  EXPECT_EQ(topology::parseLength("m"), std::nullopt);
  EXPECT_EQ(topology::parseLength("4 0m"), std::nullopt);
  EXPECT_EQ(topology::parseLength("-3m"), std::nullopt);
  EXPECT_EQ(topology::parseLength("200km"), std::nullopt);
  EXPECT_EQ(topology::parseSpeed("400G"), 400000u);
  EXPECT_EQ(topology::parseSpeed("25g"), 25000u);
  EXPECT_EQ(topology::parseSpeed("10000M"), 10000u);
  EXPECT_EQ(topology::parseSpeed("100000"), 100000u);
  EXPECT_EQ(topology::parseSpeed("fast"), std::nullopt);
  EXPECT_EQ(topology::parseSpeed("0G"), std::nullopt);
  EXPECT_EQ(topology::parseSpeed("1600G"), 1600000u);
  EXPECT_EQ(topology::parseSpeed("1601G"), std::nullopt);
  EXPECT_EQ(topology::parseSpeed("18446744073709552G"), std::nullopt);  // would wrap when scaled
}

TEST(TopologyPlan, EveryElementWithItsLine) {
  std::string text = test::readAll(test::sourceDir() + "/tests/topology/leafspine-clean/topology.yaml");
  ASSERT_TRUE(topology::looksLikePlan(text));
  EXPECT_FALSE(topology::looksLikeContainerlab(text));
  TopologySource src = topology::parsePlan(text, "topology.yaml");
  ASSERT_EQ(src.nodes.size(), 14u);  // 6 switches, 8 hosts
  EXPECT_EQ(src.nodes[0].name, "leaf1");
  ASSERT_TRUE(src.nodes[0].role && src.nodes[0].asn);
  EXPECT_EQ(src.nodes[0].role->value, "LeafRouter");
  EXPECT_EQ(src.nodes[0].asn->value, 65101u);
  EXPECT_EQ(src.nodes[0].src.line, 5);
  EXPECT_TRUE(src.nodes[13].host);
  ASSERT_EQ(src.links.size(), 16u);  // 8 switch links, 8 host attachments
  const auto& l = src.links[2];
  EXPECT_EQ(l.a.node, "leaf2");
  EXPECT_EQ(l.b.port, "Ethernet8");
  ASSERT_TRUE(l.length_m && l.speed_mbps);
  EXPECT_EQ(l.length_m->value, 40u);
  EXPECT_EQ(l.length_m->src.line, 14);
  EXPECT_EQ(l.speed_mbps->value, 400000u);
  const auto& h = src.links[8];
  EXPECT_EQ(h.a.node, "leaf1");
  EXPECT_EQ(h.a.port, "Ethernet16");
  EXPECT_EQ(h.b.node, "gpu-node-1");
  EXPECT_EQ(h.b.port, "ens1f0np0");
  EXPECT_EQ(h.length_m->value, 5u);
  EXPECT_EQ(h.src.line, 23);
}

TEST(TopologyPlan, StrictValidationIsExitTwoWithLocation) {
  auto error = [](const std::string& text) {
    try {
      topology::parsePlan(text, "t.yaml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string head = "rocelint-topology: 1\nswitches:\n  - {name: a}\n  - {name: b}\n";
  EXPECT_EQ(error("rocelint-topology: 1\nswitch:\n  - {name: a}\n"),
            "t.yaml:2:1: unknown key \"switch\" (expected rocelint-topology, switches, links or hosts)");
  EXPECT_EQ(error("rocelint-topology: 2\n"), "t.yaml:1:20: rocelint-topology: expected version 1, got \"2\"");
  EXPECT_EQ(error(head + "links:\n  - {a: a:p1, b: b:p1, lenght: 3m}\n"),
            "t.yaml:6:24: links[0]: unknown key \"lenght\" (expected a, b, length, speed)");
  EXPECT_EQ(error(head + "links:\n  - {a: a:p1, b: b:p1, length: 3}\n"),
            "t.yaml:6:32: links[0].length: expected a length like \"3m\", \"100m\" or \"2km\", got \"3\"");
  EXPECT_EQ(error(head + "links:\n  - {a: a:p1, b: b:p1, speed: quick}\n"),
            "t.yaml:6:31: links[0].speed: expected a speed like \"400G\" or \"25000M\", got \"quick\"");
  EXPECT_EQ(error(head + "links:\n  - {a: a:p1, b: c:p1}\n"),
            "t.yaml:6:18: links[0].b: \"c\" is not declared under switches or hosts");
  EXPECT_EQ(error(head + "links:\n  - {a: a, b: b:p1}\n"),
            "t.yaml:6:9: links[0].a: expected \"device:port\", got \"a\"");
  EXPECT_EQ(error(head + "links: {a: a:p1}\n"), "t.yaml:5:8: links: expected a list of links, got a mapping");
  EXPECT_EQ(error("rocelint-topology: 1\nswitches:\n  - {name: a, asn: x}\n"),
            "t.yaml:3:20: switches[0].asn: expected an AS number 1-4294967295, got \"x\"");
  EXPECT_EQ(error("rocelint-topology: 1\nswitches:\n  - {name: a}\n  - {name: a}\n"),
            "t.yaml:4:12: switches[1].name: \"a\" is declared twice");
  EXPECT_EQ(error(head + "hosts:\n  - {name: h, attach: [b:p2, {port: h:x}]}\n"),
            "t.yaml:6:37: hosts[0].attach[1].port: \"h\" is not declared under switches");
  EXPECT_EQ(error("rocelint-topology: 1\nswitches: [\n"), "t.yaml:3:1: invalid YAML: end of sequence flow not found");
  // Through the binary: exit 2 and the location.
  TempDir dir;
  dir.write("topology.yaml", "rocelint-topology: 1\nswitches:\n  - {name: a, tier: high}\n");
  auto [code, out] = test::runRocelint("check " + dir.path());
  EXPECT_EQ(code, 2);
  EXPECT_NE(out.find(dir.path() +
                     "/topology.yaml:3:21: error[CFG006]: switches[0].tier: expected a tier number 0-9, got \"high\""),
            std::string::npos)
      << out;
}

// ---------------------------------------------------------------------------------------------
// Applying sources

/// samples/leafspine-clean with DEVICE_NEIGHBOR removed from every config_db file, plus `extra`.
std::string strippedSample(const TempDir& dir, const std::string& sub, bool keep_addresses = false) {
  fs::path sample = fs::path(test::sourceDir()) / "samples" / "leafspine-clean";
  for (const auto& entry : fs::directory_iterator(sample)) {
    if (entry.path().extension() != ".json") continue;
    auto cfg = nlohmann::json::parse(test::readAll(entry.path().string()));
    EXPECT_TRUE(cfg.contains("DEVICE_NEIGHBOR"));
    // Ports facing another switch of the sample (leafN/spineN), whose /31s are link addresses.
    std::set<std::string> link_ports;
    for (auto& [port, peer] : cfg["DEVICE_NEIGHBOR"].items()) {
      std::string name = peer.value("name", "");
      if (name.rfind("leaf", 0) == 0 || name.rfind("spine", 0) == 0) link_ports.insert(port);
    }
    cfg.erase("DEVICE_NEIGHBOR");
    // Descriptions name the peers too (docs/topology.md "Interface descriptions"): without either,
    // the configurations carry no cabling at all.
    for (auto& [name, port] : cfg["PORT"].items()) port.erase("description");
    // The /31 link addresses would link the fabric on their own (linkPointToPointSubnets); the
    // server ports' subnets stay (they are the fabric's RoCE destinations).
    if (!keep_addresses) {
      nlohmann::json kept = nlohmann::json::object();
      for (auto& [key, value] : cfg["INTERFACE"].items()) {
        if (!link_ports.count(key.substr(0, key.find('|')))) kept[key] = value;
      }
      cfg["INTERFACE"] = kept;
    }
    dir.write(sub + "/" + entry.path().filename().string(), cfg.dump(4));
  }
  return dir.path() + "/" + sub;
}

TEST(TopologyApply, CommittedTopologyFilesAreWhatTheGeneratorWrites) {
  TempDir out;
  std::string cmd = "/usr/bin/python3 " + test::sourceDir() + "/tests/topology/make_leafspine_topology.py " +
                    out.path() + "/gen > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::string committed = test::sourceDir() + "/tests/topology/leafspine-clean";
  for (const std::string name :
       {"topology.yaml", "lldp/leaf1.lldp.json", "lldp/leaf2.lldp.json", "lldp/leaf3.lldp.json", "lldp/leaf4.lldp.json",
        "lldp/spine1.lldp.json", "lldp/spine2.lldp.json"}) {
    std::string want = test::readAll(committed + "/" + name);
    EXPECT_FALSE(want.empty()) << name;
    EXPECT_EQ(test::readAll(out.path() + "/gen/" + name), want) << name;
  }
}

TEST(TopologyApply, LeafSpineFromTopologyYamlIsTheSameFabric) {
  std::string original = test::sourceDir() + "/samples/leafspine-clean";
  Fabric want = loadFabric({original});
  ASSERT_EQ(want.links.size(), 8u);
  ASSERT_EQ(want.hosts.size(), 8u);
  TempDir dir;
  std::string bare = strippedSample(dir, "bare");
  EXPECT_TRUE(loadFabric({bare}).links.empty());  // without the topology the fabric has no link
  // Without neighbour tables but with its /31 link addresses, the address plan gives the same links.
  EXPECT_EQ(linksOf(loadFabric({strippedSample(dir, "addresses", true)})), linksOf(want));
  std::string with = strippedSample(dir, "yaml");
  dir.write("yaml/topology.yaml", test::readAll(test::sourceDir() + "/tests/topology/leafspine-clean/topology.yaml"));
  Fabric got = loadFabric({with});
  EXPECT_EQ(linksOf(got), linksOf(want));
  EXPECT_EQ(hostsOf(got), hostsOf(want));
  EXPECT_TRUE(got.topology_conflicts.empty());
  const Port& p = portOf(got, "leaf2", "Ethernet8");
  ASSERT_TRUE(p.neighbor && p.cable_length_m);
  EXPECT_EQ(p.neighbor->device, "spine2");
  EXPECT_EQ(p.neighbor->port, "Ethernet8");
  EXPECT_EQ(p.neighbor->src.line, 15);  // links[3]: {a: leaf2:Ethernet8, b: spine2:Ethernet8, ...}
  EXPECT_EQ(p.cable_length_m->value, 40u);
  EXPECT_TRUE(p.cable_length_from_topology);
  EXPECT_EQ(p.cable_length_m->src.file(), with + "/topology.yaml");
  EXPECT_EQ(findingsOf(test::check(with)), findingsOf(test::check(original)));
}

TEST(TopologyApply, LeafSpineFromLldpIsTheSameFabric) {
  std::string original = test::sourceDir() + "/samples/leafspine-clean";
  Fabric want = loadFabric({original});
  TempDir dir;
  std::string with = strippedSample(dir, "lldp");
  for (const auto& entry :
       fs::directory_iterator(fs::path(test::sourceDir()) / "tests/topology/leafspine-clean/lldp")) {
    dir.write("lldp/lldp/" + entry.path().filename().string(), test::readAll(entry.path().string()));
  }
  Fabric got = loadFabric({with});
  EXPECT_EQ(linksOf(got), linksOf(want));
  EXPECT_EQ(hostsOf(got), hostsOf(want));
  EXPECT_TRUE(got.topology_conflicts.empty());  // eth0 (management) is not a fabric port
  // leaf2's entry (files load in path order) gives both ends; spine1's json0 entry, which names
  // the leaf port by alias (etp1 = Ethernet0), agrees with it, or there would be a conflict.
  const Port& p = portOf(got, "spine1", "Ethernet8");
  ASSERT_TRUE(p.neighbor);
  EXPECT_EQ(p.neighbor->device, "leaf2");
  EXPECT_EQ(p.neighbor->port, "Ethernet0");
  EXPECT_EQ(p.neighbor->src.file(), with + "/lldp/leaf2.lldp.json");
  EXPECT_EQ(findingsOf(test::check(with)), findingsOf(test::check(original)));
}

TEST(TopologyApply, SourcesThatDisagreeAreReportedAtTheOneThatApplies) {
  TempDir dir;
  std::string fabric_dir = strippedSample(dir, "f");
  // leaf1's LLDP sees spine2 on Ethernet0; topology.yaml plans spine1 there.
  dir.write("f/leaf1.lldp.json", R"({"lldp": {"interface": [
  {"Ethernet0": {"chassis": {"spine2": {}}, "port": {"id": {"type": "ifname", "value": "Ethernet0"}}}}]}}
)");
  dir.write("f/topology.yaml",
            "rocelint-topology: 1\nswitches: [{name: leaf1}, {name: spine1}]\n"
            "links:\n  - {a: leaf1:Ethernet0, b: spine1:Ethernet0}\n");
  Report report = test::check(fabric_dir);
  auto f = withRule(report, "TOPO004");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].switch_name, "leaf1");
  EXPECT_EQ(f[0].port, "Ethernet0");
  EXPECT_EQ(f[0].location.file(), fabric_dir + "/leaf1.lldp.json");
  EXPECT_EQ(f[0].location.line, 2);
  EXPECT_EQ(f[0].message,
            "leaf1 Ethernet0: LLDP (" + fabric_dir +
                "/leaf1.lldp.json) says its neighbour is spine2 Ethernet0, but topology.yaml says spine1 Ethernet0");
  ASSERT_EQ(f[0].related.size(), 1u);
  EXPECT_EQ(f[0].related[0].src.file(), fabric_dir + "/topology.yaml");
  EXPECT_EQ(f[0].related[0].src.line, 4);
  // LLDP (what is cabled) applied: leaf1 Ethernet0 <-> spine2 Ethernet0.
  Fabric fabric = loadFabric({fabric_dir});
  EXPECT_EQ(portOf(fabric, "leaf1", "Ethernet0").neighbor->device, "spine2");
  EXPECT_EQ(portOf(fabric, "spine2", "Ethernet0").neighbor->device, "leaf1");
  EXPECT_FALSE(portOf(fabric, "spine1", "Ethernet0").neighbor);
}

TEST(TopologyApply, OneCableSeenFromBothEndsIsReportedOnceAndHostsAreComparedByName) {
  TempDir dir;
  fs::path sample = fs::path(test::sourceDir()) / "samples" / "leafspine-clean";
  for (const auto& entry : fs::directory_iterator(sample)) {
    if (entry.path().extension() == ".json")
      dir.write("f/" + entry.path().filename().string(), test::readAll(entry.path().string()));
  }
  // The configs say leaf1:Ethernet0 <-> spine1:Ethernet0 and leaf1:Ethernet8 <-> spine2:Ethernet0;
  // both LLDP files see leaf1:Ethernet0 <-> spine2:Ethernet0.
  dir.write("f/lldp/leaf1.lldp.json", R"({"lldp": {"interface": [
  {"Ethernet0": {"chassis": {"spine2.dc1": {}}, "port": {"id": {"type": "ifname", "value": "Ethernet0"}}}},
  {"Ethernet16": {"chassis": {"gpu-node-1": {}}, "port": {"id": {"type": "mac", "value": "0c:42:a1:00:00:01"}}}},
  {"Ethernet24": {"chassis": {"id": {"type": "mac", "value": "0c:42:a1:00:00:02"}}, "port": {"id": {"type": "mac", "value": "0c:42:a1:00:00:02"}}}}]}}
)");
  dir.write("f/lldp/spine2.lldp.json", R"({"lldp": {"interface": [
  {"Ethernet0": {"chassis": {"leaf1": {}}, "port": {"id": {"type": "local", "value": "etp1"}}}},
  {"Ethernet24": {"chassis": {"leaf4": {}}, "port": {"id": {"type": "ifname", "value": "eth0"}}}}]}}
)");
  std::string root = dir.path() + "/f";
  Report report = test::check(root);
  auto f = withRule(report, "TOPO004");
  ASSERT_EQ(f.size(), 2u);
  std::set<std::tuple<std::string, std::string, std::string>> got;
  for (const auto& finding : f) got.insert({finding.switch_name, finding.port, finding.location.file()});
  EXPECT_EQ(got, (std::set<std::tuple<std::string, std::string, std::string>>{
                     {"leaf1", "Ethernet0", root + "/leaf1.json"}, {"spine2", "Ethernet0", root + "/spine2.json"}}));
  EXPECT_EQ(
      f[0].message,
      "leaf1 Ethernet0: its configuration says its neighbour is spine1 Ethernet0, but LLDP says spine2 Ethernet0");
  // A host is compared by name (its NIC may be sent as a MAC); a peer without a system name is not
  // compared; a peer's management port (eth0) is not a fabric link.
  EXPECT_TRUE(withRule(report, "TOPO005").empty());
  EXPECT_EQ(report.findings.size(), 2u);
  // The configuration is kept: the sample's links are unchanged.
  EXPECT_EQ(linksOf(loadFabric({root})), linksOf(loadFabric({sample.string()})));
}

TEST(TopologyApply, FqdnSystemNamesAndRolesFillWhatConfigsLeaveOut) {
  TempDir dir;
  std::string fabric_dir = strippedSample(dir, "f");
  auto cfg = nlohmann::json::parse(test::readAll(fabric_dir + "/leaf3.json"));
  cfg["DEVICE_METADATA"]["localhost"].erase("type");
  cfg["DEVICE_METADATA"]["localhost"].erase("bgp_asn");
  dir.write("f/leaf3.json", cfg.dump(4));
  dir.write("f/leaf3/lldp.json", R"({"lldpNeighbors": [
  {"port": "Ethernet0", "neighborDevice": "spine1.dc1.example.com", "neighborPort": "Ethernet16"}]})");
  dir.write("f/topology.yaml", "rocelint-topology: 1\nswitches:\n  - {name: leaf3, tier: 1, asn: 65103}\n");
  Fabric fabric = loadFabric({fabric_dir});
  const Switch* leaf3 = fabric.findSwitch("leaf3");
  ASSERT_NE(leaf3, nullptr);
  EXPECT_EQ(leaf3->role, "tier1");
  ASSERT_TRUE(leaf3->asn);
  EXPECT_EQ(leaf3->asn->value, 65103u);
  EXPECT_EQ(leaf3->asn->src.line, 3);
  EXPECT_EQ(linksOf(fabric), (std::set<LinkKey>{{"leaf3", "Ethernet0", "spine1", "Ethernet16"}}));
  EXPECT_TRUE(fabric.topology_conflicts.empty());
}

// A Junos switch: its interfaces as (name, description, address), each an L3 port.
std::string junosSwitch(const std::string& host, const std::vector<std::array<std::string, 3>>& interfaces) {
  std::string out = "system {\n    host-name " + host + ";\n}\ninterfaces {\n";
  for (const auto& [name, description, address] : interfaces) {
    out += "    " + name + " {\n        description " + description +
           ";\n        unit 0 {\n            family inet {\n" + "                address " + address +
           ";\n            }\n        }\n    }\n";
  }
  return out + "}\n";
}

// Two ports that hold the two addresses of one /31 (or /30) are cabled to each other: the JVD
// inference front end names its peers "frontend-leaf1" while the leaf's host name is leaf1, and
// its spines' and leaves' link addresses pair up exactly.
TEST(TopologyApply, PointToPointSubnetsLinkPortsWhoseDescriptionsNameNoFabricSwitch) {
  TempDir dir;
  dir.write("f/spine1.conf", junosSwitch("spine1", {{"et-0/0/0", "facing_frontend-leaf1:et-0/0/0", "10.0.5.0/31"},
                                                    {"et-0/0/1", "facing_frontend-leaf1:et-0/0/1", "10.0.5.9/30"},
                                                    {"et-0/0/2", "facing_frontend-leaf2:et-0/0/0", "10.0.5.4/31"},
                                                    {"et-0/0/3", "spine1-loop", "10.0.9.0/31"},
                                                    {"et-0/0/4", "spine1-loop", "10.0.9.1/31"},
                                                    {"et-0/0/5", "leaf1:et-0/0/9", "10.0.7.0/31"},
                                                    {"et-0/0/6", "to-shared-segment", "10.0.8.1/30"}}));
  dir.write("f/leaf1.conf", junosSwitch("leaf1", {{"et-0/0/0", "facing_frontend-spine-1:et-0/0/0", "10.0.5.1/31"},
                                                  {"et-0/0/1", "facing_frontend-spine-1:et-0/0/1", "10.0.5.10/30"},
                                                  {"et-0/0/6", "to-shared-segment", "10.0.8.2/30"},
                                                  {"et-0/0/7", "unrelated", "10.0.7.1/31"},
                                                  {"et-0/0/9", "spine1:et-0/0/5", "10.0.6.1/31"}}));
  dir.write("f/leaf2.conf", junosSwitch("leaf2", {{"et-0/0/6", "to-shared-segment", "10.0.8.3/30"}}));
  Fabric fabric = loadFabric({dir.path() + "/f"});
  // et-0/0/0 and et-0/0/1 pair by address (/31 and /30); et-0/0/2's peer leaf2 holds no
  // 10.0.5.4/31; spine1's two ports on one /31 are one switch; the /30 with three holders is not
  // point to point; spine1 et-0/0/5 and leaf1 et-0/0/9 name each other (their descriptions win
  // over leaf1 et-0/0/7's 10.0.7.1/31).
  EXPECT_EQ(linksOf(fabric), (std::set<LinkKey>{{"leaf1", "et-0/0/0", "spine1", "et-0/0/0"},
                                                {"leaf1", "et-0/0/1", "spine1", "et-0/0/1"},
                                                {"leaf1", "et-0/0/9", "spine1", "et-0/0/5"}}));
  const Port& p = portOf(fabric, "spine1", "et-0/0/1");
  ASSERT_TRUE(p.neighbor);
  EXPECT_EQ(p.neighbor->src.line, 17);  // the address statement of spine1 et-0/0/1
  EXPECT_FALSE(portOf(fabric, "spine1", "et-0/0/3").neighbor);
  EXPECT_FALSE(portOf(fabric, "leaf2", "et-0/0/6").neighbor);
}

TEST(TopologyApply, TopologyLengthIsTheHeadroomCableLength) {
  std::string bad = test::sourceDir() + "/tests/fixtures/TOPO007/sonic/bad";
  Fabric fabric = loadFabric({bad});
  const Port& p = portOf(fabric, "spine1", "Ethernet0");
  ASSERT_TRUE(p.cable_length_m && p.configured_cable_length_m);
  EXPECT_EQ(p.cable_length_m->value, 300u);
  EXPECT_EQ(p.cable_length_m->src.file(), bad + "/topology.yaml");
  EXPECT_EQ(p.cable_length_m->src.line, 6);
  EXPECT_EQ(p.configured_cable_length_m->value, 40u);
  const Switch& spine = *fabric.findSwitch("spine1");
  auto need = portHeadroomNeed(spine, p, RuleParams{});
  ASSERT_TRUE(need);
  EXPECT_EQ(need->in.cable_length_m, 300u);
  Report report = test::check(bad);
  auto buf = withRule(report, "BUF007");
  ASSERT_FALSE(buf.empty());
  EXPECT_NE(buf[0].message.find("300 m cable (topology)"), std::string::npos) << buf[0].message;
  bool related_to_topology = false;
  for (const auto& r : buf[0].related) related_to_topology |= r.src.file() == bad + "/topology.yaml";
  EXPECT_TRUE(related_to_topology);
  // The good twin (40 m in the topology) has neither finding.
  Report good = test::check(test::sourceDir() + "/tests/fixtures/TOPO007/sonic/good");
  EXPECT_TRUE(withRule(good, "BUF007").empty());
}

TEST(TopologyApply, SpeedFillsMissingAndDisagreesOtherwise) {
  TempDir dir;
  std::string fabric_dir = strippedSample(dir, "f");
  auto cfg = nlohmann::json::parse(test::readAll(fabric_dir + "/leaf4.json"));
  cfg["PORT"]["Ethernet16"].erase("speed");
  dir.write("f/leaf4.json", cfg.dump(4));
  dir.write("f/topology.yaml",
            "rocelint-topology: 1\nswitches: [{name: leaf4}, {name: spine2}]\nhosts:\n"
            "  - {name: gpu-node-7, attach: {port: leaf4:Ethernet16, speed: 100G}}\nlinks:\n"
            "  - {a: leaf4:Ethernet8, b: spine2:Ethernet24, speed: 100G}\n");
  Fabric fabric = loadFabric({fabric_dir});
  const Port& host_port = portOf(fabric, "leaf4", "Ethernet16");
  ASSERT_TRUE(host_port.speed_mbps);
  EXPECT_EQ(host_port.speed_mbps->value, 100000u);
  EXPECT_EQ(host_port.speed_mbps->src.line, 4);
  EXPECT_EQ(host_port.neighbor->device, "gpu-node-7");
  Report report = test::check(fabric_dir);
  auto f = withRule(report, "TOPO007");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].message,
            "leaf4 Ethernet8 runs at 400000 Mb/s, but topology.yaml gives its link 100000 Mb/s (the "
            "configured speed is kept)");
  EXPECT_EQ(portOf(fabric, "leaf4", "Ethernet8").speed_mbps->value, 400000u);
}

// Interface descriptions (docs/topology.md "Interface descriptions"): every common form, with the
// peer matched to the fabric's switch names whatever the case or domain suffix.
TEST(TopologyDescriptions, CommonFormsNameThePeerAndItsPort) {
  auto is_switch = [](const std::string& name) {
    std::string low = name;
    for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return low == "spine1" || low == "gpu-r1-l1" || low == "leaf2";
  };
  auto peer = [&](const std::string& text) {
    auto p = peerFromDescription(text, is_switch);
    return p ? p->device + " " + p->port : std::string("-");
  };
  EXPECT_EQ(peer("spine1:Ethernet0"), "spine1 Ethernet0");
  EXPECT_EQ(peer("facing_spine1:et-0/0/1:0"), "spine1 et-0/0/1:0");
  EXPECT_EQ(peer("facing_gpu-r1-l1:et-0/0/0:1"), "gpu-r1-l1 et-0/0/0:1");
  EXPECT_EQ(peer("to-spine1:Ethernet1/1"), "spine1 Ethernet1/1");
  EXPECT_EQ(peer("\"spine1 Ethernet1/1\""), "spine1 Ethernet1/1");
  EXPECT_EQ(peer("to spine1 Ethernet1/1"), "spine1 Ethernet1/1");
  EXPECT_EQ(peer("to-spine1-Ethernet1/1"), "spine1 Ethernet1/1");
  EXPECT_EQ(peer("to-gpu-r1-l1-et-0/0/0:0"), "gpu-r1-l1 et-0/0/0:0");
  EXPECT_EQ(peer("leaf2_et-0/0/3"), "leaf2 et-0/0/3");
  EXPECT_EQ(peer("P2P_LINK_TO_DC1-SPINE1_Ethernet1"), "DC1-SPINE1 Ethernet1");
  // A host: only the unambiguous colon form names one.
  EXPECT_EQ(peer("gpu-node-1:ens1f0np0"), "gpu-node-1 ens1f0np0");
  EXPECT_EQ(peer("to-gpu-node-1:ens1f0np0"), "gpu-node-1 ens1f0np0");
  EXPECT_EQ(peer("gpu-node-1 ens1f0np0"), "-");
  EXPECT_EQ(peer("to-gpu-node-1-eth0"), "-");
  // Prose and names without a port name nothing.
  EXPECT_EQ(peer("Breakout et-0/0/0"), "-");
  EXPECT_EQ(peer("VRF tenant-1 to H100-01"), "-");
  EXPECT_EQ(peer("to.ixiaaresone"), "-");
  EXPECT_EQ(peer("facing_spine1"), "-");
  EXPECT_EQ(peer("uplink:to spine"), "-");
  EXPECT_EQ(peer(""), "-");
}

TEST(TopologyDescriptions, SwitchNamesAndPortAbbreviationsMatchLikeAnEngineerReadsThem) {
  TempDir dir;
  dir.write("LEAF1.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "LEAF1"}},
    "PORT": {"Ethernet0": {"alias": "etp1", "description": "spine1.dc1.example.net:Eth1/1"},
             "Ethernet4": {"alias": "etp2"}}})");
  dir.write("spine1.cfg",
            "hostname spine1\n"
            "interface Ethernet1/1\n"
            "  description leaf1:etp1\n"
            "interface Ethernet1/2\n"
            "  description to-leaf1-Ethernet4\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  ASSERT_EQ(fabric.links.size(), 2u);
  const Switch& leaf = fabric.switches[fabric.switch_index.at("LEAF1")];
  const Switch& spine = fabric.switches[fabric.switch_index.at("spine1")];
  // Names: the switch's own; ports: the peer's own name (alias and abbreviation resolved).
  EXPECT_EQ(test::portOf(leaf, "Ethernet0").neighbor->device, "spine1");
  EXPECT_EQ(test::portOf(leaf, "Ethernet0").neighbor->port, "Ethernet1/1");
  EXPECT_EQ(test::portOf(spine, "Ethernet1/1").neighbor->device, "LEAF1");
  EXPECT_EQ(test::portOf(spine, "Ethernet1/1").neighbor->port, "Ethernet0");
  // Ethernet4 says nothing: spine1's description is enough, and Ethernet4 gets the neighbour back
  // at spine1's description line.
  const Neighbor& back = *test::portOf(leaf, "Ethernet4").neighbor;
  EXPECT_EQ(back.device, "spine1");
  EXPECT_EQ(back.port, "Ethernet1/2");
  EXPECT_EQ(back.src.file(), (fs::path(dir.path()) / "spine1.cfg").string());
  EXPECT_EQ(back.src.line, 5);
  EXPECT_TRUE(withRule(analyze(fabric, {}), "TOPO001").empty());
  EXPECT_TRUE(withRule(analyze(fabric, {}), "TOPO008").empty());
}

// LLDP (what is cabled) comes before a description: the description that disagrees is not used,
// and the LLDP neighbour gives no TOPO004 against it.
TEST(TopologyDescriptions, AreTheWeakestSource) {
  TempDir dir;
  dir.write("leaf1.cfg", "hostname leaf1\ninterface Ethernet1\n  description spine9:Ethernet1\n");
  dir.write("spine1.cfg", "hostname spine1\ninterface Ethernet1\n  description leaf1:Ethernet1\n");
  dir.write("leaf1.lldp.json", R"({"lldp": {"interface": [{"Ethernet1": {"chassis": {"spine1": {}},
    "port": {"id": {"type": "ifname", "value": "Ethernet1"}}}}]}})");
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_EQ(fabric.links.size(), 1u);
  EXPECT_TRUE(fabric.topology_conflicts.empty());
  EXPECT_EQ(test::portOf(fabric.switches[fabric.switch_index.at("leaf1")], "Ethernet1").neighbor->device, "spine1");
}

// TOPO008: the JVD AI back-end as published (3 leaves here, 4 spines) links only through its
// descriptions; with them unreadable (names as "facing_X" without a port) the fabric has no link.
TEST(TopologyDescriptions, FabricWithoutLinksIsOneTopo008) {
  TempDir dir;
  dir.write("spine1.cfg", "hostname spine1\ninterface Ethernet1\n  description facing_leaf1\n");
  dir.write("leaf1.cfg", "hostname leaf1\ninterface Ethernet1\n  description facing_spine1\n");
  Report report = analyze(loadFabric({dir.path()}), {});
  auto found = withRule(report, "TOPO008");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].severity, Severity::Warning);
  EXPECT_EQ(found[0].switch_name, "");
  EXPECT_EQ(found[0].port, "");
  EXPECT_FALSE(found[0].priority);
  EXPECT_EQ(found[0].location.file(), (fs::path(dir.path()) / "leaf1.cfg").string());
  EXPECT_EQ(found[0].location.line, 1);
  EXPECT_EQ(found[0].message,
            "2 switches (leaf1, spine1) but not one link between them: no neighbour table, LLDP capture, topology "
            "file or port description names a port of another fabric switch, so the link, PFC-pairing and deadlock "
            "checks have nothing to check");
}

TEST(TopologyDescriptions, NearMissNamesAreTopo008WithTheCandidates) {
  TempDir dir;
  dir.write("leaf1.cfg",
            "hostname leaf1\n"
            "interface Ethernet1\n  description spine1:Ethernet1\n"
            "interface Ethernet2\n  description spnie1:Ethernet2\n"   // 5: a typo
            "interface Ethernet3\n  description spine5:Ethernet1\n"   // another spine, not in this pod
            "interface Ethernet4\n  description gpu-node-1:eth0\n");  // a host
  dir.write("spine1.cfg", "hostname spine1\ninterface Ethernet1\n  description leaf1:Ethernet1\ninterface Ethernet2\n");
  Report report = analyze(loadFabric({dir.path()}), {});
  auto found = withRule(report, "TOPO008");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].switch_name, "leaf1");
  EXPECT_EQ(found[0].port, "Ethernet2");
  EXPECT_FALSE(found[0].priority);
  EXPECT_EQ(found[0].location.line, 5);
  EXPECT_EQ(found[0].message,
            "leaf1 Ethernet2 faces spnie1, which is no switch of the fabric but is close to spine1: if it is meant, "
            "the link is missing and the port is checked as a host port");
  EXPECT_EQ(
      found[0].fix,
      "write the peer's host name as its configuration does (spine1), or ignore this if spnie1 is another device");
}

// TOPO008 on names as fabrics write them: a device named after the switch it hangs off
// (`pod1-edge1-h1`, as rocelint-fabricgen and many inventories name servers) is not a typo of
// pod1-edge11, while a swapped pair of letters or a zero-padded number still is. The candidates
// come from an index, not from comparing every host with every switch.
TEST(TopologyDescriptions, HostsNamedAfterTheirSwitchAreNoTypos) {
  TempDir dir;
  dir.write("pod1-edge1.cfg",
            "hostname pod1-edge1\n"
            "interface Ethernet1\n  description pod1-edge11:Ethernet1\n"
            "interface Ethernet2\n  description pod1-edge1-h1:eth0\n"     // 5: its own server
            "interface Ethernet3\n  description pod1-edeg11:Ethernet2\n"  // 7: a typo
            "interface Ethernet4\n  description SPINE001:Ethernet1\n");   // 9: case and padding
  dir.write("pod1-edge11.cfg", "hostname pod1-edge11\ninterface Ethernet1\n  description pod1-edge1:Ethernet1\n");
  dir.write("spine1.cfg", "hostname spine1\ninterface Ethernet1\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.links.size(), 1u);
  ASSERT_EQ(fabric.hosts.size(), 3u);
  auto found = withRule(analyze(fabric, {}), "TOPO008");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].port, "Ethernet3");
  EXPECT_EQ(found[0].location.line, 7);
  EXPECT_EQ(found[0].message,
            "pod1-edge1 Ethernet3 faces pod1-edeg11, which is no switch of the fabric but is close to pod1-edge1, "
            "pod1-edge11: if it is meant, the link is missing and the port is checked as a host port");
  EXPECT_EQ(found[1].port, "Ethernet4");
  EXPECT_EQ(found[1].location.line, 9);
  EXPECT_EQ(found[1].message,
            "pod1-edge1 Ethernet4 faces SPINE001, which is no switch of the fabric but is close to spine1: if it is "
            "meant, the link is missing and the port is checked as a host port");
}

}  // namespace
}  // namespace rocelint
