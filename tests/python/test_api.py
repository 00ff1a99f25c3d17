"""The package's functions against independent expectations (hand-derived states and the QASMBench
references)."""

import json
import math
import os
import pathlib

import numpy as np
import pytest

import qrt


def test_version_is_the_projects():
    assert qrt.__version__ == qrt._qrt._library_version()
    assert qrt.__version__.count(".") == 2


def test_devices_lists_the_shipped_plugins():
    devices = {d["name"]: d for d in qrt.devices()}
    for name in ("statevector.qubit", "stabilizer.qubit", "null.qubit"):
        assert name in devices
    sv = devices["statevector.qubit"]
    assert sv["library"].endswith(".so") and os.path.isfile(sv["library"])
    assert {"Hadamard", "CNOT"} <= set(sv["gates"])
    assert any(k["name"] == "threads" for k in sv["kwargs"])


def test_devices_matches_the_cli_json(cli):
    import subprocess
    doc = json.loads(subprocess.run([cli, "devices", "--json"], check=True, capture_output=True, text=True,
                                    env={**os.environ, "QRT_PLUGIN_PATH": ""}).stdout)
    from_cli = sorted((p["file"], d["name"]) for p in doc["plugins"] for d in p["devices"])
    assert sorted((d["library"], d["name"]) for d in qrt.devices()) == from_cli


def test_run_bell_counts_probabilities_state(bell):
    r = qrt.run(bell, shots=2000, seed=7)
    assert r.kind == "openqasm"
    assert set(r.counts) <= {"00", "11"} and sum(r.counts.values()) == 2000
    assert 800 < r.counts["00"] < 1200
    np.testing.assert_allclose(r.probabilities, [0.5, 0, 0, 0.5], atol=1e-12)
    assert r.state.dtype == np.complex128
    np.testing.assert_allclose(r.state, [1 / math.sqrt(2), 0, 0, 1 / math.sqrt(2)], atol=1e-12)
    assert r.shots is None and r.output is None


def test_run_same_seed_same_counts(bell):
    assert qrt.run(bell, shots=500, seed=3).counts == qrt.run(bell, shots=500, seed=3).counts


def test_analytic_run_has_no_counts(bell):
    r = qrt.run(bell)
    assert r.counts is None
    assert r.probabilities.dtype == np.float64


def test_bit_order_qubit_k_is_bit_k():
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; x q[0];')
    r = qrt.run(p)
    assert r.probabilities[1] == pytest.approx(1.0)  # index 0b001: qubit 0
    with qrt.Device() as dev:
        dev.run(p)
        assert dev.probabilities()[1] == pytest.approx(1.0)
        assert abs(dev.state()[1]) == pytest.approx(1.0)
        assert dev.counts(10, seed=1) == {"001": 10}
        assert dev.expval("IIZ") == pytest.approx(-1.0)  # rightmost letter: qubit 0
        assert dev.expval("ZII") == pytest.approx(1.0)


def test_load_path_str_and_pathlike(tmp_path):
    f = tmp_path / "x.qasm"
    f.write_text('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; x q[0];')
    for program in (str(f), f, qrt.load(f)):
        assert qrt.run(program).probabilities[1] == pytest.approx(1.0)
    assert qrt.load(f).kind == "openqasm" and qrt.load(f).num_qubits == 1


def test_program_is_reusable(bell):
    with qrt.Device() as dev:
        for _ in range(3):
            np.testing.assert_allclose(dev.run(bell).probabilities(), [0.5, 0, 0, 0.5], atol=1e-12)


def test_params_bind_sweep_identifiers():
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; rx(theta) q[0];')
    for theta in (0.0, 0.7, math.pi):
        r = qrt.run(p, params={"theta": theta})
        assert r.probabilities[1] == pytest.approx(math.sin(theta / 2) ** 2, abs=1e-12)
        with qrt.Device() as dev:
            assert dev.run(p, params={"theta": theta}).expval("Z") == pytest.approx(math.cos(theta), abs=1e-12)


def test_unbound_parameter_is_a_parse_error():
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; rx(theta) q[0];', "sweep.qasm")
    with pytest.raises(qrt.ParseError, match=r"sweep.qasm:1:51: error: free parameter 'theta' has no value"):
        qrt.run(p)
    with qrt.Device() as dev, pytest.raises(qrt.ParseError, match="free parameter 'theta' has no value"):
        dev.run(p)
    with pytest.raises(qrt.ParseError, match=r"parameter 'thetta' is not a free parameter of the program "
                                             r"\(its free parameters: 'theta'\)"):
        qrt.run(p, params={"theta": 0.1, "thetta": 0.2})


