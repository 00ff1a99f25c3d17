// QIR strings: immutable UTF-8 text, reference counted; conversions to text as qir-runner spells them.
#include "capi/runtime_objects_api.hpp"
#include "capi/value_format.hpp"

using qrt::Error;
using qrt::ErrorCode;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace qrt::capi {

QirString* new_string(ThreadContext& ctx, std::string text) {
  auto string = std::make_unique<QirString>();
  string->text = std::move(text);
  return ctx.objects.strings.add(std::move(string));
}

QirString& string_at(ThreadContext& ctx, QirString* handle) { return ctx.objects.strings.at(handle, "string"); }

}  // namespace qrt::capi

namespace {

template <class Make>
QirString* make_string(const char* function, Make&& make) {
  return guarded(function, static_cast<QirString*>(nullptr),
                 [&] { return new_string(qrt::context::this_thread(), make()); });
}

}  // namespace

extern "C" {

QirString* __quantum__rt__string_create(const char* utf8) {
  return make_string(__func__, [&] {
    if (!utf8) throw Error(ErrorCode::InvalidArgument, "NULL text");
    return std::string(utf8);
  });
}

const char* __quantum__rt__string_get_data(QirString* handle) {
  return guarded(__func__, static_cast<const char*>(nullptr),
                 [&] { return string_at(qrt::context::this_thread(), handle).text.c_str(); });
}

int32_t __quantum__rt__string_get_length(QirString* handle) {
  return guarded(__func__, int32_t{0},
                 [&] { return static_cast<int32_t>(string_at(qrt::context::this_thread(), handle).text.size()); });
}

QirString* __quantum__rt__string_concatenate(QirString* a, QirString* b) {
  return make_string(__func__, [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    return string_at(ctx, a).text + string_at(ctx, b).text;
  });
}

bool __quantum__rt__string_equal(QirString* a, QirString* b) {
  return guarded(__func__, false, [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    return string_at(ctx, a).text == string_at(ctx, b).text;
  });
}

void __quantum__rt__string_update_reference_count(QirString* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    ThreadContext& ctx = qrt::context::this_thread();
    QirString& string = string_at(ctx, handle);
    string.references += delta;
    if (string.references < 0) throw Error(ErrorCode::FailedPrecondition, "string reference count went below zero");
    if (string.references == 0) ctx.objects.strings.erase(handle);
  });
}

QirString* __quantum__rt__int_to_string(int64_t value) {
  return make_string(__func__, [&] { return std::to_string(value); });
}
QirString* __quantum__rt__double_to_string(double value) {
  return make_string(__func__, [&] { return format_double(value); });
}
QirString* __quantum__rt__bool_to_string(bool value) {
  return make_string(__func__, [&] { return std::string(value ? "true" : "false"); });
}

QirString* __quantum__rt__result_to_string(RESULT* result) {
  return make_string(__func__,
                     [&] { return std::string(read_result(qrt::context::this_thread(), result) ? "One" : "Zero"); });
}

QirString* __quantum__rt__pauli_to_string(QirPauli pauli) {
  static constexpr const char* kNames[4] = {"PauliI", "PauliX", "PauliZ", "PauliY"};
  return make_string(__func__, [&] { return std::string(kNames[static_cast<std::uint8_t>(pauli) & 3u]); });
}

QirString* __quantum__rt__range_to_string(int64_t start, int64_t step, int64_t end) {
  return make_string(__func__, [&] {
    std::string text = std::to_string(start) + "..";
    if (step != 1) text += std::to_string(step) + "..";
    return text + std::to_string(end);
  });
}

}  // extern "C"
