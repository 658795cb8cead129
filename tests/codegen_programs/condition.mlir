// A hand-written hal.executable whose one variant has a
// hal.executable.condition (chosen at run time when the device reports the
// format), dispatched by flow.dispatch to that variant's export. The kernel
// multiplies by 3. (No ordinary dispatch beside it: IREE 3.13 links the
// hand-written variant, whose target has no CPU configuration, with the
// generated ones into a module that fails at run time.)
#pipeline_layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable private @ex {
  hal.executable.variant public @x86_64 target(<"llvm-cpu", "embedded-elf-x86_64">) {
  hal.executable.condition(%device: !hal.device) -> i1 {
    %ok, %selected = hal.device.query<%device : !hal.device> key("hal.executable.format" :: "embedded-elf-x86_64") : i1, i1 = false
    hal.return %selected : i1
  }
  hal.executable.export public @scale ordinal(0) layout(#pipeline_layout) count(%device: !hal.device, %w: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @scale() {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %kf = arith.constant 3.0 : f32
      %in = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<16xf32>
      %out = hal.interface.binding.subspan layout(#pipeline_layout) binding(1) alignment(64) offset(%c0) : memref<16xf32>
      scf.for %i = %c0 to %c16 step %c1 {
        %v = memref.load %in[%i] : memref<16xf32>
        %m = arith.mulf %v, %kf : f32
        memref.store %m, %out[%i] : memref<16xf32>
      }
      return
    }
  }
  }
}
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c1 = arith.constant 1 : index
  %0 = flow.dispatch @ex::@x86_64::@scale[%c1](%x) : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
