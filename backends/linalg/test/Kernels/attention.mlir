// RUN: trident-opt --trident-ttir %{kernels}/attention.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/attention.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/attention.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/attention.ttir -o /dev/null

// test/kernels/attention.ttir after --trident-ttir: Flash-attention forward: Q loaded once, a loop over key blocks with K read transposed (strides [1, 64]), two linalg.matmul, max and sum reductions, exp2.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @attention_kernel(
// CHECK-SAME:    %[[Q:[a-z0-9_]+]]: memref<?xf16> {{.*}}, %[[K:[a-z0-9_]+]]: memref<?xf16> {{.*}}, %[[V:[a-z0-9_]+]]: memref<?xf16> {{.*}}, %[[O:[a-z0-9_]+]]: memref<?xf16> {{.*}}, %{{.*}}: f32, %[[NCTX:[a-z0-9_]+]]: i32
// CHECK:         memref.reinterpret_cast %[[Q]] to offset: [%{{.*}}], sizes: [64, 64], strides: [64, 1]
// CHECK:         linalg.copy
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[NCTX]] step %{{.*}} iter_args({{.*}}) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>)
// K^T: a 64 x 64 tile of K with the strides swapped.
// CHECK:           memref.reinterpret_cast %[[K]] to offset: [%{{.*}}], sizes: [64, 64], strides: [1, 64]
// CHECK:           linalg.copy
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x64xf16>, tensor<64x64xf16>) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK:           linalg.reduce { arith.maxnumf } ins(%{{.*}} : tensor<64x64xf32>) outs(%{{.*}} : tensor<64xf32>) dimensions = [1]
// CHECK:           math.exp2 %{{.*}} : f32
// CHECK:           math.exp2 %{{.*}} : f32
// CHECK:           linalg.reduce { arith.addf } ins(%{{.*}} : tensor<64x64xf32>) outs(%{{.*}} : tensor<64xf32>) dimensions = [1]
// CHECK:           memref.reinterpret_cast %[[V]] to offset: [%{{.*}}], sizes: [64, 64], strides: [64, 1]
// CHECK:           linalg.copy
// CHECK:           arith.truncf %{{.*}} : f32 to f16
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x64xf16>, tensor<64x64xf16>) outs(%{{.*}} : tensor<64x64xf32>)
// CHECK:           scf.yield
// CHECK:         arith.divf
// CHECK:         arith.truncf %{{.*}} : f32 to f16
// CHECK:         memref.reinterpret_cast %[[O]] to offset: [%{{.*}}], sizes: [64, 64], strides: [64, 1]
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
