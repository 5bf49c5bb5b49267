#!/usr/bin/env python3
"""Refresh the locations of the example output lines of docs/rules/*.md from real output.

For every rule page, runs `rocelint check` on each syntax's fixture tests/fixtures/ID/<syntax>/bad
(paths printed relative to that bad/ directory, as RuleDocumentation.ExampleIsRealOutput compares
them) and, for every example finding line of the page, looks for the output line with the same
file, line, severity, rule and message (and, for the indented `note:` lines under it, the note
with the same file, line and text): its location (file:line or file:line:col) replaces the
page's. The message itself is never rewritten: a page whose message no longer matches any output
line is listed for a human to fix, and the script exits 1.

usage: tools/update_rule_examples.py [--rocelint build/rocelint] [RULE_ID ...]
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LOCATION = r"(?P<file>[^`\s:]\S*?):(?P<line>[0-9]+)(?::(?P<col>[0-9]+))?"


def outputs(rocelint, rule_id):
    """Finding lines of every syntax's bad/ fixture, keyed by (file, line, rest of the line)."""
    found = {}
    for bad in sorted((ROOT / "tests" / "fixtures" / rule_id).glob("*/bad")):
        run = subprocess.run([rocelint, "check", "--color", "never", str(bad)], capture_output=True, text=True)
        prefix = str(bad) + "/"
        for line in run.stdout.replace(prefix, "").splitlines():
            m = re.match(r"^(?P<indent> *)" + LOCATION + r": (?P<rest>(error|warning|note)\[.*|note: .*)$", line)
            if m:
                end = m.end("col") if m["col"] else m.end("line")
                found.setdefault((m["indent"], m["file"], m["line"], m["rest"]), line[len(m["indent"]) : end])
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rocelint", default=str(ROOT / "build" / "rocelint"))
    parser.add_argument("rules", nargs="*")
    args = parser.parse_args()
    pages = sorted((ROOT / "docs" / "rules").glob("*.md"))
    missing = 0
    for page in pages:
        rule_id = page.stem
        if rule_id == "index" or (args.rules and rule_id not in args.rules):
            continue
        found = outputs(args.rocelint, rule_id)
        text = page.read_text()
        pattern = re.compile(
            r"^(?P<indent>(?:  )?)" + LOCATION + r": (?P<rest>(error|warning|note)\[" + rule_id + r"\]: .*|note: .*)$", re.M)

        def replace(m):
            nonlocal missing
            if m["indent"] == "" and m["rest"].startswith("note: "):
                return m[0]  # not an example line
            location = found.get((m["indent"], m["file"], m["line"], m["rest"]))
            if location is None:
                missing += 1
                print(f"{page.relative_to(ROOT)}: no output line matches: {m[0]}", file=sys.stderr)
                return m[0]
            return f"{m['indent']}{location}: {m['rest']}"

        new = pattern.sub(replace, text)
        if new != text:
            page.write_text(new)
            print(f"updated {page.relative_to(ROOT)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
