#pragma once
// The registry of input formats: every file rocelint reads (SONiC config_db, minigraph,
// port_config.ini, pg_profile_lookup.ini, EOS, NX-OS, NVUE, Junos, LLDP, containerlab,
// topology.yaml) is one `Format` entry. The loader recognises a file by content through the
// registry only (the first entry in registry order that accepts it wins), parses it on its own
// into a `Document` (in parallel), and then handles it by the entry's role: switch documents are
// grouped per switch and built by the entry's builder, platform tables apply to the switches of
// their directory, topology documents are applied to the built switches. Adding a format is one
// entry in `registry()` (format.cpp); the loader needs no change.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "located_json.hpp"
#include "rocelint/model.hpp"
#include "topology_source.hpp"

namespace rocelint::format {

/// One parsed input file. Formats derive from it to hold their own representation.
class Document {
 public:
  Document() = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;
  virtual ~Document() = default;
};

/// One input file as recognisers and parsers see it.
class Input {
 public:
  /// `file`: the path as given to rocelint; `directory`: the name of its directory below the
  /// fabric root ("" at the root and for file arguments).
  Input(std::string file, std::string directory, std::string text, limits::ReadLimits limits = {});

  [[nodiscard]] const std::string& file() const { return file_; }
  [[nodiscard]] std::string name() const;       ///< "port_config.ini"
  [[nodiscard]] std::string stem() const;       ///< "leaf1.lldp" for "leaf1.lldp.json"
  [[nodiscard]] std::string extension() const;  ///< ".json", maybe empty
  [[nodiscard]] const std::string& directory() const { return directory_; }
  /// The nesting and alias limits its parse must keep (docs/reliability.md).
  [[nodiscard]] const limits::ReadLimits& limits() const { return limits_; }
  [[nodiscard]] std::string_view text() const { return text_; }
  /// Named .json or starting with `{` or `[` (not a VRP prompt `[~`, `[*`, nor a Comware prompt and
  /// its command, `[leaf1] sysname leaf1`): only `Content::Json`
  /// formats are tried on it.
  [[nodiscard]] bool isJson() const;
  /// The located JSON tree, parsed on first use. Throws InputError "file:line:col: invalid JSON: ...".
  [[nodiscard]] const json::Node& json() const;
  /// Keys given twice in one object of the JSON tree, once json() has parsed it (else none).
  [[nodiscard]] const std::vector<json::DuplicateKey>& duplicateKeys() const { return duplicates_; }
  /// Values and keys of the JSON tree that held \u0000 (read as U+FFFD), once json() has parsed it.
  [[nodiscard]] const std::vector<json::EscapedNul>& escapedNuls() const { return escaped_nuls_; }

 private:
  std::string file_;
  std::string directory_;
  std::string text_;
  limits::ReadLimits limits_;
  mutable std::optional<json::Node> json_;
  mutable std::vector<json::DuplicateKey> duplicates_;
  mutable std::vector<json::EscapedNul> escaped_nuls_;
};

/// What a format's files are to the loader.
enum class Role : std::uint8_t {
  Switch,         ///< describes (part of) a switch: grouped per switch, built by the format's builder
  PlatformTable,  ///< a table of the switch platform, applying to the switches of its directory, hwsku or fabric
  Topology,       ///< cabling, roles, ASNs: applied to the built switches before links are built
  State,          ///< live state of one switch (counters, routes): read into its SwitchState of one snapshot
};

/// What a format's recogniser looks at.
enum class Content : std::uint8_t {
  Text,  ///< tried on files that are not JSON
  Json,  ///< tried on JSON files only (Input::isJson), recognised from the located tree
};

struct Format;

/// The platform tables of a fabric (pg_profile_lookup.ini, port_config.ini) and where each was found.
class PlatformTables {
 public:
  /// `scope`: the name of its directory below the fabric root ("" at the root); `dir`: that directory.
  void add(const Format& format, std::shared_ptr<const Document> document, std::string scope, std::string dir);
  [[nodiscard]] bool empty() const { return tables_.empty(); }
  /// The table of `format` that applies to a switch: one in the switch's own directory (named after
  /// it, or holding one of `files`) beats one in its hwsku's directory beats one at the fabric root;
  /// nullptr when none applies.
  [[nodiscard]] const Document* find(const Format& format, const std::string& switch_name, const std::string& hwsku,
                                     const std::vector<std::string>& files = {}) const;

