// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// A dispatch inside a nested module is not a dispatch site of the module's
// executables: IREE looks its entry point up from the nearest symbol table
// (the nested module), finds nothing, and leaves it alone. The executable
// it names has no other site, so it needs no target and stays as it is.

// CHECK-LABEL: hal.executable private @ex_top
// CHECK:         hal.executable.variant public @arm_64
// CHECK:       stream.executable private @ex_only_nested
// CHECK:       util.func public @top
// CHECK:         stream.cmd.dispatch @ex_top::@arm_64::@entry {
// CHECK:       module @nested
// CHECK:         stream.cmd.dispatch @ex_only_nested::@entry {
util.global private @a = #hal.device.target<"cpu", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
stream.executable private @ex_top {
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
stream.executable private @ex_only_nested {
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
util.func public @top(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@a>} {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_top::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
module @nested {
util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@a>} {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_only_nested::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
}
