#!/usr/bin/env python3
# Trident cpu target vs. plain C++, OpenBLAS and oneDNN, in one run.
# Python 3 standard library only. See bench/README.md.
#
#   python3 bench/cpu_bench.py [--build-dir DIR] [--runs 20] [--threads 2]
#
# For each kernel of test/kernels it writes the inputs as .npy files, times
# `trident run K.ttir --target cpu ... --bench RUNS` (the median it prints),
# builds bench/baselines.cpp with `clang++-22 -O3 -march=native`, times the
# same kernel at the same size there (the two alternate --repeat times;
# the best median of each side is kept), and prints a table of throughputs and
# of the ratio Trident / baseline (throughput; > 1 means Trident is faster).
# Where Debian's libdnnl-dev is installed it also builds
# bench/dnnl_baselines.cpp and compares with oneDNN, the library PyTorch's
# CPU path uses, on the same dtype: binary add, softmax, layer norm (f32),
# f32 and bf16 matmul (OMP_NUM_THREADS = --threads).

import argparse
import array
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEDIAN = re.compile(r"median ([0-9.]+) ms")


def write_npy(path, dtype, n, lo, hi, rng):
    """Writes n pseudo-random values in [lo, hi) as a 1-D .npy v1.0 file
    (a random block of 65536 values, tiled)."""
    descr, code = {"f4": ("<f4", "f"), "f2": ("<f2", "e")}[dtype]
    base = [rng.uniform(lo, hi) for _ in range(min(n, 65536))]
    block = struct.pack("<%d%s" % (len(base), code), *base)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, n)
    header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
    size = struct.calcsize(code)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        left = n * size
        while left:
            chunk = block[:left]
            f.write(chunk)
            left -= len(chunk)


