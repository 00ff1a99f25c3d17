// concurrency: instances must not share mutable state. Two instances interleaved call by call on one
// thread must give what each gives alone (deterministic: catches shared globals without a data race);
// then two instances driven from two threads at once must give what they give sequentially.
#include "conformance/check_groups.hpp"

#include "conformance/kit_circuit.hpp"
#include "conformance/observation.hpp"

#include <latch>
#include <thread>

namespace qrt::conformance {
namespace {

constexpr std::string_view kGroup = "concurrency";
constexpr std::size_t kWorkloadLength = 24;

// What a workload leaves behind, as numbers: the observed state, else the qubit count.
std::vector<double> outcome(const CheckContext& c, NativeInstance& instance) {
  std::vector<double> values{static_cast<double>(instance.num_qubits())};
  if (c.observation == Observation::State)
    for (const Complex& a : instance.state()) values.insert(values.end(), {a.real(), a.imag()});
  else if (c.observation == Observation::Probs)
    for (double p : instance.probs()) values.push_back(p);
  return values;
}

struct Workload {
  std::size_t num_qubits;
  std::vector<KitOp> ops;
};

std::vector<double> run_alone(const CheckContext& c, NativeInstance& instance, const Workload& w) {
  instance.reset();
  const std::vector<qrt_wire> wires = instance.allocate(w.num_qubits);
  apply(instance, wires, w.ops);
  return outcome(c, instance);
}

std::string describe_difference(std::span<const double> got, std::span<const double> expected) {
  return "largest difference " + format_number(max_difference<double>(got, expected));
}

std::string check_isolation(CheckContext& c, const Workload& a, const Workload& b, std::vector<double>& alone_a,
                            std::vector<double>& alone_b) {
  auto first = c.create();
  auto second = c.create();
  alone_a = run_alone(c, *first, a);
  alone_b = run_alone(c, *second, b);
  first->reset();
  second->reset();
  const std::vector<qrt_wire> wires_a = first->allocate(a.num_qubits);
  const std::vector<qrt_wire> wires_b = second->allocate(b.num_qubits);
  for (std::size_t i = 0; i < std::max(a.ops.size(), b.ops.size()); ++i) {
    if (i < a.ops.size()) apply(*first, wires_a, a.ops[i]);
    if (i < b.ops.size()) apply(*second, wires_b, b.ops[i]);
  }
  const double tol = c.options().tolerance;
  const std::vector<double> got_a = outcome(c, *first), got_b = outcome(c, *second);
  if (!(max_difference<double>(got_a, alone_a) <= tol))
    fail("instance A interleaved with B differs from A alone: " + describe_difference(got_a, alone_a));
  if (!(max_difference<double>(got_b, alone_b) <= tol))
    fail("instance B interleaved with A differs from B alone: " + describe_difference(got_b, alone_b));
  return "two instances, " + std::to_string(a.ops.size()) + " gates each, interleaved call by call on one thread";
}

std::string check_threads(CheckContext& c, const Workload& a, const Workload& b, const std::vector<double>& expected_a,
                          const std::vector<double>& expected_b) {
  const std::size_t rounds = c.options().concurrency_rounds;
  auto first = c.create();
  auto second = c.create();
  std::latch start(2);
  std::string problem_a, problem_b;  // each written by its own thread only
  auto drive = [&](NativeInstance& instance, const Workload& w, const std::vector<double>& expected,
                   std::string& problem) {
    start.arrive_and_wait();  // both threads begin together, so their calls overlap
    try {
      for (std::size_t r = 0; r < rounds && problem.empty(); ++r) {
        const std::vector<double> got = run_alone(c, instance, w);
        if (!(max_difference<double>(got, expected) <= c.options().tolerance))
          problem = "round " + std::to_string(r) + ": " + describe_difference(got, expected);
      }
    } catch (const std::exception& e) {
      problem = e.what();
    }
  };
  std::thread other([&] { drive(*second, b, expected_b, problem_b); });
  drive(*first, a, expected_a, problem_a);
  other.join();
  if (!problem_a.empty()) fail("thread 1: " + problem_a);
  if (!problem_b.empty()) fail("thread 2: " + problem_b);
  return "two instances on two threads, " + std::to_string(rounds) + " rounds each, same results as sequentially";
}

}  // namespace

void check_concurrency(CheckContext& c) {
  if (!c.can_create) {
    c.record(kGroup, "instances isolated", Outcome::NotChecked, "no instance could be created");
    return;
  }
  CircuitMaker maker(c);
  const std::size_t n = c.fit(3);
  const Workload a{n, maker.random_workload(n, kWorkloadLength, c.rng())};
  const Workload b{n, maker.random_workload(n, kWorkloadLength, c.rng())};
  std::vector<double> alone_a, alone_b;
  if (c.run(kGroup, "instances isolated", [&] { return check_isolation(c, a, b, alone_a, alone_b); }) !=
      Outcome::Passed) {
    // Racing instances that already interfere on one thread would only add a data race to the report.
    c.record(kGroup, "two threads", Outcome::NotChecked, "the instances are not isolated (see above)");
    return;
  }
  c.run(kGroup, "two threads", [&] { return check_threads(c, a, b, alone_a, alone_b); });
}

}  // namespace qrt::conformance
