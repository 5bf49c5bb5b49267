#pragma once
// The limits that keep hostile input from crashing or exhausting rocelint (docs/reliability.md).

#include <cstddef>
#include <cstdint>

namespace rocelint::limits {

/// Deepest nesting of JSON arrays/objects, YAML collections and CLI indentation blocks. Every
/// reader that recurses over a tree (and the tree's destructor) relies on it; 256 levels stay far
/// below the stack even with ASan's frames, and no real configuration nests more than ~10.
inline constexpr int kMaxNestingDepth = 256;

/// Most YAML nodes that aliases may add to a file by referring to anchors (an alias bomb).
inline constexpr std::size_t kMaxYamlAliasNodes = 100'000;

/// The nesting and alias limits of one run (`--max-depth`, `--max-yaml-alias-nodes` on check and
/// diff change them for the fabric's files; rocelint's own inputs always use the defaults).
struct ReadLimits {
  int max_depth = kMaxNestingDepth;
  std::size_t max_yaml_alias_nodes = kMaxYamlAliasNodes;
};

/// Deepest Junos hierarchy: Junos nests about a dozen levels, and each level costs a path copy,
/// so it stays at 64 whatever `--max-depth` allows above (a lower `--max-depth` lowers it).
inline constexpr int kMaxJunosDepth = 64;

/// Deepest YAML nesting whatever `--max-depth` allows above: yaml-cpp's own parser gives up near
/// 500 levels with a bare "bad file", so our scan stops first and says which limit.
inline constexpr int kMaxYamlDepth = 480;

/// Largest input file read by default (`--max-file-size` changes it).
inline constexpr std::uint64_t kDefaultMaxFileBytes = std::uint64_t{1} << 30;

/// Most switches, ports (all switches together) and switch-to-switch links a fabric may have by
/// default (`--max-switches`, `--max-ports`, `--max-links`): about ten times a k=64 fat-tree
/// (5,120 switches, 327,680 ports, 131,072 links), beyond any fabric of 100,000+ GPUs.
inline constexpr std::size_t kDefaultMaxSwitches = 50'000;
inline constexpr std::size_t kDefaultMaxPorts = 4'000'000;
inline constexpr std::size_t kDefaultMaxLinks = 2'000'000;

}  // namespace rocelint::limits
