#pragma once
// The equivalence check shared by the vendor parser tests: a vendor's rendering of the
// samples/leafspine-clean fabric must give the same model facts and the same (no) findings.

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

#include "rocelint/engine.hpp"
#include "rocelint/loader.hpp"
#include "rocelint/qos.hpp"
#include "rocelint/report.hpp"
#include "test_util.hpp"

namespace rocelint::test {

// SONiC EthernetN of the sample is EOS Ethernet<N/8+1>/1 (gen_leafspine_eos.py).
inline std::string eosPortOf(const std::string& sonic_port) {
  return "Ethernet" + std::to_string(std::stoi(sonic_port.substr(8)) / 8 + 1) + "/1";
}

// SONiC EthernetN of the sample is Cumulus swp<N/8+1> (gen_leafspine_nvue.py).
inline std::string nvuePortOf(const std::string& sonic_port) {
  return "swp" + std::to_string(std::stoi(sonic_port.substr(8)) / 8 + 1);
}

// SONiC EthernetN of the sample on `switch_name` is Huawei <speed>GE1/0/<N/8+1> (gen_leafspine_huawei.py):
// 400GE for spine ports and leaf uplinks (Ethernet0, 8), 100GE for leaf host ports (Ethernet16, 24).
inline std::string huaweiPortOf(const std::string& switch_name, const std::string& sonic_port) {
  int n = std::stoi(sonic_port.substr(8));
  bool host = switch_name.rfind("leaf", 0) == 0 && n >= 16;
  return std::string(host ? "100GE" : "400GE") + "1/0/" + std::to_string(n / 8 + 1);
}

// SONiC EthernetN of the sample is <type>1/0/<N/8+1> on Comware (gen_leafspine_h3c.py): a leaf's host
// ports are 100G (HundredGigE), every other port 400G (FourHundredGigE).
inline std::string h3cPortOf(const std::string& switch_name, const std::string& sonic_port) {
  int n = std::stoi(sonic_port.substr(8));
  bool host = switch_name.rfind("leaf", 0) == 0 && n >= 16;
  return std::string(host ? "HundredGigE" : "FourHundredGigE") + "1/0/" + std::to_string(n / 8 + 1);
}

// SONiC EthernetN of the sample is Junos et-0/0/<N/8> (gen_leafspine_junos.py).
inline std::string junosPortOf(const std::string& sonic_port) {
  return "et-0/0/" + std::to_string(std::stoi(sonic_port.substr(8)) / 8);
}

using FindingKey = std::tuple<std::string, std::string, std::string, int>;

/// Findings as (rule, switch, port, priority); `port_of`, when given, renames each port (e.g. a
/// SONiC port of the sample to the vendor's name for it).
inline std::set<FindingKey> findingKeys(const Report& report, std::string (*port_of)(const std::string&) = nullptr) {
  std::set<FindingKey> keys;
  for (const auto& f : report.findings) {
    keys.insert({f.rule, f.switch_name, port_of == nullptr || f.port.empty() ? f.port : port_of(f.port),
                 f.priority.value_or(-1)});
  }
  return keys;
}

inline std::string losslessDscps(const Switch& sw, const Port& port) {
  std::string out;
  for (int d = 0; d < 64; ++d) {
    if (isLosslessDscp(sw, port, d)) out += std::to_string(d) + " ";
  }
  return out;
}

// The vendor sample samples/`dir` against samples/leafspine-clean, port by port: the same
// switches, links, hosts, ASNs, and per port the same speed, MTU, neighbour, PFC priorities,
// lossless DSCPs, TC of DSCP 26, lossless PGs, watchdog, and ECN thresholds of queues 3 and 4;
// both clean, and every QoS line of the vendor files understood. `vendorPortOf(switch, port)`
// maps a SONiC port name of the sample to the name the switch's syntax gives the same
// front-panel port; `vendor_files` is how many files are not SONiC config_db.
using PortNameOf = std::function<std::string(const std::string& switch_name, const std::string& sonic_port)>;

inline void expectSameFactsAsSonicSample(const std::string& dir, const PortNameOf& vendorPortOf,
                                         std::size_t vendor_files, std::string_view tolerated_note = {}) {
  SCOPED_TRACE(dir);
  Fabric sonic = loadFabric({sourceDir() + "/samples/leafspine-clean"});
  Fabric vendor = loadFabric({sourceDir() + "/samples/" + dir});
  ASSERT_EQ(sonic.switches.size(), 6u);
  ASSERT_EQ(vendor.switches.size(), sonic.switches.size());
  EXPECT_EQ(vendor.links.size(), sonic.links.size());
  EXPECT_EQ(vendor.hosts.size(), sonic.hosts.size());
  int ports_compared = 0;
  for (const Switch& s : sonic.switches) {
    const Switch* e = vendor.findSwitch(s.name);
    ASSERT_NE(e, nullptr) << s.name;
    EXPECT_EQ(e->ports.size(), s.ports.size()) << s.name;
    EXPECT_EQ(e->asn->value, s.asn->value) << s.name;
    EXPECT_EQ(e->bgp_neighbors.size(), s.bgp_neighbors.size()) << s.name;
    // A syntax without a watchdog poll interval (Huawei VRP: deadlock detection is hardware) has none.
    if (e->pfcwd_poll_interval_ms) {
      EXPECT_EQ(e->pfcwd_poll_interval_ms->value, s.pfcwd_poll_interval_ms->value);
    }
    for (const Port& sp : s.ports) {
      std::string where = s.name + ":" + sp.name;
      const Port* ep = e->findPort(vendorPortOf(s.name, sp.name));
      ASSERT_NE(ep, nullptr) << where;
      ++ports_compared;
      EXPECT_EQ(ep->speed_mbps->value, sp.speed_mbps->value) << where;
      EXPECT_EQ(ep->mtu_bytes->value, sp.mtu_bytes->value) << where;
      ASSERT_TRUE(ep->neighbor && sp.neighbor) << where;
      EXPECT_EQ(ep->neighbor->device, sp.neighbor->device) << where;
      EXPECT_EQ(formatPrioritySet(ep->qos.pfcPriorities()), formatPrioritySet(sp.qos.pfcPriorities())) << where;
      EXPECT_EQ(losslessDscps(*e, *ep), losslessDscps(s, sp)) << where;
      EXPECT_EQ(trafficClassOfDscp(*e, *ep, 26), trafficClassOfDscp(s, sp, 26)) << where;
      for (int p = 0; p < 8; ++p) {
        EXPECT_EQ(isLosslessPg(*e, *ep, p), isLosslessPg(s, sp, p)) << where << " PG " << p;
        EXPECT_EQ(watchdogCovers(*e, *ep, p), watchdogCovers(s, sp, p)) << where << " priority " << p;
      }
      ASSERT_TRUE(ep->watchdog && sp.watchdog) << where;
      EXPECT_EQ(ep->watchdog->action->value, sp.watchdog->action->value) << where;
      EXPECT_EQ(ep->watchdog->detection_ms->value, sp.watchdog->detection_ms->value) << where;
      EXPECT_EQ(ep->watchdog->restoration_ms->value, sp.watchdog->restoration_ms->value) << where;
      for (int q : {3, 4}) {
        const WredProfile& ew = wredOf(*e, *ep, q);
        const WredProfile& sw_wred = wredOf(s, sp, q);
        for (Color c : kColors) {
          EXPECT_EQ(ew.color(c).min_threshold_bytes->value, sw_wred.color(c).min_threshold_bytes->value) << where;
          EXPECT_EQ(ew.color(c).max_threshold_bytes->value, sw_wred.color(c).max_threshold_bytes->value) << where;
          EXPECT_EQ(ew.color(c).drop_probability_percent->value, sw_wred.color(c).drop_probability_percent->value);
          EXPECT_EQ(ew.marks(c), sw_wred.marks(c)) << where;
        }
      }
    }
  }
  EXPECT_EQ(ports_compared, 24);
  // Both are clean: no finding at all, and every QoS line of the CLI files is understood.
  Report sonic_report = analyze(sonic, {});
  Report vendor_report = analyze(vendor, {});
  EXPECT_TRUE(sonic_report.findings.empty());
  for (const auto& f : vendor_report.findings) {
    // A syntax that cannot say what it needs (Comware names no platform, so no cell size) may leave
    // one stated note, a CFG001 whose message starts with `tolerated_note`.
    if (!tolerated_note.empty() && f.rule == "CFG001" && f.message.rfind(tolerated_note, 0) == 0) continue;
    ADD_FAILURE() << f.rule << " " << f.switch_name << " " << f.port << ": " << f.message;
  }
  ASSERT_EQ(vendor.coverage.size(), vendor_files);
  for (const auto& c : vendor.coverage) {
    EXPECT_EQ(c.qos_lines, c.qos_lines_parsed) << c.file;
    EXPECT_GT(c.qos_lines, 30) << c.file;
  }
}

// A single-vendor sample: every switch in one syntax, every file a vendor file.
inline void expectSameFactsAsSonicSample(const std::string& dir, std::string (*vendorPortOf)(const std::string&)) {
  expectSameFactsAsSonicSample(
      dir, [vendorPortOf](const std::string&, const std::string& port) { return vendorPortOf(port); }, 6);
}

}  // namespace rocelint::test
