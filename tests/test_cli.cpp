// The rocelint binary: exit codes, formats, error messages.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "fabric_edit.hpp"
#include "rocelint/rule.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::CliRun;

CliRun run(const std::string& args, const std::string& redirect = "2>&1") { return test::runCli(args, redirect); }

std::string sample(const std::string& name) { return test::sourceDir() + "/samples/" + name; }

TEST(Cli, CleanSampleExitsZero) {
  CliRun r = run("check " + sample("leafspine-clean"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("0 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << r.out;
}

TEST(Cli, BrokenSampleExitsOneWithCompilerStyleLines) {
  CliRun r = run("check " + sample("leafspine-broken"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(
      r.out.find("leaf2.json:342:20: error[TOPO003]: MTU differs across the link leaf2 Ethernet8 <-> spine2 Ethernet8"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  fix: "), std::string::npos);
  EXPECT_NE(r.out.find(": note: "), std::string::npos);
  EXPECT_EQ(r.out.find("\033["), std::string::npos);  // no colour when not a TTY
}

TEST(Cli, FailOnControlsTheExitCode) {
  EXPECT_EQ(run("check " + sample("leafspine-broken") + " --fail-on error").code, 1);
  test::TempDir dir;
  dir.write(
      "leaf1.json",
      R"({"DEVICE_METADATA": {"localhost": {"buffer_model": "dynamic"}}, "PORT": {"Ethernet0": {"speed": "100000", "admin_status": "down"}}, "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "0,1,2"}}, "BUFFER_PG": {"Ethernet0|0-2": {"profile": "NULL"}}})");
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
    for (const char* key :
         {"rule", "severity", "message", "switch", "port", "priority", "location", "related", "fix"}) {
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
  // Left out of the fabric as CFG006 at the stray brace (the text report shows file:line:col).
  EXPECT_NE(r.out.find(file + ":1:43: error[CFG006]: invalid JSON"), std::string::npos) << r.out;
  CliRun json = run("check " + dir.path() + " --format json");
  EXPECT_EQ(json.code, 2);
  EXPECT_NE(json.out.find("\"column\": 43"), std::string::npos) << json.out;
}

// A fabric checked only in part, or not at all, must fail a CI gate whatever the subcommand: a
// file left out as not well-formed (CFG006), an empty directory, a README, or only a NOS rocelint
// recognises but does not read (Dell OS10, CFG004) all exit 2 with the reason on stderr. (A
// folder of LLDP captures or a topology alone is read, and its TOPO006 warnings say what is
// missing: tests/corpus/corpus/lldp.yaml.)
TEST(Cli, EverySubcommandExitsTwoOnAFabricCheckedInPartOrNotAtAll) {
  test::TempDir partial;
  std::filesystem::copy(sample("leafspine-clean"), partial.path(), std::filesystem::copy_options::recursive);
  partial.write("leaf9.json", "{\"DEVICE_METADATA\": {\"localhost\": {\n");
  const std::string left_out =
      "rocelint: error: 1 file(s) not read or not well-formed were left out of the fabric (CFG006)";
  CliRun check = run("check " + partial.path());
  EXPECT_EQ(check.code, 2) << check.out;
  EXPECT_NE(check.out.find(left_out), std::string::npos) << check.out;
  // diff: on either side, findings would look introduced or fixed that are neither.
  for (const std::string& args : {"diff " + sample("leafspine-clean") + " " + partial.path(),
                                  "diff " + partial.path() + " " + sample("leafspine-clean")}) {
    CliRun diff = run(args);
    EXPECT_EQ(diff.code, 2) << args << "\n" << diff.out;
    EXPECT_NE(diff.out.find(left_out), std::string::npos) << diff.out;
  }
  CliRun graph = run("graph -q " + partial.path(), "2>&1 >/dev/null");
  EXPECT_EQ(graph.code, 2);
  EXPECT_EQ(graph.out, left_out + "\n");
  test::TempDir out;
  CliRun fix = run("fix " + partial.path() + " --out " + out.path() + "/fix");
  EXPECT_EQ(fix.code, 2) << fix.out;
  EXPECT_NE(fix.out.find("rocelint: error: " + partial.path() + "/leaf9.json:2: invalid JSON"), std::string::npos)
      << fix.out;
  EXPECT_NE(fix.out.find("fix needs every file of the fabric well-formed (CFG006)"), std::string::npos) << fix.out;

  test::TempDir empty;
  test::TempDir readme;
  readme.write("README.md", "# the fabric\n");
  test::TempDir dell;
  dell.write("os10.cfg", "! Version 10.5.4.0\n!\nhostname os10\ninterface ethernet1/1/1\n no shutdown\n");
  for (const test::TempDir* dir : {&empty, &readme, &dell}) {
    CliRun r = run("check " + dir->path());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(
        r.out.find("rocelint: error: no configuration, topology or LLDP file recognised in " + dir->path() + ": "),
        std::string::npos)
        << r.out;
  }
  CliRun os10 = run("check " + dell.path());
  EXPECT_NE(os10.out.find("note[CFG004]"), std::string::npos) << os10.out;
  EXPECT_NE(os10.out.find("not supported yet: Dell OS10"), std::string::npos) << os10.out;
  CliRun nothing = run("fix " + empty.path() + " --out " + out.path() + "/fix2");
  EXPECT_EQ(nothing.code, 2);
  EXPECT_NE(nothing.out.find("no switch configuration was loaded: nothing to repair"), std::string::npos)
      << nothing.out;
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
  dir.write(
      "fabric/leaf1.json",
      R"({"DEVICE_METADATA": {"localhost": {"buffer_model": "dynamic"}}, "PORT": {"Ethernet0": {"speed": "100000", "admin_status": "down"}}, "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "0,1,2"}}, "BUFFER_PG": {"Ethernet0|0-2": {"profile": "NULL"}}})");
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

TEST(Cli, EveryFormatOfCheckAndDiff) {
  for (const char* format : {"text", "json", "sarif", "junit", "markdown"}) {
    CliRun r = run("check " + sample("leafspine-broken") + " --format " + format, "2>/dev/null");
    EXPECT_EQ(r.code, 1) << format;
    EXPECT_FALSE(r.out.empty()) << format;
  }
  CliRun sarif = run("check " + sample("leafspine-broken") + " --format sarif", "2>/dev/null");
  auto doc = nlohmann::json::parse(sarif.out);
  EXPECT_EQ(doc["version"], "2.1.0");
  // Default source root is the current directory: URIs are relative to it.
  std::string uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
  EXPECT_EQ(uri.rfind("/", 0), std::string::npos) << uri;
  CliRun rooted =
      run("check " + sample("leafspine-broken") + " --format sarif --source-root " + sample("leafspine-broken"),
          "2>/dev/null");
  auto rooted_doc = nlohmann::json::parse(rooted.out);
  std::string short_uri =
      rooted_doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
  EXPECT_EQ(short_uri.find('/'), std::string::npos) << short_uri;
}

TEST(Cli, OutputFileOption) {
  test::TempDir dir;
  CliRun r = run("check " + sample("leafspine-broken") + " --format junit -o " + dir.path() + "/report.xml");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(test::readAll(dir.path() + "/report.xml").rfind("<?xml", 0), 0u);
}

TEST(Cli, BaselineGatesOnlyNewFindings) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  std::string baseline = dir.path() + "/baseline.json";
  std::size_t total =
      nlohmann::json::parse(run("check " + fabric.old_dir + " --format json", "2>/dev/null").out)["findings"].size();
  CliRun write = run("check " + fabric.old_dir + " --write-baseline " + baseline);
  EXPECT_EQ(write.code, 0) << write.out;
  EXPECT_NE(write.out.find(fmt::format("wrote {} finding(s) to {}", total, baseline)), std::string::npos) << write.out;
  // Unchanged fabric: everything is accepted, nothing fails.
  CliRun same = run("check " + fabric.old_dir + " --baseline " + baseline);
  EXPECT_EQ(same.code, 0) << same.out;
  EXPECT_NE(same.out.find("0 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << same.out;
  EXPECT_NE(same.out.find(fmt::format("{} finding(s) accepted by the baseline", total)), std::string::npos) << same.out;
  // Edited fabric: lines moved everywhere, one new problem, one fixed.
  CliRun edited = run("check " + fabric.new_dir + " --baseline " + baseline);
  EXPECT_EQ(edited.code, 1);
  EXPECT_NE(edited.out.find("leaf1.json:319:20: error[TOPO003]"), std::string::npos) << edited.out;
  EXPECT_NE(edited.out.find("1 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << edited.out;
  EXPECT_NE(edited.out.find("1 baseline entry no longer occurs"), std::string::npos) << edited.out;
  EXPECT_NE(edited.out.find("leaf2.json [TOPO003]"), std::string::npos) << edited.out;
  // The configuration can name the baseline.
  dir.write("new/.rocelint.yaml", "baseline: ../baseline.json\n");
  EXPECT_EQ(run("check " + fabric.new_dir + " --fail-on error", "2>/dev/null").out, edited.out);
  EXPECT_EQ(run("check " + fabric.new_dir + " --baseline " + baseline + " --write-baseline x").code, 2);
}

TEST(Cli, BadBaselineExitsTwoWithFileLine) {
  test::TempDir dir;
  std::string file = dir.write("baseline.json", "{\"rocelint_baseline\": 1,\n \"findings\": [\n  {\"rule\": 3}]}");
  CliRun r = run("check " + sample("leafspine-clean") + " --baseline " + file);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("rocelint: error: " + file + ":3: invalid baseline"), std::string::npos) << r.out;
}

TEST(Cli, DiffExitsOneOnlyForIntroducedFindingsAtOrAboveFailOn) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  std::size_t total =
      nlohmann::json::parse(run("check " + fabric.old_dir + " --format json", "2>/dev/null").out)["findings"].size();
  CliRun r = run("diff " + fabric.old_dir + " " + fabric.new_dir);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("introduced (1):\n" + fabric.new_dir + "/leaf1.json:319:20: error[TOPO003]"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("fixed (1):\n" + fabric.old_dir + "/leaf2.json:342:20: error[TOPO003]"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(fmt::format("rocelint diff: 1 introduced, 1 fixed, {} unchanged", total - 1)), std::string::npos)
      << r.out;
  // The reverse change only fixes an error and introduces one: still 1.
  EXPECT_EQ(run("diff " + fabric.new_dir + " " + fabric.old_dir).code, 1);
  // Nothing introduced although every finding remains: 0.
  CliRun same = run("diff " + fabric.old_dir + " " + fabric.old_dir);
  EXPECT_EQ(same.code, 0) << same.out;
  EXPECT_NE(same.out.find(fmt::format("0 introduced, 0 fixed, {} unchanged", total)), std::string::npos) << same.out;
  // The introduced finding is an error: below a suppression it no longer fails the gate.
  dir.write("new/.rocelint.yaml",
            "suppressions:\n  - rule: TOPO003\n    switch: leaf1\n    reason: MTU change rolling out\n");
  EXPECT_EQ(run("diff " + fabric.old_dir + " " + fabric.new_dir).code, 0);
  EXPECT_EQ(run("diff " + fabric.old_dir + " " + fabric.new_dir + " --no-suppress").code, 1);
  for (const char* format : {"json", "sarif", "junit", "markdown"}) {
    CliRun f =
        run("diff " + fabric.old_dir + " " + fabric.new_dir + " --no-suppress --format " + format, "2>/dev/null");
    EXPECT_EQ(f.code, 1) << format;
    EXPECT_FALSE(f.out.empty()) << format;
  }
  CliRun json = run("diff " + fabric.old_dir + " " + fabric.new_dir + " --no-suppress --format json", "2>/dev/null");
  auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["summary"]["introduced"], 1);
  EXPECT_EQ(doc["summary"]["fixed"], 1);
  EXPECT_EQ(doc["summary"]["unchanged"], total - 1);
  EXPECT_EQ(run("diff " + fabric.old_dir).code, 2);
}

TEST(Cli, SuppressionsAreCountedAndNoSuppressShowsThem) {
  test::TempDir dir;
  std::string config = dir.write(
      "rocelint.yaml", "suppressions:\n  - rule: BUF001\n    switch: leaf2\n    reason: new profile ships in CHG-7\n");
  CliRun r = run("check " + sample("leafspine-broken") + " --config " + config);
  EXPECT_EQ(r.out.find("[BUF001]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4 finding(s) suppressed (.rocelint.yaml or inline comments; --no-suppress shows them)"),
            std::string::npos)
      << r.out;
  CliRun all = run("check " + sample("leafspine-broken") + " --config " + config + " --no-suppress");
  EXPECT_NE(all.out.find("[BUF001]"), std::string::npos);
  EXPECT_EQ(all.out.find("suppressed"), std::string::npos);
  std::string bad = dir.write("bad.yaml", "suppressions:\n  - rule: BUF001\n    switch: leaf2\n");
  CliRun missing = run("check " + sample("leafspine-broken") + " --config " + bad);
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.out.find(bad + ":2: the suppression of BUF001 needs a reason"), std::string::npos) << missing.out;
}

TEST(Cli, QuietAndVerbose) {
  // Not a terminal: no progress on stderr by default.
  EXPECT_EQ(run("check " + sample("leafspine-clean"), "2>&1 >/dev/null").out, "");
  CliRun verbose = run("check " + sample("leafspine-clean") + " --verbose", "2>&1 >/dev/null");
  EXPECT_NE(verbose.out.find("ms] parsing 6 file(s)"), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("ms] analysing 6 switches"), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("ms] checking PFC rules (priority flow control)"), std::string::npos) << verbose.out;
  test::TempDir dir;
  CliRun quiet =
      run("check " + sample("leafspine-clean") + " -q --write-baseline " + dir.path() + "/b.json", "2>&1 >/dev/null");
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(run("check " + sample("leafspine-clean") + " -q -v").code, 2);
}

// Every rule has a short PascalCase name on its page (SARIF `name`), unique, a few words long.
TEST(RuleNames, EveryRuleHasAShortUniquePascalCaseName) {
  std::set<std::string> seen;
  for (const Rule& rule : allRules()) {
    std::string name = ruleShortName(rule.id);
    EXPECT_FALSE(name.empty()) << rule.id << ": no **Name:** on its page";
    EXPECT_LE(name.size(), 32u) << rule.id << " " << name;
    EXPECT_TRUE(!name.empty() && std::isupper(static_cast<unsigned char>(name[0])) &&
                std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) != 0; }))
        << rule.id << " " << name;
    EXPECT_TRUE(seen.insert(name).second) << rule.id << " repeats " << name;
  }
  EXPECT_EQ(ruleShortName("PFC001"), "PfcPriorityMismatch");
  EXPECT_EQ(ruleShortName("NOPE001"), "");
}