 private:
  struct Table {
    const Format* format;
    std::shared_ptr<const Document> document;
    std::string scope;
    std::string dir;
  };
  std::vector<Table> tables_;
};

/// What building one switch produces besides the switch itself.
struct BuildOutput {
  std::vector<InputNote>& notes;
  std::map<std::string, int>& out_of_scope;  ///< unmodelled statements, counted by kind
  std::vector<ParseCoverage>& coverage;      ///< one entry per vendor CLI file read
};

/// How switches are built from their documents. Formats whose files make one switch together
/// (a SONiC config_db and a minigraph are both config_db tables) share one builder.
struct SwitchBuilder {
  const char* name;  ///< "SONiC config_db", "EOS", ...: what a note about two syntaxes on one switch calls it
  /// Builds `sw` (name and files already set) from every document of this builder's formats that
  /// describes it, in load order (later statements win). Throws InputError for malformed statements.
  void (*build)(std::vector<std::unique_ptr<Document>>& documents, Switch& sw, const PlatformTables& platform,
                BuildOutput& out);
  /// Optional: what the switch derives at run time, once topology and platform tables are applied
  /// (SONiC's lossless PGs from pg_profile_lookup.ini).
  void (*post_process)(Switch& sw) = nullptr;
};

/// One input format.
struct Format {
  const char* name;  ///< "SONiC config_db", "EOS", "LLDP", ...
  Role role;
  Content content;
  /// True when the input is in this format. Must be cheap; may throw only through Input::json().
  bool (*recognise)(const Input& input);
  /// Parses one file. Throws InputError "file:line:col: ..." on malformed input.
  std::unique_ptr<Document> (*parse)(const Input& input);
  /// Comment starts of the syntax, space-separated ("!", "# /*"), where inline suppressions may be
  /// written (docs/suppressions.md); nullptr: the format has no comments.
  const char* comment_leaders = nullptr;
  /// Optional, for a format without comments: the suppressions the file writes as data (SONiC
  /// config_db's ROCELINT_SUPPRESSIONS table); malformed ones become notes.
  std::vector<InlineSuppression> (*data_suppressions)(const Input& input, std::vector<InputNote>& notes) = nullptr;

  // Role::Switch
  /// The switch's host name as the document declares it, if it does.
  std::optional<std::string> (*hostname)(const Document& document) = nullptr;
  const SwitchBuilder* builder = nullptr;
  /// Optional: true when the document describes the whole switch (its ports, not only some tables),
  /// so a second such file of the same host name is a conflict, not a fragment to merge, and a
  /// file without a host name that is not complete may join the one switch of its directory.
  bool (*complete)(const Document& document) = nullptr;
  /// Optional fast path for the common one-file switch: builds `sw` (name and files set) from one
  /// document as soon as it is parsed and frees what the document holds, so the tables of every
  /// file need not be kept until all files are read. Returns false when a platform table could still
  /// change the switch (a config_db without PORT rows takes them from a port_config.ini): the loader
  /// then keeps the result only if the fabric has no platform table. When more files describe the
  /// switch, the loader parses the file again and builds the switch with the builder.
  bool (*build_alone)(Document& document, Switch& sw, BuildOutput& out) = nullptr;

  // Role::PlatformTable
  /// What the table gives a switch it applies to; nullptr when only a builder reads the table.
  void (*apply)(const Document& document, Switch& sw) = nullptr;

  // Role::Topology
  /// The nodes and links the document describes (it may be moved from).
  topology::TopologySource (*topology)(Document& document) = nullptr;

  // Role::State (also uses `hostname`: the switch the state is of, if the file says)
  /// Reads the document into the state of its switch in one snapshot; what it does not read becomes
  /// notes (unknown objects, wrong values) and out-of-scope counts (tables not read yet).
  void (*read_state)(const Document& document, SwitchState& state, const std::string& switch_name,
                     BuildOutput& out) = nullptr;
};

/// Every format, in recognition order.
const std::vector<const Format*>& registry();

/// The format of `input`: the first entry of the registry, among those of its content, that
/// recognises it; nullptr when none does.
const Format* recognise(const Input& input);

/// Why an unrecognised file is skipped (a CFG004 note), or nullopt when it is ignored silently
/// (YAML: a network-as-code repository holds much YAML that is not a fabric input).
std::optional<std::string> skipReason(const Input& input);

}  // namespace rocelint::format
