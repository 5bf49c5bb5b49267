#pragma once
// What comes before an XML document's root element (declaration, comments, processing
// instructions, a DOCTYPE with its internal subset), for the minigraph and Junos XML readers.

#include <cstddef>
#include <string_view>

namespace rocelint::common {

/// Where the root element starts, and where the first entity declaration is.
struct XmlProlog {
  static constexpr std::size_t npos = std::string_view::npos;
  std::size_t root = npos;                ///< offset of the root element's '<'; npos: none after the prolog
  std::size_t entity_declaration = npos;  ///< offset of the first "<!ENTITY" of a DOCTYPE's internal subset
};

/// Scans the prolog (a UTF-8 byte-order mark, white space, `<?…?>`, `<!--…-->`, `<!DOCTYPE … [ … ]>`)
/// without parsing the document. A DOCTYPE's internal subset is skipped as a whole: its
/// declarations end in '>' but do not end the DOCTYPE.
XmlProlog scanXmlProlog(std::string_view text);

}  // namespace rocelint::common
