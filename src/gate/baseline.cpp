#include "rocelint/baseline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "input_limits.hpp"
#include "located_json.hpp"
#include "rocelint/diagnostics.hpp"
#include "rocelint/fingerprint.hpp"
#include "text_file.hpp"

namespace rocelint {
namespace {

constexpr int kBaselineVersion = 1;

BaselineEntry entryOf(const Finding& f, const std::string& root) {
  return BaselineEntry{f.fingerprint, f.rule, f.switch_name, f.port, f.priority, relativePath(f.location.file(), root),
                       f.message};
}

[[noreturn]] void fail(const std::string& path, const json::Node& node, const std::string& message) {
  throw InputError(fmt::format("{}:{}: invalid baseline: {}", path, node.line, message));
}

std::string field(const std::string& path, const json::Node& entry, const char* key, bool required) {
  const json::Node* value = entry.find(key);
  if (value == nullptr || value->kind == json::Node::Kind::Null) {
    if (required) fail(path, entry, fmt::format("entry has no \"{}\"", key));
    return {};
  }
  if (value->kind != json::Node::Kind::String) fail(path, *value, fmt::format("\"{}\" must be a string", key));
  return value->text;
}

}  // namespace

Baseline makeBaseline(const Report& report, const std::string& root) {
  Baseline baseline;
  for (const Finding& f : report.findings) baseline.entries.push_back(entryOf(f, root));
  for (const Finding& f : report.baselined) baseline.entries.push_back(entryOf(f, root));
  std::stable_sort(baseline.entries.begin(), baseline.entries.end(),
                   [](const BaselineEntry& a, const BaselineEntry& b) { return a.fingerprint < b.fingerprint; });
  return baseline;
}

void writeBaseline(const Baseline& baseline, std::ostream& out) {
  nlohmann::ordered_json doc;
  doc["rocelint_baseline"] = kBaselineVersion;
  doc["findings"] = nlohmann::ordered_json::array();
  for (const BaselineEntry& e : baseline.entries) {
    nlohmann::ordered_json j;
    j["fingerprint"] = e.fingerprint;
    j["rule"] = e.rule;
    j["switch"] = e.switch_name.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(e.switch_name);
    j["port"] = e.port.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(e.port);
    j["priority"] = e.priority ? nlohmann::ordered_json(*e.priority) : nlohmann::ordered_json();
    j["file"] = e.file;
    j["message"] = e.message;
    doc["findings"].push_back(std::move(j));
  }
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

Baseline readBaseline(const std::string& path) {
  // Only a regular file: opening a FIFO blocks until something writes to it.
  std::error_code ec;
  std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw InputError(
        fmt::format("{}: the baseline must be a regular file (a FIFO, device or directory is not read)", path));
  std::string text;
  try {
    text = textio::readValidText(path, limits::kDefaultMaxFileBytes);
  } catch (const textio::ReadError& e) {
    throw InputError(e.what());
  }
  json::Node root;
  json::ParseFailure failure;
  if (!json::parse(text, root, failure)) {
    throw InputError(fmt::format("{}:{}:{}: invalid JSON: {}", path, failure.line, failure.column, failure.message));
  }
  if (!root.isObject()) fail(path, root, "expected an object with \"rocelint_baseline\" and \"findings\"");
  const json::Node* version = root.find("rocelint_baseline");
  if (version == nullptr || version->text != std::to_string(kBaselineVersion)) {
    fail(path, version ? *version : root,
         fmt::format("\"rocelint_baseline\" must be {} (write it with rocelint check --write-baseline)",
                     kBaselineVersion));
  }
  const json::Node* findings = root.find("findings");
  if (findings == nullptr || findings->kind != json::Node::Kind::Array)
    fail(path, root, "\"findings\" must be an array");
  static const std::regex hex("[0-9a-f]{16}");
  Baseline baseline;
  for (const json::Node& item : findings->items) {
    if (!item.isObject()) fail(path, item, "each entry of \"findings\" must be an object");
    BaselineEntry e;
    e.fingerprint = field(path, item, "fingerprint", true);
    if (!std::regex_match(e.fingerprint, hex))
      fail(path, *item.find("fingerprint"), "\"fingerprint\" must be 16 hex digits");
    e.rule = field(path, item, "rule", true);
    e.switch_name = field(path, item, "switch", false);
    e.port = field(path, item, "port", false);
    e.file = field(path, item, "file", false);
    e.message = field(path, item, "message", false);
    if (const json::Node* p = item.find("priority"); p != nullptr && p->kind != json::Node::Kind::Null) {
      if (p->kind != json::Node::Kind::Number || !std::regex_match(p->text, std::regex("[0-7]"))) {
        fail(path, *p, "\"priority\" must be 0-7 or null");
      }
      e.priority = std::stoi(p->text);
    }
    baseline.entries.push_back(std::move(e));
  }
  return baseline;
}

void applyBaseline(Report& report, const Baseline& baseline) {
  std::map<std::string, std::vector<const BaselineEntry*>> unmatched;
  for (const BaselineEntry& e : baseline.entries) unmatched[e.fingerprint].push_back(&e);
  std::vector<Finding> kept;
  for (Finding& f : report.findings) {
    auto it = unmatched.find(f.fingerprint);
    if (it != unmatched.end() && !it->second.empty()) {
      it->second.erase(it->second.begin());
      report.baselined.push_back(std::move(f));
    } else {
      kept.push_back(std::move(f));
    }
  }
  report.findings = std::move(kept);
  report.stale_baseline.clear();
  for (const BaselineEntry& e : baseline.entries) {
    auto& left = unmatched[e.fingerprint];
    if (std::find(left.begin(), left.end(), &e) != left.end()) report.stale_baseline.push_back(e);
  }
  countFindings(report);
}

}  // namespace rocelint
