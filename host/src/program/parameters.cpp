// Binding free parameters: checking a binding against the program, evaluating the symbolic arguments.
#include <qrt/program/parameters.hpp>

#include <limits>
#include <stdexcept>

namespace qrt::program {
namespace {

std::string quoted_list(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "'" : ", '") + name + "'";
  return text;
}

// Where free parameter `index` is first used: its first Parameter node, in source order.
SourcePos first_use(const Program& program, std::uint32_t index) {
  for (const SymbolicArgument& argument : program.symbolic_arguments)
    for (const Expression::Node& node : argument.expression.nodes())
      if (node.op == Expression::Op::Parameter && node.operand[0] == index) return node.pos;
  return {};
}

[[noreturn]] void fail_unknown(const Program& program, const std::string& name) {
  const std::string known = program.free_parameters.empty()
                                ? "it has no free parameters"
                                : "its free parameters: " + quoted_list(program.free_parameters);
  throw program.error_at(SourcePos{},
                         "parameter '" + name + "' is not a free parameter of the program (" + known + ")");
}

[[noreturn]] void fail_missing(const Program& program, const std::vector<std::uint32_t>& missing,
                               const ParameterBinding& binding) {
  std::vector<std::string> names;
  names.reserve(missing.size());
  for (std::uint32_t index : missing) names.push_back(program.free_parameters[index]);
  const bool one = names.size() == 1;
  std::string message = (one ? "free parameter " : "free parameters ") + quoted_list(names) +
                        (one ? " has no value" : " have no value") + " (bind " + (one ? "it" : "them") +
                        ", e.g. --param " + names.front() + "=VALUE)";
  if (!binding.empty()) {
    message += "; bound:";
    for (const auto& [name, value] : binding) message += " " + name;
  }
  throw program.error_at(first_use(program, missing.front()), message);
}

}  // namespace

std::vector<double> free_parameter_values(const Program& program, const ParameterBinding& binding) {
  for (const auto& [name, value] : binding) {
    bool free = false;
    for (const auto& parameter : program.free_parameters) free = free || parameter == name;
    if (!free) fail_unknown(program, name);
  }
  std::vector<double> values;
  values.reserve(program.free_parameters.size());
  std::vector<std::uint32_t> missing;
  for (std::uint32_t i = 0; i < program.free_parameters.size(); ++i) {
    const auto it = binding.find(program.free_parameters[i]);
    if (it == binding.end()) missing.push_back(i);
    values.push_back(it == binding.end() ? std::numeric_limits<double>::quiet_NaN() : it->second);
  }
  if (!missing.empty()) fail_missing(program, missing, binding);
  return values;
}

ParameterBinding used_parameters(const Program& program, const ParameterBinding& binding) {
  ParameterBinding used;
  for (const auto& name : program.free_parameters)
    if (const auto it = binding.find(name); it != binding.end()) used.insert(*it);
  return used;
}

std::vector<double> bound_parameters(const Program& program, std::span<const double> values) {
  if (values.size() != program.free_parameters.size())
    throw std::invalid_argument("bound_parameters: " + std::to_string(values.size()) + " values for " +
                                std::to_string(program.free_parameters.size()) + " free parameters");
  std::vector<double> parameters = program.parameters;
  for (const SymbolicArgument& argument : program.symbolic_arguments) {
    try {
      parameters.at(argument.parameter) = argument.expression.evaluate(values);
    } catch (const EvaluationError& error) {
      throw program.error_at(error.pos(), error.what());
    }
  }
  return parameters;
}

Program bind(const Program& program, const ParameterBinding& binding) {
  std::vector<double> parameters = bound_parameters(program, free_parameter_values(program, binding));
  Program bound = program;
  bound.parameters = std::move(parameters);
  bound.free_parameters.clear();
  bound.symbolic_arguments.clear();
  return bound;
}

}  // namespace qrt::program
