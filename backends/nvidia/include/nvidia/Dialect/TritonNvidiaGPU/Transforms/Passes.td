//===- Passes.td - TTGIR passes of the nvidia backend ------*- tablegen -*-===//
//
// Rewrites of TTGIR for NVIDIA GPUs.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
#define TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def AccelerateMatmul : Pass<"nvidia-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "give tt.dot the layouts of the tensor cores (mma.sync)";
  let description = [{
    Rewrites each 2-D `tt.dot` of f16 or bf16 operands into an f32
    accumulator whose result has a blocked layout (as convert-triton-to-
    tritongpu leaves it) into a dot in the tensor-core layouts of
    `mma.sync.m16n8k16` (sm_80 and newer): the result gets
    `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA =
    [wm, wn], instrShape = [16, 8]}>`, the operands
    `#ttg.dot_op<{opIdx = 0|1, parent = #mma, kWidth = 2}>`, with
    `ttg.convert_layout` before and after. The warps go along M first while
    M has 16-row tiles left for them, then along N.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #dot_op_a> * ... -> tensor<128x128xf32, #blocked>
    // becomes
    %c2 = ttg.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    %a2 = ttg.convert_layout %a : ... -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b2 = ...
    %d2 = tt.dot %a2, %b2, %c2 : ... -> tensor<128x128xf32, #mma>
    %d = ttg.convert_layout %d2 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    ```

    Other dots (other types, shapes that are not multiples of 16 x 8,
    architectures before sm_80) are left alone.
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90",
           "the sm_XY number of the architecture (80, 90, ...)">
  ];
}

#endif // TRIDENT_NVIDIA_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
