// Every input of tests/fuzz/regressions through every fuzz target, in-process, in the normal suite
// (and so under ASan/UBSan in the sanitizer build): a crash, a sanitizer report or an exception
// other than a located input error fails the test. docs/reliability.md#fuzzing.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "fuzz_harness.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

namespace fs = std::filesystem;

fs::path regressionsDir() { return fs::path(test::sourceDir()) / "tests" / "fuzz" / "regressions"; }

std::vector<fs::path> regressionFiles() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(regressionsDir())) {
    if (entry.is_regular_file() && entry.path().filename() != "README.md") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string readAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class FuzzRegressions : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzRegressions, EveryRegressionInputIsAcceptedOrRejectedAtALocation) {
  const std::string target = GetParam();
  for (const fs::path& file : regressionFiles()) {
    std::string data = readAll(file);
    SCOPED_TRACE(file.filename().string());
    EXPECT_NO_THROW(fuzz::runOne(target, reinterpret_cast<const std::uint8_t*>(data.data()), data.size()));
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, FuzzRegressions, ::testing::ValuesIn(fuzz::targets()),
                         [](const ::testing::TestParamInfo<std::string>& param) { return param.param; });

// Each file names the target it was written for; a name that matches no target is a typo that would
// leave its own target untested under its intended reading.
TEST(FuzzRegressionFiles, EachNamesAnExistingTarget) {
  const std::vector<std::string>& targets = fuzz::targets();
  std::set<std::string> names(targets.begin(), targets.end());
  auto files = regressionFiles();
  EXPECT_GE(files.size(), 10U);
  for (const fs::path& file : files) {
    std::string stem = file.filename().string();
    std::string target = stem.substr(0, stem.find('-'));
    EXPECT_TRUE(names.count(target) == 1) << file << " names no fuzz target (" << target << ")";
  }
  EXPECT_THROW(fuzz::fileNameOf("no-such-target"), std::invalid_argument);
  EXPECT_THROW(fuzz::runOne("no-such-target", nullptr, 0), std::invalid_argument);
}

// The harness reaches each format's parser: a well-formed sample goes through without an input
// error being the way out, so a harness that silently matched no format would be noticed.
TEST(FuzzHarness, EveryFormatTargetNamesARegisteredFormat) {
  for (const std::string& target : fuzz::targets()) EXPECT_TRUE(fuzz::reachesParser(target)) << target;
}

}  // namespace
}  // namespace rocelint
