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

std::vector<Tensor> LoadedProgram::arguments_from_json(std::span<const std::string> texts) const {
  return program_->arguments_from_json(texts);
}

std::vector<Tensor> FrontEndProgram::arguments_from_json(std::span<const std::string> texts) const {
  if (!texts.empty())
    throw RequestError("arguments apply to programs whose entry takes some (Catalyst's); " + info().name +
                       " takes none");
  return {};
}

void FrontEndProgram::run_on_own_devices(const std::optional<DeviceSpec>&, const RunPlan&, RunResult&) const {
  throw RequestError(info().name + " runs on a device: give one");
}

const std::shared_ptr<const program::Program>& FrontEndProgram::circuit() const {
  static const std::shared_ptr<const program::Program> kNone;
  return kNone;
}

}  // namespace qrt
