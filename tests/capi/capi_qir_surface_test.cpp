// The full QIR runtime surface, called as compiled programs call it, checked against analytic states:
// gates and their adjoint/controlled forms, Pauli rotations and exponentials, joint measurements,
// assertions, arrays, tuples, strings, big integers, callables, output recording and failures.
#include "capi_support.hpp"

#include "capi/program_driver.hpp"
#include "capi/value_format.hpp"
#include "context/execution_context.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <csetjmp>
#include <cstring>
#include <numbers>
#include <vector>

using namespace capi_test;
using cd = std::complex<double>;

namespace {

QUBIT* q(std::uintptr_t id) { return reinterpret_cast<QUBIT*>(id); }
RESULT* slot(std::uintptr_t i) { return reinterpret_cast<RESULT*>(i); }

// Amplitudes over the given qubit ids, the first id the most significant bit.
std::vector<cd> state_of(std::initializer_list<std::uint64_t> ids) {
  auto& ctx = qrt::context::this_thread();
  std::vector<qrt::Wire> wires;
  for (auto id : ids) wires.push_back(ctx.qubits.wire(ctx.device, id));
  REQUIRE(ctx.device.num_qubits() == wires.size());
  std::vector<cd> all = ctx.device.state();
  // The device's state is over its wires in allocation order (wire 0 most significant); ids were bound in
  // the order the test first used them, which the tests keep equal to `ids`.
  for (std::size_t i = 0; i < wires.size(); ++i) REQUIRE(wires[i] == static_cast<qrt::Wire>(i));
  return all;
}

void check_state(const std::vector<cd>& got, const std::vector<cd>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("amplitude " << i << ": got " << got[i] << ", want " << want[i]);
    CHECK(std::abs(got[i] - want[i]) < 1e-12);
  }
}

// A fresh statevector device on this thread, driven like a QIR shot (static ids 0..n-1 bound in order).
struct Shot {
  explicit Shot(std::size_t qubits, const char* config = "statevector.qubit")
      : device(qrt::process_runtime()->open(config)), loan(device) {
    qrt::capi::begin_shot(qubits, 4, 1234);
  }
  ~Shot() { qrt::capi::end_shot(); }
  qrt::Device device;
  qrt::capi::DeviceLoan loan;
};

QirArray* qubit_array(std::initializer_list<std::uintptr_t> ids) {
  QirArray* a = __quantum__rt__array_create_1d(sizeof(QUBIT*), static_cast<int64_t>(ids.size()));
  int64_t i = 0;
  for (auto id : ids) {
    QUBIT* value = q(id);
    std::memcpy(__quantum__rt__array_get_element_ptr_1d(a, i++), &value, sizeof value);
  }
  return a;
}

QirArray* pauli_array(std::initializer_list<int> paulis) {
  QirArray* a = __quantum__rt__array_create_1d(1, static_cast<int64_t>(paulis.size()));
  int64_t i = 0;
  for (int p : paulis) *__quantum__rt__array_get_element_ptr_1d(a, i++) = static_cast<int8_t>(p);
  return a;
}

constexpr int kPauliI = 0, kPauliX = 1, kPauliZ = 2, kPauliY = 3;
const double kS = std::sqrt(0.5);

}  // namespace

TEST_CASE("single-qubit QIS gates match their matrices", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  // Start from a generic state a|0> + b|1> = RZ(0.4) RY(0.7) |0>.
  const double t = 0.7, p = 0.4;
  const cd a = std::cos(t / 2) * std::exp(cd(0, -p / 2)), b = std::sin(t / 2) * std::exp(cd(0, p / 2));
  const cd i(0, 1);
  struct Case {
    const char* name;
    void (*apply)();
    cd m00, m01, m10, m11;
  };
  const double th = 0.9, c = std::cos(th / 2), s = std::sin(th / 2);
  static double theta;
  theta = th;
  const Case cases[] = {
      {"h", [] { __quantum__qis__h__body(q(0)); }, kS, kS, kS, -kS},
      {"x", [] { __quantum__qis__x__body(q(0)); }, 0, 1, 1, 0},
      {"y", [] { __quantum__qis__y__body(q(0)); }, 0, -i, i, 0},
      {"z", [] { __quantum__qis__z__body(q(0)); }, 1, 0, 0, -1},
      {"s", [] { __quantum__qis__s__body(q(0)); }, 1, 0, 0, i},
      {"s_adj", [] { __quantum__qis__s__adj(q(0)); }, 1, 0, 0, -i},
      {"t", [] { __quantum__qis__t__body(q(0)); }, 1, 0, 0, std::exp(cd(0, M_PI / 4))},
      {"t_adj", [] { __quantum__qis__t__adj(q(0)); }, 1, 0, 0, std::exp(cd(0, -M_PI / 4))},
      {"sx", [] { __quantum__qis__sx__body(q(0)); }, cd(0.5, 0.5), cd(0.5, -0.5), cd(0.5, -0.5), cd(0.5, 0.5)},
      {"rx", [] { __quantum__qis__rx__body(theta, q(0)); }, c, -i * s, -i * s, c},
      {"ry", [] { __quantum__qis__ry__body(theta, q(0)); }, c, -s, s, c},
      {"rz", [] { __quantum__qis__rz__body(theta, q(0)); }, std::exp(cd(0, -th / 2)), 0, 0, std::exp(cd(0, th / 2))},
      {"r X", [] { __quantum__qis__r__body(kPauliX, theta, q(0)); }, c, -i * s, -i * s, c},
      {"r Y", [] { __quantum__qis__r__body(kPauliY, theta, q(0)); }, c, -s, s, c},
      {"r Z adj", [] { __quantum__qis__r__adj(kPauliZ, theta, q(0)); }, std::exp(cd(0, th / 2)), 0, 0,
       std::exp(cd(0, -th / 2))},
  };
  for (const Case& k : cases) {
    SECTION(k.name) {
      Shot shot(1);
      __quantum__qis__ry__body(t, q(0));
      __quantum__qis__rz__body(p, q(0));
      k.apply();
      check_state(state_of({0}), {k.m00 * a + k.m01 * b, k.m10 * a + k.m11 * b});
      CHECK(g_errors == 0);
    }
  }
}

