//===- TritonNvidiaGPUOps.td - Operations of the ttng dialect -*- tablegen -*-===//
//
// The ttng operations TTGIR for Hopper uses: warp-group dots and their
// waits, the async-proxy fence, mbarriers and TMA copies. The assembly
// formats are those of upstream Triton 3.6, so that its dumps parse
// unmodified.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_NVIDIA_TRITONNVIDIAGPU_OPS
#define TRIDENT_NVIDIA_TRITONNVIDIAGPU_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "trident/Dialect/Triton/IR/TritonAttrDefs.td"
include "trident/Dialect/Triton/IR/TritonTypes.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUInterfaces.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "nvidia/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

//===----------------------------------------------------------------------===//
// Resources, constraints and the base class
//===----------------------------------------------------------------------===//

def TTNG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

// Every tensor layout fits its tensor and the module (checked by the tt
// dialect, which asks the dialect of the layout).
def TTNG_VerifyTensorLayouts : NativeOpTrait<"VerifyTensorLayoutsTrait"> {
  let cppNamespace = "::mlir::OpTrait";
}

def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_Tensor, TTG_MemDescType],
                                     "tensor or memory descriptor">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic,
         !listconcat(traits, [TTNG_VerifyTensorLayouts])>;

//===----------------------------------------------------------------------===//
// Warp-group dots
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    SharedMemoryMatmulOpInterface,
    TypesMatchWith<"the accumulator has the type of the result",
                   "d", "c", "$_self">
  ]> {
  let summary = "a warp-group matrix multiply-accumulate (wgmma)";
  let description = [{
    `$d = matmul($a, $b) + $c`, computed by the warp groups of the CTA with
    `wgmma`: `a` is M x K, in shared memory (`#ttg.nvmma_shared`) or in
    registers (`#ttg.dot_op<{opIdx = 0, parent = <result layout>, kWidth}>`
    with `kWidth = 32 / bitwidth`), `b` is K x N in shared memory, and the
    accumulator `c` and the result have a version-3 `#ttg.nvidia_mma`
    layout. `useC`, when given and false, ignores `c`. `inputPrecision`
    is that of `tt.dot`; `maxNumImpreciseAcc` is how many fp8 products may be
    accumulated at reduced precision before a full-precision addition. With
    `isAsync` the result is only ready after a `ttng.warp_group_dot_wait`.

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<128x256xf32, #mma>
    ```
  }];

  let arguments = (ins
    TTNG_TensorOrMemDesc:$a,
    TTG_MemDescType:$b,
    TT_FpIntTensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync
  );
  let results = (outs TT_FpIntTensor:$d);

  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AllTypesMatch<["inputs", "outputs"]>
  ]> {
  let summary = "waits for asynchronous warp-group dots";
  let description = [{
    Blocks until at most `pendings` asynchronous `ttng.warp_group_dot`s are
    still in flight. `inputs` are the values that must not be used before
    the wait (the results of the dots waited for, and the buffers they read);
    the results are the same values, ready. The dots waited for read their
    buffers until the wait, so the wait counts as a read of its buffer
    inputs: barrier insertion then orders later writes into them after it.

    ```mlir
    %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs,
                       I32Attr:$pendings);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);

  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "orders shared-memory accesses of the generic and async proxies";
  let description = [{
    `fence.proxy.async`: makes the shared-memory writes of the generic proxy
    (ordinary stores, `cp.async`) visible to the async proxy (`wgmma`, TMA),
    in the CTA, or in the cluster when `bCluster` is true.

    ```mlir
    ttng.fence_async_shared {bCluster = false}
    ```
  }];

  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "initializes an mbarrier";
  let description = [{
    Initializes the mbarrier in `alloc` (a `1xi64` buffer, one element per
    CTA) to expect `count` arrivals per phase: `mbarrier.init`.

    ```mlir
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
    I32Attr:$count
  );
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "invalidates an mbarrier";
  let description = [{
    Invalidates the mbarrier in `alloc` so that its memory can be reused:
    `mbarrier.inval`.

    ```mlir
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "announces the bytes an mbarrier phase waits for";
  let description = [{
    Tells the mbarrier in `alloc` that `size` more bytes will be copied into
    shared memory (by TMA) before its phase completes, when `pred` is true:
    `mbarrier.arrive.expect_tx`.

    ```mlir
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
    I32Attr:$size,
    I1:$pred
  );
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "waits for an mbarrier phase to complete";
  let description = [{
    Blocks until the phase of the mbarrier in `alloc` with parity `phase`
    has completed (`mbarrier.try_wait.parity` in a loop), when `pred` is
    true (or absent). `deps` are buffers that may be accessed until then.

    ```mlir
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %p deps %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>,
                              MemWrite<TTNG_SharedMemory>]>:$alloc,
    I32:$phase,
    Optional<I1>:$pred,
    Variadic<TTG_MemDescType>:$deps
  );
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)?
    attr-dict `:` qualified(type($alloc)) (`,` qualified(type($deps))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let summary = "arrives on an mbarrier";
  let description = [{
    Counts `count` arrivals on the mbarrier in `alloc` (`mbarrier.arrive`),
    when `pred` is true (or absent).

    ```mlir
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>,
                              MemWrite<TTNG_SharedMemory>]>:$alloc,
    I32Attr:$count,
    Optional<I1>:$pred
  );
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp
    : TTNG_Op<"async_tma_copy_global_to_local"> {
  let summary = "copies a block from global to shared memory with TMA";
  let description = [{
    Starts copying the block of the tensor descriptor `desc` at `coord` into
    the buffer `result`, when `pred` is true; the mbarrier `barrier`
    completes its phase once the bytes have arrived
    (`cp.async.bulk.tensor`). `multicast` copies to every CTA of the cluster
    that shares the block.

    ```mlir
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$result,
    I1:$pred,
    UnitAttr:$multicast,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile
  );

  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp
    : TTNG_Op<"async_tma_copy_local_to_global"> {
  let summary = "copies a buffer from shared to global memory with TMA";
  let description = [{
    Starts copying the buffer `src` into the block of the tensor descriptor
    `desc` at `coord` (`cp.async.bulk.tensor`); `ttng.async_tma_store_wait`
    waits for it.

    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>,
                                MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src
  );

  let assemblyFormat = [{
    $desc `[` $coord `]` $src
    attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "waits for TMA stores";
  let description = [{
    Blocks until at most `pendings` TMA stores issued by this thread are
    still reading their shared-memory source (`cp.async.bulk.wait_group.read`).

    ```mlir
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];

  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // TRIDENT_NVIDIA_TRITONNVIDIAGPU_OPS
