//===- Passes.td - Passes around the TritonGPU -> LLVM lowering -*- tablegen -*-===//
//
// The vendor-neutral passes a GPU backend runs right before its own
// TritonGPU -> LLVM conversion pass (which calls
// populateTritonGPUToLLVMPatterns, Patterns.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES
#define TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUAllocateSharedMemory
    : Pass<"ttg-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "place every shared-memory buffer of each function";
  let description = [{
    Finds the shared-memory buffers of each function: the results of
    `ttg.local_alloc`, live until their last use (or the last use of a view
    of them), and the scratch buffers that ops need while they run
    (`tt.reduce` across warps, `ttg.convert_layout` between threads). Buffers
    live at the same time get disjoint byte ranges. Each owning op gets its
    offset as `allocation.offset`, and the module the bytes it needs as
    `ttg.shared`.

    ```mlir
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({...})
           : (tensor<1024xf32, #blocked>) -> f32
    // becomes (4 warps along the axis, one f32 slot per warp)
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({...})
           {allocation.offset = 0 : i32} : (tensor<1024xf32, #blocked>) -> f32
    // and the module gets {ttg.shared = 16 : i32}
    ```
  }];
}

def TritonGPUInsertBarriers : Pass<"ttg-insert-barriers", "::mlir::ModuleOp"> {
  let summary = "insert barriers between conflicting shared-memory accesses";
  let description = [{
    After ttg-allocate-shared-memory: inserts a `gpu.barrier` before each op
    whose shared-memory access overlaps an earlier one not yet ordered by a
    barrier, where one of the two writes (read-after-write,
    write-after-read, write-after-write). Loops are entered with what their
    own body may leave behind.

    ```mlir
    %a = "tt.reduce"(%x) ... {allocation.offset = 0 : i32}
    %b = "tt.reduce"(%y) ... {allocation.offset = 0 : i32}
    // becomes
    %a = "tt.reduce"(%x) ... {allocation.offset = 0 : i32}
    gpu.barrier
    %b = "tt.reduce"(%y) ... {allocation.offset = 0 : i32}
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // TRIDENT_CONVERSION_TRITONGPUTOLLVM_PASSES
