// RUN: trident-opt --trident-ttir %{kernels}/matmul_blockptr_f32.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/matmul_blockptr_f32.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/matmul_blockptr_f32.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/matmul_blockptr_f32.ttir -o /dev/null

// test/kernels/matmul_blockptr_f32.ttir after --trident-ttir: Matmul in f32 through block pointers (rewritten by --trident-ttir into offsets and boundary masks).
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @matmul_blockptr_kernel(
// CHECK-SAME:    %[[A:[a-z0-9_]+]]: memref<?xf32> {{.*}}, %[[B:[a-z0-9_]+]]: memref<?xf32> {{.*}}, %[[C:[a-z0-9_]+]]: memref<?xf32>
// CHECK:         scf.for
// Boundary checks become copies of the in-bounds part onto a zero-filled tile.
// CHECK:           linalg.fill
// CHECK:           memref.reinterpret_cast %[[A]]
// CHECK:           linalg.copy
// CHECK:           linalg.fill
// CHECK:           memref.reinterpret_cast %[[B]]
// CHECK:           linalg.copy
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32x64xf32>) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK-NOT:     arith.truncf
// CHECK:         memref.reinterpret_cast %[[C]]
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
