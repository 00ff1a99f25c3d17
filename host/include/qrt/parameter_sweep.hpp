// Parameter sweeps: one program run with many bindings of its free parameters (Program::free_parameters,
// qrt/program/parameters.hpp). The program is read once; each point lowers it at its own values.
//
// OpenQASM 2.0 has no circuit parameters. qrt's extension (qasm::ParseOptions::free_parameters): an
// identifier with no other meaning may appear in the expressions of top-level gate arguments, e.g.
//   rx(theta/2) q[0];   cu1(-2*phi) q[0], q[1];
// and a binding gives its value.
//
// A sweep is a grid: each axis is a name and its values, and the grid is their Cartesian product in
// row-major order (the last axis varies fastest). Axis specs, as `qrt batch --param` takes them:
//   theta=0.1,0.2,0.3      listed values
//   theta=0:pi:5           5 evenly spaced values from 0 to pi, both included (start:stop:count)
// A value is a real number (1, -0.5, 2e-3) or a multiple of pi: pi, -pi, 2*pi, pi/4, 3*pi/4.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/program/parameters.hpp>
#include <qrt/program/program.hpp>

#include <cstddef>
#include <future>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

using ParameterBinding = program::ParameterBinding;

struct SweepAxis {
  std::string name;
  std::vector<double> values;
};

// Parses "name=v1,v2,..." or "name=start:stop:count". Throws qrt::Error(InvalidArgument) quoting the
// spec and saying what is wrong (bad name, reserved name, bad value, count < 1, ...).
SweepAxis parse_sweep_axis(std::string_view spec);

class ParameterGrid {
 public:
  ParameterGrid() = default;  // one point that binds nothing
  // Throws qrt::Error(InvalidArgument) for a repeated name, an axis without values or a grid of more
  // than 2^32 points.
  explicit ParameterGrid(std::vector<SweepAxis> axes);

  std::size_t size() const noexcept { return size_; }
  const std::vector<SweepAxis>& axes() const noexcept { return axes_; }
  // The binding of point `index`; throws qrt::Error(OutOfRange) when index >= size().
  ParameterBinding point(std::size_t index) const;

 private:
  std::vector<SweepAxis> axes_;
  std::size_t size_ = 1;
};

// Submits one run of `program` per grid point; future i belongs to point i. Point i runs with the grid's
// binding narrowed to the program's free parameters (program::used_parameters: a name the program does not
// use is ignored), so a free parameter the grid leaves unbound fails every point's future with the
// model's error. With request.seed set, point i runs with derive_seed(*request.seed, i). Throws at once
// only for a config that does not resolve.
std::vector<std::future<RunResult>> submit_sweep(Executor& executor, std::string_view device_config,
                                                 const LoadedProgram& program, const ParameterGrid& grid,
                                                 const RunRequest& request = {});

}  // namespace qrt
