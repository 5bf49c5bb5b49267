// CI formats: GitHub Actions workflow commands (--format github) and the GitLab Code Quality
// report (--format gitlab), on hand-made reports (escaping, missing locations, duplicates) and
// on the broken sample through the binary; several outputs in one run (--format FORMAT=FILE).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "fabric_edit.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

Finding finding(const std::string& rule, Severity severity, const std::string& message, SourceRef at) {
  Finding f;
  f.rule = rule;
  f.severity = severity;
  f.message = message;
  f.location = at;
  return f;
}

SourceRef at(const std::string& file, int line, int column) {
  return SourceRef(file, line, column, OriginKind::JsonPointer, "/PORT/Ethernet0/mtu");
}

// Three findings: one in a file whose name holds every character GitHub escapes in a property,
// with a message holding those of the data; one without a file; one without a line.
Report handMadeReport(const std::string& root) {
  Report report;
  Finding a =
      finding("PFC001", Severity::Error, "100% of 50%\nqueues: lossy,\r\nsee", at(root + "/a,b:c%.json", 12, 5));
  a.related.push_back({"the other end", at(root + "/x.json", 3, 1)});
  a.related.push_back({"a default", SourceRef()});
  a.fix = "set pfc_enable to 3,4";
  a.fingerprint = "00000000000000aa";
  Finding b = finding("WD001", Severity::Warning, "watchdog off", SourceRef());
  b.fingerprint = "00000000000000bb";
  Finding c = finding("CFG001", Severity::Note, "not modelled", at(root + "/sub/b.json", 0, 0));
  c.fingerprint = "00000000000000cc";
  report.findings = {a, b, c};
  report.summary.files = 3;
  report.summary.switches = 2;
  report.summary.links = 1;
  report.summary.by_severity = {{"error", 1}, {"warning", 1}, {"note", 1}};
  return report;
}

TEST(GithubFormat, AnnotationsEscapedAndRelativeToTheSourceRoot) {
  Report report = handMadeReport("/repo/fabric");
  std::ostringstream out;
  writeGithub(report, out, GithubOptions{"/repo"});
  EXPECT_EQ(
      out.str(),
      "::error file=fabric/a%2Cb%3Ac%25.json,line=12,col=5,title=PFC001::100%25 of 50%25%0Aqueues: lossy,%0D%0Asee"
      "%0Anote: fabric/x.json:3: the other end%0Anote: <fabric>: a default%0Afix: set pfc_enable to 3,4\n"
      "::warning title=WD001::watchdog off\n"
      "::notice file=fabric/sub/b.json,title=CFG001::not modelled\n"
      "rocelint: 3 file(s), 2 switch(es), 1 link(s), 0 host port(s): 1 error(s), 1 warning(s), 1 note(s)\n");
}

TEST(GithubFormat, DiffAnnotatesOnlyIntroducedFindings) {
  Report report = handMadeReport("/repo");
  DiffReport diff;
  diff.introduced = {report.findings[1]};
  diff.unchanged = {report.findings[2]};
  diff.fixed = {report.findings[0]};
  std::ostringstream out;
  writeGithub(diff, out, GithubOptions{"/repo"});
  EXPECT_EQ(out.str(),
            "::warning title=WD001::watchdog off\n"
            "rocelint diff: 1 introduced, 1 fixed, 1 unchanged\n");
}

TEST(GitlabFormat, CodeQualityIssuesWithUniqueFingerprints) {
  Report report = handMadeReport("/repo/fabric");
  // A second finding with the first one's fingerprint (the same rule at the same place).
  Finding again = report.findings[0];
  again.message = "again.";
  again.fix = "one fix";
  report.findings.push_back(again);
  // Without a file of its own: placed at its first related location with one.
  Finding related_only = finding("DL001", Severity::Error, "cycle", SourceRef());
  related_only.related.push_back({"no file", SourceRef()});
  related_only.related.push_back({"hop", at("/repo/fabric/leaf2.json", 40, 9)});
  related_only.fingerprint = "00000000000000dd";
  report.findings.push_back(related_only);
  std::ostringstream out;
  writeGitlab(report, out, GitlabOptions{"/repo"});
  auto expected = nlohmann::ordered_json::parse(R"([
    {"description": "100% of 50%\nqueues: lossy,\r\nsee. Fix: set pfc_enable to 3,4", "check_name": "PFC001",
     "fingerprint": "00000000000000aa", "severity": "major",
     "location": {"path": "fabric/a,b:c%.json", "lines": {"begin": 12}}},
    {"description": "watchdog off", "check_name": "WD001", "fingerprint": "00000000000000bb", "severity": "minor",
     "location": {"path": ".", "lines": {"begin": 1}}},
    {"description": "not modelled", "check_name": "CFG001", "fingerprint": "00000000000000cc", "severity": "info",
     "location": {"path": "fabric/sub/b.json", "lines": {"begin": 1}}},
    {"description": "again. Fix: one fix", "check_name": "PFC001", "fingerprint": "00000000000000aa-2", "severity": "major",
     "location": {"path": "fabric/a,b:c%.json", "lines": {"begin": 12}}},
    {"description": "cycle", "check_name": "DL001", "fingerprint": "00000000000000dd", "severity": "major",
     "location": {"path": "fabric/leaf2.json", "lines": {"begin": 40}}}
  ])");
  EXPECT_EQ(nlohmann::ordered_json::parse(out.str()), expected) << out.str();
  EXPECT_EQ(out.str().back(), '\n');
}

