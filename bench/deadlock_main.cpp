// rocelint-deadlock-bench DIR [--transient] [--failures K]: end-to-end deadlock analysis of a
// fabric directory with the time of each phase and the peak RSS (for the figures in the docs).

#include <sys/resource.h>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "rocelint/deadlock.hpp"
#include "rocelint/loader.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Times the deadlock analysis of a fabric directory, phase by phase"};
  std::string dir;
  rocelint::DeadlockOptions options;
  options.suggest_fixes = false;
  app.add_option("dir", dir, "Fabric directory")->required()->check(CLI::ExistingDirectory);
  app.add_flag("--transient", options.transient, "Transient routing after local repair");
  app.add_option("--failures", options.failures, "What-if: sets of up to K failed links")->check(CLI::Range(0, 2));
  bool full = false;
  app.add_flag("--full-whatif", full, "Re-route every failure set in full (no incremental check)");
  CLI11_PARSE(app, argc, argv);
  options.incremental_whatif = !full;
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  rocelint::Fabric fabric = rocelint::loadFabric({dir});
  double parse_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  rusage after_parse{};
  getrusage(RUSAGE_SELF, &after_parse);
  auto t1 = Clock::now();
  rocelint::DeadlockAnalysis a = rocelint::analyzeDeadlock(fabric, rocelint::RuleParams{}, options);
  double analysis_ms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::size_t ports = 0;
  for (const auto& sw : fabric.switches) ports += sw.ports.size();
  std::cout << fmt::format(
      "{} switches, {} ports, {} links, {} hosts\n"
      "parse {:.0f} ms | routing {:.0f} ms ({} groups, {} prefixes) | graph {:.0f} ms ({} queues, {} dependencies) | "
      "scc+witness {:.0f} ms ({} cycles) | what-if {:.0f} ms ({} failure sets, {} re-routed in full, {} with a cycle) "
      "| analysis total {:.0f} ms\n"
      "total {:.0f} ms, peak RSS {:.0f} MB ({:.0f} MB by the end of parsing)\n",
      fabric.switches.size(), ports, fabric.links.size(), fabric.hosts.size(), parse_ms, a.stats.routing_ms,
      a.stats.groups, a.stats.destinations, a.stats.graph_ms, a.stats.bdg_nodes, a.stats.bdg_edges, a.stats.scc_ms,
      a.cycles.size(), a.stats.whatif_ms, a.stats.failure_sets, a.stats.failure_sets_rerouted,
      a.failure_sets_with_cycle, analysis_ms, parse_ms + analysis_ms, static_cast<double>(usage.ru_maxrss) / 1024.0,
      static_cast<double>(after_parse.ru_maxrss) / 1024.0);
  return 0;
}
