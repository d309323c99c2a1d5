//===- TritonGENDialect.td - The triton_gen dialect ----------*- tablegen -*-===//
//
// `triton_gen`: the operations of Intel GPUs (Xe) that the intel backend
// lowers TTGIR to before LLVM: work-group barriers, sub-group block reads and
// writes, the dpas matrix multiply-accumulate, 2-D block loads, stores and
// prefetches, and predicated loads and stores. Each becomes a call of a
// SPIR-V / OpenCL builtin that Intel's driver accepts. Sub-group shuffles and
// ids are not here: they are the upstream `gpu` dialect's.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_TRITONGEN_DIALECT
#define TRIDENT_INTEL_TRITONGEN_DIALECT

include "mlir/IR/OpBase.td"

def TritonGEN_Dialect : Dialect {
  let name = "triton_gen";
  let cppNamespace = "::mlir::triton::TritonGEN";
  let summary = "Intel GPU (Xe) operations used by the intel backend";
  let description = [{
    Operations on LLVM-dialect values that Intel GPUs provide as single
    instructions or driver builtins. They are produced by the intel
    backend's TritonGPU -> LLVM lowering and turned into calls of the
    SPIR-V / OpenCL builtins (`_Z...intel_sub_group_block_read...`,
    `__spirv_ControlBarrier`, ...) by `intel-convert-triton-gen-to-llvm`.

    ```mlir
    triton_gen.barrier {mem_fence = "local"}
    %v = triton_gen.sub_group_block_read %p : !llvm.ptr<1> -> vector<8xi16>
    %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
    ```
  }];

  let dependentDialects = ["LLVM::LLVMDialect"];
  let usePropertiesForAttributes = 1;
}

#endif // TRIDENT_INTEL_TRITONGEN_DIALECT
