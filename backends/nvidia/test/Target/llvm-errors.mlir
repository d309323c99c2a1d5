// An error LLVM reports through its context while it generates code (here,
// NVPTX's instruction selection meeting an `n` constraint whose operand is
// no constant) used to print "error: ..." and end the process with exit(1),
// also inside a program that compiles in process; the ptx stage now keeps it
// (trident::keepLLVMErrors) and fails with it as its one-line error.
//
// RUN: not trident-nvidia-translate %s --arch sm_90 --emit ptx 2>&1 | FileCheck %s
// RUN: sed 's/"=r,n"/"=r,r"/' %s | trident-nvidia-translate - --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

// CHECK: trident-nvidia-translate: LLVM's NVPTX target cannot emit the kernel: constraint 'n' expects an integer constant expression{{$}}
// PTX: .entry asm_kernel

module {
  llvm.func @"asm_kernel"(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %x = llvm.load %p : !llvm.ptr<1> -> i32
    %y = llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, $1;", "=r,n" %x : (i32) -> i32
    llvm.store %y, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}
