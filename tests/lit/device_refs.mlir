// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// A device reference resolves through any util.global, not only through
// !hal.device ones. A global holding something that is not a device (here an
// integer) resolves to the nearest hal.device.targets: none here, so the
// executable needs no target and stays a stream.executable.

// CHECK-LABEL: module
// CHECK:       hal.executable private @ex_on_dev0
// CHECK:         hal.executable.variant public @x86_64
// CHECK:       stream.executable private @ex_on_int_global
// CHECK-NOT:   hal.executable.variant
// CHECK:       stream.cmd.dispatch @ex_on_dev0::@x86_64::@entry
// CHECK:       stream.cmd.dispatch @ex_on_int_global::@entry
util.global private @dev0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @not_a_device = 3 : i32
stream.executable private @ex_on_dev0 {
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
stream.executable private @ex_on_int_global {
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
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev0>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_on_dev0::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute on(#hal.device.affinity<@not_a_device>) await(%0) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_on_int_global::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %1 : !stream.timepoint
}

// -----

// A global that is not a device and has no initial value falls back to the
// nearest hal.device.targets (here the module's), like a device global
// without one.

// CHECK-LABEL: module attributes {hal.device.targets
// CHECK:       hal.executable private @ex_on_resource_global
// CHECK:         hal.executable.variant public @vmvx_bytecode_fb
// CHECK:       stream.cmd.dispatch @ex_on_resource_global::@vmvx_bytecode_fb::@entry
module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device]} {
  util.global private @dev0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
  util.global private mutable @a_resource : !stream.resource<constant>
  stream.executable private @ex_on_resource_global {
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
    %0 = stream.cmd.execute on(#hal.device.affinity<@a_resource>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_on_resource_global::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}

// -----

// Two choices falling back to the same device: it is resolved twice (no
// cycle), and its targets are needed once.

// CHECK-LABEL: hal.executable private @ex_diamond
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NOT:     hal.executable.variant
// CHECK:       stream.cmd.dispatch @ex_diamond::@x86_64::@entry
util.global private @leaf = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @left = #hal.device.fallback<@leaf> : !hal.device
util.global private @right = #hal.device.fallback<@leaf> : !hal.device
util.global private @top = #hal.device.select<[#hal.device.fallback<@left>, #hal.device.fallback<@right>]> : !hal.device
stream.executable private @ex_diamond {
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
  %0 = stream.cmd.execute on(#hal.device.affinity<@top>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_diamond::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Quoted device names, one holding "::" (one name, not a nested reference)
// and the empty name, reached through a function's stream.affinity and a
// select's fallback.

// CHECK-LABEL: hal.executable private @ex_quoted
// CHECK:         hal.executable.variant public @arm_64
// CHECK-NOT:     hal.executable.variant
// CHECK-LABEL: hal.executable private @ex_empty_name
// CHECK:         hal.executable.variant public @arm_64
// CHECK:         hal.executable.variant public @x86_64
// CHECK:       stream.cmd.dispatch @ex_quoted::@arm_64::@entry
// CHECK:       stream.cmd.dispatch {@ex_empty_name::@arm_64::@entry, @ex_empty_name::@x86_64::@entry}
util.global private @"a::b" = #hal.device.target<"cpu", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @"" = #hal.device.target<"cpu", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @either = #hal.device.select<[#hal.device.fallback<@"">, #hal.device.target<"cpu", [#hal.executable.target<"llvm-cpu", "x86_64">]>]> : !hal.device
stream.executable private @ex_quoted {
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
stream.executable private @ex_empty_name {
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
util.func public @quoted(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@"a::b">} {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_quoted::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
util.func public @empty_name(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint attributes {stream.affinity = #hal.device.affinity<@either>} {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_empty_name::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
