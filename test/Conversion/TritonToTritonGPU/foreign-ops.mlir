// RUN: trident-opt %s -split-input-file --allow-unregistered-dialect -convert-triton-to-tritongpu="num-warps=4" | FileCheck %s

// Ops of other dialects and unregistered ops next to Triton's: a module may
// hold llvm.func helpers, which have no tensors to convert, and an op the
// context does not know takes and gives tensors in the default layout like
// any other op.

// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @helper
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: llvm.return %[[X]] : i32
llvm.func @helper(%x: i32) -> i32 {
  llvm.return %x : i32
}
// CHECK-LABEL: tt.func @kernel
// CHECK-SAME: tensor<128xf32, #[[B]]>
tt.func @kernel(%x: tensor<128xf32>) {
  tt.return
}

// -----

// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @unregistered
// CHECK: %[[Y:.*]] = "foo.bar"(%{{.*}}) {some.attr = 1 : i32} : (tensor<128xf32, #[[B]]>) -> tensor<128xf32, #[[B]]>
// CHECK: tt.return %[[Y]] : tensor<128xf32, #[[B]]>
tt.func @unregistered(%x: tensor<128xf32>) -> tensor<128xf32> {
  %y = "foo.bar"(%x) {some.attr = 1 : i32} : (tensor<128xf32>) -> tensor<128xf32>
  tt.return %y : tensor<128xf32>
}

// -----

// An unregistered op with a region: its block arguments convert too.
// CHECK-LABEL: tt.func @unregistered_region
// CHECK: "foo.region"(%{{.*}}) ({
// CHECK: ^bb0(%{{.*}}: tensor<128xf32, #{{.*}}>):
// CHECK: }) : (tensor<128xf32, #{{.*}}>) -> ()
tt.func @unregistered_region(%x: tensor<128xf32>) {
  "foo.region"(%x) ({
  ^bb0(%a: tensor<128xf32>):
    "foo.yield"(%a) : (tensor<128xf32>) -> ()
  }) : (tensor<128xf32>) -> ()
  tt.return
}
