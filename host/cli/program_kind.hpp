// The CLI's name for libqrt's choice of front end (qrt/program_kind.hpp).
#pragma once

#include <qrt/program_kind.hpp>

namespace qrt::cli {

using qrt::ProgramKind;
using qrt::program_kind;

}  // namespace qrt::cli
