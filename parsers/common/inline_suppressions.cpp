#include "inline_suppressions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>

namespace rocelint::common {
namespace {

constexpr const char* kFix =
    "write `rocelint: ignore RULES reason` on the line before the statement (RULES: ids or families, "
    "comma-separated), or `rocelint: ignore-file RULES reason`";

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return s;
}

std::size_t indentOf(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && (line[n] == ' ' || line[n] == '\t')) ++n;
  return n;
}

// The text after a comment leader, or nullopt when `line` is no comment.
bool commentBody(std::string_view line, std::string_view leaders, std::string_view& body) {
  std::string_view t = trim(line);
  std::size_t start = 0;
  while (start < leaders.size()) {
    std::size_t end = leaders.find(' ', start);
    if (end == std::string_view::npos) end = leaders.size();
    std::string_view leader = leaders.substr(start, end - start);
    start = end + 1;
    if (leader.empty() || t.substr(0, leader.size()) != leader) continue;
    body = trim(t.substr(leader.size()));
    if (leader == "/*" && body.size() >= 2 && body.substr(body.size() - 2) == "*/")
      body = trim(body.substr(0, body.size() - 2));
    return true;
  }
  return false;
}

}  // namespace

std::vector<InlineSuppression> scanInlineSuppressions(std::string_view text, const std::string& file,
                                                      std::string_view leaders, const std::string& switch_name,
                                                      std::vector<InputNote>& notes) {
  std::vector<InlineSuppression> out;
  if (leaders.empty() || text.find("rocelint:") == std::string_view::npos) return out;
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos <= text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = nl + 1;
  }
  FileName name(file);
  auto isComment = [&](std::string_view line) {
    std::string_view body;
    return trim(line).empty() || commentBody(line, leaders, body);
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view body;
    if (!commentBody(lines[i], leaders, body) || body.substr(0, 9) != "rocelint:") continue;
    int line_no = static_cast<int>(i) + 1;
    std::string_view rest = trim(body.substr(9));
    std::size_t sp = rest.find_first_of(" \t");
    std::string_view verb = rest.substr(0, sp);
    SourceRef src(name, line_no, static_cast<int>(indentOf(lines[i])) + 1, OriginKind::CliStatement,
                  fmt::format("rocelint: {}", verb));
    rest = sp == std::string_view::npos ? std::string_view() : trim(rest.substr(sp));
    if (verb != "ignore" && verb != "ignore-file") {
      notes.push_back(makeNote(InputNote::Kind::InvalidValue, switch_name, "",
                               fmt::format("a rocelint comment must say `rocelint: ignore RULES reason` or "
                                           "`rocelint: ignore-file RULES reason`, got \"{}\"",
                                           std::string(trim(body))),
                               src));
      notes.back().group = "inline suppression";
      notes.back().fix = kFix;
      continue;
    }
    sp = rest.find_first_of(" \t");
    std::string_view list = rest.substr(0, sp);
    std::string_view reason = sp == std::string_view::npos ? std::string_view() : trim(rest.substr(sp));
    InlineSuppression s;
    s.src = src;
    s.reason = std::string(reason);
    for (std::size_t start = 0; start < list.size();) {
      std::size_t comma = list.find(',', start);
      if (comma == std::string_view::npos) comma = list.size();
      if (comma > start) s.rules.emplace_back(list.substr(start, comma - start));
      start = comma + 1;
    }
    if (s.rules.empty() || s.reason.empty()) {
      notes.push_back(makeNote(InputNote::Kind::InvalidValue, switch_name, "",
                               fmt::format("`rocelint: {}` needs the rules it suppresses and a reason, e.g. `rocelint: "
                                           "{} PFC003 lab port, not on the RoCE path`; it suppresses nothing",
                                           verb, verb),
                               src));
      notes.back().group = "inline suppression";
      notes.back().fix = kFix;
      continue;
    }
    if (verb == "ignore-file") {
      s.first_line = 1;
      s.last_line = static_cast<int>(lines.size());
    } else {
      std::size_t j = i + 1;
      while (j < lines.size() && isComment(lines[j])) ++j;
      if (j == lines.size()) {
        notes.push_back(makeNote(InputNote::Kind::InvalidValue, switch_name, "",
                                 "`rocelint: ignore` has no statement after it to suppress findings of", src));
        notes.back().group = "inline suppression";
        notes.back().fix = kFix;
        continue;
      }
      std::size_t indent = indentOf(lines[j]);
      std::size_t k = j + 1;
      while (k < lines.size() && (trim(lines[k]).empty() || indentOf(lines[k]) > indent || isComment(lines[k]))) ++k;
      // Trailing blank or comment lines belong to what follows.
      while (k > j + 1 && isComment(lines[k - 1])) --k;
      s.first_line = static_cast<int>(j) + 1;
      s.last_line = static_cast<int>(k);
    }
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

constexpr const char* kDataFix =
    "write `\"ROCELINT_SUPPRESSIONS\": {\"TABLE|key\": {\"rules\": \"RULES\", \"reason\": \"why\"}}` (RULES: ids or "
    "families, comma-separated; the scope \"TABLE|key\", \"TABLE\" or \"*\" for the file)";

// "PFC003,WD" or ["PFC003", "WD"] as rule ids; false when the value is neither.
bool readRules(const json::Node& node, std::vector<std::string>& rules) {
  auto split = [&](std::string_view list) {
    for (std::size_t start = 0; start <= list.size();) {
      std::size_t comma = list.find(',', start);
      if (comma == std::string_view::npos) comma = list.size();
      std::string_view id = trim(list.substr(start, comma - start));
      if (!id.empty()) rules.emplace_back(id);
      start = comma + 1;
    }
  };
  if (node.kind == json::Node::Kind::String) {
    split(node.text);
    return true;
  }
  if (node.kind != json::Node::Kind::Array) return false;
  for (const json::Node& item : node.items) {
    if (item.kind != json::Node::Kind::String) return false;
    split(item.text);
  }
  return true;
}

}  // namespace

