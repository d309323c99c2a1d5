#!/usr/bin/env python3
# Both compilers' f16 matmul (128 x 256 x 64 tiles, 8 warps, 3 stages) at
# one size, launched once each after a warm-up, for Nsight Compute: Trident's
# cubin from kernels/matmul.tkb and Triton's JIT kernel of gpu_bench.py.
# prepare.sh copies it beside gpu_bench.py; on the GPU machine:
#
#   cd .gpu && ncu --profile-from-start off [sections or metrics] \
#       python3 scripts/ncu_matmul.py [SIZE]
#
# Only the two launches between cudaProfilerStart and Stop are profiled. It
# prints their largest difference.
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
    bench = load_bench_definitions()
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
    a = torch.randn(size, size, device="cuda", dtype=torch.float16)
    b = torch.randn(size, size, device="cuda", dtype=torch.float16)
    c_trident, c_triton = torch.empty_like(a), torch.empty_like(a)
    grid = (triton.cdiv(size, 128) * triton.cdiv(size, 256),)
    kernel = bench.CubinKernel(bench.read_bundle(
        os.path.join(ROOT, "kernels", "matmul.tkb")))
    # The TTIR's signature: sak, sbn and scn were specialised to 1.
    trident_launch = kernel.launcher(
        grid, [a, b, c_trident, size, size, size, size, size, size])

    def triton_launch():
        bench.matmul[grid](a, b, c_triton, size, size, size, size, 1, size, 1,
                           size, 1, BM=128, BN=256, BK=64, GROUP_M=8,
                           num_warps=8, num_stages=3)

    for _ in range(3):
        trident_launch()
        triton_launch()
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStart()
    trident_launch()
    triton_launch()
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStop()
    print("largest difference:",
          (c_trident.float() - c_triton.float()).abs().max().item())


if __name__ == "__main__":
    main()
