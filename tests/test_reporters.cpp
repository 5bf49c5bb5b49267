// Output formats: golden files (tests/golden/), the official SARIF schema, GitHub's limits, and
// that every format shows the same findings. ROCELINT_UPDATE_GOLDEN=1 rewrites the golden files.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "fabric_edit.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

std::string sampleDir() { return test::sourceDir() + "/samples/leafspine-broken"; }

Report checkAt(const std::string& dir, const Config& config = {}) {
  Report report = test::check(dir, config);
  assignFingerprints(report, dir);
  return report;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// Machine-specific paths and the version become placeholders.
std::string normalise(std::string text, const std::vector<std::pair<std::string, std::string>>& roots) {
  for (const auto& [path, name] : roots) text = replaceAll(text, path, name);
  text = replaceAll(text, std::string("\"") + ROCELINT_VERSION + "\"", "\"@VERSION@\"");
  text = replaceAll(text, std::string("rocelint ") + ROCELINT_VERSION, "rocelint @VERSION@");
  return text;
}

// SARIF goldens leave out the rule catalogue (every rule's page; a new rule would touch every
// golden); RuleMetadata checks it instead.
std::string sarifForGolden(const std::string& sarif) {
  auto doc = nlohmann::ordered_json::parse(sarif);
  for (auto& run : doc["runs"]) {
    auto& rules = run["tool"]["driver"]["rules"];
    nlohmann::ordered_json ids = nlohmann::ordered_json::array();
    for (const auto& r : rules) ids.push_back(r["id"]);
    rules = ids;
    for (auto& result : run["results"]) result.erase("ruleIndex");
  }
  return doc.dump(2) + "\n";
}

void expectGolden(const std::string& name, const std::string& actual) {
  fs::path file = fs::path(test::sourceDir()) / "tests" / "golden" / name;
  if (std::getenv("ROCELINT_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(file, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(file)) << file << " missing; run with ROCELINT_UPDATE_GOLDEN=1";
  std::string expected = test::readAll(file.string());
  EXPECT_TRUE(expected == actual) << "output differs from tests/golden/" << name
                                  << " (ROCELINT_UPDATE_GOLDEN=1 rewrites it after review). Actual:\n"
                                  << actual.substr(0, 4000);
}

struct Outputs {
  std::string text, json, sarif, junit, markdown;
};

Outputs allFormats(const Report& report, const std::string& root) {
  Outputs o;
  std::ostringstream text, json, sarif, junit, markdown;
  writeText(report, text, {});
  writeJson(report, json);
  writeSarif(report, sarif, SarifOptions{root, kSarifMaxResults});
  writeJunit(report, junit, JunitOptions{Severity::Error, root});
  writeMarkdown(report, markdown, MarkdownOptions{Severity::Error, root, 200, 60000, ""});
  return {text.str(), json.str(), sarif.str(), junit.str(), markdown.str()};
}

Outputs allFormats(const DiffReport& diff, const std::string& root) {
  std::ostringstream text, json, sarif, junit, markdown;
  writeText(diff, text, {});
  writeJson(diff, json);
  writeSarif(diff, sarif, SarifOptions{root, kSarifMaxResults});
  writeJunit(diff, junit, JunitOptions{Severity::Error, root});
  writeMarkdown(diff, markdown, MarkdownOptions{Severity::Error, root, 200, 60000, ""});
  return {text.str(), json.str(), sarif.str(), junit.str(), markdown.str()};
}

Config suppressingConfig(const test::TempDir& dir) {
  return loadConfig(dir.write("rocelint.yaml",
                              "suppressions:\n  - rule: WD001\n    switch: leaf1\n    port: Ethernet24\n"
                              "    reason: gpu-node-2 is decommissioned (CHG-42)\n"));
}

TEST(Golden, CheckInEveryFormat) {
  test::TempDir dir;
  Report report = checkAt(sampleDir(), suppressingConfig(dir));
  ASSERT_EQ(report.suppressed.size(), 2u);
  Outputs o = allFormats(report, sampleDir());
  std::vector<std::pair<std::string, std::string>> roots = {{sampleDir(), "@FABRIC@"}, {dir.path(), "@CONFIG@"}};
  expectGolden("check.txt", normalise(o.text, roots));
  expectGolden("check.json", normalise(o.json, roots));
  expectGolden("check.sarif", normalise(sarifForGolden(o.sarif), roots));
  expectGolden("check.junit.xml", normalise(o.junit, roots));
  expectGolden("check.md", normalise(o.markdown, roots));
}

TEST(Golden, DiffInEveryFormat) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  DiffReport diff = diffReports(checkAt(fabric.old_dir), checkAt(fabric.new_dir));
  Outputs o = allFormats(diff, dir.path());
  std::vector<std::pair<std::string, std::string>> roots = {{dir.path(), "@ROOT@"}};
  expectGolden("diff.txt", normalise(o.text, roots));
  expectGolden("diff.json", normalise(o.json, roots));
  expectGolden("diff.sarif", normalise(sarifForGolden(o.sarif), roots));
  expectGolden("diff.junit.xml", normalise(o.junit, roots));
  expectGolden("diff.md", normalise(o.markdown, roots));
}

// Runs Debian's python3-jsonschema (tools/deps.sh installs it) on the files.
void expectValidSarif(const std::vector<std::string>& files) {
  std::string schema = test::sharedDir() + "/schemas/sarif-schema-2.1.0.json";
  ASSERT_TRUE(fs::exists(schema)) << schema;
  std::string cmd = "/usr/bin/python3 " + test::sourceDir() + "/tests/validate_sarif.py " + schema;
  for (const auto& f : files) cmd += " " + f;
  cmd += " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  int status = pclose(pipe);
  EXPECT_EQ(status, 0) << out;
  for (const auto& f : files) EXPECT_NE(out.find(f + ": valid SARIF 2.1.0"), std::string::npos) << out;
}

TEST(Sarif, ValidatesAgainstTheOfficialSchema) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  Report check = checkAt(sampleDir(), suppressingConfig(dir));
  DiffReport diff = diffReports(checkAt(fabric.old_dir), checkAt(fabric.new_dir));
  std::ostringstream a, b, c;
  writeSarif(check, a, SarifOptions{sampleDir(), kSarifMaxResults});
  writeSarif(diff, b, SarifOptions{dir.path(), kSarifMaxResults});
  writeSarif(check, c, SarifOptions{sampleDir(), 3});  // truncated: carries a notification
  expectValidSarif(
      {dir.write("check.sarif", a.str()), dir.write("diff.sarif", b.str()), dir.write("cut.sarif", c.str())});
}

TEST(Sarif, ValidatorRejectsAnInvalidLog) {
  // The schema test above can fail: a log without "version" and with a bad level is rejected.
  test::TempDir dir;
  std::string bad = dir.write(
      "bad.sarif",
      R"({"runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "fatal"}]}]})");
  std::string cmd = "/usr/bin/python3 " + test::sourceDir() + "/tests/validate_sarif.py " + test::sharedDir() +
                    "/schemas/sarif-schema-2.1.0.json " + bad + " >/dev/null 2>&1";
  EXPECT_NE(std::system(cmd.c_str()), 0);
}

