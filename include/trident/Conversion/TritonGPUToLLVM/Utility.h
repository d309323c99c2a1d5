//===- Utility.h - Helpers of the TritonGPU -> LLVM lowering ----*- C++ -*-===//
//
// The building blocks every pattern of the generic lowering uses, public so
// that a backend's own patterns can use them too:
//
//  - packing and unpacking the per-thread values of a distributed tensor
//    (an LLVM struct, see TypeConverter.h);
//  - the hardware indices of a thread (lane, warp, block) and the tensor
//    coordinates of each of its registers, computed from the tensor's
//    linear layout;
//  - the shared-memory base of a function and the scratch buffer of an op
//    (placed by the ttg-allocate-shared-memory pass);
//  - applying the combine region of tt.reduce/tt.scan to scalars.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"
#include "trident/Layout/LinearLayout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>
#include <utility>

namespace mlir::triton {

/// The name of the external shared-memory array every function addresses
/// its shared memory through.
inline constexpr llvm::StringLiteral kSharedMemoryGlobal = "global_smem";
/// Its alignment: the largest any shared layout asks of a buffer (a whole
/// 128-byte swizzle pattern, 8 rows of 128 bytes, which matrix units address
/// by absolute address bits), so that buffer offsets aligned by the
/// allocator are aligned addresses.
inline constexpr unsigned kSharedMemoryAlignment = 1024;

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// An integer constant of `type` (an integer type).
Value intConstant(RewriterBase &rewriter, Location loc, Type type,
                  int64_t value);
/// An i32 constant.
Value i32Constant(RewriterBase &rewriter, Location loc, int64_t value);

//===----------------------------------------------------------------------===//
// Per-thread values of distributed tensors
//===----------------------------------------------------------------------===//

/// The struct of `values` of the converted type of `type` (a tensor with a
/// distributed layout); `values` must have one value per register.
Value packLLElements(Location loc, const TypeConverter *typeConverter,
                     ValueRange values, RewriterBase &rewriter, Type type);
/// The members of `llvmStruct`, or `{llvmStruct}` if it is not a struct.
SmallVector<Value> unpackLLElements(Location loc, Value llvmStruct,
                                    RewriterBase &rewriter);

/// The number of registers (values per thread) of a distributed tensor.
unsigned getNumRegisters(RankedTensorType type);

//===----------------------------------------------------------------------===//
// Hardware indices and linear layouts
//===----------------------------------------------------------------------===//

/// The "register", "lane", "warp" and "block" dimension names.
StringAttr kRegister(MLIRContext *ctx);
StringAttr kLane(MLIRContext *ctx);
StringAttr kWarp(MLIRContext *ctx);
StringAttr kBlock(MLIRContext *ctx);

/// This thread's lane, warp and block (CTA in its cluster) ids, all i32.
struct HardwareIds {
  Value lane, warp, block;
};
HardwareIds getHardwareIds(Location loc, RewriterBase &rewriter,
                           const trident::TargetInfoBase &targetInfo);

/// Evaluates `layout` on run-time inputs: one i32 per output dimension. Every
/// input dimension must be named in `ins` (values are i32); inputs of size 1
/// may be omitted.
SmallVector<Value> applyLinearLayout(Location loc, RewriterBase &rewriter,
                                     const LinearLayout &layout,
                                     ArrayRef<std::pair<StringAttr, Value>> ins);

/// The coordinates that register `reg` of a thread holds with lane, warp and
/// block all zero (compile-time constants, one per output dimension).
SmallVector<int32_t> getRegisterCoordinates(const LinearLayout &layout,
                                            int32_t reg);

/// For a 2-D layout: the coordinates each register holds (lane, warp and
/// block zero) -> the registers holding them, in register order. What matrix
/// instruction lowerings read their fragments off.
std::map<std::pair<int32_t, int32_t>, SmallVector<int32_t>>
getRegistersByCoordinate(const LinearLayout &layout);

/// The tensor coordinates of every register of this thread: result[r][d] is
/// the i32 index along dimension d of the element held in register r.
SmallVector<SmallVector<Value>>
emitIndices(Location loc, RewriterBase &rewriter,
            const trident::TargetInfoBase &targetInfo, RankedTensorType type);

/// An i1 that is true in the one thread of each group of threads holding the
/// same elements of a tensor of `layout` (lane, warp and block bits that
/// hold duplicated data are zero); null when no thread duplicates another.
Value emitUniqueThreadPredicate(Location loc, RewriterBase &rewriter,
                                const LinearLayout &layout,
                                const HardwareIds &ids);

/// Whether register `reg` duplicates an earlier register of the same thread
/// (one of its free register bits is set).
bool isDuplicateRegister(const LinearLayout &layout, int32_t reg);

/// Emits `body` so that it runs only where `pred` holds: the current block
/// is split around a conditional branch (the function must already be in
/// the cf/LLVM control-flow form, not inside a single-block region).
/// Returns the value `body` returns where it ran and `otherwise` elsewhere;
/// with a null `resultType` nothing is returned.
Value emitPredicated(Location loc, RewriterBase &rewriter, Value pred,
                     Type resultType, Value otherwise,
                     function_ref<Value()> body);

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// The address (in the target's shared address space) of the shared-memory
/// buffer of `op`: the base of the module's shared-memory array plus the
/// `allocation.offset` of `op`. Fails if `op` has no offset.
FailureOr<Value> getSharedMemoryAddress(Location loc, RewriterBase &rewriter,
                                        const trident::TargetInfoBase &info,
                                        Operation *op);

/// `base` + `index` elements of `elemType`.
Value gepElements(Location loc, RewriterBase &rewriter, Value base,
                  Type elemType, Value index);

/// How the registers of a distributed tensor map onto a shared buffer.
struct SharedAccessPlan {
  /// The run-time part of each thread's offsets (i32, in elements); null
  /// from analyzeSharedAccess.
  Value threadOffset;
  /// The constant offset of every register, with lane/warp/block zero.
  SmallVector<int32_t> registerOffsets;
  /// How many consecutive registers form one contiguous vector.
  int32_t vectorSize = 1;
  /// (register, lane, warp, block) -> element offset, before the window's
  /// origin is applied; what a target reads its matrix-load shapes off.
  LinearLayout toOffset;
  /// The offset of a window's origin, XORed into every offset.
  int32_t originOffset = 0;
};

/// The storage type of elements of `elemType` (an LLVM type) in shared
/// memory: booleans as bytes, pointers as 64-bit integers, else itself.
Type getSharedStorageType(RewriterBase &rewriter, Type elemType);
/// `value` as its shared-memory storage type `storage` (see above).
Value toSharedStorage(RewriterBase &rewriter, Location loc, Type storage,
                      Value value);
/// A value read from shared memory back as an element of `elemType`.
Value fromSharedStorage(RewriterBase &rewriter, Location loc, Type elemType,
                        Value value);
/// The row-major index of the coordinates `coords` (i32) in `shape`.
Value linearizeRowMajor(Location loc, RewriterBase &rewriter,
                        ArrayRef<Value> coords, ArrayRef<int64_t> shape);

/// The origin of the window `memDesc` (ttg.memdesc_subslice, nested ones
/// added up) within its buffer; zeros for anything else.
SmallVector<int32_t> getWindowOrigin(Value memDesc);

/// The plan of moving `tensorType` to or from the buffer `memDesc` (a
/// ttg.memdesc_index slice's pointer already addresses the slice; a window's
/// origin is folded into the offsets), or failure with the reason in `why`
/// when the layouts do not describe the same elements. `storageBits` is the
/// width of one element in memory; vectors are at most the target's widest.
FailureOr<SharedAccessPlan>
planSharedAccess(Location loc, RewriterBase &rewriter,
                 const trident::TargetInfoBase &targetInfo,
                 RankedTensorType tensorType, Value memDesc,
                 unsigned storageBits, std::string &why);

/// As above, for a buffer of `memType` whose window starts at `origin`
/// (zeros for a whole buffer).
FailureOr<SharedAccessPlan>
planSharedAccess(Location loc, RewriterBase &rewriter,
                 const trident::TargetInfoBase &targetInfo,
                 RankedTensorType tensorType, gpu::MemDescType memType,
                 ArrayRef<int32_t> origin, unsigned storageBits,
                 std::string &why);

/// The layout of the scratch buffer a ttg.convert_layout from `srcType` to
/// `dstType` (elements of `storageBits`) goes through: contiguous along the
/// dimension with the longer run of registers, in chunks of that run (at
/// most 16 bytes), with the chunks of each 128-byte line permuted by the row
/// (a swizzle), so that the rows a warp touches at once fall in different
/// banks. Targets with their own conversion lowerings use it too.
gpu::SwizzledSharedEncodingAttr
getConvertLayoutScratchLayout(RankedTensorType srcType,
                              RankedTensorType dstType, unsigned storageBits);

/// As planSharedAccess, emitting nothing: the plan's threadOffset is null.
/// What a pattern inspects (toOffset) before it decides to match.
FailureOr<SharedAccessPlan>
analyzeSharedAccess(const trident::TargetInfoBase &targetInfo,
                    RankedTensorType tensorType, Value memDesc,
                    unsigned storageBits, std::string &why);
FailureOr<SharedAccessPlan>
analyzeSharedAccess(const trident::TargetInfoBase &targetInfo,
                    RankedTensorType tensorType, gpu::MemDescType memType,
                    ArrayRef<int32_t> origin, unsigned storageBits,
                    std::string &why);

/// Stores `values`, the registers of a tensor of `tensorType`, into the
/// buffer of `memType` (window `origin`) at `base`, each element by one
/// thread, in vectors where the plan allows; failure with the reason in
/// `why` when the layouts do not match.
LogicalResult storeDistributedToShared(
    Location loc, RewriterBase &rewriter,
    const trident::TargetInfoBase &targetInfo, const TypeConverter *converter,
    Value base, RankedTensorType tensorType, gpu::MemDescType memType,
    ArrayRef<int32_t> origin, ArrayRef<Value> values, std::string &why);

/// The registers of a tensor of `tensorType` read from the buffer of
/// `memType` (window `origin`) at `base`, in vectors where the plan allows.
FailureOr<SmallVector<Value>>
loadDistributedFromShared(Location loc, RewriterBase &rewriter,
                          const trident::TargetInfoBase &targetInfo,
                          const TypeConverter *converter, Value base,
                          RankedTensorType tensorType, gpu::MemDescType memType,
                          ArrayRef<int32_t> origin, std::string &why);

//===----------------------------------------------------------------------===//
// Translation
//===----------------------------------------------------------------------===//

/// Removes the argument attributes of the module's llvm.func ops that are
/// not LLVM's (tt.divisibility, ...: hints the lowering kept for the
/// target). Call it before translating to LLVM IR: the translation warns
/// about each one, printing the whole function every time.
void dropNonLLVMArgumentAttributes(ModuleOp module);

//===----------------------------------------------------------------------===//
// Combine regions
//===----------------------------------------------------------------------===//

/// Applies the combine region of a tt.reduce or tt.scan to (`acc`, `cur`)
/// by cloning its body at the insertion point; returns the values of its
/// terminator. The region takes the accumulators first, then the new values.
SmallVector<Value> applyCombineRegion(Location loc, RewriterBase &rewriter,
                                      Region &combine, ValueRange acc,
                                      ValueRange cur);

} // namespace mlir::triton

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
