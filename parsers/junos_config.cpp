#include "junos_config.hpp"

#include <fmt/format.h>

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <tuple>

#include "cli_config_text.hpp"
#include "common/line_index.hpp"
#include "common/switch_builder.hpp"
#include "common/xml_prolog.hpp"
#include "format.hpp"
#include "rocelint/diagnostics.hpp"
#include "rocelint/qos.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::junos {

// ----------------------------------------------------------------------------------------------
// Statements
// ----------------------------------------------------------------------------------------------

const std::string& Statement::word(std::size_t i) const {
  static const std::string none;
  return i < words.size() ? words[i].text : none;
}

bool Statement::startsWith(std::initializer_list<std::string_view> prefix) const {
  if (prefix.size() > words.size()) return false;
  std::size_t i = 0;
  for (std::string_view p : prefix) {
    if (p != "*" && words[i].text != p) return false;
    ++i;
  }
  return true;
}

namespace {

std::string joinWords(const std::vector<Word>& words, std::size_t end) {
  std::string out;
  for (std::size_t i = 0; i < end && i < words.size(); ++i) {
    if (i > 0) out += ' ';
    bool quote = words[i].text.empty() || words[i].text.find_first_of(" \t;{}") != std::string::npos;
    out += quote ? "\"" + words[i].text + "\"" : words[i].text;
  }
  return out;
}

}  // namespace

// Whether word i of a statement path is a value (docs/inputs.md, "Source origins"): a number,
// address or quoted text; a code point; the word after a keyword that takes a name or setting
// (loss-priority low, scheduler S, host-name H); a profile, map or classifier bound under
// `class-of-service interfaces`. Object names after a definition keyword (class NAME, schedulers
// NAME, interfaces NAME, unit N, neighbor A, route P) are not: they say what is configured.
bool isValueAt(const std::vector<Word>& words, std::size_t i) {
  static const std::set<std::string, std::less<>> value_after = {
      "loss-priority", "forwarding-class", "scheduler",   "scheduler-map", "drop-profile", "import",    "action",
      "priority",      "protocol",         "description", "host-name",     "type",         "code-point"};
  static const std::set<std::string, std::less<>> bound_after = {"congestion-notification-profile", "dscp",
                                                                 "ieee-802.1"};
  static const std::set<std::string, std::less<>> identity_after = {"unit", "neighbor", "route"};
  const std::string& w = words[i].text;
  if (w.empty() || w.find_first_of(" \t;{}") != std::string::npos) return true;
  // A unit number, a neighbour address or a route prefix names the object: part of the path.
  if (i > 0 && identity_after.count(words[i - 1].text)) return false;
  if (cli::isValueWord(w)) return true;
  if (i == 0) return false;
  const std::string& previous = words[i - 1].text;
  if (value_after.count(previous)) return true;
  bool bound = words.size() > 1 && words[0].text == "class-of-service" && words[1].text == "interfaces";
  if (bound && bound_after.count(previous)) return true;
  for (std::size_t j = 0; j < i; ++j) {
    if (words[j].text == "code-points") return true;  // every word of the list
  }
  return false;
}

// The origin of words [0, end): the path without its values.
std::string originOf(const std::vector<Word>& words, std::size_t end) {
  std::string out;
  for (std::size_t i = 0; i < end && i < words.size(); ++i) {
    if (isValueAt(words, i)) continue;
    if (!out.empty()) out += ' ';
    out += words[i].text;
  }
  return out;
}

std::string Statement::path() const { return joinWords(words, words.size()); }

std::string Statement::pathTo(std::size_t i) const { return joinWords(words, i + 1); }

SourceRef Statement::src() const {
  const Word& w = words[std::min(own, words.size() - 1)];
  return SourceRef{file, w.line, w.column, OriginKind::CliStatement, originOf(words, words.size())};
}

SourceRef Statement::srcOf(std::size_t i) const {
  const Word& w = words[std::min(i, words.size() - 1)];
  return SourceRef{file, w.line, w.column, OriginKind::CliStatement, originOf(words, i + 1)};
}

namespace {

// ----------------------------------------------------------------------------------------------
// Recognition: a cheap line scan
// ----------------------------------------------------------------------------------------------

// Junos top-level statements (the [edit] hierarchy) that start a block or a `set` line.
bool isTopLevelKeyword(std::string_view word) {
  static const std::set<std::string_view> kTop = {"system",
                                                  "interfaces",
                                                  "class-of-service",
                                                  "protocols",
                                                  "routing-options",
                                                  "chassis",
                                                  "policy-options",
                                                  "routing-instances",
                                                  "forwarding-options",
                                                  "firewall",
                                                  "snmp",
                                                  "security",
                                                  "services",
                                                  "vlans",
                                                  "groups",
                                                  "switch-options",
                                                  "event-options",
                                                  "multi-chassis",
                                                  "access",
                                                  "virtual-chassis",
                                                  "poe",
                                                  "ethernet-switching-options",
                                                  "bridge-domains",
                                                  "applications",
                                                  "dynamic-profiles"};
  return kTop.count(word) != 0;
}

std::string_view trimView(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string_view firstWord(std::string_view line) {
  std::size_t end = 0;
  while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
  return line.substr(0, end);
}

// The name of the first element of an XML text ("" when the text does not start like XML):
// declarations, comments, a DOCTYPE and a BOM before it are skipped.
std::string_view xmlRootTag(std::string_view text) {
  std::size_t i = common::scanXmlProlog(text).root;
  if (i == common::XmlProlog::npos) return {};
  std::size_t end = text.find_first_of(" \t\r\n/>", i + 1);
  std::string_view tag = text.substr(i + 1, (end == std::string_view::npos ? text.size() : end) - i - 1);
  auto colon = tag.find(':');
  return colon == std::string_view::npos ? tag : tag.substr(colon + 1);
}

}  // namespace

bool looksLikeJunos(std::string_view text) {
  std::string_view head = text.substr(0, std::min<std::size_t>(text.size(), std::size_t{64} * 1024));
  if (std::string_view root = xmlRootTag(head); !root.empty()) {
    // <rpc-reply><configuration> or a bare <configuration>, with Junos's namespace or elements:
    // a Maven POM's <configuration> is deeper down and its root is <project>.
    if (root != "rpc-reply" && root != "configuration") return false;
    bool has_configuration = false;
    for (std::size_t at = head.find("<configuration"); at != std::string_view::npos && !has_configuration;
         at = head.find("<configuration", at + 1)) {
      std::size_t next = at + std::string_view("<configuration").size();
      has_configuration =
          next < head.size() && std::string_view(" \t\r\n/>").find(head[next]) != std::string_view::npos;
    }
    if (!has_configuration) return false;
    return head.find("xml.juniper.net") != std::string_view::npos || head.find("junos:") != std::string_view::npos ||
           head.find("<class-of-service") != std::string_view::npos ||
           head.find("<system>") != std::string_view::npos || head.find("<interfaces>") != std::string_view::npos;
  }
  int block_lines = 0;
  int set_lines = 0;
  int other_lines = 0;
  std::size_t start = 0;
  for (int scanned = 0; start < text.size() && scanned < 400; ++scanned) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    std::string_view line = trimView(raw);
    if (line.empty() || line[0] == '#' || line.rfind("/*", 0) == 0) continue;
    bool column1 = !raw.empty() && !std::isspace(static_cast<unsigned char>(raw[0]));
    std::string_view word = firstWord(line);
    if (word == "inactive:" || word == "protect:") word = firstWord(trimView(line.substr(word.size())));
    std::string_view after = trimView(line.substr(line.find(word) + word.size()));
    if (column1 && isTopLevelKeyword(word) && !after.empty() && after.front() == '{') {
      ++block_lines;
    } else if (column1 && (word == "set" || word == "deactivate" || word == "delete" || word == "activate")) {
      std::string_view rest = trimView(line.substr(word.size()));
      if (isTopLevelKeyword(firstWord(rest))) {
        ++set_lines;
      } else {
        ++other_lines;
      }
    } else if (column1 && line.back() != '{' && line.back() != ';' && line.back() != '}' && line != "}") {
      ++other_lines;
    }
  }
  if (block_lines > 0) return true;
  return set_lines > 0 && set_lines >= other_lines;
}

namespace {

// Junos hierarchies are a dozen levels deep; deeper input is not a configuration (and would cost
// quadratic memory in paths): limits::kMaxJunosDepth, or a lower --max-depth.
int junosDepth(const limits::ReadLimits& limits) { return std::min(limits::kMaxJunosDepth, limits.max_depth); }

// ----------------------------------------------------------------------------------------------
// Curly-brace text and set lines: a lexer with positions
// ----------------------------------------------------------------------------------------------

struct Token {
  enum class Kind : std::uint8_t { Word, Open, Close, Semicolon, ListOpen, ListClose, Newline, End };
  Kind kind = Kind::End;
  Word word;
};

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  // The next token; newlines are tokens only when `newlines` (set syntax is line-based).
  Token next(bool newlines) {
    for (;;) {
      if (pos_ >= text_.size()) return Token{Token::Kind::End, Word{"", line_, column_}};
      char c = text_[pos_];
      if (c == '\n') {
        Token t{Token::Kind::Newline, Word{"\n", line_, column_}};
        advance();
        if (newlines) return t;
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
        continue;
      }
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') advance();
        continue;
      }
      if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
        int line = line_;
        int column = column_;
        std::size_t close = text_.find("*/", pos_ + 2);
        if (close == std::string_view::npos) {
          throw InputError(
              fmt::format("{}:{}:{}: unterminated comment: expected \"*/\" to close the \"/*\" here "
                          "(is the file truncated?)",
                          file_, line, column));
        }
        while (pos_ < close + 2) advance();
        continue;
      }
      Word w{"", line_, column_};
      switch (c) {
        case '{':
          advance();
          w.text = "{";
          return Token{Token::Kind::Open, w};
        case '}':
          advance();
          w.text = "}";
          return Token{Token::Kind::Close, w};
        case ';':
          advance();
          w.text = ";";
          return Token{Token::Kind::Semicolon, w};
        case '[':
          advance();
          w.text = "[";
          return Token{Token::Kind::ListOpen, w};
        case ']':
          advance();
          w.text = "]";
          return Token{Token::Kind::ListClose, w};
        case '"':
          w.text = quoted();
          return Token{Token::Kind::Word, w};
        default:
          break;
      }
      while (pos_ < text_.size()) {
        char d = text_[pos_];
        if (std::isspace(static_cast<unsigned char>(d)) || d == '{' || d == '}' || d == ';' || d == '[' || d == ']' ||
            d == '"') {
          break;
        }
        w.text += d;
        advance();
      }
      return Token{Token::Kind::Word, w};
    }
  }

  [[nodiscard]] int line() const { return line_; }
  [[nodiscard]] int column() const { return column_; }

 private:
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  std::string quoted() {
    int line = line_;
    int column = column_;
    advance();  // the opening quote
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) advance();
      out += text_[pos_];
      advance();
    }
    if (pos_ >= text_.size()) {
      throw InputError(
          fmt::format("{}:{}:{}: unterminated string: expected a closing '\"' for the one here "
                      "(is the file truncated?)",
                      file_, line, column));
    }
    advance();  // the closing quote
    return out;
  }

  std::string_view text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

std::string shown(const std::vector<Word>& words) {
  std::string s = joinWords(words, words.size());
  return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

// `[ a b c ]`: the words of a list, appended to `words`.
void readList(Lexer& lexer, const Token& open, std::vector<Word>& words, const std::string& file, bool newlines) {
  for (;;) {
    Token t = lexer.next(newlines);
    if (t.kind == Token::Kind::Word) {
      words.push_back(t.word);
    } else if (t.kind == Token::Kind::ListClose) {
      return;
    } else if (t.kind != Token::Kind::Newline || !newlines) {
      throw InputError(fmt::format(
          "{}:{}:{}: expected ']' to close the list opened at line {} column {}, got {}", file, t.word.line,
          t.word.column, open.word.line, open.word.column,
          t.kind == Token::Kind::End ? "the end of the file (is the file truncated?)" : "'" + t.word.text + "'"));
    } else {
      throw InputError(fmt::format("{}:{}:{}: expected ']' to close the list opened at column {} of this line", file,
                                   t.word.line, t.word.column, open.word.column));
    }
  }
}

Config parseText(std::string_view text, const std::string& file, int max_depth) {
  Config config;
  config.file = FileName(file);
  config.syntax = Syntax::Text;
  Lexer lexer(text, file);
  struct Frame {
    std::vector<Word> path;
    bool inactive = false;
    bool has_children = false;
    Word open;
  };
  std::vector<Frame> stack;
  std::vector<Word> current;
  bool current_inactive = false;
  auto emit = [&](std::vector<Word> own, bool inactive, std::size_t own_index) {
    Statement s;
    s.file = config.file;
    s.words = std::move(own);
    s.own = own_index;
    s.inactive = inactive;
    config.statements.push_back(std::move(s));
  };
  auto prefix = [&]() { return stack.empty() ? std::vector<Word>{} : stack.back().path; };
  for (;;) {
    Token t = lexer.next(false);
    switch (t.kind) {
      case Token::Kind::Word:
        if (current.empty() && (t.word.text == "inactive:" || t.word.text == "protect:")) {
          if (t.word.text == "inactive:") current_inactive = true;
          break;
        }
        current.push_back(t.word);
        break;
      case Token::Kind::ListOpen:
        if (current.empty()) {
          throw InputError(
              fmt::format("{}:{}:{}: expected a statement name before '['", file, t.word.line, t.word.column));
        }
        readList(lexer, t, current, file, false);
        break;
      case Token::Kind::ListClose:
        throw InputError(fmt::format("{}:{}:{}: unexpected ']' (no list is open)", file, t.word.line, t.word.column));
      case Token::Kind::Semicolon: {
        if (current.empty()) break;  // a stray ';' ends nothing
        std::vector<Word> path = prefix();
        std::size_t own = path.size();
        path.insert(path.end(), current.begin(), current.end());
        bool inactive = current_inactive || (!stack.empty() && stack.back().inactive);
        if (!stack.empty()) stack.back().has_children = true;
        emit(std::move(path), inactive, own);
        current.clear();
        current_inactive = false;
        break;
      }
      case Token::Kind::Open: {
        if (current.empty()) {
          throw InputError(
              fmt::format("{}:{}:{}: expected a statement name before '{{'", file, t.word.line, t.word.column));
        }
        if (stack.size() >= static_cast<std::size_t>(max_depth)) {
          throw InputError(fmt::format("{}:{}:{}: expected at most {} levels of nested blocks in a Junos configuration",
                                       file, t.word.line, t.word.column, max_depth));
        }
        Frame frame;
        frame.path = prefix();
        frame.path.insert(frame.path.end(), current.begin(), current.end());
        frame.inactive = current_inactive || (!stack.empty() && stack.back().inactive);
        frame.open = current.front();
        if (!stack.empty()) stack.back().has_children = true;
        stack.push_back(std::move(frame));
        current.clear();
        current_inactive = false;
        break;
      }
      case Token::Kind::Close: {
        if (!current.empty()) {
          throw InputError(fmt::format("{}:{}:{}: expected ';' after \"{}\" before '}}'", file, t.word.line,
                                       t.word.column, shown(current)));
        }
        if (stack.empty()) {
          throw InputError(fmt::format("{}:{}:{}: unexpected '}}': no block is open here (one '}}' too many?)", file,
                                       t.word.line, t.word.column));
        }
        Frame frame = std::move(stack.back());
        stack.pop_back();
        if (!frame.has_children) {
          // An empty block (`family inet { }`) says as much as `family inet;`.
          std::size_t own = stack.empty() ? 0 : stack.back().path.size();
          emit(std::move(frame.path), frame.inactive, own);
        }
        break;
      }
      case Token::Kind::Newline:
        break;
      case Token::Kind::End:
        if (!current.empty()) {
          throw InputError(
              fmt::format("{}:{}:{}: expected ';' or '{{' after \"{}\", got the end of the file (is the "
                          "file truncated?)",
                          file, t.word.line, t.word.column, shown(current)));
        }
        if (!stack.empty()) {
          const Frame& open = stack.back();
          throw InputError(
              fmt::format("{}:{}:{}: expected '}}' to close \"{}\" opened at line {} column {}, got the "
                          "end of the file (is the file truncated?)",
                          file, t.word.line, t.word.column, shown(open.path), open.open.line, open.open.column));
        }
        return config;
    }
  }
}

// `display set`: one statement per `set` line; `deactivate` / `activate` / `delete` apply to the
// statements set before them whose path starts with theirs.
Config parseSet(std::string_view text, const std::string& file) {
  Config config;
  config.file = FileName(file);
  config.syntax = Syntax::Set;
  Lexer lexer(text, file);
  std::vector<Word> line;
  auto prefixOf = [](const Statement& s, const std::vector<Word>& p) {
    if (p.size() > s.words.size()) return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (s.words[i].text != p[i].text) return false;
    }
    return true;
  };
  auto finish = [&]() {
    if (line.empty()) return;
    const Word verb = line.front();
    std::vector<Word> path(line.begin() + 1, line.end());
    line.clear();
    if (path.empty()) {
      throw InputError(
          fmt::format("{}:{}:{}: expected a statement after \"{}\"", file, verb.line, verb.column, verb.text));
    }
    if (verb.text == "set") {
      Statement s;
      s.file = config.file;
      s.words = std::move(path);
      s.own = 0;
      config.statements.push_back(std::move(s));
    } else if (verb.text == "deactivate" || verb.text == "activate") {
      for (Statement& s : config.statements) {
        if (prefixOf(s, path)) s.inactive = verb.text == "deactivate";
      }
    } else if (verb.text == "delete") {
      std::erase_if(config.statements, [&](const Statement& s) { return prefixOf(s, path); });
    } else if (verb.text == "protect" || verb.text == "unprotect") {
      // Protection changes who may edit a statement, not what it configures.
    } else {
      throw InputError(fmt::format("{}:{}:{}: expected a set, delete, activate or deactivate line, got \"{}\"", file,
                                   verb.line, verb.column, verb.text));
    }
  };
  for (;;) {
    Token t = lexer.next(true);
    if (t.kind == Token::Kind::Word) {
      line.push_back(t.word);
    } else if (t.kind == Token::Kind::ListOpen) {
      readList(lexer, t, line, file, true);
    } else if (t.kind == Token::Kind::Newline || t.kind == Token::Kind::End) {
      finish();
      if (t.kind == Token::Kind::End) return config;
    } else {
      throw InputError(
          fmt::format("{}:{}:{}: unexpected '{}' in a set line (curly-brace blocks and set lines cannot be "
                      "mixed in one file)",
                      file, t.word.line, t.word.column, t.word.text));
    }
  }
}

