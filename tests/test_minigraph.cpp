// SONiC minigraph.xml and port_config.ini: every construct read (model value and source line),
// the real sonic-buildimage minigraphs, the minigraph + QoS + buffer JSON switch, malformed input.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>

#include "pg_profile_lookup.hpp"
#include "port_config.hpp"
#include "rocelint/qos.hpp"
#include "sonic_minigraph.hpp"
#include "test_util.hpp"
#include "wording/format_wording.hpp"

namespace rocelint {
namespace {

using test::TempDir;
using test::withRule;

// Every construct rocelint reads from a minigraph, with the namespace prefixes real files use.
const char* kLeafGraph = R"(<?xml version="1.0" encoding="utf-8"?>
<DeviceMiniGraph xmlns="Microsoft.Search.Autopilot.Evolution" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">
  <CpgDec>
    <PeeringSessions>
      <BGPSession>
        <StartRouter>leaf1</StartRouter>
        <StartPeer>10.0.0.0</StartPeer>
        <EndRouter>spine1</EndRouter>
        <EndPeer>10.0.0.1</EndPeer>
        <HoldTime>10</HoldTime>
        <KeepAliveTime>3</KeepAliveTime>
      </BGPSession>
      <BGPSession>
        <StartRouter>server9</StartRouter>
        <StartPeer>10.0.0.9</StartPeer>
        <EndRouter>leaf1</EndRouter>
        <EndPeer>10.0.0.8</EndPeer>
      </BGPSession>
      <BGPSession>
        <StartRouter>spine1</StartRouter>
        <StartPeer>10.0.9.0</StartPeer>
        <EndRouter>spine2</EndRouter>
        <EndPeer>10.0.9.1</EndPeer>
      </BGPSession>
    </PeeringSessions>
    <Routers xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
      <a:BGPRouterDeclaration>
        <a:ASN>65100</a:ASN>
        <a:Hostname>leaf1</a:Hostname>
      </a:BGPRouterDeclaration>
      <a:BGPRouterDeclaration>
        <a:ASN>65200</a:ASN>
        <a:Hostname>spine1</a:Hostname>
      </a:BGPRouterDeclaration>
    </Routers>
  </CpgDec>
  <DpgDec>
    <DeviceDataPlaneInfo>
      <Hostname>leaf1</Hostname>
      <LoopbackIPInterfaces xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
        <a:LoopbackIPInterface>
          <AttachTo>Loopback0</AttachTo>
          <a:PrefixStr>10.1.0.1/32</a:PrefixStr>
        </a:LoopbackIPInterface>
      </LoopbackIPInterfaces>
      <PortChannelInterfaces>
        <PortChannel>
          <Name>PortChannel1</Name>
          <AttachTo>etp3;etp4</AttachTo>
        </PortChannel>
      </PortChannelInterfaces>
      <VlanInterfaces>
        <VlanInterface>
          <Name>servers</Name>
          <AttachTo>etp2</AttachTo>
          <VlanID>1000</VlanID>
        </VlanInterface>
      </VlanInterfaces>
      <IPInterfaces>
        <IPInterface>
          <AttachTo>etp1</AttachTo>
          <Prefix>10.0.0.0/31</Prefix>
        </IPInterface>
        <IPInterface>
          <AttachTo>PortChannel1</AttachTo>
          <Prefix>10.0.0.2/31</Prefix>
        </IPInterface>
        <IPInterface>
          <AttachTo>servers</AttachTo>
          <Prefix>192.168.0.1/24</Prefix>
        </IPInterface>
      </IPInterfaces>
      <ManagementIPInterfaces xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
        <a:ManagementIPInterface>
          <AttachTo>eth0</AttachTo>
          <a:PrefixStr>10.3.0.1/24</a:PrefixStr>
        </a:ManagementIPInterface>
      </ManagementIPInterfaces>
      <AclInterfaces>
        <AclInterface>
          <InAcl>DataAcl</InAcl>
          <AttachTo>PortChannel1</AttachTo>
        </AclInterface>
      </AclInterfaces>
      <TunnelInterfaces>
        <TunnelInterface Name="MuxTunnel0" Type="IPInIP" AttachTo="Loopback0"/>
      </TunnelInterfaces>
    </DeviceDataPlaneInfo>
    <DeviceDataPlaneInfo>
      <Hostname>other</Hostname>
      <IPInterfaces><IPInterface><AttachTo>nowhere</AttachTo><Prefix>1.1.1.1/32</Prefix></IPInterface></IPInterfaces>
    </DeviceDataPlaneInfo>
  </DpgDec>
  <PngDec>
    <DeviceInterfaceLinks>
      <DeviceLinkBase i:type="DeviceInterfaceLink">
        <ElementType>DeviceInterfaceLink</ElementType>
        <Bandwidth>400000</Bandwidth>
        <EndDevice>spine1</EndDevice>
        <EndPort>Ethernet8</EndPort>
        <StartDevice>leaf1</StartDevice>
        <StartPort>etp1</StartPort>
      </DeviceLinkBase>
      <DeviceLinkBase>
        <EndDevice>LEAF1</EndDevice>
        <EndPort>etp2</EndPort>
        <StartDevice>server9</StartDevice>
        <StartPort>eth0</StartPort>
      </DeviceLinkBase>
      <DeviceLinkBase i:type="DeviceSerialLink">
        <ElementType>DeviceSerialLink</ElementType>
        <EndDevice>leaf1</EndDevice>
        <EndPort>console</EndPort>
        <StartDevice>ts1</StartDevice>
        <StartPort>7</StartPort>
      </DeviceLinkBase>
      <DeviceLinkBase i:type="LogicalLink">
        <ElementType>LogicalLink</ElementType>
        <EndDevice>leaf1</EndDevice>
        <EndPort>etp2</EndPort>
        <StartDevice>server9-SC</StartDevice>
        <StartPort>L</StartPort>
      </DeviceLinkBase>
    </DeviceInterfaceLinks>
    <Devices>
      <Device i:type="LeafRouter">
        <Hostname>leaf1</Hostname>
        <HwSku>Test-SKU</HwSku>
      </Device>
      <Device xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution" i:type="a:SpineRouter">
        <Hostname>spine1</Hostname>
        <HwSku>Spine-SKU</HwSku>
        <Address xmlns:b="Microsoft.Search.Autopilot.NetMux"><b:IPPrefix>10.1.0.9/32</b:IPPrefix></Address>
      </Device>
    </Devices>
  </PngDec>
  <DeviceInfos>
    <DeviceInfo>
      <EthernetInterfaces xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
        <a:EthernetInterface>
          <InterfaceName>etp1</InterfaceName>
          <Speed>100000</Speed>
          <Description>to spine1</Description>
        </a:EthernetInterface>
        <a:EthernetInterface>
          <InterfaceName>etp2</InterfaceName>
          <Speed>25000</Speed>
        </a:EthernetInterface>
        <a:EthernetInterface><InterfaceName>etp3</InterfaceName></a:EthernetInterface>
        <a:EthernetInterface><InterfaceName>etp4</InterfaceName></a:EthernetInterface>
      </EthernetInterfaces>
      <HwSku>Test-SKU</HwSku>
    </DeviceInfo>
  </DeviceInfos>
  <LinkMetadataDeclaration>
    <Link xmlns:d3p1="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
      <d3p1:LinkMetadata>
        <d3p1:Properties>
          <d3p1:DeviceProperty>
            <d3p1:Name>AutoNegotiation</d3p1:Name>
            <d3p1:Value>True</d3p1:Value>
          </d3p1:DeviceProperty>
        </d3p1:Properties>
        <d3p1:Key>server9:eth0;leaf1:etp2</d3p1:Key>
      </d3p1:LinkMetadata>
    </Link>
  </LinkMetadataDeclaration>
  <MetadataDeclaration>
    <Devices xmlns:a="http://schemas.datacontract.org/2004/07/Microsoft.Search.Autopilot.Evolution">
      <a:DeviceMetadata>
        <a:Name>leaf1</a:Name>
        <a:Properties>
          <a:DeviceProperty>
            <a:Name>DeploymentId</a:Name>
            <a:Value>7</a:Value>
          </a:DeviceProperty>
          <a:DeviceProperty>
            <a:Name>QosProfile</a:Name>
            <a:Value>Profile0</a:Value>
          </a:DeviceProperty>
          <a:DeviceProperty>
            <a:Name>NtpResources</a:Name>
            <a:Value>10.0.10.1;10.0.10.2</a:Value>
          </a:DeviceProperty>
        </a:Properties>
      </a:DeviceMetadata>
    </Devices>
  </MetadataDeclaration>
  <Hostname>leaf1</Hostname>
  <HwSku>Test-SKU</HwSku>
</DeviceMiniGraph>
)";

const char* kTestSkuPorts = R"(# name        lanes        alias  index  speed
Ethernet0     0,1,2,3      etp1   1      400000
Ethernet4     4,5,6,7      etp2   2      400000
Ethernet8     8,9,10,11    etp3   3      400000

Ethernet12    12,13,14,15  etp4   4      400000
)";

