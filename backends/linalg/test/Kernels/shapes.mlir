// RUN: trident-opt --trident-ttir %{kernels}/shapes.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/shapes.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/shapes.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/shapes.ttir -o /dev/null

// test/kernels/shapes.ttir after --trident-ttir: Shape ops: trans, reshape, join, split, cat, gather, histogram, unsplat, ptr_to_int / int_to_ptr, num_programs.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @shapes_kernel(
// CHECK:         linalg.transpose
// CHECK:         tensor.collapse_shape
// CHECK:         linalg.reduce { arith.addf }
// CHECK:         tensor.insert_slice
// CHECK:         tensor.insert_slice
// CHECK:         tensor.extract_slice
// CHECK:         tensor.extract_slice
// CHECK:         linalg.generic
// CHECK:           tensor.extract
// CHECK:         scf.for
// CHECK:           tensor.insert
// CHECK:         arith.divsi
// CHECK:         memref.store
// CHECK-NOT: tt.
