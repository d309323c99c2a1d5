//===- NvidiaLayouts.td - #ttg.nvidia_mma and #ttg.nvmma_shared -*- tablegen -*-===//
//
// The two NVIDIA layouts of TTGIR: the accumulator layout of the tensor-core
// instructions (`mma.sync` from Ampere, `wgmma` from Hopper) and the
// swizzled shared-memory layout those instructions and TMA read. Upstream
// Triton spells them in the `ttg` namespace, so they are AttrDefs of
// TritonGPU_Dialect; the plugin adds them to the dialect at run time with
// TritonGPUDialect::registerLayout (see docs/layout-registry.md).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_LAYOUTS
#define TRIDENT_NVIDIA_LAYOUTS

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

def NvidiaMmaEncodingAttr : AttrDef<TritonGPU_Dialect, "NvidiaMmaEncoding", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait,
        ["getRepOrder", "getWarpOrder", "getThreadOrder"]>,
    DeclareAttrInterfaceMethods<MmaEncodingTrait,
        ["getRepOrderForOperand", "toLinearLayoutForOperand",
         "verifyDotOperandEncoding"]>
  ]> {
  let mnemonic = "nvidia_mma";
  let summary = "the accumulator layout of NVIDIA tensor-core instructions";
  let description = [{
    How the result of `mma.sync` (`versionMajor = 2`, Ampere) or `wgmma`
    (`versionMajor = 3`, Hopper) is spread over the threads.

    One instruction computes a tile of `instrShape` (M x N, plus K for
    version 3): `[16, 8]` for version 2 (`[1, 16, 8]` with a batch
    dimension), `[16, N, K]` for version 3, where a warp holds 16 rows of the
    N-wide result of its warp group. In each 16 x 8 block lane `l` holds
    columns `2 * (l % 4) + {0, 1}` of rows `l / 4` and `l / 4 + 8`; the
    blocks of one tile are walked columns first. Warps tile the result in
    `warpsPerCTA` (row-major for version 2, column-major for version 3, so
    that four consecutive warps form the warp group of a 64-row `wgmma`), and
    the tile repeats in registers over the rest of the tensor, columns first.

    ```mlir
    #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
    #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    ```

    The optional keys `CTAsPerCGA`, `CTASplitNum` and `CTAOrder` describe a
    CTA layout other than the single-CTA default.

    A `#ttg.dot_op` layout with this parent is the register layout of an
    operand of the instruction; `kWidth` (mandatory) is the number of
    consecutive K elements a thread holds (`32 / bitwidth` for `wgmma`).
    Version 3 only has an operand A in registers.
  }];

  // `warps` rather than `warpsPerCTA`: the generated accessor would clash
  // with DistributedEncodingTrait::getWarpsPerCTA.
  let parameters = (ins
    "unsigned":$versionMajor,
    "unsigned":$versionMinor,
    ArrayRefParameter<"unsigned">:$warps,
    "CTALayoutAttr":$CTALayout,
    ArrayRefParameter<"unsigned">:$instrShape
  );

  let extraClassDeclaration = [{
    /// mma.sync (m16n8), Ampere and later.
    bool isAmpere() const { return getVersionMajor() == 2; }
    /// wgmma, Hopper.
    bool isHopper() const { return getVersionMajor() == 3; }
  }];

  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

def NVMMASharedEncodingAttr : AttrDef<TritonGPU_Dialect, "NVMMASharedEncoding", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
    DeclareAttrInterfaceMethods<SharedEncodingTrait,
        ["getAlignment", "getSharedOrder"]>
  ]> {
  let mnemonic = "nvmma_shared";
  let summary = "the swizzled shared-memory layout of wgmma and TMA";
  let description = [{
    The layout that `wgmma` reads its shared-memory operands in and TMA
    copies write: rows of `swizzlingByteWidth` bytes (0, 32, 64 or 128; 0 is
    unswizzled) grouped by 8, in which the 16-byte chunks of row `r` are
    permuted by XOR with `(r / perPhase) % maxPhase`, where
    `perPhase = 128 / swizzlingByteWidth` and
    `maxPhase = swizzlingByteWidth / 16`. The buffer is cut into TMA blocks
    whose contiguous dimension is one swizzle row wide, laid out one after
    the other.

    The last dimension is contiguous, or the first one when `transposed`.
    `elementBitWidth` is the width of the elements the layout was made for;
    `fp4Padded` marks fp4 data stored with 8 bytes of padding per 8 bytes
    (TMA's `.b4x16_p64`).

    ```mlir
    #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, fp4Padded = true}>
    ```

    The layout is two-dimensional unless it says `rank = N`; the optional
    keys `CTAsPerCGA`, `CTASplitNum` and `CTAOrder` describe a CTA layout
    other than the single-CTA default. Buffers of higher rank than the layout
    hold copies of it along their leading dimensions.
  }];

  let parameters = (ins
    "unsigned":$swizzlingByteWidth,
    "bool":$transposed,
    "unsigned":$elementBitWidth,
    "bool":$fp4Padded,
    "CTALayoutAttr":$CTALayout
  );

  let extraClassDeclaration = [{
    /// The swizzling pattern as (vec, perPhase, maxPhase): chunks of `vec`
    /// elements, permuted by the row index divided by `perPhase`, modulo
    /// `maxPhase`.
    int getVec() const;
    int getPerPhase() const;
    int getMaxPhase() const;
  }];

  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRIDENT_NVIDIA_LAYOUTS
