#include "yaml_limits.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstddef>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "input_limits.hpp"

namespace rocelint::yaml {
namespace {

struct Exceeded {
  LimitFailure failure;
};

// Counts the nodes of every anchored collection (aliases inside it included), so an alias costs
// what it would cost a reader that copies it; anchors restart with every document.
class LimitScan : public YAML::EventHandler {
 public:
  LimitScan(const limits::ReadLimits& limits, std::string_view text) : limits_(limits), text_(text) {}
  void OnDocumentStart(const YAML::Mark& /*mark*/) override {
    sizes_.clear();
    open_.clear();
    document_nodes_ = nodes_;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    // yaml-cpp 0.7 does not consume a flow indicator (`,` `]` `}`) outside a flow collection: it
    // reports an empty document at the same place, again and again, and its own Load/LoadAll never
    // end (jbeder/yaml-cpp#1040, fixed upstream after 0.8). An empty document where the previous
    // one was is that loop: report the character as the syntax error it is.
    if (nodes_ == document_nodes_ && mark.pos >= 0 && mark.pos == last_empty_pos_) {
      char c = static_cast<std::size_t>(mark.pos) < text_.size() ? text_[static_cast<std::size_t>(mark.pos)] : ' ';
      fail(mark, c > ' ' && c < 0x7f ? fmt::format("invalid YAML: unexpected '{}' outside a flow collection", c)
                                     : std::string("invalid YAML: the parser cannot read past this position"));
    }
    if (nodes_ == document_nodes_) last_empty_pos_ = mark.pos;
    leaf(anchor);
  }
  void OnScalar(const YAML::Mark& /*mark*/, const std::string& /*tag*/, YAML::anchor_t anchor,
                const std::string& /*value*/) override {
    leaf(anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    for (const Open& o : open_) {
      if (o.anchor == anchor && anchor != YAML::NullAnchor)
        fail(mark, "an alias inside the node its anchor names (a cycle)");
    }
    auto it = sizes_.find(anchor);
    std::size_t size = it == sizes_.end() ? 1 : it->second;
    nodes_ += size;
    alias_nodes_ += size;
    if (alias_nodes_ > limits_.max_yaml_alias_nodes) {
      fail(mark, fmt::format("aliases expand to more than {} nodes (the YAML alias expansion limit, "
                             "--max-yaml-alias-nodes, docs/reliability.md)",
                             limits_.max_yaml_alias_nodes));
    }
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value /*style*/) override {
    start(mark, anchor);
  }
  void OnSequenceEnd() override { end(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value /*style*/) override {
    start(mark, anchor);
  }
  void OnMapEnd() override { end(); }

 private:
  struct Open {
    YAML::anchor_t anchor;
    std::size_t nodes_before;
  };

  [[noreturn]] static void fail(const YAML::Mark& mark, std::string message) {
    throw Exceeded{{mark.line + 1, mark.column + 1, std::move(message)}};
  }
  void leaf(YAML::anchor_t anchor) {
    ++nodes_;
    if (anchor != YAML::NullAnchor) sizes_[anchor] = 1;
  }
  void start(const YAML::Mark& mark, YAML::anchor_t anchor) {
    const int max_depth = std::min(limits_.max_depth, limits::kMaxYamlDepth);
    if (open_.size() >= static_cast<std::size_t>(max_depth)) {
      fail(mark,
           fmt::format("nesting deeper than {} levels (the nesting depth limit, --max-depth{}, docs/reliability.md)",
                       max_depth, max_depth < limits_.max_depth ? "; YAML at most 480" : ""));
    }
    ++nodes_;
    open_.push_back({anchor, nodes_ - 1});
  }
  void end() {
    if (open_.empty()) return;
    Open o = open_.back();
    open_.pop_back();
    if (o.anchor != YAML::NullAnchor) sizes_[o.anchor] = nodes_ - o.nodes_before;
  }

  limits::ReadLimits limits_;
  std::string_view text_;
  std::size_t document_nodes_ = 0;  ///< nodes_ when the current document started
  int last_empty_pos_ = -1;         ///< where the last empty document was
  std::unordered_map<YAML::anchor_t, std::size_t> sizes_;
  std::vector<Open> open_;
  std::size_t nodes_ = 0;
  std::size_t alias_nodes_ = 0;
};

}  // namespace

std::optional<LimitFailure> checkLimits(std::string_view text, const limits::ReadLimits& limits) {
  std::istringstream in{std::string(text)};
  LimitScan scan(limits, text);
  try {
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(scan)) {
    }
  } catch (const Exceeded& e) {
    return e.failure;
  } catch (const YAML::Exception&) {
    return std::nullopt;  // not well-formed: the caller's parse says where and why
  }
  return std::nullopt;
}

}  // namespace rocelint::yaml
