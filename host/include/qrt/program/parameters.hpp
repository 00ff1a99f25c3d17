// Binding a program's free parameters (Program::free_parameters): a program is read once, then bound
// many times, each binding a map name -> value. A binding must give every free parameter a value and
// name nothing else (used_parameters() narrows a sweep's binding to one program's parameters first).
//
//   const Program program = qasm::parse_file("sweep.qasm", {.free_parameters = true});
//   LoweringOptions options;
//   options.parameters = {{"theta", 0.5}};
//   const LoweredProgram lowered = lower(program, device_gates, options);   // or bind(program, {...})
#pragma once

#include <qrt/program/program.hpp>

#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace qrt::program {

using ParameterBinding = std::map<std::string, double, std::less<>>;

// The values of program.free_parameters taken from `binding`, in that order. Throws Error for a free
// parameter the binding leaves without a value (at its first use, naming every one left without) and,
// about the program as a whole, for a name in the binding that is not one of its free parameters
// (naming it, the free parameters and the nearest of them).
std::vector<double> free_parameter_values(const Program& program, const ParameterBinding& binding);

// The entries of `binding` that name free parameters of `program`: one grid point of a sweep over
// several programs, narrowed to what this one uses.
ParameterBinding used_parameters(const Program& program, const ParameterBinding& binding);

// program.parameters with every symbolic argument evaluated at `values` (free_parameter_values' order).
// Throws Error quoting the statement for an argument that cannot be evaluated (division by zero, ln of
// a negative number, a result that is not finite) and std::invalid_argument when values.size() differs
// from the number of free parameters.
std::vector<double> bound_parameters(const Program& program, std::span<const double> values);

// A copy of `program` with its free parameters bound: plain numbers in `parameters`, no free parameters
// left. For what needs a Program of its own; lowering takes the binding without copying the program.
// Throws as free_parameter_values and bound_parameters.
Program bind(const Program& program, const ParameterBinding& binding);

}  // namespace qrt::program
