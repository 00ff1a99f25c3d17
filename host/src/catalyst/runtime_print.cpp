// __catalyst__rt__print_string / print_tensor / print_state (catalyst.debug.print): to stdout as they
// happen, or into the call's result (CallOptions::print).
#include "catalyst/function_table.hpp"
#include "catalyst/memref.hpp"
#include "catalyst/session.hpp"

#include <complex>
#include <cstring>
#include <sstream>

namespace qrt::catalyst {
namespace {

// Catalyst's NumericType codes of OpaqueMemRefT::datatype.
enum class Numeric : std::int8_t { Index, I1, I8, I16, I32, I64, F32, F64, C64, C128 };

struct OpaqueMemref {
  std::int64_t rank;
  const void* descriptor;
  std::int8_t datatype;
};

template <class T>
T load(const void* base, std::int64_t element) {
  T value;
  std::memcpy(&value, static_cast<const char*>(base) + element * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
  return value;
}

void print_element(std::ostringstream& out, Numeric type, const void* base, std::int64_t element) {
  switch (type) {
    case Numeric::Index:
    case Numeric::I64: out << load<std::int64_t>(base, element); return;
    case Numeric::I1: out << (load<std::uint8_t>(base, element) ? "true" : "false"); return;
    case Numeric::I8: out << static_cast<int>(load<std::int8_t>(base, element)); return;
    case Numeric::I16: out << load<std::int16_t>(base, element); return;
    case Numeric::I32: out << load<std::int32_t>(base, element); return;
    case Numeric::F32: out << load<float>(base, element); return;
    case Numeric::F64: out << load<double>(base, element); return;
    case Numeric::C64: out << std::complex<double>(load<std::complex<float>>(base, element)); return;
    case Numeric::C128: out << load<std::complex<double>>(base, element); return;
  }
}

// Nested brackets as MLIR's memref printer lays them out: rows of a matrix on lines of their own.
void print_level(std::ostringstream& out, const DynamicMemref& m, Numeric type, std::size_t dim, std::size_t& next) {
  if (dim == m.sizes.size()) {
    print_element(out, type, m.aligned, m.element(next++));
    return;
  }
  out << '[';
  for (std::int64_t i = 0; i < m.sizes[dim]; ++i) {
    if (i) out << (dim + 1 < m.sizes.size() ? ",\n" + std::string(dim + 1, ' ') : std::string(", "));
    print_level(out, m, type, dim + 1, next);
  }
  out << ']';
}

void print_tensor(const OpaqueMemref* memref, bool with_descriptor) {
  guarded<void>("print_tensor", [&](Session& s) {
    if (!memref) throw Error(ErrorCode::InvalidArgument, "NULL memref");
    if (memref->datatype < 0 || memref->datatype > static_cast<std::int8_t>(Numeric::C128))
      throw Error(ErrorCode::InvalidArgument, "unknown element type code " + std::to_string(memref->datatype));
    const auto m = DynamicMemref::read(memref->descriptor, memref->rank, "print_tensor's memref");
    std::ostringstream out;
    if (with_descriptor) {
      out << "MemRef: base@ = " << m.aligned << " rank = " << memref->rank << " offset = " << m.offset << " sizes = [";
      for (std::size_t i = 0; i < m.sizes.size(); ++i) out << (i ? ", " : "") << m.sizes[i];
      out << "] strides = [";
      for (std::size_t i = 0; i < m.strides.size(); ++i) out << (i ? ", " : "") << m.strides[i];
      out << "] data =\n";
    }
    std::size_t next = 0;
    print_level(out, m, static_cast<Numeric>(memref->datatype), 0, next);
    out << '\n';
    s.print(out.str());
  });
}

void print_string(const char* text) {
  guarded<void>("print_string", [&](Session& s) { s.print(std::string(text ? text : "None") + "\n"); });
}

void print_state() {
  guarded<void>("print_state", [](Session& s) {
    const std::vector<std::complex<double>> state = s.device().state();
    std::ostringstream out;
    out << "State = [\n";
    for (const auto& a : state) out << "  " << a << ",\n";
    out << "]\n";
    s.print(out.str());
  });
}

}  // namespace

void add_print_functions(FunctionTable& t) {
  for (const char* prefix : {"__catalyst__rt__", "__quantum__rt__"}) {
    const std::string p(prefix);
    t.add(p + "print_tensor", "void (ptr, i1)", address_of(&print_tensor));
    t.add(p + "print_string", "void (ptr)", address_of(&print_string));
    t.add(p + "print_state", "void ()", address_of(&print_state));
  }
}

}  // namespace qrt::catalyst
