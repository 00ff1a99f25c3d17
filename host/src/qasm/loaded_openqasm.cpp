// The OpenQASM front end as the run policy sees it: a parsed circuit, and binding its free parameters.
#include <qrt/load_program.hpp>

#include "run/circuit_program.hpp"

#include <qrt/error.hpp>
#include <qrt/program/error.hpp>
#include <qrt/qasm/parser.hpp>

#include <chrono>
#include <fstream>
#include <sstream>

namespace qrt {
namespace {

// Parses without a binding. A program with free parameters fails to parse until they are bound: its error
// is kept, and thrown when it runs without them.
LoadedProgram make(std::shared_ptr<const std::string> source, const std::string& name, const ParameterBinding& params) {
  std::shared_ptr<const program::Program> circuit;
  std::exception_ptr unbound;
  const auto start = std::chrono::steady_clock::now();
  try {
    qasm::ParseOptions options;
    options.parameter_values = params;
    circuit = std::make_shared<const program::Program>(qasm::parse_string(*source, name, options));
  } catch (const program::Error& e) {
    if (!params.empty() || e.message().rfind("unknown identifier", 0) != 0) throw;
    unbound = std::current_exception();
  }
  ProgramInfo info;
  info.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  info.kind = ProgramKind::OpenQasm;
  info.name = name;
  if (circuit) {
    info.num_qubits = circuit->num_qubits;
    info.num_results = circuit->num_clbits;
    for (const auto& w : circuit->warnings) info.warnings.push_back(w.format());
  }
  auto binder = [source, name](const ParameterBinding& binding) {
    qasm::ParseOptions options;
    options.parameter_values = binding;
    return qasm::parse_string(*source, name, options);
  };
  return LoadedProgram(std::make_shared<const run_policy::CircuitProgram>(std::move(info), std::move(circuit),
                                                                           std::move(binder), std::move(unbound)));
}

}  // namespace

LoadedProgram load_openqasm(std::string_view source, const std::string& name, const ParameterBinding& params) {
  return make(std::make_shared<const std::string>(source), name, params);
}

LoadedProgram load_openqasm_file(const std::filesystem::path& file, const ParameterBinding& params) {
  std::ifstream in(file, std::ios::binary);
  if (!in) (void)qasm::parse_file(file);  // throws the parser's message for a file it cannot read
  std::ostringstream text;
  text << in.rdbuf();
  return make(std::make_shared<const std::string>(text.str()), file.string(), params);
}

}  // namespace qrt
