// GitHub Actions workflow commands (annotations on the pull request's changed lines), for
// repositories without code scanning: "::error file=F,line=L,col=C,title=ID::message".

#include <fmt/format.h>

#include <map>

#include "report_common.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"

namespace rocelint {
namespace {

const char* command(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "notice";
  }
  return "notice";
}

// GitHub's escaping (actions/toolkit, command.ts): the message escapes '%', CR and LF; a property
// value escapes ':' and ',' too, as they end the command name and separate the properties.
std::string escapeData(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '%') {
      out += "%25";
    } else if (c == '\r') {
      out += "%0D";
    } else if (c == '\n') {
      out += "%0A";
    } else {
      out += c;
    }
  }
  return out;
}

std::string escapeProperty(const std::string& text) {
  std::string out;
  for (char c : escapeData(text)) {
    if (c == ':') {
      out += "%3A";
    } else if (c == ',') {
      out += "%2C";
    } else {
      out += c;
    }
  }
  return out;
}

class GithubWriter {
 public:
  explicit GithubWriter(const GithubOptions& options) : options_(options) {}

  /// One annotation: the message, a "note:" line per related location, then the fix.
  void annotate(const Finding& f, std::ostream& out) {
    std::string properties;
    if (f.location.known()) {
      properties = "file=" + escapeProperty(path(f.location.file()));
      if (f.location.line > 0) {
        properties += fmt::format(",line={}", f.location.line);
        if (f.location.column > 0) properties += fmt::format(",col={}", f.location.column);
      }
      properties += ",";
    }
    properties += "title=" + escapeProperty(f.rule);
    std::string message = f.message;
    for (const RelatedLocation& r : f.related) message += fmt::format("\nnote: {}: {}", place(r.src), r.message);
    if (!f.fix.empty()) message += "\nfix: " + f.fix;
    out << fmt::format("::{} {}::{}\n", command(f.severity), properties, escapeData(message));
  }

 private:
  std::string path(const std::string& file) {
    auto [it, inserted] = relative_.try_emplace(file);
    if (inserted) it->second = relativePath(file, options_.source_root);
    return it->second;
  }

  std::string place(const SourceRef& src) {
    if (!src.known()) return "<fabric>";
    return src.line > 0 ? fmt::format("{}:{}", path(src.file()), src.line) : path(src.file());
  }

  const GithubOptions& options_;
  std::map<std::string, std::string> relative_;  // many findings share a file
};

}  // namespace

void writeGithub(const Report& report, std::ostream& out, const GithubOptions& options) {
  GithubWriter writer(options);
  for (const Finding& f : report.findings) writer.annotate(f, out);
  out << report::summaryLine(report.summary) << '\n';
}

void writeGithub(const DiffReport& diff, std::ostream& out, const GithubOptions& options) {
  GithubWriter writer(options);
  for (const Finding& f : diff.introduced) writer.annotate(f, out);
  out << report::diffCountsLine(diff) << '\n';
}

}  // namespace rocelint
