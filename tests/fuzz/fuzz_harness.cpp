#include "fuzz_harness.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "common/inline_suppressions.hpp"
#include "format.hpp"
#include "rocelint/baseline.hpp"
#include "rocelint/config.hpp"
#include "rocelint/diagnostics.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/loader.hpp"
#include "text_file.hpp"

namespace rocelint::fuzz {
namespace {

namespace fs = std::filesystem;

struct Target {
  const char* format;  ///< registry name, or nullptr for targets that are not a format
  const char* file;    ///< the name its input is given
};

const std::map<std::string, Target, std::less<>>& table() {
  static const std::map<std::string, Target, std::less<>> t = {
      {"config_db", {"SONiC config_db", "leaf1.json"}},
      {"minigraph", {"SONiC minigraph", "leaf1.xml"}},
      {"port_config", {"port_config.ini", "port_config.ini"}},
      {"pg_profile_lookup", {"pg_profile_lookup.ini", "pg_profile_lookup.ini"}},
      {"eos", {"EOS", "leaf1.cfg"}},
      {"nxos", {"NX-OS", "leaf1.cfg"}},
      {"nvue", {"NVUE", "startup.yaml"}},
      {"junos", {"Junos", "leaf1.conf"}},
      {"huawei", {"Huawei VRP", "leaf1.cfg"}},
      {"h3c", {"H3C Comware", "leaf1.cfg"}},
      {"lldp", {"LLDP", "leaf1.lldp.json"}},
      {"redis_dump", {"SONiC Redis dump", "leaf1.counters_db.json"}},
      {"frr_routes", {"FRR routes", "leaf1.ip_route.json"}},
      {"state_db", {"SONiC STATE_DB dump", "leaf1.state_db.json"}},
      {"eos_show", {"Arista EOS show output", "leaf1.pfc.json"}},
      {"containerlab", {"containerlab", "fabric.clab.yml"}},
      {"topology", {"topology.yaml", "topology.yaml"}},
      {"json", {nullptr, "any.json"}},  // the located JSON tree alone
      {"rocelint_yaml", {nullptr, ".rocelint.yaml"}},
      {"baseline", {nullptr, "baseline.json"}},
      {"check", {nullptr, "leaf1.cfg"}},                // the whole run: recognise, load, analyse
      {"inline_suppressions", {nullptr, "leaf1.cfg"}},  // rocelint: comments behind every format's leaders
  };
  return t;
}

/// A file of its own per process (rocelint's own inputs are read from paths).
std::string scratchFile(const std::string& name) {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("rocelint-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
  }();
  return (dir / name).string();
}

void writeFile(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

/// Every registry entry of that name parses the input; a switch format then builds a switch from
/// it, a topology format gives its nodes and links, a platform table applies itself to a switch.
void runFormat(const char* name, const std::string& file, std::string text) {
  textio::normalise(text);  // as the loader reads every file
  format::Input input(file, "", std::move(text));
  for (const format::Format* f : format::registry()) {
    if (std::string_view(f->name) != name) continue;
    if ((f->content == format::Content::Json) != input.isJson()) continue;
    try {
      (void)f->recognise(input);
      std::unique_ptr<format::Document> document = f->parse(input);
      if (f->role == format::Role::Switch) {
        if (f->hostname != nullptr) (void)f->hostname(*document);
        if (f->complete != nullptr) (void)f->complete(*document);
        Switch sw;
        sw.name = "leaf1";
        sw.files = {file};
        std::vector<InputNote> notes;
        std::map<std::string, int> out_of_scope;
        std::vector<ParseCoverage> coverage;
        format::BuildOutput out{notes, out_of_scope, coverage};
        std::vector<std::unique_ptr<format::Document>> documents;
        documents.push_back(std::move(document));
        f->builder->build(documents, sw, format::PlatformTables{}, out);
        if (f->builder->post_process != nullptr) f->builder->post_process(sw);
      } else if (f->role == format::Role::Topology) {
        (void)f->topology(*document);
      } else if (f->role == format::Role::State) {
        (void)f->hostname(*document);
        SwitchState state;
        std::vector<InputNote> notes;
        std::map<std::string, int> out_of_scope;
        std::vector<ParseCoverage> coverage;
        format::BuildOutput out{notes, out_of_scope, coverage};
        f->read_state(*document, state, "leaf1", out);
      } else if (f->apply != nullptr) {
        Switch sw;
        sw.name = "leaf1";
        f->apply(*document, sw);
      }
    } catch (const InputError&) {  // rejected at a location: the expected way out
    }
  }
}

}  // namespace

const std::vector<std::string>& targets() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& [name, target] : table()) out.push_back(name);
    return out;
  }();
  return names;
}

std::string fileNameOf(std::string_view target) {
  auto it = table().find(target);
  if (it == table().end()) throw std::invalid_argument("no fuzz target " + std::string(target));
  return it->second.file;
}

bool reachesParser(std::string_view target) {
  auto it = table().find(target);
  if (it == table().end()) return false;
  if (it->second.format == nullptr) return true;
  for (const format::Format* f : format::registry()) {
    if (std::string_view(f->name) == it->second.format) return true;
  }
  return false;
}

void runOne(std::string_view target, const std::uint8_t* data, std::size_t size) {
  auto it = table().find(target);
  if (it == table().end()) throw std::invalid_argument("no fuzz target " + std::string(target));
  std::string text(reinterpret_cast<const char*>(data), size);
  const Target& t = it->second;
  if (t.format != nullptr) {
    runFormat(t.format, t.file, std::move(text));
    return;
  }
  if (target == "json") {
    json::Node root;
    json::ParseFailure failure;
    if (json::parse(text, root, failure)) (void)json::duplicateKeys(root);
    return;
  }
  if (target == "inline_suppressions") {
    textio::normalise(text);             // as the loader reads every file
    std::set<std::string_view> leaders;  // every switch format's comment leaders, each scanned once
    for (const format::Format* f : format::registry()) {
      if (f->comment_leaders != nullptr) leaders.insert(f->comment_leaders);
    }
    for (std::string_view l : leaders) {
      std::vector<InputNote> notes;
      (void)common::scanInlineSuppressions(text, t.file, l, "leaf1", notes);
    }
    // And as data: a config_db's ROCELINT_SUPPRESSIONS table.
    json::Node root;
    json::ParseFailure failure;
    if (json::parse(text, root, failure)) {
      std::vector<InputNote> notes;
      (void)common::readDataSuppressions(root, t.file, notes);
    }
    return;
  }
  const std::string path = scratchFile(t.file);
  writeFile(path, text);
  try {
    if (target == "rocelint_yaml") {
      (void)loadConfig(path);
    } else if (target == "baseline") {
      (void)readBaseline(path);
    } else {  // check: one file as a whole fabric, recognised by content, through every rule
      Fabric fabric = loadFabric({path});
      (void)analyze(fabric, Config{});
    }
  } catch (const InputError&) {
  } catch (const ConfigError&) {
  }
}

}  // namespace rocelint::fuzz
