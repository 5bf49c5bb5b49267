#pragma once
// The wordings, one per format (parsers/wording/<format>_wording.cpp); wordingFor picks one.

#include "format_ids.hpp"
#include "rocelint/wording.hpp"

namespace rocelint {

const FormatWording& sonicWording();
const FormatWording& eosWording();
const FormatWording& nxosWording();
const FormatWording& nvueWording();
const FormatWording& junosWording();
const FormatWording& huaweiWording();
const FormatWording& h3cWording();

}  // namespace rocelint
