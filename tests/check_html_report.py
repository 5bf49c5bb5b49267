#!/usr/bin/env python3
"""Opens rocelint's HTML report in a real headless browser (Debian's chromium).

    tests/check_html_report.py SOURCE_DIR ROCELINT_BINARY FABRICGEN_BINARY [CHROMIUM]

For samples/leafspine-broken (the seeded mistakes) and the DL001 fixture (a deadlock cycle):
writes `check --format html=report.html`, then
- loads it with --dump-dom: the page must have rendered (body data-ready="1"), every switch the
  JSON report gives an error finding must be drawn as an error switch, and the marked cycle's or
  storm's switches must be drawn marked;
- takes a screenshot: the PNG (decoded here with zlib, no imaging library) must not be blank and
  must show the error colour and, where the report has a cycle or storm, the mark colour;
- fails on any console line (an uncaught exception, a CSP violation, any console.* call) in
  chromium's log.
A generated 320-switch fat tree (drawn as one box per tier) must render too, its worst storm
marked on the tier boxes. Without chromium the test is skipped (exit 77), except under CI=true where it fails.
"""

from __future__ import annotations

import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
ERROR_RGB = (0xDC, 0x14, 0x3C)  # --err in report_html.cpp
MARK_RGB = (0x99, 0x00, 0xCC)  # --hi: the selected cycle or storm

src, binary, fabricgen = sys.argv[1], sys.argv[2], sys.argv[3]
chromium = sys.argv[4] if len(sys.argv) > 4 else (shutil.which("chromium") or shutil.which("chromium-browser"))


def fail(message: str) -> None:
    print(f"FAIL: {message}")
    sys.exit(1)


if not chromium or not os.path.exists(chromium):
    if os.environ.get("CI") == "true":
        fail("chromium is not installed (tools/deps.sh installs it); CI must run the browser test")
    print("SKIP: chromium not installed")
    sys.exit(SKIP)


