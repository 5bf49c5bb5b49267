// The fabric generator: every topology loads with exact counts and no findings, and every knob
// (ASNs, addresses, failed links, static routes, per-port QoS) reaches the model.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "fabric_gen.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using bench::AsnDesign;
using bench::FabricCounts;
using bench::FabricSpec;

struct Generated {
  test::TempDir dir;
  bench::WriteResult result;
  Fabric fabric;
};

/// Writes the spec and loads it back.
std::unique_ptr<Generated> generate(const FabricSpec& spec) {
  auto g = std::make_unique<Generated>();
  g->result = bench::writeFabric(g->dir.path(), spec);
  g->fabric = loadFabric({g->dir.path()});
  return g;
}

FabricCounts loadedCounts(const Fabric& fabric) {
  return {static_cast<std::int64_t>(fabric.switches.size()), static_cast<std::int64_t>(fabric.links.size()),
          static_cast<std::int64_t>(fabric.hosts.size())};
}

void expectNoFinding(const Fabric& fabric) {
  Report report = analyze(fabric, Config{});
  for (const auto& f : report.findings)
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
}

/// A ring with shortest-path routing is clean but for its two cyclic buffer dependencies (one
/// per direction; tests/test_deadlock.cpp checks them in detail).
void expectOnlyRingCycles(const Fabric& fabric, std::size_t cycles) {
  Report report = analyze(fabric, Config{});
  std::size_t dl001 = 0;
  for (const auto& f : report.findings) {
    if (f.rule == "DL001") {
      ++dl001;
      continue;
    }
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
  }
  EXPECT_EQ(dl001, cycles);
}

const Switch& sw(const Fabric& fabric, const std::string& name) {
  const Switch* found = fabric.findSwitch(name);
  if (found == nullptr) throw std::runtime_error("no switch " + name);
  return *found;
}

const Port& port(const Fabric& fabric, const std::string& switch_name, const std::string& port_name) {
  const Port* found = sw(fabric, switch_name).findPort(port_name);
  if (found == nullptr) throw std::runtime_error("no port " + switch_name + " " + port_name);
  return *found;
}

/// "peer port" as DEVICE_NEIGHBOR names it.
std::string neighborOf(const Fabric& fabric, const std::string& switch_name, const std::string& port_name) {
  const Port& p = port(fabric, switch_name, port_name);
  return p.neighbor ? p.neighbor->device + " " + p.neighbor->port : "";
}

/// The INTERFACE address of a port, with its prefix length.
std::string addressOf(const Switch& s, const std::string& interface) {
  for (const auto& a : s.addresses) {
    if (a.interface == interface) return a.prefix;
  }
  return "";
}

std::uint32_t parseIpv4(const std::string& text) {
  std::uint32_t value = 0;
  std::size_t start = 0;
  for (int i = 0; i < 4; ++i) {
    std::size_t end = text.find_first_of("./", start);
    value = value << 8 | static_cast<std::uint32_t>(std::stoul(text.substr(start, end - start)));
    start = end + 1;
  }
  return value;
}

TEST(FabricGen, LeafSpineHasExactCountsWiringAndNoFinding) {
  auto g = generate(bench::leafSpine({2, 4, 3}));
  EXPECT_EQ(loadedCounts(g->fabric), (FabricCounts{6, 8, 12}));
  EXPECT_EQ(g->result.counts, (FabricCounts{6, 8, 12}));
  EXPECT_EQ(g->result.files, 6);
  expectNoFinding(g->fabric);
  // leaf<l> Ethernet<8(s-1)> faces spine<s> Ethernet<8(l-1)>; hosts follow the uplinks.
  EXPECT_EQ(neighborOf(g->fabric, "leaf3", "Ethernet8"), "spine2 Ethernet16");
  EXPECT_EQ(neighborOf(g->fabric, "spine2", "Ethernet16"), "leaf3 Ethernet8");
  EXPECT_EQ(neighborOf(g->fabric, "leaf3", "Ethernet16"), "leaf3-h1 eth0");
  EXPECT_EQ(neighborOf(g->fabric, "leaf3", "Ethernet32"), "leaf3-h3 eth0");
  FabricSpec spec = bench::leafSpine({2, 4, 3});
  EXPECT_EQ(bench::portToward(spec, "leaf3", "spine2"), "Ethernet8");
  EXPECT_EQ(bench::portToward(spec, "spine2", "leaf3"), "Ethernet16");
  EXPECT_THROW(bench::portToward(spec, "leaf1", "leaf2"), std::invalid_argument);
  EXPECT_EQ(sw(g->fabric, "leaf1").role, "LeafRouter");
  EXPECT_EQ(sw(g->fabric, "spine1").role, "SpineRouter");

  test::TempDir dir;
  EXPECT_EQ(bench::writeLeafSpine(dir.path(), {2, 4, 3}), 6);
}

