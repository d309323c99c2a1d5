// REQUIRES: nvidia-plugin

// f64 dots through the whole pipeline take the f64 tensor cores (wgmma has
// no f64 form) instead of the core's FMA dot: a 2-D matmul
// (Inputs/matmul_f64.ttir, a 64 x 64 block, 32 of K per iteration,
// pipelined and sliced by 16 of K) and a batched 3-D dot
// (Inputs/dot3d_f64.ttir, 2 x 32 x 32 x 32). The operands are read from
// shared memory by plain 64-bit loads (ldmatrix has no 64-bit form). On
// sm_80 each 16x8 tile of the result is two mma.sync m8n8k4 tiles, each
// step of K 4; on sm_90 it is one m16n8k16 per 16 of K, the same registers
// (eight times fewer instructions).

// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s --check-prefix=TTGIR
// TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// TTGIR-LABEL: tt.func public @matmul_f64(
// TTGIR: tt.dot {{.*}} : tensor<64x16xf64, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * tensor<16x64xf64, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>> -> tensor<64x64xf64, #[[MMA]]>
// TTGIR-NOT: warp_group_dot

// 4 warps, each a 32 x 32 block per iteration: on sm_80 4 x 4 tiles of
// 8x8 x 8 steps of 4; on sm_90 2 x 4 tiles of 16x8 x 2 steps of 16.
// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .visible .entry matmul_f64(
// PTX-NOT: ldmatrix
// PTX: ld.shared.b64
// PTX-COUNT-128: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// PTX-NOT: mma.sync
// PTX-NOT: fma.rn.f64
// PTX-NOT: wgmma
// PTX: ret;
// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=PTX90
// PTX90-LABEL: .visible .entry matmul_f64(
// PTX90-NOT: ldmatrix
// PTX90: ld.shared.b64
// Four registers of the accumulator, eight of A, four of B.
// PTX90-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {[[D:%rd[0-9]+]],{{%rd[0-9]+}},{{%rd[0-9]+}},{{%rd[0-9]+}}}, {{{(%rd[0-9]+,){7}%rd[0-9]+}}}, {{{(%rd[0-9]+,){3}%rd[0-9]+}}}, {[[D]],
// PTX90-NOT: mma.sync
// PTX90-NOT: fma.rn.f64
// PTX90-NOT: wgmma
// PTX90: ret;

// One warp: the whole 64 x 64 block, 8 x 8 tiles x 8 steps (sm_90: 4 x 8
// tiles x 2 steps).
// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 1 --emit ptx -o - | FileCheck %s --check-prefix=MM-W1
// MM-W1-LABEL: .visible .entry matmul_f64(
// MM-W1-COUNT-512: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// MM-W1-NOT: mma.sync
// MM-W1-NOT: fma.rn.f64
// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 1 --emit ptx -o - | FileCheck %s --check-prefix=MM90-W1
// MM90-W1-LABEL: .visible .entry matmul_f64(
// MM90-W1-COUNT-64: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
// MM90-W1-NOT: mma.sync
// MM90-W1-NOT: fma.rn.f64

// The batched dot: with 4 warps, two along the batch and two along N, each
// warp computes one batch index's 32 x 16 block (4 x 2 tiles x 8 steps;
// sm_90: 2 x 2 x 2); with one warp both indices (2 x 4 x 4 tiles x 8 steps;
// sm_90: 2 x 2 x 4 x 2).
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s --check-prefix=D3-TTGIR
// D3-TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]}>
// D3-TTGIR: tt.dot {{.*}} : tensor<2x32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * tensor<2x32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>> -> tensor<2x32x32xf64, #[[MMA]]>
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=D3
// D3-LABEL: .visible .entry dot3d_f64(
// D3-COUNT-64: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// D3-NOT: mma.sync
// D3-NOT: fma.rn.f64
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=D390
// D390-LABEL: .visible .entry dot3d_f64(
// D390-COUNT-8: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
// D390-NOT: mma.sync
// D390-NOT: fma.rn.f64
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 1 --emit ptx -o - | FileCheck %s --check-prefix=D3-W1
// D3-W1-LABEL: .visible .entry dot3d_f64(
// D3-W1-COUNT-256: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// D3-W1-NOT: mma.sync
// D3-W1-NOT: fma.rn.f64
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 1 --emit ptx -o - | FileCheck %s --check-prefix=D390-W1
// D390-W1-LABEL: .visible .entry dot3d_f64(
// D390-W1-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
// D390-W1-NOT: mma.sync
// D390-W1-NOT: fma.rn.f64

// The cubins (ptxas).
// REQUIRES: ptxas
// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.tkb
// RUN: trident compile %S/Inputs/matmul_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 2 -o %t.w2.tkb
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.d3.tkb
// RUN: trident compile %S/Inputs/dot3d_f64.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --num-warps 1 -o %t.d3w1.tkb
