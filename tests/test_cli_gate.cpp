// The rocelint binary as a CI gate: it never passes on nothing, explicit paths must be inputs,
// --exit-zero, and a directory of several fabrics (a .rocelint.yaml per pod) checked pod by pod.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <set>

#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_util.hpp"

namespace rocelint {
namespace {

using test::CliRun;

CliRun run(const std::string& args, const std::string& redirect = "2>&1") { return test::runCli(args, redirect); }

// Standard error only: the report on standard output is dropped.
const std::string kStderrOnly = "2>&1 >/dev/null";

std::string sample(const std::string& name) { return test::sourceDir() + "/samples/" + name; }

void copySample(const std::string& name, const std::filesystem::path& to) {
  std::filesystem::create_directories(to);
  std::filesystem::copy(sample(name), to, std::filesystem::copy_options::recursive);
}

TEST(CliGate, EmptyDirectoryIsAnErrorSayingNothingWasFound) {
  test::TempDir dir;
  CliRun r = run("check " + dir.path(), kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(
      r.out,
      fmt::format("rocelint: error: no configuration, topology or LLDP file recognised in {}: no file found (hidden "
                  "files such as .rocelint.yaml are not inputs)\n",
                  dir.path()));
}

TEST(CliGate, ReadmeOnlyDirectoryNamesWhatWasFound) {
  test::TempDir dir;
  dir.write("README.md", "# pod 1\n");
  dir.write("notes.json", R"({"owner": "netops"})");
  CliRun r = run("check " + dir.path(), kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(
      r.out,
      fmt::format("rocelint: error: no configuration, topology or LLDP file recognised in {}: 2 files (README.md: not "
                  "read (.md files are documentation or scripts); notes.json: JSON that is neither a "
                  "SONiC config_db (no TABLE or TABLE|key members) nor LLDP neighbours (no lldp or "
                  "lldpNeighbors) (CFG004))\n",
                  dir.path()));
}

TEST(CliGate, YamlInNoFormatChecksNothing) {
  test::TempDir dir;
  dir.write("group_vars/leaves.yaml", "links:\n  - [leaf1:Ethernet0, spine1:Ethernet0]\n");
  CliRun r = run("check " + dir.path(), kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: no configuration, topology or LLDP file recognised in " + dir.path() +
                       ": 1 file (group_vars/leaves.yaml: YAML in no format rocelint reads)\n");
  r = run("graph " + dir.path() + " -q", kStderrOnly);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: no configuration, topology or LLDP file recognised in " + dir.path() +
                       ": 1 file (group_vars/leaves.yaml: YAML in no format rocelint reads)\n");
}

TEST(CliGate, WrongPathIsAnError) {
  test::TempDir dir;
  CliRun r = run("check " + dir.path() + "/no-such-fabric");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(dir.path() + "/no-such-fabric"), std::string::npos) << r.out;
}

TEST(CliGate, ExplicitFileInNoFormatIsAnErrorNamingIt) {
  test::TempDir dir;
  std::string readme = dir.write("README.md", "# pod 1\n");
  CliRun r = run("check " + readme);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: " + readme + ": not a recognised input format\n");
  // Beside a real configuration too: the argument was meant to be read.
  r = run("check " + sample("leafspine-clean") + "/leaf1.json " + readme);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("rocelint: error: " + readme + ": not a recognised input format"), std::string::npos) << r.out;
  std::string vars = dir.write("vars.yaml", "ntp: [10.0.0.1]\n");
  r = run("check " + vars);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out, "rocelint: error: " + vars +
                       ": not a recognised input format (YAML that is not a topology.yaml, containerlab topology or "
                       "NVUE configuration)\n");
}

TEST(CliGate, ExitZeroKeepsFindingsOutOfTheExitStatus) {
  CliRun r = run("check " + sample("leafspine-broken") + " --exit-zero", "2>/dev/null");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("error[TOPO003]"), std::string::npos) << r.out;  // still reported
  EXPECT_EQ(run("check " + sample("leafspine-broken") + " --exit-zero --fail-on note", "2>/dev/null").code, 0);
  test::TempDir dir;
  EXPECT_EQ(run("check " + dir.path() + " --exit-zero").code, 2);  // nothing checked is still an error
  EXPECT_EQ(
      run("diff " + sample("leafspine-clean") + " " + sample("leafspine-broken") + " --exit-zero -q", "2>/dev/null")
          .code,
      0);
}

