//===- Patterns.h - The generic TritonGPU -> LLVM patterns ------*- C++ -*-===//
//
// The vendor-neutral lowering of tt/ttg operations on distributed tensors to
// the LLVM dialect. A GPU backend calls populateTritonGPUToLLVMPatterns from
// its own conversion pass with its TargetInfoBase implementation, adds its
// own patterns (at a higher benefit to override a generic one) and runs a
// full conversion. Before it, the module must have gone through
// ttg-allocate-shared-memory (offsets of shared-memory buffers) and
// ttg-insert-barriers (barriers between shared-memory accesses).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "trident/Conversion/TargetInfoBase.h"
#include "trident/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>

namespace mlir::triton {

/// A pattern of the TTGIR -> LLVM lowering that asks the target: it keeps
/// the backend's TargetInfoBase beside the type converter, and takes the
/// constructor arguments every such pattern takes. Patterns with more state
/// of their own add it in a derived constructor.
template <typename SourceOp>
class ConvertTritonGPUOpToLLVMPattern
    : public ConvertOpToLLVMPattern<SourceOp> {
public:
  ConvertTritonGPUOpToLLVMPattern(const LLVMTypeConverter &converter,
                                  const trident::TargetInfoBase &targetInfo,
                                  PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<SourceOp>(converter, benefit),
        targetInfo(targetInfo) {}

protected:
  const trident::TargetInfoBase &targetInfo;
};

/// Supplies the facts about tensors that decide how wide loads and stores
/// can be and which elements need computing once; the core has a
/// conservative default, and a backend passes one backed by axis analysis.
class PointerInfoProvider {
public:
  virtual ~PointerInfoProvider() = default;
  /// How many consecutive elements along the fastest dimension of `ptr` (a
  /// tensor of pointers) are known to be contiguous in memory.
  virtual unsigned getContiguity(Value ptr) const { return 1; }
  /// The alignment of those groups, in elements.
  virtual unsigned getPtrAlignment(Value ptr) const { return 1; }
  /// How many consecutive mask elements are known to be equal.
  virtual unsigned getMaskAlignment(Value mask) const { return 1; }
  /// For each dimension of the tensor `value`, the size of the aligned
  /// blocks over which its elements are known to be equal (1: none); empty
  /// when nothing is known.
  virtual SmallVector<int64_t> getConstancy(Value value) const { return {}; }
};

/// A PointerInfoProvider backed by the axis analysis of `module`
/// (trident::ModuleAxisInfoAnalysis), computed now: create it before the
/// conversion starts changing the IR.
std::shared_ptr<const PointerInfoProvider>
createAxisInfoPointerInfo(ModuleOp module);

/// Function signatures: tt.func to llvm.func (public functions are kernels,
/// marked by TargetInfoBase::markAsKernel), tt.return, tt.call.
void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  const trident::TargetInfoBase &targetInfo,
                                  PatternBenefit benefit = 1);

/// tt.get_program_id, tt.get_num_programs, tt.make_range and gpu.barrier
/// (inserted by ttg-insert-barriers), through the target.
void populateSPMDOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  const trident::TargetInfoBase &targetInfo,
                                  PatternBenefit benefit = 1);

/// splat, addptr, constants, casts and the
/// elementwise arith/math ops on tensors (each becomes scalar ops, which
/// MLIR's arith/math -> LLVM patterns then lower). tt.fp_to_fp, and
/// arith.extf/truncf and constants of floats that LLVM holds as integer
/// bits (fp8; bf16 where a backend's type converter maps it to i16), use
/// FloatConversions.h.
/// With `pointerInfo`, an op whose result is known constant over blocks of
/// elements computes each block's value once per thread.
void populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo = nullptr,
    PatternBenefit benefit = 1);

/// tt.load and tt.store by layout, vectorized as `pointerInfo` allows, and
/// ttg.async_copy_global_to_local through the target's asynchronous copies.
void populateLoadStoreOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo,
    PatternBenefit benefit = 1);

/// tt.reduce within a thread, a warp (shuffles) and a CTA (shared memory).
void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                    RewritePatternSet &patterns,
                                    const trident::TargetInfoBase &targetInfo,
                                    PatternBenefit benefit = 1);

/// tt.atomic_rmw and tt.atomic_cas, one update per element (or per group of
/// consecutive elements where `pointerInfo` shows them contiguous and the
/// target updates them at once), each emitted by TargetInfoBase::atomicRMW
/// / atomicCAS under its mask; the default branches around it (the function
/// must be in cf form: run scf-to-cf first).
void populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo = nullptr,
    PatternBenefit benefit = 1);

