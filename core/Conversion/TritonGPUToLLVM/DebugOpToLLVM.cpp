//===- DebugOpToLLVM.cpp - tt.print and tt.assert through the target -----===//
//
// tt.print becomes one TargetInfoBase::printf per element each thread holds,
// with the format Triton builds:
//
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>(operand <n>) <value>
//
// ("(operand <n>) " only with several operands; a scalar's idx is empty;
// without operands only the pid and the prefix). Each index is padded to
// the digits of its dimension; a value prints by its type: %i/%u (%lli/%llu
// for 64 bits) by its isSigned flag, %f for floats, %p for pointers, and
// with `hex` as 0x followed by all its hex digits (a float's bits). Integers
// narrower than 32 bits are extended by their signedness here; the target
// promotes floats as C variadic calls do.
//
// tt.assert: a thread that holds a false element of the condition calls
// TargetInfoBase::assertFail with the message and the source position (file
// and line of the op's location, the enclosing function); the other threads
// go on. The call sits in its own block behind a conditional branch, so the
// function must be in the cf/LLVM form (as for the atomics).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <string>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// printf takes at most this many arguments on some targets (nvptx's
/// vprintf prints garbage past 32): the indices are cut short first.
constexpr size_t kMaxPrintfOperands = 32;

/// `text` with every '%' doubled, to be part of a format.
std::string escapeFormat(StringRef text) {
  std::string result;
  for (char c : text) {
    result.push_back(c);
    if (c == '%')
      result.push_back('%');
  }
  return result;
}

struct PrintOpConversion : public ConvertTritonGPUOpToLLVMPattern<PrintOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Checked before any IR is emitted.
    for (auto [arg, converted] :
         llvm::zip_equal(op.getArgs(), adaptor.getArgs())) {
      auto tensor = dyn_cast<RankedTensorType>(arg.getType());
      if (tensor &&
          !isa_and_nonnull<gpu::DistributedEncodingTrait>(tensor.getEncoding()))
        return rewriter.notifyMatchFailure(op, "tensor without a layout");
      Type elem = getTypeConverter()->convertType(getElementTypeOrSelf(arg));
      if (!elem ||
          !(isa<LLVM::LLVMPointerType, IntegerType>(elem) || elem.isF16() ||
            elem.isBF16() || elem.isF32() || elem.isF64()))
        return rewriter.notifyMatchFailure(op, "an element type printf "
                                               "cannot print");
    }

    std::array<Value, 3> pid;
    for (int axis = 0; axis < 3; ++axis)
      pid[axis] = targetInfo.programId(rewriter, loc, axis);
    std::string prefix = escapeFormat(op.getPrefix());

    if (op.getArgs().empty()) {
      targetInfo.printf(rewriter, loc, "pid (%u, %u, %u)" + prefix + "\n",
                        ValueRange(pid));
      rewriter.eraseOp(op);
      return success();
    }

    size_t numOperands = op.getArgs().size();
    for (size_t i = 0; i < numOperands; ++i) {
      bool isSigned = op.getIsSigned()[i] != 0;
      SmallVector<Value> elems;
      SmallVector<SmallVector<Value>> indices;
      SmallVector<int> widths;
      if (auto tensor = dyn_cast<RankedTensorType>(op.getArgs()[i].getType())) {
        elems = unpackLLElements(loc, adaptor.getArgs()[i], rewriter);
        indices = emitIndices(loc, rewriter, targetInfo, tensor);
        for (int64_t dim : tensor.getShape())
          widths.push_back(
              dim > 0 ? static_cast<int>(std::ceil(std::log10(dim))) : 0);
      } else {
        elems.push_back(adaptor.getArgs()[i]);
        indices.emplace_back();
      }
      for (auto [elem, index] : llvm::zip_equal(elems, indices))
        printElement(rewriter, loc, pid, index, widths, prefix, i, numOperands,
                     elem, op.getHex(), isSigned);
    }
    rewriter.eraseOp(op);
    return success();
  }

