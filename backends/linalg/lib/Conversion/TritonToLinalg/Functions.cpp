//===- Functions.cpp - Step 1: signatures and the calling convention ------===//
//
// Rewrites tt.func into func.func with buffer parameters and the six grid
// parameters, binds each pointer parameter to its buffer with a marker cast
// (PointerRoots.h), and rewrites what refers to the old signature:
// tt.get_program_id, tt.get_num_programs, tt.call and tt.return.
//
// The calling convention (also in Passes.td), for a function with
// parameters (p0, ..., pn):
//
//   !tt.ptr<T>               -> memref<?xT>            (kernel: public)
//                            -> memref<?xT>, i64       (device function)
//   tensor<S x !tt.ptr<T>>   -> memref<?xT>, tensor<S x i64>  (device only)
//   anything else            -> unchanged
//   then: i32 num_programs_x, num_programs_y, num_programs_z,
//         i32 program_id_x, program_id_y, program_id_z
//
//===----------------------------------------------------------------------===//

#include "linalg/Analysis/PointerRoots.h"
#include "linalg/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-triton-to-linalg"

using namespace mlir;

namespace mlir::triton::cpu {
namespace {

/// How one original parameter maps to the new ones.
enum class ParamKind { Plain, Pointer, PointerTensor };

struct ParamMapping {
  ParamKind kind;
  unsigned firstNew;
};

bool isScalarPointer(Type type) {
  return isa<triton::PointerType>(type) && !triton::isTensorPointerType(type);
}

bool isPointerTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<triton::PointerType>(tensor.getElementType());
}

/// Attributes of the tt.func that carry over to the func.func.
SmallVector<NamedAttribute> getDiscardableAttrs(triton::FuncOp func) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : func->getAttrs()) {
    StringRef name = attr.getName().getValue();
    if (name == SymbolTable::getSymbolAttrName() ||
        name == SymbolTable::getVisibilityAttrName() ||
        name == func.getFunctionTypeAttrName().getValue() ||
        name == func.getArgAttrsAttrName().getValue() ||
        name == func.getResAttrsAttrName().getValue())
      continue;
    attrs.push_back(attr);
  }
  return attrs;
}

LogicalResult convertFunction(triton::FuncOp func) {
  MLIRContext *ctx = func.getContext();
  OpBuilder b(func);
  Location loc = func.getLoc();
  bool isKernel = func.isPublic();
  FunctionType type = func.getFunctionType();

  for (Type result : type.getResults())
    if (triton::isPointerLike(result) || triton::isTensorPointerType(result))
      return func.emitOpError()
             << "returns a pointer (" << result
             << "), which the cpu target's calling convention cannot express";

  SmallVector<Type> inputs;
  SmallVector<Attribute> argAttrs;
  SmallVector<ParamMapping> mapping;
  auto emptyDict = DictionaryAttr::get(ctx);
  for (auto [i, input] : llvm::enumerate(type.getInputs())) {
    DictionaryAttr attrs = func.getArgAttrDict(i);
    if (!attrs)
      attrs = emptyDict;
    if (triton::isTensorPointerType(input))
      return func.emitOpError() << "takes a block pointer parameter (" << input
                                << "), which the cpu target cannot pass";
    Type pointee = triton::getPointeeType(getElementTypeOrSelf(input));
    if (pointee && !BaseMemRefType::isValidElementType(pointee))
      return func.emitOpError()
             << "takes a pointer to " << pointee
             << ", which the cpu target cannot hold in a buffer";
    if (isScalarPointer(input)) {
      mapping.push_back({ParamKind::Pointer, (unsigned)inputs.size()});
      auto ptr = cast<triton::PointerType>(input);
      inputs.push_back(getBufferType(ptr.getPointeeType()));
      argAttrs.push_back(attrs);
      if (!isKernel) {
        inputs.push_back(b.getI64Type());
        argAttrs.push_back(emptyDict);
      }
      continue;
    }
    if (isPointerTensor(input)) {
      if (isKernel)
        return func.emitOpError()
               << "is a kernel with a tensor-of-pointers parameter (" << input
               << ")";
      auto tensor = cast<RankedTensorType>(input);
      auto ptr = cast<triton::PointerType>(tensor.getElementType());
      mapping.push_back({ParamKind::PointerTensor, (unsigned)inputs.size()});
      inputs.push_back(getBufferType(ptr.getPointeeType()));
      inputs.push_back(
          RankedTensorType::get(tensor.getShape(), b.getI64Type()));
      argAttrs.push_back(attrs);
      argAttrs.push_back(emptyDict);
      continue;
    }
    mapping.push_back({ParamKind::Plain, (unsigned)inputs.size()});
    inputs.push_back(input);
    argAttrs.push_back(attrs);
  }
  unsigned firstGrid = inputs.size();
  for (unsigned i = 0; i < kNumGridArgs; ++i) {
    inputs.push_back(b.getI32Type());
    argAttrs.push_back(emptyDict);
  }

  auto newType = FunctionType::get(ctx, inputs, type.getResults());
  auto newFunc = func::FuncOp::create(b, loc, func.getName(), newType,
                                      getDiscardableAttrs(func));
  newFunc.setVisibility(func.getVisibility());
  newFunc.setAllArgAttrs(argAttrs);
  if (ArrayAttr resAttrs = func.getResAttrsAttr())
    newFunc.setResAttrsAttr(resAttrs);

  if (func.isExternal()) {
    func.erase();
    return success();
  }

  newFunc.getBody().takeBody(func.getBody());
  Block &entry = newFunc.getBody().front();
  unsigned numOld = entry.getNumArguments();
  SmallVector<Value> newArgs;
  for (Type input : inputs)
    newArgs.push_back(entry.addArgument(input, loc));

  b.setInsertionPointToStart(&entry);
  for (auto [i, map] : llvm::enumerate(mapping)) {
    BlockArgument old = entry.getArgument(i);
    Value replacement;
    switch (map.kind) {
    case ParamKind::Plain:
      replacement = newArgs[map.firstNew];
      break;
    case ParamKind::Pointer: {
      Value offset = isKernel ? arith::ConstantIntOp::create(b, old.getLoc(),
                                                             b.getI64Type(), 0)
                                    .getResult()
                              : newArgs[map.firstNew + 1];
      replacement = createBufferPointer(b, old.getLoc(), old.getType(),
                                        newArgs[map.firstNew], offset);
      break;
    }
    case ParamKind::PointerTensor:
      replacement =
          createBufferPointer(b, old.getLoc(), old.getType(),
                              newArgs[map.firstNew], newArgs[map.firstNew + 1]);
      break;
    }
    old.replaceAllUsesWith(replacement);
  }
  entry.eraseArguments(0, numOld);

  ArrayRef<BlockArgument> grid =
      entry.getArguments().slice(firstGrid, kNumGridArgs);
  SmallVector<Operation *> toErase;
  newFunc.walk([&](Operation *op) {
    if (auto pid = dyn_cast<triton::GetProgramIdOp>(op)) {
      pid.replaceAllUsesWith(grid[3 + static_cast<unsigned>(pid.getAxis())]);
      toErase.push_back(op);
    } else if (auto num = dyn_cast<triton::GetNumProgramsOp>(op)) {
      num.replaceAllUsesWith(grid[static_cast<unsigned>(num.getAxis())]);
      toErase.push_back(op);
    } else if (auto ret = dyn_cast<triton::ReturnOp>(op)) {
      OpBuilder rb(ret);
      func::ReturnOp::create(rb, ret.getLoc(), ret.getSrcs());
      toErase.push_back(op);
    }
  });
  for (Operation *op : toErase)
    op->erase();
  func.erase();
  return success();
}

