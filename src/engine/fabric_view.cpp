// The fabric view the HTML report draws (fabric_view.hpp): tiers by hop distance from the
// server-facing switches, links per switch pair, deadlock cycles and the worst PFC storms; and
// the source lines around finding locations.

#include "rocelint/fabric_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <limits>
#include <set>
#include <unordered_map>

#include "rocelint/deadlock.hpp"
#include "rocelint/engine.hpp"
#include "rocelint/model.hpp"
#include "text_file.hpp"

namespace rocelint {
namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

/// "leaves", "spines", "super-spines", then "tier N" (distance 0 = the server-facing switches).
std::string tierLabel(int distance, bool by_servers) {
  if (!by_servers) return distance == 0 ? "switches" : fmt::format("tier {}", distance + 1);
  switch (distance) {
    case 0:
      return "leaves";
    case 1:
      return "spines";
    case 2:
      return "super-spines";
    default:
      return fmt::format("tier {}", distance + 1);
  }
}

/// Hop distance of every switch from the nearest switch servers attach to (BFS over the links);
/// without servers, from the switches with the fewest links (the edge of the fabric).
std::vector<int> tierDistances(const Fabric& fabric, const std::vector<std::vector<std::uint32_t>>& neighbours,
                               const std::vector<int>& hosts, bool& by_servers) {
  std::size_t n = fabric.switches.size();
  std::vector<int> dist(n, kUnreached);
  std::deque<std::uint32_t> queue;
  by_servers = std::any_of(hosts.begin(), hosts.end(), [](int h) { return h > 0; });
  if (by_servers) {
    for (std::uint32_t s = 0; s < n; ++s) {
      if (hosts[s] > 0) {
        dist[s] = 0;
        queue.push_back(s);
      }
    }
  } else if (n > 0) {
    std::size_t fewest = neighbours[0].size();
    for (const auto& list : neighbours) fewest = std::min(fewest, list.size());
    for (std::uint32_t s = 0; s < n; ++s) {
      if (neighbours[s].size() == fewest) {
        dist[s] = 0;
        queue.push_back(s);
      }
    }
  }
  while (!queue.empty()) {
    std::uint32_t s = queue.front();
    queue.pop_front();
    for (std::uint32_t t : neighbours[s]) {
      if (dist[t] == kUnreached) {
        dist[t] = dist[s] + 1;
        queue.push_back(t);
      }
    }
  }
  return dist;
}

struct ViewBuilder {
  const Fabric& fabric;
  FabricView view;
  std::vector<int> tier_of;                           ///< per fabric switch: its tier
  std::vector<std::uint32_t> view_index;              ///< per fabric switch: index in view.switches
  std::vector<std::vector<std::uint32_t>> port_link;  ///< per switch, per port: view link index + 1 (0: none)

  /// A highlight over the given fabric switches and view links.
  void add(ViewHighlight h, const std::vector<std::uint32_t>& fabric_switches, std::vector<std::uint32_t> links) {
    h.tier_switches.assign(view.tiers.size(), 0);
    std::vector<std::uint32_t> unique = fabric_switches;
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    for (std::uint32_t s : unique) {
      ++h.tier_switches[static_cast<std::size_t>(tier_of[s])];
      if (!view.collapsed) h.switches.push_back(view_index[s]);
    }
    h.switch_count = static_cast<int>(unique.size());
    std::sort(h.switches.begin(), h.switches.end());
    if (!view.collapsed) {
      std::sort(links.begin(), links.end());
      links.erase(std::unique(links.begin(), links.end()), links.end());
      h.links = std::move(links);
    }
    view.highlights.push_back(std::move(h));
  }

  void addCycle(const CyclicDependency& cycle, ViewHighlight::Kind kind, const std::string& rule,
                const std::string& prefix) {
    if (cycle.hops.empty()) return;
    ViewHighlight h;
    h.kind = kind;
    h.rule = rule;
    const CycleHop& weak = cycle.hops[cycle.weakest_hop];
    h.switch_name = fabric.sw(weak.ingress).name;
    h.port = fabric.port(weak.ingress).name;
    h.priority = weak.priority;
    std::vector<std::uint32_t> switches;
    std::vector<std::uint32_t> links;
    std::string path;
    for (const CycleHop& hop : cycle.hops) {
      switches.push_back(static_cast<std::uint32_t>(hop.ingress.sw));
      path += fabric.sw(hop.ingress).name + " -> ";
      std::uint32_t link = port_link[hop.egress.sw][hop.egress.port];
      if (link != 0) links.push_back(link - 1);
    }
    path += fabric.sw(cycle.hops.front().ingress).name;
    h.label = fmt::format("{}{}priority {}: {}", rule, prefix.empty() ? " " : " " + prefix + ", ", weak.priority, path);
    add(std::move(h), switches, std::move(links));
  }
};

}  // namespace

