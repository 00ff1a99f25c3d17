// The OpenQASM front end as the run policy sees it: a circuit parsed once, its free parameters left free (each
// run binds them: RunRequest::params).
#include <qrt/load_program.hpp>

#include "run/circuit_program.hpp"

#include <qrt/qasm/parser.hpp>

#include <chrono>

namespace qrt {
namespace {

template <class Parse>
LoadedProgram make(const std::string& name, Parse&& parse) {
  qasm::ParseOptions options;
  options.free_parameters = true;
  const auto start = std::chrono::steady_clock::now();
  auto circuit = std::make_shared<const program::Program>(parse(options));
  ProgramInfo info;
  info.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  info.kind = ProgramKind::OpenQasm;
  info.name = name;
  info.num_qubits = circuit->num_qubits;
  info.num_results = circuit->num_clbits;
  for (const auto& w : circuit->warnings) info.warnings.push_back(w.format());
  return LoadedProgram(std::make_shared<const run_policy::CircuitProgram>(std::move(info), std::move(circuit)));
}

}  // namespace

LoadedProgram load_openqasm(std::string_view source, const std::string& name) {
  return make(name, [&](const qasm::ParseOptions& options) { return qasm::parse_string(source, name, options); });
}

LoadedProgram load_openqasm_file(const std::filesystem::path& file) {
  return make(file.string(), [&](const qasm::ParseOptions& options) { return qasm::parse_file(file, options); });
}

}  // namespace qrt
