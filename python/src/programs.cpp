// qrt.Program: a program of any front end (qrt::LoadedProgram), parsed or compiled once and run many times.
// The front end is chosen by content as `qrt run` does (qrt::load_program).
#include "bindings.hpp"

#include <qrt/load_program.hpp>

namespace qrt::python {

Program Program::load(const std::string& path) {
  if (program_kind(path) == ProgramKind::Catalyst)
    throw Error(ErrorCode::InvalidArgument, path +
                                                " is a Catalyst program (qjit output): qrt.load(path) returns it as a "
                                                "qrt.CatalystProgram, called like the qjit function");
  py::gil_scoped_release unlocked;  // compiling takes a while
  return Program(load_program(path));
}

Program Program::from_qasm(const std::string& source, const std::string& name) {
  return Program(load_openqasm(source, name));
}

const std::vector<std::string>& Program::parameters() const {
  static const std::vector<std::string> kNone;
  const auto& circuit = loaded_.circuit();
  return circuit ? circuit->free_parameters : kNone;
}

std::size_t Program::num_qubits() const { return loaded_.info().num_qubits; }

std::string Program::repr() const {
  return std::string("qrt.Program(") + (kind() == ProgramKind::Qir ? "QIR" : "OpenQASM") + ", '" + name() + "')";
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
      .def_property_readonly(
          "kind", [](const Program& p) { return p.kind() == ProgramKind::Qir ? "qir" : "openqasm"; },
          "'openqasm' or 'qir'.")
      .def_property_readonly("name", &Program::name, "The file it was loaded from, or the name given to from_qasm.")
      .def_property_readonly("num_qubits", &Program::num_qubits,
                             "Qubits the program declares (QIR: its required_num_qubits).")
      .def_property_readonly("parameters", &Program::parameters,
                             "OpenQASM: the free parameters, in the order of their first use; QIR: [].")
      .def_property_readonly(
          "entry",
          [](const Program& p) -> py::object {
            const std::string& entry = p.loaded().info().entry;
            return entry.empty() ? py::object(py::none()) : py::object(py::str(entry));
          },
          "QIR: the entry point's name; None for OpenQASM.")
      .def_property_readonly(
          "path", [](const Program& p) { return p.loaded().info().path; },
          "How it runs: 'circuit' (OpenQASM), 'lowered' (a straight-line QIR program read as a circuit) or 'jit' "
          "(compiled QIR), as `qrt run -o json` reports it.")
      .def("__repr__", &Program::repr);
}

}  // namespace qrt::python
