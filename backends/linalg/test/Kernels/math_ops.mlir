// RUN: trident-opt --trident-ttir %{kernels}/math_ops.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/math_ops.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/math_ops.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/math_ops.ttir -o /dev/null

// test/kernels/math_ops.ttir after --trident-ttir: Math functions: one elementwise linalg.generic per function (tt.precise_divf becomes arith.divf), each stored through a masked structured store.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @math_ops_kernel(
// CHECK:         math.exp %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.exp2 %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.log %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.log2 %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.sin %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.cos %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.sqrt %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.rsqrt %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.erf %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.floor %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.ceil %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.absf %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.minnumf %{{.*}}, %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.divf %{{.*}}, %{{.*}} : f32
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
