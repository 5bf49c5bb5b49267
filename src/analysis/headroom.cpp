#include "rocelint/headroom.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace rocelint {
namespace {

constexpr double kPropagationMetersPerSecond = 198e6;  // light in fibre / copper, as SONiC uses
constexpr double kMinPacketBytes = 64;

std::uint64_t ceil1k(double bytes) { return static_cast<std::uint64_t>(std::ceil(bytes / 1024.0)) * 1024; }

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

AsicBufferParams spectrum(std::string name, std::string family, std::uint32_t cell, std::uint32_t pipeline_kb,
                          bool tile, std::uint32_t extra, std::vector<std::string> match) {
  AsicBufferParams p;
  p.name = std::move(name);
  p.family = std::move(family);
  p.cell_bytes = cell;
  p.pipeline_latency_bytes = pipeline_kb * 1024;
  p.bytes_on_tile = tile;
  p.extra_xoff_bytes = extra;
  p.match = std::move(match);
  return p;
}

}  // namespace

// Spectrum constants: sonic-buildimage platform/mellanox/asic_table.j2 (cell, pipeline latency,
// MAC/PHY delay 0.8 KB, peer response 3.8 KB) and buffer_headroom_mellanox.lua (tile bytes on
// Spectrum-4/5, the Spectrum-6 margin). Tomahawk-class: the 208-byte cell of the TH/TH2 tables
// and the generic delays. Generic: SONiC's virtual-switch ASIC entry.
const std::vector<AsicBufferParams>& asicParameterSets() {
  static const std::vector<AsicBufferParams> sets = [] {
    std::vector<AsicBufferParams> all;
    all.push_back(spectrum("spectrum-1", "Spectrum-1", 96, 19, false, 0,
                           {"msn2", "sn2010", "sn2100", "sn2201", "sn2410", "sn2700", "sn2740"}));
    all.push_back(spectrum("spectrum-2", "Spectrum-2", 144, 19, false, 0, {"msn3", "sn3420", "sn3700", "sn3800"}));
    all.push_back(
        spectrum("spectrum-3", "Spectrum-3", 144, 19, false, 0, {"msn4", "sn4280", "sn4410", "sn4600", "sn4700"}));
    all.push_back(spectrum("spectrum-4", "Spectrum-4", 192, 19, true, 0, {"sn5400", "sn5600"}));
    all.push_back(spectrum("spectrum-5", "Spectrum-5", 192, 19, true, 0, {"sn5610", "sn5640"}));
    all.push_back(spectrum("spectrum-6", "Spectrum-6", 256, 42, false, 18 * 1024, {"sn6600", "sn6810"}));
    all.push_back(
        spectrum("tomahawk", "Tomahawk-class", 208, 18, false, 0,
                 {"7260cx3", "7060cx", "7060x6", "z9100", "z9264f", "z9332f", "z9664f", "z9864f", "/th2/", "th2-"}));
    all.push_back(spectrum("generic", "generic", 128, 18, false, 0, {}));
    return all;
  }();
  return sets;
}

const AsicBufferParams* findAsicParams(const std::string& name) {
  for (const auto& set : asicParameterSets()) {
    if (set.name == lower(name)) return &set;
  }
  return nullptr;
}

const AsicBufferParams& asicParamsFor(const std::string& platform, const std::string& hwsku) {
  std::string haystack = lower(platform) + " " + lower(hwsku);
  for (const auto& set : asicParameterSets()) {
    for (const auto& needle : set.match) {
      if (haystack.find(needle) != std::string::npos) return set;
    }
  }
  return asicParameterSets().back();
}

int pauseQuanta(std::uint32_t speed_mbps) {
  switch (speed_mbps) {
    case 800000:
      return 905;
    case 400000:
      return 905;
    case 200000:
      return 453;
    case 100000:
      return 394;
    case 50000:
      return 147;
    case 40000:
      return 118;
    case 25000:
      return 80;
    case 10000:
      return 67;
    case 1000:
      return 2;
    case 100:
      return 1;
    default:
      return 0;
  }
}

