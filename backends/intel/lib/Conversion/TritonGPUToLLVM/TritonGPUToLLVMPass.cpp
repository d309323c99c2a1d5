//===- TritonGPUToLLVMPass.cpp - intel-convert-triton-gpu-to-llvm ---------===//
//
// The core's generic TritonGPU -> LLVM patterns with the Intel TargetInfo
// and pointer facts from the axis analysis, DPAS dots (DotOpToLLVM.cpp),
// together with the TritonGEN ->
// builtin-call patterns (the TargetInfo emits TritonGEN barriers); scf is
// lowered to cf first. bf16 is kept as i16 bits (the allowed SPIR-V
// extensions have no bfloat type), with its arithmetic done in f32.
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"
#include "intel/TargetInfo/TargetInfo.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "mlir/Conversion/GPUToLLVMSPV/GPUToLLVMSPVPass.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/ScopeExit.h"

#define DEBUG_TYPE "intel-convert-triton-gpu-to-llvm"

namespace mlir::triton::intel {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "intel/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton::intel

using namespace mlir;
using namespace mlir::triton::intel;

namespace {

/// An OpenCL SPIR-V target environment whose sub-groups have `lanes` lanes.
spirv::TargetEnvAttr getTargetEnv(MLIRContext *context, int lanes) {
  spirv::TargetEnvAttr defaults = spirv::getDefaultTargetEnv(context);
  spirv::ResourceLimitsAttr limits = defaults.getResourceLimits();
  auto resourceLimits = spirv::ResourceLimitsAttr::get(
      context, limits.getMaxComputeSharedMemorySize(),
      limits.getMaxComputeWorkgroupInvocations(),
      limits.getMaxComputeWorkgroupSize(), lanes, lanes, lanes,
      limits.getCooperativeMatrixPropertiesKhr(),
      limits.getCooperativeMatrixPropertiesNv());
  return spirv::TargetEnvAttr::get(
      defaults.getTripleAttr(), resourceLimits, spirv::ClientAPI::OpenCL,
      spirv::Vendor::Intel, spirv::DeviceType::DiscreteGPU,
      spirv::TargetEnvAttr::kUnknownDeviceID);
}

/// Rewrites arith and math operations on bf16 into the same operations on
/// f32 between arith.extf and arith.truncf (MLIR's float emulation), so
/// that only those casts, constants and data movement are left on bf16,
/// which the lowering keeps as i16 bits: the allowed SPIR-V extensions have
/// no bfloat type.
LogicalResult emulateBF16Arithmetic(ModuleOp module) {
  MLIRContext *context = module.getContext();
  Type bf16 = BFloat16Type::get(context), f32 = Float32Type::get(context);
  // math.fma, which MLIR's extension leaves alone (one rounding cannot be
  // kept through f32), in f32 too: the product of two bf16 is exact there,
  // so only the sum rounds twice (to f32, then to bf16).
  module.walk([&](math::FmaOp fma) {
    if (getElementTypeOrSelf(fma.getType()) != bf16)
      return;
    OpBuilder builder(fma);
    auto widen = [&](Value value) -> Value {
      Type type = value.getType();
      auto shaped = dyn_cast<ShapedType>(type);
      return arith::ExtFOp::create(builder, fma.getLoc(),
                                   shaped ? shaped.clone(f32) : f32, value);
    };
    Value wide = math::FmaOp::create(builder, fma.getLoc(), widen(fma.getA()),
                                     widen(fma.getB()), widen(fma.getC()));
    fma.replaceAllUsesWith(
        arith::TruncFOp::create(builder, fma.getLoc(), fma.getType(), wide)
            .getResult());
    fma.erase();
  });
  {
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(converter, {bf16}, f32);
    RewritePatternSet patterns(context);
    arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
    ConversionTarget target(*context);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
  }
  TypeConverter converter;
  SetVector<Type> supported;
  supported.insert(Float16Type::get(context));
  supported.insert(f32);
  supported.insert(Float64Type::get(context));
  math::populateExtendToSupportedTypesTypeConverter(converter, supported, f32);
  RewritePatternSet patterns(context);
  math::populateExtendToSupportedTypesPatterns(patterns, converter);
  ConversionTarget target(*context);
  math::populateExtendToSupportedTypesConversionTarget(target, converter);
  return applyPartialConversion(module, target, std::move(patterns));
}

struct ConvertTritonGPUToLLVM
    : public mlir::triton::intel::impl::ConvertTritonGPUToLLVMBase<
          ConvertTritonGPUToLLVM> {
  using ConvertTritonGPUToLLVMBase::ConvertTritonGPUToLLVMBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    int subGroupSize = 16;
    if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      subGroupSize = attr.getInt();
    if (subGroupSize != 16 && subGroupSize != 32) {
      module.emitError() << "intel GPUs run sub-groups of 16 or 32 lanes, "
                            "got ttg.threads-per-warp = "
                         << subGroupSize;
      return signalPassFailure();
    }

    // A dot in the DPAS layouts that the matrix engine cannot compute, or
    // another target's assembly or library function, is the input's fault:
    // one error, before anything is rewritten.
    if (failed(verifyDpasDotsLowerable(module, subGroupSize)) ||
        failed(verifyTargetFlavouredOpsLowerable(module)))
      return signalPassFailure();

    if (failed(emulateBF16Arithmetic(module)))
      return signalPassFailure();

    // MLIR's gpu.shuffle -> OpenCL built-in patterns take the sub-group size
    // from the SPIR-V target environment; it is set for the conversion only.
    StringAttr targetEnvName =
        StringAttr::get(context, spirv::getTargetEnvAttrName());
    Attribute previousEnv = module->getAttr(targetEnvName);
    module->setAttr(targetEnvName, getTargetEnv(context, subGroupSize));
    llvm::scope_exit restoreEnv([&] {
      if (previousEnv)
        module->setAttr(targetEnvName, previousEnv);
      else
        module->removeAttr(targetEnvName);
    });

    IntelTargetInfo targetInfo(subGroupSize);
    triton::TritonGPUToLLVMHooks hooks;
    hooks.addTypeConversions =
        [](triton::TritonGPUToLLVMTypeConverter &converter) {
          // bf16 as i16 bits (the last conversion added is tried first).
          converter.addConversion([](BFloat16Type type) -> Type {
            return IntegerType::get(type.getContext(), 16);
          });
        };
    hooks.addPatterns = [&](triton::TritonGPUToLLVMTypeConverter &converter,
                            RewritePatternSet &patterns) {
      populateDotOpToLLVMPatterns(converter, patterns, subGroupSize,
                                  /*benefit=*/10);
      if (lowerTritonGEN)
        populateTritonGENToLLVMPatterns(converter, patterns);
      populateMathToOpenCLPatterns(converter, patterns, /*benefit=*/10);
      populateExternElementwiseOpToOpenCLPatterns(converter, patterns,
                                                  /*benefit=*/10);
      populateGpuToLLVMSPVConversionPatterns(converter, patterns);
    };
    hooks.configureTarget = [&](ConversionTarget &target) {
      if (lowerTritonGEN)
        target.addIllegalDialect<mlir::triton::TritonGEN::TritonGENDialect>();
      else
        target.addLegalDialect<mlir::triton::TritonGEN::TritonGENDialect>();
    };
    if (failed(triton::convertTritonGPUToLLVM(module, targetInfo, hooks)))
      signalPassFailure();
  }
};

} // namespace