TEST_CASE("two- and three-qubit gates, controlled forms and static/dynamic ids", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  SECTION("Bell pair on static ids, CNOT and CX spellings") {
    Shot shot(2);
    __quantum__qis__h__body(nullptr);  // NULL is qubit 0
    __quantum__qis__cx__body(q(0), q(1));
    check_state(state_of({0, 1}), {kS, 0, 0, kS});
    __quantum__qis__cnot__body(q(0), q(1));
    __quantum__qis__h__body(q(0));
    check_state(state_of({0, 1}), {1, 0, 0, 0});
  }
  SECTION("x__ctl with two controls is a Toffoli; swap__ctl is a Fredkin") {
    Shot shot(3);
    __quantum__qis__x__body(q(0));
    QirArray* controls = qubit_array({0, 1});
    __quantum__qis__x__ctl(controls, q(2));  // q1 = 0: nothing
    check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 1, 0, 0, 0});
    __quantum__qis__x__body(q(1));
    __quantum__qis__x__ctl(controls, q(2));  // both 1: flips q2 -> |111>
    check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 0, 0, 0, 1});
    QirArray* one = qubit_array({0});
    __quantum__qis__x__body(q(2));  // |110>
    QirTuple* pair = __quantum__rt__tuple_create(16);
    QUBIT* qs[2] = {q(1), q(2)};
    std::memcpy(pair, qs, sizeof qs);
    __quantum__qis__swap__ctl(one, pair);  // q0 = 1: swap q1, q2 -> |101>
    check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 0, 1, 0, 0});
    CHECK(g_errors == 0);
  }
  SECTION("rx__ctl applies RX only where the control is 1") {
    Shot shot(2);
    const double th = 1.1;
    QirTuple* args = __quantum__rt__tuple_create(16);
    QUBIT* target = q(1);
    std::memcpy(args, &th, 8);
    std::memcpy(args + 8, &target, 8);
    QirArray* controls = qubit_array({0});
    __quantum__qis__h__body(q(0));
    __quantum__qis__rx__ctl(controls, args);
    const cd i(0, 1);
    check_state(state_of({0, 1}), {kS, 0, kS * std::cos(th / 2), -i * kS * std::sin(th / 2)});
  }
  SECTION("rxx, ryy, rzz, cy, cz, swap, ccx") {
    Shot shot(3);
    __quantum__qis__x__body(q(0));
    __quantum__qis__cy__body(q(0), q(1));  // |1> (i|1>) -> i|110>
    check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 0, 0, cd(0, 1), 0});
    __quantum__qis__ccx__body(q(0), q(1), q(2));  // -> i|111>
    __quantum__qis__cz__body(q(1), q(2));         // -> -i|111>
    __quantum__qis__swap__body(q(0), q(2));
    check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 0, 0, 0, cd(0, -1)});
    const double th = 0.6;
    __quantum__qis__rzz__body(th, q(0), q(1));  // |11>: phase e^{-i th/2}
    check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 0, 0, 0, cd(0, -1) * std::exp(cd(0, -th / 2))});
    __quantum__qis__rxx__body(M_PI, q(0), q(1));  // RXX(pi) = -i XX: |11> -> -i|00>
    check_state(state_of({0, 1, 2}), {0, cd(0, -1) * std::exp(cd(0, -th / 2)) * cd(0, -1), 0, 0, 0, 0, 0, 0});
    __quantum__qis__ryy__body(M_PI, q(0), q(1));  // RYY(pi) = -i YY: |00> -> -i (i)(i)|11> = i|11>
    check_state(state_of({0, 1, 2}),
                {0, 0, 0, 0, 0, 0, 0, cd(0, -1) * std::exp(cd(0, -th / 2)) * cd(0, -1) * cd(0, 1)});
    CHECK(g_errors == 0);
  }
  SECTION("dynamic allocation takes ids above the static ones; released ids come back") {
    Shot shot(2);
    QUBIT* d = __quantum__rt__qubit_allocate();
    CHECK(reinterpret_cast<std::uintptr_t>(d) == 2);
    QirArray* arr = __quantum__rt__qubit_allocate_array(2);
    QUBIT* e[2];
    std::memcpy(e, __quantum__rt__array_get_element_ptr_1d(arr, 0), sizeof e);
    CHECK(reinterpret_cast<std::uintptr_t>(e[0]) == 3);
    CHECK(reinterpret_cast<std::uintptr_t>(e[1]) == 4);
    __quantum__rt__qubit_release(d);
    CHECK(reinterpret_cast<std::uintptr_t>(__quantum__rt__qubit_allocate()) == 2);
    __quantum__rt__qubit_release_array(arr);
    CHECK(g_errors == 0);
  }
  SECTION("a qubit id beyond the device's limit is an error naming both") {
    Shot shot(1);
    __quantum__qis__h__body(q(40));
    CHECK_THAT(last_error(), Catch::Contains("qubit id 40 is beyond statevector.qubit's limit of 40 qubits"));
  }
}

