// Vectors of 64-bit elements move as b64 words: two f64 per thread are one
// `ld.global.v2.b64` and one `st.global.v2.b64` (upstream's test_dot checks
// its f64 kernels' PTX for them), not four b32 words. Unmasked ones too take
// the asm form, under a true predicate: LLVM would turn a plain load whose
// users take it apart into b32 words.
//
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-convert-triton-gpu-to-llvm %s | FileCheck %s
// RUN: trident-opt --plugin %nvidia_plugin --nvidia-llir %s | trident-nvidia-translate --arch sm_90 --emit ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @copy_f64(
// CHECK: "@$3 ld.global.v2.b64 {$0, $1}, [$2];", "=l,=l,l,b"
// CHECK: "@$3 st.global.v2.b64 [$0], {$1, $2};", "l,l,l,b"
// CHECK-LABEL: llvm.func @copy_f64_unmasked(
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: "@$3 ld.global.v2.b64 {$0, $1}, [$2];", "=l,=l,l,b" %{{.*}}, %[[TRUE]]
// CHECK: "@$3 st.global.v2.b64 [$0], {$1, $2};", "l,l,l,b"
// PTX-LABEL: .visible .entry copy_f64(
// PTX: ld.global.v2.b64
// PTX: st.global.v2.b64

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_f64(%src: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %m0 = tt.splat %n : i32 -> tensor<64xi32, #blocked>
    %m = arith.cmpi slt, %r, %m0 : tensor<64xi32, #blocked>
    %s0 = tt.splat %src : !tt.ptr<f64> -> tensor<64x!tt.ptr<f64>, #blocked>
    %s = tt.addptr %s0, %r : tensor<64x!tt.ptr<f64>, #blocked>, tensor<64xi32, #blocked>
    %d0 = tt.splat %dst : !tt.ptr<f64> -> tensor<64x!tt.ptr<f64>, #blocked>
    %d = tt.addptr %d0, %r : tensor<64x!tt.ptr<f64>, #blocked>, tensor<64xi32, #blocked>
    %x = tt.load %s, %m : tensor<64x!tt.ptr<f64>, #blocked>
    tt.store %d, %x, %m : tensor<64x!tt.ptr<f64>, #blocked>
    tt.return
  }
  tt.func public @copy_f64_unmasked(%src: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f64> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %s0 = tt.splat %src : !tt.ptr<f64> -> tensor<64x!tt.ptr<f64>, #blocked>
    %s = tt.addptr %s0, %r : tensor<64x!tt.ptr<f64>, #blocked>, tensor<64xi32, #blocked>
    %d0 = tt.splat %dst : !tt.ptr<f64> -> tensor<64x!tt.ptr<f64>, #blocked>
    %d = tt.addptr %d0, %r : tensor<64x!tt.ptr<f64>, #blocked>, tensor<64xi32, #blocked>
    %x = tt.load %s : tensor<64x!tt.ptr<f64>, #blocked>
    tt.store %d, %x : tensor<64x!tt.ptr<f64>, #blocked>
    tt.return
  }
}
