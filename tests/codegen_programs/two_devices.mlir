// Two devices: the scale runs on @device_a, the shift on @device_b, the
// result comes back to @device_a. Compile with
// --iree-execution-model=async-external
// --iree-hal-target-device=device_a=local[0] --iree-hal-target-device=device_b=local[1]
// and run with two devices (--device=local-sync --device=local-sync).
func.func public @main(%x: tensor<16xf32> {iree.abi.affinity = #hal.device.promise<@device_a>})
    -> (tensor<16xf32> {iree.abi.affinity = #hal.device.promise<@device_a>}) {
  %three = arith.constant dense<3.0> : tensor<16xf32>
  %scaled = arith.mulf %x, %three : tensor<16xf32>
  %there = flow.tensor.transfer %scaled : tensor<16xf32> to #hal.device.promise<@device_b>
  %half = arith.constant dense<0.5> : tensor<16xf32>
  %shifted = arith.addf %there, %half : tensor<16xf32>
  %back = flow.tensor.transfer %shifted : tensor<16xf32> to #hal.device.promise<@device_a>
  return %back : tensor<16xf32>
}
