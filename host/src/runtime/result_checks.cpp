#include "runtime/result_checks.hpp"

#include <qrt/error.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace qrt::runtime {
namespace {

[[noreturn]] void refuse(const DeviceType& type, const char* operation, const std::string& what) {
  throw Error(ErrorCode::Internal, type.name() + ": " + operation + ": the device (library " + type.library_path().string() +
                                       ") returned " + what + "; its results cannot be used");
}

std::string number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// Four sums, so that the pass runs at memory speed (one running sum would wait on each addition).
struct Sums {
  double total = 0, lowest = 0;
};

Sums sums_of(const double* values, std::size_t count) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0, m0 = 0, m1 = 0;
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += values[i];
    s1 += values[i + 1];
    s2 += values[i + 2];
    s3 += values[i + 3];
    m0 = std::fmin(m0, std::fmin(values[i], values[i + 1]));
    m1 = std::fmin(m1, std::fmin(values[i + 2], values[i + 3]));
  }
  for (; i < count; ++i) {
    s0 += values[i];
    m0 = std::fmin(m0, values[i]);
  }
  return {(s0 + s1) + (s2 + s3), std::fmin(m0, m1)};
}

}  // namespace

void check_value(double value, const DeviceType& type, const char* operation) {
  if (!std::isfinite(value)) [[unlikely]]
    refuse(type, operation, number(value));
}

void check_probabilities(std::span<const double> p, const DeviceType& type, const char* operation) {
  // A NaN or an infinity anywhere makes the total NaN or infinite: the loop needs no test per entry.
  const Sums s = sums_of(p.data(), p.size());
  if (std::isfinite(s.total) && std::abs(s.total - 1) <= kResultTolerance && s.lowest >= -kResultTolerance) [[likely]]
    return;
  for (std::size_t i = 0; i < p.size(); ++i)  // the error path: name the first bad entry
    if (!std::isfinite(p[i]) || p[i] < -kResultTolerance || p[i] > 1 + kResultTolerance)
      refuse(type, operation, "the probability " + number(p[i]) + " (entry " + std::to_string(i) + " of " +
                                  std::to_string(p.size()) + ")");
  refuse(type, operation, "probabilities that sum to " + number(s.total) + ", not 1 (tolerance " + number(kResultTolerance) + ")");
}

void check_state(std::span<const std::complex<double>> state, const DeviceType& type, const char* operation) {
  if (state.empty()) return;  // nothing to check (a state has at least one amplitude; Device asks for its size)
  // |a|^2 summed over re and im parts alike: the sum of squares of the doubles.
  const auto* parts = reinterpret_cast<const double*>(state.data());
  const std::size_t count = 2 * state.size();
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += parts[i] * parts[i];
    s1 += parts[i + 1] * parts[i + 1];
    s2 += parts[i + 2] * parts[i + 2];
    s3 += parts[i + 3] * parts[i + 3];
  }
  for (; i < count; ++i) s0 += parts[i] * parts[i];
  const double norm = (s0 + s1) + (s2 + s3);
  if (std::isfinite(norm) && std::abs(norm - 1) <= kResultTolerance) [[likely]]
    return;
  for (std::size_t k = 0; k < state.size(); ++k)
    if (!std::isfinite(state[k].real()) || !std::isfinite(state[k].imag()))
      refuse(type, operation, "the amplitude (" + number(state[k].real()) + ", " + number(state[k].imag()) + ") (entry " +
                                  std::to_string(k) + " of " + std::to_string(state.size()) + ")");
  refuse(type, operation, "a state of squared norm " + number(norm) + ", not 1 (tolerance " + number(kResultTolerance) + ")");
}

}  // namespace qrt::runtime
