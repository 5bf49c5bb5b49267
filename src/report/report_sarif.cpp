// SARIF 2.1.0 (OASIS), as GitHub code scanning and other SARIF viewers consume it.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "report_common.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace rocelint {
namespace {

using ojson = nlohmann::ordered_json;
using report::Entry;
using report::Status;

constexpr const char* kSrcRoot = "SRCROOT";
constexpr const char* kFingerprintKey = "rocelintFingerprint/v1";

const char* level(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "none";
}

using report::uriEncode;

// "PFC-enabled priorities differ across a link" -> "PfcEnabledPrioritiesDifferAcrossALink".
std::string pascalName(const std::string& title) {
  std::string out;
  bool start = true;
  for (unsigned char c : title) {
    if (std::isalnum(c)) {
      out += static_cast<char>(start ? std::toupper(c) : std::tolower(c));
      start = false;
    } else {
      start = true;
    }
  }
  return out;
}

class SarifWriter {
 public:
  explicit SarifWriter(const SarifOptions& options) : options_(options) {
    for (std::size_t i = 0; i < allRules().size(); ++i) rule_index_[allRules()[i].id] = i;
  }

  ojson log(const std::vector<Entry>& entries, const ojson& properties) {
    ojson run;
    run["tool"]["driver"] = driver();
    std::error_code ec;
    std::string root = std::filesystem::absolute(options_.source_root.empty() ? "." : options_.source_root, ec)
                           .lexically_normal()
                           .generic_string();
    if (root.empty() || root.back() != '/') root += '/';
    run["originalUriBaseIds"][kSrcRoot]["uri"] = "file://" + uriEncode(root);

    // GitHub rejects a run with more results than its limit: keep the most severe ones.
    std::vector<const Entry*> kept;
    for (const Entry& e : entries) kept.push_back(&e);
    std::size_t omitted = 0;
    if (kept.size() > options_.max_results) {
      std::stable_sort(kept.begin(), kept.end(),
                       [](const Entry* a, const Entry* b) { return a->finding->severity > b->finding->severity; });
      omitted = kept.size() - options_.max_results;
      kept.resize(options_.max_results);
    }
    run["results"] = ojson::array();
    for (const Entry* e : kept) run["results"].push_back(result(*e));

    ojson invocation;
    invocation["executionSuccessful"] = true;
    if (omitted > 0) {
      ojson note;
      note["level"] = "warning";
      note["message"]["text"] = fmt::format(
          "rocelint found {} results; SARIF consumers such as GitHub code scanning accept at most {} per run, so the "
          "{} "
          "least severe were left out. Run rocelint with --format text or json to see every finding.",
          entries.size(), options_.max_results, omitted);
      invocation["toolExecutionNotifications"] = ojson::array({note});
    }
    run["invocations"] = ojson::array({invocation});
    run["columnKind"] = "unicodeCodePoints";
    run["properties"] = properties;
    if (omitted > 0) run["properties"]["omittedResults"] = omitted;

    ojson doc;
    doc["$schema"] = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
    doc["version"] = "2.1.0";
    doc["runs"] = ojson::array({std::move(run)});
    return doc;
  }

 private:
  ojson driver() const {
    ojson d;
    d["name"] = "rocelint";
    d["version"] = ROCELINT_VERSION;
    d["semanticVersion"] = ROCELINT_VERSION;
    d["informationUri"] = ROCELINT_HOMEPAGE;
    d["rules"] = ojson::array();
    for (const Rule& rule : allRules()) {
      std::string family = rule.family();
      ojson r;
      r["id"] = rule.id;
      r["name"] = report::ruleName(rule);
      r["shortDescription"]["text"] = rule.title;
      std::string what = ruleDocParagraph(rule.id, "What it checks");
      r["fullDescription"]["text"] = what.empty() ? rule.title : what;
      std::string doc = ruleDocumentation(rule.id).value_or(rule.title);
      r["help"]["text"] = doc;
      r["help"]["markdown"] = doc;
      r["helpUri"] = fmt::format("{}/blob/main/docs/rules/{}.md", ROCELINT_HOMEPAGE, rule.id);
      r["defaultConfiguration"]["level"] = level(rule.severity);
      std::string tag = family;
      std::transform(tag.begin(), tag.end(), tag.begin(), [](unsigned char c) { return std::tolower(c); });
      r["properties"]["tags"] = ojson::array({"rocev2", tag, familyDescription(family)});
      d["rules"].push_back(std::move(r));
    }
    return d;
  }

