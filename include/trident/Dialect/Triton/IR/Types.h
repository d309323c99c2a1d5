//===- Types.h - Types of the tt dialect ------------------------*- C++ -*-===//
//
// `!tt.ptr`, `!tt.tensordesc`, and helpers that relate pointer, tensor and
// element types (used by the operations' type constraints).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DIALECT_TRITON_IR_TYPES_H
#define TRIDENT_DIALECT_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/TypeSupport.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/Triton/IR/TritonTypes.h.inc"

namespace mlir::triton {

/// For `!tt.ptr<T>` returns T; for a tensor of pointers, a tensor of
/// pointees of the same shape and encoding; for a block pointer, its tensor.
/// Returns null for anything else.
Type getPointeeType(Type type);

/// i1, or a tensor of i1 with the shape and encoding of `type`.
Type getI1SameShape(Type type);

/// A pointer to `type`'s elements, shaped like `type` (global memory).
Type getPointerTypeSameShape(Type type);

/// The scalar pointer that a block pointer's base has: `!tt.ptr<elem, as>`.
Type getBlockPointerBaseType(Type blockPointerType);

/// True for `!tt.ptr<tensor<...>>`.
bool isTensorPointerType(Type type);

/// True for `!tt.ptr` or a tensor of them.
bool isPointerLike(Type type);

/// The type with the same shape and encoding as `type` and element `elem`.
Type getTypeWithSameShape(Type type, Type elem);

} // namespace mlir::triton

#endif // TRIDENT_DIALECT_TRITON_IR_TYPES_H
