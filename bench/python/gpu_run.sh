#!/bin/bash
# One GPU-machine run of the Python package and the Triton backend, from the
# repository root there, with bench/python/pack_gpu.sh's DEST carried:
#   bash bench/python/gpu_run.sh DEST STEP...
# STEPs: smoke demo modes overhead dots conf-nvidia conf-cpu tutorials-nvidia
#        tutorials-cpu capture corpus-nvidia corpus-cpu scaling inductor-cpu;
#        CONF_K (a pytest -k expression) narrows test_core. `capture` records the real-world
#        corpus (bench/corpus/capture.py) from DEST/liger and the tutorials
#        into $OUT/corpus; the corpus steps replay it (CORPUS, by default
#        that one) on a target. TUTORIALS (name prefixes, e.g. "03 06")
#        TUTORIAL_TIMEOUT (seconds each, 120) and TUTORIAL_CONFIGS (the
#        autotune configurations tried on cpu, 1) shape the tutorial steps.
# `scaling` times the cpu kernels of bench/cpu_bench.py (SCALING_ONLY, a
# comma-separated subset; all by default) over
# TRIDENT_CPU_THREADS=SWEEP (1,2,4,8,16); `inductor-cpu` times
# torch.compile's CPU path, Inductor's C++ against its Triton kernels on
# Trident's cpu target. Logs land in $OUT; each step is bounded by
# STEP_TIMEOUT seconds (300).
set -uo pipefail
carry=$1; shift
source "$carry/unpack.sh"
export PYTHONPATH=$PWD/python${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
export OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
upstream=$carry/upstream
limit=${STEP_TIMEOUT:-300}
# Every step compiles afresh: its own Triton and Inductor caches.
step() { local name=$1; shift; echo "=== $name: $*"; local t0=$(date +%s)
  TRITON_CACHE_DIR=$(mktemp -d) TORCHINDUCTOR_CACHE_DIR=$(mktemp -d) \
    timeout "$limit" "$@" > "$OUT/$name.log" 2>&1; local rc=$?
  echo "=== $name: rc=$rc in $(( $(date +%s) - t0 )) s"; tail -n "${TAIL:-25}" "$OUT/$name.log"; }
for s in "$@"; do
  case $s in
    smoke) step smoke python3 -c "import trident, triton, torch; print(triton.__version__, torch.__version__); [print(t) for t in trident.targets()]"
           step triton-real python3 test/python/test_triton_real.py -v ;;
    demo) step demo-cpu python3 bench/python/torch_compile_demo.py
          step demo-cuda python3 bench/python/torch_compile_demo.py --device cuda
          TRIDENT_TRITON_COMPILE=inprocess step demo-cuda-inprocess python3 bench/python/torch_compile_demo.py --device cuda ;;
    modes) step modes-subprocess python3 bench/python/compile_modes.py
           TRIDENT_TRITON_COMPILE=inprocess step modes-inprocess python3 bench/python/compile_modes.py
           step modes-cpu python3 bench/python/compile_modes.py --target cpu ;;
    overhead) step overhead python3 bench/python/launch_overhead.py --profile
              TRIDENT_TRITON_COMPILE=inprocess step overhead-inprocess python3 bench/python/launch_overhead.py ;;
    conf-nvidia|conf-cpu) t=${s#conf-}
          step $s python3 bench/python/conformance.py --triton-src "$upstream" --target $t \
            --out "$OUT/$s" --no-tutorials --timeout 60 ${CONF_K:+-k "$CONF_K"} ${CONF_SAMPLE:+--sample $CONF_SAMPLE} ;;
    tutorials-nvidia|tutorials-cpu) t=${s#tutorials-}
          [ $t = cpu ] && export TRIDENT_TUTORIAL_CONFIGS=${TUTORIAL_CONFIGS:-1}
          step $s python3 bench/python/conformance.py --triton-src "$upstream" --target $t \
            --out "$OUT/$s" --no-tests \
            --tutorial-timeout "${TUTORIAL_TIMEOUT:-120}" ${TUTORIALS:+--tutorials $TUTORIALS} ;;
    dots) step dots python3 bench/python/dot_types.py --json "$OUT/dots.json" \
            ${DOT_SIZES:+--size $DOT_SIZES} ${DOT_TYPES:+--types $DOT_TYPES} ;;
    capture) step capture python3 bench/corpus/capture.py --out "$OUT/corpus" \
               --liger "$carry/liger" --tutorials "$upstream/python/tutorials" ;;
    scaling) step scaling python3 bench/cpu_bench.py --sweep-threads "${SWEEP:-1,2,4,8,16}" \
               ${SCALING_ONLY:+--only $SCALING_ONLY} ;;
    inductor-cpu) step inductor-cpu python3 bench/python/inductor_cpu.py --json "$OUT/inductor_cpu.json" ;;
    corpus-nvidia|corpus-cpu) t=${s#corpus-}
          step $s python3 test/corpus/run_corpus.py "${CORPUS:-$OUT/corpus}" --target $t --jobs 8 \
            --xfail test/corpus/xfail.txt ;;
  esac
done
# Per-test and per-tutorial logs sit too deep for the device tool: one tar.
(cd "$OUT" && find . -path '*/logs/*' -type f | tar czf logs.tgz -T - 2>/dev/null)
