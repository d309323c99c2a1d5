// PTX -> cubin through ptxas: an ELF file for the architecture, and what
// ptxas -v reports about the kernel's resources.
//
// REQUIRES: ptxas
// RUN: trident-nvidia-translate %S/vadd.mlir --arch sm_90 --emit cubin -o %t.cubin --print-resources 2>&1 | FileCheck %s --check-prefix=RES
// RUN: od -A n -t x1 -N 4 %t.cubin | FileCheck %s --check-prefix=ELF
// RUN: trident-nvidia-translate %S/vadd.mlir --arch sm_80 --emit cubin -o %t80.cubin
// RUN: od -A n -t x1 -N 4 %t80.cubin | FileCheck %s --check-prefix=ELF

// RES: registers: {{[1-9][0-9]*}}, shared bytes: 0, spill stores: 0, spill loads: 0
// ELF: 7f 45 4c 46
