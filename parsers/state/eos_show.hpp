#pragma once
// Arista EOS show outputs in JSON (eAPI `runCmds` with `format: json`, or `<command> | json`;
// STATE-FORMATS.md §3): PFC, queue-drop and ECN counters and the routing table, read into the
// vendor-neutral SwitchState. Outputs recognised but not read (`show ip bgp`, `show interfaces`)
// are reported as skipped, naming the command.

#include <string>

#include "located_json.hpp"
#include "state/state_reading.hpp"

namespace rocelint::state {

/// The EOS show command whose JSON output `root` is, or nullptr: `show priority-flow-control
/// counters` (`interfaceCounters.<if>.rxFrames`), `show qos interfaces ecn counters queue`
/// (`intfQueueCounters`), `show interfaces counters queue detail` (`egressQueueCounters.interfaces`),
/// `show interfaces counters queue drops` (`interfaces.<if>.trafficClasses`), `show ip route`
/// (`vrfs.<vrf>.routes.<prefix>.vias`), `show ip bgp` (`vrfs.<vrf>.bgpRouteEntries`) and
/// `show interfaces` (`interfaces.<if>.interfaceCounters`).
const char* eosShowCommand(const json::Node& root);

/// What the output says, every value with its JSON pointer; a counter that is not a count is a
/// CFG005 note at it and not read.
StateReading readEosShow(const json::Node& root, const std::string& file);

}  // namespace rocelint::state