/// tt.scan within a thread, a warp (shuffles) and a CTA (shared memory).
void populateScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  const trident::TargetInfoBase &targetInfo,
                                  PatternBenefit benefit = 1);

/// tt.dot as multiply-adds in each thread, for operands in FMA dot-operand
/// layouts; a backend adds its matrix-unit patterns at a higher benefit.
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                 RewritePatternSet &patterns,
                                 PatternBenefit benefit = 1);

/// tt.trans, tt.reshape, tt.join, tt.split and tt.cat where every element
/// stays in its thread (register moves only), and tt.unsplat.
void populateShapeOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                   RewritePatternSet &patterns,
                                   PatternBenefit benefit = 1);

/// tt.broadcast, tt.expand_dims and ttg.convert_layout.
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  const trident::TargetInfoBase &targetInfo,
                                  PatternBenefit benefit = 1);

/// ttg.local_alloc, local_load, local_store, local_dealloc and memdesc_index
/// on shared-memory buffers, and ttg.async_commit_group / async_wait through
/// the target (MemoryOpToLLVM.cpp).
void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                    RewritePatternSet &patterns,
                                    const trident::TargetInfoBase &targetInfo,
                                    PatternBenefit benefit = 1);

/// tt.histogram: per-warp counts from ballots over the bits of each bin
/// index, added into the op's scratch buffer with shared-memory atomics.
void populateHistogramOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit = 1);

/// tt.gather: within a warp (shuffles and selects) where the layouts allow
/// (getWarpLocalGather), else through the op's scratch buffer: the source
/// is stored, each thread loads its elements by index.
void populateGatherOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                    RewritePatternSet &patterns,
                                    const trident::TargetInfoBase &targetInfo,
                                    PatternBenefit benefit = 1);

/// tt.print: one TargetInfoBase::printf per element a thread holds, with
/// Triton's format (pid, per-dimension index, prefix, value); tt.assert:
/// TargetInfoBase::assertFail in the threads holding a false element (the
/// function must be in cf form).
void populateDebugOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &typeConverter,
                                   RewritePatternSet &patterns,
                                   const trident::TargetInfoBase &targetInfo,
                                   PatternBenefit benefit = 1);

/// Everything above, plus MLIR's arith, math, control-flow and ub -> LLVM
/// patterns. `pointerInfo` may be null (then no access is vectorized).
void populateTritonGPUToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo = nullptr,
    PatternBenefit benefit = 1);

/// The conversion target of a full lowering: the LLVM dialect is legal, tt,
/// ttg, arith, math, cf, scf, gpu and func are not. unrealized_conversion_cast
/// is legal: the scalar ops of a tensor op on floats that LLVM holds as
/// integer bits (fp8, bf16 as i16) take and give the float types through
/// such casts, which reconcileElementCasts removes after the conversion.
void configureTritonGPUToLLVMTarget(ConversionTarget &target);

/// Folds the casts of configureTritonGPUToLLVMTarget that cancel out; run
/// it after a successful conversion.
void reconcileElementCasts(ModuleOp module);

/// What a GPU backend adds to the core's TTGIR -> LLVM conversion (every
/// hook is optional).
struct TritonGPUToLLVMHooks {
  /// Conversions of its own for the type converter (the last one added is
  /// tried first: bf16 kept as i16 bits, say).
  std::function<void(TritonGPUToLLVMTypeConverter &)> addTypeConversions;
  /// Its patterns, beside the core's (a higher benefit overrides one).
  std::function<void(TritonGPUToLLVMTypeConverter &, RewritePatternSet &)>
      addPatterns;
  /// Its dialects' legality on top of configureTritonGPUToLLVMTarget.
  std::function<void(ConversionTarget &)> configureTarget;
};

/// Lowers the structured control flow of `module` (scf) to blocks (cf), the
/// first step of the lowering: the patterns that follow emit per-register
/// code into blocks. Other ops are left as they are.
LogicalResult convertStructuredControlFlow(ModuleOp module);

/// The skeleton every GPU backend's lowering pass runs: scf to cf, the
/// type converter for `targetInfo`, pointer facts from the axis analysis,
/// the core's patterns and the backend's (`hooks`), one partial conversion
/// to the LLVM dialect, then reconcileElementCasts. Fails (with the
/// conversion's diagnostics) when something is left illegal.
LogicalResult convertTritonGPUToLLVM(ModuleOp module,
                                     const trident::TargetInfoBase &targetInfo,
                                     const TritonGPUToLLVMHooks &hooks = {});

} // namespace mlir::triton

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
