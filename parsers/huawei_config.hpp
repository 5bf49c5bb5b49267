#pragma once
// Huawei CloudEngine (VRP 8) `display current-configuration` text -> Switch model. Views are
// indentation blocks (one blank per nested view, `#` separates); a CLI session pasted around or
// instead of the display (prompts `<leaf1>`, `[~leaf1]`, `[*leaf1-100GE1/0/1]`, `commit`, `quit`)
// is read by the prompts, which say the view each command was typed in. Syntax after
// ../shared/FORMATS-huawei-h3c.md §10; what is read and every interpretation: docs/inputs.md
// "Huawei CloudEngine (VRP 8)".

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli_config_text.hpp"
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
  int uncommitted = 0;       ///< commands after the last `commit` (0 when none, or no session)
  int first_uncommitted = 0; ///< the line of the first of them
  int commits = 0;           ///< `commit` lines seen
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

/// The registry entry of the Huawei VRP format.
const format::Format& switchFormat();

}  // namespace rocelint::huawei
