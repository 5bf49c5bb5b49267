#include "rocelint/progress.hpp"

#include <fmt/format.h>

namespace rocelint {

Progress::Progress(Mode mode, std::ostream& err, bool terminal)
    : mode_(mode), err_(err), terminal_(terminal), start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { finish(); }

void Progress::redraw(const std::string& text) {
  // \r and erase-line: the next message replaces this one.
  err_ << "\r\033[K" << text << std::flush;
  line_shown_ = true;
}

void Progress::stage(const std::string& text) {
  if (mode_ == Mode::Verbose) {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
    err_ << fmt::format("rocelint: [{:>6} ms] {}\n", ms, text);
  } else if (mode_ == Mode::Auto && terminal_) {
    redraw("rocelint: " + text);
  }
}

void Progress::files(std::size_t done, std::size_t total) {
  if (mode_ == Mode::Auto && terminal_ && (done % 10 == 0 || done + 1 == total)) {
    redraw(fmt::format("rocelint: parsing {}/{} files", done + 1, total));
  } else if (mode_ == Mode::Verbose && done == 0) {
    stage(fmt::format("parsing {} file(s)", total));
  }
}

void Progress::detail(const std::string& text) {
  if (mode_ == Mode::Verbose) err_ << "rocelint: " << text << '\n';
}

void Progress::finish() {
  if (line_shown_) err_ << "\r\033[K" << std::flush;
  line_shown_ = false;
}

}  // namespace rocelint
