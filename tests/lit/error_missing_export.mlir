// RUN: not halflow build %s 2>&1 | FileCheck %s --check-prefix=ERR

// A dispatch to an export that does not exist.
// halflow deliberately diverges from IREE here (see README.md): IREE
// silently leaves such a dispatch unconverted and reports success; halflow
// reports it at the dispatch and prints no IR. Hence no iree-opt RUN line.

// ERR:      {{^.*}}error_missing_export.mlir:[[# @LINE + 19]]:5: error: 'stream.cmd.dispatch' op entry point @ex_missing_export::@nope does not refer to an executable export
// ERR-NEXT: {{^}}    stream.cmd.dispatch @ex_missing_export::@nope {
// ERR-NEXT: {{^}}    ^
// ERR-NOT:  hal.executable.variant
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_missing_export {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @main_missing_export(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_missing_export::@nope {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
