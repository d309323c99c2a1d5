// test/kernels/softmax.ttir (row softmax): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/softmax.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/softmax.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/softmax.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/softmax.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/softmax.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @softmax_kernel(
// TTIR-DAG:     %[[NEG_INF:.*]] = arith.constant dense<0xFF800000> : tensor<1024xf32>
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %[[NEG_INF]] : tensor<1024x!tt.ptr<f32>>
// TTIR:         %[[MAX:.*]] = "tt.reduce"(%[[X]]) <{axis = 0 : i32}> ({
// TTIR:           arith.maxnumf %{{.*}}, %{{.*}} : f32
// TTIR:           tt.reduce.return %{{.*}} : f32
// TTIR:         }) : (tensor<1024xf32>) -> f32
// TTIR:         %[[MAXS:.*]] = tt.splat %[[MAX]] : f32 -> tensor<1024xf32>
// TTIR:         %[[SHIFTED:.*]] = arith.subf %[[X]], %[[MAXS]] : tensor<1024xf32>
// TTIR:         %[[NUM:.*]] = math.exp %[[SHIFTED]] : tensor<1024xf32>
// TTIR:         %[[DEN:.*]] = "tt.reduce"(%[[NUM]]) <{axis = 0 : i32}> ({
// TTIR:           arith.addf %{{.*}}, %{{.*}} : f32
// TTIR:           tt.reduce.return %{{.*}} : f32
// TTIR:         }) : (tensor<1024xf32>) -> f32
// TTIR:         %[[DENS:.*]] = tt.splat %[[DEN]] : f32 -> tensor<1024xf32>
// TTIR:         %[[Y:.*]] = arith.divf %[[NUM]], %[[DENS]] : tensor<1024xf32>
// TTIR:         tt.store %{{.*}}, %[[Y]], %{{.*}} : tensor<1024x!tt.ptr<f32>>

// tl.max / tl.sum and their combine functions are inlined, then dropped.
// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
// CLEAN-NOT: ub.poison
