// RUN: trident-opt %s -split-input-file -ttg-pipeline=num-stages=3 | FileCheck %s
// RUN: trident-opt %s -split-input-file -ttg-pipeline=num-stages=1 | FileCheck %s --check-prefix=OFF

// A K loop: both operands are loaded through carried pointers, staged in
// shared memory and read into dot-operand layouts. Each gets a buffer of 3
// slots; the prologue copies iterations 0 and 1 (masked off past the end),
// each copy committed as a group of its own (as upstream commits them), the
// body waits until at most one iteration's two groups are in flight, copies
// iteration k + 2 into the write slot, reads the read slot, and the slots
// rotate.
// CHECK-LABEL: tt.func @k_loop
// CHECK-SAME: (%[[A0:.*]]: tensor<32x16x!tt.ptr<f16>, #{{.*}}>, %[[B0:.*]]: tensor<16x32x!tt.ptr<f16>, #{{.*}}>, %[[N:.*]]: i32)
// CHECK-DAG: %[[ABUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x32x16xf16, #[[SA:.*]], #smem, mutable>
// CHECK-DAG: %[[BBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x16x32xf16, #[[SB:.*]], #smem, mutable>
// Iteration 0, into slot 0; the pointers advance for iteration 1.
// CHECK: %[[V0:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
// CHECK: %[[A1:.*]] = tt.addptr %[[A0]]
// CHECK: %[[B1:.*]] = tt.addptr %[[B0]]
// CHECK: %[[AS0:.*]] = ttg.memdesc_index %[[ABUF]][%{{.*}}]
// CHECK: %[[M0:.*]] = tt.splat %[[V0]] : i1 -> tensor<32x16xi1
// CHECK: %[[T0:.*]] = ttg.async_copy_global_to_local %[[A0]], %[[AS0]] mask %[[M0]]
// CHECK-NEXT: ttg.async_commit_group tokens %[[T0]]
// CHECK: %[[T1:.*]] = ttg.async_copy_global_to_local %[[B0]], %{{.*}} mask
// CHECK-NEXT: ttg.async_commit_group tokens %[[T1]]
// Iteration 1, through the advanced pointers.
// CHECK: %[[A2:.*]] = tt.addptr %[[A1]]
// CHECK: %[[B2:.*]] = tt.addptr %[[B1]]
// CHECK: ttg.async_copy_global_to_local %[[A1]]
// CHECK-NEXT: %[[GA1:.*]] = ttg.async_commit_group
// CHECK: ttg.async_copy_global_to_local %[[B1]]
// CHECK-NEXT: %[[GB1:.*]] = ttg.async_commit_group
// The loop carries the groups last committed, which its wait names.
// CHECK: %[[LOOP:.*]]:7 = scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[AP:.*]] = %[[A2]], %[[BP:.*]] = %[[B2]], %[[READ:.*]] = %{{.*}}, %[[WRITE:.*]] = %{{.*}}, %[[GA:.*]] = %[[GA1]], %[[GB:.*]] = %[[GB1]])
// CHECK-NEXT: ttg.async_wait %[[GA]], %[[GB]] {num = 2 : i32}
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : i32
// CHECK: %[[VALID:.*]] = arith.cmpi slt, %[[AHEAD]], %[[N]] : i32
// CHECK: %[[NA:.*]] = tt.addptr %[[AP]]
// CHECK: %[[NB:.*]] = tt.addptr %[[BP]]
// CHECK: %[[AW:.*]] = ttg.memdesc_index %[[ABUF]][%[[WRITE]]]
// CHECK: tt.splat %[[VALID]]
// CHECK: ttg.async_copy_global_to_local %[[AP]], %[[AW]] mask
// CHECK-NEXT: %[[NGA:.*]] = ttg.async_commit_group
// CHECK: ttg.async_copy_global_to_local %[[BP]], %{{.*}} mask
// CHECK-NEXT: %[[NGB:.*]] = ttg.async_commit_group
// CHECK: %[[AR:.*]] = ttg.memdesc_index %[[ABUF]][%[[READ]]]
// CHECK: %[[BR:.*]] = ttg.memdesc_index %[[BBUF]][%[[READ]]]
// CHECK-NOT: tt.load
// CHECK: %[[A:.*]] = ttg.local_load %[[AR]]
// CHECK: %[[B:.*]] = ttg.local_load %[[BR]]
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NOT: tt.addptr
// CHECK: scf.yield %[[D]], %[[NA]], %[[NB]], %{{.*}}, %{{.*}}, %[[NGA]], %[[NGB]] :
// CHECK: ttg.async_wait %[[LOOP]]#5, %[[LOOP]]#6 {num = 0 : i32}
// CHECK: ttg.local_dealloc %[[ABUF]]
// CHECK: ttg.local_dealloc %[[BBUF]]
// OFF-LABEL: tt.func @k_loop
// OFF-NOT: ttg.async_copy_global_to_local
// OFF: tt.load
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @k_loop(%a0: tensor<32x16x!tt.ptr<f16>, #blocked>, %b0: tensor<16x32x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #acc>
    %sa = arith.constant dense<16> : tensor<32x16xi32, #blocked>
    %sb = arith.constant dense<512> : tensor<16x32xi32, #blocked>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ap = %a0, %bp = %b0) -> (tensor<32x32xf32, #acc>, tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<16x32x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %ap : tensor<32x16x!tt.ptr<f16>, #blocked>
      %b = tt.load %bp : tensor<16x32x!tt.ptr<f16>, #blocked>
      %as = ttg.local_alloc %a : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem>
      %bs = ttg.local_alloc %b : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem>
      %ad = ttg.local_load %as : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %bd = ttg.local_load %bs : !ttg.memdesc<16x32xf16, #shared, #smem> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
      %an = tt.addptr %ap, %sa : tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      %bn = tt.addptr %bp, %sb : tensor<16x32x!tt.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<32x32xf32, #acc>, tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<16x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<32x32xf32, #acc>
  }
}

