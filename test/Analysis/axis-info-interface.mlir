// RUN: trident-opt %s -split-input-file -test-print-axis-info -o /dev/null 2>&1 | FileCheck %s

// An op of another dialect that states its facts through
// trident::AxisInfoOpInterface (test/lib attaches it to gpu.block_dim, as a
// plugin attaches it to its own ops): block_dim x is a multiple of 32, and
// the facts flow on through the core's rules. block_dim y has no facts.
tt.func public @stated(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [32], constancy = [1], constant_value = <none>
  %bx = gpu.block_dim x
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %by = gpu.block_dim y
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [32], constancy = [1], constant_value = <none>
  %i = arith.index_cast %bx : index to i32
  %c4 = arith.constant 4 : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [128], constancy = [1], constant_value = <none>
  %off = arith.muli %i, %c4 : i32
  // CHECK: :[[@LINE+1]]:{{.*}} contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %p = tt.addptr %x, %off : !tt.ptr<f32>, i32
  tt.return
}
