// REQUIRES: host-cc
// RUN: trident-opt --trident-ttir %{kernels}/gelu.ttir | trident-linalg-opt --linalg-triton-to-linalg \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %host_cc %S/Inputs/gelu.c %t.ll -o %t && %t | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/gelu.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.gather.ll
// RUN: %host_cc %S/Inputs/gelu.c %t.gather.ll -o %t.gather && %t.gather | FileCheck %s

// Runs gelu.ttir on the host, converted with and without the structured
// path, against a C reference: GELU (tanh form) against libm's tanh.

// CHECK: OK
