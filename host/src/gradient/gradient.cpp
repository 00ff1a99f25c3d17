// qrt::gradient: check the parameters against the program's free ones, then on one pooled instance either
// the adjoint call or the unshifted run, then (parameter-shift, finite differences) the shifted runs on the
// executor at once.
#include <qrt/gradient.hpp>

#include "gradient/adjoint_call.hpp"
#include "gradient/gradient_lowering.hpp"
#include "gradient/shift_rules.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device_type.hpp>
#include <qrt/hamiltonian.hpp>
#include <qrt/nearest_name.hpp>
#include <qrt/program/parameters.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace qrt {
namespace {

using gradient_detail::DifferentiableCircuit;
using gradient_detail::Dual;
using gradient_detail::GradientLoweringOptions;

// What the whole computation shares; the tasks hold it by shared_ptr.
struct Problem {
  std::shared_ptr<const program::Program> program;
  std::vector<std::string> columns;                     // parameter names, Jacobian column order
  std::vector<Dual> inputs;                             // program.free_parameters' values and unit derivatives
  std::vector<std::string> labels;                      // the observables as given (GradientResult::observables)
  std::vector<std::string> words;                       // their text for RunOptions::expvals (a word or a Hamiltonian)
  std::vector<gradient_detail::DenseObservable> dense;  // the same, words dense (qubit 0 rightmost)
  GradientOptions options;
};

// What the first task, on a pooled instance, finds out.
struct FirstRun {
  GradientMethod method = GradientMethod::Auto;
  program::DeviceGateSet gates;
  std::shared_ptr<const DifferentiableCircuit> circuit;
  std::vector<double> expvals;
  std::vector<double> jacobian;  // adjoint only: by named parameter
};

GradientLoweringOptions lowering_options(std::vector<std::string> differentiable, std::string method,
                                         bool terminal_measurements) {
  GradientLoweringOptions o;
  o.differentiable = std::move(differentiable);
  o.method = std::move(method);
  o.allow_terminal_measurements = terminal_measurements;
  return o;
}

const char* method_phrase(GradientMethod method) {
  switch (method) {
    case GradientMethod::Adjoint: return "the adjoint method";
    case GradientMethod::FiniteDifference: return "finite differences";
    default: return "the parameter-shift method";
  }
}

std::vector<double> expvals_of(const Problem& problem, const program::LoweredProgram& lowered, Device& device,
                               std::size_t run_index) {
  RunOptions run;
  run.shots = problem.options.shots;
  if (problem.options.seed) run.seed = derive_seed(*problem.options.seed, run_index);
  run.expvals = problem.words;
  const RunResult result = run_lowered(*problem.program, lowered, device, run);
  std::vector<double> values;
  values.reserve(result.expvals.size());
  for (const auto& entry : result.expvals) values.push_back(entry.second);
  return values;
}

// d<O_i>/d(parameter) = sum over native angles t of d<O_i>/d(angle t) * d(angle t)/d(parameter).
std::vector<double> chain_rule(const Problem& problem, const DifferentiableCircuit& circuit,
                               const std::vector<double>& native) {
  const std::size_t rows = problem.words.size(), cols = problem.columns.size(), count = circuit.trainable.size();
  std::vector<double> jacobian(rows * cols, 0.0);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t t = 0; t < count; ++t)
      for (const auto& [column, partial] : circuit.trainable[t].partials)
        jacobian[i * cols + column] += native[i * count + t] * partial;
  return jacobian;
}

// Whether the program has a measure or reset (Auto then takes parameter-shift, which ignores terminal
// measurements, rather than refuse the circuit as the adjoint method must).
bool measures(const program::Program& p) {
  return std::any_of(p.operations.begin(), p.operations.end(), [](const program::Operation& op) {
    return op.kind == program::OpKind::Measure || op.kind == program::OpKind::Reset;
  });
}

