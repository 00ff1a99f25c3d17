"""Catalyst programs: what PennyLane Catalyst's ``qjit`` compiles (LLVM IR calling Catalyst's runtime),
loaded once and called like the ``qjit`` function, on qrt's devices (see docs/catalyst.md)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy

from . import _qrt


def _as_array(value: Any, index: int) -> numpy.ndarray:
    if isinstance(value, numpy.ndarray):
        array = value
    elif isinstance(value, bool):
        array = numpy.asarray(value, dtype=numpy.bool_)
    elif isinstance(value, int):
        array = numpy.asarray(value, dtype=numpy.int64)
    elif isinstance(value, float):
        array = numpy.asarray(value, dtype=numpy.float64)
    elif isinstance(value, complex):
        array = numpy.asarray(value, dtype=numpy.complex128)
    else:
        try:
            array = numpy.asarray(value)
        except Exception as error:  # pragma: no cover - numpy's own message says why
            raise TypeError(f"argument {index + 1}: {error}") from None
        if array.dtype == object:
            raise TypeError(f"argument {index + 1}: {type(value).__name__} is not a number or an array of numbers")
    return array if array.flags.c_contiguous else numpy.ascontiguousarray(array)


def _value(array: numpy.ndarray) -> Any:
    return array[()] if array.ndim == 0 else array


class CatalystRun:
    """One call in detail: ``results`` (a tuple of NumPy values), ``devices`` (per device_init: the Catalyst
    device asked for and the qrt device that served it), ``printed`` (what the program printed), ``seed``,
    ``exit_status`` (a runtime example's main) and ``seconds``."""

    def __init__(self, native: Tuple[Any, ...]) -> None:
        results, devices, printed, seed, exit_status, seconds = native
        self.results: Tuple[Any, ...] = tuple(_value(r) for r in results)
        self.devices: List[Dict[str, Any]] = list(devices)
        self.printed: str = printed
        self.seed: Optional[int] = seed
        self.exit_status: int = exit_status
        self.seconds: float = seconds

    def __repr__(self) -> str:
        return f"qrt.CatalystRun(results={self.results!r}, devices={[d['config'] for d in self.devices]!r})"


class CatalystProgram:
    """A Catalyst program, compiled once by :func:`qrt.load`: call it with the ``qjit`` function's
    arguments (Python numbers or NumPy arrays) and it returns what ``qjit`` returns, one NumPy value or a
    tuple of them. ``device`` (a qrt config string) replaces the device of every ``device_init``;
    ``shots`` and ``seed`` replace the program's. ``entry`` picks the ``jit_`` function of a module that
    has several (as ``qrt run --entry``)."""

    def __init__(self, path: str, entry: Optional[str] = None) -> None:
        self._native = _qrt._CatalystProgram(path, entry or "")

    @property
    def path(self) -> str:
        return self._native.path

    @property
    def entry(self) -> str:
        """The entry point called: ``jit_<name>``, or ``main`` for Catalyst's runtime examples."""
        return self._native.entry

    @property
    def arguments(self) -> List[Tuple[int, Optional[str]]]:
        """Each argument's rank and NumPy dtype (None where the IR does not show it)."""
        return self._native.arguments

    @property
    def results(self) -> List[Tuple[int, Optional[str]]]:
        """Each result's rank and NumPy dtype."""
        return self._native.results

    def _arrays(self, args: Sequence[Any]) -> Tuple[numpy.ndarray, ...]:
        return tuple(_as_array(a, i) for i, a in enumerate(args))

    def __call__(self, *args: Any, device: Optional[str] = None, shots: Optional[int] = None,
                 seed: Optional[int] = None) -> Any:
        results = self._native.call(self._arrays(args), device, shots, seed)
        if len(results) == 1:
            return _value(results[0])
        return tuple(_value(r) for r in results) if results else None

    def run(self, *args: Any, device: Optional[str] = None, shots: Optional[int] = None,
            seed: Optional[int] = None) -> CatalystRun:
        """The call in detail (:class:`qrt.CatalystRun`); what the program prints is collected, not printed."""
        return CatalystRun(self._native.details(self._arrays(args), device, shots, seed))

    def __repr__(self) -> str:
        return f"qrt.CatalystProgram({self.entry!r}, '{self.path}')"
