// Inline suppressions in configuration comments (docs/suppressions.md): `rocelint: ignore RULES
// reason` before a statement covers it (and its block), `ignore-file` the file; a comment without a
// reason is CFG005, one that takes no finding CFG008; --no-suppress turns them all off.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "rocelint/config.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/loader.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

namespace fs = std::filesystem;

// A copy of a fixture's bad/ fabric with `comment` inserted before line `line` of `file`, indented
// like that line.
void copyWithComment(const fs::path& from, const fs::path& to, const std::string& file, int line,
                     const std::string& comment) {
  fs::copy(from, to, fs::copy_options::recursive);
  std::string text = test::readAll(file);
  std::string rel = fs::path(file).lexically_relative(from).string();
  std::size_t pos = 0;
  for (int l = 1; l < line; ++l) pos = text.find('\n', pos) + 1;
  std::size_t indent = text.find_first_not_of(" \t", pos) - pos;
  text.insert(pos, std::string(indent, ' ') + comment + "\n");
  std::ofstream(to / rel, std::ios::binary) << text;
}

std::string fixture(const std::string& rule, const std::string& syntax) {
  return test::sourceDir() + "/tests/fixtures/" + rule + "/" + syntax + "/bad";
}

// In each syntax with comments, the comment before the statement a PFC001 finding points at takes
// that finding (kept, with its reason) and leaves no CFG008; without suppressions it is back.
TEST(InlineSuppressions, EachCommentSyntaxSuppressesTheStatementAfterIt) {
  for (auto [syntax, leader, trailer] :
       {std::tuple{"eos", "!", ""}, std::tuple{"nxos", "!", ""}, std::tuple{"junos", "/*", " */"},
        std::tuple{"nvue", "#", ""}, std::tuple{"huawei", "#", ""}, std::tuple{"h3c", "#", ""}}) {
    SCOPED_TRACE(syntax);
    Report before = test::check(fixture("PFC001", syntax));
    auto found = test::withRule(before, "PFC001");
    ASSERT_FALSE(found.empty());
    const Finding& target = found[0];
    test::TempDir dir;
    fs::path copy = fs::path(dir.path()) / "fabric";
    copyWithComment(fixture("PFC001", syntax), copy, target.location.file(), target.location.line,
                    std::string(leader) + " rocelint: ignore PFC001 lab link, priority 4 unused" + trailer);
    Report after = test::check(copy.string());
    std::size_t same_place = 0;
    for (const Finding& f : test::withRule(after, "PFC001")) {
      same_place += f.switch_name == target.switch_name && f.port == target.port ? 1 : 0;
    }
    EXPECT_EQ(same_place, 0u);
    EXPECT_TRUE(test::withRule(after, "CFG008").empty());
    ASSERT_FALSE(after.suppressed.empty());
    EXPECT_EQ(after.suppressed[0].finding.rule, "PFC001");
    EXPECT_EQ(after.suppressed[0].reason, "lab link, priority 4 unused");
    EXPECT_EQ(after.suppressed[0].suppression.line, target.location.line);  // the inserted comment

    Config off;
    off.inline_suppressions = false;
    Report unsuppressed = test::check(copy.string(), off);
    EXPECT_EQ(test::withRule(unsuppressed, "PFC001").size(), found.size());
    EXPECT_TRUE(test::withRule(unsuppressed, "CFG008").empty());
  }
}

