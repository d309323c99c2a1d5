//===- MathOpToLLVM.cpp - math ops without an LLVM intrinsic to OpenCL ----===//
//
// math dialect operations that LLVM has no intrinsic for (erf, tanh, ...)
// become calls of the OpenCL built-in of the same name on every register of
// the thread (`_Z3erff`), which LLVM's SPIR-V target turns into
// OpenCL.std extended instructions.
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"

#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <string>

using namespace mlir;
using namespace mlir::triton::intel;

namespace {

template <typename OpTy>
struct MathOpToOpenCL : public ConvertOpToLLVMPattern<OpTy> {
  MathOpToOpenCL(const LLVMTypeConverter &converter, StringRef name,
                 PatternBenefit benefit)
      : ConvertOpToLLVMPattern<OpTy>(converter, benefit), name(name.str()) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    auto tensorType = dyn_cast<RankedTensorType>(type);
    Type element = tensorType ? tensorType.getElementType() : type;
    std::string code;
    if (element.isF32())
      code = "f";
    else if (element.isF64())
      code = "d";
    else if (element.isF16())
      code = "Dh";
    else
      return rewriter.notifyMatchFailure(op, "not an f16, f32 or f64 op");
    std::string mangled =
        "_Z" + std::to_string(name.size()) + name + code;
    if (!tensorType) {
      rewriter.replaceOp(op, callBuiltin(rewriter, loc, mangled, element,
                                         {adaptor.getOperand()}));
      return success();
    }
    SmallVector<Value> inputs =
        triton::unpackLLElements(loc, adaptor.getOperand(), rewriter);
    SmallVector<Value> results;
    for (Value input : inputs)
      results.push_back(callBuiltin(rewriter, loc, mangled, element, {input}));
    rewriter.replaceOp(op, triton::packLLElements(loc, this->getTypeConverter(),
                                                  results, rewriter, type));
    return success();
  }

  std::string name;
};

} // namespace

void mlir::triton::intel::populateMathToOpenCLPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit) {
  patterns.add<MathOpToOpenCL<math::ErfOp>>(typeConverter, "erf", benefit);
  patterns.add<MathOpToOpenCL<math::ErfcOp>>(typeConverter, "erfc", benefit);
  patterns.add<MathOpToOpenCL<math::TanhOp>>(typeConverter, "tanh", benefit);
  patterns.add<MathOpToOpenCL<math::AtanOp>>(typeConverter, "atan", benefit);
  patterns.add<MathOpToOpenCL<math::AsinOp>>(typeConverter, "asin", benefit);
  patterns.add<MathOpToOpenCL<math::AcosOp>>(typeConverter, "acos", benefit);
  patterns.add<MathOpToOpenCL<math::SinhOp>>(typeConverter, "sinh", benefit);
  patterns.add<MathOpToOpenCL<math::CoshOp>>(typeConverter, "cosh", benefit);
  patterns.add<MathOpToOpenCL<math::TanOp>>(typeConverter, "tan", benefit);
  patterns.add<MathOpToOpenCL<math::CbrtOp>>(typeConverter, "cbrt", benefit);
  patterns.add<MathOpToOpenCL<math::Log1pOp>>(typeConverter, "log1p", benefit);
  patterns.add<MathOpToOpenCL<math::ExpM1Op>>(typeConverter, "expm1", benefit);
}
