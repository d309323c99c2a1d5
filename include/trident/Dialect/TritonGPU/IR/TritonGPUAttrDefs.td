//===- TritonGPUAttrDefs.td - The vendor-neutral ttg layouts -*- tablegen -*-===//
//
// The layouts every target understands: blocked, slice, dot operand and
// linear (distributed over threads), swizzled, padded and linear shared
// layouts, plus the CTA-layout helper and the shared-memory space. Their
// textual forms are those of upstream Triton 3.6. Vendor layouts are not
// here: plugins define them as AttrDefs of TritonGPU_Dialect and register
// them at run time (see docs/layout-registry.md).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITONGPU_ATTRDEFS
#define TRIDENT_TRITONGPU_ATTRDEFS

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

class TritonGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

/// A LinearLayout stored in an attribute (compared and hashed by value).
def LinearLayoutParam : AttrOrTypeParameter<"::mlir::triton::LinearLayout",
                                            "linear layout"> {
  let cppAccessorType = "const ::mlir::triton::LinearLayout &";
}

/// The interface methods every distributed layout of the core implements
/// itself rather than through the defaults.
defvar DistributedMethods = ["getRepOrder", "getWarpOrder", "getThreadOrder"];

//===----------------------------------------------------------------------===//
// CTA layout
//===----------------------------------------------------------------------===//

def TTG_CTALayoutAttr : AttrDef<TritonGPU_Dialect, "CTALayout"> {
  let summary = "how a tensor is split over the CTAs of a CGA";
  let description = [{
    Not written on its own: blocked and swizzled layouts (and plugin layouts)
    carry one, printed as the `CTAsPerCGA`, `CTASplitNum` and `CTAOrder` keys
    when it is not the single-CTA default.

    The tensor is cut into `CTASplitNum` pieces per dimension, spread over the
    `CTAsPerCGA` CTAs; `CTAsPerCGA / CTASplitNum` CTAs share (multicast) one
    piece. With one CTA per CGA the order is canonicalized to [n-1, ..., 0].
  }];

  let parameters = (ins
    ArrayRefParameter<"unsigned">:$CTAsPerCGA,
    ArrayRefParameter<"unsigned">:$CTASplitNum,
    ArrayRefParameter<"unsigned">:$CTAOrder
  );

  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$CTAsPerCGA,
                     "::llvm::ArrayRef<unsigned>":$CTASplitNum,
                     "::llvm::ArrayRef<unsigned>":$CTAOrder), [{
      if (::llvm::all_of(CTAsPerCGA, [](unsigned n) { return n == 1; }))
        return $_get(context, CTAsPerCGA, CTASplitNum,
                     ::mlir::triton::gpu::getDefaultOrder(CTAsPerCGA.size()));
      return $_get(context, CTAsPerCGA, CTASplitNum, CTAOrder);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
  // No mnemonic: the attribute is only ever printed inside other layouts.
  let attrName = "ttg.cta_layout";

  let extraClassDeclaration = [{
    /// One CTA: all ones, order [rank-1, ..., 0].
    static CTALayoutAttr getDefault(::mlir::MLIRContext *context,
                                    unsigned rank);
    unsigned getRank() const { return getCTAOrder().size(); }
    bool isDefault() const;
  }];
}

//===----------------------------------------------------------------------===//
// Blocked layout
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TritonGPU_Attr<"BlockedEncoding", "blocked", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait, DistributedMethods>
  ]> {
  let summary = "each thread holds a block of consecutive elements";
  let description = [{
    The tensor is tiled by a CTA tile of shape
    `sizePerThread * threadsPerWarp * warpsPerCTA`: each thread holds a
    `sizePerThread` block of consecutive elements, the lanes of a warp and the
    warps of a CTA are arranged in `threadsPerWarp` and `warpsPerCTA` grids,
    all of them walking the dimensions in `order` (fastest first). A tensor
    larger than the tile repeats it; a smaller one is broadcast.

    ```mlir
    #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
    ```

    Every field has the same rank, every size is a power of two and `order`
    is a permutation. The optional keys `CTAsPerCGA`, `CTASplitNum` and
    `CTAOrder` give the CTA layout; they are printed only when it is not the
    single-CTA default.
  }];

  // The trailing underscores keep the generated accessors (which return
  // ArrayRefs) apart from the DistributedEncodingTrait methods of the same
  // names (which return SmallVectors).
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread__,
    ArrayRefParameter<"unsigned">:$threadsPerWarp__,
    ArrayRefParameter<"unsigned">:$warpsPerCTA__,
    ArrayRefParameter<"unsigned">:$order,
    "CTALayoutAttr":$CTALayout
  );

  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$sizePerThread,
                     "::llvm::ArrayRef<unsigned>":$threadsPerWarp,
                     "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "::llvm::ArrayRef<unsigned>":$order), [{
      return $_get(context, sizePerThread, threadsPerWarp, warpsPerCTA, order,
                   CTALayoutAttr::getDefault(context, order.size()));
    }]>
  ];

  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Slice layout
