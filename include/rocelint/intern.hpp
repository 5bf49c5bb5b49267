#pragma once
// Interned strings: one copy of every file name, source origin and referenced name for the whole
// process.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/intern.hpp (docs/architecture.md#layers)"
#endif

#include <fmt/format.h>

#include <compare>
#include <cstdint>
#include <ostream>
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

/// An interned string used as a value: 4 bytes, reads without a lock, and reads like the
/// std::string it stands for (converts to const std::string&, compares and orders by text).
class InternedString {
 public:
  InternedString() = default;
  // Implicit: a name is written as a string wherever a model value is built.
  InternedString(std::string_view text) : id_(StringTable::intern(text)) {}  // NOLINT(google-explicit-constructor)
  InternedString(const std::string& text) : InternedString(std::string_view(text)) {}  // NOLINT
  InternedString(const char* text) : InternedString(std::string_view(text)) {}         // NOLINT

  [[nodiscard]] const std::string& str() const { return StringTable::text(id_); }
  operator const std::string&() const { return str(); }  // NOLINT(google-explicit-constructor)
  [[nodiscard]] std::uint32_t id() const { return id_; }
  [[nodiscard]] bool empty() const { return id_ == 0; }
  [[nodiscard]] std::size_t size() const { return str().size(); }

  friend bool operator==(InternedString a, InternedString b) { return a.id_ == b.id_; }
  friend bool operator==(InternedString a, const std::string& b) { return a.str() == b; }
  friend bool operator==(InternedString a, std::string_view b) { return a.str() == b; }
  friend bool operator==(InternedString a, const char* b) { return a.str() == b; }
  friend std::strong_ordering operator<=>(InternedString a, InternedString b) {
    return a.id_ == b.id_ ? std::strong_ordering::equal : a.str().compare(b.str()) <=> 0;
  }
  friend std::ostream& operator<<(std::ostream& out, InternedString s) { return out << s.str(); }

 private:
  std::uint32_t id_ = 0;
};

}  // namespace rocelint

template <>
struct fmt::formatter<rocelint::InternedString> : fmt::formatter<std::string_view> {
  template <class FormatContext>
  auto format(rocelint::InternedString s, FormatContext& ctx) const {
    return fmt::formatter<std::string_view>::format(std::string_view(s.str()), ctx);
  }
};
