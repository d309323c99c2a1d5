#!/usr/bin/env python3
"""Runs the command after `--` if a CUDA GPU is usable here, else exits 77
(ctest's SKIP_RETURN_CODE for the nvidia GPU tests), saying why."""
import ctypes
import os
import sys


def gpu_count():
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError as error:
        return 0, "no CUDA driver (%s)" % error
    if cuda.cuInit(0) != 0:
        return 0, "cuInit failed"
    count = ctypes.c_int(0)
    if cuda.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
        return 0, "the CUDA driver sees no GPU"
    return count.value, ""


def main():
    command = sys.argv[sys.argv.index("--") + 1:]
    count, why = gpu_count()
    if not count:
        print("skipped: %s" % why)
        return 77
    os.execvp(command[0], command)


if __name__ == "__main__":
    sys.exit(main())
