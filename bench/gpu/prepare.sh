#!/bin/bash
# Builds everything the GPU run needs, on the build machine, into DEST
# (default /work/main/.gpu): the runtime-only launcher and its two libraries
# (no LLVM), one bundle per kernel the nvidia pipeline compiles, the TTIR of
# the kernels (for upstream Triton's cold compile times) and the scripts.
#
# Kernels come from Triton 3.6's own TTGIR (shared/kernels/triton-3.6): each
# goes through the nvidia `llir` stage (trident-opt --nvidia-llir-stage),
# LLVM -> PTX -> cubin (trident-nvidia-translate) and is packed into a
# bundle. Per stage the wall time is recorded in DEST/compile_times.txt.
#
# Usage: bench/gpu/prepare.sh BUILD_DIR [DEST] [KERNEL...]
set -euo pipefail
build=$(realpath "$1"); dest=${2:-/work/main/.gpu}; shift 2 || true
kernels=("$@"); [ ${#kernels[@]} -gt 0 ] || kernels=(vadd gelu softmax layernorm)
here=$(dirname "$(realpath "$0")")
src=$(realpath "$here/../..")
shared=$(realpath "$src/../shared" 2>/dev/null || echo /work/shared)/kernels/triton-3.6
plugin=$build/lib/trident/plugins/libTridentNvidia.so
rm -rf "$dest"; mkdir -p "$dest"/{bin,lib,kernels,ttir,scripts}
cp "$build/bin/trident-nvidia-run" "$dest/bin/"
cp "$build/lib/libTridentRuntime.so" "$build/lib/libTridentNvidiaRuntime.so" "$dest/lib/"
cp "$here/run_gpu.sh" "$here/gpu_bench.py" "$dest/scripts/"
cp "$shared"/*.ttir "$dest/ttir/"
: > "$dest/compile_times.txt"
export TRIDENT_PLUGINS=
for k in "${kernels[@]}"; do
  ttgir=$shared/$k.ttgir
  warps=$(grep -o '"ttg.num-warps" = [0-9]*' "$ttgir" | grep -o '[0-9]*$')
  name=$(grep -o 'tt.func public @[A-Za-z0-9_]*' "$ttgir" | head -1 | sed 's/.*@//')
  t0=$(date +%s.%N)
  if ! "$build/bin/trident-opt" --plugin "$plugin" --nvidia-llir-stage "$ttgir" \
        -o "$dest/kernels/$k.llvm.mlir" 2> "$dest/kernels/$k.err"; then
    echo "$k: llir stage failed: $(head -c 300 "$dest/kernels/$k.err")"; continue
  fi
  t1=$(date +%s.%N)
  "$build/bin/trident-nvidia-translate" "$dest/kernels/$k.llvm.mlir" --arch sm_90 \
      --emit cubin -o "$dest/kernels/$k.cubin" --print-resources 2> "$dest/kernels/$k.res"
  t2=$(date +%s.%N)
  # The signature from the TTGIR parameters (pointers and i32/f32 scalars).
  params=$(python3 - "$ttgir" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
sig = re.search(r"tt.func public @\w+\((.*?)\)\s*(attributes|\{)", text, re.S).group(1)
out = []
for i, m in enumerate(re.finditer(r"%\w+: (!tt.ptr<(\w+)>|i32|f32|i64)", sig)):
    out.append(f"--param ptr:{m.group(2)}:a{i}" if m.group(2) else f"--param {m.group(1)}:a{i}")
print(" ".join(out))
PY
)
  python3 "$src/backends/nvidia/test/Inputs/make_bundle.py" "$dest/kernels/$k.cubin" \
      "$dest/kernels/$k.tkb" --kernel "$name" --target nvidia:sm_90 \
      --num-warps "$warps" $params
  rm -f "$dest/kernels/$k.llvm.mlir"
  printf '%s llir_s %.3f ptx_cubin_s %.3f %s\n' "$k" "$(echo "$t1 - $t0" | bc)" \
      "$(echo "$t2 - $t1" | bc)" "$(cat "$dest/kernels/$k.res")" >> "$dest/compile_times.txt"
done
cat "$dest/compile_times.txt"
du -sh "$dest"