// 1-based line of the first occurrence of `needle` (0 when absent): keeps expectations in step
// with the snippets above.
int lineOf(const std::string& text, const std::string& needle) {
  auto at = text.find(needle);
  if (at == std::string::npos) return 0;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::string realworld(const std::string& rel) { return test::sharedDir() + "/realworld/sonic-buildimage/" + rel; }

// A minigraph that does not parse is left out of the fabric (CFG006): its parse error as written.
std::string inputError(const std::vector<std::string>& paths) {
  try {
    Fabric fabric = loadFabric(paths);
    for (const InputNote& note : fabric.notes) {
      if (note.kind != InputNote::Kind::MalformedFile) continue;
      return note.src.file() + ":" + std::to_string(note.src.line) + ":" + std::to_string(note.src.column) + ": " +
             note.message;
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "no InputError";
}

const BgpNeighbor* bgpNeighbor(const Switch& sw, const std::string& address) {
  for (const auto& n : sw.bgp_neighbors) {
    if (n.address == address) return &n;
  }
  return nullptr;
}

const InterfaceAddress* address(const Switch& sw, const std::string& prefix) {
  for (const auto& a : sw.addresses) {
    if (a.prefix == prefix) return &a;
  }
  return nullptr;
}

TEST(Minigraph, RecognisedByRootElementAndNamespaceNotByExtension) {
  EXPECT_TRUE(sonic::looksLikeMinigraph(kLeafGraph));
  EXPECT_TRUE(sonic::looksLikeMinigraph(
      "\xEF\xBB\xBF<!-- generated -->\n<mg:DeviceMiniGraph xmlns:mg='Microsoft.Search.Autopilot.Evolution'/>"));
  EXPECT_FALSE(sonic::looksLikeMinigraph("<DeviceMiniGraph xmlns=\"urn:other\"/>"));
  EXPECT_FALSE(sonic::looksLikeMinigraph(
      "<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/\"><configuration/></rpc-reply>"));
  EXPECT_FALSE(sonic::looksLikeMinigraph("{\"PORT\": {}}"));
  // Read whatever the file is called.
  TempDir dir;
  dir.write("leaf1/device-graph", kLeafGraph);  // no extension
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.switches[0].name, "leaf1");
  EXPECT_EQ(fabric.switches[0].format, formats::kSonicMinigraph);  // fixes are worded as SONiC's
}

TEST(Minigraph, OtherXmlIsLeftToOtherFormats) {
  // Not a minigraph, and no other format's either: skipped with a note, not an input error.
  TempDir dir;
  std::string pom = dir.write(
      "pom.xml", "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion></project>\n");
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_TRUE(fabric.switches.empty());
  auto skipped = withRule(analyze(fabric, {}), "CFG004");
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped[0].location.file(), pom);
  EXPECT_NE(skipped[0].message.find("not a SONiC minigraph"), std::string::npos) << skipped[0].message;
}

// The switch the snippet describes, with its port_config.ini in a directory named after the hwsku.
class LeafGraph : public ::testing::Test {
 protected:
  void SetUp() override {
    graph_file_ = dir_.write("leaf1/minigraph.xml", kLeafGraph);
    ports_file_ = dir_.write("Test-SKU/port_config.ini", kTestSkuPorts);
    fabric_ = loadFabric({dir_.path()});
    ASSERT_EQ(fabric_.switches.size(), 1u);
    sw_ = &fabric_.switches[0];
  }
  int line(const std::string& needle) const { return lineOf(kLeafGraph, needle); }

  TempDir dir_;
  std::string graph_file_;
  std::string ports_file_;
  Fabric fabric_;
  const Switch* sw_ = nullptr;
};

TEST_F(LeafGraph, DeviceMetadataFromTopLevelDeviceAndRouter) {
  EXPECT_EQ(sw_->name, "leaf1");
  EXPECT_EQ(sw_->hwsku, "Test-SKU");
  EXPECT_EQ(sw_->role, "LeafRouter");
  ASSERT_TRUE(sw_->asn);
  EXPECT_EQ(sw_->asn->value, 65100u);
  EXPECT_EQ(sw_->asn->src.file(), graph_file_);
  EXPECT_EQ(sw_->asn->src.line, line("<a:ASN>65100"));
  EXPECT_EQ(sw_->asn->src.column, 9);
  EXPECT_EQ(test::origin(sw_->asn->src), "xml-path: BGPRouterDeclaration/ASN");
  EXPECT_EQ(sw_->metadata_src.line, line("<DeviceMiniGraph"));
  EXPECT_EQ(sw_->files, (std::vector<std::string>{graph_file_}));
  EXPECT_EQ(fabric_.files_loaded, 2);  // the minigraph and the port_config.ini
}

TEST_F(LeafGraph, PortsAreTheIniRowsUnderSonicNamesWithMinigraphSpeeds) {
  ASSERT_EQ(sw_->ports.size(), 4u);
  EXPECT_TRUE(sw_->has_port_table);
  const Port* eth0 = sw_->findPort("Ethernet0");
  const Port* eth4 = sw_->findPort("Ethernet4");
  const Port* eth12 = sw_->findPort("Ethernet12");
  ASSERT_TRUE(eth0 && eth4 && eth12);
  EXPECT_TRUE(eth0->declared);
  EXPECT_EQ(eth0->alias, "etp1");
  EXPECT_EQ(sw_->findPortByNameOrAlias("etp2"), eth4);
  // A link's Bandwidth beats DeviceInfos' Speed, which beats the ini's speed (as sonic-cfggen).
  ASSERT_TRUE(eth0->speed_mbps && eth4->speed_mbps && eth12->speed_mbps);
  EXPECT_EQ(eth0->speed_mbps->value, 400000u);
  EXPECT_EQ(eth0->speed_mbps->src.line, line("<Bandwidth>400000"));
  EXPECT_EQ(eth4->speed_mbps->value, 25000u);
  EXPECT_EQ(eth4->speed_mbps->src.line, line("<Speed>25000"));
  EXPECT_EQ(eth12->speed_mbps->value, 400000u);
  EXPECT_EQ(eth12->speed_mbps->src.file(), ports_file_);
  EXPECT_EQ(eth12->speed_mbps->src.line, 6);
  EXPECT_EQ(eth12->speed_mbps->src.column, 42);
  EXPECT_EQ(test::origin(eth12->speed_mbps->src), "speed");  // the port_config.ini column
  EXPECT_EQ(eth12->src.line, 6);                             // the ini row declares the port
  EXPECT_EQ(eth0->description, "to spine1");
  // sonic-cfggen's defaults: MTU 9100 everywhere, admin up where something is attached.
  ASSERT_TRUE(eth12->mtu_bytes);
  EXPECT_EQ(eth12->mtu_bytes->value, 9100u);
  EXPECT_EQ(test::origin(eth12->mtu_bytes->src), "default: PORT/mtu");
  ASSERT_TRUE(eth0->admin_up && eth4->admin_up && eth12->admin_up);
  EXPECT_TRUE(eth0->admin_up->value);
  EXPECT_EQ(eth12->admin_up->src.line, line("<AttachTo>etp3;etp4"));  // a LAG member
}

TEST_F(LeafGraph, InterfaceLinksBecomeNeighboursOfTheLocalEnd) {
  const Port* eth0 = sw_->findPort("Ethernet0");
  const Port* eth4 = sw_->findPort("Ethernet4");
  ASSERT_TRUE(eth0->neighbor && eth4->neighbor);
  EXPECT_EQ(eth0->neighbor->device, "spine1");
  EXPECT_EQ(eth0->neighbor->port, "Ethernet8");  // the peer's own naming, not translated
  EXPECT_EQ(eth0->neighbor->src.line, line("<DeviceLinkBase i:type=\"DeviceInterfaceLink\">"));
  EXPECT_EQ(eth0->neighbor->src.column, 7);
  // No type at all is an interface link; the local end may be the End, in any letter case.
  EXPECT_EQ(eth4->neighbor->device, "server9");
  EXPECT_EQ(eth4->neighbor->port, "eth0");
  EXPECT_EQ(eth4->neighbor->src.line, line("<EndDevice>LEAF1") - 1);
  // The serial (console) and logical (mux cable) links are not data-plane neighbours.
  EXPECT_EQ(sw_->findPort("console"), nullptr);
  EXPECT_FALSE(sw_->findPort("Ethernet8")->neighbor);
  EXPECT_TRUE(sw_->has_neighbor_table);
  // spine1 and server9 are not in this fabric; PortChannel1's two members route 10.0.0.2/31 with
  // no neighbour named: a device that may send traffic too (docs/deadlock.md, "Sources").
  ASSERT_EQ(fabric_.hosts.size(), 4u);
  std::size_t unnamed = 0;
  for (const Host& host : fabric_.hosts) unnamed += host.name == "an unnamed device on 10.0.0.2/31" ? 1 : 0;
  EXPECT_EQ(unnamed, 2u);
}

TEST_F(LeafGraph, BgpSessionsOfThisDeviceWithPeerAsns) {
  ASSERT_EQ(sw_->bgp_neighbors.size(), 2u);  // the spine1-spine2 session is not ours
  const BgpNeighbor* spine = bgpNeighbor(*sw_, "10.0.0.1");
  ASSERT_NE(spine, nullptr);
  EXPECT_EQ(spine->name, "spine1");
  ASSERT_TRUE(spine->asn);
  EXPECT_EQ(spine->asn->value, 65200u);
  EXPECT_EQ(spine->asn->src.line, line("<a:ASN>65200"));
  EXPECT_EQ(spine->src.line, line("<BGPSession>"));
  // We are the EndRouter here: the peer is the StartPeer; it declares no router, so no ASN.
  const BgpNeighbor* server = bgpNeighbor(*sw_, "10.0.0.9");
  ASSERT_NE(server, nullptr);
  EXPECT_EQ(server->name, "server9");
  EXPECT_FALSE(server->asn);
}

TEST_F(LeafGraph, AddressesLagsAndVlansOfThisDevicesDataPlane) {
  using Kind = InterfaceAddress::Kind;
  const InterfaceAddress* lo = address(*sw_, "10.1.0.1/32");
  const InterfaceAddress* p2p = address(*sw_, "10.0.0.0/31");
  const InterfaceAddress* lag = address(*sw_, "10.0.0.2/31");
  const InterfaceAddress* vlan = address(*sw_, "192.168.0.1/24");
  ASSERT_TRUE(lo && p2p && lag && vlan);
  EXPECT_EQ(lo->kind, Kind::Loopback);
  EXPECT_EQ(lo->interface, "Loopback0");
  EXPECT_EQ(lo->src.line, line("<a:LoopbackIPInterface>"));
  EXPECT_EQ(p2p->kind, Kind::Port);
  EXPECT_EQ(p2p->interface, "Ethernet0");
  EXPECT_EQ(p2p->src.line, line("<IPInterface>"));
  EXPECT_EQ(lag->kind, Kind::PortChannel);
  EXPECT_EQ(lag->interface, "PortChannel1");
  EXPECT_EQ(vlan->kind, Kind::Vlan);
  EXPECT_EQ(vlan->interface, "Vlan1000");           // the VlanInterface "servers" has VlanID 1000
  EXPECT_EQ(address(*sw_, "1.1.1.1/32"), nullptr);  // another device's DeviceDataPlaneInfo
  EXPECT_EQ(sw_->addresses.size(), 4u);
  EXPECT_EQ(sw_->portchannels, (std::vector<std::string>{"PortChannel1"}));
  EXPECT_EQ(sw_->findPort("Ethernet8")->portchannel, "PortChannel1");
  EXPECT_EQ(sw_->findPort("Ethernet12")->portchannel, "PortChannel1");
  // VLAN is rendered but not modelled (out of scope); VLAN_MEMBER (sonic-cfggen: untagged) makes
  // etp2 = Ethernet4 an access port of Vlan1000, a host port since no neighbour is named.
  EXPECT_EQ(fabric_.out_of_scope_tables.at("VLAN"), 1);
  EXPECT_EQ(fabric_.out_of_scope_tables.count("VLAN_MEMBER"), 0u);
  EXPECT_EQ(sw_->findPort("Ethernet4")->access_vlan, "Vlan1000");
  EXPECT_TRUE(sw_->findPort("Ethernet0")->access_vlan.empty());
}

TEST_F(LeafGraph, RenderedTablesCarryEveryFieldWithItsLine) {
  // What the model does not keep (peer metadata, autoneg, deployment id) is still rendered.
  sonic::Minigraph graph = sonic::parseMinigraph(kLeafGraph, "g.xml");
  sonic::PortConfigTable ports = sonic::parsePortConfig(kTestSkuPorts, "port_config.ini");
  std::vector<InputNote> notes;
  sonic::TableStore store = sonic::renderMinigraph(graph, &ports, notes);
  // A QoS-related property rocelint does not model is a note at its value.
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].kind, InputNote::Kind::UnknownField);
  EXPECT_EQ(notes[0].message,
            "minigraph device property QosProfile = \"Profile0\" is not modelled by rocelint (the "
            "QoS it selects is read from the rendered QoS tables)");
  EXPECT_EQ(notes[0].src.line, line("<a:Value>Profile0"));
  // The rest of what sonic-cfggen renders is kept by key, to be counted as out of scope.
  EXPECT_EQ(store.tables.at("MGMT_INTERFACE").count("eth0|10.3.0.1/24"), 1u);
  EXPECT_EQ(store.tables.at("ACL_TABLE").at("DataAcl").src.line, line("<InAcl>DataAcl"));
  EXPECT_EQ(store.tables.at("TUNNEL").count("MuxTunnel0"), 1u);
  EXPECT_EQ(store.tables.at("CONSOLE_PORT").count("console"), 1u);  // the DeviceSerialLink
  EXPECT_EQ(store.tables.at("MUX_CABLE").at("Ethernet4").src.line, line("<DeviceLinkBase i:type=\"LogicalLink\">"));
  EXPECT_EQ(store.tables.at("minigraph DeviceProperty").count("NtpResources"), 1u);
  const sonic::Entry& meta = store.tables.at("DEVICE_METADATA").at("localhost");
  EXPECT_EQ(meta.fields.at("deployment_id").value, "7");
  EXPECT_EQ(meta.fields.at("deployment_id").src.line, line("<a:Value>7"));
  EXPECT_EQ(meta.fields.at("type").value, "LeafRouter");
  const sonic::Entry& spine = store.tables.at("DEVICE_NEIGHBOR_METADATA").at("spine1");
  EXPECT_EQ(spine.fields.at("type").value, "SpineRouter");  // i:type="a:SpineRouter", prefix stripped
  EXPECT_EQ(spine.fields.at("hwsku").value, "Spine-SKU");
  EXPECT_EQ(spine.fields.at("lo_addr").value, "10.1.0.9/32");
  const sonic::Entry& eth4 = store.tables.at("PORT").at("Ethernet4");
  EXPECT_EQ(eth4.fields.at("autoneg").value, "on");  // LinkMetadata key "server9:eth0;leaf1:etp2"
  EXPECT_EQ(eth4.fields.at("autoneg").src.line, line("<d3p1:Value>True"));
  EXPECT_EQ(eth4.fields.at("lanes").value, "4,5,6,7");
  const sonic::Entry& bgp = store.tables.at("BGP_NEIGHBOR").at("10.0.0.1");
  EXPECT_EQ(bgp.fields.at("local_addr").value, "10.0.0.0");
  EXPECT_EQ(bgp.fields.at("holdtime").value, "10");
  EXPECT_EQ(bgp.fields.at("keepalive").value, "3");
  EXPECT_EQ(store.tables.at("VLAN_MEMBER").count("Vlan1000|Ethernet4"), 1u);
  EXPECT_EQ(store.tables.at("PORTCHANNEL").at("PortChannel1").fields.at("admin_status").value, "up");
}

