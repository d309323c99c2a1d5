// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s --check-prefix=AXIS
// RUN: trident-opt %s --test-convert-tritongpu-to-llvm=assume-contiguity=1 | FileCheck %s --check-prefix=SCALAR
// RUN: trident-opt %s --test-convert-tritongpu-to-llvm=assume-contiguity=4 | FileCheck %s --check-prefix=VEC
// RUN: trident-opt %s --test-convert-tritongpu-to-llvm=assume-contiguity=2 | FileCheck %s --check-prefix=VEC2

// Loads and stores by layout: one access per register, or per group of
// registers when the pointers are known to be contiguous and aligned.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// Lanes repeat: 32 lanes over 16 elements, so half the lanes hold duplicates.
#dup = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Without tt.divisibility the axis analysis proves no alignment.
// AXIS-LABEL: llvm.func @load_masked
// AXIS-NOT: vector<4xf32>
// AXIS-LABEL: llvm.func @scalar
// SCALAR-LABEL: llvm.func @load_masked
// VEC-LABEL: llvm.func @load_masked
// VEC2-LABEL: llvm.func @load_masked
tt.func public @load_masked(%p: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
  %other = arith.constant dense<-1.0> : tensor<128xf32, #blocked>
  // Without contiguity: four masked loads of one element, `other` passed through.
  // SCALAR: %[[OTHER:.*]] = llvm.mlir.constant(-1.000000e+00 : f32) : f32
  // SCALAR-COUNT-4: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr<1>, vector<1xi1>, vector<1xf32>) -> vector<1xf32>
  // SCALAR-NOT: llvm.intr.masked.load
  // With 4 contiguous elements: one 16-byte load with a mask per element.
  // VEC: llvm.insertelement %{{.*}} : vector<4xi1>
  // VEC: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32} : (!llvm.ptr<1>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  // VEC-COUNT-4: llvm.extractelement %{{.*}} : vector<4xf32>
  // VEC-NOT: llvm.intr.masked.load
  // VEC2-COUNT-2: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 8 : i32} : (!llvm.ptr<1>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
  // VEC2-NOT: llvm.intr.masked.load
  %x = tt.load %ptrs, %m, %other : tensor<128x!tt.ptr<f32>, #blocked>
  // An unmasked load is a plain load.
  // SCALAR-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  // VEC: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  %y = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
  // Stores: masked per element; each lane holds distinct data, so no lane
  // predicate is added.
  // SCALAR-COUNT-4: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xf32>, vector<1xi1> into !llvm.ptr<1>
  // VEC: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr<1>
  tt.store %ptrs, %x, %m : tensor<128x!tt.ptr<f32>, #blocked>
  // SCALAR-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
  // VEC: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  tt.store %ptrs, %y : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

// Scalar loads and stores through a single pointer.
// SCALAR-LABEL: llvm.func @scalar
// VEC-LABEL: llvm.func @scalar
// VEC2-LABEL: llvm.func @scalar
// SCALAR: %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// SCALAR: llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
tt.func public @scalar(%p: !tt.ptr<i32>) {
  %v = tt.load %p : !tt.ptr<i32>
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}

// Lanes 16..31 duplicate lanes 0..15: only lanes with bit 4 clear store.
// SCALAR-LABEL: llvm.func @store_dup
// SCALAR: llvm.getelementptr
// SCALAR: %[[TID:.*]] = llvm.call @test_thread_id()
// SCALAR: %[[LANE:.*]] = llvm.urem %[[TID]]
// SCALAR: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// SCALAR: %[[BIT:.*]] = llvm.and %[[LANE]], %[[C16]] : i32
// SCALAR: %[[PRED:.*]] = llvm.icmp "eq" %[[BIT]], %{{.*}} : i32
// SCALAR: %[[M:.*]] = llvm.insertelement %[[PRED]]
// SCALAR: llvm.intr.masked.store %{{.*}}, %{{.*}}, %[[M]]
tt.func public @store_dup(%p: !tt.ptr<f32>, %x: f32) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #dup>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #dup>
  %ptrs = tt.addptr %ps, %r : tensor<16x!tt.ptr<f32>, #dup>, tensor<16xi32, #dup>
  %v = tt.splat %x : f32 -> tensor<16xf32, #dup>
  tt.store %ptrs, %v : tensor<16x!tt.ptr<f32>, #dup>
  tt.return
}

// The vadd shape: a 16-aligned base plus a range, masked against n (16-
// divisible): the axis analysis proves 4 contiguous, aligned elements with
// one mask value per group, so each access is one 16-byte vector with a
// single predicate.
// AXIS-LABEL: llvm.func @axis_vadd
// AXIS: llvm.insertelement %[[M:.*]], %{{.*}} : vector<4xi1>
// AXIS-NEXT: llvm.mlir.constant(1 : i32)
// AXIS-NEXT: llvm.insertelement %[[M]], %{{.*}} : vector<4xi1>
// AXIS-NEXT: llvm.mlir.constant(2 : i32)
// AXIS-NEXT: llvm.insertelement %[[M]], %{{.*}} : vector<4xi1>
// AXIS-NEXT: llvm.mlir.constant(3 : i32)
// AXIS-NEXT: llvm.insertelement %[[M]], %{{.*}} : vector<4xi1>
// AXIS-COUNT-2: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32} : (!llvm.ptr<1>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// AXIS: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr<1>
tt.func public @axis_vadd(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %pid = tt.get_program_id x : i32
  %c128 = arith.constant 128 : i32
  %off = arith.muli %pid, %c128 : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %offs = tt.splat %off : i32 -> tensor<128xi32, #blocked>
  %idx = arith.addi %offs, %r : tensor<128xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
  %m = arith.cmpi slt, %idx, %ns : tensor<128xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %ps, %idx : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %ptrs, %m : tensor<128x!tt.ptr<f32>, #blocked>
  %y = tt.load %ptrs, %m : tensor<128x!tt.ptr<f32>, #blocked>
  %z = arith.addf %x, %y : tensor<128xf32, #blocked>
  tt.store %ptrs, %z, %m : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

}