TEST_CASE("a gate the device lacks is expanded into its gates, exactly up to a global phase", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  auto circuit = [] {
    for (std::uintptr_t i = 0; i < 3; ++i) __quantum__qis__h__body(q(i));
    __quantum__qis__t__body(q(0));
    __quantum__qis__s__body(q(1));
    __quantum__qis__cz__body(q(0), q(1));
    __quantum__qis__t__adj(q(2));
    __quantum__qis__swap__body(q(0), q(2));
    __quantum__qis__ccx__body(q(0), q(1), q(2));
    __quantum__qis__rzz__body(0.3, q(0), q(1));
    __quantum__qis__s__adj(q(0));
    __quantum__qis__z__body(q(1));
    __quantum__qis__cnot__body(q(2), q(0));
  };
  std::vector<cd> reference, expanded;
  {
    Shot shot(3);
    circuit();
    reference = state_of({0, 1, 2});
  }
  {
    Shot shot(3, "template.qubit");  // natively only PauliX, Hadamard, RZ, CNOT
    circuit();
    CHECK(g_errors == 0);
    expanded = state_of({0, 1, 2});
    __quantum__qis__rx__body(0.5, q(0));  // needs RX or RY: not buildable from these gates
    CHECK_THAT(last_error(),
               Catch::Contains("template.qubit offers neither the gate RX nor the gates to build it from") &&
                   Catch::Contains("PauliX, Hadamard, RZ, CNOT"));
  }
  std::size_t k = 0;
  while (std::abs(reference[k]) < 1e-6) ++k;
  cd phase = expanded[k] / reference[k];
  CHECK(std::abs(std::abs(phase) - 1.0) < 1e-12);
  for (auto& a : reference) a *= phase;
  check_state(expanded, reference);
}

TEST_CASE("exp, measure and assertmeasurementprobability on Pauli products", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  const cd i(0, 1);
  const double th = 0.35;
  SECTION("exp(i th ZZ) on |++>") {
    Shot shot(2);
    __quantum__qis__h__body(q(0));
    __quantum__qis__h__body(q(1));
    __quantum__qis__exp__body(pauli_array({kPauliZ, kPauliZ}), th, qubit_array({0, 1}));
    cd e = std::exp(i * th) / 2.0, f = std::exp(-i * th) / 2.0;
    check_state(state_of({0, 1}), {e, f, f, e});
    __quantum__qis__exp__adj(pauli_array({kPauliZ, kPauliZ}), th, qubit_array({0, 1}));
    check_state(state_of({0, 1}), {0.5, 0.5, 0.5, 0.5});
  }
  SECTION("exp(i th X) and exp(i th Y) on |0> (basis changes), identity factors skipped") {
    Shot shot(2);
    __quantum__qis__exp__body(pauli_array({kPauliI, kPauliX}), th, qubit_array({0, 1}));
    check_state(state_of({0, 1}), {std::cos(th), i * std::sin(th), 0, 0});  // qubit 1 is the low bit
  }
  SECTION("exp(i th Y)") {
    Shot shot(1);
    __quantum__qis__exp__body(pauli_array({kPauliY}), th, qubit_array({0}));
    check_state(state_of({0}), {std::cos(th), -std::sin(th)});
  }
  SECTION("exp__ctl acts only under its control; a controlled identity is a phase on the control") {
    Shot shot(2);
    __quantum__qis__h__body(q(0));
    QirTuple* args = __quantum__rt__tuple_create(24);
    QirArray* paulis = pauli_array({kPauliX});
    QirArray* targets = qubit_array({1});
    std::memcpy(args, &paulis, 8);
    std::memcpy(args + 8, &th, 8);
    std::memcpy(args + 16, &targets, 8);
    __quantum__qis__exp__ctl(qubit_array({0}), args);
    check_state(state_of({0, 1}), {kS, 0, kS * std::cos(th), kS * i * std::sin(th)});
    QirArray* identity = pauli_array({kPauliI});
    std::memcpy(args, &identity, 8);
    __quantum__qis__exp__ctladj(qubit_array({0}), args);  // e^{-i th} on q0 = 1
    check_state(state_of({0, 1}),
                {kS, 0, kS * std::cos(th) * std::exp(-i * th), kS * i * std::sin(th) * std::exp(-i * th)});
  }
  SECTION("joint measurements of a Bell pair: ZZ and XX give Zero, YY gives One, without disturbing it") {
    Shot shot(2);
    __quantum__qis__h__body(q(0));
    __quantum__qis__cnot__body(q(0), q(1));
    RESULT* zero = __quantum__rt__result_get_zero();
    RESULT* one = __quantum__rt__result_get_one();
    CHECK(__quantum__qis__measure__body(pauli_array({kPauliZ, kPauliZ}), qubit_array({0, 1})) == zero);
    CHECK(__quantum__qis__measure__body(pauli_array({kPauliX, kPauliX}), qubit_array({0, 1})) == zero);
    CHECK(__quantum__qis__measure__body(pauli_array({kPauliY, kPauliY}), qubit_array({0, 1})) == one);
    check_state(state_of({0, 1}), {kS, 0, 0, kS});
    CHECK(__quantum__rt__result_equal(zero, zero));
    CHECK_FALSE(__quantum__rt__result_equal(zero, one));
    CHECK(g_errors == 0);
  }
  SECTION("assertmeasurementprobability passes within tolerance and fails with the program's message") {
    Shot shot(1);
    __quantum__qis__h__body(q(0));
    QirString* message = __quantum__rt__string_create("qubit should be balanced");
    __quantum__qis__assertmeasurementprobability__body(pauli_array({kPauliZ}), qubit_array({0}),
                                                       __quantum__rt__result_get_zero(), 0.5, message, 1e-9);
    CHECK(g_errors == 0);
    __quantum__qis__assertmeasurementprobability__body(pauli_array({kPauliX}), qubit_array({0}),
                                                       __quantum__rt__result_get_zero(), 0.5, message,
                                                       1e-9);  // |+> is an X eigenstate: P(Zero) = 1
    CHECK(g_errors == 1);
    CHECK_THAT(last_error(), Catch::Contains("qubit should be balanced") && Catch::Contains("found 1.0"));
  }
}

