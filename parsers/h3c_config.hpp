#pragma once
// H3C Comware 7 / 9 `display current-configuration` text -> Switch model. A view is opened by a
// line at column 0 and closed by the next `#` at column 0; global (system-view) commands are
// indented by one blank like the lines of a view, so the view a line belongs to is "the last
// opener since `#`", not its indentation alone. A CLI session pasted around or instead of the
// display (prompts `<H3C>`, `[H3C]`, `[H3C-HundredGigE1/0/1]`) is read by its prompts. Syntax
// after ../shared/FORMATS-huawei-h3c.md §11; what is read and every interpretation: docs/inputs.md
// "H3C Comware (7 / 9)".

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli_config_text.hpp"
#include "common/cell_sizes.hpp"
#include "input_limits.hpp"

namespace rocelint::format {
struct Format;
}

namespace rocelint::h3c {

/// True when `text` is a Comware configuration: a ` version 7.` / ` version 9.` line after a `#`
/// line, or a pasted session whose prompts (`[leaf1-HundredGigE1/0/1]`) name a Comware interface.
bool looksLikeComware(std::string_view text);

/// The Comware major version a file's ` version N.…` line gives (7 or 9); nullopt without one.
std::optional<int> versionOf(std::string_view text);

/// Reads a Comware file into view blocks: display text by "last view opener since `#`" (a line at
/// column 0 opens a view, `#` at column 0 closes it, indented lines outside a view are global),
/// session commands by their prompts (stripped; the command keeps its own column). `quit`,
/// `return`, `system-view`, `save`, `display ...` and user-view commands are not configuration.
cli::ConfigText readText(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// A Comware interface name as the configuration spells it (`HundredGigE1/0/1`,
/// `Twenty-FiveGigE1/0/1:2`, `Bridge-Aggregation1`), from the long name or the display
/// abbreviation (`HGE1/0/1`, `WGE1/0/1`), in any case and with a blank before the number; nullopt
/// for a type Comware does not have.
std::optional<std::string> interfaceName(std::string_view written);

/// The speed in Mb/s a front-panel port's name gives (`FourHundredGigE1/0/1` -> 400000, a
/// breakout lane `HundredGigE1/0/1:1` its own type's); nullopt for anything else (aggregates,
/// LoopBack, Vlan-interface, M-GigabitEthernet, sub-interfaces).
std::optional<std::uint32_t> portSpeedMbps(std::string_view name);

// Readings the manuals do not settle ([I] / [unconfirmed] in FORMATS-huawei-h3c.md), each listed in
// docs/inputs.md "H3C Comware (7 / 9)", Interpretations; the ones that are values live here.

/// ` speed N` on an Ethernet interface is in Mb/s [I].
inline constexpr std::uint32_t kSpeedUnitMbps = 1;
/// An Ethernet port without ` port link-mode` is bridged (Layer 2) [I].
inline constexpr bool kDefaultLinkModeRoute = false;
/// ` priority-flow-control auto` (PFC by DCBX negotiation) counts as on [I].
inline constexpr bool kAutoModeEnablesPfc = true;
/// The port priority without ` qos priority N` (the priority of packets of an untrusting port) [I].
inline constexpr int kDefaultPortPriority = 0;
/// Default dscp-dot1p [I]: DSCP 8n..8n+7 -> 802.1p n (26 -> 3, 48 -> 6).
inline int defaultDot1pOfDscp(int dscp) { return dscp / 8; }
/// Default dot1p-lp [I]: NOT the identity; 0 -> 2, 1 -> 0, 2 -> 1 (802.1D traffic-type order), 3..7 -> 3..7.
inline constexpr std::array<int, 8> kDefaultDot1pToLp = {2, 0, 1, 3, 4, 5, 6, 7};
/// Deadlock-detection tick per `priority-flow-control deadlock precision` [I]: high 10 ms, normal
/// (the default) 100 ms, low 1000 ms; the detection time is `interval` x the tick.
inline constexpr int kTickHighMs = 10;
inline constexpr int kTickNormalMs = 100;
inline constexpr int kTickLowMs = 1000;
/// The unit of `deadlock auto-recover cos P delay D` [unconfirmed]: 100 ms.
inline constexpr int kRecoverDelayUnitMs = 100;

/// Cells to bytes: the one platform table, parsers/common/cell_sizes.hpp (docs/inputs.md "Cell sizes").
using common::cellBytesOf;
using common::kDefaultCellBytes;

/// The registry entry of the H3C Comware format.
const format::Format& switchFormat();

}  // namespace rocelint::h3c
