#include "rocelint/loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

#include "address_links.hpp"
#include "common/inline_suppressions.hpp"
#include "descriptions.hpp"
#include "format.hpp"
#include "parallel.hpp"
#include "text_file.hpp"
#include "topology.hpp"

namespace fs = std::filesystem;

namespace rocelint {
namespace {

struct InputFile {
  fs::path path;
  fs::path root;      ///< the directory argument it was found under (empty for file arguments)
  int state_dir = 0;  ///< 0: a fabric path; k: found under the k-th --state DIR (only state is read there)
};

// Files rocelint never treats as fabric inputs: documentation, scripts, its own config.
bool ignoredSilently(const fs::path& path) {
  std::string name = path.filename().string();
  if (name.empty() || name.front() == '.') return true;
  static const std::vector<std::string> extensions = {".md",  ".txt", ".py",  ".sh", ".rst",
                                                      ".csv", ".png", ".svg", ".log"};
  std::string ext = path.extension().string();
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

/// A path the walk did not read, and why (a CFG004 note with the path).
struct NotRead {
  fs::path path;
  std::string why;
};

bool isInside(const fs::path& canonical, const fs::path& canonical_root) {
  auto [a, b] = std::mismatch(canonical_root.begin(), canonical_root.end(), canonical.begin(), canonical.end());
  return a == canonical_root.end();
}

// Walks one directory argument without recursion and without throwing on a bad entry: every
// entry it does not read (a FIFO, a device, a loop, an unreadable directory, a link leading out
// of the fabric) is recorded with its path. Symbolic links inside the fabric are followed; a
// directory reached twice (a loop, or two links to it) is read once.
void walk(const fs::path& root, const PathFilter& filter, const LoadOptions& options, std::vector<fs::path>& found,
          std::vector<NotRead>& not_read, std::vector<NotRead>& passed_over) {
  std::error_code ec;
  const fs::path canonical_root = fs::canonical(root, ec);
  std::set<fs::path> visited;
  std::vector<fs::path> pending = {root};
  while (!pending.empty()) {
    fs::path dir = std::move(pending.back());
    pending.pop_back();
    fs::path canonical = fs::canonical(dir, ec);
    if (ec) {
      not_read.push_back({dir, fmt::format("directory not read: {}", ec.message())});
      continue;
    }
    if (!visited.insert(canonical).second) {
      not_read.push_back({dir, fmt::format("directory not read again: it is {}, already read (a symbolic link loop "
                                           "or a second link to it)",
                                           canonical.string())});
      continue;
    }
    fs::directory_iterator it(dir, ec);
    if (ec) {
      if (dir == root) throw InputError(fmt::format("{}: cannot read directory: {}", root.string(), ec.message()));
      not_read.push_back({dir, fmt::format("directory not read: {}", ec.message())});
      continue;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      const fs::path path = it->path();
      std::string name = path.filename().string();
      if (name.empty() || name.front() == '.') continue;  // hidden files and directories
      fs::file_status link = fs::symlink_status(path, ec);
      if (ec) {
        not_read.push_back({path, fmt::format("not read: {}", ec.message())});
        continue;
      }
      fs::file_status status = link;
      if (fs::is_symlink(link)) {
        status = fs::status(path, ec);
        fs::path target = ec ? fs::path() : fs::canonical(path, ec);
        if (ec) {
          not_read.push_back({path, fmt::format("symbolic link not followed: {}", ec.message())});
          continue;
        }
        if (!options.follow_outside_links && !isInside(target, canonical_root)) {
          not_read.push_back({path, fmt::format("symbolic link to {}, outside the fabric directory: not read "
                                                "(--follow-outside-links reads it)",
                                                target.string())});
          continue;
        }
      }
      if (fs::is_directory(status)) {
        pending.push_back(path);
      } else if (fs::is_regular_file(status)) {
        if (!filter.accepts(path.lexically_relative(root).generic_string())) continue;
        if (ignoredSilently(path)) {
          passed_over.push_back(
              {path, fmt::format("not read ({} files are documentation or scripts)", path.extension().string())});
        } else {
          found.push_back(path);
        }
      } else if (!ignoredSilently(path)) {
        not_read.push_back({path, "not a regular file (a FIFO, device or socket): not read"});
      }
    }
    if (ec) not_read.push_back({dir, fmt::format("directory not read in full: {}", ec.message())});
  }
}

std::vector<InputFile> collect(const std::vector<std::string>& paths, const PathFilter& filter,
                               const LoadOptions& options, std::vector<NotRead>& not_read,
                               std::vector<NotRead>& passed_over) {
  std::vector<InputFile> files;
  for (const auto& given : paths) {
    fs::path path(given);
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (fs::is_directory(status)) {
      std::vector<fs::path> found;
      walk(path, filter, options, found, not_read, passed_over);
      std::sort(found.begin(), found.end());
      for (auto& f : found) files.push_back({f, path});
    } else if (fs::is_regular_file(status)) {
      files.push_back({path, {}});
    } else if (fs::exists(status)) {
      throw InputError(fmt::format("{}: not a regular file or directory (a FIFO or device is not read)", given));
    } else {
      throw InputError(fmt::format("{}: no such file or directory", given));
    }
  }
  auto byPath = [](const NotRead& a, const NotRead& b) { return a.path < b.path; };
  std::sort(not_read.begin(), not_read.end(), byPath);
  std::sort(passed_over.begin(), passed_over.end(), byPath);
  return files;
}

/// The directory name a file is scoped by (a switch, a hwsku): "" at the fabric root and for file arguments.
std::string directoryScope(const InputFile& file) {
  if (file.root.empty()) return "";
  fs::path parent = file.path.parent_path();
  if (fs::weakly_canonical(parent) == fs::weakly_canonical(file.root)) return "";
  return parent.filename().string();
}

/// The name of a switch whose file declares none: its directory below the root, else its stem.
std::string defaultSwitchName(const InputFile& file) {
  std::string dir = directoryScope(file);
  return dir.empty() ? file.path.stem().string() : dir;
}

void skip(Fabric& fabric, const fs::path& path, const std::string& why) {
  fabric.notes.push_back(makeNote(InputNote::Kind::SkippedFile, "", "",
                                  fmt::format("{} skipped: {}", path.string(), why),
                                  SourceRef{path.string(), 1, 1, OriginKind::None, ""}));
}

// A parse error reads "file:line:col: message", "file:line: message" or "file: message"; the
// location becomes the note's, the rest its message.
SourceRef errorLocation(const std::string& file, std::string& message) {
  SourceRef src{file, 1, 1, OriginKind::None, ""};
  if (message.compare(0, file.size() + 1, file + ":") != 0) return src;
  std::size_t at = file.size() + 1;
  auto number = [&](int& out) {
    std::size_t start = at;
    int value = 0;
    while (at < message.size() && message[at] >= '0' && message[at] <= '9') value = value * 10 + (message[at++] - '0');
    if (at == start) return false;
    out = value;
    return true;
  };
  int line = 0;
  int column = 1;
  if (!number(line)) {
    // "path: message" with no position: the message without the path, at the file.
    if (message.compare(at, 1, " ") == 0) message = message.substr(at + 1);
    return src;
  }
  if (at < message.size() && message[at] == ':') {
    ++at;
    std::size_t before = at;
    if (!number(column)) at = before;
  }
  while (at < message.size() && (message[at] == ':' || message[at] == ' ')) ++at;
  src.line = line;
  src.column = column;
  message = message.substr(at);
  return src;
}

// Names of switches whose file was left out: ports facing them are neither links nor host ports.
std::set<std::string> missingSwitches(const Fabric& fabric) {
  std::set<std::string> names;
  for (const InputNote& note : fabric.notes) {
    if (note.kind == InputNote::Kind::MalformedFile) names.insert(note.switch_name);
  }
  return names;
}

/// The subnet routed on a port, directly or on its LAG ("" when none).
std::string routedSubnet(const Switch& sw, const Port& port) {
  for (const InterfaceAddress& a : sw.addresses) {
    if (a.kind == InterfaceAddress::Kind::Port && (a.interface == port.name || a.interface == port.alias))
      return a.prefix;
    if (a.kind == InterfaceAddress::Kind::PortChannel && !port.portchannel.empty() && a.interface == port.portchannel)
      return a.prefix;
  }
  return "";
}

void buildLinksAndHosts(Fabric& fabric) {
  const std::set<std::string> missing = missingSwitches(fabric);
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    const Switch& sw = fabric.switches[s];
    for (std::size_t p = 0; p < sw.ports.size(); ++p) {
      const Port& port = sw.ports[p];
      if (!port.neighbor) {
        // No neighbour named, but servers are attached: an access port of a VLAN (a ToR's Vlan1000
        // members usually have no DEVICE_NEIGHBOR entry), or a routed port with a subnet that no
        // other fabric switch shares (address links ran before this).
        if (!port.access_vlan.empty()) {
          fabric.hosts.push_back({fmt::format("a server in {}", port.access_vlan.str()), {s, p}});
        } else if (std::string subnet = routedSubnet(sw, port); !subnet.empty()) {
          fabric.hosts.push_back({fmt::format("an unnamed device on {}", subnet), {s, p}});
        }
        continue;
      }
      auto peer_switch = fabric.switch_index.find(port.neighbor->device);
      if (peer_switch == fabric.switch_index.end()) {
        if (missing.count(port.neighbor->device)) continue;
        fabric.hosts.push_back({port.neighbor->device, {s, p}});
        continue;
      }
      const Switch& peer = fabric.switches[peer_switch->second];
      const Port* back = peer.findPortByNameOrAlias(port.neighbor->port);
      if (back == nullptr || !back->neighbor || back->neighbor->device != sw.name) continue;
      if (back->neighbor->port != port.name && (port.alias.empty() || back->neighbor->port != port.alias)) continue;
      PortRef here{s, p};
      PortRef there{peer_switch->second, static_cast<std::size_t>(back - peer.ports.data())};
      // Each agreeing pair is seen from both ends; keep it once, ordered.
      if (s < there.sw || (s == there.sw && p < there.port)) fabric.links.push_back({here, there});
    }
  }
}

/// What building one switch produced (on a worker thread); merged in switch order.
struct BuiltSwitch {
  Switch sw;
  const format::SwitchBuilder* builder = nullptr;
  std::vector<InputNote> notes;
  std::map<std::string, int> out_of_scope;
  std::vector<ParseCoverage> coverage;

