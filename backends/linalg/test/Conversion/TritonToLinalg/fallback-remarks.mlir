// RUN: trident-linalg-opt --linalg-triton-to-linalg=report-fallbacks -split-input-file -verify-diagnostics %s -o /dev/null

// Why an access falls back to gather/scatter (remarks, not errors).

tt.func public @loaded_offsets(%x: !tt.ptr<f32>, %idx: tensor<8xi32>) -> tensor<8xf32> {
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %idx : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // expected-remark @below {{gather/scatter fallback: a block argument that is not a tracked loop-carried pointer}}
  %v = tt.load %a : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// -----

tt.func public @two_ranges(%x: !tt.ptr<f32>) -> tensor<8xf32> {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %sq = arith.muli %r, %r : tensor<8xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %sq : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // expected-remark @below {{gather/scatter fallback: multiplies two non-uniform tensors}}
  %v = tt.load %a : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// -----

tt.func public @divided_range(%x: !tt.ptr<f32>) -> tensor<8xf32> {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %two = arith.constant dense<2> : tensor<8xi32>
  %half = arith.divsi %r, %two : tensor<8xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %half : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // expected-remark @below {{gather/scatter fallback: division of a range}}
  %v = tt.load %a : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// -----

tt.func public @unsigned_mask(%x: !tt.ptr<f32>, %n: i32) -> tensor<8xf32> {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %b = tt.splat %n : i32 -> tensor<8xi32>
  %m = arith.cmpi ult, %r, %b : tensor<8xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // expected-remark @below {{gather/scatter fallback: a mask comparison with predicate 'ult'}}
  %v = tt.load %a, %m : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// -----

tt.func public @range_vs_range(%x: !tt.ptr<f32>) -> tensor<8xf32> {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %s = tt.make_range {end = 9 : i32, start = 1 : i32} : tensor<8xi32>
  %m = arith.cmpi slt, %r, %s : tensor<8xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // expected-remark @below {{gather/scatter fallback: a comparison of two ranges}}
  %v = tt.load %a, %m : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// -----

tt.func public @or_mask(%x: !tt.ptr<f32>, %m1: tensor<8xi1>, %m2: tensor<8xi1>) -> tensor<8xf32> {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %m = arith.ori %m1, %m2 : tensor<8xi1>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // expected-remark @below {{gather/scatter fallback: a mask computed by 'arith.ori', which the analysis does not model}}
  %v = tt.load %a, %m : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// -----

// A loop whose pointer step changes the strides is not carried as offsets.
tt.func public @varying_stride(%x: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = arith.constant dense<1.0> : tensor<8xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %a) -> (tensor<8x!tt.ptr<f32>>) : i32 {
    // expected-remark @below {{gather/scatter fallback: a block argument that is not a tracked loop-carried pointer}}
    tt.store %ptr, %v : tensor<8x!tt.ptr<f32>>
    %next = tt.addptr %ptr, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    scf.yield %next : tensor<8x!tt.ptr<f32>>
  }
  tt.return
}
