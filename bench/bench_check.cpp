// Google Benchmark: load + analyse synthetic leaf-spine and fat-tree fabrics of growing size.

#include <benchmark/benchmark.h>

#include <filesystem>

#include "fabric_gen.hpp"
#include "rocelint/deadlock.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/loader.hpp"

namespace {

// Part of every cached fabric directory name: bump it when the generator's output changes, so
// a stale directory from an older generator is never benchmarked.
constexpr const char* kGeneratorTag = "gen2";

std::string fabricDir(int spines, int leaves) {
  auto dir = std::filesystem::temp_directory_path() / (std::string("rocelint-bench-") + kGeneratorTag + "-" +
                                                       std::to_string(spines) + "x" + std::to_string(leaves));
  if (!std::filesystem::exists(dir)) rocelint::bench::writeLeafSpine(dir.string(), {spines, leaves, 16});
  return dir.string();
}

// Fat-tree of radix k: 5k^2/4 switches, k^3/4 hosts (k=8: 80 switches, k=16: 320).
std::string fatTreeDir(int k) {
  auto dir = std::filesystem::temp_directory_path() /
             (std::string("rocelint-bench-") + kGeneratorTag + "-fattree-k" + std::to_string(k));
  if (!std::filesystem::exists(dir)) rocelint::bench::writeFabric(dir.string(), rocelint::bench::fatTree(k));
  return dir.string();
}

void BM_Load(benchmark::State& state) {
  std::string dir = fabricDir(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::loadFabric({dir}));
  state.counters["switches"] = static_cast<double>(state.range(0) + state.range(1));
}

void BM_Analyze(benchmark::State& state) {
  rocelint::Fabric fabric =
      rocelint::loadFabric({fabricDir(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)))});
  rocelint::Config config;
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::analyze(fabric, config));
  state.counters["switches"] = static_cast<double>(state.range(0) + state.range(1));
}

void BM_LoadFatTree(benchmark::State& state) {
  int k = static_cast<int>(state.range(0));
  std::string dir = fatTreeDir(k);
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::loadFabric({dir}));
  state.counters["switches"] = static_cast<double>(rocelint::bench::fatTreeCounts(k).switches);
}

void BM_AnalyzeFatTree(benchmark::State& state) {
  int k = static_cast<int>(state.range(0));
  rocelint::Fabric fabric = rocelint::loadFabric({fatTreeDir(k)});
  rocelint::Config config;
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::analyze(fabric, config));
  state.counters["switches"] = static_cast<double>(rocelint::bench::fatTreeCounts(k).switches);
}

// Writing a fat-tree (the generator itself; streaming, one switch in memory at a time).
void BM_WriteFatTree(benchmark::State& state) {
  int k = static_cast<int>(state.range(0));
  auto dir = std::filesystem::temp_directory_path() / ("rocelint-bench-write-k" + std::to_string(k));
  rocelint::bench::FabricSpec spec = rocelint::bench::fatTree(k);
  std::uint64_t bytes = 0;
  for (auto _ : state) bytes = rocelint::bench::writeFabric(dir.string(), spec).bytes;
  std::filesystem::remove_all(dir);
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["switches"] = static_cast<double>(spec.switches.size());
}

// The deadlock engine alone (routing of every destination group, BDG, SCC): arg 1 = transient.
void BM_DeadlockFatTree(benchmark::State& state) {
  int k = static_cast<int>(state.range(0));
  rocelint::Fabric fabric = rocelint::loadFabric({fatTreeDir(k)});
  rocelint::DeadlockOptions options;
  options.transient = state.range(1) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::analyzeDeadlock(fabric, rocelint::RuleParams{}, options));
  state.counters["switches"] = static_cast<double>(rocelint::bench::fatTreeCounts(k).switches);
}

// Single-link-failure sweep (--failures 1; arg 1 = --transient, arg 2 = 1 for the incremental
// check, 0 for one full re-routing per link).
void BM_FailureSweepFatTree(benchmark::State& state) {
  int k = static_cast<int>(state.range(0));
  rocelint::Fabric fabric = rocelint::loadFabric({fatTreeDir(k)});
  rocelint::DeadlockOptions options;
  options.failures = 1;
  options.transient = state.range(1) != 0;
  options.incremental_whatif = state.range(2) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::analyzeDeadlock(fabric, rocelint::RuleParams{}, options));
  state.counters["links"] = static_cast<double>(rocelint::bench::fatTreeCounts(k).links);
}

// (spines, leaves), 16 hosts per leaf: 8..544 switches.
BENCHMARK(BM_Load)->Args({4, 4})->Args({8, 32})->Args({16, 128})->Args({32, 512})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Analyze)->Args({4, 4})->Args({8, 32})->Args({16, 128})->Args({32, 512})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadFatTree)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnalyzeFatTree)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WriteFatTree)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DeadlockFatTree)->Args({8, 0})->Args({16, 0})->Args({16, 1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FailureSweepFatTree)
    ->Args({8, 0, 0})
    ->Args({8, 0, 1})
    ->Args({8, 1, 0})
    ->Args({8, 1, 1})
    ->Args({16, 0, 1})
    ->Args({16, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
