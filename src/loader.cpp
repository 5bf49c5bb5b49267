#include "rocelint/loader.hpp"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "located_json.hpp"
#include "pg_profile_lookup.hpp"
#include "port_config.hpp"
#include "sonic_config_db.hpp"
#include "sonic_minigraph.hpp"
#include "topology.hpp"
#include "topology_source.hpp"
#include "vendor_format.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

struct InputFile {
  fs::path path;
  fs::path root;  ///< the directory argument it was found under (empty for file arguments)
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot open file", path.string()));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Files rocelint never treats as fabric inputs: documentation, scripts, its own config.
bool ignoredSilently(const fs::path& path) {
  std::string name = path.filename().string();
  if (name.empty() || name.front() == '.') return true;
  static const std::vector<std::string> extensions = {".md", ".txt", ".py", ".sh", ".rst", ".csv", ".png", ".svg", ".log"};
  std::string ext = path.extension().string();
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

// YAML is read (NVUE, containerlab, topology.yaml are YAML) but a network-as-code repository
// holds much other YAML (Ansible variables, CI files): an unrecognised one is skipped silently.
bool isYaml(const std::string& ext) { return ext == ".yaml" || ext == ".yml"; }

std::vector<InputFile> collect(const std::vector<std::string>& paths, const PathFilter& filter) {
  std::vector<InputFile> files;
  for (const auto& given : paths) {
    fs::path path(given);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> found;
      for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
           it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) break;
        if (it->path().filename().string().front() == '.' && it->is_directory()) {
          it.disable_recursion_pending();
          continue;
        }
        if (it->is_regular_file() && !ignoredSilently(it->path()) &&
            filter.accepts(it->path().lexically_relative(path).generic_string())) {
          found.push_back(it->path());
        }
      }
      if (ec) throw InputError(fmt::format("{}: cannot read directory: {}", given, ec.message()));
      std::sort(found.begin(), found.end());
      for (auto& f : found) files.push_back({f, path});
    } else if (fs::is_regular_file(path, ec)) {
      files.push_back({path, {}});
    } else {
      throw InputError(fmt::format("{}: no such file or directory", given));
    }
  }
  return files;
}

/// The documents of one vendor format that describe a switch, in load order.
struct VendorDocuments {
  const vendor::SwitchFormat* format = nullptr;
  std::vector<std::unique_ptr<vendor::Document>> documents;
  std::string first_file;
};

struct PendingSwitch {
  sonic::TableStore store;
  std::vector<VendorDocuments> vendor;  ///< in registry order of their formats
  std::vector<std::string> files;
  bool from_minigraph = false;  ///< a minigraph contributed tables
};

bool startsLikeJson(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && (text[first] == '{' || text[first] == '[');
}

struct PendingLookup {
  std::shared_ptr<const PgLookupTable> table;
  std::string scope;  ///< directory name: a switch, a hwsku, or "" for every switch
};

struct PendingPortConfig {
  std::shared_ptr<const sonic::PortConfigTable> table;
  std::string scope;  ///< as for PendingLookup
  fs::path dir;       ///< the directory it is in
};

/// How well a platform file in directory `scope` fits a switch: its own directory (3) beats its
/// hwsku's directory (2) beats the fabric root (1); 0 means it does not apply.
int scopeRank(const std::string& scope, const std::string& switch_name, const std::string& hwsku) {
  if (scope == switch_name) return 3;
  if (!hwsku.empty() && scope == hwsku) return 2;
  return scope.empty() ? 1 : 0;
}

/// The port_config.ini that applies to a switch, or nullptr. A directory holding one of the
/// switch's files is its own directory, whatever its name.
const sonic::PortConfigTable* portConfigFor(const std::vector<PendingPortConfig>& tables, const std::string& switch_name,
                                            const std::string& hwsku, const std::vector<std::string>& switch_files) {
  const sonic::PortConfigTable* best = nullptr;
  int best_rank = 0;
  for (const auto& t : tables) {
    int rank = scopeRank(t.scope, switch_name, hwsku);
    for (const auto& f : switch_files) {
      if (fs::path(f).parent_path() == t.dir) rank = 3;
    }
    if (rank > best_rank) {
      best_rank = rank;
      best = t.table.get();
    }
  }
  return best;
}

