// RUN: not halflow build %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not iree-opt --iree-hal-materialize-interfaces %s 2>&1 | FileCheck %s --check-prefix=ERR

// Dispatches but no !hal.device global: IREE's message at the module. A
// module-level hal.device.targets alone does not define a device.

// ERR:      {{^.*}}error_no_devices.mlir:[[# @LINE + 3]]:1: error: no HAL devices defined in the module; use the module-level hal.device.targets attribute, the --iree-hal-target-device= flag, or provide inputs with global !hal.devices defined
// ERR-NEXT: {{^}}module attributes
// ERR-NOT:  hal.executable.variant
module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device]} {
  stream.executable private @ex_no_device {
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
  util.func public @main_no_device(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_no_device::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
