#!/usr/bin/env python3
"""Matmul per dot type on the GPU: the Trident backend against upstream
Triton's own backend and against torch (cuBLAS, torch._scaled_mm for fp8,
torch._int_mm for int8), in one process on one GPU.

    PYTHONPATH=python TRIDENT_BUILD_DIR=build \\
        python3 bench/python/dot_types.py [--size 4096] [--types f16 tf32 ...]

One @triton.jit kernel (Triton's matmul tutorial, masks on K included)
serves every type; the dot's input precision, accumulator type and output
type are constexprs. For each type, Triton and Trident each compile the same
few block configurations and keep their fastest (the same choice an
autotuner makes); torch runs the library call a PyTorch user has for that
type. Every result is compared with a float64 reference of the same inputs
before it is timed. Times are medians of triton.testing.do_bench; the
ratios come from one run on one GPU.
"""

import argparse
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(
    prefix="trident-dot-types-triton-cache-"))

# (block_m, block_n, block_k, group_m, num_warps, num_stages) per input width.
CONFIGS_16 = [(128, 256, 64, 8, 8, 3), (128, 128, 64, 8, 4, 4),
              (128, 128, 32, 8, 4, 4)]
CONFIGS_8 = [(128, 256, 128, 8, 8, 3), (128, 128, 128, 8, 4, 4),
             (128, 128, 64, 8, 4, 4)]
CONFIGS_32 = [(128, 256, 32, 8, 8, 3), (128, 128, 32, 8, 4, 4),
              (64, 128, 32, 8, 4, 4)]
CONFIGS_64 = [(64, 64, 32, 8, 4, 3), (128, 64, 16, 8, 4, 3),
              (32, 32, 32, 8, 4, 3)]


def dot_types(torch):
    """name -> (input dtype, input precision, accumulator, output dtype,
    K-major B, configs, tolerance relative to the output's scale)."""
    f8 = getattr(torch, "float8_e4m3fn", None)
    f5 = getattr(torch, "float8_e5m2", None)
    types = {
        "f16": (torch.float16, "ieee", "f32", torch.float16, False, CONFIGS_16, 2e-2),
        "bf16": (torch.bfloat16, "ieee", "f32", torch.bfloat16, False, CONFIGS_16, 2e-2),
        "f16acc": (torch.float16, "ieee", "f16", torch.float16, False, CONFIGS_16, 5e-2),
        "tf32": (torch.float32, "tf32", "f32", torch.float32, False, CONFIGS_32, 1e-2),
        "tf32x3": (torch.float32, "tf32x3", "f32", torch.float32, False, CONFIGS_32, 1e-4),
        # The same tf32 dot with B stored K-major (a transposed weight, as
        # torch.nn.Linear keeps it): wgmma reads 32-bit operands K-major only.
        "tf32-kmajor": (torch.float32, "tf32", "f32", torch.float32, True, CONFIGS_32, 1e-2),
        "int8": (torch.int8, "ieee", "i32", torch.int32, True, CONFIGS_8, 0.0),
        "f64": (torch.float64, "ieee", "f64", torch.float64, False, CONFIGS_64, 1e-9),
    }
    if f8 is not None:
        types["fp8e4m3"] = (f8, "ieee", "f32", torch.float16, True, CONFIGS_8, 2e-2)
    if f5 is not None:
        types["fp8e5m2"] = (f5, "ieee", "f32", torch.float16, True, CONFIGS_8, 2e-2)
    return types


def make_kernel(triton, tl):

    @triton.jit
    def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak,
               stride_bk, stride_bn, stride_cm, stride_cn,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
               PRECISION: tl.constexpr, ACC: tl.constexpr):
        pid = tl.program_id(axis=0)
        num_pid_m = tl.cdiv(M, BLOCK_M)
        num_pid_n = tl.cdiv(N, BLOCK_N)
        num_pid_in_group = GROUP_M * num_pid_n
        group_id = pid // num_pid_in_group
        first_pid_m = group_id * GROUP_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
        pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
        pid_n = (pid % num_pid_in_group) // group_size_m
        offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
        offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
        offs_k = tl.arange(0, BLOCK_K)
        a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
        b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
        if ACC == "f16":
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float16)
        elif ACC == "i32":
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
        elif ACC == "f64":
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
        else:
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
            b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
            if ACC == "f16":
                acc = tl.dot(a, b, acc, out_dtype=tl.float16)
            elif ACC == "i32":
                acc = tl.dot(a, b, acc, out_dtype=tl.int32)
            elif ACC == "f64":
                acc = tl.dot(a, b, acc, out_dtype=tl.float64)
            else:
                acc = tl.dot(a, b, acc, input_precision=PRECISION)
            a_ptrs += BLOCK_K * stride_ak
            b_ptrs += BLOCK_K * stride_bk
        c = acc.to(c_ptr.dtype.element_ty)
        offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
        c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
        tl.store(c_ptrs, c, mask=c_mask)

    return matmul


