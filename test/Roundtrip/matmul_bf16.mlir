// test/kernels/matmul_bf16.ttir (pointer-loop matmul in bf16): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/matmul_bf16.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/matmul_bf16.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/matmul_bf16.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/matmul_bf16.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/matmul_bf16.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @matmul_kernel(
// TTIR-SAME:    !tt.ptr<bf16> {{.*}} !tt.ptr<bf16> {{.*}} !tt.ptr<bf16>
// TTIR:         arith.minsi %{{.*}}, %{{.*}} : i32
// TTIR:         %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (tensor<64x32x!tt.ptr<bf16>>, tensor<32x64x!tt.ptr<bf16>>, tensor<64x64xf32>)
// TTIR:           %[[A:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<bf16>>
// TTIR:           %[[B:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tt.ptr<bf16>>
// TTIR:           %[[D:.*]] = tt.dot %[[A]], %[[B]], %{{.*}}, inputPrecision = tf32 : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
// TTIR:           scf.yield %{{.*}}, %{{.*}}, %[[D]] : tensor<64x32x!tt.ptr<bf16>>, tensor<32x64x!tt.ptr<bf16>>, tensor<64x64xf32>
// TTIR:         %[[C:.*]] = arith.truncf %[[LOOP]]#2 : tensor<64x64xf32> to tensor<64x64xbf16>
// TTIR:         tt.store %{{.*}}, %[[C]], %{{.*}} : tensor<64x64x!tt.ptr<bf16>>

// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
