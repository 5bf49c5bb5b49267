#pragma once
// Inline suppressions in configuration comments (docs/suppressions.md):
//   ! rocelint: ignore PFC003,ECN001 lab port, not on the RoCE path
//   ! rocelint: ignore-file WD lab switch, no watchdog by design
// `ignore` covers the next statement and, when that statement opens a block (the lines after it
// are indented deeper), the whole block; `ignore-file` covers the file.

#include <string>
#include <string_view>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint::common {

/// The suppressions written in `text` (a file named `file`) behind one of `leaders` (comment
/// starts, space-separated: "!", "# /*"); a suppression without rules or reason is a note.
std::vector<InlineSuppression> scanInlineSuppressions(std::string_view text, const std::string& file,
                                                      std::string_view leaders, const std::string& switch_name,
                                                      std::vector<InputNote>& notes);

}  // namespace rocelint::common
