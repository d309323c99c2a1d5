//===- Membar.h - Barriers between shared-memory accesses -------*- C++ -*-===//
//
// After shared memory is allocated, a barrier (gpu.barrier) must separate
// two accesses to overlapping bytes when one of them writes: otherwise a
// thread may read before another has written, or overwrite what another
// has yet to read. This analysis walks each function in program order with
// the set of accesses not yet ordered by a barrier and inserts a barrier
// before the first op that conflicts with one of them.
//
// Accesses: ttg.local_alloc with a source and ttg.local_store write their
// buffer, ttg.local_load reads it, and an op with a scratch buffer (see
// Allocation.h) reads and writes its scratch (the lowering orders its own
// write-then-read inside). An asynchronous copy
// (ttg.async_copy_global_to_local) must not overwrite what is still being
// read, so it is ordered after earlier reads like a write; its own write
// lands at the ttg.async_wait that waits for it, which is always followed by
// a barrier (the wait is per thread; the barrier makes every thread's copies
// visible to all). Loops are entered with what their body may leave
// behind, so that a conflict across iterations is seen too; branches join
// what each may leave. A buffer whose allocation is unknown is all of shared
// memory.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_ANALYSIS_MEMBAR_H
#define TRIDENT_ANALYSIS_MEMBAR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::triton {

/// Inserts the barriers `func` needs (it must be allocated).
void insertBarriers(FunctionOpInterface func);

/// The same for every function of `module`.
void insertBarriers(ModuleOp module);

} // namespace mlir::triton

#endif // TRIDENT_ANALYSIS_MEMBAR_H
