#pragma once
// A JSON tree that remembers the line and column of every value (nlohmann's SAX parser driven
// through a position-counting input iterator).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "input_limits.hpp"

namespace rocelint::json {

/// One JSON value with its position. Objects keep member order and duplicate keys.
struct Node {
  enum class Kind { Null, Boolean, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool escaped_nul = false;  ///< its string (or its key) held \u0000, read as U+FFFD
  std::string text;          ///< scalar value as text ("true", "9100", ...)
  std::vector<std::pair<std::string, Node>> members;
  std::vector<Node> items;
  int line = 0;
  int column = 0;

  // Declared here, defaulted in the .cpp: members holds pair<string, Node> while Node is still
  // incomplete, which GCC accepts but clang rejects when it deduces the implicit ones inline.
  Node();
  Node(const Node&);
  Node(Node&&) noexcept;
  Node& operator=(const Node&);
  Node& operator=(Node&&) noexcept;
  ~Node();

  [[nodiscard]] bool isObject() const { return kind == Kind::Object; }
  [[nodiscard]] bool isScalar() const { return kind != Kind::Array && kind != Kind::Object; }
  [[nodiscard]] const Node* find(std::string_view key) const;
  /// "a string", "an array", ... for messages.
  [[nodiscard]] const char* kindName() const;
};

/// A parse failure with a 1-based position and a message saying what was expected.
struct ParseFailure {
  int line = 0;
  int column = 0;
  std::string message;
};

/// Parses text; on failure returns false and fills `failure` (also past `limits.max_depth`).
bool parse(std::string_view text, Node& root, ParseFailure& failure, const limits::ReadLimits& limits = {});

/// A key given twice in one object (RFC 8259 wants them unique; readers keep the last value).
struct DuplicateKey {
  std::string pointer;  ///< JSON pointer of the later value
  int line = 0;         ///< the later value
  int column = 0;
  int first_line = 0;  ///< the earlier value of the same key
  int first_column = 0;
};

/// Every duplicate key in the tree, in document order (iterative: depth is bounded by parse).
std::vector<DuplicateKey> duplicateKeys(const Node& root);

/// A string or key holding U+0000 written as the escape \u0000 (a NUL byte itself is replaced
/// when the text is read): the parser reads it as U+FFFD, like a NUL byte.
struct EscapedNul {
  std::string pointer;  ///< JSON pointer of the value (of the member, for a key)
  int line = 0;
  int column = 0;
};

/// Every value or key that held \u0000, in document order (iterative).
std::vector<EscapedNul> escapedNuls(const Node& root);

/// Escapes a key for use in a JSON pointer (RFC 6901).
std::string escapePointer(std::string_view key);

}  // namespace rocelint::json
