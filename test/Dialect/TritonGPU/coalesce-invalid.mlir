// RUN: not trident-opt %s -ttg-coalesce 2>&1 | FileCheck %s

// CHECK: error: ttg-coalesce: the module has no ttg.num-warps (run convert-triton-to-tritongpu first)
module {
  tt.func @f() {
    tt.return
  }
}