/// DEVICE_METADATA|localhost.hwsku of a table store ("" when absent).
std::string hwskuOf(const sonic::TableStore& store) {
  const auto* metadata = store.table("DEVICE_METADATA");
  if (metadata == nullptr) return "";
  auto it = metadata->find("localhost");
  if (it == metadata->end()) return "";
  auto f = it->second.fields.find("hwsku");
  return f == it->second.fields.end() ? "" : f->second.value;
}

std::string lookupScope(const InputFile& file) {
  if (file.root.empty()) return "";
  fs::path parent = file.path.parent_path();
  if (fs::weakly_canonical(parent) == fs::weakly_canonical(file.root)) return "";
  return parent.filename().string();
}

std::string defaultSwitchName(const InputFile& file) {
  fs::path parent = file.path.parent_path();
  if (!file.root.empty() && fs::weakly_canonical(parent) != fs::weakly_canonical(file.root)) {
    return parent.filename().string();
  }
  return file.path.stem().string();
}

/// The switches an LLDP file without lldp_loc_chassis may describe: its stem without a ".lldp" /
/// "-lldp" / "_lldp" suffix ("lldp/leaf1.lldp.json" is leaf1's), then its directory ("leaf1/lldp.json").
std::vector<std::string> lldpSwitchNames(const InputFile& file) {
  std::string stem = file.path.stem().string();
  for (const char* suffix : {".lldp", "-lldp", "_lldp"}) {
    std::string s(suffix);
    if (stem.size() > s.size() && stem.compare(stem.size() - s.size(), s.size(), s) == 0) {
      stem.resize(stem.size() - s.size());
      break;
    }
  }
  std::vector<std::string> names = {stem};
  std::string dir = lookupScope(file);
  if (!dir.empty() && dir != stem) names.push_back(dir);
  return names;
}

void skip(Fabric& fabric, const fs::path& path, const std::string& why) {
  fabric.notes.push_back(makeNote(InputNote::Kind::SkippedFile, "", "", fmt::format("{} skipped: {}", path.string(), why),
                          SourceRef{path.string(), 1, 1, OriginKind::None, ""}));
}

// The traditional buffer model creates lossless PGs at run time from pg_profile_lookup.ini
// (buffermgrd): BUFFER_PG|<port>|<pfc_enable> -> pg_lossless_<speed>_<cable>_profile.
void deriveLosslessPgs(Switch& sw) {
  if (sw.buffer_model != BufferModel::Traditional || !sw.pg_lookup) return;
  for (Port& port : sw.ports) {
    PrioritySet pfc = port.qos.pfcPriorities();
    // buffermgrd reads CABLE_LENGTH: a topology link length does not change what the switch programs.
    const auto& cable = port.cable_length_from_topology ? port.configured_cable_length_m : port.cable_length_m;
    if (pfc.none() || port.isAdminDown() || !port.speed_mbps || !cable) continue;
    if (cable->value == 0) continue;  // "0m": no lossless profile by design
    const PgLookupRow* row = sw.pg_lookup->find(port.speed_mbps->value, cable->value);
    if (row == nullptr) continue;
    std::string name = fmt::format("pg_lossless_{}_{}m_profile", row->speed_mbps, row->cable_length_m);
    if (!sw.profiles.count(name)) {
      BufferProfile profile;
      profile.name = name;
      profile.pool = Reference{"ingress_lossless_pool", row->src, false};
      profile.size_bytes = Sourced<std::uint64_t>{row->size_bytes, row->src};
      profile.xon_bytes = Sourced<std::uint64_t>{row->xon_bytes, row->src};
      profile.xoff_bytes = Sourced<std::uint64_t>{row->xoff_bytes, row->src};
      if (row->xon_offset_bytes) profile.xon_offset_bytes = Sourced<std::uint64_t>{*row->xon_offset_bytes, row->src};
      profile.dynamic_th = Sourced<int>{row->threshold, row->src};
      profile.derived = true;
      profile.src = row->src;
      sw.profiles.emplace(name, std::move(profile));
    }
    for (std::size_t p = 0; p < 8; ++p) {
      if (!pfc.test(p) || port.pgs[p]) continue;
      port.pgs[p] = PriorityGroup{static_cast<int>(p), Reference{name, row->src, false}, false, true, row->src};
    }
  }
}