TEST_CASE("measurement into static slots, mresetz, reading results", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(2);
  __quantum__qis__x__body(q(1));
  __quantum__qis__mresetz__body(q(1), slot(3));
  CHECK(__quantum__rt__read_result(slot(3)));
  check_state(state_of({0, 1}), {1, 0, 0, 0});  // reset after the measurement
  __quantum__qis__mz__body(q(0), nullptr);      // NULL is result slot 0
  CHECK_FALSE(__quantum__qis__read_result__body(nullptr));
  CHECK(__quantum__rt__result_equal(slot(3), __quantum__rt__result_get_one()));
  QirString* text = __quantum__rt__result_to_string(slot(3));
  CHECK(std::string(__quantum__rt__string_get_data(text)) == "One");
  CHECK(g_errors == 0);
  CHECK_FALSE(__quantum__rt__read_result(slot(2)));  // never measured into: Zero, as in qir-runner
  CHECK_FALSE(__quantum__qis__read_result__body(slot(1000)));
  CHECK_FALSE(__quantum__rt__result_equal(slot(2), __quantum__rt__result_get_one()));
  CHECK(g_errors == 0);
  __quantum__rt__read_result(reinterpret_cast<RESULT*>(std::uintptr_t{1} << 30));
  CHECK_THAT(last_error(), Catch::Contains("result 1073741824 is neither a static result slot"));
  __quantum__qis__mz__body(q(0), __quantum__rt__result_get_one());
  CHECK_THAT(last_error(), Catch::Contains("cannot measure into a runtime result"));
}

TEST_CASE("arrays: elements, slices, concatenation, copy-on-alias, reference counts", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(0, "null.qubit");
  QirArray* a = __quantum__rt__array_create_1d(8, 5);
  for (int64_t i = 0; i < 5; ++i) {
    int64_t v = 10 * i;
    std::memcpy(__quantum__rt__array_get_element_ptr_1d(a, i), &v, 8);
  }
  auto at = [](QirArray* x, int64_t i) {
    int64_t v;
    std::memcpy(&v, __quantum__rt__array_get_element_ptr_1d(x, i), 8);
    return v;
  };
  QirArray* evens = __quantum__rt__array_slice_1d(a, 0, 2, 4, false);
  REQUIRE(__quantum__rt__array_get_size_1d(evens) == 3);
  CHECK((at(evens, 0) == 0 && at(evens, 1) == 20 && at(evens, 2) == 40));
  QirArray* backwards = __quantum__rt__array_slice_1d(a, 3, -1, 1, false);
  CHECK((__quantum__rt__array_get_size_1d(backwards) == 3 && at(backwards, 0) == 30 && at(backwards, 2) == 10));
  CHECK(__quantum__rt__array_get_size_1d(__quantum__rt__array_slice_1d(a, 2, 1, 1, false)) == 0);
  QirArray* both = __quantum__rt__array_concatenate(evens, backwards);
  CHECK((__quantum__rt__array_get_size_1d(both) == 6 && at(both, 3) == 30));
  // No aliases: copy returns the same array (one more reference); with an alias: a real copy.
  CHECK(__quantum__rt__array_copy(a, false) == a);
  __quantum__rt__array_update_alias_count(a, 1);
  QirArray* copy = __quantum__rt__array_copy(a, false);
  CHECK(copy != a);
  CHECK(at(copy, 4) == 40);
  __quantum__rt__array_update_alias_count(a, -1);
  CHECK(g_errors == 0);
  __quantum__rt__array_update_reference_count(a, -2);  // created (1) + copy (1): freed now
  __quantum__rt__array_get_size_1d(a);
  CHECK_THAT(last_error(), Catch::Contains("not a live array"));
  __quantum__rt__array_get_element_ptr_1d(copy, 5);
  CHECK_THAT(last_error(), Catch::Contains("index 5 outside an array of 5 elements"));
  __quantum__rt__array_concatenate(copy, __quantum__rt__array_create_1d(1, 1));
  CHECK_THAT(last_error(), Catch::Contains("cannot concatenate arrays of 8- and 1-byte elements"));
  __quantum__rt__array_slice_1d(copy, 0, 0, 3, false);
  CHECK_THAT(last_error(), Catch::Contains("step 0"));
}