// Two pods with the same switch names: each is its own fabric, the broken pod's errors are
// reported (with its switches qualified) and fail the run.
TEST(CliGate, SeveralFabricRootsAreCheckedEachOnItsOwn) {
  test::TempDir dir;
  std::filesystem::path top(dir.path());
  copySample("leafspine-clean", top / "pod1");
  copySample("leafspine-broken", top / "pod2");
  dir.write("pod1/.rocelint.yaml", "severity:\n  PFC003: error\n");
  dir.write("pod2/.rocelint.yaml", "severity:\n  PFC003: error\n");

  CliRun alone =
      run("check " + sample("leafspine-broken") + " --format json --config " + (top / "pod2/.rocelint.yaml").string(),
          "2>/dev/null");
  ASSERT_EQ(alone.code, 1);
  auto pod2 = nlohmann::json::parse(alone.out);

  CliRun r = run("check " + dir.path() + " --format json", "2>/dev/null");
  EXPECT_EQ(r.code, 1) << r.out;
  auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["findings"].size(), pod2["findings"].size());
  EXPECT_EQ(doc["summary"]["switches"], 12);  // six per pod, none merged across pods
  for (std::size_t i = 0; i < doc["findings"].size(); ++i) {
    const auto& f = doc["findings"][i];
    const auto& g = pod2["findings"][i];
    EXPECT_EQ(f["rule"], g["rule"]);
    EXPECT_EQ(f["message"], g["message"]);
    if (!g["switch"].get<std::string>().empty()) {
      EXPECT_EQ(f["switch"], "pod2/" + g["switch"].get<std::string>());
    }
    EXPECT_NE(f["location"]["file"].get<std::string>().find("/pod2/"), std::string::npos) << f.dump();
  }
  for (const auto& f : doc["findings"]) EXPECT_NE(f["rule"], "CFG003") << f.dump();  // nothing merged

  CliRun text = run("check " + dir.path(), "2>/dev/null");
  EXPECT_EQ(text.code, 1);
  EXPECT_NE(text.out.find("pod2/leaf2.json:342:20: error[TOPO003]: MTU differs across the link leaf2 Ethernet8 <-> "
                          "spine2 Ethernet8"),
            std::string::npos)
      << text.out;
}

TEST(CliGate, CleanPodsAndOneEmptyPod) {
  test::TempDir dir;
  std::filesystem::path top(dir.path());
  copySample("leafspine-clean", top / "a");
  copySample("leafspine-clean", top / "b");
  dir.write("a/.rocelint.yaml", "severity:\n  PFC003: error\n");
  dir.write("b/.rocelint.yaml", "severity:\n  PFC003: error\n");
  CliRun r = run("check " + dir.path() + " -q");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("0 error(s), 0 warning(s), 0 note(s)"), std::string::npos) << r.out;
  // A pod root that holds nothing recognised fails the run, named.
  dir.write("c/.rocelint.yaml", "severity:\n  PFC003: error\n");
  dir.write("c/README.md", "# to do\n");
  r = run("check " + dir.path() + " -q");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(
      r.out.find("rocelint: error: no configuration, topology or LLDP file recognised in " + (top / "c").string() +
                 ": 1 file (README.md: not read (.md files are documentation or scripts))"),
      std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

// Usage errors: one "rocelint: error:" line naming the nearest known word, exit 2.
TEST(CliHelp, MistypedCommandSuggestsTheNearest) {
  CliRun r = run("chek " + sample("leafspine-clean"));
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: unknown command \"chek\" (did you mean \"check\"?)\n");
  r = run("lint " + sample("leafspine-clean"));
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(
      r.out,
      "rocelint: error: unknown command \"lint\" (the commands are check, diff, graph, fix, rules, explain, inputs)\n");
  r = run("");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out,
            "rocelint: error: a command is required: check, diff, graph, fix, rules, explain or inputs (see `rocelint "
            "--help`)\n");
}

