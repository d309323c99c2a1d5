// test/kernels/layernorm_f32.ttir (the f32 LayerNorm forward): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/layernorm_f32.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/layernorm_f32.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/layernorm_f32.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/layernorm_f32.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/layernorm_f32.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @layernorm_fwd_kernel(
// Mean: a loop accumulating the f32 row, then a sum.
// TTIR:         %[[MEAN_ACC:.*]] = scf.for {{.*}} -> (tensor<256xf32>)
// TTIR:           %[[ROW:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR-NEXT:      arith.addf %{{.*}}, %[[ROW]]
// TTIR:           scf.yield
// TTIR:         "tt.reduce"(%[[MEAN_ACC]]) <{axis = 0 : i32}>
// TTIR:         arith.sitofp %{{.*}} : i32 to f32
// Variance: masked squares of the centred row.
// TTIR:         %[[VAR_ACC:.*]] = scf.for {{.*}} -> (tensor<256xf32>)
// TTIR:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<256xi1>, tensor<256xf32>
// TTIR:           arith.mulf
// TTIR:           scf.yield
// TTIR:         "tt.reduce"(%[[VAR_ACC]]) <{axis = 0 : i32}>
// TTIR:         math.sqrt %{{.*}} : f32
// TTIR:         tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
// TTIR:         tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
// Normalise: y = (x - mean) * rstd * w + b, stored as f32.
// TTIR:         scf.for
// TTIR:           tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR:         tt.return

// The frontend's casts of the loop bounds and the tl.zeros / tl.sum helpers
// are gone.
// CLEAN-NOT: arith.extf
// CLEAN-NOT: arith.truncf
// CLEAN-NOT: arith.bitcast
// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
