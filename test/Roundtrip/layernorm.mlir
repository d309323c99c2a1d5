// test/kernels/layernorm.ttir (LayerNorm forward with scf.for over columns): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/layernorm.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/layernorm.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/layernorm.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/layernorm.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/layernorm.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @layernorm_fwd_kernel(
// Mean: a loop accumulating the f16 row as f32, then a sum.
// TTIR:         %[[MEAN_ACC:.*]] = scf.for {{.*}} -> (tensor<256xf32>)
// TTIR:           tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f16>>
// TTIR:           arith.extf %{{.*}} : tensor<256xf16> to tensor<256xf32>
// TTIR:           arith.addf
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
// Normalise: y = (x - mean) * rstd * w + b, stored as f16.
// TTIR:         scf.for
// TTIR:           arith.truncf %{{.*}} : tensor<256xf32> to tensor<256xf16>
// TTIR:           tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f16>>
// TTIR:         tt.return

// The frontend's casts of the loop bounds and the tl.zeros / tl.sum helpers
// are gone.
// CLEAN-NOT: arith.bitcast
// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
