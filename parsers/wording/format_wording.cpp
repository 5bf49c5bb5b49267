#include "format_wording.hpp"

namespace rocelint {

const FormatWording& wordingFor(FormatId format) {
  if (format == formats::kEos) return eosWording();
  if (format == formats::kNxos) return nxosWording();
  if (format == formats::kNvue) return nvueWording();
  if (format == formats::kJunos) return junosWording();
  if (format == formats::kHuawei) return huaweiWording();
  if (format == formats::kH3c) return h3cWording();
  return sonicWording();  // config_db, minigraph, and switches no parser built
}

std::string wordText(std::string_view text, const FormatWording& wording) {
  return replacePlaceholders(text, [&](Term term, std::string_view argument) { return wording.term(term, argument); });
}

}  // namespace rocelint
