#pragma once
// Where a model value came from, so every finding can point at the line to fix.

#include <string>
#include <utility>

namespace rocelint {

/// A position in an input file: path as given to rocelint, 1-based line/column, and the
/// JSON pointer (or XML path / config line) of the value.
struct SourceRef {
  std::string file;
  int line = 0;
  int column = 0;
  std::string pointer;

  [[nodiscard]] bool known() const { return !file.empty(); }
};

/// A model value together with its source.
template <class T>
struct Sourced {
  T value{};
  SourceRef src;
};

/// A by-name reference to another model object (a map, profile, pool, scheduler), as written.
struct Reference {
  std::string name;
  SourceRef src;
  bool bracket_style = false;  ///< written as "[TABLE|name]" (SONiC <= 202106)
};

}  // namespace rocelint
