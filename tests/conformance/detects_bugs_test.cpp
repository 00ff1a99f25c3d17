// The kit catches bugs: tiny.qubit passes as written, and each bug planted in it fails the check meant
// to catch it (and, where the bug is narrow, only that check: neighbouring gates still pass).
#include "conformance_support.hpp"

#include <qrt/error.hpp>

using Catch::Matchers::Contains;
using conformance_test::outcome;
using conformance_test::result;
using conformance_test::tiny_plugin;
using qrt::conformance::Outcome;

namespace {

qrt::conformance::Report check_with(const std::string& inject, std::string_view plugin = "tiny_qubit") {
  qrt::conformance::Options options;
  options.kwargs = "inject=" + inject;
  return qrt::conformance::check(tiny_plugin(plugin), options);
}

}  // namespace

TEST_CASE("A correct small device passes, a gate the kit does not know is not checked", "[conformance][bugs]") {
  const qrt::conformance::Report report = qrt::conformance::check(tiny_plugin());
  INFO(qrt::conformance::to_text(report));
  REQUIRE(report.passed());
  CHECK(report.devices[0].simulating);
  CHECK(outcome(report, "gates", "MyGate") == Outcome::NotChecked);
  CHECK_THAT(result(report, "gates", "MyGate").detail, Contains("no reference matrix"));
  for (const char* gate : {"PauliX", "PauliZ", "Hadamard", "RY", "RZ", "CNOT", "CZ"}) {
    INFO(gate);
    CHECK(outcome(report, "gates", gate) == Outcome::Passed);
    CHECK(outcome(report, "gates", std::string(gate) + " adjoint") == Outcome::Passed);
    CHECK(outcome(report, "gates", std::string(gate) + " controlled") == Outcome::Passed);
  }
  // The SDK exports apply_matrix, which tiny.qubit answers with Unsupported: not offered, not failed.
  CHECK(outcome(report, "gates", "apply_matrix") == Outcome::NotChecked);
}

TEST_CASE("A wrong gate matrix fails that gate only", "[conformance][bugs]") {
  const qrt::conformance::Report rz = check_with("rz_sign");
  CHECK(outcome(rz, "gates", "RZ") == Outcome::Failed);
  CHECK_THAT(result(rz, "gates", "RZ").detail, Contains("RZ(") && Contains("amplitude") && Contains("expected"));
  CHECK(outcome(rz, "gates", "RY") == Outcome::Passed);
  CHECK(outcome(rz, "gates", "PauliZ") == Outcome::Passed);
  CHECK_FALSE(rz.passed());

  const qrt::conformance::Report cnot = check_with("cnot_reversed");
  CHECK(outcome(cnot, "gates", "CNOT") == Outcome::Failed);
  CHECK(outcome(cnot, "gates", "CZ") == Outcome::Passed);  // symmetric in its wires: the same bug is harmless
  CHECK(outcome(cnot, "gates", "Hadamard") == Outcome::Passed);
}

TEST_CASE("Observed through probs only, relative phases still show (a random layer follows the gate)",
          "[conformance][bugs]") {
  const qrt::conformance::Report good = check_with("none", "tiny_probs_only");
  INFO(qrt::conformance::to_text(good));
  REQUIRE(good.passed());
  CHECK(good.devices[0].observed_through == "probs");
  CHECK(outcome(good, "gates", "RZ") == Outcome::Passed);

  // RZ(2θ) for RZ(θ) changes only the relative phase of |0> and |1>: invisible in the probabilities
  // right after the gate, visible after the mixing layer.
  const qrt::conformance::Report rz = check_with("rz_double_angle", "tiny_probs_only");
  CHECK(outcome(rz, "gates", "RZ") == Outcome::Failed);
  CHECK_THAT(result(rz, "gates", "RZ").detail, Contains("probability"));
  // (Other gates fail too: through probs the reference replays the preparation, which uses RZ.)
  const qrt::conformance::Report values = check_with("control_values_ignored", "tiny_probs_only");
  CHECK(outcome(values, "gates", "RY controlled") == Outcome::Failed);

  // The limit of probabilities: RZ(-θ) for RZ(θ) on a device whose other gates are real makes every
  // state the complex conjugate of the right one, with the same probabilities. Only `state` shows it.
  CHECK(outcome(check_with("rz_sign", "tiny_probs_only"), "gates", "RZ") == Outcome::Passed);
  CHECK(outcome(check_with("rz_sign"), "gates", "RZ") == Outcome::Failed);
}

TEST_CASE("An ignored adjoint flag fails the adjoint checks of non-self-inverse gates", "[conformance][bugs]") {
  const qrt::conformance::Report report = check_with("adjoint_ignored");
  CHECK(outcome(report, "gates", "RY") == Outcome::Passed);
  CHECK(outcome(report, "gates", "RY adjoint") == Outcome::Failed);
  CHECK(outcome(report, "gates", "RZ adjoint") == Outcome::Failed);
  CHECK(outcome(report, "gates", "PauliX adjoint") == Outcome::Passed);
  CHECK(outcome(report, "gates", "Hadamard adjoint") == Outcome::Passed);
}

