// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// A private hal.executable.source becomes a hal.executable in the same
// place, with one variant per target its dispatch sites need. Each variant
// gets a copy of the exports as written (no !hal.device is added to the
// count region), the objects applicable to its target and a copy of the
// inner module, attributes included. Dispatches are narrowed per device.
// (Sources with objects are written in generic form: IREE 3.13's parser
// does not accept `objects` in the attribute dictionary.)

// CHECK:       util.global private @dev_arm
// CHECK-NEXT:  util.global private @dev_x86
// CHECK-NEXT:  hal.executable private @ex_private_source {
// CHECK-NEXT:    hal.executable.variant public @arm_64 target(#{{.+}}) {
// CHECK-NEXT:      hal.executable.export public @kernel ordinal(0) layout(#{{.+}}) count(%{{.+}}: !hal.device, %[[W:[a-z0-9_]+]]: index) -> (index, index, index) {
// CHECK-NEXT:        hal.return %[[W]], %[[W]], %[[W]] : index, index, index
// CHECK-NEXT:      }
// CHECK-NEXT:      builtin.module attributes {custom.note = "kept"} {
// CHECK-NEXT:        func.func @kernel()
// CHECK:         hal.executable.variant public @x86_64 target(#{{.+}}) objects([#hal.executable.object<{path = "x86.o"}>]) {
// CHECK-NEXT:      hal.executable.export public @kernel ordinal(0)
// CHECK:           builtin.module attributes {custom.note = "kept"} {
// CHECK:       util.func public @main_private_source
// CHECK:         stream.cmd.dispatch @ex_private_source::@arm_64::@kernel[%{{.+}}] {
// CHECK:         stream.cmd.dispatch @ex_private_source::@x86_64::@kernel[%{{.+}}] {
util.global private @dev_arm = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_x86 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
"hal.executable.source"() <{sym_name = "ex_private_source", sym_visibility = "private", objects = #hal.executable.objects<{
  #hal.executable.target<"llvm-cpu", "x86_64"> = [#hal.executable.object<{path = "x86.o"}>]
}>}> ({
  hal.executable.export public @kernel ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) count(%device: !hal.device, %w: index) -> (index, index, index) {
    hal.return %w, %w, %w : index, index, index
  }
  builtin.module attributes {custom.note = "kept"} {
    func.func @kernel() {
      return
    }
  }
  "hal.executable.source_end"() : () -> ()
}) : () -> ()
util.func public @main_private_source(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev_arm>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_private_source::@kernel[%c4] {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute on(#hal.device.affinity<@dev_x86>) await(%0) => with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_private_source::@kernel[%c4] {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %1 : !stream.timepoint
}

// -----

// A public source gets every target of every device; an external source
// (no inner module) gets variants with the exports and objects only.

// CHECK-LABEL: hal.executable public @ex_external_source {
// CHECK-NEXT:    hal.executable.variant public @arm_64 target(#{{.+}}) objects([#hal.executable.object<{path = "any_cpu.o"}>]) {
// CHECK-NEXT:      hal.executable.export public @kernel ordinal(0)
// CHECK-NEXT:    }
// CHECK-NEXT:    hal.executable.variant public @x86_64 target(#{{.+}}) objects([#hal.executable.object<{path = "any_cpu.o"}>]) {
// CHECK-NEXT:      hal.executable.export public @kernel ordinal(0)
// CHECK-NEXT:    }
// CHECK-NEXT:  }
util.global private @dev_arm = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
util.global private @dev_x86 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
"hal.executable.source"() <{sym_name = "ex_external_source", sym_visibility = "public", objects = #hal.executable.objects<{
  #hal.executable.target<"llvm-cpu", "arm_64"> = [#hal.executable.object<{path = "any_cpu.o"}>],
  #hal.executable.target<"llvm-cpu", "x86_64"> = [#hal.executable.object<{path = "any_cpu.o"}>]
}>}> ({
  hal.executable.export public @kernel ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  "hal.executable.source_end"() : () -> ()
}) : () -> ()

// -----

// A private source that nothing dispatches needs no target and is left as
// it is (IREE goes on with the next one here), while the stream executable
// after it is still converted.

// CHECK-LABEL: hal.executable.source private @ex_unused_source
// CHECK-LABEL: hal.executable private @ex_after_unused_source
// CHECK:         hal.executable.variant public @x86_64
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
hal.executable.source private @ex_unused_source {
  hal.executable.export public @kernel ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  builtin.module {
    func.func @kernel() {
      return
    }
  }
}
stream.executable private @ex_after_unused_source {
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
util.func public @main_after_unused_source(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_after_unused_source::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
