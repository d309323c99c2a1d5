"""Where a cold compile spends its time, stage by stage, for upstream Triton
and Trident on the same machine (the GPU machine).

Triton: triton.compile(ttir) in a warm process with a fresh cache, each stage
function of the CUDA backend wrapped in a timer. ptxas: Triton's bundled ptxas
and the CUDA toolkit's, each on Triton's PTX and on Trident's, with Triton's
flags. Trident's stages come from `trident compile --time`.

Usage (from .ccarry on the GPU machine): python3 stage_times.py [REPEAT]
"""
import os, re, shutil, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 5
kernels = {"vadd": (4, 1), "gelu": (4, 1), "softmax": (8, 1), "layernorm": (8, 1),
           "matmul": (8, 3), "attention": (8, 3)}

import triton
from triton.backends.compiler import GPUTarget
from triton.backends.nvidia import compiler as nvcompiler

stage_ms = {}
outputs = {}
original_add_stages = nvcompiler.CUDABackend.add_stages


def timed_add_stages(self, stages, *args, **kwargs):
    original_add_stages(self, stages, *args, **kwargs)
    for name, fn in list(stages.items()):
        def wrapped(src, metadata, _fn=fn, _name=name):
            t0 = time.perf_counter()
            result = _fn(src, metadata)
            stage_ms.setdefault(_name, []).append((time.perf_counter() - t0) * 1000)
            outputs[_name] = result
            return result
        stages[name] = wrapped


nvcompiler.CUDABackend.add_stages = timed_add_stages
target = GPUTarget("cuda", 90, 32)
bundled = os.path.join(os.path.dirname(nvcompiler.__file__), "bin", "ptxas")
toolkit = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "ptxas")


def median(values):
    return statistics.median(values) if values else float("nan")


def ptxas_ms(ptxas, ptx_path):
    times = []
    with tempfile.TemporaryDirectory() as d:
        for _ in range(repeat):
            t0 = time.perf_counter()
            subprocess.run([ptxas, "-lineinfo", "-v", "--gpu-name=sm_90a", ptx_path, "-o",
                            os.path.join(d, "k.cubin")], check=True, capture_output=True)
            times.append((time.perf_counter() - t0) * 1000)
    return median(times)


def version(ptxas):
    out = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout
    return re.findall(r"release [0-9.]+", out)[-1] if "release" in out else "?"


print(f"# bundled ptxas {bundled}: {version(bundled)}; toolkit ptxas {toolkit}: {version(toolkit)}")
triton.compile(os.path.join(here, "ttir", "vadd.ttir"), target=target,
               options={"num_warps": 4, "num_stages": 1})  # first-use costs out of the way
for kernel, (warps, stages) in kernels.items():
    stage_ms.clear()
    totals = []
    for _ in range(repeat):
        os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
        t0 = time.perf_counter()
        triton.compile(os.path.join(here, "ttir", kernel + ".ttir"), target=target,
                       options={"num_warps": warps, "num_stages": stages})
        totals.append((time.perf_counter() - t0) * 1000)
        shutil.rmtree(os.environ["TRITON_CACHE_DIR"], ignore_errors=True)
    parts = ", ".join(f"{k} {median(v):.1f}" for k, v in stage_ms.items())
    print(f"triton {kernel}: total {median(totals):.1f} ms; {parts}")
    triton_ptx = os.path.join(os.environ.get("OUT", tempfile.gettempdir()), f"triton-{kernel}.ptx")
    with open(triton_ptx, "w") as f:
        f.write(outputs["ptx"])
    with open(triton_ptx[:-4] + ".ll", "w") as f:
        f.write(outputs["llir"])
    trident_ptx = os.path.join(here, "ptx", kernel + ".ptx")
    lines = lambda p: sum(1 for _ in open(p))
    print(f"  ptxas ms (bundled/toolkit): triton ptx ({lines(triton_ptx)} lines) "
          f"{ptxas_ms(bundled, triton_ptx):.1f}/{ptxas_ms(toolkit, triton_ptx):.1f}; "
          f"trident ptx ({lines(trident_ptx)} lines) "
          f"{ptxas_ms(bundled, trident_ptx):.1f}/{ptxas_ms(toolkit, trident_ptx):.1f}")