  format::BuildOutput output() { return {notes, out_of_scope, coverage}; }
};

/// What reading one input file produced (phase 1, on a worker thread).
struct ParsedFile {
  enum class Kind : std::uint8_t { Parsed, Skipped, Ignored, Failed } kind = Kind::Skipped;
  const format::Format* format = nullptr;
  std::unique_ptr<format::Document> document;          ///< empty once built alone
  std::string switch_name;                             ///< Role::Switch; Role::State when the file names it
  bool named_by_path = false;                          ///< no host name in the file: named after its directory or stem
  bool complete = false;                               ///< describes the whole switch (Format::complete)
  std::optional<BuiltSwitch> built;                    ///< the switch as if this file were its only one
  bool built_complete = false;                         ///< no platform table could change `built`
  std::string why;                                     ///< skip reason or error message
  std::string fix;                                     ///< Failed: how to fix a file that could not be read
  bool not_read = false;                               ///< Failed: never read (too large, unreadable), not malformed
  textio::Repairs repairs;                             ///< what its text needed (invalid bytes: CFG005 notes)
  std::vector<json::DuplicateKey> duplicates;          ///< JSON keys given twice in one object (CFG005 notes)
  std::vector<json::EscapedNul> escaped_nuls;          ///< JSON values and keys that held \u0000 (CFG005 notes)
  std::vector<InlineSuppression> inline_suppressions;  ///< Role::Switch: written in its comments
  std::vector<InputNote> inline_notes;                 ///< malformed inline suppressions (CFG005 notes)

