// RUN: trident-opt --trident-ttir %{kernels}/control_flow.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/control_flow.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/control_flow.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/control_flow.ttir -o /dev/null

// test/kernels/control_flow.ttir after --trident-ttir: Structured control flow: scf.if, scf.for with iter_args, scf.if with a result, scf.while.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @control_flow_kernel(
// CHECK:         scf.if
// CHECK:           scf.for
// CHECK:           scf.for
// CHECK:           scf.if %{{.*}} -> (tensor<256xf32>)
// CHECK:           bufferization.materialize_in_destination
// CHECK:           scf.while
// CHECK:           memref.store
// CHECK-NOT: tt.
