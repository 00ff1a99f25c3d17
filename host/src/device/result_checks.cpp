#include "device/result_checks.hpp"

#include <qrt/error.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace qrt::device {
namespace {

[[noreturn]] void refuse(const DeviceType& type, const char* operation, const std::string& what) {
  throw Error(ErrorCode::Internal, type.name() + ": " + operation + ": the device (library " +
                                       type.library_path().string() + ") returned " + what +
                                       "; its results cannot be used");
}

std::string number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// The data in lanes of kLanes independent sums (and minima): without -ffast-math a compiler may not
// reorder one running sum, but it turns independent lanes into vector instructions, so the pass runs at
// memory speed.
constexpr std::size_t kLanes = 8;

struct Sums {
  double total = 0, lowest = 0;  // lowest: plain comparisons, which a NaN never wins (the total catches it)
};

template <class Term>
Sums sums_of(const double* values, std::size_t count, Term term) {
  double sum[kLanes] = {}, low[kLanes] = {};
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes)
    for (std::size_t k = 0; k < kLanes; ++k) {
      const double t = term(values[i + k]);
      sum[k] += t;
      low[k] = t < low[k] ? t : low[k];
    }
  for (; i < count; ++i) {
    const double t = term(values[i]);
    sum[0] += t;
    low[0] = t < low[0] ? t : low[0];
  }
  Sums s;
  for (std::size_t k = 0; k < kLanes; ++k) {
    s.total += sum[k];
    s.lowest = low[k] < s.lowest ? low[k] : s.lowest;
  }
  return s;
}

}  // namespace

void check_value(double value, const DeviceType& type, const char* operation) {
  if (!std::isfinite(value)) [[unlikely]]
    refuse(type, operation, number(value));
}

void check_probabilities(std::span<const double> p, const DeviceType& type, const char* operation) {
  // A NaN or an infinity anywhere makes the total NaN or infinite: the loop needs no test per entry.
  const Sums s = sums_of(p.data(), p.size(), [](double v) { return v; });
  if (std::isfinite(s.total) && std::abs(s.total - 1) <= kResultTolerance && s.lowest >= -kResultTolerance) [[likely]]
    return;
  for (std::size_t i = 0; i < p.size(); ++i)  // the error path: name the first bad entry
    if (!std::isfinite(p[i]) || p[i] < -kResultTolerance || p[i] > 1 + kResultTolerance)
      refuse(
          type, operation,
          "the probability " + number(p[i]) + " (entry " + std::to_string(i) + " of " + std::to_string(p.size()) + ")");
  refuse(type, operation,
         "probabilities that sum to " + number(s.total) + ", not 1 (tolerance " + number(kResultTolerance) + ")");
}

void check_state(std::span<const std::complex<double>> state, const DeviceType& type, const char* operation) {
  if (state.empty()) return;  // nothing to check (a state has at least one amplitude; Device asks for its size)
  // |a|^2 summed over re and im parts alike: the sum of squares of the doubles.
  const double norm =
      sums_of(reinterpret_cast<const double*>(state.data()), 2 * state.size(), [](double v) { return v * v; }).total;
  if (std::isfinite(norm) && std::abs(norm - 1) <= kResultTolerance) [[likely]]
    return;
  for (std::size_t k = 0; k < state.size(); ++k)
    if (!std::isfinite(state[k].real()) || !std::isfinite(state[k].imag()))
      refuse(type, operation,
             "the amplitude (" + number(state[k].real()) + ", " + number(state[k].imag()) + ") (entry " +
                 std::to_string(k) + " of " + std::to_string(state.size()) + ")");
  refuse(type, operation,
         "a state of squared norm " + number(norm) + ", not 1 (tolerance " + number(kResultTolerance) + ")");
}

}  // namespace qrt::device
