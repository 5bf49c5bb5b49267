#pragma once
// Reading an input file as text: bounded in size, read once into its final buffer, and made
// valid UTF-8 with LF line ends before any parser sees it (docs/reliability.md#text-is-valid-text).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rocelint::textio {

/// A file that could not be read at all (too large, not openable, failed mid-read). The message
/// starts with the path; `fix` says what to do about it.
struct ReadError : std::runtime_error {
  ReadError(const std::string& message, std::string fix_text) : std::runtime_error(message), fix(std::move(fix_text)) {}
  std::string fix;
};

/// A byte sequence that is not UTF-8 text (an invalid or truncated sequence, an overlong or
/// surrogate encoding, or a NUL byte), at its 1-based line and byte column in the text as read.
struct BadSequence {
  int line = 0;
  int column = 0;
  std::string bytes;  ///< the offending bytes, written as hex ("0xFF", "0xC3 0x28")
  bool nul = false;
};

/// What a file's text needed before it could be parsed.
struct Repairs {
  std::vector<BadSequence> bad;  ///< the first kMaxReportedBadSequences, in file order
  std::size_t bad_total = 0;     ///< every bad sequence, each replaced by U+FFFD
  bool utf16 = false;            ///< the file was UTF-16 with a byte-order mark, converted to UTF-8
};

inline constexpr std::size_t kMaxReportedBadSequences = 10;

/// A file's text, ready for a parser: no byte-order mark, "\n" line ends (CRLF and CR-only alike),
/// every invalid sequence replaced by U+FFFD (EF BF BD). Line numbers are those an editor shows;
/// a column after a replaced byte on the same line is shifted by two per replacement.
struct TextFile {
  std::string text;
  Repairs repairs;
};

/// Reads `path` (at most `max_bytes`; a larger file is a ReadError naming the limit, found from
/// its size before reading it) and normalises it as described for TextFile.
TextFile readText(const std::filesystem::path& path, std::uint64_t max_bytes);

/// Reads `path` like readText, but text that needed a repair of its bytes (invalid UTF-8, NUL,
/// invalid UTF-16) is a ReadError at "path:line:col:" of the first bad sequence: for rocelint's own
/// inputs (configuration, baseline), which no parser should guess at.
std::string readValidText(const std::filesystem::path& path, std::uint64_t max_bytes);

/// Normalises text already in memory (the same rules as readText).
Repairs normalise(std::string& text);

/// `text` with every invalid UTF-8 sequence replaced by U+FFFD and NUL bytes kept out, for
/// writers whose output must be valid UTF-8 whatever a path or name contained.
std::string validUtf8(std::string_view text);

/// Whether `text` is valid UTF-8 without NUL bytes.
bool isValidUtf8(std::string_view text);

}  // namespace rocelint::textio
