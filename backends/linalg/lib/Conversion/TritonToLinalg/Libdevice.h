//===- Libdevice.h - tt.extern_elementwise on the cpu target ----*- C++ -*-===//
//
// Private to lib/Conversion/TritonToLinalg. Triton's frontend names the
// functions of NVIDIA's libdevice (`__nv_expf`, `__nv_lgammaf`, ...) in
// tt.extern_elementwise; the cpu target links no such library. The core's
// tt-expand-libdevice computes most of them from arith and math ops before
// this conversion; the ones it leaves that the C math library computes
// (which the kernel library is linked against) become calls of it here.
// Anything else is refused before the conversion, naming the function.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_LIB_CONVERSION_TRITONTOLINALG_LIBDEVICE_H
#define LINALG_BACKEND_LIB_CONVERSION_TRITONTOLINALG_LIBDEVICE_H

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::triton::cpu {

/// Why the cpu target cannot compute `op`'s function ("" if it can).
std::string getExternElementwiseError(triton::ExternElementwiseOp op);

/// The scalar form of `op` (which getExternElementwiseError accepts) on the
/// scalars `operands`, of type `resultType`.
Value emitExternElementwise(OpBuilder &b, Location loc,
                            triton::ExternElementwiseOp op, ValueRange operands,
                            Type resultType);

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_LIB_CONVERSION_TRITONTOLINALG_LIBDEVICE_H
