// The module qrt._qrt; the public API is qrt/__init__.py, which wraps these.
#include "bindings.hpp"

PYBIND11_MODULE(_qrt, m) {
  namespace py = pybind11;
  m.doc() = "qrt's native extension (use the `qrt` package).";
  m.attr("__version__") = QRT_VERSION_STRING;
  m.attr("has_qir") =
#ifdef QRT_HAVE_QIR
      true;
#else
      false;
#endif
  qrt::python::register_error_translator();
  m.def("_devices_json", [] { return qrt::devices_json(*qrt::python::runtime()); });
  m.def("_library_version", [] { return std::string(qrt::version()); });
  qrt::python::bind_program_class(m);
  qrt::python::bind_device(m);
  qrt::python::bind_runs(m);
  qrt::python::bind_gradient(m);
  qrt::python::bind_hamiltonian(m);
#ifdef QRT_HAVE_QIR
  qrt::python::bind_catalyst(m);
#endif
}
