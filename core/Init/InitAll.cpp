//===- InitAll.cpp - Register every core dialect and pass -----------------===//

#include "trident/InitAll.h"

#include "trident/Conversion/TritonGPUToLLVM/Passes.h"
#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/Triton/Transforms/Passes.h"
#ifdef TRIDENT_HAS_TTG
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#endif
#include "trident/Conversion/TritonToTritonGPU/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void trident::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::triton::TritonDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::ub::UBDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::LLVM::LLVMDialect>();
#ifdef TRIDENT_HAS_TTG
  registry.insert<mlir::triton::gpu::TritonGPUDialect>();
#endif
}

void trident::registerAllPasses() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  mlir::registerTransformsPasses();
  mlir::triton::registerTritonPasses();
  mlir::triton::registerTritonPipelines();
  mlir::triton::registerTritonToTritonGPUPasses();
  mlir::triton::gpu::registerTritonGPUPasses();
  trident::registerTTGIRPipeline();
  mlir::triton::registerTritonGPUToLLVMPasses();
}
