"""The exceptions qrt raises. Every one derives from :class:`qrt.Error`; messages are those the ``qrt``
CLI prints after ``qrt: error:``."""

from __future__ import annotations

from typing import Optional


class Error(Exception):
    """Base class of every qrt error. ``code`` names libqrt's error code (e.g. ``"config"``)."""

    def __init__(self, message: str, code: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class ConfigError(Error, ValueError):
    """A malformed config string, or kwargs the device's schema refuses (a misspelt kwarg names the
    nearest valid one)."""


class DeviceNotFoundError(Error, LookupError):
    """No plugin offers the device (or library) named, or two libraries offer the same name."""


class InvalidArgumentError(Error, ValueError):
    """An argument libqrt refuses: a bad Pauli word, parameter, shot count..."""


class OutOfMemoryError(Error, MemoryError):
    """The device's state or a result does not fit in the memory this process may use."""


class UnsupportedError(Error):
    """The device does not implement what was asked (e.g. no state vector)."""


class PluginError(Error, RuntimeError):
    """A plugin failed: it could not be loaded, or it reported an internal error."""


class StateError(Error, RuntimeError):
    """A call out of order: a released device, results before a run, a mid-circuit measurement where a
    final state is needed..."""


class ParseError(Error, ValueError):
    """A program that does not parse or compile. For OpenQASM ``file``, ``line`` and ``column`` say where
    (the message quotes the line, with a caret under the column); for QIR the message carries LLVM's
    position."""

    def __init__(self, message: str, file: Optional[str] = None, line: Optional[int] = None,
                 column: Optional[int] = None) -> None:
        super().__init__(message, "parse")
        self.file = file
        self.line = line
        self.column = column


class ShotFailedError(Error, RuntimeError):
    """A QIR shot failed (the program called ``fail``, or the device refused an operation). ``result``
    holds the :class:`qrt.Result` up to and including the failed shot, ``output`` its text."""

    def __init__(self, message: str, result: object = None) -> None:
        super().__init__(message, "shot failed")
        self.result = result
