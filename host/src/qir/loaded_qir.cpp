// The QIR front end as the run policy sees it (qrt/front_end.hpp): a loaded qir::Program run shot by shot
// (compiled) or as a circuit (lowered), its shots' records in the RunResult.
#include "qir/loaded_qir.hpp"

#include <qrt/front_end.hpp>
#include <qrt/run.hpp>

namespace qrt::qir {
namespace {

class LoadedQir final : public FrontEndProgram {
 public:
  explicit LoadedQir(Program program) : program_(std::move(program)) {
    info_.kind = ProgramKind::Qir;
    info_.name = program_.file().string();
    info_.num_qubits = program_.required_qubits();
    info_.num_results = program_.required_results();
    info_.path = program_.lowered() ? "lowered" : "jit";
    info_.jit_reason = program_.jit_reason();
    info_.entry = program_.entry_name();
    info_.metadata = program_.metadata();
    info_.shot_by_shot = true;
    info_.load_seconds = program_.load_seconds();
    info_.compile_seconds = program_.compile_seconds();
  }

  const ProgramInfo& info() const override { return info_; }

  void run(Device& device, const RunPlan& plan, qrt::RunResult& result) const override {
    RunOptions options;
    options.shots = plan.shots;
    options.seed = plan.seed;
    options.seed_optional = plan.seed_optional;
    options.progress = plan.progress;
    options.on_shot = plan.request.on_shot;
    qir::RunResult ran = qir::run(program_, device, options);
    result.shots = plan.shots;
    for (const auto& shot : ran.shots)
      if (!shot.failed) ++result.counts[outcome_key(shot)];
    result.shot_outputs = std::move(ran.shots);
    result.run_seconds = ran.run_seconds;
  }

  const Program& program() const { return program_; }

 private:
  Program program_;
  ProgramInfo info_;
};

}  // namespace

LoadedProgram load(const std::filesystem::path& file, const LoadOptions& options) {
  return LoadedProgram(std::make_shared<const LoadedQir>(Program::load(file, options)));
}

}  // namespace qrt::qir