TEST_CASE("Ignored controls and ignored control values fail the controlled checks", "[conformance][bugs]") {
  const qrt::conformance::Report ignored = check_with("controls_ignored");
  CHECK(outcome(ignored, "gates", "RY") == Outcome::Passed);
  CHECK(outcome(ignored, "gates", "RY controlled") == Outcome::Failed);
  CHECK(outcome(ignored, "gates", "PauliX controlled") == Outcome::Failed);

  const qrt::conformance::Report values = check_with("control_values_ignored");
  CHECK(outcome(values, "gates", "RY controlled") == Outcome::Failed);
  CHECK_THAT(result(values, "gates", "RY controlled").detail, Contains("controls") && Contains("= 0"));
  CHECK(outcome(values, "gates", "RY") == Outcome::Passed);
}

TEST_CASE("A reset that keeps the shots fails the lifecycle", "[conformance][bugs]") {
  const qrt::conformance::Report report = check_with("reset_keeps_shots");
  CHECK(outcome(report, "lifecycle", "reset") == Outcome::Failed);
  CHECK_THAT(result(report, "lifecycle", "reset").detail, Contains("shots are") && Contains("after reset"));
  CHECK(outcome(report, "lifecycle", "create with kwargs") == Outcome::Passed);
}

TEST_CASE("Accepting bad arguments fails the error checks", "[conformance][bugs]") {
  const qrt::conformance::Report wires = check_with("no_wire_check");
  CHECK(outcome(wires, "errors", "gate on an unallocated wire") == Outcome::Failed);
  CHECK_THAT(result(wires, "errors", "gate on an unallocated wire").detail, Contains("returned success"));
  CHECK(outcome(wires, "errors", "probs of an unallocated wire") == Outcome::Passed);

  // A simulating device must reject wrong parameter counts: a failure, not a note.
  const qrt::conformance::Report params = check_with("params_unchecked");
  CHECK(outcome(params, "errors", "wrong parameter count") == Outcome::Failed);
  CHECK_THAT(result(params, "errors", "wrong parameter count").detail,
             Contains("PauliX with 1 parameter(s) (it takes 0) returned success"));
  CHECK(outcome(params, "errors", "wrong wire count") == Outcome::Passed);

  // Rejecting the call after changing the state is caught too.
  const qrt::conformance::Report late = check_with("validates_late");
  CHECK(outcome(late, "errors", "wrong parameter count") == Outcome::Failed);
  CHECK_THAT(result(late, "errors", "wrong parameter count").detail, Contains("changed the state"));
}

TEST_CASE("Wrong measurement values fail their measurement checks", "[conformance][bugs]") {
  const qrt::conformance::Report probs = check_with("probs_scaled");
  CHECK(outcome(probs, "measurements", "probs of a fresh register") == Outcome::Failed);
  CHECK(outcome(probs, "measurements", "probs consistency") == Outcome::Failed);
  CHECK(outcome(probs, "measurements", "state of a fresh register") == Outcome::Passed);

  const qrt::conformance::Report sample = check_with("sample_two");
  CHECK(outcome(sample, "measurements", "sample of a fresh register") == Outcome::Passed);  // all zeros: unaffected
  CHECK(outcome(sample, "measurements", "sample of a basis state") == Outcome::Failed);
  CHECK(outcome(sample, "measurements", "sample values") == Outcome::Failed);

  const qrt::conformance::Report expval = check_with("expval_sign");
  CHECK(outcome(expval, "measurements", "expval of PauliZ on basis states") == Outcome::Failed);
  CHECK(outcome(expval, "measurements", "expval of declared observables") == Outcome::Failed);
}

TEST_CASE("Instances that share state fail isolation, the threaded check is then skipped", "[conformance][bugs]") {
  const qrt::conformance::Report report = check_with("shared_state");
  CHECK(outcome(report, "concurrency", "instances isolated") == Outcome::Failed);
  CHECK(outcome(report, "concurrency", "two threads") == Outcome::NotChecked);
}

TEST_CASE("Descriptor bugs fail the ABI checks", "[conformance][bugs]") {
  const qrt::conformance::Report duplicate = qrt::conformance::check(tiny_plugin("tiny_duplicate_gate"));
  CHECK(outcome(duplicate, "abi", "gate names unique") == Outcome::Failed);
  CHECK_THAT(result(duplicate, "abi", "gate names unique").detail, Contains("RY"));

  const qrt::conformance::Report bad_default = qrt::conformance::check(tiny_plugin("tiny_bad_default"));
  CHECK(outcome(bad_default, "abi", "kwargs defaults") == Outcome::Failed);
  CHECK_THAT(result(bad_default, "abi", "kwargs defaults").detail, Contains("'shots'") && Contains("-1"));
  // The device's own SDK refuses its default: nothing can be created, and the report says so.
  CHECK(outcome(bad_default, "lifecycle", "create with kwargs") == Outcome::Failed);
  CHECK(outcome(bad_default, "gates", "RY") == Outcome::NotChecked);
}
