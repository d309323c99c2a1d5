// RUN: trident-opt %s --tt-expand-libdevice --split-input-file | FileCheck %s

// Directed rounding: the round-to-nearest sum, its exact error (TwoSum), and
// one step of the sum's bits where the error is positive.
// CHECK-LABEL: tt.func @add_ru
// CHECK: %[[S:.+]] = arith.addf %arg0, %arg1 : tensor<64xf32>
// CHECK: %[[YY:.+]] = arith.subf %[[S]], %arg0
// CHECK: %[[XX:.+]] = arith.subf %[[S]], %[[YY]]
// CHECK: %[[DY:.+]] = arith.subf %arg1, %[[YY]]
// CHECK: %[[DX:.+]] = arith.subf %arg0, %[[XX]]
// CHECK: %[[ERR:.+]] = arith.addf %[[DX]], %[[DY]]
// CHECK: %[[BITS:.+]] = arith.bitcast %[[S]] : tensor<64xf32> to tensor<64xi32>
// CHECK: arith.addi %[[BITS]]
// CHECK: arith.subi %[[BITS]]
// CHECK: %[[UP:.+]] = arith.bitcast %{{.+}} : tensor<64xi32> to tensor<64xf32>
// CHECK: %[[POS:.+]] = arith.cmpf ogt, %[[ERR]]
// CHECK: %[[R:.+]] = arith.select %[[POS]], %[[UP]], %[[S]]
// CHECK: tt.return %[[R]]
// CHECK-NOT: tt.extern_elementwise
tt.func @add_ru(%x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %0 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_ru"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  tt.return %0 : tensor<64xf32>
}

// -----

// An f64 fused multiply-add rounded down: the error's sign from ErrFma.
// CHECK-LABEL: tt.func @fma_rd
// CHECK: %[[R:.+]] = math.fma %arg0, %arg1, %arg2 : f64
// CHECK: %[[U1:.+]] = arith.mulf %arg0, %arg1 : f64
// CHECK: %[[NU1:.+]] = arith.negf %[[U1]]
// CHECK: math.fma %arg0, %arg1, %[[NU1]] : f64
// CHECK: arith.cmpf olt
// CHECK: tt.return
tt.func @fma_rd(%x: f64, %y: f64, %z: f64) -> f64 {
  %0 = tt.extern_elementwise %x, %y, %z {libname = "", libpath = "", pure = true, symbol = "__nv_fma_rd"} : (f64, f64, f64) -> f64
  tt.return %0 : f64
}

// -----

// Functions with a math op of the same meaning, and the conversions.
// CHECK-LABEL: tt.func @math_and_conversions
// CHECK: math.exp %arg0 : tensor<8xf32>
// CHECK: arith.remf %arg0, %arg0 : tensor<8xf32>
// CHECK: %[[FLOOR:.+]] = math.floor %arg0 : tensor<8xf32>
// CHECK: arith.fptosi %{{.+}} : tensor<8xf32> to tensor<8xi32>
// CHECK: arith.constant dense<2147483647> : tensor<8xi32>
// CHECK: arith.cmpf uno
// CHECK: %[[INF:.+]] = arith.cmpf oeq
// CHECK: arith.extui %[[INF]] : tensor<8xi1> to tensor<8xi32>
// CHECK: arith.shrui
// CHECK: arith.trunci %{{.+}} : tensor<8xi64> to tensor<8xi32>
tt.func @math_and_conversions(%x: tensor<8xf32>, %d: tensor<8xf64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fmodf"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %2 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_float2int_rd"} : (tensor<8xf32>) -> tensor<8xi32>
  %3 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_isinff"} : (tensor<8xf32>) -> tensor<8xi32>
  %4 = tt.extern_elementwise %d {libname = "", libpath = "", pure = true, symbol = "__nv_double2hiint"} : (tensor<8xf64>) -> tensor<8xi32>
  tt.return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
}

// -----

// A series: a loop over tensors, the index splatted into each step.
// CHECK-LABEL: tt.func @bessel_i0
// CHECK: scf.for
// CHECK: tt.splat %{{.+}} : f64 -> tensor<16xf64>
// CHECK: scf.yield
// CHECK: arith.truncf %{{.+}} : tensor<16xf64> to tensor<16xf32>
tt.func @bessel_i0(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_cyl_bessel_i0f"} : (tensor<16xf32>) -> tensor<16xf32>
  tt.return %0 : tensor<16xf32>
}

// -----

