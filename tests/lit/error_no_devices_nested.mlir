// RUN: not halflow build %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not iree-opt --iree-hal-materialize-interfaces %s 2>&1 | FileCheck %s --check-prefix=ERR

// A dispatch inside a nested module is no dispatch site, but IREE's "no HAL
// devices" check counts every dispatch of the input, nested ones included.

// ERR: {{^.*}}error_no_devices_nested.mlir:0:0: error: no HAL devices defined in the module
util.global private @not_a_device : i32
module @inner {
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
  util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
