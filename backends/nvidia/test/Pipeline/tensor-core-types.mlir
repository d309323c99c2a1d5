// f32 dots at tf32 precision (Triton's default for f32) and i8 dots into
// i32 run on the tensor cores, as upstream Triton compiles them (its
// test_dot looks for these instructions in the PTX): mma.sync m16n8k8 tf32
// and m16n8k32 s8 on sm_80, wgmma k8 tf32 and k32 s8 on sm_90. tf32x3 is
// three tf32 products of operands split by cvt.rna.tf32.f32. f32 dots at
// ieee precision stay exact (FMA). bf16x3 and bf16x6 are three and six bf16
// products of operands split by cvt.rn.bf16.f32; f16 dots into an f16
// accumulator take the .f16 forms; fp8 dots take wgmma k32 on sm_90 and
// mma.sync on f16 operands (converted) elsewhere.
//
// The f32 matmul kernel (ieee) made tf32 and tf32x3:
// RUN: sed -e 's/\(tt.dot [^:]*\) :/\1, inputPrecision = tf32 :/' %kernels/matmul_f32.ttir > %t.tf32.ttir
// RUN: sed -e 's/\(tt.dot [^:]*\) :/\1, inputPrecision = tf32x3 :/' %kernels/matmul_f32.ttir > %t.tf32x3.ttir
//
// RUN: trident compile %t.tf32.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ttgir -o - | FileCheck %s --check-prefix=TF32-TTGIR
// TF32-TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [{{[0-9]+}}, {{[0-9]+}}], instrShape = [16, 8]}>
// TF32-TTGIR: ttg.local_load {{.*}} -> tensor<{{.*}}xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// TF32-TTGIR: ttg.local_load {{.*}} -> tensor<{{.*}}xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>>
// TF32-TTGIR: tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<{{.*}}xf32, #[[MMA]]>
// RUN: trident compile %t.tf32.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=TF32-SM80
// TF32-SM80: .target sm_80
// TF32-SM80: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// TF32-SM80-NOT: fma.rn.f32
// RUN: trident compile %t.tf32.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s --check-prefix=TF32-WGTTGIR
// TF32-WGTTGIR-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, {{[0-9]+}}, 8]}>
// TF32-WGTTGIR-DAG: #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// TF32-WGTTGIR-DAG: #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// TF32-WGTTGIR: ttng.warp_group_dot
// RUN: trident compile %t.tf32.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=TF32-SM90
// TF32-SM90: .target sm_90a
// TF32-SM90: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k8.f32.tf32.tf32
// TF32-SM90-NOT: fma.rn.f32
//
// RUN: trident compile %t.tf32x3.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=TF32X3
// TF32X3: cvt.rna.tf32.f32
// TF32X3: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k8.f32.tf32.tf32
// RUN: trident compile %t.tf32x3.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=TF32X3-SM80
// TF32X3-SM80: cvt.rna.tf32.f32
// TF32X3-SM80: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
//
// RUN: trident compile %kernels/matmul_f32.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=IEEE
// IEEE: .target sm_90a
// IEEE-NOT: tf32
// IEEE: fma.rn.f32
// IEEE-NOT: tf32
//
// RUN: trident compile %S/Inputs/matmul_i8.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ttgir -o - | FileCheck %s --check-prefix=S8-TTGIR
// S8-TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2
// S8-TTGIR: tt.dot {{.*}} : tensor<64x{{[0-9]+}}xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>> * tensor<{{[0-9]+}}x64xi8, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>> -> tensor<64x64xi32, #[[MMA]]>
// RUN: trident compile %S/Inputs/matmul_i8.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=S8-SM80
// S8-SM80: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// RUN: trident compile %S/Inputs/matmul_i8.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=S8-SM90
// S8-SM90: .target sm_90a
// S8-SM90: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
// S8-SM90-NOT: mma.sync
//
// RUN: sed -e 's/\(tt.dot [^:]*\) :/\1, inputPrecision = bf16x3 :/' %kernels/matmul_f32.ttir > %t.bf16x3.ttir
// RUN: sed -e 's/\(tt.dot [^:]*\) :/\1, inputPrecision = bf16x6 :/' %kernels/matmul_f32.ttir > %t.bf16x6.ttir
// RUN: trident compile %t.bf16x3.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=BF16X3
// BF16X3: .target sm_90a
// BF16X3: cvt.rn.bf16.f32
// BF16X3-COUNT-6: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// BF16X3-NOT: wgmma.mma_async
// BF16X3-NOT: fma.rn.f32
// RUN: trident compile %t.bf16x3.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=BF16X3-SM80
// BF16X3-SM80: cvt.rn.bf16.f32
// BF16X3-SM80: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// RUN: trident compile %t.bf16x6.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=BF16X6
// BF16X6: cvt.rn.bf16.f32
// BF16X6-COUNT-12: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// BF16X6-NOT: wgmma.mma_async
// RUN: trident compile %t.bf16x6.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=BF16X6-SM80
// BF16X6-SM80: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
//
// RUN: trident compile %S/Inputs/matmul_f16acc.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ttgir -o - | FileCheck %s --check-prefix=F16ACC-TTGIR
// F16ACC-TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2
// F16ACC-TTGIR: tt.dot {{.*}} : tensor<64x{{[0-9]+}}xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * tensor<{{[0-9]+}}x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>> -> tensor<64x64xf16, #[[MMA]]>
// RUN: trident compile %S/Inputs/matmul_f16acc.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=F16ACC-SM80
// F16ACC-SM80: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r{{[0-9]+}},%r{{[0-9]+}}}, {%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}}}, {%r{{[0-9]+}},%r{{[0-9]+}}}, {%r{{[0-9]+}},%r{{[0-9]+}}};
// RUN: trident compile %S/Inputs/matmul_f16acc.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=F16ACC-SM90
// F16ACC-SM90: .target sm_90a
// F16ACC-SM90: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {{[{]}}{{(%r[0-9]+, ){15}%r[0-9]+}}},
// The pipelined loop's dot is asynchronous: its wait packs the f16 tensor.
// F16ACC-SM90: wgmma.wait_group.sync.aligned 1;
// F16ACC-SM90-NOT: mma.sync
// Two warps are no warp group: mma.sync on sm_90 too.
// RUN: trident compile %S/Inputs/matmul_f16acc.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 2 --emit ptx -o - | FileCheck %s --check-prefix=F16ACC-W2
// F16ACC-W2: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// F16ACC-W2-NOT: wgmma
//
// RUN: sed -e 's/f8E4M3FN/f8E5M2/g' %S/Inputs/matmul_fp8.ttir > %t.e5m2.ttir
// RUN: trident compile %S/Inputs/matmul_fp8.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=E4M3-SM90
// E4M3-SM90: .target sm_90a
// E4M3-SM90-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// E4M3-SM90-NOT: mma.sync
// RUN: trident compile %t.e5m2.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=E5M2-SM90
// E5M2-SM90-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// RUN: trident compile %S/Inputs/matmul_fp8.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ttgir -o - | FileCheck %s --check-prefix=FP8-TTGIR
// FP8-TTGIR: tt.fp_to_fp {{.*}} : tensor<{{[0-9]+}}x{{[0-9]+}}xf8E4M3FN, {{.*}}> -> tensor<{{[0-9]+}}x{{[0-9]+}}xf16,
// FP8-TTGIR: tt.dot {{.*}} : tensor<64x{{[0-9]+}}xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:mma[0-9]*]], kWidth = 2}>> * {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// RUN: trident compile %S/Inputs/matmul_fp8.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=FP8-SM80
// FP8-SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// FP8-SM80-NOT: e4m3
// RUN: trident compile %t.e5m2.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 2 --emit ptx -o - | FileCheck %s --check-prefix=E5M2-W2
// E5M2-W2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// E5M2-W2-NOT: wgmma
//
// REQUIRES: ptxas
// RUN: trident compile %t.tf32.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.tf32.tkb
// RUN: trident compile %t.tf32x3.ttir --plugin %nvidia_plugin --target nvidia:sm_80 -o %t.tf32x3.tkb
// RUN: trident compile %S/Inputs/matmul_i8.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.s8.tkb
// RUN: trident compile %S/Inputs/matmul_i8.ttir --plugin %nvidia_plugin --target nvidia:sm_80 -o %t.s8-80.tkb
// RUN: trident compile %t.bf16x3.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.bf16x3.tkb
// RUN: trident compile %t.bf16x6.ttir --plugin %nvidia_plugin --target nvidia:sm_80 -o %t.bf16x6.tkb
// RUN: trident compile %S/Inputs/matmul_f16acc.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.f16acc.tkb
// RUN: trident compile %S/Inputs/matmul_f16acc.ttir --plugin %nvidia_plugin --target nvidia:sm_80 -o %t.f16acc-80.tkb
// RUN: trident compile %S/Inputs/matmul_fp8.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.e4m3.tkb
// RUN: trident compile %t.e5m2.ttir --plugin %nvidia_plugin --target nvidia:sm_80 -o %t.e5m2-80.tkb
