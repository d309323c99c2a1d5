//===- TargetInfo.cpp - NVVM implementation of TargetInfoBase -------------===//
//
// Special registers, warp shuffles, votes and reductions are NVVM dialect
// operations; predicated shared-memory accesses are PTX inline assembly
// (`@p st.shared` / `@p ld.shared`), since NVVM has no predicated form, and
// so are global atomics (`@p atom.global.gpu.acq_rel.add.f32`), whose
// ordering and scope LLVM's NVPTX backend would drop;
// printf and assert call the CUDA system calls `vprintf` and `__assertfail`
// that ptxas resolves.
//
//===----------------------------------------------------------------------===//

#include "nvidia/TargetInfo/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

namespace {

Value i32Const(RewriterBase &rewriter, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                  rewriter.getI32IntegerAttr(value));
}

Value i64Const(RewriterBase &rewriter, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                  rewriter.getI64IntegerAttr(value));
}

/// Bits of a scalar, vector or pointer type as it sits in registers
/// (pointers: 64, every address space that reaches here being generic or
/// global); 0 for anything else.
unsigned getBitWidth(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 64;
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() *
           vector.getElementType().getIntOrFloatBitWidth();
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

/// Reinterprets `value` as an integer of its width (pointers through
/// ptrtoint, everything else through bitcast).
Value toInteger(RewriterBase &rewriter, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IntegerType>(type))
    return value;
  Type intType = rewriter.getIntegerType(getBitWidth(type));
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(rewriter, loc, intType, value);
  return LLVM::BitcastOp::create(rewriter, loc, intType, value);
}

/// The inverse of toInteger.
Value fromInteger(RewriterBase &rewriter, Location loc, Value value,
                  Type type) {
  if (value.getType() == type)
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(rewriter, loc, type, value);
  return LLVM::BitcastOp::create(rewriter, loc, type, value);
}

/// One `shfl.sync` of a 32-bit value.
Value shuffle32(RewriterBase &rewriter, Location loc, Value value, Value offset,
                NVVM::ShflKind kind, int clamp) {
  Value mask = i32Const(rewriter, loc, -1);
  Value clampValue = i32Const(rewriter, loc, clamp);
  return NVVM::ShflOp::create(rewriter, loc, value.getType(), mask, value,
                              offset, clampValue, kind, UnitAttr());
}

/// Shuffles a value of any width: narrow values travel in the low bits of an
/// i32, 64-bit values as two halves, and anything wider element by element.
Value shuffle(RewriterBase &rewriter, Location loc, Value value, Value offset,
              NVVM::ShflKind kind, int clamp) {
  Type type = value.getType();
  unsigned bits = getBitWidth(type);
  if (type.isInteger(32) || type.isF32())
    return shuffle32(rewriter, loc, value, offset, kind, clamp);
  if (bits < 32) {
    Value asInt = toInteger(rewriter, loc, value);
    Value wide =
        LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), asInt);
    Value moved = shuffle32(rewriter, loc, wide, offset, kind, clamp);
    Value narrow = LLVM::TruncOp::create(rewriter, loc, asInt.getType(), moved);
    return fromInteger(rewriter, loc, narrow, type);
  }
  if (bits % 32 == 0) {
    // Split into i32 words, shuffle each, put them back.
    unsigned words = bits / 32;
    auto wordsType = VectorType::get({words}, rewriter.getI32Type());
    Value packed =
        isa<LLVM::LLVMPointerType>(type)
            ? LLVM::BitcastOp::create(
                  rewriter, loc, wordsType,
                  LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                           value))
            : LLVM::BitcastOp::create(rewriter, loc, wordsType, value)
                  .getResult();
    Value result = LLVM::UndefOp::create(rewriter, loc, wordsType);
    for (unsigned i = 0; i < words; ++i) {
      Value index = i32Const(rewriter, loc, i);
      Value word = LLVM::ExtractElementOp::create(rewriter, loc, packed, index);
      Value moved = shuffle32(rewriter, loc, word, offset, kind, clamp);
      result =
          LLVM::InsertElementOp::create(rewriter, loc, result, moved, index);
    }
    if (isa<LLVM::LLVMPointerType>(type)) {
      Value asInt =
          LLVM::BitcastOp::create(rewriter, loc, rewriter.getI64Type(), result);
      return LLVM::IntToPtrOp::create(rewriter, loc, type, asInt);
    }
    return LLVM::BitcastOp::create(rewriter, loc, type, result);
  }
  llvm::report_fatal_error("nvidia shuffle: unsupported value type");
}

/// How a value of `bits` bits is held for a shared-memory instruction: the
/// PTX type suffix, the vector width and the register constraint per word.
struct SharedAccess {
  unsigned wordBits;
  unsigned words;
};

/// The access for `bits`, or none when the value must be split.
std::optional<SharedAccess> getSharedAccess(unsigned bits) {
  switch (bits) {
  case 8:
  case 16:
  case 32:
  case 64:
    return SharedAccess{bits, 1};
  case 128:
    return SharedAccess{32, 4};
  default:
    return std::nullopt;
  }
}

const char *getConstraint(unsigned wordBits) {
  switch (wordBits) {
  case 8:
  case 16:
    return "h";
  case 32:
    return "r";
  default:
    return "l";
  }
}

/// The register type that holds one word of `wordBits` (8-bit words travel
/// in 16-bit registers).
Type getRegisterType(RewriterBase &rewriter, unsigned wordBits) {
  return rewriter.getIntegerType(std::max(wordBits, 16u));
}

/// The shared address as a 32-bit integer: shared memory is addressed with
/// 32 bits whatever the pointer width of the data layout.
Value sharedAddress(RewriterBase &rewriter, Location loc, Value ptr) {
  return LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), ptr);
}

