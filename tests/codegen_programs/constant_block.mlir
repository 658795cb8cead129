// A hand-written kernel (hal.executable.source) that reads a constant block.
// IREE's materialize-interfaces drops the block (a source's variants get its
// exports and inner module only) and keeps the hal.executable.constant.load,
// which then has no constant to read: executed, it crashes a plain
// iree-compile's module as well. Here it sits on a path no input of the
// tests takes (|x| > 1e30), so the module runs; the kernel multiplies by 3.
#pipeline_layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source private @ex {
  hal.executable.constant.block(%device: !hal.device) -> i32 as "k" {
    %c3 = arith.constant 3 : i32
    hal.return %c3 : i32
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
      %in = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<16xf32>
      %out = hal.interface.binding.subspan layout(#pipeline_layout) binding(1) alignment(64) offset(%c0) : memref<16xf32>
      scf.for %i = %c0 to %c16 step %c1 {
        %v = memref.load %in[%i] : memref<16xf32>
        %big = arith.constant 1.0e30 : f32
        %huge = arith.cmpf ogt, %v, %big : f32
        %kf = scf.if %huge -> (f32) {
          %k = hal.executable.constant.load "k" : i32
          %kk = arith.sitofp %k : i32 to f32
          scf.yield %kk : f32
        } else {
          %three = arith.constant 3.0 : f32
          scf.yield %three : f32
        }
        %m = arith.mulf %v, %kf : f32
        memref.store %m, %out[%i] : memref<16xf32>
      }
      return
    }
  }
}
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c1 = arith.constant 1 : index
  %y = arith.addf %x, %x : tensor<16xf32>
  %0 = flow.dispatch @ex::@scale[%c1](%y) : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