TEST(Sarif, RuleMetadataResultsAndFingerprints) {
  Report report = checkAt(sampleDir());
  std::ostringstream out;
  writeSarif(report, out, SarifOptions{sampleDir(), kSarifMaxResults});
  auto doc = nlohmann::json::parse(out.str());
  const auto& run = doc["runs"][0];
  const auto& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "rocelint");
  EXPECT_EQ(driver["version"], ROCELINT_VERSION);
  EXPECT_TRUE(driver["informationUri"].get<std::string>().rfind("https://", 0) == 0);
  ASSERT_EQ(driver["rules"].size(), allRules().size());
  for (std::size_t i = 0; i < allRules().size(); ++i) {
    const auto& r = driver["rules"][i];
    const Rule& rule = allRules()[i];
    EXPECT_EQ(r["id"], rule.id);
    EXPECT_FALSE(r["name"].get<std::string>().empty());
    EXPECT_EQ(r["shortDescription"]["text"], rule.title);
    EXPECT_NE(r["fullDescription"]["text"], rule.title) << rule.id << ": from the page's \"What it checks\"";
    EXPECT_EQ(r["help"]["markdown"], *ruleDocumentation(rule.id));
    EXPECT_EQ(r["help"]["text"], *ruleDocumentation(rule.id));
    EXPECT_NE(r["helpUri"].get<std::string>().find("docs/rules/" + rule.id + ".md"), std::string::npos);
    EXPECT_EQ(r["defaultConfiguration"]["level"], severityName(rule.severity));
    EXPECT_FALSE(r["properties"]["tags"].empty());
  }
  ASSERT_EQ(run["results"].size(), report.findings.size());
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const auto& res = run["results"][i];
    const Finding& f = report.findings[i];
    EXPECT_EQ(driver["rules"][res["ruleIndex"].get<std::size_t>()]["id"], res["ruleId"]);
    EXPECT_EQ(res["level"], severityName(f.severity));
    const auto& phys = res["locations"][0]["physicalLocation"];
    EXPECT_EQ(phys["artifactLocation"]["uri"], fs::path(f.location.file()).filename().string());
    EXPECT_EQ(phys["region"]["startLine"], f.location.line);
    EXPECT_EQ(res["partialFingerprints"]["rocelintFingerprint/v1"], f.fingerprint);
    EXPECT_EQ(res.contains("relatedLocations") ? res["relatedLocations"].size() : 0u, f.related.size());
    if (!f.switch_name.empty()) {
      EXPECT_EQ(
          res["locations"][0]["logicalLocations"][0]["fullyQualifiedName"].get<std::string>().rfind(f.switch_name, 0),
          0u);
    }
  }
}

