#include "common/switch_builder.hpp"

#include <algorithm>

namespace rocelint::common {

void sortAndIndexPorts(Switch& sw) {
  std::stable_sort(sw.ports.begin(), sw.ports.end(),
                   [](const Port& a, const Port& b) { return naturalLess(a.name, b.name); });
  sw.port_index.clear();
  for (std::size_t i = 0; i < sw.ports.size(); ++i) sw.port_index.emplace(sw.ports[i].name, i);
}

}  // namespace rocelint::common
