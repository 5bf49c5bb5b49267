// rocelint fix: golden JSON Patches for the rule fixtures, a clean re-check after patching, the
// input left untouched, the scenarios of issue 4, and an unsat core when no repair exists.

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include "fabric_gen.hpp"
#include "rocelint/fix.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) files[fs::relative(e.path(), dir).string()] = test::readAll(e.path().string());
  }
  return files;
}

void expectClean(const FixResult& result) {
  ASSERT_TRUE(result.solved);
  for (const auto& [id, count] : result.after) EXPECT_EQ(count, 0) << id << " remains after the patch";
}

class FixGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(FixGolden, PatchIsTheGoldenOneAndClearsTheFindings) {
  const std::string id = GetParam();
  fs::path bad = fs::path(test::sourceDir()) / "tests" / "fixtures" / id / "sonic" / "bad";
  fs::path golden = fs::path(test::sourceDir()) / "tests" / "golden" / "fix" / id;
  auto before = snapshot(bad);
  test::TempDir out;
  FixResult result = runFix(bad.string(), out.path(), Config{});
  EXPECT_EQ(snapshot(bad), before) << "fix modified its input";
  EXPECT_GT(result.before[id], 0);
  expectClean(result);
  int patches = 0;
  for (const auto& e : fs::directory_iterator(golden)) {
    ++patches;
    fs::path written = fs::path(out.path()) / e.path().filename();
    ASSERT_TRUE(fs::exists(written)) << written;
    EXPECT_EQ(json::parse(test::readAll(written.string())), json::parse(test::readAll(e.path().string())))
        << "patch differs from tests/golden/fix/" << id << "/" << e.path().filename().string();
  }
  EXPECT_GT(patches, 0);
  // The patched copy is what a re-check sees, and it is clean for the rule.
  EXPECT_TRUE(test::withRule(test::check(out.path() + "/patched"), id).empty());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FixGolden,
                         ::testing::Values("BUF007", "BUF008", "BUF009", "BUF010", "BUF012", "ECN004"));

/// The clean fixture fabric with leaf1.json edited.
std::string edited(const test::TempDir& dir, const std::function<void(json&)>& edit) {
  fs::path good = fs::path(test::sourceDir()) / "tests" / "fixtures" / "BUF007" / "sonic" / "good";
  for (const char* name : {"leaf1.json", "spine1.json"}) {
    json doc = json::parse(test::readAll((good / name).string()));
    if (std::string(name) == "leaf1.json") edit(doc);
    dir.write(name, doc.dump(4));
  }
  return dir.path();
}

TEST(Fix, TwoKilometreCableAndUpgradedPort) {
  for (auto edit : std::vector<std::function<void(json&)>>{
           [](json& leaf) { leaf["CABLE_LENGTH"]["AZURE"]["Ethernet8"] = "2000m"; },
           [](json& leaf) { leaf["BUFFER_PG"]["Ethernet0|3-4"]["profile"] = "pg_lossless_100000_5m_profile"; }}) {
    test::TempDir in;
    test::TempDir out;
    FixResult result = runFix(edited(in, edit), out.path(), Config{});
    EXPECT_EQ(result.before["BUF007"], 2);
    expectClean(result);
    EXPECT_FALSE(result.changes.empty());
  }
}

TEST(Fix, OneLeafOutOfSixIsAlignedWithTheMajority) {
  test::TempDir in;
  bench::writeLeafSpine(in.path(), {2, 6, 2});
  json doc = json::parse(test::readAll(in.path() + "/leaf3.json"));
  doc["BUFFER_PROFILE"]["pg_lossless_400000_40m_profile"]["xoff"] = "139264";
  in.write("leaf3.json", doc.dump(4));
  test::TempDir out;
  FixResult result = runFix(in.path(), out.path(), Config{});
  expectClean(result);
  ASSERT_EQ(result.changes.size(), 1u);  // one field on one switch, not five on the others
  EXPECT_EQ(result.changes[0].switch_name, "leaf3");
  EXPECT_EQ(result.changes[0].to, 144384);
}

TEST(Fix, ImpossibleRepairNamesTheConflict) {
  // The pool cannot hold even the physical minimum of headroom: BUF007 and BUF009 conflict.
  test::TempDir in;
  test::TempDir out;
  auto path = edited(in, [](json& leaf) { leaf["BUFFER_POOL"]["ingress_lossless_pool"]["size"] = "100000"; });
  FixResult result = runFix(path, out.path(), Config{});
  ASSERT_FALSE(result.solved);
  bool pool = false;
  bool headroom = false;
  for (const auto& name : result.conflict) {
    pool = pool || name.find("BUF009: leaf1 pool ingress_lossless_pool") != std::string::npos;
    headroom = headroom || name.find("BUF007: leaf1") != std::string::npos;
  }
  EXPECT_TRUE(pool && headroom) << result.summary;
  EXPECT_NE(result.summary.find("conflict"), std::string::npos);
}

