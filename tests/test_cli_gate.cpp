// The rocelint binary as a CI gate: it never passes on nothing, explicit paths must be inputs,
// --exit-zero, and a directory of several fabrics (a .rocelint.yaml per pod) checked pod by pod.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "test_util.hpp"

namespace rocelint {
namespace {

struct CliRun {
  int code = -1;
  std::string out;
};

CliRun run(const std::string& args, const std::string& redirect = "2>&1") {
  std::string cmd = std::string(ROCELINT_BINARY) + " " + args + " " + redirect;
  CliRun result;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) result.out += buffer.data();
  int status = pclose(pipe);
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// Standard error only: the report on standard output is dropped.
const std::string kStderrOnly = "2>&1 >/dev/null";

std::string sample(const std::string& name) { return test::sourceDir() + "/samples/" + name; }

void copySample(const std::string& name, const std::filesystem::path& to) {
  std::filesystem::create_directories(to);
  std::filesystem::copy(sample(name), to, std::filesystem::copy_options::recursive);
}

TEST(CliGate, EmptyDirectoryIsAnErrorSayingNothingWasFound) {
  test::TempDir dir;
  CliRun r = run("check " + dir.path(), kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, fmt::format("rocelint: error: no configuration, topology or LLDP file recognised in {}: no file found (hidden "
                               "files such as .rocelint.yaml are not inputs)\n",
                               dir.path()));
}

TEST(CliGate, ReadmeOnlyDirectoryNamesWhatWasFound) {
  test::TempDir dir;
  dir.write("README.md", "# pod 1\n");
  dir.write("notes.json", R"({"owner": "netops"})");
  CliRun r = run("check " + dir.path(), kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, fmt::format("rocelint: error: no configuration, topology or LLDP file recognised in {}: 2 files (README.md: not "
                               "read (.md files are documentation or scripts); notes.json: JSON that is neither a "
                               "SONiC config_db (no TABLE or TABLE|key members) nor LLDP neighbours (no lldp or "
                               "lldpNeighbors) (CFG004))\n",
                               dir.path()));
}

TEST(CliGate, YamlInNoFormatChecksNothing) {
  test::TempDir dir;
  dir.write("group_vars/leaves.yaml", "links:\n  - [leaf1:Ethernet0, spine1:Ethernet0]\n");
  CliRun r = run("check " + dir.path(), kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: no configuration, topology or LLDP file recognised in " + dir.path() +
                       ": 1 file (group_vars/leaves.yaml: YAML in no format rocelint reads)\n");
  r = run("graph " + dir.path() + " -q", kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: no configuration, topology or LLDP file recognised in " + dir.path() +
                       ": 1 file (group_vars/leaves.yaml: YAML in no format rocelint reads)\n");
}

TEST(CliGate, WrongPathIsAnError) {
  test::TempDir dir;
  CliRun r = run("check " + dir.path() + "/no-such-fabric");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(dir.path() + "/no-such-fabric"), std::string::npos) << r.out;
}

TEST(CliGate, ExplicitFileInNoFormatIsAnErrorNamingIt) {
  test::TempDir dir;
  std::string readme = dir.write("README.md", "# pod 1\n");
  CliRun r = run("check " + readme);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: " + readme + ": not a recognised input format\n");
  // Beside a real configuration too: the argument was meant to be read.
  r = run("check " + sample("leafspine-clean") + "/leaf1.json " + readme);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("rocelint: error: " + readme + ": not a recognised input format"), std::string::npos) << r.out;
  std::string vars = dir.write("vars.yaml", "ntp: [10.0.0.1]\n");
  r = run("check " + vars);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: " + vars +
                       ": not a recognised input format (YAML that is not a topology.yaml, containerlab topology or "
                       "NVUE configuration)\n");
}

TEST(CliGate, ExitZeroKeepsFindingsOutOfTheExitStatus) {
  CliRun r = run("check " + sample("leafspine-broken") + " --exit-zero", "2>/dev/null");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("error[TOPO003]"), std::string::npos) << r.out;  // still reported
  EXPECT_EQ(run("check " + sample("leafspine-broken") + " --exit-zero --fail-on note", "2>/dev/null").code, 0);
  test::TempDir dir;
  EXPECT_EQ(run("check " + dir.path() + " --exit-zero").code, 2);  // nothing checked is still an error
  EXPECT_EQ(run("diff " + sample("leafspine-clean") + " " + sample("leafspine-broken") + " --exit-zero -q",
                "2>/dev/null")
                .code,
            0);
}

// Two pods with the same switch names: each is its own fabric, the broken pod's errors are
// reported (with its switches qualified) and fail the run.
TEST(CliGate, SeveralFabricRootsAreCheckedEachOnItsOwn) {
  test::TempDir dir;
  std::filesystem::path top(dir.path());
  copySample("leafspine-clean", top / "pod1");
  copySample("leafspine-broken", top / "pod2");
  dir.write("pod1/.rocelint.yaml", "severity:\n  PFC003: error\n");
  dir.write("pod2/.rocelint.yaml", "severity:\n  PFC003: error\n");

  CliRun alone = run("check " + sample("leafspine-broken") + " --format json --config " + (top / "pod2/.rocelint.yaml").string(),
                     "2>/dev/null");
  ASSERT_EQ(alone.code, 1);
  auto pod2 = nlohmann::json::parse(alone.out);

  CliRun r = run("check " + dir.path() + " --format json", "2>/dev/null");
  EXPECT_EQ(r.code, 1) << r.out;
  auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["findings"].size(), pod2["findings"].size());
  EXPECT_EQ(doc["summary"]["switches"], 12);  // six per pod, none merged across pods
  for (std::size_t i = 0; i < doc["findings"].size(); ++i) {
    const auto& f = doc["findings"][i];
    const auto& g = pod2["findings"][i];
    EXPECT_EQ(f["rule"], g["rule"]);
    EXPECT_EQ(f["message"], g["message"]);
    if (!g["switch"].get<std::string>().empty()) {
      EXPECT_EQ(f["switch"], "pod2/" + g["switch"].get<std::string>());
    }
    EXPECT_NE(f["location"]["file"].get<std::string>().find("/pod2/"), std::string::npos) << f.dump();
  }
  for (const auto& f : doc["findings"]) EXPECT_NE(f["rule"], "CFG003") << f.dump();  // nothing merged

  CliRun text = run("check " + dir.path(), "2>/dev/null");
  EXPECT_EQ(text.code, 1);
  EXPECT_NE(text.out.find("pod2/leaf2.json:342: error[TOPO003]: MTU differs across the link leaf2 Ethernet8 <-> "
                          "spine2 Ethernet8"),
            std::string::npos)
      << text.out;
}

TEST(CliGate, CleanPodsAndOneEmptyPod) {
  test::TempDir dir;
  std::filesystem::path top(dir.path());
  copySample("leafspine-clean", top / "a");
  copySample("leafspine-clean", top / "b");
  dir.write("a/.rocelint.yaml", "severity:\n  PFC003: error\n");
  dir.write("b/.rocelint.yaml", "severity:\n  PFC003: error\n");
  CliRun r = run("check " + dir.path() + " -q");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("0 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << r.out;
  // A pod root that holds nothing recognised fails the run, named.
  dir.write("c/.rocelint.yaml", "severity:\n  PFC003: error\n");
  dir.write("c/README.md", "# to do\n");
  r = run("check " + dir.path() + " -q");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("rocelint: error: no configuration, topology or LLDP file recognised in " + (top / "c").string() +
                       ": 1 file (README.md: not read (.md files are documentation or scripts))"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace rocelint
