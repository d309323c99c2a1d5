#!/usr/bin/env python3
# Compile determinism (ctest label `determinism`, with the target's label):
# every kernel is compiled several times for one target, each time in a
# process of its own, and every run must give the same bytes -- the last
# stage's output (--emit STAGE, or the bundle) and every stage's output on the
# way (--dump-ir: ttir, ttgir, llir, ...). A run that crashes fails the test
# whatever the others did.
#
# Runs differ where a compiler bug would make them differ: address-space
# randomisation gives each process other heap and stack addresses (so
# iteration over a pointer-keyed container changes order), one run fills
# freed and fresh heap memory with a pattern (MALLOC_PERTURB_, so a read of
# freed or uninitialised memory sees garbage instead of the old value), and
# one run has a larger environment (the stack moves).
#
# A kernel the target rejects (exit 1 with the same message every run) is
# reported and does not fail the test: other tests say which kernels each
# target accepts.
#
#   compile_determinism.py --trident build/bin/trident --target nvidia:sm_90 \
#       --emit ptx --workdir DIR [--runs 3] [--jobs N] KERNEL_OR_DIR...

import argparse
import concurrent.futures
import difflib
import glob
import os
import shutil
import signal
import subprocess
import sys

# The environment of each run, beyond the test's own (run i uses
# RUN_VARIANTS[i % len]).
RUN_VARIANTS = [
    {},
    {"MALLOC_PERTURB_": "165"},
    {"TRIDENT_DETERMINISM_PADDING": "x" * 4096, "MALLOC_PERTURB_": "90"},
]


def kernels_of(paths):
    """The .ttir files named, or directly inside the directories named; a
    directory that does not exist is skipped with a note (shared/ is optional
    outside CI)."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(sorted(glob.glob(os.path.join(path, "*.ttir"))))
        elif os.path.isfile(path):
            found.append(path)
        else:
            print("note: %s not found, skipped" % path)
    return found


def compile_once(opts, kernel, run):
    """Compiles `kernel` once into DIR/<kernel>/run<run>/; returns
    (returncode, stderr, {relative path: bytes})."""
    stem = os.path.splitext(os.path.basename(kernel))[0]
    out = os.path.join(opts.workdir, stem, "run%d" % run)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    cmd = [opts.trident, "compile", kernel, "--target", opts.target,
           "--dump-ir", os.path.join(out, "stages")]
    if opts.emit:
        cmd += ["--emit", opts.emit, "-o", os.path.join(out, "out." + opts.emit)]
    else:
        cmd += ["-o", os.path.join(out, stem + ".tkb")]
    cmd += opts.extra
    env = dict(os.environ)
    env.update(RUN_VARIANTS[run % len(RUN_VARIANTS)])
    # The compile cache would hand back the first run's bytes.
    env["TRIDENT_CACHE_DIR"] = ""
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, cwd=out)
    files = {}
    for root, _, names in os.walk(out):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, out)] = f.read()
    return proc.returncode, proc.stderr.decode(errors="replace"), files


def describe_exit(code):
    if code < 0:
        try:
            return "killed by %s" % signal.Signals(-code).name
        except ValueError:
            return "killed by signal %d" % -code
    return "exit %d" % code


def first_difference(name, a, b):
    """A few lines saying where two outputs differ."""
    try:
        lines_a = a.decode().splitlines()
        lines_b = b.decode().splitlines()
    except UnicodeDecodeError:
        where = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y),
                     min(len(a), len(b)))
        return ["    %s: binary, %d vs %d bytes, first difference at byte %d"
                % (name, len(a), len(b), where)]
    diff = list(difflib.unified_diff(lines_a, lines_b, "run0/" + name,
                                     "runN/" + name, n=1, lineterm=""))
    return ["    " + line for line in diff[:16]]


def check_kernel(opts, kernel, results):
    """Compares the runs of one kernel; returns (ok, report lines)."""
    name = os.path.basename(kernel)
    crashed = [(run, code, err) for run, (code, err, _) in enumerate(results)
               if code < 0 or code > 1]
    if crashed:
        lines = ["FAIL %s: run %d %s" % (name, run, describe_exit(code))
                 for run, code, _ in crashed]
        lines += ["    " + l for l in crashed[0][2].splitlines()[-12:]]
        return False, lines
    codes = {code for code, _, _ in results}
    if codes == {1}:
        messages = {err for _, err, _ in results}
        if len(messages) == 1:
            first = results[0][1].strip().splitlines()
            return True, ["rejected %s (the same error in every run): %s"
                          % (name, first[0] if first else "")]
        return False, ["FAIL %s: rejected with different errors" % name]
    if len(codes) != 1:
        return False, ["FAIL %s: exit codes differ between runs: %s" % (
            name, ", ".join(describe_exit(c) for c, _, _ in results))]
    reference = results[0][2]
    lines = []
    for run, (_, _, files) in enumerate(results[1:], start=1):
        if set(files) != set(reference):
            lines.append("FAIL %s: run %d wrote other files: %s vs %s" % (
                name, run, sorted(files), sorted(reference)))
            continue
        for path in sorted(files):
            if files[path] != reference[path]:
                lines.append("FAIL %s: run %d differs from run 0 in %s" % (
                    name, run, path))
                lines += first_difference(path, reference[path], files[path])
    if lines:
        return False, lines
    total = sum(len(data) for data in reference.values())
    return True, ["ok %s: %d runs, %d files (%d bytes) identical" % (
        name, len(results), len(reference), total)]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trident", required=True)
    parser.add_argument("--target", required=True)
    parser.add_argument("--emit", default=None,
                        help="the last stage to compile (default: the bundle)")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--extra", action="append", default=[],
                        help="one more argument for trident compile")
    parser.add_argument("kernels", nargs="+",
                        help=".ttir files or directories of them")
    opts = parser.parse_args()
    # Each run works in a directory of its own.
    opts.trident = os.path.abspath(opts.trident)
    opts.workdir = os.path.abspath(opts.workdir)

    kernels = [os.path.abspath(k) for k in kernels_of(opts.kernels)]
    if not kernels:
        print("FAIL: no kernels")
        return 1
    jobs = [(kernel, run) for kernel in kernels for run in range(opts.runs)]
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        futures = {job: pool.submit(compile_once, opts, *job) for job in jobs}
        results = {job: future.result() for job, future in futures.items()}

    ok = True
    for kernel in kernels:
        good, lines = check_kernel(
            opts, kernel, [results[(kernel, run)] for run in range(opts.runs)])
        ok &= good
        print("\n".join(lines))
    print("%s: %d kernels, %d runs each, target %s" % (
        "ok" if ok else "FAIL", len(kernels), opts.runs, opts.target))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
