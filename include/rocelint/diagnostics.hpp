#pragma once
// What a parser reports about its input besides the model: an input that cannot be read at all.
// (Input notes and coverage, what was read but not modelled, travel in the Fabric: model.hpp.)

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/diagnostics.hpp (docs/architecture.md#layers)"
#endif

#include <stdexcept>

namespace rocelint {

/// An input that cannot be read at all (malformed JSON, unreadable file). what() is
/// "file:line:col: message" and the CLI exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace rocelint