TEST(Fix, RefusesAnOutputInsideTheInput) {
  fs::path bad = fs::path(test::sourceDir()) / "tests" / "fixtures" / "BUF007" / "sonic" / "bad";
  EXPECT_THROW(runFix(bad.string(), (bad / "out").string(), Config{}), InputError);
}

TEST(Fix, PatchedCopyReproducesLinksAndReadsNothingTheWalkWouldNot) {
  // A link loop, a self-referencing link, a link to a file outside the fabric and a FIFO used to
  // stop fix with "internal error: filesystem error" after it had started writing patched/.
  test::TempDir dir;
  fs::path fabric = fs::path(dir.path()) / "fabric";
  fs::copy(fs::path(test::sourceDir()) / "samples" / "leafspine-broken", fabric, fs::copy_options::recursive);
  std::string secret = dir.write("secret.json", "{\"DEVICE_METADATA\": {\"localhost\": {\"hostname\": \"x\"}}}");
  fs::create_directory_symlink(".", fabric / "loop");
  fs::create_symlink("self", fabric / "self");
  fs::create_symlink(secret, fabric / "outside.json");
  ASSERT_EQ(mkfifo((fabric / "pipe.json").c_str(), 0600), 0);
  auto files = [&] {  // regular files only, links not followed (one of them never ends)
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(fabric)) {
      if (fs::is_regular_file(e.symlink_status())) out[e.path().string()] = test::readAll(e.path().string());
    }
    return out;
  };
  auto before = files();
  FixResult result = runFix(fabric.string(), dir.path() + "/out", Config{});
  ASSERT_TRUE(result.solved) << result.summary;
  EXPECT_FALSE(result.changes.empty());
  fs::path patched = fs::path(dir.path()) / "out" / "patched";
  EXPECT_TRUE(fs::is_symlink(patched / "loop"));
  EXPECT_EQ(fs::read_symlink(patched / "loop"), ".");
  EXPECT_TRUE(fs::is_symlink(patched / "self"));
  EXPECT_TRUE(fs::is_symlink(patched / "outside.json"));  // a link, not a copy of what it names
  EXPECT_FALSE(fs::exists(fs::symlink_status(patched / "pipe.json")));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(patched / "leaf1.json")));
  for (const auto& [id, count] : result.after) EXPECT_EQ(count, 0) << id << " remains after the patch";
  EXPECT_EQ(files(), before);
}

}  // namespace
// fix writes config_db patches only: on an EOS fabric it says so, lists each BUF/ECN finding with
// its statement and fix, and the command exits 1; a clean EOS fabric says there is nothing to repair
// and exits 0.
TEST(Fix, OtherSyntaxesAreListedNotSilentlySkipped) {
  test::TempDir in;
  test::TempDir out;
  for (const auto& entry : fs::directory_iterator(test::sourceDir() + "/samples/leafspine-eos")) {
    if (entry.path().extension() != ".cfg") continue;
    std::string text = test::readAll(entry.path().string());
    if (entry.path().filename() == "leaf1.cfg") {
      const std::string from = "minimum-threshold 150 kbytes maximum-threshold 1500 kbytes";
      for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + 1))
        text.replace(at, from.size(), "minimum-threshold 1500 kbytes maximum-threshold 150 kbytes");
    }
    in.write(entry.path().filename().string(), text);
  }
  FixResult result = runFix(in.path(), out.path(), Config{});
  EXPECT_TRUE(result.changes.empty());
  ASSERT_EQ(result.unrepaired.size(), 2u) << result.summary;
  std::string leaf1 = test::readAll(in.path() + "/leaf1.cfg");
  int line = test::lineOf(leaf1, "minimum-threshold 1500 kbytes");
  EXPECT_EQ(result.unrepaired[0], fmt::format("leaf1.cfg:{}: ECN002 leaf1: set min at or below max (e.g. 150 KB / "
                                              "1.5 MB for a RoCE ramp; min = max marks as a step)",
                                              line));
  EXPECT_NE(result.summary.find("fix writes patches for SONiC config_db files only; 6 of 6 switch(es) are in other "
                                "syntaxes (6 EOS) and are not repaired; change these statements by hand:"),
            std::string::npos)
      << result.summary;
  test::CliRun r = test::runCli("fix '" + in.path() + "' --out '" + out.path() + "/cli'");
  EXPECT_EQ(r.code, 1) << r.out;

  r = test::runCli("fix '" + test::sourceDir() + "/samples/leafspine-eos' --out '" + out.path() + "/clean'");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("6 of 6 switch(es) are in other syntaxes (6 EOS) and are not repaired: they have no BUF or "
                       "ECN finding"),
            std::string::npos)
      << r.out;
}

}  // namespace rocelint
