// Expansion of a Program down to the primitives U and CX: the language's own definition of what a
// program means, independent of any device. Useful as a reference and for devices that take only U/CX.
#pragma once

#include <qrt/program/program.hpp>

#include <cstddef>

namespace qrt::program {

// A copy of `program` whose Gate operations are all U or CX (conditions and source positions of the
// top-level statement kept; measure/reset/barrier unchanged). Throws qrt::program::Error for an opaque gate
// (it has no definition), for a parameter expression that fails to evaluate (division by zero...), or
// when the result would exceed `max_operations` (or expanding would visit more than 4x as many gates),
// and for a program with free parameters (bind() them first).
Program expand_to_primitives(const Program& program, std::size_t max_operations = std::size_t{1} << 24);

}  // namespace qrt::program
