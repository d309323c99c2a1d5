#!/bin/bash
# Packs what trident-fuzz needs on a machine without LLVM 22 (the 16-core
# device machine of docs/fuzzing.md) into DEST (default .fuzzcarry, which
# .git/info/exclude should ignore): the fuzzer and the instrumented
# libTridentCore/libTridentRuntime of a -DTRIDENT_FUZZ=ON build, the plugins
# (.so and .json) of a normal build, Debian's libLLVM/libMLIR and a stub
# libz3, all xz-compressed, with the seed corpus (as test/fuzz/run_fuzz.py
# builds it: the kernels and the lit inputs' modules) and the dictionary.
#   bench/fuzz/pack_fuzz.sh FUZZ_BUILD PLUGINS [DEST]
# e.g., from the repository root:
#   bench/fuzz/pack_fuzz.sh ../wt/fuzz/build-fuzz build/lib/trident/plugins
# SHARED_KERNELS (default ../shared/kernels/triton-3.6) adds the Triton
# reference kernels to the seeds; XZ_CACHE (default /tmp/carry) may hold
# libLLVM.so.22.1.xz and libMLIR.so.22.1.xz, compressed before. On the
# machine: bash bench/fuzz/run_fuzz_device.sh DEST SECONDS.
set -euo pipefail
die() { echo "pack_fuzz: $*" >&2; exit 1; }
[ $# -ge 2 ] && [ $# -le 3 ] ||
  die "usage: pack_fuzz.sh FUZZ_BUILD PLUGINS [DEST]"
build=$1; plugins=$2; dest=${3:-.fuzzcarry}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -x "$build/bin/trident-fuzz" ] ||
  die "$build/bin/trident-fuzz is not built (ninja -C $build trident-fuzz, docs/fuzzing.md)"
for lib in libTridentCore libTridentRuntime; do
  [ -f "$build/lib/$lib.so" ] || die "$build/lib/$lib.so is missing"
done
compgen -G "$plugins/*.json" > /dev/null ||
  die "no plugin manifest (*.json) in $plugins"
# The core refuses plugins built against other SDK headers: every run would
# then fail before fuzzing, on the machine.
sdk=$(sed -n 's/^#define TRIDENT_SDK_HASH "\(.*\)"$/\1/p' \
      "$build/include/trident/Plugin/SdkVersion.h" 2>/dev/null)
[ -n "$sdk" ] || die "cannot read the SDK hash of $build (include/trident/Plugin/SdkVersion.h)"
for manifest in "$plugins"/*.json; do
  theirs=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("sdk_hash", ""))' \
           "$manifest") || die "cannot read $manifest"
  [ "$theirs" = "$sdk" ] || die "$manifest was built against SDK $theirs, $build against $sdk: build both from the same headers"
done
llvm=/usr/lib/x86_64-linux-gnu/libLLVM.so.22.1
mlir=/usr/lib/llvm-22/lib/libMLIR.so.22.1
for lib in "$llvm" "$mlir"; do
  [ -f "$lib" ] || die "$lib is missing (this script packs Debian's LLVM 22)"
done
command -v xz > /dev/null || die "xz is not installed"
command -v cc > /dev/null || die "no C compiler (cc) for the libz3 stub"
shared=${SHARED_KERNELS:-$repo/../shared/kernels/triton-3.6}

rm -rf "$dest"; mkdir -p "$dest"/{bin,lib/trident/plugins,llvm}
cp "$build/bin/trident-fuzz" "$dest/bin/"
cp "$build/lib/libTridentCore.so" "$build/lib/libTridentRuntime.so" "$dest/lib/"
# The cpu plugin's host code generation comes with the plugins' build.
if [ -f "$plugins/../../libTridentHostCodeGen.so" ]; then
  cp "$plugins/../../libTridentHostCodeGen.so" "$dest/lib/"
fi
for manifest in "$plugins"/*.json; do
  library=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["library"])' \
            "$manifest") || die "cannot read the library of $manifest"
  [ -f "$plugins/$library" ] || die "$manifest names $library, which is missing"
  cp "$manifest" "$plugins/$library" "$dest/lib/trident/plugins/"
done

# libLLVM needs libz3 only for the static analyzer's Z3 solver, which
# Trident never calls: a library of functions that abort stands in for it
# (bench/python/pack_gpu.sh does the same).
nm -D --undefined-only "$llvm" |
  awk '$2 ~ /^Z3_/ { print "void " $2 "(void) { abort(); }" }' |
  { echo '#include <stdlib.h>'; cat; } > "$dest/z3stub.c"
cc -shared -fPIC -Wl,-soname,libz3.so.4 -o "$dest/llvm/libz3.so.4" "$dest/z3stub.c"
rm "$dest/z3stub.c"
for lib in "$llvm" "$mlir"; do
  cached=${XZ_CACHE:-/tmp/carry}/$(basename "$lib").xz
  # A cached copy serves only if it is this very library.
  if [ -s "$cached" ] && xz -dc "$cached" 2>/dev/null | cmp -s - "$lib"; then
    cp "$cached" "$dest/llvm/"
  else nice xz -9 -T2 -c "$lib" > "$dest/llvm/$(basename "$lib").xz"; fi
done
find "$dest/bin" "$dest/lib" "$dest/llvm" -type f ! -name '*.json' ! -name '*.xz' \
  -exec nice xz -6 -T2 {} +

# The seeds as run_fuzz.py builds them, and the dictionary.
corpus=(--corpus "$repo/test/kernels")
if [ -d "$shared" ]; then corpus+=(--corpus "$shared")
else echo "pack_fuzz: no $shared; the seeds leave out the Triton kernels" >&2; fi
python3 - "$repo/test/fuzz" "$dest/seeds" "${corpus[@]}" \
    --lit "$repo/test" --lit "$repo/backends" <<'PY'
import argparse, sys
sys.path.insert(0, sys.argv[1])
import run_fuzz
parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--corpus", action="append", default=[])
parser.add_argument("--lit", action="append", default=[])
args = parser.parse_args(sys.argv[2:])
print("pack_fuzz: %d seeds" % run_fuzz.seed_corpus(args.corpus, args.lit, args.out))
PY
tar -C "$dest" -cJf "$dest/seeds.tar.xz" seeds
rm -rf "$dest/seeds"
cp "$repo/test/fuzz/ttir.dict" "$dest/"
# The commit the fuzz build was configured from, for run_fuzz_device.sh.
source_dir=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null)
git -C "${source_dir:-.}" describe --always --dirty --abbrev=12 > "$dest/commit" 2>/dev/null ||
  echo "unknown" > "$dest/commit"

size=$(du -sb "$dest" | cut -f1)
echo "pack_fuzz: $dest holds $((size / 1048576)) MiB"
[ "$size" -le $((60 * 1048576)) ] ||
  die "$dest is over 60 MiB, too much to carry with the repository (64 MiB)"
