// qrt::LoadedProgram — a program of any front end (OpenQASM, QIR, Catalyst), parsed or compiled once and
// run many times through qrt::run (<qrt/run.hpp>). Make one with qrt::load_program (<qrt/load_program.hpp>:
// the front end is chosen by the file's content) or LoadedProgram::openqasm for a circuit already parsed.
// Copies share the program; a LoadedProgram may be run from many threads at once.
#pragma once

#include <qrt/program/parameters.hpp>
#include <qrt/program/program.hpp>
#include <qrt/program_kind.hpp>
#include <qrt/shot_output.hpp>
#include <qrt/tensor.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace qrt {

class FrontEndProgram;  // <qrt/front_end.hpp>

using program::ParameterBinding;  // <qrt/program/parameters.hpp>

// What a front end tells about a program it loaded.
struct ProgramInfo {
  ProgramKind kind = ProgramKind::OpenQasm;
  std::string name;  // the file it came from, or the name given with its source
  std::uint64_t num_qubits = 0;
  std::uint64_t num_results = 0;  // QIR's required_num_results; OpenQASM: classical bits
  // How it runs: "circuit" (OpenQASM), "lowered" (a QIR program read as a circuit), "jit" (compiled code).
  std::string path = "circuit";
  std::string jit_reason;  // why it was compiled, when path is "jit"
  std::string entry;       // the entry point (QIR, Catalyst); empty for OpenQASM
  std::vector<MetadataEntry> metadata;
  // A shot-by-shot program (compiled code) needs shots >= 1 and reports per-shot output, not a final state.
  bool shot_by_shot = false;
  // The program opens its own devices (Catalyst: device_init) and returns values (RunResult::values).
  bool opens_own_devices = false;
  std::vector<std::string> warnings;  // formatted diagnostics the front end found while loading
  double load_seconds = 0, compile_seconds = 0;
};

class LoadedProgram {
 public:
  explicit LoadedProgram(std::shared_ptr<const FrontEndProgram> program);
  // A parsed OpenQASM circuit (or any program of the model), named `name` in messages.
  static LoadedProgram openqasm(std::shared_ptr<const program::Program> circuit, std::string name);

  const ProgramInfo& info() const;
  ProgramKind kind() const { return info().kind; }
  const std::string& name() const { return info().name; }
  // The circuit in the program model, when the front end read the program as one (OpenQASM); null for
  // compiled code. Its free parameters (Program::free_parameters) are what RunRequest::params binds.
  const std::shared_ptr<const program::Program>& circuit() const;
  const FrontEndProgram& front_end() const { return *program_; }
  // The entry's arguments from their JSON texts (`qrt run --arg`), typed as the program shows; throws
  // qrt::RequestError naming the argument for a wrong count, shape or type, and for any argument given to a
  // program whose entry takes none.
  std::vector<Tensor> arguments_from_json(std::span<const std::string> texts) const;

 private:
  std::shared_ptr<const FrontEndProgram> program_;
};

}  // namespace qrt
