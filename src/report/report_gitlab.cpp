// GitLab Code Quality report (artifacts:reports:codequality): a JSON array of issues with
// description, check_name, fingerprint, severity and location (path, lines.begin).

#include <map>
#include <nlohmann/json.hpp>

#include "report_common.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"

namespace rocelint {
namespace {

using ojson = nlohmann::ordered_json;

// GitLab's scale is info, minor, major, critical, blocker; rocelint's three levels take the
// places linters usually give them, so an error ranks above a warning in the merge request.
const char* severity(Severity s) {
  switch (s) {
    case Severity::Error:
      return "major";
    case Severity::Warning:
      return "minor";
    case Severity::Note:
      return "info";
  }
  return "info";
}

class GitlabWriter {
 public:
  explicit GitlabWriter(const GitlabOptions& options) : options_(options) {}

  void add(const Finding& f) {
    ojson issue;
    // One line in the merge request widget: the message, then the fix as a sentence of its own.
    std::string description = f.message;
    if (!f.fix.empty()) description += (description.ends_with('.') ? " Fix: " : ". Fix: ") + f.fix;
    issue["description"] = std::move(description);
    issue["check_name"] = f.rule;
    // GitLab shows one issue per fingerprint: a second finding with the same one (the same rule
    // at the same place) gets an occurrence suffix, so none is hidden and the first keeps the
    // baseline fingerprint.
    int occurrence = ++seen_[f.fingerprint];
    issue["fingerprint"] = occurrence == 1 ? f.fingerprint : f.fingerprint + "-" + std::to_string(occurrence);
    issue["severity"] = severity(f.severity);
    // GitLab requires a path and a line: a finding without a file is placed at the first related
    // location that has one, else at the source root; line 1 when the line is not known.
    const SourceRef* at = f.location.known() ? &f.location : nullptr;
    for (const RelatedLocation& r : f.related) {
      if (at == nullptr && r.src.known()) at = &r.src;
    }
    issue["location"]["path"] = at == nullptr ? std::string(".") : path(at->file());
    issue["location"]["lines"]["begin"] = at != nullptr && at->line > 0 ? at->line : 1;
    issues_.push_back(std::move(issue));
  }

  void write(std::ostream& out) const {
    out << issues_.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  }

 private:
  std::string path(const std::string& file) {
    auto [it, inserted] = relative_.try_emplace(file);
    if (inserted) it->second = relativePath(file, options_.source_root);
    return it->second;
  }

  const GitlabOptions& options_;
  ojson issues_ = ojson::array();
  std::map<std::string, int> seen_;
  std::map<std::string, std::string> relative_;  // many findings share a file
};

}  // namespace

void writeGitlab(const Report& report, std::ostream& out, const GitlabOptions& options) {
  GitlabWriter writer(options);
  for (const Finding& f : report.findings) writer.add(f);
  writer.write(out);
}

void writeGitlab(const DiffReport& diff, std::ostream& out, const GitlabOptions& options) {
  GitlabWriter writer(options);
  for (const Finding& f : diff.introduced) writer.add(f);
  for (const Finding& f : diff.unchanged) writer.add(f);
  writer.write(out);
}

}  // namespace rocelint
