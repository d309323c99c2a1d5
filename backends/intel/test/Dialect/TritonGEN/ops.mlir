// REQUIRES: intel-plugin
// RUN: trident-opt --plugin %intel_plugin %s | trident-opt --plugin %intel_plugin | FileCheck %s

// Every triton_gen operation parses, verifies and prints back.

// CHECK-LABEL: llvm.func @barrier
llvm.func @barrier() {
  // CHECK: triton_gen.barrier{{$}}
  triton_gen.barrier
  // CHECK: triton_gen.barrier {mem_fence = "global"}
  triton_gen.barrier {mem_fence = "global"}
  llvm.return
}

// CHECK-LABEL: llvm.func @block_read_write
// CHECK-SAME: (%[[G:.*]]: !llvm.ptr<1>, %[[S:.*]]: !llvm.ptr<3>)
llvm.func @block_read_write(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>) {
  // CHECK: %[[V:.*]] = triton_gen.sub_group_block_read %[[G]] : !llvm.ptr<1> -> vector<8xi16>
  %v = triton_gen.sub_group_block_read %g : !llvm.ptr<1> -> vector<8xi16>
  // CHECK: %[[W:.*]] = triton_gen.sub_group_block_read %[[S]] : !llvm.ptr<3> -> i32
  %w = triton_gen.sub_group_block_read %s : !llvm.ptr<3> -> i32
  // CHECK: triton_gen.sub_group_block_read %[[G]] : !llvm.ptr<1> -> vector<16xi8>
  %b = triton_gen.sub_group_block_read %g : !llvm.ptr<1> -> vector<16xi8>
  // CHECK: triton_gen.sub_group_block_write %[[S]], %[[V]] : !llvm.ptr<3>, vector<8xi16>
  triton_gen.sub_group_block_write %s, %v : !llvm.ptr<3>, vector<8xi16>
  // CHECK: triton_gen.sub_group_block_write %[[G]], %[[W]] : !llvm.ptr<1>, i32
  triton_gen.sub_group_block_write %g, %w : !llvm.ptr<1>, i32
  llvm.return
}

// CHECK-LABEL: llvm.func @dpas
llvm.func @dpas(%c: vector<8xf32>, %a: vector<8xi16>, %b: vector<8xi32>,
                %ci: vector<4xi32>, %ai: vector<4xi16>) {
  // CHECK: triton_gen.dpas %{{.*}}, %{{.*}}, %{{.*}} {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  %d = triton_gen.dpas %c, %a, %b {precision = "f16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  // CHECK: triton_gen.dpas {{.*}} {precision = "bf16", rc = 8 : i32}
  %e = triton_gen.dpas %d, %a, %b {precision = "bf16", rc = 8 : i32} : (vector<8xf32>, vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  // CHECK: triton_gen.dpas {{.*}} {precision = "s8", rc = 4 : i32} : (vector<4xi32>, vector<4xi16>, vector<8xi32>) -> vector<4xi32>
  %f = triton_gen.dpas %ci, %ai, %b {precision = "s8", rc = 4 : i32} : (vector<4xi32>, vector<4xi16>, vector<8xi32>) -> vector<4xi32>
  llvm.return
}

// CHECK-LABEL: llvm.func @block_2d
llvm.func @block_2d(%p: !llvm.ptr<1>, %w: i32, %h: i32, %pitch: i32, %x: i32, %y: i32) {
  // CHECK: %[[T:.*]] = triton_gen.2Dblockload %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {elem_size_in_bits = 16 : i32, tile_height = 8 : i32, tile_width = 16 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>
  %t = triton_gen.2Dblockload %p, %w, %h, %pitch, %x, %y {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>
  // CHECK: triton_gen.2Dblockload {{.*}} vnni_transform = true} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<32xi32>
  %b = triton_gen.2Dblockload %p, %w, %h, %pitch, %x, %y {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 32 : i32, v_blocks = 2 : i32, vnni_transform = true} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<32xi32>
  // CHECK: triton_gen.2Dblockload {{.*}} transpose = true, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
  %tr = triton_gen.2Dblockload %p, %w, %h, %pitch, %x, %y {elem_size_in_bits = 32 : i32, tile_width = 8 : i32, tile_height = 16 : i32, v_blocks = 1 : i32, transpose = true} : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
  // CHECK: triton_gen.2Dblockstore {{.*}}, %[[T]] {elem_size_in_bits = 16 : i32, tile_height = 8 : i32, tile_width = 16 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi16>)
  triton_gen.2Dblockstore %p, %w, %h, %pitch, %x, %y, %t {elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi16>)
  // CHECK: triton_gen.2Dblockprefetch {{.*}} {elem_size_in_bits = 8 : i32, tile_height = 32 : i32, tile_width = 64 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
  triton_gen.2Dblockprefetch %p, %w, %h, %pitch, %x, %y {elem_size_in_bits = 8 : i32, tile_width = 64 : i32, tile_height = 32 : i32, v_blocks = 1 : i32} : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
  llvm.return
}

// CHECK-LABEL: llvm.func @predicated
llvm.func @predicated(%p: !llvm.ptr<1>, %pred: i1, %other: vector<4xf32>) {
  // CHECK: %[[L:.*]] = triton_gen.predicated_load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i64} : (!llvm.ptr<1>, i1, vector<4xf32>) -> vector<4xf32>
  %v = triton_gen.predicated_load %p, %pred, %other {alignment = 16 : i64} : (!llvm.ptr<1>, i1, vector<4xf32>) -> vector<4xf32>
  // CHECK: triton_gen.predicated_store %{{.*}}, %[[L]], %{{.*}} {alignment = 16 : i64} : (!llvm.ptr<1>, vector<4xf32>, i1)
  triton_gen.predicated_store %p, %v, %pred {alignment = 16 : i64} : (!llvm.ptr<1>, vector<4xf32>, i1)
  llvm.return
}