TEST_CASE("strings and conversions are spelled as qir-runner spells them", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(0, "null.qubit");
  auto text = [](QirString* s) { return std::string(__quantum__rt__string_get_data(s)); };
  QirString* hello = __quantum__rt__string_create("Hello, ");
  QirString* both = __quantum__rt__string_concatenate(hello, __quantum__rt__string_create("QIR"));
  CHECK(text(both) == "Hello, QIR");
  CHECK(__quantum__rt__string_get_length(both) == 10);
  CHECK(__quantum__rt__string_equal(both, __quantum__rt__string_create("Hello, QIR")));
  CHECK(text(__quantum__rt__int_to_string(-42)) == "-42");
  CHECK(text(__quantum__rt__double_to_string(1.0)) == "1.0");
  CHECK(text(__quantum__rt__double_to_string(0.1)) == "0.1");
  CHECK(text(__quantum__rt__double_to_string(-2.5e-7)) == "-0.00000025");
  CHECK(text(__quantum__rt__double_to_string(1e21)) == "1000000000000000000000.0");
  CHECK(text(__quantum__rt__bool_to_string(true)) == "true");
  CHECK(text(__quantum__rt__pauli_to_string(kPauliY)) == "PauliY");
  CHECK(text(__quantum__rt__range_to_string(0, 1, 4)) == "0..4");
  CHECK(text(__quantum__rt__range_to_string(5, -2, 1)) == "5..-2..1");
  CHECK(text(__quantum__rt__qubit_to_string(q(3))) == "q3");
  __quantum__rt__string_update_reference_count(hello, -1);
  __quantum__rt__string_get_data(hello);
  CHECK_THAT(last_error(), Catch::Contains("not a live string"));
}

TEST_CASE("big integers: arithmetic, bytes and text", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(0, "null.qubit");
  auto text = [](QirBigInt* b) {
    return std::string(__quantum__rt__string_get_data(__quantum__rt__bigint_to_string(b)));
  };
  QirBigInt* two = __quantum__rt__bigint_create_i64(2);
  QirBigInt* big = __quantum__rt__bigint_power(two, 100);
  CHECK(text(big) == "1267650600228229401496703205376");
  CHECK(text(__quantum__rt__bigint_subtract(two, big)) == "-1267650600228229401496703205374");
  CHECK(text(__quantum__rt__bigint_modulus(big, __quantum__rt__bigint_create_i64(7))) == "2");  // 2^100 = 2 (mod 7)
  CHECK(text(__quantum__rt__bigint_shiftright(__quantum__rt__bigint_create_i64(-5), 1)) == "-3");
  CHECK(text(__quantum__rt__bigint_bitnot(two)) == "-3");
  int8_t minus_two = static_cast<int8_t>(0xFE);
  CHECK(text(__quantum__rt__bigint_create_array(1, &minus_two)) == "-2");
  QirBigInt* b255 = __quantum__rt__bigint_create_i64(255);
  REQUIRE(__quantum__rt__bigint_get_length(b255) == 2);  // 0xFF 0x00: the sign bit stays clear
  const int8_t* bytes = __quantum__rt__bigint_get_data(b255);
  CHECK((static_cast<std::uint8_t>(bytes[0]) == 0xFF && bytes[1] == 0));
  CHECK(__quantum__rt__bigint_greater(big, two));
  CHECK_FALSE(__quantum__rt__bigint_equal(big, two));
  CHECK(g_errors == 0);
  __quantum__rt__bigint_divide(big, __quantum__rt__bigint_create_i64(0));
  CHECK_THAT(last_error(), Catch::Contains("division by zero"));
}

namespace {
// A callable's specialisations for "apply X to the qubit in the tuple": body {Qubit*}; controlled
// {Array* controls, Tuple* {Qubit*}}.
void x_body(QirTuple*, QirTuple* args, QirTuple*) {
  QUBIT* target;
  std::memcpy(&target, args, 8);
  __quantum__qis__x__body(target);
}
void x_controlled(QirTuple*, QirTuple* args, QirTuple*) {
  QirArray* controls;
  QirTuple* inner;
  std::memcpy(&controls, args, 8);
  std::memcpy(&inner, args + 8, 8);
  QUBIT* target;
  std::memcpy(&target, inner, 8);
  __quantum__qis__x__ctl(controls, target);
}
int g_capture_refs = 0;
void count_capture(QirTuple*, int32_t delta) { g_capture_refs += delta; }
}  // namespace

