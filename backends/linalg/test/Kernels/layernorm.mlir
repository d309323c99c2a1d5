// RUN: trident-opt --trident-ttir %{kernels}/layernorm.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/layernorm.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/layernorm.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/layernorm.ttir -o /dev/null

// test/kernels/layernorm.ttir after --trident-ttir: LayerNorm forward: three loops over column blocks, f16 data and f32 math.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @layernorm_fwd_kernel(
// CHECK-SAME:    memref<?xf16>
// CHECK:         scf.for
// CHECK:           memref.reinterpret_cast
// CHECK:           arith.extf
// CHECK:         linalg.reduce { arith.addf }
// CHECK:         scf.for
// CHECK:         linalg.reduce { arith.addf }
// CHECK:         math.sqrt
// CHECK:         memref.store
// CHECK:         memref.store
// CHECK:         scf.for
// CHECK-COUNT-3:   memref.reinterpret_cast
// CHECK:           arith.truncf
// CHECK:           bufferization.materialize_in_destination
// CHECK-NOT: tt.