TEST(Sarif, TruncatesAtTheLimitKeepingTheMostSevere) {
  Report report = checkAt(sampleDir());
  std::size_t errors = static_cast<std::size_t>(report.summary.by_severity["error"]);
  ASSERT_GT(report.findings.size(), errors);
  std::ostringstream out;
  writeSarif(report, out, SarifOptions{sampleDir(), errors});
  auto doc = nlohmann::json::parse(out.str());
  const auto& run = doc["runs"][0];
  ASSERT_EQ(run["results"].size(), errors);
  for (const auto& r : run["results"]) EXPECT_EQ(r["level"], "error");
  const auto& notes = run["invocations"][0]["toolExecutionNotifications"];
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0]["message"]["text"].get<std::string>().find("at most " + std::to_string(errors)),
            std::string::npos);
  EXPECT_EQ(run["properties"]["omittedResults"], report.findings.size() - errors);
  EXPECT_EQ(kSarifMaxResults, 25000u);
}

TEST(Sarif, SuppressedAndDiffStatesAreMarked) {
  test::TempDir dir;
  Report report = checkAt(sampleDir(), suppressingConfig(dir));
  std::ostringstream out;
  writeSarif(report, out, SarifOptions{sampleDir(), kSarifMaxResults});
  auto results = nlohmann::json::parse(out.str())["runs"][0]["results"];
  ASSERT_EQ(results.size(), report.findings.size() + report.suppressed.size());
  int suppressed = 0;
  for (const auto& r : results) {
    if (!r.contains("suppressions")) continue;
    ++suppressed;
    EXPECT_EQ(r["suppressions"][0]["kind"], "external");
    EXPECT_EQ(r["suppressions"][0]["justification"], "gpu-node-2 is decommissioned (CHG-42)");
    // The configuration is outside the source root: an absolute URI without a base id.
    const auto& where = r["suppressions"][0]["location"]["physicalLocation"]["artifactLocation"];
    EXPECT_EQ(where["uri"], "file://" + dir.path() + "/rocelint.yaml");
    EXPECT_FALSE(where.contains("uriBaseId"));
  }
  EXPECT_EQ(suppressed, 2);
}

