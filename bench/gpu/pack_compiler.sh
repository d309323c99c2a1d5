#!/bin/bash
# Packs the compiler (trident, libTridentCore, the nvidia plugin, and
# Debian's libLLVM/libMLIR/libz3, all xz-compressed, about 53 MB) with the
# benchmark kernels' TTIR into DEST (default .ccarry) for
# bench/gpu/compile_times.sh on the GPU machine, which has no LLVM 22.
# Usage: bench/gpu/pack_compiler.sh BUILD_DIR [DEST]
set -euo pipefail
build=$(realpath "$1"); dest=${2:-.ccarry}
here=$(dirname "$(realpath "$0")")
shared=$(realpath "$here/../../../shared" 2>/dev/null || echo /work/shared)/kernels/triton-3.6
rm -rf "$dest"; mkdir -p "$dest"/{bin,lib/trident/plugins,llvm,ttir}
cp "$build/bin/trident" "$dest/bin/"
cp "$build/lib/libTridentCore.so" "$build/lib/libTridentRuntime.so" "$dest/lib/"
cp "$build/lib/trident/plugins/nvidia.json" "$build/lib/trident/plugins/libTridentNvidia.so" \
   "$dest/lib/trident/plugins/"
for lib in /usr/lib/x86_64-linux-gnu/libLLVM.so.22.1 /usr/lib/llvm-22/lib/libMLIR.so.22.1 \
           /lib/x86_64-linux-gnu/libz3.so.4; do
  cached=${XZ_CACHE:-/tmp/carry}/$(basename "$lib").xz
  if [ -s "$cached" ]; then cp "$cached" "$dest/llvm/"; else xz -9 -T2 -c "$lib" > "$dest/llvm/$(basename "$lib").xz"; fi
done
# Trident's own libraries travel compressed too (the device takes 64 MiB).
find "$dest/lib" -name '*.so' -exec xz -6 -T2 {} +
for k in vadd gelu softmax layernorm matmul attention; do cp "$shared/$k.ttir" "$dest/ttir/"; done
cp "$here/compile_times.sh" "$here/compile_bench.py" "$here/stage_times.py" "$dest/"
du -sh "$dest"
