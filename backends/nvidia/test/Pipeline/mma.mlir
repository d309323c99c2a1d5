// Tensor cores on sm_80+: the ttgir stage runs nvidia-accelerate-matmul,
// so f16/bf16 dots take the mma.sync layouts, their operands go through
// shared memory straight into the dot-operand layouts (copied there by
// cp.async, num_stages - 1 iterations ahead, by ttg-pipeline; read back 16
// of K at a time by ldmatrix), and the llir stage lowers each 16x8x16 step
// to one PTX mma.sync. On sm_90 a dot with 64-row multiples becomes a
// warp-group dot instead: cp.async fills #ttg.nvmma_shared buffers that
// wgmma reads itself, through matrix descriptors (PTX target sm_90a), and
// each wgmma runs on into the next iteration (waited for with one pending).
//
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ttgir -o - | FileCheck %s --check-prefix=TTGIR
// TTGIR: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [{{[0-9]+}}, {{[0-9]+}}], instrShape = [16, 8]}>
// TTGIR: ttg.local_alloc
// TTGIR: ttg.local_load {{.*}} -> tensor<{{.*}}xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// TTGIR: ttg.local_load {{.*}} -> tensor<{{.*}}xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// TTGIR-NOT: ttg.convert_layout {{.*}}dot_op
// TTGIR: tt.dot {{.*}} -> tensor<{{.*}}xf32, #[[MMA]]>
//
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s --check-prefix=WGTTGIR
// WGTTGIR: #[[WG:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, {{[0-9]+}}, 16]}>
// WGTTGIR: #[[NVMMA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = {{[0-9]+}}, transposed = false, elementBitWidth = 16}>
// WGTTGIR: ttg.local_alloc : () -> !ttg.memdesc<3x{{.*}}xf16, #[[NVMMA]], #smem, mutable>
// WGTTGIR: scf.for
// WGTTGIR: %[[D:.*]] = ttng.warp_group_dot {{.*}}isAsync = true{{.*}} -> tensor<{{.*}}xf32, #[[WG]]>
// WGTTGIR: ttng.warp_group_dot_wait %[[D]], {{.*}}pendings = 1
// WGTTGIR: ttg.async_copy_global_to_local {{.*}} -> <{{.*}}xf16, #[[NVMMA]], #smem, mutable>
// WGTTGIR: scf.yield
// WGTTGIR: ttng.warp_group_dot_wait {{.*}}pendings = 0
// WGTTGIR-NOT: tt.dot
//
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=F16
// F16: .visible .entry
// F16: cp.async.commit_group
// F16: cp.async.wait_group 2;
// F16: bar.sync
// F16: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// F16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// RUN: trident compile %kernels/matmul.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=WGMMA
// WGMMA: .target sm_90a
// WGMMA: .extern .shared .align 1024 .b8 global_smem[];
// WGMMA: cp.async.wait_group 2;
// WGMMA: bar.sync
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.f16.f16
// WGMMA: wgmma.commit_group.sync.aligned;
// WGMMA: wgmma.wait_group.sync.aligned 1;
// WGMMA: bar.sync
// WGMMA: cp.async.commit_group
// WGMMA: wgmma.wait_group.sync.aligned 0;
// RUN: trident compile %kernels/matmul_bf16.ttir --plugin %nvidia_plugin --target cuda:80 --emit ptx -o - | FileCheck %s --check-prefix=BF16
// BF16: .target sm_80
// BF16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// RUN: trident compile %kernels/attention.ttir --plugin %nvidia_plugin --target nvidia:sm_80 --emit ptx -o - | FileCheck %s --check-prefix=ATTN
// ATTN: .visible .entry
// ATTN: cp.async.cg.shared.global
// ATTN: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// ATTN: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// On sm_90 both dots of attention are wgmma: S = Q K^T reads Q and K from
// shared memory, O += P V reads P from registers (where the softmax left
// it) and V from shared memory.
// RUN: trident compile %kernels/attention.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=ATTN90
// ATTN90: .visible .entry
// ATTN90: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.f16.f16 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}},
// ATTN90: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.f16.f16 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}},
// ATTN90-NOT: mma.sync
//
// REQUIRES: ptxas
// RUN: trident compile %kernels/matmul_blockptr.ttir --plugin %nvidia_plugin --target nvidia:sm_90 -o %t.tkb
// RUN: %python %tkb_py show %t.tkb | FileCheck %s --check-prefix=BUNDLE
// BUNDLE: target: nvidia:sm_90
// BUNDLE: binary: {{[1-9][0-9]*}} bytes
