// test/kernels/bool_mask.ttir (torch.bool buffers: dropout, masked_fill, isclose): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/bool_mask.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/bool_mask.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// The bytecode form round-trips too.
// RUN: trident-opt %{kernels}/bool_mask.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces.
// RUN: trident-opt %{kernels}/bool_mask.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR

// Booleans are bytes: the loads and stores stay on !tt.ptr<i8>, the byte
// becomes i1 by a compare and goes back by extui.
// TTIR-LABEL: tt.func public @bool_mask_kernel(
// TTIR-SAME:    %{{.*}}: !tt.ptr<i1> {tt.divisibility = 16 : i32}
// TTIR:         %[[KEEP:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i8>>
// TTIR:         arith.cmpi ne, %[[KEEP]], %{{.*}} : tensor<128xi8>
// TTIR:         %[[CLOSE:.*]] = arith.extui %{{.*}} : tensor<128xi1> to tensor<128xi8>
// TTIR:         tt.store %{{.*}}, %[[CLOSE]], %{{.*}} : tensor<128x!tt.ptr<i8>>
