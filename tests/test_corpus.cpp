// Real fabrics nobody here wrote: every group (first-level folder) of ../shared/corpus/ and
// ../shared/realworld/ is checked as a fabric through the rocelint binary, and must match
// tests/corpus/<corpus|realworld>/<group>.yaml, written from reading the configurations (each
// expected finding says why it is right):
//
//   paths: [corpus/jvd-aiml-backend, realworld/jvd]  # optional; relative to ../shared; default the group
//   exit: 0
//   switches: 8
//   ports: 520            # optional: every port of every switch
//   links: 24
//   findings:             # every finding at warning or above, exactly; notes only where listed
//     - rule: PFC001
//       switch: leaf1     # optional: a finding of no switch
//       port: et-0/0/0    # optional: a finding of no port; "*" any port (with count)
//       count: 2          # optional, default 1
//       severity: note    # optional: a note that must appear (at least count times)
//       why: the spine end enables PFC on 3, this end on none
//
// A group without an expectation file fails: a folder added to ../shared is not checked silently.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <sys/wait.h>

#include "test_util.hpp"

namespace rocelint {
namespace {

namespace fs = std::filesystem;

struct Group {
  std::string set;   ///< "corpus" or "realworld"
  std::string name;  ///< folder name
  [[nodiscard]] fs::path expectation() const {
    return fs::path(test::sourceDir()) / "tests" / "corpus" / set / (name + ".yaml");
  }
};

void PrintTo(const Group& g, std::ostream* os) { *os << g.set << "/" << g.name; }

std::vector<Group> groups() {
  std::vector<Group> out;
  for (const char* set : {"corpus", "realworld"}) {
    fs::path root = fs::path(test::sharedDir()) / set;
    if (!fs::is_directory(root)) continue;
    for (const auto& entry : fs::directory_iterator(root)) {
      if (entry.is_directory()) out.push_back({set, entry.path().filename().string()});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Group& a, const Group& b) { return std::tie(a.set, a.name) < std::tie(b.set, b.name); });
  return out;
}

// What identifies a finding for the corpus: rule, switch ("" none), port ("" none).
using Key = std::tuple<std::string, std::string, std::string>;

std::string describe(const Key& key) {
  const auto& [rule, sw, port] = key;
  return rule + " " + (sw.empty() ? "-" : sw) + " " + (port.empty() ? "-" : port);
}

std::string scalar(const YAML::Node& node, const char* key) {
  return node[key] ? node[key].as<std::string>() : std::string();
}

// " '<shared>/<path>'": one shell argument naming `path` under ../shared.
std::string sharedArgument(const std::string& path) {
  std::string out = " '";
  out.append(test::sharedDir()).append("/").append(path).append("'");
  return out;
}

// Runs the rocelint binary; its exit code and stdout (stderr is not part of the report).
std::pair<int, std::string> runStdout(const std::string& args) {
  std::string cmd = std::string(ROCELINT_BINARY) + " " + args + " 2>/dev/null";
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return {-1, ""};
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) out += buffer.data();
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

class CorpusGroup : public ::testing::TestWithParam<Group> {};

TEST_P(CorpusGroup, MatchesWhatItsConfigurationsSay) {
  const Group& group = GetParam();
  // A new group of ../shared/corpus or ../shared/realworld needs its expectations before it counts.
  ASSERT_TRUE(fs::is_regular_file(group.expectation()))
      << "no expectations for " << group.set << "/" << group.name << ": write " << group.expectation().string()
      << " from reading its configurations";
  YAML::Node want = YAML::LoadFile(group.expectation().string());

  std::string args = "check --format json";
  if (want["paths"]) {
    for (const auto& path : want["paths"]) args += sharedArgument(path.as<std::string>());
  } else {
    args += sharedArgument(group.set + "/" + group.name);
  }
  auto [code, out] = runStdout(args);
  EXPECT_EQ(code, want["exit"].as<int>()) << out.substr(0, 2000);
  nlohmann::json report = nlohmann::json::parse(out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << "not JSON: " << out.substr(0, 2000);
  const nlohmann::json& summary = report["summary"];
  EXPECT_EQ(summary["switches"].get<int>(), want["switches"].as<int>());
  if (want["ports"]) {
    EXPECT_EQ(summary["ports"].get<int>(), want["ports"].as<int>());
  }
  EXPECT_EQ(summary["links"].get<int>(), want["links"].as<int>());
  // Every QoS-related line of a vendor CLI file is parsed, noted as not modelled or not recognised.
  if (summary.contains("coverage")) {
    for (const nlohmann::json& c : summary["coverage"]) {
      EXPECT_EQ(c["qos_lines"].get<int>(), c["qos_lines_parsed"].get<int>() + c["qos_lines_not_modelled"].get<int>() +
                                               c["qos_lines_unrecognised"].get<int>())
          << c.dump();
    }
  }

  // Findings at warning or above, and notes, counted per key.
  std::map<Key, int> loud;
  std::map<Key, int> notes;
  for (const nlohmann::json& f : report["findings"]) {
    Key key{f["rule"].get<std::string>(), f["switch"].is_string() ? f["switch"].get<std::string>() : "",
            f["port"].is_string() ? f["port"].get<std::string>() : ""};
    (f["severity"] == "note" ? notes : loud)[key]++;
  }
  std::map<Key, int> expected_loud;
  for (const auto& e : want["findings"]) {
    EXPECT_FALSE(scalar(e, "why").empty()) << "an expected finding without `why`: " << e;
    Key key{scalar(e, "rule"), scalar(e, "switch"), scalar(e, "port")};
    int count = e["count"] ? e["count"].as<int>() : 1;
    bool note = scalar(e, "severity") == "note";
    if (std::get<2>(key) == "*") {
      // Any port: sum the findings of this rule and switch over ports.
      auto& source = note ? notes : loud;
      int seen = 0;
      for (auto it = source.begin(); it != source.end();) {
        if (std::get<0>(it->first) == std::get<0>(key) && std::get<1>(it->first) == std::get<1>(key) &&
            !std::get<2>(it->first).empty()) {
          seen += it->second;
          it = note ? std::next(it) : source.erase(it);
        } else {
          ++it;
        }
      }
      if (note) {
        EXPECT_GE(seen, count) << "expected note " << describe(key);
      } else {
        EXPECT_EQ(seen, count) << "findings " << describe(key);
      }
      continue;
    }
    if (note) {
      EXPECT_GE(notes[key], count) << "expected note " << describe(key);
    } else {
      expected_loud[key] += count;
    }
  }
  for (const auto& [key, count] : expected_loud) {
    EXPECT_EQ(loud[key], count) << "expected " << count << "x " << describe(key);
    loud.erase(key);
  }
  for (const auto& [key, count] : loud) {
    if (count > 0) ADD_FAILURE() << "unexpected " << count << "x " << describe(key);
  }
}

INSTANTIATE_TEST_SUITE_P(Shared, CorpusGroup, ::testing::ValuesIn(groups()),
                         [](const ::testing::TestParamInfo<Group>& param_info) {
                           std::string name = param_info.param.set + "_" + param_info.param.name;
                           for (char& c : name) {
                             if (std::isalnum(static_cast<unsigned char>(c)) == 0) c = '_';
                           }
                           return name;
                         });

TEST(Corpus, EveryGroupIsFound) { EXPECT_GE(groups().size(), 17u); }

}  // namespace
}  // namespace rocelint
