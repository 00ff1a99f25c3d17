// `qrt grad FILE.qasm --param NAME=VALUE ... --expval WORD ... --hamiltonian FILE ...`: expectation values
// (a Pauli word or a Hamiltonian each; hamiltonian_files.hpp) and their Jacobian
// with respect to the circuit's free parameters (qrt/gradient.hpp), as a table or as one JSON document:
//   {"file": ..., "device": ..., "method": "adjoint", "parameters": {NAME: VALUE},
//    "expvals": {WORD: value}, "jacobian": {WORD: {NAME: value}}, "device_runs": N, "seconds": S}
#include "commands.hpp"
#include "exit_status.hpp"
#include "hamiltonian_files.hpp"
#include "json_text.hpp"
#include "number_options.hpp"
#include "param_binding.hpp"

#include <qrt/gradient.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <set>

namespace qrt::cli {
namespace {

struct GradArgs {
  std::string file;
  std::string device = "statevector.qubit";
  std::vector<std::string> params, expvals, hamiltonians;
  std::string method = "auto";
  std::optional<std::uint64_t> shots, seed;
  std::size_t workers = 0;
  bool isolate = false;
  std::string output = "table";
};

std::vector<std::pair<std::string, double>> parse_params(const std::vector<std::string>& specs) {
  std::vector<std::pair<std::string, double>> params;
  std::set<std::string> seen;
  for (const std::string& spec : specs) {
    SweepAxis axis;
    try {
      axis = parse_sweep_axis(spec);
    } catch (const Error& e) {
      throw UsageError(std::string("--param: ") + e.what());
    }
    if (axis.values.size() != 1)
      throw UsageError("--param " + spec + ": qrt grad takes one value per parameter (NAME=VALUE)");
    if (!seen.insert(axis.name).second) throw UsageError("--param " + axis.name + " is given twice");
    params.emplace_back(axis.name, axis.values.front());
  }
  return params;
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", value);
  return buffer;
}

void print_table(const GradArgs& args, const GradientResult& r, double seconds) {
  std::printf("%s on %s: %s, %zu device run%s, %.3f s\n", args.file.c_str(), args.device.c_str(),
              std::string(to_string(r.method)).c_str(), r.device_runs, r.device_runs == 1 ? "" : "s", seconds);
  std::vector<std::string> header{"observable", "expval"};
  for (const auto& name : r.parameters) header.push_back("d/d" + name);
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < r.observables.size(); ++i) {
    std::vector<std::string> row{r.observables[i], number(r.expvals[i])};
    for (std::size_t j = 0; j < r.parameters.size(); ++j) row.push_back(number(r.jacobian_at(i, j)));
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> width(header.size());
  for (std::size_t c = 0; c < header.size(); ++c) {
    width[c] = header[c].size();
    for (const auto& row : rows) width[c] = std::max(width[c], row[c].size());
  }
  auto print_row = [&](const std::vector<std::string>& row) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c)
      line += (c ? "  " : "") + row[c] + (c + 1 < row.size() ? std::string(width[c] - row[c].size(), ' ') : "");
    std::printf("%s\n", line.c_str());
  };
  print_row(header);
  for (const auto& row : rows) print_row(row);
}

void print_json(const GradArgs& args, const std::vector<std::pair<std::string, double>>& params,
                const GradientResult& r, double seconds) {
  boost::json::object out;
  out["file"] = args.file;
  out["device"] = args.device;
  out["method"] = std::string(to_string(r.method));
  boost::json::object values;
  for (const auto& [name, value] : params) values[name] = value;
  out["parameters"] = std::move(values);
  boost::json::object expvals, jacobian;
  for (std::size_t i = 0; i < r.observables.size(); ++i) {
    expvals[r.observables[i]] = r.expvals[i];
    boost::json::object row;
    for (std::size_t j = 0; j < r.parameters.size(); ++j) row[r.parameters[j]] = r.jacobian_at(i, j);
    jacobian[r.observables[i]] = std::move(row);
  }
  out["expvals"] = std::move(expvals);
  out["jacobian"] = std::move(jacobian);
  out["trainable_gate_parameters"] = r.trainable_gate_parameters;
  out["device_runs"] = r.device_runs;
  out["seconds"] = seconds;
  std::printf("%s\n", json_text(out).c_str());
}

