#pragma once
// The one table of buffer cell sizes: the formats that write thresholds in cells (H3C Comware PFC
// and WRED limits, Huawei VRP `cells`) turn them into bytes with the cell of the switch's platform
// family. docs/inputs.md "Cell sizes" lists the same rows with their sources.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace rocelint::common {

/// Bytes per buffer cell of a platform family, by model prefix.
struct CellSize {
  std::string_view family;  ///< model prefix: "S9820-64H", "CE6865"
  std::uint32_t bytes;
};

/// H3C: S9820-64H (Broadcom TH2) 208 B [D]; S6850 / S9850 (TD3) 256 B [D]; S9825 (TH3) 254 B [D];
/// S9855 / S9827 (TD4 / TH4) 254 B [I]. Huawei publishes no cell size ([unconfirmed]): the families
/// that write `cells` (V200R005-era CE6863 / CE6865 / CE8850 / CE8861) are Trident 3 class, 256 B [I].
inline constexpr std::array<CellSize, 10> kCellSizes = {{{"S9820-64H", 208},
                                                         {"S6850", 256},
                                                         {"S9850", 256},
                                                         {"S9825", 254},
                                                         {"S9855", 254},
                                                         {"S9827", 254},
                                                         {"CE6863", 256},
                                                         {"CE6865", 256},
                                                         {"CE8850", 256},
                                                         {"CE8861", 256}}};

/// The cell a platform of unknown family is read with (the Trident 3 cell); a parser says so in one
/// note per switch.
inline constexpr std::uint32_t kDefaultCellBytes = 256;

/// The cell size of `platform` (a model name such as "S6850-56HF"), nullopt when no family matches.
inline std::optional<std::uint32_t> cellBytesOf(std::string_view platform) {
  for (const CellSize& c : kCellSizes) {
    if (platform.substr(0, c.family.size()) == c.family) return c.bytes;
  }
  return std::nullopt;
}

}  // namespace rocelint::common
