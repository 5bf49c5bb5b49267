// The CI-gate modules: fingerprints, suppressions, baselines, diffs, path filters, progress.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "fabric_edit.hpp"
#include "rocelint/baseline.hpp"
#include "rocelint/diff.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/progress.hpp"
#include "rocelint/rule.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

Report checkAt(const std::string& dir, const Config& config = {}) {
  Report report = test::check(dir, config);
  assignFingerprints(report, dir);
  return report;
}

std::multiset<std::string> fingerprints(const std::vector<Finding>& findings) {
  std::multiset<std::string> out;
  for (const Finding& f : findings) out.insert(f.fingerprint);
  return out;
}

const Finding* find(const std::vector<Finding>& findings, const std::string& rule, const std::string& sw) {
  for (const Finding& f : findings) {
    if (f.rule == rule && f.switch_name == sw) return &f;
  }
  return nullptr;
}

TEST(Fingerprint, IgnoresLinesAndMessageButNotIdentity) {
  Finding f;
  f.rule = "PFC001";
  f.switch_name = "leaf3";
  f.port = "Ethernet0";
  f.priority = 4;
  f.location = SourceRef("fabric/leaf3.json", 350, 35, OriginKind::JsonPointer, "/PORT_QOS_MAP/Ethernet0/pfc_enable");
  f.message = "one wording";
  std::string base = fingerprintOf(f, "leaf3.json");
  EXPECT_EQ(base.size(), 16u);
  Finding moved = f;
  moved.location.line = 999;
  moved.location.column = 1;
  moved.message = "another wording";
  EXPECT_EQ(fingerprintOf(moved, "leaf3.json"), base);
  for (auto change : std::vector<std::function<void(Finding&)>>{
           [](Finding& x) { x.rule = "PFC002"; }, [](Finding& x) { x.switch_name = "leaf4"; },
           [](Finding& x) { x.port = "Ethernet8"; }, [](Finding& x) { x.priority = 3; },
           [](Finding& x) { x.priority.reset(); },
           [](Finding& x) { x.location.setOrigin(OriginKind::JsonPointer, "/PORT/Ethernet0"); },
           [](Finding& x) { x.location.setOrigin(OriginKind::Default, x.location.originText()); }}) {
    Finding other = f;
    change(other);
    EXPECT_NE(fingerprintOf(other, "leaf3.json"), base);
  }
  EXPECT_NE(fingerprintOf(f, "sub/leaf3.json"), base);
}

TEST(Fingerprint, RelativePathIsRelativeToTheRoot) {
  EXPECT_EQ(relativePath("fabric/sub/leaf1.json", "fabric"), "sub/leaf1.json");
  EXPECT_EQ(relativePath("fabric/./leaf1.json", "fabric/"), "leaf1.json");
  EXPECT_EQ(relativePath("/elsewhere/leaf1.json", "/fabric"), "/elsewhere/leaf1.json");
  EXPECT_EQ(relativePath("", "fabric"), "");
}

TEST(Fingerprint, StableAcrossLineShiftsOfAnEditedFabric) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  Report before = checkAt(fabric.old_dir);
  Report after = checkAt(fabric.new_dir);
  // PFC001 on leaf3 did not change, but every line of leaf3.json moved.
  const Finding* old_pfc = find(before.findings, "PFC001", "leaf3");
  const Finding* new_pfc = find(after.findings, "PFC001", "leaf3");
  ASSERT_NE(old_pfc, nullptr);
  ASSERT_NE(new_pfc, nullptr);
  EXPECT_EQ(new_pfc->location.line, old_pfc->location.line + 5);
  EXPECT_EQ(new_pfc->fingerprint, old_pfc->fingerprint);
  // Fingerprints are unique within a report of the sample, so a baseline entry names one finding.
  auto all = fingerprints(before.findings);
  EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size());
}

TEST(Diff, ReportsIntroducedFixedAndUnchanged) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  DiffReport diff = diffReports(checkAt(fabric.old_dir), checkAt(fabric.new_dir));
  ASSERT_EQ(diff.introduced.size(), 1u);
  EXPECT_EQ(diff.introduced[0].rule, "TOPO003");
  EXPECT_EQ(diff.introduced[0].switch_name, "leaf1");
  EXPECT_EQ(diff.introduced[0].port, "Ethernet0");
  ASSERT_EQ(diff.fixed.size(), 1u);
  EXPECT_EQ(diff.fixed[0].rule, "TOPO003");
  EXPECT_EQ(diff.fixed[0].switch_name, "leaf2");
  EXPECT_EQ(diff.unchanged.size(), diff.before.findings.size() - 1);
  EXPECT_EQ(diff.unchanged.size() + diff.introduced.size(), diff.after.findings.size());
}

