#pragma once
// The bookkeeping every reader of an indented running-config (EOS, NX-OS) shares: where a line
// is, malformed lines (exit 2 with file:line:col), lines not understood (CFG001 notes, grouped)
// or out of scope (counted), invalid values (CFG005 notes), and the QoS coverage line.

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "cli_config_text.hpp"
#include "common/switch_builder.hpp"
#include "rocelint/diagnostics.hpp"
#include "rocelint/model.hpp"

namespace rocelint::common {

/// Lines in a block, the block's head included.
int countLines(const cli::ConfigLine& line);
/// "Ethernet<digit>..." without a subinterface dot (EOS and NX-OS front-panel ports).
bool isEthernetPortName(const std::string& name);
/// A word made of hex digits, dots, colons and slashes that starts like an IPv4/IPv6 address.
bool looksLikeAddress(const std::string& word);
/// A dotted mask (255.255.255.254) or a length (31) as an IPv4 prefix length; nullopt for anything
/// else (a non-contiguous mask too).
std::optional<int> prefixLength(const std::string& mask);
/// Huawei VRP / H3C Comware `ip route-static [vpn-instance V] PREFIX MASK|LENGTH [INTERFACE]
/// [NEXTHOP] ...` at `where`, named by its prefix; the words after the prefix are read while they
/// are IPv4 next hops or interfaces (`interface_name` normalises one, nullopt: not an interface).
/// Nullopt when the prefix or its mask is not one.
std::optional<StaticRoute> routeStatic(const cli::ConfigLine& l, SourceRef where,
                                       std::optional<std::string> (*interface_name)(std::string_view));

/// How a CLI format names its interface types: the canonical spelling of each and the shortest
/// abbreviation the CLI accepts for it (any longer prefix is accepted too, in any case).
struct InterfaceType {
  const char* canonical;   ///< "Ethernet", "port-channel"
  std::size_t min_prefix;  ///< 2: "Et", "eth", "ETHER" are Ethernet
  bool ports = false;      ///< front-panel ports or LAGs (not management, loopback, VLAN, tunnel)
};
using InterfaceNaming = std::vector<InterfaceType>;

/// The interfaces an `interface` statement names, normalised: `Ethernet 1/1`, `eth1/1` and `Et1/1`
/// are `Ethernet1/1`; ranges and lists (`Ethernet1/1-4, Ethernet1/7`, `Ethernet 1/1-1/16`,
/// `Ethernet1-4,6`) are expanded into one name per member. A type `naming` does not list is kept
/// as written. `error` says why a malformed list gives no names (a range that runs backwards, no
/// number after the type).
std::vector<std::string> interfaceNames(const std::vector<std::string>& words, const InterfaceNaming& naming,
                                        std::string& error);
/// The type of `name` (one of `naming`'s canonical types followed by a digit), or nullptr.
const InterfaceType* typeOf(const std::string& name, const InterfaceNaming& naming);
/// True when `name` has one of `naming`'s types.
inline bool hasKnownType(const std::string& name, const InterfaceNaming& naming) {
  return typeOf(name, naming) != nullptr;
}

/// A statement with a wrong or missing value (thrown by `CliReader::fail`). The reader catches it
/// per top-level block and per interface of a range: a CFG005 note at the statement, and the rest
/// of that block is not read. Uncaught (outside a block), it is an InputError like any other.
class RejectedLine : public InputError {
 public:
  RejectedLine(const std::string& located, const cli::ConfigLine& line, std::string what)
      : InputError(located), line_(&line), what_(std::move(what)) {}
  [[nodiscard]] const cli::ConfigLine& line() const { return *line_; }
  [[nodiscard]] const std::string& problem() const { return what_; }

 private:
  const cli::ConfigLine* line_;
  std::string what_;
};

/// What an interface's switchport lines say (EOS, NX-OS): routed or switched, the mode and the
/// access VLAN; each the last one written.
struct Switchport {
  std::optional<bool> routed;                ///< `no switchport` (true), `switchport` (false)
  std::optional<Sourced<std::string>> mode;  ///< `switchport mode access|trunk|dot1q-tunnel|...`
  std::optional<Sourced<int>> access_vlan;   ///< `switchport access vlan N`
  bool vlan_rejected = false;                ///< the last `switchport access vlan` had no VLAN id (CFG005)
  /// `switchport trunk allowed vlan ...` lines applied in order (the last line's location).
  std::optional<Sourced<VlanSet>> trunk_allowed;

