#!/usr/bin/env python3
"""Generate samples/leafspine-junos: the fabric of leafspine-clean written as Juniper Junos configs.

    python3 samples/gen_leafspine_junos.py            # writes samples/leafspine-junos
    python3 samples/gen_leafspine_junos.py OUT_DIR    # writes OUT_DIR (the tests compare it)

The plan (switches, ports, addresses, ASNs) and the QoS design come from gen_leafspine.py, so
the samples cannot drift apart. rocelint must build the same model facts from both (PFC
priorities, lossless DSCPs, TC of DSCP 26, ECN thresholds in bytes, watchdog timers, links) and
report nothing on either; tests/test_junos_parser.cpp checks that port by port.

Each switch is one `show configuration` file (curly-brace text, <switch>.conf) in the shape of
the QFX5240 AI-backend JVD leaf (realworld #18): forwarding classes with `no-loss` and
`pfc-priority`, a DSCP classifier, a congestion notification profile with DSCP-based PFC input,
802.1p output and the PFC watchdog, an interpolated ECN drop profile, schedulers, a scheduler map,
and `class-of-service interfaces et-*` binding them to every port.

Port names: SONiC EthernetN (N = 0, 8, 16, 24) is Junos et-0/0/<N/8>, the same front-panel port.
Neighbours come from the description convention "<peer>:<peer port>" (docs/inputs.md).
ECN thresholds: a drop profile's fill level is a percentage of the queue buffer, which rocelint
takes as 15 360 000 bytes (junos::kFillLevelReferenceBytes, docs/inputs.md [I]); the SONiC
thresholds 153600 / 1536000 B are fill levels 1 and 10. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import gen_leafspine as g

FILL_REFERENCE_BYTES = 15_360_000  # junos::kFillLevelReferenceBytes

# Forwarding class per traffic class of the design; the lossless ones are no-loss with their
# priority as pfc-priority, the others keep the design's TC as queue number.
CLASS_NAMES = {0: "best-effort", g.DEFAULT_TC: "DEFAULT", g.ROCE_TC: "ROCE", g.SECOND_LOSSLESS_TC: "ROCE2",
               g.CNP_TC: "CNP"}


def junos_port(sonic_port: str) -> str:
    return f"et-0/0/{int(sonic_port[len('Ethernet'):]) // 8}"


def junos_speed(mbps: str) -> str:
    return f"{int(mbps) // 1000}g"


def bits(value: int, width: int) -> str:
    return format(value, f"0{width}b")


def fill_level(threshold_bytes: str) -> int:
    b = int(threshold_bytes)
    assert (b * 100) % FILL_REFERENCE_BYTES == 0, b
    return b * 100 // FILL_REFERENCE_BYTES


# --------------------------------------------------------------------------------------------
# Routing policy on a Clos with one ASN per spine (tests/deadlock/clos24-junos-*, issue 14 item 7)
# --------------------------------------------------------------------------------------------

# One ASN per spine, as in the JVD AI back-end (spines 108-111, leaves 208-211): a leaf-spine
# failure then lets a spine learn a bounce route through a leaf and another spine, unless the
# routing policy forbids it.
POLICY_SPINE_ASN = {spine: str(65001 + i) for i, spine in enumerate(g.SPINES)}

# None: no policy (loop prevention only). "community": the JVD's per-tier community (spines tag
# what they export with FROM_SPINE_FABRIC_TIER 0:15, leaves do not export BGP routes carrying it
# back up), each export ANDed with the JVD's BGP-AOS-Policy. "as-path": every spine rejects, on
# import from a leaf, routes whose AS path contains a spine ASN.
POLICIES = (None, "community", "as-path")


@dataclass
class FabricPolicy:
    options: list[str] = field(default_factory=list)  # the policy-options block
    group: list[str] = field(default_factory=list)    # import / export lines of group FABRIC


# The JVD's export of directly connected routes and BGP routes (nested `from policy`, as written there).
AOS_POLICY = [
    "    policy-statement AllPodNetworks {",
    "        term AllPodNetworks-10 {",
    "            from {",
    "                family inet;",
    "                protocol direct;",
    "            }",
    "            then {",
    "                community add DEFAULT_DIRECT_V4;",
    "                accept;",
    "            }",
    "        }",
    "        term AllPodNetworks-100 {",
    "            then reject;",
    "        }",
    "    }",
    "    policy-statement BGP-AOS-Policy {",
    "        term BGP-AOS-Policy-10 {",
    "            from policy AllPodNetworks;",
    "            then accept;",
    "        }",
    "        term BGP-AOS-Policy-20 {",
    "            from protocol bgp;",
    "            then accept;",
    "        }",
    "        term BGP-AOS-Policy-100 {",
    "            then reject;",
    "        }",
    "    }",
]


def fabric_policy(sw: g.SwitchPlan, plan: dict[str, g.SwitchPlan], policy: str | None) -> FabricPolicy:
    if policy is None:
        return FabricPolicy()
    spine = sw.role == "SpineRouter"
    out = FabricPolicy()
    if policy == "community":
        out.options = ["policy-options {"] + AOS_POLICY
        if spine:
            out.options += [
                "    policy-statement SPINE_TO_LEAF_FABRIC_OUT {",
                "        term SPINE_TO_LEAF_FABRIC_OUT-10 {",
                "            then {",
                "                community add FROM_SPINE_FABRIC_TIER;",
                "                accept;",
                "            }",
                "        }",
                "    }",
            ]
        else:
            out.options += [
                "    policy-statement LEAF_TO_SPINE_FABRIC_OUT {",
                "        term LEAF_TO_SPINE_FABRIC_OUT-10 {",
                "            from {",
                "                protocol bgp;",
                "                community FROM_SPINE_FABRIC_TIER;",
                "            }",
                "            then reject;",
                "        }",
                "        term LEAF_TO_SPINE_FABRIC_OUT-20 {",
                "            then accept;",
                "        }",
                "    }",
            ]
        out.options += [
            "    community DEFAULT_DIRECT_V4 members [ 1:20007 21001:26000 ];",
            "    community FROM_SPINE_FABRIC_TIER members 0:15;",
            "}",
        ]
        first = "SPINE_TO_LEAF_FABRIC_OUT" if spine else "LEAF_TO_SPINE_FABRIC_OUT"
        out.group = [f"            export ( {first} && BGP-AOS-Policy );"]
        return out
    if policy == "as-path":
        if not spine:
            return out
        spines = [n for n in plan if plan[n].role == "SpineRouter"]
        names = " ".join(f"VIA-{n.upper()}" for n in spines)
        out.options = [
            "policy-options {",
            "    policy-statement NO-SPINE-TRANSIT {",
            "        term via-spine {",
            f"            from as-path [ {names} ];",
            "            then reject;",
            "        }",
            "        term rest {",
            "            then accept;",
            "        }",
            "    }",
        ]
        out.options += [f'    as-path VIA-{n.upper()} ".* {plan[n].asn} .*";' for n in spines]
        out.options.append("}")
        out.group = ["            import NO-SPINE-TRANSIT;"]
        return out
    raise ValueError(f"unknown policy {policy!r}")


def policy_clos(policy: str | None) -> dict[str, str]:
    """The 2 x 4 Clos of the sample with one ASN per spine and `policy` (one of POLICIES): file
    name -> configuration text."""
    plan = g.build_plan()
    for name, asn in POLICY_SPINE_ASN.items():
        plan[name].asn = asn
    return {f"{name}.conf": render(sw, plan, bgp_policy=policy) for name, sw in plan.items()}


def render(sw: g.SwitchPlan, plan: dict[str, g.SwitchPlan], peer_port_name: g.PeerPortName | None = None,
           bgp_policy: str | None = None) -> str:
    """One switch's configuration; `bgp_policy` (one of POLICIES, see policy_clos) adds that routing
    policy to the FABRIC group."""
    lossless = [int(p) for p in g.LOSSLESS_TCS.split(",")]
    by_tc: dict[int, list[int]] = {}
    for dscp, tc in g.dscp_to_tc().items():
        by_tc.setdefault(int(tc), []).append(int(dscp))
    wred = g.WRED_LOSSLESS
    weights = {name: s.get("weight") for name, s in g.SCHEDULERS.items()}
    wd_poll = int(g.PFC_WD_POLL)
    assert int(g.PFC_WD_PORT["detection_time"]) % wd_poll == 0
    detection = int(g.PFC_WD_PORT["detection_time"]) // wd_poll
    lossless_dscps = sorted(d for tc in lossless for d in by_tc[tc])

    out = [
        "## generated by samples/gen_leafspine_junos.py; edit the generator, not this file",
        "version 23.4R2-S2.1-EVO;",
        "system {",
        f"    host-name {sw.name};",
        "}",
        "interfaces {",
    ]
    for p in sw.ports:
        peer_port = p.peer_port
        if p.peer_is_switch:
            peer_port = peer_port_name(p.peer, p.peer_port) if peer_port_name else junos_port(p.peer_port)
        out += [
            f"    {junos_port(p.name)} {{",
            f"        description {p.peer}:{peer_port};",
            f"        mtu {g.MTU};",
            f"        speed {junos_speed(p.speed)};",
            "        unit 0 {",
            "            family inet {",
            f"                address {p.local_ip}/31;",
            "            }",
            "        }",
            "    }",
        ]
    out += [
        "    lo0 {",
        "        unit 0 {",
        "            family inet {",
        f"                address {sw.loopback}/32;",
        "            }",
        "        }",
        "    }",
        "}",
        "routing-options {",
        f"    router-id {sw.loopback};",
        f"    autonomous-system {sw.asn};",
        "}",
    ]
    policy = fabric_policy(sw, plan, bgp_policy)
    out += policy.options
    out += [
        "protocols {",
        "    bgp {",
        "        group FABRIC {",
        "            type external;",
    ]
    out += policy.group
    for p in sw.ports:
        if p.peer_is_switch:
            out += [
                f"            neighbor {p.peer_ip} {{",
                f"                description {p.peer};",
                f"                peer-as {plan[p.peer].asn};",
                "            }",
            ]
    out += [
        "        }",
        "    }",
        "}",
        "class-of-service {",
        "    classifiers {",
        "        dscp ROCE-DSCP {",
    ]
    for tc in sorted(by_tc):
        points = " ".join(bits(d, 6) for d in sorted(by_tc[tc]))
        out += [
            f"            forwarding-class {CLASS_NAMES[tc]} {{",
            f"                loss-priority low code-points {points if len(by_tc[tc]) == 1 else '[ ' + points + ' ]'};",
            "            }",
        ]
    out += [
        "        }",
        "    }",
        "    drop-profiles {",
        "        ROCE-ECN {",
        "            interpolate {",
        f"                fill-level [ {fill_level(wred['green_min_threshold'])} {fill_level(wred['green_max_threshold'])} ];",
        f"                drop-probability [ 0 {wred['green_drop_probability']} ];",
        "            }",
        "        }",
        "    }",
        "    shared-buffer {",
        "        ingress {",
        "            buffer-partition lossless {",
        "                percent 66;",
        "            }",
        "            buffer-partition lossless-headroom {",
        "                percent 24;",
        "            }",
        "            buffer-partition lossy {",
        "                percent 10;",
        "            }",
        "        }",
        "        egress {",
        "            buffer-partition lossless {",
        "                percent 66;",
        "            }",
        "            buffer-partition lossy {",
        "                percent 34;",
        "            }",
        "        }",
        "    }",
        "    forwarding-classes {",
    ]
    for tc in sorted(by_tc):
        no_loss = f" no-loss pfc-priority {tc}" if tc in lossless else ""
        out.append(f"        class {CLASS_NAMES[tc]} queue-num {tc}{no_loss};")
    out += [
        "    }",
        "    congestion-notification-profile {",
        "        ROCE-PFC {",
        "            pfc-watchdog {",
        f"                poll-interval {wd_poll};",
        f"                detection {detection};",
        f"                recovery {g.PFC_WD_PORT['restoration_time']};",
        "            }",
        "            input {",
        "                dscp {",
    ]
    for d in lossless_dscps:
        out += [
            f"                    code-point {bits(d, 6)} {{",
            "                        pfc;",
            "                    }",
        ]
    out += [
        "                }",
        "            }",
        "            output {",
        "                ieee-802.1 {",
    ]
    for tc in lossless:
        out += [
            f"                    code-point {bits(tc, 3)} {{",
            f"                        flow-control-queue {tc};",
            "                    }",
        ]
    out += [
        "                }",
        "            }",
        "        }",
        "    }",
        "    interfaces {",
        "        et-* {",
        "            congestion-notification-profile ROCE-PFC;",
        "            scheduler-map ROCE-SM;",
        "            unit * {",
        "                classifiers {",
        "                    dscp ROCE-DSCP;",
        "                }",
        "            }",
        "        }",
        "    }",
        "    scheduler-maps {",
        "        ROCE-SM {",
    ]
    for tc in sorted(by_tc):
        sched = "S-CNP" if tc == g.CNP_TC else "S-ROCE" if tc in lossless else "S-DEFAULT"
        out.append(f"            forwarding-class {CLASS_NAMES[tc]} scheduler {sched};")
    out += [
        "        }",
        "    }",
        "    schedulers {",
        "        S-CNP {",
        "            priority strict-high;",
        "        }",
        "        S-DEFAULT {",
        f"            transmit-rate percent {weights['scheduler.0']};",
        "        }",
        "        S-ROCE {",
        f"            transmit-rate percent {weights['scheduler.1']};",
        "            drop-profile-map loss-priority any protocol any drop-profile ROCE-ECN;",
        "            explicit-congestion-notification;",
        "        }",
        "    }",
        "}",
        "",
    ]
    return "\n".join(out)


README = """# leafspine-junos

