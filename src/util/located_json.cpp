#include "located_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "input_limits.hpp"

namespace rocelint::json {

Node::Node() = default;
Node::Node(const Node&) = default;
Node::Node(Node&&) noexcept = default;
Node& Node::operator=(const Node&) = default;
Node& Node::operator=(Node&&) noexcept = default;
Node::~Node() = default;

namespace {

struct Position {
  int line = 1;
  int column = 0;
  bool pending_newline = false;
  std::size_t consumed = 0;  ///< characters the lexer has read
};

// Input iterator that tracks the position of the last character the lexer consumed. A newline
// is counted only when the next character is read, so a token followed by '\n' (the lexer reads
// one character past numbers) still reports its own line. Scalars are stamped with the column
// where their token starts (TreeBuilder::stamp scans back over the token).
class CountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator(const char* at, Position* position) : at_(at), position_(position) {}
  reference operator*() const { return *at_; }
  CountingIterator& operator++() {
    if (position_ != nullptr) {
      if (position_->pending_newline) {
        ++position_->line;
        position_->column = 0;
        position_->pending_newline = false;
      }
      if (*at_ == '\n') {
        position_->pending_newline = true;
      } else {
        ++position_->column;
      }
      ++position_->consumed;
    }
    ++at_;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++*this;
    return before;
  }
  friend bool operator==(const CountingIterator& a, const CountingIterator& b) { return a.at_ == b.at_; }
  friend bool operator!=(const CountingIterator& a, const CountingIterator& b) { return a.at_ != b.at_; }

 private:
  const char* at_;
  Position* position_;
};

class TreeBuilder : public nlohmann::json_sax<nlohmann::json> {
 public:
  TreeBuilder(Node& root, const Position& position, std::string_view text, int max_depth)
      : root_(root), position_(position), text_(text), max_depth_(max_depth) {}

