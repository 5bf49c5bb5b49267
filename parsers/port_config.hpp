#pragma once
// SONiC's port_config.ini: the platform's port table (`# name lanes alias index speed ...`).

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint::sonic {

/// One port row: its SONiC name and every other column by header name, as written.
struct PortConfigRow {
  std::string name;
  std::map<std::string, Sourced<std::string>> columns;
  SourceRef src;
};

/// A parsed port_config.ini.
struct PortConfigTable {
  std::string file;
  std::vector<std::string> columns;  ///< header names in order, "name" included
  std::vector<PortConfigRow> rows;

  /// The row whose alias is `alias`, else the row named `alias`, else nullptr (as sonic-cfggen resolves).
  [[nodiscard]] const PortConfigRow* findByAliasOrName(const std::string& alias) const;
  /// When `parent` is a port broken out into sub-ports (`etp1` -> `etp1a`, `etp1b`; `Ethernet1/1` ->
  /// `Ethernet1/1/1`, ...; aliases of the form parent + letter or parent + "/" + number), the first
  /// of them in the table, which keeps the parent's SONiC name; nullptr otherwise.
  [[nodiscard]] const PortConfigRow* firstBreakoutMember(const std::string& parent) const;

 private:
  friend PortConfigTable parsePortConfig(std::string_view text, const std::string& file);
  std::map<std::string, std::size_t> by_alias_;
  std::map<std::string, std::size_t> by_name_;
};

/// True when a `#` header naming a `name` column and a `lanes` or `alias` column comes before the
/// first port row, whatever the file is called (`port_config.ini`, `<platform>-port-config.ini`).
bool looksLikePortConfig(std::string_view text);

/// Parses the table; throws InputError ("file:line:col: ...") on a row with missing or extra
/// columns or a port listed twice. Values are not checked here: they become PORT fields and
/// the config_db builder reports bad ones as it does for config_db.
PortConfigTable parsePortConfig(std::string_view text, const std::string& file);

}  // namespace rocelint::sonic
