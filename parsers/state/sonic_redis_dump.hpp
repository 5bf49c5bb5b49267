#pragma once
// SONiC Redis dumps (`sonic-db-dump -n <DB> -y`, envelope or flattened; STATE-FORMATS.md §1):
// COUNTERS_DB (name maps, PFC, queue, PG and watchdog counters, watermarks) and APPL_DB ROUTE_TABLE.

#include <string>

#include "located_json.hpp"
#include "state/state_reading.hpp"

namespace rocelint::state {

/// A JSON object of Redis keys with `:` separators ("COUNTERS:oid:0x..", "ROUTE_TABLE:10.0.0.0/24"),
/// or a dump of only COUNTERS_*_NAME_MAP keys; each value a field map or a {type, value} envelope.
bool looksLikeRedisDump(const json::Node& root);

/// Reads the COUNTERS_DB and APPL_DB keys rocelint uses; every other key is counted as not read.
StateReading readRedisDump(const json::Node& root, const std::string& file);

/// A STATE_DB dump: `TABLE|key` members (like config_db) of which at least one is a table only
/// STATE_DB has (PORT_TABLE, TRANSCEIVER_INFO, SWITCH_CAPABILITY, ...), and none a config_db
/// table rocelint models (PORT, PORT_QOS_MAP, BUFFER_PG, ...).
bool looksLikeStateDb(const json::Node& root);

/// Nothing of STATE_DB is read yet: every key is counted as not read, per table.
StateReading readStateDb(const json::Node& root);

}  // namespace rocelint::state
