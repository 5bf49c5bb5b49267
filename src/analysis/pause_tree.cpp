// Pause propagation trees (docs/rule-semantics.md, ST007). A port that sent pauses on priority p
// paused its peer's egress; the peer's switch, its egress held back, fills and sends pauses on its
// own ports upstream; and so on. The walk is over switches: a switch whose port was paused is a
// child of the switch (or host) that paused it, and its pausing ports are the hops to the next.

#include "rocelint/pause_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <set>
#include <utility>

namespace rocelint {
namespace {

/// A port's PFC counts on one priority, as evidence (empty where the latest snapshot lacks them).
struct PortCounts {
  std::optional<Evidence> tx;
  std::optional<Evidence> rx;
};

std::optional<Evidence> portCounter(const Switch& sw, const std::string& port, bool tx, int p) {
  return evidence(sw.state, [&](const SwitchState& s) -> const std::optional<StateValue>* {
    auto it = s.ports.find(port);
    if (it == s.ports.end()) return nullptr;
    return tx ? &it->second.pfc_tx_frames[static_cast<std::size_t>(p)]
              : &it->second.pfc_rx_frames[static_cast<std::size_t>(p)];
  });
}

bool positive(const std::optional<Evidence>& e) { return e && e->value > 0; }

/// The fabric as the walk needs it: the peer of each port over a link, the host behind it.
struct Wiring {
  std::vector<std::vector<std::optional<PortRef>>> peer;
  std::vector<std::vector<std::string>> host;

  explicit Wiring(const Fabric& fabric) {
    for (const Switch& sw : fabric.switches) {
      peer.emplace_back(sw.ports.size());
      host.emplace_back(sw.ports.size());
    }
    for (const Link& link : fabric.links) {
      peer[link.a.sw][link.a.port] = link.b;
      peer[link.b.sw][link.b.port] = link.a;
    }
    for (const Host& h : fabric.hosts) {
      std::string& name = host[h.attachment.sw][h.attachment.port];
      if (name.empty()) name = h.name;
    }
  }
};

/// The trees of one priority.
class PriorityWalk {
 public:
  PriorityWalk(const Fabric& fabric, const Wiring& wiring, int priority)
      : fabric_(fabric), wiring_(wiring), p_(priority) {
    const std::size_t n = fabric.switches.size();
    counts_.resize(n);
    for (std::size_t s = 0; s < n; ++s) {
      const Switch& sw = fabric.switches[s];
      counts_[s].resize(sw.ports.size());
      if (sw.state.empty()) continue;
      for (std::size_t i = 0; i < sw.ports.size(); ++i) {
        if (sw.state.back().ports.count(sw.ports[i].name) == 0) continue;
        counts_[s][i] = {portCounter(sw, sw.ports[i].name, true, p_), portCounter(sw, sw.ports[i].name, false, p_)};
      }
    }
    pausing_.resize(n);
    paused_.assign(n, false);
    observed_.assign(n, false);
    for (std::size_t s = 0; s < n; ++s) {
      const Switch& sw = fabric.switches[s];
      observed_[s] = !sw.state.empty() && !sw.state.back().ports.empty();
      for (std::size_t i = 0; i < sw.ports.size(); ++i) {
        if (auto e = sent({s, i})) pausing_[s].push_back({i, *e});
        paused_[s] = paused_[s] || paused({s, i});
      }
    }
  }

