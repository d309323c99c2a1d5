// nvidia-convert-triton-gpu-to-llvm on Triton 3.6's TTGIR of vector add:
// a kernel with the NVVM attributes, special registers for the ids, and
// predicated 128-bit global accesses (the axis analysis proves 4 contiguous,
// 16-byte aligned elements per thread); then the PTX.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @vadd(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1> {tt.divisibility = 16 : i32}
// CHECK-SAME: %{{.*}}: i32 {tt.divisibility = 16 : i32})
// CHECK-SAME: attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128>}
// CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// CHECK: llvm.inline_asm has_side_effects "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b"
// CHECK: llvm.fadd
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK-NOT: tt.
// CHECK-NOT: ttg.

// PTX-LABEL: .visible .entry vadd(
// PTX: .maxntid 128
// PTX: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// PTX: @%p[[P:[0-9]+]] ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// PTX: add.rn.f32
// PTX: @%p{{[0-9]+}} st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vadd(%a_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c1024_i32 : i32
    %offs_0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %offs_1 = tt.splat %offs : i32 -> tensor<1024xi32, #blocked>
    %offs_2 = arith.addi %offs_1, %offs_0 : tensor<1024xi32, #blocked>
    %m = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m_3 = arith.cmpi slt, %offs_2, %m : tensor<1024xi32, #blocked>
    %a = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a_4 = tt.addptr %a, %offs_2 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %a_5 = tt.load %a_4, %m_3 : tensor<1024x!tt.ptr<f32>, #blocked>
    %b = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %b_6 = tt.addptr %b, %offs_2 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %b_7 = tt.load %b_6, %m_3 : tensor<1024x!tt.ptr<f32>, #blocked>
    %0 = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %1 = tt.addptr %0, %offs_2 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %2 = arith.addf %a_5, %b_7 : tensor<1024xf32, #blocked>
    tt.store %1, %2, %m_3 : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
