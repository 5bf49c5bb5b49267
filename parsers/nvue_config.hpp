#pragma once
// NVIDIA Cumulus Linux NVUE configuration (/etc/nvue.d/startup.yaml) -> Switch model: QoS (RoCE
// modes with their defaults, mapping, egress queue mapping, PFC, ECN, scheduler, traffic pools,
// PFC watchdog), interfaces, BGP and static routes. Every value keeps its file, line, column and
// key path ("set/qos/roce/mode"); vendor defaults are model values whose source says so.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input_limits.hpp"
#include "rocelint/model.hpp"

namespace rocelint::format {
struct Format;
}

namespace rocelint::nvue {

/// Bytes per "KB" in a threshold written with a unit suffix: NVUE prints binary units
/// (`nv show` gives 150000 bytes as 146.48 KB), so KB = 1024 B and MB = 1024 * 1024 B.
inline constexpr std::uint64_t kKbyte = 1024;

/// One key of an NVUE tree: a scalar leaf, or a mapping of keys (leaf-list members are keys with
/// an empty mapping, `'3': {}`). After merging, a tree is the configuration a switch ends up with.
struct Node {
  std::string key;
  std::optional<std::string> scalar;  ///< the value of a leaf (nullopt: a mapping, or nothing)
  bool is_map = false;
  std::vector<Node> children;  ///< in file order
  SourceRef src;               ///< the key: file, line, column, path ("set/qos/roce/mode")
  int value_line = 0;          ///< where the value starts (for messages about a wrong value)
  int value_column = 0;
  mutable bool used = false;  ///< read by the parser (for coverage and unknown-key notes)

  /// The child with this key, or nullptr.
  [[nodiscard]] const Node* find(std::string_view name) const;
  /// True for a leaf: a scalar, nothing, or an empty mapping (`{}`).
  [[nodiscard]] bool isLeaf() const { return !is_map || children.empty(); }
};

/// One `- set:` / `- unset:` document of a file (the `- header:` is kept for its fields only).
struct Operation {
  bool unset = false;
  Node tree;
};

/// One parsed startup.yaml.
struct Config {
  FileName file;
  std::vector<Operation> operations;
  std::optional<std::string> hostname;  ///< the last `system: hostname` set in the file
};

/// True when `text` is an NVUE configuration: a YAML list of `- set:` / `- unset:` /
/// `- header:` documents, or a bare `set:` mapping, whose trees use NVUE's top-level keys
/// (interface, qos, system, router, vrf, ...). Cheap (a line scan), never throws.
bool looksLikeNvue(std::string_view text);

/// Parses one file. Throws InputError "file:line:col: ..." for invalid YAML or a file that is not
/// a list of set/unset documents.
Config parse(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// Converts one switch's NVUE files (in load order: later `set`s win, `unset`s remove) into the
/// model. Keys rocelint does not understand become notes (QoS-related ones one by one, the rest
/// counted in `out_of_scope`); coverage gets one entry per file. A reference to an undefined
/// profile is an UndefinedReference note at the reference, and the port is built with
/// default-global. A value of the wrong type (a word where a number must be, a threshold with an
/// unknown unit, a value missing at the end of a truncated file) throws InputError with
/// file:line:column, the key path and what was expected.
void buildSwitch(const std::vector<Config>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage);

/// The registry entry (format.cpp lists it in registry()).
const format::Format& switchFormat();

}  // namespace rocelint::nvue
