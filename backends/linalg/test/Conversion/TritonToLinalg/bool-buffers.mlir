// RUN: trident-linalg-opt --linalg-triton-to-linalg %s | FileCheck %s

// Booleans are bytes: a !tt.ptr<i1> parameter is a memref<?xi8>, an i1
// load is `byte != 0` and an i1 store writes extui(i1).

// CHECK-LABEL: func.func @bool_access(
// CHECK-SAME:    %[[FLAGS:[a-z0-9_]+]]: memref<?xi8>
// CHECK:         %[[BYTE:.*]] = memref.load %[[FLAGS]][%{{.*}}] : memref<?xi8>
// CHECK:         %[[BIT:.*]] = arith.cmpi ne, %[[BYTE]], %{{.*}} : i8
// CHECK:         %[[NOT:.*]] = arith.xori %[[BIT]], %{{.*}} : i1
// CHECK:         %[[OUT:.*]] = arith.extui %[[NOT]] : i1 to i8
// CHECK:         memref.store %[[OUT]], %[[FLAGS]][%{{.*}}] : memref<?xi8>
tt.func public @bool_access(%flags: !tt.ptr<i1>) {
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %b = tt.load %flags : !tt.ptr<i1>
  %n = arith.xori %b, %true : i1
  %q = tt.addptr %flags, %c1 : !tt.ptr<i1>, i32
  tt.store %q, %n : !tt.ptr<i1>
  tt.return
}
