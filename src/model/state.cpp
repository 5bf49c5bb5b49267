#include "rocelint/state.hpp"

#include <fmt/format.h>

namespace rocelint {

std::string describeEvidence(const Evidence& e) {
  return e.delta ? fmt::format("{} between the snapshots", e.value)
                 : fmt::format("{} in total (one snapshot)", e.value);
}

}  // namespace rocelint