// -----

// A mask computed from the induction variable is recomputed for the later
// iteration and combined with the end-of-loop predicate; a zero `other` is
// kept (the copy fills masked-off elements with zeros).
// CHECK-LABEL: tt.func @masked
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[N:.*]] step
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : i32
// CHECK: %[[VALID:.*]] = arith.cmpi slt, %[[AHEAD]], %[[N]] : i32
// CHECK: %[[LIMIT:.*]] = tt.splat %[[AHEAD]] : i32 -> tensor<32x16xi32
// CHECK: %[[INSIDE:.*]] = arith.cmpi slt, %{{.*}}, %[[LIMIT]]
// CHECK: %[[ALIVE:.*]] = tt.splat %[[VALID]] : i1 -> tensor<32x16xi1
// CHECK: %[[MASK:.*]] = arith.andi %[[INSIDE]], %[[ALIVE]]
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[MASK]] other %{{.*}} :
// CHECK-NOT: tt.load
// CHECK: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @masked(%ap: tensor<32x16x!tt.ptr<f16>, #blocked>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %cols: tensor<32x16xi32, #blocked>, %n: i32) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #acc>
    %other = arith.constant dense<0.000000e+00> : tensor<32x16xf16, #blocked>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #acc>) : i32 {
      %limit = tt.splat %k : i32 -> tensor<32x16xi32, #blocked>
      %m = arith.cmpi slt, %cols, %limit : tensor<32x16xi32, #blocked>
      %a = tt.load %ap, %m, %other : tensor<32x16x!tt.ptr<f16>, #blocked>
      %as = ttg.local_alloc %a : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem>
      %ad = ttg.local_load %as : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %d = tt.dot %ad, %b, %acc : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
      scf.yield %d : tensor<32x32xf32, #acc>
    }
    tt.return %r : tensor<32x32xf32, #acc>
  }
}

// -----

// Left alone: the carried pointer is also stored by the loop (it would see
// a later iteration's value), a load with a non-zero `other`, and a load
// whose staged copy feeds no dot.
// CHECK-LABEL: tt.func @not_pipelined
// CHECK-NOT: ttg.async_copy_global_to_local
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_pipelined(%a0: tensor<32x16x!tt.ptr<f16>, #blocked>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %out: tensor<32x16x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #acc>
    %one = arith.constant dense<1.000000e+00> : tensor<32x16xf16, #blocked>
    %true = arith.constant dense<true> : tensor<32x16xi1, #blocked>
    %sa = arith.constant dense<16> : tensor<32x16xi32, #blocked>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ap = %a0) -> (tensor<32x32xf32, #acc>, tensor<32x16x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %ap : tensor<32x16x!tt.ptr<f16>, #blocked>
      %as = ttg.local_alloc %a : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem>
      %ad = ttg.local_load %as : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %d = tt.dot %ad, %b, %acc : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
      tt.store %ap, %one : tensor<32x16x!tt.ptr<f16>, #blocked>
      %c = tt.load %out, %true, %one : tensor<32x16x!tt.ptr<f16>, #blocked>
      %cs = ttg.local_alloc %c : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem>
      %cd = ttg.local_load %cs : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %e = tt.dot %cd, %b, %d : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
      %an = tt.addptr %ap, %sa : tensor<32x16x!tt.ptr<f16>, #blocked>, tensor<32x16xi32, #blocked>
      scf.yield %e, %an : tensor<32x32xf32, #acc>, tensor<32x16x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<32x32xf32, #acc>
  }
}

