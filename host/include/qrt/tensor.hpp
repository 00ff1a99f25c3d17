// qrt::Tensor — the values a program's entry takes and returns (RunRequest::arguments, RunResult::values;
// what a Catalyst program's MLIR memrefs carry): owned, contiguous, row-major arrays (NumPy-friendly: an
// element type, a shape and the bytes), and their JSON spelling (`qrt run prog.ll --arg VALUE`, `-o json`).
#pragma once

#include <qrt/error.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

enum class ElementType : std::uint8_t { F64, F32, I64, I32, I16, I8, I1, C128, C64 };

// "f64", "f32", "i64", "i32", "i16", "i8", "i1", "c128", "c64" (the --arg prefixes, MLIR's spelling).
std::string_view type_name(ElementType type) noexcept;
// NumPy's dtype name: "float64", "float32", "int64", ..., "bool", "complex128", "complex64".
std::string_view numpy_name(ElementType type) noexcept;
// The inverse of type_name and of numpy_name; nullopt for anything else.
std::optional<ElementType> type_from_name(std::string_view name) noexcept;
// Bytes per element (i1 takes one byte, as MLIR stores it).
std::size_t element_size(ElementType type) noexcept;

struct Tensor {
  ElementType type = ElementType::F64;
  std::vector<std::int64_t> shape;  // empty: a 0-d value (a scalar)
  std::vector<std::byte> data;      // row-major, contiguous: element_size(type) * count() bytes

  Tensor() = default;
  // Zero-filled.
  Tensor(ElementType type, std::vector<std::int64_t> shape);
  template <class T>
  static Tensor scalar(ElementType type, T value) {
    Tensor t(type, {});
    t.set<T>(0, value);
    return t;
  }

  std::size_t rank() const noexcept { return shape.size(); }
  std::size_t count() const noexcept;  // elements: the product of the shape (1 for a scalar)
  // Element i (row-major) converted to T; T is double, std::int64_t, bool or std::complex<double>, any
  // element type converts (a complex value to a real T gives its real part).
  template <class T>
  T get(std::size_t i) const;
  // Stores `value` converted to the tensor's element type.
  template <class T>
  void set(std::size_t i, T value);
};

template <>
double Tensor::get<double>(std::size_t i) const;
template <>
std::int64_t Tensor::get<std::int64_t>(std::size_t i) const;
template <>
bool Tensor::get<bool>(std::size_t i) const;
template <>
std::complex<double> Tensor::get<std::complex<double>>(std::size_t i) const;
template <>
void Tensor::set<double>(std::size_t i, double value);
template <>
void Tensor::set<std::int64_t>(std::size_t i, std::int64_t value);
template <>
void Tensor::set<bool>(std::size_t i, bool value);
template <>
void Tensor::set<std::complex<double>>(std::size_t i, std::complex<double> value);

// An argument given as JSON (the CLI's --arg): a number (with a fraction or exponent: f64; else i64),
// true/false (i1), [re, im] for a complex scalar, or nested lists for a tensor. A "TYPE:" prefix fixes
// the element type (f64, f32, i64, i32, i16, i8, i1, c128, c64), e.g. "f32:[1, 2]"; `known` is the
// element type the program's IR shows for this argument, and wins over the value's own spelling.
// `rank`, when known, tells a complex scalar [re, im] from a list of two numbers without a type.
// Throws qrt::Error(InvalidArgument) naming `what` ("argument 2") for malformed JSON, ragged lists, a
// value that does not fit the type, or a prefix that contradicts `known`.
Tensor tensor_from_json(std::string_view text, std::optional<ElementType> known, std::optional<std::size_t> rank,
                        const std::string& what);

// The JSON value of a tensor: a number for a 0-d value (complex: [re, im]), nested lists of its shape
// for a tensor; doubles in shortest round-trip form, booleans as true/false.
std::string tensor_to_json(const Tensor& tensor);

}  // namespace qrt
