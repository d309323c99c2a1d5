//===- IntelLayouts.td - #ttg.intel_dpas -------------------*- tablegen -*-===//
//
// The accumulator layout of Intel's matrix engine (DPAS, "dot product
// accumulate systolic"). Upstream intel-xpu-backend-for-triton spells it
// `#ttig.dpas` in a dialect of its own; Trident has one ttg dialect with
// plugin layouts, so it is `#ttg.intel_dpas`, an AttrDef of
// TritonGPU_Dialect that the plugin adds at run time with
// TritonGPUDialect::registerLayout (see docs/layout-registry.md). The keys
// are upstream's.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_LAYOUTS
#define TRIDENT_INTEL_LAYOUTS

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"

def IntelDpasEncodingAttr : AttrDef<TritonGPU_Dialect, "IntelDpasEncoding", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait>,
    DeclareAttrInterfaceMethods<MmaEncodingTrait,
        ["toLinearLayoutForOperand", "verifyDotOperandEncoding"]>
  ]> {
  let mnemonic = "intel_dpas";
  let summary = "the accumulator layout of the Intel matrix engine (DPAS)";
  let description = [{
    How the result of DPAS instructions is spread over the lanes of a
    sub-group. One instruction multiplies an M x K tile of A by a K x N tile
    of B into an M x N tile of C, where M = `repeatCount` (1, 2, 4 or 8),
    N = `executionSize` (the sub-group size it runs at: 16 on PVC and later,
    8 before) and K = `systolicDepth` (8) x `opsPerChan` (the elements
    packed in one 32-bit channel: 1 for tf32, 2 for f16/bf16, 4 for i8).

    In C, lane `l` holds column `l % executionSize` of the tile, one
    register per row (with `threadsPerWarp` = 2 x `executionSize`, the
    second half of the lanes takes the odd rows). A warp repeats the tile
    `repCluster` times (columns first, then rows); warps tile the result in
    `warpsPerCTA` (row-major), and the whole pattern repeats in registers
    over the rest of the tensor, columns first.

    ```mlir
    #ttg.intel_dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 16, opsPerChan = 2, threadsPerWarp = 16, warpsPerCTA = [4, 1], repCluster = [2, 1]}>
    ```

    A `#ttg.dot_op` layout with this parent is the register layout of an
    operand of the instruction. In A, lane `l` holds column(s) `l` of the
    tile (`opsPerChan` = 4: two consecutive columns), one register per
    row; in B, lane `l` holds column `l`, one register per row, K pairs
    (quads) packed into the 32-bit channels of the instruction. Warps hold
    copies along K. `kWidth` must be `opsPerChan` for B and
    `max(1, opsPerChan / 2)` for A (the elements one lane packs into a
    16-bit register of A).

    Upstream's keys `A`, `B` and `C` (the tile shapes per warp) are accepted
    when they agree with the other keys, and not printed. The layout has one
    CTA.
  }];

  // `warps` and `subGroupSize` rather than `warpsPerCTA` and
  // `threadsPerWarp`: the generated accessors would clash with
  // DistributedEncodingTrait's.
  let parameters = (ins
    "unsigned":$repeatCount,
    "unsigned":$systolicDepth,
    "unsigned":$executionSize,
    "unsigned":$opsPerChan,
    "unsigned":$subGroupSize,
    ArrayRefParameter<"unsigned">:$warps,
    ArrayRefParameter<"unsigned">:$repCluster
  );

  let extraClassDeclaration = [{
    /// The tile of one warp: [repeatCount * repCluster[0],
    /// executionSize * repCluster[1]] for C, [repeatCount * repCluster[0],
    /// K] for A, [K, executionSize * repCluster[1]] for B (leading batch
    /// dimensions of size 1), where K = systolicDepth * opsPerChan.
    SmallVector<int64_t> getShapeC() const;
    SmallVector<int64_t> getShapeA() const;
    SmallVector<int64_t> getShapeB() const;
    /// The K of one instruction.
    unsigned getInstrK() const { return getSystolicDepth() * getOpsPerChan(); }
    /// The kWidth a dot operand of this layout must have.
    unsigned getOperandKWidth(unsigned opIdx) const;
    /// The layout of operand `opIdx` (0 = A, 1 = B, 2 = C) over a tensor of
    /// `shape`.
    ::mlir::triton::LinearLayout
    toLinearLayoutOf(::llvm::ArrayRef<int64_t> shape, unsigned opIdx) const;
  }];

  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRIDENT_INTEL_LAYOUTS
