// rocelint fix: turns the BUF/ECN rules' conditions into linear constraints over the config's
// threshold fields, asks src/buffer_solver.cpp for the smallest change, and writes it as RFC 6902
// JSON Patches. docs/fix.md.

#include "rocelint/fix.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "input_limits.hpp"
#include "rocelint/buffer_solver.hpp"
#include "rocelint/consistency.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/headroom.hpp"
#include "rocelint/loader.hpp"
#include "rocelint/qos.hpp"
#include "text_file.hpp"

namespace rocelint {
namespace fs = std::filesystem;

const std::vector<std::string>& fixableRules() {
  static const std::vector<std::string> ids = {"BUF002", "BUF007", "BUF008", "BUF009", "BUF010", "BUF012", "ECN004"};
  return ids;
}

namespace {

using Op = RepairConstraint::Op;
constexpr std::int64_t kNoMax = INT64_MAX / 4;

/// "/WRED_PROFILE/AZURE_LOSSLESS/green_min_threshold" -> "WRED_PROFILE AZURE_LOSSLESS green_min_threshold".
std::string pointerText(const std::string& pointer) {
  std::string out;
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] == '/') {
      if (i > 0) out += ' ';
    } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
      out += pointer[++i] == '1' ? '/' : '~';
    } else {
      out += pointer[i];
    }
  }
  return out;
}

bool programmed(const Switch& sw, const Port& port) {
  return !port.isAdminDown() && (port.declared || !sw.has_port_table);
}

/// Turns the model into a repair problem: one variable per patchable config field involved.
class RepairBuilder {
 public:
  RepairBuilder(const Fabric& fabric, const Config& config) : fabric_(fabric), config_(config) {}

  std::vector<RepairVar> vars;
  std::vector<RepairConstraint> constraints;
  struct Field {
    std::string switch_name, file, pointer, what;
  };
  std::vector<Field> fields;  ///< per var (empty for auxiliaries)
  std::vector<std::string> skipped;

  void build() {
    for (const Switch& sw : fabric_.switches) {
      headroom(sw);
      pools(sw);
    }
    ecnBeforePfc();
    consistency();
    wredOrder();
  }

 private:
  bool enabled(const std::string& id) const { return !config_.isDisabled(id); }

  std::optional<std::size_t> field(const Switch& sw, const SourceRef& src, std::int64_t value, const std::string& what,
                                   std::int64_t min = 0, std::int64_t max = kNoMax) {
    if (src.file().size() < 5 || src.file().substr(src.file().size() - 5) != ".json" || src.jsonPointer().empty()) {
      return std::nullopt;  // derived from pg_profile_lookup.ini: no config_db line to patch
    }
    auto key = std::make_pair(src.file(), src.jsonPointer());
    auto [it, inserted] = index_.try_emplace(key, vars.size());
    if (inserted) {
      vars.push_back({fmt::format("{} {}", sw.name, what), value, min, max, false});
      fields.push_back({sw.name, src.file(), src.jsonPointer(), what});
    }
    return it->second;
  }

  template <class T>
  std::optional<std::size_t> field(const Switch& sw, const std::optional<Sourced<T>>& sourced, const std::string& what,
                                   std::int64_t min = 0, std::int64_t max = kNoMax) {
    if (!sourced) return std::nullopt;
    return field(sw, sourced->src, static_cast<std::int64_t>(sourced->value), what, min, max);
  }

  /// xon never drops below the ASIC's pipeline latency (nor below what is configured, if less).
  std::optional<std::size_t> xonField(const Switch& sw, const BufferProfile& profile) {
    if (!profile.xon_bytes) return std::nullopt;
    auto floor = static_cast<std::int64_t>(computeHeadroom(asicOf(sw, config_.params), HeadroomInputs{}).xon_bytes);
    auto xon = static_cast<std::int64_t>(profile.xon_bytes->value);
    return field(sw, profile.xon_bytes->src, xon, profileField(profile, "xon"), std::min(floor, xon));
  }

  std::size_t aux(const std::string& name) {
    vars.push_back({name, 0, 0, kNoMax, true});
    fields.push_back({});
    return vars.size() - 1;
  }

