#pragma once
// Huawei CloudEngine (VRP 8) `display current-configuration` text -> Switch model. Views are
// indentation blocks (one blank per nested view, `#` separates); a CLI session pasted around or
// instead of the display (prompts `<leaf1>`, `[~leaf1]`, `[*leaf1-100GE1/0/1]`, `commit`, `quit`)
// is read by the prompts, which say the view each command was typed in. Syntax after
// ../shared/FORMATS-huawei-h3c.md §10; what is read and every interpretation: docs/inputs.md
// "Huawei CloudEngine (VRP 8)".

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

namespace rocelint::huawei {

/// True when `text` is a VRP 8 configuration: a `!Software Version V...` header, or a top-level
/// `sysname` line in a file without Comware's indented ` version 7.`/` version 9.` line.
bool looksLikeVrp(std::string_view text);

/// What a pasted CLI session left uncommitted: commands typed after the last `commit`.
struct Session {
  int uncommitted = 0;        ///< commands after the last `commit` (0 when none, or no session)
  int first_uncommitted = 0;  ///< the line of the first of them
  int commits = 0;            ///< `commit` lines seen
};

/// Reads a VRP file into indentation blocks: display text by its indentation, session commands
/// by their prompts (the prompt is stripped, the command keeps its own column); `commit`, `quit`,
/// `return`, `system-view`, `display ...` and user-view commands are not configuration and are
/// dropped. `session` says what was left uncommitted.
cli::ConfigText readText(std::string_view text, const std::string& file, const limits::ReadLimits& limits,
                         Session& session);

/// A VRP interface name as the display spells it (`100GE1/0/1`, `Eth-Trunk1`, `LoopBack0`), from
/// any case and with a blank between type and number (`100ge 1/0/1`); nullopt for a type VRP
/// does not have.
std::optional<std::string> interfaceName(std::string_view written);

/// The speed in Mb/s a front-panel port's name gives (`400GE1/0/1` -> 400000); nullopt for a
/// name that is not a front-panel port (a sub-interface, Eth-Trunk, LoopBack, Vlanif, MEth).
std::optional<std::uint32_t> portSpeedMbps(std::string_view name);

/// Cells to bytes: the one platform table, parsers/common/cell_sizes.hpp (docs/inputs.md "Cell sizes").
using common::cellBytesOf;
using common::kDefaultCellBytes;

// Readings the manuals do not settle ([I] / [unconfirmed] in FORMATS-huawei-h3c.md), each listed in
// docs/inputs.md "Huawei CloudEngine (VRP 8)", Interpretations; the ones that are values live here.

/// VRP "kbytes" / "mbytes" are binary multiples [I] (FORMATS-huawei-h3c.md §10.4).
inline constexpr std::uint64_t kKbyte = 1024;
/// The watchdog action without `dcb pfc deadlock recovery-behavior`: the CE6885 family's
/// `forwarding` (the CE6866 family's default is discard; the configuration does not name the
/// family) [I].
inline constexpr std::string_view kDefaultRecoveryAction = "forward";
/// `dcb pfc enable ... mode auto` (PFC by DCBX negotiation) counts as on, like NX-OS's auto [I].
inline constexpr bool kAutoModeEnablesPfc = true;

/// The PHB (per-hop behaviour) a DiffServ domain maps to, as rocelint's traffic class: be 0, af1-af4
/// 1-4, ef 5, cs6 6, cs7 7 (and PHB n uses queue n, fixed [V]); nullopt for another word.
std::optional<int> phbIndex(std::string_view phb);
/// The factory `default` domain [V]: DSCP 8n..8n+7 -> PHB n; 802.1p p -> PHB p.
inline int defaultPhbOfDscp(int dscp) { return dscp / 8; }

/// The registry entry of the Huawei VRP format.
const format::Format& switchFormat();

}  // namespace rocelint::huawei
