#pragma once
// User configuration (.rocelint.yaml): rule selection, severities, rule parameters.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_engine)
#error "layer rule: this library may not include rocelint/config.hpp (docs/architecture.md#layers)"
#endif

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "rocelint/finding.hpp"
#include "rocelint/params.hpp"
#include "rocelint/path_filter.hpp"
#include "rocelint/source.hpp"

namespace rocelint {

/// Accepts a finding without reporting it: rule (id or family), switch and port globs, an
/// optional priority, and the reason someone gave.
struct Suppression {
  std::string rule;
  std::string switch_glob = "*";
  std::string port_glob = "*";
  std::optional<int> priority;
  std::string reason;
  SourceRef src;  ///< where it is written
  /// An inline suppression (Fabric::inline_suppressions) covers only its lines of its file.
  std::string file;
  int first_line = 0;
  int last_line = 0;
  std::string json_pointer;  ///< a data suppression: the JSON subtree it covers instead of lines

  [[nodiscard]] bool matches(const Finding& finding) const;
};

/// Everything .rocelint.yaml can say.
struct Config {
  RuleParams params;
  std::set<std::string> disabled;  ///< rule ids or family prefixes ("WD")
  std::set<std::string> enabled;   ///< rule ids or families enabled again inside a disabled family
  std::map<std::string, Severity> severity_overrides;
  std::vector<Suppression> suppressions;
  bool inline_suppressions = true;  ///< apply the suppressions written in configuration comments
  PathFilter paths;                 ///< which files under the fabric directory are read
  std::string baseline;             ///< baseline file (resolved against the config file's directory), or ""
  std::string source;               ///< file it was read from, empty for defaults

  [[nodiscard]] bool isDisabled(const std::string& rule_id) const;
};

/// Thrown for unreadable or invalid configuration; what() is "file:line: message".
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reads a .rocelint.yaml file; unknown keys and bad values are ConfigError.
Config loadConfig(const std::string& path);

}  // namespace rocelint
