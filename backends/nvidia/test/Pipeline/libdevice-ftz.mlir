// libdevice takes its flush-to-zero paths (the module flag nvvm-reflect-ftz,
// as upstream Triton sets it): f32 exp2 is one `ex2.approx.ftz.f32`, not the
// denormal-preserving `ex2.approx.f32` ptxas brackets with range checks.
//
// REQUIRES: libdevice
// RUN: trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --emit llir -o - | FileCheck %s --check-prefix=LLIR
// LLIR: !{i32 4, !"nvvm-reflect-ftz", i32 1}
// RUN: trident compile %s --plugin %nvidia_plugin --target nvidia:sm_90 --emit ptx -o - | FileCheck %s
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: ex2.approx.f32

module {
  tt.func public @exp2_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %x = tt.load %xp : tensor<128x!tt.ptr<f32>>
    %e = math.exp2 %x : tensor<128xf32>
    %ys = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %yp, %e : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
