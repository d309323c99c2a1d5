#!/usr/bin/env bash
# On a fresh Debian 12 machine (as root, or with sudo): installs what is
# missing, builds Trident and runs the main job: the vector-add kernel
# test/kernels/vadd.ttir compiled for and run on the default target (cpu:
# the linalg backend, code generated for this machine and run over a thread
# pool) on 4M random floats, printing the check against a Python reference
# (max abs error) and the time (`trident run --bench`).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${TRIDENT_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/setup.sh"

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/trident-main-job.XXXXXX")"
trap 'rm -rf "$WORK_DIR"' EXIT
python3 "$ROOT/backends/linalg/test/e2e/run_kernel.py" \
  --trident "$BUILD_DIR/bin/trident" --kernels "$ROOT/test/kernels" \
  --workdir "$WORK_DIR" --bench --show-command vadd-large
