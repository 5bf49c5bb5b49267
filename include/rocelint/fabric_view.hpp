#pragma once
// What the HTML report draws (docs/output.md#html): the fabric by tier with its links, the
// deadlock cycles and the worst PFC storms, and the source lines findings point at. Computed by
// the engine from the model and the deadlock analysis; a reporter renders it as it is.

#if defined(ROCELINT_LAYERED) && !defined(ROCELINT_USES_engine)
#error "layer rule: this library may not include rocelint/fabric_view.hpp (docs/architecture.md#layers)"
#endif

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rocelint {

struct Fabric;
struct DeadlockAnalysis;
struct Report;

/// Above this many switches a fabric is drawn as one box per tier (with counts): switches and
/// links are not listed one by one.
inline constexpr std::size_t kViewMaxSwitches = 300;

/// One row of the drawing. Tier 1 holds the switches servers attach to (leaves), tier 2 their
/// neighbours (spines), and so on by hop distance from a server-facing switch.
struct ViewTier {
  std::string label;  ///< "leaves", "spines", "super-spines", "tier 4", "not linked to a leaf"
  int switches = 0;
  int hosts = 0;  ///< servers attached to the tier's switches
};

struct ViewSwitch {
  std::string name;
  std::string role;  ///< as the configuration gives it ("LeafRouter"), may be empty
  int tier = 0;      ///< index into FabricView::tiers
  int hosts = 0;     ///< servers attached
};

/// Every link between one pair of switches (parallel links and LAG members drawn as one line).
struct ViewLink {
  std::uint32_t a = 0;  ///< index into FabricView::switches (a < b)
  std::uint32_t b = 0;
  int links = 0;
  std::vector<std::pair<std::string, std::string>> ports;  ///< per link: the port at a, the port at b
};

/// Links between two tiers (for the collapsed drawing).
struct ViewTierLink {
  int from = 0;  ///< tier indices, from <= to
  int to = 0;
  int links = 0;
};

/// Something to mark on the drawing: a deadlock cycle or a PFC storm's blast radius.
struct ViewHighlight {
  enum class Kind : std::uint8_t { Cycle, FailureCycle, Storm };
  Kind kind = Kind::Cycle;
  std::string rule;   ///< the rule whose findings it explains (DL001, DL003, DL004)
  std::string label;  ///< one line: "priority 3: leaf1 -> spine1 -> leaf2 -> spine2 -> leaf1"
  /// The finding it belongs to: a cycle's weakest hop, a storm's host-facing port.
  std::string switch_name;
  std::string port;
  int priority = 0;
  std::vector<std::uint32_t> switches;  ///< indices into FabricView::switches (empty when collapsed)
  std::vector<std::uint32_t> links;     ///< indices into FabricView::links (empty when collapsed)
  std::vector<int> tier_switches;       ///< per tier: how many of its switches it involves
  int switch_count = 0;                 ///< switches involved in all
};

/// The fabric as the HTML report draws it. O(switches + links) to build.
struct FabricView {
  std::string name;        ///< the fabric root for a multi-fabric run ("pod1"), else ""
  bool collapsed = false;  ///< more than kViewMaxSwitches switches: one box per tier
  std::vector<ViewTier> tiers;
  std::vector<ViewSwitch> switches;  ///< by tier, then by name (empty when collapsed)
  std::vector<ViewLink> links;       ///< sorted by (a, b) (empty when collapsed)
  std::vector<ViewTierLink> tier_links;
  std::vector<ViewHighlight> highlights;  ///< cycles (DL001), failure cycles (DL003), then the worst storms
};

/// The fabric view of `fabric`; `deadlock` (may be null: the DL rules did not run) gives the
/// cycles and the storms, of which the `max_storms` worst are kept.
FabricView buildFabricView(const Fabric& fabric, const DeadlockAnalysis* deadlock, std::size_t max_storms = 3);

/// A few lines of an input file around the line a finding points at.
struct SourceExcerpt {
  int first_line = 0;  ///< the line number of lines[0]
  std::vector<std::string> lines;
};

/// Key of a SourceExcerpt: the file as the finding names it, and the line.
using ExcerptKey = std::pair<std::string, int>;

/// Reads, for the first `max_findings` reported findings (and their related locations), the
/// `context` lines either side of each location into `report.excerpts`. Each file is read once;
/// a file that cannot be read (gone, too large) has no excerpt. Lines are cut at 300 bytes.
void addSourceExcerpts(Report& report, std::size_t max_findings, int context = 3,
                       std::uint64_t max_file_bytes = std::uint64_t{1} << 30);

}  // namespace rocelint
