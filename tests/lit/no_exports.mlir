// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// A stream.executable without exports is left exactly as it is, and the
// executables after it are still converted.

// CHECK-LABEL: stream.executable private @ex_no_exports {
// CHECK-NEXT:    builtin.module {
// CHECK-NEXT:      func.func @helper(%arg0: !stream.binding) {
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  hal.executable private @ex_after_no_exports {
// CHECK-NEXT:    hal.executable.variant public @x86_64
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_no_exports {
  builtin.module {
    func.func @helper(%arg0: !stream.binding) {
      return
    }
  }
}
stream.executable private @ex_after_no_exports {
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
util.func public @main_after_no_exports(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_after_no_exports::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// A module without dispatches and without devices is fine: a private
// executable nothing dispatches needs no target and stays a
// stream.executable (nothing comes after it, so IREE and halflow agree).

// CHECK-LABEL: stream.executable private @ex_never_dispatched
// CHECK-NOT:   hal.executable
stream.executable private @ex_never_dispatched {
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
