#pragma once
// Reporters: turn a Report (or a DiffReport) into text, JSON, SARIF, JUnit XML, Markdown, GitHub
// workflow commands, a GitLab Code Quality report or an HTML page.
// They compute nothing: findings, counts and fingerprints come from the engine and the
// baseline/diff modules.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_report)
#error "layer rule: this library may not include rocelint/report.hpp (docs/architecture.md#layers)"
#endif

#include <cstddef>
#include <ostream>
#include <string>

#include "rocelint/diff.hpp"
#include "rocelint/engine.hpp"

namespace rocelint {

struct TextOptions {
  bool color = false;
};

/// Compiler-style text: "file:line: severity[ID]: message", then note:/fix: lines, then a summary.
void writeText(const Report& report, std::ostream& out, const TextOptions& options);
/// Introduced and fixed findings as compiler-style blocks, then the diff counts.
void writeText(const DiffReport& diff, std::ostream& out, const TextOptions& options);

/// JSON document {"findings": [...], "summary": {...}} (see docs/output.md).
void writeJson(const Report& report, std::ostream& out);
/// JSON document {"introduced": [...], "fixed": [...], "unchanged": [...], "summary": {...}}.
void writeJson(const DiffReport& diff, std::ostream& out);
/// The rule catalogue as JSON {"schema_version", "rules": [{id, name, severity, family, ...}]}.
void writeRulesJson(std::ostream& out);

/// GitHub code scanning accepts at most this many results per run.
inline constexpr std::size_t kSarifMaxResults = 25000;

struct SarifOptions {
  std::string source_root;  ///< artifact URIs are relative to it ("" = current directory)
  std::size_t max_results = kSarifMaxResults;
};

/// SARIF 2.1.0 log with one run: every rule, reported and suppressed findings.
void writeSarif(const Report& report, std::ostream& out, const SarifOptions& options);
/// SARIF 2.1.0 log of a diff: results carry baselineState new / unchanged / absent.
void writeSarif(const DiffReport& diff, std::ostream& out, const SarifOptions& options);

struct JunitOptions {
  Severity fail_on = Severity::Error;  ///< findings below it are passing cases with system-out
  std::string source_root;             ///< file attributes are relative to it
};

/// JUnit XML: a testsuite per rule family, a testcase per (rule, switch, port, priority) and a
/// passing testcase for every rule that ran clean.
void writeJunit(const Report& report, std::ostream& out, const JunitOptions& options);
/// JUnit XML of a diff: only introduced findings can fail.
void writeJunit(const DiffReport& diff, std::ostream& out, const JunitOptions& options);

struct MarkdownOptions {
  Severity fail_on = Severity::Error;
  std::string source_root;         ///< locations are relative to it
  std::size_t max_findings = 200;  ///< a pull-request comment has a size limit
  /// Characters the whole comment may take (GitHub's limit is 65,536): finding rows past it are
  /// summarised by rule instead of listed.
  std::size_t max_chars = 60000;
  /// Prefix that makes a location a link: `<link_base><path>#L<line>` (e.g.
  /// "https://github.com/org/repo/blob/<sha>/"); empty: locations are plain text.
  std::string link_base;
};

/// A pull-request comment: counts by severity and family, then findings by switch, collapsed.
void writeMarkdown(const Report& report, std::ostream& out, const MarkdownOptions& options);
/// A pull-request comment for a diff: introduced findings first, fixed and unchanged collapsed.
void writeMarkdown(const DiffReport& diff, std::ostream& out, const MarkdownOptions& options);

struct GithubOptions {
  std::string source_root;  ///< file properties are relative to it ("" = current directory)
};

/// GitHub Actions workflow commands: one ::error / ::warning / ::notice annotation per reported
/// finding (file, line, col, title = rule id), then the summary line.
void writeGithub(const Report& report, std::ostream& out, const GithubOptions& options);
/// Annotations of the introduced findings only, then the diff counts.
void writeGithub(const DiffReport& diff, std::ostream& out, const GithubOptions& options);

struct GitlabOptions {
  std::string source_root;  ///< location.path is relative to it ("" = current directory)
};

/// GitLab Code Quality report: a JSON array with one issue per reported finding.
void writeGitlab(const Report& report, std::ostream& out, const GitlabOptions& options);
/// The new version's findings (introduced and unchanged): GitLab compares with the target branch itself.
void writeGitlab(const DiffReport& diff, std::ostream& out, const GitlabOptions& options);

/// Findings an HTML page embeds at most (the rest are counted, not listed).
inline constexpr std::size_t kHtmlMaxFindings = 1000;

struct HtmlOptions {
  std::string source_root;  ///< locations are relative to it ("" = current directory)
  std::size_t max_findings = kHtmlMaxFindings;
  std::string title = "rocelint report";
};

/// One self-contained HTML page (docs/output.md#html): the fabric views of the report drawn by
/// tier with the cycles and storms to mark, and the first `max_findings` findings, filterable,
/// with the source excerpts of `report.excerpts` (addSourceExcerpts fills them). No network loads.
void writeHtml(const Report& report, std::ostream& out, const HtmlOptions& options);

}  // namespace rocelint
