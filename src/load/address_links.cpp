#include "address_links.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rocelint::load {
namespace {

/// The network of a point-to-point prefix: its bytes with the host bits cleared (IPv4 in the
/// first 4 of 16), the family and the length; nullopt when `text` is not one.
std::optional<std::array<std::uint8_t, 18>> pointToPointNetwork(const std::string& text) {
  std::size_t slash = text.find('/');
  if (slash == std::string::npos) return std::nullopt;
  std::string address = text.substr(0, slash);
  int length = 0;
  try {
    length = std::stoi(text.substr(slash + 1));
  } catch (...) {
    return std::nullopt;
  }
  std::array<std::uint8_t, 18> out{};
  bool v6 = address.find(':') != std::string::npos;
  if (inet_pton(v6 ? AF_INET6 : AF_INET, address.c_str(), out.data()) != 1) return std::nullopt;
  int bits = v6 ? 128 : 32;
  if (length < bits - 2 || length > bits - 1) return std::nullopt;  // only /31, /30 (/127, /126)
  for (int b = length; b < bits; ++b)
    out[static_cast<std::size_t>(b / 8)] &= static_cast<std::uint8_t>(~(0x80U >> (b % 8)));
  out[16] = v6 ? 6 : 4;
  out[17] = static_cast<std::uint8_t>(length);
  return out;
}

struct End {
  std::size_t sw;
  Port* port;
  const InterfaceAddress* address;
};

}  // namespace

std::size_t linkPointToPointSubnets(Fabric& fabric) {
  std::map<std::array<std::uint8_t, 18>, std::vector<End>> subnets;
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    Switch& sw = fabric.switches[s];
    for (const InterfaceAddress& a : sw.addresses) {
      if (a.kind != InterfaceAddress::Kind::Port) continue;
      auto network = pointToPointNetwork(a.prefix);
      if (!network) continue;
      const Port* found = sw.findPortByNameOrAlias(a.interface);
      if (found == nullptr) continue;
      subnets[*network].push_back({s, &sw.ports[static_cast<std::size_t>(found - sw.ports.data())], &a});
    }
  }
  auto facesSwitch = [&](const Port& port) {
    return port.neighbor && fabric.switch_index.count(port.neighbor->device) > 0;
  };
  std::size_t added = 0;
  for (auto& [network, ends] : subnets) {
    if (ends.size() != 2 || ends[0].sw == ends[1].sw) continue;
    if (facesSwitch(*ends[0].port) || facesSwitch(*ends[1].port)) continue;
    for (int i = 0; i < 2; ++i) {
      const End& here = ends[static_cast<std::size_t>(i)];
      const End& there = ends[static_cast<std::size_t>(1 - i)];
      here.port->neighbor = Neighbor{fabric.switches[there.sw].name, there.port->name, here.address->src};
    }
    ++added;
  }
  return added;
}

}  // namespace rocelint::load
