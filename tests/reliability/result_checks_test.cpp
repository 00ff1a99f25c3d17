// Issue 11, first half: what a plugin returns is checked before qrt uses it (host/src/runtime/
// result_checks.hpp). NaN or infinite probabilities, expectation values, variances and amplitudes, and
// probabilities or states that are not normalised, are an error naming the device, its library and the
// call — never a table of "0 largest of 0 nonzero" or JSON nulls.
#include "reliability_support.hpp"

#include <qrt/error.hpp>
#include <qrt/observable.hpp>

#include <catch2/catch.hpp>

using namespace reliability_test;
using Catch::Matchers::Contains;

namespace {

struct Fault {
  std::string fault, call, what;
};

// What `call` on a fresh two-qubit fake.unreliable with `fault` throws ("" when it does not).
std::string call_with(qrt::Runtime& runtime, const std::string& fault, const std::string& call, bool isolated) {
  qrt::Device device = runtime.open("fake.unreliable:fault=" + fault + (isolated ? ",isolate=true" : ""));
  const std::vector<qrt::Wire> wires = device.allocate(2);
  return failure_of([&] {
    if (call == "probs") device.probs({});
    if (call == "marginal probs") device.probs(std::vector<qrt::Wire>{wires[0]});
    if (call == "expval") device.expval(qrt::Observable::pauli_word("Z", {wires[0]}));
    if (call == "var") device.var(qrt::Observable::pauli_word("Z", {wires[0]}));
    if (call == "state") device.state();
  });
}

}  // namespace

TEST_CASE("result checks: a plugin's bad numbers are an error naming it and the call", "[reliability][results]") {
  const Fault fault = GENERATE(values<Fault>({
      {"nan_probs", "probs", "returned the probability NaN (entry 3 of 4)"},
      {"inf_probs", "probs", "returned the probability inf (entry 0 of 4)"},
      {"negative_probs", "marginal probs", "returned the probability -0.25 (entry 1 of 2)"},
      {"unnormalised_probs", "probs", "returned probabilities that sum to 0.5, not 1"},
      {"nan_expval", "expval", "returned NaN"},
      {"inf_var", "var", "returned inf"},
      {"nan_state", "state", "returned the amplitude (0, NaN) (entry 3 of 4)"},
      {"unnormalised_state", "state", "returned a state of squared norm 4, not 1"},
  }));
  const bool isolated = GENERATE(false, true);  // the worker checks too: the error comes back as is
  INFO(fault.fault << (isolated ? " (isolated)" : ""));
  qrt::Runtime runtime(test_plugins());
  const std::string message = call_with(runtime, fault.fault, fault.call, isolated);
  const std::string call = fault.call == "marginal probs" ? "probs" : fault.call;
  CHECK_THAT(message, Contains("fake.unreliable: " + call + ": the device (library " + fake_library("fake_unreliable") +
                               ") " + fault.what));
  // The same device without the fault: the checks let good results through.
  CHECK(call_with(runtime, "none", fault.call, isolated).empty());
}

TEST_CASE("result checks: a run asking for a bad device's probabilities fails instead of printing them",
          "[reliability][results]") {
  qrt::Runtime runtime(test_plugins());
  qrt::RunOptions options;
  options.probabilities = true;
  const std::string message =
      failure_of([&] { run(runtime, "fake.unreliable:fault=nan_probs", qasm("qreg q[2];\nx q[0];\n"), options); });
  CHECK_THAT(message, Contains("fake.unreliable: probs: the device (library"));
  CHECK_THAT(message, Contains("returned the probability NaN"));
}

TEST_CASE("result checks: real devices' results pass, single precision included", "[reliability][results]") {
  qrt::Runtime runtime(test_plugins());
  // 12 qubits, 600 random-ish rotations in single precision: rounding moves the norm by ~1e-6, far inside
  // the tolerance.
  std::string body = "qreg q[12];\n";
  for (int layer = 0; layer < 50; ++layer)
    for (int k = 0; k < 12; ++k)
      body += "u3(" + std::to_string(0.37 * (layer + 1) + 0.11 * k) + "," + std::to_string(0.5 * k) + ",0.3) q[" +
              std::to_string(k) + "];\ncx q[" + std::to_string(k) + "],q[" + std::to_string((k + 1) % 12) + "];\n";
  qrt::RunOptions options;
  options.probabilities = true;
  options.state = true;
  options.expvals = {"ZZZZZZZZZZZZ"};
  for (const char* config : {"statevector.qubit:precision=single", "statevector.qubit", "null.qubit"}) {
    INFO(config);
    const qrt::RunResult r = run(runtime, config, qasm(body), options);
    CHECK(r.probabilities.size() == 4096);
  }
}
