#pragma once
// Where a model value came from, so every finding can point at the line to fix.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/source.hpp (docs/architecture.md#layers)"
#endif

#include <cstdint>
#include <string>
#include <string_view>

#include "rocelint/intern.hpp"

namespace rocelint {

/// Shared, immutable file name: an interned string, one copy per file for the whole process.
using FileName = InternedString;

/// What a source's origin text is, i.e. how the value is addressed inside its file.
enum class OriginKind : std::uint8_t {
  None,          ///< no address inside the file (a whole file, an ini row)
  JsonPointer,   ///< RFC 6901 pointer into a JSON document: "/PORT/Ethernet0/speed"
  XmlPath,       ///< element path in an XML document: "DeviceInfos/DeviceInfo/EthernetInterfaces/..."
  CliStatement,  ///< vendor CLI: the context path and the statement's keywords, values left out
  YamlKeyPath,   ///< key path in a YAML document: "set/interface/swp1/link/speed"
  Default,       ///< a vendor default written into the model: the statement path it stands for
};

/// A position in an input file (path as given to rocelint, 1-based line/column) and the typed
/// origin of the value there. 16 bytes: the file and the origin text are interned.
class SourceRef {
 public:
  SourceRef() = default;
  SourceRef(FileName file_name, int line_no, int column_no, OriginKind kind, std::string_view origin_text)
      : line(line_no), column(column_no), file_(file_name), origin_(pack(kind, origin_text)) {}

  int line = 0;
  int column = 0;

  /// The file name ("" when unknown).
  [[nodiscard]] const std::string& file() const { return file_.str(); }
  [[nodiscard]] FileName fileName() const { return file_; }
  [[nodiscard]] bool known() const { return !file_.empty(); }

  [[nodiscard]] OriginKind originKind() const { return static_cast<OriginKind>(origin_ >> kTextBits); }
  /// The origin text: a JSON pointer, an XML path, a CLI statement path, a YAML key path, or the
  /// statement path a default stands for (see OriginKind).
  [[nodiscard]] const std::string& originText() const { return StringTable::text(origin_ & kTextMask); }
  /// The JSON pointer of the value, "" when the origin is not a JSON pointer.
  [[nodiscard]] const std::string& jsonPointer() const {
    return originKind() == OriginKind::JsonPointer ? originText() : StringTable::text(0);
  }
  void setOrigin(OriginKind kind, std::string_view origin_text) { origin_ = pack(kind, origin_text); }
  /// This position with another origin (a default sited at this line, one item of a list).
  [[nodiscard]] SourceRef withOrigin(OriginKind kind, std::string_view origin_text) const {
    SourceRef copy = *this;
    copy.setOrigin(kind, origin_text);
    return copy;
  }

  /// Same file, position and origin.
  friend bool operator==(const SourceRef& a, const SourceRef& b) {
    return a.file_ == b.file_ && a.line == b.line && a.column == b.column && a.origin_ == b.origin_;
  }

 private:
  static constexpr unsigned kTextBits = 28;
  static constexpr std::uint32_t kTextMask = (1U << kTextBits) - 1;
  static std::uint32_t pack(OriginKind kind, std::string_view origin_text);

  FileName file_;
  std::uint32_t origin_ = 0;  ///< kind in the top 4 bits, the interned text's id below
};
static_assert(sizeof(SourceRef) <= 16, "a SourceRef is in every model value: keep it small");

/// The origin as reports show it (JSON `pointer`, SARIF `jsonPointer`): the text, or
/// "default of <statement path>" for a default.
std::string originLabel(const SourceRef& src);

/// "json-pointer", "xml-path", "cli-statement", "yaml-key-path", "default" ("" for None).
const char* originKindName(OriginKind kind);

/// A model value together with its source.
template <class T>
struct Sourced {
  T value{};
  SourceRef src;
};

/// A by-name reference to another model object (a map, profile, pool, scheduler), as written.
struct Reference {
  InternedString name;  ///< interned: the same few names are referenced from every port
  SourceRef src;
  bool bracket_style = false;  ///< written as "[TABLE|name]" (SONiC <= 202106)
};

}  // namespace rocelint