TEST_CASE("callables: invoke, controlled twice (nested control tuples), adjoint missing, captures", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(3);
  qrt_callable_entry table[4] = {x_body, nullptr, x_controlled, nullptr};
  qrt_capture_counter memory[2] = {count_capture, nullptr};
  QirCallable* x = __quantum__rt__callable_create(table, memory, nullptr);
  QirTuple* args = __quantum__rt__tuple_create(8);
  QUBIT* target = q(2);
  std::memcpy(args, &target, 8);
  __quantum__rt__callable_invoke(x, args, nullptr);  // |001>
  check_state(state_of({0, 1, 2}), {0, 1, 0, 0, 0, 0, 0, 0});
  QirCallable* cx = __quantum__rt__callable_copy(x, true);
  CHECK(g_capture_refs == 1);
  __quantum__rt__callable_make_controlled(cx);
  __quantum__rt__callable_make_controlled(cx);
  // Controlled twice: ((controls0), ((controls1), args)).
  QirTuple* inner = __quantum__rt__tuple_create(16);
  QirArray* c1 = qubit_array({1});
  std::memcpy(inner, &c1, 8);
  std::memcpy(inner + 8, &args, 8);
  QirTuple* outer = __quantum__rt__tuple_create(16);
  QirArray* c0 = qubit_array({0});
  std::memcpy(outer, &c0, 8);
  std::memcpy(outer + 8, &inner, 8);
  __quantum__rt__callable_invoke(cx, outer, nullptr);  // controls 0, 1 are |0>: nothing
  check_state(state_of({0, 1, 2}), {0, 1, 0, 0, 0, 0, 0, 0});
  __quantum__qis__x__body(q(0));
  __quantum__qis__x__body(q(1));
  __quantum__rt__callable_invoke(cx, outer, nullptr);  // both |1>: flips q2 -> |110>
  check_state(state_of({0, 1, 2}), {0, 0, 0, 0, 0, 0, 1, 0});
  __quantum__rt__capture_update_reference_count(cx, -1);
  CHECK(g_capture_refs == 0);
  CHECK(g_errors == 0);
  __quantum__rt__callable_make_adjoint(x);
  __quantum__rt__callable_invoke(x, args, nullptr);
  CHECK_THAT(last_error(), Catch::Contains("no adjoint specialisation"));
}

namespace {
struct Sink : qrt::capi::OutputSink {
  std::vector<std::string> lines;
  void record(qrt::capi::RecordKind kind, std::string_view value, std::string_view label) override {
    lines.push_back(std::to_string(static_cast<int>(kind)) + "|" + std::string(value) + "|" +
                    (label.data() ? std::string(label) : std::string("<none>")));
  }
  void message(std::string_view text) override { lines.push_back("message|" + std::string(text)); }
};
std::jmp_buf g_jump;
std::string g_failure;
void jump_back(const char* message, void*) {
  g_failure = message;
  std::longjmp(g_jump, 1);
}
}  // namespace

TEST_CASE("output records and messages go to the driver's sink, and failures to its hook", "[capi][qir]") {
  RuntimeScope runtime;
  Shot shot(1);
  Sink sink;
  qrt::capi::set_output_sink(&sink);
  __quantum__qis__x__body(q(0));
  __quantum__qis__mz__body(q(0), slot(0));
  __quantum__rt__tuple_record_output(2, reinterpret_cast<int8_t*>(const_cast<char*>("t")));
  __quantum__rt__result_record_output(slot(0), nullptr);
  __quantum__rt__double_record_output(0.25, reinterpret_cast<int8_t*>(const_cast<char*>("")));
  __quantum__rt__bool_record_output(false, nullptr);
  __quantum__rt__int_record_output(-7, nullptr);
  __quantum__rt__array_record_output(0, nullptr);
  __quantum__rt__message(__quantum__rt__string_create("hi"));
  qrt::capi::set_output_sink(nullptr);
  CHECK(sink.lines == std::vector<std::string>{"4|2|t", "0|1|<none>", "3|0.25|", "1|false|<none>", "2|-7|<none>",
                                               "5|0|<none>", "message|hi"});
  qrt::capi::set_failure_hook(&jump_back, nullptr);
  volatile bool failed = false;
  if (setjmp(g_jump) == 0) __quantum__rt__fail(__quantum__rt__string_create("custom failure"));
  else failed = true;
  qrt::capi::set_failure_hook(nullptr, nullptr);
  CHECK(failed);
  CHECK_THAT(g_failure, Catch::Contains("__quantum__rt__fail: the program failed: custom failure"));
}

TEST_CASE("messages are escaped as qir-runner escapes them", "[capi][qir]") {
  CHECK(qrt::capi::format_message("plain text") == "INFO\tplain text");
  CHECK(qrt::capi::format_message("tab\there\nquote\"'\\") == "INFO\ttab\\there\\nquote\\\"\\'\\\\");
  CHECK(qrt::capi::format_message("\xCF\x80 \x01") == "INFO\t\\u{3c0} \\u{1}");  // U+03C0 and a control byte
}

