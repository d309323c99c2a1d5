// Float arithmetic for NVIDIA: f32 division is PTX's approximate
// `div.full.f32`, as upstream Triton compiles it (tt.precise_divf stays IEEE,
// `div.rn.f32`). By default every operation rounds (`.rn`, no fma formed);
// `--opt fp-fusion=on` (upstream's default) lets a multiply feeding an add
// become one fma, the PTX operations carrying no rounding suffix so that
// ptxas may fuse too.
//
// RUN: trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --opt fp-fusion=on --emit ptx -o - | FileCheck %s --check-prefix=FUSED
// FUSED: div.full.f32
// FUSED: div.rn.f32
// FUSED: fma.rn.f32
// FUSED-NOT: mul.rn.f32
// FUSED-NOT: add.rn.f32
// FUSED: add.f32
//
// RUN: trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s --check-prefix=ROUNDED
// RUN: trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --opt fp-fusion=off --emit ptx -o - | FileCheck %s --check-prefix=ROUNDED
// ROUNDED: div.full.f32
// ROUNDED: div.rn.f32
// ROUNDED-NOT: fma.rn.f32
// ROUNDED: mul.rn.f32
// ROUNDED: add.rn.f32
//
// RUN: not trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --opt fp-fusion=maybe -o %t.tkb 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: trident compile: stage 'llir' failed: option 'fp-fusion' takes on or off, got 'maybe'
//
// RUN: not trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --opt fp_fusion=on -o %t.tkb 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: trident compile: target 'nvidia' has no option 'fp_fusion' (its options: fp-fusion)

module {
  tt.func public @arith(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %z_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %x = tt.load %xp : tensor<128x!tt.ptr<f32>>
    %ys = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %y = tt.load %yp : tensor<128x!tt.ptr<f32>>
    %q = arith.divf %x, %y : tensor<128xf32>
    %p = tt.precise_divf %q, %y : tensor<128xf32>
    %m = arith.mulf %p, %x : tensor<128xf32>
    %a = arith.addf %m, %y : tensor<128xf32>
    %b = arith.addf %a, %x : tensor<128xf32>
    %zs = tt.splat %z_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %zp = tt.addptr %zs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %zp, %b : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
