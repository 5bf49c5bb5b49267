#!/usr/bin/env python3
"""Generate the leaf-spine sample fabrics used by the README, docs and tests.

    python3 samples/gen_leafspine.py          # writes next to this script

Writes two directories of SONiC config_db.json files (nested shape, indent 4, every value a
JSON string, tables and keys sorted the way `config save` writes them):

  leafspine-clean/   2 spines x 4 leaves, 8 GPU servers, RoCE QoS done right.
                     rocelint must report nothing at all on it.
  leafspine-broken/  the same fabric with the seeded mistakes listed in MUTATIONS below,
                     plus README.md and expected.json (every finding the rule semantics in
                     docs/rule-semantics.md imply, including knock-on findings).

The broken fabric is the clean model with explicit, one-line-each mutations applied, so the
difference between the two is exactly what MUTATIONS says. Standard library only.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from typing import Callable

# --------------------------------------------------------------------------------------------
# Topology
# --------------------------------------------------------------------------------------------

SPINES = ["spine1", "spine2"]
LEAVES = ["leaf1", "leaf2", "leaf3", "leaf4"]
HOSTS_PER_LEAF = 2

HWSKU = "Mellanox-SN4600C-C64"
PLATFORM = "x86_64-mlnx_msn4600c-r0"
SPINE_ASN = "65100"
LEAF_ASN = {leaf: str(65101 + i) for i, leaf in enumerate(LEAVES)}

FABRIC_SPEED = "400000"   # Mb/s, spine <-> leaf
FABRIC_CABLE = "40m"
HOST_SPEED = "100000"     # Mb/s, leaf <-> server
HOST_CABLE = "5m"
MTU = "9100"

SERVER_NIC = "ens1f0np0"  # the RDMA NIC on each GPU server


# Names port `port` (a SONiC name of the plan) of switch `peer` in the peer's own syntax.
PeerPortName = Callable[[str, str], str]


def spine_port(leaf_index: int) -> str:
    """Spine downlink towards leaf number leaf_index (0-based): Ethernet0, 8, 16, 24."""
    return f"Ethernet{8 * leaf_index}"


def leaf_uplink(spine_index: int) -> str:
    """Leaf uplink towards spine number spine_index (0-based): Ethernet0, Ethernet8."""
    return f"Ethernet{8 * spine_index}"


def leaf_host_port(host_index: int) -> str:
    """Leaf host port number host_index (0-based): Ethernet16, Ethernet24."""
    return f"Ethernet{16 + 8 * host_index}"


def server_name(leaf_index: int, host_index: int) -> str:
    return f"gpu-node-{leaf_index * HOSTS_PER_LEAF + host_index + 1}"


@dataclass
class PortPlan:
    name: str
    speed: str
    cable: str
    peer: str
    peer_port: str
    local_ip: str          # /31 on this end
    peer_ip: str           # /31 on the other end
    peer_is_switch: bool


@dataclass
class SwitchPlan:
    name: str
    role: str              # DEVICE_METADATA type
    asn: str
    loopback: str
    mgmt: str
    mac: str
    ports: list[PortPlan] = field(default_factory=list)


def loopback_of(name: str) -> str:
    if name in SPINES:
        return f"10.1.0.{SPINES.index(name) + 1}"
    return f"10.1.0.{LEAVES.index(name) + 11}"


def mgmt_of(name: str) -> str:
    if name in SPINES:
        return f"192.168.100.{SPINES.index(name) + 1}"
    if name in LEAVES:
        return f"192.168.100.{LEAVES.index(name) + 11}"
    return f"192.168.200.{int(name.rsplit('-', 1)[1])}"  # gpu-node-N


def build_plan() -> dict[str, SwitchPlan]:
    plan: dict[str, SwitchPlan] = {}
    for i, name in enumerate(SPINES):
        plan[name] = SwitchPlan(name, "SpineRouter", SPINE_ASN, loopback_of(name), mgmt_of(name),
                                f"b8:ce:f6:a0:00:{i + 1:02x}")
    for i, name in enumerate(LEAVES):
        plan[name] = SwitchPlan(name, "LeafRouter", LEAF_ASN[name], loopback_of(name), mgmt_of(name),
                                f"b8:ce:f6:b0:00:{i + 1:02x}")

    # Spine <-> leaf: link number k = s*4 + l gets 10.0.0.(2k) on the spine, 10.0.0.(2k+1) on the leaf.
    for s, spine in enumerate(SPINES):
        for l, leaf in enumerate(LEAVES):
            k = s * len(LEAVES) + l
            spine_ip, leaf_ip = f"10.0.0.{2 * k}", f"10.0.0.{2 * k + 1}"
            plan[spine].ports.append(PortPlan(spine_port(l), FABRIC_SPEED, FABRIC_CABLE, leaf,
                                              leaf_uplink(s), spine_ip, leaf_ip, True))
            plan[leaf].ports.append(PortPlan(leaf_uplink(s), FABRIC_SPEED, FABRIC_CABLE, spine,
                                             spine_port(l), leaf_ip, spine_ip, True))

    # Leaf <-> server: host link k = l*2 + h gets 10.0.1.(2k) on the leaf, 10.0.1.(2k+1) on the server.
    for l, leaf in enumerate(LEAVES):
        for h in range(HOSTS_PER_LEAF):
            k = l * HOSTS_PER_LEAF + h
            plan[leaf].ports.append(PortPlan(leaf_host_port(h), HOST_SPEED, HOST_CABLE,
                                             server_name(l, h), SERVER_NIC,
                                             f"10.0.1.{2 * k}", f"10.0.1.{2 * k + 1}", False))
    for sw in plan.values():
        sw.ports.sort(key=lambda p: int(p.name[len("Ethernet"):]))
    return plan


# --------------------------------------------------------------------------------------------
# QoS design (identical on every switch of the clean fabric)
# --------------------------------------------------------------------------------------------

QOS_MAP_NAME = "AZURE"
LOSSLESS_TCS = "3,4"                  # PFC priorities = lossless traffic classes
ROCE_DSCP, ROCE_TC = 26, 3            # RoCEv2 data
SECOND_LOSSLESS_DSCP, SECOND_LOSSLESS_TC = 24, 4
CNP_DSCP, CNP_TC = 48, 6              # DCQCN congestion notification packets: lossy, strict priority
BULK_DSCP = 8                         # scavenger -> TC 0
DEFAULT_TC = 1


def dscp_to_tc() -> dict[str, str]:
    m = {str(d): str(DEFAULT_TC) for d in range(64)}
    m[str(BULK_DSCP)] = "0"
    m[str(SECOND_LOSSLESS_DSCP)] = str(SECOND_LOSSLESS_TC)
    m[str(ROCE_DSCP)] = str(ROCE_TC)
    m[str(CNP_DSCP)] = str(CNP_TC)
    return m


def identity8() -> dict[str, str]:
    return {str(i): str(i) for i in range(8)}


def tc_to_pg() -> dict[str, str]:
    return {str(tc): (str(tc) if tc in (3, 4) else "0") for tc in range(8)}


# Buffers: traditional model, explicit lossless PGs, no shared headroom pool (no pool xoff), so
# every lossless profile's size is xon + xoff (the Mellanox convention without SHP).
POOLS = {
    "ingress_lossless_pool": {"mode": "dynamic", "size": "47382528", "type": "ingress"},
    "egress_lossless_pool": {"mode": "static", "size": "60817392", "type": "egress"},
    "egress_lossy_pool": {"mode": "dynamic", "size": "47382528", "type": "egress"},
}
XON = 19456  # 19 KiB pipeline latency, Spectrum-2/3


def lossless_profile_name(speed: str, cable: str) -> str:
    return f"pg_lossless_{speed}_{cable}_profile"


# xoff per (speed, cable). 100G/5m is the Mellanox-SN4600C-C64 pg_profile_lookup.ini row;
# 400G/40m is above what SONiC's Mellanox headroom formula gives for Spectrum-3 (110592 B).
LOSSLESS_XOFF = {
    (HOST_SPEED, HOST_CABLE): 59392,
    (FABRIC_SPEED, FABRIC_CABLE): 144384,
}


def buffer_profiles(used: set[tuple[str, str]]) -> dict[str, dict[str, str]]:
    profiles = {
        "ingress_lossy_profile": {"dynamic_th": "3", "pool": "ingress_lossless_pool", "size": "0"},
        "egress_lossless_profile": {"pool": "egress_lossless_pool", "size": "0", "static_th": "60817392"},
        "egress_lossy_profile": {"dynamic_th": "7", "pool": "egress_lossy_pool", "size": "9216"},
    }
    for speed, cable in sorted(used):
        xoff = LOSSLESS_XOFF[(speed, cable)]
        profiles[lossless_profile_name(speed, cable)] = {
            "dynamic_th": "0",
            "pool": "ingress_lossless_pool",
            "size": str(XON + xoff),
            "xoff": str(xoff),
            "xon": str(XON),
        }
    return profiles


WRED_LOSSLESS = {
    "ecn": "ecn_all",
    "green_drop_probability": "5",
    "green_max_threshold": "1536000",
    "green_min_threshold": "153600",
    "red_drop_probability": "5",
    "red_max_threshold": "1536000",
    "red_min_threshold": "153600",
    "wred_green_enable": "true",
    "wred_red_enable": "true",
    "wred_yellow_enable": "true",
    "yellow_drop_probability": "5",
    "yellow_max_threshold": "1536000",
    "yellow_min_threshold": "153600",
}

SCHEDULERS = {
    "scheduler.0": {"type": "DWRR", "weight": "14"},
    "scheduler.1": {"type": "DWRR", "weight": "15"},
    "scheduler.strict": {"type": "STRICT"},
}

PFC_WD_PORT = {"action": "drop", "detection_time": "200", "restoration_time": "200"}
PFC_WD_POLL = "200"


# --------------------------------------------------------------------------------------------
# Rendering the plan into config_db.json
# --------------------------------------------------------------------------------------------

def render_switch(sw: SwitchPlan, plan: dict[str, SwitchPlan], peer_port_name: PeerPortName | None = None) -> dict:
    """The config_db of `sw`. `peer_port_name(peer, port)` names a peer switch's port when the peer is
    not SONiC (gen_leafspine_mixed.py); by default peers use SONiC names."""
    cfg: dict[str, dict] = {}
    cfg["DEVICE_METADATA"] = {"localhost": {
        "bgp_asn": sw.asn,
        "buffer_model": "traditional",
        "default_pfcwd_status": "disable",
        "hostname": sw.name,
        "hwsku": HWSKU,
        "mac": sw.mac,
        "platform": PLATFORM,
        "type": sw.role,
    }}

    port_table, neighbor, neighbor_meta, bgp, interface = {}, {}, {}, {}, {}
    for p in sw.ports:
        num = int(p.name[len("Ethernet"):])
        peer_port = peer_port_name(p.peer, p.peer_port) if peer_port_name and p.peer_is_switch else p.peer_port
        nlanes = 8 if p.speed == FABRIC_SPEED else 4
        port_table[p.name] = {
            "admin_status": "up",
            "alias": f"etp{num // 8 + 1}",
            "description": f"{p.peer}:{peer_port}",
            "lanes": ",".join(str(num + i) for i in range(nlanes)),
            "mtu": MTU,
            "speed": p.speed,
        }
        neighbor[p.name] = {"name": p.peer, "port": peer_port}
        if p.peer_is_switch:
            peer = plan[p.peer]
            neighbor_meta[p.peer] = {"hwsku": HWSKU, "lo_addr": f"{peer.loopback}/32",
                                     "mgmt_addr": peer.mgmt, "type": peer.role}
            bgp[p.peer_ip] = {"admin_status": "up", "asn": peer.asn, "holdtime": "10",
                              "keepalive": "3", "local_addr": p.local_ip, "name": p.peer}
        else:
            neighbor_meta[p.peer] = {"hwsku": "Server", "mgmt_addr": mgmt_of(p.peer), "type": "Server"}
        interface[p.name] = {}
        interface[f"{p.name}|{p.local_ip}/31"] = {}

    cfg["PORT"] = port_table
    cfg["DEVICE_NEIGHBOR"] = neighbor
    cfg["DEVICE_NEIGHBOR_METADATA"] = neighbor_meta
    cfg["BGP_NEIGHBOR"] = bgp
    cfg["INTERFACE"] = interface
    cfg["LOOPBACK_INTERFACE"] = {"Loopback0": {}, f"Loopback0|{sw.loopback}/32": {}}

    cfg["DSCP_TO_TC_MAP"] = {QOS_MAP_NAME: dscp_to_tc()}
    cfg["TC_TO_PRIORITY_GROUP_MAP"] = {QOS_MAP_NAME: tc_to_pg()}
    cfg["TC_TO_QUEUE_MAP"] = {QOS_MAP_NAME: identity8()}
    cfg["MAP_PFC_PRIORITY_TO_QUEUE"] = {QOS_MAP_NAME: identity8()}

    port_qos = {"global": {"dscp_to_tc_map": QOS_MAP_NAME}}
    buffer_pg, buffer_queue, cable, queue, pfc_wd = {}, {}, {}, {}, {"GLOBAL": {"POLL_INTERVAL": PFC_WD_POLL}}
    for p in sw.ports:
        port_qos[p.name] = {
            "dscp_to_tc_map": QOS_MAP_NAME,
            "pfc_enable": LOSSLESS_TCS,
            "pfc_to_queue_map": QOS_MAP_NAME,
            "pfcwd_sw_enable": LOSSLESS_TCS,
            "tc_to_pg_map": QOS_MAP_NAME,
            "tc_to_queue_map": QOS_MAP_NAME,
        }
        buffer_pg[f"{p.name}|0"] = {"profile": "ingress_lossy_profile"}
        buffer_pg[f"{p.name}|3-4"] = {"profile": lossless_profile_name(p.speed, p.cable)}
        buffer_queue[f"{p.name}|0-2"] = {"profile": "egress_lossy_profile"}
        buffer_queue[f"{p.name}|3-4"] = {"profile": "egress_lossless_profile"}
        buffer_queue[f"{p.name}|5-6"] = {"profile": "egress_lossy_profile"}
        cable[p.name] = p.cable
        for q in (0, 1, 2, 5):
            queue[f"{p.name}|{q}"] = {"scheduler": "scheduler.0"}
        for q in (3, 4):
            queue[f"{p.name}|{q}"] = {"scheduler": "scheduler.1", "wred_profile": "AZURE_LOSSLESS"}
        queue[f"{p.name}|{CNP_TC}"] = {"scheduler": "scheduler.strict"}
        pfc_wd[p.name] = dict(PFC_WD_PORT)

    cfg["PORT_QOS_MAP"] = port_qos
    cfg["BUFFER_POOL"] = copy.deepcopy(POOLS)
    cfg["BUFFER_PROFILE"] = buffer_profiles({(p.speed, p.cable) for p in sw.ports})
    cfg["BUFFER_PG"] = buffer_pg
    cfg["BUFFER_QUEUE"] = buffer_queue
    cfg["CABLE_LENGTH"] = {"AZURE": cable}
    cfg["WRED_PROFILE"] = {"AZURE_LOSSLESS": dict(WRED_LOSSLESS)}
    cfg["QUEUE"] = queue
    cfg["SCHEDULER"] = copy.deepcopy(SCHEDULERS)
    cfg["PFC_WD"] = pfc_wd
    return cfg


def clean_fabric() -> dict[str, dict]:
    plan = build_plan()
    return {name: render_switch(sw, plan) for name, sw in plan.items()}


# --------------------------------------------------------------------------------------------
# Seeded mistakes for leafspine-broken. Each mutation edits the clean config_db of one switch
# and declares every finding docs/rule-semantics.md implies for it, knock-on findings included.
# Finding = (rule, switch, port, priority); port "" and priority None where not applicable.
# --------------------------------------------------------------------------------------------

Finding = tuple[str, str, str, "int | None"]


@dataclass
class Mutation:
    switch: str
    what: str                                  # one line for the README
    apply: Callable[[dict[str, dict]], None]
    findings: list[tuple[Finding, str]]        # (finding, why)


def _set(fabric, switch, table, key, fld, value):
    fabric[switch][table][key][fld] = value


def _del(fabric, switch, table, key, fld=None):
    if fld is None:
        del fabric[switch][table][key]
    else:
        del fabric[switch][table][key][fld]


MUTATIONS: list[Mutation] = [
    Mutation(
        "spine2",
        "DSCP_TO_TC_MAP|AZURE: DSCP 26 (RoCE) mapped to TC 1 instead of TC 3",
        lambda f: _set(f, "spine2", "DSCP_TO_TC_MAP", "AZURE", "26", "1"),
        [(("MAP001", "spine2", "Ethernet0", 1),
          "DSCP 26 is lossless on every other switch but lands in lossy TC 1 on all 4 spine2 ports; "
          "one finding per switch, on the first such port, priority = the TC it gets (1). No MAP002: "
          "that rule needs DSCP 26 lossless on both ends."),
         ]),
    Mutation(
        "leaf2",
        "PORT|Ethernet8 (uplink to spine2): mtu 1500 instead of 9100",
        lambda f: _set(f, "leaf2", "PORT", "Ethernet8", "mtu", "1500"),
        [(("TOPO003", "leaf2", "Ethernet8", None),
          "MTU 1500 vs 9100 on link leaf2:Ethernet8 - spine2:Ethernet8; reported once, on the first "
          "end (leaf2 sorts before spine2)."),
         ]),
    Mutation(
        "leaf3",
        "PORT_QOS_MAP|Ethernet0 (uplink to spine1): pfc_enable \"3\" instead of \"3,4\" "
        "(pfcwd_sw_enable, BUFFER_PG 3-4 left unchanged)",
        lambda f: _set(f, "leaf3", "PORT_QOS_MAP", "Ethernet0", "pfc_enable", "3"),
        [(("PFC001", "leaf3", "Ethernet0", 4),
          "{3} vs {3,4} across leaf3:Ethernet0 - spine1:Ethernet16; first end is leaf3, priority = "
          "lowest of the symmetric difference."),
         (("PFC002", "leaf3", "Ethernet0", 4),
          "the fabric's most common pfc_enable set is {3,4}; this switch-to-switch port has {3}."),
         (("PFC004", "leaf3", "Ethernet0", 4),
          "pfcwd_sw_enable still \"3,4\": priority 4 is watched but not PFC-enabled."),
         (("PFC005", "leaf3", "Ethernet0", 4),
          "BUFFER_PG|Ethernet0|3-4 still gives PG 4 the lossless profile (xoff > 0) while 4 is not in "
          "pfc_enable."),
         ]),
    Mutation(
        "leaf4",
        "WRED_PROFILE|AZURE_LOSSLESS: green_min_threshold 1536000 and green_max_threshold 153600 "
        "(swapped)",
        lambda f: (_set(f, "leaf4", "WRED_PROFILE", "AZURE_LOSSLESS", "green_min_threshold", "1536000"),
                   _set(f, "leaf4", "WRED_PROFILE", "AZURE_LOSSLESS", "green_max_threshold", "153600")),
        [(("ECN002", "leaf4", "", None),
          "min >= max for colour green of profile AZURE_LOSSLESS; one per (profile, colour), not per "
          "port. ECN001 is unaffected: it checks only ecn and wred_green_enable."),
         (("BUF012", "leaf4", "Ethernet16", 3),
          "green_max_threshold 153600 differs from the 1536000 of leaf1-3, the other LeafRouters of the same "
          "hwsku; one finding per config line (PGs 3 and 4 and both port groups, 100G/5 m and 400G/40 m, "
          "share it), on the first port of the first group; no ECN004: even swapped, min 1.5 MB is below the "
          "~5 MB earliest PFC trigger of a leaf"),
         (("BUF012", "leaf4", "Ethernet16", 3),
          "green_min_threshold 1536000 differs from the 153600 of leaf1-3; same placement."),
         ]),
    Mutation(
        "leaf1",
        "PFC_WD|Ethernet24 (host port to gpu-node-2) removed",
        lambda f: _del(f, "leaf1", "PFC_WD", "Ethernet24"),
        [(("WD001", "leaf1", "Ethernet24", 3),
          "lossless priority 3 of a connected port with no PFC_WD entry and default_pfcwd_status "
          "\"disable\"."),
         (("WD001", "leaf1", "Ethernet24", 4), "same for priority 4."),
         ]),
    Mutation(
        "leaf2",
        "BUFFER_PROFILE|pg_lossless_100000_5m_profile: xoff removed (used by the host ports "
        "Ethernet16 and Ethernet24, PG 3-4)",
        lambda f: _del(f, "leaf2", "BUFFER_PROFILE", "pg_lossless_100000_5m_profile", "xoff"),
        [(("BUF001", "leaf2", "Ethernet16", 3),
          "PG 3 is in pfc_enable and its static profile has no xoff."),
         (("BUF001", "leaf2", "Ethernet16", 4), "same for PG 4 (the 3-4 key is expanded)."),
         (("BUF001", "leaf2", "Ethernet24", 3), "same on the second host port."),
         (("BUF001", "leaf2", "Ethernet24", 4), "same on the second host port."),
         (("MAP001", "leaf2", "Ethernet16", 3),
          "knock-on: with no headroom PG 3 is no longer a lossless PG, so DSCP 26 (TC 3) is lossy on "
          "both leaf2 host ports while lossless elsewhere; one finding for leaf2, first such port. "
          "No PFC005 (a BUFFER_PG entry still covers PGs 3 and 4) and no BUF002 (no xoff to add)."),
         ]),
    Mutation(
        "leaf4",
        "DEVICE_NEIGHBOR|Ethernet8 (uplink to spine2) says spine2:Ethernet16; the cable is on "
        "spine2:Ethernet24 (Ethernet16 is leaf3's)",
        lambda f: _set(f, "leaf4", "DEVICE_NEIGHBOR", "Ethernet8", "port", "Ethernet16"),
        [(("TOPO001", "leaf4", "Ethernet8", None),
          "spine2:Ethernet16's entry names leaf3:Ethernet8, not leaf4:Ethernet8."),
         (("TOPO001", "spine2", "Ethernet24", None),
          "knock-on: spine2:Ethernet24 names leaf4:Ethernet8, whose entry now names spine2:Ethernet16. "
          "The link is not built, so no per-link rule reports it; both ports stay connected ports."),
         ]),
    Mutation(
        "leaf1",
        "TC_TO_QUEUE_MAP|AZURE: TC 1 sent to queue 3 (the RoCE queue) instead of queue 1",
        lambda f: _set(f, "leaf1", "TC_TO_QUEUE_MAP", "AZURE", "1", "3"),
        [(("MAP004", "leaf1", "Ethernet0", 3),
          "lossless TC 3 shares queue 3 with lossy TC 1; one per (switch, map, TC), located at the "
          "map entry of TC 1, port = the first port that binds the map. MAP005 is unaffected (TC 1 is not lossless; "
          "pfc_to_queue[3] = tc_to_queue[3] = 3)."),
         ]),
    Mutation(
        "spine1",
        "BUFFER_PG|Ethernet24|3-4 (downlink to leaf4) names pg_lossless_400000_300m_profile, "
        "which is not defined (the spine-leaf cable class SONiC assumes by default)",
        lambda f: _set(f, "spine1", "BUFFER_PG", "Ethernet24|3-4", "profile",
                       "pg_lossless_400000_300m_profile"),
        [(("BUF003", "spine1", "Ethernet24", None),
          "undefined buffer profile; one finding at the referencing field."),
         (("MAP001", "spine1", "Ethernet24", 3),
          "knock-on: PGs 3-4 of spine1:Ethernet24 have no profile that reserves headroom, so DSCP 26 "
          "(TC 3) is lossy there. No MAP002 on the link to leaf4 (lossy at one end), no PFC005 "
          "(an entry covers the PGs), no BUF001 (the profile is not a static profile, it is missing)."),
         ]),
]


def broken_fabric() -> dict[str, dict]:
    fabric = clean_fabric()
    for m in MUTATIONS:
        m.apply(fabric)
    return fabric


def natural_key(port: str):
    digits = "".join(ch for ch in port if ch.isdigit())
    return (port.rstrip("0123456789"), int(digits) if digits else -1)


def expected_findings() -> list[dict]:
    rows = [f for m in MUTATIONS for f, _ in m.findings]
    # Two mutations must not claim the same finding; one mutation may produce the same
    # (rule, switch, port, priority) twice when the findings sit on different lines.
    owners: dict = {}
    for index, m in enumerate(MUTATIONS):
        for f, _ in m.findings:
            if owners.setdefault(f, index) != index:
                raise SystemExit(f"duplicate expected finding {f}")
    rows.sort(key=lambda r: (r[0], r[1], natural_key(r[2]), -1 if r[3] is None else r[3]))
    return [{"rule": r, "switch": s, "port": p, "priority": pr} for r, s, p, pr in rows]


# --------------------------------------------------------------------------------------------
# READMEs
# --------------------------------------------------------------------------------------------

CLEAN_README = f"""# leafspine-clean

