// The gradient lowering: a Program whose top-level arguments may be symbolic (Program::symbolic_arguments)
// lowered to a device's gates such that every angle that depends on a named parameter is the single
// parameter of a native gate the gradient method can differentiate, carrying its exact partial derivatives
// with respect to the named parameters (the chain rule through the expressions and the gate bodies).
// Operations that depend on no parameter are lowered by program::lower, exactly as `qrt run` would.
#pragma once

#include "gradient/dual.hpp"

#include <qrt/program/lowering.hpp>
#include <qrt/program/program.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace qrt::gradient_detail {

// Parameter `param` of Gate operation `op` of the lowered circuit depends on the named parameters.
struct TrainableAngle {
  std::uint32_t op = 0;
  std::uint32_t param = 0;
  Partials partials;  // d(angle) / d(named parameter), by Jacobian column
};

struct DifferentiableCircuit {
  program::LoweredProgram lowered;        // Gate / Matrix operations only (no measure, reset, barrier, condition)
  std::vector<TrainableAngle> trainable;  // in operation order, distinct (op, param)
};

struct GradientLoweringOptions {
  std::vector<std::string> differentiable;  // native gates whose angle may depend on a parameter
  std::string method;                       // "the adjoint method", for messages
  bool allow_terminal_measurements = true;  // false: any measure or reset is an error
  std::size_t max_operations = std::size_t{1} << 24;
};

// `inputs[k]` is the value (and unit derivative) of program.free_parameters[k]; `columns` names the
// Jacobian's columns, for messages. Throws program::Error quoting the statement for a parameter that reaches
// a gate that cannot be differentiated (naming the parameter and the gate), measurements and resets as
// the options say, an `if`, expression errors and gates the device cannot run.
DifferentiableCircuit lower_for_gradient(const program::Program& program, const program::DeviceGateSet& device,
                                         std::span<const Dual> inputs, std::span<const std::string> columns,
                                         const GradientLoweringOptions& options);

}  // namespace qrt::gradient_detail
