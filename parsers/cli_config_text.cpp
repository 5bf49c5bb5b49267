#include "cli_config_text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <memory>

#include "input_limits.hpp"
#include "rocelint/diagnostics.hpp"

namespace rocelint::cli {

const std::string& ConfigLine::word(std::size_t i) const {
  static const std::string none;
  return i < words.size() ? words[i] : none;
}

bool ConfigLine::startsWith(std::initializer_list<std::string_view> prefix) const {
  if (prefix.size() > words.size()) return false;
  std::size_t i = 0;
  for (std::string_view w : prefix) {
    if (words[i++] != w) return false;
  }
  return true;
}

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::vector<std::string> splitWords(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && isBlank(text[i])) ++i;
    std::size_t start = i;
    while (i < text.size() && !isBlank(text[i])) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

// Places `line` in the tree: under the last line (recursively) whose indentation is smaller.
// Readers recurse over the blocks, so a line nested deeper than the limit rejects the file.
void place(std::vector<ConfigLine>& siblings, ConfigLine&& line, const std::string& file, int max_depth) {
  std::vector<ConfigLine>* level = &siblings;
  int depth = 0;
  while (!level->empty() && level->back().indent < line.indent) {
    level = &level->back().children;
    if (++depth >= max_depth) {
      throw InputError(
          fmt::format("{}:{}:{}: nesting deeper than {} levels of indentation (the nesting depth limit, "
                      "--max-depth, docs/reliability.md)",
                      file, line.line, line.column, max_depth));
    }
  }
  level->push_back(std::move(line));
}

// What closes the banner a `banner <kind> ...` line opens: "" when it closes on that line,
// "EOF" for EOS (text on the following lines up to `EOF`), else the delimiter (IOS/NX-OS
// `banner motd #...#`, `^C` as running-configs print a Ctrl-C delimiter).
std::string bannerDelimiter(std::string_view line) {
  std::vector<std::string> words = splitWords(line);
  if (words.size() < 3) return "EOF";
  std::string_view rest = line.substr(line.find(words[2], line.find(words[1]) + words[1].size()));
  std::string delimiter(rest.substr(0, rest.substr(0, 2) == "^C" ? 2 : 1));
  if (rest.find(delimiter, delimiter.size()) != std::string_view::npos) return "";
  return delimiter;
}

}  // namespace

ConfigText parseConfigText(std::string_view text, const std::string& file, const limits::ReadLimits& limits) {
  ConfigText config;
  config.file = FileName(file);
  int comment_indent = -1;  // inside an EOS "comment ... EOF" block
  std::string banner_end;   // inside a banner: what closes it
  config.line_count = forEachLine(text, [&](std::string_view raw, int line_no) {
    std::size_t indent = 0;
    while (indent < raw.size() && isBlank(raw[indent])) ++indent;
    std::string_view body = raw.substr(indent);
    while (!body.empty() && isBlank(body.back())) body.remove_suffix(1);
    if (comment_indent >= 0) {
      if (body == "EOF") comment_indent = -1;
      return;
    }
    if (!banner_end.empty()) {
      // Banner text is free text, not statements: skipped through its closing delimiter.
      if (banner_end == "EOF" ? body == "EOF" : body.find(banner_end) != std::string_view::npos) banner_end.clear();
      return;
    }
    if (body.substr(0, 7) == "banner " && indent == 0) {
      banner_end = bannerDelimiter(body);
      return;
    }
    if (body.empty() || body.front() == '!' || body.front() == '#') return;
    if (body == "comment") {
      comment_indent = static_cast<int>(indent);
      return;
    }
    ConfigLine line;
    line.text = std::string(body);
    line.words = splitWords(body);
    line.line = line_no;
    line.column = static_cast<int>(indent) + 1;
    line.indent = static_cast<int>(indent);
    place(config.lines, std::move(line), file, limits.max_depth);
  });
  return config;
}

