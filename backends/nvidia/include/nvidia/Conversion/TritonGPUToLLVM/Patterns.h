//===- Patterns.h - nvidia TritonGPU -> LLVM patterns -----------*- C++ -*-===//
//
// The patterns the nvidia lowering adds to the core's: operations whose
// meaning is the target's (library calls by symbol, inline PTX).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "trident/Conversion/TargetInfoBase.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::nvidia_gpu {

/// tt.extern_elementwise (a call of its symbol per element, e.g. libdevice's
/// `__nv_expf`, linked by the llir stage), tt.elementwise_inline_asm (its
/// PTX per element, `packed_element = 1`) and scalar f32 arith.divf
/// (`div.full.f32`, as upstream).
/// Reports, on the first tt.elementwise_inline_asm whose assembly or
/// constraints LLVM's NVPTX back end would reject by aborting (a `$` that
/// names no operand, a constraint string it cannot parse or that does not
/// match the operands), one error naming it.
LogicalResult verifyInlineAsmLowerable(ModuleOp module);

void populateElementwiseOpToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         PatternBenefit benefit);

/// ttg.convert_layout of 16-bit elements held as 8x8 tiles (mma
/// accumulators), written to the scratch buffer by stmatrix (sm_90+).
void populateConvertLayoutOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, int computeCapability,
    PatternBenefit benefit);

/// tt.fp_to_fp to and from f8E5M2 (any architecture) and f8E4M3FN
/// (sm_89+, PTX cvt with satfinite); other conversions are the core's.
void populateFpToFpOpToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                    RewritePatternSet &patterns,
                                    int computeCapability,
                                    PatternBenefit benefit);

/// tt.dot with a version-2 #ttg.nvidia_mma result and operands in its
/// dot-operand layouts: PTX mma.sync (DotOpToLLVM.cpp lists the shapes;
/// f64 takes m16n8k16/k8/k4 from sm_90 on, m8n8k4 before).
void populateDotOpToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                 RewritePatternSet &patterns,
                                 int computeCapability, PatternBenefit benefit);

/// ttg.local_load of 16-bit elements whose registers form 8x8 tiles of
/// 16-byte rows (the mma.sync operand layouts from swizzled buffers) as
/// `ldmatrix.x4` (`.trans` for column-major tiles); anything else is left
/// to the core's shared loads.
void populateLocalLoadOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit);

/// ttng.warp_group_dot with B (and A, or A in registers) in nvmma_shared
/// buffers (f16/bf16 into f32) as wgmma.mma_async between wgmma.fence and
/// commit_group (and wait_group 0 unless asynchronous);
/// ttng.warp_group_dot_wait as wgmma.wait_group; ttng.fence_async_shared as
/// fence.proxy.async.
void populateWarpGroupDotOpToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo, PatternBenefit benefit);

} // namespace mlir::triton::nvidia_gpu

#endif // TRIDENT_NVIDIA_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
