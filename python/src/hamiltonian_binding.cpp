// qrt.Hamiltonian: qrt::Hamiltonian (real coefficients and Pauli words; its text form parsed by libqrt).
// Coefficients come from any iterable of numbers (NumPy arrays too); a complex one with a non-zero
// imaginary part is refused naming its term, as libqrt refuses every other bad input.
#include "bindings.hpp"

#include <qrt/error.hpp>
#include <qrt/hamiltonian.hpp>

#include <sstream>

namespace qrt::python {
namespace {

double real_coefficient(py::handle value, std::size_t term) {
  const std::string where = "Hamiltonian term " + std::to_string(term + 1) + ": the coefficient ";
  if (!PyNumber_Check(value.ptr()) || py::isinstance<py::str>(value))
    throw Error(ErrorCode::InvalidArgument, where + py::repr(value).cast<std::string>() + " is not a number");
  const Py_complex z = PyComplex_AsCComplex(value.ptr());
  if (PyErr_Occurred()) throw py::error_already_set();
  if (z.imag != 0.0) {
    std::ostringstream text;
    text << where << py::repr(value).cast<std::string>()
         << " is complex: coefficients are real numbers (a Hamiltonian is Hermitian)";
    throw Error(ErrorCode::InvalidArgument, text.str());
  }
  return z.real;
}

Hamiltonian make(const py::iterable& coefficients, const py::iterable& words) {
  if (py::isinstance<py::str>(words))
    throw Error(ErrorCode::InvalidArgument, "Hamiltonian: words must be a sequence of Pauli words, not one str");
  std::vector<double> c;
  for (py::handle value : coefficients) c.push_back(real_coefficient(value, c.size()));
  std::vector<std::string> w;
  for (py::handle word : words) {
    if (!py::isinstance<py::str>(word))
      throw Error(ErrorCode::InvalidArgument, "Hamiltonian term " + std::to_string(w.size() + 1) + ": the word " +
                                                  py::repr(word).cast<std::string>() + " is not a str");
    w.push_back(word.cast<std::string>());
  }
  return Hamiltonian(std::move(c), std::move(w));
}

std::string repr(const Hamiltonian& h) {
  constexpr std::size_t kShown = 8;
  if (h.size() <= kShown) return "qrt.Hamiltonian(" + py::repr(py::str(h.to_string())).cast<std::string>() + ")";
  return "<qrt.Hamiltonian of " + std::to_string(h.size()) + " terms>";
}

}  // namespace

void bind_hamiltonian(py::module_& m) {
  py::class_<Hamiltonian>(m, "Hamiltonian")
      .def(py::init(&make), py::arg("coeffs"), py::arg("words"))
      .def_static("parse", &Hamiltonian::parse, py::arg("text"))
      .def_static("_parse_lines", &Hamiltonian::parse_lines, py::arg("text"), py::arg("source"))
      .def_property_readonly("coeffs",
                             [](const Hamiltonian& h) { return to_numpy(std::vector<double>(h.coefficients())); })
      .def_property_readonly("words", &Hamiltonian::words)
      .def("__len__", &Hamiltonian::size)
      .def("__str__", &Hamiltonian::to_string)
      .def("__repr__", &repr);
}

}  // namespace qrt::python