// Adjoint where asked (or Auto and possible); else lowers for the shifted runs and runs the unshifted one.
FirstRun first_run(const Problem& problem, Device& device) {
  FirstRun out;
  out.gates = gate_set_of(device.type());
  const GradientMethod asked = problem.options.method;
  if (problem.options.shots) device.set_shots(*problem.options.shots);
  if (asked == GradientMethod::Adjoint || (asked == GradientMethod::Auto && !measures(*problem.program))) {
    const auto* extension = gradient_detail::adjoint_extension(device);
    const bool analytic = device.shots() == 0;
    if (asked == GradientMethod::Adjoint && extension == nullptr)
      throw Error(ErrorCode::Unsupported,
                  device.name() +
                      " does not offer the adjoint method (the device extension " QRT_EXTENSION_ADJOINT_JACOBIAN
                      ", which no device running isolated offers): use the parameter-shift method");
    if (asked == GradientMethod::Adjoint && !analytic)
      throw Error(ErrorCode::FailedPrecondition, "the adjoint method is analytic: it needs shots = 0 (the device has " +
                                                     std::to_string(device.shots()) +
                                                     "); use the parameter-shift method for gradients with shots");
    if (extension != nullptr && analytic) {
      auto circuit = std::make_shared<DifferentiableCircuit>(gradient_detail::lower_for_gradient(
          *problem.program, out.gates, problem.inputs, problem.columns,
          lowering_options(gradient_detail::adjoint_differentiable_gates(device, *extension),
                           method_phrase(GradientMethod::Adjoint), false)));
      auto adjoint = gradient_detail::adjoint_jacobian(device, *extension, *circuit, problem.dense);
      out.method = GradientMethod::Adjoint;
      out.expvals = std::move(adjoint.expvals);
      out.jacobian = chain_rule(problem, *circuit, adjoint.jacobian);
      out.circuit = std::move(circuit);
      return out;
    }
  }
  out.method = asked == GradientMethod::FiniteDifference ? asked : GradientMethod::ParameterShift;
  out.circuit = std::make_shared<DifferentiableCircuit>(gradient_detail::lower_for_gradient(
      *problem.program, out.gates, problem.inputs, problem.columns,
      lowering_options(gradient_detail::shift_rule_gates(), method_phrase(out.method), true)));
  out.expvals = expvals_of(problem, out.circuit->lowered, device, 0);
  return out;
}

void parameter_shift(Executor& executor, std::string_view config, const std::shared_ptr<const Problem>& problem,
                     const FirstRun& first, GradientResult& result) {
  const DifferentiableCircuit& circuit = *first.circuit;
  struct Pending {
    std::size_t trainable;
    double coefficient;
    std::future<std::vector<double>> values;
  };
  std::vector<Pending> pending;
  std::size_t run_index = 1;
  for (std::size_t t = 0; t < circuit.trainable.size(); ++t) {
    const auto& angle = circuit.trainable[t];
    const std::string_view gate = circuit.lowered.gate_name(circuit.lowered.operations[angle.op]);
    for (const gradient_detail::Shift& s : gradient_detail::shift_rule(gate)) {
      const std::size_t slot = circuit.lowered.operations[angle.op].params.offset + angle.param;
      pending.push_back({t, s.coefficient,
                         executor.submit(config, [problem, circuit = first.circuit, slot, shift = s.shift,
                                                  run_index](Device& device) {
                           program::LoweredProgram shifted = circuit->lowered;
                           shifted.parameters[slot] += shift;
                           return expvals_of(*problem, shifted, device, run_index);
                         })});
      ++run_index;
    }
  }
  const std::size_t rows = problem->words.size(), count = circuit.trainable.size();
  std::vector<double> native(rows * count, 0.0);
  for (auto& p : pending) {  // every future is waited for, so no task outlives what it refers to
    const std::vector<double> values = p.values.get();
    for (std::size_t i = 0; i < rows; ++i) native[i * count + p.trainable] += p.coefficient * values[i];
  }
  result.jacobian = chain_rule(*problem, circuit, native);
  result.device_runs = 1 + pending.size();
}

