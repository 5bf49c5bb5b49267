#pragma once
// The one worker pool: every parallel stage (parsing, building switches, routing groups, the
// failure sweep, the buffer solver) runs through these two functions.

#include <cstddef>
#include <functional>

namespace rocelint::util {

/// Worker threads worth starting for `items` pieces of work: the cores (or the environment's
/// ROCELINT_THREADS, 1-1024, when set), at most `cap` (0: no cap),
/// at most `items`, at least 1.
unsigned workerCount(std::size_t items, unsigned cap = 0);

/// Runs `body(worker)` for worker = 0 .. workers-1, worker 0 on the calling thread, and waits for
/// all; the first exception thrown by any worker is rethrown after every worker has finished.
void runWorkers(unsigned workers, const std::function<void(unsigned worker)>& body);

/// Runs `work(i)` for i in [0, n) on up to workerCount(n, cap) threads, handing out indices in
/// order; the first exception is rethrown after the others finished.
void parallelFor(std::size_t n, const std::function<void(std::size_t)>& work, unsigned cap = 0);

}  // namespace rocelint::util
