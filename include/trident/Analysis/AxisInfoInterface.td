//===- AxisInfoInterface.td - Axis facts of an op's results ---*- tablegen -*-===//
//
// The op interface through which an operation the core does not know (a
// plugin's) tells the axis analysis (trident/Analysis/AxisInfo.h) the
// contiguity, divisibility and constancy of its results. A plugin declares it
// in its ODS or attaches it to an op with an external model; without it, the
// analysis knows nothing of the op's results beyond elementwise rules.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_ANALYSIS_AXISINFOINTERFACE
#define TRIDENT_ANALYSIS_AXISINFOINTERFACE

include "mlir/IR/OpBase.td"

def AxisInfoOpInterface : OpInterface<"AxisInfoOpInterface"> {
  let cppNamespace = "::trident";
  let description = [{
    An operation whose integer or pointer results the axis analysis can
    describe from its operands' facts: one `trident::AxisInfo` per result,
    each of the result's rank (a scalar is rank 1).
  }];
  let methods = [
    InterfaceMethod<[{
        The facts of each result, in order, from the facts of each operand
        (`operands[i]` for operand i, every one initialized). Return fewer
        infos than results to leave the op to the analysis's default rules.
      }],
      "::llvm::SmallVector<::trident::AxisInfo>", "inferAxisInfo",
      (ins "::llvm::ArrayRef<const ::trident::AxisInfo *>":$operands)>,
  ];
}

#endif // TRIDENT_ANALYSIS_AXISINFOINTERFACE
