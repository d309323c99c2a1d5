#!/usr/bin/env python3
"""Checks the architecture's boundaries (docs/architecture.md, "Rules
between the layers"):

1. no source or header of the core (core/, include/trident/, include/trident-c/)
   names a vendor dialect, vendor layout or vendor IR;
2. libTridentCore and the tools do not link any backend library;
3. libTridentRuntime (when built) links neither LLVM nor MLIR.

Usage: check_boundaries.py SOURCE_DIR BUILD_DIR
Prints one line per violation and exits 1 if there is any.
"""

import os
import re
import subprocess
import sys

# Names that only a vendor backend may use: dialect namespaces, layout
# mnemonics and vendor IR flavours.
VENDOR = re.compile(
    r"\b(ttng|nvgpu|nvvm|rocdl|triton_gen|tritongen|amdgpu|nvidia_mma|"
    r"nvmma_shared|amd_mfma|amd_wmma|ptx|cubin|spirv|level.?zero|cuda)\b",
    re.IGNORECASE)
CORE_DIRS = ["core", os.path.join("include", "trident"),
             os.path.join("include", "trident-c")]
SUFFIXES = (".h", ".hpp", ".cpp", ".c", ".td", ".txt", ".cmake")


def scan_sources(source_dir):
    errors = []
    for top in CORE_DIRS:
        for root, _, files in os.walk(os.path.join(source_dir, top)):
            for name in files:
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        match = VENDOR.search(line)
                        if match:
                            rel = os.path.relpath(path, source_dir)
                            errors.append(
                                "%s:%d: the core names vendor '%s'; move it to "
                                "a backend" % (rel, number, match.group(0)))
    return errors


def needed(library):
    out = subprocess.run(["readelf", "-d", library], capture_output=True,
                         text=True, check=False).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", out)


def check_links(build_dir):
    errors = []
    lib = os.path.join(build_dir, "lib")
    core = [os.path.join(lib, "libTridentCore.so")]
    core += [os.path.join(build_dir, "bin", t) for t in ("trident", "trident-opt")]
    for binary in core:
        if not os.path.exists(binary):
            continue
        for dep in needed(binary):
            if re.search(r"Trident(Nvidia|Intel|Linalg)|trident/plugins", dep):
                errors.append("%s links the backend library %s; backends are "
                              "loaded as plugins" % (os.path.basename(binary), dep))
    runtime = os.path.join(lib, "libTridentRuntime.so")
    if os.path.exists(runtime):
        for dep in needed(runtime):
            if re.match(r"lib(LLVM|MLIR)", dep):
                errors.append("libTridentRuntime.so links %s; the runtime must "
                              "not depend on LLVM or MLIR" % dep)
    return errors


def main():
    if len(sys.argv) != 3:
        print("usage: check_boundaries.py SOURCE_DIR BUILD_DIR", file=sys.stderr)
        return 2
    errors = scan_sources(sys.argv[1]) + check_links(sys.argv[2])
    for error in errors:
        print(error)
    print("boundaries: %d violation(s)" % len(errors))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
