// RUN: trident-opt --trident-ttir %{kernels}/matmul_blockptr.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/matmul_blockptr.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/matmul_blockptr.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/matmul_blockptr.ttir -o /dev/null

// test/kernels/matmul_blockptr.ttir after --trident-ttir: Matmul through block pointers (rewritten by --trident-ttir into offsets and boundary masks).
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @matmul_blockptr_kernel(
// CHECK:         scf.for
// CHECK:           memref.reinterpret_cast
// CHECK:           linalg.copy
// CHECK:           memref.reinterpret_cast
// CHECK:           linalg.copy
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf16>, tensor<32x64xf16>) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
