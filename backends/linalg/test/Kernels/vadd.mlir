// RUN: trident-opt --trident-ttir %{kernels}/vadd.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/vadd.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/vadd.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/vadd.ttir -o /dev/null

// test/kernels/vadd.ttir after --trident-ttir: Vector add: two masked structured loads, an elementwise add, a masked structured store.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @vadd_kernel(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32> {tt.divisibility = 16 : i32}, %[[Y:[a-z0-9_]+]]: memref<?xf32> {tt.divisibility = 16 : i32},
// CHECK-SAME:    %[[OUT:[a-z0-9_]+]]: memref<?xf32> {tt.divisibility = 16 : i32}, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32,
// CHECK-SAME:    %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32)
// CHECK:         memref.reinterpret_cast %[[X]]
// CHECK:         linalg.copy
// CHECK:         memref.reinterpret_cast %[[Y]]
// CHECK:         linalg.copy
// CHECK:         linalg.generic
// CHECK:           arith.addf
// CHECK:         memref.reinterpret_cast %[[OUT]]
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