A 2-spine x 4-leaf SONiC RoCEv2 fabric with RoCE QoS done right. `rocelint check` must report
**no finding at all** on it (not even notes). Generated by `../gen_leafspine.py`; edit the
generator, not the JSON.

## Topology

| switch | role (DEVICE_METADATA type) | ASN | ports |
|---|---|---|---|
| spine1, spine2 | SpineRouter | 65100 | Ethernet0/8/16/24 -> leaf1..leaf4 Ethernet0 (spine1) / Ethernet8 (spine2), 400G, 40 m |
| leaf1..leaf4 | LeafRouter | 65101..65104 | Ethernet0 -> spine1, Ethernet8 -> spine2 (400G, 40 m); Ethernet16, Ethernet24 -> two GPU servers (100G, 5 m) |

Servers gpu-node-1..8 (NIC `{SERVER_NIC}`), two per leaf: leafN has gpu-node-(2N-1) on
Ethernet16 and gpu-node-2N on Ethernet24. They appear only as DEVICE_NEIGHBOR peers with
DEVICE_NEIGHBOR_METADATA type `Server`. Every link is routed: /31 per link in INTERFACE
(10.0.0.0/24 spine-leaf, 10.0.1.0/24 leaf-server), eBGP spine-leaf in BGP_NEIGHBOR, Loopback0
/32 from 10.1.0.0/24. Every port: mtu 9100, admin_status up, HwSKU {HWSKU}.

