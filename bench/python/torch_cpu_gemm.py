"""torch.matmul on the CPU, the GEMM a PyTorch user has there: f32 (MKL or
OpenBLAS, whichever torch was built with) and bf16 (oneDNN, on AMX where
the CPU has it), S x S x S, median of --runs calls after a warm-up, on
torch's threads (--threads, default torch's own count). Prints one row per
dtype and size; bench/cpu_bench.py times Trident's kernels of the same
shapes."""
import argparse
import statistics
import time

import torch


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="512,1024,2048")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--threads", type=int, default=None)
    opts = ap.parse_args()
    if opts.threads:
        torch.set_num_threads(opts.threads)
    print("torch %s, %d threads, %s" % (torch.__version__,
                                         torch.get_num_threads(),
                                         torch.backends.mkldnn.is_available()
                                         and "oneDNN available" or "no oneDNN"))
    for dtype in (torch.float32, torch.bfloat16):
        for size in (int(s) for s in opts.sizes.split(",")):
            a = torch.randn(size, size).to(dtype)
            b = torch.randn(size, size).to(dtype)
            ref = a.double() @ b.double()
            out = torch.matmul(a, b)
            err = (out.double() - ref).abs().max().item()
            times = []
            for _ in range(opts.runs):
                t0 = time.perf_counter()
                torch.matmul(a, b, out=out)
                times.append(time.perf_counter() - t0)
            ms = statistics.median(times) * 1e3
            print("torch.matmul %-9s %5d^3 %9.3f ms %8.1f GFLOP/s  max err %.3g"
                  % (str(dtype).split(".")[1], size, ms,
                     2 * size ** 3 / ms / 1e6, err))


if __name__ == "__main__":
    main()
