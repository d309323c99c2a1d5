// RUN: trident-opt %s -split-input-file -test-print-axis-info -o /dev/null 2>&1 | FileCheck %s

// The 1-D access pattern of a vector add: pid * 128 + arange(0, 128).
tt.func public @offsets(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [128], constancy = [1], constant_value = 128
  %c128 = arith.constant 128 : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %pid = tt.get_program_id x : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [128], constancy = [1], constant_value = <none>
  %off = arith.muli %pid, %c128 : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [4611686018427387904], constancy = [1]
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [128], constancy = [128]
  %s = tt.splat %off : i32 -> tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [128], constancy = [1]
  %o = arith.addi %s, %r : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [16], constancy = [128]
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // Runs of 16 offsets starting at a multiple of 16 against a multiple of
  // 16: the mask is constant over each.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>; contiguity per access = 1, ptr alignment = 1, mask alignment = 16
  %m = arith.cmpi slt, %o, %ns : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [16], constancy = [128]
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // Divisibility in bytes: 16-byte base plus 128-element (512-byte) steps.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>; contiguity per access = 4, ptr alignment = 4, mask alignment = 1
  %q = tt.addptr %p, %o : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %q, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}
// CHECK: remark: arg 0: contiguity = [1], divisibility = [16], constancy = [1]
// CHECK: remark: arg 1: contiguity = [1], divisibility = [16], constancy = [1]

// -----

// A tile's column offsets wrapped by a run-time size: (pid * 256 + arange) % N
// stays contiguous in runs of N's divisibility (16), not of the range (256).
tt.func @wrapped_offsets(%n: i32 {tt.divisibility = 16 : i32}, %m: i32) {
  %pid = tt.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %starts = tt.splat %start : i32 -> tensor<256xi32>
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %offs = arith.addi %starts, %r : tensor<256xi32>
  %ns = tt.splat %n : i32 -> tensor<256xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [16], divisibility = [16], constancy = [1]
  %wrapped = arith.remsi %offs, %ns : tensor<256xi32>
  // A divisor of unknown divisibility keeps nothing contiguous.
  %ms = tt.splat %m : i32 -> tensor<256xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [1]
  %unknown = arith.remsi %offs, %ms : tensor<256xi32>
  tt.return
}

// -----

// Division, remainder and shifts of a range.
tt.func @divrem() {
  %c4 = arith.constant dense<4> : tensor<128xi32>
  %c32 = arith.constant dense<32> : tensor<128xi32>
  %c6 = arith.constant dense<6> : tensor<128xi32>
  %c2 = arith.constant dense<2> : tensor<128xi32>
  %r = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  // Signed division truncates: a range that may reach below zero
  // ((-64 .. -61) / 4 is -16, -15, -15, -15) gives no equal quotients;
  // unsigned division and right shifts round down and do.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %d = arith.divsi %r, %c4 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>
  %du = arith.divui %r, %c4 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [32], divisibility = [32], constancy = [1], constant_value = <none>
  %m = arith.remsi %r, %c32 : tensor<128xi32>
  // 6 = 2 * 3: pairs stay contiguous and their quotients equal.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [2], divisibility = [2], constancy = [1]
  %m6 = arith.remui %r, %c6 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [2]
  %d6 = arith.divui %r, %c6 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [4], constancy = [1]
  %sh = arith.shli %r, %c2 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [4]
  %shr = arith.shrui %r, %c2 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [16], constancy = [1]
  %mul = arith.muli %sh, %c4 : tensor<128xi32>
  // A range minus a constant stays a range; a constant minus a range does not.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [32], constancy = [1]
  %sub = arith.subi %r, %c32 : tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [1]
  %rsub = arith.subi %c32, %r : tensor<128xi32>
  // Constants fold through the arithmetic.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [2], constancy = [128], constant_value = 30
  %k = arith.subi %c32, %c2 : tensor<128xi32>
  tt.return
}

// -----

// A 2-D tile: rows * stride + cols, with stride a multiple of 16.
tt.func @tile2d(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [64, 1], divisibility = [4611686018427387904, 1], constancy = [1, 1]
  %em = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ss = tt.splat %stride : i32 -> tensor<64x1xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]
  %rows = arith.muli %em, %ss : tensor<64x1xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 32]
  %rb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x32xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1, 32], divisibility = [1, 4611686018427387904], constancy = [1, 1]
  %en = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1, 32], divisibility = [1, 4611686018427387904], constancy = [64, 1]
  %cb = tt.broadcast %en : tensor<1x32xi32> -> tensor<64x32xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1, 32], divisibility = [1, 16], constancy = [1, 1]
  %offs = arith.addi %rb, %cb : tensor<64x32xi32>
  %pb = tt.splat %base : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  // 16-byte aligned runs of 32 halves: 8 elements per aligned access.
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1, 32], divisibility = [2, 16], constancy = [1, 1], constant_value = <none>; contiguity per access = 8, ptr alignment = 8
  %ptrs = tt.addptr %pb, %offs : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [32, 1], divisibility = [16, 2], constancy = [1, 1]
  %t = tt.trans %ptrs {order = array<i32: 1, 0>} : tensor<64x32x!tt.ptr<f16>> -> tensor<32x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Loops: a pointer advanced by 64 elements per iteration keeps its
