// RUN: trident-opt %s -split-input-file --test-convert-tritongpu-to-llvm | FileCheck %s

// Non-splat tensor constants. A register that holds the same value in every
// thread is a constant; one whose value depends on the thread is loaded from
// a constant global array of the elements (row-major), at the index the
// layout gives that register in this thread.

// Each thread holds the whole tensor: four constants, no table.
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func @in_registers
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: llvm.insertvalue %[[C0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[C1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[C2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[C3]], %{{.*}}[3]
// CHECK-NOT: llvm.load
#regs = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @in_registers(%p: !tt.ptr<i32>) {
  %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #regs>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>, #regs>
  tt.store %ps, %c : tensor<4x!tt.ptr<i32>, #regs>
  tt.return
}
}

// -----

// Spread over lanes and warps: the values come from a table in global
// memory, read at lane + 32 * warp (XOR 128 for the second register).
// CHECK: llvm.mlir.global internal constant @tensor_constant_0(dense<"0x000000000100000002000000{{.*}}FE000000FF000000"> : tensor<256xi32>) {addr_space = 1 : i32} : !llvm.array<256 x i32>
// CHECK-LABEL: llvm.func @across_threads
// CHECK: %[[T:.*]] = llvm.mlir.addressof @tensor_constant_0 : !llvm.ptr<1>
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: llvm.xor %{{.*}}, %[[C128]] : i32
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: %[[V0:.*]] = llvm.load %[[P0]] : !llvm.ptr<1> -> i32
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK: %[[V1:.*]] = llvm.load %[[P1]] : !llvm.ptr<1> -> i32
// CHECK: llvm.insertvalue %[[V0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[V1]], %{{.*}}[1]
#spread = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @across_threads(%p: !tt.ptr<i32>) {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255]> : tensor<256xi32, #spread>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #spread>
  tt.store %ps, %c : tensor<256x!tt.ptr<i32>, #spread>
  tt.return
}
}

// -----

// Rows differ, columns are equal: lanes and warps only move along the
// columns, so every register is a constant. Booleans that do depend on the
// thread are stored as bytes and truncated after the load.
// CHECK: llvm.mlir.global internal constant @tensor_constant_0(dense<[1, 0, 0, 1]> : tensor<4xi8>) {addr_space = 1 : i32} : !llvm.array<4 x i8>
// CHECK-LABEL: llvm.func @rows_and_bools
// CHECK-DAG: llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: llvm.mlir.constant(9 : i32) : i32
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i8
// CHECK: llvm.trunc %[[B]] : i8 to i1
#cols = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#lanes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @rows_and_bools(%p: !tt.ptr<i32>, %q: !tt.ptr<i1>) {
  %c = arith.constant dense<[[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]]> : tensor<2x128xi32, #cols>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<2x128x!tt.ptr<i32>, #cols>
  tt.store %ps, %c : tensor<2x128x!tt.ptr<i32>, #cols>
  %b = arith.constant dense<[true, false, false, true]> : tensor<4xi1, #lanes>
  %qs = tt.splat %q : !tt.ptr<i1> -> tensor<4x!tt.ptr<i1>, #lanes>
  tt.store %qs, %b : tensor<4x!tt.ptr<i1>, #lanes>
  tt.return
}
}
