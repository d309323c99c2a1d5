#!/usr/bin/env python3
# The per-launch cost of the `trident` Python package on the cpu target:
# timeit of `k[grid](...)` for vadd over small numpy buffers (one program,
# so the kernel itself is a few hundred nanoseconds), against the same
# launch through Kernel.launch and the bare ctypes call of the runtime's
# launch_on_stream with pre-filled arguments (the floor: what the package
# adds is the difference). Prints wall and process CPU time per launch.
#
#   PYTHONPATH=python python3 bench/python_launch.py [--n 256] [--runs 20000]
#                                                    [--bundle vadd.tkb]
#
# --bundle launches a saved vadd bundle instead of compiling one (for a
# machine with the runtime libraries only).

import argparse
import os
import time
import timeit

import numpy as np

import trident

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=256)
    parser.add_argument("--runs", type=int, default=20000)
    parser.add_argument("--bundle")
    args = parser.parse_args()
    n = args.n
    if args.bundle:
        k = trident.load(args.bundle)
    else:
        k = trident.compile(os.path.join(ROOT, "test", "kernels",
                                         "vadd.ttir"))
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
    # Wall time, and the process's CPU time: on a busy machine the wall
    # time counts the time other processes held the cores, the CPU time
    # does not.
    print("%-34s %12s %12s" % ("us per launch", "wall", "cpu"))
    for name, fn in cases:
        wall = min(timeit.repeat(fn, number=args.runs, repeat=5))
        cpu = min(timeit.repeat(fn, number=args.runs, repeat=5,
                                timer=time.process_time))
        print("%-34s %12.2f %12.2f" % (name, wall / args.runs * 1e6,
                                       cpu / args.runs * 1e6))


if __name__ == "__main__":
    main()
