// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// A device global without an initial value cannot be analyzed: its
// dispatches fall back to the module's legacy hal.device.targets.

// CHECK-LABEL: hal.executable private @ex_no_initial_value
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_no_initial_value
// CHECK:         stream.cmd.dispatch {@ex_no_initial_value::@arm_64::@entry, @ex_no_initial_value::@x86_64::@entry} {
module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">, #hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device]} {
  util.global private @dev : !hal.device
  stream.executable private @ex_no_initial_value {
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
  util.func public @main_no_initial_value(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_no_initial_value::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}

// -----

// A device global initialized with something other than a device target,
// select or fallback (here an ordinal) also falls back to the legacy
// targets.

// CHECK-LABEL: hal.executable private @ex_ordinal
// CHECK:         hal.executable.variant public @riscv_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_ordinal
// CHECK:         stream.cmd.dispatch @ex_ordinal::@riscv_64::@entry {
module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "riscv_64">]> : !hal.device]} {
  util.global private @dev = #hal.device.ordinal<0> : !hal.device
  stream.executable private @ex_ordinal {
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
  util.func public @main_ordinal(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_ordinal::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}

// -----

// Affinities that are not #hal.device.affinity (a promise) and dispatches
// with no affinity at all use the legacy targets, even when a device global
// with a real target exists; a hal.device.targets on the function is nearer
// than the module's and wins.

// CHECK-LABEL: hal.executable private @ex_not_affinity
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @riscv_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @promised
// CHECK:         stream.cmd.dispatch @ex_not_affinity::@arm_64::@entry {
// CHECK-LABEL: util.func public @no_affinity
// CHECK:         stream.cmd.dispatch @ex_not_affinity::@arm_64::@entry {
// CHECK-LABEL: util.func public @function_targets
// CHECK:         stream.cmd.dispatch @ex_not_affinity::@riscv_64::@entry {
module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device]} {
  util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
  stream.executable private @ex_not_affinity {
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
  util.func public @promised(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.promise<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_not_affinity::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
  util.func public @no_affinity(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_not_affinity::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
  util.func public @function_targets(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "riscv_64">]> : !hal.device]} {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_not_affinity::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}

// -----

// A public executable needs the targets of every device global; one that
// cannot be analyzed contributes the module's legacy targets.

// CHECK-LABEL: hal.executable public @ex_public
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device]} {
  util.global private @dev_known = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
  util.global private @dev_unknown : !hal.device
  stream.executable public @ex_public {
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
}
