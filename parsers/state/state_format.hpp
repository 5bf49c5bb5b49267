#pragma once
// The live-state formats of the registry (Role::State): SONiC Redis dumps and FRR route JSON.

#include "format.hpp"

namespace rocelint::state {

const format::Format& redisDumpFormat();
const format::Format& frrRoutesFormat();
const format::Format& stateDbFormat();

}  // namespace rocelint::state
