#!/usr/bin/env bash
# Installs what Trident needs on Debian 12 (only what is missing), then
# configures and builds it with CMake and Ninja. Safe to run again: a second
# run installs nothing and rebuilds only what changed.
#
#   TRIDENT_BUILD_DIR   build directory (default: <repo>/build)
#   TRIDENT_BUILD_TYPE  CMake build type (default: Release)
#   TRIDENT_BACKENDS    in-tree backends to build, a ;-list of linalg, nvidia
#                       and intel (default: all; empty: the core alone)
#   CCACHE_DIR          compiler cache (default: ~/.cache/ccache)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${TRIDENT_BUILD_DIR:-$ROOT/build}"
BUILD_TYPE="${TRIDENT_BUILD_TYPE:-Release}"

# Everything comes from Debian's own archive (bookworm and bookworm-security);
# third_party/README.md says why each package is needed.
PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools liblld-22-dev
  clang-22 libclang-rt-22-dev lld-22 spirv-tools libze-dev libgtest-dev cmake
  ninja-build ccache
  python3-numpy python3-dev
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=()
  if [[ "$(id -u)" -ne 0 ]]; then
    SUDO=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists only when one of the packages is unknown to
  # them (a fresh machine has no lists at all).
  for pkg in "${missing[@]}"; do
    if ! apt-cache show "$pkg" >/dev/null 2>&1; then
      "${SUDO[@]}" apt-get update
      break
    fi
  done
  "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Compiler cache: kept between builds and shared by checkouts in different
# directories.
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
mkdir -p "$CCACHE_DIR"

# The system C++ compiler when there is one (what the developers use);
# otherwise Debian's clang-22 from the packages above. CC and CXX win when set;
# they only matter for the first configure of a build directory.
if [[ -z "${CXX:-}" ]] && ! command -v c++ >/dev/null 2>&1; then
  export CC=clang-22 CXX=clang++-22
fi

# TRIDENT_BACKENDS, when set (even empty), chooses the backends; unset, the
# build directory keeps its choice (all, the first time).
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
  ${TRIDENT_BACKENDS+"-DTRIDENT_BACKENDS=$TRIDENT_BACKENDS"}
ninja -C "$BUILD_DIR"
