//===- Utils.h - Helpers shared by the TritonToLinalg patterns -*- C++ -*-===//
//
// Private to lib/Conversion/TritonToLinalg: building empty tensors, fills,
// static loop nests, and inlining a tt combiner region (reduce, scan).
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_LIB_CONVERSION_TRITONTOLINALG_UTILS_H
#define LINALG_BACKEND_LIB_CONVERSION_TRITONTOLINALG_UTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Region.h"

#include <functional>

namespace mlir::triton::cpu {

/// The size in bytes of the elements a pointer (or tensor of pointers)
/// points to; an i1 is one byte.
int64_t getPointeeBytes(Type ptrLike);

/// The address of `buffer`'s first element divided by `elementBytes`, as an
/// i64: the absolute form of a pointer to it (TritonToLinalgTypeConverter).
Value getBufferBase(OpBuilder &b, Location loc, Value buffer,
                    int64_t elementBytes);

/// `tensor.empty` of `type`'s static shape.
Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type);

/// A tensor of `type` filled with `scalar` (tensor.empty + linalg.fill).
Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         Value scalar);

/// The zero of an integer or float type.
Value createZero(OpBuilder &b, Location loc, Type type);

/// If `tensor` is a splat (a splat constant or the result of linalg.fill),
/// the scalar it repeats (a new constant for a constant); null otherwise.
Value getSplatScalar(OpBuilder &b, Location loc, Value tensor);

/// Builds a static loop nest (scf.for, lower bound 0, step 1) over `shape`
/// and calls `body` with the induction variables inside it.
void buildStaticLoopNest(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, Location, ValueRange)> body);

/// Clones the body of a tt.reduce / tt.scan combiner (one block, ending in
/// its return op) at the builder's insertion point with the block
/// arguments replaced by `args`, and returns the values it returns.
SmallVector<Value> inlineCombiner(OpBuilder &b, Region &combiner,
                                  ValueRange args);

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_LIB_CONVERSION_TRITONTOLINALG_UTILS_H
