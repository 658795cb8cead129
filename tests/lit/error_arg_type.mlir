// RUN: not halflow build %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not iree-opt --iree-hal-materialize-interfaces %s 2>&1 | FileCheck %s --check-prefix=ERR

// An entry function argument that is neither a !stream.binding nor an i32
// cannot be passed through the HAL interface: IREE's message, at the
// function, and no IR is printed. IREE reports it with the function's
// emitError(), which adds a note at the same place (so without a source
// line) showing the function as it is, in generic form.

// ERR:      {{^.*}}error_arg_type.mlir:[[# @LINE + 16]]:5: error: unsupported interface function argument 1 type 'f32'; requires !stream.binding or i32 operands only
// ERR-NEXT: {{^}}    func.func @entry(%arg0: !stream.binding, %arg1: f32) {
// ERR-NEXT: {{^}}    ^
// ERR-NEXT: {{^.*}}error_arg_type.mlir:[[# @LINE + 13]]:5: note: see current operation:{{ $}}
// ERR-NEXT: {{^}}"func.func"() <{function_type = (!stream.binding, f32) -> (), sym_name = "entry"}> ({
// ERR-NEXT: {{^}}^bb0(%arg0: !stream.binding, %arg1: f32):
// ERR-NEXT: {{^}}  "func.return"() : () -> ()
// ERR-NEXT: {{^}}}) : () -> (){{$}}
// ERR-NOT:  {{.}}
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_bad_arg {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding, %arg1: f32) {
      return
    }
  }
}
util.func public @main_bad_arg(%arg0: !stream.resource<transient>, %arg1: index, %f: f32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_bad_arg::@entry(%f : f32) {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
