// RUN: trident-opt --plugin %linalg_plugin --linalg-expand-f8-casts %s | FileCheck %s

// CHECK-LABEL: func.func @trunc(
// CHECK-SAME:      %[[X:.*]]: f32)
// CHECK-DAG:     %[[BIAS:.*]] = arith.constant 127 : i16
// CHECK-DAG:     %[[INF:.*]] = arith.constant 31744 : i16
// CHECK:         %[[H:.*]] = arith.truncf %[[X]] : f32 to f16
// CHECK:         %[[B:.*]] = arith.bitcast %[[H]] : f16 to i16
// CHECK:         arith.addi %{{.*}}, %[[BIAS]] : i16
// CHECK:         arith.cmpi ugt, %{{.*}}, %[[INF]] : i16
// CHECK:         %[[T:.*]] = arith.trunci %{{.*}} : i16 to i8
// CHECK:         %[[Q:.*]] = arith.bitcast %[[T]] : i8 to f8E5M2
// CHECK:         return %[[Q]]
// CHECK-NOT:     arith.truncf {{.*}} to f8E5M2
func.func @trunc(%x: f32) -> f8E5M2 {
  %q = arith.truncf %x : f32 to f8E5M2
  return %q : f8E5M2
}

// CHECK-LABEL: func.func @ext(
// CHECK-SAME:      %[[Q:.*]]: vector<4xf8E5M2>)
// CHECK:         %[[B:.*]] = arith.bitcast %[[Q]] : vector<4xf8E5M2> to vector<4xi8>
// CHECK:         %[[W:.*]] = arith.extui %[[B]] : vector<4xi8> to vector<4xi16>
// CHECK:         %[[S:.*]] = arith.shli %[[W]], %{{.*}} : vector<4xi16>
// CHECK:         %[[H:.*]] = arith.bitcast %[[S]] : vector<4xi16> to vector<4xf16>
// CHECK:         %[[F:.*]] = arith.extf %[[H]] : vector<4xf16> to vector<4xf32>
// CHECK:         return %[[F]]
func.func @ext(%q: vector<4xf8E5M2>) -> vector<4xf32> {
  %x = arith.extf %q : vector<4xf8E5M2> to vector<4xf32>
  return %x : vector<4xf32>
}

// Other rounding modes are left alone.
// CHECK-LABEL: func.func @toward_zero(
// CHECK:         arith.truncf %{{.*}} toward_zero : f32 to f8E5M2
func.func @toward_zero(%x: f32) -> f8E5M2 {
  %q = arith.truncf %x toward_zero : f32 to f8E5M2
  return %q : f8E5M2
}
