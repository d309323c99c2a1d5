// The f64 tensors of mma.sync m8n8k4 move through shared memory by the
// core's plain loads and stores (ldmatrix and stmatrix have no 64-bit
// form), each register addressed from one of a few per-thread bases (the
// thread's offset XORed with the register's bits that it can hold) plus a
// constant: LLVM's NVPTX straight-line strength reduction is quadratic in
// the number of unrelated addresses, which a large f64 dot has thousands of
// (the core's RegisterAddresses, MemoryOpToLLVM.cpp). Other element sizes
// keep one address from the buffer's base per register.
//
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// A 32 x 32 A operand: 32 registers, 4 bases (the swizzle XORs two of the
// registers' column bits with the lane's row bits), the other 28 addresses
// a constant away from one of them.
// CHECK-LABEL: llvm.func @load_a(
// CHECK-COUNT-4: llvm.getelementptr %arg0[
// CHECK-NOT: llvm.getelementptr %arg0[
// CHECK: llvm.return
tt.func public @load_a(%m: !ttg.memdesc<32x32xf64, #s, #smem>) -> tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
  %a = ttg.local_load %m : !ttg.memdesc<32x32xf64, #s, #smem> -> tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  tt.return %a : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
}

// The accumulator to a blocked layout through the scratch buffer: 16
// stores of two f64, 16 loads of two, from 6 bases.
// CHECK-LABEL: llvm.func @acc_to_blocked(
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-6: llvm.getelementptr %[[SMEM]][
// CHECK-NOT: llvm.getelementptr %[[SMEM]][
// CHECK: llvm.return
tt.func public @acc_to_blocked(%c: tensor<32x32xf64, #mma>) -> tensor<32x32xf64, #b> {
  %d = ttg.convert_layout %c : tensor<32x32xf64, #mma> -> tensor<32x32xf64, #b>
  tt.return %d : tensor<32x32xf64, #b>
}

// A blocked tensor to a B operand: 16 stores of two f64, 32 loads of one.
// CHECK-LABEL: llvm.func @blocked_to_b(
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-5: llvm.getelementptr %[[SMEM]][
// CHECK-NOT: llvm.getelementptr %[[SMEM]][
// CHECK: llvm.return
tt.func public @blocked_to_b(%x: tensor<32x32xf64, #b>) -> tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> {
  %d = ttg.convert_layout %x : tensor<32x32xf64, #b> -> tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
  tt.return %d : tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
}

// An f32 accumulator keeps the core's addresses: 16 stores and 16 loads,
// each from the base.
// CHECK-LABEL: llvm.func @f32_untouched(
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-32: llvm.getelementptr %[[SMEM]][
// CHECK: llvm.return
tt.func public @f32_untouched(%c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #b> {
  %d = ttg.convert_layout %c : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #b>
  tt.return %d : tensor<32x32xf32, #b>
}
}
