// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// Two targets with the same format (embedded-elf-x86_64, different CPUs)
// share a symbol-name fragment: the second variant is renamed with a `_0`
// suffix. Variants are sorted by fragment (arm before embedded) and the sort
// is stable: same-fragment targets keep the device's order (v4 before v3).

// CHECK-DAG: #[[ARM:.+]] = #hal.executable.target<"llvm-cpu", "arm_64">
// CHECK-DAG: #[[V3:.+]] = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3"}>
// CHECK-DAG: #[[V4:.+]] = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v4"}>
// CHECK-LABEL: hal.executable private @ex_same_format
// CHECK:         hal.executable.variant public @arm_64 target(#[[ARM]])
// CHECK:         hal.executable.variant public @embedded_elf_x86_64 target(#[[V4]])
// CHECK:         hal.executable.variant public @embedded_elf_x86_64_0 target(#[[V3]])
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: util.func public @main_same_format
// CHECK:         stream.cmd.dispatch {@ex_same_format::@arm_64::@entry, @ex_same_format::@embedded_elf_x86_64::@entry, @ex_same_format::@embedded_elf_x86_64_0::@entry} {
util.global private @dev = #hal.device.target<"local", [
  #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v4"}>,
  #hal.executable.target<"llvm-cpu", "arm_64">,
  #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3"}>
]> : !hal.device
stream.executable private @ex_same_format {
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
util.func public @main_same_format(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_same_format::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Same-format targets on two devices: each dispatch site keeps only the
// variant of its own device's target, under the uniqued name.

// CHECK-LABEL: hal.executable private @ex_two_devices
// CHECK:         hal.executable.variant public @embedded_elf_x86_64 target(#{{.+}}
// CHECK:         hal.executable.variant public @embedded_elf_x86_64_0 target(#{{.+}}
// CHECK-LABEL: util.func public @main_two_devices
// CHECK:         stream.cmd.dispatch @ex_two_devices::@embedded_elf_x86_64::@entry {
// CHECK:         stream.cmd.dispatch @ex_two_devices::@embedded_elf_x86_64_0::@entry {
util.global private @dev_v3 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3"}>]> : !hal.device
util.global private @dev_v4 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v4"}>]> : !hal.device
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
util.func public @main_two_devices(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_v3>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_two_devices::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute on(#hal.device.affinity<@dev_v4>) await(%0) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_two_devices::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %1 : !stream.timepoint
}

// -----

// Fragments are the format lower-cased with every character outside
// [A-Za-z0-9_] replaced by `_`, so formats differing only in case or
// punctuation collide. The uniquing counter keeps counting across
// collisions: the target whose own fragment is `vmvx_bytecode_fb_0` finds
// that name taken by a renamed variant and becomes `vmvx_bytecode_fb_0_2`.

// CHECK-DAG: #[[DASH:.+]] = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
// CHECK-DAG: #[[DOTS:.+]] = #hal.executable.target<"vmvx", "VMVX.Bytecode.FB">
// CHECK-DAG: #[[SUFFIX:.+]] = #hal.executable.target<"vmvx", "vmvx_bytecode_fb_0">
// CHECK-DAG: #[[SPACES:.+]] = #hal.executable.target<"vmvx", "vmvx bytecode fb">
// CHECK-LABEL: hal.executable private @ex_fragments
// CHECK-NEXT:    hal.executable.variant public @vmvx_bytecode_fb target(#[[DASH]])
// CHECK:         hal.executable.variant public @vmvx_bytecode_fb_0 target(#[[DOTS]])
// CHECK:         hal.executable.variant public @vmvx_bytecode_fb_1 target(#[[SPACES]])
// CHECK:         hal.executable.variant public @vmvx_bytecode_fb_0_2 target(#[[SUFFIX]])
// CHECK-NOT:     hal.executable.variant
util.global private @dev = #hal.device.target<"local", [
  #hal.executable.target<"vmvx", "vmvx-bytecode-fb">,
  #hal.executable.target<"vmvx", "VMVX.Bytecode.FB">,
  #hal.executable.target<"vmvx", "vmvx_bytecode_fb_0">,
  #hal.executable.target<"vmvx", "vmvx bytecode fb">
]> : !hal.device
stream.executable private @ex_fragments {
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
util.func public @main_fragments(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_fragments::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
