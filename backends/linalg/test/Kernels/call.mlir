// RUN: trident-opt --trident-ttir %{kernels}/call.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/call.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/call.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/call.ttir | FileCheck %s --check-prefix=RAW

// test/kernels/call.ttir after --trident-ttir: Calls of device functions (inlined by --trident-ttir; the raw form keeps func.call).
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @call_kernel(
// CHECK:         linalg.reduce { arith.addf }
// CHECK:         linalg.reduce { arith.addf }
// CHECK:         math.sqrt
// CHECK:         bufferization.materialize_in_destination
// RAW-LABEL:     func.func @call_kernel(
// RAW:           %[[S:.*]]:2 = call @kernels.row_stats{{.*}} : (tensor<256xf32>, tensor<256xi1>, i32, f32, i32, i32, i32, i32, i32, i32) -> (f32, f32)
// RAW:           call @kernels.normalize{{.*}}(%{{.*}}, %[[S]]#0, %[[S]]#1,
// RAW-LABEL:     func.func private @kernels.row_stats
// CHECK-NOT: tt.
