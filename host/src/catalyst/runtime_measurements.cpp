// __catalyst__qis__ measurements: Measure (with postselection), PauliMeasure, Expval, Variance, and the
// ones that fill a result memref the module allocated: Probs, State, Sample, Counts (all wires when no
// qubits are given, the first wire the most significant bit, as PennyLane orders them).
#include "catalyst/apply.hpp"
#include "catalyst/function_table.hpp"
#include "catalyst/memref.hpp"

#include <cstdarg>
#include <numbers>

namespace qrt::catalyst {
namespace {

struct CountsPair {
  Descriptor<1> eigvals;  // f64
  Descriptor<1> counts;   // i64
};

std::vector<Wire> read_wires(va_list& args, std::int64_t count) {
  if (count < 0) throw Error(ErrorCode::InvalidArgument, "a negative number of wires (" + std::to_string(count) + ")");
  std::vector<Wire> wires(static_cast<std::size_t>(count));
  for (auto& w : wires) w = static_cast<Wire>(va_arg(args, QubitId));
  return wires;
}

void unsupported_on_tape(Session& s, const char* what) {
  if (s.recording && s.tape.unsupported.empty()) s.tape.unsupported = what;
}

std::uint64_t shots_for(Session& s) {
  const std::uint64_t shots = s.device().shots();
  if (shots == 0)
    throw Error(ErrorCode::FailedPrecondition,
                "needs shots, and the device runs with shots 0 (analytic): give the "
                "qnode shots, or run with --shots N");
  return shots;
}

const bool* measure(QubitId qubit, std::int32_t postselect) {
  return guarded<const bool*>("Measure", [&](Session& s) {
    s.count_operation();
    unsupported_on_tape(s, "a mid-circuit measurement");
    const std::optional<int> select =
        postselect == 0 || postselect == 1 ? std::optional<int>(postselect) : std::nullopt;
    return result_pointer(s.device().measure(static_cast<Wire>(qubit), select) == 1);
  });
}
const bool* measure_2023(QubitId qubit) { return measure(qubit, -1); }

// The parity of a Pauli product on `wires`, measured with collapse: each letter rotated to Z, the parity
// gathered onto the last wire by CNOTs, measured there, and everything undone.
bool measure_pauli(Session& s, std::string_view word, const std::vector<Wire>& wires) {
  if (word.size() != wires.size())
    throw Error(ErrorCode::InvalidArgument, "the Pauli word '" + std::string(word) + "' has " +
                                                std::to_string(word.size()) + " letters for " +
                                                std::to_string(wires.size()) + " wires");
  std::vector<Wire> active;
  std::vector<char> letters;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] != 'I' && word[i] != 'X' && word[i] != 'Y' && word[i] != 'Z')
      throw Error(ErrorCode::InvalidArgument,
                  "the Pauli word '" + std::string(word) + "' has the letter '" + word[i] + "'");
    if (word[i] != 'I') active.push_back(wires[i]), letters.push_back(word[i]);
  }
  if (active.empty()) return false;  // the identity's eigenvalue is +1
  const double half_pi = std::numbers::pi / 2, minus = -half_pi;
  auto basis = [&](bool undo) {
    for (std::size_t i = 0; i < active.size(); ++i) {
      if (letters[i] == 'X') apply_gate(s, Gate::Hadamard, {}, {&active[i], 1}, false, {}, {});
      if (letters[i] == 'Y') apply_gate(s, Gate::RX, {undo ? &minus : &half_pi, 1}, {&active[i], 1}, false, {}, {});
    }
  };
  auto ladder = [&] {
    for (std::size_t i = 0; i + 1 < active.size(); ++i) {
      const Wire pair[2] = {active[i], active.back()};
      apply_gate(s, Gate::CNOT, {}, pair, false, {}, {});
    }
  };
  basis(false);
  ladder();
  const bool one = s.device().measure(active.back()) == 1;
  ladder();
  basis(true);
  return one;
}