## QoS design

* Classification (DSCP_TO_TC_MAP `AZURE`, complete 0..63, bound per port and as `global`):
  DSCP 26 -> TC 3 (RoCEv2 data), DSCP 24 -> TC 4 (second lossless class), DSCP 48 -> TC 6
  (CNP, lossy), DSCP 8 -> TC 0, everything else -> TC 1.
* PFC on priorities 3 and 4 on every port (`pfc_enable "3,4"`), the PFC watchdog on the same
  priorities (`pfcwd_sw_enable "3,4"`; PFC_WD per port: drop, 200 ms / 200 ms, poll 200 ms).
* TC -> PG: 3 -> 3, 4 -> 4, everything else -> PG 0. TC -> queue and PFC priority -> queue:
  identity, so no lossy class shares the lossless queues 3 and 4.
* Buffers, traditional model, explicit lossless PGs, no shared headroom pool (no pool `xoff`),
  so `size = xon + xoff`:
  `pg_lossless_400000_40m_profile` xon 19456, xoff 144384, size 163840 (fabric ports) and
  `pg_lossless_100000_5m_profile` xon 19456, xoff 59392, size 78848 (host ports), both in
  `ingress_lossless_pool` with dynamic_th 0. PG 0 uses `ingress_lossy_profile`; egress queues
  3-4 use `egress_lossless_profile` (static pool), 0-2 and 5-6 `egress_lossy_profile`.
  CABLE_LENGTH gives 40m / 5m per port.
