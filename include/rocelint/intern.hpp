#pragma once
// Interned strings: one copy of every file name and source origin for the whole process.

#include <cstdint>
#include <string>
#include <string_view>

namespace rocelint {

/// The process-wide string table (a registry): thread-safe, append-only, 32-bit ids. Equal
/// strings get the same id; a string never moves once interned, so the references `text` returns
/// stay valid until the process ends. Id 0 is the empty string.
class StringTable {
 public:
  /// The id of `text`, adding it on first use. Safe to call from any number of threads.
  static std::uint32_t intern(std::string_view text);
  /// The string of an id returned by `intern` (lock-free).
  static const std::string& text(std::uint32_t id);
  /// How many distinct strings are interned (the empty one included).
  static std::size_t size();
};

/// An interned string used as a value: 4 bytes, compares by id, reads without a lock.
class InternedString {
 public:
  InternedString() = default;
  explicit InternedString(std::string_view text) : id_(StringTable::intern(text)) {}

  [[nodiscard]] const std::string& str() const { return StringTable::text(id_); }
  [[nodiscard]] std::uint32_t id() const { return id_; }
  [[nodiscard]] bool empty() const { return id_ == 0; }

  friend bool operator==(InternedString a, InternedString b) { return a.id_ == b.id_; }

 private:
  std::uint32_t id_ = 0;
};

}  // namespace rocelint
