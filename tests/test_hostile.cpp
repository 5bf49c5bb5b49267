// Hostile input (issue 17): limits, non-regular files, text validity. Every input is generated
// here, small; the binary is run on it like tests/test_cli.cpp does.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_config_text.hpp"
#include "input_limits.hpp"
#include "junos_config.hpp"
#include "rocelint/diagnostics.hpp"
#include "sonic_minigraph.hpp"
#include "test_util.hpp"
#include "yaml_limits.hpp"

namespace rocelint {
namespace {

using test::CliRun;

CliRun run(const std::string& args) { return test::runCli(args, "2>&1 </dev/null"); }

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

std::string sample(const std::string& name) { return test::sourceDir() + "/samples/" + name; }

// An NVUE startup.yaml whose last key refers `levels` times to nine copies of the level below
// (9^levels nodes once expanded; 7 levels took 32 s and 7.2 GB before the limit).
std::string aliasBomb(int levels) {
  std::string text = "- set:\n    system:\n      hostname: leaf1\n    x:\n      l0: &l0 [a, b, c, d, e, f, g, h, i]\n";
  for (int l = 1; l <= levels; ++l) {
    std::string p = fmt::format("*l{}", l - 1);
    text += fmt::format("      l{}: &l{} [{}, {}, {}, {}, {}, {}, {}, {}, {}]\n", l, l, p, p, p, p, p, p, p, p, p);
  }
  return text;
}

// --- 1. Nesting depth ------------------------------------------------------------------------------

TEST(HostileDepth, YamlNestingPastTheLimitIsFoundBeforeAnyTree) {
  std::string deep = "a: " + std::string(300000, '[') + "1" + std::string(300000, ']');
  auto failure = yaml::checkLimits(deep);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->line, 1);
  EXPECT_EQ(failure->column, 3 + limits::kMaxNestingDepth);  // the mapping is level 1
  EXPECT_TRUE(has(failure->message, "nesting deeper than 256 levels")) << failure->message;
  std::string block;
  for (int i = 0; i < 300; ++i) block += std::string(static_cast<std::size_t>(i) * 2, ' ') + "k:\n";
  failure = yaml::checkLimits(block);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->line, limits::kMaxNestingDepth + 1);  // the mapping that opens level 257
  // Unclosed, yaml-cpp reads every other '[' as a flow mapping (a possible key): still stopped.
  EXPECT_TRUE(yaml::checkLimits("a: " + std::string(300000, '[')));
  EXPECT_FALSE(yaml::checkLimits("a: [[[1]]]\nb: {c: d}\n"));
  EXPECT_FALSE(yaml::checkLimits("a: [unclosed"));  // a syntax error is the parser's to report
}

TEST(HostileDepth, CliIndentationPastTheLimitIsRejectedAtItsLine) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::string(static_cast<std::size_t>(i), ' ') + "interface x\n";
  try {
    cli::parseConfigText(text, "deep.cfg");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_TRUE(has(e.what(), fmt::format("deep.cfg:{}:{}: nesting deeper than 256 levels",
                                          limits::kMaxNestingDepth + 1, limits::kMaxNestingDepth + 1)))
        << e.what();
  }
}

TEST(HostileDepth, DeepJsonInEveryJsonInputExitsTwoAtItsLocation) {
  test::TempDir dir;
  std::string lldp = dir.write("fabric/lldp.json", "{\"lldp\": {\"interface\": " + std::string(35000, '[') + "}}");
  std::string nested(1, '\n');
  nested += repeat("{\"a\":", 300000);
  std::string config_db = dir.write("fabric/leaf1.json", nested);
  CliRun r = run("check " + dir.path() + "/fabric --format json");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "nesting deeper than 256 levels (the nesting depth limit")) << r.out.substr(0, 2000);
  EXPECT_TRUE(has(r.out, "\"file\": \"" + lldp + "\"")) << r.out.substr(0, 4000);
  EXPECT_TRUE(has(r.out, "\"file\": \"" + config_db + "\"")) << r.out.substr(0, 4000);
  CliRun text = run("check " + dir.path() + "/fabric");
  EXPECT_TRUE(has(text.out, config_db + ":2:1281: error[CFG006]: invalid JSON: nesting deeper than 256 levels"))
      << text.out;

  std::string baseline = dir.write("baseline.json", std::string(300000, '['));
  CliRun b = run("check " + sample("leafspine-clean") + " --baseline " + baseline);
  EXPECT_EQ(b.code, 2);
  EXPECT_TRUE(has(b.out, baseline + ":1:257: invalid JSON: nesting deeper than 256 levels")) << b.out;
}

