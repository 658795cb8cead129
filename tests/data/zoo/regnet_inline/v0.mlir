module @module {
  util.global private @__auto.constant_16_8_3_3_torch.float32 = dense_resource<__auto.constant_16_8_3_3_torch.float32> : tensor<16x8x3x3xf32>
  func.func @main(%arg0: !torch.vtensor<[1,3,16,16],f32>) -> !torch.vtensor<[1,10],f32> attributes {torch.assume_strict_symbolic_shapes} {
    %0 = torch.vtensor.literal(dense_resource<torch_tensor_8_3_3_3_torch.float32> : tensor<8x3x3x3xf32>) : !torch.vtensor<[8,3,3,3],f32>
    %none = torch.constant.none
    %int2 = torch.constant.int 2
    %int2_0 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2, %int2_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_1 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1, %int1_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_2 = torch.constant.int 1
    %int1_3 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1_2, %int1_3 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_4 = torch.constant.int 1
    %4 = torch.aten.conv2d %arg0, %0, %none, %1, %2, %3, %int1_4 : !torch.vtensor<[1,3,16,16],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,8,8],f32>
    %5 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6 = torch.constant.int 6
    %6 = torch.prims.convert_element_type %5, %int6 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %7 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_5 = torch.constant.int 6
    %8 = torch.prims.convert_element_type %7, %int6_5 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %int1_6 = torch.constant.int 1
    %9 = torch.aten.add.Scalar %8, %float1.000000e-05, %int1_6 : !torch.vtensor<[8],f32>, !torch.float, !torch.int -> !torch.vtensor<[8],f32>
    %10 = torch.aten.sqrt %9 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %11 = torch.aten.reciprocal %10 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %int1_7 = torch.constant.int 1
    %12 = torch.aten.mul.Scalar %11, %int1_7 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %int-1 = torch.constant.int -1
    %13 = torch.aten.unsqueeze %6, %int-1 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_8 = torch.constant.int -1
    %14 = torch.aten.unsqueeze %13, %int-1_8 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int-1_9 = torch.constant.int -1
    %15 = torch.aten.unsqueeze %12, %int-1_9 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_10 = torch.constant.int -1
    %16 = torch.aten.unsqueeze %15, %int-1_10 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_11 = torch.constant.int 1
    %17 = torch.aten.sub.Tensor %4, %14, %int1_11 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,8,8],f32>
    %18 = torch.aten.mul.Tensor %17, %16 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,8,8],f32>
    %19 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_12 = torch.constant.int -1
    %20 = torch.aten.unsqueeze %19, %int-1_12 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_13 = torch.constant.int -1
    %21 = torch.aten.unsqueeze %20, %int-1_13 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %22 = torch.aten.mul.Tensor %18, %21 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,8,8],f32>
    %23 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_3> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_14 = torch.constant.int -1
    %24 = torch.aten.unsqueeze %23, %int-1_14 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_15 = torch.constant.int -1
    %25 = torch.aten.unsqueeze %24, %int-1_15 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_16 = torch.constant.int 1
    %26 = torch.aten.add.Tensor %22, %25, %int1_16 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,8,8],f32>
    %27 = torch.aten.relu %26 : !torch.vtensor<[1,8,8,8],f32> -> !torch.vtensor<[1,8,8,8],f32>
    %28 = torch.vtensor.literal(dense_resource<torch_tensor_8_8_1_1_torch.float32> : tensor<8x8x1x1xf32>) : !torch.vtensor<[8,8,1,1],f32>
    %none_17 = torch.constant.none
    %int1_18 = torch.constant.int 1
    %int1_19 = torch.constant.int 1
    %29 = torch.prim.ListConstruct %int1_18, %int1_19 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0 = torch.constant.int 0
    %int0_20 = torch.constant.int 0
    %30 = torch.prim.ListConstruct %int0, %int0_20 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_21 = torch.constant.int 1
    %int1_22 = torch.constant.int 1
    %31 = torch.prim.ListConstruct %int1_21, %int1_22 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_23 = torch.constant.int 1
    %32 = torch.aten.conv2d %27, %28, %none_17, %29, %30, %31, %int1_23 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,8,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,8,8],f32>
    %33 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_4> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_24 = torch.constant.int 6
    %34 = torch.prims.convert_element_type %33, %int6_24 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %35 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_5> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_25 = torch.constant.int 6
    %36 = torch.prims.convert_element_type %35, %int6_25 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %float1.000000e-05_26 = torch.constant.float 1.000000e-05
    %int1_27 = torch.constant.int 1
    %37 = torch.aten.add.Scalar %36, %float1.000000e-05_26, %int1_27 : !torch.vtensor<[8],f32>, !torch.float, !torch.int -> !torch.vtensor<[8],f32>
    %38 = torch.aten.sqrt %37 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %39 = torch.aten.reciprocal %38 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %int1_28 = torch.constant.int 1
    %40 = torch.aten.mul.Scalar %39, %int1_28 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %int-1_29 = torch.constant.int -1
    %41 = torch.aten.unsqueeze %34, %int-1_29 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_30 = torch.constant.int -1
    %42 = torch.aten.unsqueeze %41, %int-1_30 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int-1_31 = torch.constant.int -1
    %43 = torch.aten.unsqueeze %40, %int-1_31 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_32 = torch.constant.int -1
    %44 = torch.aten.unsqueeze %43, %int-1_32 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_33 = torch.constant.int 1
    %45 = torch.aten.sub.Tensor %32, %42, %int1_33 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,8,8],f32>
    %46 = torch.aten.mul.Tensor %45, %44 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,8,8],f32>
    %47 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_6> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_34 = torch.constant.int -1
    %48 = torch.aten.unsqueeze %47, %int-1_34 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_35 = torch.constant.int -1
    %49 = torch.aten.unsqueeze %48, %int-1_35 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %50 = torch.aten.mul.Tensor %46, %49 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,8,8],f32>
    %51 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_7> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_36 = torch.constant.int -1
    %52 = torch.aten.unsqueeze %51, %int-1_36 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_37 = torch.constant.int -1
    %53 = torch.aten.unsqueeze %52, %int-1_37 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_38 = torch.constant.int 1
    %54 = torch.aten.add.Tensor %50, %53, %int1_38 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,8,8],f32>
    %55 = torch.aten.relu %54 : !torch.vtensor<[1,8,8,8],f32> -> !torch.vtensor<[1,8,8,8],f32>
    %56 = torch.vtensor.literal(dense_resource<torch_tensor_8_8_3_3_torch.float32> : tensor<8x8x3x3xf32>) : !torch.vtensor<[8,8,3,3],f32>
    %none_39 = torch.constant.none
    %int2_40 = torch.constant.int 2
    %int2_41 = torch.constant.int 2
    %57 = torch.prim.ListConstruct %int2_40, %int2_41 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_42 = torch.constant.int 1
    %int1_43 = torch.constant.int 1
    %58 = torch.prim.ListConstruct %int1_42, %int1_43 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_44 = torch.constant.int 1
    %int1_45 = torch.constant.int 1
    %59 = torch.prim.ListConstruct %int1_44, %int1_45 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_46 = torch.constant.int 1
    %60 = torch.aten.conv2d %55, %56, %none_39, %57, %58, %59, %int1_46 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,8,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %61 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_8> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_47 = torch.constant.int 6
    %62 = torch.prims.convert_element_type %61, %int6_47 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %63 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_9> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_48 = torch.constant.int 6
    %64 = torch.prims.convert_element_type %63, %int6_48 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %float1.000000e-05_49 = torch.constant.float 1.000000e-05
    %int1_50 = torch.constant.int 1
    %65 = torch.aten.add.Scalar %64, %float1.000000e-05_49, %int1_50 : !torch.vtensor<[8],f32>, !torch.float, !torch.int -> !torch.vtensor<[8],f32>
    %66 = torch.aten.sqrt %65 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %67 = torch.aten.reciprocal %66 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %int1_51 = torch.constant.int 1
    %68 = torch.aten.mul.Scalar %67, %int1_51 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %int-1_52 = torch.constant.int -1
    %69 = torch.aten.unsqueeze %62, %int-1_52 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_53 = torch.constant.int -1
    %70 = torch.aten.unsqueeze %69, %int-1_53 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int-1_54 = torch.constant.int -1
    %71 = torch.aten.unsqueeze %68, %int-1_54 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_55 = torch.constant.int -1
    %72 = torch.aten.unsqueeze %71, %int-1_55 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_56 = torch.constant.int 1
    %73 = torch.aten.sub.Tensor %60, %70, %int1_56 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %74 = torch.aten.mul.Tensor %73, %72 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %75 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_10> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_57 = torch.constant.int -1
    %76 = torch.aten.unsqueeze %75, %int-1_57 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_58 = torch.constant.int -1
    %77 = torch.aten.unsqueeze %76, %int-1_58 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %78 = torch.aten.mul.Tensor %74, %77 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %79 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_11> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_59 = torch.constant.int -1
    %80 = torch.aten.unsqueeze %79, %int-1_59 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_60 = torch.constant.int -1
    %81 = torch.aten.unsqueeze %80, %int-1_60 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_61 = torch.constant.int 1
    %82 = torch.aten.add.Tensor %78, %81, %int1_61 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %83 = torch.aten.relu %82 : !torch.vtensor<[1,8,4,4],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %84 = torch.vtensor.literal(dense_resource<torch_tensor_8_8_1_1_torch.float32_1> : tensor<8x8x1x1xf32>) : !torch.vtensor<[8,8,1,1],f32>
    %none_62 = torch.constant.none
    %int1_63 = torch.constant.int 1
    %int1_64 = torch.constant.int 1
    %85 = torch.prim.ListConstruct %int1_63, %int1_64 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0_65 = torch.constant.int 0
    %int0_66 = torch.constant.int 0
    %86 = torch.prim.ListConstruct %int0_65, %int0_66 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_67 = torch.constant.int 1
    %int1_68 = torch.constant.int 1
    %87 = torch.prim.ListConstruct %int1_67, %int1_68 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_69 = torch.constant.int 1
    %88 = torch.aten.conv2d %83, %84, %none_62, %85, %86, %87, %int1_69 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,8,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %89 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_12> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_70 = torch.constant.int 6
    %90 = torch.prims.convert_element_type %89, %int6_70 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %91 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_13> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_71 = torch.constant.int 6
    %92 = torch.prims.convert_element_type %91, %int6_71 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %float1.000000e-05_72 = torch.constant.float 1.000000e-05
    %int1_73 = torch.constant.int 1
    %93 = torch.aten.add.Scalar %92, %float1.000000e-05_72, %int1_73 : !torch.vtensor<[8],f32>, !torch.float, !torch.int -> !torch.vtensor<[8],f32>
    %94 = torch.aten.sqrt %93 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %95 = torch.aten.reciprocal %94 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %int1_74 = torch.constant.int 1
    %96 = torch.aten.mul.Scalar %95, %int1_74 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %int-1_75 = torch.constant.int -1
    %97 = torch.aten.unsqueeze %90, %int-1_75 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_76 = torch.constant.int -1
    %98 = torch.aten.unsqueeze %97, %int-1_76 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int-1_77 = torch.constant.int -1
    %99 = torch.aten.unsqueeze %96, %int-1_77 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_78 = torch.constant.int -1
    %100 = torch.aten.unsqueeze %99, %int-1_78 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_79 = torch.constant.int 1
    %101 = torch.aten.sub.Tensor %88, %98, %int1_79 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %102 = torch.aten.mul.Tensor %101, %100 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %103 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_14> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_80 = torch.constant.int -1
    %104 = torch.aten.unsqueeze %103, %int-1_80 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_81 = torch.constant.int -1
    %105 = torch.aten.unsqueeze %104, %int-1_81 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %106 = torch.aten.mul.Tensor %102, %105 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %107 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_15> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_82 = torch.constant.int -1
    %108 = torch.aten.unsqueeze %107, %int-1_82 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_83 = torch.constant.int -1
    %109 = torch.aten.unsqueeze %108, %int-1_83 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_84 = torch.constant.int 1
    %110 = torch.aten.add.Tensor %106, %109, %int1_84 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %111 = torch.vtensor.literal(dense_resource<torch_tensor_8_8_1_1_torch.float32_2> : tensor<8x8x1x1xf32>) : !torch.vtensor<[8,8,1,1],f32>
    %none_85 = torch.constant.none
    %int2_86 = torch.constant.int 2
    %int2_87 = torch.constant.int 2
    %112 = torch.prim.ListConstruct %int2_86, %int2_87 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0_88 = torch.constant.int 0
    %int0_89 = torch.constant.int 0
    %113 = torch.prim.ListConstruct %int0_88, %int0_89 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_90 = torch.constant.int 1
    %int1_91 = torch.constant.int 1
    %114 = torch.prim.ListConstruct %int1_90, %int1_91 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_92 = torch.constant.int 1
    %115 = torch.aten.conv2d %27, %111, %none_85, %112, %113, %114, %int1_92 : !torch.vtensor<[1,8,8,8],f32>, !torch.vtensor<[8,8,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %116 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_16> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_93 = torch.constant.int 6
    %117 = torch.prims.convert_element_type %116, %int6_93 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %118 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_17> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int6_94 = torch.constant.int 6
    %119 = torch.prims.convert_element_type %118, %int6_94 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %float1.000000e-05_95 = torch.constant.float 1.000000e-05
    %int1_96 = torch.constant.int 1
    %120 = torch.aten.add.Scalar %119, %float1.000000e-05_95, %int1_96 : !torch.vtensor<[8],f32>, !torch.float, !torch.int -> !torch.vtensor<[8],f32>
    %121 = torch.aten.sqrt %120 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %122 = torch.aten.reciprocal %121 : !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
    %int1_97 = torch.constant.int 1
    %123 = torch.aten.mul.Scalar %122, %int1_97 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8],f32>
    %int-1_98 = torch.constant.int -1
    %124 = torch.aten.unsqueeze %117, %int-1_98 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_99 = torch.constant.int -1
    %125 = torch.aten.unsqueeze %124, %int-1_99 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int-1_100 = torch.constant.int -1
    %126 = torch.aten.unsqueeze %123, %int-1_100 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_101 = torch.constant.int -1
    %127 = torch.aten.unsqueeze %126, %int-1_101 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_102 = torch.constant.int 1
    %128 = torch.aten.sub.Tensor %115, %125, %int1_102 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %129 = torch.aten.mul.Tensor %128, %127 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %130 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_18> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_103 = torch.constant.int -1
    %131 = torch.aten.unsqueeze %130, %int-1_103 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_104 = torch.constant.int -1
    %132 = torch.aten.unsqueeze %131, %int-1_104 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %133 = torch.aten.mul.Tensor %129, %132 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %134 = torch.vtensor.literal(dense_resource<torch_tensor_8_torch.float32_19> : tensor<8xf32>) : !torch.vtensor<[8],f32>
    %int-1_105 = torch.constant.int -1
    %135 = torch.aten.unsqueeze %134, %int-1_105 : !torch.vtensor<[8],f32>, !torch.int -> !torch.vtensor<[8,1],f32>
    %int-1_106 = torch.constant.int -1
    %136 = torch.aten.unsqueeze %135, %int-1_106 : !torch.vtensor<[8,1],f32>, !torch.int -> !torch.vtensor<[8,1,1],f32>
    %int1_107 = torch.constant.int 1
    %137 = torch.aten.add.Tensor %133, %136, %int1_107 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[8,1,1],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %int1_108 = torch.constant.int 1
    %138 = torch.aten.add.Tensor %110, %137, %int1_108 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[1,8,4,4],f32>, !torch.int -> !torch.vtensor<[1,8,4,4],f32>
    %139 = torch.aten.relu %138 : !torch.vtensor<[1,8,4,4],f32> -> !torch.vtensor<[1,8,4,4],f32>
    %140 = torch.vtensor.literal(dense_resource<torch_tensor_16_8_1_1_torch.float32> : tensor<16x8x1x1xf32>) : !torch.vtensor<[16,8,1,1],f32>
    %none_109 = torch.constant.none
    %int1_110 = torch.constant.int 1
    %int1_111 = torch.constant.int 1
    %141 = torch.prim.ListConstruct %int1_110, %int1_111 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0_112 = torch.constant.int 0
    %int0_113 = torch.constant.int 0
    %142 = torch.prim.ListConstruct %int0_112, %int0_113 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_114 = torch.constant.int 1
    %int1_115 = torch.constant.int 1
    %143 = torch.prim.ListConstruct %int1_114, %int1_115 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_116 = torch.constant.int 1
    %144 = torch.aten.conv2d %139, %140, %none_109, %141, %142, %143, %int1_116 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[16,8,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,16,4,4],f32>
    %145 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_117 = torch.constant.int 6
    %146 = torch.prims.convert_element_type %145, %int6_117 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %147 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_118 = torch.constant.int 6
    %148 = torch.prims.convert_element_type %147, %int6_118 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %float1.000000e-05_119 = torch.constant.float 1.000000e-05
    %int1_120 = torch.constant.int 1
    %149 = torch.aten.add.Scalar %148, %float1.000000e-05_119, %int1_120 : !torch.vtensor<[16],f32>, !torch.float, !torch.int -> !torch.vtensor<[16],f32>
    %150 = torch.aten.sqrt %149 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %151 = torch.aten.reciprocal %150 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %int1_121 = torch.constant.int 1
    %152 = torch.aten.mul.Scalar %151, %int1_121 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %int-1_122 = torch.constant.int -1
    %153 = torch.aten.unsqueeze %146, %int-1_122 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_123 = torch.constant.int -1
    %154 = torch.aten.unsqueeze %153, %int-1_123 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int-1_124 = torch.constant.int -1
    %155 = torch.aten.unsqueeze %152, %int-1_124 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_125 = torch.constant.int -1
    %156 = torch.aten.unsqueeze %155, %int-1_125 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_126 = torch.constant.int 1
    %157 = torch.aten.sub.Tensor %144, %154, %int1_126 : !torch.vtensor<[1,16,4,4],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,4,4],f32>
    %158 = torch.aten.mul.Tensor %157, %156 : !torch.vtensor<[1,16,4,4],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,4,4],f32>
    %159 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_127 = torch.constant.int -1
    %160 = torch.aten.unsqueeze %159, %int-1_127 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_128 = torch.constant.int -1
    %161 = torch.aten.unsqueeze %160, %int-1_128 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %162 = torch.aten.mul.Tensor %158, %161 : !torch.vtensor<[1,16,4,4],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,4,4],f32>
    %163 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_129 = torch.constant.int -1
    %164 = torch.aten.unsqueeze %163, %int-1_129 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_130 = torch.constant.int -1
    %165 = torch.aten.unsqueeze %164, %int-1_130 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_131 = torch.constant.int 1
    %166 = torch.aten.add.Tensor %162, %165, %int1_131 : !torch.vtensor<[1,16,4,4],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,4,4],f32>
    %167 = torch.aten.relu %166 : !torch.vtensor<[1,16,4,4],f32> -> !torch.vtensor<[1,16,4,4],f32>
    %__auto.constant_16_8_3_3_torch.float32 = util.global.load @__auto.constant_16_8_3_3_torch.float32 : tensor<16x8x3x3xf32>
    %168 = torch_c.from_builtin_tensor %__auto.constant_16_8_3_3_torch.float32 : tensor<16x8x3x3xf32> -> !torch.vtensor<[16,8,3,3],f32>
    %none_132 = torch.constant.none
    %int2_133 = torch.constant.int 2
    %int2_134 = torch.constant.int 2
    %169 = torch.prim.ListConstruct %int2_133, %int2_134 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_135 = torch.constant.int 1
    %int1_136 = torch.constant.int 1
    %170 = torch.prim.ListConstruct %int1_135, %int1_136 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_137 = torch.constant.int 1
    %int1_138 = torch.constant.int 1
    %171 = torch.prim.ListConstruct %int1_137, %int1_138 : (!torch.int, !torch.int) -> !torch.list<int>
    %int2_139 = torch.constant.int 2
    %172 = torch.aten.conv2d %167, %168, %none_132, %169, %170, %171, %int2_139 : !torch.vtensor<[1,16,4,4],f32>, !torch.vtensor<[16,8,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %173 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_4> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_140 = torch.constant.int 6
    %174 = torch.prims.convert_element_type %173, %int6_140 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %175 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_5> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_141 = torch.constant.int 6
    %176 = torch.prims.convert_element_type %175, %int6_141 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %float1.000000e-05_142 = torch.constant.float 1.000000e-05
    %int1_143 = torch.constant.int 1
    %177 = torch.aten.add.Scalar %176, %float1.000000e-05_142, %int1_143 : !torch.vtensor<[16],f32>, !torch.float, !torch.int -> !torch.vtensor<[16],f32>
    %178 = torch.aten.sqrt %177 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %179 = torch.aten.reciprocal %178 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %int1_144 = torch.constant.int 1
    %180 = torch.aten.mul.Scalar %179, %int1_144 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %int-1_145 = torch.constant.int -1
    %181 = torch.aten.unsqueeze %174, %int-1_145 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_146 = torch.constant.int -1
    %182 = torch.aten.unsqueeze %181, %int-1_146 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int-1_147 = torch.constant.int -1
    %183 = torch.aten.unsqueeze %180, %int-1_147 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_148 = torch.constant.int -1
    %184 = torch.aten.unsqueeze %183, %int-1_148 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_149 = torch.constant.int 1
    %185 = torch.aten.sub.Tensor %172, %182, %int1_149 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %186 = torch.aten.mul.Tensor %185, %184 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %187 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_6> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_150 = torch.constant.int -1
    %188 = torch.aten.unsqueeze %187, %int-1_150 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_151 = torch.constant.int -1
    %189 = torch.aten.unsqueeze %188, %int-1_151 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %190 = torch.aten.mul.Tensor %186, %189 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %191 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_7> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_152 = torch.constant.int -1
    %192 = torch.aten.unsqueeze %191, %int-1_152 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_153 = torch.constant.int -1
    %193 = torch.aten.unsqueeze %192, %int-1_153 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_154 = torch.constant.int 1
    %194 = torch.aten.add.Tensor %190, %193, %int1_154 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %195 = torch.aten.relu %194 : !torch.vtensor<[1,16,2,2],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %196 = torch.vtensor.literal(dense_resource<torch_tensor_16_16_1_1_torch.float32> : tensor<16x16x1x1xf32>) : !torch.vtensor<[16,16,1,1],f32>
    %none_155 = torch.constant.none
    %int1_156 = torch.constant.int 1
    %int1_157 = torch.constant.int 1
    %197 = torch.prim.ListConstruct %int1_156, %int1_157 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0_158 = torch.constant.int 0
    %int0_159 = torch.constant.int 0
    %198 = torch.prim.ListConstruct %int0_158, %int0_159 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_160 = torch.constant.int 1
    %int1_161 = torch.constant.int 1
    %199 = torch.prim.ListConstruct %int1_160, %int1_161 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_162 = torch.constant.int 1
    %200 = torch.aten.conv2d %195, %196, %none_155, %197, %198, %199, %int1_162 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,16,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %201 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_8> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_163 = torch.constant.int 6
    %202 = torch.prims.convert_element_type %201, %int6_163 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %203 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_9> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_164 = torch.constant.int 6
    %204 = torch.prims.convert_element_type %203, %int6_164 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %float1.000000e-05_165 = torch.constant.float 1.000000e-05
    %int1_166 = torch.constant.int 1
    %205 = torch.aten.add.Scalar %204, %float1.000000e-05_165, %int1_166 : !torch.vtensor<[16],f32>, !torch.float, !torch.int -> !torch.vtensor<[16],f32>
    %206 = torch.aten.sqrt %205 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %207 = torch.aten.reciprocal %206 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %int1_167 = torch.constant.int 1
    %208 = torch.aten.mul.Scalar %207, %int1_167 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %int-1_168 = torch.constant.int -1
    %209 = torch.aten.unsqueeze %202, %int-1_168 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_169 = torch.constant.int -1
    %210 = torch.aten.unsqueeze %209, %int-1_169 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int-1_170 = torch.constant.int -1
    %211 = torch.aten.unsqueeze %208, %int-1_170 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_171 = torch.constant.int -1
    %212 = torch.aten.unsqueeze %211, %int-1_171 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_172 = torch.constant.int 1
    %213 = torch.aten.sub.Tensor %200, %210, %int1_172 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %214 = torch.aten.mul.Tensor %213, %212 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %215 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_10> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_173 = torch.constant.int -1
    %216 = torch.aten.unsqueeze %215, %int-1_173 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_174 = torch.constant.int -1
    %217 = torch.aten.unsqueeze %216, %int-1_174 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %218 = torch.aten.mul.Tensor %214, %217 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %219 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_11> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_175 = torch.constant.int -1
    %220 = torch.aten.unsqueeze %219, %int-1_175 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_176 = torch.constant.int -1
    %221 = torch.aten.unsqueeze %220, %int-1_176 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_177 = torch.constant.int 1
    %222 = torch.aten.add.Tensor %218, %221, %int1_177 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %223 = torch.vtensor.literal(dense_resource<torch_tensor_16_8_1_1_torch.float32_1> : tensor<16x8x1x1xf32>) : !torch.vtensor<[16,8,1,1],f32>
    %none_178 = torch.constant.none
    %int2_179 = torch.constant.int 2
    %int2_180 = torch.constant.int 2
    %224 = torch.prim.ListConstruct %int2_179, %int2_180 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0_181 = torch.constant.int 0
    %int0_182 = torch.constant.int 0
    %225 = torch.prim.ListConstruct %int0_181, %int0_182 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_183 = torch.constant.int 1
    %int1_184 = torch.constant.int 1
    %226 = torch.prim.ListConstruct %int1_183, %int1_184 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_185 = torch.constant.int 1
    %227 = torch.aten.conv2d %139, %223, %none_178, %224, %225, %226, %int1_185 : !torch.vtensor<[1,8,4,4],f32>, !torch.vtensor<[16,8,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %228 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_12> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_186 = torch.constant.int 6
    %229 = torch.prims.convert_element_type %228, %int6_186 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %230 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_13> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int6_187 = torch.constant.int 6
    %231 = torch.prims.convert_element_type %230, %int6_187 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %float1.000000e-05_188 = torch.constant.float 1.000000e-05
    %int1_189 = torch.constant.int 1
    %232 = torch.aten.add.Scalar %231, %float1.000000e-05_188, %int1_189 : !torch.vtensor<[16],f32>, !torch.float, !torch.int -> !torch.vtensor<[16],f32>
    %233 = torch.aten.sqrt %232 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %234 = torch.aten.reciprocal %233 : !torch.vtensor<[16],f32> -> !torch.vtensor<[16],f32>
    %int1_190 = torch.constant.int 1
    %235 = torch.aten.mul.Scalar %234, %int1_190 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16],f32>
    %int-1_191 = torch.constant.int -1
    %236 = torch.aten.unsqueeze %229, %int-1_191 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_192 = torch.constant.int -1
    %237 = torch.aten.unsqueeze %236, %int-1_192 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int-1_193 = torch.constant.int -1
    %238 = torch.aten.unsqueeze %235, %int-1_193 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_194 = torch.constant.int -1
    %239 = torch.aten.unsqueeze %238, %int-1_194 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_195 = torch.constant.int 1
    %240 = torch.aten.sub.Tensor %227, %237, %int1_195 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %241 = torch.aten.mul.Tensor %240, %239 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %242 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_14> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_196 = torch.constant.int -1
    %243 = torch.aten.unsqueeze %242, %int-1_196 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_197 = torch.constant.int -1
    %244 = torch.aten.unsqueeze %243, %int-1_197 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %245 = torch.aten.mul.Tensor %241, %244 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %246 = torch.vtensor.literal(dense_resource<torch_tensor_16_torch.float32_15> : tensor<16xf32>) : !torch.vtensor<[16],f32>
    %int-1_198 = torch.constant.int -1
    %247 = torch.aten.unsqueeze %246, %int-1_198 : !torch.vtensor<[16],f32>, !torch.int -> !torch.vtensor<[16,1],f32>
    %int-1_199 = torch.constant.int -1
    %248 = torch.aten.unsqueeze %247, %int-1_199 : !torch.vtensor<[16,1],f32>, !torch.int -> !torch.vtensor<[16,1,1],f32>
    %int1_200 = torch.constant.int 1
    %249 = torch.aten.add.Tensor %245, %248, %int1_200 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[16,1,1],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %int1_201 = torch.constant.int 1
    %250 = torch.aten.add.Tensor %222, %249, %int1_201 : !torch.vtensor<[1,16,2,2],f32>, !torch.vtensor<[1,16,2,2],f32>, !torch.int -> !torch.vtensor<[1,16,2,2],f32>
    %251 = torch.aten.relu %250 : !torch.vtensor<[1,16,2,2],f32> -> !torch.vtensor<[1,16,2,2],f32>
    %int1_202 = torch.constant.int 1
    %int1_203 = torch.constant.int 1
    %252 = torch.prim.ListConstruct %int1_202, %int1_203 : (!torch.int, !torch.int) -> !torch.list<int>
    %253 = torch.aten.adaptive_avg_pool2d %251, %252 : !torch.vtensor<[1,16,2,2],f32>, !torch.list<int> -> !torch.vtensor<[1,16,1,1],f32>
    %int1_204 = torch.constant.int 1
    %int16 = torch.constant.int 16
    %254 = torch.prim.ListConstruct %int1_204, %int16 : (!torch.int, !torch.int) -> !torch.list<int>
    %255 = torch.aten.view %253, %254 : !torch.vtensor<[1,16,1,1],f32>, !torch.list<int> -> !torch.vtensor<[1,16],f32>
    %256 = torch.vtensor.literal(dense_resource<torch_tensor_10_16_torch.float32> : tensor<10x16xf32>) : !torch.vtensor<[10,16],f32>
    %257 = torch.vtensor.literal(dense_resource<torch_tensor_10_torch.float32> : tensor<10xf32>) : !torch.vtensor<[10],f32>
    %258 = torch.aten.linear %255, %256, %257 : !torch.vtensor<[1,16],f32>, !torch.vtensor<[10,16],f32>, !torch.vtensor<[10],f32> -> !torch.vtensor<[1,10],f32>
    return %258 : !torch.vtensor<[1,10],f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      __auto.constant_16_8_3_3_torch.float32: "0x040000005BD3253CBB5F2DBD97AE96BEAD4F863D1D1AB83CA2B9A63D3712C93DCDA84E3DEAE5FEBDA6B5173EC87396BD55CEA5BC9449DB3D3615053ECEC6B43DE2E622BEC7ED0BBD0D020C3DE2D34C3E7FCCF53C9AAB473DE1B57DBD817D1EBECF88B63D4ADD2C3BA94BACBD93D4D1BD8732953DB90081BED7598DBDA59F143C6D8EFC3D14672A3EE86327BE2B56983C536C01BD5BEB193BD30CCABDB387203C0016A6BD6FC115BDECCD2C3E88A0283D5A5116BCF3B4783C3CCD043E08ACE1BD882993BD8CD8713DDFDB60BD55B544BE00D688BCC2B611BD053A063E263975BDB0775C3D9F0F113D1967A2BE2BC5EFBDDCEF89BDFC783C3E209D04BE5605D0BC0762223DA66D8E3DA8EDC8BD9E8325BED776FC3DF61810BD7C96893D147F843E0FBB543A563EB9BD77C42F3EFB5FA6BBD1AE263C90406B3D26F113BD2B43B03DA04DA7BDAD2909BDB2E2463DDB9CF93CBEED533DD76ECF3CFB2A81BD61DD15BE1D96713D1A280CBDBF5C15BEE8BDA3BCE07B9FBC2BF13EBDD26EAB3DB293323D73F7B6BC925B1B3EE0C5E63D3E106EBE41836ABC62856F3DDC6000BD01966EBD93012C3D95BBFDBD8C8B9CBB37E685BDB808243D4F1D87BE9E754FBEB74DC53C07ECF8BCBBCEA8BD7F9BC2BD6F04463E632A86BCF092B7BD141CAB3D54992ABEDFB8B7BD368C50BE6C1B0ABE5541403D64D5CCBC83BFBF3C91F6FE3D543E91BCE817B33DC884AF3D1D2AFCBC2462BF3AC26A9BBD09D8A7BD132C23BECF48893D973288BD200E103CB70B91BCDD0A873EC8F890BCB7B503BE8E80493E0D49DBBD5404EC3CFD5117BB851987BD971A6F3D8706E5BC882B86BD13E70FBD4150683D7506C13CCBFBCB3D764FE83C74C3243EDE4792BD5C35163EDC75F8BD1D1B61BE2EBEB2BD4CDADD3DF46A88BD5DFBADBD9152973B7CF3E1BDD31324BD5E1351BD7EBBF73D42315ABD2B44443EDDFC793C2CBFB13BE33E8ABD1EEE4CBD4CE4DA3CA46CE7BD9F20223D5499883D40D579BDB5B4863E9732DE3DC35998BD862660BECF0B2C3E57DC123DAEC8D93D55336ABD21A5BC3D5D0F7ABE302CB7BEF2A250BE3B4B913D800A6B3ECD37F33D577942BC9AC3943C62D7163EADFD873CDC06263EDF309B3B1BF853BD12D046BD0159C6BD04594BBEDA42343B5FA4BF3D97309E3C9560913D879CC43BCDFDEC3DD632033EE33B543E2B1CB9BD7DD526BEF8FDFE3DDA23DABD258F4ABD3B0254BEC7E21F3E4CEA00BDE5F9F23CF2E738BE1F98DA3A36201FBDF1CCB33D128575BDFE878FBD6EAB0CBEB420A4BD61B192BD91873ABDD2BBD03D823B9F3C5F283EBDFFA88BBDBA7D82BC24E49CBD6FFF9D3C3FD569BE84EF0B3E2AE0C2BDCB1948BE31618DBD0DAE59BD16DBA8BD0F0F03BDFA4C533DA41F85BE2EE2953C7CE90EBEFB9407BD570840BE3BD7943E698262BCFC1EA5BD4D87903D4AF1F8BCE5BA00BE174EB7BDD2CA833D7C47043EB244163CB35182BD3DD190BD1FD4803C79C1FC3D9FC28F3D84B2CA3D0A721BBE965A20BE7B103ABDE29D79BD97010D3E154783BD0945693C1C243B3D92458A3D4018EB3CFFB7F33CBD49C8BD10DC7A3DF5A26C3EA2AD25BE3A0B173EFEE84DBD437C303E843CA3BB749711BEFCD0C33D43305ABE374C8D3BF52399BD8AD588BCB7D0C9BD09EF7FBDF014E7BC6A242DBCE2B2273AD2BD243DF536B8BB165F973D08A4EDBDE23A0ABE61FB0E3D0FD1F33D306B2CBE6B14943D6E903F3C1B46873C91CA8D3D9131A73DD6AF773BDE40A83D599201BE04A02ABCF02EEEBD5027FC3DEA749ABC4667FA3D51D3113ED767253E2E1CC5BB4C17A13EF7DF71BD87DA973D59EE71BC18B68EBD03A1BF3D8ABEC5BD31D480BE202F9E3D2202883E8C58223D52EB25BE788CF03C15F5D73D5DB9DABD910B213E76C018BDA2AA8A3D9631043E898E2E3E6D413ABDA6FE0DBE17C345BC44D398BDF4D512BE4B569B3E0415413DD3B5D63C051DCB3D393B74BDBCFE09BD86E2E8BDB1B3393E1CFC49BEADDD2CBD901C4DBD9E1522BEC4174CBD6F279F3E5DD279BD5C44433C960A00BCEBA527BD2E3DC3BA5588B03D84613DBEC9FEB23DF9A242BE2D50043D0367A5BDD3C277BB16E8EDBC8EA42C3C176DBBBD9CEA8E3D5D7414BE3FD4FC3C9CCC58BCCFD247BD0D4ABA3CD1D873BEF0F28CBD3A325A3D9CC2EC3D22CE32BD8EF7DBBD738AFFBD0A2FFF3DBF77BCBD519528BEE2AFEA3B4123E0BD73D55BBE90C933BD1F63A4BD0098B13D6C09EC3D0873B93CAF07003E76F1ABBD959191BCA07E04BDCEC560BE8D4E5BBC3895B13DA87E473EBF5DD83DDA62F83BFB1118BECBD7D3BD2B14AEBDDFB430BD6B2BF93D231BE7BD10C50DBEED500E3E1B372A3D0F74A53DB0A6E23DA5E5A0BE224A583EEC41BE3C5EC0DABC17D42D3EDA3020BED0B6CABD6BBC193EC5506C3D97059DBE4A5E2BBD96EF203D91DAEB3DC1D3CE3C5A942F3D8A3823BEF49AECBD854F2BBDE58768BD3D4B3D3DF5B9443E0C17F3BD01C6923CF8658A3B38651C3E223054BEC2F024BD2AE697BDCE54723DB3C7873EF3B802BE67C28B3D04B8DBBD5C4CFEBC8DFE54BDE094483D3CB2143E9FCE0DBE2EA8B6BD516D6FBD4DEABE3D5F866D3C4A0558BDFCCF02BDF8F09D3DA4D4E93A5B9A6FBE3A4587BD3533E3BB199D7B3CE6AA483DA9D3D63DFA1893BD86AD84BC645D6E3DDA1291BE0BF61ABC1A90D7BD975A0E3D081260BD6A636ABC526D883D35FAB3BD6A23583C4E05D83C7474BF3D560ED33C6CCC263EC45FBEBC1768E4BC331F563D8086033EA4F8213C5FE2D83D45B71C3EBEEB67BD20A1A43D0A80E53CA7F414BEB11C813E3070913E153E6D3DD49285BD7FADD4BC9325753D9B984EBE0108BD3D7ACB103EABF48C3E4CA6AF3D623F9CBD8C71D83C39757C3EBC4F2B3D2782293DFFE8883D41414FBD8BDCA33D50F2173DEEA978BE65B53C3DCA53D43DFC2F8EBD2EA28A3D817B41BDAADEA4BDCB5FDABA705649BD8E3402BC87DB3CBEA6FD08BEBD79DDBCEB52CFBD1293243E744148BE457043BE99C5E5BDB3DABFBD82BFAE3CA55BD7BDD754C3BDC768B33C94EFDEBD4694B4BD07E4C2BC3FF22B3EDEBD3F3DD89793BDE76769BCF1A649BD31C057BEB41112BDEDBEA9BDD5818B3D47B31CBE43F10DBEFE34BABD00F73CBEBC2B6A3EE113DFBD315F8BBEE498193E275E843D906D32BE8B8ED1BE4B2117BE25A7013D24929BBD85274D3EFBDF3ABE5320033C1B2C39BEF333773CB9A118BDE18541BDA805DCBC22C7593D87EB403DD454BEBD64D9B03DD56C053EECDAE8BDA4995FBD3B4B0DBEBEF3973B28D785BD208C113D1B3EFABDC6CC00BEBF7022BD88C1ABBD59A45E3DCDDB643E3660553E4ECD44BD851C01BC09A0D0BD5020F03D7398393E2B117EBDA492863D52FA89BC2A8CE8BD80C539BE81BCAFBDA2B65FBE002F0ABD45DC02BE61A62CBDEE6A933EE8C8223D39EFDC3C2EBDB73D3501763C0674F7BD412BD13CF0BBEC3C03859DBD07AEE3BD4878B2BDB7FC46BE6B23513ED872BEBD89591EBDF4049FBD69AFD1BB0B99C33A2F6215BC4C829B3DA26A18BE3B8ADE3D65E2ACBC97FF453E2EDA133C7830213B400D103C7A1D4D3E91084ABC907AB1BDAA4696BCC34E56BDD2AE7BBD34FF8D3DBA9DFD3D400D10BD41FF83BECFB3943DD94C3F3D6A70403E09FAB9BB54268E3D6A6BCC3D2F2E1C3E66CFAABCD913F23D92953CBD8B7E5D3ED6E834BE05F9A8BD68FC2E3CA32BACBAAA6B683DD93121BE13BF8A3D073CAE3DC4227A3EF6078F3DD61034BD8253CF3DB98332BE651F96BD621C9D3BD759AEBCA250ADBED446D73D8DFA563ECBE77EB9EBA5893C273B5FBD6437FA3D95EA073D7FBA243E7B5A77BDFA4B563DCE65B3BD80BD15BCC57590BAEC730CBD6273D13D66F724BCBBC940BEFDDEA73DF76FCA3D70A6773D167FA03C7F218BBD56AEC93DCD3E273EFB83C73B262793BDA20113BD90D28E3D8E2A0EBC13D5323E897905BE68FBF73DAF5DE0BC96C5363ED22485BD3A70303BBF3A8C3DE188683E2989603EEED7ACBD582C81BEC9FC9CBD1344CDBA3235B13DF09AFBBD0CFAE53D86E2523DB54710BD8E842C3E9DFE69BD2F15CA3D8EC886BEC4F22FBE01CFBFBD27EF16BE0876B93D2BC1983D794CCDBC8AD56DBEB97EB33D2D7F3EBDAF94F63DB5C7353E1973C1BD7BE61CBE967C9CBD98F8EB3DD907D1BD8016583DC29D52BE7D2E4EBDF2AE61BEE4AF60BCE866043EB156963B8E76893DCB5F8B3D84C1BCBC96C8EFBDB37D03BDE544DDBDC9B467BD37E72FBEF53D40BCC1B8AABD999C6D3DE921BCBC059CEBBD0AEEF03D3C5CF7BC32D2213E7DFA093D7882203DAEA8F3BD6C20323C259A35BD3276753E5305183EF46CE7BDF40305BEAAA0F23DC321DABD59B5893CEA64513DF1B5813DB0BAF13DDF529B3D154C6A3D91FAC5BDD11711BE7E71F43DAF02833C1F76AE3D1F769B3D7109EF3D1A3DF23D5CCBA6BC7749883DA58EEC3C404B0A3E38C53E3E9D7FA0BD80B5F13CC3FF5EBC9F3E49BDB395A5BCA9A4B5BD3727E6BD6B4980BCA701833DEE6F1B3EE3BA453C3C6306BED37289BDD2957B3E5E6C07BD8599353DBC19DC3D8D0DFCBD48D57E3C0C769E3BFA0232BE763416BD7464D63CA47B3BBD003CA63E2448413E8FDDF0BD1D48303D68678ABC0FF398BDAAAA443E109C9C3C18DD643BB4B638394A0D2B3D478BC6BC5423D23DDA64C9BDC0E7DBBC9C59CC3C12EDF2BDD6554CBD620E3D3D435845BE67C0B03D58EF10BEEF5BC43D4AAAD43D52E6433D0780963DBF5D553EF005C5BD60E84EBE2B60CF3D3A82E33D67E1CF3D58F736BC4CEC4C3E0A10D53D96F3CC3D347C33BDD60791BD985391BD2F01D83D3D6BC43D06AD443C1A6590BE6001A9BD6E5B9DBD4F74E23DB0021D3EC54025BD8FE82BBD58E407BED9DD2B3DB3F048BD34D48CBDEC8208BEAB8B70BD0047A0BC9C2D36BE0B33123EC7CE09BE3448103E46B5CC3B6AC841BEAE5A23BEF12213BED941273E11B813BE89F6753D5F4DA43C496D4D3DD3B8033DDD5FA7BD9011983D58D4B63DC77D35BD79E528BE6C1D3B3EF82BAE3E3ED58D3DACA7C53D0F3136BD5FF2473D726760BC673C0D3E67CABBBB516CF9BDF8A9163E3AF6223EEA83B93D8FE685BC85A0CF3D386207BDF806C0BD3753A8BD4DBD193D5522983BCA93AFBD567D533D7B316C3ED22C27BEF0DA15BDD396BD3DCDCD47BE856045BE149AB2BC118DDA3DFC677F3E6F93023E46B9A9BD325C023E5DB33E3D137082BD5AABE13E8A432D3C06CB62BDDF98393E15F938BE776F7A3C78246C3CF375C33D5F8986BB4F05493D8CB479BCC59EF1BD594FBB3E4488BCBDCFA97D3C3ED405BE572A8D3EDEDFA9BD32C59DBDC3EF063EBC1ED4BDD80F6D3D68218DBD4EE8693DB6320B3E2232283EDC125EBE0B192ABCA655883D22A1C03C7A3C9A3CC985293C29B1F7BD486F453C4A85C03D52ECA03D40BF15BEE5EA13BD08D474BDEB3D61BD6C000DBEB7CD72BE3B61113EEF56213EB3B828BEACC0EDBDFF491C3DB866793D82CE133D82935E3E6E46663D916100B850F33A3DE69DD13D040D88BC3331983C8A24283DBA38013E08915ABE2B73B13DC4E416BED2B8103EB3D0113DB65E833DDF7BF43B0BC315BE9C01CBBD8A37543D5A6E153E533CD43D0C84AA3D21F7BC3DC151CABD8292F2BDF68D003CD59B2B3E31228A3BECB5FFBCE924713D5D204D3B7EDBAABC9BC0293BF7B367BC76302FBC4B8C353E1F66CBBD5F725A3AA87F03BC501A70BC4EDC94BD81A2613C68ED2FBE4974ED3CABBB21BEB1DBE7BDFAC326BE9081E8BC289CD23C585D943D56852E3E2E8DB63D1AFD9CBD8464653E3CCEB53DE4F2E83A5DB7DD3D7C62D43D6C15D5BD646B48BD1398FCBD248B413E16D9A8BD5AD9363CEC6E7B3DED2DF73ACE84303EDFCEC8BB5F32683D92ED4ABE2B866C3E5DB5983DB227A13DFECC8C3D1E2AA1BC0A8E103E1F6ECEBD6CE722BEBC0BC3BC4939703D1AF4683E8ABACC3DFECE2DBD9820A3BD7B3D463D50BDD2BDBEF45ABDF962523D7A5389BD746F7F3CF48A9CBDE5EDC73DC42CC73D2CC89D3E071685BC380C673D422C43BEE5BA8B3E63A29BBAAE3CEDBD74BA54BB4794A23C415D80BCA586093E5D57DABDD5BEAC3D568F41BD5D94C63D2456483EA6CF7F3DBBA52DBD49F8D6BD2174EA3CB8B7C6BD79EB06BCBA414E3D2224A2BD3551FA3D1A32F03DDE0F403D60449F3C99DE1D3BED43113EDACDE73CB9A00C3E1FFC5EBEE05E5CBA5307A13D571A7DBD48B83CBDCFF571BEC23387BDC1D9063D992137BE1C9728BE6DD97D3E0235FCBDEA47C03D46F2C13D07BC613D2C32003C0B8162BB34D6943D789976BC0B2252BEAE45B63DDAA3A0BACE4B693D29A9F03DCE0455BD5121173EAA58E53D38CB06BEAA28033E2BEA523DDCAE8CBC5354173D1338C2BCCB026D3E3838BC3D00EE51BEA9C5283D6E7E343E9CC1623DACF39F3D6AE3D33DF4A0C33C9ED408BE347D103E5C41253B988AB0BD1F8AE2BD",
      torch_tensor_8_3_3_3_torch.float32: "0x04000000982883BECD53A4BD40C9AC3D8F7E8B3E878EBB3EA4FBCD3BCAC20E3E95D625BE92FF253E92905A3E324283BEB80B99BDB091743E1B624ABDF0B452BE7EEDCABD88D0DDBD2A316BBEE5C9293E02BAEABDA805833D5EBA6ABEA65365BEFE4C0F3EF89C29BE69D084BE3FAFE63DFF83E9BD5EB532BE4CDBB0BD973F873D1C8C01BE9AF8BFBCC8B9C9BD6E00083E73DEC5BE8040753A4B9B14BE7374F43AE83144BE3F2663BDCC3BB63DAF9F48BC8B4E7DBB0F18F83C88231CBEF610F2BC6DBE9C3AC091983EF83DD5BDF32479BEC23A4E3EB3E1383E8F33D53D10C300BD2F6C7E3DCED8743E94B5A83C4B02CF3D342658BE60EC56BE7A462ABEA0BD723E47C84B3D4470E03AD6E37E3E3E6E34BDDB0BC43BBC5500BE4CB87CBD12BBAFBD4782883D362E2B3DC01A1FBDE3ACF23C98A668BB1E5C0FBCC013D83CAAAFE63DA794AA3DA800883D4CEB983EB54B163ED4F9723C4E7ED0BEDC19363EB4C98BBDF86E9F3D7CC6153DBC32F93D4E1C39BD9760B3BC7022DBBDE44DB63D2152963DB3D2753C06C072BE210923BECC18ED3D6E421C3EDC206EBDF5E3943D8B28313D4A0137BE94C49B3D79570F3CA82EF53DD2AE3EBC71BB873E4AA18DBEF8D3653E070D77BBE35C41BE228544BD08B57CBBAAA004BDEEFB4FBC9F5F3ABD161F79BD9E6D843E388825BE0E698D3BABF2893E2C119DBDD7475D3E605726BE74B7923E1223D3BE237F98BE5C9D18BE9A609ABCFBAEF33D8601E33BDEA09DBE77CF123BA69875BEA684333E888D863E077A493E1FAA78BE2FBD4B3DFC06433EE61124BE0CF1A0BD7A7D4ABCFF5B023CE616E8BDE2DBC4BE7A79BCBD6FCF73BD3305A8BDBB9A9BBD8B6C883D96251E3C1E9B77BD5AF6383ED0F167BC0B5590BE0542A3BE6EB1ED3DD829483E64DB193EEA104BBEA0504CBE9E4EA03A2375DC3C92EF32BEC61FA4BD9D8A853D674B343E95439FBC03CAD73D8E670F3EDEAFBABE5FC94E3D943023BEBA9077BD2AB6033E3325B33D44EE22BE701B39BE9078B3BD6E7E25BE084B34BE53D3BDBE0266FCBC0729BEBDE20B61BDC887143DFA8BBABD24BAAA3CACB49D3D62D07CBEF61F0D3C247E9ABCD59C08BEF85ECD3DAB3CFFBDB0D634BD01781BBE3EF5713EFAE8E7BDEB5D7CBEA91C0D3D61A613BE8EB4C8BD97B5F9BC63B5AF3D386A313DF7BE8ABD3EB9343E1FD7983CD3534339739C673DF36BDDBD44548E3D",
      torch_tensor_8_torch.float32: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_1: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_3: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_8_1_1_torch.float32: "0x04000000D184BC3DDAA6A03E9363863F918BC43E83F2D6BE9E0B35BEF985CCBED4D3893E5AE6F3BE8DCB6F3E0450A5BE449622BFD88A94BA4D0B1A3F1D7398BE692FF73E36EE853EB2CC33BEACE9AF3ECE71513C44EE413F1A2267BF5354FABE6F7E34BDAF5165BF07B4A4BE461214BFE6A37FBD96C2A03ED6F39EBE623C653F624C1F3F5B5A773F642395BE2EF227BFF02BBD3E226B40BE954E513F45C1003E24901ABE6814FA3D9E00E2BE6874C83C9D34573F27D46EBFF9D679BEF31300BFB6BB923D7356F0BE2A659ABEF99BCCBDAB7A1A3E2C90633E8E1ABE3E6A53CEBE4365CFBD084BE43ECEABC13DAC544F3F5AC844BE4C9D70BFE700133E6A1F063E1E6C37BE",
      torch_tensor_8_torch.float32_4: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_5: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_7: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_8_3_3_torch.float32: "0x04000000FC8DF23E2F7DDABD407FC8BDCADF403E8E21ABBD4070CFBDBE25B9BC4C78D7BD0C7BE4BA32A0FC3D1A6F92BEE8D4D8BAFFDDEDBD009391BEA7DA50BD8687B73E578A143DB029A4BD9354D23DCC9A48BDCFA7383DFA42073ED4A3C6BD57D17E3DD6296BBEEA21BB3DC0FFBB3EB8B802BEC703673E0274AA3DB12385BE571A413EF8A609BC601EBB3DB2CA52BE356CA2BD129415BEBE3B2F3DFD09923EB09B15BE6B5D133EC887083E97EF75BC344B00BEDA8F1D3C3A5E1FBE423F1FBE46CA44BE84BD3C3E088DE03CDB02F63D936FE53C8FB20DBE546197BDD6498FBD47B3B73CD688273ECE1F96BE4BDBB3BDE3AD613E86B8AABE26C6D9BD2BEA47BED69F0FBE66BAB4BEC2C654BCA61707BDA4B7BD3D9C1487BEA4D57E3C30F1F2BDE09899BDE61A82BEBB6CAFBE5CB14CBDBC1CDCBD3B96D63D9314EBBD0BDA43BE9812EA3D4642A0BB4AAC92BEF3E348BD5B37833E9277953EA76901BEC21E80BD70474BBEFE1FC03D0A679CBE7884163ECA4366BE57A0BD3D6A0D123E59770ABD06427BBD6604DFBD424618BE6BA618BDF395953D004669BE206589BED4F2DD3DF2C144BD221FB33E2A5B0ABDF0A989BDE4839C3EE62A8E3D60D4253E0A93FABC7F29D23D5865F63EA722CABD0D68023EF68996BD23759FBEABDAC53D4CFE57BEB246133E7AEFACBB90E03FBD8BD0643DD2C034BDF41900BEDCA3233C40A51DBE8A19ABBC6F4ABFBD2781443E0F88213DC6B0703E0CFA043E03EB033F6AEFC0BE941816BEF7D4613E119E183D6EA7263E1505A8BC185B0C3DC4D4963D80CAB13DCB8069BEC092CF3B34711CBD04881DBDAD71A8BDCE2287BEE8E985BCEE5730BD989335BCEF1E1CBC5FE3C23C0EDA453EF63200BE77E73F3E679174BEEE5D34BDCF61543D1BBE5FBDAD418ABEA7F638BDC3CC383E5E9959BE1AC292BBEC66FA3D63D989BD56A659BD5423C1BDB625D0BD2ED02C3C86B61FBDFF90E9BD38CC843EBBA887BDB04A123E6C3D763E44AD22BDE2280E3EA4699BBD3384FABDECE071BE025C923C1E960ABE66AF95BECCF025BE026B0FBECFAEE63D5EC4D9BD4DF71BBD7A33D53C6040E5BD54DDA73CBC7F0F3E93B64B3D0F30623D0A47C8BDFF6E66BC20ED2FBD3318B6BDC02115BED752A6BD8C51DDBCA3EF9C3DAA521E3EF0AA323EFA9DE4BCD6135E3E988AA33D8FCE41BE4E1207BED438F23D1DD6133CAB3608BE3B4C5BBEC229C03D32E45B3E684C68BE7C4680BE4CC1D0BC4736A4BE82AA93BE87B4BC3CBC7FA3BEACDECD3CD69EF5BCD476893D1CA7BBBD8140973E571D2D3E58A1AB3DE83B503C8D15133EF32F84BE8BB5E3BD472A30BE60B4F63C30E6563E54AC11BE12641ABE50269A3E9D64163EA1221DBE6BAD7DBC38C3A5BC2C0CE73D04CD253E560CBB3D83B1E23C53969A3ECFD7D63C1C12E6BDD964113D8CC56A3EB4116A3E1E06B6BE727A6E3E024F8F3D7861A93D0C8C88BC8B6A44BE6FBD55BCDC3247BE3876453E46F6C43DF807C73C5416903DBCEB823DF8D6D0BD10A50E3EAF33B33C6FC3EE3BB6B68E3DBF99D53D149DE03E2034A6BDFB435EBDD4E9753E5E63063D00AA37BE724AD33E6E6DA8BD3C9733BDDB8A87BCFC9A30BD2E5B54BDF6DEDFBD2B0663BDBA6A273E0607E639BCAEA8BE202D273EBE663D3E1C93B6BD50E0F03DD61CC4BC4F15CDBD569F573D5866CEBDC63E4DBDF21480BDE4BF803D4467C0BCCFF6453E70C7C93EACF15A3D64D4873DC023E8BD1A144DBE4B5F383D937EC8BB120926BE323C073ED7D445BE6B2E36BBFAFEE2BDF62D0A3E6CBD8FBE701A073C4C89333CECE23E3D6A4338BE84B14D3DF4632C3EEC7EA2BCB1238FBC0C701C3E4376B2BD7AA3A53D226650BE547CAE3E04A2E4BDAB44AF3C78C35B3C706A7E3D728DFDBB2214FABDA71887BDBA8E093B4ED0E8BCA83FF1BD0B3713BEE8EB48BEDE2D5D3D02C429BEB3AF56BE365392BE0B89583D3B7C40BE0E4AD03D03DD62BE6429DFBDCED02DBD1655D53C5B09BA3DEC1661BDD04DC13DA7431DBE833EEABDE0813CBB6A07853D0A3F8BBD4841663D930B013EE00F493E536C80BD792EA2BC6FBB8FBD6ACF91BEB0D7673DB40634BE728A133D465CA03ECC521D3DD35C27BEFCC2323EFFF3F3BE96E206BEC868413CA38C6DBE33C64DBEC844AE3E01690B3ED3D143BD57656B3E068C8F3EB33F2D3E73DA5EBEACD3FE3CD31B35BE4EEAA93EC7F6C0BC22FC493C26F52E3E58E2A03B0826E8BCCA9378BE485C9F3D57EEDEBD8CD18C3DBE85A93D98B1CD3EF30B19BE7A4191BD3F21E13BEB97B9BDDA06293E129320BE58AE573E3FB69E3DA6EE70BEB869363EB236F13E6ADE85BDDC5D453E8B6E70BE3E66223E8E6A17BEE658FB3AA02B113E957C1F3EC399843DEF9FE93EE48EAA3ECFB5BDBDB2680E3D03D8BEBE0FBE43BED417253E96F1E53D20F1823C69780C3EF8CBB03EC863853D5240023E599F8CBD0CC16CBEAE20BBBDA7DE6EBDE6299A3ED6DA2CBEBC5B053E17795D3C84B9563E14572BBE58675BBE889320BE1C86F43CA703363D1E9EEBBCC7DA3E3D64A56CBDF786C7BD97E6033E490800BD307BE23D853B0B3E8976063E9BBCF53DBF670F3D683551BE9C1CB43DB1400D3C5A7B093EBE17A5BC3CFEBFBD129D0A3E18CB343EB3C9BA3D94B7583EDCACCC3E8E3CA4BD202BFC3DC2930BBE82CDC03C2FEBC3BDEA04813AA27D963D9762083E1C79203D7AB44B3B6E19003C007F3EBE730B0ABCF3EA0CBE574AD2BDD422663DF70FB43CDC025DBE153D233E62840D3EFBD93FBED1DC0A3E4721D53D9255C73D6F6D48BD4F9B763D3A60FCBD5B819ABE2E86163E03FC2DBE9CB7F83CAE1526BE04452C3D98A0883E8A88E03DDED94CBD2344133E8C57C8BD22FC2FBD3B72EDBD4F4DDBBEB4AFE13D4A4703BD4BA2FA3D1E0ED8BD9C45CFBB4ABC44BEFA1CB63EDE9227BEAE7F7D3E5E5D933DD525923D2F25FE3DC81177BEC30BBFBBAADE553DAC58053DBE58DB3D17F953BD079C81BD83A6A7BDBAE093BEF9DC883D8C7A0CBE7646593D1BA069BEC69EEB3C7C8F33BD6F569CBDC016B5BED05111BE50DBB8BC2F4854BE73AA3B3E34624B3B6857233ED72EF8BD7B751D3C8B2EBBBDB36F553C62BE23BD82A91A3D66D3A53D329B24BD3E7CE0BEAB7FBEBD625B5FBDEEDFD93B9C82063E54F18A3D9834C63D898E28BE4B661B3E1BA7EA3E3BB071BD71DD90BC4470AABB4859FD3CCE8548BD6A513EBE8A85313DEB5F49BEE3088B3D9A29803D",
      torch_tensor_8_torch.float32_8: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_9: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_10: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_11: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_8_1_1_torch.float32_1: "0x040000003325E6BD38504CBE3845D4BEEABD9DBC53BDDE3E8829E5BE50A5A13EDC68373E41B15ABEBE9C8C3C925C0CBFEBE0823D0149263F53D441BE3C322E3FC6CFE73E2D62C63DD230DEBEB89486BE5F74B13E5CE91EBFA2D7C5BE0B9F98BD022F52BFC327923C2D79103E5E8A163E0A847D3FE11C46BF46A8133F50ED8A3F066EF63CB6B938BD8380253FCE5EC7BE75E660BED367033FABAA3BBF35CCFEBE319253BE975099BE0914663F4B8C553FC7F7A93F03B0213D67E5A9BDC01690BEF254493D878D6BBFFD9204BFA682323EE873C03DA533993E3482923EABCC86BD18210DBD79DACF3E5E48A43EF7E2F63E456DB1BE96751EBEBCF4E33E5CD9AABE8D5C9B3E",
      torch_tensor_8_torch.float32_12: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_13: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_14: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_15: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_8_1_1_torch.float32_2: "0x040000007E08DB3EC0A9223F736312BF20D5033E487320BF4066AC3E0171E2BEC58B333F34CF4BBE02C2763ED61D0BBFF1931BBF362FAB3EE5FF02C0095142BD743F27BFA72204BFEE3670BE41E751BF870ED73E7DF990BFF88BBEBEB4B655BF44A1393F9F7C9ABE8F1B573E22301FBFADB8163F5BEAF9BD9F9C173F7D102CBE895A0E3FE2C3533D83599CBD68D73E3FA1F730BEFF7F08BEEB53123FBDB9F2BC6863013F194167BF207BF13DA7CF87BE2D936C3F623A743DD9928B3F7A4C853E09651DBDFBCA5D3F28D24DBDBBEB493E888040BE468B0B3FD1E016BE06B6C6BE37B4EABD9DA10ABFA2481EBF509417BF9ADA81BDAE155E3FF94601BFA8A416BE179B4EBE",
      torch_tensor_8_torch.float32_16: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_17: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_18: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32_19: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_8_1_1_torch.float32: "0x04000000E886F33DBBC4663DEA55CDBEEBBC383EB2EDC43D8CAAEB3EB0FAB93E561DD83EF761DC3D01F4B93E2A42873D373A823E8D1DE1BD866ECBBE5978E2BDD903773FABC1FABE342D49BE198DE33D618AAC3EC1A19C3E581A463E3AF1FDBA1CF09F3ED001FD3E011128BF22428E3E338E983E059EFB3E61C42BBF468BBB3D081C99BF95FCE8BD00E5083F7CF2B1BE0A87A53E60488EBE1B0ECD3D35065A3EDD7F7D3D5D16003F8B55F33D9EC743BD9A12F53B7982283CE2146ABE2907603FD35ECABE10D36A3EA790253E9DC20D3DD296DA3EC4065F3DA89714BFEE1FB53D1800F6BEA457683E89C689BDBD3FE239EC84CE3E052D2CBE0DD07EBD7C4EE73EB686BE3E7384F3BD637181BD8B92B4BED2E424BF03EF82BED10EB53EE312A33D277F4FBF93886ABBBD65E7BD6F6290BCE300B0BE0301E3BE8B4AA2BE1E65A8BEA976B0BEC44422BED9498A3EAD6F70BE54694EBE468E143FA8C532BE5438143E740F9C3C3B7106BF6D7C3EBEA91323BFEC6BEDBE88E7DDBEFE1DA73EC77364BD5572F4BE03F5F8BEF82E1FBFF0E08A3C8651BBBEA9C6673F51D2CD3CE484983DFFBB48BEDAF5EB3E43FEA0BE53A81DBE15FCF13ECB0A1C3E72D84BBE026DC4BE1288003ED1D6313E44C9B1BA144D56BEDDFFDEBCC368E03EB4E5A0BEDABA613EEA5C8B3E64D44A3FB8693CBFAC89903E4AA9DA3EF53D30BE56C130BE0C1C87BE48809FBD",
      torch_tensor_16_torch.float32: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_1: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_3: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_4: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_5: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_7: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_16_1_1_torch.float32: "0x04000000FBC10CBF2C098FBE8572A8BD9AB96BBF833A22BF535DAC3E795641BE46908D3E642D87BDA2A6833FE7B05DBF141CACBD4F7B14BF6A1E313F1896EC3E04D48DBEAF2FC63E9C13DEBE5E5033BD5CA8313E9C2FB4BEE395C43EEA01173FC8DB0E3E72C062BE9F6C9A3EB079F6BDF6206E3E59B754BE312CF83C9974903ED8C9973EEAA2FFBE4BF135BE07FCBABEE8AE3A3E19F833BF445C4C3FAB4791BEAD8306BF720DA03DEA00CE3EADE582BE19F2ACBEC6EDBD3E2BA8363F3412F6BE09BC0A3F32428CBE991A26BF9EB0F3BC003E623E522572BEADE4F0BE1E49973CCA453DBE4EB5D7B9B1E9343D5E61CFBEF518DB3D340735BC3D6750BFC7FB28BF520681BDF3C7FF3D74B03EBD656014BF42775DBF79059F3EEEEDCBBDEED02E3EF942E6BD9D92743EA8DE5BBD8E82363EDC3C403E9470D5BD52A57A3D50E8F5BE80D12A3E7852B3BD720E9D3E46F2E43DB996053FB85C953E626F1BBEDE224ABFEF65EE3E092B36BF9836D33E3D7C58BF2185B93DAADBE3BDDDA70ABF979529BECF80C23DB272D0BE106E26BF844E4ABFCFF783BE71BA053F24C9A23EDFEB4ABEEAEC963EEE9247BF1B14883DDFE1DCBE5974F6BE69FE623D1095F73D88B5603E4114ECBE4DA212BF379BD9BC1EE1E53DC7D3843D15F6F3BE2AB988BD103DA63ECC2927BE80F8E4BDB892913D7AD99D3E5743C2BE521C5B3E317545BF74B58ABE5C4655BD5476E83EE122683E8659BEBE02F7B63EE549B3BECF2B5DBF0EA0363EC9BECCBEAFB8D5BE6D87223E7F76FABE7DD7713EACA711BF6A91E9BE54C0D13CD5045FBF7B2675BEEDED8CBFCD6586BFE6DA9DBEB5CB76BEF17D053E66EC56BEF5B091BDC3CC70BEF4FB203F8C866C3D99ADDB3EAA9C353FC09B04BFAF516DBF07BCC33E8724F73D991A293EAA0286BDB898C938A8DAC9BD9CCB0DBFFB7525BFB0F253BC91D7DD3C416A0F3F4CD99DBD995ECE3E6E5ABB3DF1ED103FE30CD7BEF4D31B3E532387BEEB2AD23D683FC1BE118DFFBE9DED6A3E8FB90B3E9A12033E63F26CBA2C5801BF76C92A3E59B8C7BD4AB71DBF9137D4BDF070383F6069153F6690A43EC3100CBD8350EABEC33F153D9F3781BE103CE7BD8C6A893E0EDACD3E742BF13DD9CF3A3DA701123E2F0B153EEA4D65BE78D085BE921BAE3E6E86A3BE83DA1ABE10727F3E51CEE93EACA6CBBE4A4D90BE46F2E53D954DF7BE5C7C80BE71D5EE3D39265A3E134091BD24425FBE64077E3E0C0C38BEA4A01CBF9B6207BF0F47B5BDD82FB1BE91DB44BFB7A5113E1CEA69BEE3B4EFBE43F5813ED12A1E3FFDA5AA3E1BD93EBEE384163F38F710BE1995433D9D16B9BC6C0291BEF2C15DBD482F3ABD6C7829BDC41A663E5913A53C6F5CA13B18F1C43CDDEC9EBE1592BEBE48813A3EA71F07BDD0EFD4BD3D1DB4BE4EFDB53EA0981F3FD804F4BEC4B7FA3D06B5C33E",
      torch_tensor_16_torch.float32_8: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_9: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_10: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_11: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_8_1_1_torch.float32_1: "0x0400000007ECB13EB7D16BBF39B3983D7AF7143DB3E59DBE6D5CC7BEB24AF43D98BC663E1AD42ABE943E48BD5717E6BE09538ABD6750573FABD3D9BD0BB2753EEC8E03BEE38E84BE012BDABCD036B23E7DF804BF6A3AE4BC040C48BC68E6143F2E52A8BEC7563F3CBBD92ABFBF25B53EAAD7C13E3BB24ABE5047D0BEB78607BECB12713E3972D1BED3E682BE50D4B6BEA1F5723E1C1120BFE947A4BEE68AF73ECCBF183FA2DA8ABED6E1B5BD6D2FAB3D493DFD3D1876B1BEB440893E978D873E282F05BE69E9A13E262B48BEB248D43C2CE8A33D6BF4D23ED752493ED14374BE86DA763EB83F60BE656E3C3E2D4A53BDB7EF77BDAED3B33EC5634EBE3514273EE5C603BD6639163F294C803D70B132BAB5F1223EF28D8F3E30E61A3FEE0ED9BD453A893DA868B3BDE0DE96BBE7AEF2BE0697013F51A9063E7033CE3E810AD93DD9D3A1BE629B04BFDA6F08BE59B9F83ECF5721BFC61EFFBBD88386BE9DD316BE0AF006BE18E63E3C3C60B6BEC10E37BF143ACD3E07678EBE1EFEF4BD6C6BC5BEC8E3ECBE445F78BEAE15823D494392BEE1CE32BE21BDB8BEF6E757BECBA50CBFD14B0CBF98AA703E00258EBE4720F63E1A750DBEAD1FF5BEED808FBD1C7ACDBEDB2D0C3D896F8B3EAE49FC3EA53F003E150DCABEACC51A3F0927533ED5A0433ED187CEBE706841BEB0CDBB3E892F083F8F99BB3EEB9B983E77B6233EE8E294BE28E373BD",
      torch_tensor_16_torch.float32_12: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_13: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_14: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_15: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_10_16_torch.float32: "0x04000000B4C677BEB0AD123D108495BD32F314BEE89F403DEE49793E00A1543E12F6113E6A1341BE581B123E6868043E44D3AA3DE0147FBDC0A58EBBA2DA0ABED8A966BDB89028BD800E11BDB4C47EBE90A0B43DF87451BE0A723FBEC40FD03D6A8E51BE4E38743EBA21753E54B4A2BD107A30BDA6DA43BE60397D3C50393B3DC06E0CBE048EA03D80A21DBC44ED96BD00BC62BAAC2578BEAC5534BE608B073D9439773EACBC17BEF81D243E806EBB3C4847DCBD009C8F393C77F53DD0A6F33CB49D623EB8CC41BDB0F32ABED854673E403A92BDA06E223E56DB283EE05A353D801C52BE82537BBEB010F33DE85B7A3D04F5143ED4A361BE20140DBD302F5D3E587F063EA6BE543EBCFD483E98417BBDF2542EBE5AA618BE8CE3AD3D2C3BCBBD00F5813AF069233D3AEB1E3EA8C50E3E101C123E4079263C5286103E78B1EFBD48EDCCBD182222BD6AAA14BEFA59643EC0E91CBDD4D9943D40B2FEBB801560BB187208BEC05B96BCA2FD64BEE4D7F4BDF001453E901D70BEA882283DB022233D740575BE9800483DACBAED3D8C6A393E00AB3F3DF61B483EA02C1A3C5815C33DA425973DD6C13CBE60C860BDEA4634BE56E9463E0C41F43D8024D9BD18633BBD54AE883D5E365FBE4051E73BBC3BF43DD84E003DF06FBCBC4295243EA0B6DE3D2A9563BECEA8163E0EEA49BE56CD0F3E6690573E50BEBC3C880AADBD5C3C04BE2859E3BD88C13CBD1044D4BD66227E3E4CD9DCBDA093D43D46656DBE08C1013E70D5593EA08437BE20A282BD500F743DD80C75BEE0F921BED410B23DAA0F713EF8F498BD003615BB262077BE90B875BE30A35E3E563E593EB00A9CBD4C74CABD109484BC3C90ED3D3E6577BED0CD0DBEA0CAA8BD60DADEBD4069D8BB7ABA3A3E18945F3D",
      torch_tensor_10_torch.float32: "0x04000000DAAC67BE18C56C3EE4204E3EB034A13D289DFA3D2466BF3D7ED5513E483876BE165D1FBE900A02BD"
    }
  }
#-}
