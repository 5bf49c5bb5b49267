#pragma once
// Progress of long runs on stderr: one redrawn line on a terminal, a line per stage with
// --verbose, nothing with --quiet or when stderr is not a terminal (CI logs stay clean).

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_util)
#error "layer rule: this library may not include rocelint/progress.hpp (docs/architecture.md#layers)"
#endif

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace rocelint {

class Progress {
 public:
  enum class Mode { Quiet, Auto, Verbose };

  /// `terminal`: whether `err` is a terminal (only then is the redrawn line shown in Auto mode).
  Progress(Mode mode, std::ostream& err, bool terminal);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// A new stage ("building graph", "solving"): redrawn line, or a verbose line with the time.
  void stage(const std::string& text);
  /// Input files read so far (the loader's callback).
  void files(std::size_t done, std::size_t total);
  /// A detail worth a line with --verbose only (configuration used, counts).
  void detail(const std::string& text);
  /// Clears the redrawn line so results start on a clean line.
  void finish();

 private:
  void redraw(const std::string& text);

  Mode mode_;
  std::ostream& err_;
  bool terminal_;
  bool line_shown_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace rocelint
