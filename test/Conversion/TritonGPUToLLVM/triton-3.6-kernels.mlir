// REQUIRES: shared-kernels
// RUN: trident-opt %{shared_kernels}/vadd.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm -o %t.vadd
// RUN: FileCheck %s --check-prefix=VADD < %t.vadd
// RUN: not grep -E '(= |^ *)(tt|ttg|arith|math|scf|cf)\.[a-z_]+' %t.vadd
// RUN: trident-opt %{shared_kernels}/gelu.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm -o %t.gelu
// RUN: FileCheck %s --check-prefix=GELU < %t.gelu
// RUN: not grep -E '(= |^ *)(tt|ttg|arith|math|scf|cf)\.[a-z_]+' %t.gelu
// RUN: trident-opt %{shared_kernels}/softmax.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm -o %t.softmax
// RUN: FileCheck %s --check-prefix=SOFTMAX < %t.softmax
// RUN: not grep -E '(= |^ *)(tt|ttg|arith|math|scf|cf)\.[a-z_]+' %t.softmax
// RUN: trident-opt %{shared_kernels}/layernorm.ttgir --ttg-allocate-shared-memory --ttg-insert-barriers --test-convert-tritongpu-to-llvm -o %t.layernorm
// RUN: FileCheck %s --check-prefix=LAYERNORM < %t.layernorm
// RUN: not grep -E '(= |^ *)(tt|ttg|arith|math|scf|cf)\.[a-z_]+' %t.layernorm

// The Triton 3.6 TTGIR of vadd, gelu, softmax and layernorm (blocked
// layouts, after coalescing) lowers entirely to the LLVM dialect.

// No tt, ttg, arith, math, scf or cf operation is left (the greps).

// Pointers are 16-byte aligned (tt.divisibility) and ranges contiguous: the
// axis analysis gives 16-byte accesses (8 x f16 for layernorm).
// VADD: llvm.func @vadd(
// VADD-COUNT-4: llvm.intr.masked.load {{.*}} -> vector<4xf32>
// VADD: llvm.intr.masked.store {{.*}} : vector<4xf32>, vector<4xi1> into !llvm.ptr<1>
// GELU: llvm.func @gelu(
// GELU: llvm.intr.exp
// GELU: llvm.intr.masked.store {{.*}} : vector<4xf32>, vector<4xi1> into !llvm.ptr<1>

// Softmax: two reductions across 8 warps, a barrier between them.
// SOFTMAX: module attributes {{{.*}}ttg.shared = 32 : i32
// SOFTMAX: llvm.func @row_softmax(
// SOFTMAX: llvm.intr.masked.load {{.*}} -> vector<4xf32>
// SOFTMAX: llvm.call @test_shuffle_xor_f32
// SOFTMAX: llvm.call @test_barrier()
// SOFTMAX-COUNT-2: llvm.call @test_load_shared_v4f32
// SOFTMAX: llvm.call @test_barrier()
// SOFTMAX: llvm.call @test_barrier()
// SOFTMAX-COUNT-2: llvm.call @test_load_shared_v4f32
// SOFTMAX: llvm.intr.masked.store

// LAYERNORM: module attributes {{{.*}}ttg.shared = 32 : i32
// LAYERNORM: llvm.func @layer_norm(
// LAYERNORM: llvm.intr.masked.load {{.*}} -> vector<8xf16>
// LAYERNORM: llvm.intr.sqrt
// LAYERNORM: llvm.intr.masked.store {{.*}} : vector<8xf16>, vector<8xi1> into !llvm.ptr<1>