  [[nodiscard]] bool isRouted() const { return routed.value_or(false); }
  /// The access VLAN these lines give: `switchport access vlan N`, or VLAN 1 for `switchport mode
  /// access` alone; none for a routed port, a mode other than access, or neither line (a port's
  /// unconfigured default is not taken as an access port).
  [[nodiscard]] std::optional<AccessVlan> access() const;
  /// The VLANs a trunk carries tagged: its allowed list, or every VLAN when it has none (the EOS and
  /// NX-OS default); none for a port that is not `switchport mode trunk`.
  [[nodiscard]] std::optional<Sourced<VlanSet>> trunk() const;
};

/// What an interface block of a CLI syntax (EOS, NX-OS) says besides QoS: its physical settings,
/// switching, LAG and addresses, each the last line written. A format's interface extends it.
struct CliInterface {
  std::string name;
  SourceRef src;  ///< the first `interface` line that names it
  std::optional<Sourced<std::string>> description;
  std::optional<Sourced<std::uint32_t>> mtu;
  std::optional<Sourced<std::uint32_t>> speed;
  std::optional<Sourced<bool>> admin_up;
  Switchport switchport;      ///< routed (`no switchport`) or switched, mode, access and trunk VLANs
  std::string channel_group;  ///< the LAG's interface name
  std::optional<Sourced<std::uint32_t>> min_links;  ///< of a LAG
  /// 802.3x flow control (EOS/NX-OS `flowcontrol receive|send on|off`), copied to the port.
  std::optional<Sourced<bool>> link_pause_rx;
  std::optional<Sourced<bool>> link_pause_tx;
  std::vector<std::pair<std::string, SourceRef>> addresses;
};

/// The BGP routing policy of a CLI syntax (EOS, NX-OS): route-maps, AS-path access lists and
/// community lists, turned into vendor-neutral RoutingPolicy terms (docs/deadlock.md, "Routing
/// policy"). What a term cannot express exactly becomes `unmodelled_match` (never alone rejects).
class CliPolicy {
 public:
  /// `ip as-path access-list NAME [seq N] permit|deny REGEX`.
  void asPath(const std::string& name, bool permit, const std::string& regex);
  /// `ip community-list [standard] NAME [seq N] permit|deny C...`; `modelled` false for expanded
  /// (regex) lists.
  void communityList(const std::string& name, bool permit, std::vector<std::string> members, bool modelled);
  /// One `route-map NAME permit|deny SEQ` entry and what its lines say.
  struct Entry {
    bool permit = true;
    int seq = 0;
    SourceRef src;
    std::vector<std::string> as_paths;         ///< `match as-path NAME...`
    std::vector<std::string> community_lists;  ///< `match community NAME...`
    bool other_match = false;                  ///< a match rocelint does not model (prefix list, tag...)
    std::string other_what;                    ///< the first such statement, as written
    std::vector<std::string> add_communities;  ///< `set community C... [additive]`
    bool drops_communities = false;            ///< `set community` without `additive`, `none`, `comm-list delete`
    bool continues = false;                    ///< `continue`: not the entry's final decision
  };
  Entry& routeMapEntry(const std::string& name, bool permit, int seq, const SourceRef& where);
  /// The index of route-map `name` in `sw.routing_policies`, built on first use; nullopt when the
  /// configuration does not define it.
  std::optional<std::uint32_t> policyIndex(const std::string& name, Switch& sw);
  /// A Cisco-style AS-path regex reduced to "contains ASN": `_N_`; nullopt for anything else.
  static std::optional<std::uint32_t> containsAsnRegex(const std::string& regex);

 private:
  PolicyTerm term(const Entry& entry, Switch& sw);
  std::uint32_t communityId(const std::string& value, Switch& sw);