TEST_CASE("every program function's address is set and names are QIR names", "[capi][qir]") {
  auto table = qrt::capi::program_functions();
  CHECK(table.size() > 120);
  for (const auto& f : table) {
    INFO(f.name);
    CHECK(f.address != nullptr);
    std::string name = f.name;
    // QIR names, older Q#'s bridges, and the one C library function qrt replaces (abort fails the shot)
    CHECK((name.rfind("__quantum__", 0) == 0 || name.rfind("quantum__rt__", 0) == 0 || name == "abort"));
    CHECK(std::string(f.signature).find('(') != std::string::npos);
  }
}

TEST_CASE("a controlled call of a gate the device lacks is decomposed exactly, phase included", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  // Without PhaseShift, the phase restored on a single control is RZ plus a global phase, which is
  // dropped: the states agree up to one global phase, and every relative phase exactly.
  auto circuit = [] {
    for (std::uintptr_t i = 0; i < 3; ++i) __quantum__qis__h__body(q(i));
    __quantum__qis__rz__body(0.7, q(2));
    QirArray* c0 = qubit_array({0});
    QirArray* c01 = qubit_array({0, 1});
    QirArray* c2 = qubit_array({2});
    QirArray* c1 = qubit_array({1});
    __quantum__qis__s__ctl(c0, q(1));
    __quantum__qis__t__ctl(c01, q(2));
    __quantum__qis__z__ctl(c2, q(0));
    __quantum__qis__s__ctladj(c1, q(2));
    __quantum__qis__t__ctladj(c2, q(1));
    QirTuple* pair = __quantum__rt__tuple_create(16);
    QUBIT* a = q(1);
    QUBIT* b = q(2);
    std::memcpy(pair, &a, 8);
    std::memcpy(pair + 8, &b, 8);
    __quantum__qis__swap__ctl(c0, pair);
    __quantum__qis__cnot__body(q(0), q(1));
    for (QirArray* c : {c0, c01, c2, c1}) __quantum__rt__array_update_reference_count(c, -1);
    __quantum__rt__tuple_update_reference_count(pair, -1);
  };
  std::vector<cd> reference, decomposed;
  {
    Shot shot(3);
    circuit();
    reference = state_of({0, 1, 2});
  }
  {
    Shot shot(3, "template.qubit");  // natively only PauliX, Hadamard, RZ, CNOT (and controls on them)
    circuit();
    INFO(last_error());
    CHECK(g_errors == 0);
    decomposed = state_of({0, 1, 2});
  }
  // Analytic spot check: |000> is touched by no controlled call, only by RZ: e^{-0.35i}/sqrt(8).
  CHECK(std::abs(reference[0] - std::polar(std::sqrt(0.125), -0.35)) < 1e-12);
  const cd phase = decomposed[0] / reference[0];
  CHECK(std::abs(std::abs(phase) - 1.0) < 1e-12);
  for (auto& amplitude : reference) amplitude *= phase;
  check_state(decomposed, reference);
  {
    Shot shot(2, "stabilizer.qubit");  // no T, and no gates under extra controls
    QirArray* c0 = qubit_array({0});
    __quantum__qis__t__ctl(c0, q(1));
    CHECK_THAT(last_error(),
               Catch::Contains("stabilizer.qubit offers neither the gate T nor gates under extra control qubits"));
    __quantum__rt__array_update_reference_count(c0, -1);
  }
}

TEST_CASE("Quantinuum's native gates match pytket's matrices", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  const cd i(0, 1);
  const double th = 0.9, ph = 0.4;
  // PhasedX(θ, φ)|0> = cos(θ/2)|0> - i e^{iφ} sin(θ/2)|1>; U1q is the same gate.
  for (auto* gate : {&__quantum__qis__phasedx__body, &__quantum__qis__u1q__body}) {
    Shot shot(1);
    gate(th, ph, q(0));
    check_state(state_of({0}), {std::cos(th / 2), -i * std::polar(1.0, ph) * std::sin(th / 2)});
  }
  {
    // ... and on |1>: -i e^{-iφ} sin(θ/2)|0> + cos(θ/2)|1>.
    Shot shot(1);
    __quantum__qis__x__body(q(0));
    __quantum__qis__phasedx__body(th, ph, q(0));
    check_state(state_of({0}), {-i * std::polar(1.0, -ph) * std::sin(th / 2), std::cos(th / 2)});
  }
  // ZZPhase(θ) = diag(e^{-iθ/2}, e^{iθ/2}, e^{iθ/2}, e^{-iθ/2}) on |++>; ZZMax (pytket-qir's zz) is θ = π/2.
  auto zz_state = [&](double angle) {
    std::vector<cd> want;
    for (int parity : {1, -1, -1, 1}) want.push_back(0.5 * std::polar(1.0, -parity * angle / 2));
    return want;
  };
  auto on_plus_plus = [&](auto apply, double angle) {
    Shot shot(2);
    __quantum__qis__h__body(q(0));
    __quantum__qis__h__body(q(1));
    apply();
    check_state(state_of({0, 1}), zz_state(angle));
  };
  on_plus_plus([&] { __quantum__qis__zzphase__body(th, q(0), q(1)); }, th);
  on_plus_plus([&] { __quantum__qis__zzmax__body(q(0), q(1)); }, std::numbers::pi / 2);
  on_plus_plus([&] { __quantum__qis__zz__body(q(0), q(1)); }, std::numbers::pi / 2);
  CHECK(g_errors == 0);
}

