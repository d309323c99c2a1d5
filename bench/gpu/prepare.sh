#!/bin/bash
# Builds everything the GPU run needs on the build machine, into DEST
# (default /work/main/.gpu), for bash DEST/scripts/run_gpu.sh there:
#
#   bin/      trident-run (runtime only, no LLVM) and a `trident` shim
#   lib/      libTridentRuntime.so, libTridentNvidiaRuntime.so, and
#             trident/plugins/nvidia.json, the manifest by which trident-run
#             finds that runtime
#   corpus/   test/kernels/*.ttir (+ the grid and bf16 driver inputs) compiled
#             by `trident compile --target nvidia:sm_90`, for run_kernel.py
#   kernels/  the benchmark kernels (Triton 3.6's TTIR of shared/kernels)
#             compiled the same way with the launch options Triton used
#   ttir/     that TTIR, for upstream Triton's cold compile times
#   kernels-baseline/  with BASELINE_PLUGINS (a plugin manifest, e.g. of an
#             earlier build's nvidia plugin, copied aside), the memory-bound
#             benchmark kernels compiled by that plugin: gpu_bench.py times
#             them beside the current ones, for a before/after in one run
#   compile_times.txt   Trident's cold compile time per kernel (TTIR ->
#             bundle, `trident compile`, no cache), median of 3
#
# Usage: bench/gpu/prepare.sh BUILD_DIR [DEST]
set -uo pipefail
build=$(realpath "$1"); dest=${2:-/work/main/.gpu}
here=$(dirname "$(realpath "$0")")
src=$(realpath "$here/../..")
shared=$(realpath "$src/../shared" 2>/dev/null || echo /work/shared)/kernels/triton-3.6
rm -rf "$dest"; mkdir -p "$dest"/{bin,lib,corpus,kernels,ttir,scripts}
cp "$build/bin/trident-run" "$dest/bin/"
mkdir -p "$dest/lib/trident/plugins"
cp "$build/lib/trident/plugins/nvidia.json" "$dest/lib/trident/plugins/"
cp "$here/trident-shim.sh" "$dest/bin/trident"
cp "$build/lib/libTridentRuntime.so" "$build/lib/libTridentNvidiaRuntime.so" "$dest/lib/"
cp "$here/run_gpu.sh" "$here/gpu_bench.py" "$here/ncu_matmul.py" "$src/backends/linalg/test/e2e/run_kernel.py" "$dest/scripts/"
cp "$shared"/*.ttir "$dest/ttir/"
export TRIDENT_PLUGINS="$build/lib/trident/plugins/nvidia.json"
unset TRIDENT_CACHE_DIR
trident="$build/bin/trident"

# compile NAME SOURCE OUTDIR [options]: three cold compiles, the median time.
compile() {
  local name=$1 source=$2 out=$3; shift 3
  local times=()
  for i in 1 2 3; do
    local t0=$(date +%s%N)
    if ! "$trident" compile "$source" --target nvidia:sm_90 -o "$out/$name.tkb" "$@" \
          2> "$out/$name.err"; then
      echo "$name: FAILED: $(head -c 400 "$out/$name.err")" | tee -a "$dest/compile_times.txt"
      rm -f "$out/$name.tkb"; return
    fi
    times+=($(( ($(date +%s%N) - t0) / 1000000 )))
  done
  rm -f "$out/$name.err"
  local median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
  echo "$name: ${median} ms (runs: ${times[*]} ms) options: $*" | tee -a "$dest/compile_times.txt"
}

: > "$dest/compile_times.txt"
echo "# corpus (test/kernels, default options)" >> "$dest/compile_times.txt"
for k in "$src"/test/kernels/*.ttir "$src"/test/driver/Inputs/grid_ids.ttir \
         "$src"/test/driver/Inputs/scale_bf16.ttir; do
  compile "$(basename "${k%.ttir}")" "$k" "$dest/corpus"
done
echo "# benchmark kernels (Triton 3.6 TTIR, Triton's launch options)" >> "$dest/compile_times.txt"
compile vadd "$shared/vadd.ttir" "$dest/kernels" --num-warps 4
compile gelu "$shared/gelu.ttir" "$dest/kernels" --num-warps 4
compile softmax "$shared/softmax.ttir" "$dest/kernels" --num-warps 8
compile layernorm "$shared/layernorm.ttir" "$dest/kernels" --num-warps 8
compile matmul "$shared/matmul.ttir" "$dest/kernels" --num-warps 8 --num-stages 3
compile attention "$shared/attention.ttir" "$dest/kernels" --num-warps 8 --num-stages 3
if [ -n "${BASELINE_PLUGINS:-}" ]; then
  echo "# the same, by the baseline plugin $BASELINE_PLUGINS" >> "$dest/compile_times.txt"
  mkdir -p "$dest/kernels-baseline"
  for spec in vadd:4 gelu:4 softmax:8 layernorm:8; do
    TRIDENT_PLUGINS=$BASELINE_PLUGINS compile "${spec%:*}" "$shared/${spec%:*}.ttir" \
      "$dest/kernels-baseline" --num-warps "${spec#*:}"
  done
fi
du -sh "$dest"
