//===- TritonGPUInterfaces.td - Layout and op interfaces -----*- tablegen -*-===//
//
// The attribute interfaces every ttg layout implements, and the op interface
// through which a backend's matrix op joins the core's passes. Generic code (the
// verifiers, the linear-layout conversions, the passes of the core) only ever
// talks to a layout through these interfaces, which is what lets a plugin add
// a layout (a tensor-core accumulator, a vendor shared-memory swizzle) without
// the core knowing its name.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITONGPU_INTERFACES
#define TRIDENT_TRITONGPU_INTERFACES

include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// LayoutEncodingTrait
//===----------------------------------------------------------------------===//

def LayoutEncodingTrait : AttrInterface<"LayoutEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    Common to every ttg layout, distributed or shared: the rank of the tensors
    it describes and how the tensor is split over the CTAs of a CGA (a thread
    block cluster). The CTA methods default to what the layout's
    `#ttg.cta_layout` says (a `CTALayout` parameter, whose accessor is
    getCTALayout), or to a single CTA for a layout without one; a layout
    that derives them otherwise (from a parent, from linear bases) overrides
    them.
  }];

  let methods = [
    InterfaceMethod<"Returns the rank of the tensors this layout describes.",
                    "unsigned", "getRank">,
    InterfaceMethod<[{
        Returns the layout's `#ttg.cta_layout`, or null for a layout without
        one. A layout with a `CTALayout` parameter answers with its
        accessor.
      }], "::mlir::Attribute", "getCTALayout", (ins), [{}],
      [{ return {}; }]>,
    InterfaceMethod<[{
        Returns how many CTAs of the CGA hold each dimension of the tensor.
      }], "::llvm::SmallVector<unsigned>", "getCTAsPerCGA", (ins), [{}], [{
        return ::mlir::triton::gpu::detail::getCTAsPerCGA(
            $_attr.getCTALayout(), $_attr.getRank());
      }]>,
    InterfaceMethod<[{
        Returns in how many pieces each dimension of the tensor is split among
        the CTAs; CTAsPerCGA / CTASplitNum CTAs share (multicast) a piece.
      }], "::llvm::SmallVector<unsigned>", "getCTASplitNum", (ins), [{}], [{
        return ::mlir::triton::gpu::detail::getCTASplitNum(
            $_attr.getCTALayout(), $_attr.getRank());
      }]>,
    InterfaceMethod<[{
        Returns the order of the CTAs in the CGA, fastest-varying dimension
        first.
      }], "::llvm::SmallVector<unsigned>", "getCTAOrder", (ins), [{}], [{
        return ::mlir::triton::gpu::detail::getCTAOrder(
            $_attr.getCTALayout(), $_attr.getRank());
      }]>,
  ];
}

//===----------------------------------------------------------------------===//
// DistributedEncodingTrait
//===----------------------------------------------------------------------===//

def DistributedEncodingTrait : AttrInterface<"DistributedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A distributed layout spreads the elements of a tensor over the registers
    of the threads: it is a linear map from (register, lane, warp, block) to
    the tensor coordinates (dim0, dim1, ...). When the layout covers less than
    the tensor it repeats ("reps"), when it covers more the extra threads hold
    copies (broadcast).

    Only `toLinearLayout` and the three hierarchy shapes must be written by a
    layout; the element counts and the orders default to what the linear
    layout says.
  }];

  let methods = [
    InterfaceMethod<[{
        Returns the layout, for a tensor of the given shape, as a linear
        layout from (register, lane, warp, block) to (dim0, dim1, ...). The
        shape must have the layout's rank and power-of-two dimensions.
      }], "::mlir::triton::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Returns the order in which the repetitions of the layout tile the
        tensor, fastest-varying dimension first.
      }], "::llvm::SmallVector<unsigned>", "getRepOrder", (ins), [{}], [{
        return ::mlir::triton::gpu::getDefaultOrder(
            $_attr.getRank());
      }]>,
    InterfaceMethod<"Returns the number of warps along each dimension.",
                    "::llvm::SmallVector<unsigned>", "getWarpsPerCTA">,
    InterfaceMethod<"Returns the number of lanes along each dimension.",
                    "::llvm::SmallVector<unsigned>", "getThreadsPerWarp">,
    InterfaceMethod<[{
        Returns the number of consecutive elements one thread holds along
        each dimension in one repetition of the layout.
      }], "::llvm::SmallVector<unsigned>", "getSizePerThread">,
    InterfaceMethod<[{
        Returns the order of the warps, fastest-varying dimension first.
      }], "::llvm::SmallVector<unsigned>", "getWarpOrder", (ins), [{}], [{
        return $_attr.getRepOrder();
      }]>,
    InterfaceMethod<[{
        Returns the order of the lanes, fastest-varying dimension first.
      }], "::llvm::SmallVector<unsigned>", "getThreadOrder", (ins), [{}], [{
        return $_attr.getRepOrder();
      }]>,
    InterfaceMethod<[{
        Returns how many elements of a tensor of the given shape one thread
        holds along each dimension.
      }], "::llvm::SmallVector<unsigned>", "getElemsPerThread",
      (ins "::llvm::ArrayRef<int64_t>":$shape), [{}], [{
        return ::mlir::triton::gpu::detail::elemsPerThreadFromLinearLayout(
            $_attr.toLinearLayout(shape));
      }]>,
    InterfaceMethod<[{
        Returns how many elements of a tensor of the given shape one thread
        holds in total (the number of registers it needs).
      }], "unsigned", "getTotalElemsPerThread",
      (ins "::llvm::ArrayRef<int64_t>":$shape), [{}], [{
        return ::mlir::triton::gpu::detail::totalElemsPerThreadFromLinearLayout(
            $_attr.toLinearLayout(shape));
      }]>,
  ];
}

