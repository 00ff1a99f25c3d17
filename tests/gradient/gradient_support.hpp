// Shared by the gradient tests: a runtime over the built plugins, the reference derivative, and whether
// the device offers the adjoint extension (the adjoint cases say they are skipped where it does not).
#pragma once

#include <qrt/executor.hpp>
#include <qrt/gradient.hpp>
#include <qrt/runtime.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gradient_test {

using Params = std::vector<std::pair<std::string, double>>;

qrt::RuntimeOptions test_runtime_options();

// One runtime and a two-worker executor for the whole test program.
qrt::Runtime& runtime();
qrt::Executor& executor();

// `source` parsed once with its free parameters left free: what `qrt grad` and qrt.gradient pass on.
std::shared_ptr<const qrt::program::Program> parsed(const std::string& source, const std::string& name);

// <word> after `source` with `params` bound, through run_program with RunOptions::parameters (the path
// `qrt run` takes; nothing of the gradient code).
std::vector<double> reference_expvals(const std::string& device, const std::string& source, const Params& params,
                                      const std::vector<std::string>& words);

// The reference Jacobian (observables x params, row-major): five-point central differences of
// reference_expvals, step 1e-3 (truncation error ~ h^4 f^(5) / 30, rounding ~ 1e-13 / h).
std::vector<double> reference_jacobian(const std::string& device, const std::string& source, const Params& params,
                                       const std::vector<std::string>& words);

// Whether `device` offers qrt.adjoint_jacobian/1 (in process).
bool offers_adjoint(const std::string& device);

}  // namespace gradient_test
