//===- Passes.h - TTIR to TTGIR conversion ----------------------*- C++ -*-===//
//
// convert-triton-to-tritongpu, and its pieces for a backend that converts
// with extra patterns of its own: the type converter (a tensor without
// layout gets the default blocked layout) and the patterns.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TRIDENT_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "trident/Conversion/TritonToTritonGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Conversion/TritonToTritonGPU/Passes.h.inc"

/// Gives tensors without layout the default blocked layout of their shape
/// for the given launch shape; leaves every other type alone. Layout
/// mismatches are materialized as ttg.convert_layout.
class TritonGPUTypeConverter : public TypeConverter {
public:
  TritonGPUTypeConverter(MLIRContext *context, int numWarps, int threadsPerWarp,
                         int numCTAs);
  int getNumWarps() const { return numWarps; }
  int getThreadsPerWarp() const { return threadsPerWarp; }
  int getNumCTAs() const { return numCTAs; }
  /// The default blocked layout of a tensor of `shape`.
  Attribute getDefaultEncoding(ArrayRef<int64_t> shape) const;

private:
  MLIRContext *context;
  int numWarps, threadsPerWarp, numCTAs;
};

/// Marks an operation legal when all its types (and region argument types,
/// and a function's signature) are legal for `typeConverter`, and a tt.dot
/// when its operands have dot-operand layouts.
void populateTritonToTritonGPULegality(ConversionTarget &target,
                                       const TritonGPUTypeConverter &converter);

/// Adds the patterns of convert-triton-to-tritongpu (tt, arith, math, scf,
/// cf, calls and functions).
void populateTritonToTritonGPUPatterns(TritonGPUTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       ConversionTarget &target);

} // namespace mlir::triton

#endif // TRIDENT_CONVERSION_TRITONTOTRITONGPU_PASSES_H
