// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// Function signatures, program ids, make_range from the linear layout.

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {

// A public function is a kernel: pointer arguments become !llvm.ptr<1>,
// argument attributes are kept, the target marks the kernel.
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr<1> {tt.divisibility = 16 : i32}, %[[N:.*]]: i32)
// CHECK-SAME: attributes {test.kernel = array<i32: 2, 32>}
tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  // CHECK: llvm.call @test_program_id_0() : () -> i32
  %0 = tt.get_program_id x : i32
  // CHECK: llvm.call @test_program_id_2() : () -> i32
  %1 = tt.get_program_id z : i32
  // CHECK: llvm.call @test_num_programs_1() : () -> i32
  %2 = tt.get_num_programs y : i32
  // CHECK: llvm.return
  tt.return
}

// A private function is not a kernel and keeps internal linkage.
// CHECK-LABEL: llvm.func internal @helper(%{{.*}}: i32) -> i32
// CHECK-NOT: test.kernel
// CHECK: llvm.return %{{.*}} : i32
tt.func private @helper(%x: i32) -> i32 {
  tt.return %x : i32
}

// CHECK-LABEL: llvm.func @calls
// CHECK: llvm.call @helper(%{{.*}}) : (i32) -> i32
tt.func public @calls(%x: i32) {
  %0 = tt.call @helper(%x) : (i32) -> i32
  tt.return
}

// 128 elements over 2 registers x 32 lanes x 2 warps: register r of lane l
// of warp w holds element r + 2l + 64w, plus the start of the range.
// CHECK-LABEL: llvm.func @range
// CHECK: %[[TID:.*]] = llvm.call @test_thread_id() : () -> i32
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %[[C32]] : i32
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]], %[[C32]] : i32
// Lane bit 0 is element 2, ..., lane bit 4 element 32; warp bit 0 element 64.
// CHECK: llvm.and %[[LANE]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.lshr %[[LANE]]
// CHECK: llvm.mlir.constant(64 : i32)
// Register 1 is element 1 beside register 0.
// CHECK: %[[BASE:.*]] = llvm.xor
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[R1:.*]] = llvm.xor %[[BASE]], %[[ONE]] : i32
// CHECK: %[[START:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[V0:.*]] = llvm.add %[[BASE]], %[[START]] : i32
// CHECK: %[[V1:.*]] = llvm.add %[[R1]], %[[START]] : i32
// CHECK: llvm.insertvalue %[[V0]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK: llvm.insertvalue %[[V1]], %{{.*}}[1] : !llvm.struct<(i32, i32)>
tt.func public @range() {
  %0 = tt.make_range {end = 144 : i32, start = 16 : i32} : tensor<128xi32, #blocked>
  tt.return
}

}
