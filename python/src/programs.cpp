// qrt.Program: an OpenQASM or QIR program, parsed (or compiled) once and run many times. The front end is
// chosen by content as `qrt run` does (qrt::program_kind).
#include "bindings.hpp"

#include <qrt/program/parameters.hpp>
#include <qrt/qasm/parser.hpp>

namespace qrt::python {
namespace {

// OpenQASM programs are parsed once with their free parameters (sweep identifiers) left free: each run
// binds them.
qasm::ParseOptions parse_options() {
  qasm::ParseOptions options;
  options.free_parameters = true;
  return options;
}

}  // namespace

Program Program::load(const std::string& path) {
  Program p;
  p.name_ = path;
  p.kind_ = program_kind(path);
  if (p.kind_ == ProgramKind::Qir) {
#ifdef QRT_HAVE_QIR
    py::gil_scoped_release unlocked;  // compiling takes a while
    p.qir_ = std::make_shared<const qir::Program>(qir::Program::load(path));
    return p;
#else
    throw Error(ErrorCode::Unsupported,
                path + " is a QIR program (LLVM IR), but this qrt was built without the QIR front end "
                       "(it needs LLVM 19: Debian's llvm-19-dev)");
#endif
  }
  p.parsed_ = std::make_shared<const program::Program>(qasm::parse_file(path, parse_options()));
  return p;
}

Program Program::from_qasm(const std::string& source, const std::string& name) {
  Program p;
  p.name_ = name;
  p.parsed_ = std::make_shared<const program::Program>(qasm::parse_string(source, name, parse_options()));
  return p;
}

std::shared_ptr<const program::Program> Program::qasm(const ParameterBinding& params) const {
  if (kind_ != ProgramKind::OpenQasm)
    throw Error(ErrorCode::InvalidArgument, name_ + " is a QIR program; only OpenQASM programs run on a qrt.Device");
  if (params.empty() && parsed_->free_parameters.empty()) return parsed_;
  return std::make_shared<const program::Program>(program::bind(*parsed_, params));
}

const std::vector<std::string>& Program::parameters() const {
  static const std::vector<std::string> kNone;
  return parsed_ ? parsed_->free_parameters : kNone;
}

std::size_t Program::num_qubits() const {
#ifdef QRT_HAVE_QIR
  if (qir_) return qir_->required_qubits();
#endif
  return parsed_ ? parsed_->num_qubits : 0;
}

std::string Program::repr() const {
  return std::string("qrt.Program(") + (kind_ == ProgramKind::Qir ? "QIR" : "OpenQASM") + ", '" + name_ + "')";
}

void bind_program_class(py::module_& m) {
  py::class_<Program, std::shared_ptr<Program>>(m, "Program", R"doc(
A quantum program, parsed once and run many times: OpenQASM 2.0 or QIR (LLVM IR text or bitcode).

Create one with ``qrt.load(path)`` (the front end is chosen by the file's content, as ``qrt run``
does) or ``qrt.Program.from_qasm(text)``. An OpenQASM program may use free parameters (sweep
identifiers such as ``theta`` in ``rx(theta/2) q[0];``): ``parameters`` names them; bind every one
with ``params={"theta": 0.5}`` when running it.)doc")
      .def_static("load", &Program::load, py::arg("path"),
                  "Loads a program file: OpenQASM, or QIR when it is LLVM IR text or bitcode (chosen by content).")
      .def_static("from_qasm", &Program::from_qasm, py::arg("source"), py::arg("name") = "<input>",
                  "Parses OpenQASM 2.0 source text; `name` appears in error messages and anchors relative includes.")
      .def_property_readonly("kind", [](const Program& p) { return p.kind() == ProgramKind::Qir ? "qir" : "openqasm"; },
                             "'openqasm' or 'qir'.")
      .def_property_readonly("name", &Program::name, "The file it was loaded from, or the name given to from_qasm.")
      .def_property_readonly("num_qubits", &Program::num_qubits,
                             "Qubits the program declares (QIR: its required_num_qubits).")
      .def_property_readonly("parameters", &Program::parameters,
                             "OpenQASM: the free parameters, in the order of their first use; QIR: [].")
      .def_property_readonly("entry",
                             [](const Program& p) -> py::object {
#ifdef QRT_HAVE_QIR
                               if (p.qir()) return py::str(p.qir()->entry_name());
#endif
                               (void)p;
                               return py::none();
                             },
                             "QIR: the entry point's name; None for OpenQASM.")
      .def("__repr__", &Program::repr);
}

}  // namespace qrt::python
