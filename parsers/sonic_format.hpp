#pragma once
// The SONiC entries of the format registry: config_db JSON and minigraph.xml (one switch built
// from both through the config_db builder), and the platform tables pg_profile_lookup.ini and
// port_config.ini.

#include "format.hpp"
#include "rocelint/model.hpp"

namespace rocelint::sonic {

const format::Format& configDbFormat();
const format::Format& minigraphFormat();
const format::Format& pgProfileLookupFormat();
const format::Format& portConfigFormat();

/// The traditional buffer model's run-time PGs (buildimage's buffermgrd): a PFC priority of a port
/// without BUFFER_PG gets pg_lossless_<speed>_<cable>_profile from the switch's pg_profile_lookup.ini
/// row for its exact speed and CABLE_LENGTH; "0m" and admin-down ports get nothing.
void deriveLosslessPgs(Switch& sw);

}  // namespace rocelint::sonic
