#!/usr/bin/env python3
"""Launch overhead and kernel time: Triton's own CUDA driver against the
Trident backend, in one process on one GPU.

    PYTHONPATH=python TRIDENT_BUILD_DIR=build \\
        python3 bench/python/launch_overhead.py [--target nvidia:sm_90]

1. Per-call host time of an empty @triton.jit kernel (three pointers and an
   int, grid 1): microseconds per call, the median of --repeats rounds of
   --calls back-to-back launches after a warm-up, through
   - triton: Triton's own driver and launcher (trident.triton inactive),
   - trident: the same kernel through the Trident backend (JIT dispatch,
     then trident.Kernel.launch),
   - trident Kernel.launch: the Trident kernel launched directly, without
     Triton's JIT (what the backend's launcher adds is the difference).
2. Kernel time of vadd over --size floats (median of
   triton.testing.do_bench, CUDA events): Triton's own, the Trident backend
   from Python, and the same Trident bundle run by the CLI
   (`trident run K.tkb --bench`, its median).
"""

import argparse
import ctypes
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(
    prefix="trident-overhead-triton-cache-"))


def per_call_us(launch, sync, calls, repeats, warmup=200):
    for _ in range(warmup):
        launch()
    sync()
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            launch()
        sync()
        rounds.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(rounds)


