// RUN: halflow build --split-input-file %s | FileCheck %s
// RUN: iree-opt --split-input-file --iree-hal-materialize-interfaces %s | FileCheck %s

// hal.executable.objects on a stream.executable: each variant gets, in the
// attribute's order, the objects of every listed target that is generic of
// its own target (same backend and format; a config key both have must
// agree; the listed config must not have keys the variant's lacks). A target
// written without config has an empty one: the plain embedded-elf-x86_64
// variant gets only the objects of the listed target without config keys.
// Variants that match nothing get no objects at all.

// CHECK-DAG: #[[ARM:.+]] = #hal.executable.target<"llvm-cpu", "arm_64", {cpu = "generic"}>
// CHECK-DAG: #[[V3:.+]] = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", native_vector_size = 32 : i64}>
// CHECK-DAG: #[[V4:.+]] = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v4", native_vector_size = 64 : i64}>
// CHECK-DAG: #[[PLAIN:.+]] = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
// CHECK-LABEL: hal.executable private @ex
// CHECK-NOT:     hal.executable.objects
// CHECK:         hal.executable.variant public @arm_64 target(#[[ARM]]) objects([#hal.executable.object<{path = "arm.o"}>]) {
// CHECK:         hal.executable.variant public @embedded_elf_x86_64 target(#[[V3]]) objects([#hal.executable.object<{path = "generic.o"}>]) {
// CHECK:         hal.executable.variant public @embedded_elf_x86_64_0 target(#[[V4]]) objects([#hal.executable.object<{path = "generic.o"}>, #hal.executable.object<{path = "v4.o"}>]) {
// CHECK:         hal.executable.variant public @embedded_elf_x86_64_1 target(#[[PLAIN]]) objects([#hal.executable.object<{path = "generic.o"}>]) {
// CHECK:         hal.executable.variant public @vmvx_bytecode_fb target(#{{[a-z0-9_]+}}) {
// CHECK-NOT:     hal.executable.variant
util.global private @dev = #hal.device.target<"local", [
  #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", native_vector_size = 32 : i64}>,
  #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v4", native_vector_size = 64 : i64}>,
  #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">,
  #hal.executable.target<"llvm-cpu", "arm_64", {cpu = "generic"}>,
  #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
]> : !hal.device
stream.executable private @ex attributes {
  hal.executable.objects = #hal.executable.objects<{
    #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64"> = [#hal.executable.object<{path = "generic.o"}>],
    #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v4"}> = [#hal.executable.object<{path = "v4.o"}>],
    #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", features = "+avx"}> = [#hal.executable.object<{path = "v3_avx.o"}>],
    #hal.executable.target<"llvm-cpu", "arm_64", {}> = [#hal.executable.object<{path = "arm.o"}>],
    #hal.executable.target<"vmvx", "embedded-elf-x86_64"> = [#hal.executable.object<{path = "other_backend.o"}>]
  }>
} {
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
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