TEST(HostileDepth, DeepYamlInEveryYamlInputExitsTwoAtItsLocation) {
  test::TempDir dir;
  std::string nvue =
      dir.write("fabric/leaf1/startup.yaml",
                "- set:\n    system:\n      hostname: leaf1\n    interface:\n      swp1: " + std::string(300000, '[') +
                    std::string(300000, ']'));
  CliRun r = run("check " + dir.path() + "/fabric");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, nvue + ":5:265: error[CFG006]: nesting deeper than 256 levels")) << r.out;

  std::string config = dir.write("rocelint.yaml", "rules: " + std::string(300000, '[') + std::string(300000, ']'));
  CliRun c = run("check " + sample("leafspine-clean") + " --config " + config);
  EXPECT_EQ(c.code, 2);
  EXPECT_TRUE(has(c.out, config + ":1:263: nesting deeper than 256 levels")) << c.out;

  std::string topo = dir.write(
      "topo/topology.yaml", "rocelint-topology: 1\nswitches: " + std::string(300000, '[') + std::string(300000, ']'));
  CliRun t = run("check " + dir.path() + "/topo");
  EXPECT_EQ(t.code, 2);
  EXPECT_TRUE(has(t.out, topo + ":2")) << t.out;
  EXPECT_TRUE(has(t.out, "nesting depth limit")) << t.out;
}

TEST(HostileDepth, MaxDepthLowersAndRaisesTheLimitOfEveryFabricFormat) {
  // config_db nests 3 levels (the file, a table, an entry): at --max-depth 2 every file is CFG006.
  CliRun json = run("check " + test::sourceDir() + "/samples/leafspine-clean -q --max-depth 2");
  EXPECT_EQ(json.code, 2) << json.out;
  EXPECT_TRUE(has(json.out, "leaf1.json:3:")) << json.out;  // "10.0.0.0": { opens level 3
  EXPECT_TRUE(has(json.out, "nesting deeper than 2 levels (the nesting depth limit, --max-depth, docs/reliability.md)"))
      << json.out;
  // Junos nests far deeper (interfaces { et-0/0/0 { unit 0 { family inet { ... } } } }).
  CliRun junos = run("check " + test::sourceDir() + "/samples/leafspine-junos -q --max-depth 3");
  EXPECT_EQ(junos.code, 2) << junos.out;
  EXPECT_TRUE(has(junos.out, "expected at most 3 levels of nested blocks in a Junos configuration")) << junos.out;
  // Raised, a file 280 levels deep is read (it is no configuration, but no limit stops it).
  test::TempDir dir;
  dir.write("fabric/deep.json", repeat("{\"a\":", 280) + "1" + std::string(280, '}'));
  CliRun deep = run("check " + dir.path() + "/fabric -q");
  EXPECT_TRUE(has(deep.out, "nesting deeper than 256 levels")) << deep.out;
  CliRun raised = run("check " + dir.path() + "/fabric -q --max-depth 300");
  EXPECT_FALSE(has(raised.out, "nesting deeper")) << raised.out;
  // YAML stops at 480 whatever the flag says (yaml-cpp itself gives up near 500 with "bad file").
  dir.write("yaml/leaf1/startup.yaml", "- set:\n    system:\n      hostname: leaf1\n    x: " + std::string(600, '[') +
                                           "1" + std::string(600, ']') + "\n");
  CliRun yaml = run("check " + dir.path() + "/yaml -q --max-depth 1024");
  EXPECT_TRUE(has(yaml.out,
                  "startup.yaml:4:485: error[CFG006]: nesting deeper than 480 levels (the nesting depth "
                  "limit, --max-depth; YAML at most 480, docs/reliability.md)"))
      << yaml.out;
  // The range is bounded: the readers recurse, so the stack bounds how deep they may go.
  CliRun too_deep = run("check " + dir.path() + "/fabric -q --max-depth 5000");
  EXPECT_EQ(too_deep.code, 2);
  EXPECT_TRUE(has(too_deep.out, "--max-depth: Value 5000 not in range 1 to 1024")) << too_deep.out;
}

// --- 2. YAML aliases -------------------------------------------------------------------------------

TEST(HostileYaml, AliasBombIsStoppedAtTheAliasThatExceedsTheBudget) {
  auto failure = yaml::checkLimits(aliasBomb(9));
  ASSERT_TRUE(failure);
  // Levels 1-4 add 74,340 nodes; the first alias of level 5 (66,430 more) passes 100,000.
  EXPECT_EQ(failure->line, 10);
  EXPECT_TRUE(has(failure->message, "aliases expand to more than 100000 nodes (the YAML alias expansion limit"))
      << failure->message;
  // Aliases a real file uses (a shared profile) are fine.
  EXPECT_FALSE(yaml::checkLimits("a: &p {x: 1, y: 2}\nb: *p\nc: *p\n"));
  // An alias inside its own anchor's node would make a cyclic tree.
  auto cycle = yaml::checkLimits("a: &a [1, *a]\n");
  ASSERT_TRUE(cycle);
  EXPECT_TRUE(has(cycle->message, "cycle")) << cycle->message;
  EXPECT_EQ(cycle->column, 11);
}