TEST(Diff, DuplicatedFindingsCountOnePerOccurrence) {
  Report before, after;
  Finding f;
  f.rule = "WD001";
  f.fingerprint = "00000000000000aa";
  before.findings = {f};
  after.findings = {f, f};
  DiffReport diff = diffReports(before, after);
  EXPECT_EQ(diff.unchanged.size(), 1u);
  EXPECT_EQ(diff.introduced.size(), 1u);
  EXPECT_TRUE(diff.fixed.empty());
}

TEST(Baseline, WrittenThenAppliedToTheEditedFabric) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  Report before = checkAt(fabric.old_dir);
  std::ostringstream written;
  writeBaseline(makeBaseline(before, fabric.old_dir), written);
  std::string file = dir.write("baseline.json", written.str());
  Baseline baseline = readBaseline(file);
  ASSERT_EQ(baseline.entries.size(), before.findings.size());
  EXPECT_TRUE(std::is_sorted(baseline.entries.begin(), baseline.entries.end(),
                             [](const auto& a, const auto& b) { return a.fingerprint < b.fingerprint; }));
  EXPECT_EQ(baseline.entries[0].file.find('/'), std::string::npos) << "file names are relative to the fabric root";

  Report after = checkAt(fabric.new_dir);
  std::size_t total = after.findings.size();
  applyBaseline(after, baseline);
  ASSERT_EQ(after.findings.size(), 1u);
  EXPECT_EQ(after.findings[0].rule, "TOPO003");
  EXPECT_EQ(after.findings[0].switch_name, "leaf1");
  EXPECT_EQ(after.baselined.size(), total - 1);
  EXPECT_EQ(after.summary.baselined, static_cast<int>(total - 1));
  EXPECT_EQ(after.summary.by_severity["error"], 1);
  ASSERT_EQ(after.stale_baseline.size(), 1u);
  EXPECT_EQ(after.stale_baseline[0].rule, "TOPO003");
  EXPECT_EQ(after.stale_baseline[0].switch_name, "leaf2");
  EXPECT_EQ(after.stale_baseline[0].file, "leaf2.json");
}

TEST(Baseline, MalformedFilesNameFileAndLine) {
  test::TempDir dir;
  auto expectError = [&](const std::string& text, const std::string& needle) {
    std::string file = dir.write("b.json", text);
    try {
      readBaseline(file);
      ADD_FAILURE() << "no error for " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind(file + ":", 0), 0u) << e.what();
    }
  };
  expectError("{\"rocelint_baseline\": 1, \"findings\": [\n", "invalid JSON");
  expectError("[]", ":1: invalid baseline");
  expectError("{\"rocelint_baseline\": 7, \"findings\": []}", "must be 1");
  expectError("{\"rocelint_baseline\": 1,\n \"findings\": [\n {\"rule\": \"PFC001\"}]}",
              ":3: invalid baseline: entry has no \"fingerprint\"");
  expectError("{\"rocelint_baseline\": 1, \"findings\": [{\"fingerprint\": \"xyz\", \"rule\": \"PFC001\"}]}",
              "16 hex digits");
  expectError(
      "{\"rocelint_baseline\": 1, \"findings\": [{\"fingerprint\": \"0123456789abcdef\", \"rule\": \"PFC001\", "
      "\"priority\": 9}]}",
      "0-7");
  try {
    readBaseline(dir.path() + "/missing.json");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.json: cannot open file"), std::string::npos);
  }
}

Config configFrom(const test::TempDir& dir, const std::string& yaml) {
  return loadConfig(dir.write("rocelint.yaml", yaml));
}

