//===- Pipelines.cpp - linalg on tensors to the LLVM dialect -------------===//
//
// The `linalg-to-llvm` pipeline of the cpu target, the dialects and models it
// needs, and the registration of the upstream passes it is made of.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Pipelines.h"
#include "linalg/Transforms/Passes.h"

#include "CpuKernelABI.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <fstream>
#include <string>

using namespace mlir;

void mlir::triton::cpu::registerCodeGenDialects(DialectRegistry &registry) {
  registry.insert<amx::AMXDialect, affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, index::IndexDialect, linalg::LinalgDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect, tensor::TensorDialect, ub::UBDialect,
                  vector::VectorDialect, x86vector::X86VectorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerSubsetOpInterfaceExternalModels(registry);
  linalg::registerTilingInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

namespace {

/// What the matmul microkernel is shaped for: the host's vector registers
/// and its bf16 dot product (the obj stage compiles for the host's CPU as
/// well).
struct HostVectorUnit {
  int64_t bits = 128;
  int64_t registers = 16;
  bool bf16DotProduct = false;
  bool amxBF16 = false;
};

HostVectorUnit getHostVectorUnit() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  llvm::Triple triple(llvm::sys::getProcessTriple());
  HostVectorUnit unit;
  if (triple.isX86()) {
    if (features.lookup("avx512f")) {
      unit.bits = 512;
      unit.registers = 32;
      unit.bf16DotProduct = features.lookup("avx512bf16");
      // AMX only where Linux grants this process the tile state: the runtime
      // asks for it too before it loads a kernel (CpuKernelABI.h).
      unit.amxBF16 = features.lookup("amx-bf16") &&
                     features.lookup("amx-tile") &&
                     trident_cpu_request_tile_data();
    } else if (features.lookup("avx")) {
      unit.bits = 256;
    }
  } else if (triple.isAArch64()) {
    unit.registers = 32;
  }
  return unit;
}

/// The size of the host's last-level cache as Linux describes the caches of
/// CPU 0 (the level-3 cache one core sees; `sysconf` reports a whole
/// socket's on some machines), or 0 when it does not.
int64_t getLastLevelCacheBytes() {
  int64_t bytes = 0, deepest = 0;
  for (int index = 0;; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    // sysfs files are read as streams: their stat size is not their length.
    std::ifstream levelFile(dir + "/level"), sizeFile(dir + "/size");
    int64_t level = 0, size = 0;
    std::string unit;
    if (!(levelFile >> level) || !(sizeFile >> size))
      break;
    sizeFile >> unit;
    if (level < deepest)
      continue;
    deepest = level;
    bytes = size * (unit == "K" ? 1024 : unit == "M" ? 1024 * 1024 : 1);
  }
  return bytes;
}

/// The bytes from which a launch's output streams past the caches: half the
/// host's last-level cache (what it reads, about as much again, fills the
/// rest), at most 32 MiB, on x86, whose non-temporal stores the cpu runtime
/// fences; 0 (never) elsewhere or when the cache size is unknown.
///
/// The cap: a virtual machine sees its host's whole level-3 cache, shared
/// with every other tenant's cores. On a 2-core VM that Linux tells of a
/// 480 MiB cache, a vector add writing 64 MiB ran 1.5x faster streamed
/// (4.7 against 7.0 ms), and writing 32 MiB the two were within 3 %.
int64_t getStreamingThreshold() {
  if (!llvm::Triple(llvm::sys::getProcessTriple()).isX86())
    return 0;
  constexpr int64_t kMaxThreshold = int64_t(32) << 20;
  return std::min(getLastLevelCacheBytes() / 2, kMaxThreshold);
}

} // namespace

void mlir::triton::cpu::buildLinalgToLLVMPipeline(
    OpPassManager &pm, std::optional<int64_t> streamingMinBytes) {
  // Linalg on tensors: clean up, then vectorize what has a static shape.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  HostVectorUnit host = getHostVectorUnit();
  CpuWidenContractionOperandsOptions widen;
  widen.keepBF16 = host.bf16DotProduct;
  pm.addNestedPass<func::FuncOp>(createCpuWidenContractionOperands(widen));
  pm.addNestedPass<func::FuncOp>(createCpuFuseElementwise());
  pm.addNestedPass<func::FuncOp>(createCpuWidenBooleanTensors());
  pm.addNestedPass<func::FuncOp>(createCpuStripMineElementwise());
  pm.addNestedPass<func::FuncOp>(createCpuVectorize());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createForwardTileCopies());
  pm.addNestedPass<func::FuncOp>(createCpuUnmaskWholeTiles());
  CpuApproximateMathOptions approximateMath;
  approximateMath.avx512ScaleF = host.bits == 512;
  pm.addNestedPass<func::FuncOp>(createCpuApproximateMath(approximateMath));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Buffers. Function boundaries keep the identity layout: the runtime's
  // entry builds plain descriptors for the buffer parameters.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.unknownTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createExpandGenericAtomics());
  pm.addNestedPass<func::FuncOp>(createPromoteTileBuffers());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createDefineAtomicHelpers());
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createMemRefCopyToLinalg());

  // The runtime's entry, while the kernel still has memref parameters.
  pm.addPass(createEmitCpuEntry());

  // Loops and branches.
  pm.addNestedPass<func::FuncOp>(createCpuForwardMatmulOperands());
  CpuRegisterTileMatmulOptions microkernel;
  microkernel.vectorBits = host.bits;
  microkernel.vectorRegisters = host.registers;
  microkernel.bf16DotProduct = host.bf16DotProduct;
  microkernel.amxBF16 = host.amxBF16;
  microkernel.prefetchNextTile = true;
  pm.addNestedPass<func::FuncOp>(createCpuRegisterTileMatmul(microkernel));
  pm.addNestedPass<func::FuncOp>(createCpuInterchangeContractions());
  pm.addNestedPass<func::FuncOp>(createCpuTransposeCopies());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addNestedPass<func::FuncOp>(createCpuLowerMultiReduction());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addNestedPass<func::FuncOp>(createHoistLoopAllocas());
  CpuStreamingStoresOptions streaming;
  streaming.minLaunchBytes =
      streamingMinBytes ? *streamingMinBytes : getStreamingThreshold();
  streaming.registerBytes = host.bits / 8;
  pm.addNestedPass<func::FuncOp>(createCpuStreamingStores(streaming));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(createExpandFloat8Casts());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // The LLVM dialect. Math functions that LLVM has no intrinsic for become
  // libm calls, which the library resolves from the process at dlopen; on
  // vectors, one call per element (vector.extract / vector.insert), so this
  // comes before the vector dialect goes to LLVM.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // Reductions may be reassociated: Triton leaves the order of tl.sum and
  // its kin unspecified (GPUs reduce in a tree).
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  vectorToLLVM.reassociateFPReductions = true;
  // The x86vector ops: vdpbf16ps (bf16 dots) and vscalefps (exp).
  vectorToLLVM.x86Vector = host.bits == 512;
  vectorToLLVM.amx = host.amxBF16;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::triton::cpu::registerLinalgToLLVMPasses() {
  // Registering a pass twice (another plugin, the host) is harmless: the
  // registry keeps one entry per argument and type.
  registerConversionPasses();
  registerTransformsPasses();
  arith::registerArithPasses();
  bufferization::registerBufferizationPasses();
  memref::registerMemRefPasses();
  registerLinalgPasses();
}