  void run(std::vector<PauseTree>& out) {
    const std::size_t n = fabric_.switches.size();
    dist_.assign(n, -1);
    owner_.assign(n, -1);
    parent_hop_.assign(n, -1);
    std::vector<PauseTree> trees;
    std::deque<std::size_t> queue;
    // Switches that pause while nothing pauses them, at depth 0.
    for (std::size_t s = 0; s < n; ++s) {
      if (pausing_[s].empty() || paused_[s]) continue;
      trees.push_back(rootedAt(s, observed_[s] ? PauseRootKind::CongestionPoint : PauseRootKind::Unobserved));
      reach(s, 0, static_cast<int>(trees.size() - 1), -1, queue);
    }
    // Hosts that pause their switch: the switch is one link from the root. Every depth-0 root is
    // queued already, so the queue stays in order of depth.
    for (std::size_t s = 0; s < n; ++s) {
      for (std::size_t i = 0; i < counts_[s].size(); ++i) {
        if (wiring_.peer[s][i] || !positive(counts_[s][i].rx)) continue;
        PauseTree t = base(s);
        t.kind = PauseRootKind::HostPauses;
        t.root_port = {s, i};
        t.host = wiring_.host[s][i];
        t.root_evidence = *counts_[s][i].rx;
        t.delta = t.root_evidence.delta;
        t.depth = 1;
        trees.push_back(std::move(t));
        int tree = static_cast<int>(trees.size() - 1);
        touch(tree, {s, i});
        if (dist_[s] < 0) reach(s, 1, tree, -1, queue);
      }
    }
    walk(trees, queue);
    // What is left pauses itself: a cycle of switches with no root outside it.
    for (std::size_t s = 0; s < n; ++s) {
      if (pausing_[s].empty() || dist_[s] >= 0) continue;
      trees.push_back(rootedAt(s, PauseRootKind::NoRoot));
      reach(s, 0, static_cast<int>(trees.size() - 1), -1, queue);
      walk(trees, queue);
    }
    for (std::size_t t = 0; t < trees.size(); ++t) {
      trees[t].switches = tree_switches_[t].size();
      trees[t].ports = tree_ports_[t].size();
      out.push_back(std::move(trees[t]));
    }
  }

 private:
  /// What port `x` sent on the priority: its TX count, else its peer's RX count.
  std::optional<Evidence> sent(PortRef x) const {
    if (positive(counts_[x.sw][x.port].tx)) return counts_[x.sw][x.port].tx;
    const std::optional<PortRef>& y = wiring_.peer[x.sw][x.port];
    if (y && positive(counts_[y->sw][y->port].rx)) return counts_[y->sw][y->port].rx;
    return std::nullopt;
  }

  /// Whether port `y`'s egress was paused: its RX count, else its peer's TX count.
  bool paused(PortRef y) const {
    if (positive(counts_[y.sw][y.port].rx)) return true;
    const std::optional<PortRef>& x = wiring_.peer[y.sw][y.port];
    return x && positive(counts_[x->sw][x->port].tx);
  }

  PauseTree base(std::size_t s) const {
    PauseTree t;
    t.priority = p_;
    t.root_switch = s;
    return t;
  }

  /// A tree rooted at switch `s`: its port that sent most is the root port.
  PauseTree rootedAt(std::size_t s, PauseRootKind kind) {
    PauseTree t = base(s);
    t.kind = kind;
    const auto& ports = pausing_[s];
    auto top = std::max_element(ports.begin(), ports.end(),
                                [](const auto& a, const auto& b) { return a.second.value < b.second.value; });
    t.root_port = {s, top->first};
    t.root_evidence = top->second;
    for (const auto& [port, e] : ports) t.root_sent += e.value;
    if (kind == PauseRootKind::Unobserved) {
      // The count was read at the peer (the switch has none): point there.
      t.root_port = *wiring_.peer[s][top->first];
    }
    tree_switches_.emplace_back();
    tree_ports_.emplace_back();
    return t;
  }

  void touch(int tree, PortRef port) {
    if (static_cast<std::size_t>(tree) >= tree_switches_.size()) {
      tree_switches_.resize(static_cast<std::size_t>(tree) + 1);
      tree_ports_.resize(static_cast<std::size_t>(tree) + 1);
    }
    tree_switches_[static_cast<std::size_t>(tree)].insert(port.sw);
    tree_ports_[static_cast<std::size_t>(tree)].insert({port.sw, port.port});
  }

  void reach(std::size_t s, int depth, int tree, int parent_hop, std::deque<std::size_t>& queue) {
    dist_[s] = depth;
    owner_[s] = tree;
    parent_hop_[s] = parent_hop;
    tree_switches_[static_cast<std::size_t>(tree)].insert(s);
    queue.push_back(s);
  }

