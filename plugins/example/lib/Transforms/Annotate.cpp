//===- Annotate.cpp - example-annotate ------------------------------------===//
//
// Counts the loads and stores of every kernel and records them in an
// `example.kernel_info` operation beside it (Passes.td has the details).
// The pass is generated from Passes.td (GEN_PASS_DEF, impl::...Base); this
// file only says what it does.
//
//===----------------------------------------------------------------------===//

#include "example/Transforms/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "example-annotate"

namespace example {
#define GEN_PASS_DEF_EXAMPLEANNOTATE
#include "example/Transforms/Passes.h.inc"
} // namespace example

using namespace mlir;

namespace {
struct ExampleAnnotatePass
    : public example::impl::ExampleAnnotateBase<ExampleAnnotatePass> {
  using ExampleAnnotateBase::ExampleAnnotateBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Replace what an earlier run recorded, so that running twice is
    // harmless.
    for (auto info :
         llvm::make_early_inc_range(module.getOps<example::KernelInfoOp>()))
      info.erase();

    OpBuilder builder(&getContext());
    for (auto func : module.getOps<triton::FuncOp>()) {
      if (func.isExternal() || (publicOnly && !func.isPublic()))
        continue;
      uint64_t loads = 0, stores = 0;
      func.walk([&](Operation *op) {
        if (isa<triton::LoadOp>(op))
          ++loads;
        else if (isa<triton::StoreOp>(op))
          ++stores;
      });
      LLVM_DEBUG(llvm::dbgs()
                 << "example-annotate: @" << func.getSymName() << ": " << loads
                 << " loads, " << stores << " stores\n");
      builder.setInsertionPoint(func);
      example::KernelInfoOp::create(builder, func.getLoc(), func.getSymName(),
                                    loads, stores);
    }
  }
};
} // namespace

void example::buildAnnotatedStage(OpPassManager &pm) {
  pm.addPass(createExampleAnnotate());
}