FabricView buildFabricView(const Fabric& fabric, const DeadlockAnalysis* deadlock, std::size_t max_storms) {
  ViewBuilder b{fabric, {}, {}, {}, {}};
  FabricView& view = b.view;
  std::size_t n = fabric.switches.size();
  view.collapsed = n > kViewMaxSwitches;

  std::vector<int> hosts(n, 0);
  for (const Host& host : fabric.hosts) ++hosts[host.attachment.sw];
  std::vector<std::vector<std::uint32_t>> neighbours(n);
  for (const Link& link : fabric.links) {
    neighbours[link.a.sw].push_back(static_cast<std::uint32_t>(link.b.sw));
    neighbours[link.b.sw].push_back(static_cast<std::uint32_t>(link.a.sw));
  }
  bool by_servers = false;
  std::vector<int> dist = tierDistances(fabric, neighbours, hosts, by_servers);

  // Tiers: one per distance reached, then the switches no path reaches.
  int deepest = -1;
  bool unreached = false;
  for (int d : dist) {
    if (d == kUnreached) {
      unreached = true;
    } else {
      deepest = std::max(deepest, d);
    }
  }
  for (int d = 0; d <= deepest; ++d) view.tiers.push_back({tierLabel(d, by_servers), 0, 0});
  if (unreached) view.tiers.push_back({by_servers ? "not linked to a leaf" : "not linked", 0, 0});
  b.tier_of.resize(n);
  for (std::size_t s = 0; s < n; ++s) {
    int tier = dist[s] == kUnreached ? deepest + 1 : dist[s];
    b.tier_of[s] = tier;
    ++view.tiers[static_cast<std::size_t>(tier)].switches;
    view.tiers[static_cast<std::size_t>(tier)].hosts += hosts[s];
  }

  // Switches by tier, then by name.
  std::vector<std::uint32_t> order(n);
  for (std::uint32_t s = 0; s < n; ++s) order[s] = s;
  std::sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
    if (b.tier_of[x] != b.tier_of[y]) return b.tier_of[x] < b.tier_of[y];
    return naturalLess(fabric.switches[x].name, fabric.switches[y].name);
  });
  b.view_index.assign(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) b.view_index[order[i]] = i;
  if (!view.collapsed) {
    for (std::uint32_t s : order)
      view.switches.push_back({fabric.switches[s].name, fabric.switches[s].role, b.tier_of[s], hosts[s]});
  }

  // Links per switch pair (view indices), and per tier pair.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::size_t>> pairs;
  std::map<std::pair<int, int>, int> tier_pairs;
  for (std::size_t l = 0; l < fabric.links.size(); ++l) {
    const Link& link = fabric.links[l];
    std::uint32_t va = b.view_index[link.a.sw];
    std::uint32_t vb = b.view_index[link.b.sw];
    pairs[{std::min(va, vb), std::max(va, vb)}].push_back(l);
    int ta = b.tier_of[link.a.sw];
    int tb = b.tier_of[link.b.sw];
    ++tier_pairs[{std::min(ta, tb), std::max(ta, tb)}];
  }
  for (const auto& [tiers, count] : tier_pairs) view.tier_links.push_back({tiers.first, tiers.second, count});
  b.port_link.resize(n);
  for (std::size_t s = 0; s < n; ++s) b.port_link[s].assign(fabric.switches[s].ports.size(), 0);
  for (const auto& [ends, members] : pairs) {
    auto index = static_cast<std::uint32_t>(view.links.size());
    ViewLink vl;
    vl.a = ends.first;
    vl.b = ends.second;
    vl.links = static_cast<int>(members.size());
    for (std::size_t l : members) {
      const Link& link = fabric.links[l];
      bool a_first = b.view_index[link.a.sw] == ends.first;
      const PortRef& first = a_first ? link.a : link.b;
      const PortRef& second = a_first ? link.b : link.a;
      vl.ports.emplace_back(fabric.port(first).name, fabric.port(second).name);
      b.port_link[link.a.sw][link.a.port] = index + 1;
      b.port_link[link.b.sw][link.b.port] = index + 1;
    }
    view.links.push_back(std::move(vl));
  }

  if (deadlock != nullptr) {
    for (const CyclicDependency& cycle : deadlock->cycles) b.addCycle(cycle, ViewHighlight::Kind::Cycle, "DL001", "");
    for (const FailureCounterexample& ce : deadlock->failure_cycles) {
      std::string failed;
      for (std::uint32_t l : ce.failed_links) {
        const Link& link = fabric.links[l];
        failed += fmt::format("{}{} {} - {} {}", failed.empty() ? "" : ", ", fabric.sw(link.a).name,
                              fabric.port(link.a).name, fabric.sw(link.b).name, fabric.port(link.b).name);
      }
      b.addCycle(ce.cycle, ViewHighlight::Kind::FailureCycle, "DL003", "with " + failed + " failed");
    }
    for (std::size_t i = 0; i < deadlock->blast.size() && i < max_storms; ++i) {
      const BlastRadius& radius = deadlock->blast[i];
      if (radius.paused_switch_list.empty()) break;  // only the worst few list their switches
      ViewHighlight h;
      h.kind = ViewHighlight::Kind::Storm;
      h.rule = "DL004";
      h.switch_name = fabric.sw(radius.port).name;
      h.port = fabric.port(radius.port).name;
      h.priority = radius.priority;
      h.label = fmt::format(
          "storm: a receiver behind {} {} stuck on priority {} pauses {} queues on {} ports of {} "
          "switches",
          h.switch_name, h.port, radius.priority, radius.paused_queues, radius.paused_ports, radius.paused_switches);
      // The paused switches' links that carry paused traffic toward the stuck receiver are not
      // known per link; mark the links between two paused switches.
      std::vector<std::uint8_t> paused(n, 0);
      for (std::uint32_t s : radius.paused_switch_list) paused[s] = 1;
      std::vector<std::uint32_t> links;
      for (std::size_t l = 0; l < fabric.links.size(); ++l) {
        const Link& link = fabric.links[l];
        if (paused[link.a.sw] != 0 && paused[link.b.sw] != 0) {
          std::uint32_t index = b.port_link[link.a.sw][link.a.port];
          if (index != 0) links.push_back(index - 1);
        }
      }
      b.add(std::move(h), radius.paused_switch_list, std::move(links));
    }
  }
  if (view.collapsed) view.links.clear();  // tiers and tier links only
  return std::move(b.view);
}

