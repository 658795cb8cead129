#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d0, d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d3)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d2)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> ()>
#map9 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
#map10 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#map11 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module @module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  util.global private @__hoisted_tensor_32x64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_ln_f_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_ln_f_weight_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_mlp_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_mlp_c_proj_weight_tensor_256x64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_mlp_c_fc_bias_tensor_256xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_mlp_c_fc_weight_tensor_64x256xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_ln_2_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_ln_2_weight_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_attn_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_attn_c_proj_weight_tensor_64x64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_attn_c_attn_bias_tensor_192xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_attn_c_attn_weight_tensor_64x192xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_ln_1_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_1_ln_1_weight_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_mlp_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_mlp_c_proj_weight_tensor_256x64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_mlp_c_fc_bias_tensor_256xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_mlp_c_fc_weight_tensor_64x256xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_ln_2_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_ln_2_weight_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_attn_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_attn_c_proj_weight_tensor_64x64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_attn_c_attn_bias_tensor_192xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_attn_c_attn_weight_tensor_64x192xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_ln_1_bias_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_h_0_ln_1_weight_tensor_64xf32 : !stream.resource<constant>
  util.global private @__parameter_model_m_wte_weight_tensor_512x64xf32 : !stream.resource<constant>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c139264 = arith.constant 139264 : index
    %buffer_cst = util.buffer.constant : !util.buffer = "lm_head.weight"
    %buffer_cst_0 = util.buffer.constant : !util.buffer = "m.wpe.weight"
    %c49152 = arith.constant 49152 : index
    %c768 = arith.constant 768 : index
    %c16384 = arith.constant 16384 : index
    %c1024 = arith.constant 1024 : index
    %c256 = arith.constant 256 : index
    %c131072 = arith.constant 131072 : index
    %c65536 = arith.constant 65536 : index
    %c0_i64 = arith.constant 0 : i64
    %buffer_cst_1 = util.buffer.constant : !util.buffer = "m.ln_f.bias"
    %buffer_cst_2 = util.buffer.constant : !util.buffer = "m.ln_f.weight"
    %buffer_cst_3 = util.buffer.constant : !util.buffer = "m.h.1.mlp.c_proj.bias"
    %buffer_cst_4 = util.buffer.constant : !util.buffer = "m.h.1.mlp.c_proj.weight"
    %buffer_cst_5 = util.buffer.constant : !util.buffer = "m.h.1.mlp.c_fc.bias"
    %buffer_cst_6 = util.buffer.constant : !util.buffer = "m.h.1.mlp.c_fc.weight"
    %buffer_cst_7 = util.buffer.constant : !util.buffer = "m.h.1.ln_2.bias"
    %buffer_cst_8 = util.buffer.constant : !util.buffer = "m.h.1.ln_2.weight"
    %buffer_cst_9 = util.buffer.constant : !util.buffer = "m.h.1.attn.c_proj.bias"
    %buffer_cst_10 = util.buffer.constant : !util.buffer = "m.h.1.attn.c_proj.weight"
    %buffer_cst_11 = util.buffer.constant : !util.buffer = "m.h.1.attn.c_attn.bias"
    %buffer_cst_12 = util.buffer.constant : !util.buffer = "m.h.1.attn.c_attn.weight"
    %buffer_cst_13 = util.buffer.constant : !util.buffer = "m.h.1.ln_1.bias"
    %buffer_cst_14 = util.buffer.constant : !util.buffer = "m.h.1.ln_1.weight"
    %buffer_cst_15 = util.buffer.constant : !util.buffer = "m.h.0.mlp.c_proj.bias"
    %buffer_cst_16 = util.buffer.constant : !util.buffer = "m.h.0.mlp.c_proj.weight"
    %buffer_cst_17 = util.buffer.constant : !util.buffer = "m.h.0.mlp.c_fc.bias"
    %buffer_cst_18 = util.buffer.constant : !util.buffer = "m.h.0.mlp.c_fc.weight"
    %buffer_cst_19 = util.buffer.constant : !util.buffer = "m.h.0.ln_2.bias"
    %buffer_cst_20 = util.buffer.constant : !util.buffer = "m.h.0.ln_2.weight"
    %buffer_cst_21 = util.buffer.constant : !util.buffer = "m.h.0.attn.c_proj.bias"
    %buffer_cst_22 = util.buffer.constant : !util.buffer = "m.h.0.attn.c_proj.weight"
    %buffer_cst_23 = util.buffer.constant : !util.buffer = "m.h.0.attn.c_attn.bias"
    %buffer_cst_24 = util.buffer.constant : !util.buffer = "m.h.0.attn.c_attn.weight"
    %buffer_cst_25 = util.buffer.constant : !util.buffer = "m.h.0.ln_1.bias"
    %buffer_cst_26 = util.buffer.constant : !util.buffer = "m.h.0.ln_1.weight"
    %buffer_cst_27 = util.buffer.constant : !util.buffer = "m.wte.weight"
    %buffer_cst_28 = util.buffer.constant : !util.buffer = "model"
    %results:27, %result_timepoint = stream.cmd.parameter.load on(#hal.device.affinity<@__device_0>) {
      %buffer_cst_28::%buffer_cst_1[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_2[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_3[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_4[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_28::%buffer_cst_5[%c0_i64] : !stream.resource<constant>{%c1024},
      %buffer_cst_28::%buffer_cst_6[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_28::%buffer_cst_7[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_8[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_9[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_10[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_28::%buffer_cst_11[%c0_i64] : !stream.resource<constant>{%c768},
      %buffer_cst_28::%buffer_cst_12[%c0_i64] : !stream.resource<constant>{%c49152},
      %buffer_cst_28::%buffer_cst_13[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_14[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_15[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_16[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_28::%buffer_cst_17[%c0_i64] : !stream.resource<constant>{%c1024},
      %buffer_cst_28::%buffer_cst_18[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_28::%buffer_cst_19[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_20[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_21[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_22[%c0_i64] : !stream.resource<constant>{%c16384},
      %buffer_cst_28::%buffer_cst_23[%c0_i64] : !stream.resource<constant>{%c768},
      %buffer_cst_28::%buffer_cst_24[%c0_i64] : !stream.resource<constant>{%c49152},
      %buffer_cst_28::%buffer_cst_25[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_26[%c0_i64] : !stream.resource<constant>{%c256},
      %buffer_cst_28::%buffer_cst_27[%c0_i64] : !stream.resource<constant>{%c131072}
    } => !stream.timepoint
    %results_29:2, %result_timepoint_30 = stream.cmd.parameter.load on(#hal.device.affinity<@__device_0>) {
      %buffer_cst_28::%buffer_cst_0[%c0_i64] : !stream.resource<constant>{%c65536},
      %buffer_cst_28::%buffer_cst[%c0_i64] : !stream.resource<constant>{%c131072}
    } => !stream.timepoint
    %result, %result_timepoint_31 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<constant>{%c139264} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint_30, %result_timepoint_31) => !stream.timepoint
    %1 = stream.cmd.execute once on(#hal.device.affinity<@__device_0>) await(%0) => with(%results_29#0 as %arg0: !stream.resource<constant>{%c65536}, %results_29#1 as %arg1: !stream.resource<constant>{%c131072}, %result as %arg2: !stream.resource<constant>{%c139264}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @_initializer_0_dispatch_0x::@_initializer_0_dispatch_0x_elementwise_broadcast_2048_f32 {
          ro %arg0[%c0 for %c65536] : !stream.resource<constant>{%c65536},
          wo %arg2[%c0 for %c139264] : !stream.resource<constant>{%c139264}
        }
        stream.cmd.dispatch @_initializer_1_dispatch_0::@_initializer_1_dispatch_0_transpose_512x64_f32 {
          ro %arg1[%c0 for %c131072] : !stream.resource<constant>{%c131072},
          wo %arg2[%c0 for %c139264] : !stream.resource<constant>{%c139264}
        }
      }
    } => !stream.timepoint
    %2 = stream.timepoint.join max(%result_timepoint, %1) => !stream.timepoint
    %3:28 = stream.timepoint.await sync %2 => %result, %results#22, %results#23, %results#24, %results#25, %results#26, %results#20, %results#21, %results#18, %results#19, %results#16, %results#17, %results#14, %results#15, %results#10, %results#11, %results#12, %results#13, %results#8, %results#9, %results#6, %results#7, %results#4, %results#5, %results#2, %results#3, %results#0, %results#1 : !stream.resource<constant>{%c139264}, !stream.resource<constant>{%c768}, !stream.resource<constant>{%c49152}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c131072}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c16384}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c1024}, !stream.resource<constant>{%c65536}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c65536}, !stream.resource<constant>{%c768}, !stream.resource<constant>{%c49152}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c16384}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c1024}, !stream.resource<constant>{%c65536}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c65536}, !stream.resource<constant>{%c256}, !stream.resource<constant>{%c256}
    util.global.store %3#0, @__hoisted_tensor_32x64xf32 : !stream.resource<constant>
    util.global.store %3#1, @__parameter_model_m_h_0_attn_c_attn_bias_tensor_192xf32 : !stream.resource<constant>
    util.global.store %3#2, @__parameter_model_m_h_0_attn_c_attn_weight_tensor_64x192xf32 : !stream.resource<constant>
    util.global.store %3#6, @__parameter_model_m_h_0_attn_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#7, @__parameter_model_m_h_0_attn_c_proj_weight_tensor_64x64xf32 : !stream.resource<constant>
    util.global.store %3#3, @__parameter_model_m_h_0_ln_1_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#4, @__parameter_model_m_h_0_ln_1_weight_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#8, @__parameter_model_m_h_0_ln_2_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#9, @__parameter_model_m_h_0_ln_2_weight_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#10, @__parameter_model_m_h_0_mlp_c_fc_bias_tensor_256xf32 : !stream.resource<constant>
    util.global.store %3#11, @__parameter_model_m_h_0_mlp_c_fc_weight_tensor_64x256xf32 : !stream.resource<constant>
    util.global.store %3#12, @__parameter_model_m_h_0_mlp_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#13, @__parameter_model_m_h_0_mlp_c_proj_weight_tensor_256x64xf32 : !stream.resource<constant>
    util.global.store %3#14, @__parameter_model_m_h_1_attn_c_attn_bias_tensor_192xf32 : !stream.resource<constant>
    util.global.store %3#15, @__parameter_model_m_h_1_attn_c_attn_weight_tensor_64x192xf32 : !stream.resource<constant>
    util.global.store %3#18, @__parameter_model_m_h_1_attn_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#19, @__parameter_model_m_h_1_attn_c_proj_weight_tensor_64x64xf32 : !stream.resource<constant>
    util.global.store %3#16, @__parameter_model_m_h_1_ln_1_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#17, @__parameter_model_m_h_1_ln_1_weight_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#20, @__parameter_model_m_h_1_ln_2_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#21, @__parameter_model_m_h_1_ln_2_weight_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#22, @__parameter_model_m_h_1_mlp_c_fc_bias_tensor_256xf32 : !stream.resource<constant>
    util.global.store %3#23, @__parameter_model_m_h_1_mlp_c_fc_weight_tensor_64x256xf32 : !stream.resource<constant>
    util.global.store %3#24, @__parameter_model_m_h_1_mlp_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#25, @__parameter_model_m_h_1_mlp_c_proj_weight_tensor_256x64xf32 : !stream.resource<constant>
    util.global.store %3#26, @__parameter_model_m_ln_f_bias_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#27, @__parameter_model_m_ln_f_weight_tensor_64xf32 : !stream.resource<constant>
    util.global.store %3#5, @__parameter_model_m_wte_weight_tensor_512x64xf32 : !stream.resource<constant>
    util.return
  }
  hal.executable.source private @custom_log_softmax {
    hal.executable.export public @main ordinal(0) layout(#pipeline_layout) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %arg1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @main() {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c512 = arith.constant 512 : index
        %cst = arith.constant 0xFF800000 : f32
        %cst_0 = arith.constant 0.000000e+00 : f32
        %0 = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<32x512xf32>
        %1 = hal.interface.binding.subspan layout(#pipeline_layout) binding(1) alignment(64) offset(%c0) : memref<32x512xf32>
        %workgroup_id_x = hal.interface.workgroup.id[0] : index
        %2 = scf.for %arg0 = %c0 to %c512 step %c1 iter_args(%arg1 = %cst) -> (f32) {
          %6 = memref.load %0[%workgroup_id_x, %arg0] : memref<32x512xf32>
          %7 = arith.maximumf %arg1, %6 : f32
          scf.yield %7 : f32
        }
        %3 = scf.for %arg0 = %c0 to %c512 step %c1 iter_args(%arg1 = %cst_0) -> (f32) {
          %6 = memref.load %0[%workgroup_id_x, %arg0] : memref<32x512xf32>
          %7 = arith.subf %6, %2 : f32
          %8 = math.exp %7 : f32
          %9 = arith.addf %arg1, %8 : f32
          scf.yield %9 : f32
        }
        %4 = math.log %3 : f32
        %5 = arith.addf %4, %2 : f32
        scf.for %arg0 = %c0 to %c512 step %c1 {
          %6 = memref.load %0[%workgroup_id_x, %arg0] : memref<32x512xf32>
          %7 = arith.subf %6, %5 : f32
          memref.store %7, %1[%workgroup_id_x, %arg0] : memref<32x512xf32>
        }
        return
      }
    }
  }
  stream.executable private @_initializer_0_dispatch_0x {
    stream.executable.export public @_initializer_0_dispatch_0x_elementwise_broadcast_2048_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_0_dispatch_0x_elementwise_broadcast_2048_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c64 = arith.constant 64 : index
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x64xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2048xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [256, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x64xf32>> -> tensor<256x64xf32>
        %3 = tensor.empty() : tensor<2048xf32>
        %4 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%3 : tensor<2048xf32>) {
        ^bb0(%out: f32):
          %5 = linalg.index 0 : index
          %6 = arith.remsi %5, %c64 : index
          %7 = arith.divsi %5, %c64 : index
          %extracted = tensor.extract %2[%7, %6] : tensor<256x64xf32>
          linalg.yield %extracted : f32
        } -> tensor<2048xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0], sizes = [2048], strides = [1] : tensor<2048xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2048xf32>>
        return
      }
    }
  }
  stream.executable private @_initializer_1_dispatch_0 {
    stream.executable.export public @_initializer_1_dispatch_0_transpose_512x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @_initializer_1_dispatch_0_transpose_512x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %c8192 = arith.constant 8192 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x64xf32>>
        %1 = stream.binding.subspan %arg1[%c8192] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64x512xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [512, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x64xf32>> -> tensor<512x64xf32>
        %3 = tensor.empty() : tensor<64x512xf32>
        %4 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<512x64xf32>) outs(%3 : tensor<64x512xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<64x512xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [64, 512], strides = [1, 1] : tensor<64x512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64x512xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_0x {
    stream.executable.export public @main$async_dispatch_0x_elementwise_broadcast_32x32_i64xf32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_0x_elementwise_broadcast_32x32_i64xf32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant -3.40282347E+38 : f32
        %c0_i64 = arith.constant 0 : i64
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>> -> tensor<32xi64>
        %3 = tensor.empty() : tensor<32x32xf32>
        %4 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<32xi64>) outs(%3 : tensor<32x32xf32>) {
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
    stream.executable.export public @main$async_dispatch_1_elementwise_32x64_i64xf32xf32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_1_elementwise_32x64_i64xf32xf32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %c4096 = arith.constant 4096 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x64xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>>
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %3 = stream.binding.subspan %arg3[%c4096] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [512, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x64xf32>> -> tensor<512x64xf32>
        %5 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xi64>> -> tensor<32xi64>
        %6 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %7 = tensor.empty() : tensor<32x64xf32>
        %8 = linalg.generic {indexing_maps = [#map4, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %6 : tensor<32xi64>, tensor<32x64xf32>) outs(%7 : tensor<32x64xf32>) {
        ^bb0(%in: i64, %in_0: f32, %out: f32):
          %9 = linalg.index 1 : index
          %10 = arith.index_cast %in : i64 to index
          %extracted = tensor.extract %4[%10, %9] : tensor<512x64xf32>
          %11 = arith.addf %extracted, %in_0 : f32
          linalg.yield %11 : f32
        } -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_2 {
    stream.executable.export public @main$async_dispatch_2_reduction_32x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_2_reduction_32x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32, %arg3: i32) {
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant 6.400000e+01 : f32
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = arith.index_castui %arg3 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 12288, umax = 12288, udiv = 12288>, <umin = 20480, umax = 20480, udiv = 20480>, <umin = 0, umax = 0>, <umin = 8192, umax = 8192, udiv = 8192>], 
            %1[<umin = 12288, umax = 12288, udiv = 12288>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 8192, umax = 8192, udiv = 8192>, <umin = 0, umax = 0>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %4 = stream.binding.subspan %arg1[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %5 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %6 = tensor.empty() : tensor<32x64xf32>
        %7 = tensor.empty() : tensor<32xf32>
        %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<32xf32>) -> tensor<32xf32>
        %9 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "reduction"]} ins(%5 : tensor<32x64xf32>) outs(%8 : tensor<32xf32>) {
        ^bb0(%in: f32, %out: f32):
          %11 = arith.addf %in, %out : f32
          linalg.yield %11 : f32
        } -> tensor<32xf32>
        %10 = linalg.generic {indexing_maps = [#map1, #map4, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %9 : tensor<32x64xf32>, tensor<32xf32>) outs(%6 : tensor<32x64xf32>) {
        ^bb0(%in: f32, %in_1: f32, %out: f32):
          %11 = arith.divf %in_1, %cst_0 : f32
          %12 = arith.subf %in, %11 : f32
          linalg.yield %12 : f32
        } -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %10, %4, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_3 {
    stream.executable.export public @main$async_dispatch_3_reduction_32x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_3_reduction_32x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32) {
        %c0 = arith.constant 0 : index
        %cst = arith.constant 0.000000e+00 : f32
        %cst_0 = arith.constant 8.000000e+00 : f32
        %cst_1 = arith.constant 9.99999974E-6 : f32
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 12288, umax = 12288, udiv = 12288>, <umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 8192, umax = 8192, udiv = 8192>, <umin = 0, umax = 0>], 
            %1[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 20480, umax = 20480, udiv = 20480>, <umin = 8192, umax = 8192, udiv = 8192>, <umin = 16384, umax = 16384, udiv = 16384>, <umin = 8192, umax = 8192, udiv = 8192>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %4 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>
        %5 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>
        %6 = stream.binding.subspan %arg3[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %7 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
        %10 = tensor.empty() : tensor<32x64xf32>
        %11 = tensor.empty() : tensor<32xf32>
        %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<32xf32>) -> tensor<32xf32>
        %13 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<32x64xf32>) outs(%12 : tensor<32xf32>) {
        ^bb0(%in: f32, %out: f32):
          %15 = arith.mulf %in, %in : f32
          %16 = arith.addf %15, %out : f32
          linalg.yield %16 : f32
        } -> tensor<32xf32>
        %14 = linalg.generic {indexing_maps = [#map1, #map4, #map3, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %13, %8, %9 : tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>, tensor<64xf32>) outs(%10 : tensor<32x64xf32>) {
        ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
          %15 = arith.divf %in_2, %cst_0 : f32
          %16 = arith.addf %15, %cst_1 : f32
          %17 = math.rsqrt %16 : f32
          %18 = arith.mulf %in, %17 : f32
          %19 = arith.mulf %18, %in_3 : f32
          %20 = arith.addf %19, %in_4 : f32
          linalg.yield %20 : f32
        } -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %14, %6, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_4 {
    stream.executable.export public @main$async_dispatch_4_matmul_32x192x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_4_matmul_32x192x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32) {
        %c28672 = arith.constant 28672 : index
        %c0 = arith.constant 0 : index
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = util.assume.int %0[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 8192, umax = 8192, udiv = 8192>] : index
        %2 = stream.binding.subspan %arg0[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %3 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x192xf32>>
        %4 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<192xf32>>
        %5 = stream.binding.subspan %arg3[%c28672] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x192xf32>>
        %6 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %7 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [64, 192], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x192xf32>> -> tensor<64x192xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0], sizes = [192], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<192xf32>> -> tensor<192xf32>
        %9 = tensor.empty() : tensor<32x192xf32>
        %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<32x192xf32>) -> tensor<32x192xf32>
        %11 = linalg.matmul ins(%6, %7 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%10 : tensor<32x192xf32>) -> tensor<32x192xf32>
        %12 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %8 : tensor<32x192xf32>, tensor<192xf32>) outs(%9 : tensor<32x192xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %13 = arith.addf %in, %in_0 : f32
          linalg.yield %13 : f32
        } -> tensor<32x192xf32>
        iree_tensor_ext.dispatch.tensor.store %12, %5, offsets = [0, 0], sizes = [32, 192], strides = [1, 1] : tensor<32x192xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x192xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_5 {
    stream.executable.export public @main$async_dispatch_5_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_5_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c28672 = arith.constant 28672 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 12288, umax = 12288, udiv = 12288>, <umin = 53248, umax = 53248, udiv = 53248>] : index
        %2 = stream.binding.subspan %arg0[%c28672] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x192xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0, 0], sizes = [1, 32, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x192xf32>> -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_6 {
    stream.executable.export public @main$async_dispatch_6_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_6_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c28672 = arith.constant 28672 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 0, umax = 0>] : index
        %2 = stream.binding.subspan %arg0[%c28672] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x192xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0, 64], sizes = [1, 32, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x192xf32>> -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_7 {
    stream.executable.export public @main$async_dispatch_7_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_7_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32) {
        %c28672 = arith.constant 28672 : index
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = util.assume.int %0[<umin = 53248, umax = 53248, udiv = 53248>, <umin = 8192, umax = 8192, udiv = 8192>] : index
        %2 = stream.binding.subspan %arg0[%c28672] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x192xf32>>
        %3 = stream.binding.subspan %arg1[%1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %4 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0, 128], sizes = [1, 32, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x192xf32>> -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_8 {
    stream.executable.export public @main$async_dispatch_8_elementwise_broadcast_4x1024_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_8_elementwise_broadcast_4x1024_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %c61440 = arith.constant 61440 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1024xf32>>
        %1 = stream.binding.subspan %arg1[%c61440] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x1024xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [1024], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1024xf32>> -> tensor<1024xf32>
        %3 = tensor.empty() : tensor<4x1024xf32>
        %4 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<1024xf32>) outs(%3 : tensor<4x1024xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<4x1024xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [4, 1024], strides = [1, 1] : tensor<4x1024xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x1024xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_9 {
    stream.executable.export public @main$async_dispatch_9_attention_4x32x16x16x32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_9_attention_4x32x16x16x32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: i32, %arg3: i32, %arg4: i32) {
        %c28672 = arith.constant 28672 : index
        %c61440 = arith.constant 61440 : index
        %cst = arith.constant 2.500000e-01 : f32
        %0 = arith.index_castui %arg2 : i32 to index
        %1 = arith.index_castui %arg3 : i32 to index
        %2 = arith.index_castui %arg4 : i32 to index
        %3:3 = util.assume.int 
            %0[<umin = 12288, umax = 12288, udiv = 12288>, <umin = 53248, umax = 53248, udiv = 53248>], 
            %1[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 0, umax = 0>], 
            %2[<umin = 53248, umax = 53248, udiv = 53248>, <umin = 8192, umax = 8192, udiv = 8192>]
          : index, index, index
        %4 = stream.binding.subspan %arg0[%3#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x4x16xf32>>
        %5 = stream.binding.subspan %arg0[%3#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x4x16xf32>>
        %6 = stream.binding.subspan %arg0[%3#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x4x16xf32>>
        %7 = stream.binding.subspan %arg0[%c61440] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x32x32xf32>>
        %8 = stream.binding.subspan %arg1[%c28672] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x4x16xf32>>
        %9 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [32, 4, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x4x16xf32>> -> tensor<32x4x16xf32>
        %10 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0, 0], sizes = [32, 4, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x4x16xf32>> -> tensor<32x4x16xf32>
        %11 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0, 0], sizes = [32, 4, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x4x16xf32>> -> tensor<32x4x16xf32>
        %12 = iree_tensor_ext.dispatch.tensor.load %7, offsets = [0, 0, 0], sizes = [4, 32, 32], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x32x32xf32>> -> tensor<4x32x32xf32>
        %13 = tensor.empty() : tensor<32x4x16xf32>
        %14 = tensor.empty() : tensor<4x32x16xf32>
        %15 = iree_linalg_ext.attention <indexing_maps = [#map5, #map6, #map7, #map8, #map9, #map10]> ins(%9, %10, %11, %cst, %12 : tensor<32x4x16xf32>, tensor<32x4x16xf32>, tensor<32x4x16xf32>, f32, tensor<4x32x32xf32>) outs(%14 : tensor<4x32x16xf32>) {
        ^bb0(%arg5: f32):
          iree_linalg_ext.yield %arg5 : f32
        } -> tensor<4x32x16xf32>
        %16 = linalg.generic {indexing_maps = [#map11, #map12], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<4x32x16xf32>) outs(%13 : tensor<32x4x16xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<32x4x16xf32>
        iree_tensor_ext.dispatch.tensor.store %16, %8, offsets = [0, 0, 0], sizes = [32, 4, 16], strides = [1, 1, 1] : tensor<32x4x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x4x16xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_10 {
    stream.executable.export public @main$async_dispatch_10_matmul_32x64x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_10_matmul_32x64x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32) {
        %c0 = arith.constant 0 : index
        %c28672 = arith.constant 28672 : index
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 4096, umax = 4096, udiv = 4096>, <umin = 20480, umax = 20480, udiv = 20480>], 
            %1[<umin = 12288, umax = 12288, udiv = 12288>, <umin = 0, umax = 0>]
          : index, index
        %3 = stream.binding.subspan %arg0[%c28672] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %4 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>
        %5 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>
        %6 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %7 = stream.binding.subspan %arg3[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %8 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
        %10 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
        %11 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %12 = tensor.empty() : tensor<32x64xf32>
        %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<32x64xf32>) -> tensor<32x64xf32>
        %14 = linalg.matmul ins(%8, %9 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%13 : tensor<32x64xf32>) -> tensor<32x64xf32>
        %15 = linalg.generic {indexing_maps = [#map1, #map3, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %10, %11 : tensor<32x64xf32>, tensor<64xf32>, tensor<32x64xf32>) outs(%12 : tensor<32x64xf32>) {
        ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
          %16 = arith.addf %in, %in_0 : f32
          %17 = arith.addf %16, %in_1 : f32
          linalg.yield %17 : f32
        } -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %15, %7, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_13 {
    stream.executable.export public @main$async_dispatch_13_matmul_32x256x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_13_matmul_32x256x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32) {
        %c0 = arith.constant 0 : index
        %cst = arith.constant 9.000000e+00 : f32
        %cst_0 = arith.constant 4.471500e-02 : f32
        %cst_1 = arith.constant 0.797884523 : f32
        %cst_2 = arith.constant 8.000000e+00 : f32
        %cst_3 = arith.constant 5.000000e-01 : f32
        %c3_i64 = arith.constant 3 : i64
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2:2 = util.assume.int 
            %0[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 16384, umax = 16384, udiv = 16384>], 
            %1[<umin = 28672, umax = 28672, udiv = 28672>, <umin = 24576, umax = 24576, udiv = 24576>]
          : index, index
        %3 = stream.binding.subspan %arg0[%2#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %4 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x256xf32>>
        %5 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<256xf32>>
        %6 = stream.binding.subspan %arg3[%2#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x256xf32>>
        %7 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %8 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0], sizes = [64, 256], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x256xf32>> -> tensor<64x256xf32>
        %9 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0], sizes = [256], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<256xf32>> -> tensor<256xf32>
        %10 = tensor.empty() : tensor<32x256xf32>
        %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<32x256xf32>) -> tensor<32x256xf32>
        %12 = linalg.matmul ins(%7, %8 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%11 : tensor<32x256xf32>) -> tensor<32x256xf32>
        %13 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%12, %9 : tensor<32x256xf32>, tensor<256xf32>) outs(%10 : tensor<32x256xf32>) {
        ^bb0(%in: f32, %in_4: f32, %out: f32):
          %14 = arith.addf %in, %in_4 : f32
          %15 = math.fpowi %14, %c3_i64 : f32, i64
          %16 = arith.mulf %15, %cst_0 : f32
          %17 = arith.addf %14, %16 : f32
          %18 = arith.mulf %17, %cst_1 : f32
          %19 = math.tanh %18 : f32
          %20 = arith.addf %19, %cst_2 : f32
          %21 = arith.mulf %14, %cst_3 : f32
          %22 = arith.mulf %21, %20 : f32
          linalg.yield %22 : f32
        } -> tensor<32x256xf32>
        iree_tensor_ext.dispatch.tensor.store %13, %6, offsets = [0, 0], sizes = [32, 256], strides = [1, 1] : tensor<32x256xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x256xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_14 {
    stream.executable.export public @main$async_dispatch_14_matmul_32x64x256_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_14_matmul_32x64x256_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}, %arg3: !stream.binding {stream.alignment = 64 : index}, %arg4: i32, %arg5: i32, %arg6: i32) {
        %c0 = arith.constant 0 : index
        %cst = arith.constant 0.000000e+00 : f32
        %0 = arith.index_castui %arg4 : i32 to index
        %1 = arith.index_castui %arg5 : i32 to index
        %2 = arith.index_castui %arg6 : i32 to index
        %3:3 = util.assume.int 
            %0[<umin = 28672, umax = 28672, udiv = 28672>, <umin = 24576, umax = 24576, udiv = 24576>], 
            %1[<umin = 12288, umax = 12288, udiv = 12288>, <umin = 0, umax = 0>], 
            %2[<umin = 20480, umax = 20480, udiv = 20480>, <umin = 8192, umax = 8192, udiv = 8192>]
          : index, index, index
        %4 = stream.binding.subspan %arg0[%3#0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x256xf32>>
        %5 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x64xf32>>
        %6 = stream.binding.subspan %arg0[%3#1] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>
        %7 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>
        %8 = stream.binding.subspan %arg3[%3#2] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        %9 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0], sizes = [32, 256], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x256xf32>> -> tensor<32x256xf32>
        %10 = iree_tensor_ext.dispatch.tensor.load %5, offsets = [0, 0], sizes = [256, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x64xf32>> -> tensor<256x64xf32>
        %11 = iree_tensor_ext.dispatch.tensor.load %6, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
        %12 = iree_tensor_ext.dispatch.tensor.load %7, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
        %13 = tensor.empty() : tensor<32x64xf32>
        %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<32x64xf32>) -> tensor<32x64xf32>
        %15 = linalg.matmul ins(%9, %10 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%14 : tensor<32x64xf32>) -> tensor<32x64xf32>
        %16 = linalg.generic {indexing_maps = [#map1, #map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %15, %12 : tensor<32x64xf32>, tensor<32x64xf32>, tensor<64xf32>) outs(%13 : tensor<32x64xf32>) {
        ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
          %17 = arith.addf %in_0, %in_1 : f32
          %18 = arith.addf %in, %17 : f32
          linalg.yield %18 : f32
        } -> tensor<32x64xf32>
        iree_tensor_ext.dispatch.tensor.store %16, %8, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
        return
      }
    }
  }
  stream.executable private @main$async_dispatch_29 {
    stream.executable.export public @main$async_dispatch_29_batch_matmul_1x32x512x64_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main$async_dispatch_29_batch_matmul_1x32x512x64_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant 0.000000e+00 : f32
        %c8192 = arith.constant 8192 : index
        %c16384 = arith.constant 16384 : index
        %0 = stream.binding.subspan %arg0[%c8192] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x64xf32>>
        %1 = stream.binding.subspan %arg1[%c8192] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x64x512xf32>>
        %2 = stream.binding.subspan %arg2[%c16384] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x512xf32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0, 0], sizes = [1, 32, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x64xf32>> -> tensor<1x32x64xf32>
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0, 0], sizes = [1, 64, 512], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x64x512xf32>> -> tensor<1x64x512xf32>
        %5 = tensor.empty() : tensor<1x32x512xf32>
        %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1x32x512xf32>) -> tensor<1x32x512xf32>
        %7 = linalg.batch_matmul ins(%3, %4 : tensor<1x32x64xf32>, tensor<1x64x512xf32>) outs(%6 : tensor<1x32x512xf32>) -> tensor<1x32x512xf32>
        iree_tensor_ext.dispatch.tensor.store %7, %2, offsets = [0, 0, 0], sizes = [1, 32, 512], strides = [1, 1, 1] : tensor<1x32x512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1x32x512xf32>>
        return
      }
    }
  }
  util.func public @main$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %c139264 = arith.constant 139264 : index
    %c81920 = arith.constant 81920 : index
    %c131072 = arith.constant 131072 : index
    %c49152 = arith.constant 49152 : index
    %c768 = arith.constant 768 : index
    %c1024 = arith.constant 1024 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c0 = arith.constant 0 : index
    %c16384 = arith.constant 16384 : index
    %c65536 = arith.constant 65536 : index
    %c0_i32 = arith.constant 0 : i32
    %c4096_i32 = arith.constant 4096 : i32
    %c12288_i32 = arith.constant 12288 : i32
    %c20480_i32 = arith.constant 20480 : i32
    %c28672_i32 = arith.constant 28672 : i32
    %c53248_i32 = arith.constant 53248 : i32
    %c8192_i32 = arith.constant 8192 : i32
    %c16384_i32 = arith.constant 16384 : i32
    %c24576_i32 = arith.constant 24576 : i32
    %__parameter_model_m_ln_f_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_ln_f_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_ln_f_weight_tensor_64xf32 = util.global.load immutable @__parameter_model_m_ln_f_weight_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_mlp_c_proj_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_1_mlp_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_mlp_c_proj_weight_tensor_256x64xf32 = util.global.load immutable @__parameter_model_m_h_1_mlp_c_proj_weight_tensor_256x64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_mlp_c_fc_bias_tensor_256xf32 = util.global.load immutable @__parameter_model_m_h_1_mlp_c_fc_bias_tensor_256xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_mlp_c_fc_weight_tensor_64x256xf32 = util.global.load immutable @__parameter_model_m_h_1_mlp_c_fc_weight_tensor_64x256xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_ln_2_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_1_ln_2_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_ln_2_weight_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_1_ln_2_weight_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_attn_c_proj_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_1_attn_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_attn_c_proj_weight_tensor_64x64xf32 = util.global.load immutable @__parameter_model_m_h_1_attn_c_proj_weight_tensor_64x64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_attn_c_attn_bias_tensor_192xf32 = util.global.load immutable @__parameter_model_m_h_1_attn_c_attn_bias_tensor_192xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_attn_c_attn_weight_tensor_64x192xf32 = util.global.load immutable @__parameter_model_m_h_1_attn_c_attn_weight_tensor_64x192xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_ln_1_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_1_ln_1_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_1_ln_1_weight_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_1_ln_1_weight_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_mlp_c_proj_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_0_mlp_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_mlp_c_proj_weight_tensor_256x64xf32 = util.global.load immutable @__parameter_model_m_h_0_mlp_c_proj_weight_tensor_256x64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_mlp_c_fc_bias_tensor_256xf32 = util.global.load immutable @__parameter_model_m_h_0_mlp_c_fc_bias_tensor_256xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_mlp_c_fc_weight_tensor_64x256xf32 = util.global.load immutable @__parameter_model_m_h_0_mlp_c_fc_weight_tensor_64x256xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_ln_2_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_0_ln_2_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_ln_2_weight_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_0_ln_2_weight_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_attn_c_proj_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_0_attn_c_proj_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_attn_c_proj_weight_tensor_64x64xf32 = util.global.load immutable @__parameter_model_m_h_0_attn_c_proj_weight_tensor_64x64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_attn_c_attn_bias_tensor_192xf32 = util.global.load immutable @__parameter_model_m_h_0_attn_c_attn_bias_tensor_192xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_attn_c_attn_weight_tensor_64x192xf32 = util.global.load immutable @__parameter_model_m_h_0_attn_c_attn_weight_tensor_64x192xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_ln_1_bias_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_0_ln_1_bias_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_h_0_ln_1_weight_tensor_64xf32 = util.global.load immutable @__parameter_model_m_h_0_ln_1_weight_tensor_64xf32 : !stream.resource<constant>
    %__parameter_model_m_wte_weight_tensor_512x64xf32 = util.global.load immutable @__parameter_model_m_wte_weight_tensor_512x64xf32 : !stream.resource<constant>
    %__hoisted_tensor_32x64xf32 = util.global.load immutable @__hoisted_tensor_32x64xf32 : !stream.resource<constant>
    %element_type_i64 = hal.element_type<i64> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%c1, %c32]) type(%element_type_i64) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<1x32xi64> in !stream.resource<external>{%c256}
    %1 = stream.timepoint.import on(#hal.device.affinity<@__device_0>) %arg2 : (!hal.fence) => !stream.timepoint
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("tensor") shape([%c1, %c32]) type(%element_type_i64) encoding(%dense_row_major)
    %2 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<1x32xi64> in !stream.resource<external>{%c256}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%1) => !stream.resource<external>{%c65536} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) await(%1) => !stream.resource<transient>{%c81920} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%3) => with(%2 as %arg4: !stream.resource<external>{%c256}, %__parameter_model_m_wte_weight_tensor_512x64xf32 as %arg5: !stream.resource<constant>{%c131072}, %0 as %arg6: !stream.resource<external>{%c256}, %__hoisted_tensor_32x64xf32 as %arg7: !stream.resource<constant>{%c139264}, %__parameter_model_m_h_0_ln_1_weight_tensor_64xf32 as %arg8: !stream.resource<constant>{%c256}, %__parameter_model_m_h_0_ln_1_bias_tensor_64xf32 as %arg9: !stream.resource<constant>{%c256}, %__parameter_model_m_h_0_attn_c_attn_weight_tensor_64x192xf32 as %arg10: !stream.resource<constant>{%c49152}, %__parameter_model_m_h_0_attn_c_attn_bias_tensor_192xf32 as %arg11: !stream.resource<constant>{%c768}, %__parameter_model_m_h_0_attn_c_proj_weight_tensor_64x64xf32 as %arg12: !stream.resource<constant>{%c16384}, %__parameter_model_m_h_0_attn_c_proj_bias_tensor_64xf32 as %arg13: !stream.resource<constant>{%c256}, %__parameter_model_m_h_0_ln_2_weight_tensor_64xf32 as %arg14: !stream.resource<constant>{%c256}, %__parameter_model_m_h_0_ln_2_bias_tensor_64xf32 as %arg15: !stream.resource<constant>{%c256}, %__parameter_model_m_h_0_mlp_c_fc_weight_tensor_64x256xf32 as %arg16: !stream.resource<constant>{%c65536}, %__parameter_model_m_h_0_mlp_c_fc_bias_tensor_256xf32 as %arg17: !stream.resource<constant>{%c1024}, %__parameter_model_m_h_0_mlp_c_proj_weight_tensor_256x64xf32 as %arg18: !stream.resource<constant>{%c65536}, %__parameter_model_m_h_0_mlp_c_proj_bias_tensor_64xf32 as %arg19: !stream.resource<constant>{%c256}, %__parameter_model_m_h_1_ln_1_weight_tensor_64xf32 as %arg20: !stream.resource<constant>{%c256}, %__parameter_model_m_h_1_ln_1_bias_tensor_64xf32 as %arg21: !stream.resource<constant>{%c256}, %__parameter_model_m_h_1_attn_c_attn_weight_tensor_64x192xf32 as %arg22: !stream.resource<constant>{%c49152}, %__parameter_model_m_h_1_attn_c_attn_bias_tensor_192xf32 as %arg23: !stream.resource<constant>{%c768}, %__parameter_model_m_h_1_attn_c_proj_weight_tensor_64x64xf32 as %arg24: !stream.resource<constant>{%c16384}, %__parameter_model_m_h_1_attn_c_proj_bias_tensor_64xf32 as %arg25: !stream.resource<constant>{%c256}, %__parameter_model_m_h_1_ln_2_weight_tensor_64xf32 as %arg26: !stream.resource<constant>{%c256}, %__parameter_model_m_h_1_ln_2_bias_tensor_64xf32 as %arg27: !stream.resource<constant>{%c256}, %__parameter_model_m_h_1_mlp_c_fc_weight_tensor_64x256xf32 as %arg28: !stream.resource<constant>{%c65536}, %__parameter_model_m_h_1_mlp_c_fc_bias_tensor_256xf32 as %arg29: !stream.resource<constant>{%c1024}, %__parameter_model_m_h_1_mlp_c_proj_weight_tensor_256x64xf32 as %arg30: !stream.resource<constant>{%c65536}, %__parameter_model_m_h_1_mlp_c_proj_bias_tensor_64xf32 as %arg31: !stream.resource<constant>{%c256}, %__parameter_model_m_ln_f_weight_tensor_64xf32 as %arg32: !stream.resource<constant>{%c256}, %__parameter_model_m_ln_f_bias_tensor_64xf32 as %arg33: !stream.resource<constant>{%c256}, %result as %arg34: !stream.resource<external>{%c65536}, %result_0 as %arg35: !stream.resource<transient>{%c81920}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_0x::@main$async_dispatch_0x_elementwise_broadcast_32x32_i64xf32 {
          ro %arg4[%c0 for %c256] : !stream.resource<external>{%c256},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
        stream.cmd.dispatch @main$async_dispatch_1::@main$async_dispatch_1_elementwise_32x64_i64xf32xf32 {
          ro %arg5[%c0 for %c131072] : !stream.resource<constant>{%c131072},
          ro %arg6[%c0 for %c256] : !stream.resource<external>{%c256},
          ro %arg7[%c0 for %c139264] : !stream.resource<constant>{%c139264},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x64_f32(%c4096_i32, %c12288_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_reduction_32x64_f32(%c12288_i32, %c20480_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg8[%c0 for %c256] : !stream.resource<constant>{%c256},
        ro %arg9[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_matmul_32x192x64_f32(%c20480_i32 : i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg10[%c0 for %c49152] : !stream.resource<constant>{%c49152},
        ro %arg11[%c0 for %c768] : !stream.resource<constant>{%c768},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_slow_memcpy(%c12288_i32 : i32) {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_slow_memcpy(%c20480_i32 : i32) {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
        stream.cmd.dispatch @main$async_dispatch_7::@main$async_dispatch_7_slow_memcpy(%c53248_i32 : i32) {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
        stream.cmd.dispatch @main$async_dispatch_8::@main$async_dispatch_8_elementwise_broadcast_4x1024_f32 {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_attention_4x32x16x16x32(%c12288_i32, %c20480_i32, %c53248_i32 : i32, i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_matmul_32x64x64_f32(%c4096_i32, %c12288_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg12[%c0 for %c16384] : !stream.resource<constant>{%c16384},
        ro %arg13[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x64_f32(%c12288_i32, %c0_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_reduction_32x64_f32(%c0_i32, %c20480_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg14[%c0 for %c256] : !stream.resource<constant>{%c256},
        ro %arg15[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_matmul_32x256x64_f32(%c20480_i32, %c28672_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg16[%c0 for %c65536] : !stream.resource<constant>{%c65536},
        ro %arg17[%c0 for %c1024] : !stream.resource<constant>{%c1024},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_matmul_32x64x256_f32(%c28672_i32, %c12288_i32, %c20480_i32 : i32, i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg18[%c0 for %c65536] : !stream.resource<constant>{%c65536},
        ro %arg19[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x64_f32(%c20480_i32, %c0_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_reduction_32x64_f32(%c0_i32, %c8192_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg20[%c0 for %c256] : !stream.resource<constant>{%c256},
        ro %arg21[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_4::@main$async_dispatch_4_matmul_32x192x64_f32(%c8192_i32 : i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg22[%c0 for %c49152] : !stream.resource<constant>{%c49152},
        ro %arg23[%c0 for %c768] : !stream.resource<constant>{%c768},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.concurrent {
        stream.cmd.dispatch @main$async_dispatch_5::@main$async_dispatch_5_slow_memcpy(%c53248_i32 : i32) {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
        stream.cmd.dispatch @main$async_dispatch_6::@main$async_dispatch_6_slow_memcpy(%c0_i32 : i32) {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
        stream.cmd.dispatch @main$async_dispatch_7::@main$async_dispatch_7_slow_memcpy(%c8192_i32 : i32) {
          ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
          wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
        }
      }
      stream.cmd.dispatch @main$async_dispatch_9::@main$async_dispatch_9_attention_4x32x16x16x32(%c53248_i32, %c0_i32, %c8192_i32 : i32, i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_10::@main$async_dispatch_10_matmul_32x64x64_f32(%c20480_i32, %c0_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg24[%c0 for %c16384] : !stream.resource<constant>{%c16384},
        ro %arg25[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x64_f32(%c0_i32, %c8192_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_reduction_32x64_f32(%c8192_i32, %c16384_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg26[%c0 for %c256] : !stream.resource<constant>{%c256},
        ro %arg27[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_13::@main$async_dispatch_13_matmul_32x256x64_f32(%c16384_i32, %c24576_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg28[%c0 for %c65536] : !stream.resource<constant>{%c65536},
        ro %arg29[%c0 for %c1024] : !stream.resource<constant>{%c1024},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_14::@main$async_dispatch_14_matmul_32x64x256_f32(%c24576_i32, %c0_i32, %c8192_i32 : i32, i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg30[%c0 for %c65536] : !stream.resource<constant>{%c65536},
        ro %arg31[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_2::@main$async_dispatch_2_reduction_32x64_f32(%c8192_i32, %c0_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_3::@main$async_dispatch_3_reduction_32x64_f32(%c0_i32, %c8192_i32 : i32, i32) {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg32[%c0 for %c256] : !stream.resource<constant>{%c256},
        ro %arg33[%c0 for %c256] : !stream.resource<constant>{%c256},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @main$async_dispatch_29::@main$async_dispatch_29_batch_matmul_1x32x512x64_f32 {
        ro %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920},
        ro %arg7[%c0 for %c139264] : !stream.resource<constant>{%c139264},
        wo %arg35[%c0 for %c81920] : !stream.resource<transient>{%c81920}
      }
      stream.cmd.dispatch @custom_log_softmax::@main[%c32] {
        ro %arg35[%c16384 for %c65536] : !stream.resource<transient>{%c81920},
        wo %arg34[%c0 for %c65536] : !stream.resource<external>{%c65536}
      }
    } => !stream.timepoint
    %5 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%4) => %result_0 : !stream.resource<transient>{%c81920} => !stream.timepoint
    stream.timepoint.chain_external on(#hal.device.affinity<@__device_0>) %5 => (%arg3 : !hal.fence)
    %6 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %result : tensor<1x32x512xf32> in !stream.resource<external>{%c65536} -> !hal.buffer_view
    util.return %6 : !hal.buffer_view
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


