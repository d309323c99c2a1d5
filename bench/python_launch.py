#!/usr/bin/env python3
# The per-launch cost of the `trident` Python package on the cpu target:
# timeit of `k[grid](...)` for vadd over small numpy buffers (one program,
# so the kernel itself is a few hundred nanoseconds), against the same
# launch through Kernel.launch and the bare ctypes call of the runtime's
# launch_on_stream with pre-filled arguments (the floor: what the package
# adds is the difference).
#
#   PYTHONPATH=python python3 bench/python_launch.py [--n 256] [--runs 20000]

import argparse
import os
import timeit

import numpy as np

import trident

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=256)
    parser.add_argument("--runs", type=int, default=20000)
    args = parser.parse_args()
    n = args.n
    k = trident.compile(os.path.join(ROOT, "test", "kernels", "vadd.ttir"))
    x = np.ones(n, np.float32)
    y = np.ones(n, np.float32)
    out = np.zeros(n, np.float32)
    grid = (n + 255) // 256
    k[grid](x, y, out, n)  # loads the kernel and builds the launch state
    assert (out == 2).all()
    launcher = k._launcher

    def bare():
        launcher.fn(launcher.handle, launcher.grid_address,
                    launcher.args_address, launcher.count, None)

    cases = [
        ("k[grid](x, y, out, n)", lambda: k[grid](x, y, out, n)),
        ("k.launch(grid, (x, y, out, n))",
         lambda: k.launch(grid, (x, y, out, n))),
        ("bare ctypes launch_on_stream", bare),
    ]
    for name, fn in cases:
        best = min(timeit.repeat(fn, number=args.runs, repeat=5))
        print("%-34s %7.2f us per launch" % (name, best / args.runs * 1e6))


if __name__ == "__main__":
    main()
