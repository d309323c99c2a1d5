// RUN: trident-opt --trident-ttir %{kernels}/matmul_bf16.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/matmul_bf16.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/matmul_bf16.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/matmul_bf16.ttir -o /dev/null

// test/kernels/matmul_bf16.ttir after --trident-ttir: Matmul in bf16 through tensors of pointers: loop-carried offsets, wrapped rows and columns, linalg.matmul with bf16 operands and an f32 accumulator, one truncation to bf16.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @matmul_kernel(
// CHECK-SAME:    %[[A:[a-z0-9_]+]]: memref<?xbf16> {{.*}}, %[[B:[a-z0-9_]+]]: memref<?xbf16> {{.*}}, %[[C:[a-z0-9_]+]]: memref<?xbf16>
// The loop carries the two pointers' offsets, not tensors of pointers.
// CHECK:         scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OA:.*]] = %{{.*}}, %[[OB:.*]] = %{{.*}}) -> (tensor<64x64xf32>, index, index)
// CHECK:           memref.reinterpret_cast %[[A]]
// CHECK:           linalg.copy
// CHECK:           memref.reinterpret_cast %[[B]]
// CHECK:           linalg.copy
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%[[ACC]] : tensor<64x64xf32>)
// CHECK:           arith.addi %[[OA]]
// CHECK:           arith.addi %[[OB]]
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         memref.reinterpret_cast %[[C]]
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
