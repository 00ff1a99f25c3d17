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
