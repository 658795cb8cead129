// RUN: not halflow build %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not iree-opt --iree-hal-materialize-interfaces %s 2>&1 | FileCheck %s --check-prefix=ERR

// No !hal.device global at all: the pass stops with "no HAL devices defined"
// before it resolves any affinity, even one naming no global.

// ERR: {{^.*}}error_no_devices_unresolved.mlir:0:0: error: no HAL devices defined in the module
stream.executable private @ex {
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
util.func public @main(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@nosuch>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
