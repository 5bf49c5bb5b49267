// rocelint-solverbench DIR...: ECN-before-PFC solver time per switch and in total, with the cache
// figures (how many questions reached Z3). Generate a fabric with rocelint-fabricgen first.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>

#include "rocelint/buffer_solver.hpp"
#include "rocelint/loader.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Times the Z3 ECN-before-PFC analysis of a fabric"};
  std::vector<std::string> paths;
  bool per_switch = false;
  app.add_option("paths", paths, "Fabric directories or files")->required();
  app.add_flag("--per-switch", per_switch, "Print the solver time of every switch");
  CLI11_PARSE(app, argc, argv);
  auto t0 = std::chrono::steady_clock::now();
  rocelint::Fabric fabric = rocelint::loadFabric(paths);
  double load_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  rocelint::SolverStats stats;
  auto results = rocelint::solveEcnBeforePfc(fabric, rocelint::RuleParams{}, &stats);
  int violated = 0;
  for (const auto& r : results) {
    for (const auto& a : r.answers) violated += a.violated ? 1 : 0;
  }
  if (per_switch) {
    for (const auto& [name, ms] : stats.per_switch_ms) fmt::print("{:>24} {:9.3f} ms\n", name, ms);
  }
  std::vector<double> times;
  for (const auto& entry : stats.per_switch_ms) times.push_back(entry.second);
  std::sort(times.begin(), times.end());
  double median = times.empty() ? 0 : times[times.size() / 2];
  double max = times.empty() ? 0 : times.back();
  fmt::print("switches {}  questions {}  Z3 calls {}  violations {}\n", stats.switches, stats.problems,
             stats.solver_calls, violated);
  fmt::print("load {:.1f} ms  solve total (wall) {:.1f} ms  per switch median {:.3f} ms  max {:.3f} ms\n", load_ms,
             stats.total_ms, median, max);
  return 0;
}
