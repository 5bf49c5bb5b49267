#pragma once
// Watermark consistency groups: ports that should be configured alike (same switch role and
// hwsku, port speed, cable class) and, per lossless PG and field, each switch's value.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_analysis)
#error "layer rule: this library may not include rocelint/consistency.hpp (docs/architecture.md#layers)"
#endif

#include <string>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint {

/// One switch's value of a field within a group: the value most of its ports there hold.
struct WatermarkObservation {
  std::string switch_name;
  std::string port;  ///< first port of the switch holding that value
  std::string value;
  SourceRef src;  ///< the config line that sets it
};

/// A (group, PG, field) with every switch's value, sorted by switch name.
struct WatermarkCell {
  std::string group;  ///< "LeafRouter Mellanox-SN4600C-C64, 400000 Mb/s, cable 11-100 m"
  int pg = 0;
  std::string field;  ///< xon | xoff | size | dynamic_th | green_min_threshold | green_max_threshold
  std::vector<WatermarkObservation> switches;
};

/// Cable classes that separate SONiC's usual 5 m / 40 m / 300 m / 2 km.
std::string cableClass(std::uint32_t meters);

/// Every cell of the fabric (connected ports with pfc_enable and CABLE_LENGTH).
std::vector<WatermarkCell> watermarkCells(const Fabric& fabric);

}  // namespace rocelint