  struct AsPathList {
    std::vector<std::uint32_t> asns;
    bool modelled = true;
  };
  struct CommunityList {
    std::vector<std::string> members;
    bool modelled = true;
  };
  std::map<std::string, AsPathList> as_paths_;
  std::map<std::string, CommunityList> communities_;
  std::map<std::string, std::map<int, Entry>> route_maps_;  ///< by name, entries by sequence number
  std::map<std::string, std::uint32_t> built_;
  std::map<std::string, std::uint32_t> community_ids_;
};

/// The BGP neighbours of a CLI syntax, in the order first written; `group` is the peer group (EOS)
/// or template (NX-OS) whose `remote-as`, route-maps and allowas-in a neighbour without its own takes.
class CliBgp {
 public:
  struct Peer {
    std::optional<Sourced<std::uint32_t>> asn;
    std::string group;
    std::string description;
    SourceRef src;  ///< the first line that names the neighbour
    std::optional<Sourced<std::string>> route_map_in;
    std::optional<Sourced<std::string>> route_map_out;
    std::optional<std::uint8_t> allowas_in;
  };
  /// The neighbour at `address`, created at `where` on first sight.
  Peer& peer(const std::string& address, const SourceRef& where);
  /// The settings of peer group (EOS) or template (NX-OS) `name`.
  Peer& group(const std::string& name) { return groups_[name]; }
  void groupAsn(const std::string& group, Sourced<std::uint32_t> asn) { groups_[group].asn = asn; }
  /// Appends every neighbour to `sw.bgp_neighbors`, its route-maps resolved through `policy`; a
  /// route-map the configuration does not define is passed to `undefined_route_map` and leaves the
  /// neighbour's policy unapplied (BgpNeighbor::policy_unmodelled).
  void build(Switch& sw, CliPolicy& policy,
             const std::function<void(const Sourced<std::string>&)>& undefined_route_map) const;

 private:
  std::map<std::string, Peer> peers_;
  std::vector<std::string> order_;
  std::map<std::string, Peer> groups_;
};

/// The host name of a CLI file: the value of its first `<keyword> NAME` line for one of `keywords`.
std::optional<std::string> hostnameOf(const cli::ConfigText& config, std::initializer_list<std::string_view> keywords);

/// Base of a CLI format's reader; `format` ("EOS", "NX-OS") words notes, groups and coverage.
class CliReader {
 protected:
  /// `grammar` tells the statement keywords of a line (its typed origin) from its values.
  CliReader(const char* format, const cli::StatementGrammar& grammar, const InterfaceNaming& naming, Switch& sw,
            std::vector<InputNote>& notes, std::map<std::string, int>& out_of_scope)
      : format_(format), grammar_(grammar), naming_(naming), sw_(sw), notes_(notes), out_of_scope_(out_of_scope) {}

  /// Reads one file of the switch: each top-level block by `top_level(line)` (see readBlock), its
  /// coverage counted on its own.
  template <class TopLevel>
  void readFile(const cli::ConfigText& config, TopLevel&& top_level) {
    beginFile(config);
    for (const cli::ConfigLine& l : config.lines) readBlock(l, [&] { top_level(l); });
    endFile();
  }
  /// The last steps of every switch build: ports in order and indexed, the zero-ports check
  /// (noteIfNoPorts), and the coverage of every file read appended to `coverage`.
  void finishSwitch(std::vector<ParseCoverage>& coverage);
  /// The statements every CLI format reads alike at the top level: the host name line (`keywords`
  /// NAME) and `interface NAMES`, each member read by `interface(name)`. False for any other line.
  template <class Read>
  bool hostnameOrInterface(const cli::ConfigLine& l, std::initializer_list<std::string_view> keywords,
                           Read&& interface) {
    if (l.words.size() == 2 && std::find(keywords.begin(), keywords.end(), l.word(0)) != keywords.end()) {
      defaultsFrom(l);
      return true;
    }
    if (l.word(0) != "interface" || l.words.size() < 2) return false;
    forEachInterface(l, interface);
    return true;
  }
  /// The interface `name` of an `interface` block at `line`, made (and put last in `order`) the
  /// first time a block names it; later blocks add to it.
  template <class Interface>
  Interface& openInterface(std::map<std::string, Interface>& interfaces, std::vector<std::string>& order,
                           const std::string& name, const cli::ConfigLine& line) {
    auto [it, created] = interfaces.try_emplace(name);
    if (created) {
      it->second.name = name;
      it->second.src = src(line, "");
      order.push_back(name);
    }
    return it->second;
  }
  /// Every interface in `order` into the switch: `check(intf)` first, then its addresses, LAG and
  /// VLANs (addCliInterface, applyAccessVlans, applyTrunkVlans), and each Ethernet port by
  /// `build_port(intf)`. LAG names start with `lag_prefix`, loopbacks with `loopback_prefix`.
  template <class Interface, class Check, class BuildPort>
  void buildCliInterfaces(const std::map<std::string, Interface>& interfaces, const std::vector<std::string>& order,
                          std::string_view lag_prefix, std::string_view loopback_prefix, Check&& check,
                          BuildPort&& build_port) {
    std::set<std::string> portchannels;
    std::map<std::string, AccessVlan> access;
    std::map<std::string, Sourced<VlanSet>> trunks;
    for (const std::string& name : order) {
      const Interface& intf = interfaces.at(name);
      if (auto vlan = intf.switchport.access()) access.emplace(name, std::move(*vlan));
      if (auto trunk = intf.switchport.trunk()) trunks.emplace(name, std::move(*trunk));
      check(intf);
      if (addCliInterface(sw_, name, lag_prefix, loopback_prefix, intf.addresses, intf.min_links, portchannels, format_,
                          out_of_scope_, is_port_, other_lag_prefix_))
        build_port(intf);
    }
    sw_.portchannels.assign(portchannels.begin(), portchannels.end());
    applyAccessVlans(sw_, access);
    applyTrunkVlans(sw_, trunks);
    sw_.has_port_table = true;
  }
  /// The settings of `port` that its interface block gives alike in every CLI syntax: declared,
  /// where, speed, MTU, admin state, LAG and description.
  static void buildPortBasics(Port& port, const CliInterface& intf);