TEST(Suppressions, MatchByRuleOrFamilyGlobAndPriorityAndAreCounted) {
  test::TempDir dir;
  std::string sample = test::sourceDir() + "/samples/leafspine-broken";
  Report plain = test::check(sample);
  Config config = configFrom(dir,
                             "suppressions:\n"
                             "  - rule: WD001\n    switch: leaf*\n    port: Ethernet2?\n    priority: 4\n"
                             "    reason: gpu-node-2 is being replaced\n"
                             "  - rule: PFC\n    switch: leaf3\n    reason: leaf3 uplink migration (CHG-1234)\n");
  Report report = test::check(sample, config);
  EXPECT_EQ(report.findings.size() + report.suppressed.size(), plain.findings.size());
  EXPECT_EQ(report.summary.suppressed, static_cast<int>(report.suppressed.size()));
  std::map<std::string, int> by_rule;
  for (const auto& s : report.suppressed) {
    ++by_rule[s.finding.rule];
    if (s.finding.rule == "WD001") {
      EXPECT_EQ(s.finding.priority, 4);
      EXPECT_EQ(s.reason, "gpu-node-2 is being replaced");
      EXPECT_EQ(s.suppression.line, 2);
    } else {
      EXPECT_EQ(s.finding.switch_name, "leaf3");
      EXPECT_EQ(s.reason, "leaf3 uplink migration (CHG-1234)");
    }
  }
  EXPECT_EQ(by_rule["WD001"], 1);  // priority 3 stays reported
  EXPECT_EQ(by_rule["PFC001"] + by_rule["PFC002"] + by_rule["PFC004"] + by_rule["PFC005"], 4);
  EXPECT_EQ(test::withRule(report, "WD001").size(), 1u);
  int counted = 0;
  for (const auto& [severity, n] : report.summary.by_severity) counted += n;
  EXPECT_EQ(counted, static_cast<int>(report.findings.size()));
}

