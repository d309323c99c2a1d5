#!/usr/bin/env python3
"""Upstream Triton's own tests and tutorials, run through Trident.

    PYTHONPATH=python TRIDENT_BUILD_DIR=build \\
        python3 bench/python/conformance.py --triton-src DIR --target cpu|nvidia

DIR is a checkout (or a copy) of upstream Triton's sources matching the
installed Triton (3.6): python/test/unit/language/test_core.py (with the
python/test/conftest.py beside it) and python/tutorials/01-*.py .. 06-*.py.
It is the user's: nothing from it is committed here.

Every test file runs under pytest in child processes with the plugin
trident_conformance_plugin (beside this script), which activates the Trident
target before the tests import anything, so every @triton.jit launch in them
compiles through Trident. With pytest-xdist the file runs once with -n JOBS
(xdist survives a worker that crashes); without it, the collected tests run
in chunks, and a chunk whose process crashes or hangs is split until the
culprit stands alone and is counted as "crashed" or "timeout". pytest-timeout,
when installed, bounds every test (--timeout).

Tutorials run as scripts (tutorial_runner.py) with the target active and
their benchmark sections cut to one size (TRIDENT_TUTORIAL_POINTS).

Writes OUT/conformance.json and OUT/conformance.md (pass/fail/skip counts per
test file and per tutorial) and prints the table. The exit status is 0 when
the run completed, whatever the counts; 2 for bad arguments.
"""

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

DEFAULT_TESTS = ["python/test/unit/language/test_core.py"]
TUTORIALS = ["01-vector-add.py", "02-fused-softmax.py",
             "03-matrix-multiplication.py", "04-low-memory-dropout.py",
             "05-layer-norm.py", "06-fused-attention.py"]
OUTCOMES = ("passed", "failed", "error", "skipped", "crashed", "timeout")