//===----------------------------------------------------------------------===//

def TTG_SliceEncodingAttr : TritonGPU_Attr<"SliceEncoding", "slice", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait,
        ["getCTAsPerCGA", "getCTASplitNum", "getCTAOrder"]>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait, DistributedMethods>
  ]> {
  let summary = "a distributed layout with one dimension squeezed out";
  let description = [{
    The layout of `parent` with dimension `dim` removed: the threads that held
    a row along `dim` now all hold the same element. This is the layout of a
    reduction along `dim` and the operand of `tt.expand_dims`.

    ```mlir
    #ttg.slice<{dim = 1, parent = #blocked}>
    ```
  }];

  let parameters = (ins
    "unsigned":$dim,
    "DistributedEncodingTrait":$parent
  );

  let extraClassDeclaration = [{
    /// `shape` with a unit dimension inserted at `dim`: the shape the parent
    /// layout is applied to.
    ::llvm::SmallVector<int64_t>
    paddedShape(::llvm::ArrayRef<int64_t> shape) const;
  }];

  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Dot operand layout
//===----------------------------------------------------------------------===//

def TTG_DotOperandEncodingAttr : TritonGPU_Attr<"DotOperandEncoding", "dot_op", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait,
        ["getCTAsPerCGA", "getCTASplitNum", "getCTAOrder"]>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait, DistributedMethods>
  ]> {
  let summary = "the layout of an operand of a dot";
  let description = [{
    The register layout of operand `opIdx` (0 for A, 1 for B) of a dot whose
    result has layout `parent`. `kWidth` is the number of consecutive elements
    a thread holds along K; 0 (the default, not printed) means the parent
    decides. With a blocked parent (an FMA dot) the operand is the parent's
    layout broadcast along K; with a matrix-instruction parent (a plugin
    layout implementing MmaEncodingTrait) the parent provides the layout.

    ```mlir
    #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
    ```
  }];

  let parameters = (ins
    "unsigned":$opIdx,
    "::mlir::Attribute":$parent,
    DefaultValuedParameter<"unsigned", "0">:$kWidth
  );

  let assemblyFormat = "`<` `{` struct(params) `}` `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Linear layout
//===----------------------------------------------------------------------===//

def TTG_LinearEncodingAttr : TritonGPU_Attr<"LinearEncoding", "linear", [
    DeclareAttrInterfaceMethods<LayoutEncodingTrait,
        ["getCTAsPerCGA", "getCTASplitNum", "getCTAOrder"]>,
    DeclareAttrInterfaceMethods<DistributedEncodingTrait, DistributedMethods>
  ]> {
  let summary = "a distributed layout given by its linear-layout bases";
  let description = [{
    Any distributed layout, written as the bases of its linear layout: the
    image in (dim0, dim1, ...) of each bit of the register, lane, warp and
    block indices. Each basis moves along at most one dimension.

    ```mlir
    #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[16, 0]], block = []}>
    ```
  }];

  let parameters = (ins LinearLayoutParam:$linearLayout);

  let extraClassDeclaration = [{
    /// The order of the register bases, fastest dimension first (dimensions
    /// registers do not move along come last, highest first).
    ::llvm::SmallVector<unsigned> getOrder() const;
    /// For each dimension, how many distinct positions the bases of `inDim`
    /// reach (counting broadcast bases too when `skipBroadcast` is false).
    ::llvm::SmallVector<unsigned>
    basesPerDim(::llvm::StringRef inDim, bool skipBroadcast = true) const;
    /// The order in which the bases of `inDim` move along the dimensions,
    /// completed by `defaultOrder`.
    ::llvm::SmallVector<unsigned>
    orderPerDim(::llvm::StringRef inDim,
                ::llvm::ArrayRef<unsigned> defaultOrder) const;
  }];

  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Swizzled shared layout
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr
    : TritonGPU_Attr<"SwizzledSharedEncoding", "swizzled_shared", [
        DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
        DeclareAttrInterfaceMethods<SharedEncodingTrait, ["getSharedOrder"]>
      ]> {
  let summary = "shared memory with XOR swizzling of vectors";
  let description = [{
    Rows (along `order[1]`) of the two most minor dimensions are stored one
    after the other; within row r, vectors of `vec` elements are permuted by
    XOR with the phase `(r / perPhase) % maxPhase`, which spreads the columns
    of consecutive rows over different banks. Further dimensions follow in
    `order`.

    ```mlir
    #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```

    `vec`, `perPhase` and `maxPhase` are positive powers of two. The optional
    keys `CTAsPerCGA`, `CTASplitNum` and `CTAOrder` give the CTA layout.
  }];

  let parameters = (ins
    "unsigned":$vec,
    "unsigned":$perPhase,
    "unsigned":$maxPhase,
    ArrayRefParameter<"unsigned">:$order,
    "CTALayoutAttr":$CTALayout
  );

  let builders = [
    AttrBuilder<(ins "unsigned":$vec, "unsigned":$perPhase,
                     "unsigned":$maxPhase,
                     "::llvm::ArrayRef<unsigned>":$order), [{
      return $_get(context, vec, perPhase, maxPhase, order,
                   CTALayoutAttr::getDefault(context, order.size()));
    }]>
  ];

  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Padded shared layout
//===----------------------------------------------------------------------===//

def TTG_PaddedSharedEncodingAttr
    : TritonGPU_Attr<"PaddedSharedEncoding", "padded_shared", [
        DeclareAttrInterfaceMethods<LayoutEncodingTrait,
            ["getCTAsPerCGA", "getCTASplitNum", "getCTAOrder"]>,
        DeclareAttrInterfaceMethods<SharedEncodingTrait, ["getSharedOrder"]>
      ]> {
  let summary = "shared memory with padding inserted every few elements";
  let description = [{
    Elements are placed by `linearComponent` (a map from offset and block to
    tensor coordinates), then `padding[i]` elements are inserted after every
    `interval[i]` elements. Written either with the order and shape of an
    identity placement or with the bases of the linear component:

    ```mlir
    #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
    #ttg.padded_shared<[512:+16] {offset = [[0, 1], [0, 2], [1, 0]], block = []}>
    ```

    Intervals and paddings are powers of two; intervals are distinct.
  }];

  let parameters = (ins
    ArrayRefParameter<"unsigned">:$intervals,
    ArrayRefParameter<"unsigned">:$paddings,
    LinearLayoutParam:$linearComponent
  );

  let extraClassDeclaration = [{
    /// Number of elements (padding included) a buffer of `shape` occupies.
    int64_t getPaddedSize(::llvm::ArrayRef<int64_t> shape) const;
  }];

  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Linear shared layout
//===----------------------------------------------------------------------===//

def TTG_SharedLinearEncodingAttr
    : TritonGPU_Attr<"SharedLinearEncoding", "shared_linear", [
        DeclareAttrInterfaceMethods<LayoutEncodingTrait,
            ["getCTAsPerCGA", "getCTASplitNum", "getCTAOrder"]>,
        DeclareAttrInterfaceMethods<SharedEncodingTrait,
            ["getSharedOrder", "getAlignment"]>
      ]> {
  let summary = "a shared layout given by its linear-layout bases";
  let description = [{
    Any shared layout, written as the bases of its map from (offset, block)
    to tensor coordinates, and the alignment its buffers need. `block` may be
    left out when it is empty.

    ```mlir
    #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
    ```
  }];

  let parameters = (ins
    LinearLayoutParam:$linearLayout,
    "unsigned":$layoutAlignment
  );

  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Memory spaces
//===----------------------------------------------------------------------===//

def TTG_SharedMemorySpaceAttr
    : TritonGPU_Attr<"SharedMemorySpace", "shared_memory"> {
  let summary = "the memory space of shared-memory descriptors";
  let description = [{
    `#ttg.shared_memory` marks a `!ttg.memdesc` as pointing to the shared
    memory of the CTA.
  }];
}

#endif // TRIDENT_TRITONGPU_ATTRDEFS