// ----------------------------------------------------------------------------------------------
// display xml: elements -> the same statements (the Junos XML mapping: a statement is an element,
// a list entry's identifier its <name> child, a bare keyword an empty element)
// ----------------------------------------------------------------------------------------------

std::string_view localName(const char* name) {
  std::string_view n(name);
  auto colon = n.find(':');
  return colon == std::string_view::npos ? n : n.substr(colon + 1);
}

class XmlReader {
 public:
  XmlReader(std::string_view text, Config& config, int max_depth)
      : config_(config), lines_(text), max_depth_(max_depth) {}

  // Line and column of a byte offset.
  [[nodiscard]] std::pair<int, int> position(std::ptrdiff_t offset) const { return lines_.position(offset); }

  // An element is located at its '<', a text at its first character.
  [[nodiscard]] Word wordAt(std::string text, const pugi::xml_node& node) const {
    auto [line, column] = position(node.offset_debug() - (node.type() == pugi::node_element ? 1 : 0));
    return Word{std::move(text), line, column};
  }

  void walk(const pugi::xml_node& element, const std::vector<Word>& prefix, bool inactive, int depth) {
    if (depth > max_depth_) {
      auto [line, column] = position(element.offset_debug() - 1);
      throw InputError(fmt::format("{}:{}:{}: expected at most {} levels of nested elements in a Junos configuration",
                                   config_.file.str(), line, column, max_depth_));
    }
    std::vector<pugi::xml_node> children;
    for (pugi::xml_node c : element.children()) {
      if (isStatement(c)) children.push_back(c);
    }
    for (std::size_t i = 0; i < children.size(); ++i) {
      const pugi::xml_node& c = children[i];
      std::string tag(localName(c.name()));
      bool off = inactive || std::string_view(c.attribute("inactive").value()) == "inactive";
      std::vector<Word> path = prefix;
      pugi::xml_node name = c.child("name");
      std::string parent_tag(localName(element.name()));
      // <interfaces><interface><name>et-0/0/0</name> is `interfaces et-0/0/0 { ... }`.
      bool wrapper = name && (parent_tag == tag + "s" || (parent_tag == "routing-instances" && tag == "instance"));
      if (!wrapper) path.push_back(wordAt(tag, c));
      if (name) path.push_back(textWord(name));
      std::vector<pugi::xml_node> inner;
      for (pugi::xml_node g : c.children()) {
        if (isStatement(g)) inner.push_back(g);
      }
      if (inner.empty()) {
        std::string value = trimmed(c);
        // Repeated leaves (<fill-level>10</fill-level><fill-level>60</fill-level>) are one list.
        if (!value.empty()) path.push_back(textWord(c));
        while (!name && i + 1 < children.size() && localName(children[i + 1].name()) == tag &&
               !hasElementChildren(children[i + 1])) {
          ++i;
          path.push_back(textWord(children[i]));
        }
        emit(std::move(path), off, prefix.size());
        continue;
      }
      bool leaves_only = std::none_of(inner.begin(), inner.end(), hasElementChildren);
      if (!name && depth >= 1 && leaves_only) {
        // A keyless group of settings (<drop-profile-map>, <interpolate>, <pfc-watchdog>) is one
        // statement in the text form: its leaves become one path.
        for (std::size_t j = 0; j < inner.size(); ++j) {
          std::string_view leaf = localName(inner[j].name());
          if (j == 0 || localName(inner[j - 1].name()) != leaf) path.push_back(wordAt(std::string(leaf), inner[j]));
          if (!trimmed(inner[j]).empty()) path.push_back(textWord(inner[j]));
        }
        emit(std::move(path), off, prefix.size());
        continue;
      }
      walk(c, path, off, depth + 1);
    }
  }

 private:
  // An element that is a statement: not the <name> of its parent, and not a <junos:comment>
  // (an annotation, `/* ... */` in the text form).
  static bool isStatement(const pugi::xml_node& node) {
    return node.type() == pugi::node_element && localName(node.name()) != "name" &&
           std::string_view(node.name()).rfind("junos:", 0) != 0;
  }

  static bool hasElementChildren(const pugi::xml_node& node) {
    for (pugi::xml_node c : node.children()) {
      if (c.type() == pugi::node_element) return true;
    }
    return false;
  }

  static std::string trimmed(const pugi::xml_node& node) { return std::string(trimView(node.child_value())); }

  [[nodiscard]] Word textWord(const pugi::xml_node& node) const {
    pugi::xml_node text = node.first_child();
    return wordAt(trimmed(node), text && text.type() == pugi::node_pcdata ? text : node);
  }

  void emit(std::vector<Word> path, bool inactive, std::size_t own) {
    Statement s;
    s.file = config_.file;
    s.words = std::move(path);
    s.own = std::min(own, s.words.size() - 1);
    s.inactive = inactive;
    config_.statements.push_back(std::move(s));
  }

  Config& config_;
  common::LineIndex lines_;
  int max_depth_;
};

Config parseXml(std::string_view text, const std::string& file, int max_depth) {
  Config config;
  config.file = FileName(file);
  config.syntax = Syntax::Xml;
  XmlReader reader(text, config, max_depth);
  // Entities are never expanded (a few nested declarations can stand for gigabytes).
  if (std::size_t entity = common::scanXmlProlog(text).entity_declaration; entity != common::XmlProlog::npos) {
    auto [line, column] = reader.position(static_cast<std::ptrdiff_t>(entity));
    throw InputError(
        fmt::format("{}:{}:{}: an XML entity declaration (<!ENTITY …>): rocelint expands no entity "
                    "(docs/reliability.md): expected show configuration | display xml without a DTD",
                    file, line, column));
  }
  pugi::xml_document doc;
  pugi::xml_parse_result result = doc.load_buffer(text.data(), text.size(), pugi::parse_default);
  if (!result) {
    auto [line, column] =
        reader.position(std::min<std::ptrdiff_t>(result.offset, static_cast<std::ptrdiff_t>(text.size()) - 1));
    throw InputError(
        fmt::format("{}:{}:{}: invalid XML: {} (is the file truncated?)", file, line, column, result.description()));
  }
  // <rpc-reply><configuration> (display xml), or a bare <configuration>.
  pugi::xml_node root = doc.document_element();
  if (localName(root.name()) != "configuration") {
    pugi::xml_node found;
    for (pugi::xml_node c : root.children()) {
      if (c.type() == pugi::node_element && localName(c.name()) == "configuration") {
        found = c;
        break;
      }
    }
    root = found;
  }
  if (!root) {
    auto [line, column] = reader.position(doc.document_element().offset_debug());
    throw InputError(
        fmt::format("{}:{}:{}: expected a Junos <configuration> element (show configuration | display "
                    "xml)",
                    file, line, column));
  }
  reader.walk(root, {}, false, 0);
  return config;
}

bool startsWithSetLine(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trimView(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line[0] == '#' || line.rfind("/*", 0) == 0) continue;
    std::string_view word = firstWord(line);
    return word == "set" || word == "deactivate" || word == "delete" || word == "activate";
  }
  return false;
}

}  // namespace

Config parse(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  std::string_view body = trimView(text);
  if (body.rfind("\xEF\xBB\xBF", 0) == 0) body.remove_prefix(3);
  int max_depth = junosDepth(limits);
  Config config = !body.empty() && body.front() == '<' ? parseXml(text, file, max_depth)
                  : startsWithSetLine(text)            ? parseSet(text, file)
                                                       : parseText(text, file, max_depth);
  for (const Statement& s : config.statements) {
    if (!s.inactive && s.startsWith({"system", "host-name"}) && s.words.size() >= 3) config.hostname = s.word(2);
  }
  return config;
}

