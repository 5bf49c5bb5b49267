// rocelint command line: parses options, runs the pipeline modules, picks the reporter.

#include <unistd.h>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "completion.hpp"
#include "rocelint/baseline.hpp"
#include "rocelint/config.hpp"
#include "rocelint/deadlock.hpp"
#include "rocelint/diff.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/fix.hpp"
#include "rocelint/loader.hpp"
#include "rocelint/pause_tree.hpp"
#include "rocelint/progress.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"
#include "suggest.hpp"
#include "text_file.hpp"

namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitInputError = 2;

/// The report formats of check and diff.
const std::vector<std::string> kFormats = {"text", "json", "sarif", "junit", "markdown", "github", "gitlab", "html"};

/// One report the run writes: a format and its file ("" = standard output).
struct Output {
  std::string format;
  std::string path;
};

/// Options every analysing subcommand (check, diff) shares. New options go here or in the
/// subcommand's own struct, with one line in addOutputOptions / the subcommand's setup.
struct OutputOptions {
  std::vector<std::string> formats;  ///< --format FORMAT or FORMAT=FILE, once per output (none: text)
  std::string fail_on = "error";
  std::string config_path;
  std::string source_root;
  std::string link_base;  ///< --link-base: Markdown locations link to `<base><path>#L<line>`
  std::string output_path;
  bool no_suppress = false;
  bool exit_zero = false;           ///< findings never change the exit status (input errors still exit 2)
  std::string color = "auto";       ///< text output colour: auto, always, never
  std::vector<std::string> select;  ///< --select: only these rule ids or families run
  std::vector<std::string> ignore;  ///< --ignore: these rule ids or families do not run
  bool quiet = false;
  bool verbose = false;
  int failures = -1;                         ///< deadlock what-if (overrides params.failures)
  double whatif_time_limit_s = -1;           ///< what-if time limit (overrides params.whatif_time_limit_s)
  double solver_time_limit_s = -1;           ///< ECN solver time limit (overrides params.solver_time_limit_s)
  rocelint::limits::ReadLimits read_limits;  ///< --max-depth, --max-yaml-alias-nodes
  bool transient = false;                    ///< deadlock routing right after local repair (sets params.transient)
  bool follow_outside_links = false;         ///< read what symbolic links in the fabric lead to outside it
  std::uint64_t max_file_bytes = rocelint::limits::kDefaultMaxFileBytes;  ///< larger files are not read
  std::size_t max_switches = rocelint::limits::kDefaultMaxSwitches;
  std::size_t max_ports = rocelint::limits::kDefaultMaxPorts;
  std::size_t max_links = rocelint::limits::kDefaultMaxLinks;
  std::vector<std::string> state_dirs;  ///< check --state DIR...: live-state snapshots, oldest first
};

struct CheckOptions {
  std::vector<std::string> paths;
  std::string baseline;
  std::string write_baseline;
};

struct DiffOptions {
  std::string old_dir;
  std::string new_dir;
};

void addDeadlockOptions(CLI::App* cmd, OutputOptions& o) {
  cmd->add_option("--failures", o.failures,
                  "Deadlock what-if: try every set of up to K failed inter-switch links (K = 1 or 2)")
      ->check(CLI::Range(0, 2));
  cmd->add_option("--whatif-time-limit", o.whatif_time_limit_s,
                  "Stop the failure what-if after this many seconds and report how far it got (DL008; 0: no limit; "
                  "default 1800 or params.whatif_time_limit_s)")
      ->check(CLI::Range(0.0, 604800.0));
  cmd->add_option("--solver-time-limit", o.solver_time_limit_s,
                  "Seconds the ECN-before-PFC solver may spend on the whole fabric; unanswered questions are ECN005 "
                  "(0: no limit; default 300 or params.solver_time_limit_s)")
      ->check(CLI::Range(0.0, 604800.0));
  cmd->add_flag("--transient", o.transient,
                "Deadlock routing right after local repair of failed (admin-down) links, before withdrawals spread");
}