LogicalResult convertCall(triton::CallOp call, ModuleOp module,
                          PointerRoots &roots) {
  auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
  if (!callee)
    return call.emitOpError() << "calls '" << call.getCallee()
                              << "', which is not a function of the module";
  auto caller = call->getParentOfType<func::FuncOp>();
  OpBuilder b(call);
  Location loc = call.getLoc();
  SmallVector<Value> operands;
  for (Value operand : call.getOperands()) {
    Type type = operand.getType();
    if (!isScalarPointer(type) && !isPointerTensor(type)) {
      operands.push_back(operand);
      continue;
    }
    Value buffer = roots.lookup(operand);
    if (!buffer)
      return call.emitOpError()
             << "passes a pointer whose buffer cannot be determined ("
             << roots.getFailureReason() << ")";
    Type offsetType = b.getI64Type();
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      offsetType = RankedTensorType::get(tensor.getShape(), offsetType);
    // Step 3 turns the pointer into its offset in the buffer.
    auto cast = UnrealizedConversionCastOp::create(
        b, loc, TypeRange{offsetType}, ValueRange{operand, buffer});
    cast->setAttr(kBufferOffsetAttr, b.getUnitAttr());
    Value offset = cast.getResult(0);
    operands.push_back(buffer);
    operands.push_back(offset);
  }
  Block &entry = caller.getBody().front();
  for (BlockArgument arg : entry.getArguments().take_back(kNumGridArgs))
    operands.push_back(arg);
  auto newCall = func::CallOp::create(b, loc, callee, operands);
  call.replaceAllUsesWith(newCall.getResults());
  call.erase();
  return success();
}

} // namespace

LogicalResult convertFunctionSignatures(ModuleOp module) {
  SmallVector<triton::FuncOp> funcs(module.getOps<triton::FuncOp>());
  for (triton::FuncOp func : funcs)
    if (failed(convertFunction(func)))
      return failure();

  SmallVector<triton::CallOp> calls;
  module.walk([&](triton::CallOp call) { calls.push_back(call); });
  PointerRoots roots;
  for (triton::CallOp call : calls)
    if (failed(convertCall(call, module, roots)))
      return failure();
  return success();
}

} // namespace mlir::triton::cpu