TEST(FabricGen, FatTreeOfAnyEvenKHasExactCountsAndNoFinding) {
  for (int k : {4, 6}) {
    SCOPED_TRACE(k);
    FabricSpec spec = bench::fatTree(k);
    EXPECT_EQ(bench::countsOf(spec), bench::fatTreeCounts(k));
    auto g = generate(spec);
    EXPECT_EQ(loadedCounts(g->fabric), bench::fatTreeCounts(k));
    EXPECT_EQ(g->result.files, 5 * k * k / 4);
    expectNoFinding(g->fabric);
    int half = k / 2;
    // Edge e's port a faces aggregation a's port e; aggregation a's uplink u faces core a*half+u.
    EXPECT_EQ(neighborOf(g->fabric, "pod2-edge1", "Ethernet8"), "pod2-agg2 Ethernet0");
    EXPECT_EQ(neighborOf(g->fabric, "pod2-agg2", bench::portName(half + 1)),
              "core" + std::to_string(half + 2) + " Ethernet8");
    EXPECT_EQ(neighborOf(g->fabric, "core" + std::to_string(half * half), bench::portName(k - 1)),
              "pod" + std::to_string(k) + "-agg" + std::to_string(half) + " " + bench::portName(k - 1));
    EXPECT_EQ(neighborOf(g->fabric, "pod1-edge1", bench::portName(half)), "pod1-edge1-h1 eth0");
    EXPECT_EQ(sw(g->fabric, "pod1-edge1").role, "ToRRouter");
    EXPECT_EQ(sw(g->fabric, "pod1-agg1").role, "LeafRouter");
    EXPECT_EQ(sw(g->fabric, "core1").role, "SpineRouter");
    // Every switch uses all k ports.
    for (const Switch& s : g->fabric.switches) EXPECT_EQ(s.ports.size(), static_cast<std::size_t>(k)) << s.name;
  }
}

TEST(FabricGen, ClosShapeMath) {
  EXPECT_EQ(bench::clos36Counts(), (FabricCounts{1620, 23328, 11664}));
  EXPECT_EQ(bench::fatTreeCounts(64), (FabricCounts{5120, 131072, 65536}));
  EXPECT_EQ(bench::fatTreeCounts(8), (FabricCounts{80, 256, 128}));
  EXPECT_THROW(bench::fatTreeCounts(5), std::invalid_argument);
  FabricSpec clos = bench::clos36();
  EXPECT_EQ(bench::countsOf(clos), bench::clos36Counts());
  std::map<std::string, int> by_role;
  for (const auto& s : clos.switches) ++by_role[s.role];
  EXPECT_EQ(by_role["ToRRouter"], 36 * 18);
  EXPECT_EQ(by_role["LeafRouter"], 36 * 18);
  EXPECT_EQ(by_role["SpineRouter"], 324);
  for (const auto& s : clos.switches) EXPECT_EQ(s.hosts, s.role == "ToRRouter" ? 18 : 0) << s.name;
}

