//===- TritonNvidiaGPUDialect.td - The ttng dialect ----------*- tablegen -*-===//
//
// `ttng`: the operations of NVIDIA GPUs that TTGIR uses from Hopper on
// (warp-group matrix multiplies, mbarriers, TMA copies, async-proxy fences),
// with the textual syntax upstream Triton 3.6 prints. Defined by the nvidia
// plugin; the core never names it.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_TRITONNVIDIAGPU_DIALECT
#define TRIDENT_NVIDIA_TRITONNVIDIAGPU_DIALECT

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific TritonGPU operations";
  let description = [{
    Operations that only NVIDIA GPUs have, used by TTGIR that targets them:
    warp-group matrix multiplies (`wgmma`), mbarriers, tensor-memory-
    accelerator (TMA) copies and the fences between the generic and the
    async proxy.

    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %r = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    ```

    The layouts these operations use, `#ttg.nvidia_mma` and
    `#ttg.nvmma_shared`, belong to the `ttg` dialect (that is how Triton
    spells them) and are added to it by the same plugin.
  }];

  let dependentDialects = [
    "triton::TritonDialect",
    "triton::gpu::TritonGPUDialect"
  ];

  let usePropertiesForAttributes = 1;
}

#endif // TRIDENT_NVIDIA_TRITONNVIDIAGPU_DIALECT