const bool* pauli_measure(const char* word, bool negated, const char* alternative, bool negated_alternative,
                          bool select_first, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  const bool* r = guarded<const bool*>("PauliMeasure", [&](Session& s) {
    const char* chosen = select_first ? word : alternative;
    if (!chosen) throw Error(ErrorCode::InvalidArgument, "NULL Pauli word");
    const std::vector<Wire> wires = read_wires(args, count);
    s.count_operation();
    unsupported_on_tape(s, "a mid-circuit measurement");
    const bool recording = s.recording;
    s.recording = false;
    const bool one = measure_pauli(s, chosen, wires);
    s.recording = recording;
    return result_pointer(one != (select_first ? negated : negated_alternative));
  });
  va_end(args);
  return r;
}

double expval(std::intptr_t key) {
  return guarded<double>("Expval", [&](Session& s) {
    s.count_operation();
    const Observable& o = s.observable(key);
    const double value = s.device().expval(o);
    if (s.recording) s.tape.observables.push_back(o);
    return value;
  });
}

double variance(std::intptr_t key) {
  return guarded<double>("Variance", [&](Session& s) {
    s.count_operation();
    unsupported_on_tape(s, "a variance (the adjoint method differentiates expectation values)");
    return s.device().var(s.observable(key));
  });
}

// Probabilities: exact at shots 0, estimated from the samples otherwise (as Lightning does).
void fill_probs(Session& s, const Descriptor<1>* out, const std::vector<Wire>& wires) {
  if (!out) throw Error(ErrorCode::InvalidArgument, "NULL result");
  s.count_operation();
  Device& d = s.device();
  const std::size_t k = wires.empty() ? s.live_wires().size() : wires.size();
  const MemrefView<double, 1> view(*out, "Probs' result");
  if (k >= 63 || view.count() != (std::size_t{1} << k))
    throw Error(ErrorCode::InvalidArgument, "of " + std::to_string(k) + " wires fills 2^" + std::to_string(k) +
                                                " values; the result holds " + std::to_string(view.count()));
  if (d.shots() > 0) {
    for (std::size_t i = 0; i < view.count(); ++i) view[i] = 0;
    const double shots = static_cast<double>(d.shots());
    for (const auto& [outcome, n] : d.counts(wires))
      if (outcome < view.count()) view[outcome] = static_cast<double>(n) / shots;
    return;
  }
  const std::vector<double> p = d.probs(wires);
  for (std::size_t i = 0; i < p.size(); ++i) view[i] = p[i];
}

void probs(const Descriptor<1>* out, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Probs", [&](Session& s) { fill_probs(s, out, read_wires(args, count)); });
  va_end(args);
}

// The runtime examples' Probs(MemRefT*, i64): declared without the qubits, so only "all wires" (0) reads.
void probs_examples(const Descriptor<1>* out, std::int64_t count) {
  guarded<void>("Probs", [&](Session& s) {
    if (count != 0)
      throw Error(ErrorCode::InvalidArgument,
                  "Probs is declared without its qubit list, yet given " + std::to_string(count) + " qubits");
    fill_probs(s, out, {});
  });
}

void fill_state(Session& s, const Descriptor<1>* out, std::int64_t count) {
  if (!out) throw Error(ErrorCode::InvalidArgument, "NULL result");
  if (count != 0)
    throw Error(ErrorCode::Unsupported,
                "the state of some of the wires (Catalyst's runtime has no partial state either)");
  s.count_operation();
  Device& d = s.device();
  const MemrefView<std::complex<double>, 1> view(*out, "State's result");
  const std::size_t size = d.state_size();
  if (view.count() != size)
    throw Error(ErrorCode::InvalidArgument, "the state has " + std::to_string(size) + " amplitudes; the result holds " +
                                                std::to_string(view.count()));
  if (view.contiguous()) {
    d.state_into({view.data(), size});
    return;
  }
  const auto state = d.state();
  for (std::size_t i = 0; i < size; ++i) view[i] = state[i];
}

void state(const Descriptor<1>* out, std::int64_t count, ...) {
  guarded<void>("State", [&](Session& s) { fill_state(s, out, count); });
}
void state_examples(const Descriptor<1>* out, std::int64_t count) {
  guarded<void>("State", [&](Session& s) { fill_state(s, out, count); });
}