TEST(FabricGen, RingsAndMeshesHaveExactCountsAndNoFinding) {
  for (int n : {4, 5}) {
    SCOPED_TRACE(n);
    auto g = generate(bench::ring(n, 2));
    EXPECT_EQ(loadedCounts(g->fabric), (FabricCounts{n, n, 2 * n}));
    expectOnlyRingCycles(g->fabric, 2);
    EXPECT_EQ(neighborOf(g->fabric, "sw1", "Ethernet0"), "sw2 Ethernet8");
    EXPECT_EQ(neighborOf(g->fabric, "sw" + std::to_string(n), "Ethernet0"), "sw1 Ethernet8");
    EXPECT_EQ(neighborOf(g->fabric, "sw1", "Ethernet16"), "sw1-h1 eth0");
  }
  auto g = generate(bench::mesh(4, 3));
  EXPECT_EQ(loadedCounts(g->fabric), (FabricCounts{4, 6, 12}));
  expectNoFinding(g->fabric);
  // sw<i>'s ports in peer order, skipping itself.
  EXPECT_EQ(neighborOf(g->fabric, "sw1", "Ethernet0"), "sw2 Ethernet0");
  EXPECT_EQ(neighborOf(g->fabric, "sw3", "Ethernet8"), "sw2 Ethernet8");
  EXPECT_EQ(neighborOf(g->fabric, "sw4", "Ethernet16"), "sw3 Ethernet16");
  EXPECT_EQ(neighborOf(g->fabric, "sw4", "Ethernet24"), "sw4-h1 eth0");
}

TEST(FabricGen, SharedAsnsFollowRfc7938Tiers) {
  auto g = generate(bench::fatTree(4, AsnDesign::Shared));
  auto asn = [&](const std::string& name) { return sw(g->fabric, name).asn.value().value; };
  EXPECT_EQ(asn("pod1-agg1"), asn("pod1-agg2"));
  EXPECT_NE(asn("pod1-agg1"), asn("pod2-agg1"));
  EXPECT_EQ(asn("core1"), asn("core4"));
  EXPECT_NE(asn("core1"), asn("pod1-agg1"));
  EXPECT_NE(asn("pod1-edge1"), asn("pod1-edge2"));
  EXPECT_NE(asn("pod1-edge1"), asn("pod2-edge1"));
  // One BGP session per link end, keyed by the peer's address, naming the peer's ASN.
  for (const Switch& s : g->fabric.switches) {
    std::size_t switch_ports = 0;
    for (const Port& p : s.ports) switch_ports += g->fabric.findSwitch(p.neighbor->device) != nullptr ? 1 : 0;
    EXPECT_EQ(s.bgp_neighbors.size(), switch_ports) << s.name;
    for (const BgpNeighbor& n : s.bgp_neighbors) {
      const Switch& peer = sw(g->fabric, n.name);
      EXPECT_EQ(n.asn.value().value, peer.asn.value().value);
      bool peer_has_address = false;
      for (const auto& a : peer.addresses) peer_has_address |= a.prefix == n.address + "/31";
      EXPECT_TRUE(peer_has_address) << s.name << " -> " << n.name << " " << n.address;
    }
  }

  auto ls = generate(bench::leafSpine({3, 3, 1}, AsnDesign::Shared));
  EXPECT_EQ(sw(ls->fabric, "spine1").asn->value, sw(ls->fabric, "spine3").asn->value);
  EXPECT_NE(sw(ls->fabric, "leaf1").asn->value, sw(ls->fabric, "leaf2").asn->value);
}

TEST(FabricGen, DistinctAndNoAsnDesigns) {
  auto g = generate(bench::fatTree(4, AsnDesign::Distinct));
  std::set<std::uint32_t> asns;
  for (const Switch& s : g->fabric.switches) asns.insert(s.asn.value().value);
  EXPECT_EQ(asns.size(), g->fabric.switches.size());
  expectNoFinding(g->fabric);

  auto none = generate(bench::leafSpine({2, 2, 1}, AsnDesign::None));
  for (const Switch& s : none->fabric.switches) {
    EXPECT_FALSE(s.asn.has_value()) << s.name;
    EXPECT_TRUE(s.bgp_neighbors.empty()) << s.name;
    EXPECT_FALSE(s.addresses.empty()) << s.name;  // addresses do not depend on BGP
  }
}

