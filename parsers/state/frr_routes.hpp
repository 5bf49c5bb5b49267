#pragma once
// FRR `show ip route [vrf all] json` / `show ipv6 route json` (STATE-FORMATS.md §2.1): the routes
// zebra installed, with their FIB next hops.

#include <string>

#include "located_json.hpp"
#include "state/state_reading.hpp"

namespace rocelint::state {

/// An object of prefixes, each an array of route entries with `nexthops` (or one more level keyed
/// by VRF name, from `vrf all`).
bool looksLikeFrrRoutes(const json::Node& root);

/// The installed entries (`installed`, or `selected` where the file gives no `installed`) and
/// their FIB next hops (`fib`, or `active` where the file gives no `fib`).
StateReading readFrrRoutes(const json::Node& root, const std::string& file);

}  // namespace rocelint::state
