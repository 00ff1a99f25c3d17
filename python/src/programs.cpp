// qrt.Program: an OpenQASM or QIR program, parsed (or compiled) once and run many times. The front end is
// chosen by content as `qrt run` does (qrt::program_kind).
#include "bindings.hpp"

#include <qrt/program/error.hpp>
#include <qrt/qasm/parser.hpp>

#include <fstream>
#include <sstream>

namespace qrt::python {
namespace {

// An OpenQASM program parsed without a binding. A program with free parameters (sweep identifiers)
// fails to parse until they are bound; its error is kept and raised when it is run without them.
void parse_unbound(const std::string& source, const std::string& name, std::shared_ptr<const program::Program>& parsed,
                   std::exception_ptr& unbound) {
  try {
    parsed = std::make_shared<const program::Program>(qasm::parse_string(source, name));
  } catch (const program::Error& e) {
    if (e.message().rfind("unknown identifier", 0) != 0) throw;
    unbound = std::current_exception();
  }
}

}  // namespace

Program Program::load(const std::string& path) {
  Program p;
  p.name_ = path;
  p.kind_ = program_kind(path);
  if (p.kind_ == ProgramKind::Catalyst)
    throw Error(ErrorCode::InvalidArgument, path + " is a Catalyst program (qjit output): qrt.load(path) returns it as a "
                                                   "qrt.CatalystProgram, called like the qjit function");
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
  std::ifstream in(path, std::ios::binary);
  if (!in) (void)qasm::parse_file(path);  // throws the parser's message for a file it cannot read
  std::ostringstream text;
  text << in.rdbuf();
  p.source_ = text.str();
  parse_unbound(p.source_, p.name_, p.parsed_, p.unbound_);
  return p;
}

Program Program::from_qasm(const std::string& source, const std::string& name) {
  Program p;
  p.name_ = name;
  p.source_ = source;
  parse_unbound(p.source_, p.name_, p.parsed_, p.unbound_);
  return p;
}

std::shared_ptr<const program::Program> Program::qasm(const ParameterBinding& params) const {
  if (kind_ != ProgramKind::OpenQasm)
    throw Error(ErrorCode::InvalidArgument, name_ + " is a QIR program; only OpenQASM programs run on a qrt.Device");
  if (!params.empty()) return std::make_shared<const program::Program>(qrt::bind_program(source_, name_, params));
  if (unbound_) std::rethrow_exception(unbound_);
  return parsed_;
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
identifiers such as ``theta`` in ``rx(theta/2) q[0];``): bind them with ``params={"theta": 0.5}``
when running it.)doc")
      .def_static("load", &Program::load, py::arg("path"),
                  "Loads a program file: OpenQASM, or QIR when it is LLVM IR text or bitcode (chosen by content).")
      .def_static("from_qasm", &Program::from_qasm, py::arg("source"), py::arg("name") = "<input>",
                  "Parses OpenQASM 2.0 source text; `name` appears in error messages and anchors relative includes.")
      .def_property_readonly("kind", [](const Program& p) { return p.kind() == ProgramKind::Qir ? "qir" : "openqasm"; },
                             "'openqasm' or 'qir'.")
      .def_property_readonly("name", &Program::name, "The file it was loaded from, or the name given to from_qasm.")
      .def_property_readonly("num_qubits", &Program::num_qubits,
                             "Qubits the program declares (QIR: its required_num_qubits; 0 while free parameters are unbound).")
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