namespace {

// ----------------------------------------------------------------------------------------------
// Junos defaults (docs/inputs.md "Juniper Junos"; FORMATS.md §7)
// ----------------------------------------------------------------------------------------------

constexpr int kWatchdogPollMs = 100;      // pfc-watchdog poll-interval
constexpr int kWatchdogDetection = 2;     // poll intervals without progress before a storm is declared
constexpr int kWatchdogRecoveryMs = 200;  // how long the stalled queue stays disabled

// QFX default forwarding classes: name, queue, no-loss (its PFC priority), as `show class-of-service
// forwarding-class` lists them before any is configured.
struct DefaultClass {
  const char* name;
  int queue;
  int pfc_priority;  // -1: lossy
};
constexpr std::array<DefaultClass, 4> kDefaultClasses = {
    {{"best-effort", 0, -1}, {"fcoe", 3, 3}, {"no-loss", 4, 4}, {"network-control", 7, -1}}};

const char* const kDefaultDscpClassifier = "junos default dscp classifier";
const char* const kQueueMap = "junos forwarding-class queues";
const char* const kPgMap = "junos no-loss priority groups";

// ----------------------------------------------------------------------------------------------
// What the configuration says, before it is turned into the model
// ----------------------------------------------------------------------------------------------

struct ForwardingClass {
  std::string name;
  std::optional<Sourced<int>> queue;
  std::optional<SourceRef> no_loss;
  std::optional<Sourced<int>> pfc_priority;
  SourceRef src;
  bool builtin = false;
  int tc = 0;
  std::optional<Sourced<int>> priority;  // the effective PFC priority of a no-loss class
};

struct ClassifierEntry {
  std::string forwarding_class;
  SourceRef class_src;
  std::string class_path;  // the statement up to the class name, for messages
  SourceRef src;
};

struct Classifier {
  std::map<int, ClassifierEntry> entries;
  std::optional<SourceRef> import_default;
  SourceRef src;
};

struct Cnp {
  SourceRef src;
  std::map<int, SourceRef> dscp_pfc;   // input dscp code-point D pfc
  std::map<int, SourceRef> dot1p_pfc;  // input ieee-802.1 code-point P pfc
  std::map<int, Sourced<int>> output;  // output ieee-802.1 code-point P flow-control-queue Q
  std::optional<SourceRef> watchdog;
  std::optional<Sourced<int>> poll_ms;
  std::optional<Sourced<int>> detection;
  std::optional<Sourced<int>> recovery_ms;
  std::optional<Sourced<std::string>> action;
  std::optional<Sourced<std::uint32_t>> cable_m;
};

struct DropProfile {
  std::vector<Sourced<int>> fill;
  std::vector<Sourced<int>> probability;
  SourceRef src;
};

struct SchedulerSettings {
  SourceRef src;
  std::optional<SourceRef> ecn;
  std::map<std::string, Reference> drop_profiles;  // loss priority (any, low, ...) -> drop profile
  std::optional<Sourced<int>> percent;
  std::optional<Sourced<std::string>> priority;
};

struct SchedulerMapEntry {
  Reference forwarding_class;
  Reference scheduler;
};

struct SchedulerMap {
  std::map<std::string, SchedulerMapEntry> entries;
  SourceRef src;
};

struct CosInterface {
  std::string spec;  // et-0/0/1, et-*, ae0
  SourceRef src;
  std::optional<Reference> cnp;
  std::optional<Reference> scheduler_map;
  std::optional<Reference> dscp_classifier;
  std::optional<Reference> dot1p_classifier;
};

struct Interface {
  std::string name;
  SourceRef src;
  std::optional<Sourced<std::string>> description;
  std::optional<Sourced<std::uint32_t>> speed_mbps;
  std::optional<Sourced<std::uint32_t>> mtu;
  std::optional<Sourced<int>> sub_ports;
  std::optional<SourceRef> disable;
  std::string lag;
  std::optional<Sourced<std::uint32_t>> min_links;     ///< aggregated-ether-options minimum-links (an ae)
  bool switching = false;                              ///< unit 0 family ethernet-switching
  std::optional<Sourced<std::string>> switching_mode;  ///< its interface-mode (or legacy port-mode)
  std::vector<Sourced<std::string>> vlan_members;      ///< its `vlan members`, named as written ("Vlan10" for 10)
  std::vector<Sourced<std::string>> vlan_ranges;       ///< its `vlan members` ranges (`100-200`) and `all`
  /// 802.3x PAUSE: `ether-options flow-control` (both ways) / `no-flow-control`, or the asymmetric
  /// `configured-flow-control rx-buffers on` (sends PAUSE) / `tx-buffers on` (obeys PAUSE).
  std::optional<Sourced<bool>> flow_control;
  std::optional<Sourced<bool>> pause_send;
  std::optional<Sourced<bool>> pause_obey;
};

// A neighbour's or group's import / export policy expression.
struct PolicyRefs {
  bool set = false;
  bool all_of = false;      ///< ( A && B )
  bool unmodelled = false;  ///< || or !
  std::string unmodelled_what;
  SourceRef unmodelled_src;
  std::vector<std::pair<std::string, SourceRef>> names;
};

struct BgpPeer {
  std::string address;
  std::string group;
  std::optional<Sourced<std::uint32_t>> peer_as;
  std::string description;
  SourceRef src;
  PolicyRefs import{};
  PolicyRefs export_{};
};

struct BgpGroup {
  std::optional<Sourced<std::uint32_t>> peer_as;
  std::string type;
  std::string description;
  PolicyRefs import;
  PolicyRefs export_;
};

// A policy-statement term as written: its from/then statements, resolved when the model is built.
struct RawTerm {
  std::string name;
  std::vector<const Statement*> statements;
  SourceRef src;
};

struct RawPolicy {
  std::vector<RawTerm> terms;
  SourceRef src;
};

// et-0/0/0, xe-0/0/1:2, ge-1/0/3, mge-0/0/4: a physical port (breakout members included).
bool isPortName(std::string_view name) {
  static const std::array<std::string_view, 5> kPrefixes = {"et-", "xe-", "ge-", "mge-", "fte-"};
  auto prefix =
      std::find_if(kPrefixes.begin(), kPrefixes.end(), [&](std::string_view p) { return name.rfind(p, 0) == 0; });
  if (prefix == kPrefixes.end()) return false;
  std::string_view rest = name.substr(prefix->size());
  int slashes = 0;
  bool digit = false;
  for (char c : rest) {
    if (c == '/') {
      ++slashes;
    } else if (c == ':') {
      // breakout member
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      digit = true;
    } else {
      return false;
    }
  }
  return slashes == 2 && digit;
}

bool isLagName(std::string_view name) {
  return name.size() > 2 && name.rfind("ae", 0) == 0 &&
         std::all_of(name.begin() + 2, name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// An interface-range `member`: a port name whose numbers may be `*` (0-47, as Junos documents it),
// `[low-high]` or `[n1,n2,...]` (et-0/0/[0-3], et-0/[0-1]/*, et-0/0/[1,3,5]). The ports it names,
// or empty with `error` set.
std::vector<std::string> expandMember(std::string_view text, std::string& error) {
  constexpr std::size_t kMaxMembers = 4096;
  std::vector<std::string> names{""};
  auto extend = [&](const std::vector<std::string>& parts) {
    std::vector<std::string> next;
    next.reserve(names.size() * parts.size());
    for (const std::string& head : names) {
      for (const std::string& part : parts) next.push_back(head + part);
    }
    names = std::move(next);
  };
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '*') {
      bool whole = (i == 0 || text[i - 1] == '/' || text[i - 1] == ':') &&
                   (i + 1 == text.size() || text[i + 1] == '/' || text[i + 1] == ':');
      if (!whole) {
        error = fmt::format("\"*\" in \"{}\" stands for one whole number of the name (0-47)", text);
        return {};
      }
      std::vector<std::string> all;
      for (int n = 0; n <= 47; ++n) all.push_back(std::to_string(n));
      extend(all);
      ++i;
    } else if (c == '[') {
      std::size_t close = text.find(']', i);
      if (close == std::string_view::npos) {
        error = fmt::format("\"{}\" opens \"[\" without closing it", text);
        return {};
      }
      std::vector<std::string> parts;
      std::string_view list = text.substr(i + 1, close - i - 1);
      for (std::size_t start = 0; start <= list.size();) {
        std::size_t comma = std::min(list.find(',', start), list.size());
        std::string item(trimView(list.substr(start, comma - start)));
        start = comma + 1;
        std::size_t dash = item.find('-');
        auto low = cli::number<int>(item.substr(0, dash));
        auto high = dash == std::string::npos ? low : cli::number<int>(item.substr(dash + 1));
        if (!low || !high || *high < *low || *high - *low >= static_cast<int>(kMaxMembers)) {
          error = fmt::format(
              "\"[{}]\" in \"{}\" is not a number, a range low-high (high not below low) or a list "
              "of them",
              list, text);
          return {};
        }
        for (int n = *low; n <= *high; ++n) parts.push_back(std::to_string(n));
      }
      extend(parts);
      i = close + 1;
    } else {
      std::size_t end = text.find_first_of("*[", i);
      if (end == std::string_view::npos) end = text.size();
      extend({std::string(text.substr(i, end - i))});
      i = end;
    }
    if (names.size() > kMaxMembers) {
      error = fmt::format("\"{}\" names more than {} interfaces", text, kMaxMembers);
      return {};
    }
  }
  for (const std::string& name : names) {
    if (!isPortName(name)) {
      error = fmt::format(
          "\"{}\" is not a physical interface name such as et-0/0/0 (an interface-range takes only "
          "physical interfaces)",
          name);
      return {};
    }
  }
  return names;
}

// "et-0/0/7" -> {"et-0/0/", 7}: the name up to its last number, and that number.
bool splitLastNumber(std::string_view name, std::string& head, int& last) {
  std::size_t at = name.find_last_not_of("0123456789");
  if (at == std::string_view::npos || at + 1 == name.size()) return false;
  auto n = cli::number<int>(name.substr(at + 1));
  if (!n) return false;
  head = std::string(name.substr(0, at + 1));
  last = *n;
  return true;
}

// Junos interface wildcards: `*` matches any run of characters (et-*, et-0/0/*, *).
// Greedy with one backtrack point, so a pattern of many stars stays linear.
bool globMatch(std::string_view pattern, std::string_view name) {
  std::size_t p = 0;
  std::size_t n = 0;
  std::size_t star = std::string_view::npos;
  std::size_t resume = 0;
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = n;
    } else if (p < pattern.size() && pattern[p] == name[n]) {
      ++p;
      ++n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

// ----------------------------------------------------------------------------------------------
// The builder: statements -> settings -> model
// ----------------------------------------------------------------------------------------------

class Builder {
 public:
  Builder(Switch& sw, std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : sw_(sw), notes_(notes), out_of_scope_(out_of_scope) {}

  void build(const std::vector<Config>& files, std::vector<ParseCoverage>& coverage) {
    root_src_ = SourceRef{files.front().file, 1, 1, OriginKind::None, ""};
    for (const Config& config : files) {
      for (const Statement& s : config.statements) {
        if (s.inactive) continue;
        if (s.startsWith({"system", "host-name"})) hostname_src_ = s.src();
      }
    }
    // Code point aliases first: a classifier may use one defined further down.
    for (const Config& config : files) {
      for (const Statement& s : config.statements) {
        if (s.inactive || !s.startsWith({"class-of-service", "code-point-aliases"})) continue;
        try {
          codePointAlias(s);
        } catch (const RejectedStatement& e) {
          rejected(s, e);
        }
      }
    }
    // Interface-range members too: a range's settings may come before its members.
    for (const Config& config : files) {
      for (const Statement& s : config.statements) {
        if (s.inactive || !s.startsWith({"interfaces", "interface-range"})) continue;
        try {
          collectRange(s);
        } catch (const RejectedStatement& e) {
          rejected(s, e);
        }
      }
    }
    for (const Config& config : files) {
      for (const Statement& s : config.statements) {
        if (s.rejected) continue;
        try {
          statement(s);
        } catch (const RejectedStatement& e) {
          rejected(s, e);
        }
      }
    }
    applyRanges();
    buildModel();
    report(files, coverage);
  }

 private:
  // --- reading values -------------------------------------------------------------------------

  /// A statement with a wrong or missing value: valid Junos syntax whose value rocelint cannot
  /// take. `statement` catches it: a CFG005 note at the value, and the statement is not read.
  class RejectedStatement : public InputError {
   public:
    RejectedStatement(const std::string& located, SourceRef where, std::string problem)
        : InputError(located), where_(std::move(where)), problem_(std::move(problem)) {}
    [[nodiscard]] const SourceRef& where() const { return where_; }
    [[nodiscard]] const std::string& problem() const { return problem_; }

   private:
    SourceRef where_;
    std::string problem_;
  };

  [[noreturn]] static void fail(const Statement& s, std::size_t i, const std::string& what) {
    bool past = i >= s.words.size();
    std::size_t at = past ? s.words.size() - 1 : i;
    const Word& w = s.words[at];
    int column = past ? w.column + static_cast<int>(w.text.size()) : w.column;
    std::string problem =
        fmt::format("expected {}, got {}", what, past ? "nothing (the statement ends here)" : "\"" + w.text + "\"");
    SourceRef where = s.srcOf(at);
    where.line = w.line;
    where.column = column;
    throw RejectedStatement(fmt::format("{}:{}:{}: {}: {}", s.file.str(), w.line, column, s.path(), problem),
                            std::move(where), std::move(problem));
  }

  // A rejected statement is a CFG005 note where its value is; the rest of the configuration is read.
  void rejected(const Statement& s, const RejectedStatement& e) {
    s.rejected = true;
    s.used = false;
    notes_.push_back(
        makeNote(InputNote::Kind::InvalidValue, sw_.name, "", fmt::format("{}: {}", s.path(), e.problem()), e.where()));
    notes_.back().group = "Junos rejected statement";
    notes_.back().fix = "correct the statement as Junos expects it; until then the statement is not read";
  }

  static const std::string& need(const Statement& s, std::size_t i, const std::string& what) {
    if (i >= s.words.size()) fail(s, i, what);
    return s.words[i].text;
  }

  template <class T>
  static T integer(const Statement& s, std::size_t i, T min, T max, const std::string& what) {
    const std::string& text = need(s, i, fmt::format("{} ({}-{})", what, min, max));
    auto v = cli::number<T>(text);
    if (!v || *v < min || *v > max) fail(s, i, fmt::format("{} ({}-{})", what, min, max));
    return *v;
  }

  // A DSCP code point: 6 bits (011010) or an alias (ef, af31, cs6, be, nc1, nc2).
  [[nodiscard]] int dscp(const Statement& s, std::size_t i) const {
    static const char* const kWhat =
        "a DSCP code point (6 bits such as 011010, or an alias: be, ef, af11-af43, cs0-cs7, nc1, nc2, or one "
        "defined under code-point-aliases dscp)";
    const std::string& text = need(s, i, kWhat);
    if (text.size() == 6 && text.find_first_not_of("01") == std::string::npos) return std::stoi(text, nullptr, 2);
    if (auto user = dscp_aliases_.find(text); user != dscp_aliases_.end()) return user->second;
    static const std::map<std::string, int, std::less<>> kAliases = [] {
      std::map<std::string, int, std::less<>> m = {{"be", 0}, {"ef", 46}, {"nc1", 48}, {"nc2", 56}};
      for (int c = 0; c < 8; ++c) m["cs" + std::to_string(c)] = 8 * c;
      for (int x = 1; x <= 4; ++x) {
        for (int y = 1; y <= 3; ++y) m[fmt::format("af{}{}", x, y)] = 8 * x + 2 * y;
      }
      return m;
    }();
    auto it = kAliases.find(text);
    if (it == kAliases.end()) fail(s, i, kWhat);
    return it->second;
  }

  // An IEEE 802.1p code point: 3 bits (011) or an alias (be, be1, ef, ef1, af11, af12, nc1, nc2).
  [[nodiscard]] int dot1p(const Statement& s, std::size_t i) const {
    static const char* const kWhat =
        "an IEEE 802.1p code point (3 bits such as 011, or an alias: be, be1, ef, ef1, "
        "af11, af12, nc1, nc2, or one defined under code-point-aliases ieee-802.1)";
    const std::string& text = need(s, i, kWhat);
    if (text.size() == 3 && text.find_first_not_of("01") == std::string::npos) return std::stoi(text, nullptr, 2);
    if (auto user = dot1p_aliases_.find(text); user != dot1p_aliases_.end()) return user->second;
    static const std::map<std::string, int, std::less<>> kAliases = {{"be", 0},   {"be1", 1},  {"ef", 2},  {"ef1", 3},
                                                                     {"af11", 4}, {"af12", 5}, {"nc1", 6}, {"nc2", 7}};
    auto it = kAliases.find(text);
    if (it == kAliases.end()) fail(s, i, kWhat);
    return it->second;
  }

  // 400g, 100g, 10g, 1g, 100m: Mb/s.
  static std::uint32_t speed(const Statement& s, std::size_t i) {
    static const char* const kWhat = "a port speed such as 100g, 400g or 800g";
    const std::string& text = need(s, i, kWhat);
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    auto number = cli::number<std::uint32_t>(std::string_view(text).substr(0, digits));
    std::string unit = text.substr(digits);
    std::uint32_t factor = unit == "g" || unit == "G" ? 1000 : unit == "m" || unit == "M" ? 1 : 0;
    if (!number || *number == 0 || factor == 0 || *number > 10'000'000 / factor) fail(s, i, kWhat);
    return *number * factor;
  }

  // A Junos default, sited at the host name; the origin is the statement that would override it.
  [[nodiscard]] SourceRef defaultSrc(const std::string& statement) const {
    return (hostname_src_.known() ? hostname_src_ : root_src_).withOrigin(OriginKind::Default, statement);
  }

  static void use(const Statement& s) { s.used = true; }

  // A by-name reference at word i; the statement's text up to it is kept for the message that
  // reports it undefined (the origin leaves the name out).
  Reference reference(const Statement& s, std::size_t i, const char* what) {
    Reference ref{need(s, i, what), s.srcOf(i), false};
    written_at_.try_emplace(std::tuple(ref.src.fileName().id(), ref.src.line, ref.src.column), s.pathTo(i));
    return ref;
  }

  void invalid(const std::string& port, const std::string& message, const SourceRef& where,
               const std::string& fix = "") {
    notes_.push_back(makeNote(InputNote::Kind::InvalidValue, sw_.name, port, message, where));
    notes_.back().fix = fix;
  }

  void undefined(const std::string& port, const std::string& kind, const std::string& name, const std::string& message,
                 const SourceRef& where, const std::string& fix) {
    notes_.push_back(makeUndefinedReference(sw_.name, port, kind, name, message, where, fix));
  }

  // --- dispatch -------------------------------------------------------------------------------

  void statement(const Statement& s) {
    if (s.inactive) return;
    if (s.word(s.own) == "apply-groups") {
      apply_groups_.push_back(&s);
      use(s);
      return;
    }
    const std::string& top = s.word(0);
    if (top == "class-of-service") {
      if (classOfService(s)) use(s);
    } else if (top == "interfaces") {
      if (interface(s)) use(s);
    } else if (top == "system") {
      if (s.startsWith({"system", "host-name"})) use(s);
    } else if (top == "routing-options") {
      if (routingOptions(s, 1, "")) use(s);
    } else if (top == "protocols") {
      if (s.word(1) == "bgp" && bgp(s)) use(s);
      if ((s.word(1) == "dcbx" || s.word(1) == "lldp") && dcbxStatement(s)) use(s);
    } else if (top == "policy-options") {
      if (policyOptions(s)) use(s);
    } else if (top == "routing-instances") {
      if (s.word(2) == "routing-options" && routingOptions(s, 3, s.word(1))) use(s);
    } else if (top == "version") {
      use(s);
    } else if (top == "vlans" && s.word(2) == "vlan-id" && s.words.size() == 4) {
      auto id = common::vlanId(s.word(3));
      if (!id) fail(s, 3, "a VLAN id (1-4094)");
      vlan_ids_[s.word(1)] = *id;
      use(s);
    }
  }

  // protocols dcbx|lldp [disable] / interface NAME|all [disable] / dcbx interface NAME
  // priority-flow-control no-auto-negotiation. DCBX rides on LLDP: either off means no DCBX TLVs.
  // Junos negotiates PFC only with a peer that runs DCBX and otherwise keeps the configured PFC, so
  // only whether the port sends DCBX is modelled (a negotiating peer needs it).
  bool dcbxStatement(const Statement& s) {
    const std::string& proto = s.word(1);
    if (s.words.size() == 2) return true;
    if (s.word(2) == "disable" && s.words.size() == 3) {
      dcbx_off_[proto + " all"] = s.srcOf(2);
      return true;
    }
    if (s.word(2) != "interface") return false;
    const std::string& name = need(s, 3, "an interface name or all");
    if (s.words.size() == 4) return true;
    if (s.word(4) == "disable" && s.words.size() == 5) {
      dcbx_off_[proto + " " + name] = s.srcOf(4);
      return true;
    }
    return proto == "dcbx" && s.word(4) == "priority-flow-control" && s.word(5) == "no-auto-negotiation" &&
           s.words.size() == 6;
  }

  Sourced<bool> dcbxOf(const std::string& port) {
    for (const char* proto : {"lldp", "dcbx"}) {
      for (const std::string& scope : {std::string(" all"), " " + port}) {
        if (auto it = dcbx_off_.find(proto + scope); it != dcbx_off_.end()) return Sourced<bool>{false, it->second};
      }
    }
    return Sourced<bool>{true, defaultSrc("protocols dcbx")};
  }

  // --- class-of-service -----------------------------------------------------------------------

  // True when the whole statement was understood.
  // code-point-aliases dscp|ieee-802.1 NAME BITS;
  void codePointAlias(const Statement& s) {
    const std::string& type = s.word(2);
    if ((type != "dscp" && type != "ieee-802.1") || s.words.size() != 5) return;
    const std::string& bits = s.word(4);
    std::size_t width = type == "dscp" ? 6 : 3;
    if (bits.size() != width || bits.find_first_not_of("01") != std::string::npos) {
      fail(s, 4, fmt::format("{} bits such as {}", width, width == 6 ? "011010" : "011"));
    }
    (type == "dscp" ? dscp_aliases_ : dot1p_aliases_)[s.word(3)] = std::stoi(bits, nullptr, 2);
    use(s);
  }

  bool classOfService(const Statement& s) {
    const std::string& what = s.word(1);
    if (what == "code-point-aliases") return s.used;
    if (what == "forwarding-classes") return forwardingClass(s);
    if (what == "classifiers") return classifier(s);
    if (what == "congestion-notification-profile") return congestionNotificationProfile(s);
    if (what == "drop-profiles") return dropProfile(s);
    if (what == "schedulers") return scheduler(s);
    if (what == "scheduler-maps") return schedulerMap(s);
    if (what == "interfaces") return cosInterface(s);
    if (what == "shared-buffer") return sharedBuffer(s);
    return false;
  }

  // forwarding-classes class NAME queue-num N [no-loss] [pfc-priority P]; (old form: queue N NAME)
  bool forwardingClass(const Statement& s) {
    std::size_t i = 4;
    std::string name;
    if (s.word(2) == "class") {
      name = need(s, 3, "a forwarding class name");
    } else if (s.word(2) == "queue") {
      int queue = integer<int>(s, 3, 0, 15, "a queue number");
      name = need(s, 4, "a forwarding class name");
      ForwardingClass& fc = classFor(name, s);
      fc.queue = Sourced<int>{queue, s.srcOf(3)};
      return s.words.size() == 5;
    } else {
      return false;
    }
    ForwardingClass& fc = classFor(name, s);
    while (i < s.words.size()) {
      const std::string& key = s.word(i);
      if (key == "queue-num") {
        fc.queue = Sourced<int>{integer<int>(s, i + 1, 0, 15, "a queue number"), s.srcOf(i + 1)};
        i += 2;
      } else if (key == "no-loss") {
        fc.no_loss = s.srcOf(i);
        i += 1;
      } else if (key == "pfc-priority") {
        fc.pfc_priority = Sourced<int>{integer<int>(s, i + 1, 0, 7, "a PFC priority"), s.srcOf(i + 1)};
        i += 2;
      } else if (key == "priority") {
        need(s, i + 1, "low or high");  // fabric priority: not a queueing property of the port
        i += 2;
      } else {
        return false;
      }
    }
    return true;
  }

  ForwardingClass& classFor(const std::string& name, const Statement& s) {
    auto [it, created] = classes_.try_emplace(name);
    if (created) {
      it->second.name = name;
      it->second.src = s.srcOf(3);
    }
    return it->second;
  }

  // classifiers dscp|ieee-802.1 NAME [import default] [forwarding-class FC loss-priority LP code-points [...]]
  bool classifier(const Statement& s) {
    const std::string& type = s.word(2);
    if (type != "dscp" && type != "ieee-802.1") return false;
    bool dot1 = type == "ieee-802.1";
    const std::string& name = need(s, 3, "a classifier name");
    auto& table = dot1 ? dot1p_classifiers_ : dscp_classifiers_;
    auto [it, created] = table.try_emplace(name);
    if (created) it->second.src = s.srcOf(3);
    Classifier& c = it->second;
    if (s.words.size() == 4) return true;
    if (s.word(4) == "import") {
      if (need(s, 5, "default or a classifier name") != "default") return false;
      c.import_default = s.srcOf(5);
      return s.words.size() == 6;
    }
    if (s.word(4) != "forwarding-class") return false;
    const std::string& fc = need(s, 5, "a forwarding class name");
    std::size_t i = 6;
    while (i < s.words.size()) {
      const std::string& key = s.word(i);
      if (key == "loss-priority") {
        const std::string& lp = need(s, i + 1, "a loss priority (low, medium-low, medium-high, high)");
        if (lp != "low" && lp != "medium-low" && lp != "medium-high" && lp != "high") {
          fail(s, i + 1, "a loss priority (low, medium-low, medium-high, high)");
        }
        i += 2;
      } else if (key == "code-points") {
        need(s, i + 1, dot1 ? "an IEEE 802.1p code point" : "a DSCP code point");
        for (++i; i < s.words.size(); ++i) {
          int value = dot1 ? dot1p(s, i) : dscp(s, i);
          c.entries[value] = ClassifierEntry{fc, s.srcOf(5), s.pathTo(5), s.srcOf(i)};  // at this code point
        }
      } else {
        return false;
      }
    }
    return true;
  }

  // congestion-notification-profile NAME { pfc-watchdog ...; input ...; output ...; }
  bool congestionNotificationProfile(const Statement& s) {
    const std::string& name = need(s, 2, "a congestion notification profile name");
    auto [it, created] = cnps_.try_emplace(name);
    if (created) it->second.src = s.srcOf(2);
    Cnp& cnp = it->second;
    const std::string& what = s.word(3);
    if (s.words.size() == 3) return true;
    if (what == "pfc-watchdog") {
      cnp.watchdog = s.srcOf(3);
      for (std::size_t i = 4; i < s.words.size(); i += 2) {
        const std::string& key = s.word(i);
        if (key == "poll-interval") {
          cnp.poll_ms = Sourced<int>{integer<int>(s, i + 1, 1, 60000, "a poll interval in ms"), s.srcOf(i + 1)};
        } else if (key == "detection") {
          cnp.detection = Sourced<int>{integer<int>(s, i + 1, 1, 1000, "a number of poll intervals"), s.srcOf(i + 1)};
        } else if (key == "recovery" || key == "recovery-timeout") {
          cnp.recovery_ms = Sourced<int>{integer<int>(s, i + 1, 1, 600000, "a recovery time in ms"), s.srcOf(i + 1)};
        } else if (key == "watchdog-action") {
          cnp.action = Sourced<std::string>{need(s, i + 1, "a watchdog action such as drop"), s.srcOf(i + 1)};
        } else {
          return false;
        }
      }
      return true;
    }
    if (what == "input") {
      const std::string& kind = s.word(4);
      if (kind == "cable-length") {
        cnp.cable_m =
            Sourced<std::uint32_t>{integer<std::uint32_t>(s, 5, 1, 100000, "a cable length in meters"), s.srcOf(5)};
        return s.words.size() == 6;
      }
      if (kind != "dscp" && kind != "ieee-802.1") return false;
      if (need(s, 5, "code-point") != "code-point") fail(s, 5, "code-point");
      bool dot1 = kind == "ieee-802.1";
      int value = dot1 ? dot1p(s, 6) : dscp(s, 6);
      bool understood = true;
      for (std::size_t i = 7; i < s.words.size(); ++i) {
        const std::string& key = s.word(i);
        if (key == "pfc") {
          (dot1 ? cnp.dot1p_pfc : cnp.dscp_pfc)[value] = s.srcOf(i);
        } else if (key == "mru") {
          integer<int>(s, i + 1, 1, 16000, "an MRU in bytes");
          ++i;
        } else {
          understood = false;
          break;
        }
      }
      return understood;
    }
    if (what == "output") {
      if (s.word(4) != "ieee-802.1" || s.word(5) != "code-point") return false;
      int priority = dot1p(s, 6);
      if (s.words.size() == 7) return true;
      if (s.word(7) != "flow-control-queue") return false;
      int queue = integer<int>(s, 8, 0, 15, "a queue number");
      cnp.output[priority] = Sourced<int>{queue, s.srcOf(8)};
      return s.words.size() == 9;  // one queue per priority is what the model holds
    }
    return false;
  }

  // drop-profiles NAME interpolate fill-level [ A B ] drop-probability [ 0 P ];
  // drop-profiles NAME fill-level A drop-probability P; (segmented form, one point per statement)
  bool dropProfile(const Statement& s) {
    const std::string& name = need(s, 2, "a drop profile name");
    auto [it, created] = drop_profiles_.try_emplace(name);
    if (created) it->second.src = s.srcOf(2);
    DropProfile& dp = it->second;
    if (s.words.size() == 3) return true;
    std::size_t i = s.word(3) == "interpolate" ? 4 : 3;
    bool interpolate = i == 4;
    while (i < s.words.size()) {
      const std::string& key = s.word(i);
      if (key != "fill-level" && key != "drop-probability") return false;
      auto& list = key == "fill-level" ? dp.fill : dp.probability;
      if (interpolate) list.clear();
      std::size_t first = ++i;
      for (; i < s.words.size() && s.word(i) != "fill-level" && s.word(i) != "drop-probability"; ++i) {
        list.push_back(Sourced<int>{
            integer<int>(s, i, 0, 100,
                         key == "fill-level" ? "a fill level in percent" : "a drop probability in percent"),
            s.srcOf(i)});
      }
      if (i == first)
        integer<int>(s, i, 0, 100, key == "fill-level" ? "a fill level in percent" : "a drop probability in percent");
    }
    return true;
  }

  // schedulers NAME { transmit-rate percent N; priority P; explicit-congestion-notification;
  //                   drop-profile-map loss-priority LP protocol any drop-profile DP; }
  bool scheduler(const Statement& s) {
    const std::string& name = need(s, 2, "a scheduler name");
    auto [it, created] = schedulers_.try_emplace(name);
    if (created) it->second.src = s.srcOf(2);
    SchedulerSettings& sched = it->second;
    if (s.words.size() == 3) return true;
    const std::string& what = s.word(3);
    if (what == "explicit-congestion-notification") {
      sched.ecn = s.srcOf(3);
      return s.words.size() == 4;
    }
    if (what == "priority") {
      // Every level Junos documents (which ones a platform supports varies); another word is a
      // level of a release rocelint does not know: a CFG001 note, never an abort.
      static const std::set<std::string, std::less<>> kPriorities = {
          "low", "low-medium", "low-high", "medium-low", "medium-high", "high", "strict-high", "low-latency"};
      const std::string& p = need(s, 4, "a scheduler priority (low ... strict-high, low-latency)");
      if (!kPriorities.count(p)) return false;
      sched.priority = Sourced<std::string>{p, s.srcOf(4)};
      return s.words.size() == 5;
    }
    if (what == "transmit-rate") {
      if (s.word(4) == "percent") {
        sched.percent = Sourced<int>{integer<int>(s, 5, 0, 100, "a percentage"), s.srcOf(5)};
        return s.words.size() == 6 || (s.words.size() == 7 && s.word(6) == "exact");
      }
      return false;  // a rate in bits per second or `remainder`: not a weight the model holds
    }
    if (what == "drop-profile-map") {
      std::string loss = "any";
      std::optional<Reference> profile;
      for (std::size_t i = 4; i < s.words.size(); i += 2) {
        const std::string& key = s.word(i);
        if (key == "loss-priority") {
          loss = need(s, i + 1, "a loss priority (any, low, medium-low, medium-high, high)");
          if (loss != "any" && loss != "low" && loss != "medium-low" && loss != "medium-high" && loss != "high") {
            fail(s, i + 1, "a loss priority (any, low, medium-low, medium-high, high)");
          }
        } else if (key == "protocol") {
          need(s, i + 1, "a protocol (any)");
        } else if (key == "drop-profile") {
          profile = reference(s, i + 1, "a drop profile name");
        } else {
          return false;
        }
      }
      if (!profile) fail(s, s.words.size(), "drop-profile NAME");
      sched.drop_profiles[loss] = *profile;
      return true;
    }
    return false;
  }

  // scheduler-maps NAME forwarding-class FC scheduler S;
  bool schedulerMap(const Statement& s) {
    const std::string& name = need(s, 2, "a scheduler map name");
    auto [it, created] = scheduler_maps_.try_emplace(name);
    if (created) it->second.src = s.srcOf(2);
    if (s.words.size() == 3) return true;
    if (s.word(3) != "forwarding-class") return false;
    const std::string& fc = need(s, 4, "a forwarding class name");
    if (need(s, 5, "scheduler") != "scheduler") fail(s, 5, "scheduler");
    it->second.entries[fc] =
        SchedulerMapEntry{reference(s, 4, "a forwarding class name"), reference(s, 6, "a scheduler name")};
    return s.words.size() == 7;
  }

  // interfaces SPEC { congestion-notification-profile C; scheduler-map M; unit U { classifiers { dscp X; } } }
  bool cosInterface(const Statement& s) {
    const std::string& spec = need(s, 2, "an interface name or wildcard");
    auto it = std::find_if(cos_interfaces_.begin(), cos_interfaces_.end(),
                           [&](const CosInterface& c) { return c.spec == spec; });
    if (it == cos_interfaces_.end()) {
      cos_interfaces_.push_back(CosInterface{spec, s.srcOf(2), {}, {}, {}, {}});
      it = std::prev(cos_interfaces_.end());
    }
    CosInterface& intf = *it;
    if (s.words.size() == 3) return true;
    std::size_t i = 3;
    if (s.word(i) == "unit") {
      need(s, i + 1, "a unit number or *");
      i += 2;
      if (s.words.size() == i) return true;
      if (s.word(i) != "classifiers") return false;
    }
    const std::string& what = s.word(i);
    if (what == "congestion-notification-profile") {
      intf.cnp = reference(s, i + 1, "a congestion notification profile name");
      return s.words.size() == i + 2;
    }
    if (what == "scheduler-map") {
      intf.scheduler_map = reference(s, i + 1, "a scheduler map name");
      return s.words.size() == i + 2;
    }
    if (what == "classifiers") {
      const std::string& type = need(s, i + 1, "dscp or ieee-802.1");
      if (type != "dscp" && type != "ieee-802.1") return false;
      Reference ref = reference(s, i + 2, "a classifier name");
      (type == "dscp" ? intf.dscp_classifier : intf.dot1p_classifier) = ref;
      return s.words.size() == i + 3;
    }
    return false;
  }

  // shared-buffer ingress|egress [buffer-partition lossless|lossless-headroom|lossy] percent N;
  bool sharedBuffer(const Statement& s) {
    const std::string& direction = s.word(2);
    if (direction != "ingress" && direction != "egress") return false;
    std::string name = "shared-buffer " + direction;
    std::size_t i = 3;
    if (s.word(i) == "buffer-partition") {
      name += " " + need(s, i + 1, "a buffer partition name (lossless, lossless-headroom, lossy)");
      i += 2;
    }
    if (s.words.size() == i) return true;
    if (s.word(i) != "percent") return false;
    BufferPool& pool = sw_.pools[name];
    pool.name = name;
    pool.type = direction == "ingress" ? PoolType::Ingress : PoolType::Egress;
    pool.mode = ThresholdMode::Dynamic;
    pool.src = s.srcOf(i);
    pool.percentage = Sourced<int>{integer<int>(s, i + 1, 0, 100, "a percentage of the shared buffer"), s.srcOf(i + 1)};
    return s.words.size() == i + 2;
  }

  // --- interfaces, routing --------------------------------------------------------------------

  bool interface(const Statement& s) {
    const std::string& name = need(s, 1, "an interface name");
    if (name == "interface-range") return rangeStatement(s);
    // CFG007 counts what should give ports: not loopbacks, IRB/VLAN or management interfaces.
    static const std::array<std::string_view, 7> kNotPorts = {"lo", "irb", "vlan", "em", "fxp", "me", "vme"};
    bool logical = std::any_of(kNotPorts.begin(), kNotPorts.end(), [&](std::string_view p) {
      return name.rfind(p, 0) == 0 &&
             (name.size() == p.size() || std::isdigit(static_cast<unsigned char>(name[p.size()])));
    });
    if (!logical && interface_statements_++ == 0) first_interface_ = s.srcOf(1);
    bool port = isPortName(name);
    bool lag = isLagName(name);
    if (!port && !lag && name != "lo0" && name != "irb") return false;
    return interfaceSetting(s, 2, name, declare(name, s.srcOf(1)));
  }

  Interface& declare(const std::string& name, const SourceRef& where) {
    auto [it, created] = interfaces_.try_emplace(name);
    Interface& intf = it->second;
    if (created) {
      intf.name = name;
      intf.src = where;
      interface_order_.push_back(name);
    }
    return intf;
  }

  // One setting of interface `name` whose words start at `at` (2 in `interfaces et-0/0/0 mtu
  // 9216`, 3 in `interfaces interface-range R mtu 9216`). True when understood.
  bool interfaceSetting(const Statement& s, std::size_t at, const std::string& name, Interface& intf) {
    bool lag = isLagName(name);
    const std::size_t k = at - 2;  // the offsets below are those of `interfaces NAME ...`
    if (s.words.size() == at) return true;
    const std::string& what = s.word(at);
    if (what == "unit") {
      const std::string& unit = need(s, k + 3, "a unit number");
      // unit U family inet|inet6 address A
      if (s.word(k + 4) == "family" && (s.word(k + 5) == "inet" || s.word(k + 5) == "inet6")) {
        if (s.words.size() == k + 6) return true;
        if (s.word(k + 6) != "address") return false;
        const std::string& prefix = need(s, k + 7, "an address with prefix length such as 10.0.0.1/31");
        if (prefix.find('/') == std::string::npos) fail(s, k + 7, "an address with prefix length such as 10.0.0.1/31");
        InterfaceAddress::Kind kind = lag             ? InterfaceAddress::Kind::PortChannel
                                      : name == "lo0" ? InterfaceAddress::Kind::Loopback
                                      : name == "irb" ? InterfaceAddress::Kind::Vlan
                                                      : InterfaceAddress::Kind::Port;
        std::string owner =
            name == "irb" || (unit != "0" && kind != InterfaceAddress::Kind::Loopback) ? name + "." + unit : name;
        sw_.addresses.push_back(InterfaceAddress{kind, owner, prefix, s.srcOf(k + 7)});
        return s.words.size() == k + 8;
      }
      if (unit == "0" && s.word(k + 4) == "family" && s.word(k + 5) == "ethernet-switching" &&
          (lag || isPortName(name))) {
        return ethernetSwitching(s, k + 6, intf);
      }
      return false;
    }
    if (name == "lo0" || name == "irb") return false;
    if (what == "description") {
      intf.description = Sourced<std::string>{need(s, k + 3, "a description"), s.srcOf(k + 3)};
      return s.words.size() == k + 4;
    }
    if (what == "mtu") {
      intf.mtu =
          Sourced<std::uint32_t>{integer<std::uint32_t>(s, k + 3, 256, 16000, "an MTU in bytes"), s.srcOf(k + 3)};
      return s.words.size() == k + 4;
    }
    if (what == "speed") {
      if (s.word(k + 3).rfind("auto", 0) == 0) return s.words.size() == k + 4;  // negotiated: no speed recorded
      intf.speed_mbps = Sourced<std::uint32_t>{speed(s, k + 3), s.srcOf(k + 3)};
      return s.words.size() == k + 4;
    }
    if (what == "number-of-sub-ports") {
      intf.sub_ports = Sourced<int>{integer<int>(s, k + 3, 1, 16, "a number of breakout ports"), s.srcOf(k + 3)};
      return s.words.size() == k + 4;
    }
    if (what == "disable") {
      intf.disable = s.srcOf(k + 2);
      return s.words.size() == k + 3;
    }
    // The ae is down while fewer members are up (Junos 1-64; default 1).
    if (what == "aggregated-ether-options" && s.word(k + 3) == "minimum-links" && lag) {
      intf.min_links =
          Sourced<std::uint32_t>{integer<std::uint32_t>(s, k + 4, 1, 64, "a member count 1-64"), s.srcOf(k + 4)};
      return s.words.size() == k + 5;
    }
    if ((what == "ether-options" || what == "gigether-options") && s.word(k + 3) == "802.3ad") {
      intf.lag = need(s, k + 4, "an aggregated interface name such as ae0");
      return s.words.size() == k + 5;
    }
    if ((what == "ether-options" || what == "gigether-options") &&
        (s.word(k + 3) == "flow-control" || s.word(k + 3) == "no-flow-control")) {
      intf.flow_control = Sourced<bool>{s.word(k + 3) == "flow-control", s.srcOf(k + 3)};
      return s.words.size() == k + 4;
    }
    // ether-options configured-flow-control { rx-buffers on; tx-buffers off; }: rx-buffers makes the
    // port generate PAUSE when its receive buffers fill, tx-buffers makes it obey received PAUSE.
    if ((what == "ether-options" || what == "gigether-options") && s.word(k + 3) == "configured-flow-control") {
      if (s.words.size() == k + 4) return true;
      const std::string& dir = s.word(k + 4);
      const std::string& value = need(s, k + 5, "on or off");
      if ((dir != "rx-buffers" && dir != "tx-buffers") || (value != "on" && value != "off")) return false;
      (dir == "rx-buffers" ? intf.pause_send : intf.pause_obey) = Sourced<bool>{value == "on", s.srcOf(k + 4)};
      return s.words.size() == k + 6;
    }
    // display xml: <ether-options><ieee-802.3ad><bundle>ae0</bundle></ieee-802.3ad></ether-options>
    if ((what == "ether-options" || what == "gigether-options") && s.word(k + 3) == "ieee-802.3ad" &&
        s.word(k + 4) == "bundle") {
      intf.lag = need(s, k + 5, "an aggregated interface name such as ae0");
      return s.words.size() == k + 6;
    }
    return false;
  }

  // unit 0 family ethernet-switching { interface-mode access; vlan { members V; } } from word `at`
  // on (`port-mode` on releases before ELS). True when understood.
  bool ethernetSwitching(const Statement& s, std::size_t at, Interface& intf) {
    intf.switching = true;
    const std::string& what = s.word(at);
    if (s.words.size() == at) return true;
    if ((what == "interface-mode" || what == "port-mode") && s.words.size() == at + 2) {
      intf.switching_mode = Sourced<std::string>{s.word(at + 1), s.srcOf(at + 1)};
      return true;
    }
    if (what != "vlan" || s.word(at + 1) != "members") return false;
    need(s, at + 2, "a VLAN name or a VLAN id (1-4094)");
    std::vector<Sourced<std::string>> members;
    for (std::size_t i = at + 2; i < s.words.size(); ++i) {
      const std::string& member = s.word(i);
      if (member.find_first_not_of("0123456789") != std::string::npos) {
        // A VLAN name (vlans NAME vlan-id N) is kept as the configuration names it; a range
        // (100-200) or `all` belongs to a trunk (trunkVlans).
        if (member == "all" || std::isdigit(static_cast<unsigned char>(member[0]))) {
          if (member != "all" && !common::vlanList(member)) fail(s, i, "a VLAN name, id (1-4094), range or all");
          intf.vlan_ranges.push_back(Sourced<std::string>{member, s.srcOf(i)});
          continue;
        }
        members.push_back(Sourced<std::string>{member, s.srcOf(i)});
        continue;
      }
      auto id = common::vlanId(member);
      if (!id) fail(s, i, "a VLAN name or a VLAN id (1-4094)");
      members.push_back(Sourced<std::string>{common::vlanName(*id), s.srcOf(i)});
    }
    intf.vlan_members.insert(intf.vlan_members.end(), members.begin(), members.end());
    return true;
  }

  // The access VLAN of an interface: family ethernet-switching in access mode (the default of
  // interface-mode) with one VLAN member; a trunk, or no member named, is not an access port.
  static std::optional<common::AccessVlan> accessVlan(const Interface& intf) {
    if (!intf.switching || intf.vlan_members.size() != 1 || !intf.vlan_ranges.empty()) return std::nullopt;
    if (intf.switching_mode && intf.switching_mode->value != "access") return std::nullopt;
    return common::AccessVlan{intf.vlan_members.front().value, intf.vlan_members.front().src};
  }

  // The VLANs a trunk carries tagged (`interface-mode trunk`, `vlan members [ V10 20 100-200 ]` or
  // `all`): names through `vlans NAME vlan-id N`; a name no `vlans` entry defines is a CFG002 error
  // at the member (Junos refuses the commit) and left out. Not a trunk: nullopt.
  std::optional<Sourced<VlanSet>> trunkVlans(const Interface& intf, const std::string& name) {
    if (!intf.switching || !intf.switching_mode || intf.switching_mode->value != "trunk") return std::nullopt;
    Sourced<VlanSet> out{VlanSet{}, intf.switching_mode->src};
    if (!intf.vlan_members.empty()) out.src = intf.vlan_members.front().src;
    if (!intf.vlan_ranges.empty() && intf.vlan_members.empty()) out.src = intf.vlan_ranges.front().src;
    for (const Sourced<std::string>& r : intf.vlan_ranges) {
      if (r.value == "all") {
        out.value = VlanSet::all();
        continue;
      }
      if (auto list = common::vlanList(r.value)) {
        for (const auto& [a, b] : list->ranges) out.value.add(a, b);
      }
    }
    for (const Sourced<std::string>& m : intf.vlan_members) {
      if (auto it = vlan_ids_.find(m.value); it != vlan_ids_.end()) {
        out.value.add(it->second, it->second);
      } else if (auto id = common::vlanNameId(m.value)) {
        out.value.add(*id, *id);  // a number, written VlanN
      } else {
        undefined(name, "vlan", m.value, fmt::format("VLAN {} is not defined under vlans", m.value), m.src,
                  fmt::format("define vlans {} vlan-id N, or correct the member name", m.value));
      }
    }
    return out;
  }

  // --- interface ranges -----------------------------------------------------------------------

  // `interfaces interface-range R member|member-range ...` was read before every other statement
  // (collectRange); a setting of the range is applied to its members once every interface's own
  // statements are read, because a member's own setting takes precedence (applyRanges).
  bool rangeStatement(const Statement& s) {
    const std::string& what = s.word(3);
    if (what == "member" || what == "member-range") return s.used;
    need(s, 2, "an interface-range name");
    range_settings_.push_back(&s);
    return false;  // marked used by applyRanges when its members take it
  }

  // interface-range R member et-0/0/[0-3]; member-range et-0/0/0 to et-0/0/7;
  void collectRange(const Statement& s) {
    const std::string& range = need(s, 2, "an interface-range name");
    const std::string& what = s.word(3);
    if (what != "member" && what != "member-range") return;
    if (interface_statements_++ == 0) first_interface_ = s.srcOf(2);
    std::vector<std::string>& members = ranges_[range];
    auto add = [&](const std::string& name) {
      if (std::find(members.begin(), members.end(), name) == members.end()) members.push_back(name);
      declare(name, s.srcOf(4));
    };
    if (what == "member") {
      std::string text = need(s, 4, "a member interface name such as et-0/0/0 or et-0/0/[0-3]");
      // Unquoted `member et-0/0/[0-3]` in the text or set syntax lexes as a list after "et-0/0/".
      if (s.words.size() > 5 && (text.back() == '/' || text.back() == ':')) {
        text += "[";
        for (std::size_t i = 5; i < s.words.size(); ++i) text += (i > 5 ? "," : "") + s.word(i);
        text += "]";
      } else if (s.words.size() > 5) {
        fail(s, 5, "the end of the member statement (one interface name, quoted if it holds spaces)");
      }
      std::string error;
      std::vector<std::string> names = expandMember(text, error);
      if (!error.empty()) fail(s, 4, "a member interface name such as et-0/0/0 or et-0/0/[0-3]: " + error);
      for (const std::string& name : names) add(name);
      use(s);
      return;
    }
    // member-range FIRST to LAST (display xml: member-range FIRST end-range LAST)
    const char* const kWhat = "the first member such as et-0/0/0";
    const std::string& first = need(s, 4, kWhat);
    if (!isPortName(first)) fail(s, 4, kWhat);
    if (s.word(5) != "to" && s.word(5) != "end-range") fail(s, 5, "\"to\"");
    const std::string& last = need(s, 6, "the last member such as et-0/0/7");
    if (!isPortName(last)) fail(s, 6, "the last member such as et-0/0/7");
    if (s.words.size() > 7) fail(s, 7, "the end of the member-range statement");
    std::string head;
    std::string last_head;
    int from = 0;
    int to = 0;
    splitLastNumber(first, head, from);
    splitLastNumber(last, last_head, to);
    if (first.substr(0, first.find('-')) != last.substr(0, last.find('-')))
      fail(s, 6, fmt::format("a last member of the same type as {}", first));
    if (head != last_head) {
      // Valid Junos (members in lexical order across FPCs or PICs), but which ports lie between
      // depends on how many each PIC has, which the configuration does not say.
      notes_.push_back(
          makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                   fmt::format("Junos member-range not expanded by rocelint: {} to {} spans more than "
                               "one {}, and the ports between depend on the chassis; interface-range "
                               "{} gets no members from it",
                               first, last, head.find(':') != std::string::npos ? "port" : "FPC or PIC", range),
                   s.srcOf(4)));
      notes_.back().group = "Junos interface-range member-range";
      notes_.back().fix = fmt::format(
          "list the members with `member` (e.g. `member \"{}[{}-N]\"`) so that rocelint "
          "sees them",
          head, from);
      use(s);
      return;
    }
    if (to < from) fail(s, 6, fmt::format("a last member not below {}", first));
    if (to - from >= 4096) fail(s, 6, fmt::format("a last member at most 4095 ports after {}", first));
    for (int n = from; n <= to; ++n) add(head + std::to_string(n));
    use(s);
  }

  // Each setting of a range becomes each member's, located at the range statement, unless the
  // member sets it itself (Junos: the interface's own statement takes precedence).
  void applyRanges() {
    for (const Statement* s : range_settings_) {
      auto range = ranges_.find(s->word(2));
      if (range == ranges_.end() || range->second.empty()) continue;  // counted as not modelled
      try {
        bool understood = true;
        for (const std::string& member : range->second) {
          Interface scratch;
          scratch.name = member;
          understood = interfaceSetting(*s, 3, member, scratch) && understood;
          Interface& intf = interfaces_.at(member);
          if (!intf.description) intf.description = scratch.description;
          if (!intf.speed_mbps) intf.speed_mbps = scratch.speed_mbps;
          if (!intf.mtu) intf.mtu = scratch.mtu;
          if (!intf.sub_ports) intf.sub_ports = scratch.sub_ports;
          if (!intf.disable) intf.disable = scratch.disable;
          if (intf.lag.empty()) intf.lag = scratch.lag;
          intf.switching = intf.switching || scratch.switching;
          if (!intf.switching_mode) intf.switching_mode = scratch.switching_mode;
          if (intf.vlan_members.empty()) intf.vlan_members = scratch.vlan_members;
          if (!intf.flow_control) intf.flow_control = scratch.flow_control;
          if (!intf.pause_send) intf.pause_send = scratch.pause_send;
          if (!intf.pause_obey) intf.pause_obey = scratch.pause_obey;
        }
        if (understood) use(*s);
      } catch (const RejectedStatement& e) {
        rejected(*s, e);
      }
    }
  }

  // routing-options autonomous-system N; routing-options static route P next-hop NH;
  bool routingOptions(const Statement& s, std::size_t at, const std::string& vrf) {
    const std::string& what = s.word(at);
    if (what == "autonomous-system" && vrf.empty()) {
      std::size_t i = at + 1;
      if (s.word(i) == "as-number") ++i;
      asn_ = Sourced<std::uint32_t>{integer<std::uint32_t>(s, i, 1, UINT32_MAX, "an AS number"), s.srcOf(i)};
      return s.words.size() == i + 1;
    }
    if (what == "router-id") return true;
    if (what != "static" || s.word(at + 1) != "route") return false;
    const std::string& prefix = need(s, at + 2, "a route prefix such as 10.0.0.0/24");
    if (prefix.find('/') == std::string::npos) fail(s, at + 2, "a route prefix such as 10.0.0.0/24");
    auto it = std::find_if(sw_.static_routes.begin(), sw_.static_routes.end(),
                           [&](const StaticRoute& r) { return r.prefix == prefix && r.vrf == vrf; });
    if (it == sw_.static_routes.end()) {
      sw_.static_routes.push_back(StaticRoute{vrf, prefix, {}, {}, s.srcOf(at + 2)});
      it = std::prev(sw_.static_routes.end());
    }
    std::size_t i = at + 3;
    if (i == s.words.size()) return true;
    const std::string& kind = s.word(i);
    if (kind == "discard" || kind == "reject") return s.words.size() == i + 1;
    if (kind != "next-hop" && kind != "qualified-next-hop") return false;
    need(s, i + 1, "a next hop address or interface");
    for (++i; i < s.words.size(); ++i) {
      const std::string& hop = s.word(i);
      std::string port = hop.substr(0, hop.find('.'));
      if (std::isdigit(static_cast<unsigned char>(hop[0])) || hop.find(':') != std::string::npos) {
        it->nexthops.push_back(hop);
      } else if (isPortName(port) || isLagName(port) || port == "irb" || port == "lo0") {
        it->ifnames.push_back(hop);
      } else {
        return false;  // `preference 5`, `no-readvertise`, ...: not modelled
      }
      if (kind == "qualified-next-hop") return i + 1 == s.words.size();
    }
    return true;
  }

  // protocols bgp [local-as N] group G { type T; peer-as N; neighbor IP { peer-as N; description D; } }
  bool bgp(const Statement& s) {
    if (s.word(2) == "local-as") {
      bgp_local_as_ = Sourced<std::uint32_t>{integer<std::uint32_t>(s, 3, 1, UINT32_MAX, "an AS number"), s.srcOf(3)};
      return s.words.size() == 4;
    }
    if (s.word(2) != "group") return false;
    const std::string& group = need(s, 3, "a BGP group name");
    BgpGroup& g = bgp_groups_[group];
    const std::string& what = s.word(4);
    if (s.words.size() == 4) return true;
    if (what == "type") {
      g.type = need(s, 5, "internal or external");
      return s.words.size() == 6;
    }
    if (what == "peer-as") {
      g.peer_as = Sourced<std::uint32_t>{integer<std::uint32_t>(s, 5, 1, UINT32_MAX, "an AS number"), s.srcOf(5)};
      return s.words.size() == 6;
    }
    if (what == "description") {
      g.description = need(s, 5, "a description");
      return s.words.size() == 6;
    }
    if (what == "local-as") {
      // The model holds one AS per switch: the first group's, when routing-options and
      // protocols bgp name none.
      Sourced<std::uint32_t> as{integer<std::uint32_t>(s, 5, 1, UINT32_MAX, "an AS number"), s.srcOf(5)};
      if (!group_local_as_) group_local_as_ = as;
      return s.words.size() == 6;
    }
    if (what == "import" || what == "export") return policyRefs(s, 5, what == "import" ? g.import : g.export_);
    if (what != "neighbor") return false;
    const std::string& address = need(s, 5, "a neighbour address");
    auto it = std::find_if(bgp_peers_.begin(), bgp_peers_.end(),
                           [&](const BgpPeer& p) { return p.address == address && p.group == group; });
    if (it == bgp_peers_.end()) {
      bgp_peers_.push_back(BgpPeer{address, group, std::nullopt, "", s.srcOf(5), {}, {}});
      it = std::prev(bgp_peers_.end());
    }
    if (s.words.size() == 6) return true;
    if (s.word(6) == "peer-as") {
      it->peer_as = Sourced<std::uint32_t>{integer<std::uint32_t>(s, 7, 1, UINT32_MAX, "an AS number"), s.srcOf(7)};
      return s.words.size() == 8;
    }
    if (s.word(6) == "description") {
      it->description = need(s, 7, "a description");
      return s.words.size() == 8;
    }
    if (s.word(6) == "import" || s.word(6) == "export") {
      return policyRefs(s, 7, s.word(6) == "import" ? it->import : it->export_);
    }
    return false;
  }

  // import|export NAME, [ A B ] (a chain), ( A && B ) (every policy must accept). Other policy
  // expressions (||, !) are kept as not modelled: the neighbour's policy is not applied.
  bool policyRefs(const Statement& s, std::size_t i, PolicyRefs& refs) {
    refs = PolicyRefs{};
    refs.set = true;
    for (std::size_t k = i; k < s.words.size(); ++k) {
      std::string w = s.word(k);
      bool open = !w.empty() && w.front() == '(';
      while (!w.empty() && (w.front() == '(' || w.front() == '[')) w.erase(0, 1);
      while (!w.empty() && (w.back() == ')' || w.back() == ']')) w.pop_back();
      if (open) refs.all_of = true;
      if (w.empty()) continue;
      if (w == "&&") {
        refs.all_of = true;
        continue;
      }
      if (w == "||" || w == "!") {
        if (!refs.unmodelled) {
          refs.unmodelled_what = fmt::format("a policy expression with {} ({})", w, s.path());
          refs.unmodelled_src = s.srcOf(k);
        }
        refs.unmodelled = true;
        continue;
      }
      refs.names.emplace_back(w, s.srcOf(k));
    }
    return !refs.names.empty();
  }

  // policy-options community NAME members M | [ M ... ]; as-path NAME "REGEX";
  // policy-statement P [term T] from|then ...
  bool policyOptions(const Statement& s) {
    const std::string& kind = s.word(1);
    if (kind == "community" && s.word(3) == "members") {
      std::vector<std::string>& members = communities_[need(s, 2, "a community name")];
      for (std::size_t k = 4; k < s.words.size(); ++k) {
        if (s.word(k) != "[" && s.word(k) != "]") members.push_back(s.word(k));
      }
      return true;
    }
    if (kind == "as-path" && s.words.size() == 4) {
      as_paths_[need(s, 2, "an AS path name")] = s.word(3);
      return true;
    }
    if (kind != "policy-statement") return false;
    const std::string& name = need(s, 2, "a policy name");
    RawPolicy& policy = policies_[name];
    if (policy.src.line == 0) policy.src = s.srcOf(2);
    std::size_t i = 3;
    std::string term;
    if (s.word(3) == "term") {
      term = need(s, 4, "a term name");
      i = 5;
    }
    auto it = std::find_if(policy.terms.begin(), policy.terms.end(), [&](const RawTerm& t) { return t.name == term; });
    if (it == policy.terms.end()) {
      policy.terms.push_back(RawTerm{term, {}, s.srcOf(s.word(3) == "term" ? 4 : 3)});
      it = std::prev(policy.terms.end());
    }
    if (s.words.size() == i) return true;
    it->statements.push_back(&s);
    return true;
  }

  // --- model building -------------------------------------------------------------------------

  void buildModel() {
    sw_.buffer_model = BufferModel::Dynamic;  // Junos sizes no-loss headroom itself (lossless-headroom partition)
    sw_.has_port_table = true;
    if (asn_) {
      sw_.asn = asn_;
    } else if (bgp_local_as_) {
      sw_.asn = bgp_local_as_;
    } else if (group_local_as_) {
      sw_.asn = group_local_as_;
    }
    buildClasses();
    buildMaps();
    checkReferences();
    buildPorts();
    buildCos();
    buildBgp();
    common::sortAndIndexPorts(sw_);
    common::noteIfNoPorts(sw_, "Junos", interface_statements_, first_interface_, notes_);
  }

  // Forwarding classes with the QFX defaults for queues no configured class takes, and the model's
  // traffic class of each: a no-loss class is its PFC priority, a lossy class its queue number
  // unless a no-loss class holds that number (then the lowest free one).
  void buildClasses() {
    for (const DefaultClass& d : kDefaultClasses) {
      bool taken = std::any_of(classes_.begin(), classes_.end(), [&](const auto& entry) {
        return entry.first == d.name || (entry.second.queue && entry.second.queue->value == d.queue);
      });
      if (taken) continue;
      ForwardingClass fc;
      fc.name = d.name;
      fc.builtin = true;
      fc.src = defaultSrc(fmt::format("class-of-service forwarding-classes class {} queue-num{}", d.name,
                                      d.pfc_priority >= 0 ? " no-loss pfc-priority" : ""));
      fc.queue = Sourced<int>{d.queue, fc.src};
      if (d.pfc_priority >= 0) {
        fc.no_loss = fc.src;
        fc.pfc_priority = Sourced<int>{d.pfc_priority, fc.src};
      }
      classes_.emplace(d.name, std::move(fc));
    }
    std::set<int> used_tcs;
    for (auto& [name, fc] : classes_) {
      if (!fc.queue) {
        invalid("", fmt::format("forwarding class {} has no queue-num; Junos requires one (queue 0 is assumed)", name),
                fc.src);
        fc.queue = Sourced<int>{0, fc.src};
      }
      if (!fc.no_loss) continue;
      if (fc.pfc_priority) {
        fc.priority = fc.pfc_priority;
      } else {
        fc.priority = implicitPfcPriority(fc);
      }
      if (fc.priority) {
        fc.tc = fc.priority->value;
        used_tcs.insert(fc.tc);
      }
    }
    std::vector<ForwardingClass*> lossy;
    for (auto& [name, fc] : classes_) {
      if (!fc.priority) lossy.push_back(&fc);
    }
    std::stable_sort(lossy.begin(), lossy.end(), [](const ForwardingClass* a, const ForwardingClass* b) {
      return a->queue->value < b->queue->value;
    });
    for (ForwardingClass* fc : lossy) {
      int tc = fc->queue->value;
      if (tc > 7 || used_tcs.count(tc)) {
        tc = 0;
        while (tc < 7 && used_tcs.count(tc)) ++tc;
      }
      fc->tc = tc;
      used_tcs.insert(tc);
    }
  }

  // A no-loss class without pfc-priority pauses on the 802.1p code point that a congestion
  // notification profile's output maps to its queue, else on its queue number ([I]).
  std::optional<Sourced<int>> implicitPfcPriority(const ForwardingClass& fc) {
    for (const auto& [name, cnp] : cnps_) {
      for (const auto& [priority, queue] : cnp.output) {
        if (queue.value == fc.queue->value) return Sourced<int>{priority, queue.src};
      }
    }
    if (fc.queue->value > 7) return std::nullopt;
    return Sourced<int>{fc.queue->value,
                        // a no-loss class without pfc-priority pauses on its queue number
                        defaultSrc(fmt::format("class-of-service forwarding-classes class {} pfc-priority", fc.name))};
  }

  // The class unlisted code points fall into: best-effort, or whichever class holds queue 0.
  [[nodiscard]] const ForwardingClass& defaultClass() const {
    if (auto it = classes_.find("best-effort"); it != classes_.end()) return it->second;
    for (const auto& [name, fc] : classes_) {
      if (fc.queue->value == 0) return fc;
    }
    return classes_.begin()->second;
  }

  [[nodiscard]] int defaultDscpTc(int dscp) const {
    if (dscp == 48 || dscp == 56) {
      if (auto it = classes_.find("network-control"); it != classes_.end()) return it->second.tc;
    }
    return defaultClass().tc;
  }

  QosMap& addMap(MapKind kind, const std::string& name, const SourceRef& src) {
    QosMap& map = sw_.maps[static_cast<std::size_t>(kind)][name];
    map.name = name;
    map.src = src;
    return map;
  }

  void buildMaps() {
    // Forwarding class (traffic class) -> queue, and -> PG (each no-loss class its own PG).
    QosMap& queues =
        addMap(MapKind::TcToQueue, kQueueMap, defaultSrc("class-of-service forwarding-classes class queue-num"));
    // A no-loss forwarding class is buffered in its own PG, the others in PG 0.
    QosMap& pgs = addMap(MapKind::TcToPg, kPgMap, defaultSrc("class-of-service forwarding-classes class no-loss"));
    for (int tc = 0; tc < 8; ++tc) pgs.entries[tc] = Sourced<int>{0, pgs.src};
    for (const auto& [name, fc] : classes_) {
      if (!queues.entries.count(fc.tc) || !fc.builtin)
        queues.entries[fc.tc] = Sourced<int>{fc.queue->value, fc.queue->src};
      if (fc.priority) pgs.entries[fc.tc] = Sourced<int>{fc.tc, *fc.no_loss};
    }
    // The default DSCP classifier when an interface binds none.
    // cs6, cs7 -> network-control, the rest -> best-effort.
    QosMap& def = addMap(MapKind::DscpToTc, kDefaultDscpClassifier, defaultSrc("class-of-service classifiers dscp"));
    for (int d = 0; d < 64; ++d) def.entries[d] = Sourced<int>{defaultDscpTc(d), def.src};
    for (const auto& [name, c] : dscp_classifiers_) classifierMap(MapKind::DscpToTc, "classifiers dscp " + name, c, 64);
    for (const auto& [name, c] : dot1p_classifiers_) {
      classifierMap(MapKind::Dot1pToTc, "classifiers ieee-802.1 " + name, c, 8);
    }
    for (const auto& [name, cnp] : cnps_) {
      QosMap& map = addMap(MapKind::PfcToQueue, "congestion-notification-profile " + name + " output", cnp.src);
      for (const auto& [name_, fc] : classes_) {
        if (fc.priority) map.entries[fc.priority->value] = Sourced<int>{fc.queue->value, fc.priority->src};
      }
      for (const auto& [priority, queue] : cnp.output) map.entries[priority] = queue;
    }
  }

  void classifierMap(MapKind kind, const std::string& name, const Classifier& c, int size) {
    QosMap& map = addMap(kind, name, c.src);
    const ForwardingClass& fallback = defaultClass();
    for (int v = 0; v < size; ++v) {
      auto entry = c.entries.find(v);
      if (entry != c.entries.end()) {
        auto fc = classes_.find(entry->second.forwarding_class);
        if (fc != classes_.end()) {
          map.entries[v] = Sourced<int>{fc->second.tc, entry->second.src};
          continue;
        }
        if (undefined_classes_.insert(entry->second.class_path).second) {
          undefined("", "forwarding class", entry->second.forwarding_class,
                    fmt::format("{}: forwarding class {} is not defined (defined: {}); its code points fall into {}",
                                entry->second.class_path, entry->second.forwarding_class, classNames(), fallback.name),
                    entry->second.class_src,
                    fmt::format("define `class-of-service forwarding-classes class {} queue-num N` (with `no-loss "
                                "pfc-priority P` for RoCE), or correct the classifier's forwarding-class name",
                                entry->second.forwarding_class));
        }
      }
      if (kind == MapKind::DscpToTc && c.import_default) {
        map.entries[v] = Sourced<int>{defaultDscpTc(v), *c.import_default};
      } else {
        map.entries[v] = Sourced<int>{
            fallback.tc,
            // the code point is not listed, so it falls into the default class
            defaultSrc(fmt::format("class-of-service {} forwarding-class loss-priority code-points", name))};
      }
    }
  }

  // References inside definitions are checked whether or not a port uses the definition: Junos
  // refuses to commit a scheduler map naming an undefined scheduler even when nothing binds it.
  void checkReferences() {
    for (const auto& [name, map] : scheduler_maps_) {
      for (const auto& [fc, entry] : map.entries) {
        std::optional<Reference> fc_ref = entry.forwarding_class;
        std::optional<Reference> sched_ref = entry.scheduler;
        resolve(fc_ref, classes_, "forwarding class", "");
        resolve(sched_ref, schedulers_, "scheduler", "");
      }
    }
    for (const auto& [name, sched] : schedulers_) {
      for (const auto& [loss, profile] : sched.drop_profiles) {
        std::optional<Reference> ref = profile;
        resolve(ref, drop_profiles_, "drop profile", "");
      }
    }
  }

  [[nodiscard]] std::string classNames() const {
    std::string out;
    for (const auto& [name, fc] : classes_) out += (out.empty() ? "" : ", ") + name;
    return out;
  }

  void buildPorts() {
    std::map<std::string, common::AccessVlan> access;
    std::map<std::string, Sourced<VlanSet>> trunks;
    for (const std::string& name : interface_order_) {
      const Interface& intf = interfaces_.at(name);
      if (auto vlan = accessVlan(intf)) access.emplace(name, std::move(*vlan));
      if (auto vlans = trunkVlans(intf, name)) trunks.emplace(name, std::move(*vlans));
      if (isLagName(name)) {
        sw_.portchannels.push_back(name);
        if (intf.min_links) sw_.portchannel_min_links[name] = *intf.min_links;
        continue;
      }
      if (!isPortName(name)) continue;
      // A breakout parent (number-of-sub-ports) is not a port itself: its members are.
      if (intf.sub_ports) continue;
      Port& port = sw_.portFor(name);
      port.declared = true;
      port.src = intf.src;
      port.speed_mbps = intf.speed_mbps;
      auto colon = name.find(':');
      if (!port.speed_mbps && colon != std::string::npos) {
        auto parent = interfaces_.find(name.substr(0, colon));
        if (parent != interfaces_.end()) port.speed_mbps = parent->second.speed_mbps;
      }
      port.mtu_bytes = intf.mtu;
      port.admin_up = Sourced<bool>{!intf.disable, intf.disable ? *intf.disable : intf.src};
      if (intf.description) {
        port.description = intf.description->value;
        port.description_src = intf.description->src;  // the loader reads neighbours from it
      }
      port.portchannel = intf.lag;
      // 802.3x PAUSE (QFX default: off). Junos refuses a commit with PAUSE and a congestion
      // notification profile on one interface; the configuration as written is what PFC007 judges.
      port.link_pause_rx = intf.pause_obey ? intf.pause_obey : intf.flow_control;
      port.link_pause_tx = intf.pause_send ? intf.pause_send : intf.flow_control;
      // DCBX runs on every interface with LLDP unless `protocols dcbx ... disable` (or LLDP is off).
      port.dcbx = dcbxOf(name);
    }
    common::applyAccessVlans(sw_, access);
    common::applyTrunkVlans(sw_, trunks);
  }

  template <class T>
  const T* resolve(const std::optional<Reference>& ref, const std::map<std::string, T>& defined, const char* kind,
                   const std::string& port) {
    if (!ref) return nullptr;
    auto it = defined.find(ref->name);
    if (it != defined.end()) return &it->second;
    auto at = written_at_.find(std::tuple(ref->src.fileName().id(), ref->src.line, ref->src.column));
    const std::string& written = at != written_at_.end() ? at->second : ref->src.originText();
    if (undefined_refs_.insert(written + "|" + std::to_string(ref->src.line)).second) {
      std::string names;
      for (const auto& [name, value] : defined) names += (names.empty() ? "" : ", ") + name;
      undefined(port, kind, ref->name,
                fmt::format("{}: {} {} is not defined ({}); the binding is ignored", written, kind, ref->name,
                            names.empty() ? "none is" : "defined: " + names),
                ref->src,
                fmt::format("define the {} {} under class-of-service, or correct the name where it is bound", kind,
                            ref->name));
    }
    return nullptr;
  }

  // The CoS settings of a port: wildcard entries in configuration order, then an entry naming its
  // LAG, then one naming the port itself (Junos applies the most specific).
  CosInterface effectiveCos(const Port& port) {
    CosInterface out;
    auto apply = [&](const CosInterface& c) {
      if (c.cnp) out.cnp = c.cnp;
      if (c.scheduler_map) out.scheduler_map = c.scheduler_map;
      if (c.dscp_classifier) out.dscp_classifier = c.dscp_classifier;
      if (c.dot1p_classifier) out.dot1p_classifier = c.dot1p_classifier;
      out.src = c.src;
    };
    for (const CosInterface& c : cos_interfaces_) {
      if (c.spec.find('*') != std::string::npos && globMatch(c.spec, port.name)) apply(c);
    }
    for (const CosInterface& c : cos_interfaces_) {
      if (!port.portchannel.empty() && c.spec == port.portchannel) apply(c);
    }
    for (const CosInterface& c : cos_interfaces_) {
      if (c.spec == port.name) apply(c);
    }
    return out;
  }

  void buildCos() {
    for (const CosInterface& c : cos_interfaces_) {
      if (c.spec.find('*') != std::string::npos) continue;
      bool known = sw_.findPort(c.spec) != nullptr ||
                   std::find(sw_.portchannels.begin(), sw_.portchannels.end(), c.spec) != sw_.portchannels.end();
      auto parent = interfaces_.find(c.spec);
      if (!known && parent != interfaces_.end() && parent->second.sub_ports) {
        invalid("",
                fmt::format("class-of-service interfaces {}: {} is broken out (number-of-sub-ports {}); CoS applies "
                            "to its members ({}:0, ...), so these settings apply to nothing",
                            c.spec, c.spec, parent->second.sub_ports->value, c.spec),
                c.src);
      } else if (!known) {
        undefined("", "interface", c.spec,
                  fmt::format("class-of-service interfaces {}: no such port or aggregated interface is configured "
                              "under [edit interfaces]; its CoS settings apply to nothing",
                              c.spec),
                  c.src,
                  fmt::format("configure interface {} under [edit interfaces], or correct the name under "
                              "[edit class-of-service interfaces]",
                              c.spec));
      }
    }
    std::optional<Sourced<int>> poll;
    for (Port& port : sw_.ports) {
      CosInterface cos = effectiveCos(port);
      port.qos.src = cos.src.known() ? cos.src : port.src;
      auto bind = [&](MapKind kind, const std::string& name, const SourceRef& src) {
        port.qos.maps[static_cast<std::size_t>(kind)] = Reference{name, src, false};
      };
      // Classification.
      bool dscp = resolve(cos.dscp_classifier, dscp_classifiers_, "dscp classifier", port.name) != nullptr;
      bool dot1 = resolve(cos.dot1p_classifier, dot1p_classifiers_, "ieee-802.1 classifier", port.name) != nullptr;
      if (dscp)
        bind(MapKind::DscpToTc, "classifiers dscp " + cos.dscp_classifier->name.str(), cos.dscp_classifier->src);
      if (dot1)
        bind(MapKind::Dot1pToTc, "classifiers ieee-802.1 " + cos.dot1p_classifier->name.str(),
             cos.dot1p_classifier->src);
      if (!dscp && !dot1) {
        bind(MapKind::DscpToTc, kDefaultDscpClassifier,
             defaultSrc("class-of-service interfaces unit classifiers dscp"));
      }
      port.qos.trust = dscp && dot1 ? Trust::Both : dot1 ? Trust::Pcp : Trust::Dscp;
      bind(MapKind::TcToQueue, kQueueMap, sw_.findMap(MapKind::TcToQueue, kQueueMap)->src);
      bind(MapKind::TcToPg, kPgMap, sw_.findMap(MapKind::TcToPg, kPgMap)->src);

      // PFC: the profile's `input` part makes the port send pauses (it pauses its peer for those code
      // points, so it holds lossless headroom for them); its `output` part makes it obey received
      // pauses on those priorities. Without `output`, obeying is taken as symmetric to sending.
      if (const Cnp* cnp = resolve(cos.cnp, cnps_, "congestion-notification-profile", port.name)) {
        PrioritySet pfc;
        for (const auto& [priority, where] : cnp->dot1p_pfc) pfc.set(static_cast<std::size_t>(priority));
        for (const auto& [code_point, where] : cnp->dscp_pfc) {
          int tc = dscp || !dot1 ? trafficClassOfDscp(sw_, port, code_point) : -1;
          for (const auto& [name, fc] : classes_) {
            if (fc.priority && fc.tc == tc) pfc.set(static_cast<std::size_t>(fc.priority->value));
          }
        }
        port.qos.pfc_enable = Sourced<PrioritySet>{pfc, cos.cnp->src};
        if (!cnp->output.empty()) {
          PrioritySet honoured;
          for (const auto& [priority, queue] : cnp->output) honoured.set(static_cast<std::size_t>(priority));
          port.qos.pfc_honour = Sourced<PrioritySet>{honoured, cos.cnp->src};
        }
        bind(MapKind::PfcToQueue, "congestion-notification-profile " + cos.cnp->name.str() + " output", cos.cnp->src);
        if (cnp->cable_m) port.cable_length_m = cnp->cable_m;
        for (const auto& [name, fc] : classes_) {
          if (!fc.priority || !pfc.test(static_cast<std::size_t>(fc.priority->value))) continue;
          auto p = static_cast<std::size_t>(fc.priority->value);
          // No-loss headroom comes from the lossless-headroom partition, sized by the switch.
          port.pgs.set(p, PriorityGroup{fc.priority->value, std::nullopt, true, true, *fc.no_loss});
        }
        if (cnp->watchdog && (pfc | port.qos.pfcHonoured()).any()) {
          PortWatchdog wd;
          wd.src = *cnp->watchdog;
          Sourced<int> cnp_poll =
              cnp->poll_ms
                  ? *cnp->poll_ms
                  : Sourced<int>{
                        kWatchdogPollMs,
                        defaultSrc("class-of-service congestion-notification-profile pfc-watchdog poll-interval")};
          Sourced<int> detection =
              cnp->detection
                  ? *cnp->detection
                  : Sourced<int>{kWatchdogDetection,
                                 defaultSrc("class-of-service congestion-notification-profile pfc-watchdog detection")};
          wd.detection_ms = Sourced<int>{cnp_poll.value * detection.value, detection.src};
          wd.restoration_ms =
              cnp->recovery_ms
                  ? *cnp->recovery_ms
                  : Sourced<int>{kWatchdogRecoveryMs,
                                 defaultSrc("class-of-service congestion-notification-profile pfc-watchdog recovery")};
          wd.action =
              cnp->action
                  ? *cnp->action
                  : Sourced<std::string>{
                        "drop", defaultSrc("class-of-service congestion-notification-profile pfc-watchdog action")};
          port.watchdog = std::move(wd);
          if (!poll) poll = cnp_poll;
        }
      }

      // Egress: scheduler map -> scheduler (and its drop profiles) per forwarding class queue.
      if (const SchedulerMap* map = resolve(cos.scheduler_map, scheduler_maps_, "scheduler-map", port.name)) {
        for (const auto& [fc_name, entry] : map->entries) {
          auto fc = classes_.find(fc_name);
          std::optional<Reference> fc_ref = entry.forwarding_class;
          if (fc == classes_.end()) {
            resolve(fc_ref, classes_, "forwarding class", port.name);
            continue;
          }
          std::optional<Reference> sched_ref = entry.scheduler;
          const SchedulerSettings* sched = resolve(sched_ref, schedulers_, "scheduler", port.name);
          if (sched == nullptr) continue;
          PortQueue& queue = port.queueFor(fc->second.queue->value, cos.scheduler_map->src);
          queue.scheduler = Reference{schedulerModel(entry.scheduler.name, *sched), entry.scheduler.src, false};
          std::string wred = wredModel(entry.scheduler.name, *sched, port.name);
          if (!wred.empty()) queue.wred_profile = Reference{wred, entry.scheduler.src, false};
        }
      }
    }
    sw_.pfcwd_poll_interval_ms =
        poll ? *poll
             : Sourced<int>{kWatchdogPollMs,
                            defaultSrc("class-of-service congestion-notification-profile pfc-watchdog poll-interval")};
  }

  std::string schedulerModel(const std::string& name, const SchedulerSettings& s) {
    std::string model = "schedulers " + name;
    if (sw_.schedulers.count(model)) return model;
    Scheduler out;
    out.name = model;
    out.src = s.src;
    // low-latency is served even before strict-high: both are strict priority.
    if (s.priority && (s.priority->value == "strict-high" || s.priority->value == "low-latency")) {
      out.type = Sourced<std::string>{"STRICT", s.priority->src};
    } else {
      out.type = Sourced<std::string>{"DWRR", s.percent ? s.percent->src : s.src};
      out.weight = s.percent;
    }
    sw_.schedulers.emplace(model, std::move(out));
    return model;
  }

  // The WRED/ECN profile of a scheduler: its drop profiles per loss priority (low = green,
  // medium-low and medium-high = yellow, high = red, any = all), thresholds in bytes.
  std::string wredModel(const std::string& name, const SchedulerSettings& s, const std::string& port) {
    if (s.drop_profiles.empty()) return "";
    std::string model = "schedulers " + name;
    if (sw_.wred_profiles.count(model)) return model;
    WredProfile profile;
    profile.name = model;
    profile.src = s.drop_profiles.begin()->second.src;
    bool any_color = false;
    for (Color c : kColors) {
      const std::array<const char*, 3> lps = {c == Color::Green    ? "low"
                                              : c == Color::Yellow ? "medium-high"
                                                                   : "high",
                                              c == Color::Yellow ? "medium-low" : "", "any"};
      const Reference* ref = nullptr;
      for (const char* lp : lps) {
        auto it = s.drop_profiles.find(lp);
        if (*lp != '\0' && it != s.drop_profiles.end()) {
          ref = &it->second;
          break;
        }
      }
      if (ref == nullptr) continue;
      std::optional<Reference> opt = *ref;
      const DropProfile* dp = resolve(opt, drop_profiles_, "drop profile", port);
      if (dp == nullptr) continue;
      if (dp->fill.size() != dp->probability.size() || dp->fill.empty()) {
        if (undefined_refs_.insert("points|" + ref->name.str()).second) {
          invalid(port,
                  fmt::format("drop profile {} has {} fill-level and {} drop-probability values; Junos pairs them one "
                              "by one, so it is not modelled",
                              ref->name, dp->fill.size(), dp->probability.size()),
                  dp->src);
        }
        continue;
      }
      // Marking starts at the last point with probability 0 and reaches its maximum at the last one.
      std::size_t start = 0;
      while (start + 1 < dp->fill.size() && dp->probability[start + 1].value == 0) ++start;
      WredColor& wc = profile.colors[static_cast<std::size_t>(c)];
      auto bytes = [](const Sourced<int>& percent) {
        return Sourced<std::uint64_t>{static_cast<std::uint64_t>(percent.value) * kFillLevelReferenceBytes / 100,
                                      percent.src};
      };
      wc.min_threshold_bytes = bytes(dp->fill[start]);
      wc.max_threshold_bytes = bytes(dp->fill.back());
      wc.drop_probability_percent = dp->probability.back();
      wc.enabled = Sourced<bool>{true, ref->src};
      any_color = true;
    }
    if (!any_color) return "";
    profile.ecn =
        s.ecn ? Sourced<std::string>{"ecn_all", *s.ecn}
              : Sourced<std::string>{
                    "ecn_none",
                    defaultSrc(fmt::format("class-of-service schedulers {} explicit-congestion-notification", name))};
    sw_.wred_profiles.emplace(model, std::move(profile));
    return model;
  }

  std::uint32_t communityId(const std::string& value) {
    auto [it, added] = community_ids_.try_emplace(value, static_cast<std::uint32_t>(sw_.bgp_communities.size()));
    if (added) sw_.bgp_communities.push_back(value);
    return it->second;
  }

  // The index of policy `name` in sw_.routing_policies, built on first use; an undefined name is a
  // CFG002 undefined reference and leaves the neighbour's policy unapplied.
  void appendPolicy(const std::string& name, const SourceRef& src, std::vector<std::uint32_t>& chain, BgpNeighbor& n) {
    auto known = policy_index_.find(name);
    if (known != policy_index_.end()) {
      chain.push_back(known->second);
      return;
    }
    auto raw = policies_.find(name);
    if (raw == policies_.end()) {
      if (reported_policies_.insert(name).second) {
        undefined("", "policy-statement", name, fmt::format("BGP policy {} is not defined under policy-options", name),
                  src, fmt::format("define policy-options policy-statement {} or correct the name", name));
      }
      if (!n.policy_unmodelled) {
        n.policy_unmodelled_what = fmt::format("policy {} is not defined", name);
        n.policy_unmodelled_src = src;
      }
      n.policy_unmodelled = true;
      return;
    }
    RoutingPolicy policy;
    policy.name = name;
    policy.src = raw->second.src;
    for (const RawTerm& rt : raw->second.terms) policy.terms.push_back(buildTerm(rt));
    auto index = static_cast<std::uint32_t>(sw_.routing_policies.size());
    sw_.routing_policies.push_back(std::move(policy));
    policy_index_.emplace(name, index);
    chain.push_back(index);
  }

  // An AS path regex reduced to "contains ASN": ".* N .*" or ".*N.*"; nullopt for anything else.
  static std::optional<std::uint32_t> containsAsnRegex(std::string re) {
    std::erase(re, ' ');
    if (re.size() < 5 || re.rfind(".*", 0) != 0 || re.substr(re.size() - 2) != ".*") return std::nullopt;
    std::string mid = re.substr(2, re.size() - 4);
    if (mid.empty() || mid.size() > 10 || mid.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    std::uint64_t v = std::stoull(mid);
    if (v == 0 || v > UINT32_MAX) return std::nullopt;
    return static_cast<std::uint32_t>(v);
  }

  PolicyTerm buildTerm(const RawTerm& rt) {
    PolicyTerm t;
    t.src = rt.src;
    auto unmodelled = [&t](const Statement& s, std::size_t from) {
      t.unmodelled_match = true;
      if (!t.unmodelled_what.empty()) return;
      for (std::size_t k = from; k < s.words.size(); ++k) {
        if (!t.unmodelled_what.empty()) t.unmodelled_what += ' ';
        t.unmodelled_what += s.word(k);
      }
    };
    bool saw_protocol_bgp = false;
    bool saw_protocol_other = false;
    for (const Statement* sp : rt.statements) {
      const Statement& s = *sp;
      std::size_t i = s.word(3) == "term" ? 5 : 3;
      const std::string& side = s.word(i);
      std::vector<std::string> args;
      for (std::size_t k = i + 2; k < s.words.size(); ++k) {
        if (s.word(k) != "[" && s.word(k) != "]") args.push_back(s.word(k));
      }
      const std::string& what = s.word(i + 1);
      if (side == "from") {
        if (what == "community") {
          for (const std::string& c : args) {
            auto def = communities_.find(c);
            if (def == communities_.end()) {
              undefined("", "community", c, fmt::format("community {} is not defined under policy-options", c),
                        s.srcOf(i + 2), fmt::format("define policy-options community {} members ...", c));
              unmodelled(s, i);
            } else if (def->second.size() != 1 ||
                       def->second[0].find_first_not_of("0123456789:") != std::string::npos) {
              unmodelled(s, i);  // every member must be present, or a regex: not modelled
            } else {
              t.match_community_any.push_back(communityId(def->second[0]));
            }
          }
        } else if (what == "as-path") {
          for (const std::string& a : args) {
            auto def = as_paths_.find(a);
            std::optional<std::uint32_t> asn = def == as_paths_.end() ? std::nullopt : containsAsnRegex(def->second);
            if (def == as_paths_.end()) {
              undefined("", "as-path", a, fmt::format("AS path {} is not defined under policy-options", a),
                        s.srcOf(i + 2), fmt::format("define policy-options as-path {} \"REGEX\"", a));
            }
            if (asn) {
              t.match_as_path_any.push_back(*asn);
            } else {
              unmodelled(s, i);
            }
          }
        } else if (what == "protocol") {
          for (const std::string& p : args) (p == "bgp" ? saw_protocol_bgp : saw_protocol_other) = true;
        } else {
          unmodelled(s, i);  // prefix lists, route filters, nested policies, families...
        }
      } else if (side == "then") {
        if (what == "accept") t.action = PolicyTerm::Action::Accept;
        if (what == "reject") t.action = PolicyTerm::Action::Reject;
        // `community set` replaces the route's communities and `community delete` removes some.
        bool replaces = what == "community" && s.word(i + 2) == "set";
        if (what == "community" && (replaces || s.word(i + 2) == "delete")) t.drops_communities = true;
        if (what == "community" && (replaces || s.word(i + 2) == "add")) {
          for (std::size_t k = i + 3; k < s.words.size(); ++k) {
            auto def = communities_.find(s.word(k));
            if (def == communities_.end()) continue;
            for (const std::string& m : def->second) t.add_communities.push_back(communityId(m));
          }
        }
      }
    }
    if (saw_protocol_bgp && !saw_protocol_other) t.match_protocol = PolicyTerm::Protocol::Bgp;
    if (saw_protocol_other && !saw_protocol_bgp) t.match_protocol = PolicyTerm::Protocol::Other;
    return t;
  }

  void buildBgp() {
    for (const BgpPeer& peer : bgp_peers_) {
      BgpNeighbor n;
      n.address = peer.address;
      n.src = peer.src;
      const BgpGroup& g = bgp_groups_[peer.group];
      n.name = !peer.description.empty() ? peer.description : g.description;
      if (peer.peer_as) {
        n.asn = peer.peer_as;
      } else if (g.peer_as) {
        n.asn = g.peer_as;
      } else if (g.type == "internal" && sw_.asn) {
        n.asn = sw_.asn;
      }
      // A neighbour's own import / export replaces its group's (Junos inheritance).
      const PolicyRefs& imp = peer.import.set ? peer.import : g.import;
      const PolicyRefs& exp = peer.export_.set ? peer.export_ : g.export_;
      n.import_all_of = imp.all_of;
      n.export_all_of = exp.all_of;
      n.policy_unmodelled = imp.unmodelled || exp.unmodelled;
      if (n.policy_unmodelled) {
        n.policy_unmodelled_what = imp.unmodelled ? imp.unmodelled_what : exp.unmodelled_what;
        n.policy_unmodelled_src = imp.unmodelled ? imp.unmodelled_src : exp.unmodelled_src;
      } else {
        for (const auto& [name, src] : imp.names) appendPolicy(name, src, n.import_policies, n);
        for (const auto& [name, src] : exp.names) appendPolicy(name, src, n.export_policies, n);
      }
      if (n.policy_unmodelled) {
        n.import_policies.clear();
        n.export_policies.clear();
      }
      sw_.bgp_neighbors.push_back(std::move(n));
    }
  }

  // --- what was not understood ----------------------------------------------------------------

  void report(const std::vector<Config>& files, std::vector<ParseCoverage>& coverage) {
    for (const Statement* s : apply_groups_) {
      notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                                fmt::format("Junos apply-groups is not expanded by rocelint: statements this "
                                            "configuration inherits from groups are not seen ({})",
                                            s->path()),
                                s->src()));
      notes_.back().group = "Junos apply-groups";
    }
    for (const Config& config : files) {
      int qos = 0;
      int parsed = 0;
      int not_modelled = 0;
      int unrecognised = 0;
      for (const Statement& s : config.statements) {
        bool in_qos = s.word(0) == "class-of-service";
        if (s.inactive) {
          if (in_qos) {
            notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                                      fmt::format("inactive Junos statement ignored: {}", s.path()), s.src()));
            notes_.back().group = "Junos inactive class-of-service statement";
          } else {
            ++out_of_scope_["Junos inactive statement"];
          }
          continue;
        }
        if (s.rejected) {
          if (in_qos) ++qos, ++not_modelled;  // a CFG005 note says why it is not read
          continue;
        }
        if (in_qos) {
          ++qos;
          if (s.used) {
            ++parsed;
            continue;
          }
          ++unrecognised;
          notes_.push_back(makeNote(InputNote::Kind::UnknownField, sw_.name, "",
                                    fmt::format("Junos statement not understood by rocelint and ignored: {}", s.path()),
                                    s.src()));
          notes_.back().group =
              "Junos class-of-service " + s.word(1) + " " + s.word(std::min<std::size_t>(3, s.words.size() - 1));
          continue;
        }
        if (s.used) continue;
        ++out_of_scope_[outOfScopeGroup(s)];
      }
      if (std::none_of(coverage.begin(), coverage.end(),
                       [&](const ParseCoverage& c) { return c.file == config.file.str(); })) {
        coverage.push_back(ParseCoverage{config.file.str(), "Junos", qos, parsed, not_modelled, unrecognised});
      }
    }
  }

  static std::string outOfScopeGroup(const Statement& s) {
    const std::string& top = s.word(0);
    if (top == "interfaces") {
      const std::string& name = s.word(1);
      if (name == "interface-range") return "Junos interfaces interface-range " + s.word(3);
      if (!isPortName(name) && !isLagName(name) && name != "lo0" && name != "irb") {
        return "Junos interfaces " + name.substr(0, name.find_first_of("0123456789-"));
      }
      return "Junos interfaces " + s.word(2) + (s.word(2) == "unit" ? " " + s.word(4) : "");
    }
    static const std::set<std::string, std::less<>> kTwoLevel = {"protocols", "routing-options", "system", "chassis",
                                                                 "forwarding-options"};
    if (kTwoLevel.count(top) && s.words.size() > 2) return "Junos " + top + " " + s.word(1);
    return "Junos " + top;
  }

  // --- state ----------------------------------------------------------------------------------

  Switch& sw_;
  std::vector<InputNote>& notes_;
  int interface_statements_ = 0;  ///< `interfaces ...` statements read (CFG007)
  SourceRef first_interface_;
  std::map<std::string, int>& out_of_scope_;
  SourceRef root_src_;
  SourceRef hostname_src_;

  std::map<std::string, ForwardingClass> classes_;
  std::map<std::string, Classifier> dscp_classifiers_;
  std::map<std::string, Classifier> dot1p_classifiers_;
  std::map<std::string, Cnp> cnps_;
  std::map<std::string, DropProfile> drop_profiles_;
  std::map<std::string, SchedulerSettings> schedulers_;
  std::map<std::string, SourceRef> dcbx_off_;  ///< "dcbx all", "lldp et-0/0/1", ... -> the `disable`
  std::map<std::string, SchedulerMap> scheduler_maps_;
  std::vector<CosInterface> cos_interfaces_;
  std::map<std::string, Interface> interfaces_;
  std::vector<std::string> interface_order_;
  std::map<std::string, std::vector<std::string>> ranges_;  ///< interface-range name -> members in order
  std::map<std::string, int> vlan_ids_;                     ///< vlans NAME vlan-id N
  std::vector<const Statement*> range_settings_;            ///< settings of ranges, applied after the rest
  std::optional<Sourced<std::uint32_t>> asn_;
  std::optional<Sourced<std::uint32_t>> bgp_local_as_;
  std::optional<Sourced<std::uint32_t>> group_local_as_;
  std::map<std::string, BgpGroup> bgp_groups_;
  std::map<std::string, std::vector<std::string>> communities_;  ///< policy-options community NAME members
  std::map<std::string, std::string> as_paths_;                  ///< policy-options as-path NAME REGEX
  std::map<std::string, RawPolicy> policies_;
  std::map<std::string, std::uint32_t> policy_index_;
  std::map<std::string, std::uint32_t> community_ids_;
  std::set<std::string> reported_policies_;
  std::vector<BgpPeer> bgp_peers_;
  std::vector<const Statement*> apply_groups_;
  std::set<std::string> undefined_refs_;
  std::map<std::tuple<std::uint32_t, int, int>, std::string> written_at_;  // file, line, column -> statement text
  std::set<std::string> undefined_classes_;
  std::map<std::string, int, std::less<>> dscp_aliases_;
  std::map<std::string, int, std::less<>> dot1p_aliases_;
};

}  // namespace

