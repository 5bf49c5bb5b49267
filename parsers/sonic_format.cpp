#include "sonic_format.hpp"

#include <fmt/format.h>

#include "common/inline_suppressions.hpp"
#include "pg_profile_lookup.hpp"
#include "port_config.hpp"
#include "sonic_config_db.hpp"
#include "sonic_minigraph.hpp"
#include "wording/format_ids.hpp"

namespace rocelint::sonic {
namespace {

using format::BuildOutput;
using format::Content;
using format::Document;
using format::Format;
using format::Input;
using format::PlatformTables;
using format::Role;

// --- platform tables ---------------------------------------------------------------------------

class PgLookupDocument : public Document {
 public:
  explicit PgLookupDocument(PgLookupTable t) : table(std::make_shared<const PgLookupTable>(std::move(t))) {}
  std::shared_ptr<const PgLookupTable> table;
};

const Format kPgProfileLookup{
    .name = "pg_profile_lookup.ini",
    .role = Role::PlatformTable,
    .content = Content::Text,
    .recognise =
        [](const Input& input) {
          // By content; a file with the platform's own name is one even when malformed (then exit 2).
          return input.name() == "pg_profile_lookup.ini" || looksLikePgProfileLookup(input.text());
        },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<PgLookupDocument>(parsePgProfileLookup(input.text(), input.file()));
    },
    .apply = [](const Document& d, Switch& sw) { sw.pg_lookup = static_cast<const PgLookupDocument&>(d).table; },
};

class PortConfigDocument : public Document {
 public:
  explicit PortConfigDocument(PortConfigTable t) : table(std::move(t)) {}
  PortConfigTable table;
};

const Format kPortConfig{
    .name = "port_config.ini",
    .role = Role::PlatformTable,
    .content = Content::Text,
    .recognise =
        [](const Input& input) { return input.name() == "port_config.ini" || looksLikePortConfig(input.text()); },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<PortConfigDocument>(parsePortConfig(input.text(), input.file()));
    },
};

/// The port_config.ini that applies to a switch, or nullptr.
const PortConfigTable* portConfigFor(const PlatformTables& platform, const std::string& switch_name,
                                     const std::string& hwsku, const std::vector<std::string>& files) {
  const Document* found = platform.find(kPortConfig, switch_name, hwsku, files);
  return found ? &static_cast<const PortConfigDocument*>(found)->table : nullptr;
}

// --- switch files: config_db JSON and minigraph, both config_db tables once read ------------------

/// A file of a SONiC switch.
class SonicDocument : public Document {
 public:
  /// Adds the file's tables to the switch's `store`; conflicts and notes go to `out`.
  virtual void addTables(TableStore& store, const Switch& sw, const PlatformTables& platform, BuildOutput& out) = 0;
  /// A minigraph switch is reported in minigraph syntax.
  [[nodiscard]] virtual bool minigraph() const { return false; }
};

class ConfigDbDocument : public SonicDocument {
 public:
  explicit ConfigDbDocument(DeviceTables d) : device(std::move(d)) {}

  void addTables(TableStore& store, const Switch& sw, const PlatformTables&, BuildOutput& out) override {
    takeNotes(sw, out);
    mergeTables(store, device.store, sw.name, out.notes);
    device.store = TableStore{};
  }

  /// The shape problems found while reading, now that the switch's name is known.
  void takeNotes(const Switch& sw, BuildOutput& out) {
    for (InputNote& note : device.notes) {
      note.switch_name = sw.name;
      out.notes.push_back(std::move(note));
    }
    device.notes.clear();
  }

  DeviceTables device;
};

class MinigraphDocument : public SonicDocument {
 public:
  explicit MinigraphDocument(Minigraph g) : graph(std::move(g)) {}

  // Port aliases become SONiC names through the switch's port_config.ini, which is chosen by the
  // hwsku only the minigraph knows: rendered here, once every platform table is read.
  void addTables(TableStore& store, const Switch& sw, const PlatformTables& platform, BuildOutput& out) override {
    std::string hwsku = graph.hwsku ? graph.hwsku->value : "";
    const PortConfigTable* ports = portConfigFor(platform, sw.name, hwsku, {graph.file});
    std::vector<InputNote> notes;
    TableStore tables = renderMinigraph(graph, ports, notes);
    mergeTables(store, tables, sw.name, out.notes);
    for (InputNote& note : notes) out.notes.push_back(std::move(note));
    graph = Minigraph{};
  }
  [[nodiscard]] bool minigraph() const override { return true; }

