#!/usr/bin/env bash
# The example vendor plugin against the installed SDK, as in
# docs/writing-a-plugin.md:
#
#   1. installs BUILD_DIR into a temporary prefix, then moves the prefix
#      (the installed tree must be relocatable) and checks what it holds;
#   2. configures and builds a copy of plugins/example against that prefix
#      alone (CMAKE_PREFIX_PATH), and checks that the build never reached
#      into the source or build tree;
#   3. loads the plugin through the installed tools: `trident plugins
#      doctor`, `trident targets --plugin`, `trident-opt --example-annotate`,
#      `trident compile --target example --emit ...`, then the example's own
#      lit tests (`check-example`);
#   4. installs the plugin into the prefix and finds it by discovery alone.
#
# Usage: example-plugin.sh SOURCE_DIR BUILD_DIR [CMAKE [BACKENDS]]
# BACKENDS: the in-tree plugins the build holds (TRIDENT_BACKENDS, a
# ;-list; default linalg;nvidia;intel); with none, the checks of installed
# in-tree plugins are left out.
# Set KEEP_TMP=1 to keep the temporary directory for a look after a failure;
# TRIDENT_SDK_TEST_JOBS (default 2) sets the build's parallelism.

set -u -o pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 SOURCE_DIR BUILD_DIR [CMAKE]" >&2
  exit 2
fi
SRC=$(cd "$1" && pwd) || exit 2
BUILD=$(cd "$2" && pwd) || exit 2
CMAKE=${3:-cmake}
BACKENDS=${4-linalg;nvidia;intel}
# The first in-tree plugin built, for the checks that discovery keeps the
# installed plugin directory.
BUILT_PLUGIN=${BACKENDS%%;*}
JOBS=${TRIDENT_SDK_TEST_JOBS:-2}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/trident-sdk.XXXXXX") || {
  echo "FAIL: cannot create a temporary directory" >&2
  exit 1
}
cleanup() {
  if [ -n "${KEEP_TMP:-}" ]; then
    echo "kept $TMP"
  else
    rm -rf "$TMP"
  fi
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo; echo "== $*"; }
# Runs a command with its output in $TMP/out.log (also shown); returns its
# exit status.
run() {
  echo "\$ $*"
  "$@" >"$TMP/out.log" 2>&1
  local rc=$?
  cat "$TMP/out.log"
  SHOWN=1
  return $rc
}
# Like run, but shows the output only if the command fails.
quiet() {
  echo "\$ $*"
  "$@" >"$TMP/out.log" 2>&1
  local rc=$?
  SHOWN=0
  [ $rc -eq 0 ] || { cat "$TMP/out.log"; SHOWN=1; }
  return $rc
}
# expect PATTERN WHY: the last command's output must match PATTERN (grep -E).
SHOWN=0
expect() {
  if ! grep -Eq -- "$1" "$TMP/out.log"; then
    [ "$SHOWN" = 1 ] || cat "$TMP/out.log"
    fail "$2 (expected /$1/ in the output above)"
  fi
}

# Hermetic: no plugin or cache of the caller's environment.
unset TRIDENT_PLUGINS TRIDENT_ADD_PLUGINS TRIDENT_CACHE_DIR

#===-- 1. Install -----------------------------------------------------------===#
step "install $BUILD into a temporary prefix"
quiet "$CMAKE" --install "$BUILD" --prefix "$TMP/staged" ||
  fail "cmake --install failed (is the build complete? run ninja -C $BUILD)"
mv "$TMP/staged" "$TMP/prefix" || fail "cannot move the installed prefix"
P="$TMP/prefix"
echo "installed, then moved to $P"

