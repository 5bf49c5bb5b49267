#pragma once
// Live state of a running switch (issue 16): counters, watermarks, watchdog and installed routes,
// vendor-neutral. State parsers fill it per snapshot; rules read it as evidence against the
// configuration. Every value keeps where it was read (a JSON pointer into the dump).

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/state.hpp (docs/architecture.md#layers)"
#endif

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rocelint/source.hpp"

namespace rocelint {

/// A counter or watermark as read, with where it was read.
using StateValue = Sourced<std::uint64_t>;

/// One ingress priority group's peaks and drops.
struct PgState {
  std::optional<StateValue> headroom_watermark_bytes;  ///< peak xoff-room (headroom) occupancy
  std::optional<StateValue> shared_watermark_bytes;    ///< peak shared-buffer occupancy
  std::optional<StateValue> dropped_packets;
  SourceRef src;  ///< the PG's name-map entry
};

/// One egress queue's counters and its PFC watchdog state.
struct QueueState {
  bool multicast = false;  ///< the dump's queue type says multicast
  std::optional<StateValue> packets;
  std::optional<StateValue> dropped_packets;
  std::optional<StateValue> ecn_marked_packets;
  std::optional<StateValue>
      voq_dropped_packets;  ///< dropped in the ingress VOQs of this traffic class (EOS VOQ platforms)
  std::optional<StateValue> wd_storms_detected;  ///< PFC watchdog: storms detected on this queue
  std::optional<StateValue> wd_storms_restored;
  std::optional<Sourced<std::string>> wd_status;  ///< "operational" / "stormed"
  SourceRef src;                                  ///< the queue's name-map entry
};

/// One port's pause counters, PGs and queues (indices 0-7 for PFC priorities; PGs and queues by index).
struct PortState {
  std::array<std::optional<StateValue>, 8> pfc_rx_frames;  ///< pause frames received: the peer paused us
  std::array<std::optional<StateValue>, 8> pfc_tx_frames;  ///< pause frames sent: we paused the peer
  /// Pause frames over all priorities, where the output does not give them per priority (EOS
  /// `show priority-flow-control counters`).
  std::optional<StateValue> pfc_rx_frames_total;
  std::optional<StateValue> pfc_tx_frames_total;
  std::map<int, PgState> pgs;
  std::map<int, QueueState> queues;
  SourceRef src;  ///< the port's name-map entry
};

/// One next hop of an installed route.
struct NextHop {
  std::string address;    ///< empty for a directly connected route
  std::string interface;  ///< egress interface (a port or LAG), empty when not given
};

/// A route the switch installed (its FIB, as the routing stack programmed it).
struct InstalledRoute {
  std::string vrf;  ///< empty: the default VRF
  std::string prefix;
  std::vector<NextHop> next_hops;
  bool blackhole = false;
  std::string protocol;  ///< as written ("bgp", "connected", "0xc4"), may be empty
  SourceRef src;
};

/// What one snapshot says about one switch.
struct SwitchState {
  std::vector<std::string> files;          ///< state files of this snapshot read for the switch
  std::map<std::string, PortState> ports;  ///< by port name
  std::vector<InstalledRoute> routes;
  bool has_routes = false;  ///< a route source was read (an empty table is still an answer)
};

/// A value in the latest snapshot, as evidence: its total, or its increase since the first
/// snapshot when the first holds it too (a decrease means the counter was cleared: the latest total).
struct Evidence {
  std::uint64_t value = 0;
  SourceRef src;        ///< where the latest value was read
  bool delta = false;   ///< `value` is an increase between two snapshots
  SourceRef first_src;  ///< delta: where the earlier value was read
};

/// Evidence for one counter of a switch: `get` picks the value out of one snapshot's state
/// (nullptr / empty when that snapshot lacks it). Empty when the latest snapshot lacks it.
template <class Get>
std::optional<Evidence> evidence(const std::vector<SwitchState>& snapshots, Get get) {
  if (snapshots.empty()) return std::nullopt;
  const std::optional<StateValue>* last = get(snapshots.back());
  if (last == nullptr || !*last) return std::nullopt;
  Evidence e{(*last)->value, (*last)->src, false, {}};
  if (snapshots.size() > 1) {
    const std::optional<StateValue>* first = get(snapshots.front());
    if (first != nullptr && *first && (*first)->value <= e.value) {
      e.value -= (*first)->value;
      e.delta = true;
      e.first_src = (*first)->src;
    }
  }
  return e;
}

/// "50 between the snapshots" / "203 since the counters were last cleared" (one snapshot) for messages.
std::string describeEvidence(const Evidence& e);

}  // namespace rocelint
