// rocelint command line.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>

#include "rocelint/config.hpp"
#include "rocelint/deadlock.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/fix.hpp"
#include "rocelint/loader.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitInputError = 2;

/// Deadlock options given on the command line (override .rocelint.yaml).
struct DeadlockFlags {
  int failures = -1;
  bool transient = false;
};

rocelint::Config configFor(const std::vector<std::string>& paths, std::string config_path, const DeadlockFlags& flags) {
  using namespace rocelint;
  Config config;
  if (config_path.empty() && paths.size() == 1) {
    auto candidate = std::filesystem::path(paths.front()) / ".rocelint.yaml";
    if (std::filesystem::is_regular_file(candidate)) config_path = candidate.string();
  }
  if (!config_path.empty()) config = loadConfig(config_path);
  if (flags.failures >= 0) config.params.failures = flags.failures;
  if (flags.transient) config.params.transient = true;
  return config;
}

int runGraph(const std::vector<std::string>& paths, const std::string& config_path, const DeadlockFlags& flags,
             const std::string& scope_name) {
  using namespace rocelint;
  Config config = configFor(paths, config_path, flags);
  Fabric fabric = loadFabric(paths);
  DeadlockOptions options;
  options.transient = config.params.transient;
  DeadlockAnalysis analysis = analyzeDeadlock(fabric, config.params, options);
  GraphScope scope = scope_name == "all" ? GraphScope::All : scope_name == "cycles" ? GraphScope::Cycles : GraphScope::Sccs;
  writeDot(fabric, analysis, scope, std::cout);
  std::cerr << fmt::format("rocelint: buffer-dependency graph: {} queues, {} dependencies, {} cyclic component(s)\n",
                           analysis.bdg.nodeCount(), analysis.bdg.edgeCount(), analysis.cycles.size());
  return analysis.cycles.empty() ? kExitClean : kExitFindings;
}

int runCheck(const std::vector<std::string>& paths, const std::string& format, const std::string& fail_on,
             const std::string& config_path, const DeadlockFlags& flags) {
  using namespace rocelint;
  Config config = configFor(paths, config_path, flags);
  // Progress only for people watching a terminal; pipes and CI logs stay clean.
  bool show_progress = isatty(STDERR_FILENO) == 1;
  if (show_progress) config.progress = [](const std::string& what) { std::cerr << "\r\033[Krocelint: " << what << std::flush; };
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
  DeadlockFlags deadlock_flags;
  check->add_option("--failures", deadlock_flags.failures,
                    "Deadlock what-if: try every set of up to K failed inter-switch links (K = 1 or 2)")
      ->check(CLI::Range(0, 2));
  check->add_flag("--transient", deadlock_flags.transient,
                  "Deadlock routing right after local repair of failed (admin-down) links, before withdrawals spread");

  auto* graph = app.add_subcommand("graph", "Write the buffer-dependency graph as Graphviz dot (exit 1 when it has a cycle)");
  std::vector<std::string> graph_paths;
  std::string graph_format = "dot";
  std::string graph_config;
  bool cycles_only = false;
  bool whole_graph = false;
  graph->add_option("paths", graph_paths, "Fabric directory or files")->required()->check(CLI::ExistingPath);
  graph->add_option("--format", graph_format, "Output format")->check(CLI::IsMember({"dot"}))->capture_default_str();
  graph->add_option("--config", graph_config, "Configuration file (default: DIR/.rocelint.yaml)")->check(CLI::ExistingFile);
  graph->add_flag("--cycles-only", cycles_only, "Only the witness cycles (default: every strongly-connected component)");
  graph->add_flag("--all", whole_graph, "The whole graph (large fabrics make large pictures)");
  DeadlockFlags graph_flags;
  graph->add_flag("--transient", graph_flags.transient, "Routing right after local repair of admin-down links");

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
    if (*check) return runCheck(paths, format, fail_on, config_path, deadlock_flags);
    if (*graph) return runGraph(graph_paths, graph_config, graph_flags, whole_graph ? "all" : cycles_only ? "cycles" : "sccs");
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
