"""bench/qasm/tiles_qasm.py, the tiled-against-untiled comparison on OpenQASM files, in both its modes
(`qrt run` per file, and --warm: runs on a kept device through this package), on the bundled corpus's
circuits of 11-13 qubits with tiles of 2^10 so that they take the tiled path: it must finish, report
every file with both times, and find the two paths' results equal."""

import json
import pathlib
import subprocess
import sys

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "bench" / "qasm" / "tiles_qasm.py"


@pytest.mark.parametrize("warm", [False, True], ids=["cli", "warm"])
def test_tiles_qasm_compares_both_paths(cli, qasm_corpus, warm):
    args = [sys.executable, str(SCRIPT), "--qrt", cli, "--dir", str(qasm_corpus / "qasmbench"),
            "--min-qubits", "11", "--max-qubits", "13", "--repetitions", "1",
            "--tiled-kwargs", "tile_qubits=10,tile_min_qubits=11"]
    out = subprocess.run(args + (["--warm"] if warm else []), capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["mode"] == ("warm" if warm else "cli")
    assert report["mismatches"] == []
    timed = [c for c in report["circuits"] if "tiled_s" in c]
    assert len(timed) >= 3, report["circuits"]
    for circuit in timed:
        assert circuit["match"] is True
        assert circuit["tiled_s"] > 0 and circuit["untiled_s"] > 0
        assert 11 <= circuit["qubits"] <= 13
    assert not [c for c in report["circuits"] if "error" in c]
    assert report["total"]["tiled_s"] > 0


ANCHOR = pathlib.Path(__file__).resolve().parents[2] / "bench" / "anchors" / "qsim_layered.py"

# A stand-in for qsim's qsim_base: reads the circuit file qsim_layered.py writes (qsim's format), runs it
# with NumPy (qubit q = bit q of the index, as qsim and qrt number them) and prints what qsim_base prints:
# the simulation time and the first 8 amplitudes with their norms.
FAKE_QSIM = r'''#!/usr/bin/python3
import sys
import numpy as np
path = sys.argv[sys.argv.index("-c") + 1]
lines = open(path).read().split("\n")
n = int(lines[0])
psi = np.zeros(2 ** n, complex)
psi[0] = 1
def one(psi, q, m):
    psi = psi.reshape(-1, 2, 2 ** q)
    return np.einsum("ij,ajb->aib", m, psi).reshape(-1)
for line in lines[1:]:
    if not line.strip():
        continue
    _, gate, *rest = line.split()
    if gate == "cx":
        c, t = int(rest[0]), int(rest[1])
        idx = np.arange(2 ** n)
        flip = ((idx >> c) & 1) == 1
        out = psi.copy()
        out[idx[flip] ^ (1 << t)] = psi[idx[flip]]
        psi = out
        continue
    q, a = int(rest[0]), float(rest[1])
    c, s = np.cos(a / 2), np.sin(a / 2)
    m = {"rx": [[c, -1j * s], [-1j * s, c]], "ry": [[c, -s], [s, c]],
         "rz": [[np.exp(-0.5j * a), 0], [0, np.exp(0.5j * a)]]}[gate]
    psi = one(psi, q, np.array(m))
print("simu time is 0.001 seconds")
for i in range(8):
    print(f"{i:03b}: {psi[i].real:16.8g}{psi[i].imag:16.8g}{abs(psi[i]) ** 2:16.8g}")
'''


def test_qsim_layered_times_qrt_beside_qsim_and_checks_both(tmp_path):
    """bench/anchors/qsim_layered.py --qrt-python: qrt's four configurations beside qsim (here a NumPy
    stand-in that prints what qsim_base prints), per thread count, with the results checked: qsim's first
    8 probabilities against qrt's, tiled against untiled. A stand-in that gets the state wrong fails it."""
    import qrt
    fake = tmp_path / "qsim_base"
    fake.write_text(FAKE_QSIM)
    fake.chmod(0o755)
    package = str(pathlib.Path(qrt.__file__).resolve().parents[1])
    args = [sys.executable, str(ANCHOR), "--qubits", "5", "--qsim-base", str(fake), "--qrt-python", package,
            "--threads", "1", "2", "--fused", "3", "--repeats", "1"]
    out = subprocess.run(args, capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["failures"] == []
    names = [b["name"] for b in report["benchmarks"]]
    for threads in (1, 2):
        assert f"qsim_layered/n:5/threads:{threads}/fused:3" in names
        for precision in ("double", "single"):
            for tiles in ("on", "off"):
                assert f"qrt_layered/n:5/threads:{threads}/precision:{precision}/tiles:{tiles}" in names
    assert [c["threads"] for c in report["comparison"]] == [1, 2]
    for entry in report["comparison"]:
        assert entry["qsim_best_s"] == 0.001
        assert entry["checks"]["double_vs_qsim_relative"] < 1e-6  # the stand-in prints 8 digits
        assert entry["checks"]["single_vs_qsim_relative"] < 1e-5
        assert entry["checks"]["double_tiled_vs_untiled"] < 1e-12
        assert entry["qrt_double_tiled_over_qsim"] > 0

    # A stand-in whose state is wrong (one angle off) is caught, and the script exits non-zero.
    fake.write_text(FAKE_QSIM.replace("q, a = int(rest[0]), float(rest[1])", "q, a = int(rest[0]), float(rest[1]) + 0.1"))
    out = subprocess.run(args, capture_output=True, text=True, timeout=240)
    assert out.returncode != 0
    assert "vs_qsim_relative" in out.stderr
