#!/usr/bin/env python3
"""A bounded run of trident-fuzz (docs/fuzzing.md), for ctest and by hand.

Builds the seed corpus -- the .ttir kernels of every --corpus directory and
each `tt.func` module of the .mlir lit inputs under --lit (split at
`// -----`) -- then runs the fuzzer for --seconds with the TTIR dictionary.
Exits 77 (ctest's skip) when the fuzzer is not built: only a clang build
configured with -DTRIDENT_FUZZ=ON has it. Any crash, sanitizer report or
leak-free abort libFuzzer catches fails the run, with the input left in
--workdir as crash-*, timeout-* or oom-*.

Usage: run_fuzz.py --fuzzer PATH --corpus DIR... [--lit DIR]... [--dict F]
                   [--seconds 90] [--jobs 1] [--workdir DIR]
                   [--fallback-plugins DIR] [--fresh] [--max-seed-bytes N]
                   [--max-seeds N] [-- FUZZER-ARGS]
"""
import argparse
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys

# AddressSanitizer's settings for a process whose libLLVM/libMLIR are not
# instrumented (docs/fuzzing.md): LLVM's BumpPtrAllocator poisons its slabs
# in our (instrumented) copy of its inline code and unpoisons them only there,
# so memory that libMLIR's copy hands out would be reported on every write; a
# std::vector filled by libMLIR has no container annotations; MLIR's
# process-lifetime registrations are not leaks of one run.
# trident-fuzz's exit status when no target loads (LLVMFuzzerInitialize).
NO_TARGET = 2

ASAN_OPTIONS = ("allow_user_poisoning=0:detect_container_overflow=0:"
                "detect_leaks=0")


def seed_corpus(corpus_dirs, lit_dirs, out, max_bytes=0):
    os.makedirs(out, exist_ok=True)
    count = 0

    def add(text):
        nonlocal count
        data = text.encode()
        if max_bytes and len(data) > max_bytes:
            return
        name = hashlib.sha1(data).hexdigest()
        path = os.path.join(out, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            count += 1

    for directory in corpus_dirs:
        for path in sorted(glob.glob(os.path.join(directory, "*.ttir"))):
            add(open(path, encoding="utf-8", errors="replace").read())
    for directory in lit_dirs:
        for path in sorted(glob.glob(os.path.join(directory, "**", "*.mlir"),
                                     recursive=True)):
            text = open(path, encoding="utf-8", errors="replace").read()
            for chunk in re.split(r"^// -----.*$", text, flags=re.M):
                # A TTIR kernel: a tt.func, not already lowered to LLVM.
                if "tt.func" in chunk and "llvm.func" not in chunk:
                    add(chunk)
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzzer", required=True)
    parser.add_argument("--corpus", action="append", default=[])
    parser.add_argument("--lit", action="append", default=[])
    parser.add_argument("--dict")
    parser.add_argument("--seconds", type=int, default=90)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--workdir", default="/tmp/trident-fuzz-run")
    parser.add_argument("--max-seed-bytes", type=int, default=0,
                        help="leave out larger seeds (0: none left out)")
    parser.add_argument("--max-seeds", type=int, default=0,
                        help="keep this many seeds at most (0: all)")
    parser.add_argument("--fresh", action="store_true",
                        help="start from the seeds alone (a bounded run: the "
                        "corpus of earlier runs would lengthen the start)")
    parser.add_argument("--fallback-plugins",
                        help="plugins to load (TRIDENT_PLUGINS) when the "
                        "fuzzer's build has none (-DTRIDENT_FUZZ_PLUGINS=OFF)")
    parser.add_argument("extra", nargs="*", help="more libFuzzer flags")
    args = parser.parse_args()

    # The fuzzer runs in the working directory (its -jobs logs land there).
    args.fuzzer = os.path.abspath(args.fuzzer)
    args.workdir = os.path.abspath(args.workdir)
    if args.dict:
        args.dict = os.path.abspath(args.dict)
    if args.fallback_plugins:
        args.fallback_plugins = os.path.abspath(args.fallback_plugins)
    if not os.access(args.fuzzer, os.X_OK):
        print("skipped: %s is not built (it needs a clang build configured with "
              "-DTRIDENT_FUZZ=ON, see docs/fuzzing.md)" % args.fuzzer)
        return 77

    seeds = os.path.join(args.workdir, "seeds")
    corpus = os.path.join(args.workdir, "corpus")
    if args.fresh and os.path.isdir(corpus):
        shutil.rmtree(corpus)
    os.makedirs(corpus, exist_ok=True)
    if args.fresh and os.path.isdir(seeds):
        shutil.rmtree(seeds)
    added = seed_corpus(args.corpus, args.lit, seeds, args.max_seed_bytes)
    if args.max_seeds:
        # A fixed subset (the names are content hashes): the same seeds on
        # every machine.
        for name in sorted(os.listdir(seeds))[args.max_seeds:]:
            os.unlink(os.path.join(seeds, name))
    print("run_fuzz: %d seeds in %s" % (len(os.listdir(seeds)), seeds))

    command = [args.fuzzer, corpus, seeds,
               "-max_total_time=%d" % args.seconds, "-timeout=30",
               "-rss_limit_mb=6144", "-max_len=65536", "-print_final_stats=1",
               "-artifact_prefix=" + os.path.join(args.workdir, "")]
    if args.dict:
        command.append("-dict=" + args.dict)
    if args.jobs > 1:
        command += ["-jobs=%d" % args.jobs, "-workers=%d" % args.jobs]
    command += args.extra
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", ASAN_OPTIONS)
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    env["TRIDENT_CACHE_DIR"] = ""
    own = os.path.join(os.path.dirname(os.path.abspath(args.fuzzer)), "..",
                       "lib", "trident", "plugins")
    if (args.fallback_plugins and "TRIDENT_PLUGINS" not in env and
            not glob.glob(os.path.join(own, "*.so"))):
        print("run_fuzz: no plugin beside the fuzzer; loading those of %s" %
              args.fallback_plugins)
        env["TRIDENT_PLUGINS"] = args.fallback_plugins
    print("run_fuzz: " + " ".join(command), flush=True)
    if args.fresh:
        for old in glob.glob(os.path.join(args.workdir, "*-*")):
            if os.path.basename(old).split("-")[0] in ("crash", "timeout",
                                                       "oom", "leak", "slow"):
                os.unlink(old)
    code = subprocess.call(command, env=env, cwd=args.workdir)
    if code == NO_TARGET:
        # A fuzz build older than the plugins' SDK (or without plugins): not
        # a finding; it needs rebuilding.
        print("skipped: the fuzzer loaded no target (see above; rebuild the "
              "fuzz build, docs/fuzzing.md)")
        return 77
    if code != 0:
        found = sorted(glob.glob(os.path.join(args.workdir, "crash-*")) +
                       glob.glob(os.path.join(args.workdir, "timeout-*")) +
                       glob.glob(os.path.join(args.workdir, "oom-*")) +
                       glob.glob(os.path.join(args.workdir, "leak-*")))
        print("run_fuzz: the fuzzer exited %d; inputs: %s" %
              (code, " ".join(found) or "none"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
