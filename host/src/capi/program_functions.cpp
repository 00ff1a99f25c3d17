// The table of functions compiled programs may call: each runtime.h function under its QIR name with
// its LLVM signature, plus the older forms some compilers still emit (record_output without a label;
// the base profile's `m__body(qubit, result)`, which is mz).
#include "capi/guarded.hpp"
#include "capi/program_driver.hpp"

#include <qrt/runtime.h>

#include <array>
#include <cstdlib>

namespace {

void result_record_unlabeled(RESULT* r) { __quantum__rt__result_record_output(r, nullptr); }
void bool_record_unlabeled(bool v) { __quantum__rt__bool_record_output(v, nullptr); }
void int_record_unlabeled(int64_t v) { __quantum__rt__int_record_output(v, nullptr); }
void double_record_unlabeled(double v) { __quantum__rt__double_record_output(v, nullptr); }
void tuple_record_unlabeled(int64_t n) { __quantum__rt__tuple_record_output(n, nullptr); }
void array_record_unlabeled(int64_t n) { __quantum__rt__array_record_output(n, nullptr); }

// A program that calls the C library's abort(): its shot fails (the process does not abort).
[[noreturn]] void program_abort() {
  qrt::capi::guarded("abort",
                     [] { throw qrt::Error(qrt::ErrorCode::FailedPrecondition, "the program called abort()"); });
  std::abort();  // an error handler that returns cannot resume a program that called abort
}

template <class F>
void* address(F* f) noexcept {
  return reinterpret_cast<void*>(f);
}

#define QRT_FN(name, signature) \
  qrt::capi::ProgramFunction { #name, (signature), address(&(name)) }
#define QRT_FN_AS(name, signature, impl) \
  qrt::capi::ProgramFunction { #name, (signature), address(&(impl)) }

const auto kFunctions = std::to_array<qrt::capi::ProgramFunction>({
    // Runtime lifecycle and devices
    QRT_FN(__quantum__rt__initialize, "void (ptr)"),
    QRT_FN(__quantum__rt__device_init, "void (ptr, ptr, ptr)"),
    QRT_FN(__quantum__rt__device_release, "void ()"),
    // Qubits
    QRT_FN(__quantum__rt__qubit_allocate, "ptr ()"),
    QRT_FN(__quantum__rt__qubit_release, "void (ptr)"),
    QRT_FN(__quantum__rt__qubit_allocate_array, "ptr (i64)"),
    QRT_FN(__quantum__rt__qubit_release_array, "void (ptr)"),
    QRT_FN(__quantum__rt__qubit_to_string, "ptr (ptr)"),
    // Arrays
    QRT_FN(__quantum__rt__array_create_1d, "ptr (i32, i64)"),
    QRT_FN(__quantum__rt__array_get_size_1d, "i64 (ptr)"),
    QRT_FN(__quantum__rt__array_get_element_ptr_1d, "ptr (ptr, i64)"),
    QRT_FN(__quantum__rt__array_slice_1d, "ptr (ptr, %Range, i1)"),
    QRT_FN(__quantum__rt__array_concatenate, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__array_copy, "ptr (ptr, i1)"),
    QRT_FN(__quantum__rt__array_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__array_update_alias_count, "void (ptr, i32)"),
    // Tuples
    QRT_FN(__quantum__rt__tuple_create, "ptr (i64)"),
    QRT_FN(__quantum__rt__tuple_copy, "ptr (ptr, i1)"),
    QRT_FN(__quantum__rt__tuple_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__tuple_update_alias_count, "void (ptr, i32)"),
    // Strings
    QRT_FN(__quantum__rt__string_create, "ptr (ptr)"),
    QRT_FN(__quantum__rt__string_get_data, "ptr (ptr)"),
    QRT_FN(__quantum__rt__string_get_length, "i32 (ptr)"),
    QRT_FN(__quantum__rt__string_concatenate, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__string_equal, "i1 (ptr, ptr)"),
    QRT_FN(__quantum__rt__string_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__int_to_string, "ptr (i64)"),
    QRT_FN(__quantum__rt__double_to_string, "ptr (double)"),
    QRT_FN(__quantum__rt__bool_to_string, "ptr (i1)"),
    QRT_FN(__quantum__rt__result_to_string, "ptr (ptr)"),
    QRT_FN(__quantum__rt__pauli_to_string, "ptr (i2)"),
    QRT_FN(__quantum__rt__range_to_string, "ptr (%Range)"),
    QRT_FN(__quantum__rt__bigint_to_string, "ptr (ptr)"),
    QRT_FN(__quantum__rt__message, "void (ptr)"),
    // Older Q#'s bridges (%Range by pointer)
    QRT_FN(quantum__rt__array_slice_1d, "ptr (ptr, ptr, i1)"),
    QRT_FN(quantum__rt__range_to_string, "ptr (ptr)"),
    // Classical helpers
    QRT_FN(__quantum__qis__nan__body, "double ()"),
    QRT_FN(__quantum__qis__infinity__body, "double ()"),
    QRT_FN(__quantum__qis__isnan__body, "i1 (double)"),
    QRT_FN(__quantum__qis__isinf__body, "i1 (double)"),
    QRT_FN(__quantum__qis__isnegativeinfinity__body, "i1 (double)"),
    QRT_FN(__quantum__qis__sin__body, "double (double)"),
    QRT_FN(__quantum__qis__cos__body, "double (double)"),
    QRT_FN(__quantum__qis__tan__body, "double (double)"),
    QRT_FN(__quantum__qis__arcsin__body, "double (double)"),
    QRT_FN(__quantum__qis__arccos__body, "double (double)"),
    QRT_FN(__quantum__qis__arctan__body, "double (double)"),
    QRT_FN(__quantum__qis__arctan2__body, "double (double, double)"),
    QRT_FN(__quantum__qis__sinh__body, "double (double)"),
    QRT_FN(__quantum__qis__cosh__body, "double (double)"),
    QRT_FN(__quantum__qis__tanh__body, "double (double)"),
    QRT_FN(__quantum__qis__sqrt__body, "double (double)"),
    QRT_FN(__quantum__qis__log__body, "double (double)"),
    QRT_FN(__quantum__qis__ieeeremainder__body, "double (double, double)"),
    QRT_FN(__quantum__qis__drawrandomint__body, "i64 (i64, i64)"),
    QRT_FN(__quantum__qis__drawrandomdouble__body, "double (double, double)"),
    QRT_FN(__quantum__rt__memory_allocate, "ptr (i64)"),
    QRT_FN_AS(abort, "void ()", program_abort),
    QRT_FN(__quantum__rt__fail, "void (ptr)"),
    // Big integers
    QRT_FN(__quantum__rt__bigint_create_i64, "ptr (i64)"),
    QRT_FN(__quantum__rt__bigint_create_array, "ptr (i32, ptr)"),
    QRT_FN(__quantum__rt__bigint_get_data, "ptr (ptr)"),
    QRT_FN(__quantum__rt__bigint_get_length, "i32 (ptr)"),
    QRT_FN(__quantum__rt__bigint_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__bigint_negate, "ptr (ptr)"),
    QRT_FN(__quantum__rt__bigint_add, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_subtract, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_multiply, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_divide, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_modulus, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_power, "ptr (ptr, i32)"),
    QRT_FN(__quantum__rt__bigint_bitand, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_bitor, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_bitxor, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_bitnot, "ptr (ptr)"),
    QRT_FN(__quantum__rt__bigint_shiftleft, "ptr (ptr, i64)"),
    QRT_FN(__quantum__rt__bigint_shiftright, "ptr (ptr, i64)"),
    QRT_FN(__quantum__rt__bigint_equal, "i1 (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_greater, "i1 (ptr, ptr)"),
    QRT_FN(__quantum__rt__bigint_greater_eq, "i1 (ptr, ptr)"),
    // Callables
    QRT_FN(__quantum__rt__callable_create, "ptr (ptr, ptr, ptr)"),
    QRT_FN(__quantum__rt__callable_invoke, "void (ptr, ptr, ptr)"),
    QRT_FN(__quantum__rt__callable_copy, "ptr (ptr, i1)"),
    QRT_FN(__quantum__rt__callable_make_adjoint, "void (ptr)"),
    QRT_FN(__quantum__rt__callable_make_controlled, "void (ptr)"),
    QRT_FN(__quantum__rt__callable_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__callable_update_alias_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__capture_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__rt__capture_update_alias_count, "void (ptr, i32)"),
    // Gates
    QRT_FN(__quantum__qis__h__body, "void (ptr)"),
    QRT_FN(__quantum__qis__x__body, "void (ptr)"),
    QRT_FN(__quantum__qis__y__body, "void (ptr)"),
    QRT_FN(__quantum__qis__z__body, "void (ptr)"),
    QRT_FN(__quantum__qis__s__body, "void (ptr)"),
    QRT_FN(__quantum__qis__s__adj, "void (ptr)"),
    QRT_FN(__quantum__qis__t__body, "void (ptr)"),
    QRT_FN(__quantum__qis__t__adj, "void (ptr)"),
    QRT_FN(__quantum__qis__sx__body, "void (ptr)"),
    QRT_FN(__quantum__qis__rx__body, "void (double, ptr)"),
    QRT_FN(__quantum__qis__ry__body, "void (double, ptr)"),
    QRT_FN(__quantum__qis__rz__body, "void (double, ptr)"),
    QRT_FN(__quantum__qis__cnot__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__cx__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__cy__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__cz__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__swap__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__ccx__body, "void (ptr, ptr, ptr)"),
    QRT_FN(__quantum__qis__rxx__body, "void (double, ptr, ptr)"),
    QRT_FN(__quantum__qis__ryy__body, "void (double, ptr, ptr)"),
    QRT_FN(__quantum__qis__rzz__body, "void (double, ptr, ptr)"),
    QRT_FN(__quantum__qis__barrier__body, "void ()"),
    // Quantinuum's native gates, as pytket-qir and hugr-qir emit them
    QRT_FN(__quantum__qis__phasedx__body, "void (double, double, ptr)"),
    QRT_FN(__quantum__qis__u1q__body, "void (double, double, ptr)"),
    QRT_FN(__quantum__qis__zzphase__body, "void (double, ptr, ptr)"),
    QRT_FN(__quantum__qis__zzmax__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__zz__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__h__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__x__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__y__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__z__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__s__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__s__ctladj, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__t__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__t__ctladj, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__rx__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__ry__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__rz__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__swap__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__r__body, "void (i2, double, ptr)"),
    QRT_FN(__quantum__qis__r__adj, "void (i2, double, ptr)"),
    QRT_FN(__quantum__qis__r__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__r__ctladj, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__exp__body, "void (ptr, double, ptr)"),
    QRT_FN(__quantum__qis__exp__adj, "void (ptr, double, ptr)"),
    QRT_FN(__quantum__qis__exp__ctl, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__exp__ctladj, "void (ptr, ptr)"),
    // Measurements and results
    QRT_FN(__quantum__qis__mz__body, "void (ptr, ptr)"),
    QRT_FN_AS(__quantum__qis__m__body, "void (ptr, ptr)", __quantum__qis__mz__body),
    QRT_FN(__quantum__qis__m__body, "ptr (ptr)"),
    QRT_FN(__quantum__qis__mresetz__body, "void (ptr, ptr)"),
    QRT_FN(__quantum__qis__measure__body, "ptr (ptr, ptr)"),
    QRT_FN(__quantum__qis__reset__body, "void (ptr)"),
    QRT_FN(__quantum__qis__read_result__body, "i1 (ptr)"),
    QRT_FN(__quantum__rt__read_result, "i1 (ptr)"),
    QRT_FN(__quantum__rt__result_get_zero, "ptr ()"),
    QRT_FN(__quantum__rt__result_get_one, "ptr ()"),
    QRT_FN(__quantum__rt__result_equal, "i1 (ptr, ptr)"),
    QRT_FN(__quantum__rt__result_update_reference_count, "void (ptr, i32)"),
    QRT_FN(__quantum__qis__assertmeasurementprobability__body, "void (ptr, ptr, ptr, double, ptr, double)"),
    QRT_FN(__quantum__qis__assertmeasurementprobability__ctl, "void (ptr, ptr)"),
    // Output
    QRT_FN(__quantum__rt__result_record_output, "void (ptr, ptr)"),
    QRT_FN(__quantum__rt__bool_record_output, "void (i1, ptr)"),
    QRT_FN(__quantum__rt__int_record_output, "void (i64, ptr)"),
    QRT_FN(__quantum__rt__double_record_output, "void (double, ptr)"),
    QRT_FN(__quantum__rt__tuple_record_output, "void (i64, ptr)"),
    QRT_FN(__quantum__rt__array_record_output, "void (i64, ptr)"),
    QRT_FN(__quantum__rt__array_start_record_output, "void ()"),
    QRT_FN(__quantum__rt__array_end_record_output, "void ()"),
    QRT_FN(__quantum__rt__tuple_start_record_output, "void ()"),
    QRT_FN(__quantum__rt__tuple_end_record_output, "void ()"),
    QRT_FN_AS(__quantum__rt__result_record_output, "void (ptr)", result_record_unlabeled),
    QRT_FN_AS(__quantum__rt__bool_record_output, "void (i1)", bool_record_unlabeled),
    QRT_FN_AS(__quantum__rt__int_record_output, "void (i64)", int_record_unlabeled),
    QRT_FN_AS(__quantum__rt__double_record_output, "void (double)", double_record_unlabeled),
    QRT_FN_AS(__quantum__rt__tuple_record_output, "void (i64)", tuple_record_unlabeled),
    QRT_FN_AS(__quantum__rt__array_record_output, "void (i64)", array_record_unlabeled),
});

#undef QRT_FN
#undef QRT_FN_AS

}  // namespace

namespace qrt::capi {

std::span<const ProgramFunction> program_functions() noexcept { return kFunctions; }

}  // namespace qrt::capi
