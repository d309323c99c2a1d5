// Every Triton 3.6 reference kernel (shared/kernels/triton-3.6/*.ttir) has a
// test of the same name in this directory.
// REQUIRES: shared-kernels
// RUN: ls %{shared_kernels} | grep '\.ttir$' | sed 's/\.ttir$//' > %t.kernels
// RUN: ls %S | grep '\.mlir$' | sed 's/\.mlir$//' | grep -v '^coverage$' > %t.tests
// RUN: diff %t.kernels %t.tests
