#!/usr/bin/env python3
"""Mutation test of the command-line tools (docs/fuzzing.md).

Takes the corpus kernels, applies seeded random byte and token mutations and
runs `trident compile --target T --emit STAGE` and `trident-opt PIPELINE` on
each mutant with a timeout. The test fails when a process dies by a signal
(an abort, a segfault, a sanitizer's abort: returncode < 0) or exits 0 with
empty output where output was expected. A non-zero exit with a message is the
expected outcome for a broken input.

Case N of seed S is the same mutant on every machine: the mutations come from
random.Random(f"{S}:{N}") and the kernels in sorted order, so a failure
printed as "seed S case N" is reproduced with --seed S --case N. The run is
bounded by --seconds (the number of cases run depends on the machine's
speed, never which mutant a case is). The inputs of --fixed (the minimised
crashes found before, test/fuzz/crashes) run first, every time.

Usage: mutate_cli.py --bin BUILD/bin --corpus DIR [--corpus DIR]...
                     [--fixed DIR] [--seconds 30] [--seed 1] [--case N]
                     [--workdir DIR] [--jobs 2]
"""
import argparse
import concurrent.futures
import os
import random
import re
import signal
import subprocess
import sys
import time

# What the tools are asked to do with each mutant: every target's in-process
# stages through `trident compile`, and the core's pipelines through
# trident-opt.
COMPILE_STAGES = [
    ("cpu", "ttir"), ("cpu", "linalg"), ("cpu", "llir"),
    ("nvidia:sm_90", "ttgir"), ("nvidia:sm_90", "llir"), ("nvidia:sm_90", "ptx"),
    ("nvidia:sm_80", "ptx"),
    ("intel", "ttgir"), ("intel", "llir"), ("intel", "spirv"),
]
OPT_PIPELINES = [
    ["--trident-ttir"],
    ["--trident-ttir",
     "--trident-ttgir=num-warps=4 threads-per-warp=32 target=cuda:90"],
    ["--linalg-triton-to-linalg"],
]

# Tokens a mutation may put in place of another: keywords, types, layouts,
# attributes and numbers that stress the verifiers (shapes that are not
# powers of two, negative or huge sizes, zero).
TOKENS = [
    "tt.func", "public", "tt.return", "tt.load", "tt.store", "tt.splat",
    "tt.make_range", "tt.addptr", "tt.broadcast", "tt.expand_dims",
    "tt.reshape", "tt.trans", "tt.dot", "tt.reduce", "tt.scan",
    "tt.get_program_id", "tt.atomic_rmw", "tt.atomic_cas", "tt.make_tensor_ptr",
    "tt.advance", "tt.call", "tt.cat", "tt.join", "tt.split", "tt.histogram",
    "tt.reduce.return", "tt.scan.return", "arith.constant", "arith.addi",
    "arith.addf", "arith.muli", "arith.mulf", "arith.cmpi", "arith.select",
    "arith.extf", "arith.truncf", "arith.sitofp", "arith.divsi", "math.exp",
    "scf.for", "scf.if", "scf.yield", "scf.while", "scf.condition",
    "i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64",
    "f8E4M3FN", "f8E5M2", "!tt.ptr<f32>", "!tt.ptr<f16>", "!tt.ptr<i32>",
    "!tt.ptr<tensor<128x64xf16>>", "tensor<128xi32>", "tensor<1x1xf32>",
    "tensor<0xf32>", "tensor<3xf32>", "tensor<1024x1024x1024xf32>",
    "tensor<?xf32>", "tensor<128x!tt.ptr<f32>>", "x", "0", "1", "-1", "2",
    "3", "7", "32", "33", "1023", "65536", "2147483647", "-2147483648",
    "4294967296", "9223372036854775807", "1.0e+38", "0x7FC00000",
    "axis", "axis = 0", "axis = 1", "axis = 2", "start = 0", "end = 128",
    "end = 0", "%arg0", "%arg1", "%0", "%1", "%c0_i32", "{", "}", "(", ")",
    "<", ">", "[", "]", ":", ",", "=", "->", "loc(unknown)",
    "tt.divisibility = 16 : i32", "noinline = false", "\"ttg.num-warps\" = 4",
    "evictionPolicy = evict_last", "cacheModifier = cg", "boundaryCheck",
    "padding = 1", "inputPrecision = tf32", "maxNumImpreciseAcc = 0",
    "sem = acq_rel", "scope = gpu", "reverse = true", "predicate = 2",
]
INTERESTING_NUMBERS = ["0", "1", "-1", "2", "3", "31", "33", "255", "256",
                       "1023", "4096", "65535", "2147483647", "-2147483648",
                       "4294967295", "9223372036854775807", "100000000000000000000"]