  [[nodiscard]] bool describesSwitch() const { return kind == Kind::Parsed && format->role == format::Role::Switch; }
};

/// Reads, recognises and parses one file. With `build`, a file whose format can build a switch on
/// its own is built right away and its document freed: most fabrics have one file per switch, and
/// keeping every file's tables until all are read would double the loader's peak memory. The rare
/// switch described by several files is read again and merged (see sortInputs).
ParsedFile readInput(const InputFile& file, bool build, const LoadOptions& options) {
  ParsedFile out;
  try {
    textio::TextFile text = textio::readText(file.path, options.max_file_bytes);
    out.repairs = std::move(text.repairs);
    auto input = std::make_unique<format::Input>(file.path.string(), directoryScope(file), std::move(text.text),
                                                 options.read_limits);
    out.format = format::recognise(*input);
    if (out.format == nullptr) {
      std::optional<std::string> why = format::skipReason(*input);
      out.kind = why ? ParsedFile::Kind::Skipped : ParsedFile::Kind::Ignored;
      out.why = why.value_or("");
      return out;
    }
    out.document = out.format->parse(*input);
    out.kind = ParsedFile::Kind::Parsed;
    out.duplicates = input->duplicateKeys();
    out.escaped_nuls = input->escapedNuls();
    if (out.format->role == format::Role::Switch && out.format->comment_leaders != nullptr)
      out.inline_suppressions = common::scanInlineSuppressions(input->text(), input->file(),
                                                               out.format->comment_leaders, "", out.inline_notes);
    if (out.format->role == format::Role::Switch && out.format->data_suppressions != nullptr)
      out.inline_suppressions = out.format->data_suppressions(*input, out.inline_notes);
    input.reset();  // the text and its JSON tree
    if (out.format->role == format::Role::State) {
      std::optional<std::string> hostname = out.format->hostname(*out.document);
      out.switch_name = hostname.value_or("");
      out.named_by_path = !hostname;
      return out;
    }
    if (out.format->role != format::Role::Switch) return out;
    std::optional<std::string> hostname = out.format->hostname(*out.document);
    out.switch_name = hostname ? *hostname : defaultSwitchName(file);
    out.named_by_path = !hostname;
    for (InputNote& note : out.inline_notes) note.switch_name = out.switch_name;
    out.complete = out.format->complete != nullptr && out.format->complete(*out.document);
    if (build && out.format->build_alone != nullptr) {
      BuiltSwitch& b = out.built.emplace();
      b.sw.name = out.switch_name;
      b.sw.files = {file.path.string()};
      b.builder = out.format->builder;
      format::BuildOutput output = b.output();
      out.built_complete = out.format->build_alone(*out.document, b.sw, output);
      out.document.reset();
    }
  } catch (const textio::ReadError& e) {
    out.kind = ParsedFile::Kind::Failed;
    out.why = e.what();
    out.fix = e.fix;
    out.not_read = true;
  } catch (const InputError& e) {
    out.kind = ParsedFile::Kind::Failed;
    out.why = e.what();
  }
  return out;
}

/// Phase 1, parallel: every file on its own.
std::vector<ParsedFile> readInputs(const std::vector<InputFile>& files, const LoadProgress& progress,
                                   const LoadOptions& options) {
  std::vector<ParsedFile> parsed(files.size());
  std::atomic<std::size_t> done{0};
  std::mutex progress_mu;
  util::parallelFor(files.size(), [&](std::size_t i) {
    parsed[i] = readInput(files[i], true, options);
    std::size_t finished = done.fetch_add(1) + 1;
    if (progress) {
      std::lock_guard<std::mutex> lock(progress_mu);
      progress(finished - 1, files.size());  // files done before this one, as a sequential loader counts
    }
  });
  return parsed;
}

std::string lowerCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// The declared host name a file without one is named after, wherever it sits: its stem is the
/// host name or starts with it and a separator ("leaf1.qos.json"), or a directory between the
/// fabric root and the file is named after it. The longest match wins; "" when none matches.
std::string hostnameOfPath(const InputFile& file, const std::map<std::string, std::string>& declared_lower) {
  std::string best;
  auto consider = [&](const std::string& word, bool prefix) {
    std::string w = lowerCase(word);
    for (const auto& [host_lower, host] : declared_lower) {
      bool match = w == host_lower ||
                   (prefix && w.size() > host_lower.size() && w.compare(0, host_lower.size(), host_lower) == 0 &&
                    std::string_view(".-_").find(w[host_lower.size()]) != std::string_view::npos);
      if (match && host.size() > best.size()) best = host;
    }
  };
  consider(file.path.stem().string(), true);
  if (!file.root.empty()) {
    fs::path relative = file.path.parent_path().lexically_relative(file.root);
    for (const auto& part : relative) {
      if (part != ".") consider(part.string(), false);
    }
  }
  return best;
}

/// A file that names no switch joins a switch that other files declare: the one its path is named
/// after, wherever it sits; else the one switch the other files of its directory name, in a
/// sub-directory always (the QoS and buffer JSON sonic-cfggen rendered from a minigraph, next to
/// it), at the fabric root only when its format says it is a fragment (tables without ports), since
/// a root may hold one nameless full config per switch.
void adoptHostnames(const std::vector<InputFile>& files, std::vector<ParsedFile>& parsed) {
  std::map<fs::path, std::set<std::string>> declared;
  std::map<std::pair<fs::path, const format::SwitchBuilder*>, std::set<std::string>> declared_by_builder;
  std::map<std::string, std::string> declared_lower;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!parsed[i].describesSwitch() || parsed[i].named_by_path) continue;
    declared[files[i].path.parent_path()].insert(parsed[i].switch_name);
    declared_by_builder[{files[i].path.parent_path(), parsed[i].format->builder}].insert(parsed[i].switch_name);
    declared_lower.emplace(lowerCase(parsed[i].switch_name), parsed[i].switch_name);
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    ParsedFile& file = parsed[i];
    if (!file.describesSwitch() || !file.named_by_path) continue;
    std::string host = hostnameOfPath(files[i], declared_lower);
    // A fragment is what a format that knows whole switches (Format::complete) says is not one.
    // At the fabric root it joins only a switch of its own format family: a nameless EOS file
    // beside a SONiC config_db is a switch of its own, not a part of that one.
    bool fragment = file.format->complete != nullptr && !file.complete;
    if (host.empty() && !directoryScope(files[i]).empty()) {
      auto it = declared.find(files[i].path.parent_path());
      if (it != declared.end() && it->second.size() == 1) host = *it->second.begin();
    } else if (host.empty() && fragment) {
      auto it = declared_by_builder.find({files[i].path.parent_path(), file.format->builder});
      if (it != declared_by_builder.end() && it->second.size() == 1) host = *it->second.begin();
    }
    if (host.empty()) continue;
    file.switch_name = host;
    if (file.built) file.built->sw.name = host;
  }
}

