// test/kernels/desc_transpose.ttir (batched transpose through rank-reduced tensor descriptors): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/desc_transpose.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/desc_transpose.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Printing with locations round-trips too, and so does the bytecode form.
// RUN: trident-opt %{kernels}/desc_transpose.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/desc_transpose.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/desc_transpose.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// The batch index moves both bases and masks whole tiles; the tiles are
// 16x32 and 32x16 accesses, and x's out-of-bounds elements read NaN.
// TTIR-LABEL: tt.func public @desc_transpose(
// TTIR-DAG:     %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16x32xf32>
// TTIR-DAG:     %[[BATCH:.*]] = tt.get_program_id z : i32
// TTIR:         %[[B64:.*]] = arith.extsi %[[BATCH]] : i32 to i64
// TTIR:         %[[OFF:.*]] = arith.muli %[[B64]], %{{.*}} : i64
// TTIR:         %[[XB:.*]] = tt.addptr %{{.*}}, %[[OFF]] : !tt.ptr<f32>, i64
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<16x32x!tt.ptr<f32>>
// TTIR:         %[[T:.*]] = tt.trans %[[X]] {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
// TTIR:         %[[YB:.*]] = tt.addptr %{{.*}}, %[[OFF]] : !tt.ptr<f32>, i64
// TTIR:         tt.store %{{.*}}, %[[T]], %{{.*}} : tensor<32x16x!tt.ptr<f32>>
// TTIR-NEXT:    tt.return

// CLEAN-NOT: tensordesc
// CLEAN-NOT: tt.descriptor_
// CLEAN-NOT: tensor<1x16x32
// CLEAN-NOT: tensor<1x32x16
