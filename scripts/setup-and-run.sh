#!/usr/bin/env bash
# On a fresh Debian 12 machine (as root, or with sudo): installs what is
# missing, builds Trident and runs the main job, a Triton kernel through the
# TTIR pipeline (`trident-ttir`), printing the result.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${TRIDENT_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/setup.sh"

"$BUILD_DIR/bin/trident-opt" "$ROOT/test/kernels/matmul_blockptr.ttir" \
  --trident-ttir
