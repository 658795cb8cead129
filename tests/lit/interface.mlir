// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// stream.dispatch.workgroup.{id,count,size} become
// hal.interface.workgroup.{id,count,size} with the same dimension.

// CHECK-LABEL: hal.executable private @ex_workgroup_info
// CHECK:         func.func @entry()
// CHECK-NOT:       stream.dispatch.workgroup
// CHECK-DAG:       %[[ID:[a-z0-9_]+]] = hal.interface.workgroup.id[0] : index
// CHECK-DAG:       %[[COUNT:[a-z0-9_]+]] = hal.interface.workgroup.count[1] : index
// CHECK-DAG:       %[[SIZE:[a-z0-9_]+]] = hal.interface.workgroup.size[2] : index
// CHECK:           memref.store %{{.+}}, %{{.+}}[%[[ID]], %[[COUNT]], %[[SIZE]]]
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_workgroup_info {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.0 : f32
      %id = stream.dispatch.workgroup.id[0] : index
      %count = stream.dispatch.workgroup.count[1] : index
      %size = stream.dispatch.workgroup.size[2] : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> memref<4x4x4xf32>
      memref.store %cst, %0[%id, %count, %size] : memref<4x4x4xf32>
      return
    }
  }
}
util.func public @main_workgroup_info(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_workgroup_info::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Push constants: each i32 argument becomes a hal.interface.constant.load
// whose ordinal counts only the non-binding arguments (bindings in between
// do not count), carrying the argument's stream.alignment and
// stream.values. A constant that is never used disappears.

// CHECK:       #[[LAYOUT:.+]] = #hal.pipeline.layout<constants = 3, bindings = [#hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
// CHECK-LABEL: hal.executable private @ex_constants
// CHECK:         func.func @entry()
// CHECK-DAG:       %[[A:[a-z0-9_]+]] = hal.interface.constant.load layout(#[[LAYOUT]]) ordinal(0) alignment(16) values([0 : i32, 16 : i32, 32 : i32]) : i32
// CHECK-DAG:       %[[B:[a-z0-9_]+]] = hal.interface.constant.load layout(#[[LAYOUT]]) ordinal(2) : i32
// CHECK-NOT:       ordinal(1)
// CHECK:           arith.index_cast %[[A]]
// CHECK:           arith.index_cast %[[B]]
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_constants {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%a: i32 {stream.alignment = 16 : index, stream.values = [0 : i32, 16 : i32, 32 : i32]}, %arg0: !stream.binding, %unused: i32, %b: i32) {
      %cst = arith.constant 0.0 : f32
      %ia = arith.index_cast %a : i32 to index
      %ib = arith.index_cast %b : i32 to index
      %0 = stream.binding.subspan %arg0[%ia] : !stream.binding -> memref<16xf32>
      memref.store %cst, %0[%ib] : memref<16xf32>
      return
    }
  }
}
util.func public @main_constants(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg3: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_constants::@entry(%arg2, %arg2, %arg2 : i32, i32, i32) {
      rw %arg3[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Binding subspans: every stream.binding.subspan of a binding argument
// becomes hal.interface.binding.subspan of that binding's ordinal, keeping
// offset and dynamic sizes, with the argument's stream.alignment and the
// binding's descriptor flags ("None" spelled out when there are none).

// CHECK-LABEL: hal.executable private @ex_subspans
// CHECK:         func.func @entry()
// CHECK:           %[[N:[a-z0-9_]+]] = hal.interface.constant.load layout(#{{.+}}) ordinal(0) : i32
// CHECK:           %[[DIM:[a-z0-9_]+]] = arith.index_cast %[[N]] : i32 to index
// CHECK:           hal.interface.binding.subspan layout(#{{.+}}) binding(0) alignment(64) offset(%{{.+}}) flags(ReadOnly) : memref<?xf32>{%[[DIM]]}
// CHECK:           hal.interface.binding.subspan layout(#{{.+}}) binding(0) alignment(64) offset(%{{.+}}) flags(ReadOnly) : memref<4xf32>
// CHECK:           hal.interface.binding.subspan layout(#{{.+}}) binding(1) offset(%{{.+}}) flags("None") : memref<?xf32>{%[[DIM]]}
// CHECK-NOT:       stream.binding.subspan
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
util.global private @weights : !stream.resource<constant>
stream.executable private @ex_subspans {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%n: i32, %in: !stream.binding {stream.alignment = 64 : index}, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %dim = arith.index_cast %n : i32 to index
      %0 = stream.binding.subspan %in[%c0] : !stream.binding -> memref<?xf32>{%dim}
      %1 = stream.binding.subspan %in[%c16] : !stream.binding -> memref<4xf32>
      %2 = stream.binding.subspan %out[%c0] : !stream.binding -> memref<?xf32>{%dim}
      %3 = memref.load %0[%c0] : memref<?xf32>
      %4 = memref.load %1[%c0] : memref<4xf32>
      %5 = arith.addf %3, %4 : f32
      memref.store %5, %2[%c0] : memref<?xf32>
      return
    }
  }
}
util.func public @main_subspans(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %weights = util.global.load immutable @weights : !stream.resource<constant>
  %0 = stream.cmd.execute once on(#hal.device.affinity<@dev>) with(%weights as %w: !stream.resource<constant>{%arg1}, %arg0 as %a: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_subspans::@entry(%arg2 : i32) {
      ro %w[%c0 for %arg1] : !stream.resource<constant>{%arg1},
      wo %a[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Binding flags on the subspans combine: a read-only binding passed from a
// reusable region is flags("ReadOnly|Indirect").

// CHECK-LABEL: hal.executable private @ex_combined_flags
// CHECK:           hal.interface.binding.subspan layout(#{{.+}}) binding(0) offset(%{{.+}}) flags("ReadOnly|Indirect") : memref<4xf32>
// CHECK:           hal.interface.binding.subspan layout(#{{.+}}) binding(1) offset(%{{.+}}) flags(Indirect) : memref<4xf32>
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_combined_flags {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %in[%c0] : !stream.binding -> memref<4xf32>
      %1 = stream.binding.subspan %out[%c0] : !stream.binding -> memref<4xf32>
      %2 = memref.load %0[%c0] : memref<4xf32>
      memref.store %2, %1[%c0] : memref<4xf32>
      return
    }
  }
}
util.func public @main_combined_flags(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %a: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_combined_flags::@entry {
      ro %a[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      wo %a[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