def decode_png(data: bytes) -> tuple[int, int, int, bytes]:
    """Width, height, bytes per pixel and the unfiltered rows of an 8-bit RGB/RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("screenshot is not a PNG")
    pos, idat, width, height, bpp = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace != 0:
                fail(f"unexpected PNG format: depth {depth}, colour type {colour}, interlace {interlace}")
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * bpp
    out = bytearray(height * stride)
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif f == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return width, height, bpp, bytes(out)


def count_colour(pixels: bytes, bpp: int, rgb: tuple[int, int, int], tolerance: int = 3) -> int:
    n = 0
    r0, g0, b0 = rgb
    for i in range(0, len(pixels), bpp):
        if abs(pixels[i] - r0) <= tolerance and abs(pixels[i + 1] - g0) <= tolerance and abs(pixels[i + 2] - b0) <= tolerance:
            n += 1
    return n


class SwitchMarks(html.parser.HTMLParser):
    """The switch groups of the rendered drawing: name (from the <title>) -> classes."""

    def __init__(self) -> None:
        super().__init__()
        self.switches: dict[str, set[str]] = {}
        self.ready = False
        self._group: set[str] | None = None
        self._in_title = False
        self._title = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body" and a.get("data-ready") == "1":
            self.ready = True
        classes = set((a.get("class") or "").split())
        if tag == "g" and "sw" in classes:
            self._group = classes
        elif tag == "title" and self._group is not None:
            self._in_title, self._title = True, ""

    def handle_data(self, data):
        if self._in_title:
            self._title += data

    def handle_endtag(self, tag):
        if tag == "title" and self._in_title:
            self._in_title = False
            name = self._title.split(" (")[0].split(": ")[0]
            self.switches[name] = self._group or set()
            self._group = None


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180, **kw)


def browser(url: str, *extra: str) -> subprocess.CompletedProcess:
    return run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--window-size=1400,1000", *extra, url])


def console_lines(stderr: str) -> list[str]:
    return [l for l in stderr.splitlines() if ":CONSOLE" in l or "Uncaught" in l]


def check_collapsed(work: str) -> None:
    fabric = os.path.join(work, "fattree16")
    r = run([fabricgen, "--topology", "fattree", "--k", "16", fabric])
    if r.returncode != 0:
        fail(f"fabricgen exited {r.returncode}: {r.stderr}")
    page = os.path.join(work, "fattree16.html")
    r = run([binary, "check", "--exit-zero", "-q", "--format", f"html={page}", fabric])
    if r.returncode != 0:
        fail(f"fattree16: rocelint exited {r.returncode}: {r.stderr}")
    dom = browser("file://" + page, "--dump-dom")
    if console_lines(dom.stderr):
        fail("fattree16: console output while loading the page:\n" + "\n".join(console_lines(dom.stderr)))
    marks = SwitchMarks()
    marks.feed(dom.stdout)
    if not marks.ready:
        fail("fattree16: the page did not finish rendering")
    for tier in ("leaves: 128 switches", "spines: 128 switches", "super-spines: 64 switches"):
        if tier not in dom.stdout:
            fail(f"fattree16: no tier box \"{tier}\" in the collapsed drawing")
    if " marked</text>" not in dom.stdout:
        fail("fattree16: the worst storm is not marked on the tier boxes")
    print("ok fattree16: 320 switches drawn as 3 tier boxes, the worst storm marked")


def check(name: str, fabric: str, work: str, expect_mark: bool) -> None:
    page = os.path.join(work, f"{name}.html")
    report = os.path.join(work, f"{name}.json")
    r = run([binary, "check", "--exit-zero", "--source-root", src, "--format", f"html={page}",
             "--format", f"json={report}", fabric])
    if r.returncode != 0:
        fail(f"{name}: rocelint exited {r.returncode}: {r.stderr}")
    with open(report, encoding="utf-8") as f:
        findings = json.load(f)["findings"]
    error_switches = {f["switch"] for f in findings if f["severity"] == "error" and f["switch"]}
    if not error_switches:
        fail(f"{name}: the JSON report has no error finding on a switch: nothing to see marked")
    url = "file://" + page

    dom = browser(url, "--dump-dom")
    if dom.returncode != 0:
        fail(f"{name}: chromium --dump-dom exited {dom.returncode}: {dom.stderr[-2000:]}")
    if console_lines(dom.stderr):
        fail(f"{name}: console output while loading the page:\n" + "\n".join(console_lines(dom.stderr)))
    marks = SwitchMarks()
    marks.feed(dom.stdout)
    if not marks.ready:
        fail(f"{name}: the page did not finish rendering (no data-ready=\"1\" on <body>)")
    drawn_errors = {n for n, c in marks.switches.items() if "error" in c}
    if drawn_errors != error_switches:
        fail(f"{name}: switches drawn as errors {sorted(drawn_errors)}, the report's error switches {sorted(error_switches)}")
    marked = {n for n, c in marks.switches.items() if "hi" in c}
    if expect_mark and not marked:
        fail(f"{name}: no switch of the first cycle or storm is drawn marked")
    if len(marks.switches) == 0:
        fail(f"{name}: no switch drawn")

    shot = os.path.join(work, f"{name}.png")
    r = browser(url, f"--screenshot={shot}")
    if r.returncode != 0 or not os.path.exists(shot):
        fail(f"{name}: chromium --screenshot failed ({r.returncode}): {r.stderr[-2000:]}")
    if console_lines(r.stderr):
        fail(f"{name}: console output while taking the screenshot:\n" + "\n".join(console_lines(r.stderr)))
    with open(shot, "rb") as f:
        width, height, bpp, pixels = decode_png(f.read())
    if (width, height) != (1400, 1000):
        fail(f"{name}: screenshot is {width}x{height}, not 1400x1000")
    distinct = len({pixels[i:i + 3] for i in range(0, len(pixels), bpp * 97)})
    if distinct < 8:
        fail(f"{name}: the screenshot looks blank ({distinct} distinct colours sampled)")
    red = count_colour(pixels, bpp, ERROR_RGB)
    # Each error switch has a red outline and a red badge (26x20 px): well over 150 pixels.
    if red < 150 * len(error_switches):
        fail(f"{name}: {red} pixels of the error colour for {len(error_switches)} error switches")
    purple = count_colour(pixels, bpp, MARK_RGB)
    if expect_mark and purple < 200:
        fail(f"{name}: only {purple} pixels of the mark colour: the cycle or storm is not drawn")
    print(f"ok {name}: {len(marks.switches)} switches drawn, {len(drawn_errors)} as errors, {len(marked)} marked; "
          f"{red} error and {purple} mark pixels in the screenshot")


with tempfile.TemporaryDirectory() as work:
    check("leafspine-broken", os.path.join(src, "samples", "leafspine-broken"), work, expect_mark=True)
    check("dl001", os.path.join(src, "tests", "fixtures", "DL001", "sonic", "bad"), work, expect_mark=True)
    check_collapsed(work)
print("PASS")
