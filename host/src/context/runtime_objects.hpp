// The runtime objects of full QIR (arrays, strings, tuples, callables, big integers): created by the
// program through __quantum__rt__*_create, reference counted by it, and owned here so that whatever a
// program leaks is freed at the end of its shot (capi::end_shot) or when the thread drops its device.
// A handle the program passes back is looked up before use: a foreign or freed pointer is a clear error,
// never a dereference.
#pragma once

#include <qrt/error.hpp>

#include <boost/multiprecision/cpp_int.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

// Global names: runtime.h declares them as opaque C types.
struct QirArray {
  std::int32_t element_size = 0;
  std::int64_t count = 0;
  std::vector<std::byte> storage;  // element_size * count bytes, element i at i * element_size
  std::int64_t references = 1;
  std::int64_t aliases = 0;
  bool owns_qubits = false;  // made by qubit_allocate_array: its elements are qubit ids
  std::byte* element(std::int64_t i) { return storage.data() + i * element_size; }
};

struct QirString {
  std::string text;
  std::int64_t references = 1;
};

struct QirBigInt {
  boost::multiprecision::cpp_int value;
  std::int64_t references = 1;
};

// A tuple's handle is the address of its data (the program writes its fields there directly).
struct QirTupleBlock {
  std::unique_ptr<std::max_align_t[]> data;
  std::int64_t size = 0;
  std::int64_t references = 1;
  std::int64_t aliases = 0;
};

// QIR callables: a table of four specialisations (body, adjoint, controlled, controlled adjoint), each
// `void (ptr capture, ptr args, ptr result)`, an optional memory-management table of two functions
// `void (ptr capture, i32 delta)` (capture reference and alias counts), and the capture tuple.
using QirCallableEntry = void (*)(void* capture, void* args, void* result);
using QirCaptureCounter = void (*)(void* capture, std::int32_t delta);
struct QirCallable {
  std::array<QirCallableEntry, 4> table{};
  std::array<QirCaptureCounter, 2> memory{};
  void* capture = nullptr;
  bool adjoint = false;
  std::int32_t controlled = 0;  // how many times make_controlled was applied
  std::int64_t references = 1;
  std::int64_t aliases = 0;
};

namespace qrt::context {

template <class T>
class ObjectTable {
 public:
  T* add(std::unique_ptr<T> object, const void* handle = nullptr) {
    T* raw = object.get();
    items_.emplace(handle ? handle : raw, std::move(object));
    return raw;
  }
  // The object behind `handle`, or Error(InvalidArgument) naming `what`.
  T& at(const void* handle, const char* what) const {
    auto it = items_.find(handle);
    if (it == items_.end())
      throw Error(ErrorCode::InvalidArgument,
                  std::string(handle ? "not a live " : "NULL ") + what + (handle ? " of this thread's program" : ""));
    return *it->second;
  }
  bool contains(const void* handle) const { return items_.count(handle) != 0; }
  void erase(const void* handle) { items_.erase(handle); }
  void clear() noexcept { items_.clear(); }
  std::size_t size() const noexcept { return items_.size(); }

 private:
  std::unordered_map<const void*, std::unique_ptr<T>> items_;
};

struct RuntimeObjects {
  ObjectTable<QirArray> arrays;
  ObjectTable<QirString> strings;
  ObjectTable<QirBigInt> bigints;
  ObjectTable<QirTupleBlock> tuples;  // keyed by data address
  ObjectTable<QirCallable> callables;
  // __quantum__rt__memory_allocate's blocks: never freed by the program, so freed with the shot.
  std::vector<std::unique_ptr<std::max_align_t[]>> memory;

  void clear() noexcept {
    memory.clear();
    arrays.clear();
    strings.clear();
    bigints.clear();
    tuples.clear();
    callables.clear();
  }
};

}  // namespace qrt::context
