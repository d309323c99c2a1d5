//===- TritonToLinalgPass.cpp - The linalg-triton-to-linalg pass ----------===//
//
// Runs the three steps of the lowering (see Passes.td): function signatures,
// structured memory accesses, then the dialect conversion of the rest.
//
//===----------------------------------------------------------------------===//

#include "linalg-backend/Analysis/PointerRoots.h"
#include "linalg-backend/Conversion/TritonToLinalg/Passes.h"
#include "linalg-backend/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-triton-to-linalg"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONTOLINALG
#include "linalg-backend/Conversion/TritonToLinalg/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;
using namespace mlir::triton::cpu;

namespace {

/// The element type a memory access reads or writes.
Type getAccessedElementType(Operation *op) {
  if (auto load = dyn_cast<triton::LoadOp>(op))
    return getElementTypeOrSelf(load.getType());
  if (auto store = dyn_cast<triton::StoreOp>(op))
    return getElementTypeOrSelf(store.getValue().getType());
  return getElementTypeOrSelf(op->getResult(0).getType());
}

/// What step 3 cannot express, each reported once with its reason: inline
/// assembly other than a plain move, accesses through block pointers that
/// step 2 did not lower, and accesses whose buffer is unknown or holds
/// elements of another size.
LogicalResult checkSupported(ModuleOp module, PointerRoots &roots) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (auto assembly = dyn_cast<triton::ElementwiseInlineAsmOp>(op)) {
      if (!isPlainMoveAssembly(assembly)) {
        op->emitError() << "inline assembly ('" << assembly.getAsmString()
                        << "') cannot run on the cpu target";
        ok = false;
      }
      return;
    }
    if (!isa<triton::LoadOp, triton::StoreOp, triton::AtomicRMWOp,
             triton::AtomicCASOp>(op))
      return;
    if (triton::isTensorPointerType(op->getOperand(0).getType())) {
      op->emitError() << "access through a block pointer that the cpu "
                         "target cannot decode into a strided tile; run "
                         "tt-rewrite-tensor-pointer (part of --trident-ttir) "
                         "before this pass";
      ok = false;
      return;
    }
    auto [buffer, reason] = roots.getAccessBuffer(op);
    if (!buffer) {
      op->emitError() << "memory access through a pointer whose buffer "
                         "cannot be determined: "
                      << reason;
      ok = false;
      return;
    }
    Type bufferElement = cast<MemRefType>(buffer.getType()).getElementType();
    Type accessed = getAccessedElementType(op);
    bool isAtomic = isa<triton::AtomicRMWOp, triton::AtomicCASOp>(op);
    // Booleans are bytes in memory: i1 accesses read and write i8 buffers.
    if (accessed.isInteger(1) && bufferElement.isInteger(8) && !isAtomic)
      return;
    if (bufferElement != accessed &&
        (isAtomic || bufferElement.getIntOrFloatBitWidth() !=
                         accessed.getIntOrFloatBitWidth())) {
      op->emitError() << "memory access of " << accessed
                      << " elements in a buffer of " << bufferElement
                      << (isAtomic ? " (atomics need the buffer's type)"
                                   : " (sizes differ)");
      ok = false;
    }
  });
  return success(ok);
}

struct TritonToLinalgPass
    : public mlir::triton::cpu::impl::TritonToLinalgBase<TritonToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(convertFunctionSignatures(module)))
      return signalPassFailure();
    if (structured)
      lowerStructuredMemoryAccesses(module, reportFallbacks);
    PointerRoots roots;
    roots.precomputeAccesses(module);
    if (failed(checkSupported(module, roots)))
      return signalPassFailure();

    TritonToLinalgTypeConverter typeConverter;
    ConversionTarget target(getContext());
    configureTritonToLinalgTarget(target, typeConverter);
    RewritePatternSet patterns(&getContext());
    populateTritonToLinalgPatterns(typeConverter, patterns, roots);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
