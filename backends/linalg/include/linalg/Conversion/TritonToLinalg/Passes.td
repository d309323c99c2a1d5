//===- Passes.td - Passes of the linalg backend ------------*- tablegen -*-===//
//
// The TTIR -> linalg/tensor/memref lowering of the cpu target.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_CONVERSION_TRITONTOLINALG_PASSES
#define LINALG_BACKEND_CONVERSION_TRITONTOLINALG_PASSES

include "mlir/Pass/PassBase.td"

def TritonToLinalg : Pass<"linalg-triton-to-linalg", "::mlir::ModuleOp"> {
  let summary = "lower TTIR to linalg, tensor, memref and bufferization ops";
  let description = [{
    Lowers a module of TTIR (as `trident-opt --trident-ttir` leaves it) to
    upstream dialects, in the manner of triton-shared, in three steps:

    1. *Functions.* Each `tt.func` becomes a `func.func`. A pointer
       parameter `!tt.ptr<T>` becomes a buffer `memref<?xT>` (`i8` for an
       `i1`: booleans are bytes in memory, as in Triton) (the runtime
       passes a descriptor with offset 0 and stride 1); a device function
       (private) also receives the pointer's element offset, an `i64` (a
       tensor of `i64` for a tensor of pointers), right after it. Every
       function then gets six `i32` parameters appended after its own:
       `num_programs` x, y, z and `program_id` x, y, z.
       `tt.get_program_id` and `tt.get_num_programs` read them, `tt.call`
       passes them on, `tt.return` becomes `func.return`.
    2. *Structured memory accesses.* The pointer analysis decodes the
       pointer of each `tt.load` and `tt.store` (splat, make_range,
       expand_dims, broadcast, addptr, add and mul by scalars, rem for
       wrap-around, pointers carried by `scf.for`, block pointers) into a
       strided tile, and the mask analysis decodes its mask into the valid
       box of the tile. A load becomes `memref.reinterpret_cast` of the
       buffer, `memref.subview` + `linalg.copy` (a `memref.copy` that
       vectorizes and needs no runtime library) of the valid box into an
       allocation that is first filled with `other` (or 0) when the box
       may be partial, and `bufferization.to_tensor`; a store becomes a
       `tensor.extract_slice` of the valid box written with
       `bufferization.materialize_in_destination`. Loops that carry
       pointers carry their offsets as `index` values instead.
    3. *Everything else* by dialect conversion. Pointers become `i64`
       element offsets into their buffer; loads and stores the analyses
       did not understand become gather/scatter loops (`scf.for` with
       `memref.load`/`memref.store`, masks honoured); elementwise `arith`,
       `math` and `tt` ops on tensors become `linalg.generic`; splat,
       broadcast, expand_dims, make_range, reshape, trans, join, split,
       cat, gather and histogram become `linalg`/`tensor` ops; `tt.reduce`
       becomes `linalg.reduce` (any combiner, several operands); `tt.scan`
       an `scf.for` over the axis; `tt.dot` `linalg.matmul` accumulating
       into `c`; atomics `memref.atomic_rmw` / `memref.generic_atomic_rmw`;
       `tt.assert` `cf.assert`; `tt.print` is dropped with a remark.

    A pointer the analyses do not understand is not an error: the access
    falls back to gather/scatter (`report-fallbacks` says which and why, as
    remarks). Nor is a pointer whose buffer cannot be determined (a select
    of two buffers, an address from memory through `tt.int_to_ptr`, an
    access of another element size): then every pointer of the module is
    its absolute address divided by its element size, accesses with a
    known buffer subtract the buffer's base, and the others read and write
    the address with `llvm.load` / `llvm.store`. Booleans (`!tt.ptr<i1>`)
    live in `memref<?xi8>` buffers, one byte (0 or 1) each. What cannot
    run on a CPU at all (inline assembly, an atomic on an unknown buffer, a
    libdevice function the target does not compute) is an error.

    ```mlir
    tt.func public @copy(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
      %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %b = tt.splat %n : i32 -> tensor<64xi32>
      %m = arith.cmpi slt, %r, %b : tensor<64xi32>
      %px = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
      %ax = tt.addptr %px, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %v = tt.load %ax, %m : tensor<64x!tt.ptr<f32>>
      ...
    }
    // becomes
    func.func @copy(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32,
                    %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
      %len = ...                     // clamp(n, 0, 64) as an index
      %buf = memref.alloc() : memref<64xf32>
      %partial = arith.cmpi slt, %len, %c64 : index
      scf.if %partial {
        linalg.fill ins(%zero : f32) outs(%buf : memref<64xf32>)
      }
      %src = memref.reinterpret_cast %x to offset: [0], sizes: [%len],
               strides: [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
      %dst = memref.subview %buf[0] [%len] [1]
               : memref<64xf32> to memref<?xf32, strided<[1]>>
      linalg.copy ins(%src : memref<?xf32, strided<[1]>>)
                  outs(%dst : memref<?xf32, strided<[1]>>)
      %v = bufferization.to_tensor %buf restrict writable
             : memref<64xf32> to tensor<64xf32>
      ...
    }
    ```
  }];
  let options = [
    Option<"structured", "structured", "bool", /*default=*/"true",
           "Lower the loads and stores that the pointer and mask analyses "
           "understand to strided copies (off: gather/scatter everywhere)">,
    Option<"reportFallbacks", "report-fallbacks", "bool", /*default=*/"false",
           "Emit a remark for each memory access that falls back to "
           "gather/scatter, saying why">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ub::UBDialect"
  ];
}

#endif // LINALG_BACKEND_CONVERSION_TRITONTOLINALG_PASSES
