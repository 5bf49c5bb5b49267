#include "rocelint/fingerprint.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace rocelint {

std::string relativePath(const std::string& file, const std::string& root) {
  if (file.empty()) return file;
  std::error_code ec;
  fs::path abs_file = fs::absolute(file, ec).lexically_normal();
  fs::path abs_root = fs::absolute(root.empty() ? fs::path(".") : fs::path(root), ec).lexically_normal();
  fs::path rel = abs_file.lexically_relative(abs_root);
  if (rel.empty() || *rel.begin() == "..") return fs::path(file).lexically_normal().generic_string();
  return rel.generic_string();
}

std::string originKey(const SourceRef& src) {
  // The origin text alone: one file has one format, so the file (in the key) already tells the
  // kinds apart, and JSON pointers, XML paths and YAML key paths hash as they did before origins
  // were typed (SONiC, minigraph and topology baselines keep their fingerprints). Only a default
  // is named, so a finding at a vendor default and one at the statement it stands for differ.
  if (src.originKind() == OriginKind::Default) return "default:" + src.originText();
  return src.originText();
}

std::string fingerprintOf(const Finding& finding, const std::string& relative_file) {
  // Fields are separated by a byte that cannot occur in names, so ("ab","c") != ("a","bc").
  std::string key = finding.rule + '\x1f' + finding.switch_name + '\x1f' + finding.port + '\x1f' +
                    (finding.priority ? std::to_string(*finding.priority) : std::string("-")) + '\x1f' + relative_file +
                    '\x1f' + originKey(finding.location);
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : key) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", hash);
}

void assignFingerprints(Report& report, const std::string& root) {
  std::map<std::string, std::string> relative;  // many findings share a file
  auto assign = [&](Finding& f) {
    auto [it, inserted] = relative.try_emplace(f.location.file());
    if (inserted) it->second = relativePath(f.location.file(), root);
    f.fingerprint = fingerprintOf(f, it->second);
  };
  for (Finding& f : report.findings) assign(f);
  for (SuppressedFinding& s : report.suppressed) assign(s.finding);
  for (Finding& f : report.baselined) assign(f);
}

}  // namespace rocelint
