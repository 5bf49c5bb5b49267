#pragma once
// Line and column of a byte offset into a text (pugixml reports offsets, findings want line:col).

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace rocelint::common {

/// The offsets where each line of a text starts, for mapping byte offsets to 1-based line:column.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') starts_.push_back(i + 1);
    }
  }

  /// Line and column (both 1-based) of `offset`; a negative offset is the text's start.
  [[nodiscard]] std::pair<int, int> position(std::ptrdiff_t offset) const {
    auto o = static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0));
    auto it = std::upper_bound(starts_.begin(), starts_.end(), o);
    auto line = static_cast<std::size_t>(it - starts_.begin());
    return {static_cast<int>(line), static_cast<int>(o - starts_[line - 1] + 1)};
  }

 private:
  std::vector<std::size_t> starts_;
};

}  // namespace rocelint::common
