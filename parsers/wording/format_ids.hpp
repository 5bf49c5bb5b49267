#pragma once
// The identities parsers give the switches they build (Switch::format); the wording of each is in
// this folder (wordingFor).

#include "rocelint/model.hpp"

namespace rocelint::formats {

inline constexpr FormatId kSonicConfigDb{1};
inline constexpr FormatId kSonicMinigraph{2};  ///< worded like config_db: a minigraph becomes config_db tables
inline constexpr FormatId kEos{3};
inline constexpr FormatId kNxos{4};
inline constexpr FormatId kNvue{5};
inline constexpr FormatId kJunos{6};
inline constexpr FormatId kHuawei{7};
inline constexpr FormatId kH3c{8};

}  // namespace rocelint::formats
