#pragma once
// Synthetic leaf-spine RoCE fabric generator (SONiC config_db.json per switch), for benchmarks.

#include <string>

namespace rocelint::bench {

struct FabricShape {
  int spines = 2;
  int leaves = 4;
  int hosts_per_leaf = 2;
};

/// Writes one config_db.json per switch into `dir` (created). Returns the number of files.
int writeLeafSpine(const std::string& dir, const FabricShape& shape);

}  // namespace rocelint::bench
