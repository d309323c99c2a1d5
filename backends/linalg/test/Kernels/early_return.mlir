// RUN: trident-opt --trident-ttir %{kernels}/early_return.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/early_return.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/early_return.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/early_return.ttir -o /dev/null

// test/kernels/early_return.ttir after --trident-ttir: An early return: cf.cond_br between blocks of the function.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @early_return_kernel(
// CHECK:         cf.cond_br %{{.*}}, ^[[EXIT:.*]], ^[[BODY:.*]]
// CHECK:       ^[[EXIT]]:
// CHECK-NEXT:    return
// CHECK:       ^[[BODY]]:
// CHECK:         math.absf
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