  /// Breadth first: each switch's pausing ports become hops of its tree, and the switches they
  /// paused join the tree when no nearer root has them.
  void walk(std::vector<PauseTree>& trees, std::deque<std::size_t>& queue) {
    while (!queue.empty()) {
      std::size_t s = queue.front();
      queue.pop_front();
      const int tree = owner_[s];
      PauseTree& t = trees[static_cast<std::size_t>(tree)];
      for (const auto& [port, e] : pausing_[s]) {
        PauseHop hop;
        hop.port = {s, port};
        hop.peer = wiring_.peer[s][port];
        if (!hop.peer) hop.peer_name = wiring_.host[s][port];
        hop.sent = e;
        hop.depth = static_cast<std::uint32_t>(dist_[s] + 1);
        hop.parent = parent_hop_[s];
        t.depth = std::max(t.depth, hop.depth);
        t.delta = t.delta && e.delta;
        touch(tree, hop.port);
        t.hops.push_back(hop);
        if (!hop.peer) continue;
        touch(tree, *hop.peer);
        if (dist_[hop.peer->sw] < 0)
          reach(hop.peer->sw, dist_[s] + 1, tree, static_cast<int>(t.hops.size() - 1), queue);
      }
    }
  }

  const Fabric& fabric_;
  const Wiring& wiring_;
  int p_;
  std::vector<std::vector<PortCounts>> counts_;
  std::vector<std::vector<std::pair<std::size_t, Evidence>>> pausing_;  ///< per switch: its ports that sent
  std::vector<bool> paused_;                                            ///< per switch: a port of it was paused
  std::vector<bool> observed_;                                          ///< per switch: it has live state
  std::vector<int> dist_;
  std::vector<int> owner_;
  std::vector<int> parent_hop_;
  std::vector<std::set<std::size_t>> tree_switches_;
  std::vector<std::set<std::pair<std::size_t, std::size_t>>> tree_ports_;
};

}  // namespace

std::vector<PauseTree> pauseTrees(const Fabric& fabric) {
  std::vector<PauseTree> out;
  if (fabric.snapshots.empty()) return out;
  Wiring wiring(fabric);
  for (int p = 0; p < 8; ++p) PriorityWalk(fabric, wiring, p).run(out);
  return out;
}

namespace {

std::string dotQuoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

const char* rootKindName(PauseRootKind kind) {
  switch (kind) {
    case PauseRootKind::CongestionPoint:
      return "congestion point";
    case PauseRootKind::HostPauses:
      return "host";
    case PauseRootKind::Unobserved:
      return "switch without state";
    case PauseRootKind::NoRoot:
      return "no root, from";
  }
  return "";
}

}  // namespace

void writePauseTreesDot(const Fabric& fabric, const std::vector<PauseTree>& trees, std::ostream& out) {
  out << "digraph pause_trees {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n";
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const PauseTree& tree = trees[t];
    auto node = [&](const std::string& name) { return dotQuoted(fmt::format("p{}:{}", tree.priority, name)); };
    const std::string& root_switch = fabric.switches[tree.root_switch].name;
    std::string root_name = root_switch;
    if (tree.kind == PauseRootKind::HostPauses) {
      root_name = tree.host.empty() ? fmt::format("device behind {} {}", root_switch, fabric.port(tree.root_port).name)
                                    : tree.host;
    }
    out << fmt::format(
        "  subgraph {} {{\n    label={};\n", dotQuoted(fmt::format("cluster_pause_tree_{}", t)),
        dotQuoted(fmt::format("priority {}: {} {} (depth {}, {} switches, {} ports)", tree.priority,
                              rootKindName(tree.kind), root_name, tree.depth, tree.switches, tree.ports)));
    out << fmt::format("    {} [color=red, penwidth=2];\n", node(root_name));
    if (tree.kind == PauseRootKind::HostPauses) {
      out << fmt::format("    {} -> {} [label={}];\n", node(root_name), node(root_switch),
                         dotQuoted(fmt::format("{}: {}", fabric.port(tree.root_port).name, tree.root_evidence.value)));
    }
    for (const PauseHop& hop : tree.hops) {
      std::string to = hop.peer ? fabric.sw(*hop.peer).name
                       : hop.peer_name.empty()
                           ? fmt::format("device behind {} {}", fabric.sw(hop.port).name, fabric.port(hop.port).name)
                           : hop.peer_name;
      std::string ports = hop.peer ? fmt::format("{} > {}", fabric.port(hop.port).name, fabric.port(*hop.peer).name)
                                   : fabric.port(hop.port).name;
      out << fmt::format("    {} -> {} [label={}];\n", node(fabric.sw(hop.port).name), node(to),
                         dotQuoted(fmt::format("{}: {}", ports, hop.sent.value)));
    }
    out << "  }\n";
  }
  out << "}\n";
}

}  // namespace rocelint