TEST(Cli, ExplainPrintsEveryRulePageWithEverySection) {
  for (const Rule& rule : allRules()) {
    CliRun page = run("explain " + rule.id);
    EXPECT_EQ(page.code, 0) << rule.id;
    EXPECT_EQ(page.out.rfind("# " + rule.id, 0), 0u) << rule.id;
    for (const char* section : {"## What it checks", "## Why it matters on a RoCE fabric",
                                "## Example that triggers it", "## How to fix", "## When it is safe to suppress"}) {
      EXPECT_NE(page.out.find(std::string("\n") + section + "\n"), std::string::npos)
          << rule.id << " lacks " << section;
    }
    std::size_t fences = 0;
    for (auto at = page.out.find("\n```"); at != std::string::npos; at = page.out.find("\n```", at + 1)) ++fences;
    EXPECT_GE(fences, 4u) << rule.id << " needs a bad and a good config example";
  }
}

std::string deadlockScenario(const std::string& name) { return test::sourceDir() + "/tests/deadlock/" + name; }

TEST(Cli, GraphWritesDotAndExitsOneOnACycle) {
  CliRun ring = run("graph " + deadlockScenario("ring4"), "2>/dev/null");
  EXPECT_EQ(ring.code, 1);
  EXPECT_EQ(ring.out.rfind("digraph bdg {", 0), 0u) << ring.out;
  EXPECT_NE(ring.out.find("\"sw1:Ethernet0/3\" -> \"sw4:Ethernet0/3\" [color=red, penwidth=2];"), std::string::npos)
      << ring.out;
  CliRun cycles = run("graph " + deadlockScenario("ring4") + " --cycles-only -q", "2>&1");
  EXPECT_EQ(cycles.code, 1);
  EXPECT_EQ(cycles.out.find("rocelint:"), std::string::npos) << "quiet: no summary line";
  CliRun summary = run("graph " + deadlockScenario("ring4"), "2>&1 >/dev/null");
  EXPECT_NE(summary.out.find("2 cyclic component(s)"), std::string::npos) << summary.out;
  CliRun clos = run("graph " + deadlockScenario("clos24-shared"), "2>/dev/null");
  EXPECT_EQ(clos.code, 0);
  EXPECT_EQ(clos.out.find("->"), std::string::npos) << "no cyclic component, no edge by default";
  CliRun all = run("graph " + deadlockScenario("clos24-shared") + " --all", "2>/dev/null");
  EXPECT_NE(all.out.find("->"), std::string::npos);
  EXPECT_EQ(run("graph " + deadlockScenario("ring4") + " --all --cycles-only").code, 2);

  // -o FILE: the same graph in the file, nothing on stdout; never over an input.
  test::TempDir dir;
  std::string file = dir.path() + "/ring.dot";
  CliRun to_file = run("graph " + deadlockScenario("ring4") + " -o " + file, "2>/dev/null");
  EXPECT_EQ(to_file.code, 1);
  EXPECT_EQ(to_file.out, "");
  EXPECT_EQ(test::readAll(file), ring.out);
  CliRun over_input =
      run("graph " + deadlockScenario("ring4") + " -o " + deadlockScenario("ring4") + "/sw1.json", "2>&1");
  EXPECT_EQ(over_input.code, 2);
  EXPECT_NE(over_input.out.find("the output file must not be an input of the run"), std::string::npos)
      << over_input.out;
}

