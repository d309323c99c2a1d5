// test/kernels/ptr_select.ttir (pointers chosen at run time: select, int_to_ptr, scf.if, loop-carried): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/ptr_select.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/ptr_select.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// The bytecode form round-trips too.
// RUN: trident-opt %{kernels}/ptr_select.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces.
// RUN: trident-opt %{kernels}/ptr_select.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR

// The selects of pointers, the integer addresses and the pointer carried
// by the loop survive the pipeline: their buffers are only known at run
// time.
// TTIR-LABEL: tt.func public @ptr_select_kernel(
// TTIR:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xi1>, tensor<64x!tt.ptr<f32>>
// TTIR:         tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
// TTIR:         tt.int_to_ptr %{{.*}} : tensor<64xi64> -> tensor<64x!tt.ptr<f32>>
// The if that chooses a pointer becomes a select of the two parameters.
// TTIR:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : !tt.ptr<f32>
// TTIR:         scf.for {{.*}} -> (tensor<64xf32>, !tt.ptr<f32>)