TEST(Minigraph, WithoutPortConfigAliasesAreKeptWithANote) {
  TempDir dir;
  std::string file = dir.write("leaf1/minigraph.xml", kLeafGraph);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  // DeviceInfos lists the ports.
  const Port* etp1 = sw.findPort("etp1");
  ASSERT_NE(etp1, nullptr);
  EXPECT_TRUE(etp1->declared);
  ASSERT_TRUE(etp1->neighbor);
  EXPECT_EQ(etp1->neighbor->device, "spine1");
  EXPECT_EQ(etp1->speed_mbps->value, 400000u);
  Report report = analyze(fabric, {});
  auto notes = withRule(report, "CFG001");
  ASSERT_EQ(notes.size(), 2u);  // this one, and the QosProfile property's
  EXPECT_EQ(notes[0].message,
            "no port_config.ini applies to leaf1 (hwsku Test-SKU): its minigraph port names are kept as written "
            "(aliases such as \"etp1\") and ports its other files name differently are checked on their own, without "
            "neighbours; put the hwsku's port_config.ini in the switch's directory, in a directory named after the "
            "hwsku, or at the fabric root");
  EXPECT_EQ(notes[0].location.file(), file);
  EXPECT_EQ(notes[0].location.line, 2);
  EXPECT_EQ(sw.ports.size(), 4u);
  EXPECT_EQ(sw.findPort("etp4")->portchannel, "PortChannel1");
  EXPECT_TRUE(withRule(report, "CFG002").empty());
}

TEST(Minigraph, PortConfigScopeOwnDirectoryBeatsHwskuBeatsRoot) {
  TempDir dir;
  dir.write("fabric/leaf1/minigraph.xml", kLeafGraph);
  dir.write("fabric/port_config.ini",
            "# name lanes alias\nEthernet100 1 etp1\nEthernet104 2 etp2\nEthernet108 3 etp3\nEthernet112 4 etp4\n");
  Fabric root_only = loadFabric({dir.path() + "/fabric"});
  EXPECT_NE(root_only.switches.at(0).findPort("Ethernet100"), nullptr);
  dir.write("fabric/Test-SKU/port_config.ini", kTestSkuPorts);
  Fabric with_sku = loadFabric({dir.path() + "/fabric"});
  EXPECT_NE(with_sku.switches.at(0).findPort("Ethernet0"), nullptr);
  EXPECT_EQ(with_sku.switches.at(0).findPort("Ethernet100"), nullptr);
  dir.write("fabric/leaf1/port_config.ini",
            "# name lanes alias\nEthernet200 1 etp1\nEthernet204 2 etp2\nEthernet208 3 etp3\nEthernet212 4 etp4\n");
  Fabric own = loadFabric({dir.path() + "/fabric"});
  const Switch& sw = own.switches.at(0);
  ASSERT_NE(sw.findPort("Ethernet200"), nullptr);
  EXPECT_EQ(sw.findPort("Ethernet200")->neighbor->device, "spine1");
  EXPECT_EQ(sw.findPort("Ethernet0"), nullptr);
  // A port_config.ini for another hwsku, in a directory named after it, does not apply.
  TempDir other;
  other.write("leaf1/minigraph.xml", kLeafGraph);
  other.write("Other-SKU/port_config.ini", kTestSkuPorts);
  auto notes = withRule(analyze(loadFabric({other.path()}), {}), "CFG001");
  ASSERT_FALSE(notes.empty());
  EXPECT_EQ(notes[0].message.rfind("no port_config.ini applies to leaf1", 0), 0u) << notes[0].message;
}

