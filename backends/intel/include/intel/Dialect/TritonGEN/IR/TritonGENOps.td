//===- TritonGENOps.td - The triton_gen operations -----------*- tablegen -*-===//
//
// The operations of the triton_gen dialect. ODS constraints check operand
// kinds; the verifiers in lib/Dialect/TritonGEN/IR/Ops.cpp check the shapes
// the hardware accepts (vector lengths, tile sizes, precisions).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_INTEL_TRITONGEN_OPS
#define TRIDENT_INTEL_TRITONGEN_OPS

include "intel/Dialect/TritonGEN/IR/TritonGENDialect.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TritonGEN_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGEN_Dialect, mnemonic, traits>;

def TritonGEN_ScalarOrVector : AnyTypeOf<[AnyInteger, AnyFloat,
    VectorOfRankAndType<[1], [AnyInteger, AnyFloat]>]>;

//===----------------------------------------------------------------------===//
// Barrier
//===----------------------------------------------------------------------===//

def TritonGEN_BarrierOp : TritonGEN_Op<"barrier"> {
  let summary = "Work-group barrier with a memory fence";
  let description = [{
    Waits until every work-item of the work-group reaches it. `mem_fence`
    says which memory the barrier also orders: `"local"` (shared local
    memory), `"global"`, `"local_global"`, or `"none"`.

    ```mlir
    triton_gen.barrier {mem_fence = "local"}
    ```
  }];
  let arguments = (ins DefaultValuedStrAttr<StrAttr, "local">:$mem_fence);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Sub-group block read / write
//===----------------------------------------------------------------------===//

def TritonGEN_SubGroupBlockReadOp : TritonGEN_Op<"sub_group_block_read"> {
  let summary = "Sub-group block read";
  let description = [{
    Reads a contiguous block of `sub-group size * N` elements starting at
    `ptr` (global or shared local memory); lane `i` receives elements `i`,
    `i + size`, ... of the block. The result is an integer of 8, 16, 32 or
    64 bits, or a vector of 2, 4 or 8 of them (16 for 8-bit elements).

    ```mlir
    %v = triton_gen.sub_group_block_read %p : !llvm.ptr<1> -> vector<8xi16>
    ```
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr);
  let results = (outs TritonGEN_ScalarOrVector:$res);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr)) `->` type($res)";
  let hasVerifier = 1;
}

