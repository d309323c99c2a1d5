#!/bin/bash
# Cold compile times TTIR -> cubin of Trident and upstream Triton on the
# same machine (the GPU machine), for the benchmark kernels. Run from the
# repository root there, with the package bench/gpu/pack_compiler.sh made
# on the build machine carried in .ccarry/:
#   bash .ccarry/compile_times.sh          # REPEAT=N for N runs (default 7)
# See compile_bench.py for what is timed and how.
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
# The comparison itself, interleaved (compile_bench.py says how).
python3 compile_bench.py "$root/bin/trident" "${REPEAT:-7}"
