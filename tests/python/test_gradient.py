"""qrt.gradient: the values and the Jacobian as NumPy arrays, against closed forms and against NumPy's own
state-vector simulation of the circuit (central differences of its exact expectation); errors."""

import math

import numpy
import pytest

import qrt

CIRCUIT = """OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
rx(2*theta) q[0];
ry(phi - theta/4) q[1];
crz(sin(phi)) q[0], q[1];
h q[1];
"""


def _numpy_expvals(theta, phi):
    """<Z0> and <Z1> of CIRCUIT by NumPy alone (qubit 0 = bit 0 of the index)."""
    def rx(a):
        return numpy.array([[math.cos(a / 2), -1j * math.sin(a / 2)], [-1j * math.sin(a / 2), math.cos(a / 2)]])

    def ry(a):
        return numpy.array([[math.cos(a / 2), -math.sin(a / 2)], [math.sin(a / 2), math.cos(a / 2)]])

    eye = numpy.eye(2)
    h = numpy.array([[1, 1], [1, -1]]) / math.sqrt(2)
    state = numpy.zeros(4, dtype=complex)
    state[0] = 1
    state = numpy.kron(eye, rx(2 * theta)) @ state          # index = 2*q1 + q0: kron(q1 op, q0 op)
    state = numpy.kron(ry(phi - theta / 4), eye) @ state
    a = math.sin(phi)
    crz = numpy.diag([1, numpy.exp(-1j * a / 2), 1, numpy.exp(1j * a / 2)])  # control q0, target q1
    state = crz @ state
    state = numpy.kron(h, eye) @ state
    probs = numpy.abs(state) ** 2
    z0 = sum(p * (1 if (i & 1) == 0 else -1) for i, p in enumerate(probs))
    z1 = sum(p * (1 if (i & 2) == 0 else -1) for i, p in enumerate(probs))
    return numpy.array([z0, z1])


def test_gradient_matches_numpy_central_differences():
    program = qrt.Program.from_qasm(CIRCUIT)
    theta, phi = 0.4, -0.9
    values, jacobian = qrt.gradient(program, {"theta": theta, "phi": phi}, ["Z0", "Z1"],
                                    method="parameter-shift")
    assert isinstance(jacobian, numpy.ndarray) and jacobian.shape == (2, 2) and jacobian.dtype == numpy.float64
    numpy.testing.assert_allclose(values, _numpy_expvals(theta, phi), atol=1e-12)
    h = 1e-6
    by_theta = (_numpy_expvals(theta + h, phi) - _numpy_expvals(theta - h, phi)) / (2 * h)
    by_phi = (_numpy_expvals(theta, phi + h) - _numpy_expvals(theta, phi - h)) / (2 * h)
    numpy.testing.assert_allclose(jacobian[:, 0], by_theta, atol=1e-8)
    numpy.testing.assert_allclose(jacobian[:, 1], by_phi, atol=1e-8)
    # Columns follow the order of params.
    _, swapped = qrt.gradient(program, {"phi": phi, "theta": theta}, ["Z0", "Z1"], method="parameter-shift")
    numpy.testing.assert_allclose(swapped, jacobian[:, ::-1], atol=1e-12)


def test_default_method_and_one_word():
    program = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; rx(2*theta) q[0];')
    values, jacobian = qrt.gradient(program, {"theta": 0.3}, "Z")
    assert values.shape == (1,) and jacobian.shape == (1, 1)
    assert values[0] == pytest.approx(math.cos(0.6), abs=1e-12)
    assert jacobian[0, 0] == pytest.approx(-2 * math.sin(0.6), abs=1e-12)
    _, fd = qrt.gradient(program, {"theta": 0.3}, "Z", method="finite-difference")
    assert fd[0, 0] == pytest.approx(-2 * math.sin(0.6), abs=1e-6)


def test_gradient_with_shots_is_an_estimate():
    program = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; rx(2*theta) q[0];')
    shots = 20000
    _, jacobian = qrt.gradient(program, {"theta": 0.3}, "Z", method="parameter-shift", shots=shots, seed=3)
    sigma = math.sqrt(2 * (1 - math.sin(0.6) ** 2) / shots)
    assert abs(jacobian[0, 0] + 2 * math.sin(0.6)) < 5 * sigma
    _, again = qrt.gradient(program, {"theta": 0.3}, "Z", method="parameter-shift", shots=shots, seed=3)
    assert again[0, 0] == jacobian[0, 0]


