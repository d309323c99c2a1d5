// RUN: trident-opt --trident-ttir --tt-expand-libdevice %{kernels}/extern_asm.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir --tt-expand-libdevice %{kernels}/extern_asm.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir --tt-expand-libdevice %{kernels}/extern_asm.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --tt-expand-libdevice --linalg-triton-to-linalg %{kernels}/extern_asm.ttir -o /dev/null

// test/kernels/extern_asm.ttir after --trident-ttir: Target-flavoured ops: libdevice exp (math.exp), a PTX register move (the identity), tt.print (dropped with a remark).
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @extern_asm_kernel(
// CHECK:         math.exp
// CHECK:         arith.bitcast %{{.*}} : f32 to i32
// CHECK-NOT:     tt.print
// CHECK:         bufferization.materialize_in_destination
// CHECK:         bufferization.materialize_in_destination
// REMARKS:       remark: tt.print is dropped
// CHECK-NOT: tt.
