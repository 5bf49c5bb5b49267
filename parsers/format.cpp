#include "format.hpp"

#include <fmt/format.h>

#include <cctype>
#include <filesystem>

#include "cli_config_text.hpp"
#include "eos_config.hpp"
#include "h3c_config.hpp"
#include "huawei_config.hpp"
#include "junos_config.hpp"
#include "nvue_config.hpp"
#include "nxos_config.hpp"
#include "rocelint/diagnostics.hpp"
#include "sonic_format.hpp"
#include "state/state_format.hpp"

namespace fs = std::filesystem;

namespace rocelint::format {

Input::Input(std::string file, std::string directory, std::string text, limits::ReadLimits limits)
    : file_(std::move(file)), directory_(std::move(directory)), text_(std::move(text)), limits_(limits) {}

std::string Input::name() const { return fs::path(file_).filename().string(); }

std::string Input::stem() const { return fs::path(file_).stem().string(); }

std::string Input::extension() const { return fs::path(file_).extension().string(); }

bool Input::isJson() const {
  auto first = text_.find_first_not_of(" \t\r\n");
  bool starts_like_json = first != std::string::npos && (text_[first] == '{' || text_[first] == '[');
  // A VRP session pasted with its prompts starts `[~leaf1]` or `[*leaf1]`: no JSON value starts so.
  if (starts_like_json && text_[first] == '[' && first + 1 < text_.size() &&
      (text_[first + 1] == '~' || text_[first + 1] == '*'))
    starts_like_json = false;
  // A Comware session starts `[leaf1]interface ...` / `[leaf1] sysname ...`: a name in brackets, then a
  // command word; in JSON a word never follows a closing bracket.
  if (starts_like_json && text_[first] == '[' && first + 1 < text_.size() &&
      std::isalpha(static_cast<unsigned char>(text_[first + 1]))) {
    std::size_t close = text_.find_first_of("]\"\n,:[{", first + 1);
    std::size_t command = close == std::string::npos ? close : text_.find_first_not_of(" \t", close + 1);
    if (close != std::string::npos && text_[close] == ']' && command != std::string::npos &&
        std::isalpha(static_cast<unsigned char>(text_[command])))
      starts_like_json = false;
  }
  return extension() == ".json" || starts_like_json;
}

const json::Node& Input::json() const {
  if (!json_) {
    json::Node root;
    json::ParseFailure failure;
    if (!json::parse(text_, root, failure, limits_)) {
      throw InputError(fmt::format("{}:{}:{}: invalid JSON: {}", file_, failure.line, failure.column, failure.message));
    }
    duplicates_ = json::duplicateKeys(root);
    escaped_nuls_ = json::escapedNuls(root);
    json_ = std::move(root);
  }
  return *json_;
}

void PlatformTables::add(const Format& format, std::shared_ptr<const Document> document, std::string scope,
                         std::string dir) {
  tables_.push_back({&format, std::move(document), std::move(scope), std::move(dir)});
}

const Document* PlatformTables::find(const Format& format, const std::string& switch_name, const std::string& hwsku,
                                     const std::vector<std::string>& files) const {
  const Document* best = nullptr;
  int best_rank = 0;
  for (const Table& table : tables_) {
    if (table.format != &format) continue;
    // Its own directory (3) beats its hwsku's directory (2) beats the fabric root (1).
    int rank = table.scope == switch_name               ? 3
               : !hwsku.empty() && table.scope == hwsku ? 2
               : table.scope.empty()                    ? 1
                                                        : 0;
    for (const std::string& file : files) {
      if (fs::path(file).parent_path() == table.dir) rank = 3;
    }
    if (rank > best_rank) {
      best_rank = rank;
      best = table.document.get();
    }
  }
  return best;
}

namespace {

// --- EOS and NX-OS: running-config text as a tree of indentation blocks ---------------------------

class CliDocument : public Document {
 public:
  explicit CliDocument(cli::ConfigText text) : config(std::move(text)) {}
  cli::ConfigText config;
};

std::unique_ptr<Document> parseCli(const Input& input) {
  return std::make_unique<CliDocument>(cli::parseConfigText(input.text(), input.file(), input.limits()));
}

// A running-config that configures physical interfaces describes the whole switch, so a second one
// of the same host name is another version of it (CFG003), while a file of only QoS or BGP lines
// is a fragment that merges into the switch of its host name (or of its directory).
bool configuresPorts(const Document& d) {
  for (const cli::ConfigLine& l : static_cast<const CliDocument&>(d).config.lines) {
    const std::string& name = l.word(1);
    if (l.word(0) == "interface" && name.size() >= 3 && (name[0] == 'E' || name[0] == 'e') && name[1] == 't' &&
        name[2] == 'h')
      return true;
  }
  return false;
}

std::vector<cli::ConfigText> takeConfigs(std::vector<std::unique_ptr<Document>>& documents) {
  std::vector<cli::ConfigText> configs;
  configs.reserve(documents.size());
  for (auto& document : documents) configs.push_back(std::move(static_cast<CliDocument&>(*document).config));
  documents.clear();
  return configs;
}

const SwitchBuilder kEosBuilder{
    .name = "EOS",
    .build =
        [](std::vector<std::unique_ptr<Document>>& documents, Switch& sw, const PlatformTables&, BuildOutput& out) {
          eos::buildSwitch(takeConfigs(documents), sw, out.notes, out.out_of_scope, out.coverage);
        },
};

const Format kEos{
    .name = "EOS",
    .role = Role::Switch,
    .content = Content::Text,
    .recognise = [](const Input& input) { return cli::detectDialect(input.text()) == cli::Dialect::Eos; },
    .parse = parseCli,
    .comment_leaders = "!",
    .hostname = [](const Document& d) { return eos::hostnameOf(static_cast<const CliDocument&>(d).config); },
    .builder = &kEosBuilder,
    .complete = configuresPorts,
};

const SwitchBuilder kNxosBuilder{
    .name = "NX-OS",
    .build =
        [](std::vector<std::unique_ptr<Document>>& documents, Switch& sw, const PlatformTables&, BuildOutput& out) {
          nxos::buildSwitch(takeConfigs(documents), sw, out.notes, out.out_of_scope, out.coverage);
        },
};

const Format kNxos{
    .name = "NX-OS",
    .role = Role::Switch,
    .content = Content::Text,
    .recognise = [](const Input& input) { return cli::detectDialect(input.text()) == cli::Dialect::Nxos; },
    .parse = parseCli,
    .comment_leaders = "!",
    .hostname = [](const Document& d) { return nxos::hostnameOf(static_cast<const CliDocument&>(d).config); },
    .builder = &kNxosBuilder,
    .complete = configuresPorts,
};

// --- topology sources: LLDP neighbours, topology.yaml, containerlab --------------------------------

class TopologyDocument : public Document {
 public:
  explicit TopologyDocument(topology::TopologySource s) : source(std::move(s)) {}
  topology::TopologySource source;
};

topology::TopologySource takeSource(Document& document) {
  return std::move(static_cast<TopologyDocument&>(document).source);
}

/// The switches an LLDP file without lldp_loc_chassis may describe: its stem without a ".lldp" /
/// "-lldp" / "_lldp" suffix ("lldp/leaf1.lldp.json" is leaf1's), then its directory ("leaf1/lldp.json").
std::vector<std::string> lldpSwitchNames(const Input& input) {
  std::string stem = input.stem();
  for (const char* suffix : {".lldp", "-lldp", "_lldp"}) {
    std::string s(suffix);
    if (stem.size() > s.size() && stem.compare(stem.size() - s.size(), s.size(), s) == 0) {
      stem.resize(stem.size() - s.size());
      break;
    }
  }
  std::vector<std::string> names = {stem};
  if (!input.directory().empty() && input.directory() != stem) names.push_back(input.directory());
  return names;
}

const Format kLldp{
    .name = "LLDP",
    .role = Role::Topology,
    .content = Content::Json,
    .recognise = [](const Input& input) { return topology::looksLikeLldp(input.json()); },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<TopologyDocument>(
          topology::parseLldp(input.json(), input.file(), lldpSwitchNames(input)));
    },
    .topology = takeSource,
};

const Format kTopologyPlan{
    .name = "topology.yaml",
    .role = Role::Topology,
    .content = Content::Text,
    .recognise = [](const Input& input) { return topology::looksLikePlan(input.text()); },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<TopologyDocument>(topology::parsePlan(input.text(), input.file(), input.limits()));
    },
    .topology = takeSource,
};

