#include <qrt/tensor.hpp>

#include <array>
#include <cstring>

namespace qrt {
namespace {

struct TypeNames {
  ElementType type;
  std::string_view name, numpy;
  std::size_t size;
};

constexpr std::array<TypeNames, 9> kTypes = {{
    {ElementType::F64, "f64", "float64", 8},
    {ElementType::F32, "f32", "float32", 4},
    {ElementType::I64, "i64", "int64", 8},
    {ElementType::I32, "i32", "int32", 4},
    {ElementType::I16, "i16", "int16", 2},
    {ElementType::I8, "i8", "int8", 1},
    {ElementType::I1, "i1", "bool", 1},
    {ElementType::C128, "c128", "complex128", 16},
    {ElementType::C64, "c64", "complex64", 8},
}};

const TypeNames& names(ElementType type) { return kTypes[static_cast<std::size_t>(type)]; }

template <class S>
S load(const std::byte* p) {
  S s;
  std::memcpy(&s, p, sizeof s);
  return s;
}

template <class S>
void store(std::byte* p, S s) {
  std::memcpy(p, &s, sizeof s);
}

std::complex<double> read(ElementType type, const std::byte* p) {
  switch (type) {
    case ElementType::F64: return load<double>(p);
    case ElementType::F32: return load<float>(p);
    case ElementType::I64: return static_cast<double>(load<std::int64_t>(p));
    case ElementType::I32: return load<std::int32_t>(p);
    case ElementType::I16: return load<std::int16_t>(p);
    case ElementType::I8: return load<std::int8_t>(p);
    case ElementType::I1: return load<std::uint8_t>(p) ? 1.0 : 0.0;
    case ElementType::C128: return load<std::complex<double>>(p);
    case ElementType::C64: return std::complex<double>(load<std::complex<float>>(p));
  }
  return {};
}

std::int64_t read_integer(ElementType type, const std::byte* p) {
  switch (type) {
    case ElementType::I64: return load<std::int64_t>(p);
    case ElementType::I32: return load<std::int32_t>(p);
    case ElementType::I16: return load<std::int16_t>(p);
    case ElementType::I8: return load<std::int8_t>(p);
    case ElementType::I1: return load<std::uint8_t>(p) ? 1 : 0;
    default: return static_cast<std::int64_t>(read(type, p).real());
  }
}

void write(ElementType type, std::byte* p, std::complex<double> v, std::int64_t integer, bool exact_integer) {
  switch (type) {
    case ElementType::F64: return store(p, v.real());
    case ElementType::F32: return store(p, static_cast<float>(v.real()));
    case ElementType::I64: return store(p, exact_integer ? integer : static_cast<std::int64_t>(v.real()));
    case ElementType::I32:
      return store(p, static_cast<std::int32_t>(exact_integer ? integer : static_cast<std::int64_t>(v.real())));
    case ElementType::I16:
      return store(p, static_cast<std::int16_t>(exact_integer ? integer : static_cast<std::int64_t>(v.real())));
    case ElementType::I8:
      return store(p, static_cast<std::int8_t>(exact_integer ? integer : static_cast<std::int64_t>(v.real())));
    case ElementType::I1: return store(p, static_cast<std::uint8_t>(exact_integer ? integer != 0 : v.real() != 0));
    case ElementType::C128: return store(p, v);
    case ElementType::C64: return store(p, std::complex<float>(v));
  }
}

}  // namespace

std::string_view type_name(ElementType type) noexcept { return names(type).name; }
std::string_view numpy_name(ElementType type) noexcept { return names(type).numpy; }
std::size_t element_size(ElementType type) noexcept { return names(type).size; }

std::optional<ElementType> type_from_name(std::string_view name) noexcept {
  for (const auto& t : kTypes)
    if (t.name == name || t.numpy == name) return t.type;
  return std::nullopt;
}

Tensor::Tensor(ElementType t, std::vector<std::int64_t> s) : type(t), shape(std::move(s)) {
  data.assign(count() * element_size(type), std::byte{0});
}

std::size_t Tensor::count() const noexcept {
  std::size_t n = 1;
  for (std::int64_t d : shape) n *= static_cast<std::size_t>(d);
  return n;
}

template <>
double Tensor::get<double>(std::size_t i) const {
  return read(type, data.data() + i * element_size(type)).real();
}
template <>
std::complex<double> Tensor::get<std::complex<double>>(std::size_t i) const {
  return read(type, data.data() + i * element_size(type));
}
template <>
std::int64_t Tensor::get<std::int64_t>(std::size_t i) const {
  return read_integer(type, data.data() + i * element_size(type));
}
template <>
bool Tensor::get<bool>(std::size_t i) const {
  return read(type, data.data() + i * element_size(type)) != std::complex<double>(0.0);
}

template <>
void Tensor::set<double>(std::size_t i, double v) {
  write(type, data.data() + i * element_size(type), v, 0, false);
}
template <>
void Tensor::set<std::complex<double>>(std::size_t i, std::complex<double> v) {
  write(type, data.data() + i * element_size(type), v, 0, false);
}
template <>
void Tensor::set<std::int64_t>(std::size_t i, std::int64_t v) {
  write(type, data.data() + i * element_size(type), static_cast<double>(v), v, true);
}
template <>
void Tensor::set<bool>(std::size_t i, bool v) {
  write(type, data.data() + i * element_size(type), v ? 1.0 : 0.0, v ? 1 : 0, true);
}

}  // namespace qrt