def trident_cli():
    build = os.environ.get("TRIDENT_BUILD_DIR", os.path.join(ROOT, "build"))
    path = os.path.join(build, "bin", "trident")
    return path if os.path.exists(path) else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", default="nvidia")
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--profile", action="store_true",
                        help="also print cProfile's top functions of the backend's JIT launches")
    parser.add_argument("--size", type=int, default=16 * 1024 * 1024)
    parser.add_argument("--trident", default=None,
                        help="the trident CLI (default: "
                        "$TRIDENT_BUILD_DIR/bin/trident)")
    args = parser.parse_args()

    import numpy as np
    import torch
    import triton
    import triton.language as tl
    from triton.testing import do_bench
    import trident.triton

    if not torch.cuda.is_available():
        print("launch_overhead.py needs a CUDA device", file=sys.stderr)
        return 1

    @triton.jit
    def empty(x_ptr, y_ptr, out_ptr, n):
        pass

    @triton.jit
    def vadd(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, x + y, mask=mask)

    n = args.size
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty(n, device="cuda")
    block = 1024
    grid = (triton.cdiv(n, block),)
    sync = torch.cuda.synchronize
    rows = []

    # Triton's own driver.
    trident.triton.deactivate()
    native_us = per_call_us(lambda: empty[(1,)](x, y, out, n), sync,
                            args.calls, args.repeats)
    vadd[grid](x, y, out, n, BLOCK=block)
    torch.testing.assert_close(out, x + y)
    native_ms = do_bench(lambda: vadd[grid](x, y, out, n, BLOCK=block))

    # The Trident backend.
    name = trident.triton.activate(args.target)
    compiled_empty = empty[(1,)](x, y, out, n)
    trident_us = per_call_us(lambda: empty[(1,)](x, y, out, n), sync,
                             args.calls, args.repeats)
    # The machine's speed drifts between the two measurements above (runs
    # of the same code differ by 1.5x): the same two again, their rounds
    # interleaved, so that both see the same machine.
    pairs = []
    for _ in range(args.repeats):
        trident.triton.deactivate()
        a = per_call_us(lambda: empty[(1,)](x, y, out, n), sync, args.calls, 1)
        trident.triton.activate(args.target)
        b = per_call_us(lambda: empty[(1,)](x, y, out, n), sync, args.calls, 1)
        pairs.append((a, b))
    interleaved_native = statistics.median(a for a, _ in pairs)
    interleaved_trident = statistics.median(b for _, b in pairs)
    ratio = statistics.median(b / a for a, b in pairs)
    kernel = compiled_empty.function
    stream = torch.cuda.current_stream().cuda_stream
    direct_us = per_call_us(
        lambda: kernel.launch((1, 1, 1), (x, y, out, n), stream), sync,
        args.calls, args.repeats)
    # The generated Python launch function, which the native launcher
    # (trident/_native_launch.c) replaces where it can be built.
    from trident import _native
    launcher_kind, launcher_note = _native.status()
    python_launch = getattr(kernel._launcher.launch, "fallback", None)
    python_us = per_call_us(
        lambda: python_launch((1, 1, 1), (x, y, out, n), stream), sync,
        args.calls, args.repeats) if python_launch is not None else None
    # The runtime's launch_on_stream alone: one ctypes call with the
    # arguments the last launch left in place (the floor of any launcher).
    launcher = kernel._make_launcher()
    bare = (launcher.fn, ctypes.c_void_p(launcher.handle), ctypes.c_void_p(launcher.grid_address),
            ctypes.c_void_p(launcher.args_address), ctypes.c_uint32(launcher.count), stream or 1)
    bare_us = per_call_us(lambda: bare[0](*bare[1:]), sync, args.calls, args.repeats)
    if args.profile:
        import cProfile
        import pstats
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.calls):
            empty[(1,)](x, y, out, n)
        profile.disable()
        sync()
        pstats.Stats(profile).sort_stats("tottime").print_stats(18)
    out.zero_()
    compiled_vadd = vadd[grid](x, y, out, n, BLOCK=block)
    torch.testing.assert_close(out, x + y)
    trident_ms = do_bench(lambda: vadd[grid](x, y, out, n, BLOCK=block))
    bundle = compiled_vadd.asm["tkb"]
    trident.triton.deactivate()

    # The same bundle through the CLI.
    cli = args.trident or trident_cli()
    cli_ms = None
    cli_note = ""
    if cli is None:
        cli_note = "no trident CLI (set TRIDENT_BUILD_DIR or --trident)"
    else:
        work = tempfile.mkdtemp(prefix="trident-overhead-")
        tkb = os.path.join(work, "vadd.tkb")
        with open(tkb, "wb") as f:
            f.write(bundle)
        np.save(os.path.join(work, "x.npy"), x.cpu().numpy())
        np.save(os.path.join(work, "y.npy"), y.cpu().numpy())
        cmd = [cli, "run", tkb, "--target", name, "--grid", str(grid[0]),
               "--arg", "x=@x.npy", "--arg", "y=@y.npy",
               "--arg", "out=zeros:f32:%d" % n, "--arg", "n=i32:%d" % n,
               "--bench", "100"]
        proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
        match = re.search(r"median ([0-9.]+) ms", proc.stdout + proc.stderr)
        if proc.returncode == 0 and match:
            cli_ms = float(match.group(1))
        else:
            cli_note = "trident run failed: %s" % (
                (proc.stderr or proc.stdout).strip().splitlines() or
                ["status %d" % proc.returncode])[-1]

    gpu = torch.cuda.get_device_name()
    rows.append(("empty kernel, per call", "triton (own driver)",
                 "%.2f us" % native_us))
    rows.append(("empty kernel, per call", "trident backend (%s)" % name,
                 "%.2f us" % trident_us))
    rows.append(("empty kernel, per call, interleaved rounds",
                 "triton / trident backend / ratio (median of rounds)",
                 "%.2f us / %.2f us / %.2f" % (interleaved_native, interleaved_trident, ratio)))
    rows.append(("empty kernel, per call", "trident Kernel.launch direct",
                 "%.2f us" % direct_us))
    rows.append(("empty kernel, per call",
                 "trident Kernel.launch, Python launch function",
                 "%.2f us" % python_us if python_us is not None else
                 "(in use above: %s)" % launcher_note))
    rows.append(("empty kernel, per call", "runtime launch_on_stream, bare ctypes call",
                 "%.2f us" % bare_us))
    gbs = lambda ms: 3 * 4 * n / (ms * 1e-3) / 1e9  # noqa: E731
    rows.append(("vadd %d floats" % n, "triton (own driver)",
                 "%.4f ms (%.0f GB/s)" % (native_ms, gbs(native_ms))))
    rows.append(("vadd %d floats" % n, "trident backend, Python path",
                 "%.4f ms (%.0f GB/s)" % (trident_ms, gbs(trident_ms))))
    rows.append(("vadd %d floats" % n, "trident bundle, CLI path",
                 "%.4f ms (%.0f GB/s)" % (cli_ms, gbs(cli_ms))
                 if cli_ms else cli_note))
    print("GPU: %s; Triton %s; torch %s; compile mode %s; launcher %s (%s)" % (
        gpu, triton.__version__, torch.__version__,
        trident.triton.compile_mode(), launcher_kind, launcher_note))
    print("| measurement | path | result |")
    print("|---|---|---|")
    for row in rows:
        print("| %s | %s | %s |" % row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
