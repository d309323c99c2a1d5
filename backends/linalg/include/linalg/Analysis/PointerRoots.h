//===- PointerRoots.h - Which buffer a pointer points into -----*- C++ -*-===//
//
// After function signatures are converted, every pointer of a kernel starts
// at a buffer: a `memref<?xT>` argument. The pointer value that stands for
// "buffer B at element offset O" is a marker cast
//
//     %p = builtin.unrealized_conversion_cast %B, %O
//            : memref<?xf32>, i64 to !tt.ptr<f32> {linalg.buffer_pointer}
//
// (O is a constant 0 for a kernel argument, the offset argument for a
// pointer parameter of a device function; O is a tensor of i64 for a tensor
// of pointers). All pointer arithmetic below it is relative to that buffer,
// so pointer values become i64 element offsets and each memory access finds
// its buffer here, by walking back to the marker.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_ANALYSIS_POINTERROOTS_H
#define LINALG_BACKEND_ANALYSIS_POINTERROOTS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <utility>

namespace mlir::triton::cpu {

/// The attribute that marks the buffer-pointer casts.
constexpr llvm::StringLiteral kBufferPointerAttr = "linalg.buffer_pointer";

/// The attribute that marks the casts "pointer, its buffer -> the offset
/// of the pointer in the buffer" that pass a pointer to a device function
/// (whose marker takes the offset back).
constexpr llvm::StringLiteral kBufferOffsetAttr = "linalg.buffer_offset";

/// The buffer type that holds elements of `elementType`: `memref<?xT>`
/// (`memref<?xi8>` for i1: a boolean is one byte, 0 or 1).
MemRefType getBufferType(Type elementType);

/// Creates the marker cast "buffer at offset" of type `ptrType`.
Value createBufferPointer(OpBuilder &b, Location loc, Type ptrType,
                          Value buffer, Value offset);

/// If `ptr` is a marker cast, its buffer and offset.
std::optional<std::pair<Value, Value>> matchBufferPointer(Value ptr);

/// Finds the buffer each pointer value points into. Results are cached;
/// pointers that join different buffers (a select of two arguments) or come
/// from memory have none.
class PointerRoots {
public:
  /// The buffer `ptr` points into, or null.
  Value lookup(Value ptr);

  /// Why the last lookup() returned null.
  const std::string &getFailureReason() const { return failureReason; }

  /// Looks up, ahead of a dialect conversion that will rewrite the IR, the
  /// buffer of the pointer operand of every memory access (tt.load,
  /// tt.store, tt.atomic_rmw, tt.atomic_cas) nested in `scope`.
  void precomputeAccesses(Operation *scope);

  /// The buffer precomputed for `access` (null with a reason if none).
  std::pair<Value, StringRef> getAccessBuffer(Operation *access) const;

private:
  Value lookupImpl(Value ptr, llvm::DenseSet<Value> &visiting);
  Value lookupInteger(Value value, llvm::DenseSet<Value> &visiting,
                      unsigned depth);
  Value join(Value a, Value b);

  llvm::DenseMap<Value, Value> cache;
  std::string failureReason;
  llvm::DenseMap<Operation *, std::pair<Value, std::string>> accesses;
};

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_ANALYSIS_POINTERROOTS_H
