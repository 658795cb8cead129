// An entry function with an unsupported argument type and a larger body:
// IREE's error, then the "see current operation" note Operation::emitError
// attaches, with the function in generic form (local scope; the dense
// constant over 16 elements elided, the splat and the 3-element one not;
// nested regions, a second block, a dense_resource and an attribute alias).
// The converted executable before it does not change the note.
#map = affine_map<(d0) -> (d0)>
util.global private @dev = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "x86_64">]> : !hal.device
stream.executable private @ex_ok {
  stream.executable.export public @ok workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @ok(%arg0: !stream.binding) {
      return
    }
  }
}
stream.executable private @ex_bad_arg {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func private @helper(%x: f32) -> f32 {
      return %x : f32
    }
    func.func @entry(%arg0: !stream.binding, %arg1: i32, %arg2: f32 {stream.values = [1.0 : f32]}) attributes {translation_info = #map} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %big = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0]> : tensor<17xf32>
      %small = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
      %splat = arith.constant dense<2.5> : tensor<64x64xf32>
      %res = arith.constant dense_resource<blob1> : tensor<4xf32>
      %s = arith.constant {note = "caf\C3\A9 \FF"} 7 : i32
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %arg1) -> (i32) {
        %cond = arith.cmpi slt, %acc, %arg1 : i32
        %n = scf.if %cond -> (i32) {
          %a = arith.addi %acc, %arg1 : i32
          scf.yield %a : i32
        } else {
          scf.yield %acc : i32
        }
        scf.yield %n : i32
      }
      cf.br ^bb1(%r : i32)
    ^bb1(%v: i32):
      return
    }
  }
}
util.func public @main(%arg0: !stream.resource<transient>, %arg1: index, %t: f32, %i: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex_ok::@ok {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
    stream.cmd.dispatch @ex_bad_arg::@entry(%i, %t : i32, f32) {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F0000004000004040000080400000"
    }
  }
#-}