std::vector<InlineSuppression> readDataSuppressions(const json::Node& root, const std::string& file,
                                                    std::vector<InputNote>& notes) {
  std::vector<InlineSuppression> out;
  const json::Node* table = root.isObject() ? root.find(kSuppressionTable) : nullptr;
  if (table == nullptr) return out;
  FileName name(file);
  const std::string table_pointer = fmt::format("/{}", json::escapePointer(kSuppressionTable));
  auto note = [&](const SourceRef& src, std::string message) {
    notes.push_back(makeNote(InputNote::Kind::InvalidValue, "", "", std::move(message), src));
    notes.back().group = "inline suppression";
    notes.back().fix = kDataFix;
  };
  if (!table->isObject()) {
    note(SourceRef(name, table->line, table->column, OriginKind::JsonPointer, table_pointer),
         fmt::format("{} must be an object of scopes, got {}; it suppresses nothing", kSuppressionTable,
                     table->kindName()));
    return out;
  }
  for (const auto& [scope, entry] : table->members) {
    std::string pointer = fmt::format("{}/{}", table_pointer, json::escapePointer(scope));
    SourceRef src(name, entry.line, entry.column, OriginKind::JsonPointer, pointer);
    InlineSuppression s;
    s.src = src;
    bool rules_ok = true;
    if (entry.isObject()) {
      if (const json::Node* rules = entry.find("rules")) rules_ok = readRules(*rules, s.rules);
      if (const json::Node* reason = entry.find("reason"); reason != nullptr && reason->isScalar())
        s.reason = std::string(trim(reason->text));
    }
    if (!entry.isObject() || !rules_ok || s.rules.empty() || s.reason.empty()) {
      note(src, fmt::format("the suppression of \"{}\" needs \"rules\" (ids or families, comma-separated) and a "
                            "\"reason\", e.g. {{\"rules\": \"PFC003\", \"reason\": \"lab port, not on the RoCE "
                            "path\"}}; it suppresses nothing",
                            scope));
      continue;
    }
    if (scope == "*") {
      s.json_pointer = "";  // the whole file: every line
      s.first_line = 1;
      s.last_line = std::numeric_limits<int>::max();
      out.push_back(std::move(s));
      continue;
    }
    std::size_t bar = scope.find('|');
    std::string table_name = scope.substr(0, bar);
    const json::Node* target = root.find(table_name);
    std::string target_pointer = fmt::format("/{}", json::escapePointer(table_name));
    if (target != nullptr && bar != std::string::npos) {
      std::string key = scope.substr(bar + 1);
      target = target->isObject() ? target->find(key) : nullptr;
      target_pointer += fmt::format("/{}", json::escapePointer(key));
    }
    if (target == nullptr || table_name == kSuppressionTable) {
      note(src, fmt::format("the suppression scope \"{}\" names {} this file does not hold; it suppresses nothing "
                            "(write \"TABLE|key\" as the file spells them, \"TABLE\", or \"*\" for the file)",
                            scope, bar == std::string::npos ? "a table" : "an entry"));
      continue;
    }
    s.json_pointer = target_pointer;
    s.first_line = target->line;
    s.last_line = target->line;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace rocelint::common
