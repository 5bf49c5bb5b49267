#pragma once
// SONiC's pg_profile_lookup.ini: the traditional buffer model's headroom table.

#include <string>
#include <string_view>

#include "rocelint/model.hpp"

namespace rocelint {

/// True when the text is a pg_profile_lookup table, whatever the file is called: comments and at
/// least one row, every row "speed cable size xon xoff threshold [xon_offset]" (numbers, the cable
/// like "5m"). Stops at the first line that is not one.
bool looksLikePgProfileLookup(std::string_view text);

/// Parses the table; throws InputError ("file:line: ...") on a malformed row.
PgLookupTable parsePgProfileLookup(std::string_view text, const std::string& file);

}  // namespace rocelint
