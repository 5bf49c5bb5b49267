#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

namespace rocelint::util {

namespace {

// The cores to use: ROCELINT_THREADS when it is a number from 1 to 1024 (the fault tests compare
// runs on different thread counts; a CI runner can keep rocelint to its share of a machine), else
// every core. Read once: the environment does not change under a running analysis.
unsigned coreCount() {
  static const unsigned count = [] {
    if (const char* env = std::getenv("ROCELINT_THREADS")) {
      std::string_view text(env);
      unsigned value = 0;
      auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error == std::errc() && end == text.data() + text.size() && value >= 1 && value <= 1024) return value;
    }
    return std::max(1U, std::thread::hardware_concurrency());
  }();
  return count;
}

}  // namespace

unsigned workerCount(std::size_t items, unsigned cap) {
  unsigned cores = coreCount();
  if (cap != 0) cores = std::min(cores, cap);
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(cores, items)));
}

void runWorkers(unsigned workers, const std::function<void(unsigned worker)>& body) {
  std::exception_ptr failure;
  std::mutex mu;
  auto guarded = [&](unsigned worker) {
    try {
      body(worker);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < workers; ++t) pool.emplace_back(guarded, t);
  guarded(0);
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

void parallelFor(std::size_t n, const std::function<void(std::size_t)>& work, unsigned cap) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  runWorkers(workerCount(n, cap), [&](unsigned /*worker*/) {
    for (std::size_t i = next.fetch_add(1); i < n && !failed.load(); i = next.fetch_add(1)) {
      try {
        work(i);
      } catch (...) {
        failed = true;
        throw;
      }
    }
  });
}

}  // namespace rocelint::util
