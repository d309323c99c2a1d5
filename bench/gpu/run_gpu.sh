#!/bin/bash
# The one command of a GPU run (carried in .gpu/scripts by prepare.sh):
#   bash .gpu/scripts/run_gpu.sh
# from the repository root on the GPU machine; results land in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1 OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
chmod +x bin/*
cp compile_times.txt "$OUT/" 2>/dev/null
python3 scripts/gpu_bench.py 2>&1 | tee "$OUT/gpu_log.txt"
