// Walks tests/fixtures/<ID>/<syntax>/: bad/ must produce exactly expected.yaml's findings of rule
// <ID> (switch, port, priority, file, origin and fix text), good/ none. Adding a rule, or a syntax
// to a rule, is adding a directory, not editing this file.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fixture_dirs.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using test::FixtureDir;

// The text of a finding's origin as reports show it (a default reads "default of <statement>").
std::string originText(const SourceRef& src) { return originLabel(src); }

// Whether `at`, the anchor expected.yaml gives, names `origin`, the origin of a finding's location:
//  - SONiC config_db and topology files: the JSON pointer of the value ("/PORT_QOS_MAP/Ethernet0/
//    pfc_enable"); minigraph: the XML path ("EthernetInterface/Speed"); NVUE: the YAML key path
//    ("set/qos/congestion-control/default-global/traffic-class/3/ecn"). The anchor is that text.
//  - EOS, NX-OS, Junos (`cli`): a statement anchor, the context path and the statement's leading
//    keywords, up to its first value ("qos profile ROCE > tx-queue 3", "interface Ethernet1/1 >
//    priority-flow-control mode", "interfaces et-0/0/0 mtu"). Today the origin is the whole
//    statement with its values ("interface Ethernet1/1 > priority-flow-control mode on"); the typed
//    origin keeps the context and the keywords and leaves the values out ("... > priority-flow-control
//    mode"). The anchor matches when it equals the origin or is a whole-word prefix of it, so it holds
//    for both.
//  - A vendor default (today "Junos default: <what it means>") is compared whole. The typed origin
//    gives a default the statement it stands for instead, so such an anchor (ECN001/junos) is the one
//    to rewrite with that change.
bool anchorMatches(const SourceRef& origin, bool cli, const std::string& at) {
  const std::string& text = originText(origin);
  if (text == at) return true;
  return cli && !at.empty() && text.size() > at.size() && text.compare(0, at.size(), at) == 0 && text[at.size()] == ' ';
}

bool isCliSyntax(const std::string& syntax) {
  return syntax == "eos" || syntax == "nxos" || syntax == "junos" || syntax == "huawei";
}

struct Expected {
  std::string switch_name;
  std::string port;
  int priority = -1;
  std::string file;  ///< relative to bad/
  std::string at;
  std::string fix;
};

std::string describe(const Expected& e) {
  return e.switch_name + " port=" + e.port + " priority=" + std::to_string(e.priority) + " " + e.file + " at \"" +
         e.at + "\" fix \"" + e.fix + "\"";
}

std::string describe(const Finding& f, const std::string& file) {
  return f.switch_name + " port=" + f.port + " priority=" + std::to_string(f.priority.value_or(-1)) + " " + file + ":" +
         std::to_string(f.location.line) + " origin \"" + originText(f.location) + "\" fix \"" + f.fix + "\"";
}

// expected.yaml of `dir`; a failure (and no findings) when it is not well formed: every finding
// names switch, port, priority, file, at and fix, and nothing else.
std::vector<Expected> readExpected(const FixtureDir& dir) {
  static const std::set<std::string> keys = {"switch", "port", "priority", "file", "at", "fix"};
  std::vector<Expected> out;
  YAML::Node doc = YAML::LoadFile((dir.path() / "expected.yaml").string());
  EXPECT_EQ(doc["rule"].as<std::string>(""), dir.id) << dir.name() << ": expected.yaml names another rule";
  for (const auto& f : doc["findings"]) {
    for (const auto& key : keys) {
      if (!f[key]) {
        ADD_FAILURE() << dir.name() << ": expected.yaml has a finding without `" << key << "`";
        return {};
      }
    }
    for (const auto& entry : f) {
      if (!keys.count(entry.first.as<std::string>())) {
        ADD_FAILURE() << dir.name() << ": expected.yaml has an unknown key `" << entry.first.as<std::string>() << "`";
        return {};
      }
    }
    auto text = [&](const char* key) { return f[key].IsNull() ? std::string() : f[key].as<std::string>(); };
    out.push_back({text("switch"), text("port"), f["priority"].IsNull() ? -1 : f["priority"].as<int>(), text("file"),
                   text("at"), text("fix")});
    if (out.back().fix.empty())
      ADD_FAILURE() << dir.name() << ": a finding with an empty fix: " << describe(out.back());
  }
  return out;
}

