// qrt.gradient: qrt::gradient on the process runtime's pool (executors of its own: the adjoint call gets
// every core, the shifted runs one instance per core), the GIL released while it runs; the values and
// the Jacobian come back as NumPy arrays (rows: observables, columns: parameters in the given order).
#include "bindings.hpp"

#include <qrt/gradient.hpp>

namespace qrt::python {
namespace {

py::tuple gradient(const std::shared_ptr<Program>& program, const std::vector<std::pair<std::string, double>>& params,
                   const std::vector<std::string>& observables, const std::string& device, const std::string& method,
                   std::optional<std::uint64_t> shots, std::optional<std::uint64_t> seed) {
  if (program->kind() != ProgramKind::OpenQasm)
    throw Error(ErrorCode::InvalidArgument,
                "qrt.gradient differentiates OpenQASM programs; " + program->name() + " is QIR");
  GradientOptions options;
  options.method = parse_gradient_method(method);
  options.shots = shots;
  options.seed = seed;
  GradientResult result;
  {
    py::gil_scoped_release unlocked;
    result = qrt::gradient(*runtime(), device, program->parsed(), params, observables, options);
  }
  auto values = to_numpy(std::move(result.expvals));
  const auto rows = static_cast<py::ssize_t>(result.observables.size());
  const auto cols = static_cast<py::ssize_t>(result.parameters.size());
  auto jacobian = to_numpy(std::move(result.jacobian)).reshape({rows, cols});
  return py::make_tuple(values, jacobian, std::string(to_string(result.method)));
}

}  // namespace

void bind_gradient(py::module_& m) {
  m.def("_gradient", &gradient, py::arg("program"), py::arg("params"), py::arg("observables"), py::arg("device"),
        py::arg("method"), py::arg("shots"), py::arg("seed"));
}

}  // namespace qrt::python
