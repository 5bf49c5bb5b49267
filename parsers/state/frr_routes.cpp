#include "state/frr_routes.hpp"

#include <fmt/format.h>

namespace rocelint::state {
namespace {

bool isTrue(const json::Node& object, const char* key) {
  const json::Node* v = object.find(key);
  return v != nullptr && v->kind == json::Node::Kind::Boolean && v->text == "true";
}

// An array of route entries: objects, at least one with a `nexthops` array.
bool isEntryList(const json::Node& node) {
  if (node.kind != json::Node::Kind::Array || node.items.empty()) return false;
  bool any = false;
  for (const json::Node& entry : node.items) {
    if (!entry.isObject()) return false;
    const json::Node* hops = entry.find("nexthops");
    if (hops != nullptr && hops->kind == json::Node::Kind::Array) any = true;
  }
  return any;
}

bool isPrefixTable(const json::Node& node) {
  if (!node.isObject() || node.members.empty()) return false;
  bool any = false;
  for (const auto& [prefix, entries] : node.members) {
    if (prefix.find('/') == std::string::npos) return false;
    if (isEntryList(entries))
      any = true;
    else if (entries.kind != json::Node::Kind::Array)
      return false;
  }
  return any;
}

void readTable(const json::Node& table, const std::string& vrf, const std::string& pointer, FileName file,
               StateReading& out) {
  for (const auto& [prefix, entries] : table.members) {
    std::string p = fmt::format("{}/{}", pointer, json::escapePointer(prefix));
    for (std::size_t e = 0; e < entries.items.size(); ++e) {
      const json::Node& entry = entries.items[e];
      // FRR writes flags only when true: an entry without `installed` is not in the FIB. Subset
      // captures (topotest expectations) may leave `installed` out; `selected` then stands for it.
      bool installed = entry.find("installed") != nullptr ? isTrue(entry, "installed") : isTrue(entry, "selected");
      if (!installed) continue;
      InstalledRoute route;
      route.vrf = vrf;
      if (const json::Node* v = entry.find("vrfName"); v != nullptr && v->isScalar()) route.vrf = v->text;
      if (route.vrf == "default") route.vrf.clear();
      route.prefix = prefix;
      if (const json::Node* v = entry.find("protocol"); v != nullptr && v->isScalar()) route.protocol = v->text;
      route.src = SourceRef{file, entry.line, entry.column, OriginKind::JsonPointer, fmt::format("{}/{}", p, e)};
      route.blackhole = isTrue(entry, "blackhole");
      const json::Node* hops = entry.find("nexthops");
      bool fib_known = false;
      if (hops != nullptr) {
        for (const json::Node& hop : hops->items) fib_known = fib_known || (hop.isObject() && hop.find("fib"));
        for (const json::Node& hop : hops->items) {
          if (!hop.isObject()) continue;
          if (!(fib_known ? isTrue(hop, "fib") : isTrue(hop, "active"))) continue;
          if (isTrue(hop, "blackhole")) route.blackhole = true;
          NextHop next;
          if (const json::Node* ip = hop.find("ip"); ip != nullptr && ip->isScalar()) next.address = ip->text;
          if (const json::Node* i = hop.find("interfaceName"); i != nullptr && i->isScalar()) next.interface = i->text;
          if (next.address.empty() && next.interface.empty()) continue;
          route.next_hops.push_back(std::move(next));
        }
      }
      out.state.routes.push_back(std::move(route));
    }
  }
}

}  // namespace

bool looksLikeFrrRoutes(const json::Node& root) {
  if (isPrefixTable(root)) return true;
  // `vrf all`: VRF name -> prefix table.
  if (!root.isObject() || root.members.empty()) return false;
  for (const auto& [vrf, table] : root.members) {
    if (!isPrefixTable(table)) return false;
  }
  return true;
}

StateReading readFrrRoutes(const json::Node& root, const std::string& file) {
  StateReading out;
  out.state.has_routes = true;
  FileName name(file);
  if (isPrefixTable(root)) {
    readTable(root, "", "", name, out);
  } else {
    for (const auto& [vrf, table] : root.members)
      readTable(table, vrf, fmt::format("/{}", json::escapePointer(vrf)), name, out);
  }
  return out;
}

}  // namespace rocelint::state
