// REQUIRES: nvidia-plugin

// A batched 3-D dot (tl.dot of 3-D blocks, Inputs/dot3d.ttir: 2 x 32 x 64
// times 2 x 64 x 32, f16 into f32) through the whole pipeline: on sm_80
// and on sm_90 alike (wgmma has no batched form) it takes mma.sync in the
// rank-3 layouts, not the core's FMA dot. With 4 warps, two along the batch
// and two along N, each warp computes one batch index's 32 x 16 block: 2 x 2
// tiles x 4 steps of K = 16 instructions, its operands read from shared
// memory by ldmatrix (A's 32 x 64 in 8 x4 loads, B's 64 x 16 in 4, .trans:
// B is N-major in memory).

// RUN: trident compile %S/Inputs/dot3d.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s --check-prefix=TTGIR
// TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]}>
// TTGIR-LABEL: tt.func public @dot3d(
// TTGIR: tt.dot {{.*}} : tensor<2x32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>> -> tensor<2x32x32xf32, #[[MMA]]>
// TTGIR-NOT: warp_group_dot

// RUN: trident compile %S/Inputs/dot3d.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: trident compile %S/Inputs/dot3d.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .visible .entry dot3d(
// PTX-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-NOT: mma.sync
// PTX-NOT: fma.rn
// PTX: ret;

// One warp holds both batch indices: 2 x (2 x 4 tiles x 4 steps).
// RUN: trident compile %S/Inputs/dot3d.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 1 --emit ptx -o - | FileCheck %s --check-prefix=W1
// W1-LABEL: .visible .entry dot3d(
// W1-COUNT-64: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// W1-NOT: mma.sync
// W1-NOT: fma.rn

// The cubins (ptxas).
// REQUIRES: ptxas
// RUN: trident compile %S/Inputs/dot3d.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.tkb
// RUN: trident compile %S/Inputs/dot3d.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 1 -o %t.w1.tkb
