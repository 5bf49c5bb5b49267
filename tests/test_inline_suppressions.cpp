// Inline suppressions in configuration comments (docs/suppressions.md): `rocelint: ignore RULES
// reason` before a statement covers it (and its block), `ignore-file` the file; a comment without a
// reason is CFG005, one that takes no finding CFG008; --no-suppress turns them all off.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
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

}  // namespace
}  // namespace rocelint
