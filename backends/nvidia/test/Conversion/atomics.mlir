// Global atomics on nvidia are `atom.global` inline PTX with Triton's ordering
// and scope spelled out (LLVM's NVPTX backend prints `atomicrmw` and
// `cmpxchg` without them): `atom.global.<scope>.<sem>.<op>.<type>` for
// read-modify-write and `atom.global.<sem>.<scope>.cas.b<N>` for
// compare-and-swap, as upstream Triton's PTX tests expect. A mask (and, for
// a scalar, "thread 0 only") is the instruction's predicate, not a branch.
// Kinds PTX has no atom for keep LLVM's atomics. Target/atomics-ptxas.mlir
// assembles the result with ptxas.
//
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --ttg-insert-barriers --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --ttg-allocate-shared-memory --ttg-insert-barriers --nvidia-convert-triton-gpu-to-llvm=compute-capability=80 %s | FileCheck %s --check-prefix=SM80
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Every ordering, masked: the mask is the predicate ($3), the old value $0.
// CHECK-LABEL: llvm.func @fadd_f32_sems(
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.inline_asm has_side_effects "@$3 atom.global.gpu.relaxed.add.f32 $0, [$1], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i32, i1) -> i32
// CHECK: llvm.inline_asm has_side_effects "@$3 atom.global.gpu.acquire.add.f32 $0, [$1], $2;", "=r,l,r,b"
// CHECK: llvm.inline_asm has_side_effects "@$3 atom.global.gpu.release.add.f32 $0, [$1], $2;", "=r,l,r,b"
// CHECK: llvm.inline_asm has_side_effects "@$3 atom.global.gpu.acq_rel.add.f32 $0, [$1], $2;", "=r,l,r,b"
// CHECK-NOT: llvm.atomicrmw
// PTX-LABEL: .entry fadd_f32_sems(
// PTX: @%p{{[0-9]+}} atom.global.gpu.relaxed.add.f32
// PTX: @%p{{[0-9]+}} atom.global.gpu.acquire.add.f32
// PTX: @%p{{[0-9]+}} atom.global.gpu.release.add.f32
// PTX: @%p{{[0-9]+}} atom.global.gpu.acq_rel.add.f32
tt.func public @fadd_f32_sems(%p: tensor<32x!tt.ptr<f32>, #b>, %v: tensor<32xf32, #b>, %m: tensor<32xi1, #b>, %out: tensor<32x!tt.ptr<f32>, #b>) {
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>, tensor<32xi1, #b>) -> tensor<32xf32, #b>
  %1 = tt.atomic_rmw fadd, acquire, gpu, %p, %v, %m : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>, tensor<32xi1, #b>) -> tensor<32xf32, #b>
  %2 = tt.atomic_rmw fadd, release, gpu, %p, %v, %m : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>, tensor<32xi1, #b>) -> tensor<32xf32, #b>
  %3 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>, tensor<32xi1, #b>) -> tensor<32xf32, #b>
  %s0 = arith.addf %0, %1 : tensor<32xf32, #b>
  %s1 = arith.addf %2, %3 : tensor<32xf32, #b>
  %s = arith.addf %s0, %s1 : tensor<32xf32, #b>
  tt.store %out, %s : tensor<32x!tt.ptr<f32>, #b>
  tt.return
}

// Every scope; without a mask, and every element held by one thread, there
// is no predicate.
// CHECK-LABEL: llvm.func @fadd_f32_scopes(
// CHECK: llvm.inline_asm has_side_effects "atom.global.cta.acq_rel.add.f32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.inline_asm has_side_effects "atom.global.gpu.acq_rel.add.f32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.inline_asm has_side_effects "atom.global.sys.acq_rel.add.f32 $0, [$1], $2;", "=r,l,r"
// PTX-LABEL: .entry fadd_f32_scopes(
// PTX: atom.global.cta.acq_rel.add.f32
// PTX: atom.global.gpu.acq_rel.add.f32
// PTX: atom.global.sys.acq_rel.add.f32
tt.func public @fadd_f32_scopes(%p: tensor<32x!tt.ptr<f32>, #b>, %v: tensor<32xf32, #b>) {
  %0 = tt.atomic_rmw fadd, acq_rel, cta, %p, %v : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
  %1 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
  %2 = tt.atomic_rmw fadd, acq_rel, sys, %p, %v : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
  tt.return
}

