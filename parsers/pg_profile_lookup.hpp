#pragma once
// SONiC's pg_profile_lookup.ini: the traditional buffer model's headroom table.

#include <string>
#include <string_view>

#include "rocelint/model.hpp"

namespace rocelint {

/// True when a file name says it is a pg_profile_lookup table.
bool isPgProfileLookupName(std::string_view file_name);

/// Parses the table; throws InputError ("file:line: ...") on a malformed row.
PgLookupTable parsePgProfileLookup(std::string_view text, const std::string& file);

}  // namespace rocelint