  Minigraph graph;
};

/// DEVICE_METADATA|localhost.hwsku of a table store ("" when absent).
std::string hwskuOf(const TableStore& store) {
  const auto* metadata = store.table("DEVICE_METADATA");
  if (metadata == nullptr) return "";
  auto it = metadata->find("localhost");
  if (it == metadata->end()) return "";
  auto f = it->second.fields.find("hwsku");
  return f == it->second.fields.end() ? "" : f->second.value;
}

void buildSonicSwitch(std::vector<std::unique_ptr<Document>>& documents, Switch& sw, const PlatformTables& platform,
                      BuildOutput& out) {
  TableStore store;
  bool from_minigraph = false;
  for (auto& document : documents) {
    auto& file = static_cast<SonicDocument&>(*document);
    file.addTables(store, sw, platform, out);
    from_minigraph = from_minigraph || file.minigraph();
    document.reset();
  }
  // Without PORT rows, the switch's port_config.ini supplies them.
  if (store.table("PORT") == nullptr) {
    if (const PortConfigTable* ports = portConfigFor(platform, sw.name, hwskuOf(store), sw.files)) {
      addPortConfigRows(store, *ports);
    }
  }
  buildSwitch(store, sw, out.notes, out.out_of_scope);
  if (from_minigraph) sw.format = formats::kSonicMinigraph;
}

const format::SwitchBuilder kSonicBuilder{
    .name = "SONiC config_db",
    .build = buildSonicSwitch,
    .post_process = deriveLosslessPgs,
};

const Format kConfigDb{
    .name = "SONiC config_db",
    .role = Role::Switch,
    .content = Content::Json,
    .recognise = [](const Input& input) { return looksLikeConfigDb(input.json()); },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<ConfigDbDocument>(readConfigDb(input.json(), input.file()));
    },
    .data_suppressions =
        [](const Input& input, std::vector<InputNote>& notes) {
          return common::readDataSuppressions(input.json(), input.file(), notes);
        },
    .hostname = [](const Document& d) { return static_cast<const ConfigDbDocument&>(d).device.hostname; },
    .builder = &kSonicBuilder,
    .complete =
        [](const Document& d) { return static_cast<const ConfigDbDocument&>(d).device.store.table("PORT") != nullptr; },
    .build_alone =
        [](Document& d, Switch& sw, BuildOutput& out) {
          auto& file = static_cast<ConfigDbDocument&>(d);
          file.takeNotes(sw, out);
          buildSwitch(file.device.store, sw, out.notes, out.out_of_scope);
          bool has_ports = file.device.store.table("PORT") != nullptr;
          file.device.store = TableStore{};
          return has_ports;
        },
};

const Format kMinigraph{
    .name = "SONiC minigraph",
    .role = Role::Switch,
    .content = Content::Text,
    .recognise = [](const Input& input) { return looksLikeMinigraph(input.text()); },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<MinigraphDocument>(parseMinigraph(input.text(), input.file(), input.limits()));
    },
    .hostname = [](const Document& d) -> std::optional<std::string> {
      return static_cast<const MinigraphDocument&>(d).graph.hostname.value;
    },
    .builder = &kSonicBuilder,
    .complete = [](const Document&) { return true; },  // a minigraph always describes the whole device
};

}  // namespace

const Format& configDbFormat() { return kConfigDb; }
const Format& minigraphFormat() { return kMinigraph; }
const Format& pgProfileLookupFormat() { return kPgProfileLookup; }
const Format& portConfigFormat() { return kPortConfig; }

// BUFFER_PG|<port>|<pfc_enable> -> pg_lossless_<speed>_<cable>_profile, as buffermgrd creates it.
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
      port.pgs.set(p, PriorityGroup{static_cast<int>(p), Reference{name, row->src, false}, false, true, row->src});
    }
  }
}

}  // namespace rocelint::sonic
