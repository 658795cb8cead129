// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// Several exports: ordinals follow declaration order, but each export is
// inserted at the start of its variant, so every variant lists them in
// reverse. A HAL export is named after the function its stream export
// calls (`@function as("export")`), not after the stream export, and
// dispatch sites are rewritten to that name.

// CHECK-LABEL: hal.executable private @ex_three
// CHECK:         hal.executable.variant public @arm_64
// CHECK-NEXT:      hal.executable.export public @third_fn ordinal(2)
// CHECK:           hal.executable.export public @second_fn ordinal(1)
// CHECK:           hal.executable.export public @first_fn ordinal(0)
// CHECK:           builtin.module
// CHECK:         hal.executable.variant public @x86_64
// CHECK-NEXT:      hal.executable.export public @third_fn ordinal(2)
// CHECK:           hal.executable.export public @second_fn ordinal(1)
// CHECK:           hal.executable.export public @first_fn ordinal(0)
// CHECK-LABEL: util.func public @main_three
// CHECK:         stream.cmd.dispatch {@ex_three::@arm_64::@first_fn, @ex_three::@x86_64::@first_fn}
// CHECK:         stream.cmd.dispatch {@ex_three::@arm_64::@third_fn, @ex_three::@x86_64::@third_fn}
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">, #hal.executable.target<"llvm-cpu", "arm_64">]> : !hal.device
stream.executable private @ex_three {
  stream.executable.export public @first_fn as("first") workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @second_fn as("second") workgroups() -> (index, index, index) {
    %c2 = arith.constant 2 : index
    stream.return %c2, %c2, %c2 : index, index, index
  }
  stream.executable.export public @third_fn as("third") workgroups() -> (index, index, index) {
    %c3 = arith.constant 3 : index
    stream.return %c3, %c3, %c3 : index, index, index
  }
  builtin.module {
    func.func @first_fn(%arg0: !stream.binding) {
      return
    }
    func.func @second_fn(%arg0: !stream.binding) {
      return
    }
    func.func @third_fn(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @main_three(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_three::@first {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_three::@third {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// The workgroup count region is copied into every variant's export with a
// leading !hal.device argument; the workload arguments follow it and
// stream.return becomes hal.return. A region that already takes a
// !hal.device keeps its arguments as they are.

// CHECK-LABEL: hal.executable private @ex_count
// CHECK:         hal.executable.export public @with_workload ordinal(1)
// CHECK-SAME:      count(%[[DEVICE:[a-z0-9_]+]]: !hal.device, %[[X:[a-z0-9_]+]]: index, %[[Y:[a-z0-9_]+]]: index) -> (index, index, index) {
// CHECK-NEXT:        %[[C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT:        hal.return %[[Y]], %[[X]], %[[C1]] : index, index, index
// CHECK-NEXT:      }
// CHECK:         hal.executable.export public @has_device ordinal(0)
// CHECK-SAME:      count(%[[DEV:[a-z0-9_]+]]: !hal.device, %[[W:[a-z0-9_]+]]: index) -> (index, index, index) {
// CHECK-NEXT:        hal.return %[[W]], %[[W]], %[[W]] : index, index, index
// CHECK-NEXT:      }
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_count {
  stream.executable.export public @has_device workgroups(%device: !hal.device, %w: index) -> (index, index, index) {
    stream.return %w, %w, %w : index, index, index
  }
  stream.executable.export public @with_workload workgroups(%x: index, %y: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %y, %x, %c1 : index, index, index
  }
  builtin.module {
    func.func @has_device(%arg0: !stream.binding) {
      return
    }
    func.func @with_workload(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @main_count(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_count::@has_device[%c4] {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_count::@with_workload[%c4, %c8] {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// An export without a workgroup count region gets a HAL export without one.

// CHECK-LABEL: hal.executable private @ex_no_count
// CHECK:         hal.executable.export public @entry ordinal(0) layout(#{{[a-z_0-9]+}}){{$}}
// CHECK-NEXT:    builtin.module
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_no_count {
  stream.executable.export public @entry
  builtin.module {
    func.func @entry(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @main_no_count(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_no_count::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// A workgroup size from #iree_codegen.export_config on the stream export is
// padded to three dimensions with 1 and set on every variant's export;
// stream.dispatch.workgroup.size in the function then folds to those
// constants. Without an export config the size stays a
// hal.interface.workgroup.size query.

// CHECK-LABEL: hal.executable private @ex_sized
// CHECK:         hal.executable.export public @sized ordinal(0)
// CHECK:         } <workgroup_size = [64 : index, 2 : index, 1 : index]>
// CHECK:         func.func @sized()
// CHECK-DAG:       %[[C64:[a-z0-9_]+]] = arith.constant 64 : index
// CHECK-DAG:       %[[C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-DAG:       %[[C1:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-NOT:       workgroup.size
// CHECK:           memref.store %{{.+}}, %{{.+}}[%[[C64]], %[[C2]], %[[C1]]]
// CHECK-LABEL: hal.executable private @ex_unsized
// CHECK:         hal.executable.export public @unsized ordinal(0)
// CHECK-NOT:       <workgroup_size
// CHECK:         func.func @unsized()
// CHECK-DAG:       %[[X:[a-z0-9_]+]] = hal.interface.workgroup.size[0] : index
// CHECK-DAG:       %[[Y:[a-z0-9_]+]] = hal.interface.workgroup.size[1] : index
// CHECK-DAG:       %[[Z:[a-z0-9_]+]] = hal.interface.workgroup.size[2] : index
// CHECK:           memref.store %{{.+}}, %{{.+}}[%[[X]], %[[Y]], %[[Z]]]
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_sized {
  stream.executable.export public @sized workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  } attributes {translation_info = #iree_codegen.export_config<workgroup_size = [64, 2]>}
  builtin.module {
    func.func @sized(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.0 : f32
      %x = stream.dispatch.workgroup.size[0] : index
      %y = stream.dispatch.workgroup.size[1] : index
      %z = stream.dispatch.workgroup.size[2] : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> memref<64x2x1xf32>
      memref.store %cst, %0[%x, %y, %z] : memref<64x2x1xf32>
      return
    }
  }
}
stream.executable private @ex_unsized {
  stream.executable.export public @unsized workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @unsized(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.0 : f32
      %x = stream.dispatch.workgroup.size[0] : index
      %y = stream.dispatch.workgroup.size[1] : index
      %z = stream.dispatch.workgroup.size[2] : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> memref<64x2x1xf32>
      memref.store %cst, %0[%x, %y, %z] : memref<64x2x1xf32>
      return
    }
  }
}
util.func public @main_sized(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_sized::@sized {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_unsized::@unsized {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
