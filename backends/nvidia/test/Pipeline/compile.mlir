// `trident compile --target nvidia` from TTIR, every stage: ttgir (layouts
// and the launch shape), llir (LLVM IR of a kernel with the NVVM
// attributes), ptx (for the architecture asked for), and the bundle with
// ptxas's cubin.
//
// RUN: trident compile %kernels/vadd.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --emit ttgir -o - | FileCheck %s --check-prefix=TTGIR
// TTGIR: #[[BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [{{[0-9]+}}], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// TTGIR: module attributes {{{.*}}"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// TTGIR: tt.load {{.*}} : tensor<{{[0-9]+}}x!tt.ptr<f32>, #[[BLOCKED]]>

// RUN: trident compile %kernels/vadd.ttir --plugin %nvidia_plugin --target nvidia:sm_90 --num-warps 8 --emit llir -o - | FileCheck %s --check-prefix=LLIR
// LLIR: target triple = "nvptx64-nvidia-cuda"
// LLIR: define ptx_kernel void @vadd_kernel(ptr addrspace(1)
// LLIR-SAME: #[[ATTRS:[0-9]+]]
// LLIR: attributes #[[ATTRS]] = {{.*}}"nvvm.maxntid"="256"

// RUN: trident compile %kernels/vadd.ttir --plugin %nvidia_plugin --target cuda:80 --emit ptx -o - | FileCheck %s --check-prefix=PTX80
// PTX80: .target sm_80
// PTX80: .visible .entry vadd_kernel(
// PTX80: @%p{{[0-9]+}} ld.global.b64

// The other corpus kernels the pipeline handles, to PTX.
// RUN: trident compile %kernels/softmax.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: .visible .entry softmax_kernel(
// SOFTMAX: shfl.sync.bfly.b32
// SOFTMAX: bar.sync 0
// SOFTMAX: ex2.approx
// RUN: trident compile %kernels/layernorm.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/argmax.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/call.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/control_flow.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/early_return.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/numerics.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/scans.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ENTRY
// RUN: trident compile %kernels/atomics.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=ATOMICS
// ATOMICS: atom.global
// ATOMICS-SAME: .add
// ENTRY: .visible .entry

// The bundle: target, signature, launch shape and a cubin.
// REQUIRES: ptxas
// RUN: trident compile %kernels/softmax.ttir --plugin %nvidia_plugin --target nvidia:sm_90a --num-warps 8 -o %t.tkb
// RUN: %python %tkb_py show %t.tkb | FileCheck %s --check-prefix=BUNDLE
// BUNDLE: kernel_name: softmax_kernel
// BUNDLE: target: nvidia:sm_90a
// BUNDLE: param 1: ptr f32
// BUNDLE: num_warps: 8
// BUNDLE: threads_per_warp: 32
// BUNDLE: shared_bytes: {{[1-9][0-9]*}}
// BUNDLE: binary: {{[1-9][0-9]*}} bytes

// tt.print goes through vprintf (the core's lowering, the target's printf).
// RUN: trident compile %kernels/extern_asm.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=PRINT
// PRINT: .extern .func {{.*}}vprintf
// PRINT: .visible .entry
// PRINT: call.uni (retval0), vprintf, (param0, param1);

// The shapes kernel (trans, reshape, join, split, cat, gather, histogram,
// unsplat) lowers whole: cat concatenates each thread's registers, the
// histogram counts with ballots and shared-memory atomics.
// RUN: trident compile %kernels/shapes.ttir --plugin %nvidia_plugin --target nvidia --emit ptx -o - | FileCheck %s --check-prefix=SHAPES
// SHAPES: .visible .entry shapes_kernel(
// SHAPES: vote.sync.ballot.b32
// SHAPES: atom.shared.add
