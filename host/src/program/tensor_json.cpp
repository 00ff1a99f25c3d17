#include <qrt/tensor.hpp>

#include <boost/json.hpp>

#include <charconv>
#include <cmath>
#include <limits>

namespace qrt {
namespace {

bool is_complex(ElementType t) { return t == ElementType::C128 || t == ElementType::C64; }

[[noreturn]] void refuse(const std::string& what, const std::string& why) {
  throw Error(ErrorCode::InvalidArgument, what + ": " + why);
}

bool is_number(const boost::json::value& v) { return v.is_int64() || v.is_uint64() || v.is_double(); }

// A complex number spelled [re, im].
bool is_pair(const boost::json::value& v) {
  return v.is_array() && v.as_array().size() == 2 && is_number(v.as_array()[0]) && is_number(v.as_array()[1]);
}

// Whether `v` is one element: a number or boolean, or [re, im] for a complex type.
bool is_scalar(const boost::json::value& v, bool complex) { return !v.is_array() || (complex && is_pair(v)); }

// The shape of nested lists (each level's length), checking that they are rectangular. With `rank` known,
// the elements are exactly the values at that depth (so [re, im] pairs of a complex vector are told from
// a real matrix by the rank).
void shape_of(const boost::json::value& v, bool complex, std::optional<std::size_t> rank,
              std::vector<std::int64_t>& shape, std::size_t depth, const std::string& what) {
  const bool scalar = rank ? depth == *rank : is_scalar(v, complex);
  if (scalar) {
    if (!is_scalar(v, complex)) refuse(what, "nested deeper than its rank " + std::to_string(*rank));
    if (depth != shape.size()) refuse(what, "the nested lists are ragged");
    return;
  }
  if (!v.is_array()) {
    if (rank)
      refuse(what, "has rank " + std::to_string(depth) + " where rank " + std::to_string(*rank) + " is expected");
    refuse(what, "the nested lists are ragged");
  }
  if (depth == shape.size()) {
    shape.push_back(static_cast<std::int64_t>(v.as_array().size()));
  } else if (static_cast<std::int64_t>(v.as_array().size()) != shape[depth]) {
    refuse(what, "the nested lists are ragged (not every list at depth " + std::to_string(depth + 1) + " has " +
                     std::to_string(shape[depth]) + " elements)");
  }
  for (const auto& element : v.as_array()) shape_of(element, complex, rank, shape, depth + 1, what);
}

std::size_t depth_of(const boost::json::value& v) {
  std::size_t d = 0;
  const boost::json::value* p = &v;
  while (p->is_array() && !p->as_array().empty()) {
    p = &p->as_array()[0];
    ++d;
  }
  return d;
}

// The element type a value spells: i1 for booleans only, f64 when any number has a fraction or exponent,
// else i64.
ElementType spelled_type(const boost::json::value& v) {
  bool any_double = false, any_number = false, any_bool = false;
  auto visit = [&](auto&& self, const boost::json::value& x) -> void {
    if (x.is_array()) {
      for (const auto& e : x.as_array()) self(self, e);
    } else if (x.is_bool()) {
      any_bool = true;
    } else if (x.is_double()) {
      any_double = any_number = true;
    } else if (is_number(x)) {
      any_number = true;
    }
  };
  visit(visit, v);
  if (any_double) return ElementType::F64;
  if (any_bool && !any_number) return ElementType::I1;
  return ElementType::I64;
}

void store_scalar(Tensor& t, std::size_t i, const boost::json::value& v, const std::string& what) {
  auto where = [&] { return t.count() == 1 && t.rank() == 0 ? std::string() : " (element " + std::to_string(i) + ")"; };
  if (is_complex(t.type)) {
    if (is_pair(v)) {
      t.set(i, std::complex<double>(boost::json::value_to<double>(v.as_array()[0]),
                                    boost::json::value_to<double>(v.as_array()[1])));
    } else if (is_number(v)) {
      t.set(i, std::complex<double>(boost::json::value_to<double>(v), 0.0));
    } else {
      refuse(what, "expected a number or [re, im]" + where() + ", found " + boost::json::serialize(v));
    }
    return;
  }
  if (v.is_bool()) {
    if (t.type != ElementType::I1)
      refuse(what, "a boolean" + where() + " where the element type is " + std::string(type_name(t.type)));
    t.set(i, v.as_bool());
    return;
  }
  if (!is_number(v)) refuse(what, "expected a number" + where() + ", found " + boost::json::serialize(v));
  if (t.type == ElementType::F64 || t.type == ElementType::F32) {
    t.set(i, boost::json::value_to<double>(v));
    return;
  }
  // Integers and booleans: the value must be a whole number in range.
  std::int64_t n = 0;
  if (v.is_int64()) {
    n = v.as_int64();
  } else if (v.is_uint64()) {
    refuse(what, std::to_string(v.as_uint64()) + where() + " does not fit " + std::string(type_name(t.type)));
  } else {
    const double d = v.as_double();
    if (d != std::floor(d) || !std::isfinite(d) || std::fabs(d) > 9.2e18) {
      char text[32];
      refuse(what, std::string(text, std::to_chars(text, text + sizeof text, d).ptr) + where() +
                       " is not a whole number, but the element type is " + std::string(type_name(t.type)));
    }
    n = static_cast<std::int64_t>(d);
  }
  const unsigned bits = t.type == ElementType::I1 ? 1 : static_cast<unsigned>(element_size(t.type) * 8);
  const bool fits = t.type == ElementType::I1 ? (n == 0 || n == 1)
                    : bits == 64              ? true
                                 : n >= -(std::int64_t{1} << (bits - 1)) && n < (std::int64_t{1} << (bits - 1));
  if (!fits) refuse(what, std::to_string(n) + where() + " does not fit " + std::string(type_name(t.type)));
  t.set(i, n);
}

void fill(Tensor& t, const boost::json::value& v, std::size_t depth, std::size_t& next, const std::string& what) {
  if (depth == t.rank()) {
    store_scalar(t, next++, v, what);
    return;
  }
  for (const auto& e : v.as_array()) fill(t, e, depth + 1, next, what);
}

void append_number(std::string& out, double d, bool mark_real) {
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  char text[32];
  char* end = std::to_chars(text, text + sizeof text, d).ptr;
  std::string_view s(text, static_cast<std::size_t>(end - text));
  out += s;
  if (mark_real && s.find_first_of(".e") == std::string_view::npos) out += ".0";
}

void append_element(std::string& out, const Tensor& t, std::size_t i) {
  switch (t.type) {
    case ElementType::F64:
    case ElementType::F32: append_number(out, t.get<double>(i), true); return;
    case ElementType::C128:
    case ElementType::C64: {
      const auto c = t.get<std::complex<double>>(i);
      out += '[';
      append_number(out, c.real(), true);
      out += ", ";
      append_number(out, c.imag(), true);
      out += ']';
      return;
    }
    case ElementType::I1: out += t.get<bool>(i) ? "true" : "false"; return;
    default: out += std::to_string(t.get<std::int64_t>(i)); return;
  }
}

void append_level(std::string& out, const Tensor& t, std::size_t dim, std::size_t& next) {
  if (dim == t.rank()) {
    append_element(out, t, next++);
    return;
  }
  out += '[';
  for (std::int64_t k = 0; k < t.shape[dim]; ++k) {
    if (k) out += ", ";
    append_level(out, t, dim + 1, next);
  }
  out += ']';
}

}  // namespace

Tensor tensor_from_json(std::string_view text, std::optional<ElementType> known, std::optional<std::size_t> rank,
                        const std::string& what) {
  std::optional<ElementType> prefixed;
  if (const auto colon = text.find(':'); colon != std::string_view::npos && colon <= 4) {
    prefixed = type_from_name(text.substr(0, colon));
    if (!prefixed)
      refuse(what, "unknown element type '" + std::string(text.substr(0, colon)) +
                       "' (f64, f32, i64, i32, i16, i8, i1, c128 or c64)");
    text.remove_prefix(colon + 1);
  }
  if (prefixed && known && *prefixed != *known)
    refuse(what, "given as " + std::string(type_name(*prefixed)) + ", but the program reads it as " +
                     std::string(type_name(*known)));
  boost::system::error_code ec;
  const boost::json::value value = boost::json::parse(text, ec);
  if (ec) refuse(what, "'" + std::string(text) + "' is not a JSON value (" + ec.message() + ")");
  std::optional<ElementType> type = prefixed ? prefixed : known;
  if (!type && rank) {  // without a type, [re, im] at the rank's depth is a complex element
    const boost::json::value* p = &value;
    for (std::size_t d = 0; d < *rank && p->is_array() && !p->as_array().empty(); ++d) p = &p->as_array()[0];
    if (depth_of(value) == *rank + 1 && is_pair(*p)) type = ElementType::C128;
  }
  if (!type) type = spelled_type(value);
  std::vector<std::int64_t> shape;
  shape_of(value, is_complex(*type), rank, shape, 0, what);
  Tensor t(*type, std::move(shape));
  std::size_t next = 0;
  fill(t, value, 0, next, what);
  return t;
}

std::string tensor_to_json(const Tensor& tensor) {
  std::string out;
  std::size_t next = 0;
  append_level(out, tensor, 0, next);
  return out;
}

}  // namespace qrt
