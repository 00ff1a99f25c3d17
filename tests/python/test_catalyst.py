"""Catalyst programs (qjit's LLVM IR) from Python: qrt.load returns a qrt.CatalystProgram, called like the
qjit function with Python numbers and NumPy arrays, compiled once."""

import math

import numpy
import pytest

import qrt

from conftest import ROOT, SHARED

pytestmark = pytest.mark.skipif(not qrt._qrt.has_qir, reason="built without LLVM 19")

PROGRAMS = ROOT / "tests" / "catalyst" / "programs"
CATALYST = SHARED / "catalyst"


def test_a_qjit_dump_returns_what_qjit_returns():
    path = CATALYST / "qjit_expval_cancel_inverses.ll"
    if not path.exists():
        pytest.skip(f"{path} not found")
    program = qrt.load(path)
    assert isinstance(program, qrt.CatalystProgram)
    value = program()
    assert isinstance(value, numpy.float64)
    assert value == pytest.approx(math.cos(1.0), abs=1e-12)
    null = qrt.load(CATALYST / "qjit_nullqubit_t_adjoint.ll")
    assert null() == 0.0
    assert null(device="statevector.qubit") == pytest.approx(1.0, abs=1e-12)


def test_numpy_and_python_arguments_and_a_tuple_of_results():
    program = qrt.load(PROGRAMS / "arguments.ll")
    assert program.entry == "jit_circuit"
    assert program.arguments == [(0, "float64"), (1, "float64")]
    assert program.results == [(0, "float64"), (1, "float64"), (1, "complex128")]
    expval, probs, state = program(0.3, numpy.array([0.5, -0.7, 1.1]))
    assert expval == pytest.approx(0.41679617747622555, abs=1e-12)
    assert probs.dtype == numpy.float64 and probs.shape == (4,)
    assert probs.sum() == pytest.approx(1.0)
    assert state.dtype == numpy.complex128
    assert numpy.allclose(numpy.abs(state) ** 2, probs)
    # A list and a non-contiguous view are taken too; integers widen to the float64 the entry reads.
    again = program(0.3, numpy.array([[0.5, 9], [-0.7, 9], [1.1, 9]])[:, 0])[0]
    assert again == expval
    assert program(1, [1, 2, 3])[0] == program(1.0, numpy.array([1.0, 2.0, 3.0]))[0]


def test_errors_name_the_argument_and_the_device():
    program = qrt.load(PROGRAMS / "arguments.ll")
    with pytest.raises(qrt.InvalidArgumentError, match="takes 2 arguments; 1 given"):
        program(0.3)
    with pytest.raises(qrt.InvalidArgumentError, match="argument 2 of jit_circuit has rank 1"):
        program(0.3, 0.5)
    with pytest.raises(qrt.InvalidArgumentError, match="reads f64"):
        program(1j, [1.0, 2.0, 3.0])
    with pytest.raises(qrt.DeviceNotFoundError, match="no.such.device"):
        qrt.load(PROGRAMS / "qnodes.ll")(device="no.such.device")
    with pytest.raises(qrt.StateError, match="fail_cstr: the program gave up"):
        qrt.CatalystProgram(str(PROGRAMS / "failures.ll"), entry="fail")()
    with pytest.raises(qrt.UnsupportedError, match="the kwarg 'mcmc'"):
        qrt.CatalystProgram(str(PROGRAMS / "devices.ll"), entry="mcmc")()
    with pytest.raises(qrt.ParseError, match="qrt does not provide it"):
        qrt.load(PROGRAMS / "unknown_symbol.ll")


def test_run_details_devices_printed_output_and_seeds():
    run = qrt.load(PROGRAMS / "qnodes.ll").run()
    assert [d["catalyst_name"] for d in run.devices] == ["LightningSimulator", "LightningSimulator", "NullQubit"]
    assert run.devices[0]["config"] == run.devices[1]["config"] == "statevector.qubit"
    printed = qrt.load(PROGRAMS / "print.ll").run()
    assert printed.printed.startswith("hello world\nNone\n")
    seeded = qrt.load(PROGRAMS / "seeded.ll")
    first, second = seeded.run(), seeded.run()
    assert first.seed == 42
    assert numpy.array_equal(first.results[0], second.results[0])
    assert seeded.run(seed=7).seed == 7


def test_compiled_once_called_many_times():
    before = qrt._qrt._catalyst_compilations()
    program = qrt.load(PROGRAMS / "arguments.ll")
    values = [program(0.01 * k, [0.1, 0.2, 0.3])[0] for k in range(200)]
    assert qrt._qrt._catalyst_compilations() == before + 1
    assert len(set(values)) > 100


def test_a_catalyst_program_is_not_a_qrt_program():
    with pytest.raises(qrt.InvalidArgumentError, match="Catalyst program"):
        qrt.Program.load(str(PROGRAMS / "views.ll"))