TEST(Junit, OneSuitePerFamilyUniqueCasesAndCleanRulesPass) {
  Report report = checkAt(sampleDir());
  std::ostringstream out;
  writeJunit(report, out, JunitOptions{Severity::Warning, sampleDir()});
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(out.str().c_str()));
  auto suites = doc.child("testsuites");
  std::set<std::string> families, names;
  int failures = 0, tests = 0;
  std::set<std::string> rules_with_cases;
  for (auto suite : suites.children("testsuite")) {
    EXPECT_TRUE(families.insert(suite.attribute("name").value()).second);
    for (auto tc : suite.children("testcase")) {
      ++tests;
      EXPECT_TRUE(names.insert(tc.attribute("name").value()).second) << "duplicate " << tc.attribute("name").value();
      rules_with_cases.insert(
          std::string(tc.attribute("name").value()).substr(0, std::string(tc.attribute("name").value()).find(' ')));
      if (tc.child("failure")) {
        ++failures;
        EXPECT_FALSE(std::string(tc.child("failure").attribute("message").value()).empty());
        EXPECT_TRUE(tc.attribute("file"));
      }
    }
  }
  EXPECT_EQ(families.size(), 9u);  // CFG TOPO PFC MAP ECN WD BUF DL ST
  EXPECT_EQ(suites.attribute("tests").as_int(), tests);
  EXPECT_EQ(suites.attribute("failures").as_int(), failures);
  EXPECT_EQ(rules_with_cases.size(), report.rules_run.size());  // clean rules appear too
  EXPECT_TRUE(names.count("CFG001 no findings"));
  // Every finding is a warning or error here, and all keys are distinct: one failing case each.
  std::set<std::tuple<std::string, std::string, std::string, int>> keys;
  for (const Finding& f : report.findings) keys.insert({f.rule, f.switch_name, f.port, f.priority.value_or(-1)});
  EXPECT_EQ(failures, static_cast<int>(keys.size()));
}

TEST(Junit, BelowFailOnIsPassingWithOutputAndSuppressedIsSkipped) {
  test::TempDir dir;
  Report report = checkAt(sampleDir(), suppressingConfig(dir));
  std::ostringstream out;
  writeJunit(report, out, JunitOptions{Severity::Error, sampleDir()});
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(out.str().c_str()));
  int failing = 0, skipped = 0, with_output = 0;
  for (auto suite : doc.child("testsuites").children("testsuite")) {
    for (auto tc : suite.children("testcase")) {
      if (tc.child("failure")) {
        ++failing;
        EXPECT_STREQ(tc.child("failure").attribute("type").value(), "error");
      }
      if (tc.child("skipped")) {
        ++skipped;
        EXPECT_NE(std::string(tc.child("skipped").attribute("message").value()).find("decommissioned"),
                  std::string::npos);
      }
      if (tc.child("system-out") && !tc.child("failure") && !tc.child("skipped")) ++with_output;
    }
  }
  EXPECT_EQ(skipped, 2);
  EXPECT_GT(with_output, 0);  // warnings below --fail-on error
  EXPECT_EQ(failing, report.summary.by_severity["error"]);
}

TEST(Markdown, CountsThenSwitchesCollapsedAndShortened) {
  Report report = checkAt(sampleDir());
  std::ostringstream out;
  writeMarkdown(report, out, MarkdownOptions{Severity::Error, sampleDir(), 5, 60000, ""});
  std::string md = out.str();
  EXPECT_EQ(md.rfind("### rocelint: failed", 0), 0u);
  EXPECT_NE(md.find("| PFC (priority flow control) |"), std::string::npos);
  EXPECT_NE(md.find(std::to_string(report.findings.size() - 5) + " more finding(s) not listed"), std::string::npos);
  EXPECT_LT(md.find("| family |"), md.find("<details>"));
  // Five rows, and no switch section without one (a switch whose findings are all past the cap is
  // left out, not written empty).
  std::size_t rows = 0;
  for (std::size_t at = md.find("<details><summary><b>"); at != std::string::npos;
       at = md.find("<details><summary><b>", at + 1)) {
    std::string section = md.substr(at, md.find("</details>", at) - at);
    std::size_t in_section = 0;
    for (const char* sev : {"| error | ", "| warning | ", "| note | "}) {
      for (std::size_t p = section.find(sev); p != std::string::npos; p = section.find(sev, p + 1)) ++in_section;
    }
    EXPECT_GT(in_section, 0u) << section;
    rows += in_section;
  }
  EXPECT_EQ(rows, 5u);
}