// yaml-cpp 0.7 never returns from a stray flow indicator outside a flow collection (found by
// fuzz_containerlab, fuzz_topology, fuzz_nvue and fuzz_rocelint_yaml): a syntax error at it instead.
TEST(HostileYaml, AStrayCommaIsASyntaxErrorNotAHang) {
  auto comma = yaml::checkLimits(",");
  ASSERT_TRUE(comma);
  EXPECT_EQ(comma->line, 1);
  EXPECT_EQ(comma->column, 1);
  EXPECT_EQ(comma->message, "invalid YAML: unexpected ',' outside a flow collection");
  auto later = yaml::checkLimits("a: 1\n---\n,\n");
  ASSERT_TRUE(later);
  EXPECT_EQ(later->line, 3);
  // Empty documents that do advance are fine.
  EXPECT_FALSE(yaml::checkLimits("---\n---\n"));
  test::TempDir dir;
  dir.write("fabric/leaf1/startup.yaml", ",\n");
  std::string config = dir.write("fabric/.rocelint.yaml", "rules: {}\n---\n,\n");
  CliRun r = run("check " + dir.path() + "/fabric");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, config + ":3:1: invalid YAML: unexpected ',' outside a flow collection")) << r.out;
  std::filesystem::remove(config);
  CliRun nvue = run("check " + dir.path() + "/fabric");
  EXPECT_EQ(nvue.code, 2) << nvue.out;
}

TEST(HostileYaml, AliasBombInNvueStartupYamlExitsTwoQuickly) {
  test::TempDir dir;
  std::string nvue = dir.write("fabric/leaf1/startup.yaml", aliasBomb(9));
  CliRun r = run("check " + dir.path() + "/fabric");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, nvue + ":10:16: error[CFG006]: aliases expand to more than 100000 nodes")) << r.out;
}

TEST(HostileYaml, MaxYamlAliasNodesSetsTheBudget) {
  test::TempDir dir;
  // One anchored mapping of 7 nodes (the mapping, 3 keys, 3 values) referred to 10 times: the third
  // alias (line 8) brings the aliases' nodes to 21.
  std::string yaml = "- set:\n    system:\n      hostname: leaf1\n    x:\n      base: &p {a: 1, b: 2, c: 3}\n";
  for (int i = 0; i < 10; ++i) yaml += "      copy" + std::to_string(i) + ": *p\n";
  std::string nvue = dir.write("fabric/leaf1/startup.yaml", yaml);
  CliRun fine = run("check " + dir.path() + "/fabric -q");
  EXPECT_FALSE(has(fine.out, "alias expansion limit")) << fine.out;
  CliRun tight = run("check " + dir.path() + "/fabric -q --max-yaml-alias-nodes 20");
  EXPECT_EQ(tight.code, 2) << tight.out;
  EXPECT_TRUE(has(tight.out, nvue + ":8:14: error[CFG006]: aliases expand to more than 20 nodes (the YAML alias "
                                    "expansion limit, "
                                    "--max-yaml-alias-nodes, docs/reliability.md)"))
      << tight.out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// --- 3. Every path a regular file, or a finding ----------------------------------------------------

std::string makeFifo(const test::TempDir& dir, const std::string& name) {
  std::string path = dir.path() + "/" + name;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
  return path;
}

TEST(HostilePaths, FifoAsConfigOrBaselineIsAnErrorNotAHang) {
  test::TempDir dir;
  std::string fifo = makeFifo(dir, "pipe");
  CliRun c = run("check " + sample("leafspine-clean") + " --config " + fifo);
  EXPECT_EQ(c.code, 2);
  EXPECT_TRUE(has(c.out, fifo + ": not a regular file")) << c.out;
  CliRun b = run("check " + sample("leafspine-clean") + " --baseline " + fifo);
  EXPECT_EQ(b.code, 2);
  EXPECT_TRUE(has(b.out, fifo + ": the baseline must be a regular file")) << b.out;
  CliRun p = run("check " + fifo);
  EXPECT_EQ(p.code, 2);
  EXPECT_TRUE(has(p.out, fifo + ": not a regular file or directory")) << p.out;
}

TEST(HostilePaths, FifoInTheFabricIsASkipNoteAndAFifoRocelintYamlAnError) {
  test::TempDir dir;
  std::filesystem::copy(sample("leafspine-clean"), dir.path() + "/fabric", std::filesystem::copy_options::recursive);
  std::string fifo = makeFifo(dir, "fabric/leaf9.json");
  CliRun r = run("check " + dir.path() + "/fabric --fail-on error");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, fifo + " skipped: not a regular file (a FIFO, device or socket): not read")) << r.out;
  std::string config = makeFifo(dir, "fabric/.rocelint.yaml");
  CliRun c = run("check " + dir.path() + "/fabric");
  EXPECT_EQ(c.code, 2);
  EXPECT_TRUE(has(c.out, config + ": not a regular file")) << c.out;
}

