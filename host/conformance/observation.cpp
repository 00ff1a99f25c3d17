#include "conformance/observation.hpp"

#include <cmath>

namespace qrt::conformance {

Snapshot observe(const CheckContext& context, NativeInstance& instance) {
  Snapshot s;
  if (context.observation == Observation::State) {
    s.amplitudes = instance.state();
    s.probs = probabilities(s.amplitudes);
  } else if (context.observation == Observation::Probs) {
    s.probs = instance.probs();
  } else {
    not_applicable(context.why_values_unchecked());
  }
  return s;
}

std::vector<double> read_probs(const CheckContext& context, NativeInstance& instance, std::span<const qrt_wire> wires,
                               std::span<const qrt_wire> all_wires) {
  if (QRT_HAS_FUNCTION(&context.functions(), qrt_device_functions, probs)) return instance.probs(wires);
  if (context.observation != Observation::State) not_applicable("the device exposes neither probs nor state");
  std::vector<std::size_t> positions;
  for (qrt_wire w : wires)
    for (std::size_t p = 0; p < all_wires.size(); ++p)
      if (all_wires[p] == w) positions.push_back(p);
  return marginal(probabilities(instance.state()), all_wires.size(), positions);
}

double deviation(Observation mode, const Snapshot& got, std::span<const Complex> expected) {
  if (mode == Observation::State) return max_difference<Complex>(got.amplitudes, expected);
  const std::vector<double> p = probabilities(expected);
  return max_difference<double>(got.probs, p);
}

std::string describe_mismatch(Observation mode, const Snapshot& got, std::span<const Complex> expected) {
  const std::size_t n = mode == Observation::State ? got.amplitudes.size() : got.probs.size();
  if (n != expected.size()) return "read " + std::to_string(n) + " values, expected " + std::to_string(expected.size());
  std::size_t worst = 0;
  double worst_difference = -1.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = mode == Observation::State ? std::abs(got.amplitudes[i] - expected[i])
                                                : std::abs(got.probs[i] - std::norm(expected[i]));
    if (!(d <= worst_difference)) {  // NaN counts as the worst
      worst = i;
      worst_difference = d;
      if (std::isnan(d)) break;
    }
  }
  if (mode == Observation::State)
    return "amplitude " + std::to_string(worst) + ": got " + format_complex(got.amplitudes[worst]) + ", expected " +
           format_complex(expected[worst]);
  return "probability " + std::to_string(worst) + ": got " + format_number(got.probs[worst]) + ", expected " +
         format_number(std::norm(expected[worst]));
}

}  // namespace qrt::conformance