// Under a character budget (GitHub's comment limit is 65,536): thousands of findings give a
// comment of at most max_chars, the rows that did not fit counted by rule; rule ids link to their
// pages and, with a link base, locations to their lines.
TEST(Markdown, StaysUnderTheCharacterBudgetAndLinksRulesAndLines) {
  Report report = checkAt(sampleDir());
  std::vector<Finding> many;
  for (int copy = 0; copy < 150; ++copy) {
    for (Finding f : report.findings) {
      f.port += fmt::format(".{}", copy);
      many.push_back(f);
    }
  }
  report.findings = many;
  std::ostringstream out;
  writeMarkdown(report, out,
                MarkdownOptions{Severity::Error, sampleDir(), 100000, 60000, "https://example.org/r/blob/abc/"});
  std::string md = out.str();
  EXPECT_LE(md.size(), 60000u);
  EXPECT_GT(md.size(), 50000u) << "the budget is used, not wasted";
  auto left = md.find(
      " more finding(s) not listed to keep this comment short (at most 100000 findings and 60000 "
      "characters): ");
  ASSERT_NE(left, std::string::npos);
  EXPECT_NE(md.find("PFC001 150", left), std::string::npos) << "none of leaf3's PFC001 rows fitted";
  // leaf1's rows come first (switches in order of first finding) and fill the budget.
  EXPECT_NE(md.find("| [WD001](" ROCELINT_HOMEPAGE "/blob/main/docs/rules/WD001.md) |"), std::string::npos);
  EXPECT_NE(md.find("[leaf1.json:359](https://example.org/r/blob/abc/leaf1.json#L359)"), std::string::npos);
  EXPECT_EQ(md.find("<b>leaf3</b>"), std::string::npos) << "no section without rows";
  EXPECT_TRUE(md.ends_with("</sub>\n"));
}

// The same findings reach every format: counts agree across text, JSON, SARIF, JUnit, Markdown.
TEST(Formats, ShowTheSameFindings) {
  Report report = checkAt(sampleDir());
  Outputs o = allFormats(report, sampleDir());
  auto json = nlohmann::json::parse(o.json);
  auto sarif = nlohmann::json::parse(o.sarif);
  std::multiset<std::string> from_json, from_sarif;
  for (const auto& f : json["findings"]) from_json.insert(f["fingerprint"].get<std::string>());
  for (const auto& r : sarif["runs"][0]["results"])
    from_sarif.insert(r["partialFingerprints"]["rocelintFingerprint/v1"].get<std::string>());
  EXPECT_EQ(from_json, from_sarif);
  EXPECT_EQ(from_json.size(), report.findings.size());
  std::size_t text_findings = 0, md_rows = 0;
  std::istringstream text(o.text), md(o.markdown);
  for (std::string line; std::getline(text, line);)
    text_findings += line.find("]: ") != std::string::npos && line[0] != ' ';
  for (std::string line; std::getline(md, line);)
    md_rows += line.rfind("| error |", 0) == 0 || line.rfind("| warning |", 0) == 0 || line.rfind("| note |", 0) == 0;
  EXPECT_EQ(text_findings, report.findings.size());
  EXPECT_EQ(md_rows, report.findings.size());
  pugi::xml_document junit;
  ASSERT_TRUE(junit.load_string(o.junit.c_str()));
  std::size_t junit_findings = 0;
  for (auto suite : junit.child("testsuites").children("testsuite")) {
    for (auto tc : suite.children("testcase")) {
      for (const char* child : {"failure", "system-out"}) {
        std::string body = tc.child(child).text().get();
        for (auto at = body.find("]: "); at != std::string::npos; at = body.find("]: ", at + 1)) ++junit_findings;
      }
    }
  }
  EXPECT_EQ(junit_findings, report.findings.size());
}

}  // namespace
}  // namespace rocelint