The fabric of `../leafspine-clean` (2 spines x 4 leaves, 8 GPU servers, RoCE QoS done right)
written as Juniper Junos configurations (`show configuration`, curly-brace text), one
`<switch>.conf` per switch, in the shape of the QFX5240 AI-backend JVD leaf. Generated by
`../gen_leafspine_junos.py` from the plan and QoS design of `../gen_leafspine.py`; edit the
generators, not the configs. `rocelint check` reports **no finding** on it, and
`tests/test_junos_parser.cpp` checks that it yields the same model facts as the SONiC sample.

| SONiC (`leafspine-clean`) | Junos (here) |
|---|---|
| `PORT|Ethernet0/8/16/24` | `interfaces et-0/0/0 .. et-0/0/3` with `speed 400g/100g`, `mtu 9100` |
| `DEVICE_NEIGHBOR` | `description <peer>:<peer port>` (the convention in docs/inputs.md) |
| `DSCP_TO_TC_MAP|AZURE` | `classifiers dscp ROCE-DSCP`: DSCP 26 -> ROCE, 24 -> ROCE2, 48 -> CNP, 8 -> best-effort, the rest -> DEFAULT |
| TCs 0, 1, 3, 4, 6 and `TC_TO_QUEUE_MAP` identity | `forwarding-classes`: best-effort queue 0, DEFAULT 1, ROCE 3 (`no-loss pfc-priority 3`), ROCE2 4 (`no-loss pfc-priority 4`), CNP 6 |
| `pfc_enable "3,4"`, `MAP_PFC_PRIORITY_TO_QUEUE` identity | `congestion-notification-profile ROCE-PFC`: `input dscp code-point 011000/011010 pfc`, `output ieee-802.1 code-point 011/100 flow-control-queue 3/4` |
| lossless PGs 3-4 with explicit headroom | Junos sizes no-loss headroom from the `lossless-headroom` partition (model: PG 3-4 computed at run time) |
| `WRED_PROFILE AZURE_LOSSLESS` 153600 / 1536000 B, 5 % | `drop-profiles ROCE-ECN interpolate fill-level [ 1 10 ] drop-probability [ 0 5 ]` (1 % of the 15 360 000 B queue buffer rocelint assumes = 153600 B) with `explicit-congestion-notification` in scheduler S-ROCE |
| `SCHEDULER` DWRR 14 / 15, strict for the CNP queue 6 | `schedulers` S-DEFAULT / S-ROCE `transmit-rate percent 14 / 15`, S-CNP `priority strict-high`, in `scheduler-maps ROCE-SM` |
| `PFC_WD` drop, 200 ms / 200 ms, poll 200 ms | `pfc-watchdog { poll-interval 200; detection 1; recovery 200; }` in the CNP |
| `BUFFER_POOL` ingress lossless / lossy | `shared-buffer` ingress / egress partitions (percentages) |
| `BGP_NEIGHBOR` | `routing-options autonomous-system`, `protocols bgp group FABRIC neighbor <ip> peer-as` |
| all of it bound per port | `class-of-service interfaces et-*` (the wildcard expands to the four configured ports) |
"""


def main() -> None:
    g.write_vendor_sample("leafspine-junos", lambda name: f"{name}.conf", render, README)

if __name__ == "__main__":
    main()