  // A physical location, or null when the finding has no file.
  ojson physical(const SourceRef& src) {
    if (!src.known()) return ojson();
    auto [it, inserted] = relative_.try_emplace(src.file());
    if (inserted) {
      it->second = relativePath(src.file(), options_.source_root);
      // Outside the source root a relative path (`../old/leaf2.json`) is no path below SRCROOT:
      // make it absolute.
      if (it->second == ".." || it->second.rfind("../", 0) == 0) {
        std::error_code ec;
        it->second = std::filesystem::absolute(src.file(), ec).lexically_normal().generic_string();
      }
    }
    ojson p;
    if (!it->second.empty() && it->second.front() == '/') {
      // Outside the source root (e.g. a --config file elsewhere): an absolute file URI.
      p["artifactLocation"]["uri"] = "file://" + uriEncode(it->second);
    } else {
      p["artifactLocation"]["uri"] = uriEncode(it->second);
      p["artifactLocation"]["uriBaseId"] = kSrcRoot;
    }
    if (src.line > 0) {
      p["region"]["startLine"] = src.line;
      if (src.column > 0) p["region"]["startColumn"] = src.column;
    }
    return p;
  }

  ojson result(const Entry& entry) {
    const Finding& f = *entry.finding;
    ojson r;
    r["ruleId"] = f.rule;
    if (auto it = rule_index_.find(f.rule); it != rule_index_.end()) r["ruleIndex"] = it->second;
    r["level"] = level(f.severity);
    r["message"]["text"] = f.fix.empty() ? f.message : fmt::format("{}\nFix: {}", f.message, f.fix);

    ojson loc;
    if (ojson p = physical(f.location); !p.is_null()) loc["physicalLocation"] = std::move(p);
    if (!f.switch_name.empty()) {
      ojson logical;
      logical["name"] =
          f.priority ? fmt::format("priority {}", *f.priority) : (f.port.empty() ? f.switch_name : f.port);
      std::string qualified = f.switch_name;
      if (!f.port.empty()) qualified += "/" + f.port;
      if (f.priority) qualified += fmt::format("/priority {}", *f.priority);
      logical["fullyQualifiedName"] = qualified;
      logical["kind"] = "resource";
      loc["logicalLocations"] = ojson::array({logical});
    }
    r["locations"] = ojson::array({loc});

    if (!f.related.empty()) {
      r["relatedLocations"] = ojson::array();
      int id = 1;
      for (const RelatedLocation& rel : f.related) {
        ojson related;
        related["id"] = id++;
        if (ojson p = physical(rel.src); !p.is_null()) related["physicalLocation"] = std::move(p);
        related["message"]["text"] = rel.message;
        r["relatedLocations"].push_back(std::move(related));
      }
    }
    r["partialFingerprints"][kFingerprintKey] = f.fingerprint;

    switch (entry.status) {
      case Status::Reported:
        break;
      case Status::Suppressed: {
        ojson s;
        s["kind"] = "external";
        s["status"] = "accepted";
        s["justification"] = entry.suppression->reason;
        if (ojson p = physical(entry.suppression->suppression); !p.is_null()) s["location"]["physicalLocation"] = p;
        r["suppressions"] = ojson::array({s});
        break;
      }
      case Status::Introduced:
        r["baselineState"] = "new";
        break;
      case Status::Unchanged:
        r["baselineState"] = "unchanged";
        break;
      case Status::Fixed:
        r["baselineState"] = "absent";
        break;
    }

    ojson props;
    props["switch"] = f.switch_name;
    props["port"] = f.port;
    if (f.priority) props["priority"] = *f.priority;
    props["jsonPointer"] = originLabel(f.location);
    r["properties"] = std::move(props);
    return r;
  }

  const SarifOptions& options_;
  std::map<std::string, std::size_t> rule_index_;
  std::map<std::string, std::string> relative_;
};

ojson summaryProperties(const Summary& s) {
  ojson p;
  p["files"] = s.files;
  p["switches"] = s.switches;
  p["links"] = s.links;
  p["bySeverity"] = s.by_severity;
  p["suppressed"] = s.suppressed;
  p["baselined"] = s.baselined;
  return p;
}

}  // namespace

std::string report::uriEncode(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += fmt::format("%{:02X}", c);
    }
  }
  return out;
}

std::string report::ruleName(const Rule& rule) {
  std::string name = ruleShortName(rule.id);
  return name.empty() ? pascalName(rule.title) : name;
}

void writeSarif(const Report& report, std::ostream& out, const SarifOptions& options) {
  ojson properties;
  properties["summary"] = summaryProperties(report.summary);
  if (!report.stale_baseline.empty()) {
    properties["staleBaselineFingerprints"] = ojson::array();
    for (const BaselineEntry& e : report.stale_baseline)
      properties["staleBaselineFingerprints"].push_back(e.fingerprint);
  }
  SarifWriter writer(options);
  out << writer.log(report::entriesOf(report), properties).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
      << '\n';
}

void writeSarif(const DiffReport& diff, std::ostream& out, const SarifOptions& options) {
  ojson properties;
  properties["diff"] = {
      {"introduced", diff.introduced.size()}, {"fixed", diff.fixed.size()}, {"unchanged", diff.unchanged.size()}};
  SarifWriter writer(options);
  out << writer.log(report::entriesOf(diff), properties).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
      << '\n';
}

}  // namespace rocelint
