// RUN: halflow build %s | FileCheck %s
// RUN: iree-opt --iree-hal-materialize-interfaces %s | FileCheck %s

// A dispatch inside a nested module is not a dispatch site of the module's
// executables: IREE looks its entry point up from the nearest symbol table
// (the nested module), finds nothing, and leaves it alone. The executable
// it names has no other site, so it needs no target and stays as it is.

// CHECK-LABEL: stream.executable private @ex_only_nested
// CHECK:       module @nested
// CHECK:         stream.cmd.dispatch @ex_only_nested::@entry {
util.global private @a = #hal.device.target<"cpu", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
stream.executable private @ex_only_nested {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding {stream.alignment = 64 : index}) {
      return
    }
  }
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