TOKEN_RE = re.compile(
    rb"%[\w.$#-]+|![\w.]+<[^<>]*>|[\w.]+|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\S")
NUMBER_RE = re.compile(rb"-?\d+")


def mutate(data, rng):
    """One mutant of `data` (bytes): one to four random mutations."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(10)
        if not data:
            data = rng.choice(TOKENS).encode()
            continue
        if kind == 0:  # flip one bit
            i = rng.randrange(len(data))
            data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
        elif kind == 1:  # delete a run of bytes
            i = rng.randrange(len(data))
            data = data[:i] + data[i + rng.randint(1, 16):]
        elif kind == 2:  # insert a random byte
            i = rng.randrange(len(data) + 1)
            data = data[:i] + bytes([rng.randrange(256)]) + data[i:]
        elif kind in (3, 4):  # replace a token with a dictionary token
            tokens = list(TOKEN_RE.finditer(data))
            if tokens:
                m = rng.choice(tokens)
                data = data[:m.start()] + rng.choice(TOKENS).encode() + data[m.end():]
        elif kind == 5:  # replace a number with an interesting one
            numbers = list(NUMBER_RE.finditer(data))
            if numbers:
                m = rng.choice(numbers)
                data = data[:m.start()] + rng.choice(INTERESTING_NUMBERS).encode() + data[m.end():]
        elif kind == 6:  # delete a token
            tokens = list(TOKEN_RE.finditer(data))
            if tokens:
                m = rng.choice(tokens)
                data = data[:m.start()] + data[m.end():]
        elif kind == 7:  # copy a token over another of the same kernel
            tokens = list(TOKEN_RE.finditer(data))
            if len(tokens) > 1:
                src, dst = rng.choice(tokens), rng.choice(tokens)
                data = data[:dst.start()] + src.group() + data[dst.end():]
        elif kind == 8:  # delete or duplicate a line
            lines = data.split(b"\n")
            i = rng.randrange(len(lines))
            if rng.random() < 0.5:
                del lines[i]
            else:
                lines.insert(rng.randrange(len(lines) + 1), lines[i])
            data = b"\n".join(lines)
        else:  # swap two lines
            lines = data.split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data


def commands(bin_dir, path, rng):
    """The invocations of one case: one compile stage and one trident-opt
    pipeline, chosen by the case's generator."""
    target, stage = rng.choice(COMPILE_STAGES)
    pipeline = rng.choice(OPT_PIPELINES)
    return [
        [os.path.join(bin_dir, "trident"), "compile", path, "--target", target,
         "--emit", stage, "-o", "-"],
        [os.path.join(bin_dir, "trident-opt"), path] + pipeline,
    ]


def signal_name(code):
    try:
        return signal.Signals(-code).name
    except ValueError:
        return "signal %d" % -code


def run_one(command, timeout):
    """(verdict, detail): 'ok', 'timeout' or a failure message."""
    env = dict(os.environ, TRIDENT_CACHE_DIR="")
    try:
        proc = subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    stderr = proc.stderr.decode(errors="replace").strip().splitlines()
    last = stderr[-1] if stderr else ""
    if proc.returncode < 0:
        return "died by %s" % signal_name(proc.returncode), "\n".join(stderr[-15:])
    if proc.returncode == 0 and not proc.stdout.strip():
        return "exited 0 with empty output", last
    if proc.returncode != 0 and not stderr:
        return "exited %d without a message" % proc.returncode, ""
    return ("ok" if proc.returncode else "ok-compiled"), last


