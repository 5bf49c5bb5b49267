// HTML report (docs/output.md#html): one self-contained page. The data (summary, fabric views,
// findings with their source lines) is embedded as JSON in a <script type="application/json">
// element and drawn by the inline script with DOM calls only (no innerHTML), so no name or
// message from the input can become markup. A Content-Security-Policy forbids every load.

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "report_common.hpp"
#include "rocelint/fingerprint.hpp"
#include "rocelint/report.hpp"
#include "rocelint/rule.hpp"

namespace rocelint {
namespace {

using ojson = nlohmann::ordered_json;

ojson excerptJson(const Report& report, const SourceRef& src) {
  auto it = report.excerpts.find({src.file(), src.line});
  if (it == report.excerpts.end()) return ojson();
  ojson lines = ojson::array();
  for (const std::string& line : it->second.lines) lines.push_back(line);
  return {{"first", it->second.first_line}, {"lines", std::move(lines)}};
}

ojson locationJson(const Report& report, const SourceRef& src, const std::string& root) {
  ojson loc;
  loc["file"] = src.known() ? relativePath(src.file(), root) : std::string();
  loc["line"] = src.line;
  loc["column"] = src.column;
  loc["pointer"] = originLabel(src);
  loc["source"] = excerptJson(report, src);
  return loc;
}

ojson findingJson(const Report& report, const Finding& f, const std::string& root) {
  const Rule* rule = findRule(f.rule);
  ojson j;
  j["rule"] = f.rule;
  j["family"] = rule != nullptr ? rule->family() : f.rule;
  j["title"] = rule != nullptr ? rule->title : std::string();
  j["severity"] = severityName(f.severity);
  j["switch"] = f.switch_name;
  j["port"] = f.port;
  j["priority"] = f.priority ? ojson(*f.priority) : ojson();
  j["message"] = f.message;
  j["place"] = report::place(f.location);
  j["location"] = locationJson(report, f.location, root);
  j["related"] = ojson::array();
  for (const RelatedLocation& r : f.related) {
    j["related"].push_back(
        {{"message", r.message}, {"place", report::place(r.src)}, {"location", locationJson(report, r.src, root)}});
  }
  j["fix"] = f.fix;
  return j;
}

const char* kindName(ViewHighlight::Kind kind) {
  switch (kind) {
    case ViewHighlight::Kind::Cycle:
      return "cycle";
    case ViewHighlight::Kind::FailureCycle:
      return "failure-cycle";
    case ViewHighlight::Kind::Storm:
      return "storm";
  }
  return "cycle";
}

ojson viewJson(const FabricView& view) {
  ojson v;
  v["name"] = view.name;
  v["collapsed"] = view.collapsed;
  v["tiers"] = ojson::array();
  for (const ViewTier& t : view.tiers)
    v["tiers"].push_back({{"label", t.label}, {"switches", t.switches}, {"hosts", t.hosts}});
  v["switches"] = ojson::array();
  for (const ViewSwitch& s : view.switches)
    v["switches"].push_back({{"name", s.name}, {"role", s.role}, {"tier", s.tier}, {"hosts", s.hosts}});
  v["links"] = ojson::array();
  for (const ViewLink& l : view.links) {
    ojson ports = ojson::array();
    for (const auto& [a, b] : l.ports) ports.push_back({a, b});
    v["links"].push_back({{"a", l.a}, {"b", l.b}, {"links", l.links}, {"ports", std::move(ports)}});
  }
  v["tier_links"] = ojson::array();
  for (const ViewTierLink& l : view.tier_links)
    v["tier_links"].push_back({{"from", l.from}, {"to", l.to}, {"links", l.links}});
  v["highlights"] = ojson::array();
  for (const ViewHighlight& h : view.highlights) {
    v["highlights"].push_back({{"kind", kindName(h.kind)},
                               {"rule", h.rule},
                               {"label", h.label},
                               {"switch", h.switch_name},
                               {"port", h.port},
                               {"priority", h.priority},
                               {"switches", h.switches},
                               {"links", h.links},
                               {"tier_switches", h.tier_switches},
                               {"switch_count", h.switch_count}});
  }
  return v;
}

/// JSON that is safe inside a <script> element: no "<", ">" or "&" outside escapes (they only
/// occur in strings, where \u003c etc. mean the same), so "</script>" and "<!--" cannot occur.
std::string scriptSafeJson(const ojson& doc) {
  std::string text = doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string safe;
  safe.reserve(text.size());
  for (char c : text) {
    if (c == '<') {
      safe += "\\u003c";
    } else if (c == '>') {
      safe += "\\u003e";
    } else if (c == '&') {
      safe += "\\u0026";
    } else {
      safe += c;
    }
  }
  return safe;
}

std::string htmlEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

constexpr const char* kStyle = R"css(
:root { --err: #dc143c; --warn: #e08a00; --note: #2f6fbf; --hi: #9900cc; --ok: #5a8f29; }
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
header { padding: 12px 20px; background: #1d2733; color: #fff; }
header h1 { margin: 0 0 4px; font-size: 20px; }
header .counts span { margin-right: 14px; }
main { padding: 12px 20px; }
section { margin-bottom: 20px; }
h2 { font-size: 16px; margin: 8px 0; }
.fabric { background: #fff; border: 1px solid #ddd; overflow-x: auto; }
.fabric svg { display: block; }
svg text { font: 11px system-ui, sans-serif; fill: #1d1d1f; }
svg .tier-label { font-weight: 600; fill: #666; }
svg .link { stroke: #b8b8b8; stroke-width: 1.5; fill: none; }
svg .link.hi { stroke: var(--hi); stroke-width: 5; }
svg .sw rect.box { fill: #eef3f8; stroke: #8aa0b8; stroke-width: 1.5; }
svg .sw.error rect.box { fill: #fde8ec; stroke: var(--err); stroke-width: 2.5; }
svg .sw.warning rect.box { fill: #fff4e0; stroke: var(--warn); stroke-width: 2; }
svg .sw.note rect.box { fill: #eaf1fb; stroke: var(--note); }
svg .sw.hi rect.box { stroke: var(--hi); stroke-width: 5; }
svg .sw { cursor: pointer; }
svg .badge { fill: var(--err); }
svg .badge.warning { fill: var(--warn); }
svg .badge.note { fill: var(--note); }
svg .badge-text { fill: #fff; font-weight: 700; }
svg .hosts rect { fill: #f3f3f3; stroke: #ccc; }
.controls { margin: 6px 0; display: flex; gap: 12px; flex-wrap: wrap; align-items: center; }
.legend span { margin-right: 12px; }
.legend i { display: inline-block; width: 12px; height: 12px; vertical-align: middle; margin-right: 4px; border: 2px solid; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
th { background: #f0f0f0; }
tr.finding { cursor: pointer; }
tr.finding:hover { background: #f7f7ff; }
.sev { font-weight: 700; }
.sev.error { color: var(--err); } .sev.warning { color: var(--warn); } .sev.note { color: var(--note); }
.detail td { background: #fbfbfb; }
.fix { color: var(--ok); }
pre.src { background: #f4f4f4; border: 1px solid #e0e0e0; padding: 4px 0; margin: 4px 0; overflow-x: auto; }
pre.src span { display: block; padding: 0 8px; white-space: pre; }
pre.src span.mark { background: #fff1a8; font-weight: 700; }
.muted { color: #777; }
td.where { font-family: monospace; white-space: nowrap; }
)css";

constexpr const char* kScript = R"js(
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("rocelint-data").textContent);
  var NS = "http://www.w3.org/2000/svg";
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function worst(counts) {
    if (!counts) return "";
    if (counts.error) return "error";
    if (counts.warning) return "warning";
    if (counts.note) return "note";
    return "";
  }
  var filters = { family: "", sw: "", severity: { error: true, warning: true, note: true } };

  // Summary line.
  var s = data.summary;
  document.getElementById("summary").textContent = s.line;

  // Fabric drawings.
  var fabricRoot = document.getElementById("fabric");
  var BOX_W = 116, BOX_H = 34, GAP = 18, ROW = 110, LEFT = 130, TOP = 70;
  data.views.forEach(function (view, vi) {
    var sec = el("div", { "class": "view" });
    if (view.name) sec.appendChild(el("h3", {}, "fabric " + view.name));
    var controls = el("div", { "class": "controls" });
    var select = el("select", { "id": "highlight-" + vi, "aria-label": "highlight" });
    select.appendChild(el("option", { value: "-1" }, "no cycle or storm marked"));
    view.highlights.forEach(function (h, hi) {
      select.appendChild(el("option", { value: String(hi) }, h.label));
    });
    if (view.highlights.length === 0) select.appendChild(el("option", { value: "-2", disabled: "" }, "(no deadlock cycle; no storm radius computed)"));
    controls.appendChild(el("label", {}, "Mark: "));
    controls.appendChild(select);
    var legend = el("span", { "class": "legend" });
    [["error", "var(--err)"], ["warning", "var(--warn)"], ["note", "var(--note)"], ["cycle / storm", "var(--hi)"]].forEach(function (p) {
      var item = el("span", {});
      var sw = el("i", {});
      sw.style.borderColor = p[1];
      item.appendChild(sw);
      item.appendChild(document.createTextNode(p[0]));
      legend.appendChild(item);
    });
    controls.appendChild(legend);
    sec.appendChild(controls);
    var box = el("div", { "class": "fabric" });
    sec.appendChild(box);
    fabricRoot.appendChild(sec);
    var tiers = view.tiers.length;
    var rows = tiers + 1;  // + the servers' row
    var height = TOP + rows * ROW;
    var pos = [], switchNodes = [], linkNodes = [], tierNodes = [];
    var width;
    var root;
    if (!view.collapsed) {
      var perTier = view.tiers.map(function () { return 0; });
      view.switches.forEach(function (sw) { perTier[sw.tier]++; });
      var widest = Math.max.apply(null, perTier.concat([1]));
      width = Math.max(900, LEFT + widest * (BOX_W + GAP) + GAP);
      root = svg("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img" });
      var seen = view.tiers.map(function () { return 0; });
      // Tier t is drawn at row (tiers - 1 - t): the highest tier on top, the servers at the bottom.
      view.switches.forEach(function (sw, i) {
        var n = perTier[sw.tier];
        var span = width - LEFT;
        var x = LEFT + (span / n) * (seen[sw.tier] + 0.5) - BOX_W / 2;
        var y = TOP + (tiers - 1 - sw.tier) * ROW;
        seen[sw.tier]++;
        pos.push({ x: x, y: y });
      });
      var linkLayer = svg("g", {});
      root.appendChild(linkLayer);
      view.links.forEach(function (l) {
        var a = pos[l.a], b = pos[l.b];
        var line;
        if (a.y === b.y) {
          // Two switches of one tier: an arc above the row, higher the farther apart they are.
          var x1 = a.x + BOX_W / 2, x2 = b.x + BOX_W / 2, lift = Math.min(ROW - BOX_H, 18 + Math.abs(x2 - x1) / 8);
          line = svg("path", { "class": "link", d: "M " + x1 + " " + a.y + " Q " + (x1 + x2) / 2 + " " + (a.y - 2 * lift) + " " + x2 + " " + b.y });
        } else {
          line = svg("line", { "class": "link", x1: a.x + BOX_W / 2, y1: a.y + BOX_H / 2, x2: b.x + BOX_W / 2, y2: b.y + BOX_H / 2 });
        }
        var title = view.switches[l.a].name + " \u2013 " + view.switches[l.b].name + ": " +
          l.ports.map(function (p) { return p[0] + " \u2013 " + p[1]; }).join(", ");
        line.appendChild(svg("title", {}, title));
        linkLayer.appendChild(line);
        linkNodes.push(line);
      });
      view.tiers.forEach(function (t, ti) {
        root.appendChild(svg("text", { "class": "tier-label", x: 8, y: TOP + (tiers - 1 - ti) * ROW + BOX_H / 2 + 4 }, t.label + " (" + t.switches + ")"));
      });
      root.appendChild(svg("text", { "class": "tier-label", x: 8, y: TOP + tiers * ROW + 20 }, "servers"));
      view.switches.forEach(function (sw, i) {
        var p = pos[i];
        var counts = s.by_switch[sw.name];
        var sev = worst(counts);
        var g = svg("g", { "class": "sw" + (sev ? " " + sev : ""), transform: "translate(" + p.x + "," + p.y + ")" });
        g.appendChild(svg("rect", { "class": "box", width: BOX_W, height: BOX_H, rx: 5 }));
        var label = sw.name.length > 17 ? sw.name.slice(0, 16) + "\u2026" : sw.name;
        g.appendChild(svg("text", { x: 6, y: 21 }, label));
        var tip = sw.name + (sw.role ? " (" + sw.role + ")" : "");
        if (counts) tip += ": " + ["error", "warning", "note"].filter(function (k) { return counts[k]; }).map(function (k) { return counts[k] + " " + k; }).join(", ");
        g.appendChild(svg("title", {}, tip));
        if (sev) {
          var total = (counts.error || 0) + (counts.warning || 0) + (counts.note || 0);
          g.appendChild(svg("rect", { "class": "badge " + sev, x: BOX_W - 14, y: -10, width: 26, height: 20, rx: 10 }));
          g.appendChild(svg("text", { "class": "badge-text", x: BOX_W - 1, y: 4, "text-anchor": "middle" }, String(total)));
        }
        g.addEventListener("click", function () { setSwitch(sw.name); });
        root.appendChild(g);
        switchNodes.push(g);
        if (sw.hosts > 0) {
          var hy = TOP + tiers * ROW;
          var hg = svg("g", { "class": "hosts" });
          hg.appendChild(svg("line", { "class": "link", x1: p.x + BOX_W / 2, y1: p.y + BOX_H, x2: p.x + BOX_W / 2, y2: hy }));
          hg.appendChild(svg("rect", { x: p.x + 8, y: hy, width: BOX_W - 16, height: 26, rx: 4 }));
          hg.appendChild(svg("text", { x: p.x + 16, y: hy + 17 }, sw.hosts + " server port" + (sw.hosts === 1 ? "" : "s")));
          root.insertBefore(hg, root.firstChild);
        }
      });
    } else {
      width = 900;
      root = svg("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img" });
      view.tier_links.forEach(function (l) {
        if (l.from === l.to) return;
        var x = LEFT + 40 + 40 * l.from;
        var y1 = TOP + (tiers - 1 - l.from) * ROW, y2 = TOP + (tiers - 1 - l.to) * ROW + BOX_H * 1.5;
        root.appendChild(svg("line", { "class": "link", x1: x, y1: y1, x2: x, y2: y2 }));
        root.appendChild(svg("text", { x: x + 6, y: (y1 + y2) / 2 }, l.links + " links"));
      });
      view.tiers.forEach(function (t, ti) {
        var y = TOP + (tiers - 1 - ti) * ROW;
        var g = svg("g", { "class": "sw", transform: "translate(" + LEFT + "," + y + ")" });
        g.appendChild(svg("rect", { "class": "box", width: width - LEFT - 20, height: BOX_H * 1.5, rx: 6 }));
        var text = svg("text", { x: 10, y: 30 }, t.label + ": " + t.switches + " switches" + (t.hosts ? ", " + t.hosts + " server ports" : ""));
        g.appendChild(text);
        root.appendChild(g);
        tierNodes.push({ g: g, text: text, base: text.textContent });
      });
    }
    box.appendChild(root);
    function mark(hi) {
      switchNodes.forEach(function (g) { g.classList.remove("hi"); });
      linkNodes.forEach(function (l) { l.classList.remove("hi"); });
      tierNodes.forEach(function (t) { t.g.classList.remove("hi"); t.text.textContent = t.base; });
      var h = view.highlights[hi];
      if (!h) return;
      h.switches.forEach(function (i) { switchNodes[i].classList.add("hi"); });
      h.links.forEach(function (i) { linkNodes[i].classList.add("hi"); });
      h.tier_switches.forEach(function (n, ti) {
        if (n > 0 && tierNodes[ti]) {
          tierNodes[ti].g.classList.add("hi");
          tierNodes[ti].text.textContent = tierNodes[ti].base + " \u2014 " + n + " marked";
        }
      });
    }
    select.addEventListener("change", function () { mark(Number(select.value)); });
    if (view.highlights.length > 0) {
      select.value = "0";
      mark(0);
    }
  });

  // Findings table.
  var famSel = document.getElementById("filter-family");
  Object.keys(s.by_family).forEach(function (f) { famSel.appendChild(el("option", { value: f }, f)); });
  var swSel = document.getElementById("filter-switch");
  Object.keys(s.by_switch).forEach(function (n) { swSel.appendChild(el("option", { value: n }, n)); });
  var body = document.getElementById("findings-body");
  var rows = [];
  function sourceBlock(loc) {
    if (!loc.source) return null;
    var pre = el("pre", { "class": "src" });
    loc.source.lines.forEach(function (text, i) {
      var n = loc.source.first + i;
      var span = el("span", { "class": n === loc.line ? "mark" : "" }, String(n).padStart(5, " ") + "  " + text);
      pre.appendChild(span);
    });
    return pre;
  }
  data.findings.forEach(function (f) {
    var tr = el("tr", { "class": "finding" });
    tr.appendChild(el("td", { "class": "sev " + f.severity }, f.severity));
    tr.appendChild(el("td", { title: f.title }, f.rule));
    tr.appendChild(el("td", {}, f["switch"]));
    tr.appendChild(el("td", {}, f.port));
    tr.appendChild(el("td", {}, f.priority === null ? "" : String(f.priority)));
    var where = f.location.file ? f.location.file + (f.location.line ? ":" + f.location.line : "") : f.place;
    tr.appendChild(el("td", { "class": "where" }, where));
    tr.appendChild(el("td", {}, f.message));
    var detail = el("tr", { "class": "detail" });
    detail.hidden = true;
    var td = el("td", { colspan: "7" });
    td.appendChild(el("div", {}, "at " + where + (f.location.pointer ? " (" + f.location.pointer + ")" : "")));
    var lines = sourceBlock(f.location);
    if (lines) td.appendChild(lines);
    if (f.fix) td.appendChild(el("div", { "class": "fix" }, "fix: " + f.fix));
    f.related.forEach(function (r) {
      var rw = r.location.file ? r.location.file + (r.location.line ? ":" + r.location.line : "") : r.place;
      td.appendChild(el("div", { "class": "muted" }, "note: " + rw + ": " + r.message));
      var rs = sourceBlock(r.location);
      if (rs) td.appendChild(rs);
    });
    detail.appendChild(td);
    tr.addEventListener("click", function () { detail.hidden = !detail.hidden; });
    body.appendChild(tr);
    body.appendChild(detail);
    rows.push({ f: f, tr: tr, detail: detail });
  });
  function apply() {
    var shown = 0;
    rows.forEach(function (r) {
      var ok = (!filters.family || r.f.family === filters.family) && (!filters.sw || r.f["switch"] === filters.sw) &&
        filters.severity[r.f.severity];
      r.tr.hidden = !ok;
      if (!ok) r.detail.hidden = true;
      if (ok) shown++;
    });
    document.getElementById("shown").textContent = shown + " of " + rows.length + " shown" +
      (data.left_out > 0 ? "; " + data.left_out + " more finding(s) left out of this page (see the text or JSON report)" : "");
  }
  function setSwitch(name) {
    filters.sw = filters.sw === name ? "" : name;
    swSel.value = filters.sw;
    apply();
  }
  famSel.addEventListener("change", function () { filters.family = famSel.value; apply(); });
  swSel.addEventListener("change", function () { filters.sw = swSel.value; apply(); });
  ["error", "warning", "note"].forEach(function (sev) {
    var box = document.getElementById("filter-" + sev);
    box.addEventListener("change", function () { filters.severity[sev] = box.checked; apply(); });
  });
  apply();
  document.body.dataset.ready = "1";
})();
)js";

}  // namespace

void writeHtml(const Report& report, std::ostream& out, const HtmlOptions& options) {
  const Summary& s = report.summary;
  ojson doc;
  ojson summary;
  summary["line"] = report::summaryLine(s);
  summary["files"] = s.files;
  summary["switches"] = s.switches;
  summary["links"] = s.links;
  summary["host_ports"] = s.hosts;
  summary["by_severity"] = s.by_severity;
  summary["by_family"] = s.by_family;
  summary["by_switch"] = s.by_switch;
  summary["suppressed"] = s.suppressed;
  summary["baselined"] = s.baselined;
  doc["summary"] = std::move(summary);
  doc["views"] = ojson::array();
  for (const FabricView& view : report.views) doc["views"].push_back(viewJson(view));
  doc["findings"] = ojson::array();
  std::size_t shown = std::min(options.max_findings, report.findings.size());
  for (std::size_t i = 0; i < shown; ++i)
    doc["findings"].push_back(findingJson(report, report.findings[i], options.source_root));
  doc["left_out"] = report.findings.size() - shown;

  auto count = [&](const char* severity) {
    auto it = s.by_severity.find(severity);
    return it == s.by_severity.end() ? 0 : it->second;
  };
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
         "script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << htmlEscape(options.title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n"
      << "<header><h1>" << htmlEscape(options.title) << "</h1>\n<div class=\"counts\">"
      << fmt::format(
             "<span{}>{} error(s)</span><span>{} warning(s)</span><span>{} note(s)</span>"
             "<span>{} suppressed</span><span>{} baselined</span>",
             count("error") > 0 ? " class=\"sev error\"" : "", count("error"), count("warning"), count("note"),
             s.suppressed, s.baselined)
      << "</div><div id=\"summary\"></div></header>\n<main>\n"
      << "<section><h2>Fabric</h2><div id=\"fabric\"></div></section>\n"
      << "<section><h2>Findings</h2>\n<div class=\"controls\">"
      << "<label>Family <select id=\"filter-family\"><option value=\"\">all</option></select></label>"
      << "<label>Switch <select id=\"filter-switch\"><option value=\"\">all</option></select></label>"
      << "<label><input type=\"checkbox\" id=\"filter-error\" checked> errors</label>"
      << "<label><input type=\"checkbox\" id=\"filter-warning\" checked> warnings</label>"
      << "<label><input type=\"checkbox\" id=\"filter-note\" checked> notes</label>"
      << "<span id=\"shown\" class=\"muted\"></span></div>\n"
      << "<table><thead><tr><th>severity</th><th>rule</th><th>switch</th><th>port</th><th>priority</th>"
         "<th>location</th><th>message</th></tr></thead><tbody "
         "id=\"findings-body\"></tbody></table>\n</section>\n</main>\n"
      << "<script type=\"application/json\" id=\"rocelint-data\">" << scriptSafeJson(doc) << "</script>\n"
      << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace rocelint
