//===- TestLayouts.td - Layouts that exercise the ttg registry -*- tablegen -*-===//
//
// Two made-up layouts defined outside the core exactly as a vendor plugin
// defines its own: ODS attributes of TritonGPU_Dialect, registered at run
// time with TritonGPUDialect::registerLayout. They let the core's tests cover
// plugin layouts without naming a vendor.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TEST_LAYOUTS
#define TRIDENT_TEST_LAYOUTS

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"

def Test_MmaEncodingAttr : AttrDef<TritonGPU_Dialect, "TestMmaEncoding", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait>,
    DeclareAttrInterfaceMethods<MmaEncodingTrait,
        ["toLinearLayoutForOperand", "verifyDotOperandEncoding"]>
  ]> {
  let mnemonic = "test_mma";
  let summary = "a made-up matrix-instruction accumulator layout";
  let description = [{
    Each warp computes an `instrShape` tile (multiples of 16x8) out of 16x8
    blocks: in a block, lane l holds two consecutive columns of row l / 4
    and of row l / 4 + 8. Warps are arranged in `warpsPerCTA`.

    ```mlir
    #ttg.test_mma<{warpsPerCTA = [4, 1], instrShape = [16, 8]}>
    ```
  }];

  let parameters = (ins
    ArrayRefParameter<"unsigned">:$warps,
    ArrayRefParameter<"unsigned">:$instrShape
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Test_SharedEncodingAttr : AttrDef<TritonGPU_Dialect, "TestSharedEncoding", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
    DeclareAttrInterfaceMethods<SharedEncodingTrait,
        ["getAlignment", "getSharedOrder"]>
  ]> {
  let mnemonic = "test_shared";
  let summary = "a made-up unswizzled shared layout";
  let description = [{
    Elements are stored in `order` (fastest dimension first), unswizzled,
    in buffers aligned to 128 bytes.

    ```mlir
    #ttg.test_shared<{order = [1, 0]}>
    ```
  }];

  let parameters = (ins ArrayRefParameter<"unsigned">:$dimOrder);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRIDENT_TEST_LAYOUTS
