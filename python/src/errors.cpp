// C++ exceptions -> the qrt.Error hierarchy of qrt/_errors.py, with libqrt's messages unchanged (the
// CLI prints the same text after "qrt: error: ").
#include "bindings.hpp"

#include <qrt/program/error.hpp>

#include <new>

namespace qrt::python {
namespace {

const char* class_of(ErrorCode code) {
  switch (code) {
    case ErrorCode::Config: return "ConfigError";
    case ErrorCode::NotFound:
    case ErrorCode::Ambiguous: return "DeviceNotFoundError";
    case ErrorCode::InvalidArgument:
    case ErrorCode::OutOfRange: return "InvalidArgumentError";
    case ErrorCode::OutOfMemory: return "OutOfMemoryError";
    case ErrorCode::Unsupported: return "UnsupportedError";
    case ErrorCode::Internal:
    case ErrorCode::LoadFailed: return "PluginError";
    case ErrorCode::FailedPrecondition:
    case ErrorCode::State: return "StateError";
  }
  return "Error";
}

py::object error_class(const char* name) { return py::module_::import("qrt._errors").attr(name); }

void raise(const py::object& cls, const py::tuple& args) { PyErr_SetObject(cls.ptr(), args.ptr()); }

// The message `qrt` prints for an allocation of the host's own that failed (host/cli/main.cpp).
constexpr const char* kOutOfMemory =
    "out of memory (the result or the program does not fit in the memory this process may use; see ulimit -v "
    "and the cgroup's memory.max)";

// Sets the Python error for one of qrt's own exceptions; false (nothing set) for any other.
bool set_error(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const program::Error& e) {
    raise(error_class("ParseError"), py::make_tuple(e.what(), e.file(), e.line(), e.column()));
  } catch (const ProgramLoadError& e) {
    raise(error_class("ParseError"), py::make_tuple(e.what(), py::none(), py::none(), py::none()));
  } catch (const Error& e) {
    raise(error_class(class_of(e.code())), py::make_tuple(e.what(), to_string(e.code())));
  } catch (const std::bad_alloc&) {
    raise(error_class("OutOfMemoryError"), py::make_tuple(kOutOfMemory, "out of memory"));
  } catch (...) {
    return false;
  }
  return true;
}

}  // namespace

void register_error_translator() {
  // Anything not qrt's own (pybind11's error_already_set included) is rethrown for pybind11 to translate.
  py::register_exception_translator([](std::exception_ptr error) {
    if (!set_error(error)) std::rethrow_exception(error);
  });
}

py::object exception_object(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const py::error_already_set& e) {
    return e.value();
  } catch (...) {
  }
  if (!set_error(error)) {
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    } catch (...) {
      PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
    }
  }
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;
  PyErr_Fetch(&type, &value, &trace);
  PyErr_NormalizeException(&type, &value, &trace);
  if (trace) PyException_SetTraceback(value, trace);
  Py_XDECREF(type);
  Py_XDECREF(trace);
  return py::reinterpret_steal<py::object>(value);
}

}  // namespace qrt::python