  void add(std::string name, std::vector<std::pair<std::size_t, std::int64_t>> terms, Op op, std::int64_t rhs) {
    constraints.push_back({std::move(name), std::move(terms), op, rhs});
  }

  static std::string profileField(const BufferProfile& p, const char* f) {
    return fmt::format("BUFFER_PROFILE {} {}", p.name, f);
  }

  void headroom(const Switch& sw) {
    std::set<const BufferProfile*> touched;
    for (const Port& port : sw.ports) {
      if (!programmed(sw, port)) continue;
      PrioritySet pfc = port.qos.pfcPriorities();
      for (int p = 0; p < 8; ++p) {
        const auto& pg = port.pgs[static_cast<std::size_t>(p)];
        if (!pfc.test(static_cast<std::size_t>(p)) || !pg || pg->null_profile) continue;
        const BufferProfile* profile = pgProfile(sw, *pg);
        if (profile == nullptr || profile->headroom_dynamic || !profile->xoff_bytes || profile->xoff_bytes->value == 0)
          continue;
        touched.insert(profile);
        std::uint64_t xoff = profile->xoff_bytes->value;
        auto need = enabled("BUF007") ? portHeadroomNeed(sw, port, config_.params) : std::nullopt;
        if (need) {
          auto v = field(sw, profile->xoff_bytes, profileField(*profile, "xoff"));
          std::string name =
              fmt::format("BUF007: {} {} PG {} ({} Mb/s, {} m) needs BUFFER_PROFILE {} xoff >= {}", sw.name, port.name,
                          p, need->in.speed_mbps, need->in.cable_length_m, profile->name, need->xoff_bytes);
          if (v) {
            add(name, {{*v, 1}}, Op::AtLeast, static_cast<std::int64_t>(need->xoff_bytes));
          } else if (xoff < need->xoff_bytes) {
            skipped.push_back(name + " (the profile comes from pg_profile_lookup.ini, not from config_db)");
          }
        }
        if (enabled("BUF008") && sw.buffer_model == BufferModel::Traditional && sw.pg_lookup && !profile->derived &&
            port.speed_mbps && port.cable_length_m) {
          if (const PgLookupRow* row = sw.pg_lookup->find(port.speed_mbps->value, port.cable_length_m->value)) {
            if (auto v = field(sw, profile->xoff_bytes, profileField(*profile, "xoff"))) {
              add(fmt::format("BUF008: {} {} PG {}: BUFFER_PROFILE {} xoff >= {} ({} row {} {}m)", sw.name, port.name,
                              p, profile->name, row->xoff_bytes, sw.pg_lookup->file, row->speed_mbps,
                              row->cable_length_m),
                  {{*v, 1}}, Op::AtLeast, static_cast<std::int64_t>(row->xoff_bytes));
            }
          }
        }
      }
    }
    // BUF002's invariant survives the repair: where size must hold xon + xoff, it still does.
    if (!enabled("BUF002") || sw.buffer_model != BufferModel::Traditional) return;
    for (const BufferProfile* profile : touched) {
      if (!profile->size_bytes || !profile->xon_bytes || profile->xon_offset_bytes || !profile->pool) continue;
      auto pool = sw.pools.find(profile->pool->name);
      if (pool == sw.pools.end() || pool->second.hasSharedHeadroom()) continue;
      auto size = field(sw, profile->size_bytes, profileField(*profile, "size"));
      auto xon = xonField(sw, *profile);
      auto xoff = field(sw, profile->xoff_bytes, profileField(*profile, "xoff"));
      if (!size || !xon || !xoff) continue;
      add(fmt::format("BUF002: {} BUFFER_PROFILE {} size >= xon + xoff (pool {} has no shared headroom)", sw.name,
                      profile->name, pool->first),
          {{*size, 1}, {*xon, -1}, {*xoff, -1}}, Op::AtLeast, 0);
    }
  }

