// RUN: trident-opt --trident-ttir %{kernels}/bitops.ttir | trident-linalg-opt --linalg-triton-to-linalg | FileCheck %s
// RUN: trident-opt --trident-ttir %{kernels}/bitops.ttir | trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS --allow-empty
// RUN: trident-opt --trident-ttir %{kernels}/bitops.ttir | trident-linalg-opt --linalg-triton-to-linalg=structured=false -o /dev/null
// RUN: trident-linalg-opt --linalg-triton-to-linalg %{kernels}/bitops.ttir -o /dev/null

// test/kernels/bitops.ttir after --trident-ttir: Integer bit operations on i32 and i64: one elementwise linalg.generic per operation (not is an xor with -1), each stored through a masked structured store.
// Every access is structured (no gather/scatter fallback), nothing of tt
// is left, the gather/scatter-only lowering and the raw frontend form
// convert too.

// REMARKS-NOT: gather/scatter fallback
// CHECK-NOT: tt.
// CHECK-LABEL: func.func @bitops_kernel(
// CHECK:         arith.andi %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.ori %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.shli %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.shrsi %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.shrui %{{.*}}, %{{.*}} : i32
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.andi %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.ori %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.shli %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.shrsi %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK:         arith.shrui %{{.*}}, %{{.*}} : i64
// CHECK:         bufferization.materialize_in_destination
// CHECK-NOT: tt.
