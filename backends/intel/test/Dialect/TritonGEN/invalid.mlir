// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin %s -split-input-file -verify-diagnostics

// Every diagnostic of the triton_gen verifiers.

llvm.func @barrier() {
  // expected-error @+1 {{'triton_gen.barrier' op expects mem_fence to be "local", "global", "local_global" or "none", got "shared"}}
  triton_gen.barrier {mem_fence = "shared"}
  llvm.return
}

// -----

llvm.func @block_read_space(%p: !llvm.ptr) {
  // expected-error @+1 {{expects a pointer to global (1) or shared local (3) memory, got address space 0}}
  %v = triton_gen.sub_group_block_read %p : !llvm.ptr -> i32
  llvm.return
}

// -----

llvm.func @block_read_float(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{expects i8, i16, i32 or i64 elements, got 'vector<2xf32>'}}
  %v = triton_gen.sub_group_block_read %p : !llvm.ptr<1> -> vector<2xf32>
  llvm.return
}

// -----

llvm.func @block_write_count(%p: !llvm.ptr<3>, %v: vector<3xi32>) {
  // expected-error @+1 {{expects 1, 2, 4 or 8 elements (16 for i8), got 'vector<3xi32>'}}
  triton_gen.sub_group_block_write %p, %v : !llvm.ptr<3>, vector<3xi32>
  llvm.return
}

// -----

llvm.func @block_write_16(%p: !llvm.ptr<1>, %v: vector<16xi16>) {
  // expected-error @+1 {{expects 1, 2, 4 or 8 elements (16 for i8), got 'vector<16xi16>'}}
  triton_gen.sub_group_block_write %p, %v : !llvm.ptr<1>, vector<16xi16>
  llvm.return
}

// -----

llvm.func @dpas_precision(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects precision "f16", "bf16", "s8" or "u8", got "f64"}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f64", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  llvm.return
}

// -----

llvm.func @dpas_rc(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects rc (repeat count) of 1, 2, 4 or 8, got 3}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 3 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  llvm.return
}

// -----

llvm.func @dpas_result(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects the result type to be the accumulator type 'vector<8xf32>', got 'vector<8xi32>'}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xi32>
  llvm.return
}

// -----

llvm.func @dpas_float_acc(%c: vector<8xi32>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects an f32 accumulator for precision "bf16", got 'vector<8xi32>'}}
  %d = triton_gen.dpas %c, %a, %b {precision = "bf16", rc = 8 : i32} : (vector<8xi32>, vector<8xi16>, vector<8xi32>) -> vector<8xi32>
  llvm.return
}

// -----

llvm.func @dpas_int_acc(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects an i32 accumulator for precision "u8", got 'vector<8xf32>'}}
  %d = triton_gen.dpas %c, %a, %b {precision = "u8", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  llvm.return
}

// -----

llvm.func @dpas_c_len(%c: vector<4xf32>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects an accumulator of rc = 8 elements, got 'vector<4xf32>'}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<4xf32>, vector<8xi16>, vector<8xi32>) -> vector<4xf32>
  llvm.return
}

// -----

llvm.func @dpas_a_len(%c: vector<8xf32>, %a: vector<4xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{expects A of rc = 8 packed elements, got 'vector<4xi16>'}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<4xi16>, vector<8xi32>) -> vector<8xf32>
  llvm.return
}

// -----

llvm.func @dpas_b_len(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<4xi32>) {
  // expected-error @+1 {{expects B of 8 packed dwords (systolic depth 8), got 'vector<4xi32>'}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<4xi32>) -> vector<8xf32>
  llvm.return
}

// -----

llvm.func @dpas_ods(%c: vector<8xf16>, %a: vector<8xi16>, %b: vector<8xi32>) {
  // expected-error @+1 {{operand #0 must be fixed-length vector of 32-bit float or 32-bit signless integer values of ranks 1}}
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf16>, vector<8xi16>, vector<8xi32>) -> vector<8xf16>
  llvm.return
}

