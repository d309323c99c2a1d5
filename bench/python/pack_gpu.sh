#!/bin/bash
# Packs what the Python package needs on the GPU machine, which has no LLVM
# 22: Trident's libraries, the nvidia and cpu (linalg) plugins, the runtime
# libraries and the `trident` tool, with Debian's libLLVM/libMLIR (and a stub libz3), all
# xz-compressed, into DEST (default .pycarry, git-ignored through
# .git/info/exclude). Optionally adds SITE (pure-Python packages to put on
# PYTHONPATH there, e.g. pytest-xdist unpacked from Debian's .deb) and
# UPSTREAM (a copy of upstream Triton's sources for conformance.py).
#   bench/python/pack_gpu.sh BUILD_DIR [DEST] [SITE] [UPSTREAM]
# On the GPU machine, from the repository root:
#   source DEST/unpack.sh     # sets TRIDENT_BUILD_DIR and LD_LIBRARY_PATH
set -euo pipefail
build=$(realpath "$1"); dest=${2:-.pycarry}; site=${3:-}; upstream=${4:-}
rm -rf "$dest"; mkdir -p "$dest"/{bin,lib/trident/plugins,llvm}
cp "$build/bin/trident" "$dest/bin/"
for lib in libTridentCompiler libTridentCore libTridentRuntime \
           libTridentHostCodeGen libTridentCpuRuntime libTridentNvidiaRuntime; do
  cp "$build/lib/$lib.so" "$dest/lib/"
done
for plugin in nvidia linalg; do
  cp "$build/lib/trident/plugins/$plugin.json" "$dest/lib/trident/plugins/"
  lib=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["library"])' \
        "$build/lib/trident/plugins/$plugin.json")
  cp "$build/lib/trident/plugins/$lib" "$dest/lib/trident/plugins/"
done
# libLLVM needs libz3 only for the static analyzer's Z3 solver, which
# Trident never calls: a library of stubs that abort stands in for its 23 MB
# (7 MB compressed), so that everything fits the device's 64 MiB.
nm -D --undefined-only /usr/lib/x86_64-linux-gnu/libLLVM.so.22.1 |
  awk '$2 ~ /^Z3_/ { print "void " $2 "(void) { abort(); }" }' |
  { echo '#include <stdlib.h>'; cat; } > "$dest/z3stub.c"
cc -shared -fPIC -Wl,-soname,libz3.so.4 -o "$dest/llvm/libz3.so.4" "$dest/z3stub.c"
rm "$dest/z3stub.c"; xz -9 "$dest/llvm/libz3.so.4"
for lib in /usr/lib/x86_64-linux-gnu/libLLVM.so.22.1 /usr/lib/llvm-22/lib/libMLIR.so.22.1; do
  cached=${XZ_CACHE:-/tmp/carry}/$(basename "$lib").xz
  if [ -s "$cached" ]; then cp "$cached" "$dest/llvm/"
  else xz -9 -T2 -c "$lib" > "$dest/llvm/$(basename "$lib").xz"; fi
done
find "$dest/bin" "$dest/lib" -type f ! -name '*.json' -exec xz -6 -T2 {} +
[ -n "$site" ] && cp -r "$site" "$dest/site"
[ -n "$upstream" ] && cp -r "$upstream" "$dest/upstream"
cat > "$dest/unpack.sh" <<'SH'
# Sourced on the GPU machine: unpacks into /tmp/trident-build (the shape of
# a build directory) and points the package at it.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=/tmp/trident-build
# Unpacked once per carry: a second run in the same call (two steps side
# by side) finds the stamp and uses the same tree.
if [ "$(cat "$root/.carry" 2>/dev/null)" != "$here" ]; then
rm -rf "$root"; mkdir -p "$root"; cp -r "$here/bin" "$here/lib" "$root/"
mkdir -p "$root/llvm"; cp "$here"/llvm/*.xz "$root/llvm/"
python3 - "$root" <<'PY'
import glob, lzma, os, sys
for path in glob.glob(os.path.join(sys.argv[1], "**", "*.xz"), recursive=True):
    with lzma.open(path) as f, open(path[:-3], "wb") as out:
        out.write(f.read())
    os.remove(path)
PY
chmod +x "$root/bin/"* "$root"/lib/*.so "$root"/lib/trident/plugins/*.so "$root"/llvm/*
echo "$here" > "$root/.carry"
fi
export TRIDENT_BUILD_DIR=$root LD_LIBRARY_PATH=$root/llvm:$root/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
[ -d "$here/site" ] && export PYTHONPATH=$here/site${PYTHONPATH:+:$PYTHONPATH}
SH
du -sh "$dest"
