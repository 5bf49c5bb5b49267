#include "port_config.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "rocelint/diagnostics.hpp"

namespace rocelint::sonic {
namespace {

struct Word {
  std::string text;
  int column = 0;  ///< 1-based
};

std::vector<Word> words(std::string_view line) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.push_back({std::string(line.substr(start, i - start)), static_cast<int>(start) + 1});
  }
  return out;
}

/// Splits into lines without their line ends ("\n" or "\r\n").
std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return out;
}

/// Header columns of a `# name lanes ...` line, or empty when the line is not a header.
std::vector<std::string> headerColumns(std::string_view line) {
  auto first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line[first] != '#') return {};
  std::vector<std::string> columns;
  for (auto& w : words(line.substr(first + 1))) columns.push_back(std::move(w.text));
  if (std::find(columns.begin(), columns.end(), "name") == columns.end()) return {};
  return columns;
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

}  // namespace

const PortConfigRow* PortConfigTable::findByAliasOrName(const std::string& alias) const {
  if (auto it = by_alias_.find(alias); it != by_alias_.end()) return &rows[it->second];
  if (auto it = by_name_.find(alias); it != by_name_.end()) return &rows[it->second];
  return nullptr;
}

const PortConfigRow* PortConfigTable::firstBreakoutMember(const std::string& parent) const {
  if (parent.empty()) return nullptr;
  for (const PortConfigRow& row : rows) {
    auto alias = row.columns.find("alias");
    if (alias == row.columns.end()) continue;
    std::string_view a = alias->second.value;
    if (a.size() <= parent.size() || a.substr(0, parent.size()) != parent) continue;
    std::string_view rest = a.substr(parent.size());
    bool letter = rest.size() == 1 && std::islower(static_cast<unsigned char>(rest[0]));
    bool number = rest.size() > 1 && rest[0] == '/' && std::all_of(rest.begin() + 1, rest.end(), [](char c) {
                    return std::isdigit(static_cast<unsigned char>(c));
                  });
    if (letter || number) return &row;
  }
  return nullptr;
}

bool looksLikePortConfig(std::string_view text) {
  for (std::string_view line : lines(text)) {
    if (blank(line)) continue;
    std::vector<std::string> columns = headerColumns(line);
    if (!columns.empty()) {
      return std::find(columns.begin(), columns.end(), "lanes") != columns.end() ||
             std::find(columns.begin(), columns.end(), "alias") != columns.end();
    }
    if (line[line.find_first_not_of(" \t")] != '#') return false;  // a data row before any header
  }
  return false;
}

PortConfigTable parsePortConfig(std::string_view text, const std::string& file) {
  PortConfigTable table;
  table.file = file;
  FileName shared_file(file);
  int line_no = 0;
  for (std::string_view line : lines(text)) {
    ++line_no;
    if (blank(line)) continue;
    if (line[line.find_first_not_of(" \t")] == '#') {
      if (table.columns.empty()) table.columns = headerColumns(line);
      continue;
    }
    std::vector<Word> row_words = words(line);
    auto fail = [&](int column, const std::string& why) {
      throw InputError(fmt::format("{}:{}:{}: {}", file, line_no, column, why));
    };
    if (table.columns.empty()) fail(1, "port row before the header: expected a \"# name lanes alias ...\" line first");
    if (row_words.size() != table.columns.size()) {
      int column = row_words.size() < table.columns.size() ? static_cast<int>(line.size()) + 1
                                                           : row_words[table.columns.size()].column;
      fail(column, fmt::format("{} columns, expected {} ({})", row_words.size(), table.columns.size(),
                               fmt::join(table.columns, " ")));
    }
    PortConfigRow row;
    row.src = SourceRef{shared_file, line_no, 1, OriginKind::None, ""};
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      const std::string& column = table.columns[c];
      SourceRef src{shared_file, line_no, row_words[c].column, OriginKind::None, column};  // the column names the value
      if (column == "name") {
        row.name = row_words[c].text;
        row.src = src;
      } else {
        row.columns[column] = Sourced<std::string>{row_words[c].text, src};
      }
    }
    std::size_t index = table.rows.size();
    if (auto [it, inserted] = table.by_name_.emplace(row.name, index); !inserted) {
      fail(row.src.column, fmt::format("port {} is listed twice (first at line {}): expected one row per port",
                                       row.name, table.rows[it->second].src.line));
    }
    if (auto alias = row.columns.find("alias"); alias != row.columns.end())
      table.by_alias_.emplace(alias->second.value, index);
    table.rows.push_back(std::move(row));
  }
  if (table.columns.empty()) {
    throw InputError(fmt::format("{}:1:1: no \"# name lanes alias ...\" header line: expected the column names", file));
  }
  return table;
}

}  // namespace rocelint::sonic
