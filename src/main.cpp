// rocelint command line.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>

#include "rocelint/config.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/fix.hpp"
#include "rocelint/loader.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitInputError = 2;

int runCheck(const std::vector<std::string>& paths, const std::string& format, const std::string& fail_on,
             std::string config_path) {
  using namespace rocelint;
  Config config;
  if (config_path.empty() && paths.size() == 1) {
    auto candidate = std::filesystem::path(paths.front()) / ".rocelint.yaml";
    if (std::filesystem::is_regular_file(candidate)) config_path = candidate.string();
  }
  if (!config_path.empty()) config = loadConfig(config_path);
  // Progress only for people watching a terminal; pipes and CI logs stay clean.
  bool show_progress = isatty(STDERR_FILENO) == 1;
  auto progress = [&](std::size_t done, std::size_t total) {
    if (show_progress && total >= 20 && (done % 10 == 0)) std::cerr << fmt::format("\rrocelint: reading {}/{} files", done, total) << std::flush;
  };
  Fabric fabric = loadFabric(paths, progress);
  if (show_progress) std::cerr << "\rrocelint: analysing " << fabric.switches.size() << " switches      " << std::flush;
  Report report = analyze(fabric, config);
  if (show_progress) std::cerr << "\r\033[K" << std::flush;
  if (format == "json") {
    writeJson(report, std::cout);
  } else {
    writeText(report, std::cout, TextOptions{isatty(STDOUT_FILENO) == 1});
  }
  Severity threshold = *parseSeverity(fail_on);
  for (const Finding& f : report.findings) {
    if (f.severity >= threshold) return kExitFindings;
  }
  return kExitClean;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rocelint: checks RoCEv2 fabric configurations (PFC, ECN, buffers, watchdog, QoS maps) before rollout"};
  app.set_version_flag("--version", std::string("rocelint ") + ROCELINT_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage or input error.\n"
      "Examples:\n  rocelint check fabric/\n  rocelint check fabric/ --format json --fail-on warning\n"
      "  rocelint explain PFC001");

  auto* check = app.add_subcommand("check", "Analyse a fabric directory (one config_db.json per switch) or files");
  std::vector<std::string> paths;
  std::string format = "text";
  std::string fail_on = "error";
  std::string config_path;
  check->add_option("paths", paths, "Fabric directory or files")->required()->check(CLI::ExistingPath);
  check->add_option("--format", format, "Output format")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  check->add_option("--fail-on", fail_on, "Exit 1 when a finding is at or above this severity")
      ->check(CLI::IsMember({"error", "warning", "note"}))
      ->capture_default_str();
  check->add_option("--config", config_path, "Configuration file (default: DIR/.rocelint.yaml)")->check(CLI::ExistingFile);

  auto* fix = app.add_subcommand("fix", "Write the smallest threshold change that clears the BUF/ECN findings (JSON Patches)");
  std::string fix_input;
  std::string fix_out;
  std::string fix_config;
  fix->add_option("dir", fix_input, "Fabric directory (never modified)")->required()->check(CLI::ExistingDirectory);
  fix->add_option("--out", fix_out, "Output directory: <file>.patch.json per changed config, patched/, summary.txt")
      ->required();
  fix->add_option("--config", fix_config, "Configuration file (default: DIR/.rocelint.yaml)")->check(CLI::ExistingFile);

  auto* rules = app.add_subcommand("rules", "List every rule with its id, default severity and title");
  auto* explain = app.add_subcommand("explain", "Print a rule's documentation page");
  std::string rule_id;
  explain->add_option("id", rule_id, "Rule id, e.g. PFC001")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitClean : kExitInputError;
  }

  try {
    if (*check) return runCheck(paths, format, fail_on, config_path);
    if (*fix) {
      rocelint::Config config;
      auto candidate = std::filesystem::path(fix_input) / ".rocelint.yaml";
      if (fix_config.empty() && std::filesystem::is_regular_file(candidate)) fix_config = candidate.string();
      if (!fix_config.empty()) config = rocelint::loadConfig(fix_config);
      rocelint::FixResult result = rocelint::runFix(fix_input, fix_out, config);
      std::cout << result.summary;
      if (!result.solved) return kExitFindings;
      for (const auto& [id, count] : result.after) {
        if (count > 0) return kExitFindings;
      }
      return kExitClean;
    }
    if (*rules) {
      for (const auto& rule : rocelint::allRules()) {
        std::cout << fmt::format("{:<8} {:<8} {}\n", rule.id, rocelint::severityName(rule.severity), rule.title);
      }
      return kExitClean;
    }
    if (*explain) {
      auto doc = rocelint::ruleDocumentation(rule_id);
      if (!doc) {
        std::cerr << fmt::format("rocelint: no rule \"{}\" (see `rocelint rules`)\n", rule_id);
        return kExitInputError;
      }
      std::cout << *doc;
      return kExitClean;
    }
  } catch (const rocelint::InputError& e) {
    std::cerr << "rocelint: error: " << e.what() << '\n';
    return kExitInputError;
  } catch (const rocelint::ConfigError& e) {
    std::cerr << "rocelint: error: " << e.what() << '\n';
    return kExitInputError;
  } catch (const std::exception& e) {
    std::cerr << "rocelint: internal error: " << e.what() << '\n';
    return kExitInputError;
  }
  return kExitInputError;
}
