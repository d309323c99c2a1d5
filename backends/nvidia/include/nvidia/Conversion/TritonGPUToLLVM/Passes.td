//===- Passes.td - The nvidia TritonGPU -> LLVM pass -------*- tablegen -*-===//
//
// The lowering of the `llir` stage of the nvidia target.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PASSES
#define TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonGPUToLLVM
    : Pass<"nvidia-convert-triton-gpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower TTGIR to the LLVM and NVVM dialects for NVIDIA GPUs";
  let description = [{
    Runs the core's generic TritonGPU -> LLVM patterns
    (`populateTritonGPUToLLVMPatterns`) with the NVVM TargetInfo: program
    and thread ids are NVVM special registers, warp shuffles `shfl.sync`,
    predicated global and shared accesses PTX `ld`/`st` with a predicate,
    and the vector width of each global access comes from the axis
    analysis (contiguity, divisibility of `tt.divisibility` arguments).
    Structured control flow is lowered to `cf` first.

    Public functions become kernels: `nvvm.kernel`, and `nvvm.maxntid` set
    to `ttg.num-warps` x `ttg.threads-per-warp`. Shared memory is the
    external `addrspace(3)` array `@global_smem`, sized at launch by the
    module's `ttg.shared` bytes.

    ```mlir
    // before
    tt.func public @k(%p: !tt.ptr<f32>) { %pid = tt.get_program_id x : i32 ... }
    // after
    llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel,
                                                nvvm.maxntid = array<i32: 128>} {
      %pid = nvvm.read.ptx.sreg.ctaid.x : i32 ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::cf::ControlFlowDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90",
           "the sm_XY number of the architecture (80, 90, ...)">
  ];
}

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PASSES
