#pragma once
// rocelint fix: the smallest change to buffer/ECN thresholds that satisfies the BUF/ECN
// constraints and the consistency groups, as one RFC 6902 JSON Patch per config_db file.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_fix)
#error "layer rule: this library may not include rocelint/fix.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rocelint/config.hpp"
#include "rocelint/finding.hpp"

namespace rocelint {

/// One field the repair changes.
struct FieldChange {
  std::string switch_name;
  std::string file;     ///< input file, as loaded
  std::string pointer;  ///< JSON pointer of the field in that file
  std::string what;     ///< "BUFFER_PROFILE pg_lossless_100000_5m_profile xoff"
  std::int64_t from = 0;
  std::int64_t to = 0;
};

/// What a fix run did.
struct FixResult {
  bool solved = false;
  std::vector<FieldChange> changes;
  std::vector<std::string> conflict;  ///< unsat core (model terms) when no repair exists
  std::vector<std::string> skipped;   ///< constraints whose field cannot be patched (derived from .ini)
  std::map<std::string, int> before;  ///< findings per rule the repair addresses, before
  std::map<std::string, int> after;   ///< same rules, on the patched fabric
  std::vector<std::string> written;   ///< files written under the output directory
  /// BUF/ECN findings on switches whose files fix does not edit (any syntax but SONiC config_db),
  /// each "file:line: RULE switch port: fix" with the fix in that switch's syntax; non-empty makes
  /// `rocelint fix` exit 1.
  std::vector<std::string> unrepaired;
  std::string summary;  ///< the human-readable summary (also written)
};

/// Rules whose findings the repair addresses.
const std::vector<std::string>& fixableRules();

/// Loads `input` (a fabric directory), computes the repair, and writes under `out_dir`: one
/// `<file>.patch.json` per changed config, `patched/` (the input with the patches applied) and
/// `summary.txt`. The input is never modified. Re-checks the patched fabric.
FixResult runFix(const std::string& input, const std::string& out_dir, const Config& config);

}  // namespace rocelint
