// The byte stages of the nvidia target on a hand-written kernel in the LLVM
// and NVVM dialects: LLVM IR with the NVPTX triple, PTX for each
// architecture, and (where ptxas is present) a cubin.
//
// RUN: trident-nvidia-translate %s --arch sm_90 --emit llir | FileCheck %s --check-prefix=LLIR
// RUN: trident-nvidia-translate %s --arch sm_90 --emit ptx | FileCheck %s --check-prefixes=PTX,SM90
// RUN: trident-nvidia-translate %s --arch sm_90a --emit ptx | FileCheck %s --check-prefixes=PTX,SM90A
// RUN: trident-nvidia-translate %s --arch sm_80 --emit ptx | FileCheck %s --check-prefixes=PTX,SM80

// LLIR: target triple = "nvptx64-nvidia-cuda"
// LLIR: define ptx_kernel void @vadd(ptr addrspace(1) {{.*}}, ptr addrspace(1) {{.*}}, ptr addrspace(1) {{.*}}, i32 {{.*}})
// LLIR-SAME: #[[ATTRS:[0-9]+]]
// LLIR: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// LLIR: fadd float
// LLIR: attributes #[[ATTRS]] = {{.*}}"nvvm.maxntid"="128"

// SM90: .version 8.0
// SM90: .target sm_90{{$}}
// SM90A: .version 8.0
// SM90A: .target sm_90a
// SM80: .version 7.8
// SM80: .target sm_80
// PTX: .address_size 64
// PTX-LABEL: .visible .entry vadd(
// PTX: .maxntid 128
// PTX: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// PTX: mov.u32 %r{{[0-9]+}}, %tid.x;
// PTX: setp.{{.*}}
// PTX: ld.global.b32 %r[[A:[0-9]+]], [%rd{{[0-9]+}}];
// PTX: ld.global.b32 %r[[B:[0-9]+]], [%rd{{[0-9]+}}];
// PTX: add.rn.f32 %r[[S:[0-9]+]], %r[[A]], %r[[B]];
// PTX: st.global.b32 [%rd{{[0-9]+}}], %r[[S]];
// PTX: ret;

module {
  llvm.func @vadd(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %out: !llvm.ptr<1>,
                  %n: i32) attributes {nvvm.kernel,
                                       nvvm.maxntid = array<i32: 128>} {
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %base = llvm.mul %bid, %c128 : i32
    %i = llvm.add %base, %tid : i32
    %inbounds = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %inbounds, ^body, ^exit
  ^body:
    %px = llvm.getelementptr %x[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %py = llvm.getelementptr %y[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %po = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %a = llvm.load %px : !llvm.ptr<1> -> f32
    %b = llvm.load %py : !llvm.ptr<1> -> f32
    %s = llvm.fadd %a, %b : f32
    llvm.store %s, %po : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
