#pragma once
// Helpers shared by the test suites: temporary fabric directories and finding queries.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "rocelint/config.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/loader.hpp"

namespace rocelint::test {

/// A directory under the system temp dir, removed when the test ends.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("rocelint-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// Writes a file (creating sub-directories) and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    auto file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

/// Loads and analyses a fabric; a directory's own .rocelint.yaml applies unless a config is given.
inline Report check(const std::string& path, const Config& config = {}) {
  auto own = std::filesystem::path(path) / ".rocelint.yaml";
  if (config.source.empty() && std::filesystem::is_regular_file(own))
    return analyze(loadFabric({path}), loadConfig(own.string()));
  return analyze(loadFabric({path}), config);
}

inline std::vector<Finding> withRule(const Report& report, const std::string& rule) {
  std::vector<Finding> out;
  for (const auto& f : report.findings) {
    if (f.rule == rule) out.push_back(f);
  }
  return out;
}

/// The parse error of the first file loading `path` leaves out (CFG006), or the first statement a
/// CLI reader rejected (CFG005, the rest of its block not read), as the parser wrote it
/// ("file:line:col: message"), or of the InputError it throws ("" when everything loads).
inline std::string loadError(const std::string& path) {
  try {
    Fabric fabric = loadFabric({path});
    for (const InputNote& note : fabric.notes) {
      bool rejected = note.kind == InputNote::Kind::InvalidValue && note.group.ends_with(" rejected statement");
      if (note.kind != InputNote::Kind::MalformedFile && !rejected) continue;
      return note.src.file() + ":" + std::to_string(note.src.line) + ":" + std::to_string(note.src.column) + ": " +
             note.message;
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// "kind: text" of a source's origin ("cli-statement: interface Ethernet1 > mtu"), so that one
/// expectation checks both; the text alone when the origin has no kind.
inline std::string origin(const SourceRef& src) {
  std::string kind = originKindName(src.originKind());
  return kind.empty() ? src.originText() : kind + ": " + src.originText();
}

/// The one switch of a single-switch fabric.
inline const Switch& onlySwitch(const Fabric& fabric) {
  EXPECT_EQ(fabric.switches.size(), 1u);
  return fabric.switches.at(0);
}

inline const Port& portOf(const Switch& sw, const std::string& name) {
  const Port* port = sw.findPort(name);
  if (port == nullptr) throw std::runtime_error("no port " + name + " on " + sw.name);
  return *port;
}

/// The WRED profile bound to egress queue `queue` of `port`.
inline const WredProfile& wredOf(const Switch& sw, const Port& port, int queue) {
  const PortQueue* q = port.queue(queue);
  if (q == nullptr || !q->wred_profile) {
    throw std::runtime_error("no WRED on queue " + std::to_string(queue) + " of " + port.name);
  }
  return sw.wred_profiles.at(q->wred_profile->name);
}

/// The scheduler bound to egress queue `queue` of `port`.
inline const Scheduler& schedulerOf(const Switch& sw, const Port& port, int queue) {
  const PortQueue* q = port.queue(queue);
  if (q == nullptr || !q->scheduler) {
    throw std::runtime_error("no scheduler on queue " + std::to_string(queue) + " of " + port.name);
  }
  return sw.schedulers.at(q->scheduler->name);
}

/// Whole file as a string ("" when it cannot be read).
inline std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// 1-based line of the first line of `text` that contains `needle` (0: none).
inline int lineOf(const std::string& text, const std::string& needle) {
  auto at = text.find(needle);
  if (at == std::string::npos) return 0;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

inline std::string sharedDir() { return ROCELINT_SHARED_DIR; }
inline std::string sourceDir() { return ROCELINT_SOURCE_DIR; }

/// What a run of the rocelint binary gave: its exit code (-1: it did not exit) and its output.
struct CliRun {
  int code = -1;
  std::string out;
};

/// Runs the rocelint binary with `args`; `redirect` decides what happens to stderr ("2>&1": mixed
/// into out, "2>&1 >/dev/null": stderr only, "2>/dev/null": dropped) and may redirect stdin.
inline CliRun runCli(const std::string& args, const std::string& redirect = "2>&1") {
  std::string cmd = std::string(ROCELINT_BINARY) + " " + args + " " + redirect;
  CliRun result;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) result.out += buffer.data();
  int status = pclose(pipe);
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

/// Runs the rocelint binary with `args`; returns its exit code and stdout + stderr.
inline std::pair<int, std::string> runRocelint(const std::string& args) {
  CliRun r = runCli(args);
  return {r.code, r.out};
}

}  // namespace rocelint::test