//===----------------------------------------------------------------------===//
// MmaEncodingTrait
//===----------------------------------------------------------------------===//

def MmaEncodingTrait : AttrInterface<"MmaEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    Implemented by the accumulator layouts of matrix instructions (tensor
    cores, matrix cores). A `#ttg.dot_op` layout whose parent implements this
    interface asks the parent for its own linear layout and for the rules its
    `kWidth` must follow.
  }];

  let methods = [
    InterfaceMethod<[{
        Returns the order of the repetitions of operand `opIdx` (0 = A,
        1 = B), fastest-varying dimension first.
      }], "::llvm::SmallVector<unsigned>", "getRepOrderForOperand",
      (ins "unsigned":$opIdx), [{}], [{
        return ::mlir::triton::gpu::getOrderForDotOperand(
            opIdx, $_attr.getRank(), /*kContig=*/true);
      }]>,
    InterfaceMethod<[{
        Returns the linear layout of operand `opIdx` of a dot whose result has
        this layout, for an operand of the given shape and `kWidth`, or
        std::nullopt when the combination is not supported.
      }], "std::optional<::mlir::triton::LinearLayout>",
      "toLinearLayoutForOperand",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "unsigned":$opIdx,
           "unsigned":$kWidth), [{}], [{
        return std::nullopt;
      }]>,
    InterfaceMethod<[{
        Checks that a `#ttg.dot_op<{opIdx, parent = this, kWidth}>` layout is
        well formed, reporting through `emitError` when it is not.
      }], "::llvm::LogicalResult", "verifyDotOperandEncoding",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "unsigned":$opIdx, "unsigned":$kWidth), [{}], [{
        return ::mlir::success();
      }]>,
  ];
}

//===----------------------------------------------------------------------===//
// SharedEncodingTrait
//===----------------------------------------------------------------------===//

def SharedEncodingTrait : AttrInterface<"SharedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A shared layout says where each element of a tensor lives in a
    shared-memory buffer: a linear map from (offset, block) to the tensor
    coordinates (dim0, dim1, ...). Only `toLinearLayout` must be written by a
    layout.
  }];

  let methods = [
    InterfaceMethod<[{
        Returns the layout, for a buffer of the given shape (the trailing
        `getRank()` dimensions of the allocation), as a linear layout from
        (offset, block) to (dim0, dim1, ...).
      }], "::mlir::triton::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Returns the alignment in bytes a buffer with this layout needs.
      }], "int32_t", "getAlignment", (ins), [{}], [{
        return 16;
      }]>,
    InterfaceMethod<[{
        Returns the order of the dimensions in memory, fastest-varying first.
      }], "::llvm::SmallVector<unsigned>", "getSharedOrder", (ins), [{}], [{
        return ::mlir::triton::gpu::getDefaultOrder(
            $_attr.getRank());
      }]>,
  ];
}

//===----------------------------------------------------------------------===//
// SharedMemoryMatmulOpInterface
//===----------------------------------------------------------------------===//

def SharedMemoryMatmulOpInterface : OpInterface<"SharedMemoryMatmulOpInterface"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A backend's matrix product that reads operands straight from shared
    memory (`!ttg.memdesc` values), as Hopper's warp-group dot does, instead
    of through `ttg.local_load` into a dot-operand layout. `ttg-pipeline`
    stages the global loads that fill such an operand, as it stages those
    read back into a dot-operand layout; an op without the interface is never
    taken for a matrix unit.
  }];
  let methods = [
    InterfaceMethod<[{
        Whether the op reads `operand` from shared memory as a matrix
        operand (and only reads it). By default, every `!ttg.memdesc`
        operand.
      }],
      "bool", "readsSharedMatrixOperand", (ins "::mlir::OpOperand &":$operand),
      "", [{
        return ::mlir::isa<::mlir::triton::gpu::MemDescType>(
            operand.get().getType());
      }]>,
  ];
}

#endif // TRIDENT_TRITONGPU_INTERFACES
