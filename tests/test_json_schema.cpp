// The versioned JSON output against its published schema (docs/schemas/rocelint-output.schema.json,
// draft 2020-12, checked with Debian's python3-jsonschema): every sample fabric, every rule
// fixture, suppressed findings, stale baseline entries, a diff and the rule catalogue; and the
// schema rejects what the output must never hold.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "fabric_edit.hpp"
#include "fixture_dirs.hpp"
#include "rocelint/baseline.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

std::string schemaPath() { return test::sourceDir() + "/docs/schemas/rocelint-output.schema.json"; }

struct Validation {
  int status = -1;
  std::string out;
};

Validation validate(const std::vector<std::string>& files) {
  std::string cmd = "/usr/bin/python3 " + test::sourceDir() + "/tests/validate_json_schema.py " + schemaPath();
  for (const std::string& f : files) cmd += " '" + f + "'";
  cmd += " 2>&1";
  Validation v;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return v;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) v.out += buffer;
  v.status = pclose(pipe);
  return v;
}

Report checkAt(const std::string& dir, const Config& config = {}) {
  Report report = test::check(dir, config);
  assignFingerprints(report, dir);
  return report;
}

template <class R>
std::string jsonOf(const R& report) {
  std::ostringstream out;
  writeJson(report, out);
  return out.str();
}

TEST(JsonSchema, EveryJsonReportValidates) {
  test::TempDir dir;
  std::vector<std::pair<std::string, std::string>> files;  // file, the schema alternative it must match
  auto add = [&](const std::string& name, const std::string& json, const std::string& kind) {
    files.emplace_back(dir.write(name, json), kind);
  };
  int samples = 0;
  for (const auto& entry : fs::directory_iterator(test::sourceDir() + "/samples")) {
    if (!entry.is_directory()) continue;
    add("sample-" + entry.path().filename().string() + ".json", jsonOf(checkAt(entry.path().string())), "check_report");
    ++samples;
  }
  EXPECT_GE(samples, 7);
  for (const test::FixtureDir& fixture : test::fixtureDirs()) {
    fs::path bad = fixture.path() / "bad";
    if (!fs::is_directory(bad)) continue;
    try {
      add("fixture-" + fixture.name() + ".json", jsonOf(checkAt(bad.string())), "check_report");
    } catch (const InputError&) {
      // A fixture the loader refuses as a whole has no report to validate.
    }
  }
  EXPECT_GT(files.size(), 60u);

  // Suppressed findings (with their suppression) and stale baseline entries.
  std::string broken = test::sourceDir() + "/samples/leafspine-broken";
  Config suppressing = loadConfig(dir.write(
      "rocelint.yaml", "suppressions:\n  - rule: WD001\n    switch: leaf1\n    reason: decommissioned (CHG-42)\n"));
  Report suppressed = checkAt(broken, suppressing);
  ASSERT_FALSE(suppressed.suppressed.empty());
  Baseline baseline = makeBaseline(checkAt(broken), broken);
  baseline.entries.push_back({"0123456789abcdef", "PFC001", "leaf9", "Ethernet4", 3, "leaf9.json", "gone"});
  applyBaseline(suppressed, baseline);
  ASSERT_FALSE(suppressed.stale_baseline.empty());
  ASSERT_FALSE(suppressed.baselined.empty());
  add("suppressed-baselined.json", jsonOf(suppressed), "check_report");

  auto edited = test::makeEditedFabric(dir);
  DiffReport diff = diffReports(checkAt(edited.old_dir), checkAt(edited.new_dir));
  ASSERT_FALSE(diff.introduced.empty());
  ASSERT_FALSE(diff.fixed.empty());
  add("diff.json", jsonOf(diff), "diff_report");

  std::ostringstream rules;
  writeRulesJson(rules);
  add("rules.json", rules.str(), "rule_catalogue");

  std::vector<std::string> paths;
  for (const auto& [path, kind] : files) paths.push_back(path);
  Validation v = validate(paths);
  EXPECT_EQ(v.status, 0) << v.out.substr(0, 4000);
  for (const auto& [path, kind] : files)
    EXPECT_NE(v.out.find(path + ": valid (" + kind + ")\n"), std::string::npos) << path << "\n"
                                                                                << v.out.substr(0, 2000);
}

// The schema is strict: each of these changes to a valid report is rejected, naming the member.
TEST(JsonSchema, RejectsWhatTheOutputMustNotHold) {
  test::TempDir dir;
  auto doc = nlohmann::ordered_json::parse(jsonOf(checkAt(test::sourceDir() + "/samples/leafspine-broken")));
  ASSERT_EQ(doc["schema_version"], 1);
  ASSERT_FALSE(doc["findings"].empty());
  struct Case {
    std::string name;
    std::function<void(nlohmann::ordered_json&)> edit;
    std::string error;
  };
  std::vector<Case> cases = {
      {"no-version", [](auto& d) { d.erase("schema_version"); }, "/: 'schema_version' is a required property"},
      {"version-2", [](auto& d) { d["schema_version"] = 2; }, "/schema_version: 1 was expected"},
      {"undocumented-member", [](auto& d) { d["findings"][0]["extra"] = 1; },
       "/findings/0: 'extra' is not one of ['rule', 'severity', 'message', 'switch', 'port', 'priority', "
       "'location', 'related', 'fix', 'fingerprint']"},
      {"bad-severity", [](auto& d) { d["findings"][0]["severity"] = "fatal"; },
       "/findings/0/severity: 'fatal' is not one of ['error', 'warning', 'note']"},
      {"bad-fingerprint", [](auto& d) { d["findings"][0]["fingerprint"] = "xyz"; },
       "/findings/0/fingerprint: 'xyz' does not match '^[0-9a-f]{16}$'"},
      {"no-location-line", [](auto& d) { d["findings"][0]["location"].erase("line"); },
       "/findings/0/location: 'line' is a required property"},
      {"priority-9", [](auto& d) { d["findings"][0]["priority"] = 9; },
       "/findings/0/priority: 9 is greater than the maximum of 7"},
      {"negative-count", [](auto& d) { d["summary"]["files"] = -1; },
       "/summary/files: -1 is less than the minimum of 0"},
  };
  std::vector<std::string> paths;
  for (const Case& c : cases) {
    nlohmann::ordered_json bad = doc;
    c.edit(bad);
    paths.push_back(dir.write(c.name + ".json", bad.dump()));
  }
  Validation v = validate(paths);
  EXPECT_NE(v.status, 0);
  for (std::size_t i = 0; i < cases.size(); ++i)
    EXPECT_NE(v.out.find(paths[i] + ": " + cases[i].error + "\n"), std::string::npos) << cases[i].name << "\n" << v.out;
}

}  // namespace
}  // namespace rocelint
