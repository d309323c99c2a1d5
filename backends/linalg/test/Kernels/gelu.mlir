// RUN: trident-opt --trident-ttir %{kernels}/gelu.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/gelu.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/gelu.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/gelu.ttir -o /dev/null

// test/kernels/gelu.ttir after --trident-ttir: GELU (tanh form through math.exp): a masked structured load, elementwise linalg.generic ops, a masked structured store.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @gelu_kernel(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32> {{.*}}, %[[Y:[a-z0-9_]+]]: memref<?xf32>
// CHECK:         memref.reinterpret_cast %[[X]]
// CHECK:         linalg.copy
// CHECK:         linalg.generic
// CHECK:           math.exp %{{.*}} : f32
// CHECK:           arith.divf
// CHECK:         memref.reinterpret_cast %[[Y]]
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