def test_program_names_its_free_parameters():
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[2];\n'
                              'rz(phi) q[1]; rx(theta/2) q[0]; cu1(phi + theta) q[0], q[1];')
    assert p.parameters == ["phi", "theta"]  # first use first
    assert p.num_qubits == 2                 # known without a binding
    assert qrt.Program.from_qasm('OPENQASM 2.0; qreg q[1]; U(0, 0, 0) q[0];').parameters == []


def test_device_counts_seeded_and_distribution(bell):
    with qrt.Device("statevector.qubit") as dev:
        dev.run(bell)
        c1 = dev.counts(4000, seed=11)
        assert c1 == dev.counts(4000, seed=11)
        assert set(c1) == {"00", "11"} and sum(c1.values()) == 4000
        assert abs(c1["00"] - 2000) < 200
        assert dev.num_qubits == 2


def test_ghz_state_and_global_phase():
    # u1 on |1> gives a phase; the final state must carry it exactly as `qrt run --state` does.
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; x q[0]; u1(pi/2) q[0];')
    with qrt.Device() as dev:
        s = dev.run(p).state()
    np.testing.assert_allclose(s, qrt.run(p).state, atol=1e-15)
    assert s[1] == pytest.approx(1j)


def test_an_isolated_device_reads_state_and_probabilities_as_an_in_process_one_does():
    # qubit 0 and qubit 2 entangled, qubit 1 flipped and given a phase of pi/4: amplitudes at 0b010 and 0b111.
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; h q[0]; cx q[0],q[2]; x q[1]; u1(pi/4) q[1];')
    phase = complex(math.cos(math.pi / 4), math.sin(math.pi / 4)) / math.sqrt(2)
    with qrt.Device("statevector.qubit") as here, qrt.Device("statevector.qubit:isolate=true") as isolated:
        for _ in range(2):  # the second run starts afresh in the worker too
            here.run(p)
            isolated.run(p)
            s = isolated.state()
            assert s[0b010] == pytest.approx(phase) and s[0b111] == pytest.approx(phase)
            np.testing.assert_array_equal(s, here.state())
            np.testing.assert_array_equal(isolated.probabilities(), here.probabilities())
            assert isolated.expval("ZIZ") == pytest.approx(1.0) and isolated.expval("IZI") == pytest.approx(-1.0)
            assert isolated.counts(200, seed=3) == here.counts(200, seed=3)


def _terminal_circuits(corpus, limit_qubits=12):
    expected = json.loads((corpus / "expected.json").read_text())
    for name, e in sorted(expected.items()):
        if e["mid_circuit"] or e["stripped"]["if"] or e["stripped"]["reset"] or e["qubits"] > limit_qubits:
            continue
        if not e["complete"]:
            continue
        yield name, e


def test_qasmbench_probabilities_match_the_references(qasm_corpus):
    checked = 0
    with qrt.Device("statevector.qubit") as dev:
        for name, e in _terminal_circuits(qasm_corpus):
            path = qasm_corpus / "qasmbench" / name
            p = dev.run(path).probabilities()
            n = e["qubits"]
            want = np.zeros(2 ** n)
            for bits, prob in e["probabilities"].items():
                want[int(bits, 2)] = prob
            np.testing.assert_allclose(p, want, atol=1e-9, err_msg=name)
            checked += 1
    assert checked >= 20


def test_qasmbench_through_run_and_submit_agree(qasm_corpus):
    names = [name for name, _ in _terminal_circuits(qasm_corpus, limit_qubits=8)][:10]
    futures = [qrt.submit(qasm_corpus / "qasmbench" / n) for n in names]
    for name, future in zip(names, futures):
        np.testing.assert_allclose(future.result(timeout=60).probabilities,
                                   qrt.run(qasm_corpus / "qasmbench" / name).probabilities, atol=1e-12)


def test_help_is_useful():
    assert "shots" in qrt.run.__doc__ and "params" in qrt.run.__doc__
    for public in (qrt.devices, qrt.load, qrt.submit, qrt.Device, qrt.Device.state, qrt.Program, qrt.Result):
        assert public.__doc__ and len(public.__doc__) > 40, public


def test_stub_and_marker_ship_with_the_package():
    folder = pathlib.Path(qrt.__file__).parent
    assert (folder / "py.typed").exists() and (folder / "__init__.pyi").exists()