TEST(FabricGen, AddressesAreUniqueAndBothLinkEndsShareASlash31) {
  FabricSpec spec = bench::fatTree(6);
  auto g = generate(spec);
  std::set<std::string> seen;
  for (const Switch& s : g->fabric.switches) {
    int loopbacks = 0;
    for (const auto& a : s.addresses) {
      EXPECT_TRUE(seen.insert(a.prefix).second) << "duplicate " << a.prefix << " on " << s.name;
      if (a.kind == InterfaceAddress::Kind::Loopback) {
        ++loopbacks;
        EXPECT_EQ(a.interface, "Loopback0");
        EXPECT_EQ(a.prefix, bench::loopbackAddress(spec, s.name) + "/32");
      } else {
        EXPECT_EQ(a.kind, InterfaceAddress::Kind::Port);
        EXPECT_EQ(a.prefix, bench::portAddress(spec, s.name, a.interface) + "/31");
      }
    }
    EXPECT_EQ(loopbacks, 1) << s.name;
    // Every port is a routed port.
    EXPECT_EQ(s.addresses.size(), s.ports.size() + 1) << s.name;
  }
  for (const Link& link : g->fabric.links) {
    std::uint32_t a = parseIpv4(addressOf(g->fabric.sw(link.a), g->fabric.port(link.a).name));
    std::uint32_t b = parseIpv4(addressOf(g->fabric.sw(link.b), g->fabric.port(link.b).name));
    EXPECT_EQ(a >> 1, b >> 1) << g->fabric.sw(link.a).name << " " << g->fabric.port(link.a).name;
    EXPECT_NE(a, b);
  }
  // Host /31s sit in the switch's aligned host block; the host has the odd address.
  std::string block = bench::hostBlock(spec, "pod3-edge2");
  std::uint32_t base = parseIpv4(block);
  int length = std::stoi(block.substr(block.find('/') + 1));
  EXPECT_EQ(length, 29);  // 3 hosts -> 6 addresses -> a block of 8
  for (int h = 1; h <= 3; ++h) {
    std::string p = bench::hostPort(spec, "pod3-edge2", h);
    std::uint32_t mine = parseIpv4(addressOf(sw(g->fabric, "pod3-edge2"), p));
    std::uint32_t host = parseIpv4(bench::hostAddress(spec, "pod3-edge2", h));
    EXPECT_EQ(host, mine + 1);
    EXPECT_EQ(mine >> (32 - length), base >> (32 - length));
  }
  EXPECT_EQ(bench::loopbackAddress(spec, "pod1-edge1"), "10.0.0.1");
  EXPECT_EQ(bench::portAddress(spec, "pod1-edge1", "Ethernet0"), "10.64.0.0");
  EXPECT_EQ(bench::portAddress(spec, "pod1-agg1", "Ethernet0"), "10.64.0.1");
  EXPECT_EQ(bench::hostBlock(spec, "pod1-edge1"), "10.128.0.0/29");
  EXPECT_EQ(bench::hostBlock(spec, "pod1-edge2"), "10.128.0.8/29");
}

TEST(FabricGen, FailedLinksAreAdminDownAtBothEndsAndStayLinked) {
  FabricSpec spec = bench::fatTree(4);
  bench::failLink(spec, "pod1-agg2", "Ethernet16");  // toward core3
  bench::failLink(spec, 0);                          // pod1-edge1 Ethernet0 <-> pod1-agg1 Ethernet0
  EXPECT_THROW(bench::failLink(spec, "pod1-edge1", "Ethernet16"), std::invalid_argument);  // a host port
  EXPECT_THROW(bench::failLink(spec, 999), std::invalid_argument);
  auto g = generate(spec);
  EXPECT_EQ(loadedCounts(g->fabric), bench::fatTreeCounts(4));
  for (auto [s, p] : {std::pair{"pod1-agg2", "Ethernet16"}, std::pair{"core3", "Ethernet0"},
                      std::pair{"pod1-edge1", "Ethernet0"}, std::pair{"pod1-agg1", "Ethernet0"}}) {
    ASSERT_TRUE(port(g->fabric, s, p).admin_up.has_value()) << s << " " << p;
    EXPECT_FALSE(port(g->fabric, s, p).admin_up->value) << s << " " << p;
    EXPECT_TRUE(port(g->fabric, s, p).neighbor.has_value());
  }
  int down = 0;
  for (const Switch& s : g->fabric.switches) {
    for (const Port& p : s.ports) down += p.isAdminDown() ? 1 : 0;
  }
  EXPECT_EQ(down, 4);
  Report report = analyze(g->fabric, Config{});
  for (const auto& f : report.findings) EXPECT_NE(f.severity, Severity::Error) << f.rule << ": " << f.message;
}