def run_case(args, name, data, workdir, commands_of):
    path = os.path.join(workdir, name + ".ttir")
    with open(path, "wb") as f:
        f.write(data)
    results = []
    for command in commands_of(path):
        verdict, detail = run_one(command, args.timeout)
        results.append((command, verdict, detail))
    # A passing case leaves nothing behind; a failing one keeps its input.
    if all(v in ("ok", "ok-compiled", "timeout") for _, v, _ in results):
        os.unlink(path)
    return name, path, results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--corpus", action="append", default=[])
    parser.add_argument("--fixed", action="append", default=[])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", type=int, default=None,
                        help="run this one case of the seed (reproduction)")
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--workdir", default="/tmp/trident-cli-mutation")
    args = parser.parse_args()

    for tool in ("trident", "trident-opt"):
        if not os.access(os.path.join(args.bin, tool), os.X_OK):
            print("mutate_cli: %s is not built in %s" % (tool, args.bin))
            return 1
    kernels = []
    for directory in args.corpus:
        if os.path.isdir(directory):
            kernels += [os.path.join(directory, n)
                        for n in sorted(os.listdir(directory)) if n.endswith(".ttir")]
    if not kernels:
        print("mutate_cli: no .ttir kernel in %s" % args.corpus)
        return 1
    sources = [open(k, "rb").read() for k in kernels]
    os.makedirs(args.workdir, exist_ok=True)

    def case(n):
        rng = random.Random("%d:%d" % (args.seed, n))
        index = rng.randrange(len(kernels))
        data = mutate(sources[index], rng)
        return ("seed%d-case%d-%s" % (args.seed, n, os.path.basename(kernels[index])[:-5]),
                data, lambda path: commands(args.bin, path, rng))

    # The fixed inputs: every compile stage and every pipeline.
    fixed = []
    for directory in args.fixed:
        if os.path.isdir(directory):
            for n in sorted(os.listdir(directory)):
                if n.endswith(".ttir"):
                    fixed.append((os.path.join(directory, n)))

    def fixed_commands(path):
        return [[os.path.join(args.bin, "trident"), "compile", path, "--target",
                 target, "--emit", stage, "-o", "-"]
                for target, stage in COMPILE_STAGES] + \
               [[os.path.join(args.bin, "trident-opt"), path] + p for p in OPT_PIPELINES]

    failures, timeouts, invocations, cases, compiled = [], 0, 0, 0, 0
    start = time.monotonic()

    def account(outcome):
        nonlocal timeouts, invocations, cases, compiled
        name, path, results = outcome
        cases += 1
        for command, verdict, detail in results:
            invocations += 1
            if verdict == "timeout":
                timeouts += 1
                print("mutate_cli: %s: timed out after %gs: %s" %
                      (name, args.timeout, " ".join(command)))
            elif verdict == "ok-compiled":
                compiled += 1
            elif verdict != "ok":
                failures.append((name, path, command, verdict, detail))

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for path in fixed:
            data = open(path, "rb").read()
            account(run_case(args, "fixed-" + os.path.basename(path)[:-5], data,
                             args.workdir, fixed_commands))
        if args.case is not None:
            name, data, commands_of = case(args.case)
            account(run_case(args, name, data, args.workdir, commands_of))
        else:
            n = 0
            pending = set()
            while time.monotonic() - start < args.seconds or pending:
                while len(pending) < args.jobs and time.monotonic() - start < args.seconds:
                    name, data, commands_of = case(n)
                    pending.add(pool.submit(run_case, args, name, data,
                                            args.workdir, commands_of))
                    n += 1
                done, pending = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    account(future.result())

    elapsed = time.monotonic() - start
    for name, path, command, verdict, detail in failures:
        print("FAIL %s: %s\n  input: %s\n  command: %s" %
              (name, verdict, path, " ".join(command)))
        if detail:
            print("  " + detail.replace("\n", "\n  "))
    print("mutate_cli: seed %d: %d cases (%d fixed), %d invocations in %.1fs; "
          "%d exited 0; %d failures, %d timeouts" %
          (args.seed, cases, len(fixed), invocations, elapsed, compiled,
           len(failures), timeouts))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
