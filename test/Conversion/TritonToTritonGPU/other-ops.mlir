// RUN: trident-opt %s -split-input-file -convert-triton-to-tritongpu="num-warps=4" | FileCheck %s

// Debug ops, combiner regions of map_elementwise, extern calls and inline
// assembly keep their attributes and regions and take layouts.
// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @misc
tt.func @misc(%x: tensor<128xi32>, %m: tensor<128xi1>, %f: tensor<128xf32>) {
  // CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %{{.*}} : tensor<128xi32, #[[B]]>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
  // CHECK: tt.assert %{{.*}}, "out of range" : tensor<128xi1, #[[B]]>
  tt.assert %m, "out of range" : tensor<128xi1>
  // CHECK: "tt.map_elementwise"(%{{.*}}) <{pack = 1 : i32}> ({
  // CHECK: ^bb0(%{{.*}}: i32):
  // CHECK: }) : (tensor<128xi32, #[[B]]>) -> tensor<128xi32, #[[B]]>
  %n = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    %b = arith.addi %a, %a : i32
    tt.map_elementwise.return %b : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "expf"} : (tensor<128xf32, #[[B]]>) -> tensor<128xf32, #[[B]]>
  %e = tt.extern_elementwise %f {libname = "", libpath = "", pure = true, symbol = "expf"} : (tensor<128xf32>) -> tensor<128xf32>
  // CHECK: tt.elementwise_inline_asm "{{.*}}" {{.*}} : tensor<128xi32, #[[B]]> -> tensor<128xi32, #[[B]]>
  %a = tt.elementwise_inline_asm "mov $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
  tt.return
}

// -----

// Block pointers point to tensors with layouts; descriptors keep their
// block type and load into a layout.
// CHECK-DAG: #[[T:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @pointers
tt.func @pointers(%base: !tt.ptr<f16>, %m: i64, %off: i32, %desc: !tt.tensordesc<tensor<16x32xf16>>) {
  %c1 = arith.constant 1 : i64
  // CHECK: tt.make_tensor_ptr {{.*}} : <tensor<64x32xf16, #[[T]]>>
  %p = tt.make_tensor_ptr %base, [%m, %m], [%m, %c1], [%off, %off] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  // CHECK: tt.load %{{.*}} : !tt.ptr<tensor<64x32xf16, #[[T]]>>
  %t = tt.load %p : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16, #{{.*}}>
  %d = tt.descriptor_load %desc[%off, %off] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  tt.return
}

// -----

// Conditional branches carry converted block arguments.
// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @branches
// CHECK: cf.cond_br %{{.*}}, ^bb1(%{{.*}} : tensor<64xf32, #[[B]]>), ^bb2
// CHECK: ^bb1(%{{.*}}: tensor<64xf32, #[[B]]>):
tt.func @branches(%c: i1, %x: tensor<64xf32>) -> tensor<64xf32> {
  cf.cond_br %c, ^bb1(%x : tensor<64xf32>), ^bb2
^bb1(%y: tensor<64xf32>):
  tt.return %y : tensor<64xf32>
^bb2:
  %z = arith.negf %x : tensor<64xf32>
  tt.return %z : tensor<64xf32>
}