void buildLinksAndHosts(Fabric& fabric) {
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    const Switch& sw = fabric.switches[s];
    for (std::size_t p = 0; p < sw.ports.size(); ++p) {
      const Port& port = sw.ports[p];
      if (!port.neighbor) continue;
      auto peer_switch = fabric.switch_index.find(port.neighbor->device);
      if (peer_switch == fabric.switch_index.end()) {
        fabric.hosts.push_back({port.neighbor->device, {s, p}});
        continue;
      }
      const Switch& peer = fabric.switches[peer_switch->second];
      const Port* back = peer.findPortByNameOrAlias(port.neighbor->port);
      if (back == nullptr || !back->neighbor || back->neighbor->device != sw.name) continue;
      if (back->neighbor->port != port.name && (port.alias.empty() || back->neighbor->port != port.alias)) continue;
      PortRef here{s, p};
      PortRef there{peer_switch->second, static_cast<std::size_t>(back - peer.ports.data())};
      // Each agreeing pair is seen from both ends; keep it once, ordered.
      if (s < there.sw || (s == there.sw && p < there.port)) fabric.links.push_back({here, there});
    }
  }
}


/// What building one switch produced (on a worker thread); merged in switch order.
struct BuiltSwitch {
  Switch sw;
  std::vector<InputNote> notes;
  std::map<std::string, int> out_of_scope;
  std::vector<ParseCoverage> coverage;
};

/// What reading one input file produced (phase 1, on a worker thread).
struct ParsedFile {
  enum class Kind : std::uint8_t { Lookup, PortConfig, Sonic, Minigraph, Vendor, Topology, Skipped, Ignored, Failed } kind = Kind::Skipped;
  std::shared_ptr<PgLookupTable> lookup;
  std::shared_ptr<const sonic::PortConfigTable> port_config;
  std::optional<sonic::Minigraph> minigraph;
  bool lacks_port_table = false;  ///< a SONiC file without PORT rows (port_config.ini may supply them)
  bool named_by_path = false;     ///< no host name in the file: named after its directory or stem
  std::optional<sonic::DeviceTables> device;  ///< tables, unless they were built into `built`
  std::optional<BuiltSwitch> built;           ///< the switch as if this file were its only one
  std::optional<topology::TopologySource> topology;  ///< for Kind::Topology
  const vendor::SwitchFormat* format = nullptr;  ///< for Kind::Vendor
  std::unique_ptr<vendor::Document> document;    ///< for Kind::Vendor
  std::string switch_name;
  std::string why;  ///< skip reason or error message
};

