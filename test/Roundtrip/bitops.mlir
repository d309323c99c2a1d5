// test/kernels/bitops.ttir (integer bit operations): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/bitops.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/bitops.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/bitops.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/bitops.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/bitops.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @bitops_kernel(
// TTIR:         %[[Ai32:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i32>>
// TTIR:         %[[Bi32:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i32>>
// The shift amount: b & 31 (d & 63).
// TTIR:         %[[Si32:.*]] = arith.andi %[[Bi32]], %{{.*}} : tensor<128xi32>
// TTIR:         arith.andi %[[Ai32]], %[[Bi32]] : tensor<128xi32>
// TTIR:         arith.ori %[[Ai32]], %[[Bi32]] : tensor<128xi32>
// TTIR:         arith.xori %[[Ai32]], %[[Bi32]] : tensor<128xi32>
// ~a is an xor with -1.
// TTIR:         arith.xori %[[Ai32]], %{{.*}} : tensor<128xi32>
// TTIR:         arith.shli %[[Ai32]], %[[Si32]] : tensor<128xi32>
// TTIR:         arith.shrsi %[[Ai32]], %[[Si32]] : tensor<128xi32>
// TTIR:         arith.shrui %[[Ai32]], %[[Si32]] : tensor<128xi32>
// TTIR:         %[[Ai64:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i64>>
// TTIR:         %[[Bi64:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i64>>
// TTIR:         %[[Si64:.*]] = arith.andi %[[Bi64]], %{{.*}} : tensor<128xi64>
// TTIR:         arith.andi %[[Ai64]], %[[Bi64]] : tensor<128xi64>
// TTIR:         arith.ori %[[Ai64]], %[[Bi64]] : tensor<128xi64>
// TTIR:         arith.xori %[[Ai64]], %[[Bi64]] : tensor<128xi64>
// TTIR:         arith.xori %[[Ai64]], %{{.*}} : tensor<128xi64>
// TTIR:         arith.shli %[[Ai64]], %[[Si64]] : tensor<128xi64>
// TTIR:         arith.shrsi %[[Ai64]], %[[Si64]] : tensor<128xi64>
// TTIR:         arith.shrui %[[Ai64]], %[[Si64]] : tensor<128xi64>

// The bitcasts to unsigned types and back fold away.
// CLEAN-NOT: tt.bitcast
// CLEAN-NOT: arith.extsi
