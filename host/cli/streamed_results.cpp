#include "streamed_results.hpp"

#include "basis_string.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>

namespace qrt::cli {

void stream_probabilities(BufferedOutput& out, const StreamedResults& from, std::size_t n) {
  out.put('{');
  BasisCounter label(n);
  bool first = true;
  from.readout->probabilities(from.wires, [&](std::uint64_t, std::span<const double> values) {
    for (double v : values) {
      if (!first) out.put(',');
      first = false;
      out.put('"');
      out.put(label.label());
      out.put(std::string_view("\":"));
      out.put_double(v);
      label.next();
    }
  });
  out.put('}');
}

void for_each_amplitude(const StreamedResults& from, const std::function<void(std::complex<double>)>& use) {
  const std::complex<double> phase = std::polar(1.0, from.global_phase);
  from.readout->state(from.wires, [&](std::uint64_t, std::span<const std::complex<double>> values) {
    for (std::complex<double> a : values) use(from.global_phase != 0 ? a * phase : a);
  });
}

ProbabilitySelection streamed_top(const StreamedResults& from, std::size_t k, std::size_t n) {
  const std::uint64_t outcomes = std::uint64_t{1} << n;
  const DistributedReadout::Top top =
      from.readout->top(from.wires, std::min<std::uint64_t>(k, outcomes), kNegligibleProbability);
  ProbabilitySelection s;
  s.total = static_cast<std::size_t>(outcomes);
  s.nonzero = static_cast<std::size_t>(top.above_threshold);
  s.mass_total = top.total_probability;
  s.mass_kept = top.kept_probability;
  for (const auto& [outcome, p] : top.entries) {
    s.indices.push_back(static_cast<std::size_t>(outcome));
    s.values.push_back(p);
  }
  return s;
}

}  // namespace qrt::cli
