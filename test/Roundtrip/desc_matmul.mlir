// test/kernels/desc_matmul.ttir (GEMM through tensor descriptors made in the kernel): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/desc_matmul.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/desc_matmul.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Printing with locations round-trips too, and so does the bytecode form.
// RUN: trident-opt %{kernels}/desc_matmul.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/desc_matmul.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/desc_matmul.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// The descriptors become masked loads through tensors of pointers in the K
// loop (the bounds of the loop-invariant dimension hoisted out of it) and a
// masked store after it.
// TTIR-LABEL: tt.func public @desc_matmul(
// TTIR:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
// TTIR:         %[[ACC:.*]] = scf.for {{.*}} iter_args(%[[IN:.*]] = %[[ZERO]]) -> (tensor<16x16xf32>)
// TTIR:           %[[A:.*]] = tt.load %{{.*}}, %{{.*}}, %[[ZERO]] : tensor<16x16x!tt.ptr<f32>>
// TTIR:           %[[B:.*]] = tt.load %{{.*}}, %{{.*}}, %[[ZERO]] : tensor<16x16x!tt.ptr<f32>>
// TTIR:           %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[IN]]
// TTIR:           scf.yield %[[D]]
// TTIR:         tt.store %{{.*}}, %[[ACC]], %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// TTIR-NEXT:    tt.return

// CLEAN-NOT: tensordesc
// CLEAN-NOT: tt.descriptor_
// CLEAN-NOT: tt.make_tensor_descriptor
