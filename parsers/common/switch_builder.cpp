#include "common/switch_builder.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rocelint::common {

void sortAndIndexPorts(Switch& sw) {
  std::stable_sort(sw.ports.begin(), sw.ports.end(),
                   [](const Port& a, const Port& b) { return naturalLess(a.name, b.name); });
  sw.port_index.clear();
  for (std::size_t i = 0; i < sw.ports.size(); ++i) sw.port_index.emplace(sw.ports[i].name, i);
}

void noteIfNoPorts(const Switch& sw, const char* format, int statements, const SourceRef& first,
                   std::vector<InputNote>& notes) {
  if (!sw.ports.empty() || statements == 0) return;
  InputNote note = makeNote(
      InputNote::Kind::NoPorts, sw.name, "",
      fmt::format("{} configuration has {} interface statement{} but rocelint modelled no port from {}; no PFC, "
                  "buffer or link check runs on this switch",
                  format, statements, statements == 1 ? "" : "s", statements == 1 ? "it" : "them"),
      first);
  note.fix = "check the notes (CFG001, CFG005) at the interface statements for how rocelint read their names";
  notes.push_back(std::move(note));
}

}  // namespace rocelint::common
