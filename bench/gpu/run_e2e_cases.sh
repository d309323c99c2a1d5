#!/bin/bash
# On the GPU machine, after bench/python/pack_gpu.sh: the nvidia end-to-end
# cases of backends/linalg/test/e2e/run_kernel.py (the ctest nvidia-gpu-e2e-*
# runs) by name, then compute-sanitizer over those in SANITIZE.
#   bash bench/gpu/run_e2e_cases.sh CASE...
source .pycarry/unpack.sh
T=$TRIDENT_BUILD_DIR/bin/trident
W=/tmp/e2e; mkdir -p $W
pass=0; fail=0
for k in "$@"; do
  out=$(timeout 120 python3 backends/linalg/test/e2e/run_kernel.py --trident $T --kernels test/kernels --workdir $W --target nvidia:sm_90 $k 2>&1); rc=$?
  if [ $rc -eq 0 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $k rc=$rc: $(echo "$out" | tail -3)"; fi
done
echo "e2e: $pass passed, $fail failed"
# compute-sanitizer (memcheck) over the trident run of each case named in
# SANITIZE, e.g. SANITIZE="matmul_f16acc dot3d_f16_f16_b2_w4".
for k in ${SANITIZE:-}; do
  cmd=$(python3 backends/linalg/test/e2e/run_kernel.py --trident $T --kernels test/kernels --workdir $W --target nvidia:sm_90 --show-command $k 2>&1 | sed -n 's/^\$ //p' | head -1)
  (cd $W && timeout 300 compute-sanitizer --tool memcheck $cmd 2>&1 | grep -E "ERROR SUMMARY|Invalid|error" | head -5 | sed "s/^/sanitize $k: /")
done
