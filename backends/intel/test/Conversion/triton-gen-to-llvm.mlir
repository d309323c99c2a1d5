// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin %s -split-input-file --intel-convert-triton-gen-to-llvm -verify-diagnostics | FileCheck %s

// CHECK-DAG: llvm.func spir_funccc @_Z7barrierj(i32)
// CHECK-LABEL: llvm.func @barrier
llvm.func @barrier() {
  // CHECK: %[[L:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: llvm.call spir_funccc @_Z7barrierj(%[[L]]) : (i32) -> ()
  triton_gen.barrier
  // CHECK: %[[LG:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: llvm.call spir_funccc @_Z7barrierj(%[[LG]]) : (i32) -> ()
  triton_gen.barrier {mem_fence = "local_global"}
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @block_io
// CHECK-SAME: (%[[G:.*]]: !llvm.ptr<1>, %[[S:.*]]: !llvm.ptr<3>)
llvm.func @block_io(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>) {
  // CHECK: %[[V:.*]] = llvm.call spir_funccc @_Z30intel_sub_group_block_read_us8PU3AS1Kt(%[[G]]) : (!llvm.ptr<1>) -> vector<8xi16>
  %v = triton_gen.sub_group_block_read %g : !llvm.ptr<1> -> vector<8xi16>
  // CHECK: %[[W:.*]] = llvm.call spir_funccc @_Z26intel_sub_group_block_readPU3AS3Kj(%[[S]]) : (!llvm.ptr<3>) -> i32
  %w = triton_gen.sub_group_block_read %s : !llvm.ptr<3> -> i32
  // CHECK: llvm.call spir_funccc @_Z31intel_sub_group_block_write_us8PU3AS1tDv8_t(%[[G]], %[[V]]) : (!llvm.ptr<1>, vector<8xi16>) -> ()
  triton_gen.sub_group_block_write %g, %v : !llvm.ptr<1>, vector<8xi16>
  // CHECK: llvm.call spir_funccc @_Z27intel_sub_group_block_writePU3AS3jj(%[[S]], %[[W]]) : (!llvm.ptr<3>, i32) -> ()
  triton_gen.sub_group_block_write %s, %w : !llvm.ptr<3>, i32
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @dpas
// CHECK-SAME: (%[[C:.*]]: vector<8xf32>, %[[A:.*]]: vector<8xi16>, %[[B:.*]]: vector<8xi32>, %[[CI:.*]]: vector<8xi32>)
llvm.func @dpas(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<8xi32>, %ci: vector<8xi32>) {
  // CHECK: llvm.call spir_funccc @_Z38intel_sub_group_f16_f16_matrix_mad_k16Dv8_sDv8_iDv8_f(%[[A]], %[[B]], %[[C]]) : (vector<8xi16>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  // CHECK: llvm.call spir_funccc @_Z40intel_sub_group_bf16_bf16_matrix_mad_k16Dv8_sDv8_iDv8_f(
  %e = triton_gen.dpas %c, %a, %b {precision = "bf16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  // The accumulator repeats B's type: an Itanium substitution.
  // CHECK: llvm.call spir_funccc @_Z36intel_sub_group_i8_i8_matrix_mad_k32Dv8_sDv8_iS0_(%[[A]], %[[B]], %[[CI]])
  %f = triton_gen.dpas %ci, %a, %b {precision = "s8", rc = 8 : i32} : (vector<8xi32>, vector<8xi16>, vector<8xi32>) -> vector<8xi32>
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @predicated
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[PRED:.*]]: i1, %[[O:.*]]: f32)
llvm.func @predicated(%p: !llvm.ptr<1>, %pred: i1, %other: f32) -> f32 {
  // CHECK: llvm.cond_br %[[PRED]], ^[[THEN:.*]], ^[[JOIN:.*]](%[[O]] : f32)
  // CHECK: ^[[THEN]]:
  // CHECK: %[[L:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  // CHECK: llvm.br ^[[JOIN]](%[[L]] : f32)
  // CHECK: ^[[JOIN]](%[[R:.*]]: f32):
  %v = triton_gen.predicated_load %p, %pred, %other {alignment = 4 : i64} : (!llvm.ptr<1>, i1, f32) -> f32
  // CHECK: llvm.cond_br %[[PRED]], ^[[STORE:.*]], ^[[DONE:.*]]
  // CHECK: ^[[STORE]]:
  // CHECK: llvm.store %[[R]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
  triton_gen.predicated_store %p, %v, %pred {alignment = 4 : i64} : (!llvm.ptr<1>, f32, i1)
  llvm.return %v : f32
}

// -----

llvm.func @block_2d(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+2 {{failed to legalize operation 'triton_gen.2Dblockprefetch'}}
  // expected-error @+1 {{'triton_gen.2Dblockprefetch' op has no SPIR-V lowering: LLVM's SPIR-V target has no 2-D block I/O builtins}}
  triton_gen.2Dblockprefetch %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
  llvm.return
}