TEST(Minigraph, PortConfigGivesPortRowsToAConfigDbWithoutThem) {
  TempDir dir;
  dir.write("leaf9/config_db.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "leaf9", "hwsku": "Test-SKU"}},
    "PORT_QOS_MAP": {"Ethernet4": {"pfc_enable": "3"}}})");
  std::string ini = dir.write("Test-SKU/port_config.ini", kTestSkuPorts);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  ASSERT_EQ(sw.ports.size(), 4u);
  const Port* eth4 = sw.findPort("Ethernet4");
  ASSERT_TRUE(eth4->declared && eth4->speed_mbps);
  EXPECT_EQ(eth4->alias, "etp2");
  EXPECT_EQ(eth4->speed_mbps->value, 400000u);
  EXPECT_EQ(eth4->speed_mbps->src.file(), ini);
  EXPECT_EQ(eth4->speed_mbps->src.line, 3);
  EXPECT_EQ(formatPrioritySet(eth4->qos.pfcPriorities()), "3");
  // A config_db with its own PORT table keeps it.
  dir.write("leaf9/config_db.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "leaf9", "hwsku": "Test-SKU"}},
    "PORT": {"Ethernet4": {"speed": "100000"}}})");
  Fabric with_ports = loadFabric({dir.path()});
  const Switch& own = with_ports.switches.at(0);
  EXPECT_EQ(own.ports.size(), 1u);
  EXPECT_EQ(own.findPort("Ethernet4")->speed_mbps->value, 100000u);
}

TEST(PortConfig, HeaderNamesTheColumnsInAnyOrderWithExtraColumns) {
  // Multi-ASIC platforms add asic_port_name and role; Mellanox ones put speed before index.
  const char* text =
      "# comment\n# name lanes alias speed index asic_port_name role\n"
      "Ethernet0 0,1 etp1 100000 0 Eth0-ASIC0 Ext\r\nEthernet-BP0 8 Eth4-ASIC0 40000 1 Eth4-ASIC0 Int\n";
  EXPECT_TRUE(sonic::looksLikePortConfig(text));
  EXPECT_FALSE(sonic::looksLikePortConfig("Ethernet0 0 etp1\n"));
  EXPECT_FALSE(sonic::looksLikePortConfig("# name value\nfoo 1\n"));  // a "name" column alone is not a port table
  sonic::PortConfigTable table = sonic::parsePortConfig(text, "p.ini");
  ASSERT_EQ(table.rows.size(), 2u);
  EXPECT_EQ(table.rows[0].columns.at("speed").value, "100000");
  EXPECT_EQ(table.rows[0].columns.at("asic_port_name").value, "Eth0-ASIC0");
  EXPECT_EQ(table.rows[1].columns.at("role").value, "Int");
  EXPECT_EQ(table.rows[1].src.line, 4);
  EXPECT_EQ(table.findByAliasOrName("etp1")->name, "Ethernet0");
  EXPECT_EQ(table.findByAliasOrName("Ethernet-BP0")->name, "Ethernet-BP0");  // a SONiC name works too
  EXPECT_EQ(table.findByAliasOrName("etp9"), nullptr);
}

TEST(PortConfig, RealArista7260TableMapsAliasesToSonicNames) {
  std::string file = realworld("Arista-7260CX3-C64/port_config.ini");
  sonic::PortConfigTable table = sonic::parsePortConfig(test::readAll(file), file);
  EXPECT_EQ(table.columns, (std::vector<std::string>{"name", "lanes", "alias", "index", "speed"}));
  ASSERT_EQ(table.rows.size(), 66u);
  EXPECT_EQ(table.findByAliasOrName("Ethernet1/1")->name, "Ethernet0");
  EXPECT_EQ(table.findByAliasOrName("Ethernet35/1")->name, "Ethernet136");
  const sonic::PortConfigRow* last = table.findByAliasOrName("Ethernet66");
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->name, "Ethernet260");
  EXPECT_EQ(last->columns.at("lanes").value, "259");
  EXPECT_EQ(last->columns.at("speed").value, "10000");
  EXPECT_EQ(last->src.line, 67);
}

TEST(Minigraph, RealAristaT1WithItsPortConfig) {
  TempDir dir;
  std::string graph =
      dir.write("sample-arista-7260-t1-minigraph.xml", test::readAll(realworld("sample-arista-7260-t1-minigraph.xml")));
  dir.write("Arista-7260CX3-C64/port_config.ini", test::readAll(realworld("Arista-7260CX3-C64/port_config.ini")));
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "str-7260cx3-acs-7");
  EXPECT_EQ(sw.hwsku, "Arista-7260CX3-C64");
  EXPECT_EQ(sw.role, "LeafRouter");
  ASSERT_TRUE(sw.asn);
  EXPECT_EQ(sw.asn->value, 65100u);
  EXPECT_EQ(sw.asn->src.line, 464);
  // Every port of the ini, under its SONiC name.
  ASSERT_EQ(sw.ports.size(), 66u);
  int linked = 0;
  for (const Port& port : sw.ports) {
    EXPECT_TRUE(port.declared) << port.name;
    linked += port.neighbor ? 1 : 0;
  }
  EXPECT_EQ(linked, 28);
  // Each of the 28 links sits on the port whose ini alias is the link's StartPort.
  std::string ini_file = realworld("Arista-7260CX3-C64/port_config.ini");
  sonic::PortConfigTable ini = sonic::parsePortConfig(test::readAll(ini_file), ini_file);
  sonic::Minigraph parsed = sonic::parseMinigraph(test::readAll(graph), graph);
  ASSERT_EQ(parsed.links.size(), 28u);
  for (const auto& link : parsed.links) {
    SCOPED_TRACE(link.start_port.value);
    EXPECT_EQ(link.start_device.value, "str-7260cx3-acs-7");
    const sonic::PortConfigRow* row = ini.findByAliasOrName(link.start_port.value);
    ASSERT_NE(row, nullptr);
    const Port* port = sw.findPort(row->name);
    ASSERT_TRUE(port && port->neighbor);
    EXPECT_EQ(port->alias, link.start_port.value);
    EXPECT_EQ(port->neighbor->device, link.end_device.value);
    EXPECT_EQ(port->neighbor->port, link.end_port.value);
    EXPECT_EQ(port->neighbor->src.line, link.src.line);
  }
  EXPECT_EQ(fabric.hosts.size(), 28u);  // the T0s and T2s are not in this fabric
  // The first link: StartPort Ethernet35/1 (ini row 36: Ethernet136) to ARISTA01T0 Ethernet1.
  const Port* first = sw.findPort("Ethernet136");
  ASSERT_TRUE(first && first->neighbor);
  EXPECT_EQ(first->alias, "Ethernet35/1");
  EXPECT_EQ(first->neighbor->device, "ARISTA01T0");
  EXPECT_EQ(first->neighbor->port, "Ethernet1");
  EXPECT_EQ(first->neighbor->src.file(), graph);
  EXPECT_EQ(first->neighbor->src.line, 1185);
  const Port* eth0 = sw.findPort("Ethernet0");
  ASSERT_TRUE(eth0->neighbor);
  EXPECT_EQ(eth0->neighbor->device, "ARISTA01T2");
  EXPECT_EQ(eth0->neighbor->port, "Ethernet1");
  EXPECT_EQ(eth0->portchannel, "PortChannel102");  // AttachTo "Ethernet1/1;Ethernet2/1"
  EXPECT_EQ(sw.findPort("Ethernet4")->portchannel, "PortChannel102");
  // Speeds from DeviceInfos (the links carry no Bandwidth).
  ASSERT_TRUE(eth0->speed_mbps);
  EXPECT_EQ(eth0->speed_mbps->value, 100000u);
  EXPECT_EQ(eth0->speed_mbps->src.line, 1575);
  const Port* ten_gig = sw.findPort("Ethernet256");  // alias Ethernet65
  ASSERT_TRUE(ten_gig && ten_gig->speed_mbps);
  EXPECT_EQ(ten_gig->speed_mbps->value, 10000u);
  EXPECT_EQ(ten_gig->speed_mbps->src.line, 2407);
  EXPECT_FALSE(ten_gig->neighbor);
  // 24 peers, each over IPv4 and IPv6.
  ASSERT_EQ(sw.bgp_neighbors.size(), 48u);
  const BgpNeighbor* t0 = bgpNeighbor(sw, "10.0.0.33");
  ASSERT_TRUE(t0 && t0->asn);
  EXPECT_EQ(t0->name, "ARISTA01T0");
  EXPECT_EQ(t0->asn->value, 64001u);
  EXPECT_EQ(t0->src.line, 5);
  ASSERT_NE(bgpNeighbor(sw, "FC00::42"), nullptr);
  const InterfaceAddress* lo = address(sw, "10.1.0.32/32");
  ASSERT_NE(lo, nullptr);
  EXPECT_EQ(lo->kind, InterfaceAddress::Kind::Loopback);
  EXPECT_EQ(lo->interface, "Loopback0");
  EXPECT_EQ(lo->src.line, 740);
  ASSERT_NE(address(sw, "FC00:1::32/128"), nullptr);
  EXPECT_EQ(sw.portchannels.size(), 24u);
  EXPECT_EQ(address(sw, "10.0.0.0/31")->interface, "PortChannel102");
  // What the minigraph holds beyond rocelint's scope is counted, as for a config_db.
  EXPECT_EQ(fabric.out_of_scope_tables.at("ACL_TABLE"), 6);
  EXPECT_EQ(fabric.out_of_scope_tables.at("MGMT_INTERFACE"), 2);
  EXPECT_EQ(fabric.out_of_scope_tables.at("minigraph DeviceProperty"), 9);  // 11 minus DeploymentId, QosProfile
  Report report = analyze(fabric, {});
  // The ini applied, so there is no alias note; the only CFG001 is the QoS profile property.
  auto notes = withRule(report, "CFG001");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].message,
            "minigraph device property QosProfile = \"Profile0\" is not modelled by rocelint (the QoS "
            "it selects is read from the rendered QoS tables)");
  EXPECT_EQ(notes[0].location.line, 2442);
  EXPECT_TRUE(withRule(report, "CFG002").empty());
  EXPECT_TRUE(withRule(report, "CFG005").empty());
}