void addOutputOptions(CLI::App* cmd, OutputOptions& o) {
  cmd->add_option("--format", o.formats,
                  "Output format (default text): FORMAT to standard output (or -o FILE), FORMAT=FILE to a file; "
                  "repeat for several outputs in one run")
      ->type_name("FORMAT[=FILE]")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->check(CLI::Validator(
          [](std::string& value) {
            std::string name = value.substr(0, value.find('='));
            if (std::find(kFormats.begin(), kFormats.end(), name) == kFormats.end()) {
              std::string all;
              for (const std::string& f : kFormats) all += (all.empty() ? "" : ", ") + f;
              std::string hint = rocelint::cli::didYouMean(name, kFormats);
              return fmt::format("unknown format \"{}\"{}", name,
                                 hint.empty() ? " (the formats are " + all + ")" : hint);
            }
            if (value.find('=') != std::string::npos && value.size() == name.size() + 1)
              return fmt::format("no file name after \"{}=\"", name);
            return std::string();
          },
          "{text,json,sarif,junit,markdown,github,gitlab,html}"));
  cmd->add_option("--fail-on", o.fail_on, "Exit 1 when a finding is at or above this severity")
      ->check(CLI::IsMember({"error", "warning", "note"}))
      ->capture_default_str();
  cmd->add_option("--color", o.color,
                  "Colour the text output: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->add_option("--select", o.select, "Run only these rules or families, comma-separated (PFC,ECN001)")
      ->delimiter(',');
  cmd->add_option("--ignore", o.ignore, "Do not run these rules or families, comma-separated (WD,PFC003)")
      ->delimiter(',');
  cmd->add_flag("--exit-zero", o.exit_zero,
                "Exit 0 whatever the findings (a report-only job); input and usage errors still exit 2");
  cmd->add_option("--config", o.config_path, "Configuration file (default: DIR/.rocelint.yaml)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--source-root", o.source_root,
                  "Directory that report file names are relative to (default: the top of the git repository "
                  "holding the current directory, else the current directory)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--link-base", o.link_base,
                  "URL prefix that makes Markdown locations links, <URL><path>#L<line> (default in GitHub Actions "
                  "and GitLab CI: the commit's blob URL)");
  cmd->add_option("-o,--output", o.output_path,
                  "Write the report of the --format without =FILE (default text) to FILE instead of stdout");
  cmd->add_flag("--follow-outside-links", o.follow_outside_links,
                "Read files and directories that symbolic links in the fabric lead to outside of it");
  cmd->add_option("--max-file-size", o.max_file_bytes,
                  "Largest input file read, in bytes or with a unit (512MiB, 2GiB); a larger one is left out (CFG006)")
      ->transform(CLI::AsSizeValue(false))
      ->default_str("1GiB");
  cmd->add_option("--max-switches", o.max_switches, "Most switches a fabric may have (more is an error, exit 2)")
      ->capture_default_str();
  cmd->add_option("--max-ports", o.max_ports, "Most ports, all switches together (more is an error, exit 2)")
      ->capture_default_str();
  cmd->add_option("--max-links", o.max_links, "Most switch-to-switch links (more is an error, exit 2)")
      ->capture_default_str();
  cmd->add_option("--max-depth", o.read_limits.max_depth,
                  "Deepest nesting of JSON, YAML and CLI blocks in a fabric file (Junos: at most 64); deeper is "
                  "CFG006")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd->add_option("--max-yaml-alias-nodes", o.read_limits.max_yaml_alias_nodes,
                  "Most YAML nodes aliases may add to a fabric file (an alias bomb is CFG006)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100'000'000}))
      ->capture_default_str();
  cmd->add_flag("--no-suppress", o.no_suppress,
                "Ignore every suppression (.rocelint.yaml and inline comments): report every finding");
  auto* quiet = cmd->add_flag("-q,--quiet", o.quiet, "No progress or messages on stderr, only errors");
  cmd->add_flag("-v,--verbose", o.verbose, "Log each stage with its time on stderr")->excludes(quiet);
  addDeadlockOptions(cmd, o);
}

rocelint::LoadOptions loadOptions(const OutputOptions& o) {
  rocelint::LoadOptions options;
  options.follow_outside_links = o.follow_outside_links;
  options.read_limits = o.read_limits;
  options.max_file_bytes = o.max_file_bytes;
  options.max_switches = o.max_switches;
  options.max_ports = o.max_ports;
  options.max_links = o.max_links;
  options.state_dirs = o.state_dirs;
  return options;
}

rocelint::Progress::Mode progressMode(const OutputOptions& o) {
  if (o.quiet) return rocelint::Progress::Mode::Quiet;
  return o.verbose ? rocelint::Progress::Mode::Verbose : rocelint::Progress::Mode::Auto;
}

/// Whether standard error is a terminal that takes the progress line's control sequences.
bool stderrIsTerminal() {
  const char* term = std::getenv("TERM");
  return isatty(STDERR_FILENO) == 1 && (term == nullptr || std::string_view(term) != "dumb");
}

/// --color for the text report written to `path`: always, never, or auto: the report goes to
/// standard output, which is a terminal, NO_COLOR is unset or empty (https://no-color.org) and
/// TERM is not "dumb".
bool useColor(const OutputOptions& o, const std::string& path) {
  if (o.color == "always") return true;
  if (o.color == "never" || !path.empty()) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return isatty(STDOUT_FILENO) == 1;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

/// Every rule id, then every family, in catalogue order (the words a rule selection may use).
std::vector<std::string> ruleWords(bool families) {
  std::vector<std::string> words;
  for (const rocelint::Rule& rule : rocelint::allRules()) words.push_back(rule.id);
  if (families) {
    for (const rocelint::Rule& rule : rocelint::allRules()) {
      if (std::find(words.begin(), words.end(), rule.family()) == words.end()) words.push_back(rule.family());
    }
  }
  return words;
}

/// The rule ids that --select/--ignore words name (ids or families, any case); an unknown word is
/// a usage error with the nearest rule id or family.
std::set<std::string> rulesNamed(const std::vector<std::string>& words, const char* option) {
  std::set<std::string> ids;
  const std::vector<std::string> known = ruleWords(true);
  for (const std::string& given : words) {
    std::string word = upper(given);
    if (word.empty()) continue;
    bool matched = false;
    for (const rocelint::Rule& rule : rocelint::allRules()) {
      if (rule.id == word || rule.family() == word) {
        ids.insert(rule.id);
        matched = true;
      }
    }
    if (!matched) {
      std::string hint = rocelint::cli::didYouMean(word, known);
      throw rocelint::InputError(fmt::format("{}: no rule or rule family \"{}\"{}", option, given,
                                             hint.empty() ? " (`rocelint rules` lists them)" : hint));
    }
  }
  return ids;
}

/// --select and --ignore over the configuration's rules section: the command line wins.
void applyRuleSelection(rocelint::Config& config, const std::vector<std::string>& select,
                        const std::vector<std::string>& ignore) {
  std::set<std::string> selected = rulesNamed(select, "--select");
  std::set<std::string> ignored = rulesNamed(ignore, "--ignore");
  for (const rocelint::Rule& rule : rocelint::allRules()) {
    if (!select.empty()) {
      if (selected.count(rule.id)) {
        config.disabled.erase(rule.id);
        config.enabled.insert(rule.id);
      } else {
        config.disabled.insert(rule.id);
      }
    }
    if (ignored.count(rule.id)) config.disabled.insert(rule.id);
  }
}

/// The configuration: --config, else the nearest .rocelint.yaml of a single fabric path: in its
/// directory, else in the directories above it up to the top of its git work tree (the directory
/// holding `.git`) or the file system's root. A configuration found above applies its path globs
/// relative to itself (PathFilter::base).
rocelint::Config loadConfigFor(const std::vector<std::string>& paths, const OutputOptions& o,
                               rocelint::Progress& progress) {
  namespace fs = std::filesystem;
  std::string path = o.config_path;
  std::string base;
  if (path.empty() && paths.size() == 1) {
    std::error_code ec;
    fs::path start = fs::absolute(paths.front(), ec).lexically_normal();
    if (!fs::is_directory(start, ec)) start = start.parent_path();
    if (!start.empty() && start.filename().empty()) start = start.parent_path();  // "dir/" -> "dir"
    for (fs::path dir = start; !dir.empty(); dir = dir.parent_path()) {
      // Anything by that name is the configuration: a FIFO or directory is an error, never ignored.
      if (fs::exists(fs::symlink_status(dir / ".rocelint.yaml", ec))) {
        path = (dir == start ? fs::path(paths.front()) / ".rocelint.yaml" : dir / ".rocelint.yaml").string();
        if (dir != start) base = start.lexically_relative(dir).generic_string() + "/";
        break;
      }
      if (fs::exists(fs::symlink_status(dir / ".git", ec)) || dir == dir.parent_path()) break;
    }
  }
  rocelint::Config config;
  if (!path.empty()) {
    config = rocelint::loadConfig(path);
    config.paths.base = base;
    progress.detail(fmt::format("configuration {}", path));
  }
  if (o.no_suppress) {
    config.suppressions.clear();
    config.inline_suppressions = false;
  }
  applyRuleSelection(config, o.select, o.ignore);
  if (o.failures >= 0) config.params.failures = o.failures;
  if (o.whatif_time_limit_s >= 0) config.params.whatif_time_limit_s = o.whatif_time_limit_s;
  if (o.solver_time_limit_s >= 0) config.params.solver_time_limit_s = o.solver_time_limit_s;
  if (o.transient) config.params.transient = true;
  return config;
}

std::string joinPaths(const std::vector<std::string>& paths) {
  std::string out;
  for (const std::string& p : paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

/// Fingerprints are relative to the fabric directory, so a fabric keeps them when it moves.
std::string fabricRoot(const std::vector<std::string>& paths) {
  return paths.size() == 1 && std::filesystem::is_directory(paths.front()) ? paths.front() : std::string(".");
}

/// When the arguments held no input rocelint recognised (an empty directory, a wrong folder, only
/// a README or a NOS it does not read yet), the error saying what they held instead: a gate must
/// never pass on nothing. Empty when something was read.
std::string unrecognisedInputs(const rocelint::Fabric& fabric, const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  if (fabric.files_loaded > 0 || !fabric.switches.empty()) return "";
  const bool one_dir = paths.size() == 1 && fs::is_directory(paths.front());
  auto shown = [&](const std::string& path) {
    return one_dir ? fs::path(path).lexically_relative(paths.front()).generic_string() : path;
  };
  std::vector<std::pair<std::string, std::string>> found;  // path shown, why it is not an input
  for (const auto& [path, why] : fabric.passed_over) found.emplace_back(shown(path), why);
  for (const rocelint::InputNote& note : fabric.notes) {
    const std::string& path = note.src.file();
    if (note.kind == rocelint::InputNote::Kind::MalformedFile) {
      found.emplace_back(shown(path), "not well-formed (CFG006)");
    } else if (note.kind == rocelint::InputNote::Kind::SkippedFile) {
      std::string why = note.message;
      const std::string prefix = path + " skipped: ";
      if (why.compare(0, prefix.size(), prefix) == 0) why = why.substr(prefix.size());
      found.emplace_back(shown(path), why + " (CFG004)");
    }
  }
  std::sort(found.begin(), found.end());
  std::string what;
  if (found.empty()) {
    what = "no file found (hidden files such as .rocelint.yaml are not inputs)";
  } else {
    what = fmt::format("{} file{} (", found.size(), found.size() == 1 ? "" : "s");
    constexpr std::size_t kListed = 5;
    for (std::size_t i = 0; i < found.size() && i < kListed; ++i)
      what += fmt::format("{}{}: {}", i == 0 ? "" : "; ", found[i].first, found[i].second);
    if (found.size() > kListed) what += fmt::format("; {} more", found.size() - kListed);
    what += ")";
  }
  return fmt::format("no configuration, topology or LLDP file recognised in {}: {}", joinPaths(paths), what);
}

/// Loads and analyses one fabric; what the paths held instead of an input, if nothing was
/// recognised, is added to `unrecognised` (the run exits 2 after its report).
rocelint::Report analyzePaths(const std::vector<std::string>& paths, const rocelint::Config& config,
                              const OutputOptions& o, rocelint::Progress& progress,
                              std::vector<std::string>& unrecognised) {
  using namespace rocelint;
  Fabric fabric = loadFabric(
      paths, [&](std::size_t done, std::size_t total) { progress.files(done, total); }, config.paths, loadOptions(o));
  if (std::string why = unrecognisedInputs(fabric, paths); !why.empty()) unrecognised.push_back(std::move(why));
  progress.detail(fmt::format("{} file(s), {} switch(es), {} link(s)", fabric.files_loaded, fabric.switches.size(),
                              fabric.links.size()));
  progress.stage(fmt::format("analysing {} switches", fabric.switches.size()));
  Report report = analyze(fabric, config, [&](const std::string& stage) { progress.stage(stage); });
  assignFingerprints(report, fabricRoot(paths));
  return report;
}

/// A glob (fnmatch) matching exactly this text: wildcard characters escaped.
std::string literalGlob(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

/// The fabric roots below a directory: subdirectories (not hidden, as the walk reads none, and
/// not reached through a symbolic link) that hold a .rocelint.yaml. Sorted.
std::vector<std::filesystem::path> nestedFabricRoots(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> roots;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& path = it->path();
    std::string name = path.filename().string();
    std::error_code entry_ec;
    if (!it->is_directory(entry_ec) || it->is_symlink(entry_ec)) continue;
    if (name.empty() || name.front() == '.') {
      it.disable_recursion_pending();
      continue;
    }
    if (fs::exists(fs::symlink_status(path / ".rocelint.yaml", entry_ec))) roots.push_back(path);
  }
  std::sort(roots.begin(), roots.end());
  return roots;
}

/// Adds one fabric's report to the run's: findings, suppressions and counts side by side.
void mergeReport(rocelint::Report& into, rocelint::Report&& part) {
  using namespace rocelint;
  auto append = [](auto& to, auto& from) { std::move(from.begin(), from.end(), std::back_inserter(to)); };
  append(into.findings, part.findings);
  append(into.suppressed, part.suppressed);
  append(into.baselined, part.baselined);
  append(into.stale_baseline, part.stale_baseline);
  append(into.views, part.views);
  for (std::string& id : part.rules_run) {
    if (std::find(into.rules_run.begin(), into.rules_run.end(), id) == into.rules_run.end())
      into.rules_run.push_back(std::move(id));
  }
  std::sort(into.rules_run.begin(), into.rules_run.end());
  Summary& s = into.summary;
  Summary& p = part.summary;
  s.files += p.files;
  s.files_left_out += p.files_left_out;
  s.switches += p.switches;
  s.ports += p.ports;
  s.links += p.links;
  s.hosts += p.hosts;
  for (const auto& [table, count] : p.out_of_scope_tables) s.out_of_scope_tables[table] += count;
  append(s.coverage, p.coverage);
  auto joined = [](std::string& to, const std::string& more) {
    if (!more.empty()) to += (to.empty() ? "" : "; ") + more;
  };
  joined(s.solver_stopped, p.solver_stopped);
  if (p.deadlock) {
    DeadlockSummary& d = s.deadlock ? *s.deadlock : s.deadlock.emplace();
    d.destination_groups += p.deadlock->destination_groups;
    d.bdg_queues += p.deadlock->bdg_queues;
    d.bdg_dependencies += p.deadlock->bdg_dependencies;
    d.cyclic_components += p.deadlock->cyclic_components;
    append(d.worst_storms, p.deadlock->worst_storms);
    std::stable_sort(d.worst_storms.begin(), d.worst_storms.end(),
                     [](const StormRadius& a, const StormRadius& b) { return a.paused_queues > b.paused_queues; });
    joined(d.whatif_stopped, p.deadlock->whatif_stopped);
    append(d.installed_route_switches, p.deadlock->installed_route_switches);
    d.computed_route_switches += p.deadlock->computed_route_switches;
  }
}

/// `check DIR` where DIR holds fabric roots below it (a .rocelint.yaml per pod): each root is a
/// fabric checked on its own with its own configuration, without the roots below it; the rest of
/// DIR is one more fabric when it holds an input. Switch names are qualified by the root
/// ("pod1/leaf1"), fingerprints are relative to DIR. Empty when DIR holds no root below it.
std::optional<rocelint::Report> analyzeFabricRoots(const std::string& dir, const OutputOptions& o,
                                                   rocelint::Progress& progress,
                                                   std::vector<std::string>& unrecognised) {
  namespace fs = std::filesystem;
  using namespace rocelint;
  std::vector<fs::path> nested = nestedFabricRoots(dir);
  if (nested.empty()) return std::nullopt;
  std::vector<fs::path> roots = {fs::path(dir)};
  roots.insert(roots.end(), nested.begin(), nested.end());
  Report merged;
  for (const fs::path& root : roots) {
    const bool top = root == roots.front();
    const std::string rel = top ? std::string() : root.lexically_relative(dir).generic_string();
    Config config = loadConfigFor({root.string()}, o, progress);
    for (const fs::path& other : nested) {
      auto [a, b] = std::mismatch(root.begin(), root.end(), other.begin(), other.end());
      if (other != root && a == root.end())
        config.paths.exclude.push_back(literalGlob(other.lexically_relative(root).generic_string()) + "/*");
    }
    progress.stage(fmt::format("fabric {}", top ? dir : root.string()));
    Fabric fabric = loadFabric(
        {root.string()}, [&](std::size_t done, std::size_t total) { progress.files(done, total); }, config.paths,
        loadOptions(o));
    std::string why = unrecognisedInputs(fabric, {root.string()});
    if (top && !why.empty()) continue;  // DIR holds only the roots
    if (!why.empty()) unrecognised.push_back(std::move(why));
    Report report = analyze(fabric, config, [&](const std::string& stage) { progress.stage(stage); });
    if (!rel.empty()) {
      auto qualify = [&](Finding& f) {
        if (!f.switch_name.empty()) f.switch_name = rel + "/" + f.switch_name;
      };
      for (Finding& f : report.findings) qualify(f);
      for (SuppressedFinding& f : report.suppressed) qualify(f.finding);
      if (report.summary.deadlock) {
        for (StormRadius& r : report.summary.deadlock->worst_storms) r.switch_name = rel + "/" + r.switch_name;
      }
      for (FabricView& view : report.views) {
        view.name = rel;
        for (ViewSwitch& sw : view.switches) sw.name = rel + "/" + sw.name;
        for (ViewHighlight& h : view.highlights) h.switch_name = rel + "/" + h.switch_name;
      }
    }
    progress.detail(fmt::format("fabric {}: {} switch(es), {} finding(s)", top ? dir : rel, report.summary.switches,
                                report.findings.size()));
    mergeReport(merged, std::move(report));
  }
  std::sort(merged.findings.begin(), merged.findings.end(), findingLess);
  countFindings(merged);
  assignFingerprints(merged, dir);
  return merged;
}

/// Refuses to write a report or baseline onto a file the run reads: a file argument, the
/// configuration, the baseline, or an existing file that the walk of a directory argument reads
/// (`check DIR -o DIR/leaf1.json` used to replace a configuration). Like `fix --out`.
void refuseToWriteAnInput(const std::string& output, const std::string& what, const std::vector<std::string>& inputs,
                          const std::vector<std::string>& files_read) {
  namespace fs = std::filesystem;
  if (output.empty()) return;
  std::error_code ec;
  fs::path out = fs::weakly_canonical(output, ec);
  if (ec) return;  // the write itself reports a bad path
  bool exists = fs::exists(out, ec);
  if (exists && fs::is_fifo(out, ec))
    throw rocelint::InputError(fmt::format("{}: the {} must not be a FIFO (the write would block)", output, what));
  auto refuse = [&](const std::string& input) {
    throw rocelint::InputError(fmt::format(
        "{}: the {} must not be an input of the run ({}); write it outside the fabric", output, what, input));
  };
  for (const std::string& file : files_read) {
    if (!file.empty() && exists && fs::equivalent(out, file, ec)) refuse(file);
  }
  for (const std::string& input : inputs) {
    fs::path in = fs::weakly_canonical(input, ec);
    if (ec) continue;
    if (out == in) refuse(input);
    if (!exists || !fs::is_directory(in, ec) || !rocelint::readByWalk(out)) continue;
    auto [a, b] = std::mismatch(in.begin(), in.end(), out.begin(), out.end());
    if (a == in.end()) refuse(input);
  }
}

/// Whether two paths name one file (that may not exist yet): "./x.json" and "x.json" do.
bool samePath(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  return fs::weakly_canonical(fs::absolute(a, ec), ec).lexically_normal() ==
         fs::weakly_canonical(fs::absolute(b, ec), ec).lexically_normal();
}

/// The reports a run writes: one per --format (FORMAT=FILE to FILE, a plain FORMAT to -o FILE or
/// standard output), text to standard output when none is given. Two reports on standard output
/// or in one file, or -o when every format names its file, are usage errors.
std::vector<Output> outputsOf(const OutputOptions& o) {
  std::vector<Output> outputs;
  for (const std::string& value : o.formats) {
    std::size_t eq = value.find('=');
    if (eq == std::string::npos) {
      outputs.push_back({value, o.output_path});
    } else {
      outputs.push_back({value.substr(0, eq), value.substr(eq + 1)});
    }
  }
  if (outputs.empty()) outputs.push_back({"text", o.output_path});
  const Output* plain = nullptr;
  for (std::size_t i = 0; i < o.formats.size(); ++i) {
    if (o.formats[i].find('=') != std::string::npos) continue;
    if (plain != nullptr) {
      throw rocelint::InputError(
          fmt::format("--format {} and --format {} would both write to {}: give all but one a file (--format {}=FILE)",
                      plain->format, outputs[i].format, o.output_path.empty() ? "standard output" : o.output_path,
                      outputs[i].format));
    }
    plain = &outputs[i];
  }
  if (!o.formats.empty() && plain == nullptr && !o.output_path.empty()) {
    throw rocelint::InputError(
        fmt::format("-o {}: every --format names its own file (FORMAT=FILE); -o is the file of a --format without one",
                    o.output_path));
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (outputs[i].path.empty() || outputs[j].path.empty()) continue;
      if (samePath(outputs[i].path, outputs[j].path)) {
        throw rocelint::InputError(fmt::format("{}: the {} and {} reports would be written to one file",
                                               outputs[i].path, outputs[j].format, outputs[i].format));
      }
    }
  }
  return outputs;
}

/// Refuses every report file that is an input of the run (see refuseToWriteAnInput).
void refuseToWriteInputs(const std::vector<Output>& outputs, const std::vector<std::string>& inputs,
                         const std::vector<std::string>& files_read) {
  for (const Output& out : outputs) refuseToWriteAnInput(out.path, "output file", inputs, files_read);
}

/// Writes one report with its reporter to standard output or its file.
template <class R>
void emitOne(const R& report, const Output& output, const OutputOptions& o) {
  using namespace rocelint;
  std::ofstream file;
  if (!output.path.empty()) {
    file.open(output.path, std::ios::binary);
    if (!file) throw InputError(fmt::format("{}: cannot write output file", output.path));
  }
  // Every report is valid UTF-8 whatever a path or name held: written to memory, then any byte
  // that is not UTF-8 text (a file name from a Latin-1 system) is replaced by U+FFFD.
  std::ostringstream out;
  Severity fail_on = *parseSeverity(o.fail_on);
  const std::string& format = output.format;
  if (format == "json") {
    writeJson(report, out);
  } else if (format == "sarif") {
    writeSarif(report, out, SarifOptions{o.source_root, kSarifMaxResults});
  } else if (format == "junit") {
    writeJunit(report, out, JunitOptions{fail_on, o.source_root});
  } else if (format == "markdown") {
    writeMarkdown(report, out, MarkdownOptions{fail_on, o.source_root, 200, 60000, o.link_base});
  } else if (format == "github") {
    writeGithub(report, out, GithubOptions{o.source_root});
  } else if (format == "gitlab") {
    writeGitlab(report, out, GitlabOptions{o.source_root});
  } else if (format == "html") {
    if constexpr (std::is_same_v<R, Report>) writeHtml(report, out, HtmlOptions{o.source_root});
  } else {
    writeText(report, out, TextOptions{useColor(o, output.path)});
  }
  std::ostream& sink = output.path.empty() ? std::cout : file;
  const std::string text = std::move(out).str();
  if (textio::isValidUtf8(text)) {
    sink << text;
  } else {
    sink << textio::validUtf8(text);
  }
  // A report that did not reach its file (a full disk, a closed pipe) must not pass as written.
  sink.flush();
  if (file.is_open()) file.close();
  if (!sink) {
    std::string why = std::error_code(errno, std::generic_category()).message();
    throw InputError(
        fmt::format("{}: cannot write the report: {}", output.path.empty() ? "standard output" : output.path, why));
  }
}

/// Writes every report of the run, in the order of the --format options.
template <class R>
void emit(const R& report, const std::vector<Output>& outputs, const OutputOptions& o) {
  for (const Output& output : outputs) emitOne(report, output, o);
}

/// Why a run that read some input checked less than it was given, if it did: files left out as
/// not well-formed (CFG006), a what-if or solver stopped at its time limit. A CI gate must fail
/// loudly (exit 2); no input at all is unrecognisedInputs.
std::optional<std::string> incompleteInput(const rocelint::Summary& summary) {
  if (summary.files_left_out > 0) {
    return fmt::format("{} file(s) not read or not well-formed were left out of the fabric (CFG006)",
                       summary.files_left_out);
  }
  if (summary.deadlock && !summary.deadlock->whatif_stopped.empty()) {
    return summary.deadlock->whatif_stopped + ": the deadlock verdict is partial";
  }
  if (!summary.solver_stopped.empty()) return summary.solver_stopped + ": the ECN-before-PFC verdict is partial";
  return std::nullopt;
}

int malformedFiles(const rocelint::Fabric& fabric) {
  return static_cast<int>(std::count_if(fabric.notes.begin(), fabric.notes.end(), [](const rocelint::InputNote& n) {
    return n.kind == rocelint::InputNote::Kind::MalformedFile;
  }));
}

bool anyAtOrAbove(const std::vector<rocelint::Finding>& findings, const std::string& fail_on) {
  rocelint::Severity threshold = *rocelint::parseSeverity(fail_on);
  for (const auto& f : findings) {
    if (f.severity >= threshold) return true;
  }
  return false;
}

int runCheck(const CheckOptions& c, const OutputOptions& o) {
  using namespace rocelint;
  Progress progress(progressMode(o), std::cerr, stderrIsTerminal());
  Config config = loadConfigFor(c.paths, o, progress);
  std::string baseline_path = c.baseline.empty() ? config.baseline : c.baseline;
  const std::vector<Output> outputs = outputsOf(o);
  refuseToWriteInputs(outputs, c.paths, {config.source, baseline_path});
  refuseToWriteAnInput(c.write_baseline, "baseline file to write", c.paths, {config.source, baseline_path});
  for (const Output& out : outputs) {
    if (!out.path.empty() && !c.write_baseline.empty() && samePath(out.path, c.write_baseline))
      throw InputError(fmt::format("{}: the output file and the baseline file to write are one file", out.path));
  }
  std::vector<std::string> unrecognised;
  std::optional<Report> roots;
  if (c.paths.size() == 1 && std::filesystem::is_directory(c.paths.front()))
    roots = analyzeFabricRoots(c.paths.front(), o, progress, unrecognised);
  Report report = roots ? std::move(*roots) : analyzePaths(c.paths, config, o, progress, unrecognised);
  if (!c.write_baseline.empty()) {
    Baseline baseline = makeBaseline(report, fabricRoot(c.paths));
    std::ofstream file(c.write_baseline, std::ios::binary);
    if (!file) throw InputError(fmt::format("{}: cannot write baseline file", c.write_baseline));
    writeBaseline(baseline, file);
    file.close();
    if (!file) {
      throw InputError(fmt::format("{}: cannot write baseline file: {}", c.write_baseline,
                                   std::error_code(errno, std::generic_category()).message()));
    }
    progress.finish();
    if (!o.quiet)
      std::cerr << fmt::format("rocelint: wrote {} finding(s) to {}\n", baseline.entries.size(), c.write_baseline);
    return kExitClean;
  }
  if (!baseline_path.empty()) {
    applyBaseline(report, readBaseline(baseline_path));
    progress.detail(fmt::format("baseline {}: {} accepted, {} stale", baseline_path, report.baselined.size(),
                                report.stale_baseline.size()));
  }
  if (std::any_of(outputs.begin(), outputs.end(), [](const Output& out) { return out.format == "html"; }))
    addSourceExcerpts(report, kHtmlMaxFindings, 3, o.max_file_bytes);
  progress.finish();
  emit(report, outputs, o);
  for (const std::string& why : unrecognised) std::cerr << "rocelint: error: " << why << '\n';
  if (!unrecognised.empty()) return kExitInputError;
  if (auto why = incompleteInput(report.summary)) {
    std::cerr << "rocelint: error: " << *why << '\n';
    return kExitInputError;
  }
  return !o.exit_zero && anyAtOrAbove(report.findings, o.fail_on) ? kExitFindings : kExitClean;
}

int runDiff(const DiffOptions& d, const OutputOptions& o) {
  using namespace rocelint;
  Progress progress(progressMode(o), std::cerr, stderrIsTerminal());
  const std::vector<Output> outputs = outputsOf(o);
  if (std::any_of(outputs.begin(), outputs.end(), [](const Output& out) { return out.format == "html"; }))
    throw InputError("--format html is a report of `check` (diff has no fabric view): run `check` on the new version");
  refuseToWriteInputs(outputs, {d.old_dir, d.new_dir}, {o.config_path});
  progress.stage(fmt::format("analysing {}", d.old_dir));
  std::vector<std::string> unrecognised;
  Report before = analyzePaths({d.old_dir}, loadConfigFor({d.old_dir}, o, progress), o, progress, unrecognised);
  progress.stage(fmt::format("analysing {}", d.new_dir));
  Report after = analyzePaths({d.new_dir}, loadConfigFor({d.new_dir}, o, progress), o, progress, unrecognised);
  DiffReport diff = diffReports(std::move(before), std::move(after));
  progress.finish();
  emit(diff, outputs, o);
  // A side checked in part makes findings look introduced or fixed that are neither.
  bool incomplete = !unrecognised.empty();
  for (const std::string& why : unrecognised) std::cerr << "rocelint: error: " << why << '\n';
  for (const Summary* summary : {&diff.before.summary, &diff.after.summary}) {
    if (auto why = incompleteInput(*summary)) {
      std::cerr << "rocelint: error: " << *why << '\n';
      incomplete = true;
    }
  }
  if (incomplete) return kExitInputError;
  return !o.exit_zero && anyAtOrAbove(diff.introduced, o.fail_on) ? kExitFindings : kExitClean;
}

int runGraph(const std::vector<std::string>& paths, const OutputOptions& o, rocelint::GraphScope scope) {
  using namespace rocelint;
  Progress progress(progressMode(o), std::cerr, stderrIsTerminal());
  Config config = loadConfigFor(paths, o, progress);
  refuseToWriteAnInput(o.output_path, "output file", paths, {config.source});
  Fabric fabric = loadFabric(
      paths, [&](std::size_t done, std::size_t total) { progress.files(done, total); }, config.paths, loadOptions(o));
  const std::string unrecognised = unrecognisedInputs(fabric, paths);
  DeadlockOptions options;
  options.transient = config.params.transient;
  DeadlockAnalysis analysis =
      analyzeDeadlock(fabric, config.params, options, [&](const std::string& stage) { progress.stage(stage); });
  progress.finish();
  // Live state: the pause trees follow as a second digraph (none without state).
  const std::vector<PauseTree> trees = pauseTrees(fabric);
  if (o.output_path.empty()) {
    writeDot(fabric, analysis, scope, std::cout);
    if (!trees.empty()) writePauseTreesDot(fabric, trees, std::cout);
  } else {
    std::ofstream file(o.output_path, std::ios::binary);
    if (file) writeDot(fabric, analysis, scope, file);
    if (file && !trees.empty()) writePauseTreesDot(fabric, trees, file);
    if (!file) throw InputError(fmt::format("{}: cannot write output file", o.output_path));
  }
  if (!o.quiet) {
    std::cerr << fmt::format("rocelint: buffer-dependency graph: {} queues, {} dependencies, {} cyclic component(s)\n",
                             analysis.bdg.nodeCount(), analysis.bdg.edgeCount(), analysis.cycles.size());
  }
  rocelint::Summary loaded;
  loaded.files = fabric.files_loaded;
  loaded.switches = static_cast<int>(fabric.switches.size());
  loaded.files_left_out = malformedFiles(fabric);
  if (!unrecognised.empty()) {
    std::cerr << "rocelint: error: " << unrecognised << '\n';
    return kExitInputError;
  }
  if (auto why = incompleteInput(loaded)) {
    std::cerr << "rocelint: error: " << *why << '\n';  // a cycle through the missing switches would not show
    return kExitInputError;
  }
  return analysis.cycles.empty() ? kExitClean : kExitFindings;
}

/// A mistyped command or option, caught before CLI11 reads it: CLI11 would take `chek` for a
/// missing command and `--fromat json` for a path "json". The message names the nearest word.
std::optional<std::string> mistyped(const CLI::App& app, const std::vector<std::string>& args) {
  auto longNames = [](const CLI::App& cmd) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : cmd.get_options()) {
      for (const std::string& name : opt->get_lnames()) names.push_back("--" + name);
    }
    return names;
  };
  auto shortNames = [](const CLI::App& cmd) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : cmd.get_options()) {
      for (const std::string& name : opt->get_snames()) names.push_back("-" + name);
    }
    return names;
  };
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    commands.push_back(sub->get_name());
  const CLI::App* cmd = &app;
  for (const std::string& arg : args) {
    if (arg == "--") break;
    if (arg.size() > 2 && arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(0, arg.find('='));
      std::vector<std::string> known = longNames(*cmd);
      if (std::find(known.begin(), known.end(), name) != known.end()) continue;
      std::string where = cmd == &app ? std::string() : " of " + cmd->get_name();
      std::string hint = rocelint::cli::didYouMean(name, known);
      return fmt::format(
          "unknown option \"{}\"{}{}", name, where,
          hint.empty() ? fmt::format(" (see `rocelint{} --help`)", cmd == &app ? std::string() : " " + cmd->get_name())
                       : hint);
    }
    if (arg.size() == 2 && arg[0] == '-' && arg[1] != '-') {
      std::vector<std::string> known = shortNames(*cmd);
      if (std::find(known.begin(), known.end(), arg) != known.end()) continue;
      return fmt::format("unknown option \"{}\"{} (see `rocelint{} --help`)", arg,
                         cmd == &app ? std::string() : " of " + cmd->get_name(),
                         cmd == &app ? std::string() : " " + cmd->get_name());
    }
    if (cmd == &app && !arg.empty() && arg[0] != '-') {
      if (std::find(commands.begin(), commands.end(), arg) == commands.end()) {
        std::string hint = rocelint::cli::didYouMean(arg, commands);
        std::string all;
        for (const std::string& c : commands) all += (all.empty() ? "" : ", ") + c;
        return fmt::format("unknown command \"{}\"{}", arg, hint.empty() ? " (the commands are " + all + ")" : hint);
      }
      cmd = app.get_subcommand(arg);
    }
  }
  return std::nullopt;
}

