#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace rocelint::util {

unsigned workerCount(std::size_t items, unsigned cap) {
  unsigned cores = std::max(1U, std::thread::hardware_concurrency());
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
