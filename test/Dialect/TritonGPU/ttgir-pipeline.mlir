// Every kernel of the corpus through the generic TTIR and TTGIR pipelines,
// as a GPU backend starts: the result must verify (trident-opt re-parses
// it), and the key layouts are those of coalesced accesses.
//
// RUN: trident-opt --trident-ttir --trident-ttgir="num-warps=4 threads-per-warp=32 target=cuda:90" %S/../../kernels/vadd.ttir | FileCheck %s --check-prefix=VADD
// RUN: trident-opt --trident-ttir --trident-ttgir="num-warps=4 threads-per-warp=32 target=cuda:90" %S/../../kernels/softmax.ttir | FileCheck %s --check-prefix=SOFTMAX
// RUN: trident-opt --trident-ttir --trident-ttgir="num-warps=4 threads-per-warp=32 target=cuda:90" %S/../../kernels/matmul.ttir | FileCheck %s --check-prefix=MATMUL
// RUN: trident-opt --trident-ttir --trident-ttgir="num-warps=4 threads-per-warp=32 target=cuda:90" %S/../../kernels/layernorm.ttir | FileCheck %s --check-prefix=LAYERNORM
// RUN: for k in argmax atomics call control_flow early_return extern_asm layernorm matmul matmul_blockptr numerics scans shapes softmax vadd; do \
// RUN:   trident-opt --trident-ttir --trident-ttgir="num-warps=4 threads-per-warp=32 target=cuda:90" %S/../../kernels/$k.ttir -o %t.$k.ttgir && \
// RUN:   trident-opt %t.$k.ttgir -o /dev/null && \
// RUN:   FileCheck %s --check-prefix=ALL --input-file=%t.$k.ttgir || exit 1; \
// RUN: done

// ALL: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// ALL: tt.func public

// 256 f32 per program, 16-byte aligned pointers, 128 threads: two elements
// per thread in every access, and no conversion left.
// VADD: #[[B:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// VADD-NOT: #blocked1
// VADD-NOT: ttg.convert_layout
// VADD: tt.load %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[B]]>
// VADD: tt.load %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[B]]>
// VADD: arith.addf %{{.*}}, %{{.*}} : tensor<256xf32, #[[B]]>
// VADD: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[B]]>
// VADD-NOT: ttg.convert_layout

// The row pointer (base + row * stride, stride without hint) is only
// element-aligned: one element per thread, one layout, no conversion.
// SOFTMAX: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// SOFTMAX-NOT: #blocked1
// SOFTMAX-NOT: ttg.convert_layout
// SOFTMAX: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B]]>
// SOFTMAX: "tt.reduce"
// SOFTMAX: math.exp %{{.*}} : tensor<1024xf32, #[[B]]>
// SOFTMAX: tt.store %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B]]>
// SOFTMAX-NOT: ttg.convert_layout

// Column loads (16-byte aligned) and row loads (unaligned) share one layout
// with 2 halves per thread, the accumulators follow the loads through the
// loops.
// LAYERNORM: #[[B:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// LAYERNORM-NOT: #blocked1
// LAYERNORM-NOT: ttg.convert_layout
// LAYERNORM: scf.for {{.*}} -> (tensor<256xf32, #[[B]]>)
// LAYERNORM-NOT: ttg.convert_layout

// The FMA dot of the core: the accumulator's blocked layout, its operands
// in dot-operand layouts loaded from shared memory.
// MATMUL-DAG: #[[ACC:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// MATMUL-DAG: #[[SHARED:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// MATMUL: scf.for {{.*}} -> (tensor<64x32x!tt.ptr<f16>, #{{.*}}>, tensor<32x64x!tt.ptr<f16>, #[[ACC]]>, tensor<64x64xf32, #[[ACC]]>)
// MATMUL: %[[A:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x32xf16, #[[SHARED]], #smem>
// MATMUL: %[[AL:.*]] = ttg.local_load %[[A]] : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>>
// MATMUL: %[[BL:.*]] = ttg.local_load %{{.*}} : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>>
// MATMUL: tt.dot %[[AL]], %[[BL]], %{{.*}} -> tensor<64x64xf32, #[[ACC]]>
// MATMUL-NOT: ttg.convert_layout
