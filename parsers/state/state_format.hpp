#pragma once
// The live-state formats of the registry (Role::State): SONiC Redis dumps, FRR route JSON and
// vendor show outputs (Arista EOS JSON, Junos XML).

#include "format.hpp"

namespace rocelint::state {

const format::Format& redisDumpFormat();
const format::Format& frrRoutesFormat();
const format::Format& stateDbFormat();
const format::Format& eosShowFormat();
const format::Format& junosShowFormat();

}  // namespace rocelint::state
