#!/usr/bin/env bash
# Prints what `qrt run`, `qrt batch` and `qrt grad` write to standard output for every program of the shared
# corpora (../shared/qasm, ../shared/qir) and the repository's examples, one block per command, with what
# legitimately differs between runs and checkouts taken out (timings, the plugin library's path). With --digests
# it prints one line per command instead: the SHA-256 of its block, then the command.
#
#   tests/golden/outputs.sh QRT SHARED_DIR REPO_DIR [--digests]
#
# tests/golden/expected.sha256 holds the digests the CLI printed before the run policy was introduced (main
# 14213d1); the golden_outputs test compares the current CLI's against them, so a refactor of the host keeps
# every output byte for byte. Re-recorded once since, when the tiled forward path (issue 34) came in: the
# device's printed config gained the kwargs tiles, tile_qubits and tile_min_qubits (176 outputs), and the
# dense kernels' unflipped targets (PreparedKernel) moved two probabilities of the batch --top 4 JSON by an
# ulp (gcm_h6 0.24999999999999803 -> ...792, multiplier_n15_transpiled 0.9999999999999962 -> ...60; whole
# states within 1.7e-16 of 14213d1's); every other byte was unchanged. Re-recorded again when fused blocks that
# are permutations with phases (or blocks of them) took kernels of their own (kernels/block_structure.hpp): the
# batch --top 4 JSON moved by an ulp or two (gcm_h6 0.24999999999999792 -> ...808, dnn_n16), which reordered
# equal probabilities in it and in the --probs tables of dnn_n16 and gcm_h6 (its 0.0697658392 pair); every
# other byte was unchanged. The state-vector device runs with
# simd=portable,threads=1: results then do not depend on the machine's vector width or core count (the
# digests hold on AVX2 and AVX-512 machines alike).
set -u
qrt=$1 shared=$2 repo=$3 mode=${4:-}
sv='statevector.qubit:simd=portable,threads=1'

normalise() {
  sed -E -e 's/,?"timings":\{[^}]*\}//g' -e 's/"library":"[^"]*"/"library":"<library>"/g' \
         -e 's/,"seconds":[-0-9.e+]+//g' -e '/^timings /d' -e 's/, [0-9.]+ s$//'
}

emit() {  # emit DIR COMMAND...: runs the command in DIR, prints its normalised stdout (or its digest)
  local dir=$1; shift
  local out
  out=$(cd "$dir" && "$@" 2>/dev/null | normalise; echo "exit ${PIPESTATUS[0]}")
  local shown="${*/#$qrt/qrt}"
  if [ "$mode" = --digests ]; then
    printf '%s  %s\n' "$(printf '%s\n' "$out" | sha256sum | cut -d' ' -f1)" "$shown"
  else
    printf '== %s\n%s\n' "$shown" "$out"
  fi
}

for f in $(cd "$shared" && ls qasm/qasmbench/*.qasm | LC_ALL=C sort); do
  emit "$shared" "$qrt" run "$f" -d "$sv" --shots 64 --seed 7 -o json
  emit "$shared" "$qrt" run "$f" -d "$sv" --probs --seed 7
done
emit "$shared" "$qrt" batch qasm/qasmbench -d "$sv" --shots 64 --seed 7 -j 2 --no-progress
emit "$shared" "$qrt" batch qasm/qasmbench -d "$sv" --seed 7 --top 4 -o json -j 2 --no-progress
emit "$shared" "$qrt" run qasm/qasmbench/qft_n4.qasm -d "$sv" --state --expval ZZII --expval "X0 Y2" --seed 7 -o json
for f in $(cd "$shared" && ls qir/*.ll qir/*.bc | LC_ALL=C sort); do
  emit "$shared" "$qrt" run "$f" -d "$sv" --shots 4 --seed 7
  emit "$shared" "$qrt" run "$f" -d "$sv" --shots 4 --seed 7 -o json
  emit "$shared" "$qrt" run "$f" -d stabilizer.qubit --shots 4 --seed 7 -o json
done
emit "$shared" "$qrt" batch qir -d "$sv" --shots 4 --seed 7 --no-progress
for f in $(cd "$repo" && ls examples/*.qasm | LC_ALL=C sort); do
  emit "$repo" "$qrt" run "$f" -d "$sv" --shots 100 --seed 7
done
grad=(grad examples/gradients/ansatz.qasm -d "$sv" --param theta=0.3 --param phi=-1.1 --expval ZZ --expval XI)
emit "$repo" "$qrt" "${grad[@]}"
emit "$repo" "$qrt" "${grad[@]}" --method parameter-shift -o json
emit "$repo" "$qrt" batch examples/gradients/ansatz.qasm -d "$sv" --param theta=0:1:3 --param phi=0.5 --seed 7 --no-progress