TEST(FabricGen, StaticRoutesByAddressOrByPortReachTheModel) {
  FabricSpec spec = bench::leafSpine({2, 2, 2});
  std::string leaf2_hosts = bench::hostBlock(spec, "leaf2");
  spec.switches[0].static_routes.push_back({leaf2_hosts, {}, {"Ethernet0", "Ethernet8"}});
  spec.switches[0].static_routes.push_back({"192.0.2.0/24", {"10.64.0.1"}, {}});
  auto g = generate(spec);
  const auto& routes = sw(g->fabric, "leaf1").static_routes;
  ASSERT_EQ(routes.size(), 2u);
  std::map<std::string, StaticRoute> by_prefix;
  for (const auto& r : routes) by_prefix[r.prefix] = r;
  const StaticRoute& ecmp = by_prefix.at(leaf2_hosts);
  EXPECT_EQ(ecmp.nexthops, (std::vector<std::string>{bench::portAddress(spec, "spine1", "Ethernet0"),
                                                     bench::portAddress(spec, "spine2", "Ethernet0")}));
  EXPECT_EQ(ecmp.ifnames, (std::vector<std::string>{"Ethernet0", "Ethernet8"}));
  EXPECT_EQ(by_prefix.at("192.0.2.0/24").nexthops, std::vector<std::string>{"10.64.0.1"});
  EXPECT_TRUE(by_prefix.at("192.0.2.0/24").ifnames.empty());
  EXPECT_TRUE(sw(g->fabric, "leaf2").static_routes.empty());
  expectNoFinding(g->fabric);
}

TEST(FabricGen, PerPortQosOverridesAreBoundAndDefined) {
  FabricSpec spec = bench::ring(4, 1);
  // A dateline on sw1's link to sw2: TC 3 leaves as DSCP 24, which the next switch puts in TC 4.
  spec.tc_to_dscp_maps["DATELINE"] = {{3, 24}, {4, 24}};
  std::map<int, int> alt;
  for (int d = 0; d < 64; ++d) alt[d] = d == 26 || d == 27 ? 3 : d == 24 ? 4 : 1;
  spec.dscp_to_tc_maps["ALT"] = alt;
  spec.port_qos.push_back({{"sw1", "Ethernet0"}, std::nullopt, "DATELINE"});
  spec.port_qos.push_back({{"sw2", "Ethernet8"}, "ALT", std::nullopt});
  auto g = generate(spec);
  const Port& dateline = port(g->fabric, "sw1", "Ethernet0");
  ASSERT_TRUE(dateline.qos.map(MapKind::TcToDscp).has_value());
  EXPECT_EQ(dateline.qos.map(MapKind::TcToDscp)->name, "DATELINE");
  const QosMap* remark = sw(g->fabric, "sw1").findMap(MapKind::TcToDscp, "DATELINE");
  ASSERT_NE(remark, nullptr);
  EXPECT_EQ(remark->find(3)->value, 24);
  EXPECT_EQ(remark->find(4)->value, 24);
  EXPECT_EQ(port(g->fabric, "sw2", "Ethernet8").qos.map(MapKind::DscpToTc)->name, "ALT");
  EXPECT_EQ(sw(g->fabric, "sw2").findMap(MapKind::DscpToTc, "ALT")->find(27)->value, 3);
  // Other ports keep the defaults, and maps are written only where they are bound.
  EXPECT_FALSE(port(g->fabric, "sw1", "Ethernet8").qos.map(MapKind::TcToDscp).has_value());
  EXPECT_EQ(port(g->fabric, "sw2", "Ethernet0").qos.map(MapKind::DscpToTc)->name, "AZURE");
  EXPECT_EQ(sw(g->fabric, "sw2").findMap(MapKind::TcToDscp, "DATELINE"), nullptr);
  // The dateline breaks the clockwise cycle of the ring; the counter-clockwise one remains. The
  // spec binds no queue map, so TC 3 still leaves sw1 from queue 3, which sw2's priority-4 pauses
  // do not stop: MAP006 (the generator writes the remark only).
  Report report = analyze(g->fabric, Config{});
  std::size_t dl001 = 0;
  std::vector<std::string> others;
  for (const auto& f : report.findings) {
    if (f.rule == "DL001") {
      ++dl001;
    } else {
      others.push_back(f.rule + " " + f.switch_name + " " + f.port + " " + std::to_string(f.priority.value_or(-1)));
    }
  }
  EXPECT_EQ(dl001, 1u);
  EXPECT_EQ(others, std::vector<std::string>{"MAP006 sw1 Ethernet0 3"});
}

