// The rocelint binary: exit codes, formats, error messages.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "test_util.hpp"

namespace rocelint {
namespace {

struct CliRun {
  int code = -1;
  std::string out;
};

CliRun run(const std::string& args) {
  std::string cmd = std::string(ROCELINT_BINARY) + " " + args + " 2>&1";
  CliRun result;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) result.out += buffer.data();
  int status = pclose(pipe);
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string sample(const std::string& name) { return test::sourceDir() + "/samples/" + name; }

TEST(Cli, CleanSampleExitsZero) {
  CliRun r = run("check " + sample("leafspine-clean"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("0 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << r.out;
}

TEST(Cli, BrokenSampleExitsOneWithCompilerStyleLines) {
  CliRun r = run("check " + sample("leafspine-broken"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("leaf2.json:342: error[TOPO003]: MTU differs across the link leaf2 Ethernet8 <-> spine2 Ethernet8"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  fix: "), std::string::npos);
  EXPECT_NE(r.out.find(": note: "), std::string::npos);
  EXPECT_EQ(r.out.find("\033["), std::string::npos);  // no colour when not a TTY
}

TEST(Cli, FailOnControlsTheExitCode) {
  EXPECT_EQ(run("check " + sample("leafspine-broken") + " --fail-on error").code, 1);
  test::TempDir dir;
  dir.write("leaf1.json", R"({"DEVICE_METADATA": {"localhost": {"buffer_model": "dynamic"}}, "PORT": {"Ethernet0": {"speed": "100000", "admin_status": "down"}}, "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "0,1,2"}}, "BUFFER_PG": {"Ethernet0|0-2": {"profile": "NULL"}}})");
  EXPECT_EQ(run("check " + dir.path()).code, 0);  // only PFC003, a warning
  EXPECT_EQ(run("check " + dir.path() + " --fail-on warning").code, 1);
}

TEST(Cli, JsonOutputIsDocumentedShape) {
  CliRun r = run("check " + sample("leafspine-broken") + " --format json");
  EXPECT_EQ(r.code, 1);
  auto doc = nlohmann::json::parse(r.out);
  ASSERT_TRUE(doc["findings"].is_array());
  ASSERT_FALSE(doc["findings"].empty());
  for (const auto& f : doc["findings"]) {
    for (const char* key : {"rule", "severity", "message", "switch", "port", "priority", "location", "related", "fix"}) {
      EXPECT_TRUE(f.contains(key)) << key;
    }
    EXPECT_TRUE(f["location"]["file"].is_string());
    EXPECT_TRUE(f["location"]["line"].is_number_integer());
  }
  EXPECT_EQ(doc["summary"]["switches"], 6);
  EXPECT_EQ(doc["summary"]["by_severity"]["error"].get<int>() + doc["summary"]["by_severity"]["warning"].get<int>() +
                doc["summary"]["by_severity"]["note"].get<int>(),
            static_cast<int>(doc["findings"].size()));
  // Deterministic: the same run gives the same bytes.
  EXPECT_EQ(run("check " + sample("leafspine-broken") + " --format json").out, r.out);
}

TEST(Cli, MalformedJsonExitsTwoWithFileLineColumn) {
  test::TempDir dir;
  std::string file = dir.write("leaf1.json", "{\"PORT\": {\"Ethernet0\": {\"speed\": \"100000\",}}}");
  CliRun r = run("check " + dir.path());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("rocelint: error: " + file + ":1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("invalid JSON"), std::string::npos) << r.out;
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run("check /nonexistent/fabric").code, 2);
  EXPECT_EQ(run("check " + sample("leafspine-clean") + " --format yaml").code, 2);
  EXPECT_EQ(run("").code, 2);
  EXPECT_EQ(run("explain NOPE001").code, 2);
}

TEST(Cli, InvalidConfigFileExitsTwoWithLine) {
  test::TempDir dir;
  std::string config = dir.write("rocelint.yaml", "params:\n  roce_dscps: [26]\n  max_lossles_priorities: 2\n");
  CliRun r = run("check " + sample("leafspine-clean") + " --config " + config);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find(config + ":3: unknown parameter params.max_lossles_priorities"), std::string::npos) << r.out;
}

TEST(Cli, ConfigFileAtFabricRootIsPickedUp) {
  test::TempDir dir;
  dir.write("fabric/leaf1.json", R"({"DEVICE_METADATA": {"localhost": {"buffer_model": "dynamic"}}, "PORT": {"Ethernet0": {"speed": "100000", "admin_status": "down"}}, "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "0,1,2"}}, "BUFFER_PG": {"Ethernet0|0-2": {"profile": "NULL"}}})");
  EXPECT_EQ(run("check " + dir.path() + "/fabric").code, 0);
  dir.write("fabric/.rocelint.yaml", "severity:\n  PFC003: error\n");
  EXPECT_EQ(run("check " + dir.path() + "/fabric").code, 1);
}

TEST(Cli, RulesListsEveryRuleAndExplainPrintsItsPage) {
  CliRun r = run("rules");
  EXPECT_EQ(r.code, 0);
  for (const char* id : {"TOPO001", "PFC005", "MAP001", "ECN001", "WD003", "BUF006", "CFG005"}) {
    EXPECT_NE(r.out.find(id), std::string::npos) << id;
  }
  CliRun page = run("explain PFC001");
  EXPECT_EQ(page.code, 0);
  EXPECT_EQ(page.out.rfind("# PFC001", 0), 0u) << page.out.substr(0, 80);
  CliRun version = run("--version");
  EXPECT_EQ(version.code, 0);
  EXPECT_NE(version.out.find("rocelint "), std::string::npos);
}

}  // namespace
}  // namespace rocelint