TEST(HostilePaths, SymlinksInsideAreFollowedLoopsAndOutsideLinksAreNotes) {
  test::TempDir dir;
  namespace fs = std::filesystem;
  fs::copy(sample("leafspine-clean"), dir.path() + "/store", fs::copy_options::recursive);
  fs::create_directories(dir.path() + "/fabric/real");
  // Every switch file moved into real/, and the fabric reaches it through a link.
  std::size_t switches = 0;
  for (const auto& e : fs::directory_iterator(dir.path() + "/store")) {
    if (e.path().extension() != ".json") continue;
    fs::copy(e.path(), dir.path() + "/fabric/real/" + e.path().filename().string());
    ++switches;
  }
  fs::create_directory_symlink("real", dir.path() + "/fabric/linked");
  fs::create_directory_symlink(".", dir.path() + "/fabric/real/loop");
  fs::create_symlink("self", dir.path() + "/fabric/self");
  fs::create_symlink(dir.path() + "/store/leaf1.json", dir.path() + "/fabric/outside.json");
  CliRun r = run("check " + dir.path() + "/fabric --format json");
  auto doc = nlohmann::json::parse(r.out.substr(0, r.out.rfind('}') + 1), nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << r.out;
  EXPECT_EQ(doc["summary"]["switches"], switches) << r.out.substr(0, 3000);
  CliRun text = run("check " + dir.path() + "/fabric");
  EXPECT_TRUE(has(text.out, "/fabric/self skipped: symbolic link not followed")) << text.out;
  EXPECT_TRUE(has(text.out, "/fabric/outside.json skipped: symbolic link to")) << text.out;
  EXPECT_TRUE(has(text.out, "outside the fabric directory: not read (--follow-outside-links reads it)")) << text.out;
  EXPECT_TRUE(has(text.out, "skipped: directory not read again")) << text.out;
}

TEST(HostilePaths, OutputAndWriteBaselineNeverReplaceAnInput) {
  test::TempDir dir;
  std::filesystem::copy(sample("leafspine-clean"), dir.path() + "/fabric", std::filesystem::copy_options::recursive);
  std::string leaf;
  for (const auto& e : std::filesystem::directory_iterator(dir.path() + "/fabric")) {
    if (e.path().extension() == ".json") leaf = e.path().string();
  }
  ASSERT_FALSE(leaf.empty());
  std::string before = slurp(leaf);
  CliRun o = run("check " + dir.path() + "/fabric -o " + leaf);
  EXPECT_EQ(o.code, 2);
  EXPECT_TRUE(has(o.out, leaf + ": the output file must not be an input of the run")) << o.out;
  CliRun w = run("check " + dir.path() + "/fabric --write-baseline " + leaf);
  EXPECT_EQ(w.code, 2);
  EXPECT_TRUE(has(w.out, leaf + ": the baseline file to write must not be an input of the run")) << w.out;
  CliRun d = run("diff " + dir.path() + "/fabric " + dir.path() + "/fabric -o " + leaf);
  EXPECT_EQ(d.code, 2);
  EXPECT_EQ(slurp(leaf), before);
  // A new file, or one outside the fabric, is written.
  EXPECT_EQ(run("check " + dir.path() + "/fabric -o " + dir.path() + "/report.txt").code, 0);
}

TEST(HostilePaths, AReportThatCannotBeWrittenIsAnErrorNotASilentPass) {
  // /dev/full takes the open and fails the write (ENOSPC): the run used to exit 0 with no report.
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  CliRun o = run("check " + sample("leafspine-clean") + " -o /dev/full");
  EXPECT_EQ(o.code, 2) << o.out;
  EXPECT_TRUE(has(o.out, "rocelint: error: /dev/full: cannot write the report: No space left on device")) << o.out;
  CliRun w = run("check " + sample("leafspine-broken") + " --write-baseline /dev/full");
  EXPECT_EQ(w.code, 2) << w.out;
  EXPECT_TRUE(has(w.out, "/dev/full: cannot write baseline file: No space left on device")) << w.out;
  test::TempDir dir;
  std::string file = dir.write("out", "");
  CliRun f = run("fix " + sample("leafspine-broken") + " --out " + file);
  EXPECT_EQ(f.code, 2) << f.out;
  EXPECT_TRUE(has(f.out, file + ": the output directory exists and is not a directory")) << f.out;
  // Standard output full: exit 2, not the findings' exit 1 (the message goes to the same full file).
  EXPECT_EQ(run("check " + sample("leafspine-broken") + " >/dev/full").code, 2);
  EXPECT_EQ(run("rules >/dev/full").code, 2);
}

// --- 4. Text is valid text ------------------------------------------------------------------------

/// The EOS sample copied to `dir/name`, with `edit` applied to leaf1.cfg's text.
std::string eosFabric(const test::TempDir& dir, const std::string& name,
                      const std::function<std::string(std::string)>& edit) {
  namespace fs = std::filesystem;
  std::string fabric = dir.path() + "/" + name;
  fs::copy(sample("leafspine-eos"), fabric, fs::copy_options::recursive);
  std::string leaf = fabric + "/leaf1.cfg";
  std::string text = edit(slurp(leaf));
  std::ofstream(leaf, std::ios::binary) << text;
  return fabric;
}

/// A report with the fabric's own path taken out, so two copies of a fabric compare.
std::string withoutPath(const std::string& out, const std::string& path) {
  std::string result;
  std::size_t from = 0;
  for (std::size_t at = out.find(path); at != std::string::npos; at = out.find(path, from)) {
    result += out.substr(from, at - from) + "F";
    from = at + path.size();
  }
  return result + out.substr(from);
}

TEST(HostileText, CrOnlyCrlfAndBomFilesReadLikeLf) {
  test::TempDir dir;
  auto same = [](std::string t) { return t; };
  auto cr_only = [](std::string t) {
    for (char& c : t) c = c == '\n' ? '\r' : c;
    return t;
  };
  auto bom_crlf = [](std::string t) {
    std::string out = "\xEF\xBB\xBF";
    for (char c : t) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
  };
  std::string lf = eosFabric(dir, "lf", same);
  CliRun base = run("check " + lf + " --format json");
  ASSERT_EQ(base.code, 0) << base.out;
  ASSERT_TRUE(has(base.out, "\"switches\": 6")) << base.out;
  using Edit = std::function<std::string(std::string)>;
  for (const auto& [name, edit] : std::vector<std::pair<std::string, Edit>>{{"cr", cr_only}, {"crlf", bom_crlf}}) {
    std::string fabric = eosFabric(dir, name, edit);
    CliRun r = run("check " + fabric + " --format json");
    EXPECT_EQ(r.code, 0) << name << r.out;
    EXPECT_EQ(withoutPath(r.out, fabric), withoutPath(base.out, lf)) << name;
  }
}

TEST(HostileText, InvalidUtf8InAHostNameIsCfg005AtItsPlaceAndEveryOutputIsValid) {
  test::TempDir dir;
  std::string fabric = eosFabric(dir, "bad", [](std::string t) {
    std::size_t at = t.find("hostname leaf1");
    return t.substr(0, at) +
           "hostname leaf\xFF"
           "1" +
           t.substr(at + 14);
  });
  CliRun text = run("check " + fabric);
  EXPECT_EQ(text.code, 1) << text.out;
  EXPECT_TRUE(has(text.out, fabric + "/leaf1.cfg:6:14: error[CFG005]: bytes that are not UTF-8 text (0xFF): read as "
                                     "U+FFFD (\xEF\xBF\xBD); a name or value containing it matches nothing else"))
      << text.out;
  for (const char* format : {"json", "sarif"}) {
    CliRun r = run(std::string("check ") + fabric + " --format " + format + " -q");
    EXPECT_EQ(r.code, 1) << format;
    auto doc = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << format << r.out.substr(0, 2000);
  }
  CliRun json = run("check " + fabric + " --format json -q");
  auto doc = nlohmann::json::parse(json.out);
  bool found = false;
  for (const auto& f : doc["findings"]) {
    if (f["rule"] != "CFG005") continue;
    found = true;
    EXPECT_EQ(f["location"]["line"], 6);
    EXPECT_EQ(f["location"]["column"], 14);
  }
  EXPECT_TRUE(found) << json.out.substr(0, 3000);
}

TEST(HostileText, NulInAConfigDbValueIsCfg005AndTheFileIsStillRead) {
  test::TempDir dir;
  namespace fs = std::filesystem;
  std::string fabric = dir.path() + "/fabric";
  fs::copy(sample("leafspine-clean"), fabric, fs::copy_options::recursive);
  std::string leaf = fabric + "/leaf1.json";
  std::string text = slurp(leaf);
  std::size_t at = text.find("\"hostname\"");
  ASSERT_NE(at, std::string::npos);
  std::size_t value = text.find('"', text.find(':', at)) + 1;
  text = text.substr(0, value) + std::string("\0", 1) + text.substr(value);
  std::ofstream(leaf, std::ios::binary) << text;
  CliRun r = run("check " + fabric + " --format json -q");
  auto doc = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << r.out.substr(0, 2000);
  EXPECT_EQ(doc["summary"]["switches"], 6);
  int cfg005 = 0;
  for (const auto& f : doc["findings"]) {
    EXPECT_NE(f["rule"], "CFG006") << f.dump();
    if (f["rule"] == "CFG005" && has(f["message"].get<std::string>(), "NUL byte(s) (0x00)")) ++cfg005;
  }
  EXPECT_EQ(cfg005, 1) << r.out.substr(0, 3000);
}

TEST(HostileText, AnEscapedNulInAConfigDbHostNameIsCfg005AtTheValue) {
  // "\u0000" is valid JSON; the host name used to hold a NUL with no finding.
  test::TempDir dir;
  namespace fs = std::filesystem;
  std::string fabric = dir.path() + "/fabric";
  fs::copy(sample("leafspine-clean"), fabric, fs::copy_options::recursive);
  std::string leaf = fabric + "/leaf1.json";
  std::string text = slurp(leaf);
  std::size_t at = text.find("\"hostname\": \"leaf1\"");
  ASSERT_NE(at, std::string::npos);
  int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  int column = static_cast<int>(at - text.rfind('\n', at)) + 12;  // the value's quote
  text.replace(at, 19, "\"hostname\": \"leaf\\u0000x\"");
  std::ofstream(leaf, std::ios::binary) << text;
  CliRun r = run("check " + fabric);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(
      has(r.out, fmt::format("{}:{}:{}: error[CFG005]: /DEVICE_METADATA/localhost/hostname holds U+0000, written "
                             "as \\u0000: read as U+FFFD",
                             leaf, line, column)))
      << r.out;
  auto doc = nlohmann::json::parse(run("check " + fabric + " --format json -q").out, nullptr, false);
  ASSERT_FALSE(doc.is_discarded());
  bool found = false;
  for (const auto& f : doc["findings"]) {
    if (f["rule"] != "CFG005") continue;
    found = true;
    EXPECT_EQ(f["location"]["line"], line);
    EXPECT_EQ(f["location"]["column"], column);
    EXPECT_EQ(f["switch"], "leaf\xEF\xBF\xBDx");
  }
  EXPECT_TRUE(found) << doc.dump().substr(0, 2000);
}

TEST(HostileText, AFileNameThatIsNotUtf8StillGivesValidReports) {
  test::TempDir dir;
  namespace fs = std::filesystem;
  std::string fabric = dir.path() + "/fabric";
  fs::copy(sample("leafspine-clean"), fabric, fs::copy_options::recursive);
  std::ofstream(fabric + "/leaf\xE9.json", std::ios::binary) << "{\"PORT\": [";  // Latin-1 name, truncated JSON
  for (const char* format : {"json", "sarif"}) {
    CliRun r = run(std::string("check ") + fabric + " --format " + format + " -q");
    EXPECT_EQ(r.code, 2) << format << r.out;
    std::string report = r.out.substr(0, r.out.rfind('}') + 1);
    auto doc = nlohmann::json::parse(report, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << format << r.out.substr(0, 2000);
    // JSON replaces the byte by U+FFFD; a SARIF URI percent-encodes it (RFC 3986).
    std::string name = std::string(format) == "sarif" ? "leaf%E9.json" : "leaf\xEF\xBF\xBD.json";
    EXPECT_TRUE(has(report, name)) << report.substr(0, 2000);
  }
}

TEST(HostileText, AFileOverTheSizeLimitIsLeftOutUnreadAndSaysWhichLimit) {
  test::TempDir dir;
  namespace fs = std::filesystem;
  std::string fabric = dir.path() + "/fabric";
  fs::copy(sample("leafspine-clean"), fabric, fs::copy_options::recursive);
  // leaf1.json padded past the limit (trailing white space: still valid JSON); the others stay under it.
  { std::ofstream(fabric + "/leaf1.json", std::ios::app) << std::string(100'000, ' '); }
  auto size = fs::file_size(fabric + "/leaf1.json");
  std::string limit = "100000";
  // A sparse file far over the limit costs no read and no memory.
  std::string huge = fabric + "/leaf9.json";
  { std::ofstream(huge, std::ios::binary) << "{"; }
  fs::resize_file(huge, std::uintmax_t{3} << 30);
  CliRun r = run("check " + fabric + " -q --max-file-size " + limit);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, fabric + "/leaf1.json:1:1: error[CFG006]: the file is " + std::to_string(size) +
                             " bytes, larger than the limit of " + limit +
                             " bytes (--max-file-size): the file was not read, so it is left out of the fabric"))
      << r.out.substr(0, 3000);
  EXPECT_TRUE(has(r.out,
                  "leaf9.json:1:1: error[CFG006]: the file is 3072.0 MiB (3221225472 bytes), larger than the "
                  "limit of"))
      << r.out.substr(0, 3000);
  EXPECT_TRUE(has(r.out, "fix: split the file, or raise --max-file-size if it really is one configuration"));
  EXPECT_TRUE(has(r.out, "file(s) not read or not well-formed were left out of the fabric (CFG006)"));
  CliRun d = run("check " + fabric + " -q");  // the default limit, 1 GiB, still reads leaf1 and not leaf9
  EXPECT_EQ(d.code, 2);
  EXPECT_TRUE(has(d.out, "larger than the limit of 1024.0 MiB (1073741824 bytes)")) << d.out.substr(0, 3000);
  EXPECT_FALSE(has(d.out, "leaf1.json:1: error[CFG006]"));
}

TEST(HostileText, ConfigurationAndBaselineMustBeUtf8) {
  test::TempDir dir;
  std::string config = dir.write("c.yaml", "params:\n  asic: \xFF\n");
  CliRun c = run("check " + sample("leafspine-clean") + " --config " + config);
  EXPECT_EQ(c.code, 2);
  EXPECT_TRUE(has(c.out, config + ":2:9: bytes that are not UTF-8 text (0xFF): the file must be UTF-8 text")) << c.out;
  std::string baseline = dir.write("b.json", std::string("{\"rocelint_baseline\": 1,\0", 25));
  CliRun b = run("check " + sample("leafspine-clean") + " --baseline " + baseline);
  EXPECT_EQ(b.code, 2);
  EXPECT_TRUE(has(b.out, baseline + ":1:25: NUL byte (0x00): the file must be UTF-8 text")) << b.out;
}

TEST(HostileText, DuplicateKeysAndAnObjectForAListAreCfg005AtTheValue) {
  test::TempDir dir;
  namespace fs = std::filesystem;
  std::string fabric = dir.path() + "/fabric";
  fs::copy(sample("leafspine-clean"), fabric, fs::copy_options::recursive);
  std::string leaf = fabric + "/leaf1.json";
  auto doc = nlohmann::ordered_json::parse(slurp(leaf));
  ASSERT_TRUE(doc["PORT_QOS_MAP"].contains("Ethernet0")) << "sample changed";
  doc["PORT_QOS_MAP"]["Ethernet0"]["pfc_enable"] = nlohmann::ordered_json::object({{"3", "on"}});
  std::string text = doc.dump(4);
  // A second "mtu" written into PORT|Ethernet0 by hand (nlohmann cannot hold two).
  std::size_t port = text.find("\"Ethernet0\": {", text.find("\"PORT\": {"));
  ASSERT_NE(port, std::string::npos);
  std::size_t open = text.find('{', port) + 1;
  text = text.substr(0, open) + "\n            \"mtu\": \"1500\"," + text.substr(open);
  std::ofstream(leaf, std::ios::binary) << text;
  CliRun r = run("check " + fabric + " --format json -q");
  auto report = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << r.out.substr(0, 2000);
  std::vector<std::string> cfg005;
  for (const auto& f : report["findings"]) {
    if (f["rule"] == "CFG005" && f["switch"] == "leaf1") cfg005.push_back(f["message"].get<std::string>());
  }
  ASSERT_EQ(cfg005.size(), 2u) << r.out.substr(0, 4000);
  std::string all = cfg005[0] + "\n" + cfg005[1];
  EXPECT_TRUE(has(all, "/PORT/Ethernet0/mtu is given twice in one object (first at")) << all;
  EXPECT_TRUE(has(all, "the last value is used")) << all;
  EXPECT_TRUE(has(all, "pfc_enable")) << all;
  EXPECT_TRUE(has(all, "expected a comma-separated list of priorities 0-7")) << all;
}

// --- 5. Entity limits and time limits --------------------------------------------------------------

// leafspine-clean: 6 switches (leaf1-4, spine1-2 in name order), 4 ports each in natural order
// (Ethernet0, 8, 16, 24), 8 links found leaf by leaf (each leaf's Ethernet0 then Ethernet8).
TEST(HostileSize, EachEntityLimitIsExitTwoAtTheEntityThatPassesIt) {
  std::string fabric = sample("leafspine-clean");
  CliRun sw = run("check " + fabric + " -q --max-switches 5");
  EXPECT_EQ(sw.code, 2);
  EXPECT_TRUE(has(sw.out,
                  "spine2.json:1:1: the fabric has 6 switches, more than 5 (the switch limit, --max-switches, "
                  "docs/reliability.md): spine2 is the first switch past it"))
      << sw.out;
  // Ports 0-3 leaf1, 4-7 leaf2, 8-9 leaf3 Ethernet0 and Ethernet8: the 11th is leaf3 Ethernet16, at its PORT entry.
  CliRun ports = run("check " + fabric + " -q --max-ports 10");
  EXPECT_EQ(ports.code, 2);
  EXPECT_TRUE(has(ports.out,
                  "leaf3.json:322:23: the fabric has more than 10 ports (the port limit, --max-ports, "
                  "docs/reliability.md): leaf3 Ethernet16 is the first port past it"))
      << ports.out;
  // Links 0-1 leaf1, 2-3 leaf2, 4 leaf3 Ethernet0: the 6th is leaf3 Ethernet8, at its DEVICE_NEIGHBOR entry.
  CliRun links = run("check " + fabric + " -q --max-links 5");
  EXPECT_EQ(links.code, 2);
  EXPECT_TRUE(has(links.out,
                  "leaf3.json:165:22: the fabric has 8 switch-to-switch links, more than 5 (the link "
                  "limit, --max-links, docs/reliability.md): leaf3 Ethernet8 is on the first link past it"))
      << links.out;
  // At the limit is within it.
  EXPECT_EQ(run("check " + fabric + " -q --max-switches 6 --max-ports 24 --max-links 8").code, 0);
}

TEST(HostileSize, AWhatIfThatHitsItsTimeLimitSaysHowFarItGotAndExitsTwo) {
  std::string fabric = test::sourceDir() + "/tests/fixtures/DL008/sonic/good";
  CliRun full = run("check " + fabric + " -q");
  EXPECT_EQ(full.code, 0) << full.out;
  CliRun stopped = run("check " + fabric + " -q --whatif-time-limit 0.000001");
  EXPECT_EQ(stopped.code, 2) << stopped.out;
  EXPECT_TRUE(has(stopped.out,
                  "warning[DL008]: the link-failure what-if stopped at its time limit of 1e-06 s after 0 "
                  "of 4 single failures and 0 of 6 pairs"))
      << stopped.out;
  EXPECT_TRUE(has(stopped.out,
                  "rocelint: error: the link-failure what-if stopped at its time limit of 1e-06 s after "
                  "0 of 4 single failures and 0 of 6 pairs (DL008): the deadlock verdict is partial"))
      << stopped.out;
}

TEST(HostileSize, ASolverThatHitsItsTimeLimitIsEcn005AndExitsTwoEvenSuppressed) {
  std::string fabric = test::sourceDir() + "/tests/fixtures/ECN004/sonic/bad";
  CliRun full = run("check " + fabric + " -q --solver-time-limit 0");  // 0: no limit
  EXPECT_TRUE(has(full.out, "warning[ECN004]")) << full.out;
  EXPECT_FALSE(has(full.out, "ECN005")) << full.out;
  CliRun stopped = run("check " + fabric + " -q --solver-time-limit 0.000001");
  EXPECT_EQ(stopped.code, 2) << stopped.out;
  EXPECT_FALSE(has(stopped.out, "[ECN004]")) << stopped.out;  // no answer is no verdict, not "clean"
  EXPECT_TRUE(has(stopped.out,
                  "leaf1.json:369:36: warning[ECN005]: whether lossless PG 3 on leaf1 Ethernet0 (BUFFER_PROFILE "
                  "pg_lossless_400000_40m_profile) can pause its upstream before queue 3 of Ethernet0 marks ECN "
                  "(WRED_PROFILE AZURE_LOSSLESS) got no answer within the solver time limit of 1e-06 s (not asked: "
                  "the time limit was already spent): ECN004 has no verdict for it"))
      << stopped.out;
  EXPECT_TRUE(has(stopped.out,
                  "rocelint: error: the ECN-before-PFC solver left 6 of 6 question(s) on 2 switch(es) unanswered "
                  "at its time limit of 1e-06 s (ECN005): the ECN-before-PFC verdict is partial"))
      << stopped.out;
  // Disabling or suppressing the finding does not make a partial verdict pass the gate.
  test::TempDir dir;
  std::string config = dir.write("rocelint.yaml", "suppressions:\n  - rule: ECN005\n    reason: test\n");
  CliRun suppressed = run("check " + fabric + " -q --solver-time-limit 0.000001 --config " + config);
  EXPECT_EQ(suppressed.code, 2) << suppressed.out;
  EXPECT_TRUE(has(suppressed.out, "the ECN-before-PFC verdict is partial")) << suppressed.out;
}

// --- 6. XML: no entity expanded, nesting bounded --------------------------------------------------

constexpr const char* kMinigraphRoot = "<DeviceMiniGraph xmlns=\"Microsoft.Search.Autopilot.Evolution\">";

std::string errorOf(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no InputError";
}

TEST(HostileXml, ADoctypeWithAnInternalSubsetStillLeavesTheRootRecognised) {
  // The subset's declarations end in '>' (even inside quotes and comments), the DOCTYPE only at "]>".
  std::string prolog =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE DeviceMiniGraph [\n  <!-- ] > -->\n  <!ATTLIST a b CDATA \"]>\">\n]>\n";
  EXPECT_TRUE(sonic::looksLikeMinigraph(prolog + kMinigraphRoot + "</DeviceMiniGraph>"));
  EXPECT_TRUE(sonic::looksLikeMinigraph(std::string("<!DOCTYPE DeviceMiniGraph SYSTEM \"a>b.dtd\">") + kMinigraphRoot +
                                        "</DeviceMiniGraph>"));
  EXPECT_TRUE(
      junos::looksLikeJunos("<!DOCTYPE rpc-reply [\n<!ENTITY a \"b\">\n]>\n"
                            "<rpc-reply xmlns:junos=\"http://xml.juniper.net/junos/\"><configuration/></rpc-reply>"));
}

TEST(HostileXml, AnEntityDeclarationIsRefusedAtItsPlaceNotExpanded) {
  // A "billion laughs": ten references per level, nine levels; pugixml would leave "&l9;" as written.
  std::string dtd = "<!DOCTYPE DeviceMiniGraph [\n  <!ENTITY l0 \"lol\">\n";
  for (int l = 1; l <= 9; ++l)
    dtd += fmt::format("  <!ENTITY l{} \"{}\">\n", l, repeat(fmt::format("&l{};", l - 1), 10));
  dtd += "]>\n";
  std::string graph =
      "<?xml version=\"1.0\"?>\n" + dtd + kMinigraphRoot + "<Hostname>&l9;</Hostname></DeviceMiniGraph>";
  ASSERT_TRUE(sonic::looksLikeMinigraph(graph));
  std::string error = errorOf([&] { sonic::parseMinigraph(graph, "leaf1.xml"); });
  EXPECT_TRUE(has(error, "leaf1.xml:3:3: an XML entity declaration (<!ENTITY …>): rocelint expands no entity"))
      << error;
  std::string junos =
      "<!DOCTYPE rpc-reply [\n<!ENTITY h \"qfx1\">\n]>\n<rpc-reply xmlns:junos=\"http://xml.juniper.net/"
      "junos/\"><configuration><system><host-name>&h;</host-name></system></configuration></rpc-reply>";
  ASSERT_TRUE(junos::looksLikeJunos(junos));
  error = errorOf([&] { junos::parse(junos, "qfx1.xml"); });
  EXPECT_TRUE(has(error, "qfx1.xml:2:1: an XML entity declaration (<!ENTITY …>)")) << error;
}

TEST(HostileXml, MinigraphNestingPastTheLimitIsRejectedAtTheElement) {
  auto nested = [](int levels) {
    return std::string(kMinigraphRoot) + "<Hostname>leaf1</Hostname>" + repeat("<a>", levels) + repeat("</a>", levels) +
           "</DeviceMiniGraph>";
  };
  // The root is level 1: 255 nested elements reach level 256, the limit.
  EXPECT_FALSE(has(errorOf([&] { sonic::parseMinigraph(nested(limits::kMaxNestingDepth - 1), "g.xml"); }), "nesting"));
  std::string prefix = std::string(kMinigraphRoot) + "<Hostname>leaf1</Hostname>";
  for (int levels : {limits::kMaxNestingDepth, 1'000'000}) {
    std::string error = errorOf([&] { sonic::parseMinigraph(nested(levels), "g.xml"); });
    EXPECT_TRUE(has(error, fmt::format("g.xml:1:{}: XML nesting deeper than 256 levels (the nesting depth limit",
                                       prefix.size() + 3 * (limits::kMaxNestingDepth - 1) + 1)))
        << error.substr(0, 300);
  }
}

}  // namespace
}  // namespace rocelint
