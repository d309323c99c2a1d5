// ttg.async_copy_global_to_local into a slot of a multi-buffered tile:
// each thread's 8 contiguous f16 (16 bytes in global memory and in the
// swizzled buffer) are one cp.async.cg whose source size is 16 where the
// mask holds and 0 (zero fill) elsewhere; 4-byte pieces use cp.async.ca.
// The commit and the wait are cp.async.commit_group / wait_group, and
// ttg-insert-barriers puts a barrier after the wait, not before the copy.
//
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --ttg-insert-barriers --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// CHECK-LABEL: llvm.func @copy_slot(
// CHECK: llvm.mul %arg1, %{{.*}} : i32
// CHECK-NOT: nvvm.barrier
// CHECK: %[[SIZE:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// CHECK: llvm.inline_asm has_side_effects "@$3 cp.async.cg.shared.global [$0], [$1], 16, $2;", "r,l,r,b" %{{.*}}, %{{.*}}, %[[SIZE]], %{{.*}} : (i32, !llvm.ptr<1>, i32, i1) -> ()
// CHECK-NOT: cp.async.cg
// CHECK: llvm.inline_asm has_side_effects "cp.async.commit_group;"
// CHECK-NEXT: llvm.mlir.constant
// CHECK-NEXT: llvm.inline_asm has_side_effects "cp.async.wait_group 1;"
// CHECK-NEXT: llvm.mlir.constant
// CHECK-NEXT: nvvm.barrier0
// CHECK: ld.shared.v4.b32
// CHECK-LABEL: llvm.func @copy_words(
// CHECK: "@$3 cp.async.ca.shared.global [$0], [$1], 4, $2;"
// CHECK-NOT: cp.async.ca
// CHECK: "cp.async.wait_group 0;"

// The same through the PTX back end and ptxas.
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --ttg-insert-barriers --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .entry copy_slot(
// PTX: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 1;
// PTX: bar.sync 0;

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#words = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_slot(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %slot: i32, %n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x8x32xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x8x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<8x32xf16, #shared, #smem, mutable>
    %rows = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<8x1xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<8x1xi32, #blocked>
    %rs = arith.muli %r, %c32 : tensor<8x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<8x1xi32, #blocked> -> tensor<8x32xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<8x32xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<8x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<8x32x!tt.ptr<f16>, #blocked>, tensor<8x32xi32, #blocked>
    %limit = tt.splat %n : i32 -> tensor<8x1xi32, #blocked>
    %inside = arith.cmpi slt, %r, %limit : tensor<8x1xi32, #blocked>
    %mask = tt.broadcast %inside : tensor<8x1xi1, #blocked> -> tensor<8x32xi1, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<8x32xf16, #blocked>
    %t = ttg.async_copy_global_to_local %ptrs, %view mask %mask other %zero : tensor<8x32x!tt.ptr<f16>, #blocked> -> <8x32xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait {num = 1 : i32}
    %x = ttg.local_load %view : !ttg.memdesc<8x32xf16, #shared, #smem, mutable> -> tensor<8x32xf16, #blocked>
    %out = tt.addptr %ptrs, %offs : tensor<8x32x!tt.ptr<f16>, #blocked>, tensor<8x32xi32, #blocked>
    tt.store %out, %x : tensor<8x32x!tt.ptr<f16>, #blocked>
    tt.return
  }

  tt.func public @copy_words(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x8xf16, #shared, #smem, mutable>
    %rows = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #words}>>
    %cols = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #words}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #words}>> -> tensor<8x1xi32, #words>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #words}>> -> tensor<1x8xi32, #words>
    %c8 = arith.constant dense<8> : tensor<8x1xi32, #words>
    %rs = arith.muli %r, %c8 : tensor<8x1xi32, #words>
    %rb = tt.broadcast %rs : tensor<8x1xi32, #words> -> tensor<8x8xi32, #words>
    %cb = tt.broadcast %c : tensor<1x8xi32, #words> -> tensor<8x8xi32, #words>
    %offs = arith.addi %rb, %cb : tensor<8x8xi32, #words>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<8x8x!tt.ptr<f16>, #words>
    %ptrs = tt.addptr %base, %offs : tensor<8x8x!tt.ptr<f16>, #words>, tensor<8x8xi32, #words>
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<8x8x!tt.ptr<f16>, #words> -> <8x8xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait {num = 0 : i32}
    tt.return
  }
}
