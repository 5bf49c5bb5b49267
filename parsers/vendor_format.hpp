#pragma once
// The registry of switch configuration formats other than SONiC config_db (vendor CLI text,
// NVUE YAML, Junos text/XML). The loader recognises a file by content with `recognise`, parses
// it on its own (phase 1, in parallel) into a Document, groups documents by switch, and builds
// each switch from all of its documents of one format (phase 3). Adding a format is one entry
// in `switchFormats()` (vendor_format.cpp); the loader needs no change.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocelint/model.hpp"

namespace rocelint::vendor {

/// One parsed input file of some vendor format. Formats derive from it to hold their tree.
class Document {
 public:
  Document() = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;
  virtual ~Document() = default;
};

/// What building one switch from its documents produces besides the switch itself.
struct BuildOutput {
  std::vector<InputNote>& notes;
  std::map<std::string, int>& out_of_scope;  ///< unmodelled statements, counted by kind
  std::vector<ParseCoverage>& coverage;      ///< one entry per file read
};

/// One switch configuration format.
struct SwitchFormat {
  const char* name;  ///< "EOS", "NX-OS", ...: what notes and coverage call it
  /// True when `text` (the whole file; `extension` like ".cfg", maybe empty) is in this format.
  /// Must be cheap and must not throw; the extension may only break ties, never decide alone.
  bool (*recognise)(std::string_view text, std::string_view extension);
  /// Parses one file. Throws InputError "file:line:col: ..." on malformed input.
  std::unique_ptr<Document> (*parse)(std::string_view text, const std::string& file);
  /// The switch's host name as the document declares it, if it does.
  std::optional<std::string> (*hostname)(const Document& document);
  /// Builds `sw` (name and files already set) from every document of this format that describes
  /// it, in load order (later statements win). Throws InputError for malformed statements.
  void (*build)(std::vector<std::unique_ptr<Document>>& documents, Switch& sw, BuildOutput& out);
};

/// Every registered format, in recognition order (the first whose `recognise` accepts wins).
const std::vector<const SwitchFormat*>& switchFormats();

/// The format of `text`, or nullptr.
const SwitchFormat* recognise(std::string_view text, std::string_view extension);

}  // namespace rocelint::vendor