// The default --source-root: the top of the git work tree holding the current directory (the
// directory with `.git`, a directory or a worktree's file), else the current directory ("").
std::string defaultSourceRoot() {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::current_path(ec);
  if (ec) return {};
  for (std::filesystem::path p = dir; !p.empty(); p = p.parent_path()) {
    if (std::filesystem::exists(p / ".git", ec)) return p.string();
    if (p == p.parent_path()) break;
  }
  return {};
}

// The default --link-base where a CI says which commit it runs on: GitHub Actions
// (GITHUB_SERVER_URL/GITHUB_REPOSITORY/blob/GITHUB_SHA/) or GitLab CI (CI_PROJECT_URL/-/blob/CI_COMMIT_SHA/).
std::string ciLinkBase() {
  auto env = [](const char* name) {
    const char* v = std::getenv(name);
    return std::string(v == nullptr ? "" : v);
  };
  if (env("GITHUB_ACTIONS") == "true" && !env("GITHUB_SERVER_URL").empty() && !env("GITHUB_REPOSITORY").empty() &&
      !env("GITHUB_SHA").empty())
    return env("GITHUB_SERVER_URL") + "/" + env("GITHUB_REPOSITORY") + "/blob/" + env("GITHUB_SHA") + "/";
  if (env("GITLAB_CI") == "true" && !env("CI_PROJECT_URL").empty() && !env("CI_COMMIT_SHA").empty())
    return env("CI_PROJECT_URL") + "/-/blob/" + env("CI_COMMIT_SHA") + "/";
  return {};
}