def child_env(target):
    env = dict(os.environ)
    paths = [os.path.join(ROOT, "python"), HERE]
    paths += [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["TRIDENT_CONFORMANCE_TARGET"] = target
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def have(module):
    return importlib.util.find_spec(module) is not None


def parse_junit(path):
    """{test id: outcome} of a junit XML file (pytest's --junitxml)."""
    results = {}
    try:
        tree = ET.parse(path)
    except (OSError, ET.ParseError):
        return None
    for case in tree.iter("testcase"):
        name = "%s::%s" % (case.get("classname", ""), case.get("name", ""))
        outcome = "passed"
        for child in case:
            if child.tag == "failure":
                outcome = "failed"
            elif child.tag == "error":
                outcome = "error"
            elif child.tag == "skipped":
                outcome = "skipped"
        # A test that failed in teardown after passing reports twice.
        if results.get(name) in ("failed", "error"):
            continue
        results[name] = outcome
    return results


class Runner:

    def __init__(self, args):
        self.args = args
        self.env = child_env(args.target)
        self.logs = os.path.join(args.out, "logs")
        os.makedirs(self.logs, exist_ok=True)
        self.counter = 0

    def pytest_command(self, test_path, cwd, extra):
        a = self.args
        cmd = [sys.executable, "-m", "pytest", test_path,
               "--rootdir", cwd, "--confcutdir", cwd, "-p",
               "trident_conformance_plugin", "-p", "no:cacheprovider",
               "--device", "cpu" if a.target.startswith("cpu") else "cuda",
               "-q", "-rN", "--tb=line"]
        if a.k:
            cmd += ["-k", a.k]
        if a.timeout and have("pytest_timeout"):
            cmd += ["--timeout", str(a.timeout)]
        return cmd + extra

    def run_pytest(self, test_path, cwd, extra, limit):
        self.counter += 1
        junit = os.path.join(self.logs, "junit-%04d.xml" % self.counter)
        log = os.path.join(self.logs, "pytest-%04d.log" % self.counter)
        cmd = self.pytest_command(test_path, cwd,
                                  extra + ["--junitxml", junit])
        timed_out = False
        with open(log, "w") as out:
            out.write("$ %s\n" % " ".join(cmd))
            out.flush()
            try:
                proc = subprocess.run(cmd, cwd=cwd, env=self.env, stdout=out,
                                      stderr=subprocess.STDOUT,
                                      timeout=limit)
                code = proc.returncode
            except subprocess.TimeoutExpired:
                code, timed_out = None, True
        return code, timed_out, parse_junit(junit), log

    def collect(self, test_path, cwd):
        cmd = self.pytest_command(test_path, cwd, ["--collect-only"])
        proc = subprocess.run(cmd, cwd=cwd, env=self.env,
                              capture_output=True, text=True)
        ids = [line.strip() for line in proc.stdout.splitlines()
               if "::" in line and not line.startswith(" ")]
        if not ids:
            # Nothing to run: say why (a conftest or plugin that failed).
            sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
            self.collect_error = (proc.stdout + proc.stderr).strip()[-600:]
        return ids

    def run_ids(self, ids, test_path, cwd, results):
        """Runs `ids` in one process; splits on a crash or a hang."""
        per_test = max(self.args.timeout or 300, 1)
        limit = min(per_test * len(ids), self.args.chunk_timeout) + 60
        code, timed_out, found, log = self.run_pytest(
            ids[0], cwd, list(ids[1:]), limit)
        complete = (found is not None and not timed_out
                    and code in (0, 1, 5) and len(found) >= len(ids))
        if complete:
            results.update(found)
            return
        if len(ids) == 1:
            results[ids[0]] = "timeout" if timed_out else "crashed"
            print("  %s: %s (log %s)" % (ids[0], results[ids[0]], log),
                  flush=True)
            return
        for name, outcome in (found or {}).items():
            results[name] = outcome
        rest = [i for i in ids if not _junit_has(found, i)]
        half = max(1, len(rest) // 2)
        for part in (rest[:half], rest[half:]):
            if part:
                self.run_ids(part, test_path, cwd, results)

    def run_file(self, rel):
        a = self.args
        path = os.path.join(a.triton_src, rel)
        if not os.path.exists(path):
            return {"missing": path}
        # pytest loads conftest.py files only up to its rootdir: run from
        # the directory of upstream's python/test/conftest.py (--device,
        # fixtures), or from the file's own.
        cwd = os.path.dirname(path)
        probe = cwd
        while probe.startswith(a.triton_src) and probe != a.triton_src:
            if os.path.exists(os.path.join(probe, "conftest.py")):
                cwd = probe
            probe = os.path.dirname(probe)
        name = os.path.relpath(path, cwd)
        start = time.time()
        results = {}
        # --sample N: every k-th of the collected tests, N in all, so that a
        # bounded run still covers every test function's parameters.
        selection = [name]
        if a.sample:
            ids = self.collect(name, cwd)
            stride = max(1, len(ids) // a.sample)
            selection = ids[::stride][:a.sample]
            print("  %d of %d tests sampled" % (len(selection), len(ids)),
                  flush=True)
        if have("xdist") and a.jobs != 0 and selection:
            jobs = a.jobs or min(os.cpu_count() or 1, 16)
            code, timed_out, found, log = self.run_pytest(
                selection[0], cwd, selection[1:] + ["-n", str(jobs)],
                a.file_timeout)
            if found is not None and not timed_out:
                results = found
            else:
                print("  xdist run did not complete (status %s%s); running "
                      "in chunks" % (code, ", timed out" if timed_out
                                     else ""), flush=True)
        if not results:
            ids = selection if a.sample else self.collect(name, cwd)
            print("  %d tests collected" % len(ids), flush=True)
            for i in range(0, len(ids), a.chunk):
                self.run_ids(ids[i:i + a.chunk], name, cwd, results)
                print("  %d/%d run" % (min(i + a.chunk, len(ids)), len(ids)),
                      flush=True)
        counts = {k: 0 for k in OUTCOMES}
        for outcome in results.values():
            counts[outcome] += 1
        counts["total"] = len(results)
        counts["seconds"] = round(time.time() - start, 1)
        if not results and getattr(self, "collect_error", None):
            counts["error"] = 1
            results["<collection>"] = "error"
        failures = sorted(k for k, v in results.items()
                          if v in ("failed", "error", "crashed", "timeout"))
        with open(os.path.join(a.out, os.path.basename(name) +
                               ".results.json"), "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
        return {"counts": counts, "failures": failures}

    def run_tutorial(self, name):
        a = self.args
        path = os.path.join(a.triton_src, "python", "tutorials", name)
        if not os.path.exists(path):
            return {"status": "missing"}
        log = os.path.join(self.logs, "tutorial-" + name + ".log")
        workdir = tempfile.mkdtemp(prefix="trident-tutorial-")
        cmd = [sys.executable, os.path.join(HERE, "tutorial_runner.py"),
               a.target, path]
        start = time.time()
        status = "failed"
        with open(log, "w") as out:
            try:
                proc = subprocess.run(cmd, cwd=workdir, env=self.env,
                                      stdout=out, stderr=subprocess.STDOUT,
                                      timeout=a.tutorial_timeout)
                if proc.returncode == 0:
                    status = "passed"
                elif proc.returncode < 0:
                    status = "crashed"
            except subprocess.TimeoutExpired:
                status = "timeout"
        shutil.rmtree(workdir, ignore_errors=True)
        tail = ""
        if status != "passed":
            with open(log, errors="replace") as f:
                lines = [l.rstrip() for l in f if l.strip()]
            tail = lines[-1] if lines else ""
        return {"status": status, "seconds": round(time.time() - start, 1),
                "log": log, "last_line": tail[:300]}


def _junit_has(found, test_id):
    if not found:
        return False
    # junit names tests "module.Class::name"; pytest ids "file.py::Class::name".
    tail = test_id.split("::")[-1]
    return any(k.endswith("::" + tail) for k in found)


def table(report):
    lines = ["| test file | passed | failed | error | skipped | crashed | "
             "timeout | total | s |", "|---|---|---|---|---|---|---|---|---|"]
    for name, entry in report["tests"].items():
        if "counts" not in entry:
            lines.append("| %s | missing: %s |" % (name, entry.get("missing")))
            continue
        c = entry["counts"]
        lines.append("| %s | %s |" % (name, " | ".join(
            str(c[k]) for k in OUTCOMES + ("total", "seconds"))))
    if report["tutorials"]:
        lines += ["", "| tutorial | result | s | last line |",
                  "|---|---|---|---|"]
        for name, entry in report["tutorials"].items():
            lines.append("| %s | %s | %s | %s |" % (
                name, entry["status"], entry.get("seconds", ""),
                entry.get("last_line", "").replace("|", "\\|")))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--triton-src", required=True,
                        help="upstream Triton sources (the repository root)")
    parser.add_argument("--target", required=True,
                        help="cpu, nvidia or nvidia:sm_NN")
    parser.add_argument("--out", default="conformance-out")
    parser.add_argument("--tests", nargs="*", default=DEFAULT_TESTS,
                        help="test files relative to --triton-src")
    parser.add_argument("--no-tests", action="store_true")
    parser.add_argument("--no-tutorials", action="store_true")
    parser.add_argument("-k", help="pytest -k expression")
    parser.add_argument("--sample", type=int, default=0,
                        help="run N evenly spaced tests of each file")
    parser.add_argument("--jobs", type=int, default=None,
                        help="pytest-xdist workers (0: no xdist)")
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per test")
    parser.add_argument("--file-timeout", type=int, default=3 * 3600,
                        help="seconds for one xdist run of a file")
    parser.add_argument("--chunk", type=int, default=200,
                        help="tests per process without xdist")
    parser.add_argument("--chunk-timeout", type=int, default=1800,
                        help="seconds for one chunk without xdist")
    parser.add_argument("--tutorial-timeout", type=int, default=900)
    parser.add_argument("--tutorials", nargs="*", default=None,
                        metavar="PREFIX",
                        help="run only the tutorials whose names start "
                        "with one of these (e.g. 03 06)")
    args = parser.parse_args()
    if not os.path.isdir(args.triton_src):
        parser.error("--triton-src %s is not a directory" % args.triton_src)
    args.triton_src = os.path.abspath(args.triton_src)
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    if not args.no_tests and not have("pytest"):
        parser.error("pytest is not installed for %s" % sys.executable)

    runner = Runner(args)
    report = {"target": args.target, "triton_src": args.triton_src,
              "compile_mode": os.environ.get("TRIDENT_TRITON_COMPILE",
                                             "subprocess"),
              "xdist": have("xdist"), "pytest_timeout": have("pytest_timeout"),
              "tests": {}, "tutorials": {}}
    if not args.no_tests:
        for rel in args.tests:
            print("== %s on %s" % (rel, args.target), flush=True)
            report["tests"][os.path.basename(rel)] = runner.run_file(rel)
    if not args.no_tutorials:
        chosen = [n for n in TUTORIALS if args.tutorials is None or
                  any(n.startswith(p) for p in args.tutorials)]
        for name in chosen:
            print("== tutorial %s on %s" % (name, args.target), flush=True)
            report["tutorials"][name] = runner.run_tutorial(name)
            print("  %s" % report["tutorials"][name]["status"], flush=True)
    with open(os.path.join(args.out, "conformance.json"), "w") as f:
        json.dump(report, f, indent=1)
    text = table(report)
    with open(os.path.join(args.out, "conformance.md"), "w") as f:
        f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