/// The documents of one builder that describe a switch, in load order.
struct BuilderDocuments {
  const format::SwitchBuilder* builder = nullptr;
  std::vector<std::unique_ptr<format::Document>> documents;
  std::string first_file;
};

struct PendingSwitch {
  std::vector<BuilderDocuments> by_builder;  ///< in registry order of their builders
  std::vector<std::string> files;

  void add(const format::Format& format, std::unique_ptr<format::Document> document, const std::string& file) {
    // A builder ranks by the first registry entry that uses it.
    const auto& formats = format::registry();
    auto rank = [&](const format::SwitchBuilder* b) {
      return std::find_if(formats.begin(), formats.end(), [&](const format::Format* f) { return f->builder == b; }) -
             formats.begin();
    };
    auto slot = std::find_if(by_builder.begin(), by_builder.end(),
                             [&](const BuilderDocuments& d) { return rank(d.builder) >= rank(format.builder); });
    if (slot == by_builder.end() || slot->builder != format.builder) {
      slot = by_builder.insert(slot, BuilderDocuments{format.builder, {}, file});
    }
    slot->documents.push_back(std::move(document));
    files.push_back(file);
  }
};

/// Two files that each describe the whole of one switch are two versions of it, not parts to merge:
/// the first (in file order) is used and the other left out with a CFG003 note naming both.
void leaveOutSecondConfig(Fabric& fabric, const std::string& name, const InputFile& used, const InputFile& other) {
  InputNote note = makeNote(InputNote::Kind::Conflict, name, "",
                            fmt::format("{} and {} both describe all of switch {}; {} is left out: keep one full "
                                        "configuration per switch (fragments such as a rendered qos.json merge)",
                                        used.path.string(), other.path.string(), name, other.path.string()),
                            SourceRef{other.path.string(), 1, 1, OriginKind::None, ""});
  note.related_message = fmt::format("the configuration of {} that is used", name);
  note.related_src = SourceRef{used.path.string(), 1, 1, OriginKind::None, ""};
  note.fix = "remove one of the two files from the fabric directory, or give each its own host name";
  fabric.notes.push_back(std::move(note));
}

/// What phase 2 sorted the parsed files into.
/// A state file and its document, until the switches are built.
struct StateInput {
  std::size_t file = 0;  ///< index into the input files
  const format::Format* format = nullptr;
  std::unique_ptr<format::Document> document;
  std::string switch_name;  ///< as the file declares it, "" when it does not
};