const Format kContainerlab{
    .name = "containerlab",
    .role = Role::Topology,
    .content = Content::Text,
    .recognise = [](const Input& input) { return topology::looksLikeContainerlab(input.text()); },
    .parse = [](const Input& input) -> std::unique_ptr<Document> {
      return std::make_unique<TopologyDocument>(
          topology::parseContainerlab(input.text(), input.file(), input.limits()));
    },
    .topology = takeSource,
};

}  // namespace

const std::vector<const Format*>& registry() {
  // Order decides between formats that could both accept a file: the platform tables are known by
  // name; LLDP and the state dumps before config_db (all JSON; a dump of only COUNTERS_*_NAME_MAP
  // keys would pass as config_db tables); the minigraph before Junos (both XML); topology.yaml
  // and containerlab before NVUE (all YAML); Junos, H3C Comware and Huawei VRP before EOS and NX-OS (braces and
  // `sysname` never occur in their text, while a Junos, Comware or VRP file could score as plain CLI); Comware before
  // VRP (both write `sysname`; Comware's version line or prompts tell it). Among switch formats, the order is also the
  // precedence when one switch is described in two syntaxes (SONiC, Junos, H3C Comware, Huawei VRP, EOS, NX-OS, NVUE).
  static const std::vector<const Format*> formats = {&sonic::pgProfileLookupFormat(),
                                                     &sonic::portConfigFormat(),
                                                     &kLldp,
                                                     &state::redisDumpFormat(),
                                                     &state::frrRoutesFormat(),
                                                     &state::stateDbFormat(),
                                                     &state::eosShowFormat(),
                                                     &state::junosShowFormat(),
                                                     &sonic::configDbFormat(),
                                                     &sonic::minigraphFormat(),
                                                     &kTopologyPlan,
                                                     &kContainerlab,
                                                     &junos::switchFormat(),
                                                     &h3c::switchFormat(),
                                                     &huawei::switchFormat(),
                                                     &kEos,
                                                     &kNxos,
                                                     &nvue::switchFormat()};
  return formats;
}

