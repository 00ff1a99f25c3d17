// __catalyst__rt__: initialize / finalize, device_init (every form) / device_release, the recorder switch,
// failures the program raises itself, results, and the run's random numbers.
#include "catalyst/function_table.hpp"
#include "catalyst/session.hpp"

#include <random>

namespace qrt::catalyst {
namespace {

// Measurement results: Measure returns the address of one of these, as Catalyst's runtime does.
constexpr bool kResultZero = false, kResultOne = true;

std::string_view text(const std::int8_t* s) {
  return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

void initialize(const std::uint32_t* seed) {
  guarded<void>("initialize", [&](Session& s) { s.initialize(seed); });
}
void initialize_2023() { initialize(nullptr); }

void finalize() {
  guarded<void>("finalize", [](Session& s) { s.finalize(); });
}

void init_device(const std::int8_t* lib, const std::int8_t* name, const std::int8_t* kwargs,
                 std::optional<std::int64_t> shots, bool auto_qubits) {
  guarded<void>("device_init", [&](Session& s) {
    if (!name || !*name) throw Error(ErrorCode::InvalidArgument, "the device name is NULL or empty");
    s.device_init(text(lib), text(name), text(kwargs), shots, auto_qubits);
  });
}

void device_init(const std::int8_t* lib, const std::int8_t* name, const std::int8_t* kwargs, std::int64_t shots,
                 bool auto_qubits) {
  init_device(lib, name, kwargs, shots, auto_qubits);
}
void device_init_4(const std::int8_t* lib, const std::int8_t* name, const std::int8_t* kwargs, std::int64_t shots) {
  init_device(lib, name, kwargs, shots, false);
}
void device_init_3(const std::int8_t* lib, const std::int8_t* name, const std::int8_t* kwargs) {
  init_device(lib, name, kwargs, std::nullopt, false);
}

void device_release() {
  guarded<void>("device_release", [](Session& s) { s.device_release(); });
}

void toggle_recorder(bool on) {
  guarded<void>("toggle_recorder", [&](Session& s) {
    if (on && !s.recording && s.has_device()) s.start_tape();
    s.recording = on;
  });
}
void toggle_recorder_i8(std::int8_t on) { toggle_recorder(on != 0); }

std::int64_t num_qubits() {
  return guarded<std::int64_t>("num_qubits",
                               [](Session& s) { return static_cast<std::int64_t>(s.device().num_qubits()); });
}

void fail_cstr(const char* message) {
  guarded<void>("fail_cstr", [&](Session&) -> void {
    throw Error(ErrorCode::FailedPrecondition, message ? message : "the program failed (no message)");
  });
}

void assert_bool(bool condition, const char* message) {
  guarded<void>("assert_bool", [&](Session&) {
    if (!condition) throw Error(ErrorCode::FailedPrecondition, message ? message : "assertion failed (no message)");
  });
}

void unrecoverable_error() {
  guarded<void>("unrecoverable_error", [](Session&) -> void {
    throw Error(ErrorCode::Internal, "Catalyst's asynchronous execution reported an unrecoverable error");
  });
}

double random_double() {
  return guarded<double>("random_double",
                         [](Session& s) { return std::uniform_real_distribution<double>(0.0, 1.0)(s.random()); });
}

bool result_equal(const bool* a, const bool* b) {
  return guarded<bool>("result_equal", [&](Session&) {
    if (!a || !b) throw Error(ErrorCode::InvalidArgument, "a NULL result");
    return a == b || *a == *b;
  });
}
const bool* result_get_one() { return &kResultOne; }
const bool* result_get_zero() { return &kResultZero; }

}  // namespace

const bool* result_pointer(bool outcome) noexcept { return outcome ? &kResultOne : &kResultZero; }

void add_lifecycle_functions(FunctionTable& t) {
  t.add("__catalyst__rt__initialize", "void (ptr)", address_of(&initialize));
  t.add("__catalyst__rt__finalize", "void ()", address_of(&finalize));
  t.add("__catalyst__rt__device_init", "void (ptr, ptr, ptr, i64, i1)", address_of(&device_init));
  t.add("__catalyst__rt__device_init", "void (ptr, ptr, ptr, i64)", address_of(&device_init_4));
  t.add("__catalyst__rt__device_init", "void (ptr, ptr, ptr)", address_of(&device_init_3));
  t.add("__catalyst__rt__device_release", "void ()", address_of(&device_release));
  t.add("__catalyst__rt__toggle_recorder", "void (i1)", address_of(&toggle_recorder));
  t.add("__catalyst__rt__toggle_recorder", "void (i8)", address_of(&toggle_recorder_i8));
  t.add("__catalyst__rt__num_qubits", "i64 ()", address_of(&num_qubits));
  t.add("__catalyst__rt__fail_cstr", "void (ptr)", address_of(&fail_cstr));
  t.add("__catalyst__rt__assert_bool", "void (i1, ptr)", address_of(&assert_bool));
  t.add("__catalyst__host__rt__unrecoverable_error", "void ()", address_of(&unrecoverable_error));
  t.add("__catalyst__rt__random_double", "double ()", address_of(&random_double));
  t.add("__catalyst__rt__result_equal", "i1 (ptr, ptr)", address_of(&result_equal));
  t.add("__catalyst__rt__result_get_one", "ptr ()", address_of(&result_get_one));
  t.add("__catalyst__rt__result_get_zero", "ptr ()", address_of(&result_get_zero));
  // The 2023 runtime (and its examples): __quantum__ names, initialize() without a seed.
  t.add("__quantum__rt__initialize", "void ()", address_of(&initialize_2023));
  t.add("__quantum__rt__finalize", "void ()", address_of(&finalize));
  t.add("__quantum__rt__device_init", "void (ptr, ptr, ptr)", address_of(&device_init_3));
  t.add("__quantum__rt__device_release", "void ()", address_of(&device_release));
  t.add("__quantum__rt__toggle_recorder", "void (i1)", address_of(&toggle_recorder));
  t.add("__quantum__rt__toggle_recorder", "void (i8)", address_of(&toggle_recorder_i8));
  t.add("__quantum__rt__num_qubits", "i64 ()", address_of(&num_qubits));
  t.add("__quantum__rt__fail_cstr", "void (ptr)", address_of(&fail_cstr));
  t.add("__quantum__rt__result_equal", "i1 (ptr, ptr)", address_of(&result_equal));
  t.add("__quantum__rt__result_get_one", "ptr ()", address_of(&result_get_one));
  t.add("__quantum__rt__result_get_zero", "ptr ()", address_of(&result_get_zero));
}

}  // namespace qrt::catalyst