HeadroomNeed computeHeadroom(const AsicBufferParams& asic, const HeadroomInputs& in) {
  HeadroomNeed need;
  need.in = in;
  double speed_bps = static_cast<double>(in.speed_mbps) * 1e6;
  need.cable_bytes = 2.0 * in.cable_length_m * speed_bps / kPropagationMetersPerSecond / 8.0;
  int quanta = pauseQuanta(in.speed_mbps);
  need.peer_response_bytes = quanta > 0 ? quanta * 512.0 / 8.0 : asic.peer_response_bytes;
  need.mac_phy_bytes = asic.mac_phy_bytes;
  need.tile_bytes = asic.bytes_on_tile ? in.speed_mbps / 1000.0 * 120.0 / 8.0 : 0.0;
  if (in.small_packet_percent) {
    // buffermgrd's worst case: a 64-byte packet takes a whole cell (or two small cells).
    double cell = asic.cell_bytes;
    double factor = std::ceil(cell > 2 * kMinPacketBytes ? cell / kMinPacketBytes : 2 * cell / (1 + cell));
    double spp = *in.small_packet_percent;
    double by_byte =
        100.0 * kMinPacketBytes / ((spp * kMinPacketBytes + (100.0 - spp) * in.lossless_mtu_bytes) / 100.0);
    need.cell_occupancy = (100.0 - by_byte + by_byte * factor) / 100.0;
  }
  double propagation =
      in.port_mtu_bytes + need.cable_bytes + need.mac_phy_bytes + need.peer_response_bytes + need.tile_bytes;
  need.xoff_bytes = ceil1k(in.lossless_mtu_bytes + propagation * need.cell_occupancy);
  if (in.small_packet_percent) need.margin_bytes = asic.extra_xoff_bytes;
  need.xoff_bytes += need.margin_bytes;
  need.xon_bytes = ceil1k(asic.pipeline_latency_bytes);
  return need;
}

std::string HeadroomNeed::formula() const {
  std::string terms = fmt::format("{} MTU + {:.0f} cable + {:.0f} peer response + {:.0f} MAC/PHY", in.port_mtu_bytes,
                                  cable_bytes, peer_response_bytes, mac_phy_bytes);
  if (tile_bytes > 0) terms += fmt::format(" + {:.0f} tile", tile_bytes);
  std::string margin = margin_bytes > 0 ? fmt::format(" + {} margin", margin_bytes) : "";
  return fmt::format("{} + ({}) x {:.2f}{}, rounded up to 1 KiB = {}", in.lossless_mtu_bytes, terms, cell_occupancy,
                     margin, xoff_bytes);
}

const AsicBufferParams& asicOf(const Switch& sw, const RuleParams& params) {
  if (params.asic) {
    if (const AsicBufferParams* set = findAsicParams(*params.asic)) return *set;
  }
  return asicParamsFor(sw.platform, sw.hwsku);
}

std::optional<HeadroomNeed> portHeadroomNeed(const Switch& sw, const Port& port, const RuleParams& params) {
  if (!port.speed_mbps) return std::nullopt;
  HeadroomInputs in;
  in.speed_mbps = port.speed_mbps->value;
  if (port.cable_length_m) {
    in.cable_length_m = port.cable_length_m->value;
  } else if (params.default_cable_length_m) {
    in.cable_length_m = static_cast<std::uint32_t>(*params.default_cable_length_m);
  } else {
    return std::nullopt;
  }
  if (port.mtu_bytes) in.port_mtu_bytes = port.mtu_bytes->value;
  in.lossless_mtu_bytes = static_cast<std::uint32_t>(params.lossless_mtu_bytes);
  if (sw.buffer_model == BufferModel::Dynamic && sw.lossless_traffic) {
    const auto& traffic = *sw.lossless_traffic;
    if (traffic.mtu_bytes) in.lossless_mtu_bytes = traffic.mtu_bytes->value;
    if (traffic.small_packet_percent) in.small_packet_percent = traffic.small_packet_percent->value;
  }
  return computeHeadroom(asicOf(sw, params), in);
}

}  // namespace rocelint
