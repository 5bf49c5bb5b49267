#include "rocelint/state.hpp"

#include <fmt/format.h>

namespace rocelint {

std::string describeEvidence(const Evidence& e) {
  return e.delta ? fmt::format("{} between the snapshots", e.value)
                 : fmt::format("{} since the counters were last cleared", e.value);
}

}  // namespace rocelint
