// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// One constant per non-binding argument and one storage buffer per
// !stream.binding, in argument order. The flags of all dispatch sites are
// OR-ed: a binding is ReadOnly as soon as one site does not write it.
// Binding 1 is written by @first but only read by @second, so it is
// ReadOnly; binding 2 is written by both and is not. Function arguments
// dispatched from a reusable region make every binding (and the layout)
// Indirect.

// CHECK:      #[[LAYOUT:.+]] = #hal.pipeline.layout<constants = 2, bindings = [
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, Indirect>
// CHECK-SAME: ], flags = Indirect>
// CHECK-LABEL: hal.executable private @ex_sites
// CHECK:         hal.executable.export public @entry ordinal(0) layout(#[[LAYOUT]])
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_sites {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%c: i32, %arg0: !stream.binding, %d: i32, %arg1: !stream.binding, %arg2: !stream.binding) {
      return
    }
  }
}
util.func public @first(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg3: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_sites::@entry(%arg2, %arg2 : i32, i32) {
      ro %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      wo %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      rw %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
util.func public @second(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg3: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_sites::@entry(%arg2, %arg2 : i32, i32) {
      ro %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      ro %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      wo %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Dispatches only from `once` execution regions never make a binding
// Indirect, whatever their resources are (a mutable global and a function
// argument here). A derived layout spells out `flags = None`.

// CHECK:      #[[LAYOUT:.+]] = #hal.pipeline.layout<bindings = [
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, ReadOnly>,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer>
// CHECK-SAME: ], flags = None>
// CHECK-LABEL: hal.executable private @ex_once
// CHECK:         hal.executable.export public @entry ordinal(0) layout(#[[LAYOUT]])
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private mutable @state : !stream.resource<variable>
stream.executable private @ex_once {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
  }
}
util.func public @main_once(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %state = util.global.load @state : !stream.resource<variable>
  %0 = stream.cmd.execute once on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}, %state as %arg3: !stream.resource<variable>{%arg1}) {
    stream.cmd.dispatch @ex_once::@entry {
      ro %arg3[%c0 for %arg1] : !stream.resource<variable>{%arg1},
      wo %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// In a reusable region a binding is Indirect unless its resource is a local
// constant or a load of an immutable global: binding 0 comes from an
// immutable load, 1 from a mutable global, 2 from a function argument, 3
// from a constant-like op.

// CHECK:      #[[LAYOUT:.+]] = #hal.pipeline.layout<bindings = [
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, ReadOnly>,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, Indirect>,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, ReadOnly>
// CHECK-SAME: ], flags = Indirect>
// CHECK-LABEL: hal.executable private @ex_origins
// CHECK:         hal.executable.export public @entry ordinal(0) layout(#[[LAYOUT]])
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @weights : !stream.resource<constant>
util.global private mutable @state : !stream.resource<variable>
stream.executable private @ex_origins {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: !stream.binding) {
      return
    }
  }
}
util.func public @main_origins(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %weights = util.global.load immutable @weights : !stream.resource<constant>
  %state = util.global.load @state : !stream.resource<variable>
  %null = util.null : !stream.resource<constant>
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%weights as %w: !stream.resource<constant>{%arg1}, %state as %s: !stream.resource<variable>{%arg1}, %arg0 as %a: !stream.resource<transient>{%arg1}, %null as %n: !stream.resource<constant>{%arg1}) {
    stream.cmd.dispatch @ex_origins::@entry {
      ro %w[%c0 for %arg1] : !stream.resource<constant>{%arg1},
      ro %s[%c0 for %arg1] : !stream.resource<variable>{%arg1},
      wo %a[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      ro %n[%c0 for %arg1] : !stream.resource<constant>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Indirect is the union over all dispatch sites: the same immutable
// resource is direct from a `once` region, but the function-argument
// resource passed from a reusable region makes that binding Indirect.

// CHECK:      #[[LAYOUT:.+]] = #hal.pipeline.layout<bindings = [
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, ReadOnly>,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, Indirect>
// CHECK-SAME: ], flags = Indirect>
// CHECK-LABEL: hal.executable private @ex_union
// CHECK:         hal.executable.export public @entry ordinal(0) layout(#[[LAYOUT]])
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @weights : !stream.resource<constant>
stream.executable private @ex_union {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
  }
}
util.func public @main_union(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %weights = util.global.load immutable @weights : !stream.resource<constant>
  %0 = stream.cmd.execute once on(#hal.device.affinity<@dev>) with(%weights as %w: !stream.resource<constant>{%arg1}, %arg0 as %a: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_union::@entry {
      ro %w[%c0 for %arg1] : !stream.resource<constant>{%arg1},
      wo %a[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  %1 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%0) => with(%weights as %w: !stream.resource<constant>{%arg1}, %arg0 as %a: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_union::@entry {
      ro %w[%c0 for %arg1] : !stream.resource<constant>{%arg1},
      wo %a[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %1 : !stream.timepoint
}

// -----

// A hal.interface.layout on the stream export is used as is, even where the
// dispatch sites would derive something else (three constants and no
// flags here); the binding subspans take their flags from it.

// CHECK:      #[[FORCED:.+]] = #hal.pipeline.layout<constants = 3, bindings = [
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer, ReadOnly>,
// CHECK-SAME:   #hal.pipeline.binding<storage_buffer>
// CHECK-SAME: ]>
// CHECK-LABEL: hal.executable private @ex_forced
// CHECK:         hal.executable.export public @entry ordinal(0) layout(#[[FORCED]])
// CHECK:         func.func @entry()
// CHECK:           hal.interface.binding.subspan layout(#[[FORCED]]) binding(0) {{.+}} flags(ReadOnly)
// CHECK:           hal.interface.binding.subspan layout(#[[FORCED]]) binding(1) {{.+}} flags("None")
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_forced {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  } attributes {hal.interface.layout = #hal.pipeline.layout<constants = 3, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>}
  builtin.module {
    func.func @entry(%arg0: !stream.binding, %arg1: !stream.binding) {
      %c0 = arith.constant 0 : index
      %cst = arith.constant 1.0 : f32
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> memref<4xf32>
      %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> memref<4xf32>
      %2 = memref.load %0[%c0] : memref<4xf32>
      memref.store %2, %1[%c0] : memref<4xf32>
      return
    }
  }
}
util.func public @main_forced(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_forced::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
