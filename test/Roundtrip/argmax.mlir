// test/kernels/argmax.ttir (two-operand reduce): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/argmax.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/argmax.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/argmax.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/argmax.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/argmax.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @argmax_kernel(
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>>
// TTIR:         %[[R:.*]]:2 = "tt.reduce"(%[[X]], %{{.*}}) <{axis = 0 : i32}> ({
// TTIR-NEXT:    ^bb0(%[[V1:[a-zA-Z0-9_]+]]: f32, %[[I1:[a-zA-Z0-9_]+]]: i32, %[[V2:[a-zA-Z0-9_]+]]: f32, %[[I2:[a-zA-Z0-9_]+]]: i32):
// TTIR-DAG:       arith.cmpf oeq, %[[V1]], %[[V2]] : f32
// TTIR-DAG:       arith.cmpi slt, %[[I1]], %[[I2]] : i32
// TTIR-DAG:       arith.cmpf ogt, %[[V1]], %[[V2]] : f32
// TTIR:           %[[GT:.*]] = arith.ori %{{.*}}, %{{.*}} : i1
// TTIR:           %[[V:.*]] = arith.select %[[GT]], %[[V1]], %[[V2]] : f32
// TTIR:           %[[I:.*]] = arith.select %[[GT]], %[[I1]], %[[I2]] : i32
// TTIR:           tt.reduce.return %[[V]], %[[I]] : f32, i32
// TTIR:         }) : (tensor<1024xf32>, tensor<1024xi32>) -> (f32, i32)
// TTIR:         tt.store %{{.*}}, %[[R]]#0 : !tt.ptr<f32>
// TTIR:         tt.store %{{.*}}, %[[R]]#1 : !tt.ptr<i32>

// CLEAN-NOT: tt.call
