// An embedding lookup through a registered int64 buffer (position ids), as
// transformers encoders export it with iree-turbine: the ids and the table
// are inline `dense_resource` literals, which IREE folds into a
// `#util.composite` constant of the host program.
module @position_ids {
  func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %ids = arith.constant dense_resource<torch_tensor_1_4_torch.int64> : tensor<1x4xi64>
    %table = arith.constant dense_resource<embedding_weight> : tensor<4x8xf32>
    %scale = arith.constant 0.5 : f32
    %init = tensor.empty() : tensor<4x8xf32>
    %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %ids : tensor<4x8xf32>, tensor<1x4xi64>) outs(%init : tensor<4x8xf32>) {
    ^bb0(%a: f32, %id: i64, %o: f32):
      %j = linalg.index 1 : index
      %row = arith.index_cast %id : i64 to index
      %w = tensor.extract %table[%row, %j] : tensor<4x8xf32>
      %s = arith.mulf %w, %scale : f32
      %r = arith.addf %a, %s : f32
      linalg.yield %r : f32
    } -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_4_torch.int64: "0x080000000300000000000000010000000000000000000000000000000200000000000000",
      embedding_weight: "0x04000000000040C0000030C0000020C0000010C0000000C00000E0BF0000C0BF0000A0BF000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F000000400000104000002040000030400000404000005040000060400000704000008040000088400000904000009840"
    }
  }
#-}
