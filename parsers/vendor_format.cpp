#include "vendor_format.hpp"

#include "cli_config_text.hpp"
#include "eos_config.hpp"
#include "junos_config.hpp"
#include "nvue_config.hpp"
#include "nxos_config.hpp"

namespace rocelint::vendor {
namespace {

/// An EOS or NX-OS running-config as a tree of indentation blocks.
class CliDocument : public Document {
 public:
  explicit CliDocument(cli::ConfigText text) : config(std::move(text)) {}
  cli::ConfigText config;
};

std::unique_ptr<Document> parseCli(std::string_view text, const std::string& file) {
  return std::make_unique<CliDocument>(cli::parseConfigText(text, file));
}

std::vector<cli::ConfigText> takeConfigs(std::vector<std::unique_ptr<Document>>& documents) {
  std::vector<cli::ConfigText> configs;
  configs.reserve(documents.size());
  for (auto& document : documents) configs.push_back(std::move(static_cast<CliDocument&>(*document).config));
  documents.clear();
  return configs;
}

const SwitchFormat kEos{
    "EOS",
    [](std::string_view text, std::string_view) { return cli::detectDialect(text) == cli::Dialect::Eos; },
    parseCli,
    [](const Document& d) { return eos::hostnameOf(static_cast<const CliDocument&>(d).config); },
    [](std::vector<std::unique_ptr<Document>>& documents, Switch& sw, BuildOutput& out) {
      eos::buildSwitch(takeConfigs(documents), sw, out.notes, out.out_of_scope, out.coverage);
    },
};

const SwitchFormat kNxos{
    "NX-OS",
    [](std::string_view text, std::string_view) { return cli::detectDialect(text) == cli::Dialect::Nxos; },
    parseCli,
    [](const Document& d) { return nxos::hostnameOf(static_cast<const CliDocument&>(d).config); },
    [](std::vector<std::unique_ptr<Document>>& documents, Switch& sw, BuildOutput& out) {
      nxos::buildSwitch(takeConfigs(documents), sw, out.notes, out.out_of_scope, out.coverage);
    },
};

}  // namespace

const std::vector<const SwitchFormat*>& switchFormats() {
  // Junos first: its braces never occur in EOS/NX-OS text, while a Junos file could score as plain CLI.
  static const std::vector<const SwitchFormat*> formats = {&junos::switchFormat(), &kEos, &kNxos, &nvue::switchFormat()};
  return formats;
}

const SwitchFormat* recognise(std::string_view text, std::string_view extension) {
  for (const SwitchFormat* format : switchFormats()) {
    if (format->recognise(text, extension)) return format;
  }
  return nullptr;
}

}  // namespace rocelint::vendor
