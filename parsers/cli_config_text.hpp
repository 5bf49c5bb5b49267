#pragma once
// Line-oriented vendor CLI configuration text (Arista EOS, Cisco NX-OS running-config) as a tree
// of indentation blocks. Shared by the EOS and NX-OS parsers; knows no vendor semantics.

#include <charconv>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "input_limits.hpp"
#include "rocelint/source.hpp"

namespace rocelint::cli {

/// One configuration line with the lines indented below it.
struct ConfigLine {
  std::string text;                ///< the line without indentation and trailing blanks
  std::vector<std::string> words;  ///< text split on blanks
  int line = 0;                    ///< 1-based line number
  int column = 0;                  ///< 1-based column of the first word
  int indent = 0;                  ///< leading blanks (a tab counts as one)
  std::vector<ConfigLine> children;

  /// Word i, or "" when the line is shorter.
  [[nodiscard]] const std::string& word(std::size_t i) const;
  /// True when the line's words start with `prefix` (each element one word).
  [[nodiscard]] bool startsWith(std::initializer_list<std::string_view> prefix) const;
};

/// A whole configuration file: top-level lines with their blocks.
struct ConfigText {
  FileName file;
  std::vector<ConfigLine> lines;
  int line_count = 0;
};

/// The CLI dialect of a file, recognised by its content.
enum class Dialect : std::uint8_t { None, Eos, Nxos };

/// Recognises EOS and NX-OS running-configs by their content (markers such as `qos profile`,
/// `! device:` for EOS and `feature`, `system qos`, `!Command:` for NX-OS, then the usual
/// indentation: 3 blanks on EOS, 2 on NX-OS). None for anything else (JSON, YAML, prose).
Dialect detectDialect(std::string_view text);

/// A network OS whose text configuration looks like EOS or NX-OS but is neither, recognised by a
/// line only it writes (docs/inputs.md, "Other network operating systems").
struct OtherNos {
  std::string name;      ///< "Dell OS10"
  int line = 0;          ///< 1-based line of the evidence
  std::string evidence;  ///< that line, trimmed
};
/// Dell OS10 (`! Version 10.`, `interface ethernet1/1/1`), Dell OS9 (`! Version 9.`,
/// `interface fortyGigE 1/1`), Cisco IOS-XR (`!! IOS XR Configuration`, `interface
/// HundredGigE0/0/0/0`, `interface Bundle-Ether1`), Cisco IOS / IOS-XE (`interface
/// GigabitEthernet1/0/1`, `Current configuration : N bytes`). H3C Comware and Huawei VRP are read
/// (parsers/h3c_config.cpp, parsers/huawei_config.cpp) and recognised before this is asked.
std::optional<OtherNos> otherNos(std::string_view text);

/// Splits `text` into lines and nests each line under the closest earlier line with a smaller
/// indentation. Blank lines and comment lines (first character `!` or `#` after indentation)
/// are dropped; so are EOS `comment` blocks (the `comment` line through its `EOF` line) and
/// banners (`banner motd ^C ... ^C`, `banner exec #...#`, EOS `banner login` ... `EOF`): their
/// text is not configuration.
ConfigText parseConfigText(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// Calls `line(raw, number)` for each line of `text` (without its newline; numbers from 1) and
/// returns the number of lines, counted as parseConfigText counts them.
template <class Line>
int forEachLine(std::string_view text, Line&& line) {
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (end == text.size() && raw.empty()) break;
    line(raw, line_no);
  }
  return line_no;
}

/// One statement as a syntax's own line reader found it, before it is placed in the tree: where it
/// is, and the indentation that places it (a pasted session's prompt, not the column, says which
/// view a command was typed in).
struct RawLine {
  std::string text;  ///< without indentation and trailing blanks
  int line = 0;      ///< 1-based
  int column = 0;    ///< 1-based column of the first word
  int indent = 0;
};
/// Places `lines` (in file order) in a tree as parseConfigText does: each under the closest
/// earlier line with a smaller indentation. `line_count`: the file's number of lines.
ConfigText configTree(std::vector<RawLine> lines, const std::string& file, int line_count,
                      const limits::ReadLimits& limits = {});

/// A whole decimal number of type T, or nullopt (sign, blanks or trailing text make it invalid).
template <class T>
std::optional<T> number(std::string_view text) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

/// Which words of a dialect's statements are values rather than keywords (each parser knows its
/// grammar). Whatever the dialect, a word is a value when it starts with a digit or a quote
/// (numbers, ranges, lists, speeds, IPv4 addresses, free text) or is an IPv6 address.
struct StatementGrammar {
  std::set<std::string, std::less<>> settings;    ///< setting words, wherever they occur: on, off, drop, kbytes
  std::set<std::string, std::less<>> name_after;  ///< keywords whose next word is a name or setting: trust dscp
  std::set<std::string, std::less<>> rest_after;  ///< keywords followed by free text: description
  /// Keywords whose next word names the object configured and is kept: neighbor 10.0.0.1, tx-queue 3.
  std::set<std::string, std::less<>> identity_after;
};

/// True for a word that is a value in any dialect (see StatementGrammar).
bool isValueWord(std::string_view word);

/// A statement's keywords: its words without a leading `no` / `undo` and without its values, so that
/// `priority-flow-control priority 3 no-drop` and `... priority 4 drop` are one statement,
/// "priority-flow-control priority".
std::string statementKeywords(const ConfigLine& line, const StatementGrammar& grammar);

/// The source of a line: file, line, column, and as origin the context path (the enclosing lines
/// in full) followed by the statement's keywords: "qos profile ROCE > tx-queue 3 > random-detect ecn
/// minimum-threshold kbytes maximum-threshold kbytes". Editing a value keeps the origin (and so the
/// findings' fingerprints); the line's text is in the file at `line`.
SourceRef sourceOf(const ConfigText& config, const ConfigLine& line, const std::string& context,
                   const StatementGrammar& grammar);

/// `context` extended by one more line for the pointer of its children.
std::string childContext(const std::string& context, const ConfigLine& line);

}  // namespace rocelint::cli