  void pools(const Switch& sw) {
    struct Use {
      std::map<const BufferProfile*, std::int64_t> lossless;  // profile -> PG count
      std::int64_t fixed = 0;                                 // bytes that do not change
      std::int64_t xoff_count = 0;
    };
    std::map<std::string, Use> by_pool;
    for (const Port& port : sw.ports) {
      if (!programmed(sw, port)) continue;
      for (const auto& pg : port.pgs) {
        if (!pg || pg->null_profile) continue;
        const BufferProfile* profile = pgProfile(sw, *pg);
        if (profile == nullptr || !profile->pool || !sw.pools.count(profile->pool->name)) continue;
        Use& use = by_pool[profile->pool->name];
        bool lossless = !profile->headroom_dynamic && profile->xoff_bytes && profile->xoff_bytes->value > 0;
        if (lossless) {
          ++use.lossless[profile];
        } else {
          use.fixed += profile->size_bytes ? static_cast<std::int64_t>(profile->size_bytes->value) : 0;
        }
      }
    }
    for (const auto& [name, use] : by_pool) {
      const BufferPool& pool = sw.pools.at(name);
      if (use.lossless.empty()) continue;
      if (enabled("BUF009") && pool.size_bytes) {
        std::vector<std::pair<std::size_t, std::int64_t>> terms;
        std::int64_t fixed = use.fixed;
        for (const auto& [profile, count] : use.lossless) {
          auto size = field(sw, profile->size_bytes, profileField(*profile, "size"));
          auto xon = xonField(sw, *profile);
          auto xoff = field(sw, profile->xoff_bytes, profileField(*profile, "xoff"));
          std::int64_t size0 = profile->size_bytes ? static_cast<std::int64_t>(profile->size_bytes->value) : 0;
          if (!xoff || (profile->size_bytes && !size) || (profile->xon_bytes && !xon)) {
            std::int64_t xon0 = profile->xon_bytes ? static_cast<std::int64_t>(profile->xon_bytes->value) : 0;
            std::int64_t foot = pool.hasSharedHeadroom()
                                    ? size0
                                    : std::max(size0, xon0 + static_cast<std::int64_t>(profile->xoff_bytes->value));
            fixed += count * foot;
            continue;
          }
          std::size_t f = aux(fmt::format("{} footprint of a PG of {}", sw.name, profile->name));
          if (size)
            add(fmt::format("{} footprint of {} >= its size", sw.name, profile->name), {{f, 1}, {*size, -1}},
                Op::AtLeast, 0);
          if (!pool.hasSharedHeadroom()) {
            std::vector<std::pair<std::size_t, std::int64_t>> t = {{f, 1}, {*xoff, -1}};
            if (xon) t.push_back({*xon, -1});
            add(fmt::format("{} footprint of {} >= xon + xoff", sw.name, profile->name), t, Op::AtLeast, 0);
          }
          terms.push_back({f, count});
        }
        add(fmt::format("BUF009: {} pool {}: reservations <= size {} (the pool is the ASIC's memory budget; fix does "
                        "not grow it)",
                        sw.name, name, pool.size_bytes->value),
            terms, Op::AtMost, static_cast<std::int64_t>(pool.size_bytes->value) - fixed);
      }
      if (enabled("BUF010") && pool.hasSharedHeadroom() && sw.over_subscribe_ratio &&
          sw.over_subscribe_ratio->value > 0) {
        auto shp = field(sw, pool.shared_headroom_bytes, fmt::format("BUFFER_POOL {} xoff", name));
        if (!shp) continue;
        std::vector<std::pair<std::size_t, std::int64_t>> terms = {{*shp, sw.over_subscribe_ratio->value}};
        std::int64_t fixed = 0;
        for (const auto& [profile, count] : use.lossless) {
          if (auto xoff = field(sw, profile->xoff_bytes, profileField(*profile, "xoff"))) {
            terms.push_back({*xoff, -count});
          } else {
            fixed += count * static_cast<std::int64_t>(profile->xoff_bytes->value);
          }
        }
        add(fmt::format("BUF010: {} pool {}: xoff x over_subscribe_ratio {} >= the lossless PGs' xoff", sw.name, name,
                        sw.over_subscribe_ratio->value),
            terms, Op::AtLeast, fixed);
      }
    }
  }