for f in bin/trident bin/trident-opt lib/libTridentCore.so \
         lib/libTridentRuntime.so lib/cmake/Trident/TridentConfig.cmake \
         lib/cmake/Trident/TridentConfigVersion.cmake \
         lib/cmake/Trident/TridentTargets.cmake \
         lib/cmake/Trident/TridentHelpers.cmake \
         include/trident/Plugin/PluginAPI.h include/trident/Plugin/SdkVersion.h \
         include/trident-c/Plugin.h \
         include/trident/Dialect/Triton/IR/TritonOps.td \
         include/trident/Dialect/Triton/IR/TritonOps.h.inc; do
  [ -e "$P/$f" ] || fail "the install has no $f"
done
if [ -n "$BUILT_PLUGIN" ]; then
  ls "$P"/lib/trident/plugins/*.json >/dev/null 2>&1 ||
    fail "the install has no plugin manifest in lib/trident/plugins"
fi

# Relocatable: no path of the source or build tree in the CMake package or
# in the installed binaries' run paths.
if grep -rlF -e "$SRC" -e "$BUILD" "$P/lib/cmake" >"$TMP/paths.log"; then
  cat "$TMP/paths.log"
  fail "the installed CMake package names the source or build tree"
fi
for f in "$P"/bin/* "$P"/lib/*.so "$P"/lib/trident/plugins/*.so; do
  if readelf -d "$f" 2>/dev/null | grep -E "R(UN)?PATH" | grep -qF "$BUILD"; then
    fail "$f keeps a run path into the build tree: $(readelf -d "$f" | grep PATH)"
  fi
done

if [ -n "$BUILT_PLUGIN" ]; then
  step "the installed tools load the installed plugins"
  run "$P/bin/trident" plugins list -v || fail "trident plugins list failed"
  expect " 0 skipped" "an installed in-tree plugin does not load from the prefix"
fi

#===-- 2. Build the example against the prefix ------------------------------===#
step "build plugins/example against $P alone"
cp -r "$SRC/plugins/example" "$TMP/example" || fail "cannot copy plugins/example"
rm -rf "$TMP/example/build"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths under $TMP are rewritten relative, so reruns hit the cache.
  export CCACHE_BASEDIR="$TMP" CCACHE_NOHASHDIR=1
fi
quiet "$CMAKE" "${generator[@]}" -S "$TMP/example" -B "$TMP/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$P" \
  -DCMAKE_INSTALL_PREFIX="$P" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  "${launcher[@]}" ||
  fail "configuring the example against the installed SDK failed"
expect "Trident SDK .* from $P/lib/cmake/Trident" \
  "find_package(Trident) did not pick the installed prefix"
run "$CMAKE" --build "$TMP/build" --parallel "$JOBS" ||
  fail "building the example against the installed SDK failed"
if grep -F -e "$SRC/include" -e "$BUILD" "$TMP/build/compile_commands.json" \
     >"$TMP/leak.log"; then
  head -3 "$TMP/leak.log"
  fail "the example's build used the source or build tree, not the installed SDK"
fi

PLUGIN="$TMP/build/lib/trident/plugins/libTridentExample.so"
[ -f "$PLUGIN" ] || fail "the build made no $PLUGIN"
[ -f "$TMP/build/lib/trident/plugins/example.json" ] ||
  fail "the build made no manifest example.json beside the plugin"

#===-- 3. Load it through the installed tools -------------------------------===#
step "trident plugins doctor"
run "$P/bin/trident" plugins doctor "$PLUGIN" ||
  fail "trident plugins doctor refused the example plugin"
grep -q "FAILED" "$TMP/out.log" && fail "a doctor check failed"
expect "^plugin 'example' loads: provides compiler; targets example \(ex\)" \
  "doctor did not report the example plugin as loading"

step "trident targets --plugin"
run "$P/bin/trident" targets --plugin "$PLUGIN" || fail "trident targets failed"
expect "^example \(aliases: ex\): plugin example, device unavailable" \
  "trident targets does not list the example target"
run "$P/bin/trident" targets --plugin "$PLUGIN" --resolve ex ||
  fail "trident targets --resolve ex failed"
expect "^example \(plugin example\)$" "the alias ex does not resolve to example"

# Only the plugin under test from here on.
export TRIDENT_PLUGINS=

step "trident-opt --example-annotate"
cat >"$TMP/copy.mlir" <<'EOF'
tt.func public @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
  %v = tt.load %src : !tt.ptr<f32>
  tt.store %dst, %v : !tt.ptr<f32>
  tt.return
}
EOF
run "$P/bin/trident-opt" --plugin "$PLUGIN" --example-annotate "$TMP/copy.mlir" ||
  fail "trident-opt --example-annotate failed"
FILECHECK=$(command -v FileCheck || echo /usr/lib/llvm-22/bin/FileCheck)
echo "// CHECK: example.kernel_info @copy loads 1 stores 1
// CHECK-NEXT: tt.func public @copy(" >"$TMP/copy.check"
"$FILECHECK" "$TMP/copy.check" --input-file="$TMP/out.log" ||
  fail "trident-opt --example-annotate did not annotate @copy"

step "trident compile --target example"
KERNEL="$TMP/example/test/compile.ttir"
run "$P/bin/trident" compile "$KERNEL" --target example --emit annotated \
  --plugin "$PLUGIN" || fail "trident compile --emit annotated failed"
expect "example.kernel_info @vadd_kernel loads 2 stores 1" \
  "the annotated stage did not run the example-annotate pass"
run "$P/bin/trident" compile "$KERNEL" --target ex --emit report \
  --plugin "$PLUGIN" || fail "trident compile --emit report failed"
expect "^kernel vadd_kernel: 2 loads, 1 stores$" "the report stage's output is wrong"
run "$P/bin/trident" compile "$KERNEL" --target example -o "$TMP/vadd.tkb" \
  --plugin "$PLUGIN" || fail "trident compile to a bundle failed"
[ -s "$TMP/vadd.tkb" ] || fail "trident compile wrote no bundle"

step "the example's own tests (check-example)"
run "$CMAKE" --build "$TMP/build" --target check-example ||
  fail "the example plugin's lit tests failed"

#===-- 4. Discovery: the environment, then the installed plugin directory ---===#
step "TRIDENT_ADD_PLUGINS and TRIDENT_PLUGINS find the example"
unset TRIDENT_PLUGINS
run env TRIDENT_ADD_PLUGINS="$TMP/build/lib/trident/plugins" \
  "$P/bin/trident" plugins list || fail "trident plugins list failed"
expect "^example 0\.1\.0 \(loaded\)" \
  "TRIDENT_ADD_PLUGINS=<dir> did not add the example plugin"
if [ -n "$BUILT_PLUGIN" ]; then
  expect "^$BUILT_PLUGIN .*\(loaded\)" \
    "TRIDENT_ADD_PLUGINS=<dir> dropped the default plugin directory"
fi
run env TRIDENT_PLUGINS="$TMP/build/lib/trident/plugins" \
  "$P/bin/trident" plugins list || fail "trident plugins list failed"
expect "^1 plugin: 1 loaded, 0 skipped" \
  "TRIDENT_PLUGINS=<dir> did not replace the default plugin directory"

step "install the example into the prefix; discovery finds it"
quiet "$CMAKE" --install "$TMP/build" ||
  fail "cmake --install of the example failed"
[ -f "$P/lib/trident/plugins/example.json" ] ||
  fail "the example's manifest was not installed into lib/trident/plugins"
run "$P/bin/trident" targets || fail "trident targets failed"
expect "^example \(aliases: ex\): plugin example" \
  "the installed example plugin is not found by discovery"
run "$P/bin/trident" plugins doctor "$P/lib/trident/plugins/example.json" ||
  fail "trident plugins doctor refused the installed example plugin"

echo
echo "PASS: the example plugin builds from the installed SDK alone and loads"
exit 0
