// test/kernels/early_return.ttir (early return through cf branches): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/early_return.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/early_return.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/early_return.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/early_return.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/early_return.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @early_return_kernel(
// TTIR:         tt.get_program_id x : i32
// TTIR:         %[[DONE:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : i32
// TTIR:         cf.cond_br %[[DONE]], ^[[RET:bb[0-9]+]], ^[[BODY:bb[0-9]+]]
// TTIR:       ^[[RET]]:
// TTIR-NEXT:    tt.return
// TTIR:       ^[[BODY]]:
// TTIR:         tt.load
// TTIR:         math.absf
// TTIR:         tt.store
// TTIR-NEXT:    tt.return

// The empty else block and the unreachable block after `return` are merged
// away.
// CLEAN-NOT: cf.br
