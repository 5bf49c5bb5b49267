#!/usr/bin/env python3
"""Writes the topology sources of samples/leafspine-clean that tests/test_topology.cpp loads next
to the sample's config_db files with DEVICE_NEIGHBOR removed: a topology.yaml, and one LLDP file
per switch as the switch's lldpd would print it (leaves: `lldpctl -f json`, spine1: `lldpctl -f
json0`, spine2: `lldpctl -f json` in a multi-ASIC wrapper). Usage: make_leafspine_topology.py [OUT_DIR]"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "leafspine-clean"
OUT = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent / "leafspine-clean"

switches = {p.stem: json.loads(p.read_text()) for p in sorted(SAMPLE.glob("*.json"))}


def speed(cfg, port):
    return f"{int(cfg['PORT'][port]['speed']) // 1000}G"


lines = ["# samples/leafspine-clean's cabling as rocelint's topology.yaml (docs/topology.md).",
         "# Written by tests/topology/make_leafspine_topology.py from the sample's DEVICE_NEIGHBOR.",
         "rocelint-topology: 1", "switches:"]
for name, cfg in switches.items():
    meta = cfg["DEVICE_METADATA"]["localhost"]
    lines.append(f"  - {{name: {name}, role: {meta['type']}, asn: {meta['bgp_asn']}}}")
lines.append("links:")
hosts = {}
seen = set()
for name, cfg in switches.items():
    for port, n in sorted(cfg["DEVICE_NEIGHBOR"].items(), key=lambda kv: int(kv[0][8:])):
        length = cfg["CABLE_LENGTH"]["AZURE"][port]
        if n["name"] not in switches:
            hosts.setdefault(n["name"], []).append((name, port, n["port"], length, speed(cfg, port)))
            continue
        key = tuple(sorted([(name, port), (n["name"], n["port"])]))
        if key in seen:
            continue
        seen.add(key)
        lines.append(f"  - {{a: {name}:{port}, b: {n['name']}:{n['port']}, length: {length}, speed: {speed(cfg, port)}}}")
lines.append("hosts:")
for host, attachments in sorted(hosts.items(), key=lambda kv: int(kv[0].rsplit("-", 1)[1])):
    lines.append(f"  - name: {host}")
    lines.append("    attach:")
    for sw, port, nic, length, spd in attachments:
        lines.append(f"      - {{port: {sw}:{port}, nic: {nic}, length: {length}, speed: {spd}}}")
OUT.mkdir(parents=True, exist_ok=True)
(OUT / "topology.yaml").write_text("\n".join(lines) + "\n")


def alias(peer, port):
    return switches[peer]["PORT"][port]["alias"] if peer in switches else None


def chassis(peer):
    return {"id": {"type": "mac", "value": "b8:ce:f6:00:00:%02x" % (sorted(switches).index(peer) if peer in switches else 0x99)},
            "descr": "SONiC Software Version: SONiC.master" if peer in switches else "Ubuntu 22.04",
            "capability": [{"type": "Bridge", "enabled": True}, {"type": "Router", "enabled": peer in switches}]}


def lldpctl_json(name, cfg):
    interfaces = []
    for port, n in sorted(cfg["DEVICE_NEIGHBOR"].items(), key=lambda kv: int(kv[0][8:])):
        peer = n["name"]
        if peer in switches:  # SONiC sends the alias as a locally assigned port id
            port_info = {"id": {"type": "local", "value": alias(peer, n["port"])}, "descr": f"{name}:{port}", "mfs": "9236"}
        else:  # a NIC sends its MAC; the description is the interface name
            port_info = {"id": {"type": "mac", "value": "0c:42:a1:00:00:01"}, "descr": n["port"], "mfs": "9000"}
        interfaces.append({port: {"via": "LLDP", "rid": str(len(interfaces) + 1), "age": "0 day, 01:00:00",
                                  "chassis": {peer: chassis(peer)}, "port": port_info}})
    interfaces.insert(0, {"eth0": {"via": "LLDP", "rid": "99", "chassis": {"oob-sw": chassis("oob-sw")},
                                   "port": {"id": {"type": "ifname", "value": "ge-0/0/1"}, "descr": "mgmt"}}})
    return {"lldp": {"interface": interfaces}}


def lldpctl_json0(name, cfg):
    interfaces = []
    for port, n in sorted(cfg["DEVICE_NEIGHBOR"].items(), key=lambda kv: int(kv[0][8:])):
        peer = n["name"]
        interfaces.append({"name": port, "via": "LLDP", "rid": str(len(interfaces) + 1),
                           "chassis": [{"id": [{"type": "mac", "value": "b8:ce:f6:00:00:01"}], "name": [{"value": peer}]}],
                           "port": [{"id": [{"type": "local", "value": alias(peer, n["port"])}],
                                     "descr": [{"value": f"{name}:{port}"}]}]})
    return {"lldp": [{"interface": interfaces}]}


(OUT / "lldp").mkdir(exist_ok=True)
for name, cfg in switches.items():
    if name == "spine1":
        doc = lldpctl_json0(name, cfg)
    elif name == "spine2":
        doc = {"localhost": lldpctl_json(name, cfg), "asic0": {"lldp": {}}}
    else:
        doc = lldpctl_json(name, cfg)
    (OUT / "lldp" / f"{name}.lldp.json").write_text(json.dumps(doc, indent=2) + "\n")
