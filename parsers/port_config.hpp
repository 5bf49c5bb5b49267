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

 private:
  friend PortConfigTable parsePortConfig(std::string_view text, const std::string& file);
  std::map<std::string, std::size_t> by_alias_;
  std::map<std::string, std::size_t> by_name_;
};

/// True when the file is named port_config.ini and a `#` header naming a `name` column comes
/// before its first port row.
bool looksLikePortConfig(std::string_view file_name, std::string_view text);

/// Parses the table; throws InputError ("file:line:col: ...") on a row with missing or extra
/// columns or a port listed twice. Values are not checked here: they become PORT fields and
/// the config_db builder reports bad ones as it does for config_db.
PortConfigTable parsePortConfig(std::string_view text, const std::string& file);

}  // namespace rocelint::sonic