def test_gradient_errors():
    program = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; rx(theta) q[0];')
    with pytest.raises(qrt.InvalidArgumentError, match="'phi' is not used"):
        qrt.gradient(program, {"theta": 0.1, "phi": 0.2}, "Z")
    with pytest.raises(qrt.InvalidArgumentError, match="not a finite number"):
        qrt.gradient(program, {"theta": float("nan")}, "Z")
    with pytest.raises(qrt.InvalidArgumentError, match="method"):
        qrt.gradient(program, {"theta": 0.1}, "Z", method="backprop")
    with pytest.raises(qrt.UnsupportedError, match="adjoint"):
        qrt.gradient(program, {"theta": 0.1}, "Z", device="statevector.qubit:isolate=true", method="adjoint")
    opaque = qrt.Program.from_qasm("OPENQASM 2.0; opaque magic(x) a; qreg q[1]; magic(theta) q[0];")
    with pytest.raises(qrt.ParseError, match="opaque"):
        qrt.gradient(opaque, {"theta": 0.1}, "Z")
    with pytest.raises(ValueError):
        qrt.gradient(program, {"theta": "abc"}, "Z")


def _numpy_state(theta, phi):
    """CIRCUIT's final state by NumPy alone (index = 2*q1 + q0)."""
    def rx(a):
        return numpy.array([[math.cos(a / 2), -1j * math.sin(a / 2)], [-1j * math.sin(a / 2), math.cos(a / 2)]])

    def ry(a):
        return numpy.array([[math.cos(a / 2), -math.sin(a / 2)], [math.sin(a / 2), math.cos(a / 2)]])

    eye = numpy.eye(2)
    state = numpy.zeros(4, dtype=complex)
    state[0] = 1
    state = numpy.kron(eye, rx(2 * theta)) @ state
    state = numpy.kron(ry(phi - theta / 4), eye) @ state
    a = math.sin(phi)
    state = numpy.diag([1, numpy.exp(-1j * a / 2), 1, numpy.exp(1j * a / 2)]) @ state
    return numpy.kron(numpy.array([[1, 1], [1, -1]]) / math.sqrt(2), eye) @ state


_PAULI = {"I": numpy.eye(2), "X": numpy.array([[0, 1], [1, 0]]), "Y": numpy.array([[0, -1j], [1j, 0]]),
          "Z": numpy.diag([1, -1])}


def _numpy_hamiltonian_expval(theta, phi, terms):
    """<H> for dense two-letter words (qubit 1 left) by NumPy's own matrices."""
    state = _numpy_state(theta, phi)
    matrix = sum(c * numpy.kron(_PAULI[w[0]], _PAULI[w[1]]) for c, w in terms)
    return float(numpy.real(numpy.conj(state) @ matrix @ state))


def test_hamiltonian_is_one_row_against_numpy():
    program = qrt.Program.from_qasm(CIRCUIT)
    terms = [(0.5, "ZZ"), (-0.25, "XY"), (0.75, "IX"), (0.1, "YY"), (0.5, "ZZ"), (1.5, "II")]
    h = qrt.Hamiltonian(numpy.array([c for c, _ in terms]), [w for _, w in terms])
    theta, phi = 0.4, -0.9
    for method in ("adjoint", "parameter-shift"):
        values, jacobian = qrt.gradient(program, {"theta": theta, "phi": phi}, [h, "Z0"], method=method)
        assert values.shape == (2,) and jacobian.shape == (2, 2)
        assert values[0] == pytest.approx(_numpy_hamiltonian_expval(theta, phi, terms), abs=1e-12)
        step = 1e-6
        by_theta = (_numpy_hamiltonian_expval(theta + step, phi, terms) -
                    _numpy_hamiltonian_expval(theta - step, phi, terms)) / (2 * step)
        by_phi = (_numpy_hamiltonian_expval(theta, phi + step, terms) -
                  _numpy_hamiltonian_expval(theta, phi - step, terms)) / (2 * step)
        numpy.testing.assert_allclose(jacobian[0], [by_theta, by_phi], atol=1e-8)
    # One Hamiltonian alone, its text, and Device.expval give the same value.
    values, _ = qrt.gradient(program, {"theta": theta, "phi": phi}, h)
    text_values, _ = qrt.gradient(program, {"theta": theta, "phi": phi}, str(h))
    assert values[0] == text_values[0]
    with qrt.Device() as device:
        device.run(program, {"theta": theta, "phi": phi})
        assert device.expval(h) == pytest.approx(values[0], abs=1e-12)
        assert device.expval("0.5*Z0 Z1 - 0.25*X1 Y0 + 0.75*X0 + 0.1*YY + 0.5*zz + 1.5") == pytest.approx(values[0], abs=1e-12)


