// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// A device global initialized with #hal.device.select needs the targets of
// every device it may select: the dispatch keeps the variants of all of them.

// CHECK-LABEL: hal.executable private @ex_select
// CHECK:         hal.executable.variant public @vulkan_spirv_fb
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_select
// CHECK:         stream.cmd.dispatch {@ex_select::@vulkan_spirv_fb::@entry, @ex_select::@x86_64::@entry} {
util.global private @dev = #hal.device.select<[
  #hal.device.target<"vulkan", [#hal.executable.target<"vulkan-spirv", "vulkan-spirv-fb">]> : !hal.device,
  #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
]> : !hal.device
stream.executable private @ex_select {
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
util.func public @main_select(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_select::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// #hal.device.fallback<@other> resolves through the other device global:
// a dispatch on @dev_fallback needs @dev_base's targets.

// CHECK-LABEL: hal.executable private @ex_fallback
// CHECK:         hal.executable.variant public @riscv_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_fallback
// CHECK:         stream.cmd.dispatch @ex_fallback::@riscv_64::@entry {
util.global private @dev_base = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "riscv_64">]> : !hal.device
util.global private @dev_other = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_fallback = #hal.device.fallback<@dev_base> : !hal.device
stream.executable private @ex_fallback {
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
util.func public @main_fallback(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_fallback>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_fallback::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// A select whose choices are a device target and a fallback to another
// global collects the targets of both.

// CHECK-LABEL: hal.executable private @ex_select_fallback
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @vulkan_spirv_fb
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_select_fallback
// CHECK:         stream.cmd.dispatch {@ex_select_fallback::@arm_64::@entry, @ex_select_fallback::@vulkan_spirv_fb::@entry} {
util.global private @dev_cpu = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev = #hal.device.select<[
  #hal.device.target<"vulkan", [#hal.executable.target<"vulkan-spirv", "vulkan-spirv-fb">]> : !hal.device,
  #hal.device.fallback<@dev_cpu> : !hal.device
]> : !hal.device
stream.executable private @ex_select_fallback {
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
util.func public @main_select_fallback(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_select_fallback::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Several device globals: a public executable needs every target of every
// device (whether or not it is dispatched), a private one only those of its
// dispatch sites.

// CHECK-LABEL: hal.executable public @ex_public
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @riscv_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: hal.executable private @ex_private
// CHECK:         hal.executable.variant public @riscv_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_public
// CHECK:         stream.cmd.dispatch @ex_public::@riscv_64::@entry
// CHECK:         stream.cmd.dispatch @ex_private::@riscv_64::@entry
util.global private @dev_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">, #hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_1 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "riscv_64">]> : !hal.device
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
stream.executable private @ex_private {
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
util.func public @main_public(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_1>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_public::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_private::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// A public executable with no dispatch sites at all still gets a variant for
// every target of every device global.

// CHECK-LABEL: hal.executable public @ex_unused
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
util.global private @dev_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @dev_1 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
stream.executable public @ex_unused {
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

// -----

// A dispatch site whose affinity resolves to no target at all (no affinity,
// no legacy targets) does not filter: it keeps every variant of the
// executable, here the variants a public executable gets from all devices.

// CHECK-LABEL: hal.executable public @ex_unfiltered
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK-LABEL: util.func public @main_unfiltered
// CHECK:         stream.cmd.dispatch {@ex_unfiltered::@arm_64::@entry, @ex_unfiltered::@x86_64::@entry} {
util.global private @dev_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @dev_1 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
stream.executable public @ex_unfiltered {
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
util.func public @main_unfiltered(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_unfiltered::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