TEST(Minigraph, AristaT1MinigraphQosAndBufferJsonAreOneSwitch) {
  TempDir dir;
  std::string graph = dir.write("t1/minigraph.xml", test::readAll(realworld("sample-arista-7260-t1-minigraph.xml")));
  std::string qos = dir.write("t1/qos.json", test::readAll(realworld("qos-arista7260-t1.json")));
  std::string buffer = dir.write("t1/buffer.json", test::readAll(realworld("buffer-arista7260-t1.json")));
  dir.write("t1/Arista-7260CX3-C64/port_config.ini", test::readAll(realworld("Arista-7260CX3-C64/port_config.ini")));
  Fabric fabric = loadFabric({dir.path()});
  // The JSON files name no switch: they join the one their directory's minigraph names.
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "str-7260cx3-acs-7");
  EXPECT_EQ(sw.files.size(), 3u);
  EXPECT_EQ(fabric.files_loaded, 4);
  // Links from the minigraph, QoS from qos.json, buffers from buffer.json, on the same ports.
  const Port* eth0 = sw.findPort("Ethernet0");
  ASSERT_TRUE(eth0 && eth0->neighbor);
  EXPECT_EQ(eth0->neighbor->device, "ARISTA01T2");
  EXPECT_EQ(formatPrioritySet(eth0->qos.pfcPriorities()), "3,4");
  EXPECT_EQ(eth0->qos.pfc_enable->src.file(), qos);
  ASSERT_TRUE(eth0->qos.map(MapKind::DscpToTc));
  EXPECT_EQ(eth0->qos.map(MapKind::DscpToTc)->name, "AZURE_UPLINK");  // the T2-facing ports
  EXPECT_EQ(sw.findPort("Ethernet136")->qos.map(MapKind::DscpToTc)->name, "AZURE");
  EXPECT_FALSE(sw.pools.empty());
  EXPECT_EQ(sw.pools.begin()->second.src.file(), buffer);
  ASSERT_TRUE(eth0->speed_mbps);
  EXPECT_EQ(eth0->speed_mbps->src.file(), graph);
  ASSERT_TRUE(eth0->cable_length_m);  // CABLE_LENGTH from buffer.json, keyed by SONiC name
  EXPECT_EQ(eth0->cable_length_m->value, 300u);

  Report report = analyze(fabric, {});
  // No input trouble: the minigraph's names match the JSON's, and nothing conflicts. CFG001 is
  // only the minigraph's QosProfile property (see RealAristaT1WithItsPortConfig).
  for (const char* rule : {"CFG002", "CFG003", "CFG004", "CFG005"}) {
    EXPECT_TRUE(withRule(report, rule).empty()) << rule;
  }
  EXPECT_EQ(withRule(report, "CFG001").size(), 1u);
  // WD001: the T1 sample has no PFC_WD table and default_pfcwd_status is not set, so no lossless
  // priority has a watchdog. One finding per priority, grouping its ports: 3 and 4 on all 28
  // ports with PFC, 2 and 6 on the 20 T0-facing ones.
  auto unguarded = withRule(report, "WD001");
  ASSERT_EQ(unguarded.size(), 4u);
  EXPECT_EQ(unguarded[0].port, "Ethernet0");
  EXPECT_NE(unguarded[0].message.find("(on 28 ports:"), std::string::npos) << unguarded[0].message;
  // PFC003: Microsoft's T1 QoS enables PFC on 2,3,4,6 for the T0-facing ports (the DSCP 2/6
  // lossless classes of that release); more than two lossless priorities per port.
  EXPECT_EQ(withRule(report, "PFC003").size(), 20u);
  // PFC002: the 8 T2-facing ports use 3,4 while most ports use 2,3,4,6. That is the DSCP remap
  // design, not an outlier: the T0-facing ports' AZURE map sends DSCP 2 and 6 to TCs 2 and 6, the
  // T2-facing ports' AZURE_UPLINK map sends them elsewhere, so on the T2-facing ports no DSCP
  // reaches TC 2 or 6 and PFC on them would guard nothing.
  EXPECT_TRUE(withRule(report, "PFC002").empty());
  // BUF005: the traditional model builds lossless PGs from pg_profile_lookup.ini at run time;
  // none is in this directory, so their headroom is not checked (a note, not an error).
  EXPECT_EQ(withRule(report, "BUF005").size(), 1u);
  // MAP007: AZURE puts CNP DSCP 48 in TC 7, whose queue 7 has DWRR scheduler.0 on every port (the
  // SONiC template never schedules the CNP queue strictly; docs/rules/MAP007.md). One finding.
  auto cnp = withRule(report, "MAP007");
  ASSERT_EQ(cnp.size(), 1u);
  EXPECT_NE(cnp[0].message.find("from egress queue 7 (TC 7), which SCHEDULER scheduler.0 serves by DWRR weight 14"),
            std::string::npos)
      << cnp[0].message;
  EXPECT_EQ(report.findings.size(), 27u);
  // The QoS file alone knows no link, so no port counts as connected and PFC002 stays silent.
  EXPECT_TRUE(withRule(analyze(loadFabric({qos}), {}), "PFC002").empty());
}

TEST(Minigraph, SimpleSampleGraphCaseWithEveryOptionalPart) {
  std::string file = realworld("simple-sample-graph-case.xml");
  Fabric fabric = loadFabric({file});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "switch-t0");
  EXPECT_EQ(sw.hwsku, "Force10-S6000");
  EXPECT_EQ(sw.role, "ToRRouter");  // i:type="a:ToRRouter"
  ASSERT_TRUE(sw.asn);
  EXPECT_EQ(sw.asn->value, 65100u);
  // No port_config.ini for Force10-S6000 here: the 32 DeviceInfos ports keep their aliases.
  EXPECT_EQ(sw.ports.size(), 32u);
  const Port* p0 = sw.findPort("fortyGigE0/0");
  const Port* p8 = sw.findPort("fortyGigE0/8");
  const Port* p12 = sw.findPort("fortyGigE0/12");
  ASSERT_TRUE(p0 && p8 && p12);
  ASSERT_TRUE(p0->neighbor && p8->neighbor && p12->neighbor);
  EXPECT_EQ(p0->neighbor->device, "switch-01t1");
  EXPECT_EQ(p0->neighbor->port, "port1");
  EXPECT_EQ(p8->neighbor->device, "server2");
  EXPECT_EQ(p8->description, "Interface description");
  // DeviceInfos says 100000 for fortyGigE0/12; its link's Bandwidth (10000) wins.
  EXPECT_EQ(p12->speed_mbps->value, 10000u);
  EXPECT_EQ(p12->speed_mbps->src.line, 294);
  EXPECT_EQ(sw.findPort("fortyGigE0/4")->neighbor->device, "server1");  // not the LogicalLink's server1-SC
  EXPECT_EQ(sw.findPort("fortyGigE0/4")->portchannel, "PortChannel01");
  EXPECT_EQ(sw.findPort("console"), nullptr);     // DeviceSerialLink
  EXPECT_EQ(sw.findPort("MuxTunnel0"), nullptr);  // LogicalLink
  ASSERT_EQ(sw.bgp_neighbors.size(), 4u);
  EXPECT_EQ(bgpNeighbor(sw, "10.0.0.57")->asn->value, 64600u);
  ASSERT_NE(address(sw, "192.168.0.1/27"), nullptr);
  EXPECT_EQ(address(sw, "192.168.0.1/27")->interface, "Vlan1000");
  EXPECT_EQ(address(sw, "10.0.0.58/31")->interface, "fortyGigE0/0");
  EXPECT_EQ(address(sw, "10.10.10.2/32"), nullptr);  // server2's DeviceDataPlaneInfo
  Report report = analyze(fabric, {});
  ASSERT_EQ(withRule(report, "CFG001").size(), 1u);  // the alias note
  EXPECT_TRUE(withRule(report, "CFG002").empty());
  EXPECT_TRUE(withRule(report, "CFG005").empty());
}

// --- malformed input ---------------------------------------------------------------------------

TEST(MinigraphMalformed, TruncatedXmlNamesTheLine) {
  TempDir dir;
  std::string text(kLeafGraph);
  text.resize(text.find("</DpgDec>"));
  std::string file = dir.write("leaf1/minigraph.xml", text);
  // The file ends with DpgDec and DeviceMiniGraph open: pugixml reports it at the last character.
  ASSERT_EQ(text.substr(text.size() - 3), "\n  ");
  int last_line = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  EXPECT_EQ(last_line, 93);
  EXPECT_EQ(inputError({dir.path()}),
            file + ":93:2: XML is not well-formed (Start-end tags mismatch): expected a complete minigraph");
  // A tag cut in the middle ("          <Pref") is reported on its line, at its last character.
  text = kLeafGraph;
  text.resize(text.find("<Prefix>10.0.0.2/31") + 5);
  file = dir.write("leaf1/minigraph.xml", text);
  EXPECT_EQ(inputError({dir.path()}), fmt::format("{}:{}:15: XML is not well-formed (Error parsing start element tag): "
                                                  "expected a complete minigraph",
                                                  file, lineOf(kLeafGraph, "<Prefix>10.0.0.2/31")));
}

