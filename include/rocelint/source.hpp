#pragma once
// Where a model value came from, so every finding can point at the line to fix.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_model)
#error "layer rule: this library may not include rocelint/source.hpp (docs/architecture.md#layers)"
#endif

#include <memory>
#include <string>
#include <utility>

namespace rocelint {

/// Shared, immutable file name: every value of a file points at one copy.
using FileName = std::shared_ptr<const std::string>;

/// A position in an input file: path as given to rocelint, 1-based line/column, and the
/// JSON pointer (or XML path / config line) of the value.
struct SourceRef {
  SourceRef() = default;
  SourceRef(FileName file_name, int line_no, int column_no, std::string json_pointer)
      : line(line_no), column(column_no), pointer(std::move(json_pointer)), file_(std::move(file_name)) {}
  SourceRef(const std::string& file_name, int line_no, int column_no, std::string json_pointer)
      : SourceRef(std::make_shared<const std::string>(file_name), line_no, column_no, std::move(json_pointer)) {}

  int line = 0;
  int column = 0;
  std::string pointer;

  /// The file name ("" when unknown).
  [[nodiscard]] const std::string& file() const {
    static const std::string none;
    return file_ ? *file_ : none;
  }
  [[nodiscard]] bool known() const { return file_ && !file_->empty(); }

 private:
  FileName file_;
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
