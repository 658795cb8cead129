// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// The module's stream.affinity.default picks the device of a dispatch that
// has no affinity of its own: only that device's target gets a variant.

// CHECK-LABEL: hal.executable private @ex_default
// CHECK-NOT:     hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @uses_default
// CHECK:         stream.cmd.dispatch @ex_default::@x86_64::@entry {
module attributes {stream.affinity.default = #hal.device.affinity<@dev_x86>} {
  util.global private @dev_arm = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
  util.global private @dev_x86 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
  stream.executable private @ex_default {
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
  util.func public @uses_default(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_default::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}

// -----

// A function's stream.affinity wins over the module default.

// CHECK-LABEL: hal.executable private @ex_function
// CHECK:         hal.executable.variant public @arm_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @pinned_to_arm
// CHECK:         stream.cmd.dispatch @ex_function::@arm_64::@entry {
module attributes {stream.affinity.default = #hal.device.affinity<@dev_x86>} {
  util.global private @dev_arm = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
  util.global private @dev_x86 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
  stream.executable private @ex_function {
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
  util.func public @pinned_to_arm(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@dev_arm>} {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_function::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}

// -----

// The affinity of the enclosing stream.cmd.execute (`on(...)`) wins over the
// function's stream.affinity.

// CHECK-LABEL: hal.executable private @ex_execute
// CHECK:         hal.executable.variant public @riscv_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @execute_on_riscv
// CHECK:         stream.cmd.execute on(#hal.device.affinity<@dev_riscv>)
// CHECK-NEXT:      stream.cmd.dispatch @ex_execute::@riscv_64::@entry {
util.global private @dev_arm = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_riscv = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "riscv_64">]> : !hal.device
stream.executable private @ex_execute {
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
util.func public @execute_on_riscv(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@dev_arm>} {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_riscv>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_execute::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// An executable dispatched on two devices gets the union of their targets,
// sorted by name; each dispatch site is narrowed to the variants of its own
// device, and a device with two targets keeps both.

// CHECK-LABEL: hal.executable private @ex_two_devices
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @riscv_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @on_fat_device
// CHECK:         stream.cmd.dispatch {@ex_two_devices::@arm_64::@entry, @ex_two_devices::@x86_64::@entry} {
// CHECK-LABEL: util.func public @on_riscv
// CHECK:         stream.cmd.dispatch @ex_two_devices::@riscv_64::@entry {
util.global private @dev_fat = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">, #hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_riscv = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "riscv_64">]> : !hal.device
stream.executable private @ex_two_devices {
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
util.func public @on_fat_device(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_fat>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_two_devices::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
util.func public @on_riscv(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_riscv>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_two_devices::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Each executable gets only the targets of its own dispatch sites: @ex_arm
// is used on one device, @ex_both on two.

// CHECK-LABEL: hal.executable private @ex_arm
// CHECK:         hal.executable.variant public @arm_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: hal.executable private @ex_both
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-LABEL: util.func public @main_two_executables
// CHECK:         stream.cmd.dispatch @ex_arm::@arm_64::@entry
// CHECK:         stream.cmd.dispatch @ex_both::@arm_64::@entry
// CHECK:         stream.cmd.dispatch @ex_both::@x86_64::@entry
util.global private @dev_arm = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_x86 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_arm {
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
stream.executable private @ex_both {
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
util.func public @main_two_executables(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_arm>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_arm::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_both::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute on(#hal.device.affinity<@dev_x86>) await(%0) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_both::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %1 : !stream.timepoint
}