// Loads and analyses a fixture fabric (its own .rocelint.yaml applies) and checks that every
// switch was read in the fixture's syntax, so an EOS fixture cannot silently test NX-OS.
Report checkFixture(const fs::path& dir, FormatId syntax, const std::string& what) {
  Fabric fabric = loadFabric({dir.string()});
  for (const Switch& sw : fabric.switches) EXPECT_EQ(sw.format, syntax) << what << ": " << sw.name;
  auto own = dir / ".rocelint.yaml";
  return analyze(fabric, fs::is_regular_file(own) ? loadConfig(own.string()) : Config{});
}

// Kuhn's matching of findings to expectations: a prefix anchor may accept more than one finding, so
// a greedy first match could leave a finding unmatched that another assignment would match.
std::vector<int> matchFindings(std::size_t expected, std::size_t found,
                               const std::function<bool(std::size_t, std::size_t)>& accepts) {
  std::vector<int> owner(found, -1);  // finding -> expectation
  std::function<bool(std::size_t, std::vector<bool>&)> assign = [&](std::size_t e, std::vector<bool>& seen) {
    for (std::size_t f = 0; f < found; ++f) {
      if (seen[f] || !accepts(e, f)) continue;
      seen[f] = true;
      if (owner[f] < 0 || assign(static_cast<std::size_t>(owner[f]), seen)) {
        owner[f] = static_cast<int>(e);
        return true;
      }
    }
    return false;
  };
  for (std::size_t e = 0; e < expected; ++e) {
    std::vector<bool> seen(found, false);
    assign(e, seen);
  }
  return owner;
}

class RuleFixture : public ::testing::TestWithParam<FixtureDir> {};

TEST_P(RuleFixture, BadGivesExactlyTheExpectedFindingsAndGoodNone) {
  const FixtureDir& dir = GetParam();
  const Rule* rule = findRule(dir.id);
  ASSERT_NE(rule, nullptr) << "fixture for an unknown rule";
  FormatId syntax = *test::fixtureSyntax(dir.syntax);
  bool cli = isCliSyntax(dir.syntax);
  std::vector<Expected> want = readExpected(dir);
  ASSERT_FALSE(want.empty()) << "a fixture must expect at least one finding";

  fs::path bad = dir.path() / "bad";
  std::vector<Finding> got = test::withRule(checkFixture(bad, syntax, dir.name() + "/bad"), dir.id);
  std::vector<std::string> files;
  for (const Finding& f : got) {
    files.push_back(fs::path(f.location.file()).lexically_relative(bad).generic_string());
    // A graded rule reports its milder case below its severity (ECN004: a warning when some state
    // lets ECN mark first), never above it.
    EXPECT_LE(f.severity, rule->severity);
    EXPECT_FALSE(f.message.empty());
  }
  std::vector<int> owner = matchFindings(want.size(), got.size(), [&](std::size_t e, std::size_t i) {
    const Expected& w = want[e];
    const Finding& f = got[i];
    return f.switch_name == w.switch_name && f.port == w.port && f.priority.value_or(-1) == w.priority &&
           files[i] == w.file && f.fix == w.fix && anchorMatches(f.location, cli, w.at);
  });
  std::vector<bool> matched(want.size(), false);
  for (int e : owner) {
    if (e >= 0) matched[static_cast<std::size_t>(e)] = true;
  }
  for (std::size_t e = 0; e < want.size(); ++e) {
    if (!matched[e]) ADD_FAILURE() << "missing " << dir.name() << " " << describe(want[e]);
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (owner[i] < 0) ADD_FAILURE() << "unexpected " << dir.name() << " " << describe(got[i], files[i]);
  }

  for (const auto& f : test::withRule(checkFixture(dir.path() / "good", syntax, dir.name() + "/good"), dir.id)) {
    ADD_FAILURE() << "good/ triggers " << dir.id << ": " << f.message;
  }
}

INSTANTIATE_TEST_SUITE_P(AllRules, RuleFixture, ::testing::ValuesIn(test::fixtureDirs()),
                         [](const ::testing::TestParamInfo<FixtureDir>& param) { return param.param.name(); });

