#include "common/xml_prolog.hpp"

namespace rocelint::common {

namespace {

bool startsAt(std::string_view text, std::size_t at, std::string_view what) {
  return text.compare(at, what.size(), what) == 0;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The offset just past the DOCTYPE that starts at `at` (npos when it never ends); records the
// first entity declaration of its internal subset.
std::size_t skipDoctype(std::string_view text, std::size_t at, XmlProlog& prolog) {
  bool in_subset = false;
  char quote = 0;
  for (std::size_t i = at + 2; i < text.size(); ++i) {
    char c = text[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (!in_subset) {
      if (c == '[') in_subset = true;
      if (c == '>') return i + 1;
    } else if (startsAt(text, i, "<!--")) {
      std::size_t end = text.find("-->", i + 4);
      if (end == std::string_view::npos) return end;
      i = end + 2;
    } else if (startsAt(text, i, "<?")) {
      std::size_t end = text.find("?>", i + 2);
      if (end == std::string_view::npos) return end;
      i = end + 1;
    } else if (startsAt(text, i, "<!ENTITY")) {
      if (prolog.entity_declaration == XmlProlog::npos) prolog.entity_declaration = i;
    } else if (c == ']') {
      in_subset = false;
    }
  }
  return std::string_view::npos;
}

}  // namespace

XmlProlog scanXmlProlog(std::string_view text) {
  XmlProlog prolog;
  std::size_t i = startsAt(text, 0, "\xEF\xBB\xBF") ? 3 : 0;
  while (true) {
    while (i < text.size() && isSpace(text[i])) ++i;
    if (i >= text.size() || text[i] != '<') return prolog;
    std::size_t end = 0;
    if (startsAt(text, i, "<?")) {
      end = text.find("?>", i + 2);
      if (end != std::string_view::npos) end += 2;
    } else if (startsAt(text, i, "<!--")) {
      end = text.find("-->", i + 4);
      if (end != std::string_view::npos) end += 3;
    } else if (startsAt(text, i, "<!DOCTYPE")) {
      end = skipDoctype(text, i, prolog);
    } else if (startsAt(text, i, "<!")) {
      end = text.find('>', i + 2);
      if (end != std::string_view::npos) end += 1;
    } else {
      prolog.root = i;
      return prolog;
    }
    if (end == std::string_view::npos) return prolog;
    i = end;
  }
}

}  // namespace rocelint::common
