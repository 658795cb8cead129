// RUN: not halflow build %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not iree-opt --iree-hal-materialize-interfaces %s 2>&1 | FileCheck %s --check-prefix=ERR

// Input MLIR cannot parse: the parser's diagnostic is reported at its
// position in this file, with the source line and a caret, and no IR is
// printed.

// ERR:      {{^.*}}error_parse.mlir:[[# @LINE + 5]]:26: error: use of undeclared SSA value name
// ERR-NEXT: {{^}}  %0 = arith.addi %arg0, %undefined : index
// ERR-NEXT: {{^}}                         ^
// ERR-NOT:  util.func
util.func public @main(%arg0: index) -> index {
  %0 = arith.addi %arg0, %undefined : index
  util.return %0 : index
}