// contiguity and alignment; the induction variable is a multiple of the
// gcd of its lower bound and step.
tt.func @loop(%base: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %pb = tt.splat %base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p0 = tt.addptr %pb, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %res = scf.for %i = %c0 to %n step %c32 iter_args(%p = %p0) -> (tensor<64x!tt.ptr<f32>>) : i32 {
    // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [32], constancy = [64]
    %is = tt.splat %i : i32 -> tensor<64xi32>
    // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [64], divisibility = [16], constancy = [1]
    %next = tt.addptr %p, %c64 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    scf.yield %next : tensor<64x!tt.ptr<f32>>
  }
  // CHECK: :[[@LINE-7]]:{{.*}} remark: arg 0: contiguity = [1], divisibility = [32], constancy = [1]
  // CHECK: :[[@LINE-8]]:{{.*}} remark: arg 1: contiguity = [64], divisibility = [16], constancy = [1]
  // CHECK: :[[@LINE-9]]:{{.*}} remark: contiguity = [64], divisibility = [16], constancy = [1]
  tt.return
}

// -----

// A loop whose carried offset loses its alignment: the joined state is the
// gcd of the entry value and every yielded one.
tt.func @loop_join(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant dense<3> : tensor<64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%o = %r) -> (tensor<64xi32>) : i32 {
    %next = arith.addi %o, %c3 : tensor<64xi32>
    scf.yield %next : tensor<64xi32>
  }
  // CHECK: :[[@LINE-4]]:{{.*}} remark: arg 1: contiguity = [64], divisibility = [1], constancy = [1]
  // CHECK: :[[@LINE-5]]:{{.*}} remark: contiguity = [64], divisibility = [1], constancy = [1]
  tt.return
}

// -----

// Hints on operations (tl.multiple_of, tl.max_contiguous, tl.max_constancy)
// replace what the analysis derived.
tt.func @hints(%n: i32, %ptr: !tt.ptr<i32>) {
  %pid = tt.get_program_id x : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [64], constancy = [1]
  %a = arith.muli %pid, %n {tt.divisibility = dense<64> : tensor<1xi32>} : i32
  %p = tt.splat %ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [16], divisibility = [16], constancy = [1]
  %l = tt.load %p {tt.contiguity = dense<16> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>} : tensor<128x!tt.ptr<i32>>
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [8]
  %k = arith.addi %l, %l {tt.constancy = array<i32: 8>} : tensor<128xi32>
  tt.return
}
// CHECK: remark: arg 0: contiguity = [1], divisibility = [1], constancy = [1]

// -----

// Calls: a private callee's arguments join what its call sites pass.
tt.func private @callee(%p: !tt.ptr<f32>, %k: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %k, %c2 : i32
  tt.return %r : i32
}
// CHECK: remark: arg 0: contiguity = [1], divisibility = [8], constancy = [1]
// CHECK: remark: arg 1: contiguity = [1], divisibility = [4], constancy = [1]
tt.func public @caller(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f32> {tt.divisibility = 8 : i32}) {
  %c4 = arith.constant 4 : i32
  %c12 = arith.constant 12 : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [8], constancy = [1]
  %x = tt.call @callee(%a, %c4) : (!tt.ptr<f32>, i32) -> i32
  %y = tt.call @callee(%b, %c12) : (!tt.ptr<f32>, i32) -> i32
  tt.return
}

// -----

// With a layout, one access covers at most the elements a thread holds
// contiguously: 4 here, though the pointers are contiguous over 128.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @layout(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked>
    // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>; contiguity per access = 4, ptr alignment = 8
    %q = tt.addptr %p, %r : tensor<128x!tt.ptr<f16>, #blocked>, tensor<128xi32, #blocked>
    // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [128], divisibility = [16], constancy = [1]
    %c = ttg.convert_layout %q : tensor<128x!tt.ptr<f16>, #blocked> -> tensor<128x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Inline assembly keeps equal runs only when it is pure and takes one
// element per call: one that reads a clock, or packs four elements, may
// give each element its own value.
tt.func @inline_asm(%x: i32, %y: i8) {
  %s = tt.splat %x : i32 -> tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} constancy = [128]
  %pure = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %s : tensor<128xi32> -> tensor<128xi32>
  // CHECK: :[[@LINE+1]]:{{.*}} constancy = [1]
  %clock = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %s : tensor<128xi32> -> tensor<128xi32>
  %b = tt.splat %y : i8 -> tensor<128xi8>
  // CHECK: :[[@LINE+1]]:{{.*}} constancy = [1]
  %packed = tt.elementwise_inline_asm "prmt.b32 $0, $1, 0, 0x0123;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %b : tensor<128xi8> -> tensor<128xi8>
  tt.return
}