// --- files of one switch, wherever they sit ------------------------------------------------------

const char* kLookup =
    "# PG lossless profiles.\n# speed cable size xon xoff threshold xon_offset\n"
    "  400000  5m   1248    2288 35776   0        2288\n";

TEST(SwitchFiles, FragmentsAtTheFabricRootJoinTheOneSwitchThere) {
  // The layout of sonic-buildimage's samples: minigraph, rendered QoS and buffer JSON side by side.
  TempDir dir;
  dir.write("minigraph.xml", kLeafGraph);
  std::string qos = dir.write("qos.json", R"({"PORT_QOS_MAP": {"Ethernet4": {"pfc_enable": "3"}}})");
  dir.write("buffers.json", R"({"CABLE_LENGTH": {"AZURE": {"Ethernet4": "5m"}}})");
  dir.write("port_config.ini", kTestSkuPorts);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.name, "leaf1");
  EXPECT_EQ(sw.files.size(), 3u);
  const Port* eth4 = sw.findPort("Ethernet4");
  ASSERT_TRUE(eth4 && eth4->neighbor && eth4->cable_length_m);
  EXPECT_EQ(eth4->qos.pfc_enable->src.file(), qos);
  EXPECT_EQ(eth4->cable_length_m->value, 5u);
  // A full config without a host name at the root is a switch of its own (named after its stem).
  dir.write("leaf2.json", R"({"PORT": {"Ethernet0": {"speed": "100000"}}})");
  Fabric two = loadFabric({dir.path()});
  ASSERT_EQ(two.switches.size(), 2u);
  EXPECT_EQ(two.switches[1].name, "leaf2");
  // Two named switches at the root: a nameless fragment joins neither.
  dir.write("spine1.json", R"({"DEVICE_METADATA": {"localhost": {"hostname": "spine1"}}, "PORT": {"Ethernet0": {}}})");
  Fabric three = loadFabric({dir.path()});
  EXPECT_EQ(three.switches.size(), 5u);  // leaf1, leaf2, spine1, qos, buffers
}

TEST(SwitchFiles, AFileNamedAfterADeclaredHostJoinsItAnywhere) {
  TempDir dir;
  dir.write("graphs/minigraph.xml", kLeafGraph);
  dir.write("graphs/other.json",
            R"({"DEVICE_METADATA": {"localhost": {"hostname": "spine9"}}, "PORT": {"Ethernet0": {}}})");
  std::string qos = dir.write("rendered/LEAF1.qos.json", R"({"PORT_QOS_MAP": {"etp2": {"pfc_enable": "3"}}})");
  dir.write("rendered/spine9/buffers.json", R"({"CABLE_LENGTH": {"AZURE": {"Ethernet0": "5m"}}})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 2u);
  const Switch& leaf = fabric.switches[0];
  EXPECT_EQ(leaf.name, "leaf1");
  EXPECT_EQ(leaf.files.size(), 2u);
  EXPECT_EQ(leaf.findPort("etp2")->qos.pfc_enable->src.file(), qos);
  EXPECT_EQ(fabric.switches[1].name, "spine9");
  EXPECT_TRUE(fabric.switches[1].findPort("Ethernet0")->cable_length_m);
}

TEST(SwitchFiles, PlatformTablesBesideTheSwitchFilesApplyWhateverTheFolderIsCalled) {
  // docs/inputs.md: a pg_profile_lookup.ini / port_config.ini in the switch's own directory applies,
  // whatever that directory is called; recognised by content, whatever the file is called.
  TempDir dir;
  dir.write("pod1/rack7/config_db.json",
            R"({"DEVICE_METADATA": {"localhost": {"hostname": "leaf7", "hwsku": "Other-SKU"}},
                "PORT": {"Ethernet0": {"speed": "400000", "admin_status": "up"}},
                "CABLE_LENGTH": {"AZURE": {"Ethernet0": "5m"}},
                "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}}})");
  std::string lookup = dir.write("pod1/rack7/th-lookup.ini", kLookup);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  ASSERT_TRUE(sw.pg_lookup);
  EXPECT_EQ(sw.pg_lookup->file, lookup);
  ASSERT_TRUE(sw.findPort("Ethernet0")->pgs[3]);
  EXPECT_EQ(sw.findPort("Ethernet0")->pgs[3]->profile->name, "pg_lossless_400000_5m_profile");
  EXPECT_TRUE(withRule(analyze(fabric, {}), "CFG004").empty());
  // A port-config table named after its platform is read as one.
  TempDir named;
  named.write("leaf1/minigraph.xml", kLeafGraph);
  named.write("leaf1/x86_64-test-port-config.ini", kTestSkuPorts);
  Fabric with_ports = loadFabric({named.path()});
  EXPECT_NE(with_ports.switches.at(0).findPort("Ethernet0"), nullptr);
  EXPECT_EQ(with_ports.switches.at(0).findPort("etp1"), nullptr);
  EXPECT_TRUE(sonic::looksLikePortConfig(kTestSkuPorts));
  EXPECT_TRUE(looksLikePgProfileLookup(kLookup));
  EXPECT_FALSE(looksLikePgProfileLookup("# speed cable\n400000 5m 1 2 3\n"));  // five columns
  EXPECT_FALSE(looksLikePgProfileLookup("# only comments\n"));
  EXPECT_FALSE(looksLikePgProfileLookup("hostname leaf1\n"));
}

TEST(SwitchFiles, TwoFullConfigsOfOneHostAreCfg003WithBothLocations) {
  TempDir dir;
  const char* config = R"({"DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}},
    "PORT": {"Ethernet0": {"speed": "SPEED"}}})";
  std::string first = dir.write("a/config_db.json", replaced(config, "SPEED", "100000"));
  std::string second = dir.write("b/config_db.json", replaced(config, "SPEED", "400000"));
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.switches[0].files, (std::vector<std::string>{first}));
  EXPECT_EQ(fabric.switches[0].findPort("Ethernet0")->speed_mbps->value, 100000u);  // not merged
  auto conflicts = withRule(analyze(fabric, {}), "CFG003");
  ASSERT_EQ(conflicts.size(), 1u);
  EXPECT_EQ(conflicts[0].switch_name, "leaf1");
  EXPECT_EQ(conflicts[0].location.file(), second);
  EXPECT_EQ(conflicts[0].location.line, 1);
  EXPECT_EQ(conflicts[0].message,
            fmt::format("{} and {} both describe all of switch leaf1; {} is left out: keep one full configuration per "
                        "switch (fragments such as a rendered qos.json merge)",
                        first, second, second));
  ASSERT_EQ(conflicts[0].related.size(), 1u);
  EXPECT_EQ(conflicts[0].related[0].src.file(), first);
  EXPECT_EQ(conflicts[0].related[0].message, "the configuration of leaf1 that is used");
  EXPECT_EQ(conflicts[0].fix, "remove one of the two files from the fabric directory, or give each its own host name");
}

// The same holds for the CLI syntaxes: a configuration with physical interfaces is the whole switch
// (two of one host name are two versions of it), one without is a fragment that merges.
TEST(SwitchFiles, TwoFullCliConfigsOfOneHostAreCfg003AndAFragmentMerges) {
  struct Case {
    const char* syntax;
    const char* file;
    const char* config;  // MTU is replaced: 9100 in the first file, 9200 in the second
    const char* port;
  };
  const std::vector<Case> cases = {
      {"EOS", "leaf1.cfg",
       "! device: leaf1 (DCS-7060X6, EOS-4.32)\nhostname leaf1\n!\ninterface Ethernet1\n   mtu MTU\n!\n", "Ethernet1"},
      {"NX-OS", "leaf1.cfg",
       "!Command: show running-config\nfeature lldp\nhostname leaf1\ninterface Ethernet1/1\n  mtu MTU\n",
       "Ethernet1/1"},
      {"Junos", "leaf1.conf",
       "system {\n    host-name leaf1;\n}\ninterfaces {\n    et-0/0/0 {\n        mtu MTU;\n    }\n}\n", "et-0/0/0"},
      {"NVUE", "startup.yaml",
       "- set:\n    system:\n      hostname: leaf1\n    interface:\n      swp1:\n        link:\n          mtu: MTU\n",
       "swp1"},
  };
  for (const Case& c : cases) {
    TempDir dir;
    std::string first = dir.write(std::string("a/") + c.file, replaced(c.config, "MTU", "9100"));
    std::string second = dir.write(std::string("b/") + c.file, replaced(c.config, "MTU", "9200"));
    Fabric fabric = loadFabric({dir.path()});
    ASSERT_EQ(fabric.switches.size(), 1u) << c.syntax;
    EXPECT_EQ(fabric.switches[0].files, (std::vector<std::string>{first})) << c.syntax;
    const Port* port = fabric.switches[0].findPort(c.port);
    ASSERT_NE(port, nullptr) << c.syntax;
    ASSERT_TRUE(port->mtu_bytes) << c.syntax;
    EXPECT_EQ(port->mtu_bytes->value, 9100u) << c.syntax;  // not merged
    auto conflicts = withRule(analyze(fabric, {}), "CFG003");
    ASSERT_EQ(conflicts.size(), 1u) << c.syntax;
    EXPECT_EQ(conflicts[0].switch_name, "leaf1");
    EXPECT_EQ(conflicts[0].location.file(), second);
    ASSERT_EQ(conflicts[0].related.size(), 1u);
    EXPECT_EQ(conflicts[0].related[0].src.file(), first);
  }
  TempDir dir;
  std::string whole = dir.write("leaf1.conf", replaced(cases[2].config, "MTU", "9100"));
  std::string cos = dir.write("leaf1-cos.conf",
                              "system {\n    host-name leaf1;\n}\nclass-of-service {\n    forwarding-classes {\n"
                              "        class L queue-num 3 no-loss pfc-priority 3;\n    }\n}\n");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  EXPECT_EQ(fabric.switches[0].files.size(), 2u);
  EXPECT_TRUE(withRule(analyze(fabric, {}), "CFG003").empty());
}