  void ecnBeforePfc() {
    if (!enabled("ECN004")) return;
    for (const SwitchBufferResult& result : solveEcnBeforePfc(fabric_, config_.params)) {
      const Switch* sw = fabric_.findSwitch(result.problem.switch_name);
      for (std::size_t i = 0; i < result.answers.size(); ++i) {
        if (!result.answers[i].violated) continue;
        const EcnPfcQuestion& q = result.problem.questions[i];
        auto limit = static_cast<std::int64_t>(std::floor(result.answers[i].pg_total_bytes));
        auto v = field(*sw, q.ecn_min_src, static_cast<std::int64_t>(q.ecn_min_bytes),
                       fmt::format("WRED_PROFILE {} green_min_threshold", q.wred_profile));
        if (!v) continue;
        add(fmt::format("ECN004: {} PG {} ({}): WRED_PROFILE {} green_min_threshold <= {}, the earliest PFC trigger",
                        sw->name, q.priority, result.problem.classes[q.pg_class].profile, q.wred_profile, limit),
            {{*v, 1}}, Op::AtMost, limit);
        wred_.insert({sw, q.wred_profile});
      }
    }
  }

  void consistency() {
    if (!enabled("BUF012")) return;
    for (const WatermarkCell& cell : watermarkCells(fabric_)) {
      std::set<std::string> values;
      for (const auto& o : cell.switches) values.insert(o.value);
      if (cell.switches.size() < 2 || values.size() < 2) continue;
      std::vector<std::size_t> ids;
      for (const auto& o : cell.switches) {
        const Switch* sw = fabric_.findSwitch(o.switch_name);
        bool th = cell.field == "dynamic_th";
        auto v = field(*sw, o.src, std::stoll(o.value), pointerText(o.src.jsonPointer()), th ? -8 : 0, th ? 7 : kNoMax);
        if (!v) break;
        ids.push_back(*v);
        if (cell.field.rfind("green_", 0) == 0) wredOf(*sw, o.port, cell.pg);
      }
      if (ids.size() != cell.switches.size()) continue;
      for (std::size_t i = 1; i < ids.size(); ++i) {
        add(fmt::format("BUF012: group {} PG {}: {} equal on {} and {}", cell.group, cell.pg, cell.field,
                        cell.switches[0].switch_name, cell.switches[i].switch_name),
            {{ids[0], 1}, {ids[i], -1}}, Op::Equal, 0);
      }
    }
  }

  void wredOf(const Switch& sw, const std::string& port_name, int pg) {
    const Port* port = sw.findPort(port_name);
    if (port == nullptr) return;
    const PortQueue* queue = port->queue(queueOfTc(sw, *port, pg));
    if (queue != nullptr && queue->wred_profile) wred_.insert({&sw, queue->wred_profile->name});
  }

  // ECN002's invariant for every WRED profile the repair touches: min stays below max.
  void wredOrder() {
    for (const auto& [sw, name] : wred_) {
      auto it = sw->wred_profiles.find(name);
      if (it == sw->wred_profiles.end()) continue;
      const WredColor& green = it->second.color(Color::Green);
      auto min = field(*sw, green.min_threshold_bytes, fmt::format("WRED_PROFILE {} green_min_threshold", name));
      auto max = field(*sw, green.max_threshold_bytes, fmt::format("WRED_PROFILE {} green_max_threshold", name));
      if (!min || !max) continue;
      add(fmt::format("ECN002: {} WRED_PROFILE {} green_min_threshold < green_max_threshold", sw->name, name),
          {{*min, 1}, {*max, -1}}, Op::AtMost, -1);
    }
  }

  const Fabric& fabric_;
  const Config& config_;
  std::map<std::pair<std::string, std::string>, std::size_t> index_;
  std::set<std::pair<const Switch*, std::string>> wred_;
};

std::map<std::string, int> countFixable(const Report& report) {
  std::map<std::string, int> counts;
  for (const auto& id : fixableRules()) counts[id] = 0;
  for (const Finding& f : report.findings) {
    if (counts.count(f.rule)) ++counts[f.rule];
  }
  return counts;
}

void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();  // a full disk shows at close
  if (!out) throw InputError(fmt::format("{}: cannot write", path.string()));
}

