// The HTML report (docs/output.md#html) and the fabric view the engine computes for it. The page
// in a real browser is tests/check_html_report.py.

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "rocelint/deadlock.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

std::string html(const Report& report, const HtmlOptions& options = {}) {
  std::ostringstream out;
  writeHtml(report, out, options);
  return out.str();
}

/// The JSON the page embeds.
nlohmann::json embedded(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"rocelint-data\">";
  auto begin = page.find(open);
  EXPECT_NE(begin, std::string::npos);
  begin += open.size();
  auto end = page.find("</script>", begin);
  EXPECT_NE(end, std::string::npos);
  return nlohmann::json::parse(page.substr(begin, end - begin));
}

std::vector<std::string> lines(const std::string& file) {
  std::istringstream in(test::readAll(file));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(HtmlReport, DrawsTheSampleFabricByTierWithItsFindingsAndSourceLines) {
  const std::string dir = test::sourceDir() + "/samples/leafspine-broken";
  Report report = test::check(dir);
  addSourceExcerpts(report, kHtmlMaxFindings);
  const std::string page = html(report, HtmlOptions{test::sourceDir()});
  nlohmann::json data = embedded(page);

  ASSERT_EQ(data["views"].size(), 1u);
  const nlohmann::json& view = data["views"][0];
  EXPECT_FALSE(view["collapsed"].get<bool>());
  ASSERT_EQ(view["tiers"].size(), 2u);
  EXPECT_EQ(view["tiers"][0]["label"], "leaves");
  EXPECT_EQ(view["tiers"][0]["switches"], 4);
  EXPECT_EQ(view["tiers"][1]["label"], "spines");
  EXPECT_EQ(view["tiers"][1]["switches"], 2);
  std::vector<std::string> names;
  for (const auto& sw : view["switches"]) names.push_back(sw["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"leaf1", "leaf2", "leaf3", "leaf4", "spine1", "spine2"}));
  for (const auto& sw : view["switches"])
    EXPECT_EQ(sw["tier"], sw["name"].get<std::string>().rfind("leaf", 0) == 0 ? 0 : 1);
  // Every leaf has one link to each spine, but for leaf4 - spine2: the seeded neighbour mistake
  // (TOPO001) leaves it unbuilt. 7 switch pairs, each a leaf (0-3) and a spine (4-5).
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& link : view["links"]) {
    EXPECT_LT(link["a"].get<int>(), 4);
    EXPECT_GE(link["b"].get<int>(), 4);
    EXPECT_EQ(link["links"], 1);
    pairs.insert({names[link["a"].get<std::size_t>()], names[link["b"].get<std::size_t>()]});
  }
  EXPECT_EQ(pairs.size(), 7u);
  EXPECT_EQ(pairs.count({"leaf4", "spine2"}), 0u);
  EXPECT_EQ(pairs.count({"leaf2", "spine2"}), 1u);
  // The seeded mistakes: counted per switch for the drawing.
  EXPECT_GT(data["summary"]["by_switch"]["spine2"]["error"].get<int>(), 0);
  EXPECT_GT(data["summary"]["by_switch"]["leaf3"]["error"].get<int>(), 0);

  ASSERT_EQ(data["findings"].size(), report.findings.size());
  EXPECT_EQ(data["left_out"], 0);
  // Each finding with its fix and the lines it points at, the line itself in the excerpt.
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Finding& f = report.findings[i];
    const nlohmann::json& j = data["findings"][i];
    EXPECT_EQ(j["rule"], f.rule);
    EXPECT_EQ(j["message"], f.message);
    EXPECT_EQ(j["fix"], f.fix);
    EXPECT_EQ(j["switch"], f.switch_name);
    if (f.location.line <= 0) continue;
    const nlohmann::json& source = j["location"]["source"];
    ASSERT_TRUE(source.is_object()) << f.rule << " " << f.location.file() << ":" << f.location.line;
    std::vector<std::string> file = lines(f.location.file());
    int first = source["first"];
    EXPECT_EQ(first, std::max(1, f.location.line - 3));
    EXPECT_EQ(source["lines"][static_cast<std::size_t>(f.location.line - first)],
              file[static_cast<std::size_t>(f.location.line - 1)]);
    EXPECT_EQ(j["location"]["file"], relativePath(f.location.file(), test::sourceDir()));
  }

  // Self-contained: a CSP that forbids every load, no resource URL, the ready marker.
  EXPECT_NE(page.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"), std::string::npos);
  EXPECT_FALSE(std::regex_search(page, std::regex(R"((src|href)\s*=|url\(|@import)", std::regex::icase)));
  std::string without_ns = page;
  for (auto at = without_ns.find("\"http://www.w3.org/2000/svg\""); at != std::string::npos;
       at = without_ns.find("\"http://www.w3.org/2000/svg\""))
    without_ns.erase(at, 28);
  EXPECT_EQ(without_ns.find("http://"), std::string::npos);
  EXPECT_EQ(without_ns.find("https://"), std::string::npos);
  EXPECT_NE(page.find("document.body.dataset.ready = \"1\""), std::string::npos);
  // Deterministic.
  EXPECT_EQ(page, html(report, HtmlOptions{test::sourceDir()}));
}

TEST(HtmlReport, EscapesHostileNamesAndMessages) {
  const std::string hostile = "</script><script>alert(1)</script><!--<img src=x onerror=alert(2)>&amp;";
  Report report;
  Finding f;
  f.rule = "PFC001";
  f.switch_name = hostile;
  f.message = hostile;
  f.fix = hostile;
  report.findings.push_back(f);
  FabricView view;
  view.tiers.push_back({"leaves", 1, 0});
  view.switches.push_back({hostile, hostile, 0, 0});
  report.views.push_back(view);
  countFindings(report);
  const std::string page = html(report, HtmlOptions{"", kHtmlMaxFindings, hostile});
  // The data element holds no markup at all; the title is entity-escaped.
  EXPECT_EQ(page.find("alert(1)</script>"), std::string::npos);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("<!--"), std::string::npos);
  EXPECT_NE(page.find("<title>&lt;/script&gt;&lt;script&gt;alert(1)"), std::string::npos);
  nlohmann::json data = embedded(page);
  EXPECT_EQ(data["findings"][0]["message"], hostile);
  EXPECT_EQ(data["views"][0]["switches"][0]["name"], hostile);
  EXPECT_EQ(data["summary"]["by_switch"].begin().key(), hostile);
  // Exactly two script elements: the data and the page's own code.
  std::size_t scripts = 0;
  for (auto at = page.find("<script"); at != std::string::npos; at = page.find("<script", at + 1)) ++scripts;
  EXPECT_EQ(scripts, 2u);
}

TEST(HtmlReport, CapsTheFindingsAndSaysHowManyAreLeftOut) {
  Report report = test::check(test::sourceDir() + "/samples/leafspine-broken");
  ASSERT_GT(report.findings.size(), 5u);
  nlohmann::json data = embedded(html(report, HtmlOptions{"", 5}));
  EXPECT_EQ(data["findings"].size(), 5u);
  EXPECT_EQ(data["left_out"], report.findings.size() - 5);
}

TEST(HtmlReport, CliWritesThePageToAFileOrStandardOutputAndRefusesItForDiff) {
  test::TempDir dir;
  const std::string sample = test::sourceDir() + "/samples/leafspine-broken";
  test::CliRun alone = test::runCli("check " + sample + " --format html", "2>/dev/null");
  EXPECT_EQ(alone.code, 1);
  EXPECT_EQ(alone.out.rfind("<!DOCTYPE html>", 0), 0u);
  test::CliRun both = test::runCli(
      "check " + sample + " --format html=" + dir.path() + "/r.html --format json=" + dir.path() + "/r.json",
      "2>/dev/null");
  EXPECT_EQ(both.code, 1);
  EXPECT_EQ(test::readAll(dir.path() + "/r.html"), alone.out);
  // The page shows the source line of every finding: the CLI read the excerpts.
  nlohmann::json data = embedded(alone.out);
  ASSERT_FALSE(data["findings"].empty());
  for (const auto& f : data["findings"]) {
    if (f["location"]["line"].get<int>() > 0) {
      EXPECT_TRUE(f["location"]["source"].is_object()) << f["rule"];
    }
  }
  test::CliRun diff = test::runCli("diff " + sample + " " + sample + " --format html", "2>&1");
  EXPECT_EQ(diff.code, 2);
  EXPECT_NE(diff.out.find("rocelint: error: --format html is a report of `check`"), std::string::npos) << diff.out;
}

// `check DIR` over two pods named alike draws each pod, its switches qualified like its findings.
TEST(HtmlReport, DrawsOneFabricPerRoot) {
  test::TempDir dir;
  for (const char* pod : {"pod1", "pod2"}) {
    std::filesystem::copy(test::sourceDir() + "/samples/leafspine-broken", dir.path() + "/" + pod);
    dir.write(std::string(pod) + "/.rocelint.yaml", "severity:\n  PFC003: error\n");
  }
  test::CliRun r = test::runCli("check " + dir.path() + " --format html", "2>/dev/null");
  EXPECT_EQ(r.code, 1);
  nlohmann::json data = embedded(r.out);
  ASSERT_EQ(data["views"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string pod = i == 0 ? "pod1" : "pod2";
    EXPECT_EQ(data["views"][i]["name"], pod);
    ASSERT_EQ(data["views"][i]["switches"].size(), 6u);
    EXPECT_EQ(data["views"][i]["switches"][0]["name"], pod + "/leaf1");
    // The counts the drawing marks a switch by use the same qualified names.
    EXPECT_GT(data["summary"]["by_switch"][pod + "/spine2"]["error"].get<int>(), 0);
    for (const auto& h : data["views"][i]["highlights"])
      EXPECT_EQ(h["switch"].get<std::string>().rfind(pod + "/", 0), 0u);
  }
}

TEST(FabricView, MarksEveryDeadlockCycleOnTheDrawing) {
  Report report = test::check(test::sourceDir() + "/tests/fixtures/DL001/sonic/bad");
  ASSERT_EQ(report.views.size(), 1u);
  const FabricView& view = report.views[0];
  std::vector<const Finding*> cycles;
  for (const Finding& f : report.findings) {
    if (f.rule == "DL001") cycles.push_back(&f);
  }
  ASSERT_FALSE(cycles.empty());
  std::vector<const ViewHighlight*> marked;
  for (const ViewHighlight& h : view.highlights) {
    if (h.kind == ViewHighlight::Kind::Cycle) marked.push_back(&h);
  }
  ASSERT_EQ(marked.size(), cycles.size());
  for (std::size_t i = 0; i < marked.size(); ++i) {
    const ViewHighlight& h = *marked[i];
    EXPECT_EQ(h.rule, "DL001");
    // The highlight names the finding it explains, and marks every switch of its path.
    bool found = false;
    for (const Finding* f : cycles)
      found = found || (f->switch_name == h.switch_name && f->port == h.port && f->priority == h.priority);
    EXPECT_TRUE(found) << h.label;
    std::set<std::string> on_path;
    for (std::uint32_t s : h.switches) {
      on_path.insert(view.switches[s].name);
      EXPECT_NE(h.label.find(view.switches[s].name), std::string::npos) << h.label;
    }
    EXPECT_GE(on_path.size(), 2u);
    EXPECT_EQ(static_cast<int>(on_path.size()), h.switch_count);
    // A cycle's links join two switches of the cycle.
    ASSERT_FALSE(h.links.empty());
    for (std::uint32_t l : h.links) {
      EXPECT_TRUE(on_path.count(view.switches[view.links[l].a].name));
      EXPECT_TRUE(on_path.count(view.switches[view.links[l].b].name));
    }
  }
}

TEST(FabricView, StormsListTheSwitchesTheyPause) {
  Report report = test::check(test::sourceDir() + "/tests/fixtures/DL004/sonic/bad");
  const FabricView& view = report.views.at(0);
  ASSERT_TRUE(report.summary.deadlock);
  const auto& worst = report.summary.deadlock->worst_storms;
  std::vector<const ViewHighlight*> storms;
  for (const ViewHighlight& h : view.highlights) {
    if (h.kind == ViewHighlight::Kind::Storm) storms.push_back(&h);
  }
  ASSERT_EQ(storms.size(), std::min<std::size_t>(worst.size(), kBlastListed));
  for (std::size_t i = 0; i < storms.size(); ++i) {
    EXPECT_EQ(storms[i]->switch_name, worst[i].switch_name);
    EXPECT_EQ(storms[i]->port, worst[i].port);
    EXPECT_EQ(static_cast<int>(storms[i]->switches.size()), worst[i].paused_switches);
    EXPECT_EQ(storms[i]->switch_count, worst[i].paused_switches);
  }
}

TEST(FabricView, DrawsALargeFabricAsOneBoxPerTier) {
  // 350 leaves (one server port, one uplink each) under one spine: more than kViewMaxSwitches.
  Fabric fabric;
  const std::size_t leaves = 350;
  for (std::size_t i = 0; i < leaves; ++i) {
    Switch sw;
    sw.name = "leaf" + std::to_string(i);
    sw.portFor("Ethernet0");
    sw.portFor("Ethernet4");
    fabric.switches.push_back(std::move(sw));
    fabric.hosts.push_back({"server" + std::to_string(i), PortRef{i, 0}});
  }
  Switch spine;
  spine.name = "spine";
  for (std::size_t i = 0; i < leaves; ++i) spine.portFor("Ethernet" + std::to_string(i));
  fabric.switches.push_back(std::move(spine));
  for (std::size_t i = 0; i < leaves; ++i) fabric.links.push_back({PortRef{i, 1}, PortRef{leaves, i}});
  FabricView view = buildFabricView(fabric, nullptr);
  EXPECT_TRUE(view.collapsed);
  EXPECT_TRUE(view.switches.empty());
  EXPECT_TRUE(view.links.empty());
  ASSERT_EQ(view.tiers.size(), 2u);
  EXPECT_EQ(view.tiers[0].label, "leaves");
  EXPECT_EQ(view.tiers[0].switches, 350);
  EXPECT_EQ(view.tiers[0].hosts, 350);
  EXPECT_EQ(view.tiers[1].label, "spines");
  EXPECT_EQ(view.tiers[1].switches, 1);
  ASSERT_EQ(view.tier_links.size(), 1u);
  EXPECT_EQ(view.tier_links[0].from, 0);
  EXPECT_EQ(view.tier_links[0].to, 1);
  EXPECT_EQ(view.tier_links[0].links, 350);
}

TEST(FabricView, SwitchesNoServerReachesHaveTheirOwnTier) {
  Fabric fabric;
  for (const char* name : {"leaf1", "spine1", "lonely"}) {
    Switch sw;
    sw.name = name;
    sw.portFor("Ethernet0");
    sw.portFor("Ethernet4");
    fabric.switches.push_back(std::move(sw));
  }
  fabric.hosts.push_back({"server", PortRef{0, 0}});
  fabric.links.push_back({PortRef{0, 1}, PortRef{1, 0}});
  FabricView view = buildFabricView(fabric, nullptr);
  ASSERT_EQ(view.tiers.size(), 3u);
  EXPECT_EQ(view.tiers[2].label, "not linked to a leaf");
  ASSERT_EQ(view.switches.size(), 3u);
  EXPECT_EQ(view.switches[2].name, "lonely");
  EXPECT_EQ(view.switches[2].tier, 2);
  EXPECT_EQ(view.switches[0].hosts, 1);
}

}  // namespace
}  // namespace rocelint