int grad(const GradArgs& args) {
  const auto params = parse_params(args.params);
  if (args.expvals.empty() && args.hamiltonians.empty())
    throw UsageError("qrt grad needs an --expval or a --hamiltonian");
  const ObservableList observables = observable_list(args.expvals, args.hamiltonians);
  const std::string source = read_source(args.file);
  std::vector<std::string> names;
  for (const auto& [name, value] : params) names.push_back(name);
  require_params_used(names, {source});

  GradientOptions options;
  options.method = parse_gradient_method(args.method);
  options.shots = args.shots;
  options.seed = args.seed;
  RuntimeOptions runtime_options;
  if (args.isolate) runtime_options.isolate = true;
  options.workers = args.workers;
  Runtime runtime(runtime_options);
  const auto start = std::chrono::steady_clock::now();
  qasm::ParseOptions parse_options;
  parse_options.free_parameters = true;
  const auto program = std::make_shared<const program::Program>(qasm::parse_string(source, args.file, parse_options));
  GradientResult result = gradient(runtime, args.device, program, params, observables.texts, options);
  result.observables = observables.labels;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args.output == "json") print_json(args, params, result, seconds);
  else print_table(args, result, seconds);
  return kExitOk;
}

}  // namespace

Action add_grad_command(CLI::App& app) {
  auto* sub = app.add_subcommand("grad",
                                 "Expectation values of an OpenQASM 2.0 circuit and their gradient with "
                                 "respect to its free parameters");
  auto args = std::make_shared<GradArgs>();
  sub->add_option("file", args->file, "OpenQASM 2.0 file whose free parameters are differentiated")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("-p,--param", args->params,
                  "A free parameter and the value to differentiate at: NAME=VALUE (e.g. theta=pi/4); repeat for "
                  "several (the Jacobian's columns, in this order)")
      ->required();
  sub->add_option(
      "--expval", args->expvals,
      "Observable: a Pauli word, one letter per qubit, rightmost = qubit 0 (ZZI), or sparse (\"Z0 Z3\"), or a "
      "Hamiltonian ('0.5*Z0 Z1 - 0.2*X3'); repeat for several (the Jacobian's rows)");
  sub->add_option("--hamiltonian", args->hamiltonians,
                  "Observable: a Hamiltonian file, one 'coefficient word' term a line (# comments); one row, named "
                  "by the file; repeat for several (rows after the --expval ones)")
      ->check(CLI::ExistingFile);
  sub->add_option("--method", args->method,
                  "adjoint, parameter-shift or finite-difference (default: adjoint where the device offers it and "
                  "has no shots, else parameter-shift)")
      ->check(CLI::IsMember({"auto", "adjoint", "parameter-shift", "finite-difference"}));
  sub->add_option("-d,--device", args->device, "Device config string (default statevector.qubit)");
  sub->add_option("-s,--shots", args->shots, "Shots (overrides the device's); 0 = analytic")->check(whole_number());
  sub->add_option("--seed", args->seed, "Base seed: shifted run i samples with a seed derived from it and i")
      ->check(whole_number());
  sub->add_option("-j,--workers", args->workers,
                  "Pooled device instances running shifted circuits at once (default: one per core)")
      ->check(CLI::PositiveNumber);
  sub->add_flag("--isolate", args->isolate, "Run the device in worker processes (no adjoint method there)");
  sub->add_option("-o,--output", args->output, "table or json")->check(CLI::IsMember({"table", "json"}));
  return [args] { return grad(*args); };
}

}  // namespace qrt::cli
