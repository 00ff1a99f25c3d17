// QIR arrays: one-dimensional, elements of a fixed byte size, reference and alias counted.
#include "capi/runtime_objects_api.hpp"

#include <algorithm>

using qrt::Error;
using qrt::ErrorCode;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace qrt::capi {

QirArray& new_array(ThreadContext& ctx, std::int32_t element_size, std::int64_t count) {
  if (element_size <= 0)
    throw Error(ErrorCode::InvalidArgument, "array element size " + std::to_string(element_size) + " is not positive");
  if (count < 0) throw Error(ErrorCode::InvalidArgument, "negative array length " + std::to_string(count));
  constexpr std::int64_t kMaxBytes = std::int64_t{1} << 40;
  if (count > kMaxBytes / element_size)
    throw Error(ErrorCode::OutOfMemory, "an array of " + std::to_string(count) + " elements of " +
                                            std::to_string(element_size) + " bytes is too large");
  auto array = std::make_unique<QirArray>();
  array->element_size = element_size;
  array->count = count;
  array->storage.resize(static_cast<std::size_t>(count) * static_cast<std::size_t>(element_size));
  return *ctx.objects.arrays.add(std::move(array));
}

QirArray& array_at(ThreadContext& ctx, QirArray* handle) { return ctx.objects.arrays.at(handle, "array"); }

QUBIT* qubit_at(QirArray& array, std::int64_t i) {
  if (array.element_size != static_cast<std::int32_t>(sizeof(QUBIT*)))
    throw Error(ErrorCode::InvalidArgument,
                "expected an array of qubits, got elements of " + std::to_string(array.element_size) + " bytes");
  QUBIT* q = nullptr;
  std::memcpy(&q, array.element(i), sizeof q);  // NOLINT(bugprone-sizeof-expression): the pointer is the value copied
  return q;
}

int pauli_at(QirArray& array, std::int64_t i) {
  return static_cast<int>(static_cast<std::uint8_t>(*array.element(i)) & 3u);
}

}  // namespace qrt::capi

namespace {

void check_index(const QirArray& array, std::int64_t index) {
  if (index < 0 || index >= array.count)
    throw Error(ErrorCode::OutOfRange, "index " + std::to_string(index) + " outside an array of " +
                                           std::to_string(array.count) + (array.owns_qubits ? " qubits" : " elements"));
}

QirArray& copy_of(ThreadContext& ctx, const QirArray& source) {
  QirArray& copy = new_array(ctx, source.element_size, source.count);
  copy.storage = source.storage;
  return copy;
}

}  // namespace

extern "C" {

QirArray* __quantum__rt__array_create_1d(int32_t element_size, int64_t count) {
  return guarded(__func__, static_cast<QirArray*>(nullptr),
                 [&] { return &new_array(qrt::context::this_thread(), element_size, count); });
}

int64_t __quantum__rt__array_get_size_1d(QirArray* handle) {
  return guarded(__func__, int64_t{0}, [&] { return array_at(qrt::context::this_thread(), handle).count; });
}

int8_t* __quantum__rt__array_get_element_ptr_1d(QirArray* handle, int64_t index) {
  return guarded(__func__, static_cast<int8_t*>(nullptr), [&] {
    QirArray& array = array_at(qrt::context::this_thread(), handle);
    check_index(array, index);
    return reinterpret_cast<int8_t*>(array.element(index));
  });
}

QirArray* __quantum__rt__array_slice_1d(QirArray* handle, int64_t start, int64_t step, int64_t end, bool) {
  return guarded(__func__, static_cast<QirArray*>(nullptr), [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    QirArray& array = array_at(ctx, handle);
    if (step == 0) throw Error(ErrorCode::InvalidArgument, "a range with step 0");
    std::int64_t n = 0;
    if ((step > 0 && start <= end) || (step < 0 && start >= end)) n = (end - start) / step + 1;
    if (n > 0) {
      check_index(array, start);
      check_index(array, start + (n - 1) * step);
    }
    QirArray& slice = new_array(ctx, array.element_size, n);
    for (std::int64_t i = 0; i < n; ++i)
      std::memcpy(slice.element(i), array.element(start + i * step), static_cast<std::size_t>(array.element_size));
    return &slice;
  });
}

QirArray* __quantum__rt__array_concatenate(QirArray* head, QirArray* tail) {
  return guarded(__func__, static_cast<QirArray*>(nullptr), [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    QirArray& a = array_at(ctx, head);
    QirArray& b = array_at(ctx, tail);
    if (a.element_size != b.element_size)
      throw Error(ErrorCode::InvalidArgument, "cannot concatenate arrays of " + std::to_string(a.element_size) +
                                                  "- and " + std::to_string(b.element_size) + "-byte elements");
    QirArray& joined = new_array(ctx, a.element_size, a.count + b.count);
    std::copy(a.storage.begin(), a.storage.end(), joined.storage.begin());
    std::copy(b.storage.begin(), b.storage.end(),
              joined.storage.begin() + static_cast<std::ptrdiff_t>(a.storage.size()));
    return &joined;
  });
}

QirArray* __quantum__rt__array_copy(QirArray* handle, bool force_copy) {
  return guarded(__func__, static_cast<QirArray*>(nullptr), [&]() -> QirArray* {
    if (!handle) return nullptr;
    ThreadContext& ctx = qrt::context::this_thread();
    QirArray& array = array_at(ctx, handle);
    if (array.aliases == 0 && !force_copy) {
      ++array.references;
      return &array;
    }
    return &copy_of(ctx, array);
  });
}

void __quantum__rt__array_update_reference_count(QirArray* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    ThreadContext& ctx = qrt::context::this_thread();
    QirArray& array = array_at(ctx, handle);
    array.references += delta;
    if (array.references < 0) throw Error(ErrorCode::FailedPrecondition, "array reference count went below zero");
    if (array.references == 0) ctx.objects.arrays.erase(handle);
  });
}

void __quantum__rt__array_update_alias_count(QirArray* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    QirArray& array = array_at(qrt::context::this_thread(), handle);
    array.aliases += delta;
    if (array.aliases < 0) throw Error(ErrorCode::FailedPrecondition, "array alias count went below zero");
  });
}

}  // extern "C"
