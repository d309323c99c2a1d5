// REQUIRES: host-cc
// RUN: trident-opt --trident-ttir %{kernels}/early_return.ttir | trident-linalg-opt --linalg-triton-to-linalg \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %host_cc %S/Inputs/early_return.c %t.ll -o %t && %t | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/early_return.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.gather.ll
// RUN: %host_cc %S/Inputs/early_return.c %t.gather.ll -o %t.gather && %t.gather | FileCheck %s

// Runs early_return.ttir on the host, converted with and without the structured
// path, against a C reference: an early return on the program id.

// CHECK: OK
