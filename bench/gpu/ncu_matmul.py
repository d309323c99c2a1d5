#!/usr/bin/env python3
# Both compilers' f16 matmul (128 x 256 x 64 tiles, 8 warps, 3 stages) at
# one size, launched once each after a warm-up, for Nsight Compute: Trident's
# cubin from kernels/matmul.tkb and Triton's JIT kernel of gpu_bench.py.
# prepare.sh copies it beside gpu_bench.py; on the GPU machine:
#
#   cd .gpu && ncu --profile-from-start off [sections or metrics] \
#       python3 scripts/ncu_matmul.py [SIZE] [--bundle NAME=PATH]...
#
# Only the launches between cudaProfilerStart and Stop are profiled. With
# --bench it times each kernel with do_bench instead (twice, alternating).
# --bundle adds variants of Trident's kernel (a cubin swapped in by hand);
# every output is poisoned first and compared with Triton's.
import argparse
import ast
import os
import sys
import tempfile

import torch
import triton

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_bench_definitions():
    """read_bundle, check, CubinKernel and the matmul kernel of gpu_bench.py,
    without running the benchmark (Triton's JIT needs them in a file)."""
    source = open(os.path.join(HERE, "gpu_bench.py")).read()
    lines = source.splitlines()
    parts = ["import ctypes, struct, zlib, torch, triton",
             "import triton.language as tl",
             'cuda = ctypes.CDLL("libcuda.so.1")']
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in (
                "read_bundle", "check", "CubinKernel", "matmul"):
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            parts.append("\n".join(lines[first - 1:node.end_lineno]))
    directory = tempfile.mkdtemp(prefix="ncu-matmul-")
    with open(os.path.join(directory, "bench_definitions.py"), "w") as f:
        f.write("\n\n".join(parts) + "\n")
    sys.path.insert(0, directory)
    import bench_definitions
    return bench_definitions


def main():
    parser = argparse.ArgumentParser(description="both compilers' matmul")
    parser.add_argument("size", type=int, nargs="?", default=8192)
    parser.add_argument("--bench", action="store_true",
                        help="time each kernel with do_bench instead")
    parser.add_argument("--bundle", action="append", default=[],
                        metavar="NAME=PATH",
                        help="another Trident bundle of the same kernel "
                             "(kernels/matmul.tkb is `trident`)")
    args = parser.parse_args()
    bench = load_bench_definitions()
    size = args.size
    a = torch.randn(size, size, device="cuda", dtype=torch.float16)
    b = torch.randn(size, size, device="cuda", dtype=torch.float16)
    c_triton = torch.empty_like(a)
    grid = (triton.cdiv(size, 128) * triton.cdiv(size, 256),)
    bundles = [("trident", os.path.join(ROOT, "kernels", "matmul.tkb"))] + [
        tuple(spec.split("=", 1)) for spec in args.bundle]
    launches, outputs = [], []
    for name, path in bundles:
        out = torch.full_like(a, float("nan"))
        kernel = bench.CubinKernel(bench.read_bundle(path))
        # The TTIR's signature: sak, sbn and scn were specialised to 1.
        launches.append((name, kernel.launcher(
            grid, [a, b, out, size, size, size, size, size, size])))
        outputs.append(out)

    def triton_launch():
        bench.matmul[grid](a, b, c_triton, size, size, size, size, 1, size, 1,
                           size, 1, BM=128, BN=256, BK=64, GROUP_M=8,
                           num_warps=8, num_stages=3)

    launches.append(("triton", triton_launch))
    for _ in range(3):
        for _, launch in launches:
            launch()
    torch.cuda.synchronize()
    for (name, _), out in zip(launches, outputs):
        print("%s: largest difference from Triton %g" % (
            name, (out.float() - c_triton.float()).abs().max().item()))
    if args.bench:
        from triton.testing import do_bench
        for _ in range(2):
            for name, launch in launches:
                ms = do_bench(launch, warmup=25, rep=200,
                              return_mode="median")
                print("%-10s %.4f ms  %.1f TFLOP/s" % (
                    name, ms, 2 * size ** 3 / ms / 1e9))
        return
    torch.cuda.cudart().cudaProfilerStart()
    for _, launch in launches:
        launch()
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStop()


if __name__ == "__main__":
    main()
