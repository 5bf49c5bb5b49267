#pragma once
// Applies topology sources (LLDP, topology.yaml, containerlab) to the built switches, before links
// are built: neighbours for ports whose configurations carry none, link lengths as cable lengths,
// speeds, roles and ASNs where the configurations are silent; every disagreement is recorded in
// `Fabric::topology_conflicts` (docs/topology.md).

#include <vector>

#include "rocelint/model.hpp"
#include "topology_source.hpp"

namespace rocelint {

/// Sources apply in precedence order: the configurations' neighbour tables, then LLDP (what is
/// cabled), then topology.yaml (the plan), then containerlab; within a kind, in file order.
void applyTopology(Fabric& fabric, std::vector<topology::TopologySource> sources);

}  // namespace rocelint
