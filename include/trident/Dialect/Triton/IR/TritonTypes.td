//===- TritonTypes.td - Types and type constraints of tt ----*- tablegen -*-===//
//
// `!tt.ptr<T[, addrspace]>`, `!tt.tensordesc<tensor<...>>`, and the type
// constraints the operations are declared with.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITON_TYPES
#define TRIDENT_TRITON_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "trident/Dialect/Triton/IR/TritonDialect.td"

class TritonTypeDef<string name, string _mnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = _mnemonic;
}

//===----------------------------------------------------------------------===//
// Scalar element constraints
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16, BF16,
                          F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

def TT_PtrType : TritonTypeDef<"Pointer", "ptr"> {
  let summary = "a pointer in some address space";
  let description = [{
    `!tt.ptr<f32>` points to one f32 in global memory (address space 1, the
    default, which is not printed); `!tt.ptr<f16, 3>` points into address
    space 3. `!tt.ptr<tensor<64x64xf16>>` is a block pointer, made by
    `tt.make_tensor_ptr`.
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

def TT_Ptr : DialectType<Triton_Dialect,
    CPred<"::llvm::isa<::mlir::triton::PointerType>($_self) && "
          "!::llvm::isa<::mlir::RankedTensorType>("
          "::llvm::cast<::mlir::triton::PointerType>($_self).getPointeeType())">,
    "pointer to a scalar", "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_TensorPtr : DialectType<Triton_Dialect,
    CPred<"::llvm::isa<::mlir::triton::PointerType>($_self) && "
          "::llvm::isa<::mlir::RankedTensorType>("
          "::llvm::cast<::mlir::triton::PointerType>($_self).getPointeeType())">,
    "pointer to a tensor (block pointer)", "::mlir::triton::PointerType">;

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TT_TensorDescType : TritonTypeDef<"TensorDesc", "tensordesc"> {
  let summary = "a descriptor of a block of a tensor in global memory";
  let description = [{
    `!tt.tensordesc<tensor<64x64xf16>>` describes a 64x64 block of a larger
    tensor; made by `tt.make_tensor_descriptor`, read and written by the
    `tt.descriptor_*` operations.
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

//===----------------------------------------------------------------------===//
// Aggregate constraints
//===----------------------------------------------------------------------===//

def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr],
                        "Triton value">;

#endif // TRIDENT_TRITON_TYPES
