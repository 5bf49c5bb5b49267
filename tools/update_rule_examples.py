#!/usr/bin/env python3
"""Refresh the example output in docs/rules/<ID>.md from the rule's fixture.

    python3 tools/update_rule_examples.py build/rocelint DL001 [DL002 ...]

Replaces the first code block after "## Example that triggers it" with what rocelint prints
for tests/fixtures/<ID>/sonic/bad (file names relative to that directory). The doc test
(tests/test_fixtures.cpp) checks the page against the real output, so run this after a message
changes and review the diff.
"""
import subprocess
import sys

binary, ids = sys.argv[1], sys.argv[2:]
for rid in ids:
    out = subprocess.run([binary, "check", f"tests/fixtures/{rid}/sonic/bad"], capture_output=True, text=True).stdout
    out = out.replace(f"tests/fixtures/{rid}/sonic/bad/", "")
    blocks, cur = [], None
    for line in out.splitlines():
        if not line.startswith(" "):
            if cur:
                blocks.append(cur)
            cur = [line] if f"[{rid}]" in line else None
        elif cur is not None:
            cur.append(line)
    if cur:
        blocks.append(cur)
    if not blocks:
        sys.exit(f"{rid}: the fixture produces no {rid} finding")
    text = "\n".join("\n".join(b) for b in blocks[:2])
    path = f"docs/rules/{rid}.md"
    page = open(path, encoding="utf-8").read()
    # The output block: a bare ``` fence whose first line is a finding of this rule.
    start = page.index("## Example that triggers it")
    open_fence = page.index("\n```\n", start) + 1
    while f"[{rid}]" not in page[open_fence:page.index("\n", open_fence + 4)]:
        open_fence = page.index("\n```\n", open_fence + 4) + 1
    close_fence = page.index("```\n", open_fence + 4)
    page = page[:open_fence] + "```\n" + text + "\n" + page[close_fence:]
    open(path, "w", encoding="utf-8").write(page)
    print(f"{path}: {min(len(blocks), 2)} example finding(s)")
