//===- TestAxisInfoModel.cpp - A plugin-style AxisInfoOpInterface ---------===//
//
// Attaches trident::AxisInfoOpInterface to `gpu.block_dim` from outside the
// core, exactly as a plugin attaches it to an op of its own dialect: a
// block of a Triton launch is whole warps, so its size along x is a multiple
// of 32. Without the model the analysis knows nothing of the value
// (test/Analysis/axis-info-interface.mlir checks both ways).
//
//===----------------------------------------------------------------------===//

#include "trident/Analysis/AxisInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

namespace trident::test {
namespace {

struct BlockDimAxisInfo : public trident::AxisInfoOpInterface::ExternalModel<
                              BlockDimAxisInfo, mlir::gpu::BlockDimOp> {
  llvm::SmallVector<trident::AxisInfo>
  inferAxisInfo(mlir::Operation *op,
                llvm::ArrayRef<const trident::AxisInfo *> operands) const {
    if (mlir::cast<mlir::gpu::BlockDimOp>(op).getDimension() !=
        mlir::gpu::Dimension::x)
      return {};
    return {trident::AxisInfo({1}, {32}, {1})};
  }
};

} // namespace

void registerTestAxisInfoModels(mlir::DialectRegistry &registry) {
  registry.addExtension(
      +[](mlir::MLIRContext *context, mlir::gpu::GPUDialect *) {
        mlir::gpu::BlockDimOp::attachInterface<BlockDimAxisInfo>(*context);
      });
}

} // namespace trident::test
