#pragma once
// Inline suppressions in configuration comments (docs/suppressions.md):
//   ! rocelint: ignore PFC003,ECN001 lab port, not on the RoCE path
//   ! rocelint: ignore-file WD lab switch, no watchdog by design
// `ignore` covers the next statement and, when that statement opens a block (the lines after it
// are indented deeper), the whole block; `ignore-file` covers the file. Formats without comments
// (SONiC config_db) write them as data instead: readDataSuppressions.

#include <string>
#include <string_view>
#include <vector>

#include "located_json.hpp"
#include "rocelint/model.hpp"

namespace rocelint::common {

/// The suppressions written in `text` (a file named `file`) behind one of `leaders` (comment
/// starts, space-separated: "!", "# /*"); a suppression without rules or reason is a note.
std::vector<InlineSuppression> scanInlineSuppressions(std::string_view text, const std::string& file,
                                                      std::string_view leaders, const std::string& switch_name,
                                                      std::vector<InputNote>& notes);

/// The name of the top-level table where a JSON configuration without comments (SONiC config_db)
/// writes its suppressions as data.
inline constexpr std::string_view kSuppressionTable = "ROCELINT_SUPPRESSIONS";

/// The suppressions written as data in `root` (a file named `file`): its kSuppressionTable object
/// maps a scope to `{"rules": "PFC003,WD", "reason": "..."}`. The scope is "*" (the whole file),
/// "TABLE" (every entry of the table) or "TABLE|key" (one entry and all it holds, as SONiC names a
/// Redis key: "PORT_QOS_MAP|Ethernet8", "BUFFER_PG|Ethernet0|3"); a scope the file does not hold, or
/// an entry without rules or reason, is a note and suppresses nothing.
std::vector<InlineSuppression> readDataSuppressions(const json::Node& root, const std::string& file,
                                                    std::vector<InputNote>& notes);

}  // namespace rocelint::common