/// Reads one file. With `build`, a SONiC file is also built into a Switch right away and its
/// tables are freed: most fabrics have one file per switch, and keeping every file's tables
/// until all are read would double the loader's peak memory. The rare switch described by
/// several files is read again and merged (see loadFabric).
ParsedFile readInput(const InputFile& file, bool build) {
  ParsedFile out;
  std::string name = file.path.filename().string();
  std::string ext = file.path.extension().string();
  std::string display = file.path.string();
  try {
    if (isPgProfileLookupName(name)) {
      out.kind = ParsedFile::Kind::Lookup;
      out.lookup = std::make_shared<PgLookupTable>(parsePgProfileLookup(readFile(file.path), display));
      return out;
    }
    // The format is recognised by content; the extension only words the "skipped" note.
    std::string text = readFile(file.path);
    if (sonic::looksLikePortConfig(name, text)) {
      out.kind = ParsedFile::Kind::PortConfig;
      out.port_config = std::make_shared<const sonic::PortConfigTable>(sonic::parsePortConfig(text, display));
      return out;
    }
    if (ext == ".json" || startsLikeJson(text)) {
      json::Node root;
      json::ParseFailure failure;
      if (!json::parse(text, root, failure)) {
        throw InputError(fmt::format("{}:{}:{}: invalid JSON: {}", display, failure.line, failure.column, failure.message));
      }
      if (topology::looksLikeLldp(root)) {
        out.topology = topology::parseLldp(root, display, lldpSwitchNames(file));
        out.kind = ParsedFile::Kind::Topology;
        return out;
      }
      if (!sonic::looksLikeConfigDb(root)) {
        out.why = "JSON that is neither a SONiC config_db (no TABLE or TABLE|key members) nor LLDP neighbours (no lldp or lldpNeighbors)";
        return out;
      }
      out.device = sonic::readConfigDb(root, display);
      out.switch_name = out.device->hostname ? *out.device->hostname : defaultSwitchName(file);
      out.named_by_path = !out.device->hostname;
      out.lacks_port_table = out.device->store.table("PORT") == nullptr;
      out.kind = ParsedFile::Kind::Sonic;
      if (build) {
        root = json::Node{};
        BuiltSwitch& b = out.built.emplace();
        b.sw.name = out.switch_name;
        b.sw.files = {display};
        sonic::buildSwitch(out.device->store, b.sw, b.notes, b.out_of_scope);
        out.device->store = sonic::TableStore{};
      }
      return out;
    }
    // Checked before the vendor formats: Junos XML is .xml too, but its root is not DeviceMiniGraph.
    if (sonic::looksLikeMinigraph(text)) {
      out.minigraph = sonic::parseMinigraph(text, display);
      out.switch_name = out.minigraph->hostname.value;
      out.kind = ParsedFile::Kind::Minigraph;
      return out;
    }
    // Checked before the vendor formats: NVUE is YAML too.
    if (topology::looksLikePlan(text)) {
      out.topology = topology::parsePlan(text, display);
      out.kind = ParsedFile::Kind::Topology;
      return out;
    }
    if (topology::looksLikeContainerlab(text)) {
      out.topology = topology::parseContainerlab(text, display);
      out.kind = ParsedFile::Kind::Topology;
      return out;
    }
    if (const vendor::SwitchFormat* format = vendor::recognise(text, ext)) {
      out.document = format->parse(text, display);
      out.format = format;
      std::optional<std::string> hostname = format->hostname(*out.document);
      out.switch_name = hostname ? *hostname : defaultSwitchName(file);
      out.named_by_path = !hostname;
      out.kind = ParsedFile::Kind::Vendor;
      return out;
    }
    if (isYaml(ext)) {
      out.kind = ParsedFile::Kind::Ignored;
    } else if (ext == ".xml") {
      out.why = "XML that is not a SONiC minigraph (root DeviceMiniGraph) nor a Junos configuration (<configuration>)";
    } else if (ext == ".ini") {
      out.why = "only pg_profile_lookup.ini and port_config.ini (with its \"# name lanes ...\" header) are read among SONiC platform .ini files";
    } else if (ext == ".cfg" || ext == ".conf") {
      out.why = "not an EOS or NX-OS running-config nor a Junos configuration";
    } else {
      out.why = "not a recognised input format";
    }
  } catch (const InputError& e) {
    out.kind = ParsedFile::Kind::Failed;
    out.why = e.what();
  }
  return out;
}

bool describesSwitch(const ParsedFile& file) {
  return file.kind == ParsedFile::Kind::Sonic || file.kind == ParsedFile::Kind::Minigraph ||
         file.kind == ParsedFile::Kind::Vendor;
}

/// A file in a switch sub-directory that names no switch joins the one switch the other files of
/// that directory name: the QoS and buffer JSON sonic-cfggen rendered from a minigraph, next to
/// that minigraph. (At the fabric root, files without a host name stay named after themselves.)
void adoptDirectoryHostnames(const std::vector<InputFile>& files, std::vector<ParsedFile>& parsed) {
  std::map<fs::path, std::set<std::string>> declared;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (describesSwitch(parsed[i]) && !parsed[i].named_by_path) declared[files[i].path.parent_path()].insert(parsed[i].switch_name);
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!describesSwitch(parsed[i]) || !parsed[i].named_by_path || lookupScope(files[i]).empty()) continue;
    auto it = declared.find(files[i].path.parent_path());
    if (it == declared.end() || it->second.size() != 1) continue;
    parsed[i].switch_name = *it->second.begin();
    if (parsed[i].built) parsed[i].built->sw.name = parsed[i].switch_name;
  }
}