// Bessel functions of integer order: the orders' step counts reduced to
// their largest (tt.reduce with arith.maxsi, here over two axes), one loop
// of that many steps, and the result rounded once to f32.
// CHECK-LABEL: tt.func @bessel_jn
// CHECK: "tt.reduce"(%{{.+}}) <{axis = 0 : i32}>
// CHECK: arith.maxsi
// CHECK: tt.reduce.return
// CHECK: "tt.reduce"(%{{.+}}) <{axis = 0 : i32}>
// CHECK: arith.maxsi
// CHECK: %[[COUNT:.+]] = arith.index_cast %{{.+}} : i64 to index
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[COUNT]]
// CHECK-SAME: -> (tensor<4x8xf64>, tensor<4x8xf64>, tensor<4x8xf64>, tensor<4x8xf64>)
// CHECK: arith.truncf %{{.+}} : tensor<4x8xf64> to tensor<4x8xf32>
// CHECK-NOT: tt.extern_elementwise
tt.func @bessel_jn(%n: tensor<4x8xi32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.extern_elementwise %n, %x {libname = "", libpath = "", pure = true, symbol = "__nv_jnf"} : (tensor<4x8xi32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// On scalars the count needs no reduction; yn's loop carries the two
// latest orders only.
// CHECK-LABEL: tt.func @bessel_yn_scalar
// CHECK-NOT: tt.reduce
// CHECK: scf.for {{.+}} -> (f64, f64)
// CHECK-NOT: tt.extern_elementwise
tt.func @bessel_yn_scalar(%n: i32, %x: f64) -> f64 {
  %0 = tt.extern_elementwise %n, %x {libname = "", libpath = "", pure = true, symbol = "__nv_yn"} : (i32, f64) -> f64
  tt.return %0 : f64
}

// -----

// rcp64h: the reciprocal of the high word, cut to the high word.
// CHECK-LABEL: tt.func @rcp64h
// CHECK: %[[HIGH:.+]] = arith.constant -4294967296 : i64
// CHECK: %[[BITS:.+]] = arith.bitcast %arg0 : f64 to i64
// CHECK: arith.andi %[[BITS]], %[[HIGH]] : i64
// CHECK: arith.divf
// CHECK: arith.andi %{{.+}}, %[[HIGH]] : i64
// CHECK-NOT: tt.extern_elementwise
tt.func @rcp64h(%x: f64) -> f64 {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_rcp64h"} : (f64) -> f64
  tt.return %0 : f64
}

// -----

// Left for the target: a function that needs a math library, the f32 name
// on f64, an unknown symbol, a function called with types it does not
// take, rcp64h on f32 (libdevice's is f64 only) and jn on a 0-d tensor (no
// axis to reduce the orders along).
// CHECK-LABEL: tt.func @left_alone
// CHECK: symbol = "__nv_lgammaf"
// CHECK: symbol = "__nv_expf"
// CHECK: symbol = "my_exp"
// CHECK: symbol = "__nv_fadd_rz"
// CHECK: symbol = "__nv_rcp64hf"
// CHECK: symbol = "__nv_jnf"
// CHECK-NOT: arith.
tt.func @left_alone(%x: tensor<8xf32>, %d: tensor<8xf64>, %s: f32, %n0: tensor<i32>, %x0: tensor<f32>) -> (tensor<8xf32>, tensor<8xf64>, tensor<8xf32>, tensor<8xf32>, f32, tensor<f32>) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_lgammaf"} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = tt.extern_elementwise %d {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<8xf64>) -> tensor<8xf64>
  %2 = tt.extern_elementwise %x {libname = "libm", libpath = "/lib/libm.so", pure = true, symbol = "my_exp"} : (tensor<8xf32>) -> tensor<8xf32>
  %3 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_rz"} : (tensor<8xf32>) -> tensor<8xf32>
  %4 = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "__nv_rcp64hf"} : (f32) -> f32
  %5 = tt.extern_elementwise %n0, %x0 {libname = "", libpath = "", pure = true, symbol = "__nv_jnf"} : (tensor<i32>, tensor<f32>) -> tensor<f32>
  tt.return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<8xf64>, tensor<8xf32>, tensor<8xf32>, f32, tensor<f32>
}

// -----

// Integer functions: libdevice's semantics from arith and math ops.
// CHECK-LABEL: tt.func @integers
// CHECK: %[[CLZ:.+]] = math.ctlz %arg1 : tensor<8xi64>
// CHECK: arith.trunci %[[CLZ]] : tensor<8xi64> to tensor<8xi32>
// CHECK: %{{.+}}, %[[HIGH:.+]] = arith.mului_extended %arg0, %arg0 : tensor<8xi32>
// CHECK: arith.xori %arg0, %arg0
// CHECK: arith.shrsi
// CHECK: arith.subi
// CHECK: tt.return %{{.+}}, %[[HIGH]]
tt.func @integers(%x: tensor<8xi32>, %l: tensor<8xi64>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
  %0 = tt.extern_elementwise %l {libname = "", libpath = "", pure = true, symbol = "__nv_clzll"} : (tensor<8xi64>) -> tensor<8xi32>
  %1 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_umulhi"} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %2 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_rhadd"} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  tt.return %0, %1, %2 : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
}