void buildSwitch(const std::vector<Config>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage) {
  sw.format = formats::kJunos;
  if (files.empty()) return;
  Builder builder(sw, notes, out_of_scope);
  builder.build(files, coverage);
}

namespace {

class JunosDocument : public format::Document {
 public:
  explicit JunosDocument(Config c) : config(std::move(c)) {}
  Config config;
};

const format::SwitchBuilder kBuilder{
    .name = "Junos",
    .build =
        [](std::vector<std::unique_ptr<format::Document>>& documents, Switch& sw, const format::PlatformTables&,
           format::BuildOutput& out) {
          std::vector<Config> configs;
          configs.reserve(documents.size());
          for (auto& document : documents) configs.push_back(std::move(static_cast<JunosDocument&>(*document).config));
          documents.clear();
          buildSwitch(configs, sw, out.notes, out.out_of_scope, out.coverage);
        },
};

const format::Format kJunos{
    .name = "Junos",
    .role = format::Role::Switch,
    .content = format::Content::Text,
    .recognise = [](const format::Input& input) { return looksLikeJunos(input.text()); },
    .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
      return std::make_unique<JunosDocument>(parse(input.text(), input.file(), input.limits()));
    },
    .comment_leaders = "# /*",
    .hostname = [](const format::Document& d) { return static_cast<const JunosDocument&>(d).config.hostname; },
    .builder = &kBuilder,
    // A configuration with physical interfaces is the whole switch (a second one of the same host
    // name is CFG003); one with only class-of-service or routing statements merges as a fragment.
    .complete =
        [](const format::Document& d) {
          const auto& statements = static_cast<const JunosDocument&>(d).config.statements;
          return std::any_of(statements.begin(), statements.end(), [](const Statement& s) {
            return !s.inactive && s.word(0) == "interfaces" && isPortName(s.word(1));
          });
        },
};

}  // namespace

const format::Format& switchFormat() { return kJunos; }

}  // namespace rocelint::junos
