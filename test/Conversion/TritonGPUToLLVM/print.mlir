// RUN: trident-opt %s --test-convert-tritongpu-to-llvm | FileCheck %s

// tt.print: one printf per element a thread holds, with Triton's format
// (the test target's printf keeps each format as @test_printf_format_<n>).

// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_0("pid (%u, %u, %u) idx (%2u) x: %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_1("pid (%u, %u, %u) idx (%2u) x: %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_2("pid (%u, %u, %u) idx (%1u, %1u) m: (operand 0) 0x%08x\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_3("pid (%u, %u, %u) idx (%1u, %1u) m: (operand 1) 0x%04x\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_4("pid (%u, %u, %u) idx () s: %f\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_5("pid (%u, %u, %u) idx () s: %llu\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_6("pid (%u, %u, %u) idx () s: %p\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_7("pid (%u, %u, %u) 100%% done\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @test_printf_format_8("pid (%u, %u, %u) idx (%2u) u8: %u\0A\00")

#b1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Two elements per thread: two printfs, each with the pids, the index and
// the value.
// CHECK-LABEL: llvm.func @tensor
// CHECK-SAME: %[[X:[^:]*]]: !llvm.struct<(i32, i32)>
// CHECK: %[[P0:.*]] = llvm.call @test_program_id_0()
// CHECK: %[[P1:.*]] = llvm.call @test_program_id_1()
// CHECK: %[[P2:.*]] = llvm.call @test_program_id_2()
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %[[X]][1]
// CHECK: %[[F0:.*]] = llvm.mlir.addressof @test_printf_format_0
// CHECK: llvm.call @test_printf(%[[F0]], %[[P0]], %[[P1]], %[[P2]], %{{.*}}, %[[E0]]) vararg
// CHECK: %[[F1:.*]] = llvm.mlir.addressof @test_printf_format_1
// CHECK: llvm.call @test_printf(%[[F1]], %[[P0]], %[[P1]], %[[P2]], %{{.*}}, %[[E1]]) vararg
// CHECK-NOT: @test_printf(
// CHECK: llvm.return
tt.func public @tensor(%x: tensor<64xi32, #b1>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<64xi32, #b1>
  tt.return
}

// Two operands in hex: an f32's bits, an f16's bits (zero-extended).
// CHECK-LABEL: llvm.func @hex
// CHECK: %[[A:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: llvm.call @test_printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[A]]) vararg
// CHECK: %[[B:.*]] = llvm.bitcast %{{.*}} : f16 to i16
// CHECK: %[[BZ:.*]] = llvm.zext %[[B]] : i16 to i32
// CHECK: llvm.call @test_printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[BZ]]) vararg
tt.func public @hex(%a: tensor<4x8xf32, #b2>, %b: tensor<4x8xf16, #b2>) {
  tt.print " m: " {hex = true, isSigned = array<i32: 0, 0>} : %a, %b : tensor<4x8xf32, #b2>, tensor<4x8xf16, #b2>
  tt.return
}

// Scalars: a float (promoted to double by the target), an unsigned i64, a
// pointer; then a print without operands, whose prefix's % is escaped.
// CHECK-LABEL: llvm.func @scalars
// CHECK: %[[D:.*]] = llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.call @test_printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[D]]) vararg
// CHECK: llvm.call @test_printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) vararg
// CHECK: llvm.call @test_printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) vararg
// CHECK: %[[F9:.*]] = llvm.mlir.addressof @test_printf_format_7
// CHECK: llvm.call @test_printf(%[[F9]], %{{.*}}, %{{.*}}, %{{.*}}) vararg
tt.func public @scalars(%f: f32, %i: i64, %p: !tt.ptr<f32>) {
  tt.print " s: " {hex = false, isSigned = array<i32: 0>} : %f : f32
  tt.print " s: " {hex = false, isSigned = array<i32: 0>} : %i : i64
  tt.print " s: " {hex = false, isSigned = array<i32: 0>} : %p : !tt.ptr<f32>
  tt.print " 100% done" {hex = false, isSigned = array<i32>}
  tt.return
}

// An unsigned i8 is zero-extended, not sign-extended.
// CHECK-LABEL: llvm.func @unsigned_narrow
// CHECK: %[[U:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: llvm.call @test_printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[U]]) vararg
tt.func public @unsigned_narrow(%x: tensor<64xi8, #b1>) {
  tt.print " u8: " {hex = false, isSigned = array<i32: 0>} : %x : tensor<64xi8, #b1>
  tt.return
}

}
