#include "state/junos_show.hpp"

#include <fmt/format.h>
#include <pugixml.hpp>

#include <algorithm>
#include <vector>

#include "common/line_index.hpp"
#include "common/xml_prolog.hpp"
#include "rocelint/diagnostics.hpp"

namespace rocelint::state {
namespace {

constexpr const char* kRoute = "show route";
constexpr const char* kInterfaces = "show interfaces";
constexpr const char* kLldp = "show lldp neighbors";

// The element name at `at` ('<' of a start tag), without a namespace prefix.
std::string_view elementName(std::string_view text, std::size_t at) {
  if (at >= text.size() || text[at] != '<') return {};
  std::size_t end = text.find_first_of(" \t\r\n/>", at + 1);
  std::string_view name = text.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1);
  if (auto colon = name.find(':'); colon != std::string_view::npos) name.remove_prefix(colon + 1);
  return name;
}

const char* commandOf(std::string_view element) {
  if (element == "route-information") return kRoute;
  if (element == "interface-information") return kInterfaces;
  if (element == "lldp-neighbors-information") return kLldp;
  return nullptr;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\r' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

std::string childText(const pugi::xml_node& node, const char* name) {
  return std::string(trimmed(node.child(name).text().get()));
}

// "xe-2/3/2.0" -> "xe-2/3/2": unit 0 is the port itself; other units are kept as written.
std::string portOf(std::string via) {
  if (via.size() > 2 && via.compare(via.size() - 2, 2, ".0") == 0) via.resize(via.size() - 2);
  return via;
}

class Reader {
 public:
  Reader(std::string_view text, std::string file) : file_(std::move(file)), lines_(text) {}

  [[nodiscard]] std::pair<int, int> position(std::ptrdiff_t offset) const { return lines_.position(offset); }

  // An element, at its '<', named by its XML path.
  [[nodiscard]] SourceRef at(const pugi::xml_node& node, const std::string& path) const {
    auto [line, column] = position(node.offset_debug() - 1);
    return SourceRef{file_, line, column, OriginKind::XmlPath, path};
  }

  void routes(const pugi::xml_node& info, StateReading& out) {
    out.state.has_routes = true;
    int table_index = 0;
    for (pugi::xml_node table : info.children("route-table")) {
      ++table_index;
      std::string name = childText(table, "table-name");
      std::string vrf;
      if (name == "inet.0" || name == "inet6.0") {
        vrf.clear();
      } else if (name.size() > 7 && (name.compare(name.size() - 7, 7, ".inet.0") == 0)) {
        vrf = name.substr(0, name.size() - 7);
      } else if (name.size() > 8 && name.compare(name.size() - 8, 8, ".inet6.0") == 0) {
        vrf = name.substr(0, name.size() - 8);
      } else {
        ++out.not_read[fmt::format("Junos show route tables other than inet.0 / inet6.0 ({})", name)];
        continue;
      }
      int rt_index = 0;
      for (pugi::xml_node rt : table.children("rt")) {
        ++rt_index;
        std::string path = fmt::format("route-information/route-table[{}]/rt[{}]", table_index, rt_index);
        std::string destination = childText(rt, "rt-destination");
        std::string length = childText(rt, "rt-prefix-length");
        if (destination.empty()) {
          note(rt, path, fmt::format("{} has no rt-destination: not read", path));
          continue;
        }
        if (destination.find('/') == std::string::npos) {
          if (length.empty() || !parseCount(length)) {
            note(rt, path,
                 fmt::format("{} ({}) has no rt-prefix-length that is a number: not read", path, destination));
            continue;
          }
          destination += "/" + length;
        }
        for (pugi::xml_node entry : rt.children("rt-entry")) {
          if (trimmed(entry.child("active-tag").text().get()) != "*") continue;
          InstalledRoute route;
          route.vrf = vrf;
          route.prefix = destination;
          route.protocol = childText(entry, "protocol-name");
          route.src = at(rt, path);
          bool any_selected = false;
          for (pugi::xml_node nh : entry.children("nh")) any_selected = any_selected || nh.child("selected-next-hop");
          for (pugi::xml_node nh : entry.children("nh")) {
            if (any_selected && !nh.child("selected-next-hop")) continue;
            NextHop hop;
            hop.address = childText(nh, "to");
            hop.interface = portOf(childText(nh, "via"));
            if (hop.address.empty() && hop.interface.empty()) continue;
            route.next_hops.push_back(std::move(hop));
          }
          std::string type = childText(entry, "nh-type");
          route.blackhole = type == "Discard" || type == "Reject";
          out.state.routes.push_back(std::move(route));
        }
      }
    }
  }

  void note(const pugi::xml_node& node, const std::string& path, std::string message) {
    InputNote n = makeNote(InputNote::Kind::InvalidValue, "", "", std::move(message), at(node, path));
    n.fix = "collect the output again with `show route | display xml` (docs/audit.md); a hand-edited capture?";
    notes_.push_back(std::move(n));
  }

  std::vector<InputNote> notes_;

 private:
  std::string file_;
  common::LineIndex lines_;
};

}  // namespace

const char* junosShowCommand(std::string_view text) {
  common::XmlProlog prolog = common::scanXmlProlog(text);
  if (prolog.root == common::XmlProlog::npos) return nullptr;
  std::string_view root = elementName(text, prolog.root);
  if (root != "rpc-reply") return commandOf(root);
  // The first element inside <rpc-reply> (white space and comments may come before it).
  std::size_t at = text.find('<', prolog.root + 1);
  while (at != std::string_view::npos && at + 1 < text.size() && (text[at + 1] == '!' || text[at + 1] == '?'))
    at = text.find('<', at + 1);
  return at == std::string_view::npos ? nullptr : commandOf(elementName(text, at));
}

StateReading readJunosShow(std::string_view text, const std::string& file) {
  StateReading out;
  Reader reader(text, file);
  pugi::xml_document doc;
  pugi::xml_parse_result result = doc.load_buffer(text.data(), text.size(), pugi::parse_default);
  if (!result) {
    auto [line, column] =
        reader.position(std::min<std::ptrdiff_t>(result.offset, static_cast<std::ptrdiff_t>(text.size()) - 1));
    throw InputError(
        fmt::format("{}:{}:{}: invalid XML: {} (is the file truncated?)", file, line, column, result.description()));
  }
  pugi::xml_node root = doc.document_element();
  if (std::string_view(root.name()) == "rpc-reply") root = root.first_child();
  while (root && root.type() != pugi::node_element) root = root.next_sibling();
  const char* command = junosShowCommand(text);
  if (command == kRoute) {
    reader.routes(root, out);
  } else if (command != nullptr) {
    out.notes.push_back(
        makeNote(InputNote::Kind::SkippedFile, "", "",
                 fmt::format("{} skipped: Junos `{}` XML: not read ({})", file, command,
                             command == kLldp ? "give LLDP neighbours as `lldpcli` or EOS JSON, docs/topology.md"
                                              : "PFC and queue counters of this output are not read yet"),
                 SourceRef{file, 1, 1, OriginKind::None, ""}));
  }
  for (InputNote& n : reader.notes_) out.notes.push_back(std::move(n));
  return out;
}

}  // namespace rocelint::state
