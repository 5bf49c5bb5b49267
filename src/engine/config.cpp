#include "rocelint/config.hpp"

#include <fmt/format.h>
#include <fnmatch.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "input_limits.hpp"
#include "rocelint/headroom.hpp"
#include "rocelint/rule.hpp"
#include "text_file.hpp"
#include "yaml_limits.hpp"

namespace rocelint {
namespace {

[[noreturn]] void fail(const std::string& file, const YAML::Node& node, const std::string& message) {
  int line = node.Mark().line >= 0 ? node.Mark().line + 1 : 0;
  throw ConfigError(fmt::format("{}:{}: {}", file, line, message));
}

int integer(const std::string& file, const YAML::Node& node, const std::string& what, int min, int max) {
  try {
    int value = node.as<int>();
    if (value < min || value > max) fail(file, node, fmt::format("{} must be {}-{}, got {}", what, min, max, value));
    return value;
  } catch (const YAML::BadConversion&) {
    fail(file, node, fmt::format("{} must be an integer", what));
  }
}

std::vector<int> integers(const std::string& file, const YAML::Node& node, const std::string& what, int min, int max) {
  if (!node.IsSequence()) fail(file, node, fmt::format("{} must be a list of integers", what));
  std::vector<int> out;
  for (const auto& item : node) out.push_back(integer(file, item, what, min, max));
  return out;
}

/// A duration in seconds: a non-negative number, fractions allowed (0: no limit).
double seconds(const std::string& file, const YAML::Node& node, const std::string& what) {
  if (!node.IsScalar()) fail(file, node, fmt::format("{} must be a number of seconds", what));
  try {
    double value = node.as<double>();
    if (!(value >= 0 && value <= 7 * 24 * 3600.0))
      fail(file, node, fmt::format("{} must be 0-604800 seconds (0: no limit), got {}", what, node.Scalar()));
    return value;
  } catch (const YAML::BadConversion&) {
    fail(file, node, fmt::format("{} must be a number of seconds", what));
  }
}

std::pair<int, int> range(const std::string& file, const YAML::Node& node, const std::string& what) {
  auto values = integers(file, node, what, 0, 1'000'000);
  if (values.size() != 2 || values[0] > values[1]) fail(file, node, fmt::format("{} must be [min, max]", what));
  return {values[0], values[1]};
}

bool knownRuleOrFamily(const std::string& name) {
  for (const Rule& rule : allRules()) {
    if (rule.id == name || rule.family() == name) return true;
  }
  return false;
}

std::string text(const std::string& file, const YAML::Node& node, const std::string& what) {
  if (!node.IsScalar()) fail(file, node, fmt::format("{} must be a string", what));
  return node.as<std::string>();
}

std::vector<std::string> strings(const std::string& file, const YAML::Node& node, const std::string& what) {
  if (!node.IsSequence()) fail(file, node, fmt::format("{} must be a list of strings", what));
  std::vector<std::string> out;
  for (const auto& item : node) out.push_back(text(file, item, what));
  return out;
}

std::vector<std::string> ruleNames(const std::string& file, const YAML::Node& node, const std::string& what) {
  if (!node.IsSequence()) fail(file, node, fmt::format("{} must be a list of rule ids or families", what));
  std::vector<std::string> out;
  for (const auto& id : node) {
    std::string name = text(file, id, what);
    if (!knownRuleOrFamily(name)) fail(file, id, fmt::format("unknown rule or family \"{}\"", name));
    out.push_back(name);
  }
  return out;
}

void readRules(const std::string& path, const YAML::Node& value, Config& config) {
  if (!value.IsMap()) fail(path, value, "rules must be a mapping with keys disable, enable");
  for (const auto& r : value) {
    std::string rkey = text(path, r.first, "a key of rules");
    if (rkey == "disable") {
      for (auto& name : ruleNames(path, r.second, "rules.disable")) config.disabled.insert(name);
    } else if (rkey == "enable") {
      for (auto& name : ruleNames(path, r.second, "rules.enable")) config.enabled.insert(name);
    } else {
      fail(path, r.first, fmt::format("unknown key rules.{} (expected disable, enable)", rkey));
    }
  }
}

void readPaths(const std::string& path, const YAML::Node& value, Config& config) {
  if (!value.IsMap()) fail(path, value, "paths must be a mapping with keys include, exclude");
  for (const auto& p : value) {
    std::string pkey = text(path, p.first, "a key of paths");
    if (pkey == "include") {
      config.paths.include = strings(path, p.second, "paths.include");
    } else if (pkey == "exclude") {
      config.paths.exclude = strings(path, p.second, "paths.exclude");
    } else {
      fail(path, p.first, fmt::format("unknown key paths.{} (expected include, exclude)", pkey));
    }
  }
}

void readSuppressions(const std::string& path, const YAML::Node& value, Config& config) {
  if (!value.IsSequence()) fail(path, value, "suppressions must be a list of {rule, switch, port, priority, reason}");
  for (std::size_t i = 0; i < value.size(); ++i) {
    const YAML::Node& item = value[i];
    if (!item.IsMap())
      fail(path, item, "a suppression must be a mapping with keys rule, switch, port, priority, reason");
    Suppression s;
    s.src = SourceRef(path, item.Mark().line + 1, item.Mark().column + 1, OriginKind::YamlKeyPath,
                      fmt::format("/suppressions/{}", i));
    bool has_rule = false;
    for (const auto& field : item) {
      std::string key = text(path, field.first, "a key of a suppression");
      const YAML::Node& v = field.second;
      if (key == "rule") {
        s.rule = text(path, v, "suppressions.rule");
        if (!knownRuleOrFamily(s.rule)) fail(path, v, fmt::format("unknown rule or family \"{}\"", s.rule));
        has_rule = true;
      } else if (key == "switch") {
        s.switch_glob = text(path, v, "suppressions.switch");
      } else if (key == "port") {
        s.port_glob = text(path, v, "suppressions.port");
      } else if (key == "priority") {
        s.priority = integer(path, v, "suppressions.priority", 0, 7);
      } else if (key == "reason") {
        s.reason = text(path, v, "suppressions.reason");
      } else {
        fail(path, field.first,
             fmt::format("unknown key suppressions.{} (expected rule, switch, port, priority, reason)", key));
      }
    }
    if (!has_rule) fail(path, item, "a suppression needs a rule (rule id or family)");
    if (s.reason.find_first_not_of(" \t") == std::string::npos) {
      fail(path, item, fmt::format("the suppression of {} needs a reason: say why the finding is accepted", s.rule));
    }
    config.suppressions.push_back(std::move(s));
  }
}

}  // namespace

bool Config::isDisabled(const std::string& rule_id) const {
  if (disabled.count(rule_id)) return true;
  if (enabled.count(rule_id)) return false;
  const Rule* rule = findRule(rule_id);
  return rule != nullptr && disabled.count(rule->family()) && !enabled.count(rule->family());
}

bool Suppression::matches(const Finding& finding) const {
  const Rule* r = findRule(finding.rule);
  if (rule != finding.rule && (r == nullptr || r->family() != rule)) return false;
  if (priority && finding.priority != priority) return false;
  if (!file.empty() && finding.location.file() != file) return false;
  if (!json_pointer.empty()) {
    const std::string& at = finding.location.jsonPointer();
    if (at.compare(0, json_pointer.size(), json_pointer) != 0 ||
        (at.size() > json_pointer.size() && at[json_pointer.size()] != '/'))
      return false;
  } else if (!file.empty() && (finding.location.line < first_line || finding.location.line > last_line)) {
    return false;
  }
  return fnmatch(switch_glob.c_str(), finding.switch_name.c_str(), 0) == 0 &&
         fnmatch(port_glob.c_str(), finding.port.c_str(), 0) == 0;
}

Config loadConfig(const std::string& path) {
  Config config;
  config.source = path;
  // Only a regular file: a FIFO would block the run, and a device or directory is no configuration.
  std::error_code ec;
  std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw ConfigError(fmt::format("{}: not a regular file (a FIFO, device or directory is not read)", path));
  std::string content;
  try {
    content = textio::readValidText(path, limits::kDefaultMaxFileBytes);
  } catch (const textio::ReadError& e) {
    throw ConfigError(e.what());
  }
  if (auto exceeded = yaml::checkLimits(content))
    throw ConfigError(fmt::format("{}:{}:{}: {}", path, exceeded->line, exceeded->column, exceeded->message));
  YAML::Node root;
  try {
    root = YAML::Load(content);
  } catch (const YAML::ParserException& e) {
    throw ConfigError(fmt::format("{}:{}:{}: invalid YAML: {}", path, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
  if (root.IsNull()) return config;
  if (!root.IsMap())
    fail(path, root, "expected a mapping with keys rules, severity, params, paths, suppressions, baseline");
  for (const auto& item : root) {
    std::string key = text(path, item.first, "a top-level key");
    const YAML::Node& value = item.second;
    if (key == "rules") {
      readRules(path, value, config);
    } else if (key == "severity") {
      if (!value.IsMap()) fail(path, value, "severity must map rule ids or families to error|warning|note");
      for (const auto& s : value) {
        std::string name = text(path, s.first, "a key of severity");
        if (!knownRuleOrFamily(name)) fail(path, s.first, fmt::format("unknown rule or family \"{}\"", name));
        auto level = parseSeverity(text(path, s.second, fmt::format("severity.{}", name)));
        if (!level) fail(path, s.second, "severity must be error, warning or note");
        config.severity_overrides[name] = *level;
      }
    } else if (key == "params") {
      if (!value.IsMap()) fail(path, value, "params must be a mapping");
      RuleParams& p = config.params;
      for (const auto& param : value) {
        std::string name = text(path, param.first, "a key of params");
        const YAML::Node& v = param.second;
        if (name == "roce_dscps") {
          p.roce_dscps = integers(path, v, "roce_dscps", 0, 63);
        } else if (name == "cnp_dscp") {
          p.cnp_dscp = integer(path, v, name, 0, 63);
        } else if (name == "roce_destinations") {
          if (!v.IsSequence()) fail(path, v, "params.roce_destinations must be a list of hosts, loopbacks, links");
          p.roce_destinations_loopbacks = p.roce_destinations_links = false;
          for (const auto& entry : v) {
            std::string kind = entry.IsScalar() ? entry.Scalar() : "";
            if (kind == "loopbacks") {
              p.roce_destinations_loopbacks = true;
            } else if (kind == "links") {
              p.roce_destinations_links = true;
            } else if (kind != "hosts") {
              fail(path, entry, "params.roce_destinations: expected hosts, loopbacks or links");
            }
          }
        } else if (name == "lossless_priorities") {
          p.lossless_priorities = integers(path, v, "lossless_priorities", 0, 7);
        } else if (name == "max_lossless_priorities") {
          p.max_lossless_priorities = integer(path, v, "max_lossless_priorities", 0, 8);
        } else if (name == "watchdog_detection_ms") {
          std::tie(p.watchdog_detection_min_ms, p.watchdog_detection_max_ms) = range(path, v, name);
        } else if (name == "watchdog_restoration_ms") {
          std::tie(p.watchdog_restoration_min_ms, p.watchdog_restoration_max_ms) = range(path, v, name);
        } else if (name == "failures") {
          p.failures = integer(path, v, "failures", 0, 2);
        } else if (name == "transient") {
          if (!v.IsScalar() || (v.Scalar() != "true" && v.Scalar() != "false"))
            fail(path, v, "params.transient must be true or false");
          p.transient = v.Scalar() == "true";
        } else if (name == "whatif_time_limit_s") {
          p.whatif_time_limit_s = seconds(path, v, "whatif_time_limit_s");
        } else if (name == "solver_time_limit_s") {
          p.solver_time_limit_s = seconds(path, v, "solver_time_limit_s");
        } else if (name == "lossless_flooding") {
          if (!v.IsScalar() || (v.Scalar() != "flood" && v.Scalar() != "drop"))
            fail(path, v, "params.lossless_flooding must be flood or drop");
          p.lossless_flooding = v.Scalar() == "flood";
        } else if (name == "storm_radius_switches") {
          p.storm_radius_switches = integer(path, v, "storm_radius_switches", 0, 1000000);
        } else if (name == "asic") {
          std::string asic = text(path, v, "params.asic");
          if (findAsicParams(asic) == nullptr) {
            std::string known;
            for (const auto& set : asicParameterSets()) known += (known.empty() ? "" : ", ") + set.name;
            fail(path, v, fmt::format("unknown asic \"{}\" (expected one of {})", asic, known));
          }
          p.asic = asic;
        } else if (name == "lossless_mtu_bytes") {
          p.lossless_mtu_bytes = integer(path, v, name, 64, 9216);
        } else if (name == "default_cable_length_m") {
          p.default_cable_length_m = integer(path, v, name, 1, 100000);
        } else if (name == "headroom_watermark_margin_pct") {
          p.headroom_watermark_margin_pct = integer(path, v, name, 0, 100);
        } else {
          fail(
              path, param.first,
              fmt::format(
                  "unknown parameter params.{} (expected roce_dscps, cnp_dscp, roce_destinations, lossless_priorities, "
                  "max_lossless_priorities, watchdog_detection_ms, watchdog_restoration_ms, failures, "
                  "whatif_time_limit_s, solver_time_limit_s, transient, lossless_flooding, "
                  "storm_radius_switches, asic, lossless_mtu_bytes, "
                  "default_cable_length_m, headroom_watermark_margin_pct)",
                  name));
        }
      }
    } else if (key == "paths") {
      readPaths(path, value, config);
    } else if (key == "suppressions") {
      readSuppressions(path, value, config);
    } else if (key == "baseline") {
      std::filesystem::path file(text(path, value, "baseline"));
      config.baseline =
          file.is_absolute() ? file.string() : (std::filesystem::path(path).parent_path() / file).string();
    } else {
      fail(path, item.first,
           fmt::format("unknown key \"{}\" (expected rules, severity, params, paths, suppressions, baseline)", key));
    }
  }
  return config;
}

}  // namespace rocelint
