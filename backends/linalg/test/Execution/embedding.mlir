// REQUIRES: host-cc
// RUN: trident-opt --trident-ttir %{kernels}/embedding.ttir | trident-linalg-opt --linalg-triton-to-linalg \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %host_cc %S/Inputs/embedding.c %t.ll -o %t && %t | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/embedding.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.gather.ll
// RUN: %host_cc %S/Inputs/embedding.c %t.gather.ll -o %t.gather && %t.gather | FileCheck %s

// Runs embedding.ttir on the host, converted with and without the structured
// path, against a C reference: rows gathered by loaded indices.

// CHECK: OK