/// Splits `value` (a vector type) into parts of at most 128 bits that
/// getSharedAccess accepts; returns the parts' types and byte offsets.
void splitForShared(Type type,
                    SmallVectorImpl<std::pair<Type, unsigned>> &parts) {
  auto vector = cast<VectorType>(type);
  Type element = vector.getElementType();
  unsigned elementBits = element.getIntOrFloatBitWidth();
  unsigned elementsPerPart = std::max(1u, 128 / elementBits);
  unsigned count = vector.getNumElements();
  // Shrink to a size whose width is accepted.
  while (elementsPerPart > 1 &&
         (!getSharedAccess(elementsPerPart * elementBits) ||
          count % elementsPerPart != 0))
    elementsPerPart /= 2;
  Type partType = elementsPerPart == 1
                      ? element
                      : VectorType::get({elementsPerPart}, element);
  for (unsigned first = 0; first < count; first += elementsPerPart)
    parts.push_back({partType, first * elementBits / 8});
}

} // namespace

//===----------------------------------------------------------------------===//
// Execution model
//===----------------------------------------------------------------------===//

Value NVVMTargetInfo::programId(RewriterBase &rewriter, Location loc,
                                int axis) const {
  Type i32 = rewriter.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::BlockIdXOp::create(rewriter, loc, i32);
  case 1:
    return NVVM::BlockIdYOp::create(rewriter, loc, i32);
  default:
    return NVVM::BlockIdZOp::create(rewriter, loc, i32);
  }
}

Value NVVMTargetInfo::numPrograms(RewriterBase &rewriter, Location loc,
                                  int axis) const {
  Type i32 = rewriter.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::GridDimXOp::create(rewriter, loc, i32);
  case 1:
    return NVVM::GridDimYOp::create(rewriter, loc, i32);
  default:
    return NVVM::GridDimZOp::create(rewriter, loc, i32);
  }
}

Value NVVMTargetInfo::threadId(RewriterBase &rewriter, Location loc) const {
  return NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
}

Value NVVMTargetInfo::clusterCTAId(RewriterBase &rewriter, Location loc) const {
  // Kernels are launched without clusters (num_ctas = 1): every CTA is rank
  // 0 of its own cluster, on every architecture.
  return i32Const(rewriter, loc, 0);
}

//===----------------------------------------------------------------------===//
// Synchronization and data exchange
//===----------------------------------------------------------------------===//

void NVVMTargetInfo::barrier(RewriterBase &rewriter, Location loc) const {
  NVVM::Barrier0Op::create(rewriter, loc);
}

Value NVVMTargetInfo::shuffleXor(RewriterBase &rewriter, Location loc,
                                 Value value, int mask) const {
  return shuffle(rewriter, loc, value, i32Const(rewriter, loc, mask),
                 NVVM::ShflKind::bfly, 0x1f);
}

Value NVVMTargetInfo::shuffleUp(RewriterBase &rewriter, Location loc,
                                Value value, int delta) const {
  return shuffle(rewriter, loc, value, i32Const(rewriter, loc, delta),
                 NVVM::ShflKind::up, 0x0);
}

Value NVVMTargetInfo::shuffleIdx(RewriterBase &rewriter, Location loc,
                                 Value value, Value lane) const {
  return shuffle(rewriter, loc, value, lane, NVVM::ShflKind::idx, 0x1f);
}

Value NVVMTargetInfo::ballot(RewriterBase &rewriter, Location loc, Type type,
                             Value predicate) const {
  Value mask = i32Const(rewriter, loc, -1);
  Value bits =
      NVVM::VoteSyncOp::create(rewriter, loc, rewriter.getI32Type(), mask,
                               predicate, NVVM::VoteSyncKind::ballot);
  if (type == bits.getType())
    return bits;
  return LLVM::ZExtOp::create(rewriter, loc, type, bits);
}

bool NVVMTargetInfo::warpReduce(RewriterBase &rewriter, Location loc,
                                SmallVectorImpl<Value> &values,
                                trident::WarpReduceKind kind,
                                unsigned numLaneToReduce) const {
  // redux.sync (sm_80+) reduces 32-bit integers over the whole warp.
  if (computeCapability < 80 || numLaneToReduce != 32)
    return false;
  if (!llvm::all_of(values, [](Value v) { return v.getType().isInteger(32); }))
    return false;
  NVVM::ReduxKind reduxKind = NVVM::ReduxKind::ADD;
  switch (kind) {
  case trident::WarpReduceKind::Add:
    reduxKind = NVVM::ReduxKind::ADD;
    break;
  case trident::WarpReduceKind::Max:
    reduxKind = NVVM::ReduxKind::MAX;
    break;
  case trident::WarpReduceKind::Min:
    reduxKind = NVVM::ReduxKind::MIN;
    break;
  case trident::WarpReduceKind::UMax:
    reduxKind = NVVM::ReduxKind::UMAX;
    break;
  case trident::WarpReduceKind::UMin:
    reduxKind = NVVM::ReduxKind::UMIN;
    break;
  case trident::WarpReduceKind::And:
    reduxKind = NVVM::ReduxKind::AND;
    break;
  case trident::WarpReduceKind::Or:
    reduxKind = NVVM::ReduxKind::OR;
    break;
  case trident::WarpReduceKind::Xor:
    reduxKind = NVVM::ReduxKind::XOR;
    break;
  }
  Value mask = i32Const(rewriter, loc, -1);
  for (Value &value : values)
    value = NVVM::ReduxOp::create(rewriter, loc, value.getType(), value,
                                  reduxKind, mask);
  return true;
}

