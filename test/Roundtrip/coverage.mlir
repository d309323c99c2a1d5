// Every kernel in test/kernels has a test of the same name in this directory.
// RUN: ls %{kernels} | grep '\.ttir$' | sed 's/\.ttir$//' > %t.kernels
// RUN: ls %S | grep '\.mlir$' | sed 's/\.mlir$//' | grep -v '^coverage$' > %t.tests
// RUN: diff %t.kernels %t.tests
