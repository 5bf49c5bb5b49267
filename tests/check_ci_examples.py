#!/usr/bin/env python3
"""Runs the shell steps of docs/ci.md's GitHub Actions and GitLab CI examples for real.

    tests/check_ci_examples.py SOURCE_DIR ROCELINT_BINARY

The YAML blocks are read from the document itself, so an example cannot drift from what is
tested. A local bare repository stands in for the remote: `main` holds samples/leafspine-clean as
fabric/, and two pull-request branches change it, one harmlessly (a description) and one with the
seeded mistake (DSCP 26 into lossy TC 1 on spine2). The steps that build rocelint are replaced by
the binary under test on PATH; every other step runs in bash with the variables the CI sets
(`${{ github.* }}` expressions substituted, GITHUB_STEP_SUMMARY, CI_MERGE_REQUEST_TARGET_BRANCH_NAME).
Expected: the lint step passes on both (findings are for code scanning / the report), the gate
passes the harmless change and fails (exit 1) the broken one, and the reports are written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

src, binary = sys.argv[1], sys.argv[2]


def fail(message: str) -> None:
    print(f"FAIL: {message}")
    sys.exit(1)


class CiLoader(yaml.SafeLoader):
    """Safe loading plus GitLab's `!reference [job, key]` (kept as the list it names)."""


CiLoader.add_constructor("!reference", lambda loader, node: loader.construct_sequence(node))


def yaml_blocks(path: str) -> list[dict]:
    text = open(path, encoding="utf-8").read()
    blocks = []
    for body in re.findall(r"```yaml\n(.*?)```", text, flags=re.S):
        try:
            doc = yaml.load(body, Loader=CiLoader)
        except yaml.YAMLError:
            continue  # fragments (a step list alone) are not whole files
        if isinstance(doc, dict):
            blocks.append(doc)
    return blocks


class Repo:
    def __init__(self, work: str) -> None:
        self.work = work
        self.remote = os.path.join(work, "remote.git")
        seed = os.path.join(work, "seed")
        self.git(work, "init", "-q", "--bare", self.remote)
        self.git(work, "init", "-q", "-b", "main", seed)
        shutil.copytree(os.path.join(src, "samples", "leafspine-clean"), os.path.join(seed, "fabric"))
        self.commit(seed, "fabric")
        self.git(seed, "remote", "add", "origin", self.remote)
        self.git(seed, "push", "-q", "origin", "main")
        self.base = self.git(seed, "rev-parse", "HEAD").strip()
        spine2 = os.path.join(seed, "fabric", "spine2.json")
        self.git(seed, "checkout", "-q", "-b", "harmless")
        cfg = json.load(open(spine2))
        cfg["PORT"]["Ethernet0"]["description"] = "leaf1:Ethernet0 (reviewed)"
        json.dump(cfg, open(spine2, "w"), indent=4)
        self.commit(seed, "a description")
        self.git(seed, "push", "-q", "origin", "harmless")
        self.git(seed, "checkout", "-q", "-b", "broken", "main")
        cfg = json.load(open(spine2))
        cfg["DSCP_TO_TC_MAP"]["AZURE"]["26"] = "1"
        json.dump(cfg, open(spine2, "w"), indent=4)
        self.commit(seed, "RoCE DSCP to a lossy class")
        self.git(seed, "push", "-q", "origin", "broken")

    @staticmethod
    def git(cwd: str, *args: str) -> str:
        return subprocess.run(["git", "-c", "user.name=ci", "-c", "user.email=ci@example.org", *args], cwd=cwd,
                              check=True, capture_output=True, text=True).stdout

    def commit(self, cwd: str, message: str) -> None:
        self.git(cwd, "add", "-A")
        self.git(cwd, "commit", "-qm", message)

    def checkout(self, branch: str) -> str:
        """A fresh clone of `branch`, as actions/checkout (fetch-depth 0) or a GitLab runner makes it."""
        path = tempfile.mkdtemp(dir=self.work, prefix=f"{branch}-")
        self.git(self.work, "clone", "-q", "--branch", branch, self.remote, path)
        return path


def run_step(script: str, cwd: str, env: dict[str, str]) -> int:
    return subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env).returncode


def ci_env(work: str) -> dict[str, str]:
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir, exist_ok=True)
    link = os.path.join(bindir, "rocelint")
    if not os.path.exists(link):
        os.symlink(binary, link)
    env = dict(os.environ)
    env["PATH"] = bindir + os.pathsep + env["PATH"]
    # The worktree a step adds under /tmp/base in CI: keep runs apart.
    return env


