#pragma once
// User configuration (.rocelint.yaml): rule selection, severities, rule parameters.

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "rocelint/finding.hpp"
#include "rocelint/loader.hpp"

namespace rocelint {

/// Parameters the rules read; defaults match docs/rules.
struct RuleParams {
  std::vector<int> roce_dscps = {26};
  std::optional<std::vector<int>> lossless_priorities;  ///< default: the fabric's majority
  int max_lossless_priorities = 2;
  int watchdog_detection_min_ms = 100;
  int watchdog_detection_max_ms = 5000;
  int watchdog_restoration_min_ms = 100;
  int watchdog_restoration_max_ms = 60000;
  /// Deadlock what-if: every set of up to this many extra failed links (0: none).
  int failures = 0;
  /// Deadlock routing: admin-down links are fresh failures seen right after local repair.
  bool transient = false;
  /// DL004: a receiver that stops draining pauses at least this many switches (0: off).
  int storm_radius_switches = 0;
  /// Headroom (BUF007): ASIC parameter set for every switch ("spectrum-3", ...); default: by hwsku.
  std::optional<std::string> asic;
  /// Headroom: size of lossless (RoCE) packets when LOSSLESS_TRAFFIC_PATTERN does not say.
  int lossless_mtu_bytes = 1024;
  /// Headroom: cable length of ports without a CABLE_LENGTH entry; unset = such ports are skipped.
  std::optional<int> default_cable_length_m;
};

/// Accepts a finding without reporting it: rule (id or family), switch and port globs, an
/// optional priority, and the reason someone gave.
struct Suppression {
  std::string rule;
  std::string switch_glob = "*";
  std::string port_glob = "*";
  std::optional<int> priority;
  std::string reason;
  SourceRef src;  ///< where it is written

  [[nodiscard]] bool matches(const Finding& finding) const;
};

/// Everything .rocelint.yaml can say.
struct Config {
  RuleParams params;
  std::set<std::string> disabled;  ///< rule ids or family prefixes ("WD")
  std::set<std::string> enabled;   ///< rule ids or families enabled again inside a disabled family
  std::map<std::string, Severity> severity_overrides;
  std::vector<Suppression> suppressions;
  PathFilter paths;      ///< which files under the fabric directory are read
  std::string baseline;  ///< baseline file (resolved against the config file's directory), or ""
  std::string source;    ///< file it was read from, empty for defaults

  [[nodiscard]] bool isDisabled(const std::string& rule_id) const;
};

/// Thrown for unreadable or invalid configuration; what() is "file:line: message".
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reads a .rocelint.yaml file; unknown keys and bad values are ConfigError.
Config loadConfig(const std::string& path);

}  // namespace rocelint
