// One holder of amplitudes per precision (kwarg `precision`): Of<double> holds complex128 amplitudes,
// Of<float> complex64. A device keeps a ByPrecision and reaches the amplitudes through std::visit, so
// each of its code paths is compiled for both element types and chosen once, at creation.
#pragma once

#include "device_common/device_options.hpp"

#include <utility>
#include <variant>

namespace qrt::sv {

template <template <class> class Of>
using ByPrecision = std::variant<Of<double>, Of<float>>;

// The holder for `precision`, default-constructed in place (holders need not be movable).
template <template <class> class Of>
ByPrecision<Of> make_by_precision(Precision precision) {
  if (precision == Precision::Single) return ByPrecision<Of>(std::in_place_index<1>);
  return ByPrecision<Of>(std::in_place_index<0>);
}

}  // namespace qrt::sv
