#pragma once
// Juniper Junos operational output as XML (`<command> | display xml`, or the RPC reply, with or
// without `<rpc-reply>`; STATE-FORMATS.md §5): `show route` (`<route-information>`) read into the
// routes of SwitchState; `<interface-information>` and `<lldp-neighbors-information>` are
// recognised and reported as not read, naming the command.

#include <string>
#include <string_view>

#include "state/state_reading.hpp"

namespace rocelint::state {

/// The Junos command whose XML reply `text` is ("show route", "show interfaces", "show lldp
/// neighbors"), or nullptr: the root element (or the first element of an `<rpc-reply>`) names it.
const char* junosShowCommand(std::string_view text);

/// The active entries (`active-tag` `*`) of every `inet.0`/`inet6.0` table (`<vrf>.inet.0`: VRF
/// vrf) with their selected next hops (`to`, `via` with unit `.0` dropped: the port); each route
/// located at its `<rt>`. Throws InputError "file:line:col: invalid XML" when not well-formed.
StateReading readJunosShow(std::string_view text, const std::string& file);

}  // namespace rocelint::state
