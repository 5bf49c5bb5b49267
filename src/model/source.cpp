#include "rocelint/source.hpp"

#include <stdexcept>

namespace rocelint {

std::uint32_t SourceRef::pack(OriginKind kind, std::string_view origin_text) {
  std::uint32_t id = StringTable::intern(origin_text);
  if (id > kTextMask) throw std::length_error("too many distinct source origins");
  return (static_cast<std::uint32_t>(kind) << kTextBits) | id;
}

std::string originLabel(const SourceRef& src) {
  if (src.originKind() == OriginKind::Default) return "default of " + src.originText();
  return src.originText();
}

const char* originKindName(OriginKind kind) {
  switch (kind) {
    case OriginKind::None:
      return "";
    case OriginKind::JsonPointer:
      return "json-pointer";
    case OriginKind::XmlPath:
      return "xml-path";
    case OriginKind::CliStatement:
      return "cli-statement";
    case OriginKind::YamlKeyPath:
      return "yaml-key-path";
    case OriginKind::Default:
      return "default";
  }
  return "";
}

}  // namespace rocelint