/// Runs `work(i)` for i in [0, n) on every core; the first exception is rethrown.
void parallelFor(std::size_t n, const std::function<void(std::size_t)>& work) {
  unsigned threads = std::max(1U, std::min<unsigned>(std::thread::hardware_concurrency(), static_cast<unsigned>(n)));
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex mu;
  auto worker = [&]() {
    for (std::size_t i = next.fetch_add(1); i < n; i = next.fetch_add(1)) {
      try {
        work(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

bool PathFilter::accepts(const std::string& relative_path) const {
  auto matchesAny = [&](const std::vector<std::string>& globs) {
    return std::any_of(globs.begin(), globs.end(),
                        [&](const std::string& glob) { return fnmatch(glob.c_str(), relative_path.c_str(), 0) == 0; });
  };
  if (!include.empty() && !matchesAny(include)) return false;
  return !matchesAny(exclude);
}

Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress) {
  return loadFabric(paths, progress, PathFilter{});
}

Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress, const PathFilter& filter) {
  Fabric fabric;
  std::map<std::string, PendingSwitch> pending;
  std::vector<PendingLookup> lookups;

  // Phase 1, parallel: read and parse every file on its own (SONiC files are built right away).
  std::vector<InputFile> files = collect(paths, filter);
  std::vector<ParsedFile> parsed(files.size());
  std::atomic<std::size_t> done{0};
  std::mutex progress_mu;
  parallelFor(files.size(), [&](std::size_t i) {
    parsed[i] = readInput(files[i], true);
    std::size_t finished = done.fetch_add(1) + 1;
    if (progress) {
      std::lock_guard<std::mutex> lock(progress_mu);
      progress(finished - 1, files.size());  // files done before this one, as a sequential loader counts
    }
  });
  adoptDirectoryHostnames(files, parsed);
  std::vector<PendingPortConfig> port_configs;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (parsed[i].kind == ParsedFile::Kind::PortConfig) {
      port_configs.push_back({parsed[i].port_config, lookupScope(files[i]), files[i].path.parent_path()});
    }
  }
  // Which switches more than one file describes: those are read again and merged.
  std::map<std::string, int> files_of_switch;
  for (const ParsedFile& file : parsed) {
    if (describesSwitch(file)) ++files_of_switch[file.switch_name];
  }
  // Phase 2, in file order (later files win a conflict, errors are reported for the first file).
  std::map<std::string, BuiltSwitch> ready;
  std::vector<topology::TopologySource> topology_sources;
  for (std::size_t i = 0; i < files.size(); ++i) {
    ParsedFile& file = parsed[i];
    std::string display = files[i].path.string();
    switch (file.kind) {
      case ParsedFile::Kind::Failed: throw InputError(file.why);
      case ParsedFile::Kind::Skipped: skip(fabric, files[i].path, file.why); break;
      case ParsedFile::Kind::Ignored: break;
      case ParsedFile::Kind::Lookup:
        lookups.push_back({std::move(file.lookup), lookupScope(files[i])});
        ++fabric.files_loaded;
        break;
      case ParsedFile::Kind::PortConfig: ++fabric.files_loaded; break;
      case ParsedFile::Kind::Topology:
        topology_sources.push_back(std::move(*file.topology));
        ++fabric.files_loaded;
        break;
      case ParsedFile::Kind::Minigraph: {
        std::string hwsku = file.minigraph->hwsku ? file.minigraph->hwsku->value : "";
        const sonic::PortConfigTable* ports = portConfigFor(port_configs, file.switch_name, hwsku, {display});
        std::vector<InputNote> notes;
        sonic::TableStore tables = sonic::renderMinigraph(*file.minigraph, ports, notes);
        PendingSwitch& target = pending[file.switch_name];
        sonic::mergeTables(target.store, tables, file.switch_name, fabric.notes);
        target.from_minigraph = true;
        for (auto& note : notes) fabric.notes.push_back(std::move(note));
        target.files.push_back(display);
        ++fabric.files_loaded;
        break;
      }
      case ParsedFile::Kind::Sonic: {
        // Without PORT rows, a port_config.ini may supply them: the switch is built in phase 3.
        bool alone = files_of_switch[file.switch_name] == 1 && !(file.lacks_port_table && !port_configs.empty());
        if (!alone) {
          std::string name = file.switch_name;  // may have been adopted from the directory
          file = readInput(files[i], false);     // its tables were freed: read them again
          file.switch_name = name;
        }
        for (auto& note : file.device->notes) {
          note.switch_name = file.switch_name;
          fabric.notes.push_back(std::move(note));
        }
        if (alone) {
          ready.emplace(file.switch_name, std::move(*file.built));
        } else {
          PendingSwitch& target = pending[file.switch_name];
          sonic::mergeTables(target.store, file.device->store, file.switch_name, fabric.notes);
          target.files.push_back(display);
        }
        ++fabric.files_loaded;
        break;
      }
      case ParsedFile::Kind::Vendor: {
        PendingSwitch& target = pending[file.switch_name];
        const auto& formats = vendor::switchFormats();
        auto rank = [&](const vendor::SwitchFormat* f) { return std::find(formats.begin(), formats.end(), f) - formats.begin(); };
        auto slot = std::find_if(target.vendor.begin(), target.vendor.end(),
                                 [&](const VendorDocuments& v) { return rank(v.format) >= rank(file.format); });
        if (slot == target.vendor.end() || slot->format != file.format) {
          slot = target.vendor.insert(slot, VendorDocuments{file.format, {}, display});
        }
        slot->documents.push_back(std::move(file.document));
        target.files.push_back(display);
        ++fabric.files_loaded;
        break;
      }
    }
    file = ParsedFile{};  // free what was merged
  }

  // Phase 3, parallel: build each remaining switch from its merged tables, then free them.
  std::vector<std::pair<std::string, PendingSwitch>> sources;
  sources.reserve(pending.size());
  for (auto it = pending.begin(); it != pending.end(); it = pending.erase(it)) sources.emplace_back(it->first, std::move(it->second));
  std::vector<BuiltSwitch> merged(sources.size());
  parallelFor(sources.size(), [&](std::size_t i) {
    BuiltSwitch& out = merged[i];
    Switch& sw = out.sw;
    PendingSwitch& source = sources[i].second;
    sw.name = sources[i].first;
    sw.files = source.files;
    // One format per switch: SONiC wins over vendor formats, which rank in registry order
    // (EOS over NX-OS, ...); the files of any other format are ignored with a CFG003 note.
    bool sonic_used = !source.store.tables.empty();
    const char* used = sonic_used ? "SONiC config_db" : source.vendor.front().format->name;
    for (std::size_t v = sonic_used ? 0 : 1; v < source.vendor.size(); ++v) {
      const char* format = source.vendor[v].format->name;
      out.notes.push_back(makeNote(InputNote::Kind::Conflict, sw.name, "",
                                   fmt::format("switch {} is described by {} and by {} files; the {} files are ignored",
                                               sw.name, used, format, format),
                                   SourceRef{source.vendor[v].first_file, 1, 1, OriginKind::None, ""}));
    }
    if (sonic_used && source.store.table("PORT") == nullptr) {
      if (const auto* ports = portConfigFor(port_configs, sw.name, hwskuOf(source.store), source.files)) {
        sonic::addPortConfigRows(source.store, *ports);
      }
    }
    if (sonic_used) {
      sonic::buildSwitch(source.store, sw, out.notes, out.out_of_scope);
      if (source.from_minigraph) sw.syntax = ConfigSyntax::Minigraph;
    } else {
      vendor::BuildOutput build_out{out.notes, out.out_of_scope, out.coverage};
      source.vendor.front().format->build(source.vendor.front().documents, sw, build_out);
    }
    source = PendingSwitch{};
  });
  for (BuiltSwitch& b : merged) {
    std::string name = b.sw.name;
    ready.emplace(std::move(name), std::move(b));
  }
  std::vector<BuiltSwitch> built;
  built.reserve(ready.size());
  for (auto it = ready.begin(); it != ready.end(); it = ready.erase(it)) built.push_back(std::move(it->second));
  fabric.switches.reserve(built.size());
  for (BuiltSwitch& b : built) {
    for (auto& note : b.notes) fabric.notes.push_back(std::move(note));
    for (const auto& [table, n] : b.out_of_scope) fabric.out_of_scope_tables[table] += n;
    for (auto& c : b.coverage) fabric.coverage.push_back(std::move(c));
    fabric.switch_index.emplace(b.sw.name, fabric.switches.size());
    fabric.switches.push_back(std::move(b.sw));
  }

  // Topology sources give neighbours, cable lengths and roles before PGs are derived from the
  // lookup tables (which depend on cable length) and before links are built.
  applyTopology(fabric, std::move(topology_sources));

  // Lookup tables: a switch's own directory beats its hwsku's directory beats the fabric root.
  for (Switch& sw : fabric.switches) {
    int best_rank = 0;
    for (const auto& lookup : lookups) {
      int rank = scopeRank(lookup.scope, sw.name, sw.hwsku);
      if (rank > best_rank) {
        best_rank = rank;
        sw.pg_lookup = lookup.table;
      }
    }
    deriveLosslessPgs(sw);
  }

  buildLinksAndHosts(fabric);
  return fabric;
}

}  // namespace rocelint
