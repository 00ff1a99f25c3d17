// __catalyst__qis__{Named,Hermitian,Tensor,Hamiltonian}Obs: observables built on the session's device,
// returned as keys (indices) that Expval and Variance take.
#include "catalyst/function_table.hpp"
#include "catalyst/memref.hpp"
#include "catalyst/session.hpp"

#include <cstdarg>

namespace qrt::catalyst {
namespace {

std::intptr_t named(std::int64_t id, QubitId qubit) {
  return guarded<std::intptr_t>("NamedObs", [&](Session& s) {
    // Catalyst's ObsId: Identity 0, PauliX 1, PauliY 2, PauliZ 3, Hadamard 4 (Hermitian 5 has its own call).
    if (id < 0 || id > 4)
      throw Error(ErrorCode::InvalidArgument, "unknown named observable " + std::to_string(id) +
                                                  " (0 to 4: Identity, PauliX, PauliY, PauliZ, Hadamard)");
    (void)s.device();
    Observable o;
    o.terms.push_back({1.0, {{static_cast<ObservableKind>(id), {static_cast<Wire>(qubit)}, {}}}});
    return s.add_observable(std::move(o));
  });
}
std::intptr_t named_i8(std::int8_t id, QubitId qubit) { return named(id, qubit); }

std::intptr_t hermitian(const Descriptor<2>* matrix, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  const std::intptr_t key = guarded<std::intptr_t>("HermitianObs", [&](Session& s) {
    if (!matrix) throw Error(ErrorCode::InvalidArgument, "NULL matrix");
    if (count < 1 || count > 30)
      throw Error(ErrorCode::InvalidArgument, "a Hermitian observable on " + std::to_string(count) + " wires");
    std::vector<Wire> wires(static_cast<std::size_t>(count));
    for (auto& w : wires) w = static_cast<Wire>(va_arg(args, QubitId));
    const MemrefView<std::complex<double>, 2> view(*matrix, "the Hermitian matrix");
    const std::size_t dim = std::size_t{1} << wires.size();
    if (view.size(0) != dim || view.size(1) != dim)
      throw Error(ErrorCode::InvalidArgument, "a Hermitian observable on " + std::to_string(count) + " wires needs a " +
                                                  std::to_string(dim) + "x" + std::to_string(dim) + " matrix");
    (void)s.device();
    return s.add_observable(Observable::hermitian(view.to_vector(), std::move(wires)));
  });
  va_end(args);
  return key;
}

std::intptr_t tensor(std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  const std::intptr_t key = guarded<std::intptr_t>("TensorObs", [&](Session& s) {
    if (count < 1)
      throw Error(ErrorCode::InvalidArgument, "a tensor product of " + std::to_string(count) + " observables");
    ObservableTerm product;
    std::vector<Wire> seen;
    for (std::int64_t i = 0; i < count; ++i) {
      const Observable& o = s.observable(va_arg(args, std::intptr_t));
      if (o.terms.size() != 1)
        throw Error(ErrorCode::InvalidArgument, "a factor of a tensor product is a sum of terms");
      product.coefficient *= o.terms[0].coefficient;
      for (const auto& f : o.terms[0].factors) {
        for (Wire w : f.wires)
          for (Wire u : seen)
            if (w == u)
              throw Error(ErrorCode::InvalidArgument,
                          "the factors of a tensor product share wire " + std::to_string(w));
        seen.insert(seen.end(), f.wires.begin(), f.wires.end());
        product.factors.push_back(f);
      }
    }
    Observable o;
    o.terms.push_back(std::move(product));
    return s.add_observable(std::move(o));
  });
  va_end(args);
  return key;
}

std::intptr_t hamiltonian(const Descriptor<1>* coefficients, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  const std::intptr_t key = guarded<std::intptr_t>("HamiltonianObs", [&](Session& s) {
    if (!coefficients) throw Error(ErrorCode::InvalidArgument, "NULL coefficients");
    const MemrefView<double, 1> c(*coefficients, "the Hamiltonian's coefficients");
    if (count < 0 || c.count() != static_cast<std::size_t>(count))
      throw Error(ErrorCode::InvalidArgument,
                  std::to_string(c.count()) + " coefficients for " + std::to_string(count) + " observables");
    Observable sum;
    for (std::int64_t i = 0; i < count; ++i) {
      const Observable& o = s.observable(va_arg(args, std::intptr_t));
      for (ObservableTerm term : o.terms) {
        term.coefficient *= c[static_cast<std::size_t>(i)];
        sum.terms.push_back(std::move(term));
      }
    }
    return s.add_observable(std::move(sum));
  });
  va_end(args);
  return key;
}

}  // namespace

void add_observable_functions(FunctionTable& t) {
  for (const char* prefix : {"__catalyst__qis__", "__quantum__qis__"}) {
    const std::string p(prefix);
    t.add(p + "NamedObs", "i64 (i64, ptr)", address_of(&named));
    t.add(p + "NamedObs", "i64 (i8, ptr)", address_of(&named_i8));
    t.add(p + "HermitianObs", "i64 (ptr, i64, ...)", address_of(&hermitian));
    t.add(p + "TensorObs", "i64 (i64, ...)", address_of(&tensor));
    t.add(p + "HamiltonianObs", "i64 (ptr, i64, ...)", address_of(&hamiltonian));
  }
}

}  // namespace qrt::catalyst
