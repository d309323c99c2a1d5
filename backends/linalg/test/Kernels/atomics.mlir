// RUN: trident-opt --trident-ttir %{kernels}/atomics.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/atomics.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/atomics.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/atomics.ttir -o /dev/null

// test/kernels/atomics.ttir after --trident-ttir: Atomics: masked tensor fadd and max (pointers from loaded keys), scalar add, cas and exchange.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @atomics_kernel(
// CHECK:         memref.atomic_rmw addf
// CHECK:         memref.atomic_rmw maxs
// CHECK:         memref.atomic_rmw addi
// CHECK:         memref.generic_atomic_rmw
// CHECK:           arith.cmpi eq
// CHECK:         memref.store
// CHECK:         memref.atomic_rmw assign
// CHECK-NOT: tt.