def test_hamiltonian_construction_text_and_files(tmp_path):
    h = qrt.Hamiltonian([0.5, -0.2], ["Z0 Z1", "X3"])
    assert len(h) == 2 and h.words == ["Z0 Z1", "X3"] and h.coeffs.tolist() == [0.5, -0.2]
    assert str(h) == "0.5*Z0 Z1 - 0.2*X3"
    assert qrt.Hamiltonian.parse(str(h)).coeffs.tolist() == [0.5, -0.2]
    assert "0.5*Z0 Z1" in repr(h)
    path = tmp_path / "h.txt"
    path.write_text("# a comment\n0.5 Z0 Z1\n\n-0.2 X3  # the transverse field\n")
    assert str(qrt.Hamiltonian.from_file(path)) == str(h)
    assert qrt.Hamiltonian(numpy.array([1 + 0j, 2.0]), ["Z0", "X1"]).coeffs.tolist() == [1.0, 2.0]


def test_hamiltonian_errors(tmp_path):
    with pytest.raises(qrt.InvalidArgumentError, match="at least one term"):
        qrt.Hamiltonian([], [])
    with pytest.raises(qrt.InvalidArgumentError, match="term 2: the coefficient 0.5j is complex"):
        qrt.Hamiltonian([1.0, 0.5j], ["Z0", "X1"])
    with pytest.raises(qrt.InvalidArgumentError, match="not a finite number"):
        qrt.Hamiltonian([math.inf], ["Z0"])
    with pytest.raises(qrt.InvalidArgumentError, match="not a number"):
        qrt.Hamiltonian(["1"], ["Z0"])
    with pytest.raises(qrt.InvalidArgumentError, match="not one str"):
        qrt.Hamiltonian([1.0], "Z0")
    with pytest.raises(qrt.InvalidArgumentError, match="1 coefficients for 2 words"):
        qrt.Hamiltonian([1.0], ["Z0", "X1"])
    with pytest.raises(qrt.InvalidArgumentError, match="'Q'"):
        qrt.Hamiltonian([1.0], ["Q0"])
    with pytest.raises(qrt.InvalidArgumentError, match="real"):
        qrt.Hamiltonian.parse("0.5j*Z0")
    bad = tmp_path / "bad.txt"
    bad.write_text("0.5 Z0\n0.25 W1\n")
    with pytest.raises(qrt.InvalidArgumentError, match="bad.txt:2: "):
        qrt.Hamiltonian.from_file(bad)
    with pytest.raises(FileNotFoundError):
        qrt.Hamiltonian.from_file(tmp_path / "missing.txt")
    program = qrt.Program.from_qasm(CIRCUIT)
    with pytest.raises(qrt.InvalidArgumentError, match="Hamiltonian term 2: Pauli word 'X5': qubit 5 is out of range"):
        qrt.gradient(program, {"theta": 0.1, "phi": 0.2}, qrt.Hamiltonian([1.0, 1.0], ["Z0", "X5"]))
    with pytest.raises(TypeError, match="qrt.Hamiltonian"):
        qrt.gradient(program, {"theta": 0.1, "phi": 0.2}, [3])
    with qrt.Device() as device:
        device.run(program, {"theta": 0.1, "phi": 0.2})
        with pytest.raises(qrt.InvalidArgumentError, match="Hamiltonian term 1: Pauli word 'ZZZ' has 3 letters"):
            device.expval(qrt.Hamiltonian([1.0, 2.0], ["ZZZ", "X0"]))