TEST(GitlabFormat, DiffListsTheNewVersionsFindings) {
  Report report = handMadeReport("/repo");
  DiffReport diff;
  diff.introduced = {report.findings[1]};
  diff.unchanged = {report.findings[2]};
  diff.fixed = {report.findings[0]};
  std::ostringstream out;
  writeGitlab(diff, out, GitlabOptions{"/repo"});
  auto doc = nlohmann::json::parse(out.str());
  ASSERT_EQ(doc.size(), 2u) << out.str();
  EXPECT_EQ(doc[0]["check_name"], "WD001");
  EXPECT_EQ(doc[1]["check_name"], "CFG001");
  EXPECT_EQ(doc[1]["location"]["path"], "sub/b.json");
}

std::string brokenSample() { return test::sourceDir() + "/samples/leafspine-broken"; }

// Line 342 of leaf2.json is `"mtu": "1500",` of Ethernet8 (the TOPO003 MTU mismatch with spine2):
// the column where the value starts, read from the file.
int mtuColumn() {
  std::ifstream file(brokenSample() + "/leaf2.json");
  std::string line;
  for (int n = 1; std::getline(file, line); ++n) {
    if (n == 342) {
      EXPECT_NE(line.find("\"mtu\": \"1500\""), std::string::npos) << line;
      return static_cast<int>(line.find("\"1500\"")) + 1;
    }
  }
  ADD_FAILURE() << "leaf2.json has fewer than 342 lines";
  return 0;
}

TEST(CiFormats, BrokenSampleAnnotatesEveryFindingOfTheJsonReport) {
  const std::string root = " --source-root " + brokenSample();
  test::CliRun json = test::runCli("check " + brokenSample() + " --format json", "2>/dev/null");
  test::CliRun github = test::runCli("check " + brokenSample() + " --format github" + root, "2>/dev/null");
  test::CliRun gitlab = test::runCli("check " + brokenSample() + " --format gitlab" + root, "2>/dev/null");
  EXPECT_EQ(github.code, 1);
  EXPECT_EQ(gitlab.code, 1);
  auto findings = nlohmann::json::parse(json.out)["findings"];
  ASSERT_FALSE(findings.empty());

  std::istringstream lines(github.out);
  std::vector<std::string> annotations;
  std::string line, last;
  while (std::getline(lines, line)) (line.rfind("::", 0) == 0 ? annotations.push_back(line) : void(last = line));
  ASSERT_EQ(annotations.size(), findings.size()) << github.out;
  EXPECT_EQ(last.rfind("rocelint: 6 file(s), 6 switch(es)", 0), 0u) << last;
  const std::map<std::string, std::string> command = {{"error", "error"}, {"warning", "warning"}, {"note", "notice"}};
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const auto& f = findings[i];
    std::string head = "::" + command.at(f["severity"]) + " ";
    EXPECT_EQ(annotations[i].rfind(head, 0), 0u) << annotations[i];
    EXPECT_NE(annotations[i].find(",title=" + f["rule"].get<std::string>() + "::"), std::string::npos)
        << annotations[i];
  }
  const std::string topo003 = fmt::format(
      "::error file=leaf2.json,line=342,col={},title=TOPO003::MTU differs across the link leaf2 Ethernet8 <-> spine2 "
      "Ethernet8",
      mtuColumn());
  EXPECT_TRUE(std::any_of(annotations.begin(), annotations.end(),
                          [&](const std::string& a) { return a.rfind(topo003, 0) == 0; }))
      << topo003 << "\n"
      << github.out;

  auto issues = nlohmann::json::parse(gitlab.out);
  ASSERT_EQ(issues.size(), findings.size());
  const std::map<std::string, std::string> severity = {{"error", "major"}, {"warning", "minor"}, {"note", "info"}};
  std::set<std::string> fingerprints;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    EXPECT_EQ(issues[i]["check_name"], findings[i]["rule"]);
    EXPECT_EQ(issues[i]["severity"], severity.at(findings[i]["severity"]));
    EXPECT_EQ(issues[i]["fingerprint"], findings[i]["fingerprint"]);  // the baseline's: the sample has no duplicate
    EXPECT_EQ(issues[i]["location"]["lines"]["begin"], findings[i]["location"]["line"]);
    fingerprints.insert(issues[i]["fingerprint"].get<std::string>());
  }
  EXPECT_EQ(fingerprints.size(), issues.size());
  bool topo = false;
  for (const auto& issue : issues) {
    if (issue["check_name"] == "TOPO003" && issue["location"]["path"] == "leaf2.json" &&
        issue["location"]["lines"]["begin"] == 342)
      topo = true;
  }
  EXPECT_TRUE(topo) << gitlab.out;
}