// The layout the runner relies on: every rule directory holds only syntax directories (at least
// one), each with bad/, good/ and expected.yaml. A fixture left at tests/fixtures/<ID>/bad, or a
// misspelt syntax, would otherwise be skipped without a word.
TEST(RuleFixtureLayout, EveryRuleDirectoryHoldsSyntaxFixtures) {
  ASSERT_TRUE(fs::is_directory(test::fixturesRoot()));
  int fixtures = 0;
  for (const auto& rule : fs::directory_iterator(test::fixturesRoot())) {
    if (!rule.is_directory()) {
      EXPECT_EQ(rule.path().extension(), ".py") << rule.path() << ": only generators sit beside the rule directories";
      continue;
    }
    int syntaxes = 0;
    for (const auto& entry : fs::directory_iterator(rule.path())) {
      std::string name = entry.path().filename().string();
      if (!entry.is_directory() || !test::fixtureSyntax(name)) {
        ADD_FAILURE() << entry.path()
                      << " is not a syntax directory (sonic, minigraph, eos, nxos, nvue, junos, huawei)";
        continue;
      }
      ++syntaxes;
      for (const char* part : {"bad", "good"})
        EXPECT_TRUE(fs::is_directory(entry.path() / part)) << entry.path() << " has no " << part << "/";
      EXPECT_TRUE(fs::is_regular_file(entry.path() / "expected.yaml")) << entry.path() << " has no expected.yaml";
    }
    EXPECT_GT(syntaxes, 0) << rule.path() << " holds no <syntax>/ fixture";
    fixtures += syntaxes;
  }
  EXPECT_EQ(static_cast<std::size_t>(fixtures), test::fixtureDirs().size());
}

// The example output on each rule page must be what rocelint prints for one of the rule's fixtures
// (SONiC, or another syntax's), so the documentation cannot drift from the messages.
class RuleDocumentation : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> ruleIds() {
  std::vector<std::string> ids;
  for (const Rule& rule : allRules()) ids.push_back(rule.id);
  return ids;
}

TEST_P(RuleDocumentation, ExampleIsRealOutput) {
  const std::string id = GetParam();
  auto doc = ruleDocumentation(id);
  ASSERT_TRUE(doc.has_value());
  // SONiC's fixture, or another syntax's for a rule that cannot occur in SONiC (CFG007: every key
  // naming a port gives SONiC a port).
  bool any_bad = fs::is_directory(test::fixturesRoot() / id / "sonic" / "bad");
  for (const auto& syntax : fs::directory_iterator(test::fixturesRoot() / id))
    any_bad = any_bad || fs::is_directory(syntax.path() / "bad");
  ASSERT_TRUE(any_bad) << id << " has no fixture for its page's example";
  // Every syntax's bad/ output, paths relative to its bad/: a page may show each syntax's example.
  std::string output;
  for (const auto& syntax : fs::directory_iterator(test::fixturesRoot() / id)) {
    fs::path bad = syntax.path() / "bad";
    if (!fs::is_directory(bad)) continue;
    std::ostringstream text;
    writeText(test::check(bad.string()), text, {});
    std::string one = text.str();
    std::string prefix = bad.string() + "/";
    for (auto at = one.find(prefix); at != std::string::npos; at = one.find(prefix, at)) one.erase(at, prefix.size());
    output += one;
  }
  std::regex finding_line("^[^`\\s]\\S*:[0-9]+(:[0-9]+)?: (error|warning|note)\\[" + id + "\\]: .*$");
  // A block is the finding line plus the indented note:/fix: lines under it.
  std::vector<std::string> lines;
  std::istringstream doc_lines{*doc};
  for (std::string line; std::getline(doc_lines, line);) lines.push_back(line);
  int examples = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!std::regex_match(lines[i], finding_line)) continue;
    ++examples;
    std::string block = lines[i] + "\n";
    for (std::size_t j = i + 1; j < lines.size() && lines[j].rfind("  ", 0) == 0; ++j) block += lines[j] + "\n";
    EXPECT_NE(output.find(block), std::string::npos)
        << "docs/rules/" << id << ".md shows output rocelint does not print:\n"
        << block << "actual output:\n"
        << output;
  }
  EXPECT_GT(examples, 0) << "docs/rules/" << id << ".md has no example output line";
}

INSTANTIATE_TEST_SUITE_P(AllRules, RuleDocumentation, ::testing::ValuesIn(ruleIds()),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });

TEST(RuleCatalogue, EveryRuleHasAFixtureAndADocPage) {
  std::set<std::string> with_fixture;
  for (const FixtureDir& dir : test::fixtureDirs()) with_fixture.insert(dir.id);
  for (const Rule& rule : allRules()) {
    EXPECT_TRUE(with_fixture.count(rule.id)) << rule.id << " has no tests/fixtures/" << rule.id << "/<syntax>/";
    auto doc = ruleDocumentation(rule.id);
    EXPECT_TRUE(doc.has_value()) << rule.id << " has no docs/rules/" << rule.id << ".md";
    if (doc) {
      EXPECT_EQ(doc->rfind("# " + rule.id, 0), 0u) << rule.id;
    }
  }
  for (const std::string& id : with_fixture)
    EXPECT_NE(findRule(id), nullptr) << "tests/fixtures/" << id << " names no rule";
}

}  // namespace
}  // namespace rocelint
