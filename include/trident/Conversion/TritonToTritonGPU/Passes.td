//===- Passes.td - TTIR to TTGIR conversion -----------------*- tablegen -*-===//
//
// The conversion that gives every tensor of a TTIR module a layout and
// records the launch shape on the module.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONTOTRITONGPU_PASSES
#define TRIDENT_CONVERSION_TRITONTOTRITONGPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU
    : Pass<"convert-triton-to-tritongpu", "::mlir::ModuleOp"> {
  let summary = "give every tensor a distributed layout (TTIR to TTGIR)";
  let description = [{
    Every tensor type gets a `#ttg.blocked` layout: one element per thread,
    row-major order, the lanes and then the warps spread over the fastest
    dimensions first (the layouts coalescing and the backends refine later).
    Operations that need other layouts get them: a reduction's result is a
    `#ttg.slice` of its operand's layout, `tt.expand_dims` reads a slice of
    its result's layout, the operands of `tt.dot` are `#ttg.dot_op` layouts
    of the result's blocked layout (the FMA form; a backend swaps in matrix
    instructions later), `tt.trans` and `tt.join` permute or extend their
    operand's layout. Where a value's layout differs from what a user needs,
    a `ttg.convert_layout` is inserted. Regions (scf, reduce/scan combiners)
    and control flow (cf, calls) are converted with their operations.

    The module records the launch shape that every layout was built for:

    ```mlir
    module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32,
                       ttg.target = "example:1", "ttg.threads-per-warp" = 32 : i32}
    ```

    `target` is an opaque string that the backends interpret.
  }];
  let dependentDialects = ["::mlir::triton::gpu::TritonGPUDialect",
                           "::mlir::triton::TritonDialect"];
  let options = [
    Option<"numWarps", "num-warps", "int32_t", /*default=*/"4",
           "number of warps of a CTA (a power of two)">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", /*default=*/"32",
           "number of threads of a warp (a power of two)">,
    Option<"numCTAs", "num-ctas", "int32_t", /*default=*/"1",
           "number of CTAs of a CGA (a power of two)">,
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the target string recorded as ttg.target (left out when empty)">
  ];
}

#endif // TRIDENT_CONVERSION_TRITONTOTRITONGPU_PASSES
