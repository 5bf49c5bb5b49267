#include "rocelint/config.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "rocelint/headroom.hpp"
#include "rocelint/rule.hpp"

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

}  // namespace

bool Config::isDisabled(const std::string& rule_id) const {
  if (disabled.count(rule_id)) return true;
  const Rule* rule = findRule(rule_id);
  return rule != nullptr && disabled.count(rule->family());
}

Config loadConfig(const std::string& path) {
  Config config;
  config.source = path;
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw ConfigError(fmt::format("{}: cannot open configuration file", path));
  } catch (const YAML::ParserException& e) {
    throw ConfigError(fmt::format("{}:{}:{}: invalid YAML: {}", path, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
  if (root.IsNull()) return config;
  if (!root.IsMap()) fail(path, root, "expected a mapping with keys rules, severity, params");
  for (const auto& item : root) {
    std::string key = item.first.as<std::string>();
    const YAML::Node& value = item.second;
    if (key == "rules") {
      if (!value.IsMap()) fail(path, value, "rules must be a mapping with key disable");
      for (const auto& r : value) {
        std::string rkey = r.first.as<std::string>();
        if (rkey != "disable") fail(path, r.first, fmt::format("unknown key rules.{} (expected disable)", rkey));
        if (!r.second.IsSequence()) fail(path, r.second, "rules.disable must be a list of rule ids or families");
        for (const auto& id : r.second) {
          std::string name = id.as<std::string>();
          if (!knownRuleOrFamily(name)) fail(path, id, fmt::format("unknown rule or family \"{}\"", name));
          config.disabled.insert(name);
        }
      }
    } else if (key == "severity") {
      if (!value.IsMap()) fail(path, value, "severity must map rule ids or families to error|warning|note");
      for (const auto& s : value) {
        std::string name = s.first.as<std::string>();
        if (!knownRuleOrFamily(name)) fail(path, s.first, fmt::format("unknown rule or family \"{}\"", name));
        auto level = parseSeverity(s.second.as<std::string>());
        if (!level) fail(path, s.second, "severity must be error, warning or note");
        config.severity_overrides[name] = *level;
      }
    } else if (key == "params") {
      if (!value.IsMap()) fail(path, value, "params must be a mapping");
      RuleParams& p = config.params;
      for (const auto& param : value) {
        std::string name = param.first.as<std::string>();
        const YAML::Node& v = param.second;
        if (name == "roce_dscps") {
          p.roce_dscps = integers(path, v, "roce_dscps", 0, 63);
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
          if (!v.IsScalar() || (v.Scalar() != "true" && v.Scalar() != "false")) fail(path, v, "params.transient must be true or false");
          p.transient = v.Scalar() == "true";
        } else if (name == "storm_radius_switches") {
          p.storm_radius_switches = integer(path, v, "storm_radius_switches", 0, 1000000);
        } else if (name == "asic") {
          std::string asic = v.as<std::string>();
          if (findAsicParams(asic) == nullptr) {
            std::string known;
            for (const auto& set : asicParameterSets()) known += (known.empty() ? "" : ", ") + set.name;
            fail(path, v, fmt::format("unknown asic \"{}\" (expected one of {})", asic, known));
          }
          p.asic = asic;
        } else if (name == "lossless_mtu_bytes") {
          p.lossless_mtu_bytes = integer(path, v, name, 64, 9216);
        } else if (name == "default_cable_length_m") {
          p.default_cable_length_m = integer(path, v, name, 0, 100000);
        } else {
          fail(path, param.first,
               fmt::format("unknown parameter params.{} (expected roce_dscps, lossless_priorities, "
                           "max_lossless_priorities, watchdog_detection_ms, watchdog_restoration_ms, failures, "
                           "transient, storm_radius_switches, asic, lossless_mtu_bytes, default_cable_length_m)",
                           name));
        }
      }
    } else {
      fail(path, item.first, fmt::format("unknown key \"{}\" (expected rules, severity, params)", key));
    }
  }
  return config;
}

}  // namespace rocelint
