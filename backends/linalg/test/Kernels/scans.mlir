// RUN: trident-opt --trident-ttir %{kernels}/scans.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/scans.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/scans.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/scans.ttir -o /dev/null

// test/kernels/scans.ttir after --trident-ttir: Scans: cumsum, cumprod and a reverse cumsum.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @scans_kernel(
// CHECK:         scf.for
// CHECK:           arith.addf
// CHECK:         scf.for
// CHECK:           arith.mulf
// CHECK:         scf.for
// CHECK:           arith.subi
// CHECK:           arith.addf
// CHECK-COUNT-3: bufferization.materialize_in_destination
// CHECK-NOT: tt.