  /// Starts reading one file of the switch (its coverage is counted on its own).
  void beginFile(const cli::ConfigText& config);
  /// Ends the file begun last: records its coverage line.
  void endFile();
  /// The `hostname` line: where the format's defaults are said to come from from now on.
  void defaultsFrom(const cli::ConfigLine& line);
  /// Adds the coverage of every file read to `coverage`.
  void appendCoverage(std::vector<ParseCoverage>& coverage) const;

  [[nodiscard]] SourceRef src(const cli::ConfigLine& line, const std::string& context) const {
    return cli::sourceOf(*file_, line, context, grammar_);
  }
  [[noreturn]] void fail(const cli::ConfigLine& line, const std::string& what) const;
  void parsedQos() {
    if (!quiet_) ++qos_lines_, ++qos_parsed_;
  }
  /// The members an `interface` line names (see interfaceNames), each read by `read(name)`; the
  /// block's lines are noted and counted once, for the first member, since every member shares
  /// them. A malformed list is a CFG005 note at the line and names nothing. Remembers the line
  /// for the zero-ports check.
  template <class Read>
  void forEachInterface(const cli::ConfigLine& line, Read&& read) {
    std::string error;
    std::vector<std::string> names =
        interfaceNames(std::vector<std::string>(line.words.begin() + 1, line.words.end()), naming_, error);
    // What should give ports: a malformed list, a type not known, or a port / LAG type.
    bool ports = !error.empty() || std::any_of(names.begin(), names.end(), [&](const std::string& name) {
      const InterfaceType* type = typeOf(name, naming_);
      return !type || type->ports;
    });
    if (ports && interface_statements_++ == 0) first_interface_ = src(line, "");
    if (!error.empty()) {
      invalid("", fmt::format("{}: {}; the interface block is ignored", line.text, error), src(line, ""));
      blockCounted(line);
      return;
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
      quiet_ = i > 0;
      try {
        read(names[i]);
      } catch (const RejectedLine& e) {
        quiet_ = false;
        if (i == 0) rejected(line, e);  // every member reads the same block: one note
      }
    }
    quiet_ = false;
  }
  /// Reads one top-level block with `read`: a statement in it with a wrong or missing value is a
  /// CFG005 note at its line and the rest of the block is not read; the file goes on.
  template <class Read>
  void readBlock(const cli::ConfigLine& block, Read&& read) {
    try {
      read();
    } catch (const RejectedLine& e) {
      quiet_ = false;
      rejected(block, e);
    }
  }
  /// The CFG005 note of a rejected statement in `block`.
  void rejected(const cli::ConfigLine& block, const RejectedLine& e);
  /// After the switch is built: when its files had `interface` statements that should give ports
  /// (not only management, loopback, VLAN or tunnel interfaces) but no port came of them, records
  /// that (CFG007) at the first one.
  void noteIfNoPorts();
  /// A line rocelint does not model: QoS-related ones are notes, others are counted.
  void notUnderstood(const cli::ConfigLine& line, const std::string& context, bool qos, const std::string& why = "");
  /// A whole block rocelint does not model (a class-map, a policy-map): one note at its head,
  /// grouped as "<format> <group>". `recognised` false: the block's head is not a statement
  /// rocelint knows (an interface type it does not know), counted as not recognised.
  void blockNotModelled(const cli::ConfigLine& line, const std::string& group, const std::string& why = "",
                        bool recognised = true);
  void invalid(const std::string& port, const std::string& message, const SourceRef& where,
               const std::string& fix = "");
  /// A reference to a `kind` object named `name` that the configuration does not define (CFG002).
  void undefined(const std::string& port, const std::string& kind, const std::string& name, const std::string& message,
                 const SourceRef& where, const std::string& fix);