struct Inputs {
  std::vector<StateInput> state;
  format::PlatformTables platform;
  std::vector<topology::TopologySource> topology;
  std::map<std::string, PendingSwitch> pending;  ///< switches to build from their documents
  std::map<std::string, BuiltSwitch> ready;      ///< switches built alone in phase 1
};

/// A file that does not parse is left out, and the fabric is analysed without it (CFG006 says so).
void leaveOut(Fabric& fabric, const InputFile& file, const ParsedFile& parsed) {
  std::string path = file.path.string();
  std::string why = parsed.why;
  SourceRef src = errorLocation(path, why);
  // The message is the parser's own (location moved to `src`); CFG006 words the rest.
  // A platform table or topology file names no switch: the fabric is checked without it.
  bool names_switch = parsed.format == nullptr || parsed.format->role == format::Role::Switch;
  InputNote note = makeNote(InputNote::Kind::MalformedFile, names_switch ? defaultSwitchName(file) : "", "", why, src);
  if (parsed.format != nullptr) note.referenced_kind = parsed.format->name;
  note.not_read = parsed.not_read;
  note.fix =
      !parsed.fix.empty()
          ? parsed.fix
          : "correct the syntax at this location (a pasted prompt or command line, a truncated copy?) and check again";
  fabric.notes.push_back(std::move(note));
}

/// Bytes that are not UTF-8 text (or NUL) were read as U+FFFD: each is CFG005 at its place, so a
/// host name or value with them is never silently taken for another.
void noteRepairs(Fabric& fabric, const InputFile& file, const ParsedFile& parsed) {
  const std::string path = file.path.string();
  const std::string name = parsed.switch_name.empty() ? defaultSwitchName(file) : parsed.switch_name;
  // A key given twice: every reader (and SONiC's own loader) keeps the last value, silently.
  for (const json::DuplicateKey& d : parsed.duplicates) {
    InputNote note = makeNote(InputNote::Kind::InvalidValue, name, "",
                              fmt::format("{} is given twice in one object (first at {}:{}): the last value is used",
                                          d.pointer, d.first_line, d.first_column),
                              SourceRef{path, d.line, d.column, OriginKind::JsonPointer, d.pointer});
    note.fix = "keep one of the two and delete the other";
    fabric.notes.push_back(std::move(note));
  }
  // \u0000 is valid JSON but no name or value holds a NUL: read as U+FFFD, like a NUL byte.
  for (const json::EscapedNul& n : parsed.escaped_nuls) {
    InputNote note = makeNote(InputNote::Kind::InvalidValue, name, "",
                              fmt::format("{} holds U+0000, written as \\u0000: read as U+FFFD (\uFFFD); a name or "
                                          "value containing it matches nothing else",
                                          n.pointer),
                              SourceRef{path, n.line, n.column, OriginKind::JsonPointer, n.pointer});
    note.fix = "remove the \\u0000 escape (a NUL is never part of a name or value)";
    fabric.notes.push_back(std::move(note));
  }
  const textio::Repairs& repairs = parsed.repairs;
  if (repairs.bad_total == 0) return;
  const std::string fix = repairs.utf16 ? "save the file as UTF-8 text"
                                        : "save the file as UTF-8 text and remove the bytes shown (a binary or "
                                          "Latin-1 copy, a truncated character?)";
  const std::string read_as = "read as U+FFFD (\uFFFD); a name or value containing it matches nothing else";
  if (repairs.bad.empty()) {  // UTF-16: no editor position to give
    InputNote note = makeNote(InputNote::Kind::InvalidValue, name, "",
                              fmt::format("{} invalid UTF-16 unit(s) in a UTF-16 file: {}", repairs.bad_total, read_as),
                              SourceRef{path, 1, 1, OriginKind::None, ""});
    note.fix = fix;
    fabric.notes.push_back(std::move(note));
    return;
  }
  for (std::size_t k = 0; k < repairs.bad.size(); ++k) {
    const textio::BadSequence& bad = repairs.bad[k];
    std::string what = bad.nul ? fmt::format("NUL byte(s) ({})", bad.bytes)
                               : fmt::format("bytes that are not UTF-8 text ({})", bad.bytes);
    std::string more;
    if (k + 1 == repairs.bad.size() && repairs.bad_total > repairs.bad.size())
      more = fmt::format(" (and {} more such places in this file)", repairs.bad_total - repairs.bad.size());
    InputNote note = makeNote(InputNote::Kind::InvalidValue, name, "", fmt::format("{}: {}{}", what, read_as, more),
                              SourceRef{path, bad.line, bad.column, OriginKind::None, ""});
    note.fix = fix;
    fabric.notes.push_back(std::move(note));
  }
}