* ECN: queues 3 and 4 carry WRED_PROFILE `AZURE_LOSSLESS` (ecn_all, all colours enabled, min
  153600 B, max 1536000 B, 5 %) and DWRR scheduler.1 (weight 15); queues 0-2 and 5 DWRR
  scheduler.0 (weight 14); the CNP queue 6 is strict priority.
"""


def broken_readme(expected: list[dict]) -> str:
    lines = [
        "# leafspine-broken",
        "",
        "The fabric of `../leafspine-clean` with the nine seeded mistakes below, each of a different "
        "kind. Generated by `../gen_leafspine.py` (list `MUTATIONS`): every mistake is "
        "a one-line edit of the clean model, declared next to the findings it must produce.",
        "",
        "`tests/samples/leafspine-broken.expected.json` lists every finding that docs/rule-semantics.md implies, knock-on findings "
        "included, as `{rule, switch, port, priority}` (port `\"\"` / priority `null` where the rule "
        "has none), sorted by rule, switch, port, priority. "
        f"Total: **{len(expected)} findings**.",
        "",
        "## Seeded mistakes and the findings each one must produce",
        "",
    ]
    for i, m in enumerate(MUTATIONS, 1):
        lines.append(f"### {i}. {m.switch} (`{m.switch}.json`)")
        lines.append("")
        lines.append(f"Changed: {m.what}.")
        lines.append("")
        lines.append("| rule | switch | port | priority | why |")
        lines.append("|---|---|---|---|---|")
        for (rule, sw, port, prio), why in m.findings:
            cell = why.replace("|", "\\|")
            lines.append(f"| {rule} | {sw} | {port or '-'} | {'-' if prio is None else prio} | {cell} |")
        lines.append("")
    lines += [
        "## Everything else stays silent",
        "",
        "No other rule fires: all references except the one in mistake 9 resolve (no CFG002 / "
        "BUF003), every table and field is one rocelint reads (no CFG001), one file per switch (no "
        "CFG003), speeds agree (no TOPO002), no port has more than 2 lossless priorities (no "
        "PFC003), TC -> PG keeps 3 and 4 in their own PGs (no MAP003), PFC priority -> queue is the "
        "identity (no MAP005), every lossless queue has an ECN-marking WRED profile (no ECN001), "
        "probabilities are 5 % (no ECN003), watchdog timers are 200/200 ms with a 200 ms poll and "
        "identical everywhere (no WD002, WD003), profile sizes are xon + xoff (no BUF002), pools "
        "match their users' direction (no BUF004), and lossless PGs are explicit (no BUF005/BUF006).",
        "",
        "## How the semantics were read where they leave room",
        "",
        "* BUF001 is one finding per (port, PG): the `3-4` key is expanded, as FORMATS.md 1.2 says "
        "for the checks, and priority = the PG.",
        "* BUF003 is one finding per referencing field: port = the BUFFER_PG key's port, no "
        "priority.",
        "* MAP004 (like MAP003 and MAP005) is one finding per (switch, map, TC) located at a map "
        "entry; port = the first port that binds the map, priority = the lossless TC.",
        "* ECN002 is located in WRED_PROFILE: no port, no priority.",
        "* BUF012 (watermark consistency) compares switches of the same role, hwsku, port speed and cable class; "
        "leaf4's swapped thresholds are also a deviation from leaf1-3, reported once per config line.",
        "* A PG whose profile is missing, or has no xoff, is not a lossless PG, so a RoCE DSCP "
        "whose TC uses it is lossy there (MAP001 knock-ons in mistakes 6 and 9). PFC005's first "
        "clause is about a missing BUFFER_PG *entry*, so it does not fire for those PGs.",
        "* The expected findings are stored outside the fabric, in "
        "`tests/samples/leafspine-broken.expected.json`, so the fabric directory holds only switch configs.",
        "",
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------

def write_json(path: str, data) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=4, sort_keys=True)
        fh.write("\n")


def write_fabric(directory: str, fabric: dict[str, dict]) -> None:
    if os.path.isdir(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)
    for name, cfg in fabric.items():
        write_json(os.path.join(directory, f"{name}.json"), cfg)


def write_vendor_sample(name: str, file_of: Callable[[str], str],
                        render: Callable[[SwitchPlan, dict[str, SwitchPlan]], str], readme: str) -> None:
    """Writes samples/`name` (or the directory given as the first argument) afresh: each switch of
    the plan rendered into `file_of(switch)` inside it, and README.md."""
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    plan = build_plan()
    for switch, sw in plan.items():
        path = os.path.join(out_dir, file_of(switch))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(render(sw, plan))
    with open(os.path.join(out_dir, "README.md"), "w", encoding="utf-8") as fh:
        fh.write(readme)
    print(f"wrote {out_dir} ({len(plan)} switches)")


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    clean_dir = os.path.join(here, "leafspine-clean")
    broken_dir = os.path.join(here, "leafspine-broken")

    write_fabric(clean_dir, clean_fabric())
    with open(os.path.join(clean_dir, "README.md"), "w", encoding="utf-8") as fh:
        fh.write(CLEAN_README)

    write_fabric(broken_dir, broken_fabric())
    expected = expected_findings()
    expected_path = os.path.join(here, "..", "tests", "samples", "leafspine-broken.expected.json")
    os.makedirs(os.path.dirname(expected_path), exist_ok=True)
    with open(expected_path, "w", encoding="utf-8") as fh:
        json.dump(expected, fh, indent=2)
        fh.write("\n")
    with open(os.path.join(broken_dir, "README.md"), "w", encoding="utf-8") as fh:
        fh.write(broken_readme(expected))
    print(f"wrote {clean_dir} ({len(SPINES) + len(LEAVES)} switches)")
    print(f"wrote {broken_dir} ({len(MUTATIONS)} seeded mistakes, {len(expected)} expected findings)")


if __name__ == "__main__":
    main()