def inputs(torch, name, dtype, kmajor_b, m, n, k):
    gen = torch.Generator(device="cuda").manual_seed(0)
    if dtype == torch.int8:
        a = torch.randint(-8, 8, (m, k), device="cuda", dtype=torch.int8, generator=gen)
        b = torch.randint(-8, 8, (n, k), device="cuda", dtype=torch.int8, generator=gen)
    else:
        a = torch.randn((m, k), device="cuda", generator=gen) * 0.5
        b = torch.randn((n, k), device="cuda", generator=gen) * 0.5
        a, b = a.to(dtype), b.to(dtype)
    # b is (K, N); K-major (column-major) where the type wants it.
    b = b.t() if kmajor_b else b.t().contiguous()
    return a, b


def torch_baseline(torch, name, a, b, out_dtype):
    """The library call a PyTorch user has for this type, or None."""
    if name.startswith("fp8"):
        if a.dtype == torch.float8_e5m2 and b.dtype == torch.float8_e5m2:
            return None, "cuBLAS has no e5m2 x e5m2"
        one = torch.ones((), device="cuda")
        return (lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one,
                                         out_dtype=out_dtype)), "torch._scaled_mm"
    if name == "int8":
        return (lambda: torch._int_mm(a, b)), "torch._int_mm"
    if name in ("tf32", "tf32-kmajor", "tf32x3"):
        tf32 = name != "tf32x3"

        def call():
            saved = torch.backends.cuda.matmul.allow_tf32
            torch.backends.cuda.matmul.allow_tf32 = tf32
            try:
                return torch.matmul(a, b)
            finally:
                torch.backends.cuda.matmul.allow_tf32 = saved
        return call, "torch.matmul (%s)" % ("tf32" if tf32 else "fp32")
    return (lambda: torch.matmul(a, b)), "torch.matmul"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", default="nvidia")
    parser.add_argument("--size", type=int, nargs="*", default=[4096])
    parser.add_argument("--types", nargs="*", default=None)
    parser.add_argument("--json", default=None, help="write the results here")
    args = parser.parse_args()

    import torch
    import triton
    import triton.language as tl
    from triton.testing import do_bench
    import trident.triton

    if not torch.cuda.is_available():
        print("dot_types.py needs a CUDA device", file=sys.stderr)
        return 1
    matmul = make_kernel(triton, tl)
    types = dot_types(torch)
    chosen = args.types or list(types)
    unknown = [t for t in chosen if t not in types]
    if unknown:
        parser.error("unknown dot types %s (known: %s)" % (unknown, " ".join(types)))

    def run(a, b, c, cfg, precision, acc):
        bm, bn, bk, gm, warps, stages = cfg
        m, k = a.shape
        n = b.shape[1]
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
        return lambda: matmul[grid](a, b, c, m, n, k, a.stride(0), a.stride(1),
                                    b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                                    BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=gm,
                                    PRECISION=precision, ACC=acc,
                                    num_warps=warps, num_stages=stages)

    def best(launch_for, check):
        """Fastest configuration for the active backend: (ms, cfg, note)."""
        found = None
        notes = []
        for cfg, launch in launch_for:
            try:
                launch()
                torch.cuda.synchronize()
                err = check()
                if err:
                    notes.append("%s: %s" % (cfg, err))
                    continue
                ms = do_bench(launch)
            except Exception as e:  # a refusal or a launch error: record it
                notes.append("%s: %s" % (cfg, describe(e)))
                continue
            if found is None or ms < found[0]:
                found = (ms, cfg)
        return found, notes

    results = []
    print("GPU: %s; Triton %s; torch %s" % (torch.cuda.get_device_name(),
                                            triton.__version__, torch.__version__))
    for size in args.size:
        m = n = k = size
        flops = 2.0 * m * n * k
        for name in chosen:
            dtype, precision, acc, out_dtype, kmajor, configs, tol = types[name]
            a, b = inputs(torch, name, dtype, kmajor, m, n, k)
            ref = (a.double() @ b.double())
            scale = ref.abs().max().item() or 1.0
            c = torch.empty((m, n), device="cuda", dtype=out_dtype)

            def check():
                got = c.double()
                if not torch.isfinite(got).all():
                    return "non-finite output"
                err = (got - ref).abs().max().item() / scale
                return None if err <= tol else "max error %.3g > %.3g" % (err, tol)

            def poisoned(launch):
                def go():
                    c.fill_(float("nan") if c.is_floating_point() else -1)
                    launch()
                return go

            row = {"type": name, "size": size}
            for compiler in ("triton", "trident"):
                if compiler == "trident":
                    trident.triton.activate(args.target)
                else:
                    trident.triton.deactivate()
                launches = []
                for cfg in configs:
                    launch = run(a, b, c, cfg, precision, acc)
                    launches.append((cfg, _first_checked(poisoned(launch), launch)))
                found, notes = best(launches, check)
                row[compiler] = None if found is None else {
                    "ms": found[0], "tflops": flops / found[0] / 1e9, "config": found[1]}
                if notes:
                    row[compiler + "_notes"] = notes
            trident.triton.deactivate()
            baseline, label = torch_baseline(torch, name, a, b, out_dtype)
            row["torch_label"] = label
            if baseline is not None:
                try:
                    out = baseline()
                    err = (out.double() - ref).abs().max().item() / scale
                    ms = do_bench(baseline)
                    row["torch"] = {"ms": ms, "tflops": flops / ms / 1e9,
                                    "max_error": err}
                except Exception as e:
                    row["torch"] = None
                    row["torch_notes"] = [describe(e)]
            results.append(row)
            print(format_row(row), flush=True)
            del a, b, c, ref
            torch.cuda.empty_cache()

    print()
    print(table(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


def describe(error):
    """One line for an exception: its last line, unless that is the caret
    Triton's CompilationError puts under the source line, whose reason is
    then its cause (the frontend's assertion)."""
    text = str(error).rstrip()
    if text.endswith("^") and error.__cause__ is not None:
        error, text = error.__cause__, str(error.__cause__).rstrip()
    last = text.splitlines()[-1].strip() if text else ""
    return ("%s: %s" % (type(error).__name__, last))[:300]


def _first_checked(poisoned, launch):
    """A launch whose first call poisons the output first (the check reads
    that call's result); later calls, the timed ones, launch only."""
    state = {"first": True}

    def go():
        if state["first"]:
            state["first"] = False
            poisoned()
        else:
            launch()
    return go


def tflops(entry):
    return entry["tflops"] if entry else None


def format_row(row):
    parts = ["%-8s %5d" % (row["type"], row["size"])]
    for key in ("triton", "trident", "torch"):
        e = row.get(key)
        parts.append("%s %s" % (key, "%.1f TFLOP/s" % e["tflops"] if e else "-"))
    for key in ("triton_notes", "trident_notes", "torch_notes"):
        if row.get(key):
            parts.append("%s: %s" % (key, "; ".join(row[key])))
    return "  ".join(parts)


def table(results):
    lines = ["| type | size | Trident TFLOP/s | Triton | torch | torch call | "
             "Trident / Triton | Trident / torch | Trident config |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        t, u, c = tflops(r.get("trident")), tflops(r.get("triton")), tflops(r.get("torch"))
        ratio = lambda x, y: "%.2f" % (x / y) if x and y else "-"
        fmt = lambda x: "%.1f" % x if x else "-"
        lines.append("| %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
            r["type"], r["size"], fmt(t), fmt(u), fmt(c), r.get("torch_label", ""),
            ratio(t, u), ratio(t, c),
            r["trident"]["config"] if r.get("trident") else "; ".join(r.get("trident_notes", []))))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