TEST(FabricGen, ExplicitSpecBuildsACustomFabric) {
  FabricSpec spec;
  spec.switches = {
      {"a", "LeafRouter", 65001, 2, {}}, {"b", "LeafRouter", 65002, 0, {}}, {"c", "SpineRouter", 65003, 1, {}}};
  spec.links = {{{"a", "Ethernet0"}, {"b", "Ethernet4"}, true},
                {{"b", "Ethernet0"}, {"c", "Ethernet64"}, true},
                {{"c", "Ethernet0"}, {"a", "Ethernet8"}, false}};
  auto g = generate(spec);
  EXPECT_EQ(loadedCounts(g->fabric), (FabricCounts{3, 3, 3}));
  EXPECT_EQ(sw(g->fabric, "a").asn->value, 65001u);
  // Hosts take the ports after the highest link port.
  EXPECT_EQ(neighborOf(g->fabric, "a", "Ethernet16"), "a-h1 eth0");
  EXPECT_EQ(neighborOf(g->fabric, "a", "Ethernet24"), "a-h2 eth0");
  EXPECT_EQ(neighborOf(g->fabric, "c", "Ethernet72"), "c-h1 eth0");
  EXPECT_EQ(bench::hostPort(spec, "c", 1), "Ethernet72");
  EXPECT_TRUE(port(g->fabric, "a", "Ethernet8").isAdminDown());
  EXPECT_TRUE(port(g->fabric, "c", "Ethernet0").isAdminDown());
  EXPECT_FALSE(port(g->fabric, "a", "Ethernet0").isAdminDown());
}

TEST(FabricGen, InconsistentSpecsAreRejectedBeforeWriting) {
  test::TempDir dir;
  auto rejects = [&](const FabricSpec& spec, const std::string& words) {
    try {
      bench::writeFabric(dir.path() + "/out", spec);
      ADD_FAILURE() << "accepted a spec that should fail with: " << words;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(dir.path() + "/out"));
  };
  FabricSpec base = bench::ring(3, 1);
  FabricSpec spec = base;
  spec.links.push_back({{"sw1", "Ethernet0"}, {"sw3", "Ethernet40"}, true});
  rejects(spec, "port Ethernet0 of \"sw1\" is used twice");
  spec = base;
  spec.links.push_back({{"sw1", "Ethernet40"}, {"nope", "Ethernet0"}, true});
  rejects(spec, "no switch named \"nope\"");
  spec = base;
  spec.port_qos.push_back({{"sw1", "Ethernet0"}, std::nullopt, "MISSING"});
  rejects(spec, "undefined TC_TO_DSCP_MAP MISSING");
  spec = base;
  spec.port_qos.push_back({{"sw1", "Ethernet800"}, "AZURE", std::nullopt});
  rejects(spec, "has no port Ethernet800");
  spec = base;
  spec.switches[0].static_routes.push_back({"10.0.0.0/8", {}, {"Ethernet999"}});
  rejects(spec, "has no port Ethernet999");
  spec = base;
  spec.switches.push_back(spec.switches[0]);
  rejects(spec, "two switches named \"sw1\"");
  spec = base;
  spec.tc_to_dscp_maps["BAD"] = {{3, 64}};
  rejects(spec, "TC_TO_DSCP_MAP BAD maps 3 to 64");
}