/// Phase 2, in file order: skip notes, files left out (not well-formed), platform tables,
/// topology sources, and the switch files grouped per switch (later files win a conflict).
Inputs sortInputs(const std::vector<InputFile>& files, std::vector<ParsedFile>& parsed, Fabric& fabric,
                  const LoadOptions& options) {
  Inputs inputs;
  std::map<std::string, int> files_of_switch;
  /// The first full config of each switch per format family, among files that name their host
  /// (files named after their folder or stem are parts by that convention; two families of one
  /// switch are the older conflict of formats, worded where the switch is built).
  std::map<std::pair<std::string, const format::SwitchBuilder*>, std::size_t> complete_file_of_switch;
  for (std::size_t i = 0; i < files.size(); ++i) {
    ParsedFile& file = parsed[i];
    noteRepairs(fabric, files[i], file);
    // A file named on the command line is meant to be read: one in no format rocelint reads is an
    // error, not a note a CI gate would pass over.
    bool named = files[i].root.empty();
    if (named && (file.kind == ParsedFile::Kind::Skipped || file.kind == ParsedFile::Kind::Ignored)) {
      std::string why =
          file.why.empty() ? "YAML that is not a topology.yaml, containerlab topology or NVUE configuration" : file.why;
      throw InputError(why == "not a recognised input format"
                           ? fmt::format("{}: {}", files[i].path.string(), why)
                           : fmt::format("{}: not a recognised input format ({})", files[i].path.string(), why));
    }
    if (file.kind == ParsedFile::Kind::Ignored)
      fabric.passed_over.emplace_back(files[i].path.string(), "YAML in no format rocelint reads");
    if (file.kind == ParsedFile::Kind::Failed) leaveOut(fabric, files[i], file);
    if (file.kind == ParsedFile::Kind::Skipped) skip(fabric, files[i].path, file.why);
    if (file.kind != ParsedFile::Kind::Parsed) continue;
    if (files[i].state_dir > 0 && file.format->role != format::Role::State) {
      skip(fabric, files[i].path,
           fmt::format("a {} file under --state {}: only state files are read there (give configurations as "
                       "fabric paths)",
                       file.format->name, files[i].root.string()));
      file = ParsedFile{};
      continue;
    }
    ++fabric.files_loaded;
    switch (file.format->role) {
      case format::Role::State:
        inputs.state.push_back({i, file.format, std::move(file.document), file.switch_name});
        break;
      case format::Role::PlatformTable:
        inputs.platform.add(*file.format, std::move(file.document), directoryScope(files[i]),
                            files[i].path.parent_path().string());
        break;
      case format::Role::Topology:
        inputs.topology.push_back(file.format->topology(*file.document));
        break;
      case format::Role::Switch:
        for (InputNote& note : file.inline_notes) fabric.notes.push_back(std::move(note));
        for (InlineSuppression& s : file.inline_suppressions) fabric.inline_suppressions.push_back(std::move(s));
        file.inline_notes.clear();
        file.inline_suppressions.clear();
        if (file.complete && !file.named_by_path) {
          auto [first, inserted] =
              complete_file_of_switch.emplace(std::pair{file.switch_name, file.format->builder}, i);
          if (!inserted) {
            leaveOutSecondConfig(fabric, file.switch_name, files[first->second], files[i]);
            file = ParsedFile{};  // Kind::Skipped: left out of the switch
            continue;
          }
        }
        ++files_of_switch[file.switch_name];
        break;
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    ParsedFile& file = parsed[i];
    if (!file.describesSwitch()) continue;
    bool alone =
        files_of_switch[file.switch_name] == 1 && file.built && (file.built_complete || inputs.platform.empty());
    if (alone) {
      inputs.ready.emplace(file.switch_name, std::move(*file.built));
    } else {
      std::string name = file.switch_name;  // may have been adopted from the directory
      if (!file.document) {
        file = readInput(files[i], false, options);  // built alone, then freed: read it again
        if (!file.describesSwitch())
          throw InputError(fmt::format("{}: changed while it was read", files[i].path.string()));
      }
      inputs.pending[name].add(*file.format, std::move(file.document), files[i].path.string());
    }
    file = ParsedFile{};  // free what was taken
  }
  return inputs;
}

/// Builds a switch from its documents. One syntax per switch: the builder first in registry order
/// wins (SONiC over Junos over EOS, ...); the files of any other are ignored with a CFG003 note.
BuiltSwitch buildSwitch(const std::string& name, PendingSwitch& source, const format::PlatformTables& platform) {
  BuiltSwitch out;
  out.sw.name = name;
  out.sw.files = source.files;
  BuilderDocuments& used = source.by_builder.front();
  out.builder = used.builder;
  for (std::size_t b = 1; b < source.by_builder.size(); ++b) {
    const char* ignored = source.by_builder[b].builder->name;
    out.notes.push_back(makeNote(InputNote::Kind::Conflict, name, "",
                                 fmt::format("switch {} is described by {} and by {} files; the {} files are ignored",
                                             name, used.builder->name, ignored, ignored),
                                 SourceRef{source.by_builder[b].first_file, 1, 1, OriginKind::None, ""}));
  }
  format::BuildOutput output = out.output();
  used.builder->build(used.documents, out.sw, platform, output);
  source = PendingSwitch{};
  return out;
}

/// Phase 3, parallel: builds each pending switch, then adds every switch to the fabric in name
/// order. Returns each switch's builder, by index into `fabric.switches`.
std::vector<const format::SwitchBuilder*> buildSwitches(Inputs& inputs, Fabric& fabric) {
  std::vector<std::pair<std::string, PendingSwitch>> sources;
  sources.reserve(inputs.pending.size());
  for (auto it = inputs.pending.begin(); it != inputs.pending.end(); it = inputs.pending.erase(it)) {
    sources.emplace_back(it->first, std::move(it->second));
  }
  std::vector<BuiltSwitch> merged(sources.size());
  std::vector<std::optional<InputNote>> left_out(sources.size());
  util::parallelFor(sources.size(), [&](std::size_t i) {
    std::vector<std::string> files = sources[i].second.files;
    const char* syntax = sources[i].second.by_builder.front().builder->name;
    try {
      merged[i] = buildSwitch(sources[i].first, sources[i].second, inputs.platform);
    } catch (const InputError& e) {
      // Not well-formed where only the whole switch tells (its files read together): the switch
      // is left out like a file that does not parse, at the file the error names.
      std::string why = e.what();
      SourceRef src{files.empty() ? std::string() : files.front(), 1, 1, OriginKind::None, ""};
      for (const std::string& file : files) {
        if (why.compare(0, file.size() + 1, file + ":") == 0) {
          src = errorLocation(file, why);
          break;
        }
      }
      InputNote note = makeNote(InputNote::Kind::MalformedFile, sources[i].first, "", why, src);
      note.referenced_kind = syntax;
      note.fix = "correct the value at this location and check again";
      left_out[i] = std::move(note);
    }
  });
  for (std::size_t i = 0; i < merged.size(); ++i) {
    if (left_out[i]) fabric.notes.push_back(std::move(*left_out[i]));
  }
  for (BuiltSwitch& b : merged) {
    if (b.builder == nullptr) continue;  // left out
    std::string name = b.sw.name;
    inputs.ready.emplace(std::move(name), std::move(b));
  }
  std::vector<const format::SwitchBuilder*> builders;
  fabric.switches.reserve(inputs.ready.size());
  for (auto it = inputs.ready.begin(); it != inputs.ready.end(); it = inputs.ready.erase(it)) {
    BuiltSwitch& b = it->second;
    for (auto& note : b.notes) fabric.notes.push_back(std::move(note));
    for (const auto& [table, n] : b.out_of_scope) fabric.out_of_scope_tables[table] += n;
    for (auto& c : b.coverage) fabric.coverage.push_back(std::move(c));
    fabric.switch_index.emplace(b.sw.name, fabric.switches.size());
    fabric.switches.push_back(std::move(b.sw));
    builders.push_back(b.builder);
  }
  return builders;
}

/// The switch a state file is of: the host name it declares; else the switch its path names (stem
/// or a directory, as for configurations); else, below the root of its directory argument, the one
/// switch whose configuration shares its directory; else, for a file argument, the fabric's only
/// switch. "" when none (at a root, "spine9.counters_db.json" must not join another switch).
std::string stateSwitch(const Fabric& fabric, const InputFile& file, const std::string& declared) {
  if (!declared.empty()) return declared;
  std::map<std::string, std::string> lower;
  for (const Switch& sw : fabric.switches) lower.emplace(lowerCase(sw.name), sw.name);
  std::string host = hostnameOfPath(file, lower);
  if (!host.empty()) return host;
  if (file.root.empty()) return fabric.switches.size() == 1 ? fabric.switches.front().name : "";
  if (directoryScope(file).empty()) return "";
  std::set<std::string> beside;
  for (const Switch& sw : fabric.switches) {
    for (const std::string& f : sw.files) {
      if (fs::path(f).parent_path() == file.path.parent_path()) beside.insert(sw.name);
    }
  }
  return beside.size() == 1 ? *beside.begin() : "";
}

/// State files go to their switch, one snapshot per source: the fabric paths, then each --state
/// DIR in the order given; only sources that held state count as snapshots.
void applyState(Fabric& fabric, std::vector<StateInput>& state, const std::vector<InputFile>& files,
                const LoadOptions& options) {
  if (state.empty()) return;
  std::map<int, std::size_t> snapshot_of;  // state_dir -> snapshot index
  for (const StateInput& s : state) snapshot_of.emplace(files[s.file].state_dir, 0);
  for (auto& [dir, index] : snapshot_of) {
    index = fabric.snapshots.size();
    fabric.snapshots.push_back(dir == 0 ? std::string("the fabric directory")
                                        : options.state_dirs[static_cast<std::size_t>(dir - 1)]);
  }
  for (Switch& sw : fabric.switches) sw.state.resize(fabric.snapshots.size());
  for (StateInput& s : state) {
    const InputFile& file = files[s.file];
    std::string name = stateSwitch(fabric, file, s.switch_name);
    auto it = name.empty() ? fabric.switch_index.end() : fabric.switch_index.find(name);
    if (it == fabric.switch_index.end()) {
      skip(fabric, file.path,
           name.empty() ? fmt::format("{} state of no switch: neither the file, its name nor its directory names a "
                                      "switch of the fabric (name it <switch>.<what>.json or put it in a folder "
                                      "named after the switch)",
                                      s.format->name)
                        : fmt::format("{} state of switch {}, which no configuration of the fabric describes",
                                      s.format->name, name));
      continue;
    }
    Switch& sw = fabric.switches[it->second];
    SwitchState& target = sw.state[snapshot_of[file.state_dir]];
    target.files.push_back(file.path.string());
    std::vector<ParseCoverage> unused;
    format::BuildOutput out{fabric.notes, fabric.out_of_scope_tables, unused};
    s.format->read_state(*s.document, target, sw.name, out);
    s.document.reset();
  }
}

/// Platform tables apply to the switches of their directory, their hwsku's or the whole fabric;
/// then each switch derives what its syntax derives at run time.
void postProcess(Fabric& fabric, const format::PlatformTables& platform,
                 const std::vector<const format::SwitchBuilder*>& builders) {
  for (std::size_t s = 0; s < fabric.switches.size(); ++s) {
    Switch& sw = fabric.switches[s];
    for (const format::Format* format : format::registry()) {
      if (format->role != format::Role::PlatformTable || format->apply == nullptr) continue;
      if (const format::Document* table = platform.find(*format, sw.name, sw.hwsku, sw.files))
        format->apply(*table, sw);
    }
    if (builders[s]->post_process != nullptr) builders[s]->post_process(sw);
  }
}

/// "file:line:col" of a value, or of the first line of the switch's first file when it has none.
std::string where(const SourceRef& src, const Switch& sw) {
  if (src.known()) return fmt::format("{}:{}:{}", src.file(), std::max(src.line, 1), std::max(src.column, 1));
  return fmt::format("{}:1:1", sw.files.empty() ? sw.name : sw.files.front());
}

/// The entity limits: a fabric far larger than any real one is refused at the switch, port or link
/// that passes its limit, before links, routes and rules spend time and memory on it.
void checkSwitchesAndPorts(const Fabric& fabric, const LoadOptions& options) {
  if (fabric.switches.size() > options.max_switches) {
    const Switch& sw = fabric.switches[options.max_switches];
    throw InputError(
        fmt::format("{}: the fabric has {} switches, more than {} (the switch limit, --max-switches, "
                    "docs/reliability.md): {} is the first switch past it",
                    where(SourceRef{}, sw), fabric.switches.size(), options.max_switches, sw.name));
  }
  std::size_t ports = 0;
  for (const Switch& sw : fabric.switches) {
    if (ports + sw.ports.size() > options.max_ports) {
      const Port& port = sw.ports[options.max_ports - ports];
      throw InputError(
          fmt::format("{}: the fabric has more than {} ports (the port limit, --max-ports, "
                      "docs/reliability.md): {} {} is the first port past it",
                      where(port.src, sw), options.max_ports, sw.name, port.name));
    }
    ports += sw.ports.size();
  }
}

void checkLinks(const Fabric& fabric, const LoadOptions& options) {
  if (fabric.links.size() <= options.max_links) return;
  const PortRef a = fabric.links[options.max_links].a;
  const Port& port = fabric.port(a);
  throw InputError(
      fmt::format("{}: the fabric has {} switch-to-switch links, more than {} (the link limit, "
                  "--max-links, docs/reliability.md): {} {} is on the first link past it",
                  where(port.neighbor ? port.neighbor->src : port.src, fabric.sw(a)), fabric.links.size(),
                  options.max_links, fabric.sw(a).name, port.name));
}

}  // namespace

Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress) {
  return loadFabric(paths, progress, PathFilter{});
}

Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress, const PathFilter& filter) {
  return loadFabric(paths, progress, filter, LoadOptions{});
}

