#pragma once
// What every format's convert step (its representation -> Switch) shares: the steps that must be
// done the same way whatever the syntax, so that rules see one model.

#include "rocelint/model.hpp"

namespace rocelint::common {

/// Puts the switch's ports in natural order (Ethernet4 before Ethernet12) and rebuilds
/// `port_index`; the last step of every switch build.
void sortAndIndexPorts(Switch& sw);

}  // namespace rocelint::common
