// A two-layer MLP with a softmax head: weights are function arguments, one
// bias is an inline constant. IREE forms four dispatches from it.
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
                %w2: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e38 : f32
  %b2 = arith.constant dense<[0.5, -0.25, 0.125, 1.0, -1.0, 0.75, 0.0, 0.3]> : tensor<8xf32>
  %e16 = tensor.empty() : tensor<4x16xf32>
  %z16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<4x8xf32>, tensor<8x16xf32>)
                      outs(%z16 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m1, %b1 : tensor<4x16xf32>, tensor<16xf32>) outs(%e16 : tensor<4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x16xf32>
  %e8 = tensor.empty() : tensor<4x8xf32>
  %z8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m2 = linalg.matmul ins(%h, %w2 : tensor<4x16xf32>, tensor<16x8xf32>)
                      outs(%z8 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m2, %b2 : tensor<4x8xf32>, tensor<8xf32>) outs(%e8 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %scale = arith.constant 0.5 : f32
    %s = arith.addf %a, %b : f32
    %u = arith.mulf %s, %scale : f32
    %r = math.tanh %u : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %n4 = linalg.fill ins(%ninf : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
  %mx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                        iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<4x8xf32>) outs(%n4 : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                          affine_map<(i, j) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%t, %mx : tensor<4x8xf32>, tensor<4xf32>) outs(%z4 : tensor<4xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %sm = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                         affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%t, %mx, %sum : tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
      outs(%e8 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %s : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %sm : tensor<4x8xf32>
}
