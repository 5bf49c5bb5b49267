#include "text_file.hpp"

#include <fmt/format.h>

#include <fstream>

namespace fs = std::filesystem;

namespace rocelint::textio {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

/// Length of the valid UTF-8 sequence at `i` (1 to 4), or 0 where the byte starts none: a NUL,
/// a stray continuation byte, an overlong or surrogate form, a code point above U+10FFFF, or a
/// sequence cut short.
std::size_t validLength(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = at(i);
  if (c == 0) return 0;
  if (c < 0x80U) return 1;
  std::size_t left = s.size() - i;
  auto cont = [&](std::size_t k, unsigned char lo, unsigned char hi) {
    return k < left && at(i + k) >= lo && at(i + k) <= hi;
  };
  if (c >= 0xC2U && c <= 0xDFU) return cont(1, 0x80, 0xBF) ? 2 : 0;
  if (c >= 0xE0U && c <= 0xEFU) {
    unsigned char lo = c == 0xE0U ? 0xA0 : 0x80;
    unsigned char hi = c == 0xEDU ? 0x9F : 0xBF;
    return cont(1, lo, hi) && cont(2, 0x80, 0xBF) ? 3 : 0;
  }
  if (c >= 0xF0U && c <= 0xF4U) {
    unsigned char lo = c == 0xF0U ? 0x90 : 0x80;
    unsigned char hi = c == 0xF4U ? 0x8F : 0xBF;
    return cont(1, lo, hi) && cont(2, 0x80, 0xBF) && cont(3, 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

void appendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// UTF-16 text (after its byte-order mark) as UTF-8; an unpaired surrogate or a lone last byte
/// becomes U+FFFD, counted in `bad`.
std::string fromUtf16(std::string_view s, bool little_endian, std::size_t& bad) {
  std::string out;
  out.reserve(s.size());
  auto unit = [&](std::size_t i) -> char32_t {
    auto a = static_cast<unsigned char>(s[i]);
    auto b = static_cast<unsigned char>(s[i + 1]);
    return little_endian ? static_cast<char32_t>(a | (b << 8)) : static_cast<char32_t>((a << 8) | b);
  };
  std::size_t i = 0;
  for (; i + 1 < s.size(); i += 2) {
    char32_t u = unit(i);
    if (u >= 0xD800 && u <= 0xDBFF && i + 3 < s.size()) {
      char32_t low = unit(i + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        appendUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
        i += 2;
        continue;
      }
    }
    if ((u >= 0xD800 && u <= 0xDFFF) || u == 0) {
      out += kReplacement;
      ++bad;
      continue;
    }
    appendUtf8(out, u);
  }
  if (i < s.size()) {
    out += kReplacement;
    ++bad;
  }
  return out;
}

std::string hexBytes(std::string_view bytes) {
  std::string out;
  for (std::size_t k = 0; k < bytes.size() && k < 8; ++k) {
    if (!out.empty()) out += ' ';
    out += fmt::format("0x{:02X}", static_cast<unsigned char>(bytes[k]));
  }
  if (bytes.size() > 8) out += fmt::format(" (and {} more bytes)", bytes.size() - 8);
  return out;
}

std::string sizeText(std::uint64_t bytes) {
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  if (bytes >= kMiB) return fmt::format("{:.1f} MiB ({} bytes)", static_cast<double>(bytes) / kMiB, bytes);
  return fmt::format("{} bytes", bytes);
}

}  // namespace

Repairs normalise(std::string& text) {
  Repairs repairs;
  std::string_view view = text;
  std::string converted;
  if (view.size() >= 2 && ((view[0] == '\xFF' && view[1] == '\xFE') || (view[0] == '\xFE' && view[1] == '\xFF'))) {
    repairs.utf16 = true;
    std::size_t bad = 0;
    converted = fromUtf16(view.substr(2), view[0] == '\xFF', bad);
    repairs.bad_total = bad;  // positions in UTF-16 text are not an editor's columns: counted only
    text = std::move(converted);
    view = text;
  }
  if (view.substr(0, 3) == "\xEF\xBB\xBF") view.remove_prefix(3);

  // Fast path: nothing to change but (perhaps) the byte-order mark.
  std::size_t i = 0;
  while (i < view.size()) {
    char c = view[i];
    if (c == '\r' || c == '\0') break;
    if (static_cast<unsigned char>(c) < 0x80U) {
      ++i;
      continue;
    }
    std::size_t n = validLength(view, i);
    if (n == 0) break;
    i += n;
  }
  if (i == view.size()) {
    if (view.size() != text.size()) text.erase(0, text.size() - view.size());
    return repairs;
  }

  std::string out;
  out.reserve(view.size() + 16);
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t k = 0; k < i; ++k) {
    if (view[k] == '\n') {
      ++line;
      line_start = k + 1;
    }
  }
  out.append(view.substr(0, i));
  while (i < view.size()) {
    char c = view[i];
    if (c == '\n') {
      out += '\n';
      ++line;
      line_start = ++i;
      continue;
    }
    if (c == '\r') {
      out += '\n';
      i += i + 1 < view.size() && view[i + 1] == '\n' ? 2 : 1;
      ++line;
      line_start = i;
      continue;
    }
    std::size_t n = validLength(view, i);
    if (n > 0) {
      out.append(view.substr(i, n));
      i += n;
      continue;
    }
    std::size_t start = i;
    while (i < view.size() && view[i] != '\n' && view[i] != '\r' && validLength(view, i) == 0) ++i;
    ++repairs.bad_total;
    if (repairs.bad.size() < kMaxReportedBadSequences) {
      std::string_view bytes = view.substr(start, i - start);
      repairs.bad.push_back(BadSequence{line, static_cast<int>(start - line_start + 1), hexBytes(bytes),
                                        bytes.find('\0') != std::string_view::npos});
    }
    out += kReplacement;
  }
  text = std::move(out);
  return repairs;
}

TextFile readText(const fs::path& path, std::uint64_t max_bytes) {
  const std::string name = path.string();
  const std::string limit_fix = "split the file, or raise --max-file-size if it really is one configuration";
  std::error_code ec;
  std::uint64_t size = 0;
  bool sized = fs::is_regular_file(path, ec);
  if (sized) {
    size = fs::file_size(path, ec);
    sized = !ec;
  }
  if (sized && size > max_bytes)
    throw ReadError(fmt::format("{}: the file is {}, larger than the limit of {} (--max-file-size)", name,
                                sizeText(size), sizeText(max_bytes)),
                    limit_fix);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ReadError(fmt::format("{}: cannot open file", name), "check that the file exists and is readable");
  TextFile file;
  // One buffer of the final size: no stream copy, no second string.
  file.text.resize(sized ? static_cast<std::size_t>(size) : 0);
  if (sized) in.read(file.text.data(), static_cast<std::streamsize>(size));
  file.text.resize(sized ? static_cast<std::size_t>(in.gcount()) : 0);
  // A file that grew while it was read, or one whose size is not known: read on to the limit.
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    file.text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (file.text.size() > max_bytes)
      throw ReadError(
          fmt::format("{}: the file is larger than the limit of {} (--max-file-size)", name, sizeText(max_bytes)),
          limit_fix);
  }
  if (in.bad()) throw ReadError(fmt::format("{}: read error", name), "check the file system and try again");
  file.repairs = normalise(file.text);
  return file;
}

std::string readValidText(const fs::path& path, std::uint64_t max_bytes) {
  TextFile file = readText(path, max_bytes);
  const Repairs& r = file.repairs;
  if (r.bad_total > 0) {
    const std::string fix = "save the file as UTF-8 text";
    if (r.bad.empty())
      throw ReadError(
          fmt::format("{}:1:1: invalid UTF-16 text ({} unit(s) that are no character)", path.string(), r.bad_total),
          fix);
    const BadSequence& bad = r.bad.front();
    throw ReadError(fmt::format("{}:{}:{}: {} ({}): the file must be UTF-8 text", path.string(), bad.line, bad.column,
                                bad.nul ? "NUL byte" : "bytes that are not UTF-8 text", bad.bytes),
                    fix);
  }
  return std::move(file.text);
}

std::string validUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t n = validLength(text, i);
    if (n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    while (i < text.size() && validLength(text, i) == 0) ++i;
    out += kReplacement;
  }
  return out;
}

bool isValidUtf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t n = validLength(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

}  // namespace rocelint::textio