TEST(InlineSuppressions, ScopeReasonAndUnknownRules) {
  const std::string bad = fixture("PFC001", "eos");
  auto pfc001 = test::withRule(test::check(bad), "PFC001");
  ASSERT_EQ(pfc001.size(), 1u);  // leaf1's `qos profile ROCE > priority-flow-control`
  const std::string leaf1 = test::readAll(bad + "/leaf1.cfg");
  const int profile = test::lineOf(leaf1, "qos profile ROCE");

  // Before the block: the whole `qos profile ROCE` block, so its PFC statement too.
  {
    test::TempDir dir;
    fs::path copy = fs::path(dir.path()) / "f";
    copyWithComment(bad, copy, bad + "/leaf1.cfg", profile, "! rocelint: ignore PFC lab leaf");
    Report r = test::check(copy.string());
    EXPECT_TRUE(test::withRule(r, "PFC001").empty());
    ASSERT_EQ(r.suppressed.size(), 1u);
    EXPECT_EQ(r.suppressed[0].reason, "lab leaf");  // a family suppresses its rules
  }
  // Before another statement: the finding stays, and the comment is CFG008 at its line.
  {
    test::TempDir dir;
    fs::path copy = fs::path(dir.path()) / "f";
    int host_port = test::lineOf(leaf1, "interface Ethernet3/1");
    copyWithComment(bad, copy, bad + "/leaf1.cfg", host_port, "! rocelint: ignore PFC001,PFC999 wrong place");
    Report r = test::check(copy.string());
    EXPECT_EQ(test::withRule(r, "PFC001").size(), 1u);
    auto cfg008 = test::withRule(r, "CFG008");
    ASSERT_EQ(cfg008.size(), 1u);
    EXPECT_EQ(cfg008[0].switch_name, "leaf1");
    EXPECT_EQ(cfg008[0].location.line, host_port);
    EXPECT_EQ(cfg008[0].message, fmt::format("inline suppression names PFC999, which is no rule id or family, and "
                                             "matches no finding on lines {}-{}",
                                             host_port + 1, host_port + 7));
  }
  // A whole file, and a comment without a reason (CFG005, suppressing nothing).
  {
    test::TempDir dir;
    fs::path copy = fs::path(dir.path()) / "f";
    copyWithComment(bad, copy, bad + "/leaf1.cfg", 2, "! rocelint: ignore-file PFC001 lab switch");
    Report r = test::check(copy.string());
    EXPECT_TRUE(test::withRule(r, "PFC001").empty());
    EXPECT_TRUE(test::withRule(r, "CFG008").empty());
  }
  {
    test::TempDir dir;
    fs::path copy = fs::path(dir.path()) / "f";
    copyWithComment(bad, copy, bad + "/leaf1.cfg", profile, "! rocelint: ignore PFC001");
    Report r = test::check(copy.string());
    EXPECT_EQ(test::withRule(r, "PFC001").size(), 1u);
    auto cfg005 = test::withRule(r, "CFG005");
    ASSERT_EQ(cfg005.size(), 1u);
    EXPECT_EQ(cfg005[0].location.line, profile);
    EXPECT_EQ(cfg005[0].switch_name, "leaf1");
    EXPECT_EQ(cfg005[0].message,
              "`rocelint: ignore` needs the rules it suppresses and a reason, e.g. `rocelint: ignore PFC003 lab port, "
              "not on the RoCE path`; it suppresses nothing");
  }
}

// ---------------------------------------------------------------------------------------------
// SONiC config_db has no comments: ROCELINT_SUPPRESSIONS, a table of scopes, says the same as data
// ---------------------------------------------------------------------------------------------

// The PFC004 fixture fabric (leaf1 PORT_QOS_MAP|Ethernet8 watches priority 5 without PFC on it)
// with `suppressions` as leaf1's ROCELINT_SUPPRESSIONS table; `indent` < 0 writes leaf1 on one line.
std::string pfc004WithSuppressions(const test::TempDir& dir, const nlohmann::json& suppressions, int indent = 4) {
  const std::string bad = fixture("PFC004", "sonic");
  auto leaf1 = nlohmann::json::parse(test::readAll(bad + "/leaf1.json"));
  leaf1["ROCELINT_SUPPRESSIONS"] = suppressions;
  dir.write("leaf1.json", leaf1.dump(indent));
  dir.write("spine1.json", test::readAll(bad + "/spine1.json"));
  return dir.path();
}

TEST(DataSuppressions, AnEntryScopeTakesTheFindingsInsideIt) {
  test::TempDir dir;
  std::string path = pfc004WithSuppressions(
      dir, {{"PORT_QOS_MAP|Ethernet8", {{"rules", "PFC004"}, {"reason", "lab port, priority 5 watched on purpose"}}}});
  Report r = test::check(path);
  EXPECT_TRUE(test::withRule(r, "PFC004").empty());
  EXPECT_TRUE(test::withRule(r, "CFG008").empty());
  EXPECT_TRUE(test::withRule(r, "CFG005").empty());
  EXPECT_TRUE(test::withRule(r, "CFG001").empty());  // the table is rocelint's, not an unknown one
  ASSERT_EQ(r.suppressed.size(), 1u);
  EXPECT_EQ(r.suppressed[0].finding.rule, "PFC004");
  EXPECT_EQ(r.suppressed[0].finding.port, "Ethernet8");
  EXPECT_EQ(r.suppressed[0].reason, "lab port, priority 5 watched on purpose");
  // The suppression is located at its scope's entry in the table.
  const std::string text = test::readAll(path + "/leaf1.json");
  EXPECT_EQ(r.suppressed[0].suppression.line, test::lineOf(text, "\"PORT_QOS_MAP|Ethernet8\""));
  Fabric fabric = loadFabric({path});
  EXPECT_EQ(fabric.out_of_scope_tables.count("ROCELINT_SUPPRESSIONS"), 0u);

  Config off;
  off.inline_suppressions = false;
  EXPECT_EQ(test::withRule(test::check(path, off), "PFC004").size(), 1u);
}

TEST(DataSuppressions, TablesFilesFamiliesAndListsOfRules) {
  for (const auto& [scope, rules] :
       std::map<std::string, nlohmann::json>{{"PORT_QOS_MAP", "PFC004"},
                                             {"*", "PFC"},
                                             {"PORT_QOS_MAP|Ethernet8", nlohmann::json::array({"WD", "PFC004"})}}) {
    SCOPED_TRACE(scope);
    test::TempDir dir;
    Report r = test::check(pfc004WithSuppressions(dir, {{scope, {{"rules", rules}, {"reason", "bring-up"}}}}));
    EXPECT_TRUE(test::withRule(r, "PFC004").empty());
    EXPECT_TRUE(test::withRule(r, "CFG008").empty());
    ASSERT_EQ(r.suppressed.size(), 1u);
    EXPECT_EQ(r.suppressed[0].reason, "bring-up");
  }
}