// Every report of a run with several outputs is the report a run with that format alone writes.
TEST(SeveralOutputs, EachFileHoldsWhatItsFormatAloneWrites) {
  test::TempDir dir;
  const std::string check = "check " + brokenSample();
  auto alone = [&](const std::string& format) { return test::runCli(check + " --format " + format, "2>/dev/null"); };
  test::CliRun all = test::runCli(check + " --format json=" + dir.path() + "/r.json --format sarif=" + dir.path() +
                                      "/r.sarif --format text --format=gitlab=" + dir.path() + "/gl.json",
                                  "2>/dev/null");
  EXPECT_EQ(all.code, 1);
  EXPECT_EQ(all.out, alone("text").out);
  EXPECT_EQ(test::readAll(dir.path() + "/r.json"), alone("json").out);
  EXPECT_EQ(test::readAll(dir.path() + "/r.sarif"), alone("sarif").out);
  EXPECT_EQ(test::readAll(dir.path() + "/gl.json"), alone("gitlab").out);

  // -o is the file of the one --format without a file; nothing goes to standard output.
  test::CliRun files = test::runCli(
      check + " --format junit=" + dir.path() + "/r.xml --format markdown -o " + dir.path() + "/r.md", "2>/dev/null");
  EXPECT_EQ(files.code, 1);
  EXPECT_EQ(files.out, "");
  EXPECT_EQ(test::readAll(dir.path() + "/r.xml"), alone("junit").out);
  EXPECT_EQ(test::readAll(dir.path() + "/r.md"), alone("markdown").out);

  // Every format naming its file: nothing on standard output either.
  test::CliRun named = test::runCli(check + " --format github=" + dir.path() + "/gh.txt", "2>/dev/null");
  EXPECT_EQ(named.code, 1);
  EXPECT_EQ(named.out, "");
  EXPECT_EQ(test::readAll(dir.path() + "/gh.txt"), alone("github").out);
}

TEST(SeveralOutputs, DiffWritesEveryOutputToo) {
  test::TempDir dir;
  auto fabric = test::makeEditedFabric(dir);
  const std::string diff = "diff " + fabric.old_dir + " " + fabric.new_dir;
  test::CliRun both = test::runCli(diff + " --format json=" + dir.path() + "/d.json --format github", "2>/dev/null");
  test::CliRun json = test::runCli(diff + " --format json", "2>/dev/null");
  test::CliRun github = test::runCli(diff + " --format github", "2>/dev/null");
  EXPECT_EQ(both.code, json.code);
  EXPECT_EQ(both.out, github.out);
  EXPECT_EQ(test::readAll(dir.path() + "/d.json"), json.out);
}