  /// Reads `c`, a line of interface `name`, into `sp` when it is `switchport`, `no switchport`, `switchport mode M` or
  /// `switchport access vlan N` (a VLAN id outside 1-4094 is a CFG005 note and not taken); false
  /// for any other line.
  bool switchportLine(const cli::ConfigLine& c, const std::string& context, const std::string& name, Switchport& sp);

  /// Reads `c` into `intf` when it is EOS/NX-OS `flowcontrol receive|send on|off` or `no flowcontrol
  /// receive|send` (off); false for any other line.
  bool flowcontrolLine(const cli::ConfigLine& c, const std::string& context, CliInterface& intf);

  /// Word i of the line as an integer in [min, max]; a malformed line otherwise.
  template <class T>
  T integer(const cli::ConfigLine& line, std::size_t i, T min, T max, const std::string& what) const {
    const std::string& w = line.word(i);
    auto v = cli::number<T>(w);
    if (!v || *v < min || *v > max) {
      fail(line, w.empty() ? fmt::format("expected {} ({}-{}) after \"{}\"", what, min, max, line.word(i - 1))
                           : fmt::format("expected {} ({}-{}), got \"{}\"", what, min, max, w));
    }
    return *v;
  }

  /// The top-level routing-policy statements EOS and NX-OS write alike: `ip as-path access-list`,
  /// `ip community-list` and `route-map NAME permit|deny SEQ` blocks, into `policy_`. False for any
  /// other line.
  bool policyStatement(const cli::ConfigLine& line);
  /// A neighbour's (or peer group's, template's) policy words from word `at` on: `route-map NAME
  /// in|out` and `allowas-in [N]` (3 when no count is given). False for any other line.
  bool neighborPolicy(const cli::ConfigLine& line, std::size_t at, const std::string& context, CliBgp::Peer& peer);
  /// Appends the BGP neighbours of `bgp` to the switch, their route-maps resolved (an undefined
  /// route-map is CFG002).
  void buildBgp(const CliBgp& bgp);

  /// Counts a block's lines as QoS-related but not modelled (its note was made elsewhere).
  void blockCounted(const cli::ConfigLine& line) {
    int n = countLines(line);
    qos_lines_ += n;
    qos_not_modelled_ += n;
  }

  const char* format_;
  const cli::StatementGrammar& grammar_;
  const InterfaceNaming& naming_;
  Switch& sw_;
  std::vector<InputNote>& notes_;
  std::map<std::string, int>& out_of_scope_;
  const cli::ConfigText* file_ = nullptr;
  int qos_lines_ = 0;
  int qos_parsed_ = 0;
  int qos_not_modelled_ = 0;  ///< noted as not modelled (CFG001 with a reason, CFG005)
  int qos_unrecognised_ = 0;  ///< "not understood" (CFG001)
  std::vector<ParseCoverage> coverage_;
  SourceRef default_src_;  ///< where the format's defaults are attributed (the hostname line)
  bool quiet_ = false;     ///< re-reading a block for another member of an interface range
  SourceRef first_interface_;
  int interface_statements_ = 0;
  CliPolicy policy_;
  /// Which interface names are front-panel ports (EOS, NX-OS: Ethernet...; VRP: 100GE1/0/1...).
  bool (*is_port_)(const std::string&) = isEthernetPortName;
  /// A second LAG type besides buildCliInterfaces' `lag_prefix` (Comware: Route-Aggregation beside
  /// Bridge-Aggregation); empty when the syntax has one.
  std::string_view other_lag_prefix_;
};

}  // namespace rocelint::common
