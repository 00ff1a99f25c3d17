"""`pip install --no-build-isolation .` into a fresh venv (offline), then `import qrt` from another folder
finds its plugins. A full CMake build of its own: opt-in (QRT_TEST_PIP_INSTALL=1), see docs/python.md."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.skipif(os.environ.get("QRT_TEST_PIP_INSTALL") != "1", reason="set QRT_TEST_PIP_INSTALL=1 (a full build)")
def test_pip_install_into_a_venv(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run(["/usr/bin/python3", "-m", "venv", "--system-site-packages", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "QRT_PLUGIN_PATH")}
    env["PIP_NO_INDEX"] = "1"  # offline
    subprocess.run([str(venv / "bin" / "pip"), "install", "--no-build-isolation", "--no-deps", str(ROOT)],
                   check=True, env=env, cwd=ROOT)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    check = ("import qrt, pathlib; names = [d['name'] for d in qrt.devices()]; "
             "assert 'statevector.qubit' in names, names; "
             "assert pathlib.Path(qrt.__file__).parent.name == 'qrt' and 'site-packages' in qrt.__file__; "
             "p = qrt.Program.from_qasm('OPENQASM 2.0; include \"qelib1.inc\"; qreg q[2]; x q[1];'); "
             "print(qrt.run(p).probabilities[2])")
    done = subprocess.run([str(venv / "bin" / "python"), "-c", check], env=env, cwd=elsewhere,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1.0"
