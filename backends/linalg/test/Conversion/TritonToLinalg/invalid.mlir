// RUN: trident-linalg-opt --linalg-triton-to-linalg -split-input-file -verify-diagnostics %s

// Every error of the pass: what the cpu target cannot express.

// expected-error @below {{'tt.func' op returns a pointer ('!tt.ptr<f32>'), which the cpu target's calling convention cannot express}}
tt.func private @returns_pointer(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  tt.return %p : !tt.ptr<f32>
}

// -----

// expected-error @below {{'tt.func' op takes a block pointer parameter ('!tt.ptr<tensor<4xf32>>'), which the cpu target cannot pass}}
tt.func private @block_pointer_param(%p: !tt.ptr<tensor<4xf32>>) {
  tt.return
}

// -----

// expected-error @below {{'tt.func' op is a kernel with a tensor-of-pointers parameter ('tensor<4x!tt.ptr<f32>>')}}
tt.func public @pointer_tensor_kernel(%p: tensor<4x!tt.ptr<f32>>) {
  tt.return
}

// -----

// expected-error @below {{'tt.func' op takes a pointer to '!tt.ptr<f32>', which the cpu target cannot hold in a buffer}}
tt.func public @pointer_to_pointer(%pp: !tt.ptr<!tt.ptr<f32>>) {
  tt.return
}

// -----

tt.func private @callee(%p: !tt.ptr<f32>) {
  tt.return
}

tt.func public @call_ambiguous(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: i1) {
  %p = arith.select %c, %a, %b : !tt.ptr<f32>
  // expected-error @below {{'tt.call' op passes a pointer whose buffer cannot be determined (the pointer may point into different buffers)}}
  tt.call @callee(%p) : (!tt.ptr<f32>) -> ()
  tt.return
}

// -----

tt.func public @atomic_ambiguous(%a: !tt.ptr<i32>, %b: !tt.ptr<i32>, %c: i1, %v: i32) -> i32 {
  %p = arith.select %c, %a, %b : !tt.ptr<i32>
  // expected-error @below {{atomic access through a pointer whose buffer cannot be determined: the pointer may point into different buffers}}
  %old = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return %old : i32
}

// -----

tt.func public @atomic_type(%a: !tt.ptr<f32>, %v: i64) -> i64 {
  %p = tt.bitcast %a : !tt.ptr<f32> -> !tt.ptr<i64>
  // expected-error @below {{memory access of 'i64' elements in a buffer of 'f32' (atomics need the buffer's type, or integers of its size for a read-modify-write)}}
  %old = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i64>, i64) -> i64
  tt.return %old : i64
}

// -----

tt.func public @atomic_cas_type(%a: !tt.ptr<f32>, %c: i32, %v: i32) -> i32 {
  %p = tt.bitcast %a : !tt.ptr<f32> -> !tt.ptr<i32>
  // expected-error @below {{memory access of 'i32' elements in a buffer of 'f32' (atomics need the buffer's type, or integers of its size for a read-modify-write)}}
  %old = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return %old : i32
}

// -----

tt.func public @inline_asm(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @below {{inline assembly ('shf.l.wrap.b32 $0, $1, $1, 3;') cannot run on the cpu target}}
  %y = tt.elementwise_inline_asm "shf.l.wrap.b32 $0, $1, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32>
  tt.return %y : tensor<4xi32>
}

// -----

tt.func public @block_pointer_if(%x: !tt.ptr<f32>, %m: i64, %c: i1) -> tensor<4xf32> {
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i32
  %four = arith.constant 4 : i32
  %bp = tt.make_tensor_ptr %x, [%m], [%one], [%zero] {order = array<i32: 0>} : <tensor<4xf32>>
  %p = scf.if %c -> (!tt.ptr<tensor<4xf32>>) {
    %q = tt.advance %bp, [%four] : <tensor<4xf32>>
    scf.yield %q : !tt.ptr<tensor<4xf32>>
  } else {
    scf.yield %bp : !tt.ptr<tensor<4xf32>>
  }
  // expected-error @below {{access through a block pointer that the cpu target cannot decode into a strided tile; run tt-rewrite-tensor-pointer (part of --trident-ttir) before this pass}}
  %v = tt.load %p : !tt.ptr<tensor<4xf32>>
  tt.return %v : tensor<4xf32>
}

// -----

tt.func public @extern_unknown(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'tt.extern_elementwise' calls 'my_hypot' on (f32) -> f32, which is not a libdevice math function the cpu target knows (it computes those itself, with tt-expand-libdevice and the C math library, and links no other library)}}
  %y = tt.extern_elementwise %x {libname = "mylib", libpath = "/tmp/mylib.bc", pure = true, symbol = "my_hypot"} : (tensor<4xf32>) -> tensor<4xf32>
  tt.return %y : tensor<4xf32>
}

// -----

tt.func public @extern_f64_fma_rz(%x: f64) -> f64 {
  // expected-error @below {{'tt.extern_elementwise' calls '__nv_fma_rz' on (f64, f64, f64) -> f64, which tt-expand-libdevice computes: run it before this pass (the cpu target's linalg stage does)}}
  %y = tt.extern_elementwise %x, %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fma_rz"} : (f64, f64, f64) -> f64
  tt.return %y : f64
}

// -----

tt.func public @extern_int_operand(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @below {{'tt.extern_elementwise' calls '__nv_popc' on (i16) -> i16, which the cpu target does not compute on these types (libdevice's math takes f32 or f64, its integer functions i32 or i64)}}
  %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_popc"} : (tensor<4xi16>) -> tensor<4xi16>
  tt.return %y : tensor<4xi16>
}

// -----

// tt.map_elementwise runs its region on one element at a time here.
tt.func private @map_pack2(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{'tt.map_elementwise' with pack 2 is not supported on the cpu target, which runs the region on one element at a time (pack 1)}}
  // expected-error @below {{failed to legalize operation 'tt.map_elementwise'}}
  %r = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %b, %a : f32, f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}
