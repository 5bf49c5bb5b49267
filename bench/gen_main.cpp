// rocelint-fabricgen OUT_DIR [--topology leafspine|fattree|clos36|ring|mesh] [knobs]: writes a
// synthetic SONiC fabric (one config_db.json per switch) and prints a one-line summary.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <map>
#include <stdexcept>

#include "fabric_gen.hpp"

namespace {

using namespace rocelint::bench;

std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

/// "A:PORT-B:PORT" (switch names may hold '-', port names do not), or just "A:PORT".
void failByName(FabricSpec& spec, const std::string& text) {
  auto bad = [&text]() {
    return std::invalid_argument(fmt::format("--fail {}: expected SWITCH:PORT-SWITCH:PORT", text));
  };
  std::size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0) throw bad();
  std::string a = text.substr(0, colon);
  std::string rest = text.substr(colon + 1);
  std::size_t dash = rest.find('-');
  std::string a_port = rest.substr(0, dash);
  auto link = findLink(spec, a, a_port);
  if (!link) throw std::invalid_argument(fmt::format("--fail {}: no link at {} {}", text, a, a_port));
  if (dash != std::string::npos) {
    std::string other = rest.substr(dash + 1);
    std::size_t colon2 = other.rfind(':');
    if (colon2 == std::string::npos) throw bad();
    const LinkSpec& l = spec.links[*link];
    const LinkEnd& far = l.a.switch_name == a && l.a.port == a_port ? l.b : l.a;
    if (far.switch_name != other.substr(0, colon2) || far.port != other.substr(colon2 + 1)) {
      throw std::invalid_argument(
          fmt::format("--fail {}: {} {} is linked to {} {}", text, a, a_port, far.switch_name, far.port));
    }
  }
  failLink(spec, *link);
}

/// "SWITCH:PREFIX:NEXTHOP[,NEXTHOP]"; a nexthop that is a port name routes via that port's peer.
void addStaticRoute(FabricSpec& spec, const std::string& text) {
  std::size_t first = text.find(':');
  std::size_t last = text.rfind(':');
  if (first == std::string::npos || first == last) {
    throw std::invalid_argument(fmt::format("--static-route {}: expected SWITCH:PREFIX:NEXTHOP[,NEXTHOP]", text));
  }
  std::string name = text.substr(0, first);
  StaticRouteSpec route;
  route.prefix = text.substr(first + 1, last - first - 1);
  for (const std::string& hop : splitCommas(text.substr(last + 1))) {
    bool is_port = !hop.empty() && std::isalpha(static_cast<unsigned char>(hop[0]));
    (is_port ? route.ifnames : route.nexthops).push_back(hop);
  }
  if (!route.ifnames.empty() && !route.nexthops.empty()) {
    throw std::invalid_argument(fmt::format("--static-route {}: give nexthop IPs or ports, not both", text));
  }
  for (SwitchSpec& sw : spec.switches) {
    if (sw.name == name) {
      sw.static_routes.push_back(std::move(route));
      return;
    }
  }
  throw std::invalid_argument(fmt::format("--static-route {}: no switch named \"{}\"", text, name));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Writes a synthetic SONiC RoCE fabric (one config_db.json per switch)"};
  std::string out;
  std::string topology = "leafspine";
  FabricShape shape;
  int k = 4;
  int n = 4;
  std::string asn_name = "shared";
  std::vector<std::string> failures;
  std::vector<std::size_t> failure_indices;
  std::vector<std::string> routes;
  app.add_option("out", out, "Output directory")->required();
  app.add_option("--topology", topology, "Fabric shape")
      ->check(CLI::IsMember({"leafspine", "fattree", "clos36", "ring", "mesh"}))
      ->capture_default_str();
  app.add_option("--spines", shape.spines, "leafspine: spine switches")->capture_default_str();
  app.add_option("--leaves", shape.leaves, "leafspine: leaf switches")->capture_default_str();
  app.add_option("--hosts-per-leaf", shape.hosts_per_leaf, "leafspine, ring, mesh: hosts per leaf/switch")
      ->capture_default_str();
  app.add_option("--k", k, "fattree: switch radix (even)")->capture_default_str();
  app.add_option("--n", n, "ring, mesh: switches")->capture_default_str();
  app.add_option("--asn", asn_name, "eBGP ASN design (RFC 7938)")
      ->check(CLI::IsMember({"shared", "distinct", "none"}))
      ->capture_default_str();
  app.add_option("--fail", failures, "Admin-down link SWITCH:PORT-SWITCH:PORT (repeatable)");
  app.add_option("--fail-index", failure_indices, "Admin-down link by index (repeatable)");
  app.add_option("--static-route", routes, "SWITCH:PREFIX:NEXTHOP[,NEXTHOP] (IPs or local ports; repeatable)");
  CLI11_PARSE(app, argc, argv);

  const std::map<std::string, AsnDesign> designs = {
      {"shared", AsnDesign::Shared}, {"distinct", AsnDesign::Distinct}, {"none", AsnDesign::None}};
  AsnDesign asn = designs.at(asn_name);
  try {
    FabricSpec spec;
    std::string label;
    if (topology == "leafspine") {
      spec = leafSpine(shape, asn);
      label = fmt::format("leafspine {}x{}", shape.spines, shape.leaves);
    } else if (topology == "fattree") {
      spec = fatTree(k, asn);
      label = fmt::format("fattree k={}", k);
    } else if (topology == "clos36") {
      spec = clos36(asn);
      label = "clos36";
    } else if (topology == "ring") {
      spec = ring(n, shape.hosts_per_leaf, asn);
      label = fmt::format("ring n={}", n);
    } else {
      spec = mesh(n, shape.hosts_per_leaf, asn);
      label = fmt::format("mesh n={}", n);
    }
    for (const std::string& f : failures) failByName(spec, f);
    for (std::size_t index : failure_indices) failLink(spec, index);
    for (const std::string& r : routes) addStaticRoute(spec, r);
    auto start = std::chrono::steady_clock::now();
    WriteResult result = writeFabric(out, spec);
    std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    fmt::print("{}: {} switches, {} links, {} hosts, {} files, {} bytes in {:.2f} s -> {}\n", label,
               result.counts.switches, result.counts.links, result.counts.hosts, result.files, result.bytes,
               seconds.count(), out);
  } catch (const std::exception& e) {
    std::cerr << "rocelint-fabricgen: " << e.what() << '\n';
    return 2;
  }
  return 0;
}
