// Walks tests/fixtures/<ID>/: bad/ must produce exactly expected.yaml's findings of rule <ID>,
// good/ none. Adding a rule is adding a fixture directory, not editing this file.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <set>
#include <tuple>

#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

using Key = std::tuple<std::string, std::string, int, std::string, int>;  // switch, port, priority, file, line

std::string describe(const Key& k) {
  return std::get<0>(k) + " port=" + std::get<1>(k) + " priority=" + std::to_string(std::get<2>(k)) + " " +
         std::get<3>(k) + ":" + std::to_string(std::get<4>(k));
}

std::vector<std::string> fixtureIds() {
  std::vector<std::string> ids;
  fs::path root = fs::path(test::sourceDir()) / "tests" / "fixtures";
  if (!fs::exists(root)) return ids;
  for (const auto& entry : fs::directory_iterator(root)) {
    if (entry.is_directory() && fs::exists(entry.path() / "expected.yaml")) ids.push_back(entry.path().filename().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

class RuleFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(RuleFixture, BadTriggersExactlyExpectedAndGoodIsClean) {
  const std::string id = GetParam();
  fs::path dir = fs::path(test::sourceDir()) / "tests" / "fixtures" / id;
  YAML::Node expected = YAML::LoadFile((dir / "expected.yaml").string());
  ASSERT_EQ(expected["rule"].as<std::string>(), id);
  ASSERT_NE(findRule(id), nullptr) << "fixture for an unknown rule";

  std::multiset<Key> want;
  for (const auto& f : expected["findings"]) {
    want.insert({f["switch"].IsNull() ? "" : f["switch"].as<std::string>(), f["port"].IsNull() ? "" : f["port"].as<std::string>(),
                 f["priority"].IsNull() ? -1 : f["priority"].as<int>(), f["file"].as<std::string>(), f["line"].as<int>()});
  }
  ASSERT_FALSE(want.empty()) << "a fixture must expect at least one finding";

  Report bad = test::check((dir / "bad").string());
  std::multiset<Key> got;
  for (const auto& f : test::withRule(bad, id)) {
    got.insert({f.switch_name, f.port, f.priority.value_or(-1), fs::path(f.location.file()).filename().string(), f.location.line});
    EXPECT_EQ(f.severity, findRule(id)->severity);
    EXPECT_FALSE(f.message.empty());
  }
  for (const auto& k : want) {
    if (!got.count(k)) ADD_FAILURE() << "missing " << id << " " << describe(k);
  }
  for (const auto& k : got) {
    if (!want.count(k)) ADD_FAILURE() << "unexpected " << id << " " << describe(k);
  }

  Report good = test::check((dir / "good").string());
  for (const auto& f : test::withRule(good, id)) ADD_FAILURE() << "good/ triggers " << id << ": " << f.message;
}

INSTANTIATE_TEST_SUITE_P(AllRules, RuleFixture, ::testing::ValuesIn(fixtureIds()),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });

// The example output on each rule page must be what rocelint prints for the rule's fixture, so the
// documentation cannot drift from the messages.
TEST_P(RuleFixture, DocumentationExampleIsRealOutput) {
  const std::string id = GetParam();
  auto doc = ruleDocumentation(id);
  ASSERT_TRUE(doc.has_value());
  fs::path bad = fs::path(test::sourceDir()) / "tests" / "fixtures" / id / "bad";
  std::ostringstream text;
  writeText(test::check(bad.string()), text, {});
  std::string output = text.str();
  std::string prefix = bad.string() + "/";
  for (auto at = output.find(prefix); at != std::string::npos; at = output.find(prefix, at)) output.erase(at, prefix.size());
  std::regex finding_line("^[^`\\s]\\S*:[0-9]+: (error|warning|note)\\[" + id + "\\]: .*$");
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
    EXPECT_NE(output.find(block), std::string::npos) << "docs/rules/" << id << ".md shows output rocelint does not print:\n"
                                                   << block << "actual output:\n" << output;
  }
  EXPECT_GT(examples, 0) << "docs/rules/" << id << ".md has no example output line";
}

TEST(RuleCatalogue, EveryRuleHasAFixtureAndADocPage) {
  auto ids = fixtureIds();
  for (const Rule& rule : allRules()) {
    EXPECT_TRUE(std::find(ids.begin(), ids.end(), rule.id) != ids.end()) << rule.id << " has no tests/fixtures/" << rule.id;
    auto doc = ruleDocumentation(rule.id);
    EXPECT_TRUE(doc.has_value()) << rule.id << " has no docs/rules/" << rule.id << ".md";
    if (doc) {
      EXPECT_EQ(doc->rfind("# " + rule.id, 0), 0u) << rule.id;
    }
  }
}

}  // namespace
}  // namespace rocelint