// The scope is a JSON subtree, not a range of lines: on a file written on one line, a suppression
// of another entry still takes nothing, and is CFG008 naming its subtree.
TEST(DataSuppressions, AnotherEntryTakesNothingEvenOnTheSameLine) {
  test::TempDir dir;
  std::string path =
      pfc004WithSuppressions(dir, {{"PORT_QOS_MAP|Ethernet0", {{"rules", "PFC004"}, {"reason", "wrong port"}}}}, -1);
  Report r = test::check(path);
  auto pfc004 = test::withRule(r, "PFC004");
  ASSERT_EQ(pfc004.size(), 1u);
  EXPECT_EQ(pfc004[0].location.line, 1);
  auto cfg008 = test::withRule(r, "CFG008");
  ASSERT_EQ(cfg008.size(), 1u);
  EXPECT_EQ(cfg008[0].switch_name, "leaf1");
  EXPECT_EQ(cfg008[0].location.file(), path + "/leaf1.json");
  EXPECT_EQ(cfg008[0].location.jsonPointer(), "/ROCELINT_SUPPRESSIONS/PORT_QOS_MAP|Ethernet0");
  EXPECT_EQ(cfg008[0].message,
            "inline suppression of PFC004 (\"wrong port\") matches no finding on /PORT_QOS_MAP/Ethernet0");
  EXPECT_EQ(cfg008[0].fix,
            "remove the suppression entry: what it suppressed is gone, and a stale suppression hides the next finding "
            "there");
}

TEST(DataSuppressions, MalformedEntriesAreNotesAndSuppressNothing) {
  struct Case {
    nlohmann::json table;
    std::string pointer;
    std::string message;
  };
  const std::string needs =
      "needs \"rules\" (ids or families, comma-separated) and a \"reason\", e.g. {\"rules\": \"PFC003\", \"reason\": "
      "\"lab port, not on the RoCE path\"}; it suppresses nothing";
  const Case cases[] = {
      {{{"PORT_QOS_MAP|Ethernet8", {{"rules", "PFC004"}}}},
       "/ROCELINT_SUPPRESSIONS/PORT_QOS_MAP|Ethernet8",
       "the suppression of \"PORT_QOS_MAP|Ethernet8\" " + needs},
      {{{"PORT_QOS_MAP|Ethernet8", {{"rules", 4}, {"reason", "x"}}}},
       "/ROCELINT_SUPPRESSIONS/PORT_QOS_MAP|Ethernet8",
       "the suppression of \"PORT_QOS_MAP|Ethernet8\" " + needs},
      {{{"PORT_QOS_MAP|Ethernet8", "PFC004 lab"}},
       "/ROCELINT_SUPPRESSIONS/PORT_QOS_MAP|Ethernet8",
       "the suppression of \"PORT_QOS_MAP|Ethernet8\" " + needs},
      {{{"PORT_QOS_MAP|Ethernet99", {{"rules", "PFC004"}, {"reason", "x"}}}},
       "/ROCELINT_SUPPRESSIONS/PORT_QOS_MAP|Ethernet99",
       "the suppression scope \"PORT_QOS_MAP|Ethernet99\" names an entry this file does not hold; it suppresses "
       "nothing (write \"TABLE|key\" as the file spells them, \"TABLE\", or \"*\" for the file)"},
      {{{"PORT_QOS", {{"rules", "PFC004"}, {"reason", "x"}}}},
       "/ROCELINT_SUPPRESSIONS/PORT_QOS",
       "the suppression scope \"PORT_QOS\" names a table this file does not hold; it suppresses nothing (write "
       "\"TABLE|key\" as the file spells them, \"TABLE\", or \"*\" for the file)"},
      {nlohmann::json::array({"PFC004"}), "/ROCELINT_SUPPRESSIONS",
       "ROCELINT_SUPPRESSIONS must be an object of scopes, got an array; it suppresses nothing"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.pointer + " " + c.table.dump());
    test::TempDir dir;
    std::string path = pfc004WithSuppressions(dir, c.table);
    Report r = test::check(path);
    EXPECT_EQ(test::withRule(r, "PFC004").size(), 1u);
    EXPECT_TRUE(r.suppressed.empty());
    auto cfg005 = test::withRule(r, "CFG005");
    ASSERT_EQ(cfg005.size(), 1u);
    EXPECT_EQ(cfg005[0].switch_name, "leaf1");
    EXPECT_EQ(cfg005[0].location.jsonPointer(), c.pointer);
    EXPECT_EQ(cfg005[0].message, c.message);
  }
}

}  // namespace
}  // namespace rocelint
