// RUN: trident-opt --trident-ttir %{kernels}/argmax.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/argmax.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/argmax.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/argmax.ttir -o /dev/null

// test/kernels/argmax.ttir after --trident-ttir: Argmax: a two-operand tt.reduce with an index-tracking combiner.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @argmax_kernel(
// CHECK:         %[[R:.*]]:2 = linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<1023xf32>, tensor<1023xi32>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>) dimensions = [0]
// CHECK:           arith.cmpf oeq
// CHECK:           arith.cmpf ogt
// CHECK:         tensor.extract %[[R]]#0[]
// CHECK:         tensor.extract %[[R]]#1[]
// CHECK:         memref.store
// CHECK:         memref.store
// CHECK-NOT: tt.
