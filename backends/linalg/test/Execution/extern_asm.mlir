// REQUIRES: host-cc
// RUN: trident-opt --trident-ttir --tt-expand-libdevice %{kernels}/extern_asm.ttir | trident-linalg-opt --linalg-triton-to-linalg \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %host_cc %S/Inputs/extern_asm.c %t.ll -o %t && %t | FileCheck %s
// RUN: trident-opt --trident-ttir --tt-expand-libdevice %{kernels}/extern_asm.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.gather.ll
// RUN: %host_cc %S/Inputs/extern_asm.c %t.gather.ll -o %t.gather && %t.gather | FileCheck %s

// Runs extern_asm.ttir on the host, converted with and without the structured
// path, against a C reference: libdevice exp and a PTX register move.

// CHECK: OK
