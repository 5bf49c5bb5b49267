#pragma once
// Headroom from physics: the xoff a lossless PG needs for its port's speed, cable, MTU and the
// peer's PFC response time, after SONiC's dynamic-buffer formula (docs/headroom.md).

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_analysis)
#error "layer rule: this library may not include rocelint/headroom.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rocelint/model.hpp"
#include "rocelint/params.hpp"

namespace rocelint {

/// Per-ASIC constants of the headroom formula (SONiC's ASIC_TABLE, in bytes).
struct AsicBufferParams {
  std::string name;                                  ///< e.g. "spectrum-3"
  std::string family;                                ///< e.g. "Spectrum-3" (for reports)
  std::uint32_t cell_bytes = 128;                    ///< buffer cell size
  std::uint32_t pipeline_latency_bytes = 18 * 1024;  ///< xon: what the pipeline holds
  std::uint32_t mac_phy_bytes = 819;                 ///< 0.8 KB held in the local MAC/PHY after xoff
  std::uint32_t peer_response_bytes = 3891;          ///< 3.8 KB, used for speeds without IEEE pause quanta
  bool bytes_on_tile = false;                        ///< Spectrum-4/5: speed/1000*120/8 bytes on the tile
  std::uint32_t extra_xoff_bytes = 0;                ///< margin SONiC adds on top (Spectrum-6: 18 KiB)
  std::vector<std::string> match;                    ///< lower-case substrings of platform/hwsku that select it
};

/// Every parameter set rocelint knows, the generic default last.
const std::vector<AsicBufferParams>& asicParameterSets();
/// The parameter set by name ("spectrum-3", "tomahawk", "generic"), or nullptr.
const AsicBufferParams* findAsicParams(const std::string& name);
/// The set a platform/hwsku selects (first whose match occurs in either), else generic.
const AsicBufferParams& asicParamsFor(const std::string& platform, const std::string& hwsku);

/// 802.3 Annex 31B pause quanta (512 bit times) a peer may need to stop, per speed; 0 if unknown.
int pauseQuanta(std::uint32_t speed_mbps);

/// What the formula is given.
struct HeadroomInputs {
  std::uint32_t speed_mbps = 0;
  std::uint32_t cable_length_m = 0;
  std::uint32_t port_mtu_bytes = 9100;
  std::uint32_t lossless_mtu_bytes = 1024;
  /// Share of small packets; nullopt = physical floor (every lossless packet full-size, cell
  /// occupancy 1). Set = SONiC's LOSSLESS_TRAFFIC_PATTERN, computed exactly as buffermgrd does.
  std::optional<int> small_packet_percent;
};

/// The computed need, term by term (bytes).
struct HeadroomNeed {
  HeadroomInputs in;
  double cable_bytes = 0;          ///< 2 x length x speed / propagation speed
  double peer_response_bytes = 0;  ///< pause quanta x 64, or the ASIC default
  double mac_phy_bytes = 0;
  double tile_bytes = 0;
  double cell_occupancy = 1;       ///< >= 1: cells wasted by small packets
  std::uint32_t margin_bytes = 0;  ///< the ASIC's extra margin (only with a traffic pattern)
  std::uint64_t xoff_bytes = 0;    ///< needed xoff, rounded up to 1 KiB
  std::uint64_t xon_bytes = 0;     ///< pipeline latency, rounded up to 1 KiB

  /// "1024 + (9100 MTU + 631 cable + 25216 peer + 819 MAC/PHY) x 1.00 = 36864".
  [[nodiscard]] std::string formula() const;
};

/// The xoff a lossless PG needs (docs/headroom.md).
HeadroomNeed computeHeadroom(const AsicBufferParams& asic, const HeadroomInputs& in);

/// The parameter set of a switch: params.asic when set, else by platform/hwsku.
const AsicBufferParams& asicOf(const Switch& sw, const RuleParams& params);

/// The need of a port's lossless PGs, or nullopt when its speed or cable length is unknown.
/// Cable: the topology.yaml link length, else CABLE_LENGTH, else params.default_cable_length_m. MTU: PORT mtu, else
/// 9100. In the dynamic model LOSSLESS_TRAFFIC_PATTERN gives the lossless MTU and small-packet share (what buffermgrd
/// computes); otherwise params.lossless_mtu_bytes and the physical floor.
std::optional<HeadroomNeed> portHeadroomNeed(const Switch& sw, const Port& port, const RuleParams& params);

}  // namespace rocelint
