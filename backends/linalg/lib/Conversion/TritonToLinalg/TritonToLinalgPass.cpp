//===- TritonToLinalgPass.cpp - The linalg-triton-to-linalg pass ----------===//
//
// Runs the three steps of the lowering (see Passes.td): function signatures,
// structured memory accesses, then the dialect conversion of the rest.
//
//===----------------------------------------------------------------------===//

#include "Libdevice.h"
#include "linalg/Analysis/PointerRoots.h"
#include "linalg/Conversion/TritonToLinalg/Passes.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-triton-to-linalg"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONTOLINALG
#include "linalg/Conversion/TritonToLinalg/Passes.h.inc"
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

/// True if elements of `accessed` can be accessed in place in a buffer of
/// `buffer` elements: the same type, the same size (a bitcast), or an i1 in
/// a byte.
bool fitsBuffer(Type accessed, Type buffer) {
  return accessed == buffer || (accessed.isInteger(1) && buffer.isInteger(8)) ||
         (!accessed.isInteger(1) && !buffer.isInteger(1) &&
          accessed.getIntOrFloatBitWidth() == buffer.getIntOrFloatBitWidth());
}

/// What step 3 cannot express, each reported once with its reason: inline
/// assembly other than a plain move, extern functions the target does not
/// compute (Libdevice.h), accesses through block pointers that step 2 did
/// not lower, and atomics whose buffer is unknown or holds elements of
/// another type. Sets `needsAbsolute` if a load or store has no buffer (or
/// one of another element size): those read their pointer's address.
LogicalResult checkSupported(ModuleOp module, PointerRoots &roots,
                             bool &needsAbsolute) {
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
    if (auto ext = dyn_cast<triton::ExternElementwiseOp>(op)) {
      std::string why = getExternElementwiseError(ext);
      if (!why.empty()) {
        op->emitError() << why;
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
    bool isAtomic = isa<triton::AtomicRMWOp, triton::AtomicCASOp>(op);
    auto [buffer, reason] = roots.getAccessBuffer(op);
    Type accessed = getAccessedElementType(op);
    if (!buffer) {
      if (!isAtomic) {
        LLVM_DEBUG(llvm::dbgs() << "absolute pointers for " << *op << ": "
                                << reason << "\n");
        needsAbsolute = true;
        return;
      }
      op->emitError() << "atomic access through a pointer whose buffer "
                         "cannot be determined: "
                      << reason;
      ok = false;
      return;
    }
    Type bufferElement = cast<MemRefType>(buffer.getType()).getElementType();
    // An integer read-modify-write may reinterpret the buffer's elements as
    // integers of their size: Triton's float atomic max/min are integer
    // atomics on the float buffer.
    bool reinterprets = isa<triton::AtomicRMWOp>(op) &&
                        isa<IntegerType>(accessed) &&
                        !accessed.isInteger(1) && !bufferElement.isInteger(1) &&
                        accessed.getIntOrFloatBitWidth() ==
                            bufferElement.getIntOrFloatBitWidth();
    if (isAtomic && bufferElement != accessed && !reinterprets) {
      op->emitError() << "memory access of " << accessed
                      << " elements in a buffer of " << bufferElement
                      << " (atomics need the buffer's type, or integers of "
                         "its size for a read-modify-write)";
      ok = false;
      return;
    }
    if (!fitsBuffer(accessed, bufferElement))
      needsAbsolute = true;
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
    bool needsAbsolute = false;
    if (failed(checkSupported(module, roots, needsAbsolute)))
      return signalPassFailure();

    TritonToLinalgTypeConverter typeConverter;
    // The buffer analysis is an optimisation: where it cannot name an
    // access's buffer, every pointer of the module is an address.
    typeConverter.absolutePointers = needsAbsolute;
    ConversionTarget target(getContext());
    configureTritonToLinalgTarget(target, typeConverter);
    RewritePatternSet patterns(&getContext());
    populateTritonToLinalgPatterns(typeConverter, patterns, roots);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
