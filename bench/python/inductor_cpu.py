#!/usr/bin/env python3
"""torch.compile's CPU path: Inductor's Triton kernels run by Trident's cpu
target, against Inductor's own C++ backend, in one process.

    PYTHONPATH=python TRIDENT_BUILD_DIR=build \\
        python3 bench/python/inductor_cpu.py [--runs 20] [--json FILE]

For an MLP and a pre-norm transformer block (f32, sizes below), it times
eager, `torch.compile` with `cpu_backend = "cpp"` (Inductor's default: C++
with OpenMP) and `torch.compile` with `cpu_backend = "triton"` and Trident's
cpu target active, its launches on torch's OpenMP threads (the default) and
on Trident's own thread pool. Each compiled model is checked against eager first.
Prints one line per model: milliseconds (median of --runs calls after
warm-up) and the ratio C++ / Trident (> 1: Trident is faster). Exits 1 when
a compiled model is wrong or Trident compiled no kernel for it.

Matrix products stay library calls in both backends (Inductor hands mm and
addmm to ATen unless max-autotune is on), so the ratio measures the fused
elementwise and reduction kernels around them, as a torch.compile user on a
CPU sees it.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                "python"))
sys.path.insert(0, HERE)
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(
    prefix="trident-inductor-triton-cache-"))


def build_models(torch, scale):
    """The demo's MLP and block (torch_compile_demo.py) at sizes where a
    call takes milliseconds."""
    from torch_compile_demo import build_cases
    cases = {name: model for name, model, _ in build_cases(
        torch, "cpu", torch.float32)}
    torch.manual_seed(0)
    mlp = type(cases["mlp"])(1024 // scale, 4096 // scale).eval()
    block = type(cases["transformer_block"])(512 // scale, 8).eval()
    return [
        ("mlp", mlp, (torch.randn(2048 // scale, 1024 // scale),)),
        ("transformer_block", block,
         (torch.randn(8, 256 // scale, 512 // scale),)),
    ]


def median_ms(fn, inputs, runs):
    for _ in range(3):
        fn(*inputs)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn(*inputs)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def time_backend(torch, trident, inductor_config, backend, model, inputs,
                 expected, args, row, key):
    """Compiles `model` with Inductor's cpu_backend `backend` (Trident's cpu
    target active for "triton"), checks it against `expected` and records
    its time in `row` under `key`. Returns whether it was right. Trident's
    launches run on torch's OpenMP threads (what activating does), or on
    Trident's own pool for the key "triton_pool"."""
    torch._dynamo.reset()
    inductor_config.cpu_backend = backend
    if backend == "triton":
        trident.triton.activate("cpu")
        if key == "triton_pool":
            trident.use_own_threads()
    before = trident.triton.compiled_kernels()
    compiled = torch.compile(model)
    got = compiled(*inputs)
    error = (got - expected).abs().max().item()
    ok = torch.allclose(got, expected, atol=args.atol, rtol=args.rtol)
    why = "" if ok else " (outside atol %g rtol %g)" % (args.atol, args.rtol)
    if backend == "triton":
        # The second Triton variant reuses the kernels the first compiled.
        row["trident_kernels"] = row.get("trident_kernels", 0) + \
            trident.triton.compiled_kernels() - before
        if not row["trident_kernels"]:
            ok, why = False, why + " (Trident compiled no kernel)"
    row[key + "_ms"] = median_ms(compiled, inputs, args.runs)
    row[key + "_error"] = error
    if backend == "triton":
        trident.triton.deactivate()
    if not ok:
        print("FAIL %s with %s: max abs error %.3g%s" % (
            row["model"], key, error, why), flush=True)
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--scale", type=int, default=1,
                        help="divide every size by this (a quick check)")
    parser.add_argument("--atol", type=float, default=1e-3)
    parser.add_argument("--rtol", type=float, default=1e-3)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()

    import torch
    import torch._dynamo
    import torch._inductor.config as inductor_config
    import trident.triton

    inductor_config.compile_threads = 1
    inductor_config.fx_graph_cache = False
    threads = torch.get_num_threads()
    print("torch %s, %d intra-op threads, TRIDENT_CPU_THREADS=%s, OpenMP "
          "runtimes loaded: %s" % (
              torch.__version__, threads,
              os.environ.get("TRIDENT_CPU_THREADS", "(all cores)"),
              ", ".join(trident._host_threads.loaded_openmp_libraries())
              or "none"), flush=True)

    results, failures = [], 0
    with torch.no_grad():
        for name, model, inputs in build_models(torch, args.scale):
            expected = model(*inputs)
            row = {"model": name, "eager_ms": median_ms(model, inputs,
                                                        args.runs)}
            for backend, key in (("cpp", "cpp"), ("triton", "triton_pool"),
                                 ("triton", "triton")):
                try:
                    ok = time_backend(torch, trident, inductor_config,
                                      backend, model, inputs, expected,
                                      args, row, key)
                except Exception as error:  # one line, then go on
                    ok = False
                    row[key + "_ms"] = None
                    print("FAIL %s with %s: %s: %s" % (
                        name, key, type(error).__name__,
                        str(error).splitlines()[0] if str(error) else ""),
                        flush=True)
                    if backend == "triton":
                        trident.triton.deactivate()
                failures += not ok
            if not (row["cpp_ms"] and row["triton_ms"]):
                results.append(row)
                continue
            row["ratio_cpp_over_trident"] = row["cpp_ms"] / row["triton_ms"]
            results.append(row)
            print("%-18s eager %8.3f ms  inductor C++ %8.3f ms  inductor "
                  "Triton on Trident %8.3f ms (%d kernels; on Trident's own "
                  "pool %s ms)  C++/Trident %.2fx" % (
                      name, row["eager_ms"], row["cpp_ms"], row["triton_ms"],
                      row["trident_kernels"],
                      "%.3f" % row["triton_pool_ms"]
                      if row.get("triton_pool_ms") else "-",
                      row["ratio_cpp_over_trident"]), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"torch": torch.__version__, "threads": threads,
                       "runs": args.runs, "results": results}, f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
