// RUN: trident-opt --trident-ttir %{kernels}/softmax.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/softmax.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/softmax.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/softmax.ttir -o /dev/null

// test/kernels/softmax.ttir after --trident-ttir: Row softmax: a structured load with other = -inf, max and sum reductions.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @softmax_kernel(
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<1024xf32>)
// CHECK:         linalg.copy
// CHECK:         linalg.reduce { arith.maxnumf }
// CHECK:         math.exp
// CHECK:         linalg.reduce { arith.addf }
// CHECK:         arith.divf
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
