// A program in the program model, run as a circuit: what the OpenQASM front end and LoadedProgram::openqasm
// make. A circuit without free parameters is lowered once per device gate set, so a program run again and
// again on one kind of device (a batch, a variational loop, repeated submissions) is lowered once; one with
// free parameters is lowered at each run's values (binding is part of lowering: qrt/program/parameters.hpp).
#pragma once

#include <qrt/front_end.hpp>
#include <qrt/program/lowering.hpp>

#include <memory>
#include <mutex>
#include <vector>

namespace qrt::run_policy {

class CircuitProgram final : public FrontEndProgram {
 public:
  CircuitProgram(ProgramInfo info, std::shared_ptr<const program::Program> circuit);

  const ProgramInfo& info() const override { return info_; }
  const std::shared_ptr<const program::Program>& circuit() const override { return circuit_; }
  void run(Device& device, const RunPlan& plan, RunResult& result) const override;

 private:
  // The lowering for `gates` and the run's options, and the seconds spent on it (0 on a cache hit).
  std::shared_ptr<const program::LoweredProgram> lowered_for(const program::DeviceGateSet& gates,
                                                             const RunOptions& options, double& seconds) const;

  ProgramInfo info_;
  std::shared_ptr<const program::Program> circuit_;

  struct Lowering {
    program::DeviceGateSet gates;
    bool strip;
    std::shared_ptr<const program::LoweredProgram> lowered;
  };
  mutable std::mutex mutex_;
  mutable std::vector<Lowering> lowerings_;  // a handful at most: one per device kind the program met
};

}  // namespace qrt::run_policy