/// The file's text as the loader read it (UTF-8, LF line ends), so a patch applies to what was checked.
std::string readFile(const fs::path& path) {
  try {
    return textio::readText(path, limits::kDefaultMaxFileBytes).text;
  } catch (const textio::ReadError& e) {
    throw InputError(e.what());
  }
}

/// Copies the fabric directory for patched/ as it is on disk, reading nothing the walk would not:
/// directories and regular files are copied, symbolic links are reproduced as links (never
/// followed: a link loop, or a link to a file outside the fabric, must not be read and copied),
/// and FIFOs, devices and sockets are left out (opening a FIFO blocks). An unreadable
/// sub-directory is left out as the walk leaves it out.
void copyFabric(const fs::path& from, const fs::path& to) {
  std::error_code error;
  fs::recursive_directory_iterator it(from, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    fs::path target = to / it->path().lexically_relative(from);
    fs::file_status status = it->symlink_status(error);
    if (error) break;
    if (fs::is_symlink(status)) {
      fs::copy_symlink(it->path(), target);
    } else if (fs::is_directory(status)) {
      fs::create_directories(target);
    } else if (fs::is_regular_file(status)) {
      fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing);
    }
  }
  if (error)
    throw InputError(fmt::format("{}: cannot copy the fabric for patched/: {}", from.string(), error.message()));
}

}  // namespace