def TritonGEN_SubGroupBlockWriteOp : TritonGEN_Op<"sub_group_block_write"> {
  let summary = "Sub-group block write";
  let description = [{
    The inverse of `sub_group_block_read`: writes every lane's `val` to the
    block starting at `ptr`.

    ```mlir
    triton_gen.sub_group_block_write %p, %v : !llvm.ptr<1>, vector<8xi16>
    ```
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr, TritonGEN_ScalarOrVector:$val);
  let assemblyFormat =
      "$ptr `,` $val attr-dict `:` qualified(type($ptr)) `,` type($val)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DPAS
//===----------------------------------------------------------------------===//

def TritonGEN_MatrixDPASOp : TritonGEN_Op<"dpas", [Pure]> {
  let summary = "Dot-product-accumulate systolic (matrix multiply-add)";
  let description = [{
    `d = a * b + c` on the matrix engine, one sub-group of 16 lanes per
    instruction with a systolic depth of 8. `rc` (repeat count: 1, 2, 4 or
    8) is the number of rows of A and D. Each lane holds one column of D
    and C (`vector<rc x f32>`, or `vector<rc x i32>` for integer
    precisions), `rc` packed 32-bit K pairs of A as `vector<rc x i16>`
    (16-bit element pairs or 8-bit quads are packed per lane), and 8 packed
    dwords of B as `vector<8 x i32>`. `precision` is the element type of A
    and B: `"f16"`, `"bf16"`, `"s8"` or `"u8"`.

    ```mlir
    %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
    ```
  }];
  let arguments = (ins FixedVectorOfRankAndType<[1], [F32, I32]>:$c,
                       FixedVectorOfRankAndType<[1], [I16]>:$a,
                       FixedVectorOfRankAndType<[1], [I32]>:$b,
                       StrAttr:$precision, I32Attr:$rc);
  let results = (outs FixedVectorOfRankAndType<[1], [F32, I32]>:$d);
  let assemblyFormat = [{
    $c `,` $a `,` $b attr-dict `:` `(` type($c) `,` type($a) `,` type($b) `)`
    `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// 2-D block load / store / prefetch
//===----------------------------------------------------------------------===//

class TritonGEN_2DBlockOp<string mnemonic, list<Trait> traits = []>
    : TritonGEN_Op<mnemonic, traits> {
  // The surface: base pointer, width and pitch in bytes, height in rows;
  // (x, y) the tile's origin in elements and rows.
  dag surface = (ins LLVM_PointerInAddressSpace<1>:$ptr, I32:$base_width,
                     I32:$base_height, I32:$base_pitch, I32:$x, I32:$y);
  dag tile = (ins I32Attr:$elem_size_in_bits, I32Attr:$tile_width,
                  I32Attr:$tile_height, I32Attr:$v_blocks);
}

def TritonGEN_Matrix2DBlockLoadOp : TritonGEN_2DBlockOp<"2Dblockload"> {
  let summary = "2-D block load";
  let description = [{
    Loads `v_blocks` adjacent tiles of `tile_height` rows of `tile_width`
    elements of `elem_size_in_bits` bits from a 2-D surface in global memory
    and spreads them over the 16 lanes of the sub-group. The result holds
    `tile_width * tile_height * v_blocks * elem_size_in_bits / 16` bits per
    lane. `transpose` and `vnni_transform` reorganise the tile on the way.
    Rows or columns outside the surface read as zero.

    ```mlir
    %v = triton_gen.2Dblockload %p, %w, %h, %pitch, %x, %y {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = false, vnni_transform = false} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>
    ```
  }];
  let arguments = !con(surface, tile,
      (ins DefaultValuedAttr<BoolAttr, "false">:$transpose,
           DefaultValuedAttr<BoolAttr, "false">:$vnni_transform));
  let results = (outs TritonGEN_ScalarOrVector:$res);
  let assemblyFormat = [{
    operands attr-dict `:` `(` qualified(type(operands)) `)` `->` type($res)
  }];
  let hasVerifier = 1;
}

def TritonGEN_Matrix2DBlockStoreOp : TritonGEN_2DBlockOp<"2Dblockstore"> {
  let summary = "2-D block store";
  let description = [{
    Stores one tile (`v_blocks` must be 1) from the lanes' `stored_val`
    into a 2-D surface in global memory; parts outside it are dropped.

    ```mlir
    triton_gen.2Dblockstore %p, %w, %h, %pitch, %x, %y, %v {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi16>)
    ```
  }];
  let arguments = !con(surface, (ins TritonGEN_ScalarOrVector:$stored_val),
                       tile);
  let assemblyFormat = [{
    operands attr-dict `:` `(` qualified(type(operands)) `)`
  }];
  let hasVerifier = 1;
}

def TritonGEN_Matrix2DBlockPrefetchOp : TritonGEN_2DBlockOp<"2Dblockprefetch"> {
  let summary = "2-D block prefetch";
  let description = [{
    Brings the tiles a `2Dblockload` of the same operands would read into
    the cache, without a result.

    ```mlir
    triton_gen.2Dblockprefetch %p, %w, %h, %pitch, %x, %y {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
    ```
  }];
  let arguments = !con(surface, tile);
  let assemblyFormat = [{
    operands attr-dict `:` `(` qualified(type(operands)) `)`
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Predicated load / store
//===----------------------------------------------------------------------===//

def TritonGEN_PredicatedLoadOp : TritonGEN_Op<"predicated_load"> {
  let summary = "Load under a predicate, with a default value";
  let description = [{
    Loads a value of the result type from `ptr` when `predicate` is true;
    returns `default_value` otherwise (and touches no memory).
    `alignment` is the known alignment of `ptr` in bytes, a power of two.

    ```mlir
    %v = triton_gen.predicated_load %p, %pred, %other {alignment = 16 : i64} : (!llvm.ptr<1>, i1, vector<4xf32>) -> vector<4xf32>
    ```
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr, I1:$predicate,
                       TritonGEN_ScalarOrVector:$default_value,
                       I64Attr:$alignment);
  let results = (outs TritonGEN_ScalarOrVector:$res);
  let assemblyFormat = [{
    $ptr `,` $predicate `,` $default_value attr-dict `:` `(`
    qualified(type($ptr)) `,` type($predicate) `,` type($default_value) `)`
    `->` type($res)
  }];
  let hasVerifier = 1;
}

def TritonGEN_PredicatedStoreOp : TritonGEN_Op<"predicated_store"> {
  let summary = "Store under a predicate";
  let description = [{
    Stores `value` to `ptr` when `predicate` is true; does nothing
    otherwise. `alignment` as in `predicated_load`.

    ```mlir
    triton_gen.predicated_store %p, %v, %pred {alignment = 16 : i64} : (!llvm.ptr<1>, vector<4xf32>, i1)
    ```
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr, TritonGEN_ScalarOrVector:$value,
                       I1:$predicate, I64Attr:$alignment);
  let assemblyFormat = [{
    $ptr `,` $value `,` $predicate attr-dict `:` `(` qualified(type($ptr))
    `,` type($value) `,` type($predicate) `)`
  }];
  let hasVerifier = 1;
}

#endif // TRIDENT_INTEL_TRITONGEN_OPS