ConfigText configTree(std::vector<RawLine> lines, const std::string& file, int line_count,
                      const limits::ReadLimits& limits) {
  ConfigText config;
  config.file = FileName(file);
  for (RawLine& raw : lines) {
    ConfigLine line;
    line.words = splitWords(raw.text);
    line.text = std::move(raw.text);
    line.line = raw.line;
    line.column = raw.column;
    line.indent = raw.indent;
    place(config.lines, std::move(line), file, limits.max_depth);
  }
  config.line_count = line_count;
  return config;
}

namespace {

bool startsWithCi(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  }
  return true;
}

// The number of '/'-separated numbers `text` starts with ("1/1/1:2 ..." -> 3).
int positionDepth(std::string_view text) {
  int depth = 0;
  std::size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    ++depth;
    if (i >= text.size() || text[i] != '/') break;
    ++i;
  }
  return depth;
}

// The line of `text` that starts at `pos` (without its newline); `pos` moves past it.
std::string_view nextLine(std::string_view text, std::size_t& pos) {
  std::size_t end = text.find('\n', pos);
  if (end == std::string_view::npos) end = text.size();
  std::string_view line = text.substr(pos, end - pos);
  pos = end + 1;
  return line;
}

// The OS a single top-level line proves, or nullptr.
const char* nosOfLine(std::string_view line) {
  if (line.substr(0, 12) == "! Version 10") return "Dell OS10";
  if (line.substr(0, 11) == "! Version 9") return "Dell OS9";
  if (line.substr(0, 11) == "!! IOS XR C") return "Cisco IOS-XR";
  if (line.substr(0, 24) == "Current configuration : ") return "Cisco IOS / IOS-XE";
  // OS10's QoS statements have no NX-OS or EOS counterpart at the top level: `wred NAME` (a WRED
  // profile), `trust dot1p-map NAME` / `trust dscp-map NAME`, `qos-map traffic-class NAME`; OS9
  // writes `wred-profile NAME`. A QoS fragment without version header or ports is named too.
  if (line.substr(0, 13) == "wred-profile ") return "Dell OS9";
  for (std::string_view os10 : {"wred ", "trust dot1p-map ", "trust dscp-map ", "qos-map traffic-class "}) {
    if (line.substr(0, os10.size()) == os10) return "Dell OS10";
  }
  if (line.substr(0, 10) != "interface ") return nullptr;
  std::string_view name = line.substr(10);
  // OS10 writes its ports lower-case with node/slot/port: ethernet1/1/1, mgmt1/1/1.
  for (std::string_view os10 : {"ethernet", "mgmt"}) {
    if (name.substr(0, os10.size()) == os10 && positionDepth(name.substr(os10.size())) == 3) return "Dell OS10";
  }
  for (std::string_view os9 : {"fortyGigE ", "TenGigabitEthernet ", "hundredGigE ", "twentyFiveGigE "}) {
    if (name.substr(0, os9.size()) == os9) return "Dell OS9";
  }
  if (startsWithCi(name, "Bundle-Ether")) return "Cisco IOS-XR";
  for (std::string_view cisco :
       {"FourHundredGigE", "HundredGigE", "FortyGigE", "TwentyFiveGigE", "TenGigE", "GigabitEthernet"}) {
    if (name.substr(0, cisco.size()) != cisco) continue;
    int depth = positionDepth(name.substr(cisco.size()));
    if (depth == 4) return "Cisco IOS-XR";  // rack/slot/module/port
    if (depth >= 2) return "Cisco IOS / IOS-XE";
  }
  return nullptr;
}

}  // namespace

std::optional<OtherNos> otherNos(std::string_view text) {
  std::size_t pos = 0;
  int line_no = 0;
  while (pos < text.size() && line_no < 5000) {
    std::string_view line = nextLine(text, pos);
    ++line_no;
    while (!line.empty() && isBlank(line.back())) line.remove_suffix(1);
    if (const char* nos = nosOfLine(line)) return OtherNos{nos, line_no, std::string(line)};
  }
  return std::nullopt;
}

