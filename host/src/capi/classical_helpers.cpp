// qir-runner's classical helpers that Q# programs call: math (`__quantum__qis__<name>__body`, the C
// library's functions under Q#'s names and with Q#'s meanings), random draws, and raw memory.
#include "capi/program_random.hpp"
#include "capi/runtime_objects_api.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>

using qrt::Error;
using qrt::ErrorCode;
using namespace qrt::capi;

namespace qrt::capi {

namespace {
thread_local std::mt19937_64 t_random{std::random_device{}() * 0x100000001ull + std::random_device{}()};
}

void seed_program_random(std::uint64_t seed) noexcept { t_random.seed(seed ^ 0x5DEECE66Dull); }
std::mt19937_64& program_random() noexcept { return t_random; }

}  // namespace qrt::capi

extern "C" {

double __quantum__qis__nan__body(void) { return std::numeric_limits<double>::quiet_NaN(); }
double __quantum__qis__infinity__body(void) { return std::numeric_limits<double>::infinity(); }
bool __quantum__qis__isnan__body(double x) { return std::isnan(x); }
// Q#'s IsInfinity is true for +infinity only; -infinity is IsNegativeInfinity's.
bool __quantum__qis__isinf__body(double x) { return std::isinf(x) && x > 0; }
bool __quantum__qis__isnegativeinfinity__body(double x) { return std::isinf(x) && x < 0; }
double __quantum__qis__sin__body(double x) { return std::sin(x); }
double __quantum__qis__cos__body(double x) { return std::cos(x); }
double __quantum__qis__tan__body(double x) { return std::tan(x); }
double __quantum__qis__arcsin__body(double x) { return std::asin(x); }
double __quantum__qis__arccos__body(double x) { return std::acos(x); }
double __quantum__qis__arctan__body(double x) { return std::atan(x); }
double __quantum__qis__arctan2__body(double y, double x) { return std::atan2(y, x); }
double __quantum__qis__sinh__body(double x) { return std::sinh(x); }
double __quantum__qis__cosh__body(double x) { return std::cosh(x); }
double __quantum__qis__tanh__body(double x) { return std::tanh(x); }
double __quantum__qis__sqrt__body(double x) { return std::sqrt(x); }
double __quantum__qis__log__body(double x) { return std::log(x); }
// .NET's Math.IEEERemainder as Q# defines it: x - y * round(x / y), halves rounded away from zero.
double __quantum__qis__ieeeremainder__body(double x, double y) { return x - y * std::round(x / y); }

int64_t __quantum__qis__drawrandomint__body(int64_t min, int64_t max) {
  return guarded(__func__, int64_t{0}, [&] {
    if (min > max) throw Error(ErrorCode::InvalidArgument, "Invalid Argument: minimum > maximum");
    return std::uniform_int_distribution<int64_t>(min, max)(program_random());
  });
}

double __quantum__qis__drawrandomdouble__body(double min, double max) {
  return guarded(__func__, 0.0, [&] {
    if (!(min <= max)) throw Error(ErrorCode::InvalidArgument, "Invalid Argument: minimum > maximum");
    if (min == max) return min;
    // Both ends included, as Q#'s DrawRandomDouble promises.
    return std::uniform_real_distribution<double>(
        min, std::nextafter(max, std::numeric_limits<double>::infinity()))(program_random());
  });
}

int8_t* __quantum__rt__memory_allocate(uint64_t size) {
  return guarded(__func__, static_cast<int8_t*>(nullptr), [&] {
    if (size > (uint64_t{1} << 32))
      throw Error(ErrorCode::OutOfMemory, "cannot allocate " + std::to_string(size) + " bytes");
    const std::size_t words = (size + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
    auto& memory = qrt::context::this_thread().objects.memory;
    const std::size_t count = words == 0 ? 1 : words;
    // Zeroed byte for byte: value-initialising max_align_t leaves its padding (6 bytes of each long
    // double) as the allocator left it.
    memory.push_back(std::make_unique_for_overwrite<std::max_align_t[]>(count));
    std::memset(memory.back().get(), 0, count * sizeof(std::max_align_t));
    return reinterpret_cast<int8_t*>(memory.back().get());
  });
}

}  // extern "C"