void NVVMTargetInfo::storeShared(RewriterBase &rewriter, Location loc,
                                 Value ptr, Value value,
                                 Value predicate) const {
  Type type = value.getType();
  if (type.isInteger(1)) {
    value = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI8Type(), value);
    type = value.getType();
  }
  unsigned bits = getBitWidth(type);
  std::optional<SharedAccess> access = getSharedAccess(bits);
  if (!access) {
    SmallVector<std::pair<Type, unsigned>> parts;
    splitForShared(type, parts);
    unsigned perPart = 1;
    if (auto partVector = dyn_cast<VectorType>(parts.front().first))
      perPart = partVector.getNumElements();
    for (auto [index, part] : llvm::enumerate(parts)) {
      Value partValue;
      if (perPart == 1) {
        partValue = LLVM::ExtractElementOp::create(
            rewriter, loc, value, i32Const(rewriter, loc, index));
      } else {
        SmallVector<int32_t> mask;
        for (unsigned i = 0; i < perPart; ++i)
          mask.push_back(index * perPart + i);
        partValue =
            LLVM::ShuffleVectorOp::create(rewriter, loc, value, value, mask);
      }
      Value partPtr = LLVM::GEPOp::create(
          rewriter, loc, ptr.getType(), rewriter.getI8Type(), ptr,
          ArrayRef<LLVM::GEPArg>{int32_t(part.second)});
      storeShared(rewriter, loc, partPtr, partValue, predicate);
    }
    return;
  }

  // Registers: the value as `words` integers of `wordBits`.
  SmallVector<Value> operands = {sharedAddress(rewriter, loc, ptr)};
  Type regType = getRegisterType(rewriter, access->wordBits);
  if (access->words == 1) {
    Value asInt = toInteger(rewriter, loc, value);
    if (asInt.getType() != regType)
      asInt = LLVM::ZExtOp::create(rewriter, loc, regType, asInt);
    operands.push_back(asInt);
  } else {
    auto wordsType = VectorType::get({access->words}, regType);
    Value packed = LLVM::BitcastOp::create(rewriter, loc, wordsType, value);
    for (unsigned i = 0; i < access->words; ++i)
      operands.push_back(LLVM::ExtractElementOp::create(
          rewriter, loc, packed, i32Const(rewriter, loc, i)));
  }
  operands.push_back(predicate);

  std::string asmText;
  std::string constraints = "r";
  unsigned predicateIndex = operands.size() - 1;
  asmText = "@$" + std::to_string(predicateIndex) + " st.shared";
  if (access->words > 1)
    asmText += ".v" + std::to_string(access->words);
  asmText += ".b" + std::to_string(access->wordBits) + " [$0], ";
  if (access->words > 1) {
    SmallVector<std::string> names;
    for (unsigned i = 0; i < access->words; ++i)
      names.push_back("$" + std::to_string(i + 1));
    asmText += "{" + llvm::join(names, ", ") + "}";
  } else {
    asmText += "$1";
  }
  asmText += ";";
  for (unsigned i = 0; i < access->words; ++i)
    constraints += std::string(",") + getConstraint(access->wordBits);
  constraints += ",b";
  LLVM::InlineAsmOp::create(rewriter, loc, TypeRange{}, operands, asmText,
                            constraints, /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

Value NVVMTargetInfo::loadShared(RewriterBase &rewriter, Location loc,
                                 Value ptr, Type type, Value predicate) const {
  if (type.isInteger(1)) {
    Value byte =
        loadShared(rewriter, loc, ptr, rewriter.getI8Type(), predicate);
    return LLVM::TruncOp::create(rewriter, loc, type, byte);
  }
  unsigned bits = getBitWidth(type);
  std::optional<SharedAccess> access = getSharedAccess(bits);
  if (!access) {
    SmallVector<std::pair<Type, unsigned>> parts;
    splitForShared(type, parts);
    Value result = LLVM::UndefOp::create(rewriter, loc, type);
    unsigned element = 0;
    for (auto [partType, offset] : parts) {
      Value partPtr = LLVM::GEPOp::create(
          rewriter, loc, ptr.getType(), rewriter.getI8Type(), ptr,
          ArrayRef<LLVM::GEPArg>{int32_t(offset)});
      Value part = loadShared(rewriter, loc, partPtr, partType, predicate);
      auto partVector = dyn_cast<VectorType>(partType);
      unsigned count = partVector ? partVector.getNumElements() : 1;
      for (unsigned i = 0; i < count; ++i, ++element) {
        Value scalar =
            partVector ? LLVM::ExtractElementOp::create(
                             rewriter, loc, part, i32Const(rewriter, loc, i))
                             .getResult()
                       : part;
        result = LLVM::InsertElementOp::create(
            rewriter, loc, result, scalar, i32Const(rewriter, loc, element));
      }
    }
    return result;
  }

  Type regType = getRegisterType(rewriter, access->wordBits);
  SmallVector<Type> resultTypes(access->words, regType);
  Type asmResult = access->words == 1 ? regType
                                      : LLVM::LLVMStructType::getLiteral(
                                            rewriter.getContext(), resultTypes);
  std::string constraints;
  std::string destinations;
  for (unsigned i = 0; i < access->words; ++i) {
    constraints += std::string("=") + getConstraint(access->wordBits) + ",";
    destinations += (i ? ", $" : "$") + std::to_string(i);
  }
  constraints += "r,b";
  unsigned addressIndex = access->words;
  std::string asmText = "@$" + std::to_string(addressIndex + 1) + " ld.shared";
  if (access->words > 1)
    asmText += ".v" + std::to_string(access->words);
  asmText += ".b" + std::to_string(access->wordBits) + " " +
             (access->words > 1 ? "{" + destinations + "}" : destinations) +
             ", [$" + std::to_string(addressIndex) + "];";
  Value address = sharedAddress(rewriter, loc, ptr);
  auto asmOp = LLVM::InlineAsmOp::create(
      rewriter, loc, asmResult, ValueRange{address, predicate}, asmText,
      constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  Value loaded = asmOp.getResult(0);
  if (access->words == 1) {
    Type intType = rewriter.getIntegerType(access->wordBits);
    if (loaded.getType() != intType)
      loaded = LLVM::TruncOp::create(rewriter, loc, intType, loaded);
    return fromInteger(rewriter, loc, loaded, type);
  }
  auto wordsType = VectorType::get({access->words}, regType);
  Value packed = LLVM::UndefOp::create(rewriter, loc, wordsType);
  for (unsigned i = 0; i < access->words; ++i) {
    Value word = LLVM::ExtractValueOp::create(rewriter, loc, loaded,
                                              ArrayRef<int64_t>{int64_t(i)});
    packed = LLVM::InsertElementOp::create(rewriter, loc, packed, word,
                                           i32Const(rewriter, loc, i));
  }
  return LLVM::BitcastOp::create(rewriter, loc, type, packed);
}

namespace {

/// The words of `value` as registers for an access of `access`.
SmallVector<Value> packWords(RewriterBase &rewriter, Location loc, Value value,
                             SharedAccess access) {
  Type regType = getRegisterType(rewriter, access.wordBits);
  if (access.words == 1) {
    Value asInt = toInteger(rewriter, loc, value);
    if (asInt.getType() != regType)
      asInt = LLVM::ZExtOp::create(rewriter, loc, regType, asInt);
    return {asInt};
  }
  auto wordsType = VectorType::get({access.words}, regType);
  Value packed = LLVM::BitcastOp::create(rewriter, loc, wordsType, value);
  SmallVector<Value> words;
  for (unsigned i = 0; i < access.words; ++i)
    words.push_back(LLVM::ExtractElementOp::create(rewriter, loc, packed,
                                                   i32Const(rewriter, loc, i)));
  return words;
}

/// The inverse of packWords: `words` (an asm result) back into `type`.
Value unpackWords(RewriterBase &rewriter, Location loc, Value words,
                  SharedAccess access, Type type) {
  Type regType = getRegisterType(rewriter, access.wordBits);
  if (access.words == 1) {
    Type intType = rewriter.getIntegerType(access.wordBits);
    if (words.getType() != intType)
      words = LLVM::TruncOp::create(rewriter, loc, intType, words);
    return fromInteger(rewriter, loc, words, type);
  }
  auto wordsType = VectorType::get({access.words}, regType);
  Value packed = LLVM::UndefOp::create(rewriter, loc, wordsType);
  for (unsigned i = 0; i < access.words; ++i) {
    Value word = LLVM::ExtractValueOp::create(rewriter, loc, words,
                                              ArrayRef<int64_t>{int64_t(i)});
    packed = LLVM::InsertElementOp::create(rewriter, loc, packed, word,
                                           i32Const(rewriter, loc, i));
  }
  return LLVM::BitcastOp::create(rewriter, loc, type, packed);
}

/// "{$a, $b, ...}" or "$a" for `count` operands from `first`.
std::string operandList(unsigned first, unsigned count) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back("$" + std::to_string(first + i));
  if (count == 1)
    return names.front();
  return "{" + llvm::join(names, ", ") + "}";
}

/// The access for a global load or store of `type` under `mask`, if the
/// predicated form applies (one i1 predicate, 8 to 128 bits).
/// Whether `type` is a vector of 64-bit elements.
bool hasWideElements(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  return vector && vector.getElementTypeBitWidth() == 64;
}

std::optional<SharedAccess> getGlobalAccess(Type type, Value mask) {
  if (!mask || !mask.getType().isInteger(1) || type.isInteger(1))
    return std::nullopt;
  std::optional<SharedAccess> access = getSharedAccess(getBitWidth(type));
  // Vectors of 64-bit elements move as b64 words (`ld.global.v2.b64`), as
  // upstream emits them.
  if (access && access->words > 1 && hasWideElements(type))
    access = SharedAccess{64, access->words * access->wordBits / 64};
  return access;
}

/// The qualifiers of a global load ("ld" + these + ".v4.b32"), or of a store
/// ("st" + ...), for `hints`: PTX's cache operator or its L1 eviction
/// priority (the two are alternatives of the instruction), or `.volatile`.
std::string getGlobalQualifiers(const trident::GlobalAccessHints &hints,
                                bool isLoad) {
  using triton::CacheModifier;
  if (isLoad && hints.isVolatile)
    return ".volatile.global";
  std::string text = ".global";
  switch (hints.cache) {
  case CacheModifier::CA:
    text += isLoad ? ".ca" : "";
    break;
  case CacheModifier::CG:
    text += ".cg";
    break;
  case CacheModifier::CV:
    text += isLoad ? ".cv" : "";
    break;
  case CacheModifier::CS:
    text += ".cs";
    break;
  case CacheModifier::WB:
    text += isLoad ? "" : ".wb";
    break;
  case CacheModifier::WT:
    text += isLoad ? "" : ".wt";
    break;
  default:
    break;
  }
  if (text != ".global")
    return text;
  if (hints.evict == triton::EvictionPolicy::EVICT_FIRST)
    text += ".L1::evict_first";
  else if (hints.evict == triton::EvictionPolicy::EVICT_LAST)
    text += ".L1::evict_last";
  return text;
}

/// For a vector access under a per-element mask: the mask's elements and
/// their conjunction, the predicate of the whole-vector access. Empty when
/// the access is not of that kind.
SmallVector<Value> splitVectorMask(RewriterBase &rewriter, Location loc,
                                   Type type, Value mask, Value &all) {
  auto maskType = mask ? dyn_cast<VectorType>(mask.getType()) : VectorType();
  auto vectorType = dyn_cast<VectorType>(type);
  if (!maskType || !vectorType || vectorType.getElementType().isInteger(1) ||
      !getSharedAccess(getBitWidth(type)))
    return {};
  SmallVector<Value> bits;
  for (int64_t i = 0; i < maskType.getNumElements(); ++i)
    bits.push_back(LLVM::ExtractElementOp::create(rewriter, loc, mask,
                                                  i32Const(rewriter, loc, i)));
  all = bits.front();
  for (Value bit : llvm::drop_begin(bits))
    all = LLVM::AndOp::create(rewriter, loc, all, bit);
  return bits;
}

} // namespace

Value NVVMTargetInfo::loadGlobal(
    RewriterBase &rewriter, Location loc, Value ptr, Type type, Value mask,
    Value other, unsigned alignment,
    const trident::GlobalAccessHints &hints) const {
  // A per-element mask: the whole vector under the conjunction of the mask
  // (the common, in-bounds case), then each element on its own where the
  // mask holds but not for all.
  Value all;
  SmallVector<Value> bits = splitVectorMask(rewriter, loc, type, mask, all);
  if (!bits.empty()) {
    Value whole =
        loadGlobal(rewriter, loc, ptr, type, all, other, alignment, hints);
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                         rewriter.getBoolAttr(true));
    Value notAll = LLVM::XOrOp::create(rewriter, loc, all, one);
    Type elementType = cast<VectorType>(type).getElementType();
    unsigned elementBytes = getBitWidth(elementType) / 8;
    Value result = whole;
    for (auto [index, bit] : llvm::enumerate(bits)) {
      Value elementPtr =
          LLVM::GEPOp::create(rewriter, loc, ptr.getType(), elementType, ptr,
                              ArrayRef<LLVM::GEPArg>{int32_t(index)});
      Value predicate = LLVM::AndOp::create(rewriter, loc, bit, notAll);
      Value current = LLVM::ExtractElementOp::create(
          rewriter, loc, whole, i32Const(rewriter, loc, index));
      Value element =
          loadGlobal(rewriter, loc, elementPtr, elementType, predicate, current,
                     std::min(alignment, elementBytes), hints);
      result = LLVM::InsertElementOp::create(rewriter, loc, result, element,
                                             i32Const(rewriter, loc, index));
    }
    return result;
  }
  // An unmasked access with hints takes the asm form under a true
  // predicate: LLVM's loads have no cache operators. So does a vector of
  // 64-bit elements, which LLVM would otherwise turn into b32 words where
  // its users take them apart.
  if (!mask && (!hints.isDefault() || hasWideElements(type)))
    mask = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                    rewriter.getBoolAttr(true));
  std::optional<SharedAccess> access = getGlobalAccess(type, mask);
  if (!access)
    return TargetInfoBase::loadGlobal(rewriter, loc, ptr, type, mask, other,
                                      alignment, hints);
  Type regType = getRegisterType(rewriter, access->wordBits);
  SmallVector<Type> resultTypes(access->words, regType);
  Type asmResult = access->words == 1 ? regType
                                      : LLVM::LLVMStructType::getLiteral(
                                            rewriter.getContext(), resultTypes);
  // Operands: results 0..w-1, then the address, the predicate and the
  // `other` words.
  unsigned w = access->words;
  SmallVector<Value> operands = {ptr, mask};
  std::string constraints;
  const char *reg = getConstraint(access->wordBits);
  for (unsigned i = 0; i < w; ++i)
    constraints += std::string("=") + reg + ",";
  constraints += "l,b";
  std::string asmText;
  if (other) {
    SmallVector<Value> otherWords = packWords(rewriter, loc, other, *access);
    for (unsigned i = 0; i < w; ++i) {
      operands.push_back(otherWords[i]);
      constraints += std::string(",") + reg;
      asmText += "mov.b" + std::to_string(std::max(access->wordBits, 16u)) +
                 " $" + std::to_string(i) + ", $" + std::to_string(w + 2 + i) +
                 ";\n\t";
    }
  }
  asmText += "@$" + std::to_string(w + 1) + " ld" +
             getGlobalQualifiers(hints, /*isLoad=*/true);
  if (w > 1)
    asmText += ".v" + std::to_string(w);
  asmText += ".b" + std::to_string(access->wordBits) + " " + operandList(0, w) +
             ", [$" + std::to_string(w) + "];";
  auto asmOp = LLVM::InlineAsmOp::create(
      rewriter, loc, asmResult, operands, asmText, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  return unpackWords(rewriter, loc, asmOp.getResult(0), *access, type);
}

