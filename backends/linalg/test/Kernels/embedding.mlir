// RUN: trident-opt --trident-ttir %{kernels}/embedding.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/embedding.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/embedding.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/embedding.ttir -o /dev/null

// test/kernels/embedding.ttir after --trident-ttir: Embedding lookup: the ids load is structured, the rows load is addressed by loaded indices and takes the gather fallback (a loop nest of guarded memref.load), the store is structured.
// The data-dependent load is the only fallback.
// REMARKS:     remark: gather/scatter fallback: offsets loaded from memory (data-dependent addressing)
// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @embedding_kernel(
// CHECK-SAME:    %[[IDS:[a-z0-9_]+]]: memref<?xi32> {{.*}}, %[[W:[a-z0-9_]+]]: memref<?xf32> {{.*}}, %[[OUT:[a-z0-9_]+]]: memref<?xf32>
// CHECK:         memref.reinterpret_cast %[[IDS]]
// CHECK:         linalg.copy
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               scf.if %{{.*}} -> (f32) {
// CHECK:                 memref.load %[[W]][%{{.*}}] : memref<?xf32>
// CHECK:           memref.reinterpret_cast %[[OUT]]
// CHECK:           bufferization.materialize_in_destination
// CHECK-NOT: tt.