const Format* recognise(const Input& input) {
  Content content = input.isJson() ? Content::Json : Content::Text;
  for (const Format* format : registry()) {
    if (format->content == content && format->recognise(input)) return format;
  }
  return nullptr;
}

std::optional<std::string> skipReason(const Input& input) {
  std::string ext = input.extension();
  if (input.isJson()) {
    return "JSON that is neither a SONiC config_db (no TABLE or TABLE|key members) nor LLDP neighbours (no lldp or "
           "lldpNeighbors)";
  }
  if (ext == ".yaml" || ext == ".yml") return std::nullopt;
  if (ext == ".xml")
    return "XML that is not a SONiC minigraph (root DeviceMiniGraph) nor a Junos configuration (<configuration>)";
  if (ext == ".ini") {
    return "neither a SONiC pg_profile_lookup table (rows \"speed cable size xon xoff threshold\") nor a port table "
           "(a \"# name lanes alias ...\" header), the SONiC platform .ini files rocelint reads";
  }
  if (auto nos = cli::otherNos(input.text())) {
    return fmt::format("not supported yet: {} (recognised by line {}: \"{}\")", nos->name, nos->line, nos->evidence);
  }
  if (ext == ".cfg" || ext == ".conf") return "not an EOS or NX-OS running-config nor a Junos configuration";
  return "not a recognised input format";
}

}  // namespace rocelint::format
