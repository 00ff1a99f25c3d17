#include <qrt/loaded_program.hpp>

#include "run/circuit_program.hpp"

#include <qrt/error.hpp>
#include <qrt/front_end.hpp>

namespace qrt {

LoadedProgram::LoadedProgram(std::shared_ptr<const FrontEndProgram> program) : program_(std::move(program)) {
  if (!program_) throw Error(ErrorCode::InvalidArgument, "LoadedProgram: the program is null");
}

LoadedProgram LoadedProgram::openqasm(std::shared_ptr<const program::Program> circuit, std::string name) {
  if (!circuit) throw Error(ErrorCode::InvalidArgument, "LoadedProgram::openqasm: the program is null");
  ProgramInfo info;
  info.kind = ProgramKind::OpenQasm;
  info.name = std::move(name);
  info.num_qubits = circuit->num_qubits;
  info.num_results = circuit->num_clbits;
  for (const auto& w : circuit->warnings) info.warnings.push_back(w.format());
  return LoadedProgram(std::make_shared<const run_policy::CircuitProgram>(std::move(info), std::move(circuit)));
}

const ProgramInfo& LoadedProgram::info() const { return program_->info(); }
const std::shared_ptr<const program::Program>& LoadedProgram::circuit() const { return program_->circuit(); }

const std::shared_ptr<const program::Program>& FrontEndProgram::circuit() const {
  static const std::shared_ptr<const program::Program> kNone;
  return kNone;
}

}  // namespace qrt
