// RUN: trident-opt --plugin %linalg_plugin --pass-pipeline='builtin.module(func.func(linalg-cpu-fuse-elementwise))' %s | FileCheck %s
// RUN: %trident_compile %{kernels}/layernorm_f32.ttir --target cpu --emit llir -o - | FileCheck %s --check-prefix=LLIR

#map = affine_map<(d0) -> (d0)>

// The mask of tl.where (cmpi into a tensor of i1) fuses into the select,
// and both into the accumulation, whose outs stay the loop's iter_arg.
// (The mask's tensor.empty stays for the canonicalizer to remove.)
// CHECK-LABEL: func.func @masked_accumulate(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<256xf32>)
// CHECK-NOT:       linalg.generic
// CHECK:           %[[R:.*]] = linalg.generic {{.*}} ins(%[[ACC]], %{{.*}}, %{{.*}} : tensor<256xf32>, tensor<256xi32>, tensor<256xf32>) outs(%[[ACC]] : tensor<256xf32>)
// CHECK-NEXT:      ^bb0(
// CHECK-NEXT:        arith.cmpi slt
// CHECK-NEXT:        arith.select
// CHECK-NEXT:        arith.addf
// CHECK-NEXT:        linalg.yield
// CHECK-NEXT:      } -> tensor<256xf32>
// CHECK-NEXT:      scf.yield %[[R]]
func.func @masked_accumulate(%x: tensor<256xf32>, %cols: tensor<256xi32>, %n: i32, %steps: index) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %init = arith.constant dense<0.0> : tensor<256xf32>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %init) -> (tensor<256xf32>) {
    %e = tensor.empty() : tensor<256xi1>
    %mask = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%cols : tensor<256xi32>) outs(%e : tensor<256xi1>) {
    ^bb0(%c: i32, %o: i1):
      %m = arith.cmpi slt, %c, %n : i32
      linalg.yield %m : i1
    } -> tensor<256xi1>
    %sel = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%mask, %x : tensor<256xi1>, tensor<256xf32>) outs(%x : tensor<256xf32>) {
    ^bb0(%m: i1, %v: f32, %o: f32):
      %s = arith.select %m, %v, %zero : f32
      linalg.yield %s : f32
    } -> tensor<256xf32>
    %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%acc, %sel : tensor<256xf32>, tensor<256xf32>) outs(%acc : tensor<256xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<256xf32>
    scf.yield %sum : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}

// A producer with two uses stays: fusing it would compute it twice.
// CHECK-LABEL: func.func @shared_producer(
// CHECK-COUNT-3: linalg.generic
func.func @shared_producer(%x: tensor<256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %sq = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<256xf32>) outs(%x : tensor<256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%sq : tensor<256xf32>) outs(%x : tensor<256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%sq : tensor<256xf32>) outs(%x : tensor<256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.subf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  return %a, %b : tensor<256xf32>, tensor<256xf32>
}

// The f32 layer norm kernel: no i1 buffer left to a scalar loop, and no
// buffer allocated per loop iteration.
// LLIR-LABEL: define internal void @layernorm_fwd_kernel(
// LLIR-NOT:     alloca i1
// LLIR-NOT:     @malloc
// LLIR:         @llvm.vector.reduce.fadd
// LLIR-LABEL: define void @layernorm_fwd_kernel_trident_cpu_entry(