TEST_CASE("qir-runner's classical helpers: math, random draws, memory", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(0, "null.qubit");
  CHECK(__quantum__qis__arccos__body(-1.0) == std::acos(-1.0));
  CHECK(__quantum__qis__arctan2__body(1.0, -1.0) == 3 * std::numbers::pi / 4);
  CHECK(__quantum__qis__ieeeremainder__body(7.0, 2.0) == -1.0);  // 7 - 2 * round(3.5)
  CHECK(__quantum__qis__ieeeremainder__body(5.0, 3.0) == -1.0);
  CHECK(__quantum__qis__isinf__body(__quantum__qis__infinity__body()));
  CHECK_FALSE(__quantum__qis__isinf__body(-__quantum__qis__infinity__body()));  // Q#: +infinity only
  CHECK(__quantum__qis__isnegativeinfinity__body(-__quantum__qis__infinity__body()));
  CHECK(__quantum__qis__isnan__body(__quantum__qis__nan__body()));
  CHECK(__quantum__qis__tanh__body(0.5) == std::tanh(0.5));
  std::vector<int> seen(7, 0);
  for (int k = 0; k < 600; ++k) {
    int64_t v = __quantum__qis__drawrandomint__body(1, 6);
    REQUIRE((v >= 1 && v <= 6));
    ++seen[static_cast<std::size_t>(v)];
  }
  for (int v = 1; v <= 6; ++v) CHECK(seen[static_cast<std::size_t>(v)] > 50);  // mean 100, sd 9
  double d = __quantum__qis__drawrandomdouble__body(0.25, 0.5);
  CHECK((d >= 0.25 && d <= 0.5));
  CHECK(__quantum__qis__drawrandomdouble__body(2.0, 2.0) == 2.0);
  CHECK(g_errors == 0);
  // Each shot seeds the draws: the same seed, the same numbers.
  qrt::capi::begin_shot(0, 0, 99);
  int64_t first = __quantum__qis__drawrandomint__body(0, 1000000);
  qrt::capi::begin_shot(0, 0, 99);
  CHECK(__quantum__qis__drawrandomint__body(0, 1000000) == first);
  __quantum__qis__drawrandomint__body(3, 1);
  CHECK_THAT(last_error(), Catch::Contains("minimum > maximum"));
  int8_t* memory = __quantum__rt__memory_allocate(24);
  REQUIRE(memory != nullptr);
  CHECK(std::all_of(memory, memory + 24, [](int8_t b) { return b == 0; }));
  memory[23] = 5;  // the program's own bytes until the shot ends
  QirRange range{4, -2, 0};
  QirArray* a = __quantum__rt__array_create_1d(1, 5);
  for (int64_t k = 0; k < 5; ++k) *__quantum__rt__array_get_element_ptr_1d(a, k) = static_cast<int8_t>(10 + k);
  QirArray* slice = quantum__rt__array_slice_1d(a, &range, false);
  REQUIRE(__quantum__rt__array_get_size_1d(slice) == 3);
  CHECK(*__quantum__rt__array_get_element_ptr_1d(slice, 2) == 10);
  CHECK(std::string(__quantum__rt__string_get_data(quantum__rt__range_to_string(&range))) == "4..-2..0");
  CHECK(quantum__rt__range_to_string(nullptr) == nullptr);
  CHECK_THAT(last_error(), Catch::Contains("quantum__rt__range_to_string: NULL range"));
}

TEST_CASE("assertmeasurementprobability__ctl asserts the same as the body (controls change nothing)", "[capi][qir]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  Shot shot(2);
  __quantum__qis__h__body(q(1));  // |0>|+>: Z on q0 gives Zero surely; Z on q1 gives Zero with 1/2
  QirArray* controls = qubit_array({1});
  auto assert_z = [&](std::uintptr_t qubit, double probability) {
    QirArray* paulis = pauli_array({kPauliZ});
    QirArray* qubits = qubit_array({qubit});
    QirTuple* args = __quantum__rt__tuple_create(48);
    RESULT* zero = __quantum__rt__result_get_zero();
    QirString* message = __quantum__rt__string_create("not as expected");
    double tolerance = 1e-9;
    std::memcpy(args, &paulis, 8);
    std::memcpy(args + 8, &qubits, 8);
    std::memcpy(args + 16, &zero, 8);
    std::memcpy(args + 24, &probability, 8);
    std::memcpy(args + 32, &message, 8);
    std::memcpy(args + 40, &tolerance, 8);
    __quantum__qis__assertmeasurementprobability__ctl(controls, args);
  };
  assert_z(0, 1.0);
  assert_z(1, 0.5);
  CHECK(g_errors == 0);
  assert_z(1, 1.0);
  CHECK(g_errors == 1);
  CHECK_THAT(last_error(), Catch::Contains("not as expected (expected probability 1.000000 of Zero, found 0.500000)"));
}
