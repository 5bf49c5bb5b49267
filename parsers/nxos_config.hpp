#pragma once
// Cisco NX-OS (Nexus 9000, MQC) running-config text -> Switch model: class-maps, qos /
// network-qos / queuing policy-maps, system qos, interface PFC and watchdog, BGP, static routes.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli_config_text.hpp"
#include "rocelint/model.hpp"

namespace rocelint::nxos {

/// NX-OS "kbytes" / "mbytes" are taken as binary multiples, like EOS.
inline constexpr std::uint64_t kKbyte = 1024;

/// The `hostname` (or `switchname`) of a configuration, if it has one.
std::optional<std::string> hostnameOf(const cli::ConfigText& config);

/// Converts one switch's NX-OS configuration files (in load order) into the model. Unknown
/// QoS-related lines become notes, the rest is counted in `out_of_scope`; coverage gets one
/// entry per file. A QoS command that cannot be parsed throws InputError (file:line:column).
void buildSwitch(const std::vector<cli::ConfigText>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage);

}  // namespace rocelint::nxos
