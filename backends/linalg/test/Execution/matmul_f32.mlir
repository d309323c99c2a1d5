// REQUIRES: host-cc
// RUN: trident-opt --trident-ttir %{kernels}/matmul_f32.ttir | trident-linalg-opt --linalg-triton-to-linalg \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %host_cc %S/Inputs/matmul_f32.c %t.ll -o %t && %t | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/matmul_f32.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.gather.ll
// RUN: %host_cc %S/Inputs/matmul_f32.c %t.gather.ll -o %t.gather && %t.gather | FileCheck %s

// Runs matmul_f32.ttir on the host, converted with and without the structured
// path, against a C reference: f32 matmul with M, N, K not multiples of the blocks, over a full and a partial GROUP_M group.

// CHECK: OK
