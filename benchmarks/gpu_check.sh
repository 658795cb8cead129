#!/usr/bin/env bash
# Runs the zoo's cuda modules on a machine with an NVIDIA GPU and compares
# plain iree-compile's outputs with halflow's, bitwise.
#
# Here (no GPU needed): compile the bundle, cold and after the first edit,
# plain and halflow, for cuda sm_80:
#
#     PYTHONPATH=. python benchmarks/zoo.py --targets llvm-cpu --gpu-bundle /tmp/zoo-cuda
#     cp "$(python -c 'import iree._runtime_libs as r, pathlib; \
#         print(pathlib.Path(r.__file__).parent / "iree-run-module")')" /tmp/zoo-cuda/
#     cp benchmarks/gpu_check.sh /tmp/zoo-cuda/
#     tar czf zoo-cuda.tgz -C /tmp zoo-cuda
#
# There (no network, no Python needed): unpack and run
#
#     tar xzf zoo-cuda.tgz && zoo-cuda/gpu_check.sh zoo-cuda
#
# BUNDLE/<model>/<step>/ holds plain.vmfb, halflow.vmfb, weights.irpa, the
# inputs (.npy) and runs.txt (one line per entry point: function, number of
# outputs, input files). iree-run-module is BUNDLE/iree-run-module if there,
# else $IREE_RUN_MODULE, else the one on PATH. DEVICE (default cuda) picks
# the runtime device: DEVICE=local-sync checks a bundle compiled for llvm-cpu
# (zoo.py --bundle-target llvm-cpu) on any machine.
# Prints one line per model, step and entry point; exit 1 on any mismatch or
# failure.
set -u
bundle=${1:?usage: gpu_check.sh BUNDLE}
device=${DEVICE:-cuda}
run=${IREE_RUN_MODULE:-iree-run-module}
[ -x "$bundle/iree-run-module" ] && run=$bundle/iree-run-module
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
checked=0 failed=0
for dir in "$bundle"/*/*/; do
    [ -f "$dir/runs.txt" ] || continue
    name=${dir#"$bundle"/}
    while read -r function outputs inputs; do
        status=bitwise
        for label in plain halflow; do
            out=$scratch/$label.bin
            rm -f "$out"
            args=(--module="$dir/$label.vmfb" --device="$device" --function="$function"
                  --parameters=model="$dir/weights.irpa" --output=@"$out")
            for ((k = 1; k < outputs; k++)); do args+=(--output=+"$out"); done
            for f in $inputs; do args+=(--input=@"$dir/$f"); done
            if ! "$run" "${args[@]}" > "$scratch/$label.log" 2>&1; then
                status="$label FAILED: $(grep -m1 -i error "$scratch/$label.log" || tail -1 "$scratch/$label.log")"
                break
            fi
        done
        if [ "$status" = bitwise ] && ! cmp -s "$scratch/plain.bin" "$scratch/halflow.bin"; then
            status=DIFFERENT
        fi
        checked=$((checked + 1))
        [ "$status" = bitwise ] || failed=$((failed + 1))
        printf '%-32s %-10s %s\n' "${name%/}" "$function" "$status"
    done < "$dir/runs.txt"
done
echo "# $checked runs on $device, $failed failed or different"
[ "$checked" -gt 0 ] && [ "$failed" -eq 0 ]
