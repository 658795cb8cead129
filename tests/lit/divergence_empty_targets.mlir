// RUN: halflow build %s | FileCheck %s

// halflow deliberately diverges from IREE here (see README.md). A private
// executable that nothing dispatches has no required target; IREE's pass
// then stops converting *every later* executable while reporting success.
// halflow leaves only that executable unconverted and converts the rest.
// Hence no iree-opt RUN line; tests/test_divergence.py compares both tools.

// CHECK-LABEL: stream.executable private @ex_unused
// CHECK-LABEL: hal.executable private @ex_first_used
// CHECK:         hal.executable.variant public @x86_64
// CHECK-LABEL: hal.executable private @ex_second_used
// CHECK:         hal.executable.variant public @x86_64
// CHECK-LABEL: util.func public @main_after_unused
// CHECK:         stream.cmd.dispatch @ex_first_used::@x86_64::@entry
// CHECK:         stream.cmd.dispatch @ex_second_used::@x86_64::@entry
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_unused {
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
stream.executable private @ex_first_used {
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
stream.executable private @ex_second_used {
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
util.func public @main_after_unused(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_first_used::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_second_used::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