void finite_difference(Executor& executor, std::string_view config, const std::shared_ptr<const Problem>& problem,
                       const FirstRun& first, GradientResult& result) {
  const double h = problem->options.finite_difference_step;
  const std::size_t rows = problem->words.size(), cols = problem->columns.size();
  std::vector<std::future<std::vector<double>>> runs;
  for (std::size_t j = 0; j < cols; ++j) {
    for (const double sign : {1.0, -1.0}) {
      std::vector<Dual> inputs = problem->inputs;
      for (Dual& input : inputs) {
        if (input.partials.front().first == j) input.value += sign * h;
      }
      runs.push_back(executor.submit(config, [problem, gates = first.gates, inputs = std::move(inputs),
                                              run_index = runs.size() + 1](Device& device) {
        const DifferentiableCircuit circuit = gradient_detail::lower_for_gradient(
            *problem->program, gates, inputs, problem->columns,
            lowering_options(gradient_detail::shift_rule_gates(), method_phrase(GradientMethod::FiniteDifference),
                             true));
        return expvals_of(*problem, circuit.lowered, device, run_index);
      }));
    }
  }
  std::vector<std::vector<double>> values;
  values.reserve(runs.size());
  for (auto& run : runs) values.push_back(run.get());
  result.jacobian.assign(rows * cols, 0.0);
  for (std::size_t j = 0; j < cols; ++j)
    for (std::size_t i = 0; i < rows; ++i)
      result.jacobian[i * cols + j] = (values[2 * j][i] - values[2 * j + 1][i]) / (2 * h);
  result.device_runs = 1 + runs.size();
}

// An observable as qrt::gradient takes it: its label in the result, its text for RunOptions::expvals.
struct ObservableSpec {
  std::string label, text;
  Hamiltonian hamiltonian;
};

std::vector<ObservableSpec> specs_of(const std::vector<std::string>& texts) {
  std::vector<ObservableSpec> specs;
  specs.reserve(texts.size());
  for (const std::string& text : texts) specs.push_back({text, text, Hamiltonian::parse(text)});
  return specs;
}

std::vector<ObservableSpec> specs_of(std::span<const Hamiltonian> hamiltonians) {
  std::vector<ObservableSpec> specs;
  for (const Hamiltonian& h : hamiltonians) {
    std::string text = h.to_string();
    specs.push_back({text, text, h});
  }
  return specs;
}

std::shared_ptr<const Problem> make_problem(std::shared_ptr<const program::Program> program,
                                            const std::vector<std::pair<std::string, double>>& parameters,
                                            const std::vector<ObservableSpec>& observables,
                                            const GradientOptions& options) {
  if (!program) throw Error(ErrorCode::InvalidArgument, "gradient: no program");
  if (parameters.empty()) throw Error(ErrorCode::InvalidArgument, "gradient: no parameters to differentiate by");
  if (observables.empty())
    throw Error(ErrorCode::InvalidArgument, "gradient: no observables (Pauli words or Hamiltonians)");
  if (!(options.finite_difference_step > 0) || !std::isfinite(options.finite_difference_step))
    throw Error(ErrorCode::InvalidArgument, "gradient: the finite-difference step must be a positive number");
  auto problem = std::make_shared<Problem>();
  problem->options = options;
  program::ParameterBinding binding;
  const std::string name = program->sources.empty() ? std::string("the program") : program->sources.front()->name();
  const auto& used = program->free_parameters;
  for (const auto& [param, value] : parameters) {
    if (!std::isfinite(value))
      throw Error(ErrorCode::InvalidArgument, "gradient: parameter '" + param + "' has the value " +
                                                  std::to_string(value) + ", not a finite number");
    if (!binding.emplace(param, value).second)
      throw Error(ErrorCode::InvalidArgument, "gradient: parameter '" + param + "' is given twice");
    problem->columns.push_back(param);
  }
  for (const auto& column : problem->columns) {
    if (std::find(used.begin(), used.end(), column) == used.end()) {
      std::string message = "gradient: parameter '" + column + "' is not used by " + name;
      if (auto nearest = nearest_name(column, used)) message += "; did you mean '" + *nearest + "'?";
      throw Error(ErrorCode::InvalidArgument, message);
    }
  }
  // Every free parameter has a value (the model's error, at its first use, otherwise).
  const std::vector<double> values = program::free_parameter_values(*program, binding);
  for (std::size_t k = 0; k < used.size(); ++k) {
    const auto column = static_cast<std::uint32_t>(
        std::find(problem->columns.begin(), problem->columns.end(), used[k]) - problem->columns.begin());
    problem->inputs.push_back(Dual{values[k], {{column, 1.0}}});
  }
  for (const ObservableSpec& o : observables) {
    problem->labels.push_back(o.label);
    problem->words.push_back(o.text);
    problem->dense.push_back({o.hamiltonian.coefficients(), o.hamiltonian.dense_words(program->num_qubits)});
  }
  problem->program = std::move(program);
  return problem;
}

}  // namespace

