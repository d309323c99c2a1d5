#!/bin/bash
# Cold compile times TTIR -> cubin of Trident and upstream Triton on the
# same machine (the GPU machine), for the benchmark kernels. Run from the
# repository root there, with the package bench/gpu/pack_compiler.sh made
# on the build machine carried in .ccarry/:
#   bash .ccarry/compile_times.sh          # REPEAT=N for N runs (default 3)
# Trident: the whole `trident compile` process (start-up, plugin loading,
# every stage, ptxas), no cache, median of 3 (or REPEAT); and, from the same runs, the
# compilation inside the process (`trident compile --time`: parse and every
# stage, ptxas included), which is what Triton's figure measures: Triton:
# triton.compile(ttir) in a warm Python process with a fresh cache each
# time, median of 3 (or REPEAT). And, beside Trident's whole process, Triton's:
# a fresh Python process that imports triton and compiles the kernel once.
set -uo pipefail
cd "$(dirname "$0")"
root=/tmp/trident-compiler
rm -rf "$root"; mkdir -p "$root/lib"
cp -r bin lib "$root/" 2>/dev/null
python3 - "$root" llvm/*.xz <<'PY'
import glob, lzma, os, sys
root = sys.argv[1]
# Debian's libraries go beside Trident's; Trident's are unpacked in place.
packed = [(p, os.path.join(root, "lib", os.path.basename(p)[:-3])) for p in sys.argv[2:]]
packed += [(p, p[:-3]) for p in glob.glob(os.path.join(root, "lib", "**", "*.xz"), recursive=True)]
for path, target in packed:
    with lzma.open(path) as f, open(target, "wb") as out:
        out.write(f.read())
    os.chmod(target, 0o755)
    if path.startswith(root):
        os.remove(path)
PY
export LD_LIBRARY_PATH="$root/lib" TRIDENT_PLUGINS="$root/lib/trident/plugins/nvidia.json"
export CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
unset TRIDENT_CACHE_DIR
out=${OUT:-/tmp}
repeat=${REPEAT:-3}
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
echo "# trident compile --target nvidia:sm_90 (whole process), ms" | tee "$out/compile_same_machine.txt"
for spec in "vadd 4 1" "gelu 4 1" "softmax 8 1" "layernorm 8 1" "matmul 8 3" "attention 8 3"; do
  set -- $spec
  times=(); inside=(); : > "/tmp/stages-$1.txt"
  for i in $(seq "$repeat"); do
    t0=$(date +%s%N)
    if ! "$root/bin/trident" compile "ttir/$1.ttir" --target nvidia:sm_90 --num-warps "$2" \
         --num-stages "$3" -o "/tmp/$1.tkb" --time 2>/tmp/err.txt; then
      echo "$1: FAILED: $(head -c 300 /tmp/err.txt)" | tee -a "$out/compile_same_machine.txt"; continue 2
    fi
    times+=($(( ($(date +%s%N) - t0) / 1000000 )))
    inside+=($(sed -n 's/.*total \([0-9.]*\) ms.*/\1/p' /tmp/err.txt))
    sed -n 's/.*time: //p' /tmp/err.txt >> "/tmp/stages-$1.txt"
  done
  # Each stage's median over the runs.
  stages=$(python3 -c 'import re, statistics, sys
runs = [dict((k, float(v)) for k, v in re.findall(r"(\w+) ([0-9.]+) ms", line)) for line in open(sys.argv[1])]
print(", ".join(f"{k} {statistics.median(r[k] for r in runs):.1f}" for k in runs[0]))' "/tmp/stages-$1.txt")
  echo "trident $1: $(median "${times[@]}") (runs: ${times[*]})" | tee -a "$out/compile_same_machine.txt"
  echo "trident-in-process $1: $(median "${inside[@]}") (runs: ${inside[*]}; stage medians: $stages)" | tee -a "$out/compile_same_machine.txt"
done
python3 - "$out/compile_same_machine.txt" "$repeat" <<'PY'
import os, statistics, sys, tempfile, time
import triton
from triton.backends.compiler import GPUTarget
target = GPUTarget("cuda", 90, 32)
opts = {"vadd": (4, 1), "gelu": (4, 1), "softmax": (8, 1), "layernorm": (8, 1), "matmul": (8, 3), "attention": (8, 3)}
with open(sys.argv[1], "a") as log:
    print("# triton.compile(ttir) in a warm process, fresh cache, ms", file=log)
    for k, (w, s) in opts.items():
        times = []
        for _ in range(int(sys.argv[2])):
            os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
            t0 = time.perf_counter()
            triton.compile(os.path.join("ttir", k + ".ttir"), target=target, options={"num_warps": w, "num_stages": s})
            times.append((time.perf_counter() - t0) * 1000)
        line = f"triton {k}: {statistics.median(times):.0f} (runs: {' '.join(f'{t:.0f}' for t in times)})"
        print(line); print(line, file=log)
PY
echo "# triton in a fresh process (python3 -c 'import triton; triton.compile(ttir)'), ms" | tee -a "$out/compile_same_machine.txt"
for spec in "vadd 4 1" "gelu 4 1" "softmax 8 1" "layernorm 8 1" "matmul 8 3" "attention 8 3"; do
  set -- $spec
  times=()
  for i in $(seq "$repeat"); do
    export TRITON_CACHE_DIR=$(mktemp -d)
    t0=$(date +%s%N)
    python3 -c "import triton; from triton.backends.compiler import GPUTarget; triton.compile('ttir/$1.ttir', target=GPUTarget('cuda', 90, 32), options={'num_warps': $2, 'num_stages': $3})"
    times+=($(( ($(date +%s%N) - t0) / 1000000 )))
    rm -rf "$TRITON_CACHE_DIR"
  done
  echo "triton-process $1: $(median "${times[@]}") (runs: ${times[*]})" | tee -a "$out/compile_same_machine.txt"
done