// 16-bit floats in 16-bit registers, without flushing subnormals; bf16 needs
// sm_90, before which LLVM's atomic (a compare-and-swap loop) remains.
// CHECK-LABEL: llvm.func @fadd_16bit(
// CHECK: %[[H:.*]] = llvm.bitcast %{{.*}} : f16 to i16
// CHECK: %[[OLDH:.*]] = llvm.inline_asm has_side_effects "@$3 atom.global.gpu.acq_rel.add.noftz.f16 $0, [$1], $2;", "=h,l,h,b" %{{.*}}, %[[H]], %{{.*}} : (!llvm.ptr<1>, i16, i1) -> i16
// CHECK: llvm.bitcast %[[OLDH]] : i16 to f16
// CHECK: llvm.inline_asm has_side_effects "@$3 atom.global.gpu.relaxed.add.noftz.bf16 $0, [$1], $2;", "=h,l,h,b"
// SM80-LABEL: llvm.func @fadd_16bit(
// SM80: llvm.inline_asm has_side_effects "@$3 atom.global.gpu.acq_rel.add.noftz.f16 $0, [$1], $2;", "=h,l,h,b"
// SM80: llvm.cond_br
// SM80: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
// PTX-LABEL: .entry fadd_16bit(
// PTX: atom.global.gpu.acq_rel.add.noftz.f16
// PTX: atom.global.gpu.relaxed.add.noftz.bf16
tt.func public @fadd_16bit(%ph: tensor<32x!tt.ptr<f16>, #b>, %vh: tensor<32xf16, #b>, %pb: tensor<32x!tt.ptr<bf16>, #b>, %vb: tensor<32xbf16, #b>, %m: tensor<32xi1, #b>, %oh: tensor<32x!tt.ptr<f16>, #b>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %ph, %vh, %m : (tensor<32x!tt.ptr<f16>, #b>, tensor<32xf16, #b>, tensor<32xi1, #b>) -> tensor<32xf16, #b>
  %1 = tt.atomic_rmw fadd, relaxed, gpu, %pb, %vb, %m : (tensor<32x!tt.ptr<bf16>, #b>, tensor<32xbf16, #b>, tensor<32xi1, #b>) -> tensor<32xbf16, #b>
  tt.store %oh, %0 : tensor<32x!tt.ptr<f16>, #b>
  tt.return
}

// The integer and bitwise kinds on i32: add is unsigned, max/min signed,
// umax/umin unsigned, exchange on bits.
// CHECK-LABEL: llvm.func @kinds_i32(
// CHECK: "atom.global.gpu.acq_rel.add.u32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.max.s32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.min.s32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.max.u32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.min.u32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.and.b32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.or.b32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.gpu.acq_rel.xor.b32 $0, [$1], $2;", "=r,l,r"
// CHECK: "atom.global.sys.release.exch.b32 $0, [$1], $2;", "=r,l,r"
// CHECK-NOT: llvm.atomicrmw
// PTX-LABEL: .entry kinds_i32(
// PTX: atom.global.gpu.acq_rel.add.u32
// PTX: atom.global.gpu.acq_rel.max.s32
// PTX: atom.global.gpu.acq_rel.min.s32
// PTX: atom.global.gpu.acq_rel.max.u32
// PTX: atom.global.gpu.acq_rel.min.u32
// PTX: atom.global.gpu.acq_rel.and.b32
// PTX: atom.global.gpu.acq_rel.or.b32
// PTX: atom.global.gpu.acq_rel.xor.b32
// PTX: atom.global.sys.release.exch.b32
tt.func public @kinds_i32(%p: tensor<32x!tt.ptr<i32>, #b>, %v: tensor<32xi32, #b>) {
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %1 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %2 = tt.atomic_rmw min, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %3 = tt.atomic_rmw umax, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %4 = tt.atomic_rmw umin, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %5 = tt.atomic_rmw and, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %6 = tt.atomic_rmw or, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %7 = tt.atomic_rmw xor, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %8 = tt.atomic_rmw exch, release, sys, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  tt.return
}

// 64-bit values in 64-bit registers; a float exchanged as its bits. Float
// max has no atom: LLVM's atomic remains.
// CHECK-LABEL: llvm.func @kinds_64bit(
// CHECK: "atom.global.gpu.relaxed.add.u64 $0, [$1], $2;", "=l,l,l"
// CHECK: "atom.global.gpu.relaxed.max.u64 $0, [$1], $2;", "=l,l,l"
// CHECK: "atom.global.gpu.relaxed.add.f64 $0, [$1], $2;", "=l,l,l"
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: "atom.global.cta.acquire.exch.b32 $0, [$1], $2;", "=r,l,r" %{{.*}}, %[[BITS]]
// CHECK: llvm.atomicrmw fmax %{{.*}}, %{{.*}} syncscope("device") acq_rel : !llvm.ptr<1>, f32
// PTX-LABEL: .entry kinds_64bit(
// PTX: atom.global.gpu.relaxed.add.u64
// PTX: atom.global.gpu.relaxed.max.u64
// PTX: atom.global.gpu.relaxed.add.f64
// PTX: atom.global.cta.acquire.exch.b32
tt.func public @kinds_64bit(%pi: tensor<32x!tt.ptr<i64>, #b>, %vi: tensor<32xi64, #b>, %pd: tensor<32x!tt.ptr<f64>, #b>, %vd: tensor<32xf64, #b>, %pf: tensor<32x!tt.ptr<f32>, #b>, %vf: tensor<32xf32, #b>) {
  %0 = tt.atomic_rmw add, relaxed, gpu, %pi, %vi : (tensor<32x!tt.ptr<i64>, #b>, tensor<32xi64, #b>) -> tensor<32xi64, #b>
  %1 = tt.atomic_rmw umax, relaxed, gpu, %pi, %vi : (tensor<32x!tt.ptr<i64>, #b>, tensor<32xi64, #b>) -> tensor<32xi64, #b>
  %2 = tt.atomic_rmw fadd, relaxed, gpu, %pd, %vd : (tensor<32x!tt.ptr<f64>, #b>, tensor<32xf64, #b>) -> tensor<32xf64, #b>
  %3 = tt.atomic_rmw exch, acquire, cta, %pf, %vf : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
  %4 = tt.atomic_rmw max, acq_rel, gpu, %pf, %vf : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
  tt.return
}

// Compare-and-swap: the ordering before the scope; floats as their bits; a
// 16-bit swap is atom.cas.b16 itself, not a loop over its 32-bit word.
// CHECK-LABEL: llvm.func @cas(
// CHECK: "atom.global.acq_rel.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
// CHECK: "atom.global.relaxed.cta.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l"
// CHECK: %[[C:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: "atom.global.acquire.sys.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r" %{{.*}}, %[[C]], %[[V]]
// CHECK: "atom.global.release.gpu.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h"
// CHECK-NOT: llvm.cmpxchg
// PTX-LABEL: .entry cas(
// PTX: atom.global.acq_rel.gpu.cas.b32
// PTX: atom.global.relaxed.cta.cas.b64
// PTX: atom.global.acquire.sys.cas.b32
// PTX: atom.global.release.gpu.cas.b16
tt.func public @cas(%pi: tensor<32x!tt.ptr<i32>, #b>, %vi: tensor<32xi32, #b>, %pl: tensor<32x!tt.ptr<i64>, #b>, %vl: tensor<32xi64, #b>, %pf: tensor<32x!tt.ptr<f32>, #b>, %vf: tensor<32xf32, #b>, %ph: tensor<32x!tt.ptr<f16>, #b>, %vh: tensor<32xf16, #b>) {
  %0 = tt.atomic_cas acq_rel, gpu, %pi, %vi, %vi : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
  %1 = tt.atomic_cas relaxed, cta, %pl, %vl, %vl : (tensor<32x!tt.ptr<i64>, #b>, tensor<32xi64, #b>, tensor<32xi64, #b>) -> tensor<32xi64, #b>
  %2 = tt.atomic_cas acquire, sys, %pf, %vf, %vf : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
  %3 = tt.atomic_cas release, gpu, %ph, %vh, %vh : (tensor<32x!tt.ptr<f16>, #b>, tensor<32xf16, #b>, tensor<32xf16, #b>) -> tensor<32xf16, #b>
  tt.return
}

// Pairs of f16 a thread holds, whose pointers are contiguous and 4-byte
// aligned and whose mask is one value (%n divisible by 16), are one f16x2
// add: element 0 in the low half, at the lower address. bf16x2 needs sm_90;
// pointers not known contiguous stay one element per atom.
// CHECK-LABEL: llvm.func @fadd_pairs(
// CHECK: %[[LO:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK: %[[PAIR:.*]] = llvm.insertelement %{{.*}}, %[[LO]][%{{.*}} : i32] : vector<2xf16>
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[PAIR]] : vector<2xf16> to i32
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "@$3 atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [$1], $2;", "=r,l,r,b" %{{.*}}, %[[BITS]], %{{.*}} : (!llvm.ptr<1>, i32, i1) -> i32
// CHECK: %[[OLDS:.*]] = llvm.bitcast %[[OLD]] : i32 to vector<2xf16>
// CHECK: llvm.extractelement %[[OLDS]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.extractelement %[[OLDS]][%{{.*}} : i32] : vector<2xf16>
// CHECK: "atom.global.gpu.relaxed.add.noftz.bf16x2 $0, [$1], $2;", "=r,l,r"
// CHECK-COUNT-2: "atom.global.gpu.relaxed.add.noftz.f16 $0, [$1], $2;", "=h,l,h"
// SM80-LABEL: llvm.func @fadd_pairs(
// SM80: "@$3 atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [$1], $2;", "=r,l,r,b"
// SM80-COUNT-2: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
// PTX-LABEL: .entry fadd_pairs(
// PTX: @%p{{[0-9]+}} atom.global.gpu.acq_rel.add.noftz.f16x2
// PTX: atom.global.gpu.relaxed.add.noftz.bf16x2
// PTX: atom.global.gpu.relaxed.add.noftz.f16
tt.func public @fadd_pairs(%ph: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %v: tensor<64xf16, #b2>, %vb: tensor<64xbf16, #b2>, %n: i32 {tt.divisibility = 16 : i32}, %out: tensor<64x!tt.ptr<f16>, #b2>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b2>
  %sh = tt.splat %ph : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>, #b2>
  %h = tt.addptr %sh, %r : tensor<64x!tt.ptr<f16>, #b2>, tensor<64xi32, #b2>
  %ns = tt.splat %n : i32 -> tensor<64xi32, #b2>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32, #b2>
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %h, %v, %m : (tensor<64x!tt.ptr<f16>, #b2>, tensor<64xf16, #b2>, tensor<64xi1, #b2>) -> tensor<64xf16, #b2>
  tt.store %out, %0 : tensor<64x!tt.ptr<f16>, #b2>
  %sb = tt.splat %pb : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>, #b2>
  %b = tt.addptr %sb, %r : tensor<64x!tt.ptr<bf16>, #b2>, tensor<64xi32, #b2>
  %1 = tt.atomic_rmw fadd, relaxed, gpu, %b, %vb : (tensor<64x!tt.ptr<bf16>, #b2>, tensor<64xbf16, #b2>) -> tensor<64xbf16, #b2>
  %2 = tt.atomic_rmw fadd, relaxed, gpu, %out, %v : (tensor<64x!tt.ptr<f16>, #b2>, tensor<64xf16, #b2>) -> tensor<64xf16, #b2>
  tt.return
}

// Scalars: thread 0 alone does the atomic (its predicate, with the mask if
// any) and shares the old value through shared memory.
// CHECK-LABEL: llvm.func @scalars(
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: %[[PRED:.*]] = llvm.and %[[FIRST]], %{{.*}} : i1
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "@$3 atom.global.gpu.acq_rel.add.u32 $0, [$1], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[PRED]]
// CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32 [$0], $1;", "r,r,b" %{{.*}}, %[[OLD]], %[[FIRST]]
// CHECK: nvvm.barrier0
// CHECK: ld.shared.b32
// CHECK: %[[TID2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST2:.*]] = llvm.icmp "eq" %[[TID2]], %{{.*}} : i32
// CHECK: llvm.inline_asm has_side_effects "@$4 atom.global.acquire.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST2]]
// CHECK: nvvm.barrier0
// CHECK: ld.shared.b32
// PTX-LABEL: .entry scalars(
// PTX: atom.global.gpu.acq_rel.add.u32
// PTX: bar.sync
// PTX: atom.global.acquire.gpu.cas.b32
tt.func public @scalars(%p: !tt.ptr<i32>, %v: i32, %m: i1, %out: !tt.ptr<i32>) {
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %m : (!tt.ptr<i32>, i32, i1) -> i32
  tt.store %out, %0 : !tt.ptr<i32>
  %1 = tt.atomic_cas acquire, gpu, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.store %out, %1 : !tt.ptr<i32>
  tt.return
}
}
