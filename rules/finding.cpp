#include "rocelint/finding.hpp"

#include "rocelint/model.hpp"

namespace rocelint {

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Note:
      return "note";
    case Severity::Warning:
      return "warning";
    case Severity::Error:
      return "error";
  }
  return "?";
}

std::optional<Severity> parseSeverity(const std::string& text) {
  if (text == "note") return Severity::Note;
  if (text == "warning") return Severity::Warning;
  if (text == "error") return Severity::Error;
  return std::nullopt;
}

bool findingLess(const Finding& a, const Finding& b) {
  if (a.location.file() != b.location.file()) return a.location.file() < b.location.file();
  if (a.location.line != b.location.line) return a.location.line < b.location.line;
  if (a.rule != b.rule) return a.rule < b.rule;
  if (a.switch_name != b.switch_name) return a.switch_name < b.switch_name;
  if (a.port != b.port) return naturalLess(a.port, b.port);
  if (a.priority != b.priority) return a.priority < b.priority;
  return a.message < b.message;
}

}  // namespace rocelint
