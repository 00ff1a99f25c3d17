#include "adjoint/generator.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace qrt::sv {

namespace {

constexpr Complex kI{0.0, 1.0};
using Mat2 = std::array<Complex, 4>;  // row-major 2x2

Mat2 mul(const Mat2& a, const Mat2& b) {
  return {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
}
Mat2 dagger(const Mat2& a) { return {std::conj(a[0]), std::conj(a[2]), std::conj(a[1]), std::conj(a[3])}; }
Mat2 rz(double t) { return {std::polar(1.0, -t / 2), 0.0, 0.0, std::polar(1.0, t / 2)}; }
Mat2 ry(double t) { return {std::cos(t / 2), -std::sin(t / 2), std::sin(t / 2), std::cos(t / 2)}; }
const Mat2 kHalfZ{0.5, 0.0, 0.0, -0.5};
const Mat2 kHalfY{0.0, -0.5 * kI, 0.5 * kI, 0.0};

// A generator on `targets` (call order) with the given entries.
Generator local(std::span<const unsigned> targets, std::initializer_list<Generator::Entry> entries) {
  Generator g;
  g.kind = Generator::Kind::Local;
  g.num_targets = static_cast<unsigned>(targets.size());
  for (unsigned i = 0; i < g.num_targets; ++i) g.targets[i] = targets[i];
  g.entries.assign(entries);
  return g;
}
Generator local_matrix(std::span<const unsigned> targets, const Mat2& m) {
  Generator g = local(targets, {});
  for (std::uint8_t r = 0; r < 2; ++r)
    for (std::uint8_t c = 0; c < 2; ++c)
      if (m[2 * r + c] != 0.0) g.entries.push_back({r, c, m[2 * r + c]});
  return g;
}
Generator parity(std::span<const unsigned> targets, double even, double odd) {
  Generator g;
  g.kind = Generator::Kind::Parity;
  for (unsigned q : targets) g.parity_mask |= QubitMask{1} << q;
  g.even = even;
  g.odd = odd;
  return g;
}
// `value` on every local diagonal entry of a k-target generator except those in `skip`.
void add_diagonal(Generator& g, std::uint8_t dim, double value, std::initializer_list<std::uint8_t> skip) {
  for (std::uint8_t i = 0; i < dim; ++i)
    if (std::find(skip.begin(), skip.end(), i) == skip.end()) g.entries.push_back({i, i, value});
}

// Base generators: the gate without its own controls, without the adjoint flag; `t` its targets.
using BaseGenerator = Generator (*)(std::span<const double> p, std::span<const unsigned> t, std::size_t param);

Generator phase_shift(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return local(t, {{1, 1, -1.0}});  // diag(1, e^{iθ}): dU = i P1 U
}
Generator rx(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return local(t, {{0, 1, 0.5}, {1, 0, 0.5}});
}
Generator ry(std::span<const double>, std::span<const unsigned> t, std::size_t) { return local_matrix(t, kHalfY); }
Generator rz(std::span<const double>, std::span<const unsigned> t, std::size_t) { return local_matrix(t, kHalfZ); }
// Rot(φ, θ, ω) = RZ(ω) RY(θ) RZ(φ): each parameter's generator moved to the output side.
Generator rot(std::span<const double> p, std::span<const unsigned> t, std::size_t param) {
  const double theta = p[1], omega = p[2];
  if (param == 2) return local_matrix(t, kHalfZ);
  if (param == 1) return local_matrix(t, mul(mul(rz(omega), kHalfY), dagger(rz(omega))));
  const Mat2 w = mul(rz(omega), ry(theta));
  return local_matrix(t, mul(mul(w, kHalfZ), dagger(w)));
}
Generator pswap(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return local(t, {{1, 1, -1.0}, {2, 2, -1.0}});  // SWAP_mid e^{iθ P_mid}
}
Generator ising_xx(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return local(t, {{0, 3, 0.5}, {1, 2, 0.5}, {2, 1, 0.5}, {3, 0, 0.5}});
}
Generator ising_yy(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return local(t, {{0, 3, -0.5}, {1, 2, 0.5}, {2, 1, 0.5}, {3, 0, -0.5}});
}
Generator ising_xy(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return local(t, {{1, 2, -0.5}, {2, 1, -0.5}});  // exp(iθ (XX + YY) / 4)
}
Generator ising_zz(std::span<const double>, std::span<const unsigned> t, std::size_t) { return parity(t, 0.5, -0.5); }
Generator multi_rz(std::span<const double>, std::span<const unsigned> t, std::size_t) { return parity(t, 0.5, -0.5); }
Generator global_phase(std::span<const double>, std::span<const unsigned>, std::size_t) {
  return local(std::span<const unsigned>{}, {{0, 0, 1.0}});  // e^{-iθ} I
}
// A Y rotation of the pair |01>, |10> (local 1, 2), with `outside` on |00>, |11>.
Generator single_excitation_with(std::span<const unsigned> t, double outside) {
  Generator g = local(t, {{1, 2, -0.5 * kI}, {2, 1, 0.5 * kI}});
  if (outside != 0.0) add_diagonal(g, 4, outside, {1, 2});
  return g;
}
Generator single_excitation(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return single_excitation_with(t, 0.0);
}
Generator single_excitation_plus(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return single_excitation_with(t, -0.5);
}
Generator single_excitation_minus(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return single_excitation_with(t, 0.5);
}
// A Y rotation of |0011>, |1100> (local 3, 12), with `outside` on the 14 other basis states.
Generator double_excitation_with(std::span<const unsigned> t, double outside) {
  Generator g = local(t, {{3, 12, -0.5 * kI}, {12, 3, 0.5 * kI}});
  if (outside != 0.0) add_diagonal(g, 16, outside, {3, 12});
  return g;
}
Generator double_excitation(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return double_excitation_with(t, 0.0);
}
Generator double_excitation_plus(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return double_excitation_with(t, -0.5);
}
Generator double_excitation_minus(std::span<const double>, std::span<const unsigned> t, std::size_t) {
  return double_excitation_with(t, 0.5);
}

struct Differentiable {
  std::string_view name;
  BaseGenerator base;
  bool commutes;  // G commutes with U (one-parameter gates): the adjoint's generator is -G
};

constexpr std::array kDifferentiable{
    Differentiable{"PhaseShift", &phase_shift, true},
    Differentiable{"RX", &rx, true},
    Differentiable{"RY", &ry, true},
    Differentiable{"RZ", &rz, true},
    Differentiable{"Rot", &rot, false},
    Differentiable{"PSWAP", &pswap, true},
    Differentiable{"IsingXX", &ising_xx, true},
    Differentiable{"IsingXY", &ising_xy, true},
    Differentiable{"IsingYY", &ising_yy, true},
    Differentiable{"IsingZZ", &ising_zz, true},
    Differentiable{"ControlledPhaseShift", &phase_shift, true},
    Differentiable{"CRX", &rx, true},
    Differentiable{"CRY", &ry, true},
    Differentiable{"CRZ", &rz, true},
    Differentiable{"CRot", &rot, false},
    Differentiable{"MultiRZ", &multi_rz, true},
    Differentiable{"GlobalPhase", &global_phase, true},
    Differentiable{"SingleExcitation", &single_excitation, true},
    Differentiable{"SingleExcitationPlus", &single_excitation_plus, true},
    Differentiable{"SingleExcitationMinus", &single_excitation_minus, true},
    Differentiable{"DoubleExcitation", &double_excitation, true},
    Differentiable{"DoubleExcitationPlus", &double_excitation_plus, true},
    Differentiable{"DoubleExcitationMinus", &double_excitation_minus, true},
};

constexpr auto kNames = [] {
  std::array<std::string_view, kDifferentiable.size()> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kDifferentiable[i].name;
  return names;
}();

// -U† G U for Rot's 2x2 generators (the adjoint of a gate whose generator does not commute with it).
void adjoint_of_rot(Generator& g, std::span<const double> p) {
  const Mat2 u = mul(mul(rz(p[2]), ry(p[1])), rz(p[0]));
  Mat2 m{};
  for (const Generator::Entry& e : g.entries) m[2 * e.row + e.col] = e.value;
  const Mat2 conjugated = mul(mul(dagger(u), m), u);
  std::array<unsigned, 1> target{g.targets[0]};
  Generator result = local_matrix(target, Mat2{-conjugated[0], -conjugated[1], -conjugated[2], -conjugated[3]});
  g.entries = std::move(result.entries);
}

}  // namespace

std::span<const std::string_view> differentiable_gates() { return kNames; }

std::optional<Generator> gate_generator(const GateCallQubits& call, std::size_t param) {
  const auto found = std::find_if(kDifferentiable.begin(), kDifferentiable.end(),
                                  [&](const Differentiable& d) { return d.name == call.name; });
  if (found == kDifferentiable.end()) return std::nullopt;
  const std::span<const unsigned> targets = call.wires.subspan(call.own_controls);
  Generator g = found->base(call.params, targets, param);
  if (call.adjoint) {
    if (found->commutes) {
      for (Generator::Entry& e : g.entries) e.value = -e.value;
      g.even = -g.even;
      g.odd = -g.odd;
    } else {
      adjoint_of_rot(g, call.params);
    }
  }
  QubitMask own = 0;
  for (unsigned i = 0; i < call.own_controls; ++i) own |= QubitMask{1} << call.wires[i];
  g.control_mask = own | call.extra_control_mask;
  g.control_values = own | call.extra_control_values;
  return g;
}

}  // namespace qrt::sv