TEST(FabricGen, FilesAreNlohmannDump4Layout) {
  // Tests elsewhere edit generated files as text; the streaming writer keeps dump(4)'s layout.
  test::TempDir dir;
  FabricSpec spec = bench::leafSpine({2, 2, 1});
  spec.switches[0].static_routes.push_back({"10.1.0.0/16", {"10.64.0.1"}, {"Ethernet0"}});
  bench::WriteResult result = bench::writeFabric(dir.path(), spec);
  std::uint64_t bytes = 0;
  for (const auto& s : spec.switches) {
    std::string text = test::readAll(dir.path() + "/" + s.name + ".json");
    bytes += text.size();
    EXPECT_EQ(nlohmann::ordered_json::parse(text).dump(4) + "\n", text) << s.name;
  }
  EXPECT_EQ(result.bytes, bytes);
}

std::pair<int, std::string> runFabricgen(const std::string& args) {
  std::string cmd = std::string(ROCELINT_FABRICGEN_BINARY) + " " + args + " 2>&1";
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return {-1, ""};
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) out += buffer.data();
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(FabricGen, CliWritesTopologiesWithKnobs) {
  test::TempDir dir;
  auto [code, out] = runFabricgen(dir.path() +
                                  " --topology fattree --k 4 --asn distinct"
                                  " --fail pod1-edge1:Ethernet0-pod1-agg1:Ethernet0 --fail-index 31"
                                  " --static-route pod1-edge1:10.128.0.4/30:Ethernet8"
                                  " --static-route core1:192.0.2.0/24:10.64.0.64");
  ASSERT_EQ(code, 0) << out;
  EXPECT_NE(out.find("fattree k=4: 20 switches, 32 links, 16 hosts, 20 files, "), std::string::npos) << out;
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_TRUE(port(fabric, "pod1-edge1", "Ethernet0").isAdminDown());
  EXPECT_TRUE(port(fabric, "pod1-agg1", "Ethernet0").isAdminDown());
  EXPECT_TRUE(port(fabric, "pod4-agg2", "Ethernet24").isAdminDown());  // the last link
  EXPECT_TRUE(port(fabric, "core4", "Ethernet24").isAdminDown());
  ASSERT_EQ(sw(fabric, "pod1-edge1").static_routes.size(), 1u);
  EXPECT_EQ(sw(fabric, "pod1-edge1").static_routes[0].ifnames, std::vector<std::string>{"Ethernet8"});
  EXPECT_EQ(sw(fabric, "pod1-edge1").static_routes[0].nexthops, std::vector<std::string>{"10.64.0.3"});
  EXPECT_EQ(sw(fabric, "core1").static_routes[0].nexthops, std::vector<std::string>{"10.64.0.64"});

  auto [bad_code, bad_out] = runFabricgen(dir.path() + "/x --topology ring --n 4 --fail sw1:Ethernet0-sw3:Ethernet8");
  EXPECT_EQ(bad_code, 2);
  EXPECT_NE(bad_out.find("sw1 Ethernet0 is linked to sw2 Ethernet8"), std::string::npos) << bad_out;

  auto [ls_code, ls_out] = runFabricgen(dir.path() + "/ls --spines 2 --leaves 3 --hosts-per-leaf 1");
  EXPECT_EQ(ls_code, 0) << ls_out;
  EXPECT_NE(ls_out.find("leafspine 2x3: 5 switches, 6 links, 3 hosts, 5 files"), std::string::npos) << ls_out;
}

}  // namespace
}  // namespace rocelint
