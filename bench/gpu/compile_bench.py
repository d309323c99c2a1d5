"""Cold compile times TTIR -> cubin, Trident against upstream Triton 3.6, on
one machine, interleaved: each repeat compiles every kernel with Trident and
then with Triton before going on, so that the machine's drifts (other
tenants, clocks) fall on both alike.

  Trident, whole process: `trident compile --time` run from here (start-up,
    plugin loading, every stage, ptxas), no cache;
  Trident, in process: the same runs' `--time` total (parsing and every
    stage, ptxas included);
  Triton, in process: triton.compile(ttir) in this warm Python process with
    a fresh cache each time (what Trident's in-process figure compares to);
  Triton, whole process: a fresh `python3 -c 'import triton;
    triton.compile(...)'`, the start-up included (fewer repeats).

Ratios are Trident's time over Triton's: in process over in process, whole
process over whole process, and Trident's whole process over Triton's warm
call (the strictest). Usage: python3 compile_bench.py TRIDENT_BINARY
[REPEAT]; medians go to stdout and, with the runs, to
$OUT/compile_bench.json.
"""
import json, os, re, shutil, statistics, subprocess, sys, tempfile, time

import triton
from triton.backends.compiler import GPUTarget

here = os.path.dirname(os.path.abspath(__file__))
trident = sys.argv[1]
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 7
kernels = {"vadd": (4, 1), "gelu": (4, 1), "softmax": (8, 1), "layernorm": (8, 1),
           "matmul": (8, 3), "attention": (8, 3)}
target = GPUTarget("cuda", 90, 32)
env = dict(os.environ)
env.pop("TRIDENT_CACHE_DIR", None)


def ttir(kernel):
    return os.path.join(here, "ttir", kernel + ".ttir")


def run_trident(kernel):
    warps, stages = kernels[kernel]
    t0 = time.perf_counter()
    done = subprocess.run([trident, "compile", ttir(kernel), "--target", "nvidia:sm_90",
                           "--num-warps", str(warps), "--num-stages", str(stages),
                           "-o", os.path.join(tempfile.gettempdir(), kernel + ".tkb"), "--time"],
                          capture_output=True, text=True, env=env)
    whole = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:
        sys.exit(f"trident {kernel} failed: {done.stderr.strip()[:300]}")
    line = done.stderr.split("time: ", 1)[1]
    stages_ms = {k: float(v) for k, v in re.findall(r"(\w+) ([0-9.]+) ms", line)}
    return whole, stages_ms


def run_triton(kernel):
    warps, stages = kernels[kernel]
    cache = tempfile.mkdtemp()
    os.environ["TRITON_CACHE_DIR"] = cache
    t0 = time.perf_counter()
    triton.compile(ttir(kernel), target=target, options={"num_warps": warps, "num_stages": stages})
    ms = (time.perf_counter() - t0) * 1000
    shutil.rmtree(cache, ignore_errors=True)
    return ms


def run_triton_process(kernel):
    warps, stages = kernels[kernel]
    cache = tempfile.mkdtemp()
    code = ("import triton; from triton.backends.compiler import GPUTarget; "
            f"triton.compile({ttir(kernel)!r}, target=GPUTarget('cuda', 90, 32), "
            f"options={{'num_warps': {warps}, 'num_stages': {stages}}})")
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=dict(env, TRITON_CACHE_DIR=cache))
    ms = (time.perf_counter() - t0) * 1000
    shutil.rmtree(cache, ignore_errors=True)
    return ms


# First uses (imports, dialect loading, the driver's files) out of the way.
run_triton("vadd")
run_trident("vadd")
runs = {k: {"trident_process": [], "trident_in_process": [], "trident_stages": [],
            "triton_in_process": [], "triton_process": []} for k in kernels}
names = list(kernels)
for r in range(repeat):
    # Rotate the order so that no kernel always follows the same one.
    for kernel in names[r % len(names):] + names[:r % len(names)]:
        whole, stages_ms = run_trident(kernel)
        runs[kernel]["trident_process"].append(whole)
        runs[kernel]["trident_in_process"].append(stages_ms.pop("total"))
        runs[kernel]["trident_stages"].append(stages_ms)
        runs[kernel]["triton_in_process"].append(run_triton(kernel))
for r in range(max(3, repeat // 2)):
    for kernel in names:
        runs[kernel]["triton_process"].append(run_triton_process(kernel))

median = statistics.median
print(f"# cold compile TTIR -> cubin, medians of {repeat} interleaved runs, ms "
      f"(Triton's whole process: {max(3, repeat // 2)})")
print("kernel     trident-process triton-process  trident-in triton-in  ratio-in  "
      "ratio-process  ratio-process/in  trident stages")
summary = {}
for kernel, r in runs.items():
    stage_names = r["trident_stages"][0].keys()
    stages = {s: median(x[s] for x in r["trident_stages"]) for s in stage_names}
    m = {k: median(v) for k, v in r.items() if k != "trident_stages"}
    # In process against in process, whole process against whole process,
    # and Trident's whole process against Triton's warm call (the strictest).
    ratios = {"in_process_ratio": m["trident_in_process"] / m["triton_in_process"],
              "process_ratio": m["trident_process"] / m["triton_process"],
              "process_over_in_process_ratio": m["trident_process"] / m["triton_in_process"]}
    summary[kernel] = dict(m, trident_stage_medians=stages, **ratios)
    print(f"{kernel:10s} {m['trident_process']:15.0f} {m['triton_process']:14.0f} "
          f"{m['trident_in_process']:11.1f} {m['triton_in_process']:9.1f} "
          f"{ratios['in_process_ratio']:8.2f} {ratios['process_ratio']:14.2f} "
          f"{ratios['process_over_in_process_ratio']:17.2f}  "
          + ", ".join(f"{s} {v:.1f}" for s, v in stages.items()))
out = os.environ.get("OUT")
if out:
    with open(os.path.join(out, "compile_bench.json"), "w") as f:
        json.dump({"repeat": repeat, "medians": summary, "runs": runs}, f, indent=1)
