#pragma once
// What every format's convert step (its representation -> Switch) shares: the steps that must be
// done the same way whatever the syntax, so that rules see one model.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint::common {

/// A WRED/ECN profile named `name` (at `src`) whose one curve applies to every colour, for
/// syntaxes without colours (NX-OS, NVUE); `marks` says whether it marks ECN, and where.
WredProfile colourBlindWredProfile(const std::string& name, const SourceRef& src, const WredColor& curve,
                                   const Sourced<bool>& marks);

/// Puts the switch's ports in natural order (Ethernet4 before Ethernet12) and rebuilds
/// `port_index`; the last step of every switch build.
void sortAndIndexPorts(Switch& sw);

/// When the switch's files had `statements` interface statements (the first at `first`) and yet
/// no port was modelled, records a NoPorts note (CFG007); `format` words it ("NX-OS", "Junos").
void noteIfNoPorts(const Switch& sw, const char* format, int statements, const SourceRef& first,
                   std::vector<InputNote>& notes);

/// The access (untagged) VLAN an interface's configuration gives it, and the statement that does.
struct AccessVlan {
  std::string name;  ///< "Vlan10", or the VLAN's name where the syntax names VLANs (Junos)
  SourceRef src;
};

/// A VLAN id 1-4094 as written ("10"); nullopt for anything else (0, 4095, "ten").
std::optional<int> vlanId(std::string_view text);
/// How every syntax names a numeric VLAN: "Vlan10", SONiC's VLAN key, so that VLANs compare alike.
std::string vlanName(int id);
/// The id of a name vlanName wrote ("Vlan10" -> 10); nullopt for any other name.
std::optional<int> vlanNameId(std::string_view name);
/// The message of the CFG005 note for `value`, written in `statement`, that is not a VLAN id
/// (1-4094), and its fix; `what` names what is then not taken ("Ethernet1 is not an access port").
std::string invalidVlanMessage(std::string_view statement, std::string_view value, std::string_view what);
std::string invalidVlanFix();

/// A VLAN list as trunk allowed lists write it ("10", "10,20-30"); nullopt when any item is not a VLAN
/// id 1-4094 or a range that runs backwards.
std::optional<VlanSet> vlanList(std::string_view text);

/// Applies one `switchport trunk allowed vlan ...` statement (EOS, NX-OS) to `allowed`: `words` are
/// those after `vlan` (`LIST`, `add LIST`, `remove LIST`, `except LIST`, `all`, `none`). False
/// when the statement is malformed (`allowed` is then unchanged).
bool applyTrunkAllowed(const std::vector<std::string_view>& words, VlanSet& allowed);

/// Sets every port's `trunk_vlans` from `trunks` (interface name -> the VLANs it carries tagged),
/// a LAG's members from the LAG's, as applyAccessVlans does.
void applyTrunkVlans(Switch& sw, const std::map<std::string, Sourced<VlanSet>>& trunks);

/// Sets every port's `access_vlan` from `access` (interface name -> its access VLAN; ports and
/// LAGs). A member of a LAG of `sw.portchannels` carries the LAG's VLAN (or none when the LAG has
/// none): while bundled, its own switching settings do not apply. Ports and LAGs must be built.
void applyAccessVlans(Switch& sw, const std::map<std::string, AccessVlan>& access);

/// One interface of a CLI syntax (EOS, NX-OS, VRP) into `sw`: its addresses under its kind (by name:
/// `portchannel_prefix` or `other_portchannel_prefix`, "Vlan", `loopback_prefix`, else a port), and for a LAG its name
/// in `portchannels` and its min-links. Returns true for a front-panel port still to build (`is_port`, by default an
/// Ethernet name); a port-kind interface that is not one is counted in `out_of_scope` as "<format> interface <prefix>".
bool addCliInterface(Switch& sw, const std::string& name, std::string_view portchannel_prefix,
                     std::string_view loopback_prefix, const std::vector<std::pair<std::string, SourceRef>>& addresses,
                     const std::optional<Sourced<std::uint32_t>>& min_links, std::set<std::string>& portchannels,
                     const char* format, std::map<std::string, int>& out_of_scope,
                     bool (*is_port)(const std::string&) = nullptr, std::string_view other_portchannel_prefix = {});

}  // namespace rocelint::common
