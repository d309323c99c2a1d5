//===- TritonToLinalg.h - TTIR to linalg: steps and patterns ---*- C++ -*-===//
//
// The pieces of the linalg-triton-to-linalg pass (see Passes.td for the
// whole picture), public so that a pipeline or a test can use them alone:
// the function-signature step, the structured-memory step, the type
// converter and the populate functions of the dialect conversion.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_CONVERSION_TRITONTOLINALG_TRITONTOLINALG_H
#define LINALG_BACKEND_CONVERSION_TRITONTOLINALG_TRITONTOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {
class ElementwiseInlineAsmOp;
} // namespace mlir::triton

namespace mlir::triton::cpu {

class PointerRoots;

/// Number of the grid parameters appended to every converted function:
/// num_programs x, y, z, then program_id x, y, z (all i32).
constexpr unsigned kNumGridArgs = 6;

/// Step 1: rewrites every tt.func into a func.func with buffer parameters
/// and the grid parameters (the calling convention of Passes.td), replaces
/// tt.get_program_id / tt.get_num_programs by those parameters, tt.call by
/// func.call and tt.return by func.return. Fails (with an error on the op)
/// on what the convention cannot express, such as a function that returns
/// a pointer.
LogicalResult convertFunctionSignatures(ModuleOp module);

/// Step 2: lowers the tt.load / tt.store ops whose pointer and mask the
/// analyses decode to strided memref copies, after rewriting scf.for loops
/// that carry pointers to carry their offsets. Accesses left alone fall back
/// to gather/scatter in step 3; with `reportFallbacks`, each gets a remark.
void lowerStructuredMemoryAccesses(ModuleOp module, bool reportFallbacks);

/// The type converter of step 3: `!tt.ptr<T>` becomes `i64` (an element
/// offset into the buffer the pointer's root names), a tensor of pointers a
/// tensor of `i64` of the same shape; every other type is kept.
///
/// With `absolutePointers` (set when some access's buffer cannot be
/// determined, see TritonToLinalgPass.cpp), the `i64` of every pointer of
/// the module is instead its absolute address in units of its element size
/// (address / sizeof(T)): pointer arithmetic is the same in both forms, an
/// access into a known buffer subtracts the buffer's base, and any other
/// access reads or writes the address itself.
class TritonToLinalgTypeConverter : public TypeConverter {
public:
  TritonToLinalgTypeConverter();

  bool absolutePointers = false;
};

/// Marks what step 3 must convert: tt ops, `arith`/`math` ops on tensors,
/// ops whose types mention pointers, and the buffer-pointer marker casts.
void configureTritonToLinalgTarget(ConversionTarget &target,
                                   const TypeConverter &typeConverter);

/// True for inline assembly that only moves its operand to its result
/// (`mov.b32 $0, $1;`): the only inline assembly the cpu target can run.
bool isPlainMoveAssembly(triton::ElementwiseInlineAsmOp op);

/// Elementwise arith/math/tt ops on tensors -> linalg.generic, and the
/// scalar forms of tt's elementwise ops (addptr, clampf, fp_to_fp, ...).
void populateElementwisePatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// splat, broadcast, expand_dims, make_range, reshape, trans, join, split,
/// cat, unsplat, gather and histogram.
void populateShapePatterns(const TypeConverter &typeConverter,
                           RewritePatternSet &patterns);

/// tt.reduce -> linalg.reduce.
void populateReducePatterns(const TypeConverter &typeConverter,
                            RewritePatternSet &patterns);

/// tt.scan -> scf.for over the scanned axis.
void populateScanPatterns(const TypeConverter &typeConverter,
                          RewritePatternSet &patterns);

/// tt.dot -> linalg.matmul / linalg.batch_matmul.
void populateDotPatterns(const TypeConverter &typeConverter,
                         RewritePatternSet &patterns);

/// Loads and stores left by step 2 -> gather/scatter loops over the buffer
/// that `roots` finds for each pointer.
void populateLoadStorePatterns(const TypeConverter &typeConverter,
                               RewritePatternSet &patterns,
                               PointerRoots &roots);

/// tt.atomic_rmw / tt.atomic_cas -> memref atomics.
void populateAtomicPatterns(const TypeConverter &typeConverter,
                            RewritePatternSet &patterns, PointerRoots &roots);

/// tt.print, tt.assert, the buffer-pointer casts, ub.poison of pointers,
/// and the pointer-typed arith.select / scf structural ops.
void populateMiscPatterns(const TypeConverter &typeConverter,
                          RewritePatternSet &patterns);

/// Every pattern of step 3.
void populateTritonToLinalgPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns,
                                    PointerRoots &roots);

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_CONVERSION_TRITONTOLINALG_TRITONTOLINALG_H
