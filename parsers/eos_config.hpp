#pragma once
// Arista EOS running-config text -> Switch model (QoS, PFC, watchdog, ECN, interfaces, BGP,
// static routes, Trident MMU queue profiles). Vendor defaults are modelled explicitly.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli_config_text.hpp"
#include "rocelint/model.hpp"

namespace rocelint::eos {

/// Bytes per "segment" (MMU cell) used for `random-detect ... segments` and `reserved cells`:
/// 208 B, the Trident/Tomahawk cell (FORMATS.md 1.5/4). The config does not say the platform.
inline constexpr std::uint64_t kSegmentBytes = 208;
/// EOS "kbytes" / "mbytes" are binary multiples.
inline constexpr std::uint64_t kKbyte = 1024;

/// The `hostname` of a configuration, if it has one.
std::optional<std::string> hostnameOf(const cli::ConfigText& config);

/// Converts one switch's EOS configuration files (in load order; later lines win) into the
/// model. Lines rocelint does not understand become notes (QoS-related ones one by one, the
/// rest counted in `out_of_scope`); coverage gets one entry per file. A QoS command that
/// cannot be parsed (a word where a number must be, a missing unit) throws InputError with
/// file:line:column and what was expected.
void buildSwitch(const std::vector<cli::ConfigText>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage);

}  // namespace rocelint::eos