// --- LAG min-links, in every syntax that configures it -------------------------------------------

// The fewest members that keep a LAG up (the deadlock engine takes a LAG down below it): SONiC
// PORTCHANNEL min_links (sonic-portchannel.yang, 1-1024), EOS `port-channel min-links` (0-1024
// accepted, 0 = none), NX-OS `lacp min-links` (1-32), Junos `aggregated-ether-options
// minimum-links` (1-64). A value out of range is CFG005 at it and the switch is still analysed.
TEST(LagMinLinks, ReadInEverySyntaxAndAWrongValueIsCfg005) {
  struct Case {
    const char* syntax;
    const char* file;
    const char* config;  // @ is replaced by the value
    const char* lag;
    const char* member;
    int line;  // of the value
    const char* bad;
  };
  const std::vector<Case> cases = {
      {"SONiC", "leaf1.json",
       "{\"DEVICE_METADATA\": {\"localhost\": {\"hostname\": \"leaf1\"}},\n"
       " \"PORT\": {\"Ethernet0\": {}, \"Ethernet8\": {}},\n"
       " \"PORTCHANNEL\": {\"PortChannel1\": {\n   \"min_links\": \"@\"}},\n"
       " \"PORTCHANNEL_MEMBER\": {\"PortChannel1|Ethernet0\": {}, \"PortChannel1|Ethernet8\": {}}}\n",
       "PortChannel1", "Ethernet0", 4, "0"},
      {"EOS", "leaf1.cfg",
       "hostname leaf1\n!\ninterface Port-Channel1\n   port-channel min-links @\n!\ninterface Ethernet1\n"
       "   channel-group 1 mode active\n!\ninterface Ethernet2\n   channel-group 1 mode active\n!\n",
       "Port-Channel1", "Ethernet1", 4, "2000"},
      {"NX-OS", "leaf1.cfg",
       "!Command: show running-config\nhostname leaf1\ninterface port-channel1\n  lacp min-links @\n"
       "interface Ethernet1/1\n  channel-group 1 mode active\ninterface Ethernet1/2\n  channel-group 1 mode active\n",
       "port-channel1", "Ethernet1/1", 4, "33"},
      {"Junos", "leaf1.conf",
       "system {\n    host-name leaf1;\n}\ninterfaces {\n    ae0 {\n        aggregated-ether-options {\n"
       "            minimum-links @;\n        }\n    }\n    et-0/0/0 {\n        ether-options {\n"
       "            802.3ad ae0;\n        }\n    }\n}\n",
       "ae0", "et-0/0/0", 7, "0"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.syntax);
    {
      TempDir dir;
      std::string file = dir.write(c.file, replaced(c.config, "@", "2"));
      Fabric fabric = loadFabric({dir.path()});
      ASSERT_EQ(fabric.switches.size(), 1u);
      const Switch& sw = fabric.switches[0];
      ASSERT_NE(sw.findPort(c.member), nullptr);
      EXPECT_EQ(sw.findPort(c.member)->portchannel, c.lag);
      auto it = sw.portchannel_min_links.find(c.lag);
      ASSERT_NE(it, sw.portchannel_min_links.end());
      EXPECT_EQ(it->second.value, 2u);
      EXPECT_EQ(it->second.src.file(), file);
      EXPECT_EQ(it->second.src.line, c.line);
    }
    TempDir dir;
    std::string file = dir.write(c.file, replaced(c.config, "@", c.bad));
    Fabric fabric = loadFabric({dir.path()});
    ASSERT_EQ(fabric.switches.size(), 1u);  // analysed, not left out
    EXPECT_TRUE(fabric.switches[0].portchannel_min_links.empty());
    auto invalid = withRule(analyze(fabric, {}), "CFG005");
    ASSERT_EQ(invalid.size(), 1u);
    EXPECT_EQ(invalid[0].location.file(), file);
    EXPECT_EQ(invalid[0].location.line, c.line);
    EXPECT_NE(invalid[0].message.find(c.bad), std::string::npos) << invalid[0].message;
    EXPECT_NE(invalid[0].message.find("member count"), std::string::npos) << invalid[0].message;
  }
}

// --- ports as sonic-cfggen resolves them: never an abort -------------------------------------------

TEST(MinigraphPorts, LinkToAPortThePortTableLacksIsCfg002AndTheRestIsRead) {
  // sonic-cfggen drops the neighbour of a port port_config.ini lacks ("ignore interface ... as it is
  // not in the port_config.ini"); the switch runs without it, so the finding is an undefined port.
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<StartPort>etp1</StartPort>", "<StartPort>etp9</StartPort>");
  std::string file = dir.write("leaf1/minigraph.xml", text);
  std::string ini = dir.write("Test-SKU/port_config.ini", kTestSkuPorts);
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_EQ(sw.ports.size(), 4u);
  EXPECT_FALSE(sw.findPort("Ethernet0")->neighbor);  // the link named no port of leaf1
  EXPECT_TRUE(sw.findPort("Ethernet4")->neighbor);   // the rest of the minigraph is read
  auto undefined = withRule(analyze(fabric, {}), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].switch_name, "leaf1");
  EXPECT_EQ(undefined[0].port, "etp9");
  EXPECT_EQ(undefined[0].severity, Severity::Error);
  EXPECT_EQ(
      undefined[0].message,
      fmt::format("link names port \"etp9\", which is neither an alias nor a name in {}, so leaf1 ignores it", ini));
  EXPECT_EQ(undefined[0].location.file(), file);
  EXPECT_EQ(undefined[0].location.line, lineOf(text, "<StartPort>etp9"));
  EXPECT_EQ(undefined[0].location.column, 9);
  EXPECT_EQ(undefined[0].fix, "correct the port name, or use the port_config.ini of hwsku Test-SKU that lists it");
}

TEST(MinigraphPorts, WithoutPortConfigEveryNameTheMinigraphUsesIsAPort) {
  // A link naming a port DeviceInfos do not list (under another name, a breakout member): without
  // a port table there is nothing to check it against; the minigraph's own names are the names.
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<StartPort>etp1</StartPort>", "<StartPort>etp1a</StartPort>");
  dir.write("leaf1/minigraph.xml", text);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  ASSERT_NE(sw.findPort("etp1a"), nullptr);
  ASSERT_TRUE(sw.findPort("etp1a")->neighbor);
  EXPECT_EQ(sw.findPort("etp1a")->neighbor->device, "spine1");
  EXPECT_FALSE(sw.has_port_table);  // partial: other files may name other ports
  EXPECT_TRUE(withRule(analyze(fabric, {}), "CFG002").empty());
}

TEST(MinigraphPorts, LagMemberThePortTableLacksIsCfg002) {
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<AttachTo>etp3;etp4</AttachTo>", "<AttachTo>etp3;etp5</AttachTo>");
  std::string file = dir.write("leaf1/minigraph.xml", text);
  std::string ini = dir.write("Test-SKU/port_config.ini", kTestSkuPorts);
  Fabric fabric = loadFabric({dir.path()});
  EXPECT_EQ(fabric.switches.at(0).findPort("Ethernet8")->portchannel, "PortChannel1");
  auto undefined = withRule(analyze(fabric, {}), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].port, "etp5");
  EXPECT_EQ(undefined[0].message,
            fmt::format("PortChannel PortChannel1 names port \"etp5\", which is neither an alias nor a name in {}, so "
                        "leaf1 ignores it",
                        ini));
  EXPECT_EQ(undefined[0].location.line, lineOf(text, "etp3;etp5"));
}

TEST(MinigraphPorts, BreakoutParentIsItsFirstMember) {
  // 800G etp1 broken out into 2x400G etp1a/etp1b: the minigraph puts the address on etp1, the link
  // on etp1a. The first sub-port keeps the parent's SONiC name (Ethernet0).
  const char* broken_out = R"(# name     lanes    alias  index speed
Ethernet0  0,1,2,3  etp1a  1     400000
Ethernet4  4,5,6,7  etp1b  1     400000
Ethernet8  8,9      etp2   2     400000
Ethernet12 10,11    etp3   3     400000
Ethernet16 12,13    etp4   4     400000
)";
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<StartPort>etp1</StartPort>", "<StartPort>etp1a</StartPort>");
  dir.write("leaf1/minigraph.xml", text);
  dir.write("leaf1/port_config.ini", broken_out);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  const InterfaceAddress* a = address(sw, "10.0.0.0/31");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->interface, "Ethernet0");
  EXPECT_EQ(a->src.line, lineOf(text, "<AttachTo>etp1</AttachTo>") - 1);
  ASSERT_TRUE(sw.findPort("Ethernet0")->neighbor);
  EXPECT_EQ(sw.findPort("Ethernet0")->neighbor->device, "spine1");
  EXPECT_TRUE(withRule(analyze(fabric, {}), "CFG002").empty());
  sonic::PortConfigTable table = sonic::parsePortConfig(broken_out, "p.ini");
  EXPECT_EQ(table.firstBreakoutMember("etp1")->name, "Ethernet0");
  EXPECT_EQ(table.firstBreakoutMember("etp"), nullptr);   // "etp" + "1a" is not a sub-port suffix
  EXPECT_EQ(table.firstBreakoutMember("etp2"), nullptr);  // not broken out
  sonic::PortConfigTable dell =
      sonic::parsePortConfig("# name lanes alias\nEthernet0 1 Eth1/1/1\nEthernet1 2 Eth1/1/2\n", "d.ini");
  EXPECT_EQ(dell.firstBreakoutMember("Eth1/1")->name, "Ethernet0");
}

