// A module that the LLVM dialect accepts but LLVM's verifier does not (an
// intrinsic declared with the wrong result type): the stage fails with the
// verifier's findings on one line, and nothing else reaches stderr (the
// translation used to print them there itself; found by fuzzing).
//
// RUN: not trident-nvidia-translate %s --arch sm_90 --emit llir 2>&1 | FileCheck %s
// RUN: not trident-nvidia-translate %s --arch sm_90 --emit llir 2>&1 | count 1

// CHECK: trident-nvidia-translate: the module translates to invalid LLVM IR: Intrinsic has incorrect return type!; ptr @llvm.nvvm.read.ptx.sreg.tid.x{{$}}

module {
  llvm.func @llvm.nvvm.read.ptx.sreg.tid.x() -> i64
  llvm.func ptx_kernelcc @wrong_intrinsic(%p: !llvm.ptr<1>) {
    %0 = llvm.call @llvm.nvvm.read.ptx.sreg.tid.x() : () -> i64
    llvm.store %0, %p : i64, !llvm.ptr<1>
    llvm.return
  }
}
