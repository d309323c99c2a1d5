//===- Passes.td - The intel lowering passes ---------------*- tablegen -*-===//
//
// The lowering of the `llir` stage of the intel target: TTGIR to the LLVM
// dialect (through TritonGEN), and TritonGEN to calls of SPIR-V / OpenCL
// builtins.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_CONVERSION_PASSES
#define TRIDENT_INTEL_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def IntelExpandLibdevice
    : Pass<"intel-expand-libdevice", "::mlir::ModuleOp"> {
  let summary = "compute the libdevice functions OpenCL has no built-in for";
  let description = [{
    The intel target's share of the core's `tt-expand-libdevice`: a
    `tt.extern_elementwise` of a libdevice function that an OpenCL built-in
    computes (`__nv_sinpif` is `sinpi`, `__nv_powif` is `pown`, the
    round-to-nearest arithmetic, ...) stays for the `llir` stage, which
    calls the built-in; every other function the core can compute (the
    directed roundings, the conversions, `erfinv`, `cyl_bessel_i0`, ...)
    becomes arith, math and scf ops. What neither covers (`j0`, `yn`, ...)
    is refused by the `llir` stage, naming the function.

    ```mlir
    %r = tt.extern_elementwise %x {libname = "", libpath = "", pure = true,
           symbol = "__nv_float2int_rd"} : (tensor<64xf32>) -> tensor<64xi32>
    // becomes math.floor and a saturating arith.fptosi
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::triton::TritonDialect"];
}

def ConvertTritonGPUToLLVM
    : Pass<"intel-convert-triton-gpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower TTGIR to the LLVM dialect for Intel GPUs (SPIR-V)";
  let description = [{
    Runs the core's generic TritonGPU -> LLVM patterns with the Intel
    TargetInfo: ids are the OpenCL work-item builtins, sub-group shuffles
    `gpu.shuffle` (lowered in the same conversion by MLIR's GPU -> LLVM SPV
    patterns to the OpenCL sub-group builtins, with the sub-group size in a
    `spirv.target_env` set for the conversion only), ballots the OpenCL
    sub-group builtin, barriers `triton_gen.barrier`,
    and masked shared-memory accesses branches around plain loads and
    stores. A `tt.dot` in the `#ttg.intel_dpas` layouts becomes one
    `triton_gen.dpas` per instruction tile and K step; a DPAS dot the
    instruction cannot compute (another sub-group size, element type or
    opsPerChan, a tensor smaller than the tile) is one error before anything
    is rewritten. Other dots take the core's FMA patterns. TritonGEN
    operations are then lowered in the same conversion (unless
    `lower-triton-gen=false`).

    Public functions become kernels: the `spir_kernel` calling convention,
    `reqd_work_group_size` = [`ttg.num-warps` x `ttg.threads-per-warp`, 1,
    1] and `intel_reqd_sub_group_size` = `ttg.threads-per-warp`. Shared
    local memory is the `addrspace(3)` global `@global_smem`, sized to the
    module's `ttg.shared` bytes when LLVM IR is produced.

    ```mlir
    // before
    tt.func public @k(%p: !tt.ptr<f32>) { %pid = tt.get_program_id x : i32 ... }
    // after
    llvm.func spir_kernelcc @k(%p: !llvm.ptr<1>) attributes {
        intel_reqd_sub_group_size = 16 : i32,
        reqd_work_group_size = array<i32: 64, 1, 1>} {
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %id = llvm.call spir_funccc @_Z12get_group_idj(%c0) : (i32) -> i64 ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::spirv::SPIRVDialect",
                           "::mlir::triton::TritonGEN::TritonGENDialect"];
  let options = [
    Option<"lowerTritonGEN", "lower-triton-gen", "bool", /*default=*/"true",
           "also lower the TritonGEN operations the lowering emits (false: "
           "leave them to intel-convert-triton-gen-to-llvm)">
  ];
}

def ConvertTritonGENToLLVM
    : Pass<"intel-convert-triton-gen-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower triton_gen operations to SPIR-V / OpenCL builtin calls";
  let description = [{
    Each TritonGEN operation becomes what Intel's driver accepts in SPIR-V:
    `triton_gen.barrier` a call of OpenCL `barrier(flags)`,
    `sub_group_block_read`/`write` calls of the cl_intel_subgroups
    `intel_sub_group_block_read*`/`write*` builtins, `dpas` a call of the
    cl_intel_subgroup_matrix_multiply_accumulate builtin, the 2-D block
    operations calls of the `__spirv_Subgroup2DBlock*INTEL` builtins, and
    predicated loads and stores a branch around a plain load or store.
    Builtins are declared `spir_func` on first use.

    ```mlir
    triton_gen.barrier {mem_fence = "local"}
    // becomes
    %flags = llvm.mlir.constant(1 : i32) : i32
    llvm.call spir_funccc @_Z7barrierj(%flags) : (i32) -> ()
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TRIDENT_INTEL_CONVERSION_PASSES
