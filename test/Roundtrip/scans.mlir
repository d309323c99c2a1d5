// test/kernels/scans.ttir (cumsum, cumprod and a reverse scan): round trip, then the trident-ttir pipeline.
//
// Parse, verify and print; printing the printed IR again gives the same text.
// RUN: trident-opt %{kernels}/scans.ttir -o %t.1.mlir
// RUN: trident-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
//
// The generic form parses back to the same IR.
// RUN: trident-opt %{kernels}/scans.ttir --mlir-print-op-generic | trident-opt -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir
//
// Locations (aliases, name and call-site locations) and name-location value
// names survive a round trip, and so does the bytecode form.
// RUN: trident-opt %{kernels}/scans.ttir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.4.mlir
// RUN: trident-opt %t.4.mlir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix -o %t.5.mlir
// RUN: diff %t.4.mlir %t.5.mlir
// RUN: trident-opt %{kernels}/scans.ttir --verify-roundtrip -o %t.6.mlir
//
// The TTIR pipeline: TTIR checks what it produces, CLEAN what must be gone.
// RUN: trident-opt %{kernels}/scans.ttir --trident-ttir -o %t.ttir.mlir
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=TTIR
// RUN: FileCheck %s --input-file=%t.ttir.mlir --check-prefix=CLEAN

// TTIR-LABEL: tt.func public @scans_kernel(
// TTIR:         %[[X:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR:         %[[CSUM:.*]] = "tt.scan"(%[[X]]) <{axis = 0 : i32, reverse = false}> ({
// TTIR:           arith.addf %{{.*}}, %{{.*}} : f32
// TTIR:           tt.scan.return %{{.*}} : f32
// TTIR:         }) : (tensor<256xf32>) -> tensor<256xf32>
// TTIR:         %[[ONES:.*]] = arith.select %{{.*}}, %[[X]], %{{.*}} : tensor<256xi1>, tensor<256xf32>
// TTIR:         %[[CPROD:.*]] = "tt.scan"(%[[ONES]]) <{axis = 0 : i32, reverse = false}> ({
// TTIR:           arith.mulf %{{.*}}, %{{.*}} : f32
// TTIR:           tt.scan.return %{{.*}} : f32
// TTIR:         }) : (tensor<256xf32>) -> tensor<256xf32>
// TTIR:         %[[RSUM:.*]] = "tt.scan"(%[[X]]) <{axis = 0 : i32, reverse = true}> ({
// TTIR:           arith.addf %{{.*}}, %{{.*}} : f32
// TTIR:           tt.scan.return %{{.*}} : f32
// TTIR:         }) : (tensor<256xf32>) -> tensor<256xf32>
// TTIR:         tt.store %{{.*}}, %[[CSUM]], %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR:         tt.store %{{.*}}, %[[CPROD]], %{{.*}} : tensor<256x!tt.ptr<f32>>
// TTIR:         tt.store %{{.*}}, %[[RSUM]], %{{.*}} : tensor<256x!tt.ptr<f32>>

// The combine functions are inlined into the scan regions.
// CLEAN-NOT: tt.call
// CLEAN-NOT: tt.func private
