"""Every error path raises a qrt.Error subclass with the CLI's message, and leaves the interpreter and the
pool usable."""

import subprocess

import pytest

import qrt


def cli_error(cli, *args):
    done = subprocess.run([cli, *args], capture_output=True, text=True)
    assert done.returncode == 1
    return done.stderr


def test_errors_derive_from_qrt_error():
    for cls in (qrt.ConfigError, qrt.DeviceNotFoundError, qrt.ParseError, qrt.OutOfMemoryError, qrt.PluginError,
                qrt.StateError, qrt.UnsupportedError, qrt.InvalidArgumentError, qrt.ShotFailedError):
        assert issubclass(cls, qrt.Error)


def test_unknown_device_has_the_cli_message(cli, bell, tmp_path):
    with pytest.raises(qrt.DeviceNotFoundError) as caught:
        qrt.Device("no.such.device")
    f = tmp_path / "bell.qasm"
    f.write_text('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; h q[0];')
    assert "qrt: error: " + str(caught.value) in cli_error(cli, "run", str(f), "-d", "no.such.device")


def test_bad_config_string(cli, tmp_path):
    with pytest.raises(qrt.ConfigError) as caught:
        qrt.Device("statevector.qubit:threads")
    f = tmp_path / "one.qasm"
    f.write_text('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; h q[0];')
    assert str(caught.value) in cli_error(cli, "run", str(f), "-d", "statevector.qubit:threads")


def test_kwarg_typo_suggests_the_kwarg(cli, tmp_path):
    with pytest.raises(qrt.ConfigError, match="threads") as caught:
        qrt.Device("statevector.qubit:thread=2")
    assert "did you mean" in str(caught.value)
    f = tmp_path / "one.qasm"
    f.write_text('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; h q[0];')
    assert str(caught.value) in cli_error(cli, "run", str(f), "-d", "statevector.qubit:thread=2")


def test_parse_error_has_line_and_column(cli, tmp_path):
    f = tmp_path / "broken.qasm"
    f.write_text('OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[1];\nhh q[0];\n')
    with pytest.raises(qrt.ParseError) as caught:
        qrt.load(f)
    e = caught.value
    assert (e.line, e.column) == (4, 1)
    assert e.file == str(f)
    assert "unknown gate 'hh'" in str(e)
    assert str(e) in cli_error(cli, "run", str(f))


def test_from_qasm_parse_error():
    with pytest.raises(qrt.ParseError, match="<input>:1:"):
        qrt.Program.from_qasm("qreg q[1]; h q[0];")  # no include: h is unknown


def test_missing_file():
    with pytest.raises(qrt.Error, match="nope.qasm"):
        qrt.load("/nonexistent/nope.qasm")


def test_wrong_program_type():
    with pytest.raises(TypeError):
        qrt.run(42)


def test_out_of_memory_is_an_error_not_a_crash():
    # 40 qubits of complex128 = 16 TiB: refused before any allocation.
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[40]; h q[0];')
    with pytest.raises((qrt.OutOfMemoryError, qrt.InvalidArgumentError, qrt.PluginError)) as caught:
        qrt.run(p)
    assert "40" in str(caught.value) or "memory" in str(caught.value)
    assert qrt.run(qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; x q[0];')).probabilities[1] == 1


def test_bad_pauli_word(bell):
    with qrt.Device() as dev:
        dev.run(bell)
        with pytest.raises(qrt.InvalidArgumentError, match="Pauli word 'ZZZ' has 3 letters"):
            dev.expval("ZZZ")
        with pytest.raises(qrt.Error):
            dev.expval("QZ")


def test_results_before_a_run_and_after_release(bell):
    dev = qrt.Device()
    with pytest.raises(qrt.StateError, match="no program has run"):
        dev.state()
    dev.run(bell)
    dev.release()
    with pytest.raises(qrt.StateError, match="released"):
        dev.probabilities()


def test_mid_circuit_measurement_on_a_device():
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[1]; '
                              'measure q[0] -> c[0]; x q[0];')
    with qrt.Device() as dev, pytest.raises(qrt.StateError, match="mid-circuit"):
        dev.run(p)
    r = qrt.run(p, shots=10, seed=1)  # shot by shot: counts only
    assert r.counts == {"0": 10} and r.probabilities is None and r.state is None


def test_dynamic_circuit_needs_shots():
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[1]; '
                              'measure q[0] -> c[0]; x q[0];')
    with pytest.raises(qrt.Error, match="shots"):
        qrt.run(p)


def test_negative_shots():
    with pytest.raises(qrt.InvalidArgumentError):
        qrt.run("x.qasm", shots=-1)


def test_errors_in_futures(bell):
    # A config that does not resolve is refused by submit itself (as the executor does); a program that
    # fails on its device fails its future.
    with pytest.raises(qrt.DeviceNotFoundError):
        qrt.submit(bell, device="no.such.device").result(timeout=30)
    p = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; creg c[1]; measure q[0] -> c[0]; x q[0];')
    with pytest.raises(qrt.Error, match="shots"):
        qrt.submit(p).result(timeout=30)
