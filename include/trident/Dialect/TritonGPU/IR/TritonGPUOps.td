//===- TritonGPUOps.td - Operations of the ttg dialect -------*- tablegen -*-===//
//
// The vendor-neutral TritonGPU operations: layout conversion, shared-memory
// allocation, views and accesses, asynchronous copies and their
// synchronization, fp4 unpacking, global scratch memory, warp
// specialization and the pipeliner's helpers. The assembly formats are those
// of upstream Triton 3.6.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_TRITONGPU_OPS
#define TRIDENT_TRITONGPU_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "trident/Dialect/Triton/IR/TritonAttrDefs.td"
include "trident/Dialect/Triton/IR/TritonTypes.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trident/Dialect/TritonGPU/IR/TritonGPUTypes.td"

//===----------------------------------------------------------------------===//
// Resources, traits and the base class
//===----------------------------------------------------------------------===//

def TTG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def TTG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

// Every tensor layout fits its tensor and the module (the check lives in the
// tt dialect and asks the ttg dialect through TritonLayoutInterface).
def TTG_VerifyTensorLayouts : NativeOpTrait<"VerifyTensorLayoutsTrait"> {
  let cppNamespace = "::mlir::OpTrait";
}

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic,
         !listconcat(traits, [TTG_VerifyTensorLayouts])>;

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [
    Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "moves a tensor to another layout";
  let description = [{
    Returns `src` with the layout of the result type: the same elements, held
    by other threads or registers.

    ```mlir
    %1 = ttg.convert_layout %0 : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    ```
  }];

  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);

  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    OptionalTypesMatchWith<"the mask is an i1 tensor shaped like src",
        "src", "mask", "::mlir::triton::getI1SameShape($_self)">,
    OptionalTypesMatchWith<"other holds the pointees of src",
        "src", "other", "::mlir::triton::getPointeeType($_self)">
  ]> {
  let summary = "copies from global memory to shared memory asynchronously";
  let description = [{
    Starts copying the elements `src` points to into the buffer `result`,
    like `tt.load` into a memory descriptor. `mask` and `other` behave as in
    `tt.load`; `contiguity` is the number of elements that may be copied as
    one vector. The data is only visible after the copy has been committed
    (`ttg.async_commit_group`) and waited for (`ttg.async_wait`).

    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins
    Arg<TT_PtrTensor, "", [MemRead<TTG_GlobalMemory>]>:$src,
    Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$result,
    Optional<I1Tensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity
  );
  let results = (outs TTG_AsyncToken:$token);

  // No commas between mask, other and the modifiers, as upstream.
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "closes a group of asynchronous copies";
  let description = [{
    Closes the batch of asynchronous copies issued so far into a group that
    `ttg.async_wait` can wait for. The tokens only order the IR.

    ```mlir
    %g = ttg.async_commit_group tokens %t0, %t1
    ```
  }];

  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);

  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "waits until at most `num` copy groups are in flight";
  let description = [{
    Blocks the issuing thread until at most `num` committed groups of
    asynchronous copies are still outstanding (0 waits for all of them). It
    does not synchronize the threads of the CTA with each other.

    ```mlir
    %w = ttg.async_wait %g0, %g1 {num = 2 : i32}
    ```
  }];

  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);

  let assemblyFormat = "($asyncToken^)? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocates a buffer in shared memory";
  let description = [{
    Allocates a buffer and returns a descriptor of it, optionally initialized
    from the tensor `src` (the buffer is then usually immutable). Without
    `src` the descriptor must be mutable. Deallocation is optional (see
    `ttg.local_dealloc`). `alignment` overrides the layout's alignment.

    ```mlir
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %q = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];

  let arguments = (ins
    Optional<TT_Tensor>:$src,
    OptionalAttr<I32Attr>:$alignment
  );
  let results = (outs TTG_MemDescType:$result);

  let builders = [
    OpBuilder<(ins "::mlir::Type":$result), [{
      build($_builder, $_state, result, ::mlir::Value(),
            ::mlir::IntegerAttr());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$src), [{
      build($_builder, $_state, result, src, ::mlir::IntegerAttr());
    }]>
  ];

  let extraClassDeclaration = [{
    bool isSharedMemoryAlloc() {
      return ::llvm::isa_and_nonnull<SharedMemorySpaceAttr>(
          getType().getMemorySpace());
    }
    /// The alignment attribute, else the layout's alignment, else 16.
    int32_t getAlignmentOrDefault();
  }];

  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "frees a shared-memory buffer";
  let description = [{
    Frees the buffer explicitly; using it afterwards is undefined. Optional:
    without it a buffer dies at the first point that post-dominates its uses.

    ```mlir
    ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins Arg<TTG_MemDescType, "", [MemFree<TTG_SharedMemory>]>:$src);

  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let summary = "loads a shared-memory buffer into a distributed tensor";
  let description = [{
    Reads the buffer into registers with the layout of the result. The
    optional token orders the load after the asynchronous copies it waits for.

    ```mlir
    %x = ttg.local_load %buf token %w : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked>
    ```
  }];

  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTG_SharedMemory>]>:$src,
    Optional<TTG_AsyncToken>:$token
  );
  let results = (outs TT_Tensor:$result);

  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$src), [{
      build($_builder, $_state, resultType, src, ::mlir::Value());
    }]>
  ];

  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "stores a distributed tensor into a shared-memory buffer";
  let description = [{
    ```mlir
    ttg.local_store %x, %buf : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins
    TT_Tensor:$src,
    Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$dst
  );

  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memory descriptor views
//===----------------------------------------------------------------------===//

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "selects one slice of a buffer along its first dimension";
  let description = [{
    Returns a descriptor of `src[index]`: the first dimension is dropped,
    from the shape and from the allocation shape. The element type, layout,
    memory space and mutability are kept.

    ```mlir
    %b = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);

  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "takes a constant-offset window of a buffer";
  let description = [{
    Returns a descriptor of the window of `src` that starts at `offsets` and
    has the result's shape (same rank). The allocation shape is kept, so the
    result prints it when it differs from the window's shape.

    ```mlir
    %w = ttg.memdesc_subslice %a[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    ```
  }];

  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);

  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [
    Pure, SameOperandsAndResultElementType]> {
  let summary = "a transposed view of a buffer";
  let description = [{
    Result dimension i is `src` dimension `order[i]`; the memory is unchanged,
    so the result's layout is the transposed layout of `src`.

    ```mlir
    %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
    ```
  }];

  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);

  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [
    Pure, SameOperandsAndResultElementType]> {
  let summary = "a view of a buffer with another shape";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reshape %a : !ttg.memdesc<4x16xf16, #shared, #smem> -> !ttg.memdesc<64xf16, #shared1, #smem>
    ```
  }];

  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);

  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "reinterprets a whole buffer with another type and shape";
  let description = [{
    Views the same bytes with another element type, shape and layout. Only a
    whole buffer can be reinterpreted (not a window of a larger one), and the
    memory space stays the same.

    ```mlir
    %r = ttg.memdesc_reinterpret %a : !ttg.memdesc<64xi32, #shared, #smem, mutable> -> !ttg.memdesc<128xf16, #shared, #smem, mutable>
    ```
  }];

  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);

  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "unpacks e2m1 values, two per byte, to floats";
  let description = [{
    Each i8 of `src` holds two fp4 (e2m1) values, the low nibble first; they
    are unpacked along `axis`, which doubles that dimension.

    ```mlir
    %f = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked1>
    ```
  }];

  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);

  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Global scratch memory
//===----------------------------------------------------------------------===//

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc"> {
  let summary = "allocates global memory private to the program";
  let description = [{
    ```mlir
    %p = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    ```
  }];

  let arguments = (ins
    I32Attr:$nbytes,
    I32Attr:$alignment,
    OptionalAttr<UnitAttr>:$third_party_allocation
  );
  let results = (outs Arg<TT_Ptr, "", [MemAlloc<TTG_GlobalMemory>]>:$result);

  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "runs code on several groups of warps at once";
  let description = [{
    The `default` region runs on the warps executing the op and may use any
    value in scope; each `partition` region runs at the same time on its own
    group of `num_warps` warps, is isolated from above and receives the
    explicit captures as arguments. All groups join at the end of the op,
    whose results are what the default region yields.

    ```mlir
    %0 = ttg.warp_specialize(%a, %b)
    default {
      ttg.warp_yield %a : i32
    }
    partition0(%arg0: i32, %arg1: i32) num_warps(8) {
      ttg.warp_return
    }
    partition1(%arg0: i32, %arg1: i32) num_warps(1) {
      ttg.warp_return
    } : (i32, i32) -> i32
    ```
  }];

  let arguments = (ins
    Variadic<AnyType>:$explicitCaptures,
    DenseI32ArrayAttr:$partitionNumWarps,
    OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
    OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
    OptionalAttr<DenseI32ArrayAttr>:$actualRegisters
  );
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region
    MinSizedRegion<1>:$defaultRegion,
    SizedRegion<1>:$partitionOpHolder
  );

  let extraClassDeclaration = [{
    /// The partition regions, held by the nested partitions op.
    ::mlir::RegionRange getPartitionRegions();
    /// The nested `ttg.warp_specialize.partitions` op, or null.
    WarpSpecializePartitionsOp getPartitionOp();
    /// The number of warps of all partitions together.
    unsigned getTotalPartitionWarps();
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TTG_WarpSpecializePartitionsOp : TTG_Op<"warp_specialize.partitions", [
    IsolatedFromAbove, RecursiveMemoryEffects, RecursivelySpeculatable,
    Terminator, HasParent<"WarpSpecializeOp">]> {
  let summary = "holds the isolated partition regions of warp_specialize";
  let description = [{
    MLIR cannot make only some regions of an op isolated from above, so
    `ttg.warp_specialize` keeps its partition regions in this op. It is
    printed as part of `ttg.warp_specialize`.
  }];

  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasVerifier = 1;
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "ends the default region of warp_specialize";
  let description = [{
    Its operands become the results of the `ttg.warp_specialize` op.

    ```mlir
    ttg.warp_yield %a, %b : i32, tensor<32xbf16, #blocked>
    ```
  }];

  let arguments = (ins Variadic<AnyType>:$values);

  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
  let hasVerifier = 1;
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "ends a partition region of warp_specialize";
  let description = [{
    ```mlir
    ttg.warp_return
    ```
  }];

  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Software-pipelining helpers
//===----------------------------------------------------------------------===//

def TTG_PredicateStageOp : TTG_Op<"predicate_stage", [
    Pure, AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "the predicate of a pipeline stage";
  let description = [{
    True when stage `stage` of a loop pipelined into `maxStage` stages runs in
    the iteration `iv` of a loop with upper bound `ub` and step `step`.

    ```mlir
    %p = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 0 : i32 -> i1
    ```
  }];

  let arguments = (ins
    AnySignlessIntegerOrIndex:$iv,
    AnySignlessIntegerOrIndex:$ub,
    AnySignlessIntegerOrIndex:$step,
    I32Attr:$maxStage,
    I32Attr:$stage
  );
  let results = (outs I1:$result);

  let assemblyFormat = [{
    $iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:`
    type($iv) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock]> {
  let summary = "runs its region only when `pred` holds";
  let description = [{
    Used by the pipeliner to predicate the operations of a stage; printed in
    the generic form, as upstream.
  }];

  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
  let hasVerifier = 1;
}

def TTG_MaskReturnOp : TTG_Op<"mask.return", [
    HasParent<"MaskOp">, Pure, Terminator, ReturnLike]> {
  let summary = "ends the region of ttg.mask";

  let arguments = (ins Variadic<AnyType>:$result);

  let assemblyFormat = "$result attr-dict `:` type($result)";
}

#endif // TRIDENT_TRITONGPU_OPS
