#include "rocelint/model.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace rocelint {

std::string formatPrioritySet(const PrioritySet& set) {
  std::string out;
  for (std::size_t p = 0; p < set.size(); ++p) {
    if (!set.test(p)) continue;
    if (!out.empty()) out += ',';
    out += std::to_string(p);
  }
  return out.empty() ? "none" : out;
}

bool VlanSet::contains(int id) const {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), id, [](int v, const auto& r) { return v < r.first; });
  return it != ranges.begin() && id <= std::prev(it)->second;
}

void VlanSet::add(int first, int last) {
  first = std::max(first, 1);
  last = std::min(last, 4094);
  if (first > last) return;
  std::vector<std::pair<std::uint16_t, std::uint16_t>> out;
  auto lo = static_cast<std::uint16_t>(first);
  auto hi = static_cast<std::uint16_t>(last);
  bool placed = false;
  for (const auto& r : ranges) {
    if (r.second + 1 < lo) {
      out.push_back(r);
    } else if (hi + 1 < r.first) {
      if (!placed) out.emplace_back(lo, hi), placed = true;
      out.push_back(r);
    } else {  // overlapping or adjacent: merge
      lo = std::min(lo, r.first);
      hi = std::max(hi, r.second);
    }
  }
  if (!placed) out.emplace_back(lo, hi);
  std::sort(out.begin(), out.end());
  ranges = std::move(out);
}

void VlanSet::remove(int first, int last) {
  std::vector<std::pair<std::uint16_t, std::uint16_t>> out;
  for (const auto& r : ranges) {
    if (r.second < first || r.first > last) {
      out.push_back(r);
      continue;
    }
    if (r.first < first) out.emplace_back(r.first, static_cast<std::uint16_t>(first - 1));
    if (r.second > last) out.emplace_back(static_cast<std::uint16_t>(last + 1), r.second);
  }
  ranges = std::move(out);
}

std::string VlanSet::str() const {
  std::string out;
  for (const auto& [a, b] : ranges) {
    if (!out.empty()) out += ',';
    out += std::to_string(a);
    if (b != a) {
      out += '-';
      out += std::to_string(b);
    }
  }
  return out.empty() ? "none" : out;
}

const char* colorName(Color color) {
  switch (color) {
    case Color::Green:
      return "green";
    case Color::Yellow:
      return "yellow";
    case Color::Red:
      return "red";
  }
  return "?";
}

bool WredProfile::marks(Color c) const {
  if (!ecn) return false;
  const std::string& mode = ecn->value;
  if (mode == "ecn_all") return true;
  if (mode == "ecn_none") return false;
  return mode.find(colorName(c)) != std::string::npos;
}

const PgLookupRow* PgLookupTable::find(std::uint32_t speed_mbps, std::uint32_t cable_m) const {
  for (const auto& row : rows) {
    if (row.speed_mbps == speed_mbps && row.cable_length_m == cable_m) return &row;
  }
  return nullptr;
}

const PortQueue* Port::queue(int index) const {
  auto it =
      std::lower_bound(queues.begin(), queues.end(), index, [](const PortQueue& q, int i) { return q.index < i; });
  return it != queues.end() && it->index == index ? &*it : nullptr;
}

PortQueue& Port::queueFor(int index, const SourceRef& entry_src) {
  auto it =
      std::lower_bound(queues.begin(), queues.end(), index, [](const PortQueue& q, int i) { return q.index < i; });
  if (it != queues.end() && it->index == index) return *it;
  PortQueue created;
  created.index = index;
  created.src = entry_src;
  return *queues.insert(it, std::move(created));
}

const Port* Switch::findPort(const std::string& port_name) const {
  auto it = port_index.find(port_name);
  return it == port_index.end() ? nullptr : &ports[it->second];
}

Port* Switch::findPort(const std::string& port_name) {
  auto it = port_index.find(port_name);
  return it == port_index.end() ? nullptr : &ports[it->second];
}

const Port* Switch::findPortByNameOrAlias(const std::string& name_or_alias) const {
  if (const Port* port = findPort(name_or_alias)) return port;
  for (const Port& port : ports) {
    if (!port.alias.empty() && port.alias == name_or_alias) return &port;
  }
  return nullptr;
}

Port& Switch::portFor(const std::string& port_name) {
  auto [it, inserted] = port_index.try_emplace(port_name, ports.size());
  if (inserted) {
    ports.emplace_back();
    ports.back().name = port_name;
  }
  return ports[it->second];
}

const QosMap* Switch::findMap(MapKind kind, const std::string& map_name) const {
  const auto& table = mapsOf(kind);
  auto it = table.find(map_name);
  return it == table.end() ? nullptr : &it->second;
}

const Switch* Fabric::findSwitch(const std::string& name) const {
  auto it = switch_index.find(name);
  return it == switch_index.end() ? nullptr : &switches[it->second];
}

bool naturalLess(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t i_end = i;
      std::size_t j_end = j;
      while (i_end < a.size() && std::isdigit(static_cast<unsigned char>(a[i_end]))) ++i_end;
      while (j_end < b.size() && std::isdigit(static_cast<unsigned char>(b[j_end]))) ++j_end;
      std::string_view na(a.data() + i, i_end - i);
      std::string_view nb(b.data() + j, j_end - j);
      while (na.size() > 1 && na.front() == '0') na.remove_prefix(1);
      while (nb.size() > 1 && nb.front() == '0') nb.remove_prefix(1);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = i_end;
      j = j_end;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return (a.size() - i) < (b.size() - j);
}

}  // namespace rocelint
