#include "gradient_support.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/extensions/adjoint_jacobian.h>
#include <qrt/parameter_sweep.hpp>
#include <qrt/qasm/parser.hpp>

namespace gradient_test {

qrt::RuntimeOptions test_runtime_options() {
  qrt::RuntimeOptions options;
  options.plugin_dirs = {QRT_TEST_PLUGIN_DIR};
  return options;
}

qrt::Runtime& runtime() {
  static qrt::Runtime instance(test_runtime_options());
  return instance;
}

qrt::Executor& executor() {
  static qrt::Executor instance(runtime(), {.workers = 2});
  return instance;
}

std::shared_ptr<const qrt::program::Program> parsed(const std::string& source, const std::string& name) {
  qrt::qasm::ParseOptions options;
  options.free_parameters = true;
  return std::make_shared<const qrt::program::Program>(qrt::qasm::parse_string(source, name, options));
}

std::vector<double> reference_expvals(const std::string& device, const std::string& source, const Params& params,
                                      const std::vector<std::string>& words) {
  const auto program = parsed(source, "<reference>");
  qrt::Device d = runtime().open(device);
  qrt::RunOptions options;
  options.expvals = words;
  options.parameters = qrt::ParameterBinding(params.begin(), params.end());
  const qrt::RunResult result = qrt::run_program(*program, d, options);
  std::vector<double> values;
  for (const auto& entry : result.expvals) values.push_back(entry.second);
  return values;
}

std::vector<double> reference_jacobian(const std::string& device, const std::string& source, const Params& params,
                                       const std::vector<std::string>& words) {
  const double h = 1e-3;
  std::vector<double> jacobian(words.size() * params.size());
  for (std::size_t j = 0; j < params.size(); ++j) {
    auto at = [&](double offset) {
      Params shifted = params;
      shifted[j].second += offset;
      return reference_expvals(device, source, shifted, words);
    };
    const auto p2 = at(2 * h), p1 = at(h), m1 = at(-h), m2 = at(-2 * h);
    for (std::size_t i = 0; i < words.size(); ++i)
      jacobian[i * params.size() + j] = (-p2[i] + 8 * p1[i] - 8 * m1[i] + m2[i]) / (12 * h);
  }
  return jacobian;
}

bool offers_adjoint(const std::string& device) {
  qrt::Device d = runtime().open(device);
  return d.extension(QRT_EXTENSION_ADJOINT_JACOBIAN) != nullptr;
}

}  // namespace gradient_test
