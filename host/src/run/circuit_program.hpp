// A program in the program model, run as a circuit: what the OpenQASM front end and LoadedProgram::openqasm
// make. Lowerings are kept per device gate set, so a program run again and again on one kind of device (a
// sweep, a variational loop, a batch) is lowered once.
#pragma once

#include <qrt/front_end.hpp>
#include <qrt/program/lowering.hpp>

#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace qrt::run_policy {

class CircuitProgram final : public FrontEndProgram {
 public:
  // Binds free parameters: the program with `binding`'s values (throws program::Error for unknown or
  // missing ones).
  using Binder = std::function<program::Program(const ParameterBinding& binding)>;

  // `circuit` may be null while the program has unbound free parameters (`unbound` is then the error
  // running it without a binding throws).
  CircuitProgram(ProgramInfo info, std::shared_ptr<const program::Program> circuit, Binder binder = {},
                 std::exception_ptr unbound = nullptr);

  const ProgramInfo& info() const override { return info_; }
  const program::Program* circuit() const override { return circuit_.get(); }
  void run(Device& device, const RunPlan& plan, RunResult& result) const override;

 private:
  // The lowering of the unbound-free circuit for `gates` (cached), and the seconds spent on it (0 on a hit).
  std::shared_ptr<const program::LoweredProgram> lowered_for(const program::DeviceGateSet& gates, bool strip,
                                                              double& seconds) const;

  ProgramInfo info_;
  std::shared_ptr<const program::Program> circuit_;
  Binder binder_;
  std::exception_ptr unbound_;

  struct Lowering {
    program::DeviceGateSet gates;
    bool strip;
    std::shared_ptr<const program::LoweredProgram> lowered;
  };
  mutable std::mutex mutex_;
  mutable std::vector<Lowering> lowerings_;  // a handful at most: one per device kind the program met
};

}  // namespace qrt::run_policy
