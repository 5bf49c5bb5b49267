#pragma once
// The parameters analyses and rules read (.rocelint.yaml `params`, CLI flags).

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/params.hpp (docs/architecture.md#layers)"
#endif

#include <optional>
#include <string>
#include <vector>

namespace rocelint {

/// Parameters the rules read; defaults match docs/rules.
struct RuleParams {
  std::vector<int> roce_dscps = {26};
  /// The DSCP the NICs mark congestion notification packets (CNPs) with: MAP007 follows it to its
  /// egress queue. 48 is the NVIDIA ConnectX default (`cnp_dscp`, sent on priority 6).
  int cnp_dscp = 48;
  /// Deadlock destinations besides host subnets (VLAN interfaces, routed host ports, static
  /// routes): switch loopbacks and switch-to-switch link subnets, off by default.
  bool roce_destinations_loopbacks = false;
  bool roce_destinations_links = false;
  std::optional<std::vector<int>> lossless_priorities;  ///< default: the fabric's majority
  int max_lossless_priorities = 2;
  int watchdog_detection_min_ms = 100;
  int watchdog_detection_max_ms = 5000;
  int watchdog_restoration_min_ms = 100;
  int watchdog_restoration_max_ms = 60000;
  /// Deadlock what-if: every set of up to this many extra failed links (0: none).
  int failures = 0;
  /// Deadlock what-if: the sweep stops after this many seconds and says how far it got (DL008);
  /// 0: no limit.
  double whatif_time_limit_s = 1800;
  /// ECN before PFC (ECN004): the Z3 questions of the whole fabric share this many seconds; a
  /// question not answered within it is ECN005 and the run exits 2 (docs/reliability.md). 0: none.
  double solver_time_limit_s = 300;
  /// Deadlock routing: admin-down links are fresh failures seen right after local repair.
  bool transient = false;
  /// Deadlock: the switches flood lossless unknown unicast (a MAC miss) to every port of its VLAN,
  /// as Ethernet does unless the platform is set to drop it (docs/deadlock.md, "L2 flooding").
  bool lossless_flooding = true;
  /// DL004: a receiver that stops draining pauses at least this many switches (0: off).
  int storm_radius_switches = 0;
  /// Headroom (BUF007): ASIC parameter set for every switch ("spectrum-3", ...); default: by hwsku.
  std::optional<std::string> asic;
  /// Headroom: size of lossless (RoCE) packets when LOSSLESS_TRAFFIC_PATTERN does not say.
  int lossless_mtu_bytes = 1024;
  /// Headroom: cable length of ports without a CABLE_LENGTH entry; unset = such ports are skipped.
  std::optional<int> default_cable_length_m;
  /// Live state (ST005): a lossless PG whose headroom watermark came within this many percent of its
  /// profile's xoff (headroom) is reported; 0: only a watermark that reached it.
  int headroom_watermark_margin_pct = 10;
};

}  // namespace rocelint
