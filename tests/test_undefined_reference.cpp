// One undefined reference, one report: the same mistake (the port's DSCP classification names a
// map / policy / profile that nothing defines) written in every syntax rocelint reads is CFG002 at
// the line of the reference, with the parser's fix, and an UndefinedReference note naming what
// the reference should refer to.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.hpp"

namespace rocelint {
namespace {

using test::TempDir;
using test::withRule;

struct Case {
  const char* syntax;
  const char* file;  ///< where the reference is written
  const char* text;
  int line;  ///< of the reference
  const char* referenced_kind;
  const char* fix;
  const char* extra_file = nullptr;  ///< written beside it (the minigraph of the rendered QoS JSON)
  const char* extra_text = nullptr;
};

const char* kConfigDb = R"({
  "DEVICE_METADATA": {"localhost": {"hostname": "leaf1"}},
  "PORT": {"Ethernet0": {"speed": "100000"}},
  "PORT_QOS_MAP": {"Ethernet0": {
    "dscp_to_tc_map": "ROCE"
  }}
}
)";

// The QoS tables sonic-cfggen renders beside a minigraph name no switch: they join the minigraph's.
const char* kRenderedQos = R"({
  "PORT_QOS_MAP": {"Ethernet0": {
    "dscp_to_tc_map": "ROCE"
  }}
}
)";

const char* kMinigraph = R"(<?xml version="1.0" encoding="utf-8"?>
<DeviceMiniGraph xmlns="Microsoft.Search.Autopilot.Evolution">
  <Hostname>leaf1</Hostname>
</DeviceMiniGraph>
)";

const std::vector<Case> kCases = {
    {"SONiC config_db", "leaf1.json", kConfigDb, 5, "DSCP_TO_TC_MAP",
     "define DSCP_TO_TC_MAP|ROCE or reference an existing one"},
    // A minigraph binds no QoS map itself (its QosProfile property selects one of sonic-buildimage's
    // templates, which are not fabric inputs): the reference is in the QoS JSON rendered beside it.
    {"SONiC minigraph", "leaf1/qos.json", kRenderedQos, 3, "DSCP_TO_TC_MAP",
     "define DSCP_TO_TC_MAP|ROCE or reference an existing one", "leaf1/minigraph.xml", kMinigraph},
    {"EOS", "leaf1.cfg", "hostname leaf1\ninterface Ethernet1\n   service-profile ROCE\n", 3, "qos profile",
     "define `qos profile ROCE`, or correct the name in the interface's `service-profile` line"},
    {"NX-OS", "leaf1.cfg",
     "hostname leaf1\nfeature lldp\ninterface Ethernet1/1\n  service-policy type qos input ROCE\n", 4,
     "policy-map type qos", "define `policy-map type qos ROCE`, or correct the name in the `service-policy` line"},
    {"NVUE", "leaf1/startup.yaml",
     "- set:\n    system:\n      hostname: leaf1\n    interface:\n      swp1:\n        qos:\n          mapping:\n"
     "            profile: ROCE\n",
     8, "qos mapping profile",
     "define it with `nv set qos mapping ROCE ...`, or correct the name in `nv set interface swp1 qos mapping "
     "profile`"},
    {"Junos", "leaf1.conf",
     "system { host-name leaf1; }\n"
     "interfaces { et-0/0/0 { unit 0 { family inet { address 10.0.0.0/31; } } } }\n"
     "class-of-service {\n"
     "    interfaces {\n"
     "        et-0/0/0 { unit 0 { classifiers { dscp ROCE; } } }\n"
     "    }\n"
     "}\n",
     5, "dscp classifier",
     "define the dscp classifier ROCE under class-of-service, or correct the name where it is bound"},
    {"Huawei VRP", "leaf1.cfg", "sysname leaf1\n#\ninterface 400GE1/0/1\n undo portswitch\n trust upstream ROCE\n", 5,
     "diffserv domain", "define `diffserv domain ROCE`, or correct the name in `trust upstream`"},
};

TEST(UndefinedReference, SameMistakeInEverySyntaxIsCfg002AtTheReference) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.syntax);
    TempDir dir;
    std::string file = dir.write(c.file, c.text);
    if (c.extra_file != nullptr) dir.write(c.extra_file, c.extra_text);
    Fabric fabric = loadFabric({dir.path()});
    ASSERT_EQ(fabric.switches.size(), 1u);
    EXPECT_EQ(fabric.switches[0].name, "leaf1");
    EXPECT_EQ(fabric.switches[0].files.size(), c.extra_file ? 2u : 1u);

    Report report = analyze(fabric, {});
    auto undefined = withRule(report, "CFG002");
    ASSERT_EQ(undefined.size(), 1u);
    const Finding& f = undefined[0];
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.switch_name, "leaf1");
    EXPECT_EQ(f.location.file(), file);
    EXPECT_EQ(f.location.line, c.line);
    EXPECT_NE(f.message.find("ROCE"), std::string::npos) << f.message;
    EXPECT_EQ(f.fix, c.fix);
    EXPECT_TRUE(withRule(report, "CFG005").empty());

    std::vector<const InputNote*> notes;
    for (const InputNote& note : fabric.notes) {
      if (note.kind == InputNote::Kind::UndefinedReference) notes.push_back(&note);
    }
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0]->referenced_kind, c.referenced_kind);
    EXPECT_EQ(notes[0]->referenced_name, "ROCE");
    EXPECT_EQ(notes[0]->src.line, c.line);
  }
}

// SONiC's wording is what it was when CFG002 was checked in the rule (goldens and baselines rely on it).
TEST(UndefinedReference, SonicMessageIsUnchanged) {
  TempDir dir;
  dir.write("leaf1.json", kConfigDb);
  auto undefined = withRule(test::check(dir.path()), "CFG002");
  ASSERT_EQ(undefined.size(), 1u);
  EXPECT_EQ(undefined[0].port, "Ethernet0");
  EXPECT_EQ(undefined[0].message, "Ethernet0 references DSCP_TO_TC_MAP \"ROCE\", which is not defined on leaf1");
}

}  // namespace
}  // namespace rocelint
