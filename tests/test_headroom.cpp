// Headroom from physics: the formula's numbers, the per-ASIC selection, and the calibration of
// rocelint's need against every pg_profile_lookup.ini SONiC ships (docs/calibration.md).

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>

#include "rocelint/headroom.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

HeadroomInputs floorInputs(std::uint32_t speed, std::uint32_t cable) {
  HeadroomInputs in;
  in.speed_mbps = speed;
  in.cable_length_m = cable;
  return in;
}

TEST(Headroom, PhysicalFloorTermByTerm) {
  const AsicBufferParams& sp3 = *findAsicParams("spectrum-3");
  HeadroomNeed need = computeHeadroom(sp3, floorInputs(100000, 300));
  EXPECT_NEAR(need.cable_bytes, 37878.8, 0.1);  // 2 x 300 m x 100 Gb/s / 198e6 m/s / 8
  EXPECT_DOUBLE_EQ(need.peer_response_bytes, 394 * 64.0);
  EXPECT_DOUBLE_EQ(need.cell_occupancy, 1.0);
  EXPECT_EQ(need.xoff_bytes, 74752u);  // docs/headroom.md worked example
  EXPECT_EQ(need.xon_bytes, 19456u);
  EXPECT_EQ(computeHeadroom(sp3, floorInputs(100000, 2000)).xoff_bytes, 288768u);
  EXPECT_EQ(computeHeadroom(sp3, floorInputs(100000, 5)).xoff_bytes, 36864u);
  EXPECT_EQ(computeHeadroom(sp3, floorInputs(400000, 5)).xoff_bytes, 71680u);  // 905 quanta = 57,920 B
}

TEST(Headroom, TrafficPatternReproducesBuffermgrd) {
  // FORMATS.md 1.6 worked example: Spectrum-4, 100G, 5 m, mtu 9100, lossless mtu 1024, spp 50 -> xoff 47104.
  HeadroomInputs in = floorInputs(100000, 5);
  in.small_packet_percent = 50;
  HeadroomNeed need = computeHeadroom(*findAsicParams("spectrum-4"), in);
  EXPECT_EQ(need.xoff_bytes, 47104u);
  EXPECT_EQ(need.xon_bytes, 19456u);
  EXPECT_NEAR(need.cell_occupancy, 1.235, 0.001);
  // Spectrum-6 adds its 18 KiB margin and has a 42 KB pipeline.
  HeadroomNeed sp6 = computeHeadroom(*findAsicParams("spectrum-6"), in);
  EXPECT_EQ(sp6.margin_bytes, 18u * 1024);
  EXPECT_EQ(sp6.xon_bytes, 43008u);
  // A speed without IEEE pause quanta falls back to the ASIC's 3.8 KB peer response.
  EXPECT_DOUBLE_EQ(computeHeadroom(*findAsicParams("spectrum-4"), floorInputs(2500, 5)).peer_response_bytes, 3891);
}

TEST(Headroom, ParameterSetSelection) {
  EXPECT_EQ(asicParamsFor("x86_64-mlnx_msn2700-r0", "Mellanox-SN2700").name, "spectrum-1");
  EXPECT_EQ(asicParamsFor("x86_64-mlnx_msn4600c-r0", "Mellanox-SN4600C-C64").name, "spectrum-3");
  EXPECT_EQ(asicParamsFor("", "Mellanox-SN5600-C256S1").name, "spectrum-4");
  EXPECT_EQ(asicParamsFor("x86_64-nvidia_sn6600_ld-r0", "").name, "spectrum-6");
  EXPECT_EQ(asicParamsFor("x86_64-arista_7260cx3_64", "Arista-7260CX3-C64").name, "tomahawk");
  EXPECT_EQ(asicParamsFor("x86_64-dellemc_z9264f_c3538-r0", "DellEMC-Z9264f-C64").name, "tomahawk");
  EXPECT_EQ(asicParamsFor("x86_64-kvm_x86_64-r0", "Force10-S6000").name, "generic");
  EXPECT_EQ(findAsicParams("nonsense"), nullptr);
  Switch sw;
  sw.hwsku = "Mellanox-SN2700";
  RuleParams params;
  EXPECT_EQ(asicOf(sw, params).name, "spectrum-1");
  params.asic = "spectrum-4";
  EXPECT_EQ(asicOf(sw, params).name, "spectrum-4");
}