Dialect detectDialect(std::string_view text) {
  static const std::vector<std::string_view> eos_markers = {"! device:",
                                                            "! boot system",
                                                            "qos profile ",
                                                            "qos map ",
                                                            "priority-flow-control pause watchdog",
                                                            "platform trident",
                                                            "platform sand",
                                                            "service routing protocols model",
                                                            "management api http-commands",
                                                            "transceiver qsfp default-mode",
                                                            "   service-profile ",
                                                            "   tx-queue ",
                                                            "   uc-tx-queue "};
  static const std::vector<std::string_view> nxos_markers = {"!Command:",
                                                             "!Time:",
                                                             "!Running configuration",
                                                             "feature ",
                                                             "system qos",
                                                             "class-map type network-qos",
                                                             "policy-map type network-qos",
                                                             "policy-map type queuing",
                                                             "vrf context ",
                                                             "boot nxos",
                                                             "  class type queuing",
                                                             "  class type network-qos"};
  static const std::vector<std::string_view> cli_markers = {"interface ", "hostname ", "router bgp ", "ip route "};
  int eos = 0;
  int nxos = 0;
  int cli = 0;
  int markers = 0;
  int lines = 0;
  bool first = true;
  std::size_t pos = 0;
  while (pos < text.size() && lines < 5000) {
    std::string_view line = nextLine(text, pos);
    ++lines;
    if (line.empty()) continue;
    if (first && (line.front() == '{' || line.front() == '[' || line.front() == '<')) return Dialect::None;
    if (nosOfLine(line)) return Dialect::None;  // another vendor's CLI (otherNos)
    first = false;
    auto starts = [&](std::string_view m) { return line.substr(0, m.size()) == m; };
    for (auto m : eos_markers) {
      if (starts(m)) eos += 3, ++markers;
    }
    for (auto m : nxos_markers) {
      if (starts(m)) nxos += 3, ++markers;
    }
    for (auto m : cli_markers) cli += starts(m) ? 1 : 0;
    std::size_t indent = line.find_first_not_of(' ');
    if (indent == 3) ++eos;
    if (indent == 2) ++nxos;
  }
  if (cli == 0 && markers == 0) return Dialect::None;
  // Plain top-level lines only (hostname, router bgp, ip route): EOS, whose sub-modes are optional.
  return nxos > eos ? Dialect::Nxos : Dialect::Eos;
}

bool isValueWord(std::string_view word) {
  if (word.empty()) return false;
  if (std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '"') return true;
  // An IPv6 address ("fe80::1/64") does not start with a digit.
  return word.find(':') != std::string_view::npos &&
         word.find_first_not_of("0123456789abcdefABCDEF.:/") == std::string_view::npos;
}

std::string statementKeywords(const ConfigLine& line, const StatementGrammar& grammar) {
  std::string out;
  // `no X` (EOS, NX-OS), `undo X` (VRP) and `X` are one statement set two ways.
  std::size_t i = line.word(0) == "no" || line.word(0) == "undo" ? 1 : 0;
  for (; i < line.words.size(); ++i) {
    const std::string& w = line.words[i];
    if (grammar.rest_after.count(w)) {
      out += out.empty() ? w : " " + w;
      break;
    }
    const std::string& previous = i > 0 ? line.words[i - 1] : line.word(line.words.size());
    bool keep = grammar.identity_after.count(previous) > 0;
    if (!keep && (grammar.name_after.count(previous) || isValueWord(w) || grammar.settings.count(w))) continue;
    out += out.empty() ? w : " " + w;
  }
  return out;
}

SourceRef sourceOf(const ConfigText& config, const ConfigLine& line, const std::string& context,
                   const StatementGrammar& grammar) {
  std::string keywords = statementKeywords(line, grammar);
  return SourceRef{config.file, line.line, line.column, OriginKind::CliStatement,
                   context.empty() ? keywords : context + " > " + keywords};
}

std::string childContext(const std::string& context, const ConfigLine& line) {
  return context.empty() ? line.text : context + " > " + line.text;
}

}  // namespace rocelint::cli
