// test/kernels/control_flow.ttir (scf.if, scf.for with iter_args, scf.while): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/control_flow.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/control_flow.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/control_flow.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/control_flow.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/control_flow.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @control_flow_kernel(
// TTIR:         tt.get_program_id x : i32
// TTIR:         scf.if %{{.*}} {
// TTIR:           %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>>
// tt.loop_unroll_factor = 2: a main loop with two copies of the body, then a
// loop for the remaining iteration.
// TTIR:           scf.for {{.*}} -> (tensor<256xf32>, f32)
// TTIR-COUNT-2:     arith.mulf %[[X]], %{{.*}} : tensor<256xf32>
// TTIR:             scf.yield
// TTIR:           scf.for {{.*}} -> (tensor<256xf32>, f32)
// TTIR:             arith.mulf %[[X]], %{{.*}} : tensor<256xf32>
// TTIR:             scf.yield
// TTIR:           scf.if %{{.*}} -> (tensor<256xf32>) {
// TTIR:             arith.addf
// TTIR:             scf.yield
// TTIR:           } else {
// TTIR:             arith.subf
// TTIR:             scf.yield
// TTIR:           }
// TTIR:           tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR:           scf.while
// TTIR:             arith.cmpi sgt
// TTIR:             scf.condition
// TTIR:           } do {
// TTIR:             arith.divsi
// TTIR:             scf.yield
// TTIR:           }
// TTIR:           tt.store %{{.*}}, %{{.*}} : !tt.ptr<i32>

// CLEAN-NOT: tt.loop_unroll_factor
// CLEAN-NOT: arith.bitcast
// CLEAN-NOT: tt.call
