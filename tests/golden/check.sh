#!/usr/bin/env bash
# The golden_outputs test: the CLI's outputs (outputs.sh) against the digests recorded in expected.sha256.
# Prints every command whose output changed, with the output it gives now.
#   tests/golden/check.sh QRT SHARED_DIR REPO_DIR
set -u
qrt=$1 shared=$2 repo=$3
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$shared/qasm/qasmbench" ] || [ ! -d "$shared/qir" ]; then
  echo "golden_outputs: $shared has no qasm/qasmbench and qir corpora; skipped"
  exit 0
fi
actual=$(bash "$here/outputs.sh" "$qrt" "$shared" "$repo" --digests)
changed=$(diff <(sort -k2 "$here/expected.sha256") <(printf '%s\n' "$actual" | sort -k2) | sed -n 's/^> [0-9a-f]*  //p')
if [ -z "$changed" ]; then
  echo "golden_outputs: $(wc -l < "$here/expected.sha256") outputs byte for byte as recorded"
  exit 0
fi
echo "golden_outputs: these outputs changed (what they print now follows each):"
full=$(bash "$here/outputs.sh" "$qrt" "$shared" "$repo")
while IFS= read -r command; do
  printf '%s\n' "$full" | awk -v c="== $command" '$0 == c {p = 1; print; next} /^== / {p = 0} p'
done <<< "$changed"
exit 1
