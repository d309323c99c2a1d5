#!/bin/bash
# Stands in for `trident` on the GPU machine, which has no compiler: turns
#   trident run DIR/K.ttir --grid G [--target T] --arg ... --save ...
# (what backends/linalg/test/e2e/run_kernel.py runs) into
#   trident-run CORPUS/K.tkb --grid G --arg ... --save ...
# with the bundle compiled from the same K.ttir on the build machine by
# `trident compile --target nvidia:sm_90` (bench/gpu/prepare.sh).
here=$(dirname "$(realpath "$0")")
[ "$1" = run ] || { echo "trident-shim: only 'run' is available here" >&2; exit 2; }
shift
src=$1; shift
bundle=$here/../corpus/$(basename "${src%.*}").tkb
[ -f "$bundle" ] || { echo "trident-shim: no bundle for $src (it did not compile)" >&2; exit 1; }
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --target) shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
exec ${TRIDENT_SHIM_PREFIX:-} "$here/trident-run" "$bundle" "${args[@]}"
