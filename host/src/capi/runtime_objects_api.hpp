// Creating and reading the runtime objects of full QIR (context/runtime_objects.hpp) from the C entry
// points: shared by arrays.cpp, strings.cpp, qubits.cpp, gates.cpp, measurements.cpp and callables.cpp.
#pragma once

#include "capi/guarded.hpp"

#include <cstring>
#include <string>

namespace qrt::capi {

QirArray& new_array(context::ThreadContext& ctx, std::int32_t element_size, std::int64_t count);
QirString* new_string(context::ThreadContext& ctx, std::string text);
QirArray& array_at(context::ThreadContext& ctx, QirArray* handle);
QirString& string_at(context::ThreadContext& ctx, QirString* handle);
QirTuple* new_tuple(context::ThreadContext& ctx, std::int64_t size);
QirTupleBlock& tuple_at(context::ThreadContext& ctx, QirTuple* handle);

// Element i of an array of QUBIT* (checks the element size).
QUBIT* qubit_at(QirArray& array, std::int64_t i);
// Element i of an array of Paulis (i2, stored one byte each).
int pauli_at(QirArray& array, std::int64_t i);
// A field of `T` at `offset` bytes into a tuple (the program wrote it there).
template <class T>
T tuple_field(QirTuple* tuple, std::size_t offset) {
  T value{};
  // NOLINTNEXTLINE(bugprone-sizeof-expression): T may be a handle pointer, which is then the value read
  std::memcpy(&value, reinterpret_cast<const char*>(tuple) + offset, sizeof(T));
  return value;
}

}  // namespace qrt::capi