void NVVMTargetInfo::storeGlobal(
    RewriterBase &rewriter, Location loc, Value ptr, Value value, Value mask,
    unsigned alignment, const trident::GlobalAccessHints &hints) const {
  Value all;
  SmallVector<Value> bits =
      splitVectorMask(rewriter, loc, value.getType(), mask, all);
  if (!bits.empty()) {
    storeGlobal(rewriter, loc, ptr, value, all, alignment, hints);
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                         rewriter.getBoolAttr(true));
    Value notAll = LLVM::XOrOp::create(rewriter, loc, all, one);
    Type elementType = cast<VectorType>(value.getType()).getElementType();
    unsigned elementBytes = getBitWidth(elementType) / 8;
    for (auto [index, bit] : llvm::enumerate(bits)) {
      Value elementPtr =
          LLVM::GEPOp::create(rewriter, loc, ptr.getType(), elementType, ptr,
                              ArrayRef<LLVM::GEPArg>{int32_t(index)});
      Value predicate = LLVM::AndOp::create(rewriter, loc, bit, notAll);
      Value element = LLVM::ExtractElementOp::create(
          rewriter, loc, value, i32Const(rewriter, loc, index));
      storeGlobal(rewriter, loc, elementPtr, element, predicate,
                  std::min(alignment, elementBytes), hints);
    }
    return;
  }
  if (!mask && (!hints.isDefault() || hasWideElements(value.getType())))
    mask = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                    rewriter.getBoolAttr(true));
  std::optional<SharedAccess> access = getGlobalAccess(value.getType(), mask);
  if (!access)
    return TargetInfoBase::storeGlobal(rewriter, loc, ptr, value, mask,
                                       alignment, hints);
  unsigned w = access->words;
  SmallVector<Value> operands = {ptr};
  llvm::append_range(operands, packWords(rewriter, loc, value, *access));
  operands.push_back(mask);
  std::string constraints = "l";
  for (unsigned i = 0; i < w; ++i)
    constraints += std::string(",") + getConstraint(access->wordBits);
  constraints += ",b";
  std::string asmText = "@$" + std::to_string(w + 1) + " st" +
                        getGlobalQualifiers(hints, /*isLoad=*/false);
  if (w > 1)
    asmText += ".v" + std::to_string(w);
  asmText += ".b" + std::to_string(access->wordBits) + " [$0], " +
             operandList(1, w) + ";";
  LLVM::InlineAsmOp::create(rewriter, loc, TypeRange{}, operands, asmText,
                            constraints, /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

namespace {

/// PTX's `.sem` of an atomic of `ordering`, if it has one.
std::optional<llvm::StringRef> getPtxSemantic(LLVM::AtomicOrdering ordering) {
  switch (ordering) {
  case LLVM::AtomicOrdering::monotonic:
    return llvm::StringRef("relaxed");
  case LLVM::AtomicOrdering::acquire:
    return llvm::StringRef("acquire");
  case LLVM::AtomicOrdering::release:
    return llvm::StringRef("release");
  case LLVM::AtomicOrdering::acq_rel:
    return llvm::StringRef("acq_rel");
  default:
    return std::nullopt;
  }
}

/// PTX's `.scope` of an atomic of `scope`.
llvm::StringRef getPtxScope(trident::MemoryScope scope) {
  switch (scope) {
  case trident::MemoryScope::CTA:
    return "cta";
  case trident::MemoryScope::GPU:
    return "gpu";
  case trident::MemoryScope::System:
    return "sys";
  }
  return "sys";
}

/// The operation and type of the `atom` applying `op` to a `type`, e.g.
/// "add.noftz.f16", if PTX has one on `computeCapability`.
std::optional<std::string> getPtxAtomOperation(LLVM::AtomicBinOp op, Type type,
                                               int computeCapability) {
  // Two 16-bit floats packed in a 32-bit register: f16x2 / bf16x2 adds.
  if (auto vector = dyn_cast<VectorType>(type)) {
    Type element = vector.getElementType();
    if (op != LLVM::AtomicBinOp::fadd || vector.getNumElements() != 2)
      return std::nullopt;
    if (element.isF16())
      return std::string("add.noftz.f16x2");
    if (element.isBF16() && computeCapability >= 90)
      return std::string("add.noftz.bf16x2");
    return std::nullopt;
  }
  if (!type.isIntOrFloat())
    return std::nullopt;
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  bool isInt = isa<IntegerType>(type);
  // Integer and bitwise atomics exist for 32 and 64 bits only.
  bool wordSized = bits == 32 || bits == 64;
  switch (op) {
  case LLVM::AtomicBinOp::add:
    if (isInt && wordSized)
      return "add.u" + width;
    return std::nullopt;
  case LLVM::AtomicBinOp::fadd:
    if (type.isF32() || type.isF64())
      return "add.f" + width;
    if (type.isF16())
      return std::string("add.noftz.f16");
    if (type.isBF16() && computeCapability >= 90)
      return std::string("add.noftz.bf16");
    return std::nullopt;
  case LLVM::AtomicBinOp::max:
  case LLVM::AtomicBinOp::min:
  case LLVM::AtomicBinOp::umax:
  case LLVM::AtomicBinOp::umin: {
    if (!isInt || !wordSized)
      return std::nullopt;
    bool isMax = op == LLVM::AtomicBinOp::max || op == LLVM::AtomicBinOp::umax;
    bool isSigned =
        op == LLVM::AtomicBinOp::max || op == LLVM::AtomicBinOp::min;
    return std::string(isMax ? "max." : "min.") + (isSigned ? "s" : "u") +
           width;
  }
  case LLVM::AtomicBinOp::_and:
  case LLVM::AtomicBinOp::_or:
  case LLVM::AtomicBinOp::_xor: {
    if (!isInt || !wordSized)
      return std::nullopt;
    const char *name = op == LLVM::AtomicBinOp::_and  ? "and.b"
                       : op == LLVM::AtomicBinOp::_or ? "or.b"
                                                      : "xor.b";
    return name + width;
  }
  case LLVM::AtomicBinOp::xchg:
    // Floats are exchanged as their bits.
    if (wordSized)
      return "exch.b" + width;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// Whether `ptr` points to global memory (address space 1), the only space
/// the `atom.global` forms here address.
bool isGlobalPointer(Value ptr) {
  auto type = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
  return type && type.getAddressSpace() == 1;
}

/// The register constraint of an integer of `bits` (16, 32 or 64).
const char *getAtomicConstraint(unsigned bits) {
  return bits == 16 ? "h" : bits == 32 ? "r" : "l";
}

/// One `atom` statement: `instruction` (without predicate) with the result
/// in $0, the address in $1 and `operands` (as integers of the value's
/// width) after it, under `predicate` if there is one. Returns the old
/// value as `type`.
Value emitAtom(RewriterBase &rewriter, Location loc, llvm::StringRef text,
               Type type, Value ptr, ArrayRef<Value> operands,
               Value predicate) {
  unsigned bits = getBitWidth(type);
  Type intType = rewriter.getIntegerType(bits);
  const char *reg = getAtomicConstraint(bits);
  SmallVector<Value> asmOperands = {ptr};
  std::string constraints = std::string("=") + reg + ",l";
  std::string arguments = "$0, [$1]";
  for (Value operand : operands) {
    if (operand.getType() != intType)
      operand = LLVM::BitcastOp::create(rewriter, loc, intType, operand);
    arguments += ", $" + std::to_string(asmOperands.size() + 1);
    asmOperands.push_back(operand);
    constraints += std::string(",") + reg;
  }
  std::string asmText;
  if (predicate) {
    asmText = "@$" + std::to_string(asmOperands.size() + 1) + " ";
    asmOperands.push_back(predicate);
    constraints += ",b";
  }
  asmText += text.str() + " " + arguments + ";";
  auto asmOp = LLVM::InlineAsmOp::create(
      rewriter, loc, intType, asmOperands, asmText, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  Value old = asmOp.getResult(0);
  if (type != intType)
    old = LLVM::BitcastOp::create(rewriter, loc, type, old);
  return old;
}

} // namespace

unsigned NVVMTargetInfo::getAtomicRMWVectorSize(LLVM::AtomicBinOp op,
                                                Type elementType) const {
  if (computeCapability < 70 || !elementType || !elementType.isIntOrFloat())
    return 1;
  Type pair = VectorType::get({2}, elementType);
  return getPtxAtomOperation(op, pair, computeCapability) ? 2 : 1;
}

Value NVVMTargetInfo::atomicRMW(RewriterBase &rewriter, Location loc,
                                LLVM::AtomicBinOp op, Value ptr, Value value,
                                Value predicate, LLVM::AtomicOrdering ordering,
                                trident::MemoryScope scope) const {
  // `.sem` and `.scope` on atom need sm_70.
  std::optional<llvm::StringRef> semantic = getPtxSemantic(ordering);
  std::optional<std::string> operation =
      getPtxAtomOperation(op, value.getType(), computeCapability);
  if (computeCapability < 70 || !semantic || !operation ||
      !isGlobalPointer(ptr))
    return TargetInfoBase::atomicRMW(rewriter, loc, op, ptr, value, predicate,
                                     ordering, scope);
  // Triton's spelling: the scope before the ordering.
  std::string text =
      ("atom.global." + getPtxScope(scope) + "." + *semantic + "." + *operation)
          .str();
  return emitAtom(rewriter, loc, text, value.getType(), ptr, {value},
                  predicate);
}

Value NVVMTargetInfo::atomicCAS(RewriterBase &rewriter, Location loc, Value ptr,
                                Value cmp, Value value, Value predicate,
                                LLVM::AtomicOrdering ordering,
                                trident::MemoryScope scope) const {
  std::optional<llvm::StringRef> semantic = getPtxSemantic(ordering);
  Type type = value.getType();
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  if (computeCapability < 70 || !semantic || !isGlobalPointer(ptr) ||
      (bits != 16 && bits != 32 && bits != 64))
    return TargetInfoBase::atomicCAS(rewriter, loc, ptr, cmp, value, predicate,
                                     ordering, scope);
  // Triton's spelling: the ordering before the scope. A 16-bit swap is
  // its own instruction, not a loop over the word holding it.
  std::string text = ("atom.global." + *semantic + "." + getPtxScope(scope) +
                      ".cas.b" + llvm::Twine(bits))
                         .str();
  return emitAtom(rewriter, loc, text, type, ptr, {cmp, value}, predicate);
}

namespace {
/// An inline-asm statement without results, kept in place.
void emitAsmStatement(RewriterBase &rewriter, Location loc,
                      llvm::StringRef text, llvm::StringRef constraints,
                      ValueRange operands) {
  LLVM::InlineAsmOp::create(rewriter, loc, TypeRange{}, operands, text,
                            constraints, /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}
} // namespace

bool NVVMTargetInfo::asyncCopyGlobalToShared(RewriterBase &rewriter,
                                             Location loc, Value dst, Value src,
                                             unsigned bytes, Value fill,
                                             Value issue) const {
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return false;
  // A source size of 0 copies nothing and zero-fills the destination.
  Value srcSize = LLVM::SelectOp::create(rewriter, loc, fill,
                                         i32Const(rewriter, loc, bytes),
                                         i32Const(rewriter, loc, 0));
  std::string text =
      std::string("@$3 cp.async.") + (bytes == 16 ? "cg" : "ca") +
      ".shared.global [$0], [$1], " + std::to_string(bytes) + ", $2;";
  emitAsmStatement(rewriter, loc, text, "r,l,r,b",
                   {sharedAddress(rewriter, loc, dst), src, srcSize, issue});
  return true;
}

void NVVMTargetInfo::asyncCommitGroup(RewriterBase &rewriter,
                                      Location loc) const {
  emitAsmStatement(rewriter, loc, "cp.async.commit_group;", "", {});
}

void NVVMTargetInfo::asyncWait(RewriterBase &rewriter, Location loc,
                               int pendingGroups) const {
  emitAsmStatement(rewriter, loc,
                   "cp.async.wait_group " + std::to_string(pendingGroups) + ";",
                   "", {});
}

void NVVMTargetInfo::markAsKernel(LLVM::LLVMFuncOp func, int numWarps,
                                  int threadsPerWarp) const {
  Builder builder(func.getContext());
  func->setAttr("nvvm.kernel", builder.getUnitAttr());
  func->setAttr("nvvm.maxntid",
                builder.getDenseI32ArrayAttr({numWarps * threadsPerWarp}));
}

//===----------------------------------------------------------------------===//
// Library calls
//===----------------------------------------------------------------------===//

llvm::StringRef NVVMTargetInfo::getMulhiFuncName(Type resultType) const {
  // libdevice's names; the ptx stage links libdevice when they are used.
  return resultType.isInteger(64) ? "__nv_umul64hi" : "__nv_umulhi";
}

namespace {

/// The module that holds the current insertion point.
ModuleOp getModule(RewriterBase &rewriter) {
  Operation *op = rewriter.getInsertionBlock()->getParentOp();
  if (auto module = dyn_cast<ModuleOp>(op))
    return module;
  return op->getParentOfType<ModuleOp>();
}

/// Declares `name` with `type` in the module unless it exists.
LLVM::LLVMFuncOp getOrDeclareFunction(RewriterBase &rewriter, ModuleOp module,
                                      StringRef name,
                                      LLVM::LLVMFunctionType type) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(rewriter, module.getLoc(), name, type);
}

/// A NUL-terminated constant string in the module, named after `prefix`
/// (reused when the same text is already there); returns its address.
Value getStringAddress(RewriterBase &rewriter, Location loc, StringRef prefix,
                       StringRef text) {
  ModuleOp module = getModule(rewriter);
  std::string contents = text.str();
  contents.push_back('\0');
  auto arrayType =
      LLVM::LLVMArrayType::get(rewriter.getI8Type(), contents.size());
  LLVM::GlobalOp global;
  unsigned index = 0;
  std::string name;
  for (;; ++index) {
    name = (prefix + "_" + llvm::Twine(index)).str();
    auto existing = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!existing)
      break;
    if (auto value = dyn_cast_or_null<StringAttr>(existing.getValueOrNull());
        value && value.getValue() == contents) {
      global = existing;
      break;
    }
  }
  if (!global) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(
        rewriter, module.getLoc(), arrayType, /*isConstant=*/true,
        LLVM::Linkage::Internal, name, rewriter.getStringAttr(contents));
  }
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
  return LLVM::AddressOfOp::create(rewriter, loc, ptrType, global.getSymName());
}

} // namespace

void NVVMTargetInfo::printf(RewriterBase &rewriter, Location loc,
                            StringRef format, ValueRange args) const {
  MLIRContext *context = rewriter.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = rewriter.getI32Type();
  ModuleOp module = getModule(rewriter);
  LLVM::LLVMFuncOp vprintf = getOrDeclareFunction(
      rewriter, module, "vprintf",
      LLVM::LLVMFunctionType::get(i32, {ptrType, ptrType}));

  Value formatPtr = getStringAddress(rewriter, loc, "printfFormat", format);

  // The arguments as C varargs: floats as double, small integers as i32.
  SmallVector<Value> promoted;
  for (Value arg : args) {
    Type type = arg.getType();
    if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() < 64)
      arg = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF64Type(), arg);
    else if (type.isInteger(1))
      arg = LLVM::ZExtOp::create(rewriter, loc, i32, arg);
    else if (isa<IntegerType>(type) && type.getIntOrFloatBitWidth() < 32)
      arg = LLVM::SExtOp::create(rewriter, loc, i32, arg);
    promoted.push_back(arg);
  }

  Value buffer;
  if (promoted.empty()) {
    buffer = LLVM::ZeroOp::create(rewriter, loc, ptrType);
  } else {
    SmallVector<Type> fields =
        llvm::map_to_vector(promoted, [](Value v) { return v.getType(); });
    auto structType = LLVM::LLVMStructType::getLiteral(context, fields);
    buffer = LLVM::AllocaOp::create(rewriter, loc, ptrType, structType,
                                    i32Const(rewriter, loc, 1),
                                    /*alignment=*/8);
    for (auto [index, value] : llvm::enumerate(promoted)) {
      Value field =
          LLVM::GEPOp::create(rewriter, loc, ptrType, structType, buffer,
                              ArrayRef<LLVM::GEPArg>{0, int32_t(index)});
      LLVM::StoreOp::create(rewriter, loc, value, field);
    }
  }
  LLVM::CallOp::create(rewriter, loc, vprintf, ValueRange{formatPtr, buffer});
}

void NVVMTargetInfo::assertFail(RewriterBase &rewriter, Location loc,
                                StringRef message, StringRef file,
                                StringRef function, int line) const {
  MLIRContext *context = rewriter.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  ModuleOp module = getModule(rewriter);
  // void __assertfail(const char *message, const char *file, unsigned line,
  //                   const char *function, size_t charSize)
  LLVM::LLVMFuncOp assertFunc = getOrDeclareFunction(
      rewriter, module, "__assertfail",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptrType, ptrType, rewriter.getI32Type(),
                                   ptrType, rewriter.getI64Type()}));
  Value messagePtr = getStringAddress(rewriter, loc, "assertMessage", message);
  Value filePtr = getStringAddress(rewriter, loc, "assertFile", file);
  Value functionPtr =
      getStringAddress(rewriter, loc, "assertFunction", function);
  LLVM::CallOp::create(rewriter, loc, assertFunc,
                       ValueRange{messagePtr, filePtr,
                                  i32Const(rewriter, loc, line), functionPtr,
                                  i64Const(rewriter, loc, 1)});
}
