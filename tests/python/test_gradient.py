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
