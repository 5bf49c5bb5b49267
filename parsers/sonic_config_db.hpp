#pragma once
// SONiC CONFIG_DB (config_db.json) in any of its four JSON shapes -> table store -> Switch model.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "located_json.hpp"
#include "rocelint/model.hpp"

namespace rocelint::sonic {

/// One field value as written, with its source.
struct Field {
  std::string value;
  SourceRef src;
  bool wrong_type = false;  ///< an object/array where a string was expected
};

/// One table entry (`TABLE|key` or TABLE -> key) with its fields.
struct Entry {
  SourceRef src;
  std::map<std::string, Field> fields;
};

/// Tables of one device, merged from every file that describes it.
struct TableStore {
  std::map<std::string, std::map<std::string, Entry>> tables;
  /// The PORT rows are only the names one file happened to use (a minigraph without the hwsku's
  /// port_config.ini), not the platform's port list: other tables may name other ports.
  bool partial_ports = false;

  [[nodiscard]] const std::map<std::string, Entry>* table(const std::string& name) const;
};

/// One device as found in one file.
struct DeviceTables {
  std::optional<std::string> hostname;
  TableStore store;
  std::vector<InputNote> notes;  ///< shape problems found while reading
};

/// True when the JSON looks like a config_db (any shape), so the loader can pick the parser.
bool looksLikeConfigDb(const json::Node& root);

/// Reads a config_db document (any shape) into per-device tables.
DeviceTables readConfigDb(const json::Node& root, const std::string& file);

/// Merges `from` into `into`; differing values become Conflict notes (later value wins).
void mergeTables(TableStore& into, const TableStore& from, const std::string& switch_name,
                 std::vector<InputNote>& notes);

/// Converts a device's tables into the model. Unknown fields, invalid values, undefined ports and
/// references to undefined maps, schedulers and WRED profiles become notes; out-of-scope tables
/// are counted.
void buildSwitch(const TableStore& store, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope_tables);

/// Reference value -> name: accepts "[TABLE|name]", "[TABLE:name]" and "name".
/// Returns nullopt (and sets `wrong_table`) when the bracket names another table.
std::optional<Reference> parseReference(const Field& field, const std::string& table, bool& wrong_table);

}  // namespace rocelint::sonic