  bool null() override { return scalar(Node::Kind::Null, "null"); }
  bool boolean(bool value) override { return scalar(Node::Kind::Boolean, value ? "true" : "false"); }
  bool number_integer(number_integer_t value) override { return scalar(Node::Kind::Number, std::to_string(value)); }
  bool number_unsigned(number_unsigned_t value) override { return scalar(Node::Kind::Number, std::to_string(value)); }
  bool number_float(number_float_t /*value*/, const string_t& raw) override { return scalar(Node::Kind::Number, raw); }
  bool string(string_t& value) override {
    bool nul = replaceNul(value);
    if (!scalar(Node::Kind::String, std::move(value))) return false;
    last_->escaped_nul = last_->escaped_nul || nul;
    return true;
  }
  bool binary(binary_t& /*value*/) override { return scalar(Node::Kind::String, ""); }
  bool start_object(std::size_t /*elements*/) override { return open(Node::Kind::Object); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t /*elements*/) override { return open(Node::Kind::Array); }
  bool end_array() override { return close(); }
  bool key(string_t& value) override {
    pending_key_nul_ = replaceNul(value);
    pending_key_ = std::move(value);
    return true;
  }
  bool parse_error(std::size_t byte, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) override {
    failed_ = true;
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line L, column C: why"
    std::string why = error.what();
    if (auto colon = why.find(": "); colon != std::string::npos && why.find("parse error") != std::string::npos) {
      why = why.substr(colon + 2);
    }
    failure_.message = why;
    // Byte offset -> line/column, counted on the original text.
    std::size_t end = byte == 0 ? 0 : std::min(byte - 1, text_.size());
    int line = 1;
    int column = 1;
    for (std::size_t i = 0; i < end; ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    failure_.line = line;
    failure_.column = column;
    return false;
  }

  [[nodiscard]] bool failed() const { return failed_; }
  [[nodiscard]] const ParseFailure& failure() const { return failure_; }

 private:
  Node& place(Node::Kind kind) {
    if (stack_.empty()) {
      root_ = Node{};
      root_.kind = kind;
      stamp(root_);
      last_ = &root_;
      return root_;
    }
    Node& parent = *stack_.back();
    Node* child = nullptr;
    if (parent.kind == Node::Kind::Object) {
      parent.members.emplace_back(std::move(pending_key_), Node{});
      child = &parent.members.back().second;
      child->escaped_nul = pending_key_nul_;
      pending_key_nul_ = false;
    } else {
      parent.items.emplace_back();
      child = &parent.items.back();
    }
    child->kind = kind;
    stamp(*child);
    last_ = child;
    return *child;
  }
  // U+0000 can only reach a string through the escape \u0000 (text_file replaced NUL bytes):
  // read as U+FFFD too, so no name or value ever holds a NUL.
  static bool replaceNul(std::string& value) {
    if (value.find('\0') == std::string::npos) return false;
    std::string out;
    out.reserve(value.size() + 8);
    for (char c : value) {
      if (c == '\0')
        out += "\xEF\xBF\xBD";
      else
        out += c;
    }
    value = std::move(out);
    return true;
  }
  void stamp(Node& node) const {
    node.line = position_.line;
    node.column = position_.column;
    if (node.kind != Node::Kind::Object && node.kind != Node::Kind::Array)
      node.column -= tokenLengthBeforeEnd(node.kind);
  }

  // How many columns the current scalar token starts before the last character the lexer read:
  // a string ends at its closing quote, a number one character past its last digit (unless the
  // text ends there or a newline, which is not counted as a column, follows).
  [[nodiscard]] int tokenLengthBeforeEnd(Node::Kind kind) const {
    if (position_.consumed == 0 || position_.consumed > text_.size()) return 0;
    std::size_t end = position_.consumed - 1;
    std::size_t start = end;
    if (kind == Node::Kind::String) {
      if (text_[end] != '"') return 0;
      for (std::size_t i = end; i-- > 0;) {
        if (text_[i] != '"') continue;
        std::size_t backslashes = 0;
        while (backslashes < i && text_[i - 1 - backslashes] == '\\') ++backslashes;
        if (backslashes % 2 == 0) {
          start = i;
          break;
        }
      }
    } else {
      auto inToken = [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+' || c == '-' ||
               c == '.';
      };
      int counted_end = 0;  // columns between `end` and the token's last character
      if (!inToken(text_[end]) && end > 0) {
        counted_end = text_[end] == '\n' ? 0 : 1;
        --end;
      }
      start = end;
      while (start > 0 && inToken(text_[start - 1])) --start;
      return static_cast<int>(end - start) + counted_end;
    }
    return static_cast<int>(end - start);
  }
  bool scalar(Node::Kind kind, std::string text) {
    place(kind).text = std::move(text);
    return true;
  }
  bool open(Node::Kind kind) {
    // nlohmann's SAX parser does not recurse, but the tree's destructor and every reader of it
    // do: past the limit the parse stops here, at the bracket that opens one level too many.
    if (stack_.size() >= static_cast<std::size_t>(max_depth_)) {
      failed_ = true;
      failure_ = {
          position_.line, position_.column,
          fmt::format("nesting deeper than {} levels (the nesting depth limit, --max-depth, docs/reliability.md)",
                      max_depth_)};
      return false;
    }
    // Children are appended to vectors; parents are addressed through the stack, which stays
    // valid because a parent is never appended to while one of its children is open.
    stack_.push_back(&place(kind));
    return true;
  }
  bool close() {
    stack_.pop_back();
    return true;
  }

  Node& root_;
  const Position& position_;
  std::string_view text_;
  int max_depth_;
  std::vector<Node*> stack_;
  std::string pending_key_;
  bool pending_key_nul_ = false;
  Node* last_ = nullptr;  ///< the value placed last
  bool failed_ = false;
  ParseFailure failure_;
};

}  // namespace

const Node* Node::find(std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

const char* Node::kindName() const {
  switch (kind) {
    case Kind::Null:
      return "null";
    case Kind::Boolean:
      return "a boolean";
    case Kind::Number:
      return "a number";
    case Kind::String:
      return "a string";
    case Kind::Array:
      return "an array";
    case Kind::Object:
      return "an object";
  }
  return "a value";
}

bool parse(std::string_view text, Node& root, ParseFailure& failure, const limits::ReadLimits& limits) {
  Position position;
  TreeBuilder builder(root, position, text, limits.max_depth);
  CountingIterator first(text.data(), &position);
  CountingIterator last(text.data() + text.size(), nullptr);
  bool ok = false;
  try {
    ok = nlohmann::json::sax_parse(first, last, &builder);
  } catch (const std::exception& error) {  // defensive: the SAX path reports through parse_error
    failure = {1, 1, error.what()};
    return false;
  }
  if (!ok || builder.failed()) {
    failure = builder.failure();
    if (failure.message.empty()) failure = {position.line, position.column + 1, "invalid JSON"};
    return false;
  }
  return true;
}

std::vector<DuplicateKey> duplicateKeys(const Node& root) {
  std::vector<DuplicateKey> found;
  struct Frame {
    const Node* node;
    std::size_t next = 0;  ///< the child to visit next
  };
  std::vector<Frame> stack = {{&root}};
  auto pointerTo = [&](const std::string& last) {
    std::string pointer;
    for (std::size_t k = 0; k + 1 < stack.size(); ++k) {
      const Frame& f = stack[k];
      pointer += '/';
      pointer += f.node->kind == Node::Kind::Object ? escapePointer(f.node->members[f.next - 1].first)
                                                    : std::to_string(f.next - 1);
    }
    return pointer + "/" + escapePointer(last);
  };
  auto check = [&](const Node& object) {
    const auto& m = object.members;
    if (m.size() <= 8) {  // most objects (a config_db entry's fields): pairwise, no allocation
      for (std::size_t later = 1; later < m.size(); ++later) {
        for (std::size_t first = 0; first < later; ++first) {
          if (m[first].first != m[later].first) continue;
          const Node& a = m[later].second;
          const Node& b = m[first].second;
          found.push_back({pointerTo(m[later].first), a.line, a.column, b.line, b.column});
          break;
        }
      }
      return;
    }
    std::vector<std::size_t> order(m.size());
    for (std::size_t k = 0; k < m.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m[a].first < m[b].first; });
    std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (later, first) by member index
    for (std::size_t k = 1; k < order.size(); ++k) {
      std::size_t first = k - 1;
      while (first > 0 && m[order[first - 1]].first == m[order[k]].first) --first;
      if (m[order[first]].first == m[order[k]].first) pairs.emplace_back(order[k], order[first]);
    }
    std::sort(pairs.begin(), pairs.end());
    for (const auto& [later, first] : pairs) {
      const Node& a = m[later].second;
      const Node& b = m[first].second;
      found.push_back({pointerTo(m[later].first), a.line, a.column, b.line, b.column});
    }
  };
  while (!stack.empty()) {
    Frame& top = stack.back();
    const Node& node = *top.node;
    if (top.next == 0 && node.kind == Node::Kind::Object && node.members.size() > 1) check(node);
    std::size_t children = node.kind == Node::Kind::Object ? node.members.size() : node.items.size();
    if (top.next >= children) {
      stack.pop_back();
      continue;
    }
    const Node& child = node.kind == Node::Kind::Object ? node.members[top.next].second : node.items[top.next];
    ++top.next;
    if (child.kind == Node::Kind::Object || child.kind == Node::Kind::Array) stack.push_back({&child});
  }
  return found;
}

std::vector<EscapedNul> escapedNuls(const Node& root) {
  std::vector<EscapedNul> found;
  if (root.escaped_nul) found.push_back({"", root.line, root.column});
  struct Frame {
    const Node* node;
    std::size_t next = 0;  ///< the child to visit next
  };
  std::vector<Frame> stack = {{&root}};
  auto pointer = [&] {  // of the child each frame visits last
    std::string p;
    for (const Frame& f : stack) {
      p += '/';
      p += f.node->kind == Node::Kind::Object ? escapePointer(f.node->members[f.next - 1].first)
                                              : std::to_string(f.next - 1);
    }
    return p;
  };
  while (!stack.empty()) {
    Frame& top = stack.back();
    const Node& node = *top.node;
    std::size_t children = node.kind == Node::Kind::Object ? node.members.size() : node.items.size();
    if (top.next >= children) {
      stack.pop_back();
      continue;
    }
    const Node& child = node.kind == Node::Kind::Object ? node.members[top.next].second : node.items[top.next];
    ++top.next;
    if (child.escaped_nul) found.push_back({pointer(), child.line, child.column});
    if (child.kind == Node::Kind::Object || child.kind == Node::Kind::Array) stack.push_back({&child});
  }
  return found;
}

std::string escapePointer(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace rocelint::json