def github(repo: Repo, blocks: list[dict]) -> None:
    # PyYAML reads the key `on` as True.
    workflow = next((b for b in blocks if "jobs" in b and ("on" in b or True in b)), None)
    if workflow is None:
        fail("docs/ci.md has no GitHub Actions workflow")
    steps = workflow["jobs"]["rocelint"]["steps"]
    # In a container job, actions/checkout makes a git checkout only if git is already installed.
    uses = [i for i, st in enumerate(steps) if str(st.get("uses", "")).startswith("actions/checkout")]
    git = [i for i, st in enumerate(steps) if re.search(r"apt-get install[^\n]* git\b", str(st.get("run", "")))]
    if not uses or not git or git[0] > uses[0]:
        fail("GitHub: git must be installed before actions/checkout (the gate needs the .git)")
    for branch, gate_expected in (("harmless", 0), ("broken", 1)):
        checkout = repo.checkout(branch)
        env = ci_env(repo.work)
        env["GITHUB_WORKSPACE"] = checkout
        env["GITHUB_STEP_SUMMARY"] = os.path.join(checkout, "summary.md")
        env["GITHUB_PATH"] = os.path.join(checkout, "path.txt")
        ran = []
        for step in steps:
            name = step.get("name", step.get("uses", ""))
            if "run" not in step or name in ("Install git", "Build rocelint"):
                continue  # the container's packages and the build: the binary under test stands in
            script = step["run"]
            script = script.replace("${{ github.event.pull_request.base.sha }}", repo.base)
            script = script.replace("/tmp/base", os.path.join(checkout, ".base"))
            if "${{" in script:
                fail(f"GitHub step {name!r} uses an expression the test does not provide: {script}")
            code = run_step(script, checkout, env)
            expected = gate_expected if "Gate" in name else 0
            if code != expected:
                fail(f"GitHub step {name!r} on {branch}: exit {code}, expected {expected}")
            ran.append(name)
        if len(ran) < 2:
            fail(f"GitHub: only {ran} ran")
        sarif = json.load(open(os.path.join(checkout, "rocelint.sarif")))
        if sarif.get("version") != "2.1.0":
            fail("GitHub: rocelint.sarif is not SARIF 2.1.0")
        summary = open(env["GITHUB_STEP_SUMMARY"]).read()
        if ("MAP001" in summary) != (branch == "broken"):
            fail(f"GitHub summary on {branch}: MAP001 {'missing' if branch == 'broken' else 'reported'}")


def gitlab(repo: Repo, blocks: list[dict]) -> None:
    pipeline = next((b for b in blocks if "rocelint-mr-gate" in b), None)
    if pipeline is None:
        fail("docs/ci.md has no GitLab CI pipeline")
    for branch, expected in (("harmless", 0), ("broken", 1)):
        checkout = repo.checkout(branch)
        env = ci_env(repo.work)
        env["CI_MERGE_REQUEST_TARGET_BRANCH_NAME"] = "main"
        env["CI_PIPELINE_SOURCE"] = "merge_request_event"
        # The lint job fails on an error finding too (--fail-on error); the gate on what the change adds.
        for job, job_expected in (("rocelint", expected), ("rocelint-mr-gate", expected)):
            lines = [line for line in pipeline[job]["script"] if not line.lstrip().startswith("#")]
            script = "\n".join(lines).replace("/tmp/base", os.path.join(checkout, ".base"))
            code = run_step(script, checkout, env)
            if code != job_expected:
                fail(f"GitLab job {job} on {branch}: exit {code}, expected {job_expected}")
        for report in ("rocelint-junit.xml", "rocelint-diff.xml"):
            if not os.path.getsize(os.path.join(checkout, report)):
                fail(f"GitLab {report} is empty on {branch}")
        diff = open(os.path.join(checkout, "rocelint-diff.xml")).read()
        failed = re.findall(r'<testcase name="(MAP001[^"]*)"[^>]*>\s*<failure', diff)
        if bool(failed) != (branch == "broken"):
            fail(f"GitLab diff report on {branch}: MAP001 failure {'missing' if branch == 'broken' else 'reported'}")


def main() -> None:
    blocks = yaml_blocks(os.path.join(src, "docs", "ci.md"))
    with tempfile.TemporaryDirectory() as work:
        repo = Repo(work)
        github(repo, blocks)
        gitlab(repo, blocks)
    print("ci examples: ok")


if __name__ == "__main__":
    main()
