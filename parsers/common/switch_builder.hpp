#pragma once
// What every format's convert step (its representation -> Switch) shares: the steps that must be
// done the same way whatever the syntax, so that rules see one model.

#include <string>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint::common {

/// Puts the switch's ports in natural order (Ethernet4 before Ethernet12) and rebuilds
/// `port_index`; the last step of every switch build.
void sortAndIndexPorts(Switch& sw);

/// When the switch's files had `statements` interface statements (the first at `first`) and yet
/// no port was modelled, records a NoPorts note (CFG007); `format` words it ("NX-OS", "Junos").
void noteIfNoPorts(const Switch& sw, const char* format, int statements, const SourceRef& first,
                   std::vector<InputNote>& notes);

}  // namespace rocelint::common
