// The values of Catalyst programs are qrt's tensors (<qrt/tensor.hpp>), under their Catalyst names.
#pragma once

#include <qrt/tensor.hpp>

namespace qrt::catalyst {

using qrt::element_size;
using qrt::ElementType;
using qrt::numpy_name;
using qrt::Tensor;
using qrt::tensor_from_json;
using qrt::tensor_to_json;
using qrt::type_from_name;
using qrt::type_name;

}  // namespace qrt::catalyst
