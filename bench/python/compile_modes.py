#!/usr/bin/env python3
"""Cold compile time of @triton.jit kernels through the Trident backend, in
one compile mode (TRIDENT_TRITON_COMPILE=subprocess|inprocess), against
Triton's own compiler, in one process on the GPU machine.

    PYTHONPATH=python TRIDENT_BUILD_DIR=build TRIDENT_TRITON_COMPILE=MODE \\
        python3 bench/python/compile_modes.py [--target nvidia] [--kernels 8]

Each kernel is a vector add specialised on another BLOCK, so each first
launch compiles (Triton's cache is a fresh directory). For every kernel:
Triton's own first launch (compile + load + launch) and then Trident's, the
result checked against torch. Prints the medians and one line per mode so
that the two modes' runs can be put side by side.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="trident-cm-")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))), "python"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import trident.triton  # noqa: E402


@triton.jit
def vadd(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * 2.0 + y, mask=mask)


def first_launch(block, x, y, n):
    out = torch.full_like(x, float("nan"))
    start = time.perf_counter()
    vadd[(triton.cdiv(n, block),)](x, y, out, n, BLOCK=block)
    if out.is_cuda:
        torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    if not torch.equal(out, x * 2.0 + y):
        raise SystemExit("wrong result for BLOCK=%d" % block)
    return elapsed * 1e3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", default="nvidia")
    parser.add_argument("--kernels", type=int, default=8)
    args = parser.parse_args()
    device = "cpu" if args.target == "cpu" else "cuda"
    n = 100_003
    x = torch.rand(n, device=device)
    y = torch.rand(n, device=device)
    blocks = [2 ** (5 + i) for i in range(args.kernels)]  # all distinct
    native, trident_ms = [], []
    for block in blocks:
        if device == "cuda":
            native.append(first_launch(block, x, y, n))
        with trident.triton.target(args.target):
            trident_ms.append(first_launch(block, x, y, n))
    mode = trident.triton.compile_mode()
    med = statistics.median
    print("mode %s: first launch of %d kernels, median %.1f ms (min %.1f, "
          "max %.1f) through Trident %s%s" % (
              mode, len(blocks), med(trident_ms), min(trident_ms),
              max(trident_ms), args.target,
              "; Triton's own %.1f ms" % med(native) if native else ""))


if __name__ == "__main__":
    main()
