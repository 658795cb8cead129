// RUN: not halflow build --split-input-file %s 2>%t.halflow.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.halflow.err
// RUN: not iree-opt --split-input-file --iree-hal-materialize-interfaces %s 2>%t.iree.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.iree.err

// With --split-input-file a failing case does not stop the others: every
// case's error is reported at its position in this file, the cases that
// succeed are printed, the failed ones print nothing between their
// separators, and the exit status says something failed.

// ERR:      {{^.*}}split_errors.mlir:[[# @LINE + 6]]:26: error: use of undeclared SSA value name
// ERR:      {{^.*}}split_errors.mlir:[[# @LINE + 39]]:1: error: no HAL devices defined in the module
// OUT-NOT:  module
// OUT-NOT:  @bad_parse
// OUT:      {{^// [-]+$}}
util.func public @bad_parse(%arg0: index) -> index {
  %0 = arith.addi %arg0, %undefined : index
  util.return %0 : index
}

// -----

// OUT:      hal.executable private @ex_good_case
// OUT:        hal.executable.variant public @x86_64
// OUT:      {{^// [-]+$}}
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_good_case {
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
util.func public @main_good_case(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_good_case::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// OUT-NOT:  stream.executable private @ex_no_device_case
module {
  stream.executable private @ex_no_device_case {
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
  util.func public @main_no_device_case(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex_no_device_case::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
