"""Shared fixtures: the qrt package from the build tree (PYTHONPATH, set by ctest), the shared corpora,
and the CLI built beside it (for byte-for-byte comparisons)."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("QRT_SHARED_DIR", ROOT.parent / "shared"))
QASM_CORPUS = pathlib.Path(os.environ.get("QRT_CORPUS_DIR", SHARED / "qasm"))
QIR_DIR = SHARED / "qir"


def _cli():
    explicit = os.environ.get("QRT_CLI")
    if explicit:
        return explicit
    import qrt
    # build/python/qrt/__init__.py -> build/bin/qrt
    candidate = pathlib.Path(qrt.__file__).resolve().parents[2] / "bin" / "qrt"
    return str(candidate) if candidate.exists() else shutil.which("qrt")


@pytest.fixture(scope="session")
def cli():
    path = _cli()
    if not path:
        pytest.skip("the qrt CLI is not built beside the package")
    return path


@pytest.fixture(scope="session")
def qasm_corpus():
    if not (QASM_CORPUS / "expected.json").exists():
        pytest.skip(f"QASMBench corpus not found at {QASM_CORPUS}")
    return QASM_CORPUS


@pytest.fixture(scope="session")
def qir_dir():
    if not QIR_DIR.is_dir():
        pytest.skip(f"QIR programs not found at {QIR_DIR}")
    return QIR_DIR


BELL = """OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
measure q -> c;
"""


@pytest.fixture
def bell():
    import qrt
    return qrt.Program.from_qasm(BELL, "bell.qasm")
