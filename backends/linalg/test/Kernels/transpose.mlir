// RUN: trident-opt --trident-ttir %{kernels}/transpose.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/transpose.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/transpose.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/transpose.ttir -o /dev/null

// test/kernels/transpose.ttir after --trident-ttir: Tiled 2-D transpose: a masked 2-D structured load, linalg.transpose, a masked 2-D structured store.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @transpose_kernel(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32> {{.*}}, %[[Y:[a-z0-9_]+]]: memref<?xf32>
// CHECK:         memref.reinterpret_cast %[[X]] to offset: [%{{.*}}], sizes: [%{{.*}}, %{{.*}}], strides: [%{{.*}}, 1]
// CHECK:         linalg.copy
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<32x32xf32>) outs(%{{.*}} : tensor<32x32xf32>) permutation = [1, 0]
// CHECK:         memref.reinterpret_cast %[[Y]] to offset: [%{{.*}}], sizes: [%{{.*}}, %{{.*}}], strides: [%{{.*}}, 1]
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