TEST(CliHelp, MistypedOptionSuggestsTheNearest) {
  CliRun r = run("check " + sample("leafspine-clean") + " --fromat json");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: unknown option \"--fromat\" of check (did you mean \"--format\"?)\n");
  r = run("diff " + sample("leafspine-clean") + " " + sample("leafspine-clean") + " --fail-onn=note");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: unknown option \"--fail-onn\" of diff (did you mean \"--fail-on\"?)\n");
  r = run("graph " + sample("leafspine-clean") + " --cycle-only");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: unknown option \"--cycle-only\" of graph (did you mean \"--cycles-only\"?)\n");
  r = run("check " + sample("leafspine-clean") + " --frobnicate");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: unknown option \"--frobnicate\" of check (see `rocelint check --help`)\n");
  r = run("--verison");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: unknown option \"--verison\" (did you mean \"--version\"?)\n");
}

TEST(CliHelp, ParseErrorsHaveTheErrorPrefix) {
  test::TempDir dir;
  CliRun r = run("check " + dir.path() + "/missing");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: paths: Path does not exist: " + dir.path() + "/missing\n");
  r = run("check " + sample("leafspine-clean") + " --fail-on fatal");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out.rfind("rocelint: error: --fail-on: fatal not in {", 0), 0u) << r.out;
  r = run("--help", "2>/dev/null");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Usage:"), std::string::npos) << r.out;
}

TEST(CliHelp, ExplainIgnoresCaseAndSuggests) {
  CliRun upper = run("explain PFC001", "2>/dev/null");
  CliRun lower = run("explain pfc001", "2>/dev/null");
  EXPECT_EQ(upper.code, 0);
  EXPECT_EQ(lower.code, 0);
  EXPECT_EQ(lower.out, upper.out);
  CliRun r = run("explain PFC0001");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: no rule \"PFC0001\" (did you mean \"PFC001\"?)\n");
  r = run("explain NOPE42");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: no rule \"NOPE42\" (`rocelint rules` lists them)\n");
}

TEST(CliHelp, SelectAndIgnoreRules) {
  CliRun all = run("check " + sample("leafspine-broken") + " --format json", "2>/dev/null");
  auto every = nlohmann::json::parse(all.out);
  std::map<std::string, int> by_rule;
  for (const auto& f : every["findings"]) ++by_rule[f["rule"].get<std::string>()];
  ASSERT_GT(by_rule["TOPO003"], 0);
  ASSERT_GT(by_rule.size(), 2u);

  CliRun r = run("check " + sample("leafspine-broken") + " --format json --select topo003", "2>/dev/null");
  EXPECT_EQ(r.code, 1);
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["findings"].size(), static_cast<std::size_t>(by_rule["TOPO003"]));
  for (const auto& f : doc["findings"]) EXPECT_EQ(f["rule"], "TOPO003");

  r = run("check " + sample("leafspine-broken") + " --format json --ignore TOPO,PFC001", "2>/dev/null");
  doc = nlohmann::json::parse(r.out);
  std::size_t expected = 0;
  for (const auto& [rule, count] : by_rule) {
    if (rule.rfind("TOPO", 0) != 0 && rule != "PFC001") expected += static_cast<std::size_t>(count);
  }
  EXPECT_EQ(doc["findings"].size(), expected);
  for (const auto& f : doc["findings"]) {
    EXPECT_NE(f["rule"].get<std::string>().rfind("TOPO", 0), 0u);
    EXPECT_NE(f["rule"], "PFC001");
  }

  r = run("check " + sample("leafspine-broken") + " --select PFX");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rocelint: error: --select: no rule or rule family \"PFX\" (did you mean \"PFC\"?)\n");
}

// Colour only on a terminal (script(1) gives the run one), never with NO_COLOR or TERM=dumb.
TEST(CliHelp, ColorFollowsTheTerminalNoColorAndTermDumb) {
  const std::string red = "\033[1;31m";
  const std::string args = sample("leafspine-broken") + " -q";
  EXPECT_NE(run("check " + args + " --color always", "2>/dev/null").out.find(red), std::string::npos);
  EXPECT_EQ(run("check " + args, "2>/dev/null").out.find(red), std::string::npos);
  auto tty = [&](const std::string& env, const std::string& color) {
    std::string inner = env + " " + std::string(ROCELINT_BINARY) + " check " + args + color;
    std::string cmd = "script -qec '" + inner + "' /dev/null";
    FILE* pipe = popen(cmd.c_str(), "r");
    std::string out;
    std::array<char, 4096> buffer{};
    while (pipe != nullptr && std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) out += buffer.data();
    if (pipe != nullptr) pclose(pipe);
    return out;
  };
  std::string plain = tty("env -u NO_COLOR TERM=xterm", "");
  ASSERT_NE(plain.find("error[TOPO003]"), std::string::npos) << plain;
  EXPECT_NE(plain.find(red), std::string::npos);
  EXPECT_EQ(tty("env TERM=xterm NO_COLOR=1", "").find(red), std::string::npos);
  EXPECT_EQ(tty("env -u NO_COLOR TERM=dumb", "").find(red), std::string::npos);
  EXPECT_EQ(tty("env -u NO_COLOR TERM=xterm", " --color never").find(red), std::string::npos);
  EXPECT_NE(tty("env TERM=dumb NO_COLOR=1", " --color always").find(red), std::string::npos);
}

}  // namespace
}  // namespace rocelint

