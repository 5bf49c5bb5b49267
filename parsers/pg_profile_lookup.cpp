#include "pg_profile_lookup.hpp"

#include <fmt/format.h>

#include <charconv>
#include <sstream>
#include <vector>

#include "rocelint/diagnostics.hpp"

namespace rocelint {
namespace {

template <class T>
bool toNumber(const std::string& text, T& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

bool looksLikePgProfileLookup(std::string_view text) {
  bool row_seen = false;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string line(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> columns;
    for (std::string word; words >> word;) columns.push_back(word);
    if (columns.empty()) continue;
    if (columns.size() < 6 || columns.size() > 7) return false;
    std::uint64_t number = 0;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      std::string value = columns[c];
      if (c == 1) {
        if (value.size() < 2 || value.back() != 'm') return false;
        value.pop_back();
      }
      if (c == 5) {  // threshold: a signed alpha
        if (!value.empty() && value.front() == '-') value.erase(0, 1);
      }
      if (!toNumber(value, number)) return false;
    }
    row_seen = true;
  }
  return row_seen;
}

PgLookupTable parsePgProfileLookup(std::string_view text, const std::string& file) {
  PgLookupTable table;
  table.file = file;
  std::istringstream lines{std::string(text)};
  std::string line;
  int line_no = 0;
  FileName shared_file(file);
  while (std::getline(lines, line)) {
    ++line_no;
    auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> columns;
    for (std::string word; words >> word;) columns.push_back(word);
    if (columns.empty()) continue;
    auto fail = [&](const std::string& why) {
      throw InputError(
          fmt::format("{}:{}: {}: expected \"speed cable size xon xoff threshold [xon_offset]\"", file, line_no, why));
    };
    if (columns.size() < 6 || columns.size() > 7) fail(fmt::format("{} columns", columns.size()));
    PgLookupRow row;
    row.src = SourceRef{shared_file, line_no, 1, OriginKind::None, ""};
    const std::string& cable = columns[1];
    if (!toNumber(columns[0], row.speed_mbps)) fail("speed \"" + columns[0] + "\" is not a number of Mb/s");
    if (cable.size() < 2 || cable.back() != 'm' || !toNumber(cable.substr(0, cable.size() - 1), row.cable_length_m)) {
      fail("cable length \"" + cable + "\" is not like \"40m\"");
    }
    if (!toNumber(columns[2], row.size_bytes) || !toNumber(columns[3], row.xon_bytes) ||
        !toNumber(columns[4], row.xoff_bytes)) {
      fail("size/xon/xoff must be byte counts");
    }
    if (!toNumber(columns[5], row.threshold)) fail("threshold \"" + columns[5] + "\" is not an integer");
    if (columns.size() == 7) {
      std::uint64_t offset = 0;
      if (!toNumber(columns[6], offset)) fail("xon_offset \"" + columns[6] + "\" is not a byte count");
      row.xon_offset_bytes = offset;
    }
    table.rows.push_back(row);
  }
  return table;
}

}  // namespace rocelint
