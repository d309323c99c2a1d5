// test/kernels/numerics.ttir (bitcast, fp_to_fp, clampf, precise math, mulhiui, assert): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/numerics.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/numerics.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/numerics.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/numerics.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/numerics.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @numerics_kernel(
// Compiled with debug=True: the frontend's overflow checks are asserts and stay.
// TTIR:         tt.assert %{{.*}}, "int32 overflow detected for operation mul" : i1
// TTIR:         tt.assert %{{.*}}, "int32 overflow detected for operation add" : tensor<64xi1>
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// TTIR:         %[[BITS:.*]] = tt.bitcast %[[X]] : tensor<64xf32> -> tensor<64xi32>
// TTIR:         arith.shrsi %[[BITS]], %{{.*}} : tensor<64xi32>
// TTIR:         tt.assert %{{.*}}, "exponent out of range" : tensor<64xi1>
// TTIR:         %[[Q:.*]] = tt.fp_to_fp %[[X]], rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
// TTIR:         tt.fp_to_fp %[[Q]] : tensor<64xf8E5M2> -> tensor<64xf32>
// TTIR:         tt.clampf %[[X]], %{{.*}}, %{{.*}}, propagateNan = none : tensor<64xf32>
// TTIR:         tt.precise_sqrt %{{.*}} : tensor<64xf32>
// TTIR:         tt.precise_divf %[[X]], %{{.*}} : tensor<64xf32>
// TTIR:         tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>

// The frontend splats 1.0 three times (two `other` values, the clamp bound);
// one constant is left.
// CLEAN:     arith.constant dense<1.000000e+00> : tensor<64xf32>
// CLEAN-NOT: arith.constant dense<1.000000e+00> : tensor<64xf32>
