// QIR big integers (Boost.Multiprecision's cpp_int), immutable and reference counted.
#include "capi/runtime_objects_api.hpp"

using qrt::Error;
using qrt::ErrorCode;
using qrt::context::ThreadContext;
using namespace qrt::capi;
using BigInt = boost::multiprecision::cpp_int;

namespace {

QirBigInt& at(QirBigInt* handle) { return qrt::context::this_thread().objects.bigints.at(handle, "big integer"); }

QirBigInt* make(BigInt value) {
  auto big = std::make_unique<QirBigInt>();
  big->value = std::move(value);
  return qrt::context::this_thread().objects.bigints.add(std::move(big));
}

template <class Op>
QirBigInt* binary(const char* function, QirBigInt* a, QirBigInt* b, Op&& op) {
  return guarded(function, static_cast<QirBigInt*>(nullptr), [&] { return make(op(at(a).value, at(b).value)); });
}

// Little-endian two's complement bytes of a value (the shortest that keep the sign).
std::vector<std::uint8_t> to_bytes(const BigInt& value) {
  BigInt magnitude = value < 0 ? BigInt(-value - 1) : value;  // for negatives: the complement of |v|-1
  std::vector<std::uint8_t> bytes;
  export_bits(magnitude, std::back_inserter(bytes), 8, false);
  if (bytes.empty()) bytes.push_back(0);
  if (bytes.back() & 0x80u) bytes.push_back(0);
  if (value < 0)
    for (auto& b : bytes) b = static_cast<std::uint8_t>(~b);
  return bytes;
}

}  // namespace

extern "C" {

QirBigInt* __quantum__rt__bigint_create_i64(int64_t value) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] { return make(BigInt(value)); });
}

QirBigInt* __quantum__rt__bigint_create_array(int32_t size, const int8_t* data) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] {
    if (size <= 0 || !data) throw Error(ErrorCode::InvalidArgument, "a big integer needs at least one byte");
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(data);
    BigInt value;
    import_bits(value, std::make_reverse_iterator(bytes + size), std::make_reverse_iterator(bytes), 8, true);
    if (bytes[size - 1] & 0x80u) value -= BigInt(1) << (8 * size);
    return make(std::move(value));
  });
}

int8_t* __quantum__rt__bigint_get_data(QirBigInt* handle) {
  return guarded(__func__, static_cast<int8_t*>(nullptr), [&] {
    QirBigInt& big = at(handle);
    // The bytes live in a string object owned by the runtime for the rest of the run.
    auto bytes = to_bytes(big.value);
    QirString* holder = new_string(qrt::context::this_thread(), std::string(bytes.begin(), bytes.end()));
    return reinterpret_cast<int8_t*>(holder->text.data());
  });
}

int32_t __quantum__rt__bigint_get_length(QirBigInt* handle) {
  return guarded(__func__, int32_t{0}, [&] { return static_cast<int32_t>(to_bytes(at(handle).value).size()); });
}

void __quantum__rt__bigint_update_reference_count(QirBigInt* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    QirBigInt& big = at(handle);
    big.references += delta;
    if (big.references < 0) throw Error(ErrorCode::FailedPrecondition, "big integer reference count went below zero");
    if (big.references == 0) qrt::context::this_thread().objects.bigints.erase(handle);
  });
}

QirBigInt* __quantum__rt__bigint_negate(QirBigInt* a) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] { return make(-at(a).value); });
}
QirBigInt* __quantum__rt__bigint_add(QirBigInt* a, QirBigInt* b) { return binary(__func__, a, b, std::plus<BigInt>()); }
QirBigInt* __quantum__rt__bigint_subtract(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, std::minus<BigInt>());
}
QirBigInt* __quantum__rt__bigint_multiply(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, std::multiplies<BigInt>());
}
QirBigInt* __quantum__rt__bigint_divide(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, [](const BigInt& x, const BigInt& y) -> BigInt {
    if (y == 0) throw Error(ErrorCode::InvalidArgument, "division by zero");
    return x / y;
  });
}
QirBigInt* __quantum__rt__bigint_modulus(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, [](const BigInt& x, const BigInt& y) -> BigInt {
    if (y == 0) throw Error(ErrorCode::InvalidArgument, "modulus by zero");
    return x % y;
  });
}
QirBigInt* __quantum__rt__bigint_power(QirBigInt* a, int32_t exponent) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] {
    if (exponent < 0) throw Error(ErrorCode::InvalidArgument, "negative exponent " + std::to_string(exponent));
    return make(boost::multiprecision::pow(at(a).value, static_cast<unsigned>(exponent)));
  });
}
QirBigInt* __quantum__rt__bigint_bitand(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, std::bit_and<BigInt>());
}
QirBigInt* __quantum__rt__bigint_bitor(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, std::bit_or<BigInt>());
}
QirBigInt* __quantum__rt__bigint_bitxor(QirBigInt* a, QirBigInt* b) {
  return binary(__func__, a, b, std::bit_xor<BigInt>());
}
QirBigInt* __quantum__rt__bigint_bitnot(QirBigInt* a) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] { return make(-at(a).value - 1); });
}
QirBigInt* __quantum__rt__bigint_shiftleft(QirBigInt* a, int64_t bits) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] {
    if (bits < 0 || bits > (1 << 24))
      throw Error(ErrorCode::InvalidArgument, "shift by " + std::to_string(bits) + " bits");
    return make(at(a).value << static_cast<unsigned>(bits));
  });
}
QirBigInt* __quantum__rt__bigint_shiftright(QirBigInt* a, int64_t bits) {
  return guarded(__func__, static_cast<QirBigInt*>(nullptr), [&] {
    if (bits < 0) throw Error(ErrorCode::InvalidArgument, "shift by " + std::to_string(bits) + " bits");
    const BigInt& v = at(a).value;
    // Arithmetic shift: rounds towards minus infinity, as for machine integers.
    return make(v >= 0 ? BigInt(v >> static_cast<unsigned>(bits))
                       : BigInt(-((-v - 1) >> static_cast<unsigned>(bits)) - 1));
  });
}
bool __quantum__rt__bigint_equal(QirBigInt* a, QirBigInt* b) {
  return guarded(__func__, false, [&] { return at(a).value == at(b).value; });
}
bool __quantum__rt__bigint_greater(QirBigInt* a, QirBigInt* b) {
  return guarded(__func__, false, [&] { return at(a).value > at(b).value; });
}
bool __quantum__rt__bigint_greater_eq(QirBigInt* a, QirBigInt* b) {
  return guarded(__func__, false, [&] { return at(a).value >= at(b).value; });
}

QirString* __quantum__rt__bigint_to_string(QirBigInt* handle) {
  return guarded(__func__, static_cast<QirString*>(nullptr),
                 [&] { return new_string(qrt::context::this_thread(), at(handle).value.str()); });
}

}  // extern "C"