// ---- calibration --------------------------------------------------------------------------

struct Stats {
  std::vector<double> ratios;
  int tables = 0;
};

double quantile(const std::vector<double>& sorted, double q) {
  return sorted[static_cast<std::size_t>(std::floor(q * static_cast<double>(sorted.size() - 1)))];
}

// One markdown row per ASIC family: vendor xoff / rocelint's need for every row of every distinct
// table. `pattern` selects the physical floor (nullopt) or SONiC's default traffic pattern.
std::vector<std::string> calibrationRows(std::optional<int> pattern, std::vector<std::string>* below = nullptr) {
  auto doc = nlohmann::json::parse(
      test::readAll(test::sharedDir() + "/realworld/sonic-buildimage/pg_profile_lookup_all.json"));
  std::map<std::string, Stats> by_family;
  for (const auto& table : doc["tables"]) {
    if (table["rows"].empty()) continue;  // same_as an earlier table
    std::string path = table["path"];
    const AsicBufferParams& asic = asicParamsFor(path, "");
    std::string family = asic.family;
    if (family == "generic") family = "other (" + std::string(table["vendor"]) + ")";
    Stats& stats = by_family[family];
    ++stats.tables;
    for (const auto& row : table["rows"]) {
      std::string cable = row["cable"];
      HeadroomInputs in = floorInputs(row["speed_mbps"], static_cast<std::uint32_t>(std::stoul(cable)));
      in.small_packet_percent = pattern;
      HeadroomNeed need = computeHeadroom(asic, in);
      double xoff = row["xoff"];
      double ratio = xoff / static_cast<double>(need.xoff_bytes);
      stats.ratios.push_back(ratio);
      if (below != nullptr && ratio < 1.0) {
        below->push_back(
            fmt::format("{} {} {} xoff {} < {} ({:.2f})", path, in.speed_mbps, cable, xoff, need.xoff_bytes, ratio));
      }
    }
  }
  std::vector<std::string> rows;
  for (auto& [family, stats] : by_family) {
    auto& r = stats.ratios;
    std::sort(r.begin(), r.end());
    auto under = std::count_if(r.begin(), r.end(), [](double x) { return x < 1.0; });
    rows.push_back(fmt::format("| {} | {} | {} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {} |", family,
                               stats.tables, r.size(), r.front(), quantile(r, 0.1), quantile(r, 0.5), quantile(r, 0.9),
                               r.back(), under));
  }
  return rows;
}

TEST(HeadroomCalibration, DocumentedDistributionIsCurrent) {
  std::string doc = test::readAll(std::string(test::sourceDir()) + "/docs/calibration.md");
  std::vector<std::string> below;
  auto floor_rows = calibrationRows(std::nullopt, &below);
  auto sonic_rows = calibrationRows(50);
  std::cout << "physical floor (vendor xoff / need):\n";
  for (const auto& row : floor_rows) std::cout << row << "\n";
  std::cout << "SONiC dynamic default, lossless mtu 1024, spp 50:\n";
  for (const auto& row : sonic_rows) std::cout << row << "\n";
  std::cout << below.size() << " rows below the floor:\n";
  for (const auto& row : below) std::cout << "  " << row << "\n";
  ASSERT_FALSE(floor_rows.empty());
  for (const auto& row : floor_rows)
    EXPECT_NE(doc.find(row), std::string::npos) << "docs/calibration.md lacks\n" << row;
  for (const auto& row : sonic_rows)
    EXPECT_NE(doc.find(row), std::string::npos) << "docs/calibration.md lacks\n" << row;
  EXPECT_NE(doc.find(fmt::format("{} of the 1,462 rows", below.size())), std::string::npos);
}

}  // namespace
}  // namespace rocelint