TEST(SeveralOutputs, ConflictingOutputsAreUsageErrors) {
  test::TempDir dir;
  const std::string check = "check " + brokenSample();
  test::CliRun two = test::runCli(check + " --format json --format text");
  EXPECT_EQ(two.code, 2);
  EXPECT_EQ(two.out,
            "rocelint: error: --format json and --format text would both write to standard output: give all but one a "
            "file (--format text=FILE)\n");
  test::CliRun two_o = test::runCli(check + " --format json --format sarif -o " + dir.path() + "/x");
  EXPECT_EQ(two_o.code, 2);
  EXPECT_EQ(two_o.out, "rocelint: error: --format json and --format sarif would both write to " + dir.path() +
                           "/x: give all but one a file (--format sarif=FILE)\n");
  test::CliRun stray_o = test::runCli(check + " --format json=" + dir.path() + "/a.json -o " + dir.path() + "/b");
  EXPECT_EQ(stray_o.code, 2);
  EXPECT_EQ(stray_o.out, "rocelint: error: -o " + dir.path() +
                             "/b: every --format names its own file (FORMAT=FILE); -o is the file of a --format "
                             "without one\n");
  test::CliRun one_file =
      test::runCli(check + " --format json=" + dir.path() + "/a.json --format sarif=" + dir.path() + "/./a.json");
  EXPECT_EQ(one_file.code, 2);
  EXPECT_EQ(one_file.out,
            "rocelint: error: " + dir.path() + "/./a.json: the json and sarif reports would be written to one file\n");
  test::CliRun baseline =
      test::runCli(check + " --format json=" + dir.path() + "/a.json --write-baseline " + dir.path() + "/a.json");
  EXPECT_EQ(baseline.code, 2);
  EXPECT_EQ(baseline.out, "rocelint: error: " + dir.path() +
                              "/a.json: the output file and the baseline file to write are one file\n");
  test::CliRun unknown = test::runCli(check + " --format sarf=" + dir.path() + "/a.sarif");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_EQ(unknown.out, "rocelint: error: --format: unknown format \"sarf\" (did you mean \"sarif\"?)\n");
  test::CliRun empty = test::runCli(check + " --format json=");
  EXPECT_EQ(empty.code, 2);
  EXPECT_EQ(empty.out, "rocelint: error: --format: no file name after \"json=\"\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/a.json"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/a.sarif"));
}

// The guard against overwriting an input holds for every output, not only -o.
TEST(SeveralOutputs, NoOutputMayReplaceAnInput) {
  test::TempDir dir;
  for (const char* name : {"leaf1.json", "spine1.json"})
    dir.write("fabric/" + std::string(name), test::readAll(brokenSample() + "/" + name));
  const std::string fabric = dir.path() + "/fabric";
  const std::string leaf1 = test::readAll(fabric + "/leaf1.json");
  for (const std::string& args :
       {"--format text --format json=" + fabric + "/leaf1.json",
        "--format sarif=" + dir.path() + "/ok.sarif --format gitlab=" + fabric + "/leaf1.json",
        "--format junit=" + dir.path() + "/ok.xml --format markdown -o " + fabric + "/leaf1.json"}) {
    test::CliRun r = test::runCli("check " + fabric + " " + args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.out, "rocelint: error: " + fabric + "/leaf1.json: the output file must not be an input of the run (" +
                         fabric + "); write it outside the fabric\n")
        << args;
    EXPECT_EQ(test::readAll(fabric + "/leaf1.json"), leaf1) << args;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/ok.sarif"));  // refused before anything is written
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/ok.xml"));
}

// rules --format json: the same rules, order, severities and titles as the text list, the
// SARIF rule names and descriptions, and a doc page that exists.
TEST(RulesJson, CatalogueMatchesTheTextListSarifAndTheDocPages) {
  test::CliRun text = test::runCli("rules", "2>/dev/null");
  test::CliRun json = test::runCli("rules --format json", "2>/dev/null");
  test::CliRun sarif = test::runCli("check " + brokenSample() + " --format sarif", "2>/dev/null");
  ASSERT_EQ(text.code, 0);
  ASSERT_EQ(json.code, 0);
  auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["schema_version"], 1);
  auto sarif_rules = nlohmann::json::parse(sarif.out)["runs"][0]["tool"]["driver"]["rules"];
  std::istringstream lines(text.out);
  std::string line;
  std::size_t i = 0;
  for (; std::getline(lines, line); ++i) {
    ASSERT_LT(i, doc["rules"].size()) << line;
    const auto& r = doc["rules"][i];
    const std::string id = r["id"];
    // The text line is "<id padded to 8> <severity padded to 8> <title>".
    EXPECT_EQ(line,
              fmt::format("{:<8} {:<8} {}", id, r["severity"].get<std::string>(), r["summary"].get<std::string>()));
    EXPECT_EQ(r["family"], id.substr(0, id.find_first_of("0123456789")));
    EXPECT_EQ(r["doc"], "docs/rules/" + id + ".md");
    EXPECT_EQ(test::readAll(test::sourceDir() + "/" + r["doc"].get<std::string>()).rfind("# " + id, 0), 0u) << id;
    ASSERT_LT(i, sarif_rules.size());
    EXPECT_EQ(sarif_rules[i]["id"], id);
    EXPECT_EQ(r["name"], sarif_rules[i]["name"]) << id;
    EXPECT_EQ(r["description"], sarif_rules[i]["fullDescription"]["text"]) << id;
    EXPECT_EQ(r["help_uri"], sarif_rules[i]["helpUri"]) << id;
    EXPECT_EQ(sarif_rules[i]["properties"]["tags"][2], r["family_name"]) << id;
  }
  EXPECT_EQ(i, doc["rules"].size());
  EXPECT_GT(i, 50u);
  test::CliRun bad = test::runCli("rules --format xml");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.out.rfind("rocelint: error: --format: xml not in {text,json}", 0), 0u) << bad.out;
}

}  // namespace
}  // namespace rocelint