std::string_view to_string(GradientMethod method) noexcept {
  switch (method) {
    case GradientMethod::Auto: return "auto";
    case GradientMethod::Adjoint: return "adjoint";
    case GradientMethod::ParameterShift: return "parameter-shift";
    case GradientMethod::FiniteDifference: return "finite-difference";
  }
  return "auto";
}

GradientMethod parse_gradient_method(std::string_view name) {
  for (auto m : {GradientMethod::Auto, GradientMethod::Adjoint, GradientMethod::ParameterShift,
                 GradientMethod::FiniteDifference}) {
    if (to_string(m) == name) return m;
  }
  throw Error(ErrorCode::InvalidArgument, "unknown gradient method '" + std::string(name) +
                                              "' (methods: auto, adjoint, parameter-shift, finite-difference)");
}

namespace {

// The first run (the adjoint call, or the unshifted run) on `first`, the shifted runs on `rest`.
GradientResult gradient_on(Executor& first_executor, Executor& executor, std::string_view device_config,
                           std::shared_ptr<const program::Program> program,
                           const std::vector<std::pair<std::string, double>>& parameters,
                           const std::vector<ObservableSpec>& observables, const GradientOptions& options) {
  const std::shared_ptr<const Problem> problem = make_problem(std::move(program), parameters, observables, options);
  FirstRun first =
      first_executor.submit(device_config, [problem](Device& device) { return first_run(*problem, device); }).get();
  GradientResult result;
  result.method = first.method;
  result.observables = problem->labels;
  result.parameters = problem->columns;
  result.expvals = std::move(first.expvals);
  result.trainable_gate_parameters = first.circuit->trainable.size();
  switch (first.method) {
    case GradientMethod::Adjoint:
      result.jacobian = std::move(first.jacobian);
      result.device_runs = 1;
      break;
    case GradientMethod::FiniteDifference: finite_difference(executor, device_config, problem, first, result); break;
    default: parameter_shift(executor, device_config, problem, first, result); break;
  }
  return result;
}

}  // namespace

GradientResult gradient(Executor& executor, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        const std::vector<std::string>& observables, const GradientOptions& options) {
  return gradient_on(executor, executor, device_config, std::move(program), parameters, specs_of(observables), options);
}

GradientResult gradient(Executor& executor, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        std::span<const Hamiltonian> observables, const GradientOptions& options) {
  return gradient_on(executor, executor, device_config, std::move(program), parameters, specs_of(observables), options);
}

namespace {

// One worker for the first run: the adjoint call (or the unshifted run) gets every core's threads;
// the shifted runs share the cores among `workers` instances.
GradientResult gradient_on_runtime(Runtime& runtime, std::string_view device_config,
                                   std::shared_ptr<const program::Program> program,
                                   const std::vector<std::pair<std::string, double>>& parameters,
                                   const std::vector<ObservableSpec>& observables, const GradientOptions& options) {
  Executor single(runtime, {.workers = 1});
  Executor many(runtime, {.workers = options.workers});
  return gradient_on(single, many, device_config, std::move(program), parameters, observables, options);
}

}  // namespace

GradientResult gradient(Runtime& runtime, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        const std::vector<std::string>& observables, const GradientOptions& options) {
  return gradient_on_runtime(runtime, device_config, std::move(program), parameters, specs_of(observables), options);
}

GradientResult gradient(Runtime& runtime, std::string_view device_config,
                        std::shared_ptr<const program::Program> program,
                        const std::vector<std::pair<std::string, double>>& parameters,
                        std::span<const Hamiltonian> observables, const GradientOptions& options) {
  return gradient_on_runtime(runtime, device_config, std::move(program), parameters, specs_of(observables), options);
}

}  // namespace qrt
