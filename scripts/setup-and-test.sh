#!/usr/bin/env bash
# On a fresh Debian 12 machine (as root, or with sudo): installs what is
# missing, builds Trident and runs every test (lit and GoogleTest, via ctest).
# TRIDENT_TEST_LABELS (a ctest -L regular expression) narrows the tests to
# those labels; see scripts/setup.sh for TRIDENT_BACKENDS.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${TRIDENT_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/setup.sh"

ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" \
  ${TRIDENT_TEST_LABELS:+-L "$TRIDENT_TEST_LABELS"}
