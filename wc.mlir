#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1, d0)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map8 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
#map10 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4)>
#map11 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d5, d0, d3)>
#map12 = affine_map<(d0, d1, d2, d3, d4, d5) -> ()>
#map13 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5)>
#map14 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d2, d0, d1, d3)>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_embedded_elf_x86_64]> : !hal.device
#device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_embedded_elf_x86_64]> : !hal.device
module @module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local_0_
  util.global private @__device_1 = #device_target_local_1_
  util.global private @__hoisted_tensor_32x16xf32 : !stream.resource<constant>
  util.global private @__hoisted_tensor_1x128x128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_norm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_7_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_7_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_6_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_6_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_5_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_5_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_4_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_4_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_3_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_3_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_2_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_2_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_1_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_1_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_0_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_layers_0_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
  util.global private @__parameter_model_inner_m_embed_tokens_weight_tensor_512x128xf32 : !stream.resource<constant>
  util.initializer {
    %c278528_i32 = arith.constant 278528 : i32
    %c98304_i32 = arith.constant 98304 : i32
    %c32768_i32 = arith.constant 32768 : i32
    %c16384_i32 = arith.constant 16384 : i32
    %c180224_i32 = arith.constant 180224 : i32
    %c253056_i32 = arith.constant 253056 : i32
    %c72832_i32 = arith.constant 72832 : i32
    %c7296_i32 = arith.constant 7296 : i32
    %c81920_i32 = arith.constant 81920 : i32
    %c65536_i32 = arith.constant 65536 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c458752 = arith.constant 458752 : index
    %c278528 = arith.constant 278528 : index
    %c32768 = arith.constant 32768 : index
    %c253056 = arith.constant 253056 : index
    %c72832 = arith.constant 72832 : index
    %c7296 = arith.constant 7296 : index
    %c5248 = arith.constant 5248 : index
    %c3200 = arith.constant 3200 : index
    %c98304 = arith.constant 98304 : index
    %c5804032 = arith.constant 5804032 : index
    %c5541888 = arith.constant 5541888 : index
    %c5361664 = arith.constant 5361664 : index
    %c5181440 = arith.constant 5181440 : index
    %c5001216 = arith.constant 5001216 : index
    %c4935680 = arith.constant 4935680 : index
    %c4919296 = arith.constant 4919296 : index
    %c4902912 = arith.constant 4902912 : index
    %c4837376 = arith.constant 4837376 : index
    %c4657152 = arith.constant 4657152 : index
    %c4476928 = arith.constant 4476928 : index
    %c4296704 = arith.constant 4296704 : index
    %c4231168 = arith.constant 4231168 : index
    %c4214784 = arith.constant 4214784 : index
    %c4198400 = arith.constant 4198400 : index
    %c4132864 = arith.constant 4132864 : index
    %c3952640 = arith.constant 3952640 : index
    %c3772416 = arith.constant 3772416 : index
    %c3592192 = arith.constant 3592192 : index
    %c3526656 = arith.constant 3526656 : index
    %c3510272 = arith.constant 3510272 : index
    %c3493888 = arith.constant 3493888 : index
    %c3428352 = arith.constant 3428352 : index
    %c3248128 = arith.constant 3248128 : index
    %c3067904 = arith.constant 3067904 : index
    %c2887680 = arith.constant 2887680 : index
    %c2822144 = arith.constant 2822144 : index
    %c2805760 = arith.constant 2805760 : index
    %c2789376 = arith.constant 2789376 : index
    %c2723840 = arith.constant 2723840 : index
    %c2543616 = arith.constant 2543616 : index
    %c2363392 = arith.constant 2363392 : index
    %c2183168 = arith.constant 2183168 : index
    %c2117632 = arith.constant 2117632 : index
    %c2101248 = arith.constant 2101248 : index
    %c2084864 = arith.constant 2084864 : index
    %c2019328 = arith.constant 2019328 : index
    %c1839104 = arith.constant 1839104 : index
    %c1658880 = arith.constant 1658880 : index
    %c1478656 = arith.constant 1478656 : index
    %c1413120 = arith.constant 1413120 : index
    %c1396736 = arith.constant 1396736 : index
    %c1380352 = arith.constant 1380352 : index
    %c1314816 = arith.constant 1314816 : index
    %c1134592 = arith.constant 1134592 : index
    %c954368 = arith.constant 954368 : index
    %c774144 = arith.constant 774144 : index
    %c708608 = arith.constant 708608 : index
    %c692224 = arith.constant 692224 : index
    %c675840 = arith.constant 675840 : index
    %c610304 = arith.constant 610304 : index
    %c430080 = arith.constant 430080 : index
    %c249856 = arith.constant 249856 : index
    %c69632 = arith.constant 69632 : index
    %c4096 = arith.constant 4096 : index
    %buffer_cst = util.buffer.constant : !util.buffer = "inner.lm_head.weight"
    %buffer_cst_0 = util.buffer.constant : !util.buffer = "inner.m.layers.7.mlp.down_proj.weight"
    %buffer_cst_1 = util.buffer.constant : !util.buffer = "inner.m.layers.7.mlp.up_proj.weight"
    %buffer_cst_2 = util.buffer.constant : !util.buffer = "inner.m.layers.7.mlp.gate_proj.weight"
    %buffer_cst_3 = util.buffer.constant : !util.buffer = "inner.m.layers.7.self_attn.o_proj.weight"
    %buffer_cst_4 = util.buffer.constant : !util.buffer = "inner.m.layers.7.self_attn.v_proj.weight"
    %buffer_cst_5 = util.buffer.constant : !util.buffer = "inner.m.layers.7.self_attn.k_proj.weight"
    %buffer_cst_6 = util.buffer.constant : !util.buffer = "inner.m.layers.7.self_attn.q_proj.weight"
    %buffer_cst_7 = util.buffer.constant : !util.buffer = "inner.m.layers.6.mlp.down_proj.weight"
    %buffer_cst_8 = util.buffer.constant : !util.buffer = "inner.m.layers.6.mlp.up_proj.weight"
    %buffer_cst_9 = util.buffer.constant : !util.buffer = "inner.m.layers.6.mlp.gate_proj.weight"
    %buffer_cst_10 = util.buffer.constant : !util.buffer = "inner.m.layers.6.self_attn.o_proj.weight"
    %buffer_cst_11 = util.buffer.constant : !util.buffer = "inner.m.layers.6.self_attn.v_proj.weight"
    %buffer_cst_12 = util.buffer.constant : !util.buffer = "inner.m.layers.6.self_attn.k_proj.weight"
    %buffer_cst_13 = util.buffer.constant : !util.buffer = "inner.m.layers.6.self_attn.q_proj.weight"
    %buffer_cst_14 = util.buffer.constant : !util.buffer = "inner.m.layers.5.mlp.down_proj.weight"
    %buffer_cst_15 = util.buffer.constant : !util.buffer = "inner.m.layers.5.mlp.up_proj.weight"
    %buffer_cst_16 = util.buffer.constant : !util.buffer = "inner.m.layers.5.mlp.gate_proj.weight"
    %buffer_cst_17 = util.buffer.constant : !util.buffer = "inner.m.layers.5.self_attn.o_proj.weight"
    %buffer_cst_18 = util.buffer.constant : !util.buffer = "inner.m.layers.5.self_attn.v_proj.weight"
    %buffer_cst_19 = util.buffer.constant : !util.buffer = "inner.m.layers.5.self_attn.k_proj.weight"
    %buffer_cst_20 = util.buffer.constant : !util.buffer = "inner.m.layers.5.self_attn.q_proj.weight"
    %buffer_cst_21 = util.buffer.constant : !util.buffer = "inner.m.layers.4.mlp.down_proj.weight"
    %buffer_cst_22 = util.buffer.constant : !util.buffer = "inner.m.layers.4.mlp.up_proj.weight"
    %buffer_cst_23 = util.buffer.constant : !util.buffer = "inner.m.layers.4.mlp.gate_proj.weight"
    %buffer_cst_24 = util.buffer.constant : !util.buffer = "inner.m.layers.4.self_attn.o_proj.weight"
    %buffer_cst_25 = util.buffer.constant : !util.buffer = "inner.m.layers.4.self_attn.v_proj.weight"
    %buffer_cst_26 = util.buffer.constant : !util.buffer = "inner.m.layers.4.self_attn.k_proj.weight"
    %buffer_cst_27 = util.buffer.constant : !util.buffer = "inner.m.layers.4.self_attn.q_proj.weight"
    %buffer_cst_28 = util.buffer.constant : !util.buffer = "inner.m.layers.3.mlp.down_proj.weight"
    %buffer_cst_29 = util.buffer.constant : !util.buffer = "inner.m.layers.3.mlp.up_proj.weight"
    %buffer_cst_30 = util.buffer.constant : !util.buffer = "inner.m.layers.3.mlp.gate_proj.weight"
    %buffer_cst_31 = util.buffer.constant : !util.buffer = "inner.m.layers.3.self_attn.o_proj.weight"
    %buffer_cst_32 = util.buffer.constant : !util.buffer = "inner.m.layers.3.self_attn.v_proj.weight"
    %buffer_cst_33 = util.buffer.constant : !util.buffer = "inner.m.layers.3.self_attn.k_proj.weight"
    %buffer_cst_34 = util.buffer.constant : !util.buffer = "inner.m.layers.3.self_attn.q_proj.weight"
    %buffer_cst_35 = util.buffer.constant : !util.buffer = "inner.m.layers.2.mlp.down_proj.weight"
    %buffer_cst_36 = util.buffer.constant : !util.buffer = "inner.m.layers.2.mlp.up_proj.weight"
    %buffer_cst_37 = util.buffer.constant : !util.buffer = "inner.m.layers.2.mlp.gate_proj.weight"
    %buffer_cst_38 = util.buffer.constant : !util.buffer = "inner.m.layers.2.self_attn.o_proj.weight"
    %buffer_cst_39 = util.buffer.constant : !util.buffer = "inner.m.layers.2.self_attn.v_proj.weight"
    %buffer_cst_40 = util.buffer.constant : !util.buffer = "inner.m.layers.2.self_attn.k_proj.weight"
    %buffer_cst_41 = util.buffer.constant : !util.buffer = "inner.m.layers.2.self_attn.q_proj.weight"
    %buffer_cst_42 = util.buffer.constant : !util.buffer = "inner.m.layers.1.mlp.down_proj.weight"
    %buffer_cst_43 = util.buffer.constant : !util.buffer = "inner.m.layers.1.mlp.up_proj.weight"
    %buffer_cst_44 = util.buffer.constant : !util.buffer = "inner.m.layers.1.mlp.gate_proj.weight"
    %buffer_cst_45 = util.buffer.constant : !util.buffer = "inner.m.layers.1.self_attn.o_proj.weight"
    %buffer_cst_46 = util.buffer.constant : !util.buffer = "inner.m.layers.1.self_attn.v_proj.weight"
    %buffer_cst_47 = util.buffer.constant : !util.buffer = "inner.m.layers.1.self_attn.k_proj.weight"
    %buffer_cst_48 = util.buffer.constant : !util.buffer = "inner.m.layers.1.self_attn.q_proj.weight"
    %buffer_cst_49 = util.buffer.constant : !util.buffer = "inner.m.layers.0.mlp.down_proj.weight"
    %buffer_cst_50 = util.buffer.constant : !util.buffer = "inner.m.layers.0.mlp.up_proj.weight"
    %buffer_cst_51 = util.buffer.constant : !util.buffer = "inner.m.layers.0.mlp.gate_proj.weight"
    %buffer_cst_52 = util.buffer.constant : !util.buffer = "inner.m.layers.0.self_attn.o_proj.weight"
    %buffer_cst_53 = util.buffer.constant : !util.buffer = "inner.m.layers.0.self_attn.v_proj.weight"
    %buffer_cst_54 = util.buffer.constant : !util.buffer = "inner.m.layers.0.self_attn.k_proj.weight"
    %buffer_cst_55 = util.buffer.constant : !util.buffer = "inner.m.layers.0.self_attn.q_proj.weight"
    %buffer_cst_56 = util.buffer.constant : !util.buffer = "inner.m.embed_tokens.weight"
    %buffer_cst_57 = util.buffer.constant : !util.buffer = "inner.m.layers.0.input_layernorm.weight"
    %c512 = arith.constant 512 : index
    %c262144 = arith.constant 262144 : index
    %c180224 = arith.constant 180224 : index
    %c16384 = arith.constant 16384 : index
    %c65536 = arith.constant 65536 : index
    %c2048 = arith.constant 2048 : index
    %c0_i64 = arith.constant 0 : i64
    %buffer_cst_58 = util.buffer.constant : !util.buffer = "inner.m.norm.weight"
    %buffer_cst_59 = util.buffer.constant : !util.buffer = "inner.m.layers.7.post_attention_layernorm.weight"
    %buffer_cst_60 = util.buffer.constant : !util.buffer = "inner.m.layers.7.input_layernorm.weight"
    %buffer_cst_61 = util.buffer.constant : !util.buffer = "inner.m.layers.6.post_attention_layernorm.weight"
    %buffer_cst_62 = util.buffer.constant : !util.buffer = "inner.m.layers.6.input_layernorm.weight"
    %buffer_cst_63 = util.buffer.constant : !util.buffer = "inner.m.layers.5.post_attention_layernorm.weight"
    %buffer_cst_64 = util.buffer.constant : !util.buffer = "inner.m.layers.5.input_layernorm.weight"
    %buffer_cst_65 = util.buffer.constant : !util.buffer = "inner.m.layers.4.post_attention_layernorm.weight"
    %buffer_cst_66 = util.buffer.constant : !util.buffer = "inner.m.layers.4.input_layernorm.weight"
    %buffer_cst_67 = util.buffer.constant : !util.buffer = "inner.m.layers.3.post_attention_layernorm.weight"
    %buffer_cst_68 = util.buffer.constant : !util.buffer = "inner.m.layers.3.input_layernorm.weight"
    %buffer_cst_69 = util.buffer.constant : !util.buffer = "inner.m.layers.2.post_attention_layernorm.weight"
    %buffer_cst_70 = util.buffer.constant : !util.buffer = "inner.m.layers.2.input_layernorm.weight"
    %buffer_cst_71 = util.buffer.constant : !util.buffer = "inner.m.layers.1.post_attention_layernorm.weight"
    %buffer_cst_72 = util.buffer.constant : !util.buffer = "inner.m.layers.1.input_layernorm.weight"
    %buffer_cst_73 = util.buffer.constant : !util.buffer = "inner.m.layers.0.post_attention_layernorm.weight"
    %buffer_cst_74 = util.buffer.constant : !util.buffer = "model"
    %results:16, %result_timepoint = stream.cmd.parameter.load on(#hal.device.affinity<@__device_1>) {
      %buffer_cst_74::%buffer_cst_58[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_59[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_60[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_61[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_62[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_63[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_64[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_65[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_66[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_67[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_68[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_69[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_70[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_71[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_72[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_73[%c0_i64] : !stream.resource<constant>{%c512}
    } => !stream.timepoint
    %results_75:2, %result_timepoint_76 = stream.cmd.parameter.load on(#hal.device.affinity<@__device_0>) {
      %buffer_cst_74::%buffer_cst_57[%c0_i64] : !stream.resource<constant>{%c512},
      %buffer_cst_74::%buffer_cst_56[%c0_i64] : !stream.resource<constant>{%c262144}
    } => !stream.timepoint
    %results_77:57, %result_timepoint_78 = stream.cmd.parameter.load on(#hal.device.affinity<@__device_0>) {
      %buffer_cst_74::%buffer_cst_55[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_54[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_53[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_52[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_51[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_50[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_49[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_48[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_47[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_46[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_45[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_44[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_43[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_42[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_41[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_40[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_39[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_38[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_37[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_36[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_35[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_34[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_33[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_32[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_31[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_30[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_29[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_28[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_27[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_26[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_25[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_24[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_23[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_22[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_21[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_20[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_19[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_18[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_17[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_16[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_15[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_14[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_13[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_12[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_11[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_10[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_9[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_8[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_7[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_6[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_5[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_4[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_74::%buffer_cst_3[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_74::%buffer_cst_2[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_1[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst_0[%c0_i64] : !stream.resource<constant>{%c180224},
      %buffer_cst_74::%buffer_cst[%c0_i64] : !stream.resource<constant>{%c262144}
    } => !stream.timepoint
    %result, %result_timepoint_79 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) : !stream.resource<constant>{%c5804032} => !stream.timepoint
    %result_80, %result_timepoint_81 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<constant>{%c98304} => !stream.timepoint
    %result_82, %result_timepoint_83 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<transient>{%c458752} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint_78, %result_timepoint_79, %result_timepoint_81, %result_timepoint_83) => !stream.timepoint
    %1 = stream.cmd.execute once on(#hal.device.affinity<@__device_0>) await(%0) => with(%results_77#0 as %arg0: !stream.resource<constant>{%c65536}, %results_77#1 as %arg1: !stream.resource<constant>{%c16384}, %results_77#2 as %arg2: !stream.resource<constant>{%c16384}, %results_77#3 as %arg3: !stream.resource<constant>{%c65536}, %results_77#4 as %arg4: !stream.resource<constant>{%c180224}, %results_77#5 as %arg5: !stream.resource<constant>{%c180224}, %results_77#6 as %arg6: !stream.resource<constant>{%c180224}, %results_77#7 as %arg7: !stream.resource<constant>{%c65536}, %results_77#8 as %arg8: !stream.resource<constant>{%c16384}, %results_77#9 as %arg9: !stream.resource<constant>{%c16384}, %results_77#10 as %arg10: !stream.resource<constant>{%c65536}, %results_77#11 as %arg11: !stream.resource<constant>{%c180224}, %results_77#12 as %arg12: !stream.resource<constant>{%c180224}, %results_77#13 as %arg13: !stream.resource<constant>{%c180224}, %results_77#14 as %arg14: !stream.resource<constant>{%c65536}, %results_77#15 as %arg15: !stream.resource<constant>{%c16384}, %results_77#16 as %arg16: !stream.resource<constant>{%c16384}, %results_77#17 as %arg17: !stream.resource<constant>{%c65536}, %results_77#18 as %arg18: !stream.resource<constant>{%c180224}, %results_77#19 as %arg19: !stream.resource<constant>{%c180224}, %results_77#20 as %arg20: !stream.resource<constant>{%c180224}, %results_77#21 as %arg21: !stream.resource<constant>{%c65536}, %results_77#22 as %arg22: !stream.resource<constant>{%c16384}, %results_77#23 as %arg23: !stream.resource<constant>{%c16384}, %results_77#24 as %arg24: !stream.resource<constant>{%c65536}, %results_77#25 as %arg25: !stream.resource<constant>{%c180224}, %results_77#26 as %arg26: !stream.resource<constant>{%c180224}, %results_77#27 as %arg27: !stream.resource<constant>{%c180224}, %results_77#28 as %arg28: !stream.resource<constant>{%c65536}, %results_77#29 as %arg29: !stream.resource<constant>{%c16384}, %results_77#30 as %arg30: !stream.resource<constant>{%c16384}, %results_77#31 as %arg31: !stream.resource<constant>{%c65536}, %results_77#32 as %arg32: !stream.resource<constant>{%c180224}, %results_77#33 as %arg33: !stream.resource<constant>{%c180224}, %results_77#34 as %arg34: !stream.resource<constant>{%c180224}, %results_77#35 as %arg35: !stream.resource<constant>{%c65536}, %results_77#36 as %arg36: !stream.resource<constant>{%c16384}, %results_77#37 as %arg37: !stream.resource<constant>{%c16384}, %results_77#38 as %arg38: !stream.resource<constant>{%c65536}, %results_77#39 as %arg39: !stream.resource<constant>{%c180224}, %results_77#40 as %arg40: !stream.resource<constant>{%c180224}, %results_77#41 as %arg41: !stream.resource<constant>{%c180224}, %results_77#42 as %arg42: !stream.resource<constant>{%c65536}, %results_77#43 as %arg43: !stream.resource<constant>{%c16384}, %results_77#44 as %arg44: !stream.resource<constant>{%c16384}, %results_77#45 as %arg45: !stream.resource<constant>{%c65536}, %results_77#46 as %arg46: !stream.resource<constant>{%c180224}, %results_77#47 as %arg47: !stream.resource<constant>{%c180224}, %results_77#48 as %arg48: !stream.resource<constant>{%c180224}, %results_77#49 as %arg49: !stream.resource<constant>{%c65536}, %results_77#50 as %arg50: !stream.resource<constant>{%c16384}, %results_77#51 as %arg51: !stream.resource<constant>{%c16384}, %results_77#52 as %arg52: !stream.resource<constant>{%c65536}, %results_77#53 as %arg53: !stream.resource<constant>{%c180224}, %results_77#54 as %arg54: !stream.resource<constant>{%c180224}, %results_77#55 as %arg55: !stream.resource<constant>{%c180224}, %results_77#56 as %arg56: !stream.resource<constant>{%c262144}, %result as %arg57: !stream.resource<constant>{%c5804032}, %result_80 as %arg58: !stream.resource<constant>{%c98304}, %result_82 as %arg59: !stream.resource<transient>{%c458752}) {
      stream.cmd.dispatch @_initializer_0_dispatch_0::@_initializer_0_dispatch_0_elementwise_broadcast_32_f32 {
        wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
      }
      stream.cmd.dispatch @_initializer_1_dispatch_0::@_initializer_1_dispatch_0_elementwise_broadcast_32x8_f32 {
        ro %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752},
        wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
      }
      stream.cmd.dispatch @_initializer_1_dispatch_1::@_initializer_1_dispatch_1_slow_memcpy {
        ro %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752},
        rw %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
      }
      stream.cmd.dispatch @_initializer_1_dispatch_2::@_initializer_1_dispatch_2_slow_memcpy {
        ro %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752},
        rw %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
      }
      stream.cmd.dispatch @_initializer_2_dispatch_0::@_initializer_2_dispatch_0_elementwise_512_f32 {
        ro %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752},
        wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c3200], %arg57[%c0], %c2048 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c0 for %c2048] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_3_dispatch_0::@_initializer_3_dispatch_0_elementwise_512_f32 {
          ro %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c5248], %arg57[%c2048], %c2048 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2048 for %c2048] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c0_i32 : i32) {
          ro %arg0[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg58[%c0 for %c98304] : !stream.resource<constant>{%c98304}
        }
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c65536_i32 : i32) {
          ro %arg1[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg58[%c0 for %c98304] : !stream.resource<constant>{%c98304}
        }
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c81920_i32 : i32) {
          ro %arg2[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg58[%c0 for %c98304] : !stream.resource<constant>{%c98304}
        }
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c7296_i32 : i32) {
          ro %arg3[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c7296], %arg57[%c4096], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4096 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c72832_i32 : i32) {
          ro %arg4[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c72832], %arg57[%c69632], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c69632 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c253056_i32 : i32) {
          ro %arg5[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c253056], %arg57[%c249856], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c249856 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg6[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c430080], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c430080 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg7[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c610304], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c610304 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg8[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c675840], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c675840 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg9[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c692224], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c692224 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg10[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c708608], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c708608 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg11[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c774144], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c774144 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg12[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c954368], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c954368 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg13[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c1134592], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1134592 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg14[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c1314816], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1314816 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg15[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c1380352], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1380352 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg16[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c1396736], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1396736 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg17[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c1413120], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1413120 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg18[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c1478656], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1478656 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg19[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c1658880], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1658880 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg20[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c1839104], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c1839104 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg21[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c2019328], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2019328 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg22[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c2084864], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2084864 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg23[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c2101248], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2101248 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg24[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c2117632], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2117632 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg25[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c2183168], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2183168 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg26[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c2363392], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2363392 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg27[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c2543616], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2543616 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg28[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c2723840], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2723840 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg29[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c2789376], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2789376 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg30[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c2805760], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2805760 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg31[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c2822144], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2822144 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg32[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c2887680], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c2887680 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg33[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c3067904], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3067904 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg34[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c3248128], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3248128 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg35[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c3428352], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3428352 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg36[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c3493888], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3493888 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg37[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c3510272], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3510272 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg38[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c3526656], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3526656 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg39[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c3592192], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3592192 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg40[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c3772416], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3772416 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg41[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c3952640], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c3952640 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg42[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c4132864], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4132864 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg43[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c4198400], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4198400 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg44[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c4214784], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4214784 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg45[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c4231168], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4231168 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg46[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c4296704], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4296704 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg47[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c4476928], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4476928 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg48[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c4657152], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4657152 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c180224_i32 : i32) {
          ro %arg49[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c180224], %arg57[%c4837376], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4837376 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c0_i32 : i32) {
          ro %arg50[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c4902912], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4902912 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_5_dispatch_0::@_initializer_5_dispatch_0_transpose_32x128_f32(%c16384_i32 : i32) {
          ro %arg51[%c0 for %c16384] : !stream.resource<constant>{%c16384},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c16384], %arg57[%c4919296], %c16384 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4919296 for %c16384] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_4_dispatch_0::@_initializer_4_dispatch_0_transpose_128x128_f32(%c32768_i32 : i32) {
          ro %arg52[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c32768], %arg57[%c4935680], %c65536 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c4935680 for %c65536] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c98304_i32 : i32) {
          ro %arg53[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c98304], %arg57[%c5001216], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c5001216 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_8_dispatch_0::@_initializer_8_dispatch_0_transpose_352x128_f32(%c278528_i32 : i32) {
          ro %arg54[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c278528], %arg57[%c5181440], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c5181440 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_10_dispatch_0::@_initializer_10_dispatch_0_transpose_128x352_f32 {
          ro %arg55[%c0 for %c180224] : !stream.resource<constant>{%c180224},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg59[%c0], %arg57[%c5361664], %c180224 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c5361664 for %c180224] : !stream.resource<constant>{%c5804032}
        stream.cmd.dispatch @_initializer_60_dispatch_0::@_initializer_60_dispatch_0_transpose_512x128_f32 {
          ro %arg56[%c0 for %c262144] : !stream.resource<constant>{%c262144},
          wo %arg59[%c0 for %c458752] : !stream.resource<transient>{%c458752}
        }
      }
      stream.cmd.copy %arg59[%c180224], %arg57[%c5541888], %c262144 : !stream.resource<transient>{%c458752} -> !stream.resource<constant>{%c5804032}
      stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg57[%c5541888 for %c262144] : !stream.resource<constant>{%c5804032}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%1) => %result_82 : !stream.resource<transient>{%c458752} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint_76, %2) => !stream.timepoint
    %4:4 = stream.timepoint.await sync %3 => %result_80, %result, %results_75#1, %results_75#0 : !stream.resource<constant>{%c98304}, !stream.resource<constant>{%c5804032}, !stream.resource<constant>{%c262144}, !stream.resource<constant>{%c512}
    %5:16 = stream.timepoint.await sync %result_timepoint => %results#15, %results#14, %results#13, %results#12, %results#11, %results#10, %results#9, %results#8, %results#7, %results#6, %results#5, %results#4, %results#3, %results#2, %results#1, %results#0 : !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}
    util.global.store %4#0, @__hoisted_tensor_1x128x128xf32 : !stream.resource<constant>
    util.global.store %4#1, @__hoisted_tensor_32x16xf32 : !stream.resource<constant>
    util.global.store %4#2, @__parameter_model_inner_m_embed_tokens_weight_tensor_512x128xf32 : !stream.resource<constant>
    util.global.store %4#3, @__parameter_model_inner_m_layers_0_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#0, @__parameter_model_inner_m_layers_0_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#1, @__parameter_model_inner_m_layers_1_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#2, @__parameter_model_inner_m_layers_1_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#3, @__parameter_model_inner_m_layers_2_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#4, @__parameter_model_inner_m_layers_2_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#5, @__parameter_model_inner_m_layers_3_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#6, @__parameter_model_inner_m_layers_3_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#7, @__parameter_model_inner_m_layers_4_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#8, @__parameter_model_inner_m_layers_4_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#9, @__parameter_model_inner_m_layers_5_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#10, @__parameter_model_inner_m_layers_5_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#11, @__parameter_model_inner_m_layers_6_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#12, @__parameter_model_inner_m_layers_6_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#13, @__parameter_model_inner_m_layers_7_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#14, @__parameter_model_inner_m_layers_7_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    util.global.store %5#15, @__parameter_model_inner_m_norm_weight_tensor_128xf32 : !stream.resource<constant>
    util.return
  }
  stream.executable private @_initializer_0_dispatch_0 {
    stream.executable.export public @_initializer_0_dispatch_0_elementwise_broadcast_32_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_0_dispatch_0_elementwise_broadcast_32_f32(%arg0: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32xf32>>
        %1 = tensor.empty() : tensor<32xf32>
        %2 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%1 : tensor<32xf32>) {
        ^bb0(%out: f32):
          %3 = linalg.index 0 : index
          %4 = arith.index_cast %3 : index to i64
          %5 = arith.sitofp %4 : i64 to f32
          linalg.yield %5 : f32
        } -> tensor<32xf32>
        iree_tensor_ext.dispatch.tensor.store %2, %0, offsets = [0], sizes = [32], strides = [1] : tensor<32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_1_dispatch_0 {
    stream.executable.export public @_initializer_1_dispatch_0_elementwise_broadcast_32x8_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_1_dispatch_0_elementwise_broadcast_32x8_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
        %c0 = arith.constant 0 : index
        %c128 = arith.constant 128 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>>
        %1 = stream.binding.subspan %arg1[%c128] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x8xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>> -> tensor<32xf32>
        %3 = tensor.empty() : tensor<32x8xf32>
        %4 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %cst : tensor<32xf32>, tensor<8xf32>) outs(%3 : tensor<32x8xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %5 = arith.mulf %in, %in_0 : f32
          linalg.yield %5 : f32
        } -> tensor<32x8xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [32, 8], strides = [1, 1] : tensor<32x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x8xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_1_dispatch_1 {
    stream.executable.export public @_initializer_1_dispatch_1_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_1_dispatch_1_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c128 = arith.constant 128 : index
        %c1152 = arith.constant 1152 : index
        %0 = stream.binding.subspan %arg0[%c128] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8xf32>>
        %1 = stream.binding.subspan %arg1[%c1152] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<1x32x16xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [32, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8xf32>> -> tensor<32x8xf32>
        iree_tensor_ext.dispatch.tensor.store %2, %1, offsets = [0, 0, 0], sizes = [1, 32, 8], strides = [1, 1, 1] : tensor<32x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<1x32x16xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_1_dispatch_2 {
    stream.executable.export public @_initializer_1_dispatch_2_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_1_dispatch_2_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c128 = arith.constant 128 : index
        %c1152 = arith.constant 1152 : index
        %0 = stream.binding.subspan %arg0[%c128] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8xf32>>
        %1 = stream.binding.subspan %arg1[%c1152] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<1x32x16xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [32, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8xf32>> -> tensor<32x8xf32>
        iree_tensor_ext.dispatch.tensor.store %2, %1, offsets = [0, 0, 8], sizes = [1, 32, 8], strides = [1, 1, 1] : tensor<32x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<1x32x16xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_2_dispatch_0 {
    stream.executable.export public @_initializer_2_dispatch_0_elementwise_512_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_2_dispatch_0_elementwise_512_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c1152 = arith.constant 1152 : index
        %c3200 = arith.constant 3200 : index
        %0 = stream.binding.subspan %arg0[%c1152] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512xf32>>
        %1 = stream.binding.subspan %arg1[%c3200] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<512xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [512], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512xf32>> -> tensor<512xf32>
        %3 = tensor.empty() : tensor<512xf32>
        %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : tensor<512xf32>) outs(%3 : tensor<512xf32>) {
        ^bb0(%in: f32, %out: f32):
          %5 = math.cos %in : f32
          linalg.yield %5 : f32
        } -> tensor<512xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0], sizes = [512], strides = [1] : tensor<512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<512xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_3_dispatch_0 {
    stream.executable.export public @_initializer_3_dispatch_0_elementwise_512_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_3_dispatch_0_elementwise_512_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c1152 = arith.constant 1152 : index
        %c5248 = arith.constant 5248 : index
        %0 = stream.binding.subspan %arg0[%c1152] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512xf32>>
        %1 = stream.binding.subspan %arg1[%c5248] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<512xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [512], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512xf32>> -> tensor<512xf32>
        %3 = tensor.empty() : tensor<512xf32>
        %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : tensor<512xf32>) outs(%3 : tensor<512xf32>) {
        ^bb0(%in: f32, %out: f32):
          %5 = math.sin %in : f32
          linalg.yield %5 : f32
        } -> tensor<512xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0], sizes = [512], strides = [1] : tensor<512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<512xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_4_dispatch_0 {
    stream.executable.export public @_initializer_4_dispatch_0_transpose_128x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_4_dispatch_0_transpose_128x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c0 = arith.constant 0 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 0, umax = 0>, <umin = 7296, umax = 7296, udiv = 7296>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 180224, umax = 180224, udiv = 180224>, <umin = 32768, umax = 32768, udiv = 32768>] : index
        %2 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x128xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x128xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [128, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x128xf32>> -> tensor<128x128xf32>
        %5 = tensor.empty() : tensor<128x128xf32>
        %6 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<128x128xf32>) outs(%5 : tensor<128x128xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<128x128xf32>
        iree_tensor_ext.dispatch.tensor.store %6, %3, offsets = [0, 0], sizes = [128, 128], strides = [1, 1] : tensor<128x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x128xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_5_dispatch_0 {
    stream.executable.export public @_initializer_5_dispatch_0_transpose_32x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_5_dispatch_0_transpose_32x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c0 = arith.constant 0 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 65536, umax = 65536, udiv = 65536>, <umin = 81920, umax = 81920, udiv = 81920>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>] : index
        %2 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x32xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
        %5 = tensor.empty() : tensor<128x32xf32>
        %6 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<32x128xf32>) outs(%5 : tensor<128x32xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<128x32xf32>
        iree_tensor_ext.dispatch.tensor.store %6, %3, offsets = [0, 0], sizes = [128, 32], strides = [1, 1] : tensor<128x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x32xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_8_dispatch_0 {
    stream.executable.export public @_initializer_8_dispatch_0_transpose_352x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_8_dispatch_0_transpose_352x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c0 = arith.constant 0 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 72832, umax = 72832, udiv = 72832>, <umin = 253056, umax = 253056, udiv = 253056>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>, <umin = 98304, umax = 98304, udiv = 98304>, <umin = 278528, umax = 278528, udiv = 278528>] : index
        %2 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<352x128xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x352xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [352, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<352x128xf32>> -> tensor<352x128xf32>
        %5 = tensor.empty() : tensor<128x352xf32>
        %6 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<352x128xf32>) outs(%5 : tensor<128x352xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<128x352xf32>
        iree_tensor_ext.dispatch.tensor.store %6, %3, offsets = [0, 0], sizes = [128, 352], strides = [1, 1] : tensor<128x352xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x352xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_10_dispatch_0 {
    stream.executable.export public @_initializer_10_dispatch_0_transpose_128x352_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_10_dispatch_0_transpose_128x352_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x352xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<352x128xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [128, 352], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x352xf32>> -> tensor<128x352xf32>
        %3 = tensor.empty() : tensor<352x128xf32>
        %4 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<128x352xf32>) outs(%3 : tensor<352x128xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<352x128xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [352, 128], strides = [1, 1] : tensor<352x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<352x128xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_60_dispatch_0 {
    stream.executable.export public @_initializer_60_dispatch_0_transpose_512x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_60_dispatch_0_transpose_512x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %c180224 = arith.constant 180224 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x128xf32>>
        %1 = stream.binding.subspan %arg1[%c180224] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x512xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [512, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x128xf32>> -> tensor<512x128xf32>
        %3 = tensor.empty() : tensor<128x512xf32>
        %4 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<512x128xf32>) outs(%3 : tensor<128x512xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<128x512xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [128, 512], strides = [1, 1] : tensor<128x512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128x512xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_0 {
    stream.executable.export public @main$async_dispatch_0_elementwise_broadcast_32x32_i64xf32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_0_elementwise_broadcast_32x32_i64xf32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant -3.40282347E+38 : f32
        %c0_i64 = arith.constant 0 : i64
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>> -> tensor<32xi64>
        %3 = tensor.empty() : tensor<32x32xf32>
        %4 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<32xi64>) outs(%3 : tensor<32x32xf32>) {
        ^bb0(%in: i64, %out: f32):
          %5 = arith.cmpi ne, %in, %c0_i64 : i64
          %6 = linalg.index 0 : index
          %7 = linalg.index 1 : index
          %8 = arith.index_cast %6 : index to i64
          %9 = arith.index_cast %7 : index to i64
          %10 = arith.cmpi sle, %9, %8 : i64
          %11 = arith.andi %10, %5 : i1
          %12 = arith.select %11, %cst, %cst_0 : f32
          linalg.yield %12 : f32
        } -> tensor<32x32xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [32, 32], strides = [1, 1] : tensor<32x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_1 {
    stream.executable.export public @main$async_dispatch_1_elementwise_broadcast_32x128_i64xf32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_1_elementwise_broadcast_32x128_i64xf32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x128xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [512, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x128xf32>> -> tensor<512x128xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>> -> tensor<32xi64>
        %5 = tensor.empty() : tensor<32x128xf32>
        %6 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<32xi64>) outs(%5 : tensor<32x128xf32>) {
        ^bb0(%in: i64, %out: f32):
          %7 = arith.index_cast %in : i64 to index
          %8 = linalg.index 1 : index
          %extracted = tensor.extract %3[%7, %8] : tensor<512x128xf32>
          linalg.yield %extracted : f32
        } -> tensor<32x128xf32>
        iree_tensor_ext.dispatch.tensor.store %6, %2, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_2 {
    stream.executable.export public @main$async_dispatch_2_reduction_32x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_2_reduction_32x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: i32, %arg4: i32) {
        %c0 = arith.constant 0 : index
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant 1.280000e+02 : f32
        %cst_1 = arith.constant 9.99999997E-7 : f32
        %c2_i64 = arith.constant 2 : i64
        %0 = arith.index_castui %arg3 : i32 to index
        %1 = arith.index_castui %arg4 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>], 
            %1[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 0, umax = 0>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>
        %4 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<128xf32>>
        %5 = stream.binding.subspan %arg2[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
        %6 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
        %7 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0], sizes = [128], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128xf32>> -> tensor<128xf32>
        %8 = tensor.empty() : tensor<32x128xf32>
        %9 = tensor.empty() : tensor<32xf32>
        %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<32xf32>) -> tensor<32xf32>
        %11 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%6 : tensor<32x128xf32>) outs(%10 : tensor<32xf32>) {
        ^bb0(%in: f32, %out: f32):
          %13 = math.fpowi %in, %c2_i64 : f32, i64
          %14 = arith.addf %13, %out : f32
          linalg.yield %14 : f32
        } -> tensor<32xf32>
        %12 = linalg.generic {indexing_maps = [#map2, #map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%7, %6, %11 : tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>) outs(%8 : tensor<32x128xf32>) {
        ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
          %13 = arith.divf %in_3, %cst_0 : f32
          %14 = arith.addf %13, %cst_1 : f32
          %15 = math.rsqrt %14 : f32
          %16 = arith.mulf %in_2, %15 : f32
          %17 = arith.mulf %in, %16 : f32
          linalg.yield %17 : f32
        } -> tensor<32x128xf32>
        iree_tensor_ext.dispatch.tensor.store %12, %5, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_3 {
    stream.executable.export public @main$async_dispatch_3_batch_matmul_1x32x128x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: i32, %arg4: i32, %arg5: i32) {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg3 : i32 to index
        %1 = arith.index_castui %arg4 : i32 to index
        %2 = arith.index_castui %arg5 : i32 to index
        %3:3 = util.assume.int 
            %0[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>], 
            %1[<umin = 0, umax = 0>, <umin = 610304, umax = 610304, udiv = 610304>, <umin = 1314816, umax = 1314816, udiv = 1314816>, <umin = 2019328, umax = 2019328, udiv = 2019328>, <umin = 2723840, umax = 2723840, udiv = 2723840>, <umin = 3428352, umax = 3428352, udiv = 3428352>, <umin = 4132864, umax = 4132864, udiv = 4132864>, <umin = 4837376, umax = 4837376, udiv = 4837376>], 
            %2[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>]
          : index, index, index
        %4 = stream.binding.subspan %arg0[%3#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %5 = stream.binding.subspan %arg1[%3#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x128xf32>>
        %6 = stream.binding.subspan %arg2[%3#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x128xf32>>
        %7 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [1, 128, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x128xf32>> -> tensor<1x128x128xf32>
        %9 = tensor.empty() : tensor<1x32x128xf32>
        %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<1x32x128xf32>) -> tensor<1x32x128xf32>
        %11 = linalg.batch_matmul ins(%7, %8 : tensor<1x32x128xf32>, tensor<1x128x128xf32>) outs(%10 : tensor<1x32x128xf32>) -> tensor<1x32x128xf32>
        iree_tensor_ext.dispatch.tensor.store %11, %6, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : tensor<1x32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x128xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_4 {
    stream.executable.export public @main$async_dispatch_4_transpose_32x8x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_4_transpose_32x8x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32, %arg3: i32) {
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = arith.index_castui %arg3 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>], 
            %1[<umin = 0, umax = 0>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8x16xf32>>
        %4 = stream.binding.subspan %arg1[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32x16xf32>>
        %5 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [32, 8, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8x16xf32>> -> tensor<32x8x16xf32>
        %6 = tensor.empty() : tensor<8x32x16xf32>
        %7 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<32x8x16xf32>) outs(%6 : tensor<8x32x16xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<8x32x16xf32>
        iree_tensor_ext.dispatch.tensor.store %7, %4, offsets = [0, 0, 0], sizes = [8, 32, 16], strides = [1, 1, 1] : tensor<8x32x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32x16xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_5 {
    stream.executable.export public @main$async_dispatch_5_batch_matmul_1x32x32x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: i32, %arg4: i32, %arg5: i32) {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg3 : i32 to index
        %1 = arith.index_castui %arg4 : i32 to index
        %2 = arith.index_castui %arg5 : i32 to index
        %3:3 = util.assume.int 
            %0[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 4096, umax = 4096, udiv = 4096>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>], 
            %1[<umin = 65536, umax = 65536, udiv = 65536>, <umin = 81920, umax = 81920, udiv = 81920>, <umin = 675840, umax = 675840, udiv = 675840>, <umin = 692224, umax = 692224, udiv = 692224>, <umin = 1380352, umax = 1380352, udiv = 1380352>, <umin = 1396736, umax = 1396736, udiv = 1396736>, <umin = 2084864, umax = 2084864, udiv = 2084864>, <umin = 2101248, umax = 2101248, udiv = 2101248>, <umin = 2789376, umax = 2789376, udiv = 2789376>, <umin = 2805760, umax = 2805760, udiv = 2805760>, <umin = 3493888, umax = 3493888, udiv = 3493888>, <umin = 3510272, umax = 3510272, udiv = 3510272>, <umin = 4198400, umax = 4198400, udiv = 4198400>, <umin = 4214784, umax = 4214784, udiv = 4214784>, <umin = 4902912, umax = 4902912, udiv = 4902912>, <umin = 4919296, umax = 4919296, udiv = 4919296>], 
            %2[<umin = 36864, umax = 36864, udiv = 36864>, <umin = 20480, umax = 20480, udiv = 20480>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 73728, umax = 73728, udiv = 73728>]
          : index, index, index
        %4 = stream.binding.subspan %arg0[%3#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %5 = stream.binding.subspan %arg1[%3#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x32xf32>>
        %6 = stream.binding.subspan %arg2[%3#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x32xf32>>
        %7 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [1, 128, 32], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x32xf32>> -> tensor<1x128x32xf32>
        %9 = tensor.empty() : tensor<1x32x32xf32>
        %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32>
        %11 = linalg.batch_matmul ins(%7, %8 : tensor<1x32x128xf32>, tensor<1x128x32xf32>) outs(%10 : tensor<1x32x32xf32>) -> tensor<1x32x32xf32>
        iree_tensor_ext.dispatch.tensor.store %11, %6, offsets = [0, 0, 0], sizes = [1, 32, 32], strides = [1, 1, 1] : tensor<1x32x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x32xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_6 {
    stream.executable.export public @main$async_dispatch_6_transpose_32x2x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_6_transpose_32x2x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32, %arg3: i32) {
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = arith.index_castui %arg3 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 36864, umax = 36864, udiv = 36864>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>], 
            %1[<umin = 16384, umax = 16384, udiv = 16384>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x2x16xf32>>
        %4 = stream.binding.subspan %arg1[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x32x16xf32>>
        %5 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [32, 2, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x2x16xf32>> -> tensor<32x2x16xf32>
        %6 = tensor.empty() : tensor<2x32x16xf32>
        %7 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<32x2x16xf32>) outs(%6 : tensor<2x32x16xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<2x32x16xf32>
        iree_tensor_ext.dispatch.tensor.store %7, %4, offsets = [0, 0, 0], sizes = [2, 32, 16], strides = [1, 1, 1] : tensor<2x32x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x32x16xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_8 {
    stream.executable.export public @main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32, %arg3: i32) {
        %c1 = arith.constant 1 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = arith.index_castui %arg3 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 0, umax = 0>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>], 
            %1[<umin = 24576, umax = 24576, udiv = 24576>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x2x8xf32>>
        %4 = stream.binding.subspan %arg1[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32x2x8xf32>>
        %5 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0, 0], sizes = [8, 32, 2, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x2x8xf32>> -> tensor<8x32x2x8xf32>
        %6 = tensor.empty() : tensor<8x32x2x8xf32>
        %7 = linalg.generic {indexing_maps = [#map7], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%6 : tensor<8x32x2x8xf32>) {
        ^bb0(%out: f32):
          %8 = linalg.index 0 : index
          %9 = linalg.index 1 : index
          %10 = linalg.index 2 : index
          %11 = linalg.index 3 : index
          %12 = arith.subi %c1, %10 : index
          %extracted = tensor.extract %5[%8, %9, %12, %11] : tensor<8x32x2x8xf32>
          %13 = arith.negf %extracted : f32
          %14 = arith.cmpi eq, %12, %c1 : index
          %15 = arith.select %14, %13, %extracted : f32
          linalg.yield %15 : f32
        } -> tensor<8x32x2x8xf32>
        iree_tensor_ext.dispatch.tensor.store %7, %4, offsets = [0, 0, 0, 0], sizes = [8, 32, 2, 8], strides = [1, 1, 1, 1] : tensor<8x32x2x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32x2x8xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_9 {
    stream.executable.export public @main$async_dispatch_9_elementwise_transpose_8x32x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32) {
        %c2048 = arith.constant 2048 : index
        %c0 = arith.constant 0 : index
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>], 
            %1[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8x16xf32>>
        %4 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>>
        %5 = stream.binding.subspan %arg2[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x16xf32>>
        %6 = stream.binding.subspan %arg1[%c2048] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>>
        %7 = stream.binding.subspan %arg3[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32x16xf32>>
        %8 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [32, 8, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8x16xf32>> -> tensor<32x8x16xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0], sizes = [32, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>> -> tensor<32x16xf32>
        %10 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [8, 32, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x16xf32>> -> tensor<8x32x16xf32>
        %11 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0], sizes = [32, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>> -> tensor<32x16xf32>
        %12 = tensor.empty() : tensor<8x32x16xf32>
        %13 = linalg.generic {indexing_maps = [#map6, #map8, #map5, #map8, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %9, %10, %11 : tensor<32x8x16xf32>, tensor<32x16xf32>, tensor<8x32x16xf32>, tensor<32x16xf32>) outs(%12 : tensor<8x32x16xf32>) {
        ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %out: f32):
          %14 = arith.mulf %in, %in_0 : f32
          %15 = arith.mulf %in_1, %in_2 : f32
          %16 = arith.addf %14, %15 : f32
          linalg.yield %16 : f32
        } -> tensor<8x32x16xf32>
        iree_tensor_ext.dispatch.tensor.store %13, %7, offsets = [0, 0, 0], sizes = [8, 32, 16], strides = [1, 1, 1] : tensor<8x32x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x32x16xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_10 {
    stream.executable.export public @main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32, %arg3: i32) {
        %c1 = arith.constant 1 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = arith.index_castui %arg3 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 16384, umax = 16384, udiv = 16384>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>], 
            %1[<umin = 0, umax = 0>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x32x2x8xf32>>
        %4 = stream.binding.subspan %arg1[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x32x2x8xf32>>
        %5 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0, 0], sizes = [2, 32, 2, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x32x2x8xf32>> -> tensor<2x32x2x8xf32>
        %6 = tensor.empty() : tensor<2x32x2x8xf32>
        %7 = linalg.generic {indexing_maps = [#map7], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%6 : tensor<2x32x2x8xf32>) {
        ^bb0(%out: f32):
          %8 = linalg.index 0 : index
          %9 = linalg.index 1 : index
          %10 = linalg.index 2 : index
          %11 = linalg.index 3 : index
          %12 = arith.subi %c1, %10 : index
          %extracted = tensor.extract %5[%8, %9, %12, %11] : tensor<2x32x2x8xf32>
          %13 = arith.negf %extracted : f32
          %14 = arith.cmpi eq, %12, %c1 : index
          %15 = arith.select %14, %13, %extracted : f32
          linalg.yield %15 : f32
        } -> tensor<2x32x2x8xf32>
        iree_tensor_ext.dispatch.tensor.store %7, %4, offsets = [0, 0, 0, 0], sizes = [2, 32, 2, 8], strides = [1, 1, 1, 1] : tensor<2x32x2x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x32x2x8xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_11 {
    stream.executable.export public @main$async_dispatch_11_elementwise_transpose_2x32x16_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32, %arg6: i32) {
        %c2048 = arith.constant 2048 : index
        %c0 = arith.constant 0 : index
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2 = arith.index_castui %arg6 : i32 to index
        %3:3 = util.assume.int 
            %0[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>, <umin = 65536, umax = 65536, udiv = 65536>], 
            %1[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>, <umin = 49152, umax = 49152, udiv = 49152>], 
            %2[<umin = 16384, umax = 16384, udiv = 16384>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>]
          : index, index, index
        %4 = stream.binding.subspan %arg0[%3#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x2x16xf32>>
        %5 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>>
        %6 = stream.binding.subspan %arg2[%3#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x32x16xf32>>
        %7 = stream.binding.subspan %arg1[%c2048] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>>
        %8 = stream.binding.subspan %arg3[%3#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x32x16xf32>>
        %9 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [32, 2, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x2x16xf32>> -> tensor<32x2x16xf32>
        %10 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0], sizes = [32, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>> -> tensor<32x16xf32>
        %11 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0, 0], sizes = [2, 32, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x32x16xf32>> -> tensor<2x32x16xf32>
        %12 = iree_tensor_ext.dispatch.tensor.load %7, offsets = [0, 0], sizes = [32, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>> -> tensor<32x16xf32>
        %13 = tensor.empty() : tensor<2x32x16xf32>
        %14 = linalg.generic {indexing_maps = [#map6, #map8, #map5, #map8, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %10, %11, %12 : tensor<32x2x16xf32>, tensor<32x16xf32>, tensor<2x32x16xf32>, tensor<32x16xf32>) outs(%13 : tensor<2x32x16xf32>) {
        ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %out: f32):
          %15 = arith.mulf %in, %in_0 : f32
          %16 = arith.mulf %in_1, %in_2 : f32
          %17 = arith.addf %15, %16 : f32
          linalg.yield %17 : f32
        } -> tensor<2x32x16xf32>
        iree_tensor_ext.dispatch.tensor.store %14, %8, offsets = [0, 0, 0], sizes = [2, 32, 16], strides = [1, 1, 1] : tensor<2x32x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x32x16xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_12 {
    stream.executable.export public @main$async_dispatch_12_elementwise_broadcast_8x1024_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_12_elementwise_broadcast_8x1024_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c0 = arith.constant 0 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 24576, umax = 24576, udiv = 24576>, <umin = 77824, umax = 77824, udiv = 77824>] : index
        %2 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1024xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x1024xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0], sizes = [1024], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1024xf32>> -> tensor<1024xf32>
        %5 = tensor.empty() : tensor<8x1024xf32>
        %6 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<1024xf32>) outs(%5 : tensor<8x1024xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<8x1024xf32>
        iree_tensor_ext.dispatch.tensor.store %6, %3, offsets = [0, 0], sizes = [8, 1024], strides = [1, 1] : tensor<8x1024xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x1024xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_13 {
    stream.executable.export public @main$async_dispatch_13_attention_2x4x32x16x16x32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_13_attention_2x4x32x16x16x32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32) {
        %c0 = arith.constant 0 : index
        %cst = arith.constant 2.500000e-01 : f32
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2 = arith.index_castui %arg6 : i32 to index
        %3 = arith.index_castui %arg7 : i32 to index
        %4:4 = util.assume.int 
            %0[<umin = 16384, umax = 16384, udiv = 16384>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>, <umin = 69632, umax = 69632, udiv = 69632>], 
            %1[<umin = 0, umax = 0>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 73728, umax = 73728, udiv = 73728>, <umin = 73728, umax = 73728, udiv = 73728>], 
            %2[<umin = 24576, umax = 24576, udiv = 24576>, <umin = 24576, umax = 24576, udiv = 24576>, <umin = 24576, umax = 24576, udiv = 24576>, <umin = 24576, umax = 24576, udiv = 24576>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>], 
            %3[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>]
          : index, index, index, index
        %5 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x32x16xf32>>
        %6 = stream.binding.subspan %arg0[%4#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x32x16xf32>>
        %7 = stream.binding.subspan %arg1[%4#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x2x16xf32>>
        %8 = stream.binding.subspan %arg2[%4#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x32x32xf32>>
        %9 = stream.binding.subspan %arg3[%4#3] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x2x4x16xf32>>
        %10 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0, 0], sizes = [2, 4, 32, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x32x16xf32>> -> tensor<2x4x32x16xf32>
        %11 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0, 0], sizes = [2, 32, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x32x16xf32>> -> tensor<2x32x16xf32>
        %12 = iree_tensor_ext.dispatch.tensor.load %7, offsets = [0, 0, 0], sizes = [32, 2, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x2x16xf32>> -> tensor<32x2x16xf32>
        %13 = iree_tensor_ext.dispatch.tensor.load %8, offsets = [0, 0, 0, 0], sizes = [2, 4, 32, 32], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x32x32xf32>> -> tensor<2x4x32x32xf32>
        %14 = tensor.empty() : tensor<2x4x32x16xf32>
        %15 = iree_linalg_ext.attention <indexing_maps = [#map9, #map10, #map11, #map12, #map13, #map14]> ins(%10, %11, %12, %cst, %13 : tensor<2x4x32x16xf32>, tensor<2x32x16xf32>, tensor<32x2x16xf32>, f32, tensor<2x4x32x32xf32>) outs(%14 : tensor<2x4x32x16xf32>) {
        ^bb0(%arg8: f32):
          iree_linalg_ext.yield %arg8 : f32
        } -> tensor<2x4x32x16xf32>
        %16 = tensor.empty() : tensor<32x2x4x16xf32>
        %17 = linalg.generic {indexing_maps = [#map7, #map15], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x4x32x16xf32>) outs(%16 : tensor<32x2x4x16xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<32x2x4x16xf32>
        iree_tensor_ext.dispatch.tensor.store %17, %9, offsets = [0, 0, 0, 0], sizes = [32, 2, 4, 16], strides = [1, 1, 1, 1] : tensor<32x2x4x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x2x4x16xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_14 {
    stream.executable.export public @main$async_dispatch_14_batch_matmul_1x32x128x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32, %arg6: i32) {
        %c0 = arith.constant 0 : index
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2 = arith.index_castui %arg6 : i32 to index
        %3:3 = util.assume.int 
            %0[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>, <umin = 32768, umax = 32768, udiv = 32768>], 
            %1[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 708608, umax = 708608, udiv = 708608>, <umin = 1413120, umax = 1413120, udiv = 1413120>, <umin = 2117632, umax = 2117632, udiv = 2117632>, <umin = 2822144, umax = 2822144, udiv = 2822144>, <umin = 3526656, umax = 3526656, udiv = 3526656>, <umin = 4231168, umax = 4231168, udiv = 4231168>, <umin = 4935680, umax = 4935680, udiv = 4935680>], 
            %2[<umin = 0, umax = 0>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 16384, umax = 16384, udiv = 16384>]
          : index, index, index
        %4 = stream.binding.subspan %arg0[%3#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %5 = stream.binding.subspan %arg1[%3#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x128xf32>>
        %6 = stream.binding.subspan %arg2[%3#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %7 = stream.binding.subspan %arg3[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x128xf32>>
        %8 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [1, 128, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x128xf32>> -> tensor<1x128x128xf32>
        %10 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %11 = tensor.empty() : tensor<1x32x128xf32>
        %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<1x32x128xf32>) -> tensor<1x32x128xf32>
        %13 = linalg.batch_matmul ins(%8, %9 : tensor<1x32x128xf32>, tensor<1x128x128xf32>) outs(%12 : tensor<1x32x128xf32>) -> tensor<1x32x128xf32>
        %14 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10, %13 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%11 : tensor<1x32x128xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %15 = arith.addf %in, %in_0 : f32
          linalg.yield %15 : f32
        } -> tensor<1x32x128xf32>
        iree_tensor_ext.dispatch.tensor.store %14, %7, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : tensor<1x32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x128xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_16 {
    stream.executable.export public @main$async_dispatch_16_batch_matmul_1x32x352x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: i32) {
        %c32768 = arith.constant 32768 : index
        %c16384 = arith.constant 16384 : index
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg3 : i32 to index
        %1 = util.assume.int %0[<umin = 249856, umax = 249856, udiv = 249856>, <umin = 954368, umax = 954368, udiv = 954368>, <umin = 1658880, umax = 1658880, udiv = 1658880>, <umin = 2363392, umax = 2363392, udiv = 2363392>, <umin = 3067904, umax = 3067904, udiv = 3067904>, <umin = 3772416, umax = 3772416, udiv = 3772416>, <umin = 4476928, umax = 4476928, udiv = 4476928>, <umin = 5181440, umax = 5181440, udiv = 5181440>] : index
        %2 = stream.binding.subspan %arg0[%c16384] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x352xf32>>
        %4 = stream.binding.subspan %arg2[%c32768] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x352xf32>>
        %5 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %6 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [1, 128, 352], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x352xf32>> -> tensor<1x128x352xf32>
        %7 = tensor.empty() : tensor<1x32x352xf32>
        %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<1x32x352xf32>) -> tensor<1x32x352xf32>
        %9 = linalg.batch_matmul ins(%5, %6 : tensor<1x32x128xf32>, tensor<1x128x352xf32>) outs(%8 : tensor<1x32x352xf32>) -> tensor<1x32x352xf32>
        iree_tensor_ext.dispatch.tensor.store %9, %4, offsets = [0, 0, 0], sizes = [1, 32, 352], strides = [1, 1, 1] : tensor<1x32x352xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x352xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_17 {
    stream.executable.export public @main$async_dispatch_17_batch_matmul_1x32x352x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: i32, %arg4: i32) {
        %c32768 = arith.constant 32768 : index
        %c16384 = arith.constant 16384 : index
        %cst = arith.constant 2.000000e+00 : f32
        %cst_0 = arith.constant 1.000000e+00 : f32
        %0 = arith.index_castui %arg3 : i32 to index
        %1 = arith.index_castui %arg4 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 69632, umax = 69632, udiv = 69632>, <umin = 774144, umax = 774144, udiv = 774144>, <umin = 1478656, umax = 1478656, udiv = 1478656>, <umin = 2183168, umax = 2183168, udiv = 2183168>, <umin = 2887680, umax = 2887680, udiv = 2887680>, <umin = 3592192, umax = 3592192, udiv = 3592192>, <umin = 4296704, umax = 4296704, udiv = 4296704>, <umin = 5001216, umax = 5001216, udiv = 5001216>], 
            %1[<umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 77824, umax = 77824, udiv = 77824>]
          : index, index
        %3 = stream.binding.subspan %arg0[%c16384] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %4 = stream.binding.subspan %arg1[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x352xf32>>
        %5 = stream.binding.subspan %arg0[%c32768] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x352xf32>>
        %6 = stream.binding.subspan %arg2[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x352xf32>>
        %7 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [1, 128, 352], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x352xf32>> -> tensor<1x128x352xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [1, 32, 352], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x352xf32>> -> tensor<1x32x352xf32>
        %10 = tensor.empty() : tensor<1x32x352xf32>
        %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<1x32x352xf32>) -> tensor<1x32x352xf32>
        %12 = linalg.batch_matmul ins(%7, %8 : tensor<1x32x128xf32>, tensor<1x128x352xf32>) outs(%11 : tensor<1x32x352xf32>) -> tensor<1x32x352xf32>
        %13 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12, %9 : tensor<1x32x352xf32>, tensor<1x32x352xf32>) outs(%10 : tensor<1x32x352xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %14 = arith.negf %in : f32
          %15 = math.exp %14 : f32
          %16 = arith.addf %15, %cst_0 : f32
          %17 = arith.divf %cst_0, %16 : f32
          %18 = arith.mulf %17, %in : f32
          %19 = arith.mulf %18, %in_1 : f32
          linalg.yield %19 : f32
        } -> tensor<1x32x352xf32>
        iree_tensor_ext.dispatch.tensor.store %13, %6, offsets = [0, 0, 0], sizes = [1, 32, 352], strides = [1, 1, 1] : tensor<1x32x352xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x352xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_18 {
    stream.executable.export public @main$async_dispatch_18_batch_matmul_1x32x128x352_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: i32, %arg4: i32) {
        %c16384 = arith.constant 16384 : index
        %c0 = arith.constant 0 : index
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg3 : i32 to index
        %1 = arith.index_castui %arg4 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 77824, umax = 77824, udiv = 77824>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 110592, umax = 110592, udiv = 110592>, <umin = 77824, umax = 77824, udiv = 77824>], 
            %1[<umin = 430080, umax = 430080, udiv = 430080>, <umin = 1134592, umax = 1134592, udiv = 1134592>, <umin = 1839104, umax = 1839104, udiv = 1839104>, <umin = 2543616, umax = 2543616, udiv = 2543616>, <umin = 3248128, umax = 3248128, udiv = 3248128>, <umin = 3952640, umax = 3952640, udiv = 3952640>, <umin = 4657152, umax = 4657152, udiv = 4657152>, <umin = 5361664, umax = 5361664, udiv = 5361664>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x352xf32>>
        %4 = stream.binding.subspan %arg1[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x352x128xf32>>
        %5 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %6 = stream.binding.subspan %arg2[%c16384] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x128xf32>>
        %7 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0, 0], sizes = [1, 32, 352], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x352xf32>> -> tensor<1x32x352xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [1, 352, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x352x128xf32>> -> tensor<1x352x128xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %10 = tensor.empty() : tensor<1x32x128xf32>
        %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<1x32x128xf32>) -> tensor<1x32x128xf32>
        %12 = linalg.batch_matmul ins(%7, %8 : tensor<1x32x352xf32>, tensor<1x352x128xf32>) outs(%11 : tensor<1x32x128xf32>) -> tensor<1x32x128xf32>
        %13 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %12 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%10 : tensor<1x32x128xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %14 = arith.addf %in, %in_0 : f32
          linalg.yield %14 : f32
        } -> tensor<1x32x128xf32>
        iree_tensor_ext.dispatch.tensor.store %13, %6, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : tensor<1x32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x128xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_133 {
    stream.executable.export public @main$async_dispatch_133_batch_matmul_1x32x512x128_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_133_batch_matmul_1x32x512x128_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %c0 = arith.constant 0 : index
        %c5541888 = arith.constant 5541888 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>>
        %1 = stream.binding.subspan %arg1[%c5541888] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x512xf32>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x512xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0, 0], sizes = [1, 32, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x128xf32>> -> tensor<1x32x128xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0, 0], sizes = [1, 128, 512], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x128x512xf32>> -> tensor<1x128x512xf32>
        %5 = tensor.empty() : tensor<1x32x512xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1x32x512xf32>) -> tensor<1x32x512xf32>
        %7 = linalg.batch_matmul ins(%3, %4 : tensor<1x32x128xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x32x512xf32>) -> tensor<1x32x512xf32>
        iree_tensor_ext.dispatch.tensor.store %7, %2, offsets = [0, 0, 0], sizes = [1, 32, 512], strides = [1, 1, 1] : tensor<1x32x512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x512xf32>>
        return
      }
    }
  }
  util.func public @main$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %c98304 = arith.constant 98304 : index
    %c5804032 = arith.constant 5804032 : index
    %c155648 = arith.constant 155648 : index
    %c57344 = arith.constant 57344 : index
    %c24576 = arith.constant 24576 : index
    %c40960 = arith.constant 40960 : index
    %c36864 = arith.constant 36864 : index
    %c20480 = arith.constant 20480 : index
    %c262144 = arith.constant 262144 : index
    %c512 = arith.constant 512 : index
    %c32 = arith.constant 32 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    %c0 = arith.constant 0 : index
    %c16384 = arith.constant 16384 : index
    %c32768 = arith.constant 32768 : index
    %c65536 = arith.constant 65536 : index
    %c0_i32 = arith.constant 0 : i32
    %c4096_i32 = arith.constant 4096 : i32
    %c20480_i32 = arith.constant 20480 : i32
    %c65536_i32 = arith.constant 65536 : i32
    %c36864_i32 = arith.constant 36864 : i32
    %c16384_i32 = arith.constant 16384 : i32
    %c81920_i32 = arith.constant 81920 : i32
    %c24576_i32 = arith.constant 24576 : i32
    %c249856_i32 = arith.constant 249856 : i32
    %c32768_i32 = arith.constant 32768 : i32
    %c69632_i32 = arith.constant 69632 : i32
    %c77824_i32 = arith.constant 77824 : i32
    %c430080_i32 = arith.constant 430080 : i32
    %c610304_i32 = arith.constant 610304 : i32
    %c49152_i32 = arith.constant 49152 : i32
    %c675840_i32 = arith.constant 675840 : i32
    %c692224_i32 = arith.constant 692224 : i32
    %c73728_i32 = arith.constant 73728 : i32
    %c708608_i32 = arith.constant 708608 : i32
    %c954368_i32 = arith.constant 954368 : i32
    %c774144_i32 = arith.constant 774144 : i32
    %c1134592_i32 = arith.constant 1134592 : i32
    %c1314816_i32 = arith.constant 1314816 : i32
    %c1380352_i32 = arith.constant 1380352 : i32
    %c1396736_i32 = arith.constant 1396736 : i32
    %c1413120_i32 = arith.constant 1413120 : i32
    %c1658880_i32 = arith.constant 1658880 : i32
    %c1478656_i32 = arith.constant 1478656 : i32
    %c1839104_i32 = arith.constant 1839104 : i32
    %c2019328_i32 = arith.constant 2019328 : i32
    %c2084864_i32 = arith.constant 2084864 : i32
    %c2101248_i32 = arith.constant 2101248 : i32
    %c2117632_i32 = arith.constant 2117632 : i32
    %c2363392_i32 = arith.constant 2363392 : i32
    %c2183168_i32 = arith.constant 2183168 : i32
    %c2543616_i32 = arith.constant 2543616 : i32
    %c2723840_i32 = arith.constant 2723840 : i32
    %c2789376_i32 = arith.constant 2789376 : i32
    %c2805760_i32 = arith.constant 2805760 : i32
    %c2822144_i32 = arith.constant 2822144 : i32
    %c3067904_i32 = arith.constant 3067904 : i32
    %c2887680_i32 = arith.constant 2887680 : i32
    %c110592_i32 = arith.constant 110592 : i32
    %c3248128_i32 = arith.constant 3248128 : i32
    %c3428352_i32 = arith.constant 3428352 : i32
    %c3493888_i32 = arith.constant 3493888 : i32
    %c3510272_i32 = arith.constant 3510272 : i32
    %c3526656_i32 = arith.constant 3526656 : i32
    %c3772416_i32 = arith.constant 3772416 : i32
    %c3592192_i32 = arith.constant 3592192 : i32
    %c3952640_i32 = arith.constant 3952640 : i32
    %c4132864_i32 = arith.constant 4132864 : i32
    %c4198400_i32 = arith.constant 4198400 : i32
    %c4214784_i32 = arith.constant 4214784 : i32
    %c4231168_i32 = arith.constant 4231168 : i32
    %c4476928_i32 = arith.constant 4476928 : i32
    %c4296704_i32 = arith.constant 4296704 : i32
    %c4657152_i32 = arith.constant 4657152 : i32
    %c4837376_i32 = arith.constant 4837376 : i32
    %c4902912_i32 = arith.constant 4902912 : i32
    %c4919296_i32 = arith.constant 4919296 : i32
    %c4935680_i32 = arith.constant 4935680 : i32
    %c5181440_i32 = arith.constant 5181440 : i32
    %c5001216_i32 = arith.constant 5001216 : i32
    %c5361664_i32 = arith.constant 5361664 : i32
    %__parameter_model_inner_m_norm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_norm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_7_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_7_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_7_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_7_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_6_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_6_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_6_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_6_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_5_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_5_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_5_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_5_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_4_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_4_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_4_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_4_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_3_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_3_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_3_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_3_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_2_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_2_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_2_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_2_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_1_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_1_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_1_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_1_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_0_post_attention_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_0_post_attention_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_layers_0_input_layernorm_weight_tensor_128xf32 = util.global.load immutable @__parameter_model_inner_m_layers_0_input_layernorm_weight_tensor_128xf32 : !stream.resource<constant>
    %__parameter_model_inner_m_embed_tokens_weight_tensor_512x128xf32 = util.global.load immutable @__parameter_model_inner_m_embed_tokens_weight_tensor_512x128xf32 : !stream.resource<constant>
    %__hoisted_tensor_32x16xf32 = util.global.load immutable @__hoisted_tensor_32x16xf32 : !stream.resource<constant>
    %__hoisted_tensor_1x128x128xf32 = util.global.load immutable @__hoisted_tensor_1x128x128xf32 : !stream.resource<constant>
    %element_type_i64 = hal.element_type<i64> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%c1, %c32]) type(%element_type_i64) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<1x32xi64> in !stream.resource<external>{%c256}
    %1 = stream.timepoint.import on(#hal.device.affinity<@__device_0>) %arg2 : (!hal.fence) => !stream.timepoint
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("tensor") shape([%c1, %c32]) type(%element_type_i64) encoding(%dense_row_major)
    %2 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<1x32xi64> in !stream.resource<external>{%c256}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%1) => !stream.resource<transient>{%c16384} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%1) => !stream.resource<transient>{%c16384} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%3) => with(%__parameter_model_inner_m_embed_tokens_weight_tensor_512x128xf32 as %arg4: !stream.resource<constant>{%c262144}, %0 as %arg5: !stream.resource<external>{%c256}, %result as %arg6: !stream.resource<transient>{%c16384}, %result_0 as %arg7: !stream.resource<transient>{%c16384}) {
      stream.cmd.dispatch @main$async_dispatch_1::@main$async_dispatch_1_elementwise_broadcast_32x128_i64xf32 {
        ro %arg4[%c0 for %c262144] : !stream.resource<constant>{%c262144},
        ro %arg5[%c0 for %c256] : !stream.resource<external>{%c256},
        wo %arg6[%c0 for %c16384] : !stream.resource<transient>{%c16384}
      }
      stream.cmd.copy %arg6[%c0], %arg7[%c0], %c16384 : !stream.resource<transient>{%c16384} -> !stream.resource<transient>{%c16384}
      stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg7[%c0 for %c16384] : !stream.resource<transient>{%c16384}
    } => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%4) => !stream.resource<transient>{%c40960} => !stream.timepoint
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%4) => !stream.resource<transient>{%c24576} => !stream.timepoint
    %5 = stream.timepoint.join max(%result_timepoint_3, %result_timepoint_5) => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%5) => with(%2 as %arg4: !stream.resource<external>{%c256}, %result as %arg5: !stream.resource<transient>{%c16384}, %__parameter_model_inner_m_layers_0_input_layernorm_weight_tensor_128xf32 as %arg6: !stream.resource<constant>{%c512}, %__hoisted_tensor_1x128x128xf32 as %arg7: !stream.resource<constant>{%c98304}, %result_2 as %arg8: !stream.resource<transient>{%c40960}, %result_4 as %arg9: !stream.resource<transient>{%c24576}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_0::@main$async_dispatch_0_elementwise_broadcast_32x32_i64xf32 {
          ro %arg4[%c0 for %c256] : !stream.resource<external>{%c256},
          wo %arg8[%c0 for %c40960] : !stream.resource<transient>{%c40960}
        }
        stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c4096_i32 : i32, i32) {
          ro %arg5[%c0 for %c16384] : !stream.resource<transient>{%c16384},
          ro %arg6[%c0 for %c512] : !stream.resource<constant>{%c512},
          wo %arg8[%c0 for %c40960] : !stream.resource<transient>{%c40960}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c4096_i32, %c0_i32, %c20480_i32 : i32, i32, i32) {
          ro %arg8[%c0 for %c40960] : !stream.resource<transient>{%c40960},
          ro %arg7[%c0 for %c98304] : !stream.resource<constant>{%c98304},
          wo %arg8[%c0 for %c40960] : !stream.resource<transient>{%c40960}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c4096_i32, %c65536_i32, %c36864_i32 : i32, i32, i32) {
          ro %arg8[%c0 for %c40960] : !stream.resource<transient>{%c40960},
          ro %arg7[%c0 for %c98304] : !stream.resource<constant>{%c98304},
          wo %arg8[%c0 for %c40960] : !stream.resource<transient>{%c40960}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg8[%c20480], %arg9[%c4096], %c16384 : !stream.resource<transient>{%c40960} -> !stream.resource<transient>{%c24576}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg9[%c4096 for %c16384] : !stream.resource<transient>{%c24576}
        stream.cmd.copy %arg8[%c36864], %arg9[%c20480], %c4096 : !stream.resource<transient>{%c40960} -> !stream.resource<transient>{%c24576}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg9[%c20480 for %c4096] : !stream.resource<transient>{%c24576}
        stream.cmd.copy %arg8[%c0], %arg9[%c0], %c4096 : !stream.resource<transient>{%c40960} -> !stream.resource<transient>{%c24576}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg9[%c0 for %c4096] : !stream.resource<transient>{%c24576}
      }
    } => !stream.timepoint
    %7 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%6) => %result : !stream.resource<transient>{%c16384} => !stream.timepoint
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%7) => !stream.resource<transient>{%c57344} => !stream.timepoint
    %result_8, %result_timepoint_9 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%7) => !stream.resource<transient>{%c57344} => !stream.timepoint
    %8 = stream.timepoint.join max(%result_timepoint_7, %result_timepoint_9) => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%8) => with(%result_2 as %arg4: !stream.resource<transient>{%c40960}, %__hoisted_tensor_1x128x128xf32 as %arg5: !stream.resource<constant>{%c98304}, %result_6 as %arg6: !stream.resource<transient>{%c57344}, %result_8 as %arg7: !stream.resource<transient>{%c57344}) {
      stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c20480_i32, %c0_i32 : i32, i32) {
        ro %arg4[%c0 for %c40960] : !stream.resource<transient>{%c40960},
        wo %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c36864_i32, %c16384_i32 : i32, i32) {
          ro %arg4[%c0 for %c40960] : !stream.resource<transient>{%c40960},
          wo %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c4096_i32, %c81920_i32, %c20480_i32 : i32, i32, i32) {
          ro %arg4[%c0 for %c40960] : !stream.resource<transient>{%c40960},
          ro %arg5[%c0 for %c98304] : !stream.resource<constant>{%c98304},
          wo %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c0_i32, %c24576_i32 : i32, i32) {
          ro %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344},
          wo %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg7[%c24576], %arg6[%c4096], %c16384 : !stream.resource<transient>{%c57344} -> !stream.resource<transient>{%c57344}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg6[%c4096 for %c16384] : !stream.resource<transient>{%c57344}
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c16384_i32, %c0_i32 : i32, i32) {
          ro %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344},
          wo %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg7[%c0], %arg6[%c20480], %c4096 : !stream.resource<transient>{%c57344} -> !stream.resource<transient>{%c57344}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg6[%c20480 for %c4096] : !stream.resource<transient>{%c57344}
        stream.cmd.dispatch @main$async_dispatch_12::@main$async_dispatch_12_elementwise_broadcast_8x1024_f32(%c24576_i32 : i32) {
          ro %arg4[%c0 for %c40960] : !stream.resource<transient>{%c40960},
          wo %arg7[%c0 for %c57344] : !stream.resource<transient>{%c57344}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.copy %arg7[%c20480], %arg6[%c0], %c4096 : !stream.resource<transient>{%c57344} -> !stream.resource<transient>{%c57344}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg6[%c0 for %c4096] : !stream.resource<transient>{%c57344}
        stream.cmd.copy %arg7[%c24576], %arg6[%c24576], %c32768 : !stream.resource<transient>{%c57344} -> !stream.resource<transient>{%c57344}
        stream.cmd.flush to(#hal.device.affinity<@__device_1>) %arg6[%c24576 for %c32768] : !stream.resource<transient>{%c57344}
      }
    } => !stream.timepoint
    %10 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%9) => %result_2 : !stream.resource<transient>{%c40960} => !stream.timepoint
    %11 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%9) => %result_8 : !stream.resource<transient>{%c57344} => !stream.timepoint
    %12 = stream.timepoint.join max(%10, %11) => !stream.timepoint
    %result_10, %result_timepoint_11 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%12) => !stream.resource<transient>{%c65536} => !stream.timepoint
    %result_12, %result_timepoint_13 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_1>) await(%12) => !stream.resource<transient>{%c155648} => !stream.timepoint
    %13 = stream.timepoint.join max(%result_timepoint_11, %result_timepoint_13) => !stream.timepoint
    %14 = stream.cmd.execute on(#hal.device.affinity<@__device_1>) await(%13) => with(%result_4 as %arg4: !stream.resource<transient>{%c24576}, %__hoisted_tensor_32x16xf32 as %arg5: !stream.resource<constant>{%c5804032}, %result_6 as %arg6: !stream.resource<transient>{%c57344}, %result_0 as %arg7: !stream.resource<transient>{%c16384}, %__parameter_model_inner_m_layers_0_post_attention_layernorm_weight_tensor_128xf32 as %arg8: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_1_input_layernorm_weight_tensor_128xf32 as %arg9: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_1_post_attention_layernorm_weight_tensor_128xf32 as %arg10: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_2_input_layernorm_weight_tensor_128xf32 as %arg11: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_2_post_attention_layernorm_weight_tensor_128xf32 as %arg12: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_3_input_layernorm_weight_tensor_128xf32 as %arg13: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_3_post_attention_layernorm_weight_tensor_128xf32 as %arg14: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_4_input_layernorm_weight_tensor_128xf32 as %arg15: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_4_post_attention_layernorm_weight_tensor_128xf32 as %arg16: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_5_input_layernorm_weight_tensor_128xf32 as %arg17: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_5_post_attention_layernorm_weight_tensor_128xf32 as %arg18: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_6_input_layernorm_weight_tensor_128xf32 as %arg19: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_6_post_attention_layernorm_weight_tensor_128xf32 as %arg20: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_7_input_layernorm_weight_tensor_128xf32 as %arg21: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_layers_7_post_attention_layernorm_weight_tensor_128xf32 as %arg22: !stream.resource<constant>{%c512}, %__parameter_model_inner_m_norm_weight_tensor_128xf32 as %arg23: !stream.resource<constant>{%c512}, %result_10 as %arg24: !stream.resource<transient>{%c65536}, %result_12 as %arg25: !stream.resource<transient>{%c155648}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c4096_i32, %c4096_i32 : i32, i32) {
          ro %arg4[%c0 for %c24576] : !stream.resource<transient>{%c24576},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c20480_i32, %c20480_i32, %c16384_i32 : i32, i32, i32) {
          ro %arg4[%c0 for %c24576] : !stream.resource<transient>{%c24576},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c16384_i32, %c0_i32, %c24576_i32, %c20480_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
        ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c20480_i32, %c4096_i32, %c0_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg7[%c0 for %c16384] : !stream.resource<transient>{%c16384},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg8[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c249856_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c69632_i32, %c77824_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c77824_i32, %c430080_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg9[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c610304_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c675840_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c692224_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c24576_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c708608_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg10[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c954368_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c774144_i32, %c77824_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c77824_i32, %c1134592_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg11[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c1314816_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c1380352_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c1396736_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c24576_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c1413120_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg12[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c1658880_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c1478656_i32, %c77824_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c77824_i32, %c1839104_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg13[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c2019328_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c2084864_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c2101248_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c24576_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg6[%c0 for %c57344] : !stream.resource<transient>{%c57344},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c2117632_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg14[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c2363392_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c2183168_i32, %c77824_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c77824_i32, %c2543616_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg15[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c2723840_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c2789376_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c2805760_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c77824_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_12::@main$async_dispatch_12_elementwise_broadcast_8x1024_f32(%c77824_i32 : i32) {
          ro %arg4[%c0 for %c24576] : !stream.resource<transient>{%c24576},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c77824_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c2822144_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg16[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c3067904_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c2887680_i32, %c110592_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c110592_i32, %c3248128_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg17[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c3428352_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c3493888_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c3510272_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c110592_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c110592_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c77824_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c3526656_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg18[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c3772416_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c3592192_i32, %c110592_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c110592_i32, %c3952640_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg19[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c4132864_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c4198400_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c4214784_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c110592_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c110592_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c77824_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c4231168_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg20[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c4476928_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c4296704_i32, %c110592_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c110592_i32, %c4657152_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg21[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_batch_matmul_1x32x128x128_f32(%c0_i32, %c4837376_i32, %c32768_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_transpose_32x8x16_f32(%c32768_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c4902912_i32, %c65536_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_transpose_32x2x16_f32(%c65536_i32, %c69632_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_batch_matmul_1x32x32x128_f32(%c0_i32, %c4919296_i32, %c73728_i32 : i32, i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_8x32x2x8_f32(%c49152_i32, %c110592_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_elementwise_transpose_8x32x16_f32(%c32768_i32, %c110592_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
        stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_elementwise_broadcast_2x32x2x8_f32(%c69632_i32, %c49152_i32 : i32, i32) {
          ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
          wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_11::@main$async_dispatch_11_elementwise_transpose_2x32x16_f32(%c65536_i32, %c49152_i32, %c69632_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_attention_2x4x32x16x16x32(%c69632_i32, %c73728_i32, %c77824_i32, %c32768_i32 : i32, i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_batch_matmul_1x32x128x128_f32(%c32768_i32, %c4935680_i32, %c16384_i32 : i32, i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c0_i32, %c16384_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg22[%c0 for %c512] : !stream.resource<constant>{%c512},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_16::@main$async_dispatch_16_batch_matmul_1x32x352x128_f32(%c5181440_i32 : i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_17::@main$async_dispatch_17_batch_matmul_1x32x352x128_f32(%c5001216_i32, %c77824_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_18::@main$async_dispatch_18_batch_matmul_1x32x128x352_f32(%c77824_i32, %c5361664_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x128_f32(%c16384_i32, %c0_i32 : i32, i32) {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg23[%c0 for %c512] : !stream.resource<constant>{%c512},
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648}
      }
      stream.cmd.dispatch @main$async_dispatch_133::@main$async_dispatch_133_batch_matmul_1x32x512x128_f32 {
        ro %arg25[%c0 for %c155648] : !stream.resource<transient>{%c155648},
        ro %arg5[%c0 for %c5804032] : !stream.resource<constant>{%c5804032},
        wo %arg24[%c0 for %c65536] : !stream.resource<transient>{%c65536}
      }
    } => !stream.timepoint
    %15 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%14) => %result_0 : !stream.resource<transient>{%c16384} => !stream.timepoint
    %16 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%14) => %result_4 : !stream.resource<transient>{%c24576} => !stream.timepoint
    %17 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%14) => %result_6 : !stream.resource<transient>{%c57344} => !stream.timepoint
    %18 = stream.timepoint.join max(%15, %16, %17) => !stream.timepoint
    %19 = stream.resource.dealloca on(#hal.device.affinity<@__device_1>) await(%18) => %result_12 : !stream.resource<transient>{%c155648} => !stream.timepoint
    %result_14, %result_timepoint_15 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%19) => !stream.resource<external>{%c65536} => !stream.timepoint
    %20 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint_15) => with(%result_10 as %arg4: !stream.resource<transient>{%c65536}, %result_14 as %arg5: !stream.resource<external>{%c65536}) {
      stream.cmd.invalidate from(#hal.device.affinity<@__device_1>) %arg4[%c0 for %c65536] : !stream.resource<transient>{%c65536}
      stream.cmd.copy %arg4[%c0], %arg5[%c0], %c65536 : !stream.resource<transient>{%c65536} -> !stream.resource<external>{%c65536}
    } => !stream.timepoint
    %21 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@__device_0>, #hal.device.affinity<@__device_1>]>) await(%20) => %result_10 : !stream.resource<transient>{%c65536} => !stream.timepoint
    stream.timepoint.chain_external on(#hal.device.affinity<@__device_0>) %21 => (%arg3 : !hal.fence)
    %22 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %result_14 : tensor<1x32x512xf32> in !stream.resource<external>{%c65536} -> !hal.buffer_view
    util.return %22 : !hal.buffer_view
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1 = util.call @main$async(%arg0, %arg1, %0, %fence) : (!hal.buffer_view, !hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1 : !hal.buffer_view
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float32: "0x040000000000803F9BE8A13ECDCCCC3DE386013D0AD7233C383E4F3B6F12833A60CBA539"
    }
  }
#-}


