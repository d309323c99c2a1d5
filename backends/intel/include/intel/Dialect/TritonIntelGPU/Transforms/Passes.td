//===- Passes.td - TTGIR passes of the intel backend -------*- tablegen -*-===//
//
// Rewrites of TTGIR for Intel GPUs.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_DIALECT_TRITONINTELGPU_TRANSFORMS_PASSES
#define TRIDENT_INTEL_DIALECT_TRITONINTELGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def IntelAccelerateMatmul
    : Pass<"intel-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "give tt.dot the layouts of the Intel matrix engine (DPAS)";
  let description = [{
    Rewrites each 2-D `tt.dot` whose result has a blocked layout (as
    convert-triton-to-tritongpu leaves it) and that DPAS computes (f16 x f16
    or bf16 x bf16 into f32, i8 x i8 into i32) into a dot in the DPAS
    layouts: the result gets `#ttg.intel_dpas<{repeatCount = 8,
    systolicDepth = 8, executionSize = 16, opsPerChan = 2 (4 for i8),
    threadsPerWarp = 16, warpsPerCTA = [wm, wn], repCluster = [rm, rn]}>`,
    the operands `#ttg.dot_op<{opIdx = 0|1, parent = #dpas, kWidth}>`
    (kWidth 1 | 2 for 16-bit types, 2 | 4 for i8), with `ttg.convert_layout`
    before and after. The warps go along M first while M has 8-row tiles
    left for them, then along N; each warp then repeats the instruction
    tile up to 4 times along M and 2 times along N (`repCluster`) where
    the shape leaves room.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #dot_op_a> * ... -> tensor<64x64xf32, #blocked>
    // becomes
    %a2 = ttg.convert_layout %a : ... -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #dpas, kWidth = 1}>>
    %b2 = ttg.convert_layout %b : ... -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #dpas, kWidth = 2}>>
    %c2 = ttg.convert_layout %c : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #dpas>
    %d2 = tt.dot %a2, %b2, %c2 : ... -> tensor<64x64xf32, #dpas>
    %d = ttg.convert_layout %d2 : tensor<64x64xf32, #dpas> -> tensor<64x64xf32, #blocked>
    ```

    Every other dot keeps its layout and is lowered by the core's FMA
    patterns: other element types, shapes that are not multiples of the
    instruction tile (M of 8, N of 16, K of 16 or 32), batched dots, and
    modules whose sub-groups are not 16 lanes wide (`ttg.threads-per-warp`).
    A declined dot is reported under `-debug-only=intel-accelerate-matmul`
    (LLVM builds with assertions) and, with `remarks=true`, as a remark on
    the dot.
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "report each dot left on the FMA path as a remark saying why">
  ];
}

#endif // TRIDENT_INTEL_DIALECT_TRITONINTELGPU_TRANSFORMS_PASSES