void addSourceExcerpts(Report& report, std::size_t max_findings, int context, std::uint64_t max_file_bytes) {
  // The lines wanted, per file.
  std::map<std::string, std::set<int>> wanted;
  std::size_t count = std::min(max_findings, report.findings.size());
  for (std::size_t i = 0; i < count; ++i) {
    const Finding& f = report.findings[i];
    if (f.location.known() && f.location.line > 0) wanted[f.location.file()].insert(f.location.line);
    for (const RelatedLocation& r : f.related) {
      if (r.src.known() && r.src.line > 0) wanted[r.src.file()].insert(r.src.line);
    }
  }
  constexpr std::size_t kMaxLineBytes = 300;
  for (const auto& [file, lines] : wanted) {
    textio::TextFile text;
    try {
      text = textio::readText(file, max_file_bytes);
    } catch (const textio::ReadError&) {
      continue;  // no excerpt: the page says the file could not be read
    }
    // Line starts, once per file.
    std::vector<std::size_t> starts = {0};
    for (std::size_t i = 0; i < text.text.size(); ++i) {
      if (text.text[i] == '\n') starts.push_back(i + 1);
    }
    if (!text.text.empty() && text.text.back() == '\n') starts.pop_back();
    int total = static_cast<int>(starts.size());
    for (int line : lines) {
      if (line > total) continue;
      SourceExcerpt excerpt;
      excerpt.first_line = std::max(1, line - context);
      int last = std::min(total, line + context);
      for (int l = excerpt.first_line; l <= last; ++l) {
        std::size_t begin = starts[static_cast<std::size_t>(l - 1)];
        std::size_t end =
            static_cast<std::size_t>(l) < starts.size() ? starts[static_cast<std::size_t>(l)] - 1 : text.text.size();
        std::string_view row(text.text.data() + begin, end - begin);
        if (!row.empty() && row.back() == '\n') row.remove_suffix(1);
        if (row.size() > kMaxLineBytes) {
          std::size_t cut = kMaxLineBytes;
          while (cut > 0 && (static_cast<unsigned char>(row[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
          excerpt.lines.push_back(std::string(row.substr(0, cut)) + "…");
        } else {
          excerpt.lines.emplace_back(row);
        }
      }
      report.excerpts[{file, line}] = std::move(excerpt);
    }
  }
}

}  // namespace rocelint
