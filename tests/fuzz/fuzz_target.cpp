// libFuzzer entry point; ROCELINT_FUZZ_TARGET names the parser (tests/fuzz/CMakeLists.txt builds
// one binary per target).

#include <cstddef>
#include <cstdint>

#include "fuzz_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rocelint::fuzz::runOne(ROCELINT_FUZZ_TARGET, data, size);
  return 0;
}
