#!/usr/bin/env bash
# usage: out_of_tree_plugin.sh BUILD_DIR TEMPLATE_SOURCE WORK_DIR CXX [OTHER_CXX]
# OTHER_CXX, when given, is a second compiler the template is also built with (see CMakeLists.txt).
set -euo pipefail
# Output is matched with here-strings (grep <<<"$out"), never with `echo "$out" | grep -q`: grep -q exits
# at its first match; when the text needs more than one 4 KiB write (`qrt devices` prints about 7 KiB),
# echo's next write then gets SIGPIPE, and pipefail turns that into a failure. Under load that happened in
# about 1 run of 600 per pipeline, and made this test fail now and then.
build=$1 template=$2 work=$3 cxx=$4 other_cxx=${5:-}
rm -rf "$work"
mkdir -p "$work"

cmake --install "$build" --prefix "$work/prefix" >/dev/null

# Nothing from the build tree may leak into installed files.
if grep -rl --binary-files=without-match "$build" "$work/prefix" ; then
  echo "FAIL: installed files mention the build tree" >&2; exit 1
fi

# The in-tree template device is an example: it must not be installed as a bundled device.
if [ -n "$(find "$work/prefix" -name 'qrt_template_device.so')" ]; then
  echo "FAIL: the template example was installed" >&2; exit 1
fi

# QRT_TEST_SANITIZE_FLAGS: the -fsanitize flags of a sanitizer build of qrt (its libqrt needs their runtime).
sanitize=${QRT_TEST_SANITIZE_FLAGS:-}
cmake -S "$template" -B "$work/template-build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  ${sanitize:+"-DCMAKE_CXX_FLAGS=$sanitize" "-DCMAKE_EXE_LINKER_FLAGS=$sanitize" "-DCMAKE_SHARED_LINKER_FLAGS=$sanitize" \
  "-DCMAKE_MODULE_LINKER_FLAGS=$sanitize"} >/dev/null
cmake --build "$work/template-build" -j2 >/dev/null
test -f "$work/template-build/plugins/qrt_template_device.so"
# The template's own test links the installed conformance kit (qrt::conformance) and checks the device.
ctest --test-dir "$work/template-build" --output-on-failure >"$work/template-ctest.txt" 2>&1 \
  || { echo "FAIL: the template's conformance test (qrt::conformance)" >&2; cat "$work/template-ctest.txt" >&2; exit 1; }

# Relocate the install: the CLI must still find libqrt and <prefix>/lib/qrt/plugins.
mv "$work/prefix" "$work/moved-prefix"
qrt="$work/moved-prefix/bin/qrt"
out=$("$qrt" devices)
grep -q "statevector.qubit" <<<"$out" || { echo "FAIL: bundled plugins not found after relocation" >&2; echo "$out"; exit 1; }
grep -qF "$work/moved-prefix/lib" <<<"$out" || { echo "FAIL: plugin folder not under the moved prefix" >&2; exit 1; }

# The relocated CLI finds the kit's library beside libqrt.
"$qrt" check-plugin "$work/template-build/plugins/qrt_template_device.so" >"$work/check.txt" 2>&1 \
  || { echo "FAIL: qrt check-plugin after relocation" >&2; cat "$work/check.txt" >&2; exit 1; }

# Dropped into QRT_PLUGIN_PATH, the out-of-tree plugin is listed and runs a circuit.
out=$(QRT_PLUGIN_PATH="$work/template-build/plugins" "$qrt" devices)
grep -q "template.qubit" <<<"$out" || { echo "FAIL: template.qubit not listed" >&2; echo "$out"; exit 1; }
cat > "$work/bell.qasm" <<'QASM'
OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
h q[0];
cx q[0], q[1];
QASM
out=$(QRT_PLUGIN_PATH="$work/template-build/plugins" "$qrt" run "$work/bell.qasm" --device template.qubit --probs)
grep -Eq "00  0\.50000000" <<<"$out" && grep -Eq "11  0\.50000000" <<<"$out" \
  || { echo "FAIL: Bell probabilities on template.qubit" >&2; echo "$out"; exit 1; }

# The same template built by another compiler against the same installed SDK passes the conformance kit
# and runs a circuit.
if [ -n "$other_cxx" ]; then
  # The package config records no compiler-specific flags: a clean configure with the other compiler.
  cmake -S "$template" -B "$work/template-other" -DCMAKE_PREFIX_PATH="$work/moved-prefix" \
        -DCMAKE_CXX_COMPILER="$other_cxx" >/dev/null
  cmake --build "$work/template-other" -j2 >/dev/null
  other_so="$work/template-other/plugins/qrt_template_device.so"
  test -f "$other_so"
  "$qrt" check-plugin "$other_so" >"$work/check-other.txt" 2>&1 \
    || { echo "FAIL: the template built by $other_cxx fails qrt check-plugin" >&2; cat "$work/check-other.txt" >&2; exit 1; }
  out=$(QRT_PLUGIN_PATH="$work/template-other/plugins" "$qrt" run "$work/bell.qasm" --device template.qubit --probs)
  grep -Eq "11  0\.50000000" <<<"$out" \
    || { echo "FAIL: Bell probabilities on template.qubit built by $other_cxx" >&2; echo "$out"; exit 1; }
  echo "template built by $other_cxx: check-plugin passed"
fi

# pkg-config resolves the relocated prefix, for libqrt and for the conformance kit.
cflags=$(PKG_CONFIG_PATH="$work/moved-prefix/lib/pkgconfig" pkg-config --cflags qrt)
grep -qF "$work/moved-prefix" <<<"$cflags" \
  || { echo "FAIL: pkg-config" >&2; exit 1; }
libs=$(PKG_CONFIG_PATH="$work/moved-prefix/lib/pkgconfig" pkg-config --libs qrt-conformance)
grep -qF -- "-lqrt_conformance" <<<"$libs" && grep -qF -- "-lqrt" <<<"$libs" && grep -qF "$work/moved-prefix" <<<"$libs" \
  || { echo "FAIL: pkg-config qrt-conformance: $libs" >&2; exit 1; }
echo "install test passed"
