// What a plugin returns is checked before the host uses it: a NaN probability would otherwise print as
// an empty table and `null` in JSON, a probability table that does not sum to 1 would be sampled from as
// if it did. Expectation values, variances and states must be finite; probabilities must lie in [0, 1]
// and sum to 1, and a state must have norm 1, both within kResultTolerance — far above rounding (a
// single-precision state drifts about 1e-6 from norm 1 over a thousand gates), far below any real fault.
//
// Each check is one pass over the returned data, in vector lanes, with no allocation while the data are
// good; bench_host times the checked calls (BM_Probs, BM_State) beside the same calls straight through
// the ABI (BM_ProbsUnchecked, BM_StateUnchecked). A failed check throws Error(Internal) naming the
// device, its library, the call and the first bad value. qrt::Device checks what every backend returns
// (device.cpp): an isolated device's values are checked in its worker, before they leave it, and here.
#pragma once

#include <qrt/device_type.hpp>

#include <complex>
#include <span>

namespace qrt::device {

inline constexpr double kResultTolerance = 1e-3;

void check_value(double value, const DeviceType& type, const char* operation);  // expval, var
void check_probabilities(std::span<const double> probabilities, const DeviceType& type, const char* operation);
void check_state(std::span<const std::complex<double>> state, const DeviceType& type, const char* operation);

}  // namespace qrt::device
