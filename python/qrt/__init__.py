"""qrt — run OpenQASM 2.0 and QIR programs on pluggable quantum devices, from Python.

    import qrt
    bell = qrt.Program.from_qasm('''OPENQASM 2.0; include "qelib1.inc";
        qreg q[2]; creg c[2]; h q[0]; cx q[0], q[1]; measure q -> c;''')
    result = qrt.run(bell, shots=1000, seed=7)        # a qrt.Result: .counts, .probabilities, .state
    with qrt.Device("statevector.qubit:threads=1") as dev:
        dev.run(bell)                                 # measurements at the end are left to sampling
        dev.probabilities()                           # numpy float64, qubit k = bit k of the index
        dev.expval(qrt.Hamiltonian([0.5, -0.2], ["Z0 Z1", "X1"]))   # a Hamiltonian: one expectation value
    future = qrt.submit("circuit.qasm", device="statevector.qubit", shots=100)   # concurrent.futures

Devices are named by config strings, as on the ``qrt`` command line ("statevector.qubit",
"statevector.qubit:precision=single,threads=4", a JSON object...). Every device comes from one
process-wide pool: a released device is reset and reused by the next equal config. Errors derive from
:class:`qrt.Error` and carry the CLI's messages. Ctrl-C stops a program running on the main thread.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import json
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy

from . import _qrt
from ._catalyst import CatalystProgram, CatalystRun
from ._errors import (ConfigError, DeviceNotFoundError, Error, InvalidArgumentError, OutOfMemoryError, ParseError,
                      PluginError, ShotFailedError, StateError, UnsupportedError)

__version__: str = _qrt.__version__

Program = _qrt.Program

Hamiltonian = _qrt.Hamiltonian
Hamiltonian.__doc__ = """A weighted sum of Pauli words with real coefficients, H = sum_k c_k P_k (Hermitian by
    construction): ``qrt.Hamiltonian(coeffs, words)``, e.g. ``qrt.Hamiltonian([0.5, -0.2], ["Z0 Z1", "X3"])``.

    Words as ``qrt run --expval`` takes them ("ZZI", qubit 0 rightmost, or "Z0 Z3"; "" is the identity);
    coefficients any real numbers (a NumPy array too). ``Hamiltonian.parse("0.5*Z0 Z1 - 0.2*X3")`` reads the
    text form, :meth:`from_file` a file of one ``coefficient word`` term a line. Accepted wherever a Pauli
    word is (:func:`qrt.gradient`, :meth:`qrt.Device.expval`): one expectation value, one Jacobian row, and
    for the adjoint method one backward sweep whatever its number of terms. ``str(h)`` is its text form
    (exact coefficients), ``h.coeffs`` and ``h.words`` its terms. Bad input raises
    :class:`qrt.InvalidArgumentError`: no terms, a complex or non-finite coefficient, a bad word; a word that
    does not fit the circuit is reported where the Hamiltonian is used, naming the term."""


def _hamiltonian_from_file(path: "Union[str, os.PathLike[str]]") -> "Hamiltonian":
    """The Hamiltonian in a file: one ``coefficient word`` term a line (the text form of
    :meth:`Hamiltonian.parse`, terms added over the lines; blank lines and ``#`` comments skipped). A
    malformed line raises :class:`qrt.InvalidArgumentError` naming the file and the line; a file that
    cannot be read, Python's own OSError."""
    name = os.fspath(path)
    with open(name, encoding="utf-8") as file:
        return Hamiltonian._parse_lines(file.read(), name)


Hamiltonian.from_file = staticmethod(_hamiltonian_from_file)


def _observable_text(observable: "Union[str, Hamiltonian]") -> str:
    """An observable as libqrt reads it: a Pauli word as given, a Hamiltonian as its (exact) text form."""
    if isinstance(observable, Hamiltonian):
        return str(observable)
    if isinstance(observable, str):
        return observable
    raise TypeError(f"an observable is a Pauli word (str) or a qrt.Hamiltonian, not {type(observable).__name__}")

ProgramLike = Union[str, "os.PathLike[str]", Program]

__all__ = [
    "__version__", "devices", "load", "Program", "CatalystProgram", "CatalystRun", "Device", "run", "submit", "gradient",
    "Hamiltonian", "Result",
    "Error", "ConfigError", "DeviceNotFoundError", "InvalidArgumentError", "OutOfMemoryError", "ParseError",
    "PluginError", "ShotFailedError", "StateError", "UnsupportedError",
]


def devices() -> List[Dict[str, Any]]:
    """Every device the discovered plugins offer, one dict each, from the document ``qrt devices --json``
    prints: ``name``, ``library`` (the plugin file), ``plugin``, ``version``, ``description``, ``kwargs``
    (the kwargs schema: name, type, default, ...), ``capabilities`` and, from them, ``gates``."""
    doc = json.loads(_qrt._devices_json())
    out = []
    for plugin in doc["plugins"]:
        for device in plugin["devices"]:
            capabilities = device["capabilities"]
            out.append({
                "name": device["name"],
                "library": plugin["file"],
                "plugin": plugin["plugin"],
                "version": device["version"],
                "description": device["description"],
                "kwargs": device["kwargs"],
                "capabilities": capabilities,
                "gates": list(capabilities.get("gates", [])) if isinstance(capabilities, dict) else [],
            })
    return out


def load(path: Union[str, "os.PathLike[str]"]) -> Union[Program, CatalystProgram]:
    """Loads a program file, parsed (OpenQASM) or compiled (QIR, Catalyst) once: run it as often as you
    like. The front end is chosen by content, as ``qrt run`` does: LLVM bitcode or LLVM IR text is QIR,
    or a :class:`qrt.CatalystProgram` when it calls Catalyst's runtime (``qjit`` output: call it like the
    ``qjit`` function); anything else OpenQASM 2.0. Raises :class:`qrt.ParseError` (with line and column)
    for a program that does not parse."""
    path = os.fspath(path)
    if getattr(_qrt, "_is_catalyst", None) is not None and _qrt._is_catalyst(path):
        return CatalystProgram(path)
    return Program.load(path)


def _program(program: ProgramLike) -> Program:
    if isinstance(program, Program):
        return program
    if isinstance(program, (str, os.PathLike)):
        return load(program)
    raise TypeError(f"program must be a qrt.Program, a str or an os.PathLike path, not {type(program).__name__}")


def _params(params: Optional[Mapping[str, float]]) -> Optional[Dict[str, float]]:
    if params is None:
        return None
    return {str(name): float(value) for name, value in params.items()}


class Result:
    """What :func:`qrt.run` returns.

    - ``counts``: ``{bitstring: count}`` when shots > 0 (OpenQASM: the classical registers as ``qrt run``
      prints them, qubit/clbit 0 rightmost; QIR: each shot's records on one line, as the histogram of
      ``qrt run -o json``), else None.
    - ``probabilities``: numpy float64 array of 2^n final-state probabilities (index bit k = qubit k),
      None for a program that measures mid-circuit and for QIR.
    - ``state``: numpy complex128 state vector (same indexing, global phase included) when the device
      has one and the program ends without mid-circuit measurements, else None.
    - ``shots`` (QIR): per shot, its output records and messages as ``(kind, value, label)`` tuples
      (kind "RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY" or "MESSAGE"; value as printed).
    - ``output`` (QIR): exactly the text ``qrt run`` prints for the program.
    - ``kind`` ("openqasm" or "qir"), ``path`` (how it ran: "circuit", "lowered" for a QIR program read as a
      circuit, "jit" for compiled QIR), ``device`` (the config string), ``num_shots``, ``seed`` (the seed the run
      used), ``run_seconds``.
    """

    __slots__ = ("kind", "path", "device", "counts", "probabilities", "state", "shots", "output", "num_shots", "seed",
                 "run_seconds")

    def __init__(self, fields: Dict[str, Any]) -> None:
        for name in self.__slots__:
            setattr(self, name, fields.get(name))

    def __repr__(self) -> str:
        parts = [f"kind={self.kind!r}", f"device={self.device!r}"]
        if self.counts is not None:
            parts.append(f"counts={self.counts!r}")
        if self.probabilities is not None:
            parts.append(f"probabilities=<{len(self.probabilities)} float64>")
        if self.state is not None:
            parts.append(f"state=<{len(self.state)} complex128>")
        return "qrt.Result(" + ", ".join(parts) + ")"


def _result(fields: Dict[str, Any]) -> Result:
    result = Result(fields)
    if fields.get("error"):
        raise ShotFailedError(fields["error"], result)
    return result


def run(program: ProgramLike, device: str = "statevector.qubit", shots: Optional[int] = None,
        seed: Optional[int] = None, params: Optional[Mapping[str, float]] = None) -> Result:
    """Runs ``program`` (a :class:`qrt.Program` or a path) on a pooled device of config ``device`` and
    returns a :class:`qrt.Result`, as ``qrt run`` does (the same run policy).

    ``shots=None`` takes the device's own shots: analytic (probabilities and state only) for OpenQASM on a
    device without them, one shot for a QIR program, as ``qrt run`` without ``--shots``; ``shots=0`` is an
    analytic run (which QIR programs refuse: they run shot by shot). ``seed`` makes sampling reproducible.
    ``params`` binds the free parameters (sweep identifiers) of an OpenQASM program, e.g. ``{"theta": 0.5}``.
    The GIL is released while the program runs; Ctrl-C (on the main thread) stops it at its next
    operation and raises KeyboardInterrupt. A failed QIR shot raises :class:`qrt.ShotFailedError`.
    """
    _check_shots(shots)
    return _result(_qrt._run(_program(program), device, shots, seed, _params(params)))


def _check_shots(shots: Optional[int]) -> None:
    if shots is not None and shots < 0:
        raise InvalidArgumentError(f"shots must be >= 0, not {shots}", "invalid argument")


def submit(program: ProgramLike, device: str = "statevector.qubit", shots: Optional[int] = None,
           seed: Optional[int] = None, params: Optional[Mapping[str, float]] = None) -> "concurrent.futures.Future[Result]":
    """:func:`qrt.run` on the process's executor (one worker per core, devices from the shared pool):
    returns at once a ``concurrent.futures.Future`` of the :class:`qrt.Result` (or of the error).
    Many submissions run at once on several pooled devices, without the GIL. A device with a
    ``threads`` kwarg gets its share of the cores unless the config sets ``threads``. The future is pending
    until a worker takes the run: ``cancel()`` before then cancels it (the run never starts)."""
    _check_shots(shots)
    future: "concurrent.futures.Future[Result]" = concurrent.futures.Future()

    def deliver(fields: Optional[Dict[str, Any]], error: Optional[BaseException]) -> None:
        if error is not None:
            future.set_exception(error)
            return
        try:
            future.set_result(_result(fields))
        except ShotFailedError as failed:
            future.set_exception(failed)

    _qrt._submit(_program(program), device, shots, seed, _params(params), future.set_running_or_notify_cancel, deliver)
    return future


class Device:
    """A device from the process runtime's pool, by config string (as on the ``qrt`` command line).

    As a context manager it goes back to the pool on exit (reset; an equal config then reuses the
    instance); :meth:`release` does the same. ``run`` applies an OpenQASM program to a fresh start (|0...0>);
    ``state``, ``probabilities``, ``expval`` and ``counts`` then read the final state, qubit k = bit k.
    One thread at a time may use a Device; distinct Devices may run at once (the GIL is released).
    """

    def __init__(self, config: str = "statevector.qubit") -> None:
        self._native = _qrt._NativeDevice(config)
        kwargs = json.loads(self._native.canonical_kwargs or "{}")
        self._single = isinstance(kwargs, dict) and kwargs.get("precision") == "single"

    def __enter__(self) -> "Device":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()

    def release(self) -> None:
        """Gives the instance back to the pool now (reset). Later calls raise :class:`qrt.StateError`."""
        self._native.release()

    @property
    def config(self) -> str:
        """The config string this device was opened with."""
        return self._native.config

    @property
    def name(self) -> str:
        """The device's name, e.g. "statevector.qubit"."""
        return self._native.name

    @property
    def kwargs(self) -> Dict[str, Any]:
        """The instance's canonical kwargs (defaults filled in)."""
        return json.loads(self._native.canonical_kwargs)

    @property
    def num_qubits(self) -> int:
        """Qubits of the last program run (0 before the first run)."""
        return self._native.num_qubits

    def run(self, program: ProgramLike, params: Optional[Mapping[str, float]] = None) -> "Device":
        """Applies an OpenQASM ``program`` from |0...0>, leaving its final state on the device (terminal
        measurements are not applied: sample them with :meth:`counts`). ``params`` binds its free
        parameters. Returns the device. Ctrl-C (main thread) stops it and raises KeyboardInterrupt."""
        self._native.run(_program(program), _params(params))
        return self

    def state(self) -> "numpy.ndarray":
        """The final state: 2^n amplitudes (index bit k = qubit k, the program's global phase included),
        numpy complex128, written straight into the array; complex64 on a ``precision=single`` device
        (converted from the ABI's complex128 copy)."""
        state = self._native.state()
        return state.astype("complex64") if self._single else state

    def probabilities(self) -> "numpy.ndarray":
        """Final-state probabilities: numpy float64 array of 2^n, index bit k = qubit k (as ``qrt run``)."""
        return self._native.probabilities()

    def expval(self, observable: "Union[str, Hamiltonian]") -> float:
        """Expectation value of a Pauli word over all qubits (as ``--expval``: "ZZI", rightmost letter = qubit
        0, or sparse "Z0 Z3"), or of a :class:`qrt.Hamiltonian` or its text ("0.5*Z0 Z1 - 0.2*X3")."""
        return self._native.expval(_observable_text(observable))

    def counts(self, shots: int, seed: Optional[int] = None) -> Dict[str, int]:
        """Samples all qubits ``shots`` times from the final state: ``{bitstring: count}``, qubit 0 rightmost."""
        return self._native.counts(shots, seed)

    def __repr__(self) -> str:
        state = "active" if self._native.active else "released"
        return f"qrt.Device({self._native.config!r}, {state})"


atexit.register(_qrt._shutdown)


def gradient(program: ProgramLike, params: Mapping[str, float],
             observables: Union[str, Hamiltonian, Sequence[Union[str, Hamiltonian]]],
             device: str = "statevector.qubit", method: str = "auto", shots: Optional[int] = None,
             seed: Optional[int] = None) -> Tuple[numpy.ndarray, numpy.ndarray]:
    """Expectation values of ``observables`` after the OpenQASM ``program`` with its free parameters set
    to ``params``, and their Jacobian with respect to those parameters: returns ``(values, jacobian)``,
    numpy float64 arrays of shapes (m,) and (m, p), row i for observable i and column j for the j-th
    parameter of ``params`` (in its order). Observables are Pauli words as ``qrt grad --expval`` takes
    them ("ZZI", qubit 0 rightmost, or "Z0 Z3") or :class:`qrt.Hamiltonian` objects (or their text,
    "0.5*Z0 Z1 - 0.2*X3"): a Hamiltonian is one value and one row; one observable may be given alone.

    ``method``: "adjoint" (one call of the device's adjoint extension: statevector.qubit, no shots),
    "parameter-shift" (shifted circuits on pooled instances at once, any device, with shots too),
    "finite-difference" (a check), or "auto" (adjoint where the device offers it, else parameter-shift).
    ``shots`` overrides the device's; ``seed`` makes a sampled gradient reproducible. The derivative is
    exact through parameter expressions and gate bodies (see docs/gradients.md). Errors as
    :func:`qrt.run` raises them: an unused parameter or a bad word is :class:`qrt.InvalidArgumentError`,
    a parameter in a gate that cannot be differentiated a :class:`qrt.ParseError` quoting the statement,
    adjoint on a device without the extension :class:`qrt.UnsupportedError`."""
    if isinstance(observables, (str, Hamiltonian)):
        observables = [observables]
    if shots is not None and shots < 0:
        raise ValueError("shots must be >= 0")
    if seed is not None and seed < 0:
        raise ValueError("seed must be >= 0")
    pairs = [(str(name), float(value)) for name, value in params.items()]
    values, jacobian, _method = _qrt._gradient(_program(program), pairs, [_observable_text(o) for o in observables], device, method,
                                               shots, seed)
    return values, jacobian