void fill_samples(Session& s, const Descriptor<2>* out, const std::vector<Wire>& wires) {
  if (!out) throw Error(ErrorCode::InvalidArgument, "NULL result");
  s.count_operation();
  const std::uint64_t shots = shots_for(s);
  const std::size_t columns = wires.empty() ? s.live_wires().size() : wires.size();
  const MemrefView<double, 2> view(*out, "Sample's result");
  if (view.size(0) != shots || view.size(1) != columns)
    throw Error(ErrorCode::InvalidArgument, "fills " + std::to_string(shots) + " x " + std::to_string(columns) +
                                                " values (shots x wires); the result is " +
                                                std::to_string(view.size(0)) + " x " + std::to_string(view.size(1)));
  const std::vector<std::uint8_t> bits = s.device().sample(wires);
  for (std::size_t i = 0; i < bits.size(); ++i) view[i] = bits[i];
}

void sample(const Descriptor<2>* out, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Sample", [&](Session& s) { fill_samples(s, out, read_wires(args, count)); });
  va_end(args);
}
void sample_2023(const Descriptor<2>* out, std::int64_t /*shots: the device's*/, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Sample", [&](Session& s) { fill_samples(s, out, read_wires(args, count)); });
  va_end(args);
}

void fill_counts(Session& s, CountsPair* out, const std::vector<Wire>& wires) {
  if (!out) throw Error(ErrorCode::InvalidArgument, "NULL result");
  s.count_operation();
  shots_for(s);
  const std::size_t k = wires.empty() ? s.live_wires().size() : wires.size();
  const MemrefView<double, 1> eigvals(out->eigvals, "Counts' outcomes");
  const MemrefView<std::int64_t, 1> counts(out->counts, "Counts' counts");
  if (k >= 63 || eigvals.count() != (std::size_t{1} << k) || counts.count() != eigvals.count())
    throw Error(ErrorCode::InvalidArgument, "of " + std::to_string(k) + " wires fills 2^" + std::to_string(k) +
                                                " outcomes and counts; the results hold " +
                                                std::to_string(eigvals.count()) + " and " +
                                                std::to_string(counts.count()));
  for (std::size_t i = 0; i < eigvals.count(); ++i) {
    eigvals[i] = static_cast<double>(i);
    counts[i] = 0;
  }
  for (const auto& [outcome, n] : s.device().counts(wires))
    if (outcome < counts.count()) counts[outcome] = static_cast<std::int64_t>(n);
}

void counts(CountsPair* out, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Counts", [&](Session& s) { fill_counts(s, out, read_wires(args, count)); });
  va_end(args);
}
void counts_2023(CountsPair* out, std::int64_t /*shots: the device's*/, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Counts", [&](Session& s) { fill_counts(s, out, read_wires(args, count)); });
  va_end(args);
}

}  // namespace

void add_measurement_functions(FunctionTable& t) {
  t.add("__catalyst__qis__Measure", "ptr (ptr, i32)", address_of(&measure));
  t.add("__catalyst__qis__PauliMeasure", "ptr (ptr, i1, ptr, i1, i1, i64, ...)", address_of(&pauli_measure));
  t.add("__catalyst__qis__Sample", "void (ptr, i64, ...)", address_of(&sample));
  t.add("__catalyst__qis__Counts", "void (ptr, i64, ...)", address_of(&counts));
  for (const char* prefix : {"__catalyst__qis__", "__quantum__qis__"}) {
    const std::string p(prefix);
    t.add(p + "Measure", "ptr (ptr)", address_of(&measure_2023));
    t.add(p + "Expval", "double (i64)", address_of(&expval));
    t.add(p + "Variance", "double (i64)", address_of(&variance));
    t.add(p + "Probs", "void (ptr, i64, ...)", address_of(&probs));
    t.add(p + "Probs", "void (ptr, i64)", address_of(&probs_examples));
    t.add(p + "State", "void (ptr, i64, ...)", address_of(&state));
    t.add(p + "State", "void (ptr, i64)", address_of(&state_examples));
    t.add(p + "Sample", "void (ptr, i64, i64, ...)", address_of(&sample_2023));
    t.add(p + "Counts", "void (ptr, i64, i64, ...)", address_of(&counts_2023));
  }
}

}  // namespace qrt::catalyst
