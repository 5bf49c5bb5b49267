#pragma once
// "Did you mean": the known word closest to a mistyped one (a command, an option, a rule id).

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace rocelint::cli {

/// Edits (insert, delete, substitute, swap two neighbours) from a to b, ignoring case.
inline std::size_t editDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

/// The candidate nearest to `word` if it is near enough to be a typo of it (at most two edits,
/// and fewer than half the word's letters), the first in candidate order on a tie; else "".
inline std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 3;
  for (const std::string& candidate : candidates) {
    std::size_t distance = editDistance(word, candidate);
    if (distance < best_distance && 2 * distance < std::max(word.size(), candidate.size())) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

/// " (did you mean \"X\"?)" or "".
inline std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best = closest(word, candidates);
  return best.empty() ? std::string() : " (did you mean \"" + best + "\"?)";
}

}  // namespace rocelint::cli
