// RUN: trident-opt %s -split-input-file -tt-loop-unroll -verify-diagnostics | FileCheck %s
// RUN: trident-opt %s -split-input-file -tt-loop-unroll -verify-diagnostics | FileCheck %s --check-prefix=GONE

// No annotation survives the pass.
// GONE-NOT: tt.loop_unroll_factor

// A trip count (8) divisible by the factor: one loop with the step doubled
// and the body twice, the second copy reading the accumulated value; no
// epilogue.

// CHECK-LABEL: tt.func @divisible
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[X:.*]]: tensor<64xf32>)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : i32
// CHECK:       %[[R:.*]] = scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C2]] iter_args(%[[ACC:.*]] = %[[X]]) -> (tensor<64xf32>) : i32 {
// CHECK-NEXT:    %[[T0:.*]] = tt.load %[[P]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[S0:.*]] = arith.addf %[[ACC]], %[[T0]] : tensor<64xf32>
// CHECK-NEXT:    %[[T1:.*]] = tt.load %[[P]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %[[S0]], %[[T1]] : tensor<64xf32>
// CHECK-NEXT:    scf.yield %[[S1]] : tensor<64xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return %[[R]] : tensor<64xf32>
tt.func @divisible(%p: tensor<64x!tt.ptr<f32>>, %x: tensor<64xf32>) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<64xf32>) : i32 {
    %t = tt.load %p : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %t : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : tensor<64xf32>
}

// -----

// A trip count (10) not divisible by the factor (4): the main loop runs to 8,
// its copies use iv + 1, iv + 2, iv + 3, and an epilogue loop (not to be
// pipelined) runs the last two iterations.

// CHECK-LABEL: tt.func @remainder
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<i32>)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C10:.*]] = arith.constant 10 : i32
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK:       scf.for %[[IV:.*]] = %[[C0]] to %[[C8]] step %[[C4]] : i32 {
// CHECK-NEXT:    tt.store %[[P]], %[[IV]] : !tt.ptr<i32>
// CHECK:         %[[IV1:.*]] = arith.addi %[[IV]], %{{.*}} : i32
// CHECK-NEXT:    tt.store %[[P]], %[[IV1]] : !tt.ptr<i32>
// CHECK:         %[[IV2:.*]] = arith.addi %[[IV]], %{{.*}} : i32
// CHECK-NEXT:    tt.store %[[P]], %[[IV2]] : !tt.ptr<i32>
// CHECK:         %[[IV3:.*]] = arith.addi %[[IV]], %{{.*}} : i32
// CHECK-NEXT:    tt.store %[[P]], %[[IV3]] : !tt.ptr<i32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[JV:.*]] = %[[C8]] to %[[C10]] step %[[C1]] : i32 {
// CHECK-NEXT:    tt.store %[[P]], %[[JV]] : !tt.ptr<i32>
// CHECK-NEXT:  } {tt.num_stages = 1 : i32}
tt.func @remainder(%p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %c10 step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return
}

// -----

// A dynamic trip count: the unrolled bound is computed before the loops, and
// the epilogue starts where the main loop stops and takes over its result.

// CHECK-LABEL: tt.func @dynamic
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[X:.*]]: tensor<64xf32>, %[[N:.*]]: i32)
// CHECK:       %[[C3:.*]] = arith.constant 3 : i32
// CHECK:       %[[REM:.*]] = arith.remsi %{{.*}}, %[[C3]] : i32
// CHECK:       %[[UB:.*]] = arith.addi
// CHECK:       %[[STEP:.*]] = arith.muli %{{.*}}, %[[C3]] : i32
// CHECK:       %[[MAIN:.*]] = scf.for %{{.*}} = %{{.*}} to %[[UB]] step %[[STEP]] iter_args(%{{.*}} = %[[X]]) -> (tensor<64xf32>) : i32 {
// CHECK-COUNT-3: tt.load %[[P]]
// CHECK:       }
// CHECK-NEXT:  %[[EPI:.*]] = scf.for %{{.*}} = %[[UB]] to %[[N]] step %{{.*}} iter_args(%{{.*}} = %[[MAIN]]) -> (tensor<64xf32>) : i32 {
// CHECK-NEXT:    tt.load %[[P]]
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  } {tt.num_stages = 1 : i32}
// CHECK-NEXT:  tt.return %[[EPI]] : tensor<64xf32>
tt.func @dynamic(%p: tensor<64x!tt.ptr<f32>>, %x: tensor<64xf32>, %n: i32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64xf32>) : i32 {
    %t = tt.load %p : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %t : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  } {tt.loop_unroll_factor = 3 : i32}
  tt.return %r : tensor<64xf32>
}

// -----

// Factor 1 (and loops without the annotation) are left as they are; only the
// annotation goes. Other attributes stay.

// CHECK-LABEL: tt.func @factor_one
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:    tt.store
// CHECK-NEXT:  } {tt.num_stages = 3 : i32}
// CHECK-NEXT:  scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:    tt.store
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return
tt.func @factor_one(%p: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.loop_unroll_factor = 1 : i32, tt.num_stages = 3 : i32}
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  }
  tt.return
}

// -----

// Nested annotated loops: the inner loop is unrolled first, so the outer
// loop's two copies each hold the already unrolled inner loop.

// CHECK-LABEL: tt.func @nested
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:      arith.addi %[[I]], %[[J]] : i32
// CHECK-NEXT:      tt.store
// CHECK:           tt.store
// CHECK-NEXT:    }
// CHECK:         %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK:         scf.for %[[J2:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:      arith.addi %[[I1]], %[[J2]] : i32
// CHECK-NEXT:      tt.store
// CHECK:           tt.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return
tt.func @nested(%p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    scf.for %j = %c0 to %c4 step %c1 : i32 {
      %k = arith.addi %i, %j : i32
      tt.store %p, %k : !tt.ptr<i32>
    } {tt.loop_unroll_factor = 2 : i32}
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return
}

// -----

tt.func @not_an_integer(%p: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op expects 'tt.loop_unroll_factor' to be an integer, but got "two"}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.loop_unroll_factor = "two"}
  tt.return
}
