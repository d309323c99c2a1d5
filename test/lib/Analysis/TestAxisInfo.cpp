//===- TestAxisInfo.cpp - Print the axis analysis as remarks --------------===//
//
// `test-print-axis-info`: runs ModuleAxisInfoAnalysis and attaches its result
// to the IR as remarks, one per value (results on their operation, region
// arguments on the operation that owns the region), so that lit tests check
// the analysis with -verify-diagnostics or FileCheck.
//
//===----------------------------------------------------------------------===//

#include "trident/Analysis/AxisInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

namespace {

struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  StringRef getArgument() const final { return "test-print-axis-info"; }
  StringRef getDescription() const final {
    return "print the axis analysis of every value as remarks";
  }

  void runOnOperation() override {
    trident::ModuleAxisInfoAnalysis analysis(getOperation());
    auto describe = [&](Value value) {
      std::string text;
      llvm::raw_string_ostream os(text);
      if (trident::AxisInfo *info = analysis.getAxisInfo(value))
        info->print(os);
      else
        os << "<unknown>";
      if (isa<RankedTensorType>(value.getType()))
        os << "; contiguity per access = " << analysis.getContiguity(value)
           << ", ptr alignment = " << analysis.getPtrAlignment(value)
           << ", mask alignment = " << analysis.getMaskAlignment(value);
      return text;
    };
    getOperation().walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            op->emitRemark()
                << "arg " << arg.getArgNumber() << ": " << describe(arg);
      if (op->getNumResults() == 1)
        op->emitRemark() << describe(op->getResult(0));
      else
        for (OpResult result : op->getResults())
          op->emitRemark() << "result " << result.getResultNumber() << ": "
                           << describe(result);
    });
  }
};

} // namespace

namespace trident::test {
void registerTestAxisInfoPass() { PassRegistration<TestAxisInfoPass>(); }
} // namespace trident::test
