// tt.histogram (ballots, shared-memory atomics) and tt.gather (through
// shared memory), lowered by the core patterns with the test target and run
// on CPU threads (Inputs/simt_runtime.c), checked against references
// computed in C (Inputs/histogram_gather_main.c): masked and out-of-range
// values, narrow values, fewer bins than lanes, copies of the source in
// several warps, i32 and i64 indices, 1-D and 2-D gathers, through shared
// memory and within a warp (shuffles) or a thread (selects).
//
// RUN: trident-opt %S/Inputs/histogram_gather.mlir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -O2 -filetype=obj %t.ll -o %t.o
// RUN: clang -O1 -w %S/Inputs/simt_runtime.c %S/Inputs/histogram_gather_main.c %t.o -lpthread -lm -o %t
// RUN: %t | FileCheck %s
// CHECK: histogram64: {{[1-9][0-9]*}} counted, 0 bins wrong
// CHECK-NEXT: histogram8: 0 bins wrong
// CHECK-NEXT: gather_rows: 0 wrong, gather_1d: 0 wrong
// CHECK-NEXT: gather_lanes: 0 wrong, gather_thread: 0 wrong
// CHECK-NEXT: tails untouched 1

// The warp-local gathers use no shared memory.
// RUN: trident-opt %S/Inputs/histogram_gather.mlir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm | FileCheck %s --check-prefix=IR
// IR-LABEL: llvm.func @gather_rows
// IR: llvm.call @test_barrier()
// IR-LABEL: llvm.func @gather_lanes
// IR-NOT: @test_barrier
// IR-NOT: @test_load_shared
// IR: llvm.call @test_shuffle_idx_f32
// IR-NOT: @test_barrier
// IR-LABEL: llvm.func @gather_thread
// IR-NOT: @test_shuffle_idx_f32
// IR-NOT: @test_barrier
// IR-NOT: @test_load_shared
// IR: llvm.select
// IR-NOT: @test_barrier
// IR: llvm.return