namespace rocelint {
namespace {

// The man page and the bash completion name every command and every long option the CLI defines
// (rocelint --dump-cli lists them from the CLI11 definition): a new option fails here until both
// document it.
TEST(CliDocs, ManPageAndCompletionNameEveryCommandAndOption) {
  CliRun dump = run("--dump-cli", "2>/dev/null");
  ASSERT_EQ(dump.code, 0);
  const std::string man = test::readAll(test::sourceDir() + "/docs/rocelint.1");
  const std::string bash = test::readAll(test::sourceDir() + "/tools/completion/rocelint.bash");
  auto roff = [](const std::string& text) {
    std::string out;
    for (char c : text) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
  };
  auto word = [](const std::string& text, const std::string& w) {
    for (std::size_t at = text.find(w); at != std::string::npos; at = text.find(w, at + 1)) {
      auto edge = [&](std::size_t i) {
        return i >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '-');
      };
      if ((at == 0 || edge(at - 1)) && edge(at + w.size())) return true;
    }
    return false;
  };
  std::istringstream lines(dump.out);
  std::string line;
  int options = 0;
  while (std::getline(lines, line)) {
    std::size_t space = line.find(' ');
    std::string command = line.substr(0, space);
    if (space == std::string::npos) {
      EXPECT_NE(man.find(".B rocelint " + command), std::string::npos) << "man page lacks command " << command;
      EXPECT_TRUE(word(bash, command)) << "bash completion lacks command " << command;
      continue;
    }
    std::string option = line.substr(space + 1);
    ++options;
    EXPECT_NE(man.find(roff(option)), std::string::npos) << "man page lacks " << command << " " << option;
    EXPECT_TRUE(word(bash, option)) << "bash completion lacks " << command << " " << option;
  }
  EXPECT_GT(options, 20);
}

}  // namespace
// `rocelint inputs`: which files a walk reads and in which format, by content whatever the name;
// a malformed JSON file is an input (checking it reports why), a README or a JSON of another tool
// is not. `--null` prints only the inputs, NUL-terminated (the pre-commit hook reads that).
TEST(CliInputs, ListsTheInputsByContentWithTheirFormats) {
  test::TempDir dir;
  std::string eos = test::readAll(test::sourceDir() + "/samples/leafspine-eos/leaf1.cfg");
  dir.write("pod a/leaf1", eos);
  dir.write("pod a/README.md", "# pod a\n");
  dir.write("pod a/package.json", "{\"name\": \"tooling\"}\n");
  dir.write("pod a/broken.json", "{\"PORT\": {\n");
  dir.write("pod a/.hidden.cfg", eos);
  std::string root = dir.path() + "/pod a";
  CliRun r = run("inputs '" + root + "' '" + dir.path() + "/gone.cfg'", "2>/dev/null");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out,
            root + "/README.md: not an input (hidden, documentation or script)\n" + root + "/broken.json: malformed (" +
                root +
                "/broken.json:2:1: invalid JSON: syntax error while parsing object key - unexpected end of input; "
                "expected string literal)\n" +
                root + "/leaf1: EOS\n" + root +
                "/package.json: not an input (JSON that is neither a SONiC config_db (no TABLE or TABLE|key "
                "members) nor LLDP neighbours (no lldp or lldpNeighbors))\n" +
                dir.path() + "/gone.cfg: not found\n");
  r = run("inputs --null '" + root + "' | tr '\\0' '|'", "2>/dev/null");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, root + "/broken.json|" + root + "/leaf1|");
}