private:
  void printElement(RewriterBase &rewriter, Location loc, ArrayRef<Value> pid,
                    ArrayRef<Value> index, ArrayRef<int> widths,
                    StringRef prefix, size_t operand, size_t numOperands,
                    Value elem, bool hex, bool isSigned) const {
    std::string format;
    llvm::raw_string_ostream os(format);
    SmallVector<Value> args;
    os << "pid (%u, %u, %u) idx (";
    args.append(pid.begin(), pid.end());
    for (auto [dim, coord] : llvm::enumerate(index)) {
      if (dim != 0)
        os << ", ";
      // Room for the value after the indices.
      if (args.size() + 2 >= kMaxPrintfOperands) {
        os << "...";
        break;
      }
      os << "%" << widths[dim] << "u";
      args.push_back(coord);
    }
    os << ")" << prefix;
    if (numOperands > 1)
      os << "(operand " << operand << ") ";
    auto [spec, value] = formatValue(rewriter, loc, elem, hex, isSigned);
    os << spec << "\n";
    args.push_back(value);
    targetInfo.printf(rewriter, loc, format, args);
  }

  /// The conversion of `value` and the value to pass for it.
  std::pair<std::string, Value> formatValue(RewriterBase &rewriter,
                                            Location loc, Value value, bool hex,
                                            bool isSigned) const {
    Type type = value.getType();
    Type i32 = rewriter.getI32Type();
    if (isa<LLVM::LLVMPointerType>(type))
      return {"%p", value};
    unsigned width = type.getIntOrFloatBitWidth();
    if (hex) {
      // All the hex digits of the type; a float prints its bits.
      if (isa<FloatType>(type))
        value = LLVM::BitcastOp::create(rewriter, loc,
                                        rewriter.getIntegerType(width), value);
      if (width < 32)
        value = LLVM::ZExtOp::create(rewriter, loc, i32, value);
      std::string spec = "0x%0" + std::to_string((width + 3) / 4);
      if (width > 32)
        spec += "ll";
      return {spec + "x", value};
    }
    if (isa<FloatType>(type))
      return {"%f", value};
    if (width < 32) {
      if (isSigned && width > 1)
        value = LLVM::SExtOp::create(rewriter, loc, i32, value);
      else
        value = LLVM::ZExtOp::create(rewriter, loc, i32, value);
    }
    if (width > 32)
      return {isSigned ? "%lli" : "%llu", value};
    return {isSigned ? "%i" : "%u", value};
  }
};

struct AssertOpConversion : public ConvertTritonGPUOpToLLVMPattern<AssertOp> {
  using ConvertTritonGPUOpToLLVMPattern::ConvertTritonGPUOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!isa<FunctionOpInterface>(op->getParentOp()))
      return rewriter.notifyMatchFailure(
          op, "inside a region: lower structured control flow first");
    SmallVector<Value> conditions =
        isa<RankedTensorType>(op.getCondition().getType())
            ? unpackLLElements(loc, adaptor.getCondition(), rewriter)
            : SmallVector<Value>{adaptor.getCondition()};
    Value falseValue = intConstant(rewriter, loc, rewriter.getI1Type(), 0);
    Value anyFalse;
    for (Value condition : conditions) {
      Value isFalse = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, condition, falseValue);
      anyFalse =
          anyFalse ? Value(LLVM::OrOp::create(rewriter, loc, anyFalse, isFalse))
                   : isFalse;
    }

    std::string file = "unknown";
    int line = 0;
    if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
      file = fileLoc.getFilename().str();
      line = fileLoc.getLine();
    }
    std::string function = "unknown";
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      function = func.getName().str();

    // before: cond_br anyFalse, fail, after; fail: assertFail; br after.
    Block *before = op->getBlock();
    Block *fail = rewriter.splitBlock(before, op->getIterator());
    Block *after = rewriter.splitBlock(fail, std::next(op->getIterator()));
    rewriter.setInsertionPointToEnd(fail);
    targetInfo.assertFail(rewriter, loc, op.getMessage(), file, function, line);
    LLVM::BrOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, anyFalse, fail, after);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateDebugOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit) {
  patterns.add<PrintOpConversion, AssertOpConversion>(typeConverter, targetInfo,
                                                      benefit);
}
