#pragma once
// Juniper Junos configuration -> Switch model. Three syntaxes are read into one representation:
// the curly-brace text `show configuration` prints, the `display set` lines, and the
// `display xml` document (<rpc-reply><configuration>, read with pugixml). Each becomes a list of
// statements, every statement its full path of words from the top level with a line and column
// per word, so one builder serves all three. The builder models class-of-service (forwarding
// classes, classifiers, congestion notification profiles with the PFC watchdog, drop profiles,
// schedulers, scheduler maps, shared-buffer partitions, wildcard CoS interfaces), interfaces
// (breakouts, speed, MTU, descriptions, addresses, LAGs), BGP and static routes. Junos defaults
// that matter are model values whose source says so.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input_limits.hpp"
#include "rocelint/model.hpp"

namespace rocelint::format {
struct Format;
}

namespace rocelint::junos {

/// Bytes that a drop profile's `fill-level 100` stands for. Juniper defines the fill level as a
/// percentage of "the total amount of memory allocated to the queue"; that amount is set at run
/// time by the shared-buffer partitions and dynamic thresholds of the ASIC and is not in the
/// configuration. rocelint takes 15 000 KiB (the order of one queue's dynamic share of a
/// Tomahawk-class shared buffer, and a size at which whole percentages give the usual DCQCN
/// thresholds) so that thresholds can be compared in bytes with other vendors ([I],
/// docs/inputs.md "Juniper Junos"): fill-level 1 = 153 600 B, 10 = 1 536 000 B.
inline constexpr std::uint64_t kFillLevelReferenceBytes = 15'360'000;

/// One word of a statement with its position (1-based line and column).
struct Word {
  std::string text;
  int line = 0;
  int column = 0;
};

/// One configuration statement, as the path of words from the top level:
/// `class-of-service forwarding-classes class NO-LOSS queue-num 4 no-loss pfc-priority 3`.
struct Statement {
  FileName file;
  std::vector<Word> words;
  std::size_t own = 0;            ///< index of the statement's own first word (before it: its blocks)
  bool inactive = false;          ///< `inactive:` (or `deactivate`, or inactive="inactive" in XML)
  mutable bool used = false;      ///< fully understood by the builder (coverage and notes)
  mutable bool rejected = false;  ///< a wrong or missing value: a CFG005 note, the statement not read

  /// Word i, or "" past the end.
  [[nodiscard]] const std::string& word(std::size_t i) const;
  /// True when the path starts with `prefix`; "*" in the prefix matches any one word.
  [[nodiscard]] bool startsWith(std::initializer_list<std::string_view> prefix) const;
  /// The whole path as one line of text ("class-of-service schedulers s1 explicit-congestion-notification").
  [[nodiscard]] std::string path() const;
  /// The path up to and including word i, as text.
  [[nodiscard]] std::string pathTo(std::size_t i) const;
  /// Where the statement starts: its own first word; origin: the path without its values.
  [[nodiscard]] SourceRef src() const;
  /// Where word i is; origin: the path up to and including word i, without its values
  /// ("class-of-service interfaces et-0/0/1 scheduler-map" for the map name).
  [[nodiscard]] SourceRef srcOf(std::size_t i) const;
};

/// The syntax a file was written in.
enum class Syntax : std::uint8_t { Text, Set, Xml };

/// One parsed Junos configuration file.
struct Config {
  FileName file;
  Syntax syntax = Syntax::Text;
  std::vector<Statement> statements;    ///< in file order, inactive ones included (flagged)
  std::optional<std::string> hostname;  ///< `system host-name`
};

/// True when `text` is a Junos configuration: curly-brace text (a top-level Junos statement such
/// as `system {`, `interfaces {`, `class-of-service {` at column 1), `display set` lines
/// (`set interfaces ...`), or a `display xml` document (a <configuration> element with the junos
/// namespace or Junos top-level elements). Cheap, never throws.
bool looksLikeJunos(std::string_view text);

/// Parses one file in any of the three syntaxes. Throws InputError "file:line:col: ..." for
/// unbalanced braces or brackets, a truncated file, an unterminated string or comment, and XML
/// that is not well-formed.
Config parse(std::string_view text, const std::string& file, const limits::ReadLimits& limits = {});

/// Converts one switch's Junos files (in load order) into the model. Statements rocelint does not
/// understand become notes (class-of-service ones one by one, the rest counted in `out_of_scope`);
/// coverage gets one entry per file. A value of the wrong type throws InputError with
/// file:line:column, the statement and what was expected; a reference to an undefined forwarding
/// class, classifier, congestion notification profile, scheduler map, scheduler, drop profile or
/// interface is an UndefinedReference note at the reference.
void buildSwitch(const std::vector<Config>& files, Switch& sw, std::vector<InputNote>& notes,
                 std::map<std::string, int>& out_of_scope, std::vector<ParseCoverage>& coverage);

/// The registry entry (format.cpp lists it in registry()).
const format::Format& switchFormat();

}  // namespace rocelint::junos
