#pragma once
// The rule fixtures: tests/fixtures/<ID>/<syntax>/{bad/,good/,expected.yaml}, one directory per
// configuration syntax a rule is tested in (test_fixtures.cpp runs them, test_format_wording.cpp scans
// the vendor ones).

#include <algorithm>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "rocelint/model.hpp"
#include "test_util.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::test {

/// The fixture syntax directories and the format their switches must be read in.
inline const std::vector<std::pair<std::string_view, FormatId>>& fixtureSyntaxes() {
  static const std::vector<std::pair<std::string_view, FormatId>> syntaxes = {{"sonic", formats::kSonicConfigDb},
                                                                              {"minigraph", formats::kSonicMinigraph},
                                                                              {"eos", formats::kEos},
                                                                              {"nxos", formats::kNxos},
                                                                              {"nvue", formats::kNvue},
                                                                              {"junos", formats::kJunos},
                                                                              {"huawei", formats::kHuawei},
                                                                              {"h3c", formats::kH3c}};
  return syntaxes;
}

/// The syntax of a fixture directory name ("eos"), none for a name that is not one.
inline std::optional<FormatId> fixtureSyntax(std::string_view dir_name) {
  for (const auto& [name, syntax] : fixtureSyntaxes()) {
    if (name == dir_name) return syntax;
  }
  return std::nullopt;
}

inline std::filesystem::path fixturesRoot() { return std::filesystem::path(sourceDir()) / "tests" / "fixtures"; }

/// One rule's fixture in one syntax.
struct FixtureDir {
  std::string id;      ///< the rule, "PFC001"
  std::string syntax;  ///< the syntax directory, "eos"
  [[nodiscard]] std::filesystem::path path() const { return fixturesRoot() / id / syntax; }
  [[nodiscard]] std::string name() const { return id + "_" + syntax; }
};

/// How GoogleTest shows a fixture parameter.
inline void PrintTo(const FixtureDir& dir, std::ostream* os) { *os << dir.id << "/" << dir.syntax; }

/// Every tests/fixtures/<ID>/<syntax>/ whose syntax is known, sorted. (The layout test in
/// test_fixtures.cpp fails on any other directory.)
inline std::vector<FixtureDir> fixtureDirs() {
  std::vector<FixtureDir> dirs;
  if (!std::filesystem::is_directory(fixturesRoot())) return dirs;
  for (const auto& rule : std::filesystem::directory_iterator(fixturesRoot())) {
    if (!rule.is_directory()) continue;
    for (const auto& syntax : std::filesystem::directory_iterator(rule.path())) {
      if (syntax.is_directory() && fixtureSyntax(syntax.path().filename().string())) {
        dirs.push_back({rule.path().filename().string(), syntax.path().filename().string()});
      }
    }
  }
  std::sort(dirs.begin(), dirs.end(), [](const FixtureDir& a, const FixtureDir& b) {
    return std::tie(a.id, a.syntax) < std::tie(b.id, b.syntax);
  });
  return dirs;
}

}  // namespace rocelint::test