TEST(Cli, FailuresAndTransientFlagsDriveTheWhatIf) {
  std::string clos = deadlockScenario("clos24-distinct");
  CliRun steady = run("check " + clos + " --format json", "2>/dev/null");
  EXPECT_EQ(steady.code, 0) << steady.out;
  CliRun transient = run("check " + clos + " --failures 1 --transient --format json", "2>/dev/null");
  EXPECT_EQ(transient.code, 1);
  EXPECT_NE(transient.out.find("\"rule\": \"DL003\""), std::string::npos);
  EXPECT_NE(transient.out.find("right after local repair"), std::string::npos);
  EXPECT_EQ(run("check " + clos + " --failures 3").code, 2) << "K is 1 or 2";
  CliRun failed = run("check " + deadlockScenario("clos24-distinct-failed") + " --transient", "2>/dev/null");
  EXPECT_EQ(failed.code, 1);
  EXPECT_NE(failed.out.find("error[DL001]"), std::string::npos);
  EXPECT_NE(failed.out.find("error[DL002]"), std::string::npos);
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
// The zsh and fish completions are generated from the CLI definition: the committed files are what
// the binary writes now (regenerate with `rocelint --completion zsh > tools/completion/_rocelint`),
// and each shell accepts its script where the shell is installed.
TEST(Cli, ZshAndFishCompletionsMatchTheCliDefinition) {
  for (auto [shell, file, syntax_check] :
       {std::tuple{"zsh", "_rocelint", "zsh -n"}, std::tuple{"fish", "rocelint.fish", "fish --no-execute"}}) {
    CliRun generated = run(std::string("--completion ") + shell);
    EXPECT_EQ(generated.code, 0);
    std::string committed = test::sourceDir() + "/tools/completion/" + file;
    EXPECT_EQ(generated.out, test::readAll(committed)) << file << " drifted from the CLI definition";
    EXPECT_NE(generated.out.find(std::string_view(shell) == "zsh" ? "--output[" : "-l output"), std::string::npos)
        << shell;
    std::string probe =
        std::string("command -v ") + (std::string_view(shell) == "zsh" ? "zsh" : "fish") + " >/dev/null";
    if (std::system(probe.c_str()) == 0) {
      std::string cmd = std::string(syntax_check) + " " + committed;
      EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
  }
  EXPECT_EQ(run("--completion tcsh", "2>/dev/null").code, 2);
}
}  // namespace rocelint
