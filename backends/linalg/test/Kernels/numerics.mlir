// RUN: trident-opt --trident-ttir %{kernels}/numerics.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/numerics.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/numerics.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/numerics.ttir -o /dev/null

// test/kernels/numerics.ttir after --trident-ttir: Numeric ops: bitcast, fp_to_fp (f8E5M2), clampf, precise sqrt/div, mulhiui, asserts.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @numerics_kernel(
// CHECK:         cf.assert %{{.*}}, "int32 overflow detected for operation mul"
// CHECK:         linalg.reduce
// CHECK:         cf.assert %{{.*}}, "int32 overflow detected for operation add"
// CHECK:         arith.bitcast %{{.*}} : f32 to i32
// CHECK:         cf.assert %{{.*}}, "exponent out of range"
// CHECK:         arith.truncf %{{.*}} : f32 to f8E5M2
// CHECK:         arith.extf %{{.*}} : f8E5M2 to f32
// CHECK:         arith.maxnumf
// CHECK:         arith.minnumf
// CHECK:         math.sqrt
// CHECK:         arith.divf
// CHECK:         arith.mului_extended
// CHECK-NOT: tt.