FixResult runFix(const std::string& input, const std::string& out_dir, const Config& config) {
  FixResult result;
  fs::path in = fs::weakly_canonical(input);
  fs::path out = fs::weakly_canonical(out_dir);
  if (!fs::is_directory(in)) throw InputError(fmt::format("{}: fix needs a fabric directory", input));
  auto [a, b] = std::mismatch(in.begin(), in.end(), out.begin(), out.end());
  if (a == in.end())
    throw InputError(fmt::format("{}: the output directory must be outside the input {}", out_dir, input));
  if (fs::exists(fs::symlink_status(out)) && !fs::is_directory(out))
    throw InputError(fmt::format("{}: the output directory exists and is not a directory", out_dir));

  Fabric fabric = loadFabric({input});
  // A repair computed without a switch misses its constraints: every file must be read.
  for (const InputNote& note : fabric.notes) {
    if (note.kind != InputNote::Kind::MalformedFile) continue;
    throw InputError(fmt::format(
        "{}: {}: fix needs every file of the fabric well-formed (CFG006); correct it and "
        "run again",
        note.src.line > 0 ? fmt::format("{}:{}", note.src.file(), note.src.line) : note.src.file(), note.message));
  }
  if (fabric.switches.empty()) {  // fix repairs switch configurations only
    throw InputError(fmt::format("{}: no switch configuration was loaded: nothing to repair", input));
  }
  Report initial = analyze(fabric, config);
  result.before = countFixable(initial);
  // fix edits config_db JSON only: what the other syntaxes need is listed in their own words.
  std::set<std::string> foreign;  // switches described by no config_db file
  std::map<std::string, std::string> syntax_of;
  for (const Switch& sw : fabric.switches) {
    bool config_db = false;
    for (const std::string& file : sw.files) {
      std::optional<std::string> format = recogniseFile(file).format;
      if (format && *format == "SONiC config_db") config_db = true;
      if (format && !syntax_of.count(sw.name)) syntax_of[sw.name] = *format;
    }
    if (!config_db) foreign.insert(sw.name);
  }
  for (const Finding& f : initial.findings) {
    if (!foreign.count(f.switch_name) || (f.rule.rfind("BUF", 0) != 0 && f.rule.rfind("ECN", 0) != 0)) continue;
    std::string where = f.location.known() ? fs::relative(fs::weakly_canonical(f.location.file()), in).string() : "";
    if (f.location.line > 0) where += fmt::format(":{}", f.location.line);
    result.unrepaired.push_back(fmt::format("{}: {} {}{}: {}", where, f.rule, f.switch_name,
                                            f.port.empty() ? "" : " " + f.port, f.fix.empty() ? f.message : f.fix));
  }
  RepairBuilder builder(fabric, config);
  builder.build();
  result.skipped = builder.skipped;
  RepairSolution solution = solveMinimalRepair(builder.vars, builder.constraints);
  std::ostringstream summary;
  summary << fmt::format(
      "rocelint fix {}: {} fields, {} constraints\n", input,
      std::count_if(builder.vars.begin(), builder.vars.end(), [](const RepairVar& v) { return !v.auxiliary; }),
      builder.constraints.size());
  if (!foreign.empty()) {
    std::map<std::string, int> per_syntax;
    for (const std::string& name : foreign) ++per_syntax[syntax_of.count(name) ? syntax_of[name] : "unknown"];
    std::string syntaxes;
    for (const auto& [syntax, n] : per_syntax)
      syntaxes += fmt::format("{}{} {}", syntaxes.empty() ? "" : ", ", n, syntax);
    summary << fmt::format(
        "fix writes patches for SONiC config_db files only; {} of {} switch(es) are in other syntaxes ({}) and are "
        "not repaired{}\n",
        foreign.size(), fabric.switches.size(), syntaxes,
        result.unrepaired.empty() ? ": they have no BUF or ECN finding" : "; change these statements by hand:");
    for (const std::string& line : result.unrepaired) summary << "  " << line << "\n";
  }
  if (!solution.solved) {
    result.conflict = solution.core;
    summary << "no repair satisfies every constraint; these conflict:\n";
    for (const auto& name : solution.core) summary << "  " << name << "\n";
    result.summary = summary.str();
    writeFile(out / "summary.txt", result.summary);
    result.written.push_back("summary.txt");
    return result;
  }
  result.solved = true;
  std::map<std::string, std::vector<FieldChange>> by_file;
  for (std::size_t i = 0; i < builder.vars.size(); ++i) {
    if (builder.vars[i].auxiliary || solution.values[i] == builder.vars[i].original) continue;
    const auto& f = builder.fields[i];
    FieldChange change{f.switch_name, f.file, f.pointer, f.what, builder.vars[i].original, solution.values[i]};
    result.changes.push_back(change);
    by_file[f.file].push_back(change);
  }
  std::sort(result.changes.begin(), result.changes.end(), [](const FieldChange& x, const FieldChange& y) {
    return std::tie(x.switch_name, x.file, x.pointer) < std::tie(y.switch_name, y.file, y.pointer);
  });

  // The patched fabric: a copy of the input with each file's patch applied.
  fs::path patched = out / "patched";
  fs::remove_all(patched);
  fs::create_directories(patched);
  copyFabric(in, patched);
  for (auto& [file, changes] : by_file) {
    std::sort(changes.begin(), changes.end(),
              [](const FieldChange& x, const FieldChange& y) { return x.pointer < y.pointer; });
    nlohmann::json patch = nlohmann::json::array();
    for (const auto& c : changes)
      patch.push_back({{"op", "replace"}, {"path", c.pointer}, {"value", std::to_string(c.to)}});
    fs::path rel = fs::relative(fs::weakly_canonical(file), in);
    writeFile(out / (rel.string() + ".patch.json"), patch.dump(2) + "\n");
    result.written.push_back(rel.string() + ".patch.json");
    nlohmann::json doc = nlohmann::json::parse(readFile(file));
    writeFile(patched / rel, doc.patch(patch).dump(4) + "\n");
  }
  result.after = countFixable(analyze(loadFabric({patched.string()}), config));

  summary << fmt::format("{} change(s) in {} file(s):\n", result.changes.size(), by_file.size());
  for (const auto& c : result.changes) {
    summary << fmt::format("  {} {}: {} -> {}  ({} {})\n", c.switch_name, c.what, c.from, c.to,
                           fs::relative(fs::weakly_canonical(c.file), in).string(), c.pointer);
  }
  for (const auto& s : result.skipped) summary << "  not repairable: " << s << "\n";
  summary << "findings the repair addresses, before -> after (re-checked on patched/):\n";
  for (const auto& id : fixableRules()) {
    if (result.before[id] == 0 && result.after[id] == 0) continue;
    summary << fmt::format("  {}: {} -> {}\n", id, result.before[id], result.after[id]);
  }
  result.summary = summary.str();
  writeFile(out / "summary.txt", result.summary);
  result.written.push_back("summary.txt");
  std::sort(result.written.begin(), result.written.end());
  return result;
}

}  // namespace rocelint
