// RUN: trident-opt %s --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.reduce within a thread, a warp (shuffles) and a CTA (shared memory).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// 512 elements: 4 per thread, 32 lanes, 4 warps along the axis.
// CHECK-LABEL: llvm.func @sum
// In the thread: registers 1, 2, 3 added to register 0.
// CHECK: %[[R0:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %{{.*}}[3]
// CHECK: %[[T1:.*]] = llvm.fadd %[[R0]], %[[R1]]
// CHECK: %[[T2:.*]] = llvm.fadd %[[T1]], %[[R2]]
// CHECK: %[[T3:.*]] = llvm.fadd %[[T2]], %[[R3]]
// In the warp: one butterfly step per lane bit.
// CHECK: %[[S1:.*]] = llvm.call @test_shuffle_xor_f32(%[[T3]], %{{.*}})
// CHECK: %[[U1:.*]] = llvm.fadd %[[T3]], %[[S1]]
// CHECK: llvm.call @test_shuffle_xor_f32(%[[U1]]
// CHECK: llvm.call @test_shuffle_xor_f32
// CHECK: llvm.call @test_shuffle_xor_f32
// CHECK: %[[S5:.*]] = llvm.call @test_shuffle_xor_f32(%[[U4:.*]], %{{.*}})
// CHECK: %[[W:.*]] = llvm.fadd %[[U4]], %[[S5]]
// Across warps: lane 0 of each warp writes its slot (warp id), barrier,
// every thread reads the 4 slots as one vector and adds them pairwise.
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[C31:.*]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[LB:.*]] = llvm.and %{{.*}}, %[[C31]]
// CHECK: %[[WRITER:.*]] = llvm.icmp "eq" %[[LB]]
// CHECK: llvm.call @test_store_shared_f32(%{{.*}}, %[[W]], %[[WRITER]])
// CHECK-NEXT: llvm.call @test_barrier()
// CHECK: %[[SLOTS:.*]] = llvm.call @test_load_shared_v4f32
// CHECK-NOT: llvm.call @test_load_shared
// CHECK-DAG: %[[S0:.*]] = llvm.extractelement %[[SLOTS]][%{{.*}} : i32] : vector<4xf32>
// CHECK-DAG: %[[S1:.*]] = llvm.extractelement %[[SLOTS]][%{{.*}} : i32] : vector<4xf32>
// CHECK-DAG: %[[S2:.*]] = llvm.extractelement %[[SLOTS]][%{{.*}} : i32] : vector<4xf32>
// CHECK-DAG: %[[S3:.*]] = llvm.extractelement %[[SLOTS]][%{{.*}} : i32] : vector<4xf32>
// CHECK: %[[P01:.*]] = llvm.fadd %[[S0]], %[[S1]]
// CHECK: %[[P23:.*]] = llvm.fadd %[[S2]], %[[S3]]
// CHECK: llvm.fadd %[[P01]], %[[P23]]
// CHECK: llvm.return
tt.func public @sum(%x: tensor<512xf32, #blocked>) -> f32 {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  tt.return %0 : f32
}

// Along dim 1 of 16x32 rows: 4 registers and 8 lanes (lane bits 0..2) per
// row; no warp splits a row, so no shared memory. The result keeps the
// rows' slice layout: one register per thread.
// CHECK-LABEL: llvm.func @rows
// CHECK-COUNT-3: llvm.intr.maxnum
// CHECK: llvm.call @test_shuffle_xor_f32
// CHECK: llvm.call @test_shuffle_xor_i32
// CHECK: llvm.call @test_shuffle_xor_f32
// CHECK: llvm.call @test_shuffle_xor_i32
// CHECK: llvm.call @test_shuffle_xor_f32
// CHECK: llvm.call @test_shuffle_xor_i32
// CHECK-NOT: test_shuffle_xor
// CHECK-NOT: test_barrier
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<(f32)>
// CHECK: llvm.return
tt.func public @rows(%x: tensor<16x32xf32, #rows>, %i: tensor<16x32xi32, #rows>) {
  %0:2 = "tt.reduce"(%x, %i) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %m = arith.maxnumf %a, %b : f32
    %j = arith.maxsi %ai, %bi : i32
    tt.reduce.return %m, %j : f32, i32
  }) : (tensor<16x32xf32, #rows>, tensor<16x32xi32, #rows>) -> (tensor<16xf32, #ttg.slice<{dim = 1, parent = #rows}>>, tensor<16xi32, #ttg.slice<{dim = 1, parent = #rows}>>)
  tt.return
}

// Along dim 0 of the same rows: lane bits 3, 4 and both warp bits step
// along the axis; each of the 4 registers holds its own column, so no
// add in the thread and two shuffles per register.
// CHECK-LABEL: llvm.func @cols
// CHECK-NOT: llvm.fadd
// CHECK-COUNT-8: llvm.call @test_shuffle_xor_f32
// CHECK-NOT: llvm.call @test_shuffle_xor_f32
// CHECK: llvm.call @test_barrier()
// 4 registers x 4 warps: a vector of the 4 warps' slots per register.
// CHECK-COUNT-4: llvm.call @test_load_shared_v4f32
// CHECK-NOT: llvm.call @test_load_shared
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
tt.func public @cols(%x: tensor<16x32xf32, #rows>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x32xf32, #rows>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #rows}>>
  tt.return
}

}
