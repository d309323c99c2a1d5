// RUN: trident-opt --plugin %linalg_plugin --linalg-memref-copy-to-linalg %s | FileCheck %s

// CHECK-LABEL: func.func @copy(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32, strided<[2]>>, %[[B:.*]]: memref<?xf32>)
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<?xf32, strided<[2]>>) outs(%[[B]] : memref<?xf32>)
// CHECK-NEXT:    return
func.func @copy(%a: memref<?xf32, strided<[2]>>, %b: memref<?xf32>) {
  memref.copy %a, %b : memref<?xf32, strided<[2]>> to memref<?xf32>
  return
}
