// REQUIRES: host-cc
// RUN: trident-opt --trident-ttir %{kernels}/math_ops.ttir | trident-linalg-opt --linalg-triton-to-linalg \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %host_cc %S/Inputs/math_ops.c %t.ll -o %t && %t | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/math_ops.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false \
// RUN:   | trident-linalg-opt %{lower_to_llvm} | mlir-translate --mlir-to-llvmir -o %t.gather.ll
// RUN: %host_cc %S/Inputs/math_ops.c %t.gather.ll -o %t.gather && %t.gather | FileCheck %s

// Runs math_ops.ttir on the host, converted with and without the structured
// path, against a C reference: sixteen math functions against libm (see the harness for the tolerances).

// CHECK: OK
