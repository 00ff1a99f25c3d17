// The bridges older Q# compilers emit: the module defines __quantum__rt__array_slice_1d and
// __quantum__rt__range_to_string itself, passing the %Range by pointer to these (no leading underscores),
// which qir-runner exports.
#include "capi/guarded.hpp"

using qrt::Error;
using qrt::ErrorCode;
using namespace qrt::capi;

namespace {

const QirRange& range_at(const QirRange* range) {
  if (!range) throw Error(ErrorCode::InvalidArgument, "NULL range");
  return *range;
}

}  // namespace

extern "C" {

QirArray* quantum__rt__array_slice_1d(QirArray* array, const QirRange* range, bool force_copy) {
  QirRange r{};
  bool ok = guarded(__func__, false, [&] {
    r = range_at(range);
    return true;
  });
  return ok ? __quantum__rt__array_slice_1d(array, r.start, r.step, r.end, force_copy) : nullptr;
}

QirString* quantum__rt__range_to_string(const QirRange* range) {
  QirRange r{};
  bool ok = guarded(__func__, false, [&] {
    r = range_at(range);
    return true;
  });
  return ok ? __quantum__rt__range_to_string(r.start, r.step, r.end) : nullptr;
}

}  // extern "C"
