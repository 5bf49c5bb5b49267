// Google Benchmark: load + analyse synthetic leaf-spine fabrics of growing size.

#include <benchmark/benchmark.h>

#include <filesystem>

#include "fabric_gen.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/loader.hpp"

namespace {

std::string fabricDir(int spines, int leaves) {
  auto dir = std::filesystem::temp_directory_path() / ("rocelint-bench-" + std::to_string(spines) + "x" + std::to_string(leaves));
  if (!std::filesystem::exists(dir)) rocelint::bench::writeLeafSpine(dir.string(), {spines, leaves, 16});
  return dir.string();
}

void BM_Load(benchmark::State& state) {
  std::string dir = fabricDir(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::loadFabric({dir}));
  state.counters["switches"] = static_cast<double>(state.range(0) + state.range(1));
}

void BM_Analyze(benchmark::State& state) {
  rocelint::Fabric fabric = rocelint::loadFabric({fabricDir(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)))});
  rocelint::Config config;
  for (auto _ : state) benchmark::DoNotOptimize(rocelint::analyze(fabric, config));
  state.counters["switches"] = static_cast<double>(state.range(0) + state.range(1));
}

// (spines, leaves), 16 hosts per leaf: 8..544 switches.
BENCHMARK(BM_Load)->Args({4, 4})->Args({8, 32})->Args({16, 128})->Args({32, 512})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Analyze)->Args({4, 4})->Args({8, 32})->Args({16, 128})->Args({32, 512})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