// SARIF URIs: relative to the source root, which defaults to the top of the git repository that
// holds the current directory (run from a pod's folder, the URI still starts at the repository);
// a file outside the root, even named by a relative path (`../outside/leaf1.json`), is an absolute
// file:// URI, never a "../" below SRCROOT.
TEST(SarifUris, RelativeToTheRepositoryTopElseAbsolute) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() + "/repo/.git");
  std::filesystem::create_directories(dir.path() + "/repo/pods");
  std::filesystem::copy(test::sourceDir() + "/samples/leafspine-clean", dir.path() + "/repo/pods/pod1");
  std::filesystem::copy(test::sourceDir() + "/samples/leafspine-broken", dir.path() + "/outside");
  auto sarif = [&](const std::string& cwd, const std::string& args) {
    std::string cmd =
        "cd '" + cwd + "' && " + std::string(ROCELINT_BINARY) + " check " + args + " --format sarif 2>/dev/null";
    std::string out;
    FILE* pipe = popen(cmd.c_str(), "r");
    std::array<char, 4096> buffer{};
    while (pipe != nullptr && std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr)
      out += buffer.data();
    if (pipe != nullptr) pclose(pipe);
    return nlohmann::json::parse(out);
  };
  nlohmann::json log = sarif(dir.path() + "/repo/pods/pod1", ".");
  const nlohmann::json& run0 = log["runs"][0];
  std::string root = std::filesystem::canonical(dir.path() + "/repo").string();
  EXPECT_EQ(run0["originalUriBaseIds"]["SRCROOT"]["uri"], "file://" + root + "/");
  std::set<std::string> uris;
  for (const auto& result : run0["results"])
    uris.insert(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].get<std::string>());
  for (const std::string& uri : uris) EXPECT_EQ(uri.rfind("pods/pod1/", 0), 0u) << uri;

  log = sarif(dir.path() + "/repo/pods/pod1", "../../../outside");
  std::string outside = std::filesystem::canonical(dir.path() + "/outside").string();
  std::size_t results = 0;
  for (const auto& result : log["runs"][0]["results"]) {
    const auto& artifact = result["locations"][0]["physicalLocation"]["artifactLocation"];
    EXPECT_EQ(artifact["uri"].get<std::string>().rfind("file://" + outside + "/", 0), 0u) << artifact;
    EXPECT_FALSE(artifact.contains("uriBaseId")) << artifact;
    ++results;
  }
  EXPECT_GT(results, 0u);
}

// The configuration is the nearest .rocelint.yaml up the tree, up to the git work tree's top: a
// pod checked on its own takes the repository's, whose path globs are relative to where it is
// written; above the work tree's top nothing is read.
TEST(ConfigDiscovery, NearestRocelintYamlUpTheTreeWithItsGlobsRebased) {
  test::TempDir dir;
  std::string repo = dir.path() + "/repo";
  std::filesystem::create_directories(repo + "/.git");
  std::filesystem::create_directories(repo + "/pods");
  std::filesystem::copy(test::sourceDir() + "/samples/leafspine-broken", repo + "/pods/pod1");
  std::filesystem::remove(repo + "/pods/pod1/.rocelint.yaml");
  CliRun plain = run("check '" + repo + "/pods/pod1' --format json", "2>/dev/null");
  ASSERT_EQ(plain.code, 1);
  auto findings = [](const std::string& out, const std::string& rule) {
    std::size_t n = 0;
    nlohmann::json doc = nlohmann::json::parse(out);
    for (const auto& f : doc["findings"]) n += f["rule"] == rule ? 1 : 0;
    return n;
  };
  ASSERT_GT(findings(plain.out, "WD001"), 0u);
  std::ofstream(repo + "/.rocelint.yaml") << "rules:\n  disable: [WD]\npaths:\n  exclude: [\"pods/pod1/leaf4.json\"]\n";
  CliRun found = run("check '" + repo + "/pods/pod1' --format json", "2>/dev/null");
  EXPECT_EQ(findings(found.out, "WD001"), 0u) << "the repository's configuration applies";
  EXPECT_EQ(nlohmann::json::parse(found.out)["summary"]["files"], 5) << "pods/pod1/leaf4.json excluded";
  // Outside the work tree (the .rocelint.yaml above .git is not read).
  std::filesystem::rename(repo + "/.rocelint.yaml", dir.path() + "/.rocelint.yaml");
  CliRun above = run("check '" + repo + "/pods/pod1' --format json", "2>/dev/null");
  EXPECT_EQ(findings(above.out, "WD001"), findings(plain.out, "WD001"));
}

}  // namespace rocelint
