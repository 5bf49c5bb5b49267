#pragma once
// Links from the address plan: two switch ports that hold the two addresses of one point-to-point
// subnet (/31 or /30, /127 or /126) are cabled to each other, whatever their descriptions say.

#include "rocelint/model.hpp"

namespace rocelint::load {

/// Gives each port of such a pair the other as its neighbour, when neither end already has a
/// neighbour that is a switch of the fabric (LLDP, topology files, neighbour tables and
/// descriptions that name a fabric switch come first). A subnet held by one port, by more than
/// two, or by two ports of one switch links nothing. Returns the number of links added.
std::size_t linkPointToPointSubnets(Fabric& fabric);

}  // namespace rocelint::load