// -----

// A tile staged from a value defined before the loop (attention's Q) is
// staged once, before it; the loop's own load is pipelined as usual.
// CHECK-LABEL: tt.func @invariant_tile
// CHECK: %[[Q:.*]] = ttg.local_alloc %{{.*}} : (tensor<32x16xf16, #{{.*}}>) -> !ttg.memdesc<32x16xf16
// CHECK: scf.for
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.local_load %[[Q]]
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @invariant_tile(%q: tensor<32x16xf16, #blocked>, %k0: tensor<16x32x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #acc>
    %sk = arith.constant dense<512> : tensor<16x32xi32, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %kp = %k0) -> (tensor<32x32xf32, #acc>, tensor<16x32x!tt.ptr<f16>, #blocked>) : i32 {
      %qs = ttg.local_alloc %q : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem>
      %qd = ttg.local_load %qs : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %k = tt.load %kp : tensor<16x32x!tt.ptr<f16>, #blocked>
      %ks = ttg.local_alloc %k : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem>
      %kd = ttg.local_load %ks : !ttg.memdesc<16x32xf16, #shared, #smem> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %d = tt.dot %qd, %kd, %acc : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
      %kn = tt.addptr %kp, %sk : tensor<16x32x!tt.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %d, %kn : tensor<32x32xf32, #acc>, tensor<16x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<32x32xf32, #acc>
  }
}

// -----

// An unsigned loop: every copy's check compares unsigned against the loop's
// upper bound, also the ones started inside the new loop, which are built
// after the original loop is replaced (the pass once read the predicate and
// the bound from the erased loop: a use after free, garbage in the output).
// CHECK-LABEL: tt.func @unsigned_loop
// CHECK-SAME: %[[N:[^ :]*]]: i32)
// CHECK: arith.cmpi ult, %{{.*}}, %[[N]] : i32
// CHECK: arith.cmpi ult, %{{.*}}, %[[N]] : i32
// CHECK: scf.for unsigned %[[K:.*]] = %{{.*}} to %[[N]] step %[[STEP:[^ ]*]] iter_args
// CHECK-NEXT: ttg.async_wait %{{.*}} {num = 1 : i32}
// CHECK: %[[DIST:.*]] = arith.muli %[[STEP]], %{{.*}} : i32
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[K]], %[[DIST]] : i32
// CHECK-NEXT: arith.cmpi ult, %[[AHEAD]], %[[N]] : i32
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unsigned_loop(%b0: tensor<16x32x!tt.ptr<f16>, #blocked>, %a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %lb: i32, %step: i32, %n: i32) -> tensor<32x32xf32, #acc> {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #acc>
    %sb = arith.constant dense<512> : tensor<16x32xi32, #blocked>
    %r:2 = scf.for unsigned %k = %lb to %n step %step iter_args(%acc = %zero, %bp = %b0) -> (tensor<32x32xf32, #acc>, tensor<16x32x!tt.ptr<f16>, #blocked>) : i32 {
      %b = tt.load %bp : tensor<16x32x!tt.ptr<f16>, #blocked>
      %bs = ttg.local_alloc %b : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem>
      %bd = ttg.local_load %bs : !ttg.memdesc<16x32xf16, #shared, #smem> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %d = tt.dot %a, %bd, %acc : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
      %bn = tt.addptr %bp, %sb : tensor<16x32x!tt.ptr<f16>, #blocked>, tensor<16x32xi32, #blocked>
      scf.yield %d, %bn : tensor<32x32xf32, #acc>, tensor<16x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<32x32xf32, #acc>
  }
}
