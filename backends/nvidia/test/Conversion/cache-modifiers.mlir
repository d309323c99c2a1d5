// tt.load's and tt.store's cache modifiers, eviction policies and volatility
// become PTX's cache operators (ld: .ca .cg .cv; st: .wb .cg .cs .wt), its
// L1 eviction priorities and ld.volatile (upstream's test_load_cache_modifier
// and test_store_cache_modifier look for them in the PTX). Unmasked
// accesses with a hint take the predicated asm form under a true predicate;
// without hints they stay LLVM loads and stores.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @hints(
// CHECK: llvm.load
// CHECK: "@$2 ld.global.ca.b32 $0, [$1];"
// CHECK: "@$2 ld.global.cg.b32 $0, [$1];"
// CHECK: "@$2 ld.global.cv.b32 $0, [$1];"
// CHECK: "@$2 ld.volatile.global.b32 $0, [$1];"
// CHECK: "@$2 ld.global.L1::evict_first.b32 $0, [$1];"
// CHECK: "@$2 ld.global.L1::evict_last.b32 $0, [$1];"
// CHECK: llvm.store
// CHECK: "@$2 st.global.wb.b32 [$0], $1;"
// CHECK: "@$2 st.global.cg.b32 [$0], $1;"
// CHECK: "@$2 st.global.cs.b32 [$0], $1;"
// CHECK: "@$2 st.global.wt.b32 [$0], $1;"
// CHECK: "@$2 st.global.L1::evict_first.b32 [$0], $1;"

// PTX-LABEL: .visible .entry hints(
// PTX-DAG: ld.global.ca.b32
// PTX-DAG: ld.global.cg.b32
// PTX-DAG: ld.global.cv.b32
// PTX-DAG: ld.volatile.global.b32
// PTX-DAG: ld.global.L1::evict_first.b32
// PTX-DAG: ld.global.L1::evict_last.b32
// PTX-DAG: st.global.wb.b32
// PTX-DAG: st.global.cg.b32
// PTX-DAG: st.global.cs.b32
// PTX-DAG: st.global.wt.b32
// PTX-DAG: st.global.L1::evict_first.b32

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hints(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %s0 = tt.splat %src : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %s = tt.addptr %s0, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %d0 = tt.splat %dst : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %d = tt.addptr %d0, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %plain = tt.load %s : tensor<32x!tt.ptr<f32>, #blocked>
    %ca = tt.load %s cacheModifier = ca : tensor<32x!tt.ptr<f32>, #blocked>
    %cg = tt.load %s cacheModifier = cg : tensor<32x!tt.ptr<f32>, #blocked>
    %cv = tt.load %s cacheModifier = cv : tensor<32x!tt.ptr<f32>, #blocked>
    %vol = tt.load %s {isVolatile = true} : tensor<32x!tt.ptr<f32>, #blocked>
    %first = tt.load %s evictionPolicy = evict_first : tensor<32x!tt.ptr<f32>, #blocked>
    %last = tt.load %s evictionPolicy = evict_last : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %plain : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %ca cacheModifier = wb : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %cg cacheModifier = cg : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %cv cacheModifier = cs : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %vol cacheModifier = wt : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %first evictionPolicy = evict_first : tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %d, %last : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
