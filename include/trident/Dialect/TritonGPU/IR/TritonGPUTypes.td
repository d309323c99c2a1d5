//===- TritonGPUTypes.td - Types of the ttg dialect ----------*- tablegen -*-===//
//
// `!ttg.memdesc<...>`, a view of a buffer in a memory other than registers,
// and `!ttg.async.token`, which links asynchronous copies to their waits.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITONGPU_TYPES
#define TRIDENT_TRITONGPU_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "a token produced by an asynchronous operation";
  let description = [{
    `!ttg.async.token` links an asynchronous operation (a copy into shared
    memory, a commit group) to the operations that group or wait for it.
  }];
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc", [ShapedTypeInterface]> {
  let summary = "a descriptor of a buffer in shared (or other local) memory";
  let description = [{
    A view of a buffer: its logical shape and element type, the layout of the
    elements in memory (a shared layout, or a plugin's memory layout), the
    memory space, whether it may be written, and the shape of the allocation
    the view belongs to when it differs from the view's shape (the view is
    then a slice of a larger buffer).

    ```mlir
    !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    ```

    The layout may have a smaller rank than the view: the leading dimensions
    then index whole copies of the layout (multi-buffering).
  }];

  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::Attribute":$encoding,
    "::mlir::Attribute":$memorySpace,
    "bool":$mutableMemory,
    ArrayRefParameter<"int64_t">:$allocShape
  );

  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        "::mlir::Attribute":$encoding, "::mlir::Attribute":$memorySpace,
        CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        "::mlir::Attribute":$encoding, "::mlir::Attribute":$memorySpace,
        "bool":$mutableMemory, "::llvm::ArrayRef<int64_t>":$allocShape), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, allocShape);
    }]>
  ];

  let extraClassDeclaration = [{
    /// ShapedTypeInterface: a memdesc always has a static rank.
    bool hasRank() const { return true; }
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const {
      ::llvm::ArrayRef<int64_t> newShape = shape.value_or(getShape());
      return MemDescType::get(newShape, elementType, getEncoding(),
                              getMemorySpace(), getMutableMemory(), newShape);
    }
  }];

  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRIDENT_TRITONGPU_TYPES