// `rocelint inputs`: each file (directories walked, hidden entries and symbolic links skipped) and
// what the loader makes of it. Human form: "PATH: FORMAT" or "PATH: not an input (WHY)"; with
// `--null` only the inputs' paths, NUL-terminated. Always exit 0: listing is not checking.
int runInputs(const std::vector<std::string>& paths, bool null_separated) {
  namespace fs = std::filesystem;
  auto one = [&](const fs::path& file) {
    rocelint::FileRecognition r = rocelint::recogniseFile(file);
    if (null_separated) {
      if (r.format) std::cout << file.string() << '\0';
    } else if (r.format) {
      std::cout << file.string() << ": " << *r.format << (r.why.empty() ? "" : " (" + r.why + ")") << '\n';
    } else {
      std::cout << file.string() << ": not an input (" << r.why << ")\n";
    }
  };
  for (const std::string& path : paths) {
    std::error_code ec;
    fs::file_status status = fs::symlink_status(path, ec);
    if (ec || !fs::exists(status)) {
      if (!null_separated) std::cout << path << ": not found\n";
      continue;
    }
    if (!fs::is_directory(fs::status(path, ec))) {
      if (fs::is_regular_file(fs::status(path, ec))) one(path);
      continue;
    }
    std::vector<fs::path> files;
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      const fs::directory_entry& entry = *it;
      std::string name = entry.path().filename().string();
      if (!name.empty() && name.front() == '.') {
        if (entry.is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (entry.is_symlink(ec)) continue;
      if (entry.is_regular_file(ec)) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) one(file);
  }
  return kExitClean;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rocelint: checks RoCEv2 fabric configurations (PFC, ECN, buffers, watchdog, QoS maps) before rollout"};
  app.set_version_flag("--version", std::string("rocelint ") + ROCELINT_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it (diff: introduced ones); 2 usage or "
      "input error.\nExamples:\n  rocelint check fabric/\n  rocelint check fabric/ --format sarif -o rocelint.sarif\n"
      "  rocelint check fabric/ --format sarif=rocelint.sarif --format github\n"
      "  rocelint check fabric/ --baseline .rocelint-baseline.json\n  rocelint diff old/ new/ --format markdown\n"
      "  rocelint explain PFC001");

  OutputOptions output;
  CheckOptions check_options;
  auto* check = app.add_subcommand("check", "Analyse a fabric directory (one config_db.json per switch) or files");
  check->add_option("paths", check_options.paths, "Fabric directory or files")->required()->check(CLI::ExistingPath);
  addOutputOptions(check, output);
  check
      ->add_option("--state", output.state_dirs,
                   "Directory of live state (counters, routes) taken at one time; give it twice, oldest first, for "
                   "the increase between two snapshots (docs/audit.md)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->check(CLI::ExistingDirectory);
  auto* baseline =
      check
          ->add_option("--baseline", check_options.baseline,
                       "Report only findings not in this baseline file; list its entries that no longer occur")
          ->check(CLI::ExistingFile);
  check->add_option("--write-baseline", check_options.write_baseline, "Record the current findings in FILE and exit 0")
      ->excludes(baseline);

  DiffOptions diff_options;
  auto* diff = app.add_subcommand("diff", "Compare two versions of a fabric: findings introduced, fixed, unchanged");
  diff->add_option("old", diff_options.old_dir, "Fabric directory before the change")
      ->required()
      ->check(CLI::ExistingDirectory);
  diff->add_option("new", diff_options.new_dir, "Fabric directory after the change")
      ->required()
      ->check(CLI::ExistingDirectory);
  addOutputOptions(diff, output);

  auto* graph =
      app.add_subcommand("graph", "Write the buffer-dependency graph as Graphviz dot (exit 1 when it has a cycle)");
  std::vector<std::string> graph_paths;
  std::string graph_format = "dot";
  bool cycles_only = false;
  bool whole_graph = false;
  OutputOptions graph_output;
  graph->add_option("paths", graph_paths, "Fabric directory or files")->required()->check(CLI::ExistingPath);
  graph->add_option("--format", graph_format, "Output format")->check(CLI::IsMember({"dot"}))->capture_default_str();
  graph->add_option("--config", graph_output.config_path, "Configuration file (default: DIR/.rocelint.yaml)")
      ->check(CLI::ExistingFile);
  auto* cycles_flag =
      graph->add_flag("--cycles-only", cycles_only, "Only the witness cycles (default: every cyclic component)");
  graph->add_flag("--all", whole_graph, "The whole graph (large fabrics make large pictures)")->excludes(cycles_flag);
  graph->add_flag("--transient", graph_output.transient, "Routing right after local repair of admin-down links");
  graph->add_flag("-q,--quiet", graph_output.quiet, "No progress or summary on stderr");
  graph->add_option("-o,--output", graph_output.output_path, "Write the graph to FILE instead of stdout");

  auto* fix =
      app.add_subcommand("fix", "Write the smallest threshold change that clears the BUF/ECN findings (JSON Patches)");
  std::string fix_input;
  std::string fix_out;
  std::string fix_config;
  fix->add_option("dir", fix_input, "Fabric directory (never modified)")->required()->check(CLI::ExistingDirectory);
  fix->add_option("--out", fix_out, "Output directory: <file>.patch.json per changed config, patched/, summary.txt")
      ->required();
  fix->add_option("--config", fix_config, "Configuration file (default: DIR/.rocelint.yaml)")->check(CLI::ExistingFile);

  auto* rules = app.add_subcommand("rules", "List every rule with its id, default severity and title");
  std::string rules_format = "text";
  rules
      ->add_option("--format", rules_format,
                   "text: id, severity and title per line; json: id, name, severity, family, summary, doc page")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  auto* explain = app.add_subcommand("explain", "Print a rule's documentation page");
  std::string rule_id;
  explain->add_option("id", rule_id, "Rule id, e.g. PFC001")->required();

  auto* inputs = app.add_subcommand(
      "inputs", "List the files rocelint reads as fabric inputs (recognised by content, any name) and their formats");
  std::vector<std::string> input_paths;
  bool inputs_null = false;
  inputs->add_option("paths", input_paths, "Files or directories (a path that does not exist is passed over)")
      ->required();
  inputs->add_flag("-0,--null", inputs_null,
                   "Print only the inputs' paths, each ended by a NUL byte (for scripts: git hooks, xargs -0)");

  // Hidden: the zsh and fish completion scripts, from this definition (the build writes them).
  if (argc == 3 && std::string_view(argv[1]) == "--completion") {
    std::string_view shell(argv[2]);
    if (shell != "zsh" && shell != "fish") {
      std::cerr << "rocelint: error: --completion takes zsh or fish (bash: tools/completion/rocelint.bash)\n";
      return kExitInputError;
    }
    std::cout << (shell == "zsh" ? rocelint::completion::zsh(app) : rocelint::completion::fish(app));
    return kExitClean;
  }
  // Hidden: every command and its long options, one "command option" line each (tests check that
  // the man page and the shell completion name them all).
  if (argc == 2 && std::string_view(argv[1]) == "--dump-cli") {
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
      std::cout << sub->get_name() << '\n';
      for (const CLI::Option* opt : sub->get_options()) {
        for (const std::string& name : opt->get_lnames()) {
          if (name != "help") std::cout << sub->get_name() << " --" << name << '\n';
        }
      }
    }
    return kExitClean;
  }
  // Usage errors read like every other error: one "rocelint: error:" line, exit 2.
  if (auto why = mistyped(app, std::vector<std::string>(argv + 1, argv + argc))) {
    std::cerr << "rocelint: error: " << *why << '\n';
    return kExitInputError;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(e);  // --help, --version
    if (app.get_subcommands().empty()) {
      std::cerr << "rocelint: error: a command is required: check, diff, graph, fix, rules, explain or inputs (see "
                   "`rocelint --help`)\n";
    } else {
      std::cerr << "rocelint: error: " << e.what() << '\n';
    }
    return kExitInputError;
  }

  if (output.source_root.empty()) output.source_root = defaultSourceRoot();
  if (output.link_base.empty()) output.link_base = ciLinkBase();
  // Every command's answer, then a check that standard output took it (a full disk, a closed pipe).
  auto command = [&]() -> int {
    if (*check) return runCheck(check_options, output);
    if (*diff) return runDiff(diff_options, output);
    if (*graph) {
      using rocelint::GraphScope;
      return runGraph(graph_paths, graph_output,
                      whole_graph   ? GraphScope::All
                      : cycles_only ? GraphScope::Cycles
                                    : GraphScope::Sccs);
    }
    if (*fix) {
      rocelint::Config config;
      auto candidate = std::filesystem::path(fix_input) / ".rocelint.yaml";
      if (fix_config.empty() && std::filesystem::is_regular_file(candidate)) fix_config = candidate.string();
      if (!fix_config.empty()) config = rocelint::loadConfig(fix_config);
      rocelint::FixResult result = rocelint::runFix(fix_input, fix_out, config);
      std::cout << result.summary;
      if (!result.solved || !result.unrepaired.empty()) return kExitFindings;
      for (const auto& [id, count] : result.after) {
        if (count > 0) return kExitFindings;
      }
      return kExitClean;
    }
    if (*rules) {
      if (rules_format == "json") {
        rocelint::writeRulesJson(std::cout);
        return kExitClean;
      }
      for (const auto& rule : rocelint::allRules()) {
        std::cout << fmt::format("{:<8} {:<8} {}\n", rule.id, rocelint::severityName(rule.severity), rule.title);
      }
      return kExitClean;
    }
    if (*inputs) return runInputs(input_paths, inputs_null);
    if (*explain) {
      auto doc = rocelint::ruleDocumentation(upper(rule_id));  // explain pfc001 is PFC001
      if (!doc) {
        std::string hint = rocelint::cli::didYouMean(upper(rule_id), ruleWords(false));
        std::cerr << fmt::format("rocelint: error: no rule \"{}\"{}\n", rule_id,
                                 hint.empty() ? " (`rocelint rules` lists them)" : hint);
        return kExitInputError;
      }
      std::cout << *doc;
      return kExitClean;
    }
    return kExitInputError;
  };
  try {
    int code = command();
    std::cout.flush();
    if (!std::cout) {
      throw rocelint::InputError(
          fmt::format("standard output: cannot write: {}", std::error_code(errno, std::generic_category()).message()));
    }
    return code;
  } catch (const rocelint::InputError& e) {
    std::cerr << "rocelint: error: " << e.what() << '\n';
    return kExitInputError;
  } catch (const rocelint::ConfigError& e) {
    std::cerr << "rocelint: error: " << e.what() << '\n';
    return kExitInputError;
  } catch (const std::exception& e) {
    std::cerr << "rocelint: internal error: " << e.what() << '\n';
    return kExitInputError;
  }
  return kExitInputError;
}
