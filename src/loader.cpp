#include "rocelint/loader.hpp"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "located_json.hpp"
#include "pg_profile_lookup.hpp"
#include "sonic_config_db.hpp"

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
  static const std::vector<std::string> extensions = {".md", ".txt", ".py", ".sh", ".rst", ".csv", ".yaml", ".yml",
                                                      ".png", ".svg", ".log"};
  std::string ext = path.extension().string();
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

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

struct PendingSwitch {
  sonic::TableStore store;
  std::vector<std::string> files;
};

struct PendingLookup {
  std::shared_ptr<const PgLookupTable> table;
  std::string scope;  ///< directory name: a switch, a hwsku, or "" for every switch
};

std::string defaultSwitchName(const InputFile& file) {
  fs::path parent = file.path.parent_path();
  if (!file.root.empty() && fs::weakly_canonical(parent) != fs::weakly_canonical(file.root)) {
    return parent.filename().string();
  }
  return file.path.stem().string();
}

std::string lookupScope(const InputFile& file) {
  if (file.root.empty()) return "";
  fs::path parent = file.path.parent_path();
  if (fs::weakly_canonical(parent) == fs::weakly_canonical(file.root)) return "";
  return parent.filename().string();
}

void skip(Fabric& fabric, const fs::path& path, const std::string& why) {
  fabric.notes.push_back(makeNote(InputNote::Kind::SkippedFile, "", "", fmt::format("{} skipped: {}", path.string(), why),
                          SourceRef{path.string(), 1, 1, ""}));
}

// The traditional buffer model creates lossless PGs at run time from pg_profile_lookup.ini
// (buffermgrd): BUFFER_PG|<port>|<pfc_enable> -> pg_lossless_<speed>_<cable>_profile.
void deriveLosslessPgs(Switch& sw) {
  if (sw.buffer_model != BufferModel::Traditional || !sw.pg_lookup) return;
  for (Port& port : sw.ports) {
    PrioritySet pfc = port.qos.pfcPriorities();
    if (pfc.none() || port.isAdminDown() || !port.speed_mbps || !port.cable_length_m) continue;
    if (port.cable_length_m->value == 0) continue;  // "0m": no lossless profile by design
    const PgLookupRow* row = sw.pg_lookup->find(port.speed_mbps->value, port.cable_length_m->value);
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

  std::vector<InputFile> files = collect(paths, filter);
  std::size_t done = 0;
  for (const InputFile& file : files) {
    if (progress) progress(done++, files.size());
    std::string name = file.path.filename().string();
    std::string ext = file.path.extension().string();
    std::string display = file.path.string();
    if (isPgProfileLookupName(name)) {
      auto table = std::make_shared<PgLookupTable>(parsePgProfileLookup(readFile(file.path), display));
      lookups.push_back({std::move(table), lookupScope(file)});
      ++fabric.files_loaded;
      continue;
    }
    if (ext == ".json") {
      std::string text = readFile(file.path);
      json::Node root;
      json::ParseFailure failure;
      if (!json::parse(text, root, failure)) {
        throw InputError(fmt::format("{}:{}:{}: invalid JSON: {}", display, failure.line, failure.column, failure.message));
      }
      if (!sonic::looksLikeConfigDb(root)) {
        skip(fabric, file.path, "JSON that is not a SONiC config_db (no TABLE or TABLE|key members)");
        continue;
      }
      sonic::DeviceTables device = sonic::readConfigDb(root, display);
      std::string switch_name = device.hostname ? *device.hostname : defaultSwitchName(file);
      for (auto& note : device.notes) {
        note.switch_name = switch_name;
        fabric.notes.push_back(std::move(note));
      }
      PendingSwitch& target = pending[switch_name];
      sonic::mergeTables(target.store, device.store, switch_name, fabric.notes);
      target.files.push_back(display);
      ++fabric.files_loaded;
      continue;
    }
    if (ext == ".xml") {
      skip(fabric, file.path, "XML input (SONiC minigraph, Junos) is not supported yet");
    } else if (ext == ".ini") {
      skip(fabric, file.path, "only pg_profile_lookup.ini is read among SONiC platform .ini files");
    } else if (ext == ".cfg" || ext == ".conf") {
      skip(fabric, file.path, "vendor CLI configuration (EOS, NX-OS, Junos) is not supported yet");
    } else {
      skip(fabric, file.path, "not a recognised input format");
    }
  }

  fabric.switches.reserve(pending.size());
  for (auto it = pending.begin(); it != pending.end(); it = pending.erase(it)) {  // free each store once built
    Switch sw;
    sw.name = it->first;
    sw.files = it->second.files;
    sonic::buildSwitch(it->second.store, sw, fabric.notes, fabric.out_of_scope_tables);
    fabric.switch_index.emplace(sw.name, fabric.switches.size());
    fabric.switches.push_back(std::move(sw));
  }

  // Lookup tables: a switch's own directory beats its hwsku's directory beats the fabric root.
  for (Switch& sw : fabric.switches) {
    int best_rank = 0;
    for (const auto& lookup : lookups) {
      int rank = lookup.scope == sw.name ? 3 : (!sw.hwsku.empty() && lookup.scope == sw.hwsku) ? 2 : lookup.scope.empty() ? 1 : 0;
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