TEST(MinigraphPorts, DeviceInfosSonicNameTranslatesWithoutPortConfig) {
  // Chassis minigraphs give each InterfaceName its SonicName: the QoS JSON's keys then meet them.
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<InterfaceName>etp1</InterfaceName>",
                              "<InterfaceName>etp1</InterfaceName><SonicName>Ethernet0</SonicName>");
  dir.write("leaf1/minigraph.xml", text);
  dir.write("leaf1/qos.json", R"({"PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}}})");
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  const Port* eth0 = sw.findPort("Ethernet0");
  ASSERT_NE(eth0, nullptr);
  ASSERT_TRUE(eth0->neighbor);
  EXPECT_EQ(eth0->neighbor->device, "spine1");
  EXPECT_EQ(formatPrioritySet(eth0->qos.pfcPriorities()), "3");
  EXPECT_EQ(sw.findPort("etp1"), nullptr);
}

TEST(MinigraphPorts, QosJsonWithoutPortConfigGivesNoCfg002PerPort) {
  // The minigraph names aliases, the rendered QoS JSON SONiC names, and nothing joins them: the
  // JSON's ports are ports of the switch (checked on their own), not undefined ones.
  TempDir dir;
  dir.write("leaf1/minigraph.xml", kLeafGraph);
  dir.write("leaf1/qos.json",
            R"({"PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3"}, "Ethernet4": {"pfc_enable": "3"}}})");
  Fabric fabric = loadFabric({dir.path()});
  ASSERT_EQ(fabric.switches.size(), 1u);
  const Switch& sw = fabric.switches[0];
  EXPECT_NE(sw.findPort("etp1"), nullptr);
  ASSERT_NE(sw.findPort("Ethernet4"), nullptr);
  EXPECT_EQ(formatPrioritySet(sw.findPort("Ethernet4")->qos.pfcPriorities()), "3");
  Report report = analyze(fabric, {});
  EXPECT_TRUE(withRule(report, "CFG002").empty());
  auto notes = withRule(report, "CFG001");
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes[0].message.find("ports its other files name differently are checked on their own"), std::string::npos)
      << notes[0].message;
}

TEST(MinigraphPorts, PortOfAnotherAsicIsANoteNotAnError) {
  // A multi-ASIC device (ASIC devices in PngDec) checked with one ASIC's port_config.ini: a link on
  // a port of the other ASIC is not this table's, and sonic-cfggen renders it for that ASIC.
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<StartPort>etp1</StartPort>", "<StartPort>etp33</StartPort>");
  text = replaced(text, "    <Devices>\n",
                  "    <Devices>\n      <Device i:type=\"Asic\"><Hostname>ASIC1</Hostname></Device>\n");
  std::string file = dir.write("leaf1/minigraph.xml", text);
  dir.write("Test-SKU/port_config.ini", kTestSkuPorts);
  Report report = analyze(loadFabric({dir.path()}), {});
  EXPECT_TRUE(withRule(report, "CFG002").empty());
  bool noted = false;
  for (const Finding& f : withRule(report, "CFG001")) {
    if (f.message.find("\"etp33\"") == std::string::npos) continue;
    noted = true;
    EXPECT_NE(f.message.find("a port of another ASIC of this multi-ASIC chassis"), std::string::npos) << f.message;
    EXPECT_EQ(f.location.line, lineOf(text, "<StartPort>etp33"));
  }
  EXPECT_TRUE(noted);
}

TEST(MinigraphMalformed, MissingRequiredElements) {
  TempDir dir;
  std::string text = replaced(kLeafGraph, "        <EndPort>etp2</EndPort>\n", "");
  std::string file = dir.write("leaf1/minigraph.xml", text);
  EXPECT_EQ(inputError({dir.path()}), fmt::format("{}:{}:7: <DeviceLinkBase> has no <EndPort>: expected the port of "
                                                  "the link's second device",
                                                  file, lineOf(text, "<EndDevice>LEAF1") - 1));
  text = replaced(kLeafGraph, "  <Hostname>leaf1</Hostname>\n  <HwSku>", "  <HwSku>");
  file = dir.write("leaf1/minigraph.xml", text);
  EXPECT_EQ(inputError({dir.path()}),
            file + ":2:1: <DeviceMiniGraph> has no <Hostname>: expected the device's host name");
}

// Bad values are CFG005 findings at the XML line, as the same values in a config_db are.
TEST(MinigraphMalformed, NonNumericSpeedAndAsnAreCfg005AtTheirLines) {
  TempDir dir;
  std::string text = replaced(kLeafGraph, "<Speed>25000</Speed>", "<Speed>fast</Speed>");
  text = replaced(text, "<a:ASN>65100</a:ASN>", "<a:ASN>sixty-five</a:ASN>");
  std::string file = dir.write("leaf1/minigraph.xml", text);
  dir.write("Test-SKU/port_config.ini", kTestSkuPorts);
  Fabric fabric = loadFabric({dir.path()});
  const Switch& sw = fabric.switches.at(0);
  EXPECT_FALSE(sw.asn);
  EXPECT_FALSE(sw.findPort("Ethernet4")->speed_mbps);
  auto bad = withRule(analyze(fabric, {}), "CFG005");
  ASSERT_EQ(bad.size(), 2u);
  EXPECT_EQ(bad[0].message, "DEVICE_METADATA|localhost.bgp_asn is \"sixty-five\": expected an AS number");
  EXPECT_EQ(bad[0].location.file(), file);
  EXPECT_EQ(bad[0].location.line, lineOf(text, "sixty-five"));
  EXPECT_EQ(bad[1].message, "PORT|Ethernet4.speed is \"fast\": expected a speed in Mb/s");
  EXPECT_EQ(bad[1].port, "Ethernet4");
  EXPECT_EQ(bad[1].location.line, lineOf(text, "<Speed>fast"));
  // A link's Bandwidth is the port's speed too.
  text = replaced(kLeafGraph, "<Bandwidth>400000</Bandwidth>", "<Bandwidth>400G</Bandwidth>");
  dir.write("leaf1/minigraph.xml", text);
  bad = withRule(analyze(loadFabric({dir.path()}), {}), "CFG005");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].message, "PORT|Ethernet0.speed is \"400G\": expected a speed in Mb/s");
  EXPECT_EQ(bad[0].location.line, lineOf(text, "<Bandwidth>400G"));
}

TEST(MinigraphMalformed, PortConfigRowWithMissingColumns) {
  TempDir dir;
  dir.write("leaf1/minigraph.xml", kLeafGraph);
  std::string ini = dir.write("Test-SKU/port_config.ini", replaced(kTestSkuPorts, "etp2   2      400000", "etp2"));
  EXPECT_EQ(inputError({dir.path()}), ini + ":3:32: 3 columns, expected 5 (name lanes alias index speed)");
  ini = dir.write("Test-SKU/port_config.ini", replaced(kTestSkuPorts, "Ethernet8 ", "Ethernet4 "));
  EXPECT_EQ(inputError({dir.path()}),
            ini + ":4:1: port Ethernet4 is listed twice (first at line 3): expected one row per port");
  // A bad speed in the ini is a bad PORT value, as in a config_db: CFG005 at the ini line.
  ini = dir.write("Test-SKU/port_config.ini", replaced(kTestSkuPorts, "4      400000", "4      fast"));
  auto bad = withRule(analyze(loadFabric({dir.path()}), {}), "CFG005");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].message, "PORT|Ethernet12.speed is \"fast\": expected a speed in Mb/s");
  EXPECT_EQ(bad[0].location.file(), ini);
  EXPECT_EQ(bad[0].location.line, 6);
}

int runCli(const std::string& args, std::string& out) {
  std::string cmd = std::string(ROCELINT_BINARY) + " " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return -1;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) out += buffer.data();
  int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(MinigraphMalformed, CheckExitsTwoForAMalformedMinigraph) {
  TempDir dir;
  std::string text(kLeafGraph);
  text.resize(text.find("</DpgDec>"));
  std::string file = dir.write("leaf1/minigraph.xml", text);
  std::string out;
  EXPECT_EQ(runCli("check " + dir.path(), out), 2);
  // Left out of the fabric (CFG006) at the error's line; the run exits 2.
  EXPECT_NE(out.find(file + ":"), std::string::npos) << out;
  EXPECT_NE(out.find("error[CFG006]: XML is not well-formed"), std::string::npos) << out;
  // So does a port_config.ini row with a missing column.
  dir.write("leaf1/minigraph.xml", kLeafGraph);
  std::string ini = dir.write("Test-SKU/port_config.ini", replaced(kTestSkuPorts, "etp2   2      400000", "etp2"));
  out.clear();
  EXPECT_EQ(runCli("check " + dir.path(), out), 2);
  EXPECT_NE(out.find(ini + ":3:32: error[CFG006]: 3 columns, expected 5"), std::string::npos) << out;
  EXPECT_NE(out.find("the fabric is analysed without it"), std::string::npos) << out;  // a platform table
  // And a well-formed one checks.
  dir.write("leaf1/minigraph.xml", kLeafGraph);
  dir.write("Test-SKU/port_config.ini", kTestSkuPorts);
  out.clear();
  EXPECT_EQ(runCli("check " + dir.path(), out), 0) << out;
}

}  // namespace
}  // namespace rocelint
