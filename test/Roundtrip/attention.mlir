// test/kernels/attention.ttir (flash-attention forward): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/attention.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/attention.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/attention.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/attention.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/attention.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @attention_kernel(
// TTIR-SAME:    %{{.*}}: !tt.ptr<f16> {{.*}}, %{{.*}}: !tt.ptr<f16> {{.*}}, %{{.*}}: !tt.ptr<f16> {{.*}}, %{{.*}}: !tt.ptr<f16> {{.*}}, %[[SCALE:.*]]: f32, %[[NCTX:.*]]: i32)
// TTIR:         tt.get_program_id x : i32
// TTIR:         tt.get_program_id y : i32
// TTIR:         %[[Q:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>>
// sm_scale * log2(e), once, outside the loop.
// TTIR:         arith.mulf %[[SCALE]], %{{.*}} : f32
// TTIR:         %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[NCTX]] step %{{.*}} iter_args({{.*}}) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>)
// TTIR:           %[[K:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>>
// TTIR:           %[[QK:.*]] = tt.dot %[[Q]], %[[K]], %{{.*}}, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
// The tl.max and tl.sum helpers are inlined into their reductions.
// TTIR:           "tt.reduce"
// TTIR:             arith.maxnumf %{{.*}}, %{{.*}} : f32
// TTIR:           arith.maxnumf %{{.*}}, %{{.*}} : tensor<64xf32>
// TTIR:           math.exp2 %{{.*}} : tensor<64x64xf32>
// TTIR:           math.exp2 %{{.*}} : tensor<64xf32>
// TTIR:           "tt.reduce"
// TTIR:             arith.addf %{{.*}}, %{{.*}} : f32
// TTIR:           %[[V:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>>
// TTIR:           %[[P:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32> to tensor<64x64xf16>
// TTIR:           %[[PV:.*]] = tt.dot %[[P]], %[[V]], %{{.*}}, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
// TTIR:           scf.yield %{{.*}}, %{{.*}}, %[[PV]] : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
// TTIR:         arith.divf %[[LOOP]]#2, %{{.*}} : tensor<64x64xf32>
// TTIR:         arith.truncf %{{.*}} : tensor<64x64xf32> to tensor<64x64xf16>
// TTIR:         tt.store %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<f16>>

// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
// CLEAN-NOT: ub.poison
// CLEAN-NOT: arith.extsi