def to_bf16_npy(src, dst):
    """Writes the f32 .npy `src` as a u2 .npy of bf16 bits (the upper half
    of each value), which `trident run` takes as NAME=@dst:bf16."""
    with open(src, "rb") as f:
        data = f.read()
    header_len = struct.unpack_from("<H", data, 8)[0]
    body = data[10 + header_len:]
    words = array.array("H", body)[1::2]  # little endian: the high halves
    n = len(words)
    header = "{'descr': '<u2', 'fortran_order': False, 'shape': (%d,), }" % n
    header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
    with open(dst, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(words.tobytes())


def find_trident(build_dir):
    cands = [build_dir] if build_dir else (
        [os.environ["TRIDENT_BUILD_DIR"]] if os.environ.get("TRIDENT_BUILD_DIR")
        else [os.path.join(ROOT, "build"), os.path.join(ROOT, "build-cg")])
    for d in cands:
        exe = os.path.join(d, "bin", "trident")
        if not os.access(exe, os.X_OK):
            continue
        p = subprocess.run([exe, "run", "--help"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        if "usage" in p.stdout:
            return exe
        print("note: %s has no `run` (%s); trying the next build dir"
              % (exe, p.stdout.strip()), file=sys.stderr)
    sys.exit("no build dir with a working `trident run` among %s; "
             "pass --build-dir" % cands)


def median_of(cmd, env=None):
    """The median `cmd` prints (trident --bench and both baseline programs
    print 'median X ms')."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=env)
    m = MEDIAN.search(p.stdout)
    if p.returncode != 0 or not m:
        print("$ " + " ".join(cmd) + "\n" + p.stdout, file=sys.stderr)
        return None
    return float(m.group(1))


def sweep_threads(opts, rows, cmds, threads):
    """Times each distinct Trident command of `rows` with TRIDENT_CPU_THREADS
    set to each of `threads` (best median of opts.repeat) and prints the
    throughput, the speed-up over the first count and the parallel
    efficiency (speed-up / thread ratio). With opts.baseline_plugins, each
    repeat also runs the command on those plugins (TRIDENT_PLUGINS), right
    after the current build's, and a last column gives the current build's
    speed over theirs. Returns 1 when a run failed."""
    fmt = "%-19s %-10s %8s %11s %10s %-8s %8s %10s"
    head = ("kernel", "size", "threads", "Trident ms", "Trident", "unit",
            "speedup", "efficiency")
    if opts.baseline_plugins:
        fmt += " %11s %11s"
        head += ("baseline ms", "vs baseline")
    print(fmt % head)
    seen, failed = set(), False
    for (kernel, size, _, _, _, unit, amount), cmd in zip(rows, cmds):
        if (kernel, size) in seen:
            continue
        seen.add((kernel, size))
        first = None
        for t in threads:
            env = dict(os.environ, TRIDENT_CPU_THREADS=str(t))
            base_env = dict(env, TRIDENT_PLUGINS=opts.baseline_plugins or "")
            times, base_times = [], []
            for _ in range(opts.repeat):
                times.append(median_of(cmd, env))
                if opts.baseline_plugins:
                    base_times.append(median_of(cmd, base_env))
            times = [m for m in times if m]
            base_times = [m for m in base_times if m]
            if not times or (opts.baseline_plugins and not base_times):
                failed = True
                print(fmt % ((kernel, size, t, "FAIL", "-", unit, "-", "-") +
                             (("-", "-") if opts.baseline_plugins else ())))
                continue
            ms = min(times)
            first = first or (t, ms)
            speedup = first[1] / ms
            cells = (kernel, size, t, "%.3f" % ms,
                     "%.1f" % (amount / (ms / 1e3)), unit, "%.2fx" % speedup,
                     "%.0f %%" % (100 * speedup * first[0] / t))
            if opts.baseline_plugins:
                cells += ("%.3f" % min(base_times),
                          "%.2fx" % (min(base_times) / ms))
            print(fmt % cells, flush=True)
    print("(median of %d runs, best of %d repeats; efficiency = speed-up "
          "over %d thread(s) / thread ratio; %d cores)"
          % (opts.runs, opts.repeat, threads[0], os.cpu_count() or 1))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=None,
                    help="Trident build dir (default: $TRIDENT_BUILD_DIR, "
                         "else build/, else build-cg/)")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2,
                    help="threads of the C++ baseline (default: nproc)")
    ap.add_argument("--cxx", default=shutil.which("clang++-22") or "clang++")
    ap.add_argument("--repeat", type=int, default=3,
                    help="alternate Trident and baseline this many times per "
                         "kernel and keep each side's best median (default 3)")
    ap.add_argument("--show-commands", action="store_true")
    ap.add_argument("--markdown", default=None, metavar="FILE",
                    help="also write the table as Markdown to FILE, with the "
                         "load of each row; refused (exit 2) when the "
                         "1-minute load average exceeded 0.5 per core before "
                         "or after any row, since such figures are not "
                         "results")
    ap.add_argument("--sweep-threads", default=None, metavar="LIST",
                    help="time Trident alone with TRIDENT_CPU_THREADS set to "
                         "each of LIST (e.g. 1,2,4,8,16) and print the "
                         "speed-up and parallel efficiency against the "
                         "first; builds no baseline")
    ap.add_argument("--baseline-plugins", default=None, metavar="JSON",
                    help="with --sweep-threads: also time each command on "
                         "these plugins (TRIDENT_PLUGINS, e.g. an earlier "
                         "build's linalg.json), alternating with the current "
                         "build's, and print the ratio")
    ap.add_argument("--only", default=None,
                    help="comma-separated kernels to run (vadd, softmax, "
                         "layernorm, layernorm_f32, matmul, matmul_f32, "
                         "matmul_bf16, attention); default all")
    ap.add_argument("--gemm-sizes", default="1024", metavar="LIST",
                    help="comma-separated sizes S of the f32 and bf16 "
                         "matmuls (S x S x S), e.g. 512,1024,2048; default "
                         "1024")
    opts = ap.parse_args()

    trident = find_trident(opts.build_dir)
    work = tempfile.mkdtemp(prefix="trident-bench-")
    w = lambda name: os.path.join(work, name)
    rng = random.Random(1234)

    sweep = [int(t) for t in opts.sweep_threads.split(",")] \
        if opts.sweep_threads else None
    if opts.baseline_plugins and not sweep:
        ap.error("--baseline-plugins compares sweeps: give --sweep-threads too")
    # Build the baselines, with OpenBLAS when its header and library exist.
    exe = w("baselines")
    base_cmd = [opts.cxx, "-O3", "-march=native", "-std=c++17", "-pthread",
                os.path.join(ROOT, "bench", "baselines.cpp"), "-o", exe]
    blas_inc = "/usr/include/x86_64-linux-gnu/openblas-pthread"
    have_blas = not sweep and os.path.exists(os.path.join(blas_inc, "cblas.h"))
    if have_blas:
        cmd = base_cmd + ["-DWITH_OPENBLAS", "-I" + blas_inc, "-lopenblas"]
        have_blas = subprocess.run(cmd).returncode == 0
    if not have_blas and not sweep:
        print("note: building without OpenBLAS", file=sys.stderr)
        subprocess.run(base_cmd, check=True)
    if opts.show_commands:
        print("$ " + " ".join(cmd if have_blas else base_cmd))
    dnnl_exe = w("dnnl_baselines")
    have_dnnl = not sweep and \
        os.path.exists("/usr/include/oneapi/dnnl/dnnl.hpp") and \
        subprocess.run([opts.cxx, "-O3", "-march=native", "-std=c++17",
                        os.path.join(ROOT, "bench", "dnnl_baselines.cpp"),
                        "-ldnnl", "-o", dnnl_exe]).returncode == 0
    if not have_dnnl and not sweep:
        print("note: no oneDNN (Debian libdnnl-dev): its rows are left out",
              file=sys.stderr)
    dnnl_env = dict(os.environ, OMP_NUM_THREADS=str(opts.threads))

    R, T = str(opts.runs), str(opts.threads)
    kdir = os.path.join(ROOT, "test", "kernels")
    only = set(opts.only.split(",")) if opts.only else None
    want = lambda name: only is None or name in only
    rows = []  # (kernel, size, trident ms, baseline name, baseline ms, unit, amount)
    loads = []  # the 1-minute load average before and after each row
    sweep_cmds = []  # with --sweep-threads, each row's Trident command
    cores = os.cpu_count() or 1

    def pair(tcmd, bcmd, benv=None):
        """Alternates the two commands opts.repeat times; best median each.
        Records the machine's load before and after. With --sweep-threads
        it only records the Trident command, timed later."""
        if sweep:
            sweep_cmds.append(tcmd)
            loads.append((0.0, 0.0))
            return None, None
        before = os.getloadavg()[0]
        ts, bs = [], []
        for _ in range(opts.repeat):
            ts.append(median_of(tcmd))
            bs.append(median_of(bcmd, benv))
        loads.append((before, os.getloadavg()[0]))
        ts = [x for x in ts if x is not None]
        bs = [x for x in bs if x is not None]
        return (min(ts) if ts else None), (min(bs) if bs else None)

    def trident_ms(kernel, grid, args, runs=None):
        cmd = [trident, "run", os.path.join(kdir, kernel), "--target", "cpu",
               "--grid", grid] + sum([["--arg", a] for a in args], []) + [
               "--bench", runs or R]
        if opts.show_commands:
            print("$ " + " ".join(cmd), flush=True)
        return cmd

    def base_ms(*args):
        cmd = [exe] + [str(a) for a in args]
        if opts.show_commands:
            print("$ " + " ".join(cmd), flush=True)
        return cmd

    def dnnl_row(tcmd, kernel, size, unit, amount, *args):
        """A row against oneDNN's primitive `args[0]`, where it is built
        (with --sweep-threads, its Trident command alone)."""
        if not have_dnnl and not sweep:
            return
        cmd = [dnnl_exe] + [str(a) for a in args]
        if opts.show_commands:
            print("$ OMP_NUM_THREADS=%d " % opts.threads + " ".join(cmd),
                  flush=True)
        t, b = pair(tcmd, cmd, dnnl_env)
        rows.append((kernel, size, t, "oneDNN " + args[0], b, unit, amount))

    if want("vadd"):
        # vector add, f32
        n = 16 << 20
        write_npy(w("x.npy"), "f4", n, -1, 1, rng)
        write_npy(w("y.npy"), "f4", n, -1, 1, rng)
        tcmd = trident_ms("vadd.ttir", str((n + 255) // 256),
                          ["x=@" + w("x.npy"), "y=@" + w("y.npy"),
                           "out=zeros:f32:%d" % n, "n=i32:%d" % n])
        t, b = pair(tcmd, base_ms("vadd", n, R, T))
        rows.append(("vadd f32", "16M", t, "C++ loop", b,
                     "GB/s", 3 * 4 * n / 1e9))
        dnnl_row(tcmd, "vadd f32", "16M", "GB/s", 3 * 4 * n / 1e9, "add", n, R)

    if want("softmax"):
        # softmax, f32, 4096 x 1024 (the kernel's BLOCK is 1024)
        r, c = 4096, 1024
        write_npy(w("s.npy"), "f4", r * c, -4, 4, rng)
        tcmd = trident_ms("softmax.ttir", str(r),
                          ["out=zeros:f32:%d" % (r * c), "x=@" + w("s.npy"),
                           "in_stride=i32:%d" % c, "out_stride=i32:%d" % c,
                           "n_cols=i32:%d" % c])
        t, b = pair(tcmd, base_ms("softmax", r, c, R, T))
        rows.append(("softmax f32", "4096x1024", t, "C++ loop", b, "GB/s", 2 * 4 * r * c / 1e9))
        dnnl_row(tcmd, "softmax f32", "4096x1024", "GB/s", 2 * 4 * r * c / 1e9,
                 "softmax", r, c, R)

    # layer norm, 4096 x 1024 (BLOCK 256, 4 column blocks), f32 math: the
    # f16 kernel against the loop, the f32 one against oneDNN's f32 layer
    # norm (scale and shift; it writes mean and variance where the kernel
    # writes mean and 1/std)
    for name, code, dtype in (("layernorm", "f2", "f16"),
                              ("layernorm_f32", "f4", "f32")):
        if not want(name):
            continue
        r, c = 4096, 1024
        write_npy(w(name + "_x.npy"), code, r * c, -2, 2, rng)
        write_npy(w(name + "_w.npy"), code, c, 0.5, 1.5, rng)
        write_npy(w(name + "_b.npy"), code, c, -0.5, 0.5, rng)
        tcmd = trident_ms(name + ".ttir", str(r),
                          ["X=@" + w(name + "_x.npy"),
                           "Y=zeros:%s:%d" % (dtype, r * c),
                           "W=@" + w(name + "_w.npy"),
                           "B=@" + w(name + "_b.npy"),
                           "Mean=zeros:f32:%d" % r, "Rstd=zeros:f32:%d" % r,
                           "stride=i32:%d" % c, "N=i32:%d" % c,
                           "eps=f32:1e-05"])
        # bytes moved: X read + Y written, Mean/Rstd written (f32)
        moved = (2 * (2 if dtype == "f16" else 4) * r * c + 2 * 4 * r) / 1e9
        if dtype == "f16":
            t, b = pair(tcmd, base_ms("layernorm", r, c, R, T))
            rows.append(("layernorm f16", "4096x1024", t, "C++ loop", b,
                         "GB/s", moved))
        else:
            dnnl_row(tcmd, "layernorm f32", "4096x1024", "GB/s", moved,
                     "layernorm", r, c, R)

    M = N = K = 1024
    flops = 2.0 * M * N * K / 1e9
    mm_grid = str(((M + 63) // 64) * ((N + 63) // 64))
    mm_sizes = ["M=i32:%d" % M, "N=i32:%d" % N, "K=i32:%d" % K,
                "sam=i32:%d" % K, "sak=i32:1", "sbk=i32:%d" % N, "sbn=i32:1",
                "scm=i32:%d" % N, "scn=i32:1"]
    if want("matmul"):
        # matmul.ttir: f16 in / f32 acc / f16 out.
        write_npy(w("ma.npy"), "f2", M * K, -1, 1, rng)
        write_npy(w("mb.npy"), "f2", K * N, -1, 1, rng)
        tcmd = trident_ms("matmul.ttir", mm_grid,
                          ["a=@" + w("ma.npy"), "b=@" + w("mb.npy"),
                           "c=zeros:f16:%d" % (M * N)] + mm_sizes)
        t, b = pair(tcmd, base_ms("matmul", M, N, K, R, T))
        rows.append(("matmul f16->f32acc", "1024^3", t, "C++ loop (f16)", b,
                     "GFLOP/s", flops))

    def gemm_rows(S):
        """The f32 and bf16 matmul rows of an S x S x S product."""
        label = "%d^3" % S
        gflops = 2.0 * S ** 3 / 1e9
        grid = str(((S + 63) // 64) ** 2)
        sizes = ["M=i32:%d" % S, "N=i32:%d" % S, "K=i32:%d" % S,
                 "sam=i32:%d" % S, "sak=i32:1", "sbk=i32:%d" % S,
                 "sbn=i32:1", "scm=i32:%d" % S, "scn=i32:1"]
        if want("matmul_f32"):
            # matmul_f32.ttir: f32 in, accumulation and out; the row.
            a, b = w("fa%d.npy" % S), w("fb%d.npy" % S)
            write_npy(a, "f4", S * S, -1, 1, rng)
            write_npy(b, "f4", S * S, -1, 1, rng)
            tcmd = trident_ms("matmul_f32.ttir", grid,
                              ["a=@" + a, "b=@" + b,
                               "c=zeros:f32:%d" % (S * S)] + sizes)
            t, base = pair(tcmd, base_ms("matmul_f32", S, S, S, R, T))
            rows.append(("matmul f32", label, t, "C++ loop (f32)", base,
                         "GFLOP/s", gflops))
            if have_blas:
                t, base = pair(tcmd, base_ms("sgemm", S, S, S, R, T))
                rows.append(("matmul f32", label, t, "OpenBLAS sgemm", base,
                             "GFLOP/s", gflops))
            dnnl_row(tcmd, "matmul f32", label, "GFLOP/s", gflops,
                     "matmul", S, S, S, R)

        if want("matmul_bf16"):
            # matmul_bf16.ttir: bf16 in / f32 acc / bf16 out; bf16 inputs are
            # the upper halves of f32 values (npy u2).
            write_npy(w("ba.npy"), "f4", S * S, -1, 1, rng)
            write_npy(w("bb.npy"), "f4", S * S, -1, 1, rng)
            for name in ("ba", "bb"):
                to_bf16_npy(w(name + ".npy"), w(name + "16.npy"))
            tcmd = trident_ms("matmul_bf16.ttir", grid,
                              ["a=@" + w("ba16.npy") + ":bf16",
                               "b=@" + w("bb16.npy") + ":bf16",
                               "c=zeros:bf16:%d" % (S * S)] + sizes)
            dnnl_row(tcmd, "matmul bf16->f32acc", label, "GFLOP/s", gflops,
                     "matmul_bf16", S, S, S, R)

    for S in [int(size) for size in opts.gemm_sizes.split(",")]:
        gemm_rows(S)

    if want("attention"):
        # attention.ttir: flash attention forward, f16 Q/K/V/Out
        # [ZH, NCTX, 64], f32 softmax; 4 * ZH * NCTX^2 * 64 FLOPs. Fewer runs:
        # one run takes tens to hundreds of ms.
        ZH, NCTX, D = 4, 1024, 64
        ar = str(max(3, opts.runs // 4))
        for name in ("q", "k", "v"):
            write_npy(w(name + ".npy"), "f2", ZH * NCTX * D, -1, 1, rng)
        tcmd = trident_ms("attention.ttir", "%d,%d" % (NCTX // 64, ZH),
                          ["Q=@" + w("q.npy"), "K=@" + w("k.npy"),
                           "V=@" + w("v.npy"),
                           "Out=zeros:f16:%d" % (ZH * NCTX * D),
                           "sm_scale=f32:0.125", "N_CTX=i32:%d" % NCTX],
                          runs=ar)
        t, b = pair(tcmd, base_ms("attention", ZH, NCTX, ar, T))
        flops = 4.0 * ZH * NCTX * NCTX * D / 1e9
        rows.append(("attention f16", "4x1024x64", t, "C++ loop", b,
                     "GFLOP/s", flops))
        # oneDNN has no fused attention: two batched matmuls and a softmax,
        # in f32 (this CPU has no f16 arithmetic; Trident widens f16 tiles
        # to f32 too).
        dnnl_row(tcmd, "attention f16", "4x1024x64", "GFLOP/s", flops,
                 "attention", ZH, NCTX, ar)

    if sweep:
        code = sweep_threads(opts, rows, sweep_cmds, sweep)
        shutil.rmtree(work, ignore_errors=True)
        return code

    # table
    fmt = "%-19s %-10s %11s %-19s %11s %10s %10s %8s %8s %11s"
    print(fmt % ("kernel", "size", "Trident ms", "baseline", "base ms",
                 "Trident", "baseline", "unit", "ratio", "load"))
    table = []
    for (k, size, tm, bname, bm, unit, amount), (l0, l1) in zip(rows, loads):
        tr = amount / (tm / 1e3) if tm else None
        br = amount / (bm / 1e3) if bm else None
        cells = (k, size, "%.3f" % tm if tm else "FAIL", bname,
                 "%.3f" % bm if bm else "FAIL",
                 "%.1f" % tr if tr else "-", "%.1f" % br if br else "-",
                 unit, "%.2fx" % (tr / br) if tr and br else "-",
                 "%.2f-%.2f" % (l0, l1))
        table.append(cells)
        print(fmt % cells)
    print("(median of %d runs, best of %d alternating repeats; baseline "
          "threads: %s; trident: %s; ratio = Trident throughput / baseline "
          "throughput)" % (opts.runs, opts.repeat, T, trident))
    shutil.rmtree(work, ignore_errors=True)
    if opts.markdown:
        worst = max((max(l0, l1) for l0, l1 in loads), default=0.0)
        if worst > 0.5 * cores:
            print("cpu_bench.py: not writing %s: the load average reached "
                  "%.2f on %d cores (more than 0.5 per core); measure on a "
                  "quiet machine" % (opts.markdown, worst, cores),
                  file=sys.stderr)
            return 2
        with open(opts.markdown, "w") as f:
            f.write("| kernel | size | Trident ms | baseline | baseline ms "
                    "| Trident | baseline | unit | ratio | load before-after "
                    "|\n|---|---|---|---|---|---|---|---|---|---|\n")
            for cells in table:
                f.write("| " + " | ".join(cells) + " |\n")
            f.write("\n%d cores, baseline threads %s, median of %d runs, "
                    "best of %d alternating repeats.\n" %
                    (cores, T, opts.runs, opts.repeat))
    return 0 if all(r[2] and r[4] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