bool readByWalk(const std::filesystem::path& path) { return !ignoredSilently(path); }

FileRecognition recogniseFile(const std::filesystem::path& path, const LoadOptions& options) {
  FileRecognition out;
  if (ignoredSilently(path)) {
    out.why = "hidden, documentation or script";
    return out;
  }
  try {
    textio::TextFile text = textio::readText(path, options.max_file_bytes);
    format::Input input(path.string(), "", std::move(text.text), options.read_limits);
    if (const format::Format* f = format::recognise(input)) {
      out.format = f->name;
      return out;
    }
    out.why = format::skipReason(input).value_or("YAML in no format rocelint reads");
  } catch (const textio::ReadError& e) {
    out.format = "unreadable";
    out.why = e.what();
  } catch (const InputError& e) {
    out.format = "malformed";
    out.why = e.what();
  }
  return out;
}

Fabric loadFabric(const std::vector<std::string>& paths, const LoadProgress& progress, const PathFilter& filter,
                  const LoadOptions& options) {
  Fabric fabric;
  std::vector<NotRead> not_read;
  std::vector<NotRead> passed_over;
  std::vector<InputFile> files = collect(paths, filter, options, not_read, passed_over);
  for (std::size_t k = 0; k < options.state_dirs.size(); ++k) {
    std::vector<InputFile> found = collect({options.state_dirs[k]}, filter, options, not_read, passed_over);
    for (InputFile& f : found) {
      f.state_dir = static_cast<int>(k + 1);
      files.push_back(std::move(f));
    }
  }
  for (const NotRead& n : not_read) skip(fabric, n.path, n.why);
  for (NotRead& n : passed_over) fabric.passed_over.emplace_back(n.path.string(), std::move(n.why));
  std::vector<ParsedFile> parsed = readInputs(files, progress, options);
  adoptHostnames(files, parsed);
  Inputs inputs = sortInputs(files, parsed, fabric, options);
  std::vector<const format::SwitchBuilder*> builders = buildSwitches(inputs, fabric);
  checkSwitchesAndPorts(fabric, options);
  // Topology sources give neighbours, cable lengths and roles before run-time PGs are derived
  // (they depend on cable length) and before links are built.
  applyTopology(fabric, std::move(inputs.topology));
  neighboursFromDescriptions(fabric);  // the weakest source: only ports no other source describes
  postProcess(fabric, inputs.platform, builders);
  applyState(fabric, inputs.state, files, options);
  // Ports still without a switch neighbour: the two ends of a point-to-point subnet.
  load::linkPointToPointSubnets(fabric);
  buildLinksAndHosts(fabric);
  checkLinks(fabric, options);
  return fabric;
}

}  // namespace rocelint
