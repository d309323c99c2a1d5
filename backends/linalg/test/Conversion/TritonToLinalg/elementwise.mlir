// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// Elementwise ops on tensors become linalg.generic with the scalar op in the
// body; an input of the result's type is the destination.

// CHECK-DAG: #[[MAP2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[MAP1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: func.func private @lgammaf(f32) -> f32
// CHECK-DAG: func.func private @remainderf(f32, f32) -> f32

// CHECK-LABEL: func.func @arith_math(
// CHECK-SAME:    %[[A:[a-z0-9_]+]]: tensor<4x8xf32>, %[[B:[a-z0-9_]+]]: tensor<4x8xf32>
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[MAP2]], #[[MAP2]], #[[MAP2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[A]] : tensor<4x8xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<4x8xf32>) outs(%[[SUM]] : tensor<4x8xf32>)
// CHECK:           math.exp
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<4x8xi1>
// CHECK:         %[[CMP:.*]] = linalg.generic {{.*}} ins(%[[EXP]], %[[B]] : {{.*}}) outs(%[[EMPTY]] : tensor<4x8xi1>)
// CHECK:           arith.cmpf olt
// CHECK:         linalg.generic {{.*}} ins(%[[CMP]], %[[EXP]], %[[A]] : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:           arith.select
tt.func public @arith_math(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32> {
  %sum = arith.addf %a, %b : tensor<4x8xf32>
  %e = math.exp %sum : tensor<4x8xf32>
  %c = arith.cmpf olt, %e, %b : tensor<4x8xf32>
  %r = arith.select %c, %e, %a : tensor<4x8xi1>, tensor<4x8xf32>
  tt.return %r : tensor<4x8xf32>
}

// tt's elementwise ops and their scalar forms.
// CHECK-LABEL: func.func @tt_ops(
// CHECK:         linalg.generic
// CHECK:           %[[MAX:.*]] = arith.maxnumf
// CHECK-NEXT:      arith.minnumf %[[MAX]]
// CHECK:         linalg.generic
// CHECK:           math.sqrt
// CHECK:         linalg.generic
// CHECK:           arith.divf
// CHECK:         linalg.generic
// CHECK:           %{{.*}}, %[[HIGH:.*]] = arith.mului_extended
// CHECK-NEXT:      linalg.yield %[[HIGH]] : i32
// CHECK:         linalg.generic
// CHECK:           arith.truncf %{{.*}} toward_zero : f32 to f16
// The libdevice functions left to the C math library (tt-expand-libdevice
// computes the others before this pass).
// CHECK:         linalg.generic
// CHECK:           func.call @lgammaf(%{{.*}}) : (f32) -> f32
// CHECK:         linalg.generic
// CHECK:           func.call @remainderf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK:         linalg.generic
// CHECK:           arith.bitcast %{{.*}} : f32 to i32
// A PTX register move is the identity.
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      linalg.yield %[[IN]] : i32
tt.func public @tt_ops(%x: tensor<16xf32>, %y: tensor<16xf32>, %u: tensor<16xi32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xi32>, tensor<16xf16>, tensor<16xf32>, tensor<16xi32>) {
  %lo = arith.constant dense<-1.0> : tensor<16xf32>
  %hi = arith.constant dense<1.0> : tensor<16xf32>
  %cl = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<16xf32>
  %sq = tt.precise_sqrt %x : tensor<16xf32>
  %dv = tt.precise_divf %sq, %y : tensor<16xf32>
  %mh = tt.mulhiui %u, %u : tensor<16xi32>
  %h = tt.fp_to_fp %dv, rounding = rtz : tensor<16xf32> -> tensor<16xf16>
  %ex = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_lgammaf"} : (tensor<16xf32>) -> tensor<16xf32>
  %ext = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_remainderf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %bits = tt.bitcast %ext : tensor<16xf32> -> tensor<16xi32>
  %mv = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %bits : tensor<16xi32> -> tensor<16xi32>
  tt.return %cl, %dv, %mh, %h, %ex, %mv : tensor<16xf32>, tensor<16xf32>, tensor<16xi32>, tensor<16xf16>, tensor<16xf32>, tensor<16xi32>
}

// On scalars, tt's ops become their scalar form directly.
// CHECK-LABEL: func.func @scalar_tt_ops(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: f32, %[[LO:[a-z0-9_]+]]: f32, %[[HI:[a-z0-9_]+]]: f32
// CHECK:         %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK:         %[[R:.*]] = arith.minimumf %[[M]], %[[HI]] : f32
// CHECK:         return %[[R]] : f32
tt.func public @scalar_tt_ops(%x: f32, %lo: f32, %hi: f32) -> f32 {
  %cl = tt.clampf %x, %lo, %hi, propagateNan = all : f32
  tt.return %cl : f32
}

// ptr_to_int / int_to_ptr: addresses relative to the buffer, in bytes.
// CHECK-LABEL: func.func @pointer_ints(
// CHECK-SAME:    %[[X:[a-z0-9_]+]]: memref<?xf32>, %[[V:[a-z0-9_]+]]: f32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : i64
// CHECK:         %[[ADDR:.*]] = arith.muli %{{.*}}, %[[C4]] : i64
// CHECK:         %[[SUM:.*]] = arith.addi %[[ADDR]], %[[C8]] : i64
// CHECK:         %[[OFF:.*]] = arith.divsi %[[SUM]], %{{.*}} : i64
// CHECK:         %[[IX:.*]] = arith.index_cast %[[OFF]] : i64 to index
// CHECK:         memref.store %[[V]], %[[X]][%[[IX]]] : memref<?xf32>
tt.func public @pointer_ints(%x: !tt.ptr<f32>, %v: f32) {
  %i = tt.ptr_to_int %x : !tt.ptr<f32> -> i64
  %c8 = arith.constant 8 : i64
  %j = arith.addi %i, %c8 : i64
  %p = tt.int_to_ptr %j : i64 -> !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// tt.map_elementwise: a linalg.generic whose body runs the region through
// scf.execute_region (a region of several blocks works too).
// CHECK-LABEL: func.func private @map_negate
// CHECK: linalg.generic
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[R:.*]] = scf.execute_region -> f32 {
// CHECK: arith.negf %[[IN]] : f32
// CHECK: scf.yield
// CHECK: linalg.yield %[[R]] : f32
tt.func private @map_negate(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    tt.map_elementwise.return %n : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}