TEST(Config, SuppressionsNeedARuleAndAReason) {
  test::TempDir dir;
  auto expectError = [&](const std::string& yaml, const std::string& needle) {
    try {
      configFrom(dir, yaml);
      ADD_FAILURE() << "accepted: " << yaml;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expectError("suppressions:\n  - rule: PFC001\n    switch: leaf1\n", ":2: the suppression of PFC001 needs a reason");
  expectError("suppressions:\n  - rule: PFC001\n    reason: \"  \"\n", "needs a reason");
  expectError("suppressions:\n  - switch: leaf1\n    reason: x\n", "needs a rule");
  expectError("suppressions:\n  - rule: NOPE9\n    reason: x\n", ":2: unknown rule or family \"NOPE9\"");
  expectError("suppressions:\n  - rule: PFC001\n    reason: x\n    ports: Ethernet0\n",
              ":4: unknown key suppressions.ports");
  expectError("suppressions:\n  - rule: PFC001\n    reason: x\n    priority: 9\n", "suppressions.priority must be 0-7");
  expectError("suppressions: {rule: PFC001}\n", "suppressions must be a list");
  expectError("paths:\n  exclude: old/*\n", "paths.exclude must be a list of strings");
  expectError("paths:\n  skip: [x]\n", ":2: unknown key paths.skip");
  expectError("rules:\n  enable: [NOPE]\n", "unknown rule or family \"NOPE\"");
  expectError("params:\n  asic: \"a b\"\n", "unknown asic \"a b\" (expected one of spectrum-1");
  expectError("params:\n  default_cable_length_m: 0\n", "default_cable_length_m must be 1-100000");
  expectError("baselines: x\n", ":1: unknown key \"baselines\"");
  // A list or mapping where a string belongs is a located error, never a yaml-cpp exception.
  expectError("params: {asic: [x]}\n", ":1: params.asic must be a string");
  expectError("severity: {WD001: [error]}\n", ":1: severity.WD001 must be a string");
  expectError("? [a]\n: b\n", ":1: a top-level key must be a string");
  expectError("params: {? {a: 1} : 2}\n", ":1: a key of params must be a string");
  expectError("params:\n  whatif_time_limit_s: -1\n", ":2: whatif_time_limit_s must be 0-604800 seconds");
  expectError("params:\n  whatif_time_limit_s: soon\n", ":2: whatif_time_limit_s must be a number of seconds");
}

TEST(Config, EveryKeyIsRead) {
  test::TempDir dir;
  Config config = configFrom(dir,
                             "rules:\n  disable: [WD, PFC003]\n  enable: [WD002]\n"
                             "paths:\n  include: ['*.json']\n  exclude: ['old/*']\n"
                             "params:\n  default_cable_length_m: 40\n  asic: tomahawk\n  whatif_time_limit_s: 2.5\n"
                             "baseline: accepted.json\n");
  EXPECT_TRUE(config.isDisabled("WD001"));
  EXPECT_FALSE(config.isDisabled("WD002"));
  EXPECT_TRUE(config.isDisabled("PFC003"));
  EXPECT_FALSE(config.isDisabled("PFC001"));
  EXPECT_EQ(config.paths.include, std::vector<std::string>{"*.json"});
  EXPECT_EQ(config.params.default_cable_length_m, 40);
  EXPECT_EQ(config.params.asic, "tomahawk");
  EXPECT_DOUBLE_EQ(config.params.whatif_time_limit_s, 2.5);
  EXPECT_EQ(config.baseline, dir.path() + "/accepted.json");
  Report report = test::check(test::sourceDir() + "/samples/leafspine-broken", config);
  EXPECT_TRUE(test::withRule(report, "WD001").empty());
  EXPECT_EQ(std::count(report.rules_run.begin(), report.rules_run.end(), "WD002"), 1);
  EXPECT_EQ(std::count(report.rules_run.begin(), report.rules_run.end(), "WD001"), 0);
}

TEST(PathFilter, IncludeAndExcludeRelativePaths) {
  PathFilter filter{{"*.json"}, {"archive/*", "*spine2*"}, ""};
  EXPECT_TRUE(filter.accepts("leaf1.json"));
  EXPECT_TRUE(filter.accepts("pod1/leaf1.json"));
  EXPECT_FALSE(filter.accepts("archive/leaf1.json"));
  EXPECT_FALSE(filter.accepts("spine2.json"));
  EXPECT_FALSE(filter.accepts("pg_profile_lookup.ini"));
  EXPECT_TRUE(PathFilter{}.accepts("anything"));

  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  Fabric all = loadFabric({fabric.old_dir});
  Fabric some = loadFabric({fabric.old_dir}, {}, PathFilter{{}, {"spine*"}, ""});
  EXPECT_EQ(all.switches.size(), 6u);
  EXPECT_EQ(some.switches.size(), 4u);
  EXPECT_EQ(some.findSwitch("spine1"), nullptr);
}

TEST(Progress, AnalysisReportsEachEnabledFamilyOnce) {
  test::TempDir dir;
  Config config = configFrom(dir, "rules:\n  disable: [WD, CFG001]\n");
  std::vector<std::string> stages;
  Fabric fabric = loadFabric({test::sourceDir() + "/samples/leafspine-clean"});
  Report report = analyze(fabric, config, [&](const std::string& stage) { stages.push_back(stage); });
  std::vector<std::string> families;
  for (const Rule& rule : allRules()) {
    if (!config.isDisabled(rule.id) && (families.empty() || families.back() != rule.family()))
      families.push_back(rule.family());
  }
  // Long analyses (the deadlock engine inside the DL family) add stages of their own.
  stages.erase(
      std::remove_if(stages.begin(), stages.end(), [](const std::string& s) { return s.rfind("checking ", 0) != 0; }),
      stages.end());
  ASSERT_EQ(stages.size(), families.size());
  for (std::size_t i = 0; i < families.size(); ++i)
    EXPECT_EQ(stages[i].rfind("checking " + families[i] + " rules (", 0), 0u) << stages[i];
  EXPECT_NE(std::find(stages.begin(), stages.end(), "checking PFC rules (priority flow control)"), stages.end());
  EXPECT_TRUE(std::none_of(stages.begin(), stages.end(),
                           [](const std::string& s) { return s.find(" WD ") != std::string::npos; }));
  EXPECT_EQ(report.rules_run, analyze(fabric, config).rules_run);
}

TEST(Progress, TerminalGetsARedrawnLineOthersNothingVerboseGetsLines) {
  std::ostringstream tty, pipe, quiet, verbose;
  {
    Progress p(Progress::Mode::Auto, tty, true);
    p.files(0, 30);
    p.stage("building graph");
    p.detail("only verbose");
  }
  EXPECT_NE(tty.str().find("\r\033[Krocelint: parsing 1/30 files"), std::string::npos) << tty.str();
  EXPECT_NE(tty.str().find("building graph"), std::string::npos);
  EXPECT_EQ(tty.str().find("only verbose"), std::string::npos);
  EXPECT_EQ(tty.str().substr(tty.str().size() - 4), "\r\033[K") << "the line is cleared at the end";
  {
    Progress p(Progress::Mode::Auto, pipe, false);
    p.files(0, 30);
    p.stage("solving");
  }
  EXPECT_EQ(pipe.str(), "");
  {
    Progress p(Progress::Mode::Quiet, quiet, true);
    p.files(0, 30);
    p.stage("solving");
  }
  EXPECT_EQ(quiet.str(), "");
  {
    Progress p(Progress::Mode::Verbose, verbose, false);
    p.files(0, 30);
    p.stage("solving");
    p.detail("configuration x.yaml");
  }
  EXPECT_NE(verbose.str().find("ms] parsing 30 file(s)\n"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("ms] solving\n"), std::string::npos);
  EXPECT_NE(verbose.str().find("rocelint: configuration x.yaml\n"), std::string::npos);
  EXPECT_EQ(verbose.str().find('\r'), std::string::npos);
}

}  // namespace
}  // namespace rocelint