// -----

llvm.func @load_elem(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects elem_size_in_bits of 8, 16, 32 or 64, got 4}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 4 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<4xi8>
  llvm.return
}

// -----

llvm.func @load_height(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects a power-of-two tile_height from 1 to 32, got 64}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 64 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<64xi16>
  llvm.return
}

// -----

llvm.func @load_width(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects a power-of-two tile_width of at most 64 bytes, got 64 elements of 16 bits}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 64 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<32xi16>
  llvm.return
}

// -----

llvm.func @load_vblocks(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects v_blocks of 1, 2 or 4, got 3}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 3 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<24xi16>
  llvm.return
}

// -----

llvm.func @load_both(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects at most one of transpose and vnni_transform}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = true, vnni_transform = true} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>
  llvm.return
}

// -----

llvm.func @load_transpose(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects 32- or 64-bit elements with transpose, got 16}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = true} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>
  llvm.return
}

// -----

llvm.func @load_vnni(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects 8- or 16-bit elements with vnni_transform, got 32}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 32 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, vnni_transform = true} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
  llvm.return
}

// -----

llvm.func @load_result(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects 128 bits per lane for a 8x16x1 tile of 16-bit elements, got 'vector<16xi16>'}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<16xi16>
  llvm.return
}

// -----

llvm.func @load_ptr(%p: !llvm.ptr<3>, %i: i32) {
  // expected-error @+1 {{operand #0 must be LLVM pointer in address space 1}}
  %t = triton_gen.2Dblockload %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<3>, i32, i32, i32, i32, i32) -> vector<8xi16>
  llvm.return
}

// -----

llvm.func @store_vblocks(%p: !llvm.ptr<1>, %i: i32, %v: vector<16xi16>) {
  // expected-error @+1 {{expects v_blocks = 1 for a store, got 2}}
  triton_gen.2Dblockstore %p, %i, %i, %i, %i, %i, %v {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 2 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<16xi16>)
  llvm.return
}

// -----

llvm.func @store_value(%p: !llvm.ptr<1>, %i: i32, %v: vector<4xi16>) {
  // expected-error @+1 {{expects 128 bits per lane for a 8x16x1 tile of 16-bit elements, got 'vector<4xi16>'}}
  triton_gen.2Dblockstore %p, %i, %i, %i, %i, %i, %v {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<4xi16>)
  llvm.return
}

// -----

llvm.func @prefetch_height(%p: !llvm.ptr<1>, %i: i32) {
  // expected-error @+1 {{expects a power-of-two tile_height from 1 to 32, got 3}}
  triton_gen.2Dblockprefetch %p, %i, %i, %i, %i, %i {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 3 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
  llvm.return
}

// -----

llvm.func @load_default(%p: !llvm.ptr<1>, %pred: i1, %other: f32) {
  // expected-error @+1 {{expects the default value to have the result type 'vector<4xf32>', got 'f32'}}
  %v = triton_gen.predicated_load %p, %pred, %other {alignment = 16 : i64} : (!llvm.ptr<1>, i1, f32) -> vector<4xf32>
  llvm.return
}

// -----

llvm.func @load_alignment(%p: !llvm.ptr<1>, %pred: i1, %other: f32) {
  // expected-error @+1 {{expects a positive power-of-two alignment, got 12}}
  %v = triton_gen.predicated_load %p, %pred, %other {alignment = 12 : i64} : (!llvm.ptr<1>, i1, f32) -> f32
  llvm.return
}

// -----

llvm.func @store_alignment(%p: !llvm.ptr<1>, %pred: i1, %v: f32) {
  // expected-error @+1 {{expects a positive power-of-two alignment, got 0}}
  triton_gen.predicated_store %p, %v, %pred {alignment = 0 : i64} : (!llvm.ptr<1>, f32, i1)
  llvm.return
}
